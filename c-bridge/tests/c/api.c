/*
 * The C API's own contracts, beyond the vector rows: NULL arguments of every kind, ownership
 * and the double-free guard, handles shared by 8 threads, progress callbacks, cancellation
 * before a call and from another thread, a panic turned into code 9, the logger, and the test
 * hooks' absence from the shipped library.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "portable.h"

#define THREADS 8
#define SIX 0
#define SILVER 1
#define WCA 0
#define METRIC_TWIST 0
#define METRIC_WCA 1
#define ARTICLE_VARIANT 0
#define LOG_OFF 0
#define LOG_WARN 2
#define LOG_INFO 3
#define LOG_DEBUG 4

static char const SOLVED[] = "AAbCCdEEfGGh|iJJkLLmNNoPP|S";
static char const SOLVED_SILVER[] = "AAbCCbEEfGGf|iJJiLLmNNmPP|S";

/* Silver states 1 and 3 twists from solved (from tests/vectors/sq1_generated_db.tsv). */
static char const ONE_TWIST[] = "bCCbEENNmPPi|fGGfAAJJiLLm|K";
static char const THREE_TWISTS[] = "NNfLLbCCiAAm|EiJJbPPfGGmE|K";

/* Files of the vector database directory, named once before any thread starts. */
static char *article_2, *article_4, *sq1_table, *cube3_table;

static void name_db_files(void) {
    article_2 = path_of(db_dir, "article-2.db");
    article_4 = path_of(db_dir, "article-4.db");
    sq1_table = path_of(db_dir, "sq1-solver.tbl");
    cube3_table = path_of(db_dir, "cube3-twophase.tbl");
}

static pthread_t start(void *(*body)(void *), void *arg) {
    pthread_t t;
    if (pthread_create(&t, NULL, body, arg) != 0) abort();
    return t;
}

/* ---- Status names --------------------------------------------------------------------------- */

static void status_names_are_the_engine_codes(void) {
    CHECK_EQ(TWISTY_STATUS_OK, 0);
    CHECK_EQ(TWISTY_STATUS_INVALID_NOTATION, 1);
    CHECK_EQ(TWISTY_STATUS_INVALID_STATE, 2);
    CHECK_EQ(TWISTY_STATUS_ILLEGAL_MOVE, 3);
    CHECK_EQ(TWISTY_STATUS_DATABASE, 4);
    CHECK_EQ(TWISTY_STATUS_CANCELLED, 5);
    CHECK_EQ(TWISTY_STATUS_INVALID_ARGUMENT, 6);
    CHECK_EQ(TWISTY_STATUS_NULL_ARGUMENT, 7);
    CHECK_EQ(TWISTY_STATUS_CLOSED, 8);
    CHECK_EQ(TWISTY_STATUS_PANIC, 9);
    CHECK_EQ(sizeof(twisty_status_t), sizeof(int32_t));
}

/* ---- NULL arguments ---------------------------------------------------------------------- */

