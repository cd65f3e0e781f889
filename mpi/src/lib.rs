//! twisty on MPI: the few collective operations a partitioned breadth-first search needs, over
//! `MPI_COMM_WORLD`, from a small C layer of our own (`c/twisty_mpi.c`, compiled with `mpicc`).
//! The engine and the bridges never link MPI: only this crate and its program do.
//!
//! MPI is called from the thread that called [`World::init`] only (`MPI_THREAD_FUNNELED`); the
//! builders' worker threads compute between the calls.

use std::ffi::c_int;
use std::fmt;

unsafe extern "C" {
    fn tm_init(rank: *mut c_int, size: *mut c_int, thread_level: *mut c_int) -> c_int;
    fn tm_finalize() -> c_int;
    fn tm_abort(code: c_int) -> c_int;
    fn tm_barrier() -> c_int;
    fn tm_error_string(code: c_int, buf: *mut u8, cap: c_int);
    fn tm_max_error_string() -> c_int;
    fn tm_allreduce_u64(input: *const u64, out: *mut u64, n: c_int, op: c_int) -> c_int;
    fn tm_reduce_scatter_u64(input: *const u64, out: *mut u64, block: c_int) -> c_int;
    fn tm_alltoall_u64(send: *const u64, recv: *mut u64) -> c_int;
    fn tm_alltoallv_bytes(
        send: *const u8,
        send_counts: *const c_int,
        send_displs: *const c_int,
        recv: *mut u8,
        recv_counts: *const c_int,
        recv_displs: *const c_int,
    ) -> c_int;
    fn tm_broadcast_bytes(buf: *mut u8, len: c_int, root: c_int) -> c_int;
    fn tm_send_bytes(buf: *const u8, len: c_int, dest: c_int, tag: c_int) -> c_int;
    fn tm_probe(
        source: c_int,
        tag: c_int,
        wait: c_int,
        flag: *mut c_int,
        from: *mut c_int,
        got_tag: *mut c_int,
        len: *mut c_int,
    ) -> c_int;
    fn tm_recv_bytes(buf: *mut u8, len: c_int, source: c_int, tag: c_int) -> c_int;
}

pub mod batch;

/// An MPI call that failed: its name, code and the implementation's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MpiError {
    pub call: &'static str,
    pub code: i32,
    pub text: String,
}

impl fmt::Display for MpiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MPI {} failed (code {}): {}",
            self.call, self.code, self.text
        )
    }
}

impl std::error::Error for MpiError {}

pub type Result<T> = std::result::Result<T, MpiError>;

fn check(call: &'static str, code: c_int) -> Result<()> {
    if code == 0 {
        return Ok(());
    }
    // SAFETY: plain values in; the buffer is as long as we say.
    let cap = unsafe { tm_max_error_string() }.max(64);
    let mut buf = vec![0u8; cap as usize];
    unsafe { tm_error_string(code, buf.as_mut_ptr(), cap) };
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    Err(MpiError {
        call,
        code,
        text: String::from_utf8_lossy(&buf[..end]).into_owned(),
    })
}

/// Largest payload of one `MPI_Alltoallv` call: its counts and displacements are `int`.
pub const MAX_ROUND_BYTES: usize = i32::MAX as usize;

/// A reduction over ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    Sum = 0,
    Max = 1,
    Min = 2,
}

/// `MPI_COMM_WORLD` of this process: initialized once, finalized when dropped.
pub struct World {
    rank: usize,
    size: usize,
    /// Bytes one rank sends one peer per exchange round (at most [`MAX_ROUND_BYTES`]).
    round_bytes: usize,
    /// Whether a collective operation failed: the ranks may no longer agree on what comes
    /// next, so the job must end with [`World::abort`] rather than a finalize that could wait.
    failed: std::cell::Cell<bool>,
    // MPI must be finalized by the thread that initialized it.
    _not_send: std::marker::PhantomData<*const ()>,
}

impl World {
    /// Initializes MPI (or joins an initialized one) on this thread.
    pub fn init() -> Result<World> {
        let (mut rank, mut size, mut level) = (0, 0, 0);
        // SAFETY: out-pointers to locals.
        check("MPI_Init_thread", unsafe {
            tm_init(&mut rank, &mut size, &mut level)
        })?;
        Ok(World {
            rank: rank as usize,
            size: size as usize,
            round_bytes: 256 << 20,
            failed: std::cell::Cell::new(false),
            _not_send: std::marker::PhantomData,
        })
    }

    pub fn rank(&self) -> usize {
        self.rank
    }

    /// Whether an MPI call of this world failed (then end the job with [`World::abort`]).
    pub fn failed(&self) -> bool {
        self.failed.get()
    }

