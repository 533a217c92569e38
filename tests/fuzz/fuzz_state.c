/*
 * fuzz_state.c - libFuzzer target for dablo-match's resume state parser
 * (state_load, tools/match/state.c).  Beyond "no crash, no sanitizer
 * report": a state that loads has sizes that never shrink from record to
 * record, and every record's line ends with '\n'.
 */
#include "fuzz_inputs.h"

#include <string.h>

#include "state.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    StateData d;
    char err[1024];
    if (state_load(fuzz_input_file(data, size), &d, err, sizeof err) == 0) {
        for (int i = 0; i < d.nlines; i++) {
            size_t n = strlen(d.lines[i]);
            if (n == 0 || d.lines[i][n - 1] != '\n') abort();
            if (i
                && (d.rec[i].pgn_end < d.rec[i - 1].pgn_end
                    || d.rec[i].res_end < d.rec[i - 1].res_end))
                abort();
        }
        if (d.valid_bytes < 0 || (size_t)d.valid_bytes > size) abort();
        state_keep(&d, d.nlines / 2);
        state_data_free(&d);
    }
    return 0;
}
