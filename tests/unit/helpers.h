/*
 * helpers.h - small shared helpers for the unit tests.
 */
#ifndef DABLO_TEST_HELPERS_H
#define DABLO_TEST_HELPERS_H

#include <stdlib.h>

/* 1 when DABLO_TEST_QUICK is set (the sanitizer run): skip slow loops. */
static inline int test_quick(void)
{
    const char *q = getenv("DABLO_TEST_QUICK");
    return q && *q && *q != '0';
}

#endif
