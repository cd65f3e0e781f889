/*
 * The 3x3x3 optimal solver through the C API, beyond its vector rows: short scrambles solved in
 * their fewest moves (each solution applied solves the cube), every optimal solution of a
 * symmetric cube, the engine's argument checks and messages, damaged and foreign table files,
 * NULL arguments, ownership of the result, cancellation before a call and from another thread,
 * a deadline, progress per depth, and one handle shared by several threads.
 *
 * The table is the vector directory's $DB/cube3-optimal-h0.tbl, written by the Rust suite.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "portable.h"

#define H0 0
#define ONE_THREAD 1
#define TWO_THREADS 2
#define ALL 1000
#define NO_TIMEOUT 0

static char const SOLVED_CUBE[] = "ABCDEFGH=ABCDEFGHIJKL=A";
static char *table, *twophase_table, *truncated_table;

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static pthread_t start_thread(void *(*body)(void *), void *arg) {
    pthread_t t;
    if (pthread_create(&t, NULL, body, arg) != 0) abort();
    return t;
}

/* The solver every test shares, opened once (NULL when it cannot be opened: the tests fail). */
static twisty_cube3_optimal_t *solver;

static char *cube_of(char const *moves) {
    char *cube = NULL;
    CHECK_OK(twisty_cube3_from_moves(moves, &cube));
    return cube;
}

/* Whether `moves` applied to `cube` solves it. */
static bool solves(char const *cube, char const *moves) {
    char *after = NULL;
    bool solved = false;
    if (twisty_cube3_apply(cube, moves, &after) != 0 || twisty_cube3_is_solved(after, &solved) != 0) solved = false;
    twisty_string_free(after);
    return solved;
}

/* The number of moves of a move text. */
static uint32_t moves_in(char const *moves) {
    uint32_t n = 0;
    for (char const *c = moves; *c; c++)
        if (*c != ' ' && (c == moves || c[-1] == ' ')) n++;
    return n;
}

/* ---- Solutions --------------------------------------------------------------------------- */

static void short_scrambles_are_solved_in_their_fewest_moves(void) {
    static struct {
        char const *scramble;
        uint32_t optimal;
    } const cases[] = {
        {"", 0},
        {"R", 1},
        {"R U", 2},
        {"R U F", 3},
        {"R U R' U'", 4},
        {"U' L' U' F' R2 B' R F U B2", 10},
        {"R U2 D' F L2 B R' U F2", 9},
        {"R2 U F2 D' L B R' F U2 L' D B2 R U'", 14},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *cube = cube_of(cases[i].scramble);
        twisty_cube3_optimal_solutions_t found = {0};
        CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 0, 20, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found));
        if (found.solutions.ptr) {
            CHECK_EQ(found.solutions.len, 1);
            CHECK(found.length <= cases[i].optimal);
            if (cases[i].optimal <= 4) CHECK_EQ(found.length, cases[i].optimal);
            CHECK_EQ(moves_in(found.solutions.ptr[0]), found.length);
            CHECK(solves(cube, found.solutions.ptr[0]));
            CHECK(found.length == 0 ? found.solutions.ptr[0][0] == '\0' : found.nodes > 0);
        }
        twisty_cube3_optimal_solutions_free(&found);
        twisty_string_free(cube);
    }
    /* "R U F" is three moves from solved and no fewer: lengths below 3 hold no solution. */
    char *cube = cube_of("R U F");
    twisty_cube3_optimal_solutions_t found = {0};
    CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 0, 3, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found));
    CHECK_EQ(found.length, 3);
    twisty_cube3_optimal_solutions_free(&found);
    /* min_length asks for longer solutions: the first length from it that has any. */
    CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 4, 20, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found));
    CHECK(found.length >= 4);
    if (found.solutions.ptr) CHECK(solves(cube, found.solutions.ptr[0]));
    twisty_cube3_optimal_solutions_free(&found);
    twisty_string_free(cube);
}

