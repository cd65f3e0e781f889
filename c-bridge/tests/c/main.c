/*
 * The C test program of twisty: replays the shared vectors (vectors.c) and tests the C API's
 * own contracts (api.c), then prints "N passed, N failed" and exits non-zero on any failure.
 *
 *     c-tests REPO_ROOT SHIPPED_LIBRARY
 *
 * It is linked to libtwisty_c_testhooks (every export of libtwisty_c plus the test hooks).
 * TWISTY_DB_DIR overrides where the vector databases are (default REPO_ROOT/build/vector-dbs);
 * with TWISTY_TRANSCRIPT_DIR set, the vector replay writes its transcript c.txt there.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "portable.h"

char const *repo_root;
char const *db_dir;
char const *shipped_library;

static int passed, failed, failures_in_test;
static char const *current_test;

char *path_of(char const *dir, char const *name) {
    char *path;
    if (asprintf(&path, "%s/%s", dir, name) < 0) abort();
    return path;
}

void check_failed(char const *file, int line, char const *format, ...) {
    va_list args;
    failures_in_test++;
    fprintf(stderr, "FAILED %s (%s:%d): ", current_test ? current_test : "?", file, line);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

void count_result(bool ok) {
    if (ok) {
        passed++;
    } else {
        failed++;
    }
}

void check_exported(char const *const *names, size_t count) {
    void *lib = library_open(shipped_library);
    CHECK(lib != NULL);
    if (!lib) return;
    for (size_t i = 0; i < count; i++) {
        if (library_symbol(lib, names[i]) == NULL) check_failed(__FILE__, __LINE__, "%s is not exported", names[i]);
    }
    library_close(lib);
}

void run_test(char const *name, void (*test)(void)) {
    current_test = name;
    failures_in_test = 0;
    test();
    count_result(failures_in_test == 0);
    current_test = NULL;
}

int main(int argc, char **argv) {
    static char root[PATH_MAX];
    if (argc != 3) {
        fprintf(stderr, "usage: %s REPO_ROOT SHIPPED_LIBRARY\n", argv[0]);
        return 2;
    }
    /* Anti-hang only: far above what the suite needs. */
    exit_after(1200);
    if (!absolute_path(argv[1], root, sizeof root)) {
        perror(argv[1]);
        return 2;
    }
    repo_root = root;
    shipped_library = argv[2];
    char const *env = getenv("TWISTY_DB_DIR");
    char *dbs = env && *env ? strdup(env) : path_of(root, "build/vector-dbs");
    db_dir = dbs;

    vector_tests();
    api_tests();
    optimal_tests();
    bridges_tests();
    steps_tests();

    free(dbs);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
