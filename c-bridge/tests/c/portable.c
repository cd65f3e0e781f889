/*
 * The platform-dependent parts of the C test program (portable.h): one implementation per OS.
 */
#define _GNU_SOURCE
#include "portable.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char const *transcript_name(void) {
    return strcmp(TEST_PLATFORM, "linux-x64") == 0 ? "c.txt" : "c-" TEST_PLATFORM ".txt";
}

#ifdef _WIN32

#include <dirent.h>
#include <direct.h>
#include <io.h>
#include <windows.h>

bool absolute_path(char const *path, char *out, size_t size) {
    DWORD attributes = GetFileAttributesA(path);
    return attributes != INVALID_FILE_ATTRIBUTES && _fullpath(out, path, size) != NULL;
}

static DWORD WINAPI exit_later(void *seconds) {
    Sleep((DWORD)(uintptr_t)seconds * 1000);
    fputs("anti-hang: the test program ran too long\n", stderr);
    ExitProcess(124);
}

void exit_after(unsigned seconds) {
    HANDLE t = CreateThread(NULL, 0, exit_later, (void *)(uintptr_t)seconds, 0, NULL);
    if (!t) abort();
    CloseHandle(t);
}

/* MinGW's C runtime has no getline. */
ssize_t read_line(char **line, size_t *cap, FILE *in) {
    size_t len = 0;
    for (int c; (c = fgetc(in)) != EOF;) {
        if (len + 2 > *cap) {
            *cap = (len + 2) * 2;
            *line = realloc(*line, *cap);
            if (!*line) abort();
        }
        (*line)[len++] = (char)c;
        if (c == '\n') break;
    }
    if (len == 0) return -1;
    (*line)[len] = '\0';
    return (ssize_t)len;
}

int make_dir(char const *path) { return _mkdir(path); }

char const *temp_dir(char const *prefix) {
    static char dir[MAX_PATH + 64];
    char base[MAX_PATH + 1];
    DWORD n = GetTempPathA(sizeof base, base); /* ends in a backslash */
    if (n == 0 || n > MAX_PATH) abort();
    for (int tries = 0; tries < 100; tries++) {
        snprintf(dir, sizeof dir, "%s%s-XXXXXX", base, prefix);
        if (_mktemp_s(dir, strlen(dir) + 1) != 0) abort();
        if (_mkdir(dir) == 0) return dir;
        if (errno != EEXIST) break;
    }
    abort();
}

/* MinGW has no nftw: a depth-first walk with dirent. */
void remove_tree(char const *dir) {
    DIR *d = opendir(dir);
    if (d) {
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
            char path[MAX_PATH * 2];
            snprintf(path, sizeof path, "%s\\%s", dir, e->d_name);
            struct stat st;
            if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
                remove_tree(path);
            } else {
                remove(path);
            }
        }
        closedir(d);
    }
    _rmdir(dir);
}

void *library_open(char const *path) { return LoadLibraryA(path); }

void *library_symbol(void *library, char const *name) {
    return (void *)(uintptr_t)GetProcAddress((HMODULE)library, name);
}

void library_close(void *library) { FreeLibrary((HMODULE)library); }

char const *library_error(void) {
    static char message[64];
    snprintf(message, sizeof message, "LoadLibrary failed with Windows error %lu", (unsigned long)GetLastError());
    return message;
}

#else

#include <dlfcn.h>
#include <ftw.h>
#include <limits.h>
#include <unistd.h>

bool absolute_path(char const *path, char *out, size_t size) {
    char resolved[PATH_MAX];
    if (!realpath(path, resolved) || strlen(resolved) >= size) return false;
    strcpy(out, resolved);
    return true;
}

void exit_after(unsigned seconds) { alarm(seconds); }

ssize_t read_line(char **line, size_t *cap, FILE *in) { return getline(line, cap, in); }

int make_dir(char const *path) { return mkdir(path, 0777); }

char const *temp_dir(char const *prefix) {
    static char dir[256];
    snprintf(dir, sizeof dir, "/tmp/%s-XXXXXX", prefix);
    if (!mkdtemp(dir)) abort();
    return dir;
}

static int remove_entry(char const *path, struct stat const *st, int flag, struct FTW *ftw) {
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

void remove_tree(char const *dir) { nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

void *library_open(char const *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

void *library_symbol(void *library, char const *name) { return dlsym(library, name); }

void library_close(void *library) { dlclose(library); }

char const *library_error(void) { return dlerror(); }

#endif
