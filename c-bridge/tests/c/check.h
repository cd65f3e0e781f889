/*
 * The C test program's small test framework, shared by vectors.c and api.c.
 *
 * A test is a function run by run_test(); CHECK* macros record a failure (with file, line and
 * what was expected) and let the test go on, so one run reports every broken expectation.
 */
#ifndef TWISTY_C_TESTS_CHECK_H
#define TWISTY_C_TESTS_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "twisty.h"

/* The test-only entry point of libtwisty_c_testhooks (deliberately not in twisty.h). */
int32_t twisty_debug_panic(char const *message);

/* Where the tests find their files: the repository root, the vector database directory. */
extern char const *repo_root;
extern char const *db_dir;
/* The shipped library (libtwisty_c.so), which must not export the test hooks. */
extern char const *shipped_library;

/* "dir/name", allocated (the caller frees it). */
char *path_of(char const *dir, char const *name);

void check_failed(char const *file, int line, char const *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Records a failure for each of `names` that the shipped library does not export. */
void check_exported(char const *const *names, size_t count);

/* Counts one finished test: passed unless it recorded a failure since it started. */
void run_test(char const *name, void (*test)(void));
/* Counts one test whose outcome the caller decided (a vector row). */
void count_result(bool passed);

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (!(cond)) check_failed(__FILE__, __LINE__, "%s", #cond);                            \
    } while (0)

#define CHECK_EQ(got, want)                                                                    \
    do {                                                                                       \
        long long got_ = (long long)(got), want_ = (long long)(want);                          \
        if (got_ != want_)                                                                     \
            check_failed(__FILE__, __LINE__, "%s is %lld, expected %lld", #got, got_, want_);  \
    } while (0)

#define CHECK_STR(got, want)                                                                   \
    do {                                                                                       \
        char const *got_ = (got), *want_ = (want);                                             \
        if (got_ == NULL || strcmp(got_, want_) != 0)                                          \
            check_failed(__FILE__, __LINE__, "%s is \"%s\", expected \"%s\"", #got,            \
                         got_ ? got_ : "(null)", want_);                                       \
    } while (0)

/* A call that must succeed; on failure the library's message is shown. */
#define CHECK_OK(call)                                                                         \
    do {                                                                                       \
        int32_t status_ = (call);                                                              \
        if (status_ != TWISTY_STATUS_OK)                                                       \
            check_failed(__FILE__, __LINE__, "%s failed with %d: %s", #call, (int)status_,      \
                         twisty_last_error_message());                                         \
    } while (0)

/* A call that must fail with `code` and exactly `message`. */
#define CHECK_FAILS(call, code, message)                                                       \
    do {                                                                                       \
        int32_t status_ = (call);                                                              \
        char const *message_ = twisty_last_error_message();                                    \
        if (status_ != (code) || twisty_last_error_code() != (code) ||                         \
            strcmp(message_, (message)) != 0)                                                  \
            check_failed(__FILE__, __LINE__, "%s gave %d \"%s\", expected %d \"%s\"", #call,    \
                         (int)status_, message_, (int)(code), (message));                      \
    } while (0)

/* The suites. */
void vector_tests(void);
void api_tests(void);
void optimal_tests(void);
void bridges_tests(void);
void steps_tests(void);

#endif
