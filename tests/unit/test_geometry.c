/*
 * test_geometry.c - both boards as RULES.md sections 1 and 2 draw them.
 */
#include <check.h>

#include "rules/geometry.h"

static int line_between(const Geometry *g, const char *a, const char *b)
{
    int p = geometry_point(g, a), q = geometry_point(g, b);
    for (int d = 0; d < DIR_NB; d++)
        if (g->ray[p][d] == q) return 1;
    return 0;
}

/* The point reached from `from` by following the line through `via`. */
static int beyond(const Geometry *g, const char *from, const char *via)
{
    int p = geometry_point(g, from), q = geometry_point(g, via);
    for (int d = 0; d < DIR_NB; d++)
        if (g->ray[p][d] == q) return g->ray[q][d];
    return NO_POINT;
}

START_TEST(dablot_counts)
{
    const Geometry *g = geometry_of(VARIANT_DABLOT);
    ck_assert_int_eq(g->npoints, 72);
    ck_assert_int_eq(g->nlines, 191);
    ck_assert_int_eq(bb_count(g->vertices), 42);
    ck_assert_int_eq(bb_count(g->all & ~g->vertices), 30);
    /* every line counted from both ends */
    int ends = 0;
    for (int p = 0; p < g->npoints; p++)
        for (int d = 0; d < DIR_NB; d++)
            ends += g->ray[p][d] != NO_POINT;
    ck_assert_int_eq(ends, 2 * 191);
}
END_TEST

START_TEST(dablot_no_centre_centre_line)
{
    const Geometry *g = geometry_of(VARIANT_DABLOT);
    for (int p = 0; p < g->npoints; p++)
        for (int d = 0; d < DIR_NB; d++) {
            int q = g->ray[p][d];
            if (q == NO_POINT) continue;
            ck_assert(bb_test(g->vertices, p) || bb_test(g->vertices, q));
            if (d % 2 == 0) /* orthogonal lines join vertices only */
                ck_assert(bb_test(g->vertices, p) && bb_test(g->vertices, q));
        }
}
END_TEST

START_TEST(dablot_straight_lines)
{
    const Geometry *g = geometry_of(VARIANT_DABLOT);
    ck_assert_int_eq(beyond(g, "b2", "c3"), geometry_point(g, "d4"));   /* centre over vertex */
    ck_assert_int_eq(beyond(g, "a1", "b2"), geometry_point(g, "c3"));   /* vertex over centre */
    ck_assert_int_eq(beyond(g, "a1", "a3"), geometry_point(g, "a5"));   /* orthogonal */
    ck_assert_int_eq(beyond(g, "k13", "j12"), geometry_point(g, "i11"));
    ck_assert_int_eq(beyond(g, "b2", "a1"), NO_POINT);
    ck_assert(line_between(g, "a1", "c1"));
    ck_assert(line_between(g, "c1", "b2"));
    ck_assert(!line_between(g, "b2", "d2"));
    ck_assert_int_eq(geometry_point(g, "b1"), NO_POINT);
    ck_assert_int_eq(geometry_point(g, "k13"), 71);
    ck_assert_int_eq(geometry_point(g, "l1"), NO_POINT);
    ck_assert_int_eq(geometry_point(g, "a14"), NO_POINT);
    ck_assert_int_eq(geometry_point(g, "a1x"), NO_POINT);
}
END_TEST

START_TEST(tabal_counts_and_lines)
{
    const Geometry *g = geometry_of(VARIANT_TABAL);
    ck_assert_int_eq(g->npoints, 37);
    ck_assert_int_eq(g->nlines, 76);
    /* e5-d4-c3-b2-a1 is one line */
    ck_assert_int_eq(beyond(g, "e5", "d4"), geometry_point(g, "c3"));
    ck_assert_int_eq(beyond(g, "d4", "c3"), geometry_point(g, "b2"));
    ck_assert_int_eq(beyond(g, "c3", "b2"), geometry_point(g, "a1"));
    /* the base a1-c1-e1 */
    ck_assert_int_eq(beyond(g, "a1", "c1"), geometry_point(g, "e1"));
    ck_assert(line_between(g, "a1", "c1"));
    ck_assert(line_between(g, "a1", "b2"));
    /* c1 to c9 */
    const char *col[] = { "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9" };
    for (int i = 0; i + 2 < 9; i++)
        ck_assert_int_eq(beyond(g, col[i], col[i + 1]), geometry_point(g, col[i + 2]));
    /* b2-c2-d2 straight; a5-b4-c3-d2-e1 straight; mirrored north */
    ck_assert_int_eq(beyond(g, "b2", "c2"), geometry_point(g, "d2"));
    ck_assert_int_eq(beyond(g, "c3", "d2"), geometry_point(g, "e1"));
    ck_assert_int_eq(beyond(g, "a5", "b4"), geometry_point(g, "c3"));
    ck_assert_int_eq(beyond(g, "c7", "b8"), geometry_point(g, "a9"));
    ck_assert_int_eq(beyond(g, "b8", "c8"), geometry_point(g, "d8"));
    /* no diagonal where the Alquerque pattern has none */
    ck_assert(!line_between(g, "b3", "c4"));
    ck_assert(line_between(g, "b4", "c3"));
    ck_assert_int_eq(geometry_point(g, "b1"), NO_POINT);
    ck_assert_int_eq(geometry_point(g, "a2"), NO_POINT);
}
END_TEST

START_TEST(variant_names)
{
    ck_assert_int_eq(geometry_variant_from_name("dablot"), VARIANT_DABLOT);
    ck_assert_int_eq(geometry_variant_from_name("TABAL"), VARIANT_TABAL);
    ck_assert_int_eq(geometry_variant_from_name("chess"), -1);
}
END_TEST

Suite *geometry_suite(void)
{
    Suite *s = suite_create("geometry");
    TCase *tc = tcase_create("boards");
    tcase_add_test(tc, dablot_counts);
    tcase_add_test(tc, dablot_no_centre_centre_line);
    tcase_add_test(tc, dablot_straight_lines);
    tcase_add_test(tc, tabal_counts_and_lines);
    tcase_add_test(tc, variant_names);
    suite_add_tcase(s, tc);
    return s;
}
