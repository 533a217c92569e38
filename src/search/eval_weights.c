/*
 * eval_weights.c - the evaluation's weights, one table per variant and
 * Dablot capture rule (EvalWeights, EvalTable, eval.h), and where each
 * table came from.  Written by dablo-tune (tools/tune, docs/tuning.md):
 * `make tune` writes it again; edit a value by hand only together with
 * its origin line.
 */
#include "eval.h"

const char *const eval_weights_origin[EVAL_TABLE_NB] = {
    [EVAL_TABLE_DABLOT] = "dablo-tune fit -lambda 0 -rounds 3 -iterations 300 -rate 1 -l2 "
                          "1e-07 -valid 10 -seed 1 -fix mopup_,mobility,centre,advance: "
                          "259605 positions, K 0.061328, log loss 0.109857 -> 0.104918 "
                          "(validation 0.107286 -> 0.101782)",
    [EVAL_TABLE_TABAL] = "dablo-tune fit -lambda 1 -rounds 3 -iterations 300 -rate 1 -l2 "
                         "1e-07 -valid 10 -seed 1: 147047 positions, K 0.009424, log loss "
                         "0.468257 -> 0.458163 (validation 0.471604 -> 0.461716)",
    [EVAL_TABLE_DABLOT_COMPULSORY] = "hand-set (docs/strength.md)",
};

const EvalWeights eval_default_weights[EVAL_TABLE_NB] = {
    [EVAL_TABLE_DABLOT] = {
        .piece = { 100, 262, 422 },
        .king_immune = 252,
        .prince_immune = 119,
        .mobility = { 2, 4, 5 },
        .hanging_own_move = { -33, -33, -29 },
        .hanging_their_move = { -4, -10, -15 },
        .hanging_root_own_move = { -12, -30, -40 },
        .advance = { 0, 3, 6, 9, 12, 15, 18, 21, 24, 26, 28, 30, 30 },
        .centre = { 1, 3, 3 },
        .runaway = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
        .base_guard = 0,
        .triangle = 0,
        .piece_no_prey = { 49, 165, 420 },
        .mopup_margin = 200,
        .mopup_mobility = 6,
        .mopup_hunt_mobility = 42,
        .mopup_king_dist = 12,
        .mopup_piece_dist = 8,
        .mopup_wall = 6,
        .mopup_rim = 8,
        .mopup_own_king = 250,
        .mopup_king_free = 20,
        .mopup_region = 6,
        .mopup_all_men = 2,
        .mopup_kingless = 16,
        .tempo = 9,
    },
    [EVAL_TABLE_TABAL] = {
        .piece = { 100, 0, 320 },
        .king_immune = 0,
        .prince_immune = 0,
        .mobility = { 5, 0, 2 },
        .hanging_own_move = { -20, 0, -41 },
        .hanging_their_move = { -5, 0, -15 },
        .hanging_root_own_move = { -20, 0, -41 },
        .advance = { 0, -8, -3, 1, 11, 1, -7, 2, 0, 0, 0, 0, 0 },
        .centre = { 1, 0, -5 },
        .runaway = { 0, 1, 5, 19, 25, 43, 18, 104, 0, 0, 0, 0, 0 },
        .base_guard = -8,
        .triangle = -5,
        .piece_no_prey = { 0, 0, 0 },
        .mopup_margin = 200,
        .mopup_mobility = -1,
        .mopup_hunt_mobility = 0,
        .mopup_king_dist = 0,
        .mopup_piece_dist = 0,
        .mopup_wall = 0,
        .mopup_rim = 0,
        .mopup_own_king = 0,
        .mopup_king_free = 0,
        .mopup_region = 0,
        .mopup_all_men = 0,
        .mopup_kingless = 0,
        .tempo = 6,
    },
    [EVAL_TABLE_DABLOT_COMPULSORY] = {
        .piece = { 100, 260, 420 },
        .king_immune = 250,
        .prince_immune = 120,
        .mobility = { 2, 4, 5 },
        .hanging_own_move = { -12, -30, -40 },
        .hanging_their_move = { -4, -10, -15 },
        .hanging_root_own_move = { -12, -30, -40 },
        .advance = { 0, 3, 6, 9, 12, 15, 18, 21, 24, 26, 28, 30, 30 },
        .centre = { 1, 3, 3 },
        .runaway = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
        .base_guard = 0,
        .triangle = 0,
        .piece_no_prey = { 50, 180, 420 },
        .mopup_margin = 200,
        .mopup_mobility = 6,
        .mopup_hunt_mobility = 42,
        .mopup_king_dist = 12,
        .mopup_piece_dist = 8,
        .mopup_wall = 6,
        .mopup_rim = 8,
        .mopup_own_king = 250,
        .mopup_king_free = 20,
        .mopup_region = 6,
        .mopup_all_men = 2,
        .mopup_kingless = 16,
        .tempo = 6,
    },
};
