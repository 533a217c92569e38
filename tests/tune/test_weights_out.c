/*
 * test_weights_out.c - unit tests of the weights source that `dablo-tune
 * fit` writes and reads back (tools/tune/weights_out.c): what
 * weights_write() writes, weights_read() reads back exactly, every table
 * and origin line; a damaged file (a table or field missing or unknown, a
 * wrong count of values, a value out of range, a cut) is refused with one
 * line "PATH:LINE: what is wrong" and nothing allocated; and a read, one
 * table replaced and a write again (what fit -out does) keeps the other
 * tables and their origins.  Built into build/test_tune by mk/tune.mk, run
 * by tests/suites/46-tune.sh from the top of the tree.
 */
#include <check.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "search/eval.h"
#include "weights_out.h"

/* Tables unlike the built-in ones and unlike each other (both ends of
 * int's range among them), and origin lines with quotes, backslashes and
 * one long enough to be written in pieces. */
static void sample_tables(EvalWeights w[EVAL_TABLE_NB], const char *origin[EVAL_TABLE_NB])
{
    for (int t = 0; t < EVAL_TABLE_NB; t++)
        for (int i = 0; i < EVAL_WEIGHT_NB; i++)
            eval_weight_set(&w[t], i, (t + 1) * 1000 + (i % 2 ? -i : i) * 3);
    eval_weight_set(&w[EVAL_TABLE_DABLOT_COMPULSORY], 0, INT_MIN);
    eval_weight_set(&w[EVAL_TABLE_DABLOT_COMPULSORY], EVAL_WEIGHT_NB - 1, INT_MAX);
    origin[EVAL_TABLE_DABLOT] = "hand-set (a \"quoted\" word, a back\\slash)";
    origin[EVAL_TABLE_TABAL] =
        "dablo-tune fit -lambda 1 -rounds 3 -iterations 300 -rate 1 -l2 1e-07 "
        "-valid 10 -seed 1: 147047 positions, K 0.009424, log loss 0.468257 "
        "-> 0.458163 (validation 0.471604 -> 0.461716) \\\"end\\\"";
    origin[EVAL_TABLE_DABLOT_COMPULSORY] = "";
}

/* What weights_write() writes for w and origin, malloc'd (the caller
 * frees it), its length in *len. */
static char *written(const EvalWeights w[EVAL_TABLE_NB], const char *const origin[EVAL_TABLE_NB],
                     size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(weights_write(f, w, origin), 0);
    ck_assert_int_eq(fclose(f), 0);
    return text;
}

/* The sample tables in w, and what weights_write() writes for them
 * (malloc'd). */
static char *sample_text(EvalWeights w[EVAL_TABLE_NB])
{
    const char *origin[EVAL_TABLE_NB];
    size_t len;
    sample_tables(w, origin);
    return written(w, origin, &len);
}

/* The first field of EvalWeights that is a list (list true) or a single
 * value. */
static const EvalParam *first_field(bool list)
{
    int np;
    const EvalParam *p = eval_params(&np);
    for (int k = 0; k < np; k++)
        if ((p[k].count > 1) == list) return &p[k];
    ck_abort_msg("EvalWeights has no %s", list ? "list" : "single value");
    return NULL;
}

/* Where the Tabal table of weights starts (its origin line starts alike). */
#define TABAL_WEIGHTS "    [EVAL_TABLE_TABAL] = {"

/* weights_read() of len bytes of text in a file: its return value; err
 * gets the message without the file's name, which it must start with
 * (":12: expected ...", "" when it reads).  A failed read leaves every
 * origin NULL and the message one line. */
static int read_back(const char *text, size_t len, EvalWeights w[EVAL_TABLE_NB],
                     char *origin[EVAL_TABLE_NB], char *err, size_t errlen)
{
    char path[64];
    test_temp_file(path, text, len);
    err[0] = '\0';
    int rc = weights_read(path, w, origin, err, errlen);
    unlink(path);
    ck_assert(rc == 0 || rc == -1);
    if (rc == 0) return 0;
    size_t pl = strlen(path);
    ck_assert_msg(strncmp(err, path, pl) == 0, "the error does not name the file: %s", err);
    memmove(err, err + pl, strlen(err + pl) + 1);
    ck_assert_msg(!strchr(err, '\n'), "an error of more than one line: %s", err);
    for (int t = 0; t < EVAL_TABLE_NB; t++)
        ck_assert_ptr_null(origin[t]);
    return rc;
}

