/*
 * The 3x3x3 step solvers through the C API, beyond their vector rows: a whole fewest-moves
 * skeleton (EO, DR, HTR, finish) whose every step reaches its goal and whose end is the solved
 * cube, the NISS and variation constants, progress per length on the calling thread, a build
 * cancelled from inside its progress callback (no table file left), a foreign file refused and
 * left unchanged, the folders, NULL arguments, ownership and use after free, and one solver on a
 * fresh folder shared by several threads (its tables built under the engine's lock) giving the
 * answers of a solver in memory.
 *
 * Every folder with table files is a fresh temporary one: nothing depends on what the vector
 * replay built in $DB/steps.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "portable.h"

#define ONE_THREAD 1
#define TWO_THREADS 2
#define NO_MARGIN (-1)
#define NO_TIMEOUT 0
#define MAX_LENGTH 20

static char const SCRAMBLE[] = "R' U' F D2 L2 F R2 U2 R2 B D2 L F2 L' U F' R D' F2 L' U' R' U' F";

/* The steps of one skeleton, each continuing from the one before. */
#define STEPS 4
static char const *const SKELETON[STEPS] = {"eofb", "drud-eofb", "htr-drud", "drudfin"};

static pthread_t start_thread(void *(*body)(void *), void *arg) {
    pthread_t t;
    if (pthread_create(&t, NULL, body, arg) != 0) abort();
    return t;
}

/* Whether `dir` holds a file whose name contains `part`. */
static bool has_file(char const *dir, char const *part) {
    DIR *d = opendir(dir);
    bool found = false;
    if (!d) return false;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strstr(e->d_name, part)) found = true;
    closedir(d);
    return found;
}

static char *read_file(char const *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buffer[4096];
    size_t n = fread(buffer, 1, sizeof buffer - 1, f);
    fclose(f);
    buffer[n] = '\0';
    return strdup(buffer);
}

/* The cube a step continues from after `so_far` (NULL on failure, which is recorded). */
static char *position(char const *so_far) {
    char *cube = NULL;
    CHECK_OK(twisty_cube3_step_position(SCRAMBLE, so_far, &cube));
    return cube;
}

/* Whether the cube after `so_far` is already at `step`'s goal: its one solution of length 0 is
 * the empty one. A check independent of the search that found the moves. */
static bool at_goal(twisty_cube3_steps_t const *solver, char const *step, char const *so_far) {
    char *cube = position(so_far);
    slice_boxed_char_ptr_t found = {0};
    bool there = cube && twisty_cube3_steps_solve(solver, step, cube, TWISTY_NISS_NORMAL, 0, 0, 1, NO_MARGIN,
                                                  ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found) == 0 &&
                 found.len == 1 && found.ptr[0][0] == '\0';
    twisty_string_array_free(&found);
    twisty_string_free(cube);
    return there;
}

/* Solves the skeleton's steps one after another (the first solution of each), appending each
 * step's moves to `moves`; false at the first failure. */
static bool skeleton(twisty_cube3_steps_t const *solver, int32_t threads, char *moves, size_t size) {
    moves[0] = '\0';
    for (int i = 0; i < STEPS; i++) {
        char *cube = NULL;
        slice_boxed_char_ptr_t found = {0};
        bool ok = twisty_cube3_step_position(SCRAMBLE, moves, &cube) == 0 &&
                  twisty_cube3_steps_solve(solver, SKELETON[i], cube, TWISTY_NISS_NORMAL, 0, MAX_LENGTH, 1, NO_MARGIN,
                                           threads, NO_TIMEOUT, NULL, NULL, NULL, &found) == 0 &&
                  found.len == 1;
        if (ok) {
            size_t len = strlen(moves);
            snprintf(moves + len, size - len, "%s%s", len && found.ptr[0][0] ? " " : "", found.ptr[0]);
        }
        twisty_string_array_free(&found);
        twisty_string_free(cube);
        if (!ok) return false;
    }
    return true;
}

