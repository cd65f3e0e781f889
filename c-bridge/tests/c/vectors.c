/*
 * Replays every row of the tests/vectors/ files (*.tsv) through the C API, as core/tests/vectors.rs does
 * through twisty::api and the Java and .NET suites through theirs (format: tests/vectors/README.md),
 * except host_arguments.tsv, whose values C's unsigned parameter types cannot express.
 *
 * C has NULL, so rows with a \N argument are replayed too, like Java and .NET. $DB stands for
 * the vector database directory in arguments and expectations, and is written back as $DB in
 * the transcript ($TWISTY_TRANSCRIPT_DIR/c.txt, one "file:line<TAB>result" line per row), which
 * `make cross-test` compares with the other runtimes'. As in Java and .NET, state and cube
 * arguments are read with the parse function first, and each database or table file is opened
 * once and shared by every row that names it.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "portable.h"

/* ---- Text -------------------------------------------------------------------------------- */

/* A growing string. */
typedef struct {
    char *data;
    size_t len, cap;
} text_t;

static void text_add(text_t *t, char const *s, size_t n) {
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->data = realloc(t->data, t->cap);
        if (!t->data) abort();
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

static void text_puts(text_t *t, char const *s) { text_add(t, s, strlen(s)); }

__attribute__((format(printf, 2, 3))) static void text_printf(text_t *t, char const *format, ...) {
    char small[512];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(small, sizeof small, format, args);
    va_end(args);
    if (n < 0) abort();
    if ((size_t)n < sizeof small) {
        text_add(t, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) abort();
    va_start(args, format);
    vsnprintf(big, (size_t)n + 1, format, args);
    va_end(args);
    text_add(t, big, (size_t)n);
    free(big);
}

static void text_clear(text_t *t) {
    t->len = 0;
    if (t->data) t->data[0] = '\0';
}

/* `s` with every `from` replaced by `to`, appended to `t`. */
static void text_replacing(text_t *t, char const *s, char const *from, char const *to) {
    size_t n = strlen(from);
    for (char const *hit; (hit = strstr(s, from)) != NULL; s = hit + n) {
        text_add(t, s, (size_t)(hit - s));
        text_puts(t, to);
    }
    text_puts(t, s);
}

/* A row the replayer cannot read is a bug in the row or here, not an outcome: stop. */
__attribute__((noreturn, format(printf, 1, 2))) static void malformed(char const *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("vectors: malformed row: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(2);
}

/* ---- Outcomes ---------------------------------------------------------------------------- */

static char const *const KINDS[] = {"ok",       "invalid_notation", "invalid_state",
                                    "illegal_move", "database",     "cancelled",
                                    "invalid_argument", "null_argument", "closed", "panic"};

/* Writes err:<kind>:<code>:<message> from the last error when `status` is a failure. A parse
 * error's position must agree with the "at position N:" its message names. */
static bool failed(int32_t status, text_t *out) {
    if (status == TWISTY_STATUS_OK) return false;
    char const *kind = status > 0 && status <= TWISTY_STATUS_PANIC ? KINDS[status] : "unknown";
    char const *message = twisty_last_error_message();
    text_printf(out, "err:%s:%d:%s", kind, (int)status, message);
    long long named;
    if (twisty_last_error_code() != status) {
        text_printf(out, " [last error code %d]", (int)twisty_last_error_code());
    } else if (status == TWISTY_STATUS_INVALID_NOTATION &&
               sscanf(message, "at position %lld:", &named) == 1 &&
               named != (long long)twisty_last_error_position()) {
        text_printf(out, " [position %lld]", (long long)twisty_last_error_position());
    }
    return true;
}

/* A host-made error (an operation the C API leaves to its caller). */
__attribute__((format(printf, 4, 5))) static void host_error(text_t *out, char const *kind, int code,
                                                             char const *format, ...) {
    char message[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    text_printf(out, "err:%s:%d:%s", kind, code, message);
}

/* ok:<string>, and frees the library's string. */
static void ok_string(text_t *out, char *s) {
    text_puts(out, "ok:");
    text_puts(out, s);
    twisty_string_free(s);
}

static void ok_bool(text_t *out, bool b) { text_puts(out, b ? "ok:true" : "ok:false"); }

static void ok_u64(text_t *out, uint64_t n) { text_printf(out, "ok:%" PRIu64, n); }

static void append_u128(text_t *out, twisty_u128_t v) {
    unsigned __int128 n = ((unsigned __int128)v.high << 64) | v.low;
    char digits[40];
    int i = (int)sizeof digits;
    digits[--i] = '\0';
    do {
        digits[--i] = (char)('0' + (int)(n % 10));
        n /= 10;
    } while (n);
    text_puts(out, digits + i);
}

/* ---- Arguments --------------------------------------------------------------------------- */

static uint64_t u64_arg(char const *s) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end || errno || *s == '-') malformed("not an unsigned 64-bit number: %s", s);
    return v;
}

static uint32_t u32_arg(char const *s) {
    uint64_t v = u64_arg(s);
    if (v > UINT32_MAX) malformed("not an unsigned 32-bit number: %s", s);
    return (uint32_t)v;
}

static int64_t i64_arg(char const *s) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || errno) malformed("not a 64-bit number: %s", s);
    return v;
}

static int32_t i32_arg(char const *s) {
    int64_t v = i64_arg(s);
    if (v < INT32_MIN || v > INT32_MAX) malformed("not a 32-bit number: %s", s);
    return (int32_t)v;
}

static twisty_u128_t u128_arg(char const *s) {
    unsigned __int128 n = 0;
    if (!*s) malformed("empty 128-bit number");
    for (char const *c = s; *c; c++) {
        if (*c < '0' || *c > '9') malformed("not an unsigned number: %s", s);
        unsigned __int128 next = n * 10 + (unsigned)(*c - '0');
        if (next / 10 != n) malformed("over 128 bits: %s", s);
        n = next;
    }
    return (twisty_u128_t){.high = (uint64_t)(n >> 64), .low = (uint64_t)n};
}