/* The error of reading text (a C string): ":LINE: what" (the test fails
 * when it reads). */
static const char *read_error(const char *text, char *err, size_t errlen)
{
    EvalWeights w[EVAL_TABLE_NB];
    char *origin[EVAL_TABLE_NB];
    ck_assert_msg(read_back(text, strlen(text), w, origin, err, errlen) == -1,
                  "a damaged file was read:\n%s", text);
    return err;
}

/* The line of text that at is on (1 for the first). */
static int line_at(const char *text, const char *at)
{
    int line = 1;
    for (const char *q = text; q < at; q++)
        line += *q == '\n';
    return line;
}

/* text with its first from after the first after (NULL: from the start)
 * replaced by to, malloc'd; *line gets the line the replacement starts on. */
static char *edited(const char *text, const char *after, const char *from, const char *to,
                    int *line)
{
    const char *start = after ? strstr(text, after) : text;
    ck_assert_msg(start != NULL, "'%s' is not in the file", after);
    const char *at = strstr(start, from);
    ck_assert_msg(at != NULL, "'%s' is not in the file after '%s'", from, after ? after : "");
    size_t head = (size_t)(at - text), fl = strlen(from), tl = strlen(to);
    char *out = malloc(strlen(text) - fl + tl + 1);
    ck_assert_ptr_nonnull(out);
    memcpy(out, text, head);
    memcpy(out + head, to, tl);
    strcpy(out + head + tl, at + fl);
    *line = line_at(text, at);
    return out;
}

/* The error of text edited so (edited()) is ":LINE: want", LINE the line of
 * the edit plus line_off. */
static void refused(const char *text, const char *after, const char *from, const char *to,
                    int line_off, const char *want)
{
    int line;
    char *bad = edited(text, after, from, to, &line);
    char err[600], expect[600];
    snprintf(expect, sizeof expect, ":%d: %s", line + line_off, want);
    ck_assert_str_eq(read_error(bad, err, sizeof err), expect);
    free(bad);
}

static void free_origin(char *origin[EVAL_TABLE_NB])
{
    for (int t = 0; t < EVAL_TABLE_NB; t++)
        free(origin[t]);
}

/* Every table and origin line read back as written, both ends of int's
 * range too, and written again to the same bytes; so the built-in tables,
 * and src/search/eval_weights.c reads as the tables compiled in. */
START_TEST(reads_back_every_table_as_written)
{
    EvalWeights w[EVAL_TABLE_NB], back[EVAL_TABLE_NB];
    const char *origin[EVAL_TABLE_NB];
    char *got[EVAL_TABLE_NB], err[600];
    sample_tables(w, origin);
    size_t len, len2;
    char *text = written(w, origin, &len);
    ck_assert_int_eq(read_back(text, len, back, got, err, sizeof err), 0);
    ck_assert_str_eq(err, "");
    for (int t = 0; t < EVAL_TABLE_NB; t++) {
        for (int i = 0; i < EVAL_WEIGHT_NB; i++)
            ck_assert_int_eq(eval_weight_get(&back[t], i), eval_weight_get(&w[t], i));
        ck_assert_str_eq(got[t], origin[t]);
    }
    char *again = written(back, (const char *const *)got, &len2);
    ck_assert_uint_eq(len2, len);
    ck_assert_str_eq(again, text);
    free(again);
    free(text);
    free_origin(got);

    text = written(eval_default_weights, eval_weights_origin, &len);
    ck_assert_int_eq(read_back(text, len, back, got, err, sizeof err), 0);
    ck_assert_mem_eq(back, eval_default_weights, sizeof back);
    for (int t = 0; t < EVAL_TABLE_NB; t++)
        ck_assert_str_eq(got[t], eval_weights_origin[t]);
    free(text);
    free_origin(got);

    ck_assert_int_eq(weights_read("src/search/eval_weights.c", back, got, err, sizeof err), 0);
    ck_assert_mem_eq(back, eval_default_weights, sizeof back);
    free_origin(got);
}
END_TEST

/* The layout is free (make format may change it) and comments are
 * skipped: the file on one line, or with a comment between every two
 * lines, reads as written. */