/* ---- Solutions --------------------------------------------------------------------------- */

static void a_skeleton_reaches_each_steps_goal_and_solves_the_cube(void) {
    twisty_cube3_steps_t *solver = NULL;
    CHECK_OK(twisty_cube3_steps_in_memory(&solver));
    char moves[1024] = "";
    CHECK(skeleton(solver, ONE_THREAD, moves, sizeof moves));
    /* each step's goal holds once its moves are made, not before */
    CHECK(!at_goal(solver, SKELETON[0], ""));
    char so_far[1024] = "";
    for (int i = 0; i < STEPS; i++) {
        char *cube = position(so_far);
        slice_boxed_char_ptr_t found = {0};
        CHECK_OK(twisty_cube3_steps_solve(solver, SKELETON[i], cube, TWISTY_NISS_NORMAL, 0, MAX_LENGTH, 1, NO_MARGIN,
                                          ONE_THREAD, NO_TIMEOUT, NULL, NULL, NULL, &found));
        if (found.len == 1) {
            size_t len = strlen(so_far);
            snprintf(so_far + len, sizeof so_far - len, "%s%s", len ? " " : "", found.ptr[0]);
            CHECK(at_goal(solver, SKELETON[i], so_far));
        }
        twisty_string_array_free(&found);
        twisty_string_free(cube);
    }
    CHECK_STR(so_far, moves);
    char *end = position(moves);
    bool solved = false;
    CHECK_OK(twisty_cube3_is_solved(end, &solved));
    CHECK(solved);
    twisty_string_free(end);
    twisty_cube3_steps_free(&solver);
}

/* Every solution of every NISS mode, from either side, reaches EO, each once. */
static void every_niss_solution_reaches_the_goal(void) {
    twisty_cube3_steps_t *solver = NULL;
    CHECK_OK(twisty_cube3_steps_in_memory(&solver));
    char *cube = position("");
    slice_boxed_char_ptr_t normal = {0}, mixed = {0};
    CHECK_OK(twisty_cube3_steps_solve(solver, "eofb", cube, TWISTY_NISS_NORMAL, 0, 5, 1000, NO_MARGIN, TWO_THREADS,
                                      NO_TIMEOUT, NULL, NULL, NULL, &normal));
    CHECK_OK(twisty_cube3_steps_solve(solver, "eofb", cube, TWISTY_NISS_MIXED, 0, 5, 1000, NO_MARGIN, TWO_THREADS,
                                      NO_TIMEOUT, NULL, NULL, NULL, &mixed));
    CHECK(normal.len >= 1 && mixed.len >= 1);
    for (size_t i = 0; i < normal.len; i++) {
        CHECK(at_goal(solver, "eofb", normal.ptr[i]));
        CHECK(strchr(normal.ptr[i], '(') == NULL);
    }
    bool some_inverse = false;
    for (size_t i = 0; i < mixed.len; i++) {
        CHECK(at_goal(solver, "eofb", mixed.ptr[i]));
        if (strchr(mixed.ptr[i], '(')) some_inverse = true;
        uint32_t n = 0;
        CHECK_OK(twisty_cube3_moves_count(mixed.ptr[i], &n));
        CHECK(n <= 5);
        /* each solution once */
        for (size_t j = 0; j < i; j++) {
            bool same = true;
            CHECK_OK(twisty_cube3_moves_same(mixed.ptr[i], mixed.ptr[j], &same));
            CHECK(!same);
        }
    }
    CHECK(some_inverse);
    /* a mode the step cannot use, and a code that names no mode */
    slice_boxed_char_ptr_t none = {0};
    CHECK_EQ(twisty_cube3_steps_solve(solver, "drudfin", cube, TWISTY_NISS_MIXED, 0, 5, 1, NO_MARGIN, ONE_THREAD,
                                      NO_TIMEOUT, NULL, NULL, NULL, &none),
             TWISTY_STATUS_INVALID_ARGUMENT);
    CHECK_EQ(twisty_cube3_steps_solve(solver, "eofb", cube, TWISTY_NISS_ALL + 1, 0, 5, 1, NO_MARGIN, ONE_THREAD,
                                      NO_TIMEOUT, NULL, NULL, NULL, &none),
             TWISTY_STATUS_INVALID_ARGUMENT);
    CHECK(none.ptr == NULL);
    twisty_string_array_free(&normal);
    twisty_string_array_free(&mixed);
    twisty_string_free(cube);
    twisty_cube3_steps_free(&solver);
}