/* The checkerboard's six optimal solutions: the three slices' half turns in every order. */
static void every_optimal_solution_of_the_checkerboard_is_listed_once(void) {
    char *cube = cube_of("R2 L2 U2 D2 F2 B2");
    twisty_cube3_optimal_solutions_t all = {0}, one_thread = {0}, first4 = {0};
    CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 0, 20, ALL, TWO_THREADS, NO_TIMEOUT, NULL, NULL, NULL, &all));
    CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 0, 20, ALL, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &one_thread));
    CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 0, 20, 4, TWO_THREADS, NO_TIMEOUT, NULL, NULL, NULL, &first4));
    CHECK_EQ(all.length, 6);
    CHECK_EQ(all.solutions.len, 6);
    CHECK_EQ(one_thread.solutions.len, all.solutions.len);
    CHECK_EQ(first4.solutions.len, 4);
    if (all.solutions.ptr && all.solutions.len == 6) {
        for (size_t i = 0; i < 6; i++) {
            char const *s = all.solutions.ptr[i];
            CHECK(solves(cube, s));
            CHECK_EQ(moves_in(s), 6);
            for (size_t j = 0; j < i; j++) CHECK(strcmp(s, all.solutions.ptr[j]) != 0);
            /* the same order on any number of threads, and a limit keeps the first ones */
            if (one_thread.solutions.ptr && i < one_thread.solutions.len) CHECK_STR(one_thread.solutions.ptr[i], s);
            if (first4.solutions.ptr && i < first4.solutions.len) CHECK_STR(first4.solutions.ptr[i], s);
        }
        CHECK_STR(all.solutions.ptr[0], "U2 D2 R2 L2 F2 B2");
    }
    twisty_cube3_optimal_solutions_free(&all);
    twisty_cube3_optimal_solutions_free(&one_thread);
    twisty_cube3_optimal_solutions_free(&first4);
    twisty_string_free(cube);
}

/* ---- Errors ------------------------------------------------------------------------------ */

static void arguments_out_of_range_are_code_6_with_the_engines_message(void) {
    char *cube = cube_of("R U F");
    /* a failed call writes no out-parameter */
    twisty_cube3_optimal_solutions_t found = {.length = 77};
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 2, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found), 6,
                "no solution of at most 2 moves exists for this cube: it needs at least 3");
    CHECK_EQ(twisty_last_error_position(), -1);
    CHECK(found.solutions.ptr == NULL && found.length == 77);
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 20, 1, 100000, NO_TIMEOUT, NULL, NULL, NULL, &found), 6,
                "threads 100000 out of range 0..=256");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 20, 0, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found), 6,
                "max_solutions must be at least 1");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 20, -1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found), 6,
                "max_solutions must not be negative (got -1)");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 41, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found), 6,
                "max_length 41 is out of range 0..=40");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, -1, 20, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found), 6,
                "min_length must not be negative (got -1)");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 9, 8, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found), 6,
                "min_length 9 is greater than max_length 8");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 20, 1, ONE_THREAD, -1, NULL, NULL, NULL, &found), 6,
                "timeout must not be negative (got -1 ms)");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, "ABCDEFGH=ABCDEFGHIJKL=", 0, 20, 1, ONE_THREAD, NO_TIMEOUT, NULL,
                                           NULL, NULL, &found),
                1, "at position 22: cube text is too short (22 characters, expected 23)");
    CHECK_EQ(twisty_last_error_position(), 22);
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, "R U \xff", 0, 20, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found),
                6, "cube is not valid UTF-8");
    CHECK(found.solutions.ptr == NULL && found.length == 77);
    twisty_string_free(cube);

    /* table sizes: this version builds h0 to h7 */
    twisty_cube3_optimal_t *other = NULL;
    char *path = NULL;
    CHECK_FAILS(twisty_cube3_optimal_open_existing(table, 8, &other), 6,
                "table size h8 is not available: this version builds h0 to h7");
    CHECK_FAILS(twisty_cube3_optimal_open(table, 8, NULL, NULL, NULL, &other), 6,
                "table size h8 is not available: this version builds h0 to h7");
    CHECK_FAILS(twisty_cube3_optimal_default_path(-1, &path), 6, "table size -1 is out of range (0 = h0, 1 = h1, ...)");
    CHECK_FAILS(twisty_cube3_optimal_open_existing(table, 256, &other), 6,
                "table size 256 is out of range (0 = h0, 1 = h1, ...)");
    CHECK(other == NULL && path == NULL);
    CHECK_OK(twisty_cube3_optimal_default_path(H0, &path));
    /* the file name, after one of the platform's separators */
    char const *name = "cube3-optimal-h0-v2.tbl";
    size_t len = path ? strlen(path) : 0, name_len = strlen(name);
    CHECK(len > name_len && strcmp(path + len - name_len, name) == 0 &&
          strchr(PATH_SEPARATORS, path[len - name_len - 1]) != NULL);
    twisty_string_free(path);
}