START_TEST(reads_any_layout_and_skips_comments)
{
    EvalWeights w[EVAL_TABLE_NB], back[EVAL_TABLE_NB];
    const char *origin[EVAL_TABLE_NB];
    char *got[EVAL_TABLE_NB], err[600];
    sample_tables(w, origin);
    size_t len;
    char *text = written(w, origin, &len);
    for (int pass = 0; pass < 2; pass++) {
        const char *sep = pass ? "\t/* a\n * comment */\n  " : " ";
        char *re = malloc(len * (strlen(sep) + 1) + 1), *o = re;
        ck_assert_ptr_nonnull(re);
        /* The opening comment as written (a comment does not nest). */
        const char *body = strstr(text, "#include");
        ck_assert_ptr_nonnull(body);
        memcpy(o, text, (size_t)(body - text));
        o += body - text;
        for (const char *q = body; *q; q++)
            o = *q == '\n' ? stpcpy(o, sep) : (*o = *q, o + 1);
        *o = '\0';
        ck_assert_msg(read_back(re, strlen(re), back, got, err, sizeof err) == 0, "%s", err);
        ck_assert_mem_eq(back, w, sizeof back);
        for (int t = 0; t < EVAL_TABLE_NB; t++)
            ck_assert_str_eq(got[t], origin[t]);
        free_origin(got);
        free(re);
    }
    free(text);
}
END_TEST

/* A table left out, of the weights or of the origin lines, or in another
 * order, is named. */
START_TEST(refuses_a_missing_table)
{
    EvalWeights w[EVAL_TABLE_NB];
    char *text = sample_text(w);
    /* The Tabal table of weights cut out, from its first line to the
     * first line of the next. */
    const char *weights = strstr(text, "eval_default_weights");
    ck_assert_ptr_nonnull(weights);
    const char *from = strstr(weights, TABAL_WEIGHTS);
    const char *to = strstr(weights, "    [EVAL_TABLE_DABLOT_COMPULSORY] = {");
    ck_assert(from && to && from < to);
    char *cut = strdup(text);
    ck_assert_ptr_nonnull(cut);
    memmove(cut + (from - text), cut + (to - text), strlen(to) + 1);
    char err[600], expect[600];
    snprintf(expect, sizeof expect,
             ":%d: expected 'EVAL_TABLE_TABAL', found 'EVAL_TABLE_DABLOT_COMPULSORY'",
             line_at(text, from));
    ck_assert_str_eq(read_error(cut, err, sizeof err), expect);
    free(cut);
    /* The last table cut: the end of the list where it should start. */
    cut = strdup(text);
    ck_assert_ptr_nonnull(cut);
    strcpy(cut + (to - text), "};\n");
    snprintf(expect, sizeof expect, ":%d: expected '[', found '}'", line_at(text, to));
    ck_assert_str_eq(read_error(cut, err, sizeof err), expect);
    free(cut);
    /* An origin line left out. */
    refused(text, NULL, "    [EVAL_TABLE_DABLOT] = \"hand-set", "    \"hand-set", 0,
            "expected '[', found '\"hand-set (a \\\"quoted\\\" word, a back\\\\sl...'");
    /* A table under another's name. */
    refused(text, "eval_default_weights", "[EVAL_TABLE_TABAL]", "[EVAL_TABLE_DABLOT]", 0,
            "expected 'EVAL_TABLE_TABAL', found 'EVAL_TABLE_DABLOT'");
    free(text);
}
END_TEST

/* A field with one value too few or too many, a list for a single value
 * or a single value for a list, is refused where it goes wrong. */
START_TEST(refuses_a_wrong_count_of_values)
{
    EvalWeights w[EVAL_TABLE_NB];
    char *text = sample_text(w);
    const EvalParam *list = first_field(true), *one = first_field(false);
    char value[80], to[120], want[120];
    /* In the Tabal table: its list's last value dropped, one added. */
    int last = eval_weight_get(&w[EVAL_TABLE_TABAL], list->index + list->count - 1);
    snprintf(value, sizeof value, ", %d }", last);
    refused(text, TABAL_WEIGHTS, value, " }", 0, "expected ',', found '}'");
    snprintf(to, sizeof to, ", %d, 7 }", last);
    refused(text, TABAL_WEIGHTS, value, to, 0, "expected '}', found ','");
    /* A list where one value goes, and one value where a list goes. */
    int v = eval_weight_get(&w[EVAL_TABLE_TABAL], one->index);
    snprintf(value, sizeof value, ".%s = %d,", one->name, v);
    snprintf(to, sizeof to, ".%s = { %d },", one->name, v);
    refused(text, TABAL_WEIGHTS, value, to, 0, "expected 'a number', found '{'");
    snprintf(value, sizeof value, ".%s = {", list->name);
    snprintf(to, sizeof to, ".%s = ", list->name);
    snprintf(want, sizeof want, "expected '{', found '%d'",
             eval_weight_get(&w[EVAL_TABLE_TABAL], list->index));
    refused(text, TABAL_WEIGHTS, value, to, 0, want);
    free(text);
}
END_TEST