/* unniss gives one plain sequence of as many moves; lastqt varies the last quarter turns only,
 * the sequence itself first. */
static void variations_keep_the_sequence_they_vary(void) {
    char const *moves = "F R L (B)";
    slice_boxed_char_ptr_t plain = {0}, last = {0};
    CHECK_OK(twisty_cube3_variations(moves, TWISTY_VARIATION_UNNISS, &plain));
    CHECK_OK(twisty_cube3_variations(moves, TWISTY_VARIATION_LASTQT, &last));
    CHECK_EQ(plain.len, 1);
    CHECK(last.len > 1);
    uint32_t count = 0, n = 0;
    CHECK_OK(twisty_cube3_moves_count(moves, &count));
    if (plain.len == 1) {
        CHECK(strchr(plain.ptr[0], '(') == NULL);
        CHECK_OK(twisty_cube3_moves_count(plain.ptr[0], &n));
        CHECK_EQ(n, count);
    }
    for (size_t i = 0; i < last.len; i++) {
        CHECK_OK(twisty_cube3_moves_count(last.ptr[i], &n));
        CHECK_EQ(n, count);
        CHECK(strncmp(last.ptr[i], "F R", 3) == 0); /* F is no last quarter turn of its part */
    }
    if (last.len > 1) CHECK_STR(last.ptr[0], moves);
    CHECK_FAILS(twisty_cube3_variations(moves, 2, &plain), 6, "unknown variation 2 (0 = unniss, 1 = lastqt)");
    twisty_string_array_free(&plain);
    twisty_string_array_free(&last);
}

/* ---- Progress and cancellation ----------------------------------------------------------- */

typedef struct {
    pthread_t caller;
    int lengths, builds, off_thread, out_of_order;
    uint32_t last_level;
    uint64_t last_found;
    twisty_cancel_token_t const *cancel; /* cancelled at the first report when set */
} reports_t;

static void record(void *user_data, twisty_progress_t const *r) {
    reports_t *p = user_data;
    if (!pthread_equal(pthread_self(), p->caller)) p->off_thread++;
    if (p->cancel) twisty_cancel_token_cancel(p->cancel);
    if (r->phase && strncmp(r->phase, "length ", 7) == 0) {
        if (p->lengths && (r->level != p->last_level + 1 || r->found < p->last_found)) p->out_of_order++;
        p->lengths++;
        p->last_level = r->level;
        p->last_found = r->found;
    } else {
        p->builds++;
    }
}