    /// `r`, noting a failure.
    fn noted<T>(&self, r: Result<T>) -> Result<T> {
        if r.is_err() {
            self.failed.set(true);
        }
        r
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Sets how many bytes a rank sends one peer per exchange round (1..=[`MAX_ROUND_BYTES`] /
    /// ranks, so that a round's whole buffer stays within `int` offsets): smaller rounds bound
    /// the memory of an exchange.
    pub fn set_round_bytes(&mut self, bytes: usize) {
        self.round_bytes = bytes.clamp(1, (MAX_ROUND_BYTES / self.size).max(1));
    }

    pub fn round_bytes(&self) -> usize {
        self.round_bytes
    }

    pub fn barrier(&self) -> Result<()> {
        // SAFETY: no arguments.
        check("MPI_Barrier", unsafe { tm_barrier() })
    }

    /// The element-wise reduction of `values` over every rank (every rank gets it).
    pub fn all_reduce(&self, values: &[u64], op: Reduce) -> Result<Vec<u64>> {
        let mut out = vec![0u64; values.len()];
        for (i, o) in values.chunks(1 << 28).zip(out.chunks_mut(1 << 28)) {
            // SAFETY: both slices hold `len` values.
            check("MPI_Allreduce", unsafe {
                tm_allreduce_u64(i.as_ptr(), o.as_mut_ptr(), i.len() as c_int, op as c_int)
            })?;
        }
        Ok(out)
    }

    /// `values` holds one block per rank (`size * block` values); each rank gets the sum over
    /// ranks of its own block.
    pub fn reduce_scatter(&self, values: &[u64]) -> Result<Vec<u64>> {
        assert_eq!(values.len() % self.size, 0, "one block per rank");
        let block = values.len() / self.size;
        let mut out = vec![0u64; block];
        // SAFETY: `values` holds size * block values, `out` block.
        let rc =
            unsafe { tm_reduce_scatter_u64(values.as_ptr(), out.as_mut_ptr(), block as c_int) };
        check("MPI_Reduce_scatter_block", rc).map(|()| out)
    }

    /// Rank `root`'s `bytes` on every rank (their lengths must agree).
    pub fn broadcast(&self, root: usize, bytes: &mut [u8]) -> Result<()> {
        for c in bytes.chunks_mut(MAX_ROUND_BYTES) {
            // SAFETY: the chunk is valid for its length.
            check("MPI_Bcast", unsafe {
                tm_broadcast_bytes(c.as_mut_ptr(), c.len() as c_int, root as c_int)
            })?;
        }
        Ok(())
    }

    /// Sends `outgoing[peer]` to each peer and returns what each peer sent this rank
    /// (`incoming[peer]`), in rounds of at most [`World::round_bytes`] per pair, so any size
    /// crosses despite MPI's `int` counts. Every rank must call it together.
    pub fn exchange(&self, outgoing: &[Vec<u8>]) -> Result<Vec<Vec<u8>>> {
        let n = self.size;
        assert_eq!(outgoing.len(), n, "one buffer per rank");
        let lens: Vec<u64> = outgoing.iter().map(|b| b.len() as u64).collect();
        let mut incoming_lens = vec![0u64; n];
        // SAFETY: both hold one value per rank.
        check("MPI_Alltoall", unsafe {
            tm_alltoall_u64(lens.as_ptr(), incoming_lens.as_mut_ptr())
        })?;
        let mut incoming: Vec<Vec<u8>> = incoming_lens
            .iter()
            .map(|&l| Vec::with_capacity(l as usize))
            .collect();
        let chunk = self.round_bytes as u64;
        let most = lens
            .iter()
            .chain(&incoming_lens)
            .copied()
            .max()
            .unwrap_or(0);
        let rounds = self.all_reduce(&[most.div_ceil(chunk)], Reduce::Max)?[0];
        // Two real allocations: empty vectors share one dangling address, and MPI refuses a
        // send buffer that is the receive buffer (MPI_ERR_ARG) when a rank has nothing to move.
        let (mut send, mut recv): (Vec<u8>, Vec<u8>) =
            (Vec::with_capacity(1), Vec::with_capacity(1));
        for round in 0..rounds {
            let part = |len: u64| {
                let start = (round * chunk).min(len);
                (start, (len - start).min(chunk))
            };
            send.clear();
            let (mut scounts, mut sdispls) = (Vec::with_capacity(n), Vec::with_capacity(n));
            for b in outgoing {
                let (start, len) = part(b.len() as u64);
                sdispls.push(send.len() as c_int);
                scounts.push(len as c_int);
                send.extend_from_slice(&b[start as usize..(start + len) as usize]);
            }
            let (mut rcounts, mut rdispls, mut total) =
                (Vec::with_capacity(n), Vec::with_capacity(n), 0);
            for &l in &incoming_lens {
                let (_, len) = part(l);
                rdispls.push(total as c_int);
                rcounts.push(len as c_int);
                total += len as usize;
            }
            recv.resize(total, 0);
            // SAFETY: counts and displacements describe the two buffers.
            check("MPI_Alltoallv", unsafe {
                tm_alltoallv_bytes(
                    send.as_ptr(),
                    scounts.as_ptr(),
                    sdispls.as_ptr(),
                    recv.as_mut_ptr(),
                    rcounts.as_ptr(),
                    rdispls.as_ptr(),
                )
            })?;
            for (peer, inc) in incoming.iter_mut().enumerate() {
                let d = rdispls[peer] as usize;
                inc.extend_from_slice(&recv[d..d + rcounts[peer] as usize]);
            }
        }
        Ok(incoming)
    }

    /// Ends every rank's job at once (a rank that cannot go on, so the others do not wait for
    /// it forever).
    pub fn abort(&self, code: i32) -> ! {
        // SAFETY: no pointers.
        unsafe { tm_abort(code) };
        std::process::exit(code)
    }
}

impl Drop for World {
    fn drop(&mut self) {
        // SAFETY: no arguments; a second finalize is skipped by the C layer.
        let rc = unsafe { tm_finalize() };
        if rc != 0 {
            log::warn!("{}", check("MPI_Finalize", rc).unwrap_err());
        }
    }
}

/// A point-to-point message: who sent it, its tag and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub source: usize,
    pub tag: u16,
    pub bytes: Vec<u8>,
}

/// Point-to-point messages (batch solving's work sharing). Tags are small numbers (MPI
/// guarantees at least 0..=32767); one message holds at most [`MAX_ROUND_BYTES`] bytes.
impl World {
    /// Sends `bytes` to rank `dest` with `tag` (returns once the buffer may be reused).
    pub fn send(&self, dest: usize, tag: u16, bytes: &[u8]) -> Result<()> {
        let len = c_int::try_from(bytes.len()).map_err(|_| MpiError {
            call: "MPI_Send",
            code: -1,
            text: format!("a message of {} bytes is over MPI's int count", bytes.len()),
        })?;
        // SAFETY: the buffer is valid for `len` bytes.
        let rc = unsafe { tm_send_bytes(bytes.as_ptr(), len, dest as c_int, tag as c_int) };
        self.noted(check("MPI_Send", rc))
    }