START_TEST(refuses_a_value_out_of_range)
{
    EvalWeights w[EVAL_TABLE_NB];
    char *text = sample_text(w);
    const EvalParam *one = first_field(false);
    char from[80], to[80], want[120];
    snprintf(from, sizeof from, ".%s = %d,", one->name,
             eval_weight_get(&w[EVAL_TABLE_TABAL], one->index));
    static const char *const too_far[] = { "2147483648", "-2147483649", "99999999999999999999",
                                           "0000000000000" };
    for (size_t i = 0; i < sizeof too_far / sizeof *too_far; i++) {
        snprintf(to, sizeof to, ".%s = %s,", one->name, too_far[i]);
        snprintf(want, sizeof want, "%s: %s is out of range for an int", one->name, too_far[i]);
        refused(text, TABAL_WEIGHTS, from, to, 0, want);
    }
    /* Not a number at all. */
    snprintf(to, sizeof to, ".%s = 1.5,", one->name);
    refused(text, TABAL_WEIGHTS, from, to, 0, "expected ',', found '.'");
    snprintf(to, sizeof to, ".%s = x,", one->name);
    refused(text, TABAL_WEIGHTS, from, to, 0, "expected 'a number', found 'x'");
    free(text);
}
END_TEST

/* Every cut of the file is refused, no crash, no leak (the sanitizer run),
 * one line each; a cut in a string or the opening comment says so. */
START_TEST(refuses_a_truncated_file)
{
    EvalWeights w[EVAL_TABLE_NB];
    const char *origin[EVAL_TABLE_NB];
    char *got[EVAL_TABLE_NB], err[600];
    sample_tables(w, origin);
    size_t len;
    char *text = written(w, origin, &len);
    size_t step = test_quick() ? 97 : 1;
    for (size_t n = 0; n < len - 1; n += step)
        ck_assert_msg(read_back(text, n, w, got, err, sizeof err) == -1, "a cut at %zu was read",
                      n);
    /* Only the final newline may go. */
    ck_assert_int_eq(read_back(text, len - 1, w, got, err, sizeof err), 0);
    free_origin(got);

    ck_assert_int_eq(read_back(text, 10, w, got, err, sizeof err), -1);
    ck_assert_str_eq(err, ":2: a comment without its end '*/'");
    char expect[200];
    const char *q = strstr(text, "hand-set");
    ck_assert_int_eq(read_back(text, (size_t)(q - text), w, got, err, sizeof err), -1);
    snprintf(expect, sizeof expect, ":%d: a string without its closing quote on its line",
             line_at(text, q));
    ck_assert_str_eq(err, expect);
    q = strstr(text, "eval_default_weights");
    ck_assert_int_eq(read_back(text, (size_t)(q - text), w, got, err, sizeof err), -1);
    snprintf(expect, sizeof expect,
             ":%d: expected 'eval_default_weights', found the end of the file", line_at(text, q));
    ck_assert_str_eq(err, expect);
    ck_assert_int_eq(read_back(text, 0, w, got, err, sizeof err), -1);
    ck_assert_str_eq(err, ":1: expected '#', found the end of the file");
    free(text);
}
END_TEST

/* A field name not in EvalWeights (a typo, an extra field), an unknown
 * table, or an escape the writer never writes is named. */