/* A copy of the table with one byte of its distance section changed, and a file of text. */
static void damaged_and_foreign_table_files_are_code_4_naming_the_file(void) {
    char const *dir = temp_dir("twisty-c-optimal");
    char *damaged = path_of(dir, "damaged.tbl"), *text = path_of(dir, "notes.tbl"), *missing = path_of(dir, "none.tbl");
    FILE *in = fopen(table, "rb"), *out = fopen(damaged, "wb");
    CHECK(in && out);
    if (!in || !out) abort();
    char chunk[1 << 16];
    long at = 0, flip = 15000000; /* inside the distance section (bytes 1 MB .. 30 MB) */
    for (size_t n; (n = fread(chunk, 1, sizeof chunk, in)) > 0; at += (long)n) {
        if (flip >= at && flip < at + (long)n) chunk[flip - at] ^= 0x5a;
        fwrite(chunk, 1, n, out);
    }
    fclose(in);
    CHECK(fclose(out) == 0);
    out = fopen(text, "w");
    fputs("not a table\n", out);
    fclose(out);

    twisty_cube3_optimal_t *s = NULL;
    char want[1024];
    snprintf(want, sizeof want, "3x3x3 optimal-solver table file %s: the distance table fails its checksum (damaged)",
             damaged);
    CHECK_FAILS(twisty_cube3_optimal_open_existing(damaged, H0, &s), 4, want);
    snprintf(want, sizeof want,
             "3x3x3 optimal-solver table file %s: not a twisty 3x3x3 optimal-solver table file (bad magic)", text);
    CHECK_FAILS(twisty_cube3_optimal_open_existing(text, H0, &s), 4, want);
    snprintf(want, sizeof want,
             "3x3x3 optimal-solver table file %s: size 31175359 bytes, expected 31175360 (truncated or damaged)",
             truncated_table);
    CHECK_FAILS(twisty_cube3_optimal_open_existing(truncated_table, H0, &s), 4, want);
    snprintf(want, sizeof want,
             "3x3x3 optimal-solver table file %s: not a twisty 3x3x3 optimal-solver table file (it is a twisty 3x3x3 "
             "two-phase solver table file)",
             twophase_table);
    CHECK_FAILS(twisty_cube3_optimal_open_existing(twophase_table, H0, &s), 4, want);
    snprintf(want, sizeof want, "3x3x3 optimal-solver table file %s: cannot open: no such file or directory",
             missing);
    CHECK_FAILS(twisty_cube3_optimal_open_existing(missing, H0, &s), 4, want);
    /* open-or-build refuses a file of another kind and leaves it alone */
    struct stat before, after;
    stat(twophase_table, &before);
    snprintf(want, sizeof want,
             "3x3x3 optimal-solver table file %s: not a twisty 3x3x3 optimal-solver table file (it is a twisty 3x3x3 "
             "two-phase solver table file); it was left alone (remove it, or choose another path)",
             twophase_table);
    CHECK_FAILS(twisty_cube3_optimal_open(twophase_table, H0, NULL, NULL, NULL, &s), 4, want);
    stat(twophase_table, &after);
    CHECK(before.st_size == after.st_size && before.st_mtime == after.st_mtime);
    CHECK(s == NULL);
    /* a cancelled token stops open-or-build before it builds anything */
    twisty_cancel_token_t *token = NULL;
    CHECK_OK(twisty_cancel_token_new(&token));
    CHECK_OK(twisty_cancel_token_cancel(token));
    CHECK_FAILS(twisty_cube3_optimal_open(missing, H0, NULL, NULL, token, &s), 5,
                "opening the 3x3x3 optimal-solver table file was cancelled before it started");
    CHECK(access(missing, F_OK) != 0);
    twisty_cancel_token_free(&token);
    /* and an existing table opens through open-or-build without building */
    CHECK_OK(twisty_cube3_optimal_open(table, H0, NULL, NULL, NULL, &s));
    CHECK(s != NULL);
    twisty_cube3_optimal_free(&s);

    remove_tree(dir);
    free(damaged);
    free(text);
    free(missing);
}

