/*
 * helpers.h - small shared helpers for the unit tests.
 */
#ifndef DABLO_TEST_HELPERS_H
#define DABLO_TEST_HELPERS_H

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* 1 when DABLO_TEST_QUICK is set (the sanitizer run): skip slow loops. */
static inline int test_quick(void)
{
    const char *q = getenv("DABLO_TEST_QUICK");
    return q && *q && *q != '0';
}

/* Check records every assertion (a write to its log per call); in hot
 * loops test first and let Check see only the failures. */
#define quick_assert(cond) do { if (!(cond)) ck_assert(cond); } while (0)
#define quick_assert_int_eq(a, b) do { if ((a) != (b)) ck_assert_int_eq(a, b); } while (0)

/* Writes len bytes of text to a new file /tmp/dablo-test-XXXXXX (the
 * caller unlinks it); its name into path, 64 bytes.  The test fails when
 * it cannot. */
static inline void test_temp_file(char *path, const char *text, size_t len)
{
    strcpy(path, "/tmp/dablo-test-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
    ck_assert_int_eq(close(fd), 0);
}

#endif