static void a_solve_reports_each_length_on_the_calling_thread(void) {
    char const *dir = temp_dir("twisty-c-steps");
    twisty_cube3_steps_t *solver = NULL;
    CHECK_OK(twisty_cube3_steps_open(dir, &solver));
    char *cube = position("");
    reports_t p = {.caller = pthread_self()};
    slice_boxed_char_ptr_t found = {0};
    /* the first solve builds the EO family's file (reports), then searches lengths 1 to 5 */
    CHECK_OK(twisty_cube3_steps_solve(solver, "eofb", cube, TWISTY_NISS_NORMAL, 0, 5, 1000, NO_MARGIN, TWO_THREADS,
                                      NO_TIMEOUT, record, &p, NULL, &found));
    CHECK(p.builds >= 1);
    CHECK_EQ(p.lengths, 5);
    CHECK_EQ(p.last_level, 5);
    CHECK_EQ(p.last_found, found.len);
    CHECK_EQ(p.off_thread, 0);
    CHECK_EQ(p.out_of_order, 0);
    twisty_string_array_free(&found);
    /* the file is there now: a second solve builds nothing */
    reports_t again = {.caller = pthread_self()};
    CHECK_OK(twisty_cube3_steps_solve(solver, "eoud", cube, TWISTY_NISS_NORMAL, 0, 3, 1, NO_MARGIN, ONE_THREAD,
                                      NO_TIMEOUT, record, &again, NULL, &found));
    CHECK_EQ(again.builds, 0);
    CHECK_EQ(again.lengths, 3);
    twisty_string_array_free(&found);
    twisty_string_free(cube);
    twisty_cube3_steps_free(&solver);
    remove_tree(dir);
}

static void a_build_cancelled_from_its_progress_leaves_no_table_file(void) {
    char const *dir = temp_dir("twisty-c-steps");
    twisty_cube3_steps_t *solver = NULL;
    twisty_cancel_token_t *token = NULL;
    CHECK_OK(twisty_cube3_steps_open(dir, &solver));
    CHECK_OK(twisty_cancel_token_new(&token));
    reports_t p = {.caller = pthread_self(), .cancel = token};
    CHECK_EQ(twisty_cube3_steps_prepare(solver, "drud", record, &p, token), TWISTY_STATUS_CANCELLED);
    CHECK_EQ(twisty_last_error_code(), TWISTY_STATUS_CANCELLED);
    CHECK(p.builds >= 1);
    CHECK(!has_file(dir, ".tbl"));
    /* the same call with the token cancelled before: refused before any report */
    reports_t before = {.caller = pthread_self()};
    CHECK_EQ(twisty_cube3_steps_prepare(solver, "drud", record, &before, token), TWISTY_STATUS_CANCELLED);
    CHECK_EQ(before.builds, 0);
    CHECK(!has_file(dir, ".tbl"));
    /* and a solve, whose search looks at the token too */
    char *cube = position("");
    slice_boxed_char_ptr_t found = {0};
    CHECK_EQ(twisty_cube3_steps_solve(solver, "eofb", cube, TWISTY_NISS_NORMAL, 0, 5, 1, NO_MARGIN, ONE_THREAD,
                                      NO_TIMEOUT, NULL, NULL, token, &found),
             TWISTY_STATUS_CANCELLED);
    CHECK(found.ptr == NULL);
    CHECK(!has_file(dir, ".tbl"));
    /* the solver is unharmed: without the token the tables are built and saved */
    CHECK_OK(twisty_cube3_steps_prepare(solver, "drud", NULL, NULL, NULL));
    CHECK(has_file(dir, ".tbl"));
    twisty_string_free(cube);
    twisty_cancel_token_free(&token);
    twisty_cube3_steps_free(&solver);
    remove_tree(dir);
}

/* ---- Files and folders ------------------------------------------------------------------- */