static int32_t name_code(char const *what, char const *name, char const *const *names) {
    for (int32_t i = 0; names[i]; i++) {
        if (strcmp(names[i], name) == 0) return i;
    }
    malformed("unknown %s %s", what, name);
}

static char const *const NOTATIONS[] = {"wca", "article", NULL};
static char const *const COLOURINGS[] = {"six", "silver", NULL};
static char const *const METRICS[] = {"twist", "wca", "face", NULL};
static char const *const VARIANTS[] = {"article", "middle", NULL};
static char const *const SHAPE_COUNTS[] = {"layer", "twistable", "rotation", "rotation_flip", NULL};

#define NOTATION(s) name_code("notation", (s), NOTATIONS)
#define COLOURING(s) name_code("colouring", (s), COLOURINGS)
#define METRIC(s) name_code("metric", (s), METRICS)
#define VARIANT(s) name_code("variant", (s), VARIANTS)

/* A comma-separated list of numbers (an empty field is the empty list, \N is NULL). The array
 * is never NULL for a list, even an empty one: NULL means null to the API. */
typedef struct {
    uint32_t *items;
    size_t len;
} list_t;

static list_t list_arg(char const *field, uint32_t max) {
    list_t l = {NULL, 0};
    if (!field) return l;
    l.items = calloc(strlen(field) + 1, sizeof *l.items);
    if (!l.items) abort();
    char *copy = strdup(field), *save = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        uint64_t v = u64_arg(tok);
        if (v > max) malformed("list element %s is over %u", tok, (unsigned)max);
        l.items[l.len++] = (uint32_t)v;
    }
    free(copy);
    return l;
}

/* The same list as bytes (permutations). */
static uint8_t *bytes_of(list_t l) {
    if (!l.items) return NULL;
    uint8_t *b = malloc(l.len + 1);
    if (!b) abort();
    for (size_t i = 0; i < l.len; i++) b[i] = (uint8_t)l.items[i];
    return b;
}

/* ---- Handles, opened once per path (failures are not kept) -------------------------------- */

#define MAX_OPEN 64

typedef struct {
    char *paths[MAX_OPEN];
    void *handles[MAX_OPEN];
    int count;
} open_files_t;

static open_files_t databases, sq1_solvers, cube3_solvers, cube3_optimals;

/* The handle of `path` in `files`, opening it with `open` the first time. */
static int32_t opened(open_files_t *files, char const *path, void **handle,
                      int32_t (*open)(char const *, void **)) {
    if (path) {
        for (int i = 0; i < files->count; i++) {
            if (strcmp(files->paths[i], path) == 0) {
                *handle = files->handles[i];
                return TWISTY_STATUS_OK;
            }
        }
    }
    int32_t status = open(path, handle); /* a NULL path reaches the API, which refuses it */
    if (status == TWISTY_STATUS_OK) {
        if (files->count == MAX_OPEN) abort();
        files->paths[files->count] = strdup(path);
        files->handles[files->count++] = *handle;
    }
    return status;
}

static int32_t open_database(char const *path, void **h) {
    return twisty_sq1_database_open(path, (twisty_sq1_database_t **)h);
}
static int32_t open_sq1_solver(char const *path, void **h) {
    return twisty_sq1_solver_open_existing(path, (twisty_sq1_solver_t **)h);
}
static int32_t open_cube3_solver(char const *path, void **h) {
    return twisty_cube3_solver_open_existing(path, (twisty_cube3_solver_t **)h);
}

/* The rows' table files are h0 (size 0). */
static int32_t open_cube3_optimal(char const *path, void **h) {
    return twisty_cube3_optimal_open_existing(path, 0, (twisty_cube3_optimal_t **)h);
}

static int32_t database_at(char const *path, twisty_sq1_database_t **db) {
    void *h = NULL;
    int32_t status = opened(&databases, path, &h, open_database);
    *db = h;
    return status;
}

static int32_t sq1_solver_at(char const *path, twisty_sq1_solver_t **solver) {
    void *h = NULL;
    int32_t status = opened(&sq1_solvers, path, &h, open_sq1_solver);
    *solver = h;
    return status;
}

static int32_t cube3_solver_at(char const *path, twisty_cube3_solver_t **solver) {
    void *h = NULL;
    int32_t status = opened(&cube3_solvers, path, &h, open_cube3_solver);
    *solver = h;
    return status;
}

static int32_t cube3_optimal_at(char const *path, twisty_cube3_optimal_t **solver) {
    void *h = NULL;
    int32_t status = opened(&cube3_optimals, path, &h, open_cube3_optimal);
    *solver = h;
    return status;
}

/* The cube3_optimal_solve rows share the solver of $DB/cube3-optimal-h0.tbl. */
static int32_t shared_cube3_optimal(twisty_cube3_optimal_t **solver) {
    char *path = path_of(db_dir, "cube3-optimal-h0.tbl");
    int32_t status = cube3_optimal_at(path, solver);
    free(path);
    return status;
}

/* The cube3_solve rows share the solver of $DB/cube3-twophase.tbl. */
static int32_t shared_cube3_solver(twisty_cube3_solver_t **solver) {
    char *path = path_of(db_dir, "cube3-twophase.tbl");
    int32_t status = cube3_solver_at(path, solver);
    free(path);
    return status;
}

/* The cube3_step_solve rows share one step solver on $DB/steps (each family's table file built
 * there on first use, by whichever runtime replays first). */
static twisty_cube3_steps_t *steps_solver;

static int32_t shared_steps(twisty_cube3_steps_t **solver) {
    int32_t status = TWISTY_STATUS_OK;
    if (!steps_solver) {
        char *folder = path_of(db_dir, "steps");
        status = twisty_cube3_steps_open(folder, &steps_solver);
        free(folder);
    }
    *solver = steps_solver;
    return status;
}

static twisty_sq1_tables_t *shared_tables(void) {
    static twisty_sq1_tables_t *tables;
    if (!tables && twisty_sq1_tables_new(&tables) != TWISTY_STATUS_OK) abort();
    return tables;
}