static void null_arguments_are_code_7_naming_the_parameter(void) {
    twisty_cube3_optimal_t *s = NULL;
    twisty_cube3_optimal_solutions_t found = {0};
    char *path = NULL;
    CHECK_FAILS(twisty_cube3_optimal_open(NULL, H0, NULL, NULL, NULL, &s), 7, "path must not be null");
    CHECK_FAILS(twisty_cube3_optimal_open(table, H0, NULL, NULL, NULL, NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_optimal_open_existing(NULL, H0, &s), 7, "path must not be null");
    CHECK_FAILS(twisty_cube3_optimal_open_existing(table, H0, NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_optimal_default_path(H0, NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_optimal_solve(NULL, SOLVED_CUBE, 0, 20, 1, 1, 0, NULL, NULL, NULL, &found), 7,
                "solver must not be null");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, NULL, 0, 20, 1, 1, 0, NULL, NULL, NULL, &found), 7,
                "cube must not be null");
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, SOLVED_CUBE, 0, 20, 1, 1, 0, NULL, NULL, NULL, NULL), 7,
                "out must not be null");
    /* the first NULL in parameter order is the one named */
    CHECK_FAILS(twisty_cube3_optimal_solve(NULL, NULL, 0, 20, 1, 1, 0, NULL, NULL, NULL, NULL), 7,
                "solver must not be null");
    CHECK(s == NULL && path == NULL && found.solutions.ptr == NULL);
}

/* ---- Ownership --------------------------------------------------------------------------- */

static void free_functions_null_what_they_free_so_a_second_free_does_nothing(void) {
    twisty_cube3_optimal_t *s = NULL;
    CHECK_OK(twisty_cube3_optimal_open_existing(table, H0, &s));
    CHECK(s != NULL);
    twisty_cube3_optimal_solutions_t found = {0};
    CHECK_OK(twisty_cube3_optimal_solve(s, SOLVED_CUBE, 0, 20, 1, 1, 0, NULL, NULL, NULL, &found));
    CHECK(found.solutions.ptr != NULL && found.solutions.len == 1);
    if (found.solutions.ptr) CHECK_STR(found.solutions.ptr[0], "");
    CHECK_EQ(found.length, 0);
    /* the free functions leave the last error alone */
    CHECK_EQ(twisty_cube3_optimal_solve(s, SOLVED_CUBE, 0, 20, 0, 1, 0, NULL, NULL, NULL, &found), 6);
    twisty_cube3_optimal_solutions_free(&found);
    CHECK(found.solutions.ptr == NULL);
    twisty_cube3_optimal_solutions_free(&found);
    twisty_cube3_optimal_solutions_free(NULL);
    twisty_cube3_optimal_free(&s);
    CHECK(s == NULL);
    twisty_cube3_optimal_free(&s);
    twisty_cube3_optimal_free(NULL);
    CHECK_EQ(twisty_last_error_code(), 6);
    CHECK_STR(twisty_last_error_message(), "max_solutions must be at least 1");
    /* a freed handle is NULL, and NULL is refused by name */
    CHECK_FAILS(twisty_cube3_optimal_solve(s, SOLVED_CUBE, 0, 20, 1, 1, 0, NULL, NULL, NULL, &found), 7,
                "solver must not be null");
}