static void a_foreign_file_is_refused_and_left_unchanged(void) {
    char const *dir = temp_dir("twisty-c-steps");
    char *folder = strdup(dir), path[1024];
    /* the engine names the file as it joins it to the folder: with the platform's separator */
    snprintf(path, sizeof path, "%s%c%s", folder, PATH_SEPARATORS[0], "cube3-step-eo-v1.tbl");
    char const notes[] = "a user's notes, not a table\n";
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f) abort();
    fputs(notes, f);
    fclose(f);
    twisty_cube3_steps_t *solver = NULL;
    CHECK_OK(twisty_cube3_steps_open(folder, &solver));
    char want[2048];
    snprintf(want, sizeof want,
             "3x3x3 step table file (eo) %s: not a twisty 3x3x3 step table file (eo) (bad magic); it was left alone "
             "(remove it, or choose another path)",
             path);
    CHECK_FAILS(twisty_cube3_steps_prepare(solver, "eofb", NULL, NULL, NULL), 4, want);
    char *cube = position("");
    slice_boxed_char_ptr_t found = {0};
    CHECK_FAILS(twisty_cube3_steps_solve(solver, "eorl", cube, TWISTY_NISS_NORMAL, 0, 5, 1, NO_MARGIN, ONE_THREAD,
                                         NO_TIMEOUT, NULL, NULL, NULL, &found),
                4, want);
    CHECK(found.ptr == NULL);
    char *now = read_file(path);
    CHECK(now != NULL && strcmp(now, notes) == 0);
    free(now);
    /* another family's file is built beside it */
    CHECK_OK(twisty_cube3_steps_prepare(solver, "drud", NULL, NULL, NULL));
    twisty_string_free(cube);
    twisty_cube3_steps_free(&solver);
    remove_tree(folder);
    free(folder);
}

static void the_folders(void) {
    char *default_folder = NULL, *folder = NULL;
    twisty_cube3_steps_t *solver = NULL;
    CHECK_OK(twisty_cube3_steps_default_folder(&default_folder));
    CHECK(default_folder && default_folder[0] != '\0');
    /* "" is the default folder; nothing is created or read at open */
    CHECK_OK(twisty_cube3_steps_open("", &solver));
    CHECK_OK(twisty_cube3_steps_folder(solver, &folder));
    if (folder && default_folder) CHECK_STR(folder, default_folder);
    twisty_string_free(folder);
    twisty_cube3_steps_free(&solver);
    CHECK_OK(twisty_cube3_steps_in_memory(&solver));
    CHECK_OK(twisty_cube3_steps_folder(solver, &folder));
    CHECK_STR(folder, "");
    twisty_string_free(folder);
    twisty_cube3_steps_free(&solver);
    /* a file where the folder belongs: the open is fine, the first use refuses it */
    char const *dir = temp_dir("twisty-c-steps");
    char *notes = path_of(dir, "notes.txt");
    FILE *f = fopen(notes, "wb");
    CHECK(f != NULL);
    if (f) fclose(f);
    CHECK_OK(twisty_cube3_steps_open(notes, &solver));
    CHECK_OK(twisty_cube3_steps_folder(solver, &folder));
    CHECK_STR(folder, notes);
    CHECK_EQ(twisty_cube3_steps_prepare(solver, "eofb", NULL, NULL, NULL), TWISTY_STATUS_DATABASE);
    twisty_string_free(folder);
    twisty_cube3_steps_free(&solver);
    remove_tree(dir);
    free(notes);
    twisty_string_free(default_folder);
}

/* ---- Arguments and ownership ------------------------------------------------------------- */