static void close_all(void) {
    for (int i = 0; i < databases.count; i++) {
        twisty_sq1_database_free((twisty_sq1_database_t **)&databases.handles[i]);
        free(databases.paths[i]);
    }
    for (int i = 0; i < sq1_solvers.count; i++) {
        twisty_sq1_solver_free((twisty_sq1_solver_t **)&sq1_solvers.handles[i]);
        free(sq1_solvers.paths[i]);
    }
    for (int i = 0; i < cube3_solvers.count; i++) {
        twisty_cube3_solver_free((twisty_cube3_solver_t **)&cube3_solvers.handles[i]);
        free(cube3_solvers.paths[i]);
    }
    for (int i = 0; i < cube3_optimals.count; i++) {
        twisty_cube3_optimal_free((twisty_cube3_optimal_t **)&cube3_optimals.handles[i]);
        free(cube3_optimals.paths[i]);
    }
    databases.count = sq1_solvers.count = cube3_solvers.count = cube3_optimals.count = 0;
    twisty_cube3_steps_free(&steps_solver);
    twisty_sq1_tables_t *tables = shared_tables();
    twisty_sq1_tables_free(&tables);
}

/* ---- The ops (tests/vectors/README.md) --------------------------------------------------- */

typedef char const *const args_t[];

/* State and cube arguments are read with the parse function first, as in Java and .NET. */
#define PARSED_STATE(name, text)                                                               \
    char *name = NULL;                                                                         \
    if (failed(twisty_sq1_parse_state((text), &name), out)) return
#define PARSED_CUBE(name, text)                                                                \
    char *name = NULL;                                                                         \
    if (failed(twisty_cube3_parse((text), &name), out)) return

static void op_solved(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_sq1_solved(COLOURING(a[0]), &s), out)) return;
    ok_string(out, s);
}

static void op_parse_state(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_sq1_parse_state(a[0], &s), out)) return;
    ok_string(out, s);
}

static void op_apply(args_t a, text_t *out) {
    PARSED_STATE(state, a[0]);
    char *s;
    if (!failed(twisty_sq1_apply(state, a[2], NOTATION(a[1]), &s), out)) ok_string(out, s);
    twisty_string_free(state);
}

static void op_convert(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_sq1_moves_convert(a[0], NOTATION(a[1]), NOTATION(a[2]), &s), out)) return;
    ok_string(out, s);
}

static void op_inverse(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_sq1_moves_inverse(a[0], NOTATION(a[1]), &s), out)) return;
    ok_string(out, s);
}

static void op_is_solved(args_t a, text_t *out) {
    PARSED_STATE(state, a[0]);
    bool b;
    if (!failed(twisty_sq1_is_solved(state, strcmp(a[1], "true") == 0, &b), out)) ok_bool(out, b);
    twisty_string_free(state);
}

/* The ops of one state argument and a bool, text or number result. */
#define STATE_QUERY(op, call, type, ok)                                                        \
    static void op(args_t a, text_t *out) {                                                    \
        PARSED_STATE(state, a[0]);                                                             \
        type r;                                                                                \
        if (!failed(call(state, &r), out)) ok(out, r);                                         \
        twisty_string_free(state);                                                             \
    }
STATE_QUERY(op_is_twistable, twisty_sq1_is_twistable, bool, ok_bool)
STATE_QUERY(op_middle_is_square, twisty_sq1_middle_is_square, bool, ok_bool)
STATE_QUERY(op_shape_name, twisty_sq1_shape_name, char *, ok_string)
STATE_QUERY(op_shape_index, twisty_sq1_shape_index, uint32_t, ok_u64)
STATE_QUERY(op_to_silver, twisty_sq1_to_silver, char *, ok_string)

static void op_colouring(args_t a, text_t *out) {
    PARSED_STATE(state, a[0]);
    int32_t c;
    if (!failed(twisty_sq1_colouring(state, &c), out)) text_printf(out, "ok:%s", COLOURINGS[c]);
    twisty_string_free(state);
}

static void op_equal_up_to_layer_rotation(args_t a, text_t *out) {
    PARSED_STATE(x, a[0]);
    char *y = NULL;
    bool b;
    if (!failed(twisty_sq1_parse_state(a[1], &y), out) &&
        !failed(twisty_sq1_equal_up_to_layer_rotation(x, y, &b), out))
        ok_bool(out, b);
    twisty_string_free(x);
    twisty_string_free(y);
}

static void op_random_state(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_sq1_tables_random_state(shared_tables(), u64_arg(a[0]), COLOURING(a[1]), &s), out))
        return;
    ok_string(out, s);
}

static void op_count_shapes(args_t a, text_t *out) {
    uint64_t n;
    if (failed(twisty_sq1_tables_count_shapes(shared_tables(),
                                              name_code("shape count", a[0], SHAPE_COUNTS), &n),
               out))
        return;
    ok_u64(out, n);
}

static void op_twists_to_cube_shape(args_t a, text_t *out) {
    PARSED_STATE(state, a[0]);
    uint32_t n;
    if (!failed(twisty_sq1_tables_twists_to_cube_shape(shared_tables(), state, &n), out)) ok_u64(out, n);
    twisty_string_free(state);
}

static void op_debug_panic(args_t a, text_t *out) {
    if (failed(twisty_debug_panic(a[0]), out)) return;
    text_puts(out, "ok:(returned)");
}

static void op_rank_count(args_t a, text_t *out) {
    list_t counts = list_arg(a[0], UINT32_MAX);
    twisty_u128_t n;
    if (!failed(twisty_rank_count(counts.items, counts.len, &n), out)) {
        text_puts(out, "ok:");
        append_u128(out, n);
    }
    free(counts.items);
}

static void op_rank(args_t a, text_t *out) {
    list_t counts = list_arg(a[0], UINT32_MAX), perm = list_arg(a[1], UINT8_MAX);
    uint8_t *symbols = bytes_of(perm);
    twisty_u128_t r;
    if (!failed(twisty_rank_rank(counts.items, counts.len, symbols, perm.len, &r), out)) {
        text_puts(out, "ok:");
        append_u128(out, r);
    }
    free(counts.items);
    free(perm.items);
    free(symbols);
}

