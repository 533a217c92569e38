/*
 * main.c - runs every Check suite listed in suites.def and prints Check's
 * summary followed by "SUITE <name>: P passed, F failed" for tests/run_all.sh,
 * <name> from DABLO_SUITE_NAME ("unit" when unset).  Another test binary
 * names its own list with -DSUITES_DEF='"path"' (relative to this file).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef SUITES_DEF
#define SUITES_DEF "suites.def"
#endif

#define X(fn) Suite *fn(void);
#include SUITES_DEF
#undef X

int main(void)
{
    SRunner *sr = srunner_create(NULL);
#define X(fn) srunner_add_suite(sr, fn());
#include SUITES_DEF
#undef X
    srunner_run_all(sr, CK_NORMAL);
    int run = srunner_ntests_run(sr);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    const char *name = getenv("DABLO_SUITE_NAME");
    printf("SUITE %s: %d passed, %d failed\n", name && *name ? name : "unit", run - failed, failed);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