static void null_arguments_of_every_kind_are_code_7_naming_the_parameter(void) {
    char *s = NULL;
    bool b;
    uint32_t n;
    uint64_t count;
    twisty_u128_t big;
    uint32_t const counts[] = {1, 1};
    uint8_t const perm[] = {1, 0};
    twisty_sq1_tables_t *tables = NULL;
    twisty_sq1_database_t *db = NULL;
    twisty_sq1_solver_solution_t solution;
    twisty_sq1_database_solution_t db_solution;
    slice_boxed_uint64_t levels;

    /* text */
    CHECK_FAILS(twisty_sq1_parse_state(NULL, &s), 7, "text must not be null");
    CHECK_FAILS(twisty_cube3_parse(NULL, &s), 7, "text must not be null");
    CHECK_FAILS(twisty_sq1_apply(NULL, "/", WCA, &s), 7, "state must not be null");
    CHECK_FAILS(twisty_sq1_apply(SOLVED, NULL, WCA, &s), 7, "moves must not be null");
    CHECK_FAILS(twisty_cube3_compose("ABCDEFGH=ABCDEFGHIJKL=A", NULL, &s), 7, "b must not be null");
    CHECK_FAILS(twisty_sq1_database_open(NULL, &db), 7, "path must not be null");
    CHECK_FAILS(twisty_sq1_database_build(NULL, ARTICLE_VARIANT, 1, 0, NULL, NULL, NULL), 7,
                "path must not be null");
    /* out-parameters: strings, values, handles, structs, arrays */
    CHECK_FAILS(twisty_sq1_solved(SIX, NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_sq1_is_twistable(SOLVED, NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_sq1_tables_new(NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_rank_count(counts, 2, NULL), 7, "out must not be null");
    /* the first NULL in parameter order is the one named */
    CHECK_FAILS(twisty_sq1_parse_state(NULL, NULL), 7, "text must not be null");
    /* handles */
    CHECK_FAILS(twisty_sq1_tables_count_shapes(NULL, 0, &count), 7, "tables must not be null");
    CHECK_FAILS(twisty_sq1_database_distance(NULL, SOLVED_SILVER, &n), 7, "database must not be null");
    CHECK_FAILS(twisty_sq1_database_level_counts(NULL, &levels), 7, "database must not be null");
    CHECK_FAILS(twisty_sq1_database_solve(NULL, SOLVED_SILVER, &db_solution), 7, "database must not be null");
    CHECK_FAILS(twisty_sq1_solver_solve(NULL, SOLVED, 0, 0, NULL, NULL, NULL, &solution), 7,
                "solver must not be null");
    CHECK_FAILS(twisty_cube3_solver_solve(NULL, "ABCDEFGH=ABCDEFGHIJKL=A", 20, 0, NULL, &s), 7,
                "solver must not be null");
    CHECK_FAILS(twisty_sq1_solutions_next(NULL, &b, &db_solution), 7, "solutions must not be null");
    CHECK_FAILS(twisty_cancel_token_cancel(NULL), 7, "token must not be null");
    /* arrays (even an empty one has a pointer) */
    CHECK_FAILS(twisty_rank_count(NULL, 0, &big), 7, "counts must not be null");
    CHECK_FAILS(twisty_rank_rank(counts, 2, NULL, 2, &big), 7, "perm must not be null");
    CHECK_FAILS(twisty_rank_count(counts, 0, &big), 6, "a multiset needs at least one symbol type");
    CHECK_OK(twisty_rank_rank(counts, 2, perm, 2, &big));
    CHECK(big.high == 0 && big.low == 1);
    /* NULL where the API allows it: no progress callback, no cancel token */
    CHECK_OK(twisty_sq1_tables_new(&tables));
    CHECK_OK(twisty_sq1_tables_count_shapes(tables, 3, &count));
    CHECK_EQ(count, 90);
    twisty_sq1_tables_free(&tables);
    /* a failed call writes no out-parameter */
    s = (char *)"untouched";
    CHECK_FAILS(twisty_sq1_parse_state("x", &s), 1,
                "at position 0: 'x' is not a piece letter (edges b d f h i k m o, corners A C E G J L N P)");
    CHECK_STR(s, "untouched");
}

/* ---- The last error ---------------------------------------------------------------------- */

static void the_last_error_has_code_message_position_and_is_cleared_by_the_next_call(void) {
    char *s = NULL;
    uint32_t length;
    CHECK_EQ(twisty_sq1_apply(SOLVED, "(1,0)/ (-1", WCA, &s), 1);
    CHECK_EQ(twisty_last_error_code(), 1);
    CHECK_EQ(twisty_last_error_position(), 10);
    CHECK_STR(twisty_last_error_message(), "at position 10: expected ',' but found the end of the text");
    /* reading it does not change it */
    CHECK_EQ(twisty_last_error_code(), 1);
    /* free functions leave it alone (like free and errno) */
    twisty_string_free(NULL);
    twisty_u64_array_free(NULL);
    CHECK_EQ(twisty_last_error_position(), 10);
    /* any other call clears it first */
    CHECK_OK(twisty_sq1_solved(SIX, &s));
    CHECK_EQ(twisty_last_error_code(), 0);
    CHECK_EQ(twisty_last_error_position(), -1);
    CHECK_STR(twisty_last_error_message(), "");
    twisty_string_free(s);
    /* enumeration codes and timeouts are checked by the engine */
    CHECK_FAILS(twisty_sq1_moves_length("/", WCA, -1, &length), 6,
                "unknown metric -1 (0 = twist, 1 = WCA, 2 = face-turn)");
    CHECK_EQ(twisty_last_error_position(), -1);
    /* text that is not UTF-8 */
    CHECK_FAILS(twisty_sq1_parse_state("AAbCCdEEfGG\xff|iJJkLLmNNoPP|S", &s), 6, "text is not valid UTF-8");
    CHECK_FAILS(twisty_cube3_moves_canonical("R \xc3", &s), 6, "moves is not valid UTF-8");
}

/* The message is per thread. */
static void *fail_in_thread(void *arg) {
    char *s;
    (void)arg;
    int32_t status = twisty_cube3_parse("", &s);
    return (void *)(intptr_t)(status == 1 && twisty_last_error_code() == 1);
}

static void the_last_error_is_per_thread(void) {
    char *s;
    CHECK_EQ(twisty_sq1_parse_state("", &s), 1);
    void *ok;
    pthread_join(start(fail_in_thread, NULL), &ok);
    CHECK(ok != NULL);
    CHECK_STR(twisty_last_error_message(),
              "at position 0: unexpected end of state text (expected 12 top slots, '|', 12 bottom slots, '|', middle)");
}

/* ---- Ownership and the double-free guard ------------------------------------------------- */

static void free_functions_null_what_they_free_so_a_second_free_does_nothing(void) {
    twisty_sq1_tables_t *tables = NULL;
    twisty_sq1_database_t *db = NULL;
    twisty_sq1_solutions_t *it = NULL;
    twisty_sq1_solver_t *solver = NULL;
    twisty_cube3_solver_t *cube3 = NULL;
    twisty_cancel_token_t *token = NULL;

    CHECK_OK(twisty_sq1_tables_new(&tables));
    CHECK_OK(twisty_sq1_database_open(article_4, &db));
    CHECK_OK(twisty_sq1_database_solutions(db, ONE_TWIST, 10, &it));
    CHECK_OK(twisty_sq1_solver_open_existing(sq1_table, &solver));
    CHECK_OK(twisty_cube3_solver_open_existing(cube3_table, &cube3));
    CHECK_OK(twisty_cancel_token_new(&token));
    CHECK(tables && db && it && solver && cube3 && token);

    twisty_sq1_tables_free(&tables);
    twisty_sq1_database_free(&db);
    twisty_sq1_solver_free(&solver);
    twisty_cube3_solver_free(&cube3);
    twisty_cancel_token_free(&token);
    CHECK(!tables && !db && !solver && !cube3 && !token);
    /* the iterator keeps its database open by itself */
    bool found = false;
    twisty_sq1_database_solution_t s;
    CHECK_OK(twisty_sq1_solutions_next(it, &found, &s));
    CHECK(found && s.twists == 1);
    twisty_sq1_database_solution_free(&s);
    CHECK(s.wca == NULL && s.article == NULL);
    twisty_sq1_database_solution_free(&s);
    twisty_sq1_solutions_free(&it);
    CHECK(it == NULL);

    /* again through the same variables, and NULL itself: nothing happens */
    twisty_sq1_tables_free(&tables);
    twisty_sq1_database_free(&db);
    twisty_sq1_solutions_free(&it);
    twisty_sq1_solver_free(&solver);
    twisty_cube3_solver_free(&cube3);
    twisty_cancel_token_free(&token);
    twisty_sq1_tables_free(NULL);
    twisty_sq1_database_solution_free(NULL);
    twisty_string_free(NULL);

    /* a freed handle is NULL, and NULL is refused by name */
    uint64_t count;
    CHECK_FAILS(twisty_sq1_tables_count_shapes(tables, 0, &count), 7, "tables must not be null");

    /* arrays: read ptr and len, free through the address */
    twisty_sq1_database_t *small = NULL;
    slice_boxed_uint64_t levels;
    CHECK_OK(twisty_sq1_database_open(article_2, &small));
    CHECK_OK(twisty_sq1_database_level_counts(small, &levels));
    CHECK(levels.len == 2 && levels.ptr[0] == 1 && levels.ptr[1] == 32);
    twisty_u64_array_free(&levels);
    CHECK(levels.ptr == NULL);
    twisty_u64_array_free(&levels);
    twisty_sq1_database_free(&small);

    uint32_t const counts[] = {2, 1};
    slice_boxed_uint8_t perm;
    CHECK_OK(twisty_rank_unrank(counts, 2, (twisty_u128_t){.high = 0, .low = 2}, &perm));
    CHECK(perm.len == 3 && perm.ptr[0] == 1 && perm.ptr[1] == 0 && perm.ptr[2] == 0);
    twisty_u8_array_free(&perm);
    CHECK(perm.ptr == NULL);
    twisty_u8_array_free(&perm);
}

/* ---- One handle, 8 threads --------------------------------------------------------------- */

#define QUERIES 6

typedef struct {
    twisty_sq1_tables_t const *tables;
    twisty_sq1_database_t const *db;
    twisty_sq1_solver_t const *solver;
    twisty_cube3_solver_t const *cube3;
    char answers[QUERIES][4][256];
} shared_t;

static void answer(shared_t const *h, char out[QUERIES][4][256]) {
    for (int i = 0; i < QUERIES; i++) {
        char *state = NULL, *cube = NULL, *moves = NULL;
        uint32_t distance = 99;
        twisty_sq1_solver_solution_t s = {0};
        if (twisty_sq1_tables_random_state(h->tables, (uint64_t)i, SILVER, &state) == 0 &&
            twisty_sq1_database_distance(h->db, ONE_TWIST, &distance) == 0) {
            snprintf(out[i][0], 256, "%s", state);
            snprintf(out[i][1], 256, "%u", (unsigned)distance);
        }
        twisty_string_free(state);
        if (twisty_sq1_tables_random_state(h->tables, (uint64_t)i, SIX, &state) == 0 &&
            twisty_sq1_solver_solve_fast(h->solver, state, METRIC_TWIST, 0, 20000, 0, NULL, &s) == 0)
            snprintf(out[i][2], 256, "%s|%u", s.wca, (unsigned)s.length);
        twisty_sq1_solver_solution_free(&s);
        twisty_string_free(state);
        if (twisty_cube3_random((uint64_t)i, &cube) == 0 &&
            twisty_cube3_solver_solve(h->cube3, cube, 21, 0, NULL, &moves) == 0)
            snprintf(out[i][3], 256, "%s", moves);
        twisty_string_free(cube);
        twisty_string_free(moves);
    }
}

static void *answer_in_thread(void *arg) {
    shared_t const *h = arg;
    char (*mine)[4][256] = calloc(QUERIES, sizeof *mine);
    answer(h, mine);
    return mine;
}

static void one_handle_serves_8_threads_at_once_with_the_same_answers(void) {
    twisty_sq1_tables_t *tables = NULL;
    twisty_sq1_database_t *db = NULL;
    twisty_sq1_solver_t *solver = NULL;
    twisty_cube3_solver_t *cube3 = NULL;
    CHECK_OK(twisty_sq1_tables_new(&tables));
    CHECK_OK(twisty_sq1_database_open(article_4, &db));
    CHECK_OK(twisty_sq1_solver_open_existing(sq1_table, &solver));
    CHECK_OK(twisty_cube3_solver_open_existing(cube3_table, &cube3));
    if (!tables || !db || !solver || !cube3) return;
    static shared_t h;
    memset(&h, 0, sizeof h);
    h.tables = tables, h.db = db, h.solver = solver, h.cube3 = cube3;
    answer(&h, h.answers);
    CHECK_STR(h.answers[0][1], "1");
    CHECK(h.answers[QUERIES - 1][3][0] != '\0');

    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) threads[t] = start(answer_in_thread, &h);
    for (int t = 0; t < THREADS; t++) {
        char(*theirs)[4][256];
        pthread_join(threads[t], (void **)&theirs);
        for (int i = 0; i < QUERIES; i++)
            for (int k = 0; k < 4; k++) CHECK_STR(theirs[i][k], h.answers[i][k]);
        free(theirs);
    }
    twisty_sq1_tables_free(&tables);
    twisty_sq1_database_free(&db);
    twisty_sq1_solver_free(&solver);
    twisty_cube3_solver_free(&cube3);
}

typedef struct {
    twisty_sq1_solutions_t const *it;
    pthread_mutex_t lock;
    char seen[512][64];
    int count, errors;
} drain_t;

static void *drain(void *arg) {
    drain_t *d = arg;
    for (;;) {
        bool found = false;
        twisty_sq1_database_solution_t s;
        if (twisty_sq1_solutions_next(d->it, &found, &s) != 0) {
            pthread_mutex_lock(&d->lock);
            d->errors++;
            pthread_mutex_unlock(&d->lock);
            return NULL;
        }
        if (!found) return NULL;
        pthread_mutex_lock(&d->lock);
        if (d->count < 512) snprintf(d->seen[d->count], 64, "%s", s.wca);
        d->count++;
        pthread_mutex_unlock(&d->lock);
        twisty_sq1_database_solution_free(&s);
    }
}

static int by_text(void const *a, void const *b) { return strcmp(a, b); }

static void one_solutions_iterator_shared_by_8_threads_hands_out_each_solution_once(void) {
    char const *state = THREE_TWISTS; /* many shortest solutions */
    twisty_sq1_database_t *db = NULL;
    twisty_sq1_solutions_t *it = NULL;
    CHECK_OK(twisty_sq1_database_open(article_4, &db));
    static drain_t alone, shared;
    memset(&alone, 0, sizeof alone);
    memset(&shared, 0, sizeof shared);
    pthread_mutex_init(&alone.lock, NULL);
    pthread_mutex_init(&shared.lock, NULL);

    CHECK_OK(twisty_sq1_database_solutions(db, state, 500, &it));
    alone.it = it;
    drain(&alone);
    twisty_sq1_solutions_free(&it);

    CHECK_OK(twisty_sq1_database_solutions(db, state, 500, &it));
    shared.it = it;
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) threads[t] = start(drain, &shared);
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    twisty_sq1_solutions_free(&it);
    twisty_sq1_database_free(&db);

    CHECK(alone.count > 1 && alone.count < 512);
    CHECK_EQ(alone.errors + shared.errors, 0);
    CHECK_EQ(shared.count, alone.count);
    if (shared.count != alone.count || alone.count >= 512) return;
    qsort(alone.seen, (size_t)alone.count, sizeof alone.seen[0], by_text);
    qsort(shared.seen, (size_t)shared.count, sizeof shared.seen[0], by_text);
    for (int i = 0; i < alone.count; i++) CHECK_STR(shared.seen[i], alone.seen[i]);
}

/* ---- Progress ---------------------------------------------------------------------------- */

typedef struct {
    pthread_t caller;
    int reports, off_thread, bad;
    uint32_t max_level, first_level, last_level;
    char last_phase[128];
} progress_log_t;

static void record_progress(void *user_data, twisty_progress_t const *r) {
    progress_log_t *log = user_data;
    if (!pthread_equal(pthread_self(), log->caller)) log->off_thread++;
    if (r->phase == NULL || r->phase[0] == '\0' || (!r->has_eta && r->eta_ns != 0)) log->bad++;
    if (log->reports == 0) log->first_level = r->level;
    if (r->level > log->max_level) log->max_level = r->level;
    log->last_level = r->level;
    snprintf(log->last_phase, sizeof log->last_phase, "%s", r->phase);
    log->reports++;
}

/* Log records, from any thread. */
typedef struct {
    pthread_mutex_t lock;
    int records, above_level, from_db;
    int32_t level;
    char first_message[256];
} log_sink_t;

static void record_log(void *user_data, int32_t level, char const *target, char const *message) {
    log_sink_t *sink = user_data;
    pthread_mutex_lock(&sink->lock);
    if (sink->records++ == 0) snprintf(sink->first_message, sizeof sink->first_message, "%s", message);
    if (level < 1 || level > sink->level) sink->above_level++;
    if (strncmp(target, "twisty::sq1::db", 15) == 0) sink->from_db++;
    pthread_mutex_unlock(&sink->lock);
}

static void a_small_database_build_reports_progress_on_the_calling_thread_and_logs_at_info(void) {
    char const *dir = temp_dir("twisty-c-test");
    char *path = path_of(dir, "article-3.db"), *quiet = path_of(dir, "article-2.db");

    static log_sink_t sink;
    memset(&sink, 0, sizeof sink);
    pthread_mutex_init(&sink.lock, NULL);
    sink.level = LOG_INFO;
    CHECK_OK(twisty_set_logger(record_log, &sink, LOG_INFO));
    progress_log_t log = {.caller = pthread_self()};
    CHECK_OK(twisty_sq1_database_build(path, ARTICLE_VARIANT, 3, 0, record_progress, &log, NULL));
    CHECK_OK(twisty_set_logger(NULL, NULL, LOG_OFF));

    CHECK(log.reports > 0);
    CHECK_EQ(log.off_thread, 0);
    CHECK_EQ(log.bad, 0);
    CHECK_EQ(log.max_level, 3);
    CHECK(sink.records > 0);
    CHECK_EQ(sink.above_level, 0);
    CHECK_EQ(sink.from_db, sink.records);
    CHECK(strstr(sink.first_message, "building the article database into ") == sink.first_message);

    twisty_sq1_database_t *db = NULL;
    slice_boxed_uint64_t levels = {0};
    bool full = true;
    int32_t variant = -1;
    CHECK_OK(twisty_sq1_database_open(path, &db));
    CHECK_OK(twisty_sq1_database_level_counts(db, &levels));
    CHECK(levels.len == 3 && levels.ptr[0] == 1 && levels.ptr[1] == 32 && levels.ptr[2] == 536);
    CHECK_OK(twisty_sq1_database_is_full(db, &full));
    CHECK(!full);
    CHECK_OK(twisty_sq1_database_variant(db, &variant));
    CHECK_EQ(variant, ARTICLE_VARIANT);
    CHECK_OK(twisty_sq1_database_verify(db));
    twisty_u64_array_free(&levels);
    twisty_sq1_database_free(&db);

    /* At warn, a build that goes well logs nothing. */
    memset(&sink, 0, sizeof sink);
    pthread_mutex_init(&sink.lock, NULL);
    sink.level = LOG_WARN;
    CHECK_OK(twisty_set_logger(record_log, &sink, LOG_WARN));
    CHECK_OK(twisty_sq1_database_build(quiet, ARTICLE_VARIANT, 2, 0, NULL, NULL, NULL));
    CHECK_OK(twisty_set_logger(NULL, NULL, LOG_OFF));
    CHECK_EQ(sink.records, 0);
    remove_tree(dir);
    free(path);
    free(quiet);
}

static void a_search_reports_each_depth_on_the_calling_thread(void) {
    twisty_sq1_solver_t *solver = NULL;
    CHECK_OK(twisty_sq1_solver_open_existing(sq1_table, &solver));
    char *state = NULL;
    CHECK_OK(twisty_sq1_apply(SOLVED, "(1,0)/ (3,3)/ (-1,0)/", WCA, &state));
    progress_log_t log = {.caller = pthread_self()};
    twisty_sq1_solver_solution_t s = {0};
    CHECK_OK(twisty_sq1_solver_solve(solver, state, METRIC_TWIST, 0, record_progress, &log, NULL, &s));
    CHECK(log.reports > 0);
    CHECK_EQ(log.off_thread, 0);
    CHECK_EQ(log.bad, 0);
    /* one report per depth, the last one at the solution's length */
    CHECK_EQ(log.last_level - log.first_level + 1, log.reports);
    CHECK_EQ(log.last_level, s.length);
    char want[64];
    snprintf(want, sizeof want, "solution of length %u (twist)", (unsigned)s.length);
    CHECK_STR(log.last_phase, want);
    twisty_sq1_solver_solution_free(&s);
    twisty_string_free(state);
    twisty_sq1_solver_free(&solver);
}

/* ---- Cancellation ------------------------------------------------------------------------ */

static void a_token_cancelled_before_a_long_call_fails_it_with_code_5(void) {
    twisty_cancel_token_t *token = NULL;
    twisty_sq1_solver_t *solver = NULL;
    twisty_cube3_solver_t *cube3 = NULL;
    bool cancelled = true;
    CHECK_OK(twisty_cancel_token_new(&token));
    CHECK_OK(twisty_cancel_token_is_cancelled(token, &cancelled));
    CHECK(!cancelled);
    CHECK_OK(twisty_cancel_token_cancel(token));
    CHECK_OK(twisty_cancel_token_is_cancelled(token, &cancelled));
    CHECK(cancelled);

    char const *dir = temp_dir("twisty-c-test");
    char *path = path_of(dir, "never.db");
    CHECK_FAILS(twisty_sq1_database_build(path, ARTICLE_VARIANT, 2, 0, NULL, NULL, token), 5,
                "database build cancelled before it started");
    CHECK(access(path, F_OK) != 0);
    remove_tree(dir);
    free(path);

    CHECK_OK(twisty_sq1_solver_open_existing(sq1_table, &solver));
    twisty_sq1_scramble_t hard = {0};
    twisty_sq1_solver_solution_t s;
    slice_boxed_twisty_sq1_solver_solution_t all;
    CHECK_OK(twisty_sq1_solver_scramble(solver, 0, &hard));
    CHECK_FAILS(twisty_sq1_solver_solve(solver, hard.state, METRIC_WCA, 0, NULL, NULL, token, &s), 5,
                "the search was cancelled");
    CHECK_FAILS(twisty_sq1_solver_solutions(solver, hard.state, METRIC_WCA, 3, 0, token, &all), 5,
                "the search was cancelled");
    CHECK_FAILS(twisty_sq1_solver_solve_fast(solver, hard.state, METRIC_TWIST, 0, 1000000, 0, token, &s), 5,
                "the search was cancelled");
    twisty_sq1_scramble_free(&hard);

    char *cube = NULL, *moves = NULL;
    CHECK_OK(twisty_cube3_solver_open_existing(cube3_table, &cube3));
    CHECK_OK(twisty_cube3_random(5, &cube));
    /* The two-phase search looks at the token between chunks of work, so a bound that no quick
     * search meets (16 moves: almost no random cube) shows the cancellation. */
    CHECK_FAILS(twisty_cube3_solver_solve(cube3, cube, 16, 0, token, &moves), 5, "the search was cancelled");
    /* the same call without the token succeeds: the handles are unharmed */
    CHECK_OK(twisty_cube3_solver_solve(cube3, cube, 21, 0, NULL, &moves));
    twisty_string_free(moves);
    twisty_string_free(cube);
    twisty_cube3_solver_free(&cube3);
    twisty_sq1_solver_free(&solver);
    twisty_cancel_token_free(&token);
}

/* The search's first progress report waits until another thread has cancelled the token, so
 * the search goes on only after the cancellation, whatever the machine's speed. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool reported, cancelled;
    twisty_cancel_token_t const *token;
    int reports;
} handshake_t;

static void wait_for_cancel(void *user_data, twisty_progress_t const *r) {
    handshake_t *h = user_data;
    (void)r;
    pthread_mutex_lock(&h->lock);
    h->reports++;
    h->reported = true;
    pthread_cond_broadcast(&h->changed);
    while (!h->cancelled) pthread_cond_wait(&h->changed, &h->lock);
    pthread_mutex_unlock(&h->lock);
}

static void *cancel_after_first_report(void *arg) {
    handshake_t *h = arg;
    pthread_mutex_lock(&h->lock);
    while (!h->reported) pthread_cond_wait(&h->changed, &h->lock);
    twisty_cancel_token_cancel(h->token);
    h->cancelled = true;
    pthread_cond_broadcast(&h->changed);
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

static void a_search_cancelled_from_another_thread_fails_with_code_5(void) {
    twisty_sq1_solver_t *solver = NULL;
    twisty_cancel_token_t *token = NULL;
    CHECK_OK(twisty_sq1_solver_open_existing(sq1_table, &solver));
    CHECK_OK(twisty_cancel_token_new(&token));
    twisty_sq1_scramble_t hard = {0};
    CHECK_OK(twisty_sq1_solver_scramble(solver, 0, &hard)); /* optimal WCA search: seconds */
    static handshake_t h;
    memset(&h, 0, sizeof h);
    pthread_mutex_init(&h.lock, NULL);
    pthread_cond_init(&h.changed, NULL);
    h.token = token;
    pthread_t canceller = start(cancel_after_first_report, &h);
    twisty_sq1_solver_solution_t s;
    CHECK_FAILS(twisty_sq1_solver_solve(solver, hard.state, METRIC_WCA, 0, wait_for_cancel, &h, token, &s), 5,
                "the search was cancelled");
    pthread_join(canceller, NULL);
    CHECK_EQ(h.reports, 1);
    twisty_sq1_scramble_free(&hard);
    twisty_cancel_token_free(&token);
    twisty_sq1_solver_free(&solver);
}