static void op_unrank(args_t a, text_t *out) {
    list_t counts = list_arg(a[0], UINT32_MAX);
    slice_boxed_uint8_t perm;
    if (!failed(twisty_rank_unrank(counts.items, counts.len, u128_arg(a[1]), &perm), out)) {
        text_puts(out, "ok:");
        for (size_t i = 0; i < perm.len; i++) text_printf(out, i ? ",%u" : "%u", (unsigned)perm.ptr[i]);
        twisty_u8_array_free(&perm);
    }
    free(counts.items);
}

static void op_db_open(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    int32_t v;
    if (failed(database_at(a[0], &db), out) || failed(twisty_sq1_database_variant(db, &v), out)) return;
    text_printf(out, "ok:%s", VARIANTS[v]);
}

/* Rust's Database::open_variant; C has open and variant, the comparison is the caller's (as in
 * Java and .NET), with the engine's message word for word. */
static void op_db_open_variant(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    int32_t held, wanted = VARIANT(a[1]);
    if (failed(database_at(a[0], &db), out) || failed(twisty_sq1_database_variant(db, &held), out)) return;
    if (held != wanted) {
        host_error(out, "database", TWISTY_STATUS_DATABASE, "%s: holds the %s variant, %s was asked for",
                   a[0], VARIANTS[held], VARIANTS[wanted]);
        return;
    }
    text_printf(out, "ok:%s", VARIANTS[held]);
}

static void op_db_level_counts(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    slice_boxed_uint64_t counts;
    if (failed(database_at(a[0], &db), out) || failed(twisty_sq1_database_level_counts(db, &counts), out))
        return;
    text_puts(out, "ok:");
    for (size_t i = 0; i < counts.len; i++) text_printf(out, i ? ",%" PRIu64 : "%" PRIu64, counts.ptr[i]);
    twisty_u64_array_free(&counts);
}

static void op_db_is_full(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    bool full;
    if (failed(database_at(a[0], &db), out) || failed(twisty_sq1_database_is_full(db, &full), out)) return;
    ok_bool(out, full);
}

static void op_db_verify(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    if (failed(database_at(a[0], &db), out) || failed(twisty_sq1_database_verify(db), out)) return;
    text_puts(out, "ok:");
}

static void op_db_distance(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    if (failed(database_at(a[0], &db), out)) return;
    PARSED_STATE(state, a[1]);
    uint32_t d;
    if (!failed(twisty_sq1_database_distance(db, state, &d), out)) ok_u64(out, d);
    twisty_string_free(state);
}

static void op_db_solve(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    if (failed(database_at(a[0], &db), out)) return;
    PARSED_STATE(state, a[1]);
    twisty_sq1_database_solution_t s;
    if (!failed(twisty_sq1_database_solve(db, state, &s), out)) {
        text_printf(out, "ok:%s|%s|%u|%s", s.wca, s.article, (unsigned)s.twists, s.flipped ? "true" : "false");
        twisty_sq1_database_solution_free(&s);
    }
    twisty_string_free(state);
}

static void op_db_solutions(args_t a, text_t *out) {
    twisty_sq1_database_t *db;
    if (failed(database_at(a[0], &db), out)) return;
    PARSED_STATE(state, a[1]);
    twisty_sq1_solutions_t *it = NULL;
    if (!failed(twisty_sq1_database_solutions(db, state, u64_arg(a[2]), &it), out)) {
        text_t joined = {0};
        text_puts(&joined, "");
        bool found = true;
        twisty_sq1_database_solution_t s;
        for (int n = 0;; n++) {
            if (failed(twisty_sq1_solutions_next(it, &found, &s), out)) break;
            if (!found) {
                text_printf(out, "ok:%s", joined.data);
                break;
            }
            text_printf(&joined, n ? ";%s" : "%s", s.wca);
            twisty_sq1_database_solution_free(&s);
        }
        free(joined.data);
        twisty_sq1_solutions_free(&it);
    }
    twisty_string_free(state);
}

static void op_db_build(args_t a, text_t *out) {
    if (failed(twisty_sq1_database_build(a[0], VARIANT(a[1]), u32_arg(a[2]), u32_arg(a[3]), NULL, NULL, NULL),
               out))
        return;
    text_puts(out, "ok:");
}

static void op_solver_open(args_t a, text_t *out) {
    twisty_sq1_solver_t *solver;
    if (failed(sq1_solver_at(a[0], &solver), out)) return;
    text_puts(out, "ok:");
}

static void solve_text(text_t *out, twisty_sq1_solver_solution_t *s) {
    text_printf(out, "ok:%s|%u|%u", s->wca, (unsigned)s->length, (unsigned)s->twists);
    twisty_sq1_solver_solution_free(s);
}

static void sq1_solve(args_t a, int64_t timeout_ms, text_t *out) {
    twisty_sq1_solver_t *solver;
    if (failed(sq1_solver_at(a[0], &solver), out)) return;
    PARSED_STATE(state, a[1]);
    twisty_sq1_solver_solution_t s;
    if (!failed(twisty_sq1_solver_solve(solver, state, METRIC(a[2]), timeout_ms, NULL, NULL, NULL, &s), out))
        solve_text(out, &s);
    twisty_string_free(state);
}

static void op_solve(args_t a, text_t *out) { sq1_solve(a, 0, out); }

static void op_solve_timeout(args_t a, text_t *out) { sq1_solve(a, i64_arg(a[3]), out); }

static void sq1_solutions(args_t a, int64_t timeout_ms, text_t *out) {
    twisty_sq1_solver_t *solver;
    if (failed(sq1_solver_at(a[0], &solver), out)) return;
    PARSED_STATE(state, a[1]);
    slice_boxed_twisty_sq1_solver_solution_t all;
    if (!failed(twisty_sq1_solver_solutions(solver, state, METRIC(a[2]), u32_arg(a[3]), timeout_ms, NULL, &all), out)) {
        text_puts(out, "ok:");
        for (size_t i = 0; i < all.len; i++) text_printf(out, i ? ";%s" : "%s", all.ptr[i].wca);
        twisty_sq1_solver_solutions_free(&all);
    }
    twisty_string_free(state);
}

