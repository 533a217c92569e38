/*
 * steal.c - host steal time from /proc/stat (see steal.h).
 */
#include "steal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int64_t steal_parse_ms(const char *text, long ticks_per_s)
{
    if (!text || ticks_per_s <= 0) return -1;
    const char *p = text;
    /* The aggregate line is "cpu" followed by blanks ("cpu0" is one CPU). */
    while (!(strncmp(p, "cpu", 3) == 0 && (p[3] == ' ' || p[3] == '\t'))) {
        p = strchr(p, '\n');
        if (!p) return -1;
        p++;
    }
    p += 3;
    unsigned long long v = 0;
    for (int i = 0; i < 8; i++) {
        while (*p == ' ' || *p == '\t') p++;
        if (*p < '0' || *p > '9') return -1;
        char *end;
        v = strtoull(p, &end, 10);
        p = end;
    }
    return (int64_t)(v * 1000ULL / (unsigned long long)ticks_per_s);
}

int64_t steal_now_ms(void)
{
    FILE *f = fopen("/proc/stat", "re");
    if (!f) return -1;
    char buf[512];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *nl = strchr(buf, '\n');
    if (!nl) return -1;   /* the first line did not fit: not the format we know */
    nl[1] = '\0';
    return steal_parse_ms(buf, sysconf(_SC_CLK_TCK));
}
