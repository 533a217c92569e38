/*
 * timeman.c - soft and hard time limits (design in timeman.h).
 */
#include "timeman.h"

#include <time.h>

#include "params.h"

int64_t timeman_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t timeman_now_ms(void)
{
    return timeman_now_us() / 1000;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

void timeman_init(TimeManager *tm, const SearchLimits *l, Color stm, int move_overhead)
{
    tm->start = l->start_us > 0 ? l->start_us / 1000 : timeman_now_ms();
    tm->timed = false;
    tm->soft = tm->hard = INT64_MAX / 4;
    if (l->movetime > 0) {
        tm->timed = true;
        tm->soft = tm->hard = max64(1, l->movetime - move_overhead);
        return;
    }
    if (l->time[stm] < 0)
        return;
    tm->timed = true;
    int64_t left = l->time[stm], inc = l->inc[stm] > 0 ? l->inc[stm] : 0;
    int64_t usable = max64(1, left - move_overhead);
    int mtg = l->movestogo > 0 ? l->movestogo : TIME_DEFAULT_MOVES_TO_GO;
    if (mtg > TIME_MAX_MOVES_TO_GO) mtg = TIME_MAX_MOVES_TO_GO;

    int64_t soft = usable / mtg + inc * TIME_INC_PERCENT / 100;
    /* On the last move before the time control more of the usable time may
     * be spent, otherwise keep most of it for later moves. */
    int64_t cap = usable * (mtg == 1 ? TIME_CAP_LAST_PERCENT : TIME_CAP_PERCENT) / 100;
    soft = min64(soft, cap / TIME_SOFT_CAP_DIVISOR + 1);
    int64_t hard = min64(soft * TIME_HARD_PER_SOFT, cap);
    tm->soft = max64(1, soft);
    tm->hard = max64(tm->soft, hard);
}
