/*
 * The C API's freeing and logging contracts of issue 35: a freed array is all zero (`ptr` NULL,
 * `len` 0), and a log callback that calls `twisty_set_logger` gets an error instead of a
 * deadlock.
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define LOG_OFF 0
#define LOG_ERROR 1

/* ---- Freed arrays ------------------------------------------------------------------------ */

static void a_freed_array_leaves_ptr_null_and_len_0(void) {
    uint32_t const counts[] = {2, 1};
    slice_boxed_uint8_t perm;
    CHECK_OK(twisty_rank_unrank(counts, 2, (twisty_u128_t){.high = 0, .low = 2}, &perm));
    CHECK(perm.ptr != NULL && perm.len == 3);
    twisty_u8_array_free(&perm);
    CHECK(perm.ptr == NULL);
    CHECK_EQ(perm.len, 0);
    twisty_u8_array_free(&perm);
    CHECK(perm.ptr == NULL);
    CHECK_EQ(perm.len, 0);
}

static void freed_optimal_solutions_leave_ptr_null_and_len_0(void) {
    char *table = path_of(db_dir, "cube3-optimal-h0.tbl");
    twisty_cube3_optimal_t *solver = NULL;
    CHECK_OK(twisty_cube3_optimal_open_existing(table, 0, &solver));
    free(table);
    if (solver == NULL) return;
    char *cube = NULL;
    CHECK_OK(twisty_cube3_apply("ABCDEFGH=ABCDEFGHIJKL=A", "R U", &cube));
    twisty_cube3_optimal_solutions_t found = {0};
    /* every optimal solution of a two-move cube: more than one array element to free */
    CHECK_OK(twisty_cube3_optimal_solve(solver, cube, 0, 20, 100, 1, 0, NULL, NULL, NULL, &found));
    CHECK(found.solutions.ptr != NULL && found.solutions.len >= 1);
    CHECK_EQ(found.length, 2);
    twisty_cube3_optimal_solutions_free(&found);
    CHECK(found.solutions.ptr == NULL);
    CHECK_EQ(found.solutions.len, 0);
    twisty_cube3_optimal_solutions_free(&found);
    CHECK(found.solutions.ptr == NULL);
    CHECK_EQ(found.solutions.len, 0);
    twisty_string_free(cube);
    twisty_cube3_optimal_free(&solver);
}

/* ---- A logger that changes the logger ---------------------------------------------------- */

typedef struct {
    atomic_int records;
    int32_t status;
    char message[512];
} reentry_t;

static void change_the_logger_from_inside(void *user_data, int32_t level, char const *target,
                                          char const *message) {
    (void)level, (void)target, (void)message;
    reentry_t *r = user_data;
    if (atomic_fetch_add(&r->records, 1) == 0) {
        /* Would wait for this very callback to return: refused at once. */
        r->status = twisty_set_logger(NULL, NULL, LOG_OFF);
        snprintf(r->message, sizeof r->message, "%s", twisty_last_error_message());
    }
}

static void a_log_callback_that_calls_set_logger_gets_code_6_and_logging_goes_on(void) {
    reentry_t r = {.status = -1};
    CHECK_OK(twisty_set_logger(change_the_logger_from_inside, &r, LOG_ERROR));
    /* A panic is logged at error level, on the calling thread. */
    CHECK_EQ(twisty_debug_panic("first record"), 9);
    CHECK_EQ(atomic_load(&r.records), 1);
    CHECK_EQ(r.status, 6);
    CHECK_STR(r.message,
              "the logger cannot be changed from inside a log callback (the change waits for every "
              "callback to return, this one included); change it from outside the callback");
    /* Nothing changed, and the next record is delivered (no deadlock). */
    CHECK_EQ(twisty_debug_panic("second record"), 9);
    CHECK_EQ(atomic_load(&r.records), 2);
    /* From outside a callback, the change is allowed. */
    CHECK_OK(twisty_set_logger(NULL, NULL, LOG_OFF));
    CHECK_EQ(twisty_debug_panic("nobody listens"), 9);
    CHECK_EQ(atomic_load(&r.records), 2);
}

void bridges_tests(void) {
    run_test("a freed array leaves ptr NULL and len 0", a_freed_array_leaves_ptr_null_and_len_0);
    run_test("freed optimal solutions leave ptr NULL and len 0",
             freed_optimal_solutions_leave_ptr_null_and_len_0);
    run_test("a log callback that calls twisty_set_logger gets code 6 and logging goes on",
             a_log_callback_that_calls_set_logger_gets_code_6_and_logging_goes_on);
}