/* ---- Panics ------------------------------------------------------------------------------ */

static void a_panic_becomes_code_9_prints_nothing_and_leaves_the_library_usable(void) {
    /* stderr goes to a file for the call: the panic must not print anything */
    fflush(stderr);
    int saved = dup(2);
    FILE *captured = tmpfile();
    dup2(fileno(captured), 2);
    int32_t status = twisty_debug_panic("boom");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    fseek(captured, 0, SEEK_END);
    long printed = ftell(captured);
    fclose(captured);

    CHECK_EQ(status, TWISTY_STATUS_PANIC);
    CHECK_EQ(twisty_last_error_code(), 9);
    CHECK_EQ(twisty_last_error_position(), -1);
    CHECK_STR(twisty_last_error_message(), "debug panic requested: boom");
    CHECK_EQ(printed, 0);
    CHECK_FAILS(twisty_debug_panic(NULL), 7, "message must not be null");
    char *s = NULL;
    CHECK_OK(twisty_sq1_solved(SIX, &s));
    CHECK_STR(s, SOLVED);
    twisty_string_free(s);
}

/* ---- The logger -------------------------------------------------------------------------- */

#define OPENS 20

static _Thread_local int records_on_this_thread;
static atomic_int records_in_all;
static atomic_int foreign_records;