/* ---- Progress ---------------------------------------------------------------------------- */

typedef struct {
    pthread_t caller;
    int reports, off_thread, bad;
    uint32_t levels[64];
    uint64_t done[64], found[64];
} depths_t;

static void record_depth(void *user_data, twisty_progress_t const *r) {
    depths_t *d = user_data;
    if (!pthread_equal(pthread_self(), d->caller)) d->off_thread++;
    char want[32];
    snprintf(want, sizeof want, "depth %u", (unsigned)r->level);
    if (r->phase == NULL || strcmp(r->phase, want) != 0 || r->has_eta || r->eta_ns != 0 || r->total != 0) d->bad++;
    if (d->reports < 64) {
        d->levels[d->reports] = r->level;
        d->done[d->reports] = r->done;
        d->found[d->reports] = r->found;
    }
    d->reports++;
}

static void a_solve_reports_each_depth_in_order_on_the_calling_thread(void) {
    /* 14 moves whose table bound is 10: depths 10 to 14 are searched */
    char *cube = cube_of("R2 U F2 D' L B R' F U2 L' D B2 R U'");
    depths_t d = {.caller = pthread_self()};
    twisty_cube3_optimal_solutions_t found = {0};
    CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 0, 20, ALL, TWO_THREADS, NO_TIMEOUT, record_depth, &d, NULL, &found));
    CHECK(d.reports >= 2 && d.reports < 64);
    CHECK_EQ(d.off_thread, 0);
    CHECK_EQ(d.bad, 0);
    if (d.reports >= 1 && d.reports < 64) {
        for (int i = 1; i < d.reports; i++) {
            CHECK_EQ(d.levels[i], d.levels[i - 1] + 1);
            CHECK(d.done[i] >= d.done[i - 1]);
            CHECK_EQ(d.found[i - 1], 0);
        }
        /* the last report is the solutions' depth, with the nodes of the whole search */
        CHECK_EQ(d.levels[d.reports - 1], found.length);
        CHECK_EQ(d.found[d.reports - 1], found.solutions.len);
        CHECK_EQ(d.done[d.reports - 1], found.nodes);
    }
    CHECK_EQ(found.length, 14);
    for (size_t i = 0; found.solutions.ptr && i < found.solutions.len; i++) CHECK(solves(cube, found.solutions.ptr[i]));
    twisty_cube3_optimal_solutions_free(&found);
    twisty_string_free(cube);
}

/* ---- Cancellation and deadlines ---------------------------------------------------------- */

static char *hard_cube(void) {
    /* The superflip needs 20 moves: every depth below 20 must be searched in full first, hours on
     * any machine, so only a limit can end a search of it, whatever the machine's speed. */
    return cube_of("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
}

static void a_token_cancelled_before_a_solve_fails_it_at_once(void) {
    char *cube = hard_cube();
    twisty_cancel_token_t *token = NULL;
    CHECK_OK(twisty_cancel_token_new(&token));
    CHECK_OK(twisty_cancel_token_cancel(token));
    depths_t d = {.caller = pthread_self()};
    twisty_cube3_optimal_solutions_t found = {0};
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 20, 1, TWO_THREADS, NO_TIMEOUT, record_depth, &d, token,
                                           &found),
                5, "the search was cancelled");
    CHECK_EQ(d.reports, 0); /* stopped before any depth was searched */
    /* even a solved cube: the token is looked at before anything else */
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, SOLVED_CUBE, 0, 20, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, token,
                                           &found),
                5, "the search was cancelled");
    CHECK(found.solutions.ptr == NULL);
    /* the same call without the token succeeds: the handle is unharmed */
    CHECK_OK(twisty_cube3_optimal_solve(solver, SOLVED_CUBE, 0, 20, 1, ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found));
    twisty_cube3_optimal_solutions_free(&found);
    twisty_cancel_token_free(&token);
    twisty_string_free(cube);
}

