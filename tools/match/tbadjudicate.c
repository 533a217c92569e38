/* tbadjudicate.c - ending games by the endgame tables (tbadjudicate.h). */
#include "tbadjudicate.h"

#include <stdio.h>

int tbadj_open(TbSet *set, const char *dir, const Rules *r, char *err, size_t errlen)
{
    if (r->draw_plies != 0 && r->draw_plies != TB_DRAW_PLIES) {
        snprintf(err, errlen, "-tb needs DrawPlies %d or 0 (the tables mark wins for %d), not %d",
                 TB_DRAW_PLIES, TB_DRAW_PLIES, r->draw_plies);
        return -1;
    }
    char why[700];
    int n = tb_set_open(set, dir, r, why, sizeof why);
    if (n < 0 || set->nrefused) {
        snprintf(err, errlen, "-tb %s: %s", dir, n < 0 ? why : set->refused);
        tb_set_close(set);
        return -1;
    }
    if (n == 0) {
        char tag[64];
        tb_rules_tag(r, tag, sizeof tag);
        snprintf(err, errlen, "-tb %s: no tables for these rules (%s-*.dtb)", dir, tag);
        tb_set_close(set);
        return -1;
    }
    return 0;
}

int tbadj_judge(const TbSet *set, const Position *pos, GameResult *res, char *detail, size_t len)
{
    uint16_t e;
    TbResult v;
    /* What the tables cannot decide at this counter is played on. */
    if (tb_set_verdict(set, pos, &e, &v) != 0 || !tb_result_decided(v)) return 0;
    char verdict[80];
    tb_verdict_string(e, v, verdict, sizeof verdict);
    if (v != TB_RESULT_DRAW) {
        Color c = v == TB_RESULT_WIN ? pos->stm : (Color)!pos->stm;
        *res = c == WHITE ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
        snprintf(detail, len, "tablebase: %s wins (%s for the side to move)",
                 c == WHITE ? "White" : "Black", verdict);
    } else {
        TbWdl w = tb_entry_wdl(e);
        *res = RESULT_DRAW;
        snprintf(detail, len, "tablebase: draw (%s %d%s for the side to move)", tb_wdl_name(w),
                 tb_entry_dtz(e), w == TB_WIN || w == TB_LOSS ? " past DrawPlies" : "");
    }
    return 1;
}