START_TEST(refuses_an_unknown_field)
{
    EvalWeights w[EVAL_TABLE_NB];
    char *text = sample_text(w);
    int np;
    const EvalParam *p = eval_params(&np);
    char from[80], to[80], want[160];
    /* The last field misspelt (its last letter doubled). */
    const char *name = p[np - 1].name;
    snprintf(from, sizeof from, ".%s =", name);
    snprintf(to, sizeof to, ".%s%c =", name, name[strlen(name) - 1]);
    snprintf(want, sizeof want, "expected '%s', found '%s%c'", name, name, name[strlen(name) - 1]);
    refused(text, TABAL_WEIGHTS, from, to, 0, want);
    /* A field that is not there before the first. */
    snprintf(from, sizeof from, ".%s =", p[0].name);
    snprintf(to, sizeof to, ".bogus = 1, .%s =", p[0].name);
    snprintf(want, sizeof want, "expected '%s', found 'bogus'", p[0].name);
    refused(text, TABAL_WEIGHTS, from, to, 0, want);
    /* A field after the last. */
    refused(text, TABAL_WEIGHTS, "    },\n", "        .bogus = 1,\n    },\n", 0,
            "expected '}', found '.'");
    /* An unknown table, and a table past the last. */
    refused(text, "eval_default_weights", "[EVAL_TABLE_TABAL]", "[EVAL_TABLE_CHESS]", 0,
            "expected 'EVAL_TABLE_TABAL', found 'EVAL_TABLE_CHESS'");
    refused(text, "eval_default_weights", "};", "    [EVAL_TABLE_NB] = { },\n};", 0,
            "expected '}', found '['");
    /* An escape other than \" and \\ in an origin line. */
    refused(text, NULL, "hand-set (", "hand-set\\n (", 0,
            "an escape other than \\\" or \\\\ in a string");
    /* Something after the end. */
    refused(text, "eval_default_weights", "};\n", "};\nint x;\n", 1,
            "expected 'the end of the file', found 'int'");
    free(text);
}
END_TEST

/* What fit -out does with an existing file: the file's tables read (over
 * the built-in ones), one replaced with its origin, the file written
 * again.  The other tables and origins are the file's, not the built-in
 * ones, and the replaced table is the new one. */
START_TEST(keeps_the_other_tables_when_one_is_replaced)
{
    EvalWeights file_w[EVAL_TABLE_NB];
    const char *file_origin[EVAL_TABLE_NB];
    sample_tables(file_w, file_origin);
    for (int t = 0; t < EVAL_TABLE_NB; t++)
        ck_assert(memcmp(&file_w[t], &eval_default_weights[t], sizeof file_w[t]) != 0);
    size_t len;
    char *text = written(file_w, file_origin, &len);
    char path[64], err[600];
    test_temp_file(path, text, len);
    free(text);

    for (int t = 0; t < EVAL_TABLE_NB; t++) {
        EvalWeights w[EVAL_TABLE_NB];
        char *kept[EVAL_TABLE_NB];
        memcpy(w, eval_default_weights, sizeof w);
        ck_assert_int_eq(weights_read(path, w, kept, err, sizeof err), 0);
        EvalWeights fitted = eval_default_weights[t];
        eval_weight_set(&fitted, 1, 4242 + t);
        w[t] = fitted;
        const char *origin[EVAL_TABLE_NB];
        for (int v = 0; v < EVAL_TABLE_NB; v++)
            origin[v] = v == t ? "a new fit" : kept[v];
        char path2[64];
        char *out = written(w, origin, &len);
        test_temp_file(path2, out, len);
        free(out);
        free_origin(kept);

        EvalWeights back[EVAL_TABLE_NB];
        char *got[EVAL_TABLE_NB];
        ck_assert_int_eq(weights_read(path2, back, got, err, sizeof err), 0);
        unlink(path2);
        for (int v = 0; v < EVAL_TABLE_NB; v++) {
            ck_assert_mem_eq(&back[v], v == t ? &fitted : &file_w[v], sizeof back[v]);
            ck_assert_str_eq(got[v], v == t ? "a new fit" : file_origin[v]);
        }
        free_origin(got);
    }
    unlink(path);
}
END_TEST

Suite *weights_out_suite(void)
{
    Suite *s = suite_create("weights_out");
    TCase *tc = tcase_create("weights source");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, reads_back_every_table_as_written);
    tcase_add_test(tc, reads_any_layout_and_skips_comments);
    tcase_add_test(tc, refuses_a_missing_table);
    tcase_add_test(tc, refuses_a_wrong_count_of_values);
    tcase_add_test(tc, refuses_a_value_out_of_range);
    tcase_add_test(tc, refuses_a_truncated_file);
    tcase_add_test(tc, refuses_an_unknown_field);
    tcase_add_test(tc, keeps_the_other_tables_when_one_is_replaced);
    suite_add_tcase(s, tc);
    return s;
}