/* The canceller waits for the search's first depth, then cancels while the search goes on into
 * deeper ones (it cannot end otherwise, see hard_cube); the search's own threads notice. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool reported, finished, cancelled;
    int reports;
    twisty_cancel_token_t const *token;
} canceller_t;

static void note_depth(void *user_data, twisty_progress_t const *r) {
    canceller_t *c = user_data;
    (void)r;
    pthread_mutex_lock(&c->lock);
    c->reports++;
    c->reported = true;
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
}

static void *cancel_while_searching(void *arg) {
    canceller_t *c = arg;
    pthread_mutex_lock(&c->lock);
    while (!c->reported && !c->finished) pthread_cond_wait(&c->changed, &c->lock);
    bool finished = c->finished;
    pthread_mutex_unlock(&c->lock);
    if (finished) return NULL;
    twisty_cancel_token_cancel(c->token);
    c->cancelled = true; /* read after the join */
    return NULL;
}

static void a_solve_cancelled_from_another_thread_stops_soon(void) {
    char *cube = hard_cube();
    twisty_cancel_token_t *token = NULL;
    CHECK_OK(twisty_cancel_token_new(&token));
    static canceller_t c;
    memset(&c, 0, sizeof c);
    pthread_mutex_init(&c.lock, NULL);
    pthread_cond_init(&c.changed, NULL);
    c.token = token;
    pthread_t canceller = start_thread(cancel_while_searching, &c);
    twisty_cube3_optimal_solutions_t found = {0};
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 20, 1, TWO_THREADS, NO_TIMEOUT, note_depth, &c, token,
                                           &found),
                5, "the search was cancelled");
    pthread_mutex_lock(&c.lock);
    c.finished = true;
    pthread_cond_broadcast(&c.changed);
    pthread_mutex_unlock(&c.lock);
    pthread_join(canceller, NULL);
    CHECK(c.reports >= 1);
    CHECK(c.cancelled);
    CHECK(found.solutions.ptr == NULL);
    twisty_cancel_token_free(&token);
    twisty_string_free(cube);
}

static void a_timeout_stops_a_long_solve(void) {
    char *cube = hard_cube();
    twisty_cube3_optimal_solutions_t found = {0};
    double t = seconds_now();
    CHECK_FAILS(twisty_cube3_optimal_solve(solver, cube, 0, 20, 1, TWO_THREADS, 300, NULL, NULL, NULL, &found), 5,
                "the search reached its deadline before finding a solution of at most 20 moves");
    /* not before the deadline (no upper bound: how soon after it depends on the machine's load) */
    CHECK(seconds_now() - t >= 0.29);
    CHECK(found.solutions.ptr == NULL);
    /* a deadline that a short search meets does not get in its way */
    char *easy = cube_of("R U F");
    CHECK_OK(twisty_cube3_optimal_solve(solver, easy, 0, 20, 1, ONE_THREAD, 60000, NULL, NULL, NULL, &found));
    CHECK_EQ(found.length, 3);
    twisty_cube3_optimal_solutions_free(&found);
    twisty_string_free(easy);
    twisty_string_free(cube);
}

/* ---- One handle, several threads --------------------------------------------------------- */

#define SHARERS 4
#define CUBES 6

static char const *const SHARED_SCRAMBLES[CUBES] = {
    "R2 L2 U2 D2 F2 B2", "R U F", "R U2 D' F L2 B R' U F2", "F U' R2 B' D L' U2 R F' D2 B L",
    "L U' F R2 D B' L2 U R' F2 D'", "B' R' B' L B2 R U' L' B' R",
};

typedef struct {
    int32_t threads;
    char answers[CUBES][1024];
} answers_t;

static void *answer_all(void *arg) {
    answers_t *a = arg;
    for (int i = 0; i < CUBES; i++) {
        char *cube = NULL;
        twisty_cube3_optimal_solutions_t found = {0};
        snprintf(a->answers[i], sizeof a->answers[i], "failed");
        if (twisty_cube3_from_moves(SHARED_SCRAMBLES[i], &cube) == 0 &&
            twisty_cube3_optimal_solve(solver, cube, 0, 20, ALL, a->threads, NO_TIMEOUT, NULL, NULL, NULL, &found) == 0) {
            int n = snprintf(a->answers[i], sizeof a->answers[i], "%u|", (unsigned)found.length);
            for (size_t k = 0; k < found.solutions.len && n < (int)sizeof a->answers[i]; k++)
                n += snprintf(a->answers[i] + n, sizeof a->answers[i] - (size_t)n, k ? ";%s" : "%s",
                              found.solutions.ptr[k]);
        }
        twisty_cube3_optimal_solutions_free(&found);
        twisty_string_free(cube);
    }
    return NULL;
}