static void count_opens(void *user_data, int32_t level, char const *target, char const *message) {
    (void)user_data;
    if (level == LOG_DEBUG && strcmp(target, "twisty::sq1::db::query") == 0 && strncmp(message, "opened ", 7) == 0) {
        records_on_this_thread++;
        atomic_fetch_add(&records_in_all, 1);
    } else {
        atomic_fetch_add(&foreign_records, 1);
    }
}

static void *open_many(void *arg) {
    (void)arg;
    int failures = 0;
    records_on_this_thread = 0;
    for (int i = 0; i < OPENS; i++) {
        twisty_sq1_database_t *db = NULL;
        if (twisty_sq1_database_open(article_2, &db) != 0) failures++;
        twisty_sq1_database_free(&db);
    }
    return (void *)(intptr_t)(failures == 0 && records_on_this_thread == OPENS);
}

static void records_from_8_threads_at_once_all_arrive_and_levels_filter_them(void) {
    atomic_store(&records_in_all, 0);
    atomic_store(&foreign_records, 0);
    /* A database open logs one record at debug, on the opening thread. */
    CHECK_OK(twisty_set_logger(count_opens, NULL, LOG_DEBUG));
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) threads[t] = start(open_many, NULL);
    for (int t = 0; t < THREADS; t++) {
        void *ok;
        pthread_join(threads[t], &ok);
        CHECK(ok != NULL);
    }
    CHECK_EQ(atomic_load(&records_in_all), THREADS * OPENS);
    CHECK_EQ(atomic_load(&foreign_records), 0);

    /* info: the opens log nothing; a NULL callback: logging is off */
    CHECK_OK(twisty_set_logger(count_opens, NULL, LOG_INFO));
    open_many(NULL);
    CHECK_EQ(records_on_this_thread, 0);
    CHECK_OK(twisty_set_logger(NULL, NULL, LOG_DEBUG));
    open_many(NULL);
    CHECK_EQ(records_on_this_thread, 0);
    CHECK_EQ(atomic_load(&records_in_all), THREADS * OPENS);
    CHECK_EQ(atomic_load(&foreign_records), 0);
    CHECK_FAILS(twisty_set_logger(count_opens, NULL, 6), 6,
                "unknown log level 6 (0 = off, 1 = error, 2 = warn, 3 = info, 4 = debug, 5 = trace)");
    CHECK_FAILS(twisty_set_logger(count_opens, NULL, -1), 6,
                "unknown log level -1 (0 = off, 1 = error, 2 = warn, 3 = info, 4 = debug, 5 = trace)");
}