static void op_solutions(args_t a, text_t *out) { sq1_solutions(a, 0, out); }

static void op_solutions_timeout(args_t a, text_t *out) { sq1_solutions(a, i64_arg(a[4]), out); }

static void op_distance(args_t a, text_t *out) {
    twisty_sq1_solver_t *solver;
    if (failed(sq1_solver_at(a[0], &solver), out)) return;
    PARSED_STATE(state, a[1]);
    uint32_t d;
    if (!failed(twisty_sq1_solver_distance(solver, state, METRIC(a[2]), &d), out)) ok_u64(out, d);
    twisty_string_free(state);
}

static void sq1_solve_fast(args_t a, int64_t timeout_ms, text_t *out) {
    twisty_sq1_solver_t *solver;
    if (failed(sq1_solver_at(a[0], &solver), out)) return;
    PARSED_STATE(state, a[1]);
    twisty_sq1_solver_solution_t s;
    if (!failed(twisty_sq1_solver_solve_fast(solver, state, METRIC(a[2]), u32_arg(a[3]), u64_arg(a[4]), timeout_ms,
                                             NULL, &s),
                out))
        solve_text(out, &s);
    twisty_string_free(state);
}

static void op_solve_fast(args_t a, text_t *out) { sq1_solve_fast(a, 0, out); }

static void op_solve_fast_timeout(args_t a, text_t *out) { sq1_solve_fast(a, i64_arg(a[5]), out); }

static void op_scramble(args_t a, text_t *out) {
    twisty_sq1_solver_t *solver;
    twisty_sq1_scramble_t s;
    if (failed(sq1_solver_at(a[0], &solver), out) ||
        failed(twisty_sq1_solver_scramble(solver, u64_arg(a[1]), &s), out))
        return;
    text_printf(out, "ok:%s|%s", s.scramble, s.state);
    twisty_sq1_scramble_free(&s);
}

static void op_moves_length(args_t a, text_t *out) {
    uint32_t n;
    if (failed(twisty_sq1_moves_length(a[0], NOTATION(a[1]), METRIC(a[2]), &n), out)) return;
    ok_u64(out, n);
}

/* README: the text with each newline written as the two characters \n. */
static void ok_escaped(text_t *out, char const *s) {
    text_puts(out, "ok:");
    text_replacing(out, s, "\n", "\\n");
}

static void op_svg(args_t a, text_t *out) {
    PARSED_STATE(state, a[0]);
    char *svg;
    if (!failed(twisty_sq1_svg(state, &svg), out)) {
        ok_escaped(out, svg);
        twisty_string_free(svg);
    }
    twisty_string_free(state);
}

static void op_file_text(args_t a, text_t *out) {
    FILE *f = fopen(a[0], "rb");
    if (!f) malformed("file_text: cannot read %s", a[0]);
    text_t content = {0};
    text_puts(&content, "");
    char chunk[4096];
    for (size_t n; (n = fread(chunk, 1, sizeof chunk, f)) > 0;) text_add(&content, chunk, n);
    fclose(f);
    ok_escaped(out, content.data);
    free(content.data);
}

static void op_cube3_solved(args_t a, text_t *out) {
    (void)a;
    char *s;
    if (failed(twisty_cube3_solved(&s), out)) return;
    ok_string(out, s);
}

static void op_cube3_parse(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_cube3_parse(a[0], &s), out)) return;
    ok_string(out, s);
}

static void op_cube3_apply(args_t a, text_t *out) {
    PARSED_CUBE(cube, a[0]);
    char *s;
    if (!failed(twisty_cube3_apply(cube, a[1], &s), out)) ok_string(out, s);
    twisty_string_free(cube);
}

static void op_cube3_from_moves(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_cube3_from_moves(a[0], &s), out)) return;
    ok_string(out, s);
}

static void op_cube3_inverse(args_t a, text_t *out) {
    PARSED_CUBE(cube, a[0]);
    char *s;
    if (!failed(twisty_cube3_inverse(cube, &s), out)) ok_string(out, s);
    twisty_string_free(cube);
}

static void op_cube3_compose(args_t a, text_t *out) {
    PARSED_CUBE(x, a[0]);
    char *y = NULL, *s;
    if (!failed(twisty_cube3_parse(a[1], &y), out) && !failed(twisty_cube3_compose(x, y, &s), out))
        ok_string(out, s);
    twisty_string_free(x);
    twisty_string_free(y);
}

static void op_cube3_is_solved(args_t a, text_t *out) {
    PARSED_CUBE(cube, a[0]);
    bool b;
    if (!failed(twisty_cube3_is_solved(cube, &b), out)) ok_bool(out, b);
    twisty_string_free(cube);
}

static void op_cube3_svg(args_t a, text_t *out) {
    PARSED_CUBE(cube, a[0]);
    char *svg;
    if (!failed(twisty_cube3_svg(cube, &svg), out)) {
        ok_escaped(out, svg);
        twisty_string_free(svg);
    }
    twisty_string_free(cube);
}

static void op_cube3_random(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_cube3_random(u64_arg(a[0]), &s), out)) return;
    ok_string(out, s);
}

static void op_cube3_moves_canonical(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_cube3_moves_canonical(a[0], &s), out)) return;
    ok_string(out, s);
}

static void op_cube3_moves_inverse(args_t a, text_t *out) {
    char *s;
    if (failed(twisty_cube3_moves_inverse(a[0], &s), out)) return;
    ok_string(out, s);
}

static void op_cube3_solver_open(args_t a, text_t *out) {
    twisty_cube3_solver_t *solver;
    if (failed(cube3_solver_at(a[0], &solver), out)) return;
    text_puts(out, "ok:true");
}

/* The cube is parsed first (its errors come before the solver's), as in Java and .NET. */
static void cube3_solve(args_t a, int64_t timeout_ms, text_t *out) {
    PARSED_CUBE(cube, a[0]);
    twisty_cube3_solver_t *solver;
    char *s;
    if (!failed(shared_cube3_solver(&solver), out) &&
        !failed(twisty_cube3_solver_solve(solver, cube, u32_arg(a[1]), timeout_ms, NULL, &s), out))
        ok_string(out, s);
    twisty_string_free(cube);
}

