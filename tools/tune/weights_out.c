/*
 * weights_out.c - the generated eval_weights.c (see weights_out.h).
 */
#include "weights_out.h"

static const char *const table_enum[EVAL_TABLE_NB] = {
    [EVAL_TABLE_DABLOT] = "EVAL_TABLE_DABLOT",
    [EVAL_TABLE_TABAL] = "EVAL_TABLE_TABAL",
    [EVAL_TABLE_DABLOT_COMPULSORY] = "EVAL_TABLE_DABLOT_COMPULSORY",
};

/* origin as C string literals: quotes and backslashes escaped; a long
 * one in pieces broken after a blank once 60 characters are written, the
 * next piece's quote under the first (the layout clang-format keeps, so
 * `make format` leaves the file as written).  indent: the column of the
 * first quote. */
static void put_string(FILE *f, const char *s, int indent)
{
    fputc('"', f);
    int col = 0;
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
        if (++col >= 60 && *s == ' ' && s[1]) {
            fprintf(f, "\"\n%*s\"", indent, "");
            col = 0;
        }
    }
    fputc('"', f);
}

int weights_write(FILE *f, const EvalWeights w[EVAL_TABLE_NB],
                  const char *const origin[EVAL_TABLE_NB])
{
    fputs("/*\n"
          " * eval_weights.c - the evaluation's weights, one table per variant and\n"
          " * Dablot capture rule (EvalWeights, EvalTable, eval.h), and where each\n"
          " * table came from.  " WEIGHTS_SOURCE_MARK " (tools/tune, docs/tuning.md):\n"
          " * `make tune` writes it again; edit a value by hand only together with\n"
          " * its origin line.\n"
          " */\n"
          "#include \"eval.h\"\n\n"
          "const char *const eval_weights_origin[EVAL_TABLE_NB] = {\n",
          f);
    for (int v = 0; v < EVAL_TABLE_NB; v++) {
        int indent = fprintf(f, "    [%s] = ", table_enum[v]);
        put_string(f, origin[v], indent);
        fputs(",\n", f);
    }
    fputs("};\n\nconst EvalWeights eval_default_weights[EVAL_TABLE_NB] = {\n", f);
    int np;
    const EvalParam *p = eval_params(&np);
    for (int v = 0; v < EVAL_TABLE_NB; v++) {
        fprintf(f, "    [%s] = {\n", table_enum[v]);
        for (int k = 0; k < np; k++) {
            fprintf(f, "        .%s = ", p[k].name);
            if (p[k].count == 1) {
                fprintf(f, "%d,\n", eval_weight_get(&w[v], p[k].index));
                continue;
            }
            fputs("{ ", f);
            for (int i = 0; i < p[k].count; i++)
                fprintf(f, "%s%d", i ? ", " : "", eval_weight_get(&w[v], p[k].index + i));
            fputs(" },\n", f);
        }
        fputs("    },\n", f);
    }
    fputs("};\n", f);
    return ferror(f) ? -1 : 0;
}