    /// The next message from `source` (any rank when `None`), waiting for one.
    pub fn receive(&self, source: Option<usize>) -> Result<Message> {
        Ok(self
            .probe_and_receive(source, true)?
            .expect("a blocking probe finds a message"))
    }

    /// The next message from any rank when one is waiting, without waiting.
    pub fn try_receive(&self) -> Result<Option<Message>> {
        self.probe_and_receive(None, false)
    }

    fn probe_and_receive(&self, source: Option<usize>, wait: bool) -> Result<Option<Message>> {
        let (mut flag, mut from, mut tag, mut len) = (0, 0, 0, 0);
        let src = source.map_or(-1, |s| s as c_int);
        // SAFETY: out-pointers to locals.
        let rc = unsafe {
            tm_probe(
                src,
                -1,
                wait as c_int,
                &mut flag,
                &mut from,
                &mut tag,
                &mut len,
            )
        };
        self.noted(check("MPI_Probe", rc))?;
        if flag == 0 {
            return Ok(None);
        }
        // The probed message is the next one from that rank with that tag (MPI keeps each
        // sender's order, and only this thread receives).
        let mut bytes = vec![0u8; len.max(0) as usize];
        // SAFETY: the buffer holds the `len` bytes the probe announced.
        let rc = unsafe { tm_recv_bytes(bytes.as_mut_ptr(), len, from, tag) };
        self.noted(check("MPI_Recv", rc))?;
        Ok(Some(Message {
            source: from as usize,
            tag: tag as u16,
            bytes,
        }))
    }
}

/// An MPI failure as the engine's error (a `database` error: the build cannot go on).
fn engine_error(e: MpiError) -> twisty::Error {
    twisty::Error::new(twisty::ErrorKind::Database, e.to_string())
}

/// The partitioned search's collective operations over MPI: successor batches cross as
/// little-endian words, in rounds ([`World::exchange`]).
impl twisty::bfs::Transport for World {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.size
    }
    fn exchange(&mut self, outgoing: Vec<Vec<u64>>) -> twisty::Result<Vec<Vec<u64>>> {
        let bytes: Vec<Vec<u8>> = outgoing
            .iter()
            .map(|words| words.iter().flat_map(|w| w.to_le_bytes()).collect())
            .collect();
        drop(outgoing);
        let incoming = self
            .noted(World::exchange(self, &bytes))
            .map_err(engine_error)?;
        Ok(incoming
            .iter()
            .map(|b| {
                b.chunks_exact(8)
                    .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
                    .collect()
            })
            .collect())
    }
    fn sum(&mut self, values: &[u64]) -> twisty::Result<Vec<u64>> {
        self.noted(self.all_reduce(values, Reduce::Sum))
            .map_err(engine_error)
    }
    fn max(&mut self, value: u64) -> twisty::Result<u64> {
        Ok(self
            .noted(self.all_reduce(&[value], Reduce::Max))
            .map_err(engine_error)?[0])
    }
    fn broadcast(&mut self, root: usize, words: &mut [u64]) -> twisty::Result<()> {
        // Native byte order: the ranks of one job run one build of the program, on machines of
        // one architecture.
        // SAFETY: the bytes of the words, for their length; u8 has no alignment.
        let bytes = unsafe {
            std::slice::from_raw_parts_mut(words.as_mut_ptr() as *mut u8, words.len() * 8)
        };
        self.noted(World::broadcast(self, root, bytes))
            .map_err(engine_error)
    }
}