static void op_cube3_solve(args_t a, text_t *out) { cube3_solve(a, 0, out); }

static void op_cube3_solve_timeout(args_t a, text_t *out) { cube3_solve(a, i64_arg(a[2]), out); }

static void op_cube3_optimal_open(args_t a, text_t *out) {
    twisty_cube3_optimal_t *solver;
    if (failed(cube3_optimal_at(a[0], &solver), out)) return;
    text_puts(out, "ok:true");
}

/* A solver of its own for the file and size, freed again. */
static void op_cube3_optimal_open_size(args_t a, text_t *out) {
    twisty_cube3_optimal_t *solver;
    if (failed(twisty_cube3_optimal_open_existing(a[0], i32_arg(a[1]), &solver), out)) return;
    twisty_cube3_optimal_free(&solver);
    text_puts(out, "ok:true");
}

static void op_cube3_optimal_default_path(args_t a, text_t *out) {
    char *path;
    if (!failed(twisty_cube3_optimal_default_path(i32_arg(a[0]), &path), out)) ok_string(out, path);
}

/* <length>|<solutions joined by ;>; the cube is parsed first, as for cube3_solve. */
static void cube3_optimal_solve(args_t a, int64_t timeout_ms, text_t *out) {
    PARSED_CUBE(cube, a[0]);
    twisty_cube3_optimal_t *solver;
    twisty_cube3_optimal_solutions_t found;
    if (!failed(shared_cube3_optimal(&solver), out) &&
        !failed(twisty_cube3_optimal_solve(solver, cube, i32_arg(a[1]), i32_arg(a[2]), i64_arg(a[3]), i32_arg(a[4]),
                                           timeout_ms, NULL, NULL, NULL, &found),
                out)) {
        text_printf(out, "ok:%u|", (unsigned)found.length);
        for (size_t i = 0; i < found.solutions.len; i++)
            text_printf(out, i ? ";%s" : "%s", found.solutions.ptr[i]);
        twisty_cube3_optimal_solutions_free(&found);
    }
    twisty_string_free(cube);
}

static void op_cube3_optimal_solve(args_t a, text_t *out) { cube3_optimal_solve(a, 0, out); }

/* ---- The 3x3x3 step solvers ------------------------------------------------------------ */

static char const *const NISS_MODES[] = {"normal", "inverse", "linear", "mixed", "all", NULL};
static char const *const VARIATIONS[] = {"unniss", "lastqt", NULL};

/* ok:<count>|<items joined by `separator`>, or just the items; frees the array. */
static void ok_strings(text_t *out, slice_boxed_char_ptr_t *items, bool counted, char const *separator) {
    text_puts(out, "ok:");
    /* not %zu: MinGW checks formats as MSVCRT's printf, which lacks it */
    if (counted) text_printf(out, "%" PRIu64 "|", (uint64_t)items->len);
    for (size_t i = 0; i < items->len; i++) {
        if (i) text_puts(out, separator);
        text_puts(out, items->ptr[i]);
    }
    twisty_string_array_free(items);
}

static void op_cube3_step_names(args_t a, text_t *out) {
    (void)a;
    slice_boxed_char_ptr_t names;
    if (!failed(twisty_cube3_step_names(&names), out)) ok_strings(out, &names, false, ",");
}

static void op_cube3_step_describe(args_t a, text_t *out) {
    char *s;
    if (!failed(twisty_cube3_step_describe(a[0], &s), out)) ok_string(out, s);
}

static void op_cube3_step_position(args_t a, text_t *out) {
    char *s;
    if (!failed(twisty_cube3_step_position(a[0], a[1], &s), out)) ok_string(out, s);
}

/* The cube is parsed first (its errors come before the solver's), as in Java and .NET. */
static void op_cube3_step_solve(args_t a, text_t *out) {
    PARSED_CUBE(cube, a[1]);
    twisty_cube3_steps_t *solver;
    slice_boxed_char_ptr_t found;
    if (!failed(shared_steps(&solver), out) &&
        !failed(twisty_cube3_steps_solve(solver, a[0], cube, name_code("NISS mode", a[2], NISS_MODES), i32_arg(a[3]),
                                         i32_arg(a[4]), i64_arg(a[5]), i32_arg(a[6]), i32_arg(a[7]), 0, NULL, NULL,
                                         NULL, &found),
                out))
        ok_strings(out, &found, true, ";");
    twisty_string_free(cube);
}

/* A step solver of its own on the row's folder, freed again. */
static void op_cube3_step_prepare(args_t a, text_t *out) {
    twisty_cube3_steps_t *solver = NULL;
    if (!failed(twisty_cube3_steps_open(a[0], &solver), out) &&
        !failed(twisty_cube3_steps_prepare(solver, a[1], NULL, NULL, NULL), out))
        text_puts(out, "ok:");
    twisty_cube3_steps_free(&solver);
}

static void op_cube3_moves_count(args_t a, text_t *out) {
    uint32_t n;
    if (!failed(twisty_cube3_moves_count(a[0], &n), out)) ok_u64(out, n);
}

static void op_cube3_moves_same(args_t a, text_t *out) {
    bool same;
    if (!failed(twisty_cube3_moves_same(a[0], a[1], &same), out)) ok_bool(out, same);
}

static void op_cube3_variations(args_t a, text_t *out) {
    slice_boxed_char_ptr_t found;
    if (!failed(twisty_cube3_variations(a[1], name_code("variation", a[0], VARIATIONS), &found), out))
        ok_strings(out, &found, true, ";");
}

static void op_cube3_optimal_solve_timeout(args_t a, text_t *out) { cube3_optimal_solve(a, i64_arg(a[5]), out); }

/* Open-or-build; a solver that opens is freed again. */
static void op_solver_open_or_build(args_t a, text_t *out) {
    twisty_sq1_solver_t *solver;
    if (failed(twisty_sq1_solver_open(a[0], NULL, NULL, NULL, &solver), out)) return;
    twisty_sq1_solver_free(&solver);
    text_puts(out, "ok:");
}

