/*
 * tb_file.h - one table file: what a position's entry holds, and the file
 * that stores the entries of one signature.
 *
 * Entry (16 bits): the value for the side to move in bits 0-2 (TbWdl) and
 * the distance in bits 3-15: plies to the next zeroing move (a capture; in
 * Tabal also a man's step to another rank: tb_probe.h tb_move_zeroing)
 * with best play, the winner hurrying and the
 * loser delaying (DTZ, as in the Syzygy tables).  A win whose zeroing move
 * comes after more than TB_DRAW_PLIES plies is a cursed win (DrawPlies 100
 * turns it into a draw), its mirror a blessed loss; see docs/tablebases.md
 * for exactly how distances are counted.
 *
 * File (little-endian): a 256-byte header (magic, format version, variant,
 * rules tag, signature, positions, positions per block, blocks, FNV-1a 64
 * checksum of the whole file with the checksum field zeroed), then
 * nblocks + 1 offsets (uint64, from the start of the file) and the blocks,
 * each one zstd frame of TB_BLOCK entries (the last one shorter).  A probe
 * decompresses one block.  tb_file_open() reads the file through and
 * refuses it, with a message, when it is short, not a table, of another
 * format version, or its checksum does not match; it keeps the file open
 * and reads a block with pread() when a probe needs it (not mmap(): a
 * mapped file shrunk on disk kills the process with SIGBUS at the next
 * touch, where pread() only comes back short and the table is dropped).
 */
#ifndef DABLO_TB_FILE_H
#define DABLO_TB_FILE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "tb_sig.h"

typedef enum { TB_LOSS = 0, TB_BLESSED_LOSS = 1, TB_DRAW = 2, TB_CURSED_WIN = 3, TB_WIN = 4 } TbWdl;
enum { TB_DRAW_PLIES = 100, TB_DTZ_MAX = 8191, TB_BLOCK = 8192, TB_FORMAT = 3 };

static inline uint16_t tb_entry(TbWdl w, int dtz)
{
    return (uint16_t)((unsigned)w | (unsigned)(dtz > TB_DTZ_MAX ? TB_DTZ_MAX : dtz) << 3);
}
static inline TbWdl tb_entry_wdl(uint16_t e)
{
    return (TbWdl)(e & 7);
}
static inline int tb_entry_dtz(uint16_t e)
{
    return e >> 3;
}
/* The value seen from the other side ("win" <-> "loss"). */
static inline TbWdl tb_wdl_negate(TbWdl w)
{
    return (TbWdl)(4 - (int)w);
}
/* "win", "cursed-win", "draw", "blessed-loss", "loss". */
const char *tb_wdl_name(TbWdl w);

/* The rules tag of file names and headers: variant, Captures and the
 * Dablot switches, e.g. "dablot-optional", "dablot-compulsory-men-fwd-kce",
 * "tabal", "tabal-maxcapture" (RULES.md sections 1-2 options; DrawPlies is
 * not part of it: the curse threshold is always TB_DRAW_PLIES). */
void tb_rules_tag(const Rules *r, char *buf, size_t len);
/* dir/<tag>-<signature>.dtb into buf. */
void tb_file_path(const char *dir, const Rules *r, const TbSig *s, char *buf, size_t len);

typedef struct TbFile {
    TbSig sig;
    char tag[64];
    uint64_t npos;
    uint32_t nblocks;
    int fd;            /* open for reading while the table is open; -1 when closed */
    size_t size;       /* of the file when it was opened and checked */
    uint64_t *offsets; /* the block index (owned), nblocks + 1 */
    char *path;        /* as given to tb_file_open() (owned) */
    /* Set once (by tb_set_probe) when a probe found the file unreadable:
     * the table is then left alone. */
    _Atomic int broken;
} TbFile;

/* The file image of the entries e[0..tb_index_size(s)) of signature s
 * under rules r, zstd level 12, so the same entries always give the same
 * bytes: *out (malloc'd, the caller frees it; *len bytes).  Returns 0, or
 * -1 with a message in err ("out of memory", "zstd: ...").  dablo-tb
 * writes it to a file of its own and renames it into place. */
int tb_file_image(const Rules *r, const TbSig *s, const uint16_t *e, uint8_t **out, size_t *len,
                  char *err, size_t errlen);
/* Opens and checks a table file (see above): it stays open (one file
 * descriptor) until tb_file_close().  Returns 0, or -1 with a one-line
 * message naming the file and what is wrong ("is a folder", "cannot
 * open: ...", "checksum mismatch (corrupted)", ...); *f is then unset. */
int tb_file_open(TbFile *f, const char *path, char *err, size_t errlen);
/* Closes the file and frees what tb_file_open() took; twice is fine. */
void tb_file_close(TbFile *f);
/* Whether the file name of path (tb_file_path's "<tag>-<signature>.dtb",
 * the signature's letters in any order) names the rules tag and the
 * signature of f's header.  Returns 0, or -1 with a one-line message in err
 * naming the file and both (a copied or renamed table is refused: the name
 * is what a set looks tables up by). */
int tb_file_check_name(const TbFile *f, const char *path, char *err, size_t errlen);

/* A decompressed block, reused between probes of one thread. */
typedef struct TbBlockCache {
    const TbFile *file;
    uint32_t block;
    uint16_t e[TB_BLOCK];
} TbBlockCache;
/* Entry idx (< f->npos) through cache c (zeroed before first use).
 * Returns 0, or -1 if the block cannot be read or does not decompress
 * (then *e is unset); tb_file_problem() then says why. */
int tb_file_get(const TbFile *f, uint64_t idx, TbBlockCache *c, uint16_t *e);
/* Every entry into out (f->npos of them).  Returns 0 or -1. */
int tb_file_load(const TbFile *f, uint16_t *out);
/* Why a read of f failed, as one line naming the file, into buf; called
 * at once after the failed tb_file_get() or tb_file_load() (it reads
 * errno): no memory to decompress, the file changed on disk since it was
 * opened (its size now; tables are to be replaced by rename, never copied
 * over in place), or a block that does not decompress. */
void tb_file_problem(const TbFile *f, char *buf, size_t len);
/* Whether e is an entry the tables can hold: a value of TbWdl, a draw at
 * distance 0, a win or loss within TB_DRAW_PLIES and a cursed win or
 * blessed loss beyond it.  Anything else means a damaged table. */
bool tb_entry_valid(uint16_t e);
#endif
