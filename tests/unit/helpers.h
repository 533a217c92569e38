/*
 * helpers.h - small shared helpers for the unit tests.
 */
#ifndef DABLO_TEST_HELPERS_H
#define DABLO_TEST_HELPERS_H

#include <check.h>
#include <stdlib.h>

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

#endif