static void op_cube3_solver_open_or_build(args_t a, text_t *out) {
    twisty_cube3_solver_t *solver;
    if (failed(twisty_cube3_solver_open(a[0], NULL, NULL, NULL, &solver), out)) return;
    twisty_cube3_solver_free(&solver);
    text_puts(out, "ok:");
}

typedef struct {
    char const *name;
    int arity;
    void (*run)(args_t a, text_t *out);
} op_t;

static op_t const OPS[] = {
    {"solved", 1, op_solved},
    {"parse_state", 1, op_parse_state},
    {"apply", 3, op_apply},
    {"convert", 3, op_convert},
    {"inverse", 2, op_inverse},
    {"is_solved", 2, op_is_solved},
    {"is_twistable", 1, op_is_twistable},
    {"middle_is_square", 1, op_middle_is_square},
    {"colouring", 1, op_colouring},
    {"shape_name", 1, op_shape_name},
    {"shape_index", 1, op_shape_index},
    {"equal_up_to_layer_rotation", 2, op_equal_up_to_layer_rotation},
    {"to_silver", 1, op_to_silver},
    {"random_state", 2, op_random_state},
    {"count_shapes", 1, op_count_shapes},
    {"twists_to_cube_shape", 1, op_twists_to_cube_shape},
    {"debug_panic", 1, op_debug_panic},
    {"rank_count", 1, op_rank_count},
    {"rank", 2, op_rank},
    {"unrank", 2, op_unrank},
    {"db_open", 1, op_db_open},
    {"db_open_variant", 2, op_db_open_variant},
    {"db_level_counts", 1, op_db_level_counts},
    {"db_is_full", 1, op_db_is_full},
    {"db_verify", 1, op_db_verify},
    {"db_distance", 2, op_db_distance},
    {"db_solve", 2, op_db_solve},
    {"db_solutions", 3, op_db_solutions},
    {"db_build", 4, op_db_build},
    {"solver_open", 1, op_solver_open},
    {"solve", 3, op_solve},
    {"solutions", 4, op_solutions},
    {"distance", 3, op_distance},
    {"solve_fast", 5, op_solve_fast},
    {"scramble", 2, op_scramble},
    {"moves_length", 3, op_moves_length},
    {"svg", 1, op_svg},
    {"file_text", 1, op_file_text},
    {"cube3_solved", 0, op_cube3_solved},
    {"cube3_parse", 1, op_cube3_parse},
    {"cube3_apply", 2, op_cube3_apply},
    {"cube3_from_moves", 1, op_cube3_from_moves},
    {"cube3_inverse", 1, op_cube3_inverse},
    {"cube3_compose", 2, op_cube3_compose},
    {"cube3_is_solved", 1, op_cube3_is_solved},
    {"cube3_random", 1, op_cube3_random},
    {"cube3_svg", 1, op_cube3_svg},
    {"cube3_moves_canonical", 1, op_cube3_moves_canonical},
    {"cube3_moves_inverse", 1, op_cube3_moves_inverse},
    {"cube3_solver_open", 1, op_cube3_solver_open},
    {"cube3_solve", 2, op_cube3_solve},
    {"cube3_solve_timeout", 3, op_cube3_solve_timeout},
    {"cube3_optimal_open", 1, op_cube3_optimal_open},
    {"cube3_optimal_solve", 5, op_cube3_optimal_solve},
    {"cube3_optimal_solve_timeout", 6, op_cube3_optimal_solve_timeout},
    {"cube3_optimal_open_size", 2, op_cube3_optimal_open_size},
    {"cube3_optimal_default_path", 1, op_cube3_optimal_default_path},
    {"solve_timeout", 4, op_solve_timeout},
    {"solutions_timeout", 5, op_solutions_timeout},
    {"solve_fast_timeout", 6, op_solve_fast_timeout},
    {"solver_open_or_build", 1, op_solver_open_or_build},
    {"cube3_solver_open_or_build", 1, op_cube3_solver_open_or_build},
    {"cube3_step_names", 0, op_cube3_step_names},
    {"cube3_step_describe", 1, op_cube3_step_describe},
    {"cube3_step_position", 2, op_cube3_step_position},
    {"cube3_step_solve", 8, op_cube3_step_solve},
    {"cube3_step_prepare", 2, op_cube3_step_prepare},
    {"cube3_moves_count", 1, op_cube3_moves_count},
    {"cube3_moves_same", 2, op_cube3_moves_same},
    {"cube3_variations", 2, op_cube3_variations},
};

static op_t const *op_named(char const *name) {
    for (size_t i = 0; i < sizeof OPS / sizeof OPS[0]; i++) {
        if (strcmp(OPS[i].name, name) == 0) return &OPS[i];
    }
    malformed("unknown op %s: teach vectors.c about it", name);
}

/* ---- Rows that mean nothing on this platform --------------------------------------------- */

/* Reads the next line of a table that is neither blank nor a comment into *raw, without its line
 * end; *number counts the lines read. False at the end. */
static bool next_row(FILE *in, char **raw, size_t *cap, int *number) {
    for (ssize_t len; (len = read_line(raw, cap, in)) >= 0;) {
        ++*number;
        while (len > 0 && ((*raw)[len - 1] == '\n' || (*raw)[len - 1] == '\r')) (*raw)[--len] = '\0';
        if (len > 0 && (*raw)[0] != '#') return true;
    }
    return false;
}

/* tests/cross/skips.tsv: "platform<TAB>text<TAB>why" per line; a row that holds the text (in its
 * op, arguments or expectation) is not replayed on that platform, and the comparison
 * (tests/cross/compare.sh) leaves it out with the same table. */
#define MAX_SKIPS 64

static struct {
    char *text, *why;
} skips[MAX_SKIPS];
static int skip_count;