/* ---- What ships -------------------------------------------------------------------------- */

static void the_shipped_library_exports_the_api_and_no_test_hook(void) {
    void *lib = library_open(shipped_library);
    CHECK(lib != NULL);
    if (!lib) {
        fprintf(stderr, "  %s\n", library_error());
        return;
    }
    CHECK(library_symbol(lib, "twisty_sq1_solved") != NULL);
    CHECK(library_symbol(lib, "twisty_set_logger") != NULL);
    CHECK(library_symbol(lib, "twisty_debug_panic") == NULL);
    library_close(lib);
}

static void free_db_file_names(void) {
    free(article_2);
    free(article_4);
    free(sq1_table);
    free(cube3_table);
}

void api_tests(void) {
    name_db_files();
    run_test("status names are the engine codes", status_names_are_the_engine_codes);
    run_test("null arguments of every kind are code 7 naming the parameter",
             null_arguments_of_every_kind_are_code_7_naming_the_parameter);
    run_test("the last error has code, message, position and is cleared by the next call",
             the_last_error_has_code_message_position_and_is_cleared_by_the_next_call);
    run_test("the last error is per thread", the_last_error_is_per_thread);
    run_test("free functions NULL what they free, so a second free does nothing",
             free_functions_null_what_they_free_so_a_second_free_does_nothing);
    run_test("one handle serves 8 threads at once with the same answers",
             one_handle_serves_8_threads_at_once_with_the_same_answers);
    run_test("one solutions iterator shared by 8 threads hands out each solution once",
             one_solutions_iterator_shared_by_8_threads_hands_out_each_solution_once);
    run_test("a small database build reports progress on the calling thread and logs at info",
             a_small_database_build_reports_progress_on_the_calling_thread_and_logs_at_info);
    run_test("a search reports each depth on the calling thread", a_search_reports_each_depth_on_the_calling_thread);
    run_test("a token cancelled before a long call fails it with code 5",
             a_token_cancelled_before_a_long_call_fails_it_with_code_5);
    run_test("a search cancelled from another thread fails with code 5",
             a_search_cancelled_from_another_thread_fails_with_code_5);
    run_test("a panic becomes code 9, prints nothing and leaves the library usable",
             a_panic_becomes_code_9_prints_nothing_and_leaves_the_library_usable);
    run_test("records from 8 threads at once all arrive and levels filter them",
             records_from_8_threads_at_once_all_arrive_and_levels_filter_them);
    run_test("the shipped library exports the API and no test hook", the_shipped_library_exports_the_api_and_no_test_hook);
    free_db_file_names();
}
