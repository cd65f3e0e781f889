/*
 * What the C test program needs beyond C11, on each platform it runs on: POSIX (dlfcn.h, ftw.h,
 * unistd.h) on Linux, the Win32 API and MinGW's C runtime on Windows. Every other file of the
 * program includes this instead of a system header of one platform. Threads are pthreads on
 * both (MinGW's winpthreads, linked statically into the test program on Windows).
 */
#ifndef TWISTY_C_TESTS_PORTABLE_H
#define TWISTY_C_TESTS_PORTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* The platform the program was built for, in the packages' runtime names. */
#if defined(_WIN32) && defined(__x86_64__)
#define TEST_PLATFORM "win-x64"
#elif defined(__linux__) && defined(__aarch64__)
#define TEST_PLATFORM "linux-arm64"
#elif defined(__linux__) && defined(__x86_64__)
#define TEST_PLATFORM "linux-x64"
#else
#error "the C test program knows linux-x64, linux-arm64 and win-x64"
#endif

/* The characters that separate a path's components. */
#ifdef _WIN32
#define PATH_SEPARATORS "\\/"
#else
#define PATH_SEPARATORS "/"
#endif

/* The transcript's file name: linux-x64 is the reference (c.txt), the others c-<platform>.txt. */
char const *transcript_name(void);

/* The absolute form of `path` in `out` (realpath, or _fullpath on Windows); false on failure. */
bool absolute_path(char const *path, char *out, size_t size);

/* Ends the process after `seconds` (anti-hang only). */
void exit_after(unsigned seconds);

/* One line of `in` into *line (getline). */
ssize_t read_line(char **line, size_t *cap, FILE *in);

/* Makes the directory `path` (it may exist); 0 on success. */
int make_dir(char const *path);

/* A fresh directory in the system's temporary folder, named `prefix`-XXXXXX (static storage,
 * valid until the next call), removed with everything in it by remove_tree. */
char const *temp_dir(char const *prefix);
void remove_tree(char const *dir);

/* A shared library opened by path, its symbols, and why opening it failed. */
void *library_open(char const *path);
void *library_symbol(void *library, char const *name);
void library_close(void *library);
char const *library_error(void);

#endif