static void null_arguments_are_code_7_naming_the_parameter(void) {
    twisty_cube3_steps_t *solver = NULL, *none = NULL;
    CHECK_OK(twisty_cube3_steps_in_memory(&solver));
    char *s = NULL;
    uint32_t n = 0;
    bool b = false;
    slice_boxed_char_ptr_t list = {0};
    char const *cube = "ABCDEFGH=ABCDEFGHIJKL=A";
    CHECK_FAILS(twisty_cube3_steps_open(NULL, &none), 7, "folder must not be null");
    CHECK_FAILS(twisty_cube3_steps_open("", NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_steps_in_memory(NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_steps_default_folder(NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_steps_folder(NULL, &s), 7, "solver must not be null");
    CHECK_FAILS(twisty_cube3_steps_folder(solver, NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_steps_prepare(NULL, "eofb", NULL, NULL, NULL), 7, "solver must not be null");
    CHECK_FAILS(twisty_cube3_steps_prepare(solver, NULL, NULL, NULL, NULL), 7, "step must not be null");
    CHECK_FAILS(twisty_cube3_steps_solve(NULL, "eofb", cube, 0, 0, 5, 1, -1, 1, 0, NULL, NULL, NULL, &list), 7,
                "solver must not be null");
    CHECK_FAILS(twisty_cube3_steps_solve(solver, NULL, cube, 0, 0, 5, 1, -1, 1, 0, NULL, NULL, NULL, &list), 7,
                "step must not be null");
    CHECK_FAILS(twisty_cube3_steps_solve(solver, "eofb", NULL, 0, 0, 5, 1, -1, 1, 0, NULL, NULL, NULL, &list), 7,
                "cube must not be null");
    CHECK_FAILS(twisty_cube3_steps_solve(solver, "eofb", cube, 0, 0, 5, 1, -1, 1, 0, NULL, NULL, NULL, NULL), 7,
                "out must not be null");
    CHECK_FAILS(twisty_cube3_step_names(NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_step_describe(NULL, &s), 7, "step must not be null");
    CHECK_FAILS(twisty_cube3_step_describe("eofb", NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_step_position(NULL, "", &s), 7, "scramble must not be null");
    CHECK_FAILS(twisty_cube3_step_position("", NULL, &s), 7, "moves must not be null");
    CHECK_FAILS(twisty_cube3_moves_count(NULL, &n), 7, "moves must not be null");
    CHECK_FAILS(twisty_cube3_moves_count("R", NULL), 7, "out must not be null");
    CHECK_FAILS(twisty_cube3_moves_same(NULL, "R", &b), 7, "a must not be null");
    CHECK_FAILS(twisty_cube3_moves_same("R", NULL, &b), 7, "b must not be null");
    CHECK_FAILS(twisty_cube3_variations(NULL, TWISTY_VARIATION_UNNISS, &list), 7, "moves must not be null");
    CHECK_FAILS(twisty_cube3_step_describe("eofb\xff", &s), 6, "step is not valid UTF-8");
    CHECK(none == NULL && s == NULL && list.ptr == NULL);
    twisty_cube3_steps_free(&solver);
}

static void a_freed_solver_is_null_and_refused_by_name(void) {
    twisty_cube3_steps_t *solver = NULL;
    CHECK_OK(twisty_cube3_steps_in_memory(&solver));
    slice_boxed_char_ptr_t names = {0};
    CHECK_OK(twisty_cube3_step_names(&names));
    CHECK(names.len > STEPS);
    /* every name is described, and the free functions leave the last error alone */
    for (size_t i = 0; i < names.len; i++) {
        char *line = NULL;
        CHECK_OK(twisty_cube3_step_describe(names.ptr[i], &line));
        CHECK(line && line[0] != '\0');
        twisty_string_free(line);
    }
    char *line = NULL;
    CHECK_EQ(twisty_cube3_step_describe("dr", &line), TWISTY_STATUS_INVALID_ARGUMENT);
    twisty_string_array_free(&names);
    CHECK(names.ptr == NULL);
    CHECK_EQ(names.len, 0);
    twisty_string_array_free(&names);
    twisty_string_array_free(NULL);
    twisty_cube3_steps_free(&solver);
    CHECK(solver == NULL);
    twisty_cube3_steps_free(&solver);
    twisty_cube3_steps_free(NULL);
    CHECK_EQ(twisty_last_error_code(), TWISTY_STATUS_INVALID_ARGUMENT);
    /* a freed handle is NULL, and NULL is refused by name */
    slice_boxed_char_ptr_t found = {0};
    CHECK_FAILS(twisty_cube3_steps_solve(solver, "eofb", "ABCDEFGH=ABCDEFGHIJKL=A", 0, 0, 5, 1, -1, 1, 0, NULL, NULL,
                                         NULL, &found),
                7, "solver must not be null");
    CHECK_FAILS(twisty_cube3_steps_prepare(solver, "eofb", NULL, NULL, NULL), 7, "solver must not be null");
    CHECK_FAILS(twisty_cube3_steps_folder(solver, &line), 7, "solver must not be null");
}

/* ---- One solver, several threads --------------------------------------------------------- */

#define SHARERS 4

typedef struct {
    twisty_cube3_steps_t const *solver;
    int32_t threads;
    bool ok;
    char moves[1024];
} skeleton_t;

static void *solve_skeleton(void *arg) {
    skeleton_t *s = arg;
    s->ok = skeleton(s->solver, s->threads, s->moves, sizeof s->moves);
    return NULL;
}

static void one_solver_on_a_fresh_folder_serves_several_threads_with_the_same_answers(void) {
    twisty_cube3_steps_t *memory = NULL, *shared = NULL;
    CHECK_OK(twisty_cube3_steps_in_memory(&memory));
    static skeleton_t mine, theirs[SHARERS];
    mine = (skeleton_t){.solver = memory, .threads = ONE_THREAD};
    solve_skeleton(&mine);
    CHECK(mine.ok);
    char const *dir = temp_dir("twisty-c-steps");
    char *folder = strdup(dir);
    CHECK_OK(twisty_cube3_steps_open(folder, &shared));
    /* the threads start together on a folder without tables: the first to need a family builds
     * its file while the others wait for it */
    pthread_t threads[SHARERS];
    for (int t = 0; t < SHARERS; t++) {
        theirs[t] = (skeleton_t){.solver = shared, .threads = t % 2 ? TWO_THREADS : ONE_THREAD};
        threads[t] = start_thread(solve_skeleton, &theirs[t]);
    }
    for (int t = 0; t < SHARERS; t++) {
        pthread_join(threads[t], NULL);
        CHECK(theirs[t].ok);
        CHECK_STR(theirs[t].moves, mine.moves);
    }
    CHECK(has_file(folder, "cube3-step-eo-"));
    twisty_cube3_steps_free(&shared);
    twisty_cube3_steps_free(&memory);
    remove_tree(folder);
    free(folder);
}

static void the_shipped_library_exports_the_step_solvers(void) {
    char const *const names[] = {
        "twisty_cube3_steps_open",       "twisty_cube3_steps_in_memory", "twisty_cube3_steps_default_folder",
        "twisty_cube3_steps_folder",     "twisty_cube3_steps_free",      "twisty_cube3_steps_prepare",
        "twisty_cube3_steps_solve",      "twisty_cube3_step_names",      "twisty_cube3_step_describe",
        "twisty_cube3_step_position",    "twisty_cube3_moves_count",     "twisty_cube3_moves_same",
        "twisty_cube3_variations",       "twisty_string_array_free",
    };
    check_exported(names, sizeof names / sizeof names[0]);
}

void steps_tests(void) {
    run_test("steps: a skeleton reaches each step's goal and solves the cube",
             a_skeleton_reaches_each_steps_goal_and_solves_the_cube);
    run_test("steps: every NISS solution reaches the goal", every_niss_solution_reaches_the_goal);
    run_test("steps: variations keep the sequence they vary", variations_keep_the_sequence_they_vary);
    run_test("steps: a solve reports each length on the calling thread",
             a_solve_reports_each_length_on_the_calling_thread);
    run_test("steps: a build cancelled from its progress leaves no table file",
             a_build_cancelled_from_its_progress_leaves_no_table_file);
    run_test("steps: a foreign file is refused and left unchanged", a_foreign_file_is_refused_and_left_unchanged);
    run_test("steps: the folders", the_folders);
    run_test("steps: null arguments are code 7 naming the parameter", null_arguments_are_code_7_naming_the_parameter);
    run_test("steps: a freed solver is NULL and refused by name", a_freed_solver_is_null_and_refused_by_name);
    run_test("steps: one solver on a fresh folder serves several threads with the same answers",
             one_solver_on_a_fresh_folder_serves_several_threads_with_the_same_answers);
    run_test("steps: the shipped library exports the step solvers", the_shipped_library_exports_the_step_solvers);
}