static void one_handle_serves_several_threads_at_once_with_the_same_answers(void) {
    static answers_t mine, theirs[SHARERS];
    mine.threads = ONE_THREAD;
    answer_all(&mine);
    CHECK_STR(mine.answers[1], "3|F' U' R'");
    for (int i = 0; i < CUBES; i++) CHECK(strcmp(mine.answers[i], "failed") != 0);
    pthread_t threads[SHARERS];
    for (int t = 0; t < SHARERS; t++) {
        theirs[t].threads = t % 2 ? TWO_THREADS : ONE_THREAD;
        threads[t] = start_thread(answer_all, &theirs[t]);
    }
    for (int t = 0; t < SHARERS; t++) {
        pthread_join(threads[t], NULL);
        for (int i = 0; i < CUBES; i++) CHECK_STR(theirs[t].answers[i], mine.answers[i]);
    }
}

static void the_shipped_library_exports_the_optimal_solver(void) {
    char const *const names[] = {
        "twisty_cube3_optimal_open", "twisty_cube3_optimal_open_existing", "twisty_cube3_optimal_default_path",
        "twisty_cube3_optimal_free", "twisty_cube3_optimal_solve",         "twisty_cube3_optimal_solutions_free",
    };
    check_exported(names, sizeof names / sizeof names[0]);
}

void optimal_tests(void) {
    table = path_of(db_dir, "cube3-optimal-h0.tbl");
    twophase_table = path_of(db_dir, "cube3-twophase.tbl");
    truncated_table = path_of(db_dir, "cube3-optimal-truncated.tbl");
    if (twisty_cube3_optimal_open_existing(table, H0, &solver) != 0) {
        fprintf(stderr, "FAILED optimal: cannot open %s: %s (the Rust suite writes it)\n", table,
                twisty_last_error_message());
        count_result(false);
    } else {
        run_test("optimal: short scrambles are solved in their fewest moves",
                 short_scrambles_are_solved_in_their_fewest_moves);
        run_test("optimal: every optimal solution of the checkerboard is listed once",
                 every_optimal_solution_of_the_checkerboard_is_listed_once);
        run_test("optimal: arguments out of range are code 6 with the engine's message",
                 arguments_out_of_range_are_code_6_with_the_engines_message);
        run_test("optimal: damaged and foreign table files are code 4 naming the file",
                 damaged_and_foreign_table_files_are_code_4_naming_the_file);
        run_test("optimal: null arguments are code 7 naming the parameter", null_arguments_are_code_7_naming_the_parameter);
        run_test("optimal: free functions NULL what they free, so a second free does nothing",
                 free_functions_null_what_they_free_so_a_second_free_does_nothing);
        run_test("optimal: a solve reports each depth in order on the calling thread",
                 a_solve_reports_each_depth_in_order_on_the_calling_thread);
        run_test("optimal: a token cancelled before a solve fails it at once",
                 a_token_cancelled_before_a_solve_fails_it_at_once);
        run_test("optimal: a solve cancelled from another thread stops soon",
                 a_solve_cancelled_from_another_thread_stops_soon);
        run_test("optimal: a timeout stops a long solve", a_timeout_stops_a_long_solve);
        run_test("optimal: one handle serves several threads at once with the same answers",
                 one_handle_serves_several_threads_at_once_with_the_same_answers);
    }
    run_test("optimal: the shipped library exports the optimal solver", the_shipped_library_exports_the_optimal_solver);
    twisty_cube3_optimal_free(&solver);
    free(table);
    free(twophase_table);
    free(truncated_table);
}
