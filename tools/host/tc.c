/*
 * tc.c - time control parsing and clock accounting (see tc.h).
 */
#include "tc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int tc_parse(const char *s, TimeControl *tc, char *err, size_t errlen)
{
    memset(tc, 0, sizeof *tc);
    if (strcmp(s, "inf") == 0 || strcmp(s, "infinite") == 0) return 0;
    char buf[128];
    if (snprintf(buf, sizeof buf, "%s", s) >= (int)sizeof buf) goto bad;
    char *p = buf;
    char *slash = strchr(p, '/');
    if (slash) {
        *slash = '\0';
        int64_t m;
        if (util_parse_int64(p, 1, 100000, &m) < 0) goto bad;
        tc->moves = (int)m;
        p = slash + 1;
    }
    char *plus = strchr(p, '+');
    if (plus) {
        *plus = '\0';
        if (util_parse_seconds_ms(plus + 1, &tc->inc_ms) < 0) goto bad;
    }
    char *colon = strchr(p, ':');
    if (colon) {
        *colon = '\0';
        int64_t min, sec_ms;
        if (util_parse_int64(p, 0, 100000, &min) < 0 || util_parse_seconds_ms(colon + 1, &sec_ms) < 0) goto bad;
        if (sec_ms >= 60000) {
            snprintf(err, errlen, "bad time control '%s': the seconds of m:ss must be below 60", s);
            return -1;
        }
        tc->base_ms = min * 60000 + sec_ms;
    } else if (util_parse_seconds_ms(p, &tc->base_ms) < 0) {
        goto bad;
    }
    if (tc->base_ms == 0 && tc->inc_ms == 0) {
        snprintf(err, errlen, "time control '%s' gives no time at all", s);
        return -1;
    }
    tc->timed = 1;
    return 0;
bad:
    snprintf(err, errlen, "bad time control '%s' (expected [moves/]time[+inc] in seconds, e.g. 40/60+0.6, 10+0.1, 1:30, inf)", s);
    return -1;
}

static void fmt_seconds(char *buf, size_t len, int64_t ms)
{
    if (ms % 1000 == 0) snprintf(buf, len, "%lld", (long long)(ms / 1000));
    else {
        snprintf(buf, len, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
        char *e = buf + strlen(buf) - 1;
        while (*e == '0') *e-- = '\0';
    }
}

void tc_format(const TimeControl *tc, char *buf, size_t len)
{
    if (!tc->timed) {
        snprintf(buf, len, "-");
        return;
    }
    char base[32], inc[32];
    fmt_seconds(base, sizeof base, tc->base_ms);
    fmt_seconds(inc, sizeof inc, tc->inc_ms);
    char moves[32] = "";
    if (tc->moves) snprintf(moves, sizeof moves, "%d/", tc->moves);
    if (tc->inc_ms) snprintf(buf, len, "%s%s+%s", moves, base, inc);
    else snprintf(buf, len, "%s%s", moves, base);
}

void tc_clock_start(Clock *c, const TimeControl *tc)
{
    c->left_us = tc->timed ? tc->base_ms * 1000 : 0;
    c->moves_made = 0;
}

int tc_clock_before_move(Clock *c, const TimeControl *tc)
{
    if (!tc->timed) return 0;
    if (tc->moves && c->moves_made > 0 && c->moves_made % tc->moves == 0)
        c->left_us += tc->base_ms * 1000;
    c->left_us += tc->inc_ms * 1000;
    return tc->moves ? tc->moves - c->moves_made % tc->moves : 0;
}

int tc_clock_after_move(Clock *c, int64_t elapsed_us, int64_t margin_ms)
{
    c->left_us -= elapsed_us;
    c->moves_made++;
    if (c->left_us < -margin_ms * 1000) return -1;
    if (c->left_us < 0) c->left_us = 0;
    return 0;
}

int64_t tc_clock_left_ms(const Clock *c)
{
    return c->left_us > 0 ? c->left_us / 1000 : 0;
}