static void load_skips(void) {
    char *path = path_of(repo_root, "tests/cross/skips.tsv");
    FILE *in = fopen(path, "rb");
    if (!in) {
        perror(path);
        exit(2);
    }
    char *raw = NULL;
    size_t cap = 0;
    for (int number = 0; next_row(in, &raw, &cap, &number);) {
        char *text = strchr(raw, '\t'), *why = text ? strchr(text + 1, '\t') : NULL;
        if (!why || why == text + 1 || !why[1]) malformed("skips.tsv:%d is not platform, text, why", number);
        *text++ = '\0';
        *why++ = '\0';
        if (strcmp(raw, TEST_PLATFORM) != 0) continue;
        if (skip_count == MAX_SKIPS) abort();
        skips[skip_count].text = strdup(text);
        skips[skip_count++].why = strdup(why);
    }
    free(raw);
    fclose(in);
    free(path);
}

/* Why `row` is not replayed here, or NULL. */
static char const *skip_reason(char const *row) {
    for (int i = 0; i < skip_count; i++) {
        if (strstr(row, skips[i].text)) return skips[i].why;
    }
    return NULL;
}

static void free_skips(void) {
    for (int i = 0; i < skip_count; i++) {
        free(skips[i].text);
        free(skips[i].why);
    }
    skip_count = 0;
}

/* ---- The replay -------------------------------------------------------------------------- */

static int by_name(void const *a, void const *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool exists(char const *dir, char const *name) {
    struct stat st;
    char *path = path_of(dir, name);
    bool found = stat(path, &st) == 0;
    free(path);
    return found;
}

/* Replays one line (already free of $DB); writes its outcome. */
static void replay(char *line, text_t *got) {
    char *fields[32];
    int n = 0;
    for (char *field = line;; n++) {
        if (n == 32) malformed("too many fields");
        fields[n] = field;
        char *tab = strchr(field, '\t');
        if (!tab) break;
        *tab = '\0';
        field = tab + 1;
    }
    n++;
    op_t const *op = op_named(fields[0]);
    char const *args[32];
    int arity = n - 1;
    if (arity != op->arity) malformed("op %s takes %d arguments, the row has %d", op->name, op->arity, arity);
    for (int i = 0; i < arity; i++) args[i] = strcmp(fields[i + 1], "\\N") == 0 ? NULL : fields[i + 1];
    op->run(args, got);
}

static void replay_all(void) {
    char *vectors = path_of(repo_root, "tests/vectors");
    if (!exists(db_dir, "article-4.db") || !exists(db_dir, "sq1-solver.tbl") ||
        !exists(db_dir, "cube3-twophase.tbl") || !exists(db_dir, "cube3-optimal-h0.tbl")) {
        fprintf(stderr,
                "vectors: the vector databases are missing in %s; run `cargo test --release -p twisty "
                "--test vectors` first (it writes them; `make test` runs the Rust suite before C), or set "
                "TWISTY_DB_DIR to where they are\n",
                db_dir);
        count_result(false);
        free(vectors);
        return;
    }
    DIR *dir = opendir(vectors);
    if (!dir) {
        perror(vectors);
        count_result(false);
        free(vectors);
        return;
    }
    char *names[256];
    int files = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        /* Negative counts and values beyond a byte: C's unsigned types cannot hold them (the file
         * pins the messages Java and .NET write themselves), so C skips it, as Rust does. */
        if (strcmp(e->d_name, "host_arguments.tsv") == 0) continue;
        if (len > 4 && strcmp(e->d_name + len - 4, ".tsv") == 0 && files < 256) names[files++] = strdup(e->d_name);
    }
    closedir(dir);
    qsort(names, (size_t)files, sizeof names[0], by_name);

    text_t transcript = {0}, line = {0}, got = {0}, want = {0};
    text_puts(&transcript, "");
    int rows = 0, skipped = 0;
    load_skips();
    for (int f = 0; f < files; f++) {
        char *path = path_of(vectors, names[f]);
        FILE *in = fopen(path, "rb");
        if (!in) perror(path);
        free(path);
        if (!in) {
            count_result(false);
            continue;
        }
        char *raw = NULL;
        size_t cap = 0;
        for (int number = 0; next_row(in, &raw, &cap, &number);) {
            char const *why = skip_reason(raw);
            if (why) {
                printf("vectors: %s:%d skipped on %s: %s\n", names[f], number, TEST_PLATFORM, why);
                skipped++;
                continue;
            }
            text_clear(&line);
            text_replacing(&line, raw, "$DB", db_dir);
            char *last_tab = strrchr(line.data, '\t');
            if (!last_tab) malformed("%s:%d has no expectation", names[f], number);
            text_clear(&want);
            text_puts(&want, last_tab + 1);
            *last_tab = '\0';
            text_clear(&got);
            text_puts(&got, "");
            replay(line.data, &got);
            rows++;
            /* Like the other transcripts: the database directory is written back as $DB. */
            text_printf(&transcript, "%s:%d\t", names[f], number);
            text_replacing(&transcript, got.data, db_dir, "$DB");
            text_puts(&transcript, "\n");
            bool ok = strcmp(got.data, want.data) == 0;
            if (!ok) fprintf(stderr, "FAILED %s:%d\n  want %s\n  got  %s\n", names[f], number, want.data, got.data);
            count_result(ok);
        }
        free(raw);
        fclose(in);
        free(names[f]);
    }
    if (rows <= 200) {
        fprintf(stderr, "FAILED vectors: only %d rows in %s\n", rows, vectors);
        count_result(false);
    }
    char const *transcripts = getenv("TWISTY_TRANSCRIPT_DIR");
    if (transcripts && *transcripts) {
        char *out_path = path_of(transcripts, transcript_name());
        make_dir(transcripts); /* it may exist; a failure shows up as the fopen below */
        /* binary: the same bytes on every platform (no CRLF on Windows) */
        FILE *out = fopen(out_path, "wb");
        if (!out || fputs(transcript.data, out) == EOF || fclose(out) != 0) {
            perror(out_path);
            count_result(false);
        }
        free(out_path);
    }
    printf("vectors: %d rows replayed\n", rows);
    if (skipped) printf("vectors: %d rows skipped on %s\n", skipped, TEST_PLATFORM);
    free_skips();
    free(vectors);
    free(transcript.data);
    free(line.data);
    free(got.data);
    free(want.data);
}

void vector_tests(void) {
    replay_all();
    close_all();
}
