/* The few MPI calls twisty's distributed builder needs, as plain C functions over MPI_COMM_WORLD
 * (no Rust MPI crate is available: this file is compiled with mpicc by build.rs). Every function
 * returns an MPI error code (MPI_SUCCESS = 0): the communicator's error handler is set to return
 * errors instead of aborting, so the Rust side turns them into twisty errors. Counts and
 * displacements are int in MPI 3: the Rust side splits large exchanges into rounds. */
#include <mpi.h>
#include <stdint.h>
#include <string.h>

int tm_init(int *rank, int *size, int *thread_level) {
    int initialized = 0;
    int rc = MPI_Initialized(&initialized);
    if (rc != MPI_SUCCESS) return rc;
    if (!initialized) {
        /* Only the main thread calls MPI; worker threads only compute. */
        rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, thread_level);
        if (rc != MPI_SUCCESS) return rc;
    } else {
        MPI_Query_thread(thread_level);
    }
    rc = MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rc != MPI_SUCCESS) return rc;
    rc = MPI_Comm_rank(MPI_COMM_WORLD, rank);
    if (rc != MPI_SUCCESS) return rc;
    return MPI_Comm_size(MPI_COMM_WORLD, size);
}

int tm_finalize(void) {
    int finalized = 0;
    MPI_Finalized(&finalized);
    return finalized ? MPI_SUCCESS : MPI_Finalize();
}

int tm_abort(int code) { return MPI_Abort(MPI_COMM_WORLD, code); }

int tm_barrier(void) { return MPI_Barrier(MPI_COMM_WORLD); }

/* The text of an MPI error code, NUL-terminated in buf (at least MPI_MAX_ERROR_STRING bytes). */
void tm_error_string(int code, char *buf, int cap) {
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(code, text, &len) != MPI_SUCCESS) len = 0;
    if (len >= cap) len = cap - 1;
    memcpy(buf, text, (size_t)len);
    buf[len] = 0;
}

int tm_max_error_string(void) { return MPI_MAX_ERROR_STRING; }

/* op: 0 = sum, 1 = max, 2 = min. */
static MPI_Op op_of(int op) { return op == 1 ? MPI_MAX : op == 2 ? MPI_MIN : MPI_SUM; }

int tm_allreduce_u64(const uint64_t *in, uint64_t *out, int n, int op) {
    return MPI_Allreduce(in, out, n, MPI_UINT64_T, op_of(op), MPI_COMM_WORLD);
}

/* Each rank gets the sum over ranks of its own block of `block` values (in holds size * block). */
int tm_reduce_scatter_u64(const uint64_t *in, uint64_t *out, int block) {
    return MPI_Reduce_scatter_block(in, out, block, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
}

/* One value per peer, to every peer. */
int tm_alltoall_u64(const uint64_t *send, uint64_t *recv) {
    return MPI_Alltoall(send, 1, MPI_UINT64_T, recv, 1, MPI_UINT64_T, MPI_COMM_WORLD);
}

int tm_alltoallv_bytes(const void *send, const int *send_counts, const int *send_displs, void *recv,
                       const int *recv_counts, const int *recv_displs) {
    return MPI_Alltoallv(send, send_counts, send_displs, MPI_BYTE, recv, recv_counts, recv_displs,
                         MPI_BYTE, MPI_COMM_WORLD);
}

/* Rank root's bytes to every rank. */
int tm_broadcast_bytes(void *buf, int len, int root) {
    return MPI_Bcast(buf, len, MPI_BYTE, root, MPI_COMM_WORLD);
}

/* Point-to-point messages (batch solving's work sharing): bytes with a tag, from one rank to
 * another. A source or tag of -1 matches any (MPI_ANY_SOURCE, MPI_ANY_TAG). */
int tm_send_bytes(const void *buf, int len, int dest, int tag) {
    return MPI_Send(buf, len, MPI_BYTE, dest, tag, MPI_COMM_WORLD);
}

/* Whether a message is waiting (*flag), and if so its source, tag and length in bytes; with
 * `wait`, blocks until one is. */
int tm_probe(int source, int tag, int wait, int *flag, int *from, int *got_tag, int *len) {
    MPI_Status st;
    int rc;
    int s = source < 0 ? MPI_ANY_SOURCE : source, t = tag < 0 ? MPI_ANY_TAG : tag;
    if (wait) {
        *flag = 1;
        rc = MPI_Probe(s, t, MPI_COMM_WORLD, &st);
    } else {
        rc = MPI_Iprobe(s, t, MPI_COMM_WORLD, flag, &st);
    }
    if (rc != MPI_SUCCESS || !*flag) return rc;
    *from = st.MPI_SOURCE;
    *got_tag = st.MPI_TAG;
    return MPI_Get_count(&st, MPI_BYTE, len);
}

int tm_recv_bytes(void *buf, int len, int source, int tag) {
    return MPI_Recv(buf, len, MPI_BYTE, source, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
