/*
 * fuzz_openings.c - libFuzzer target for dablo-match's openings file
 * parser (openings_load, tools/match/openings.c).  The first byte picks
 * the variant and the format (FEN or moves); the rest is the file.
 * Beyond "no crash, no sanitizer report" every loaded opening's FEN must
 * load again as a position in which the game goes on.
 */
#include "fuzz_inputs.h"

#include <string.h>

#include "openings.h"
#include "rules/geometry.h"
#include "rules/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int init;
    if (!init) {
        geometry_init();
        init = 1;
    }
    if (size < 1) return 0;
    OpeningSpec spec;
    memset(&spec, 0, sizeof spec);
    spec.format = (data[0] & 1) ? OPENINGS_MOVES : OPENINGS_FEN;
    spec.random = (data[0] & 4) != 0;
    spec.start = 1 + (data[0] >> 4);
    Rules rules = rules_default((data[0] & 2) ? VARIANT_TABAL : VARIANT_DABLOT);
    spec.file = (char *)fuzz_input_file(data + 1, size - 1);
    OpeningBook b;
    char err[1024];
    if (openings_load(&b, &spec, &rules, 7, err, sizeof err) == 0) {
        for (int i = 0; i < b.n; i++) {
            Position p;
            if (position_set_fen(&p, &rules, b.v[i].fen, err, sizeof err) < 0) abort();
        }
        if (b.n > 0 && (openings_for_pair(&b, 0) < 0 || openings_for_pair(&b, 0) >= b.n)) abort();
        openings_free(&b);
    }
    return 0;
}
