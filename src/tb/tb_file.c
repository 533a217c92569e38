/* tb_file.c - table files: zstd blocks behind an offset index, checksummed. */
#include "tb_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "tb_index.h"

static const char magic[8] = { 'D', 'A', 'B', 'L', 'O', 'T', 'B', '\n' };
enum { HEADER = 256, ZSTD_LEVEL = 12 };

/* The header as stored (little-endian; 256 bytes with the padding). */
typedef struct Header {
    char magic[8];
    uint32_t format, variant;
    uint64_t npos;
    uint32_t block, nblocks;
    uint64_t checksum;
    uint32_t draw_plies, pad;
    char tag[64];
    char sig[32];
    char rules[112];
} Header;
_Static_assert(sizeof(Header) == HEADER, "table header is 256 bytes");

const char *tb_wdl_name(TbWdl w)
{
    static const char *names[] = { "loss", "blessed-loss", "draw", "cursed-win", "win" };
    return (unsigned)w <= TB_WIN ? names[w] : "?";
}

void tb_rules_tag(const Rules *r, char *buf, size_t len)
{
    if (r->variant == VARIANT_TABAL) {
        snprintf(buf, len, "tabal%s", r->max_capture ? "-maxcapture" : "");
        return;
    }
    snprintf(buf, len, "dablot-%s%s%s%s", rules_captures_name(r->captures),
             r->forward_only_men ? "-fwd" : "", r->king_capture_ends ? "-kce" : "",
             r->king_and_prince_capture_ends ? "-kpce" : "");
}

void tb_file_path(const char *dir, const Rules *r, const TbSig *s, char *buf, size_t len)
{
    char tag[64], name[TB_SIG_NAME];
    tb_rules_tag(r, tag, sizeof tag);
    tb_sig_name(s, name, sizeof name);
    snprintf(buf, len, "%s/%s-%s.dtb", dir, tag, name);
}

static uint64_t fnv1a(uint64_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}
static const uint64_t FNV_START = 0xcbf29ce484222325ull;

/* Checksum of a whole file image with the header's checksum field zeroed. */
static uint64_t file_checksum(const uint8_t *img, size_t size)
{
    Header h;
    memcpy(&h, img, HEADER);
    h.checksum = 0;
    uint64_t c = fnv1a(FNV_START, (const uint8_t *)&h, HEADER);
    return fnv1a(c, img + HEADER, size - HEADER);
}

int tb_file_image(const Rules *r, const TbSig *s, const uint16_t *e, uint8_t **out, size_t *len,
                  char *err, size_t errlen)
{
    uint64_t npos = tb_index_size(s);
    uint32_t nblocks = (uint32_t)((npos + TB_BLOCK - 1) / TB_BLOCK);
    size_t bound = ZSTD_compressBound(TB_BLOCK * sizeof *e);
    size_t cap = HEADER + (nblocks + 1) * sizeof(uint64_t) + (size_t)nblocks * bound;
    uint8_t *img = calloc(1, cap);
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    if (!img || !cctx) {
        free(img);
        ZSTD_freeCCtx(cctx);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    Header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, magic, sizeof magic);
    h.format = TB_FORMAT;
    h.variant = (uint32_t)s->variant;
    h.npos = npos;
    h.block = TB_BLOCK;
    h.nblocks = nblocks;
    h.draw_plies = TB_DRAW_PLIES;
    tb_rules_tag(r, h.tag, sizeof h.tag);
    tb_sig_name(s, h.sig, sizeof h.sig);
    rules_describe(r, h.rules, sizeof h.rules);
    uint64_t *off = (uint64_t *)(img + HEADER);
    size_t pos = HEADER + (nblocks + 1) * sizeof(uint64_t);
    for (uint32_t b = 0; b < nblocks; b++) {
        uint64_t first = (uint64_t)b * TB_BLOCK;
        size_t n = (size_t)(npos - first < TB_BLOCK ? npos - first : TB_BLOCK);
        off[b] = pos;
        size_t z = ZSTD_compressCCtx(cctx, img + pos, bound, e + first, n * sizeof *e, ZSTD_LEVEL);
        if (ZSTD_isError(z)) {
            snprintf(err, errlen, "zstd: %s", ZSTD_getErrorName(z));
            free(img);
            ZSTD_freeCCtx(cctx);
            return -1;
        }
        pos += z;
    }
    off[nblocks] = pos;
    ZSTD_freeCCtx(cctx);
    memcpy(img, &h, HEADER);
    h.checksum = file_checksum(img, pos);
    memcpy(img, &h, HEADER);
    *out = img;
    *len = pos;
    return 0;
}

/* Reads n bytes at off; 0, or -1 (a short read: the file shrank). */
static int read_at(int fd, void *buf, size_t n, uint64_t off)
{
    for (size_t done = 0; done < n;) {
        ssize_t r = pread(fd, (char *)buf + done, n - done, (off_t)(off + done));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        done += (size_t)r;
    }
    return 0;
}

/* The checksum of the file open on fd (size bytes), read in chunks; 0
 * with *sum, or -1 if it cannot be read (or no memory). */
static int fd_checksum(int fd, size_t size, uint64_t *sum)
{
    enum { CHUNK = 1 << 16 };
    uint8_t *buf = malloc(CHUNK);
    if (!buf || read_at(fd, buf, HEADER, 0) != 0) {
        free(buf);
        return -1;
    }
    Header h;
    memcpy(&h, buf, HEADER);
    h.checksum = 0;
    uint64_t c = fnv1a(FNV_START, (const uint8_t *)&h, HEADER);
    for (size_t off = HEADER; off < size;) {
        size_t n = size - off < CHUNK ? size - off : CHUNK;
        if (read_at(fd, buf, n, off) != 0) {
            free(buf);
            return -1;
        }
        c = fnv1a(c, buf, n);
        off += n;
    }
    free(buf);
    *sum = c;
    return 0;
}

int tb_file_open(TbFile *f, const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    const char *bad = fstat(fd, &st) != 0  ? strerror(errno)
                    : S_ISDIR(st.st_mode)  ? "is a folder, not a table file"
                    : !S_ISREG(st.st_mode) ? "not a regular file"
                    : st.st_size < HEADER  ? "shorter than a table header (truncated?)"
                                           : NULL;
    if (bad) {
        close(fd);
        snprintf(err, errlen, "%s: %s", path, bad);
        return -1;
    }
    size_t size = (size_t)st.st_size;
    Header h;
    const char *why = NULL;
    char sigerr[160];
    TbSig sig;
    uint64_t *off = NULL, sum = 0;
    if (read_at(fd, &h, HEADER, 0) != 0) {
        why = "cannot be read";
        memset(&h, 0, sizeof h);
    }
    h.tag[sizeof h.tag - 1] = h.sig[sizeof h.sig - 1] = 0;
    if (why)
        ;
    else if (memcmp(h.magic, magic, sizeof magic) != 0)
        why = "not a dablo table file";
    else if (h.format != TB_FORMAT)
        why = "another table format version";
    else if (h.variant >= VARIANT_NB || h.block != TB_BLOCK || h.draw_plies != TB_DRAW_PLIES)
        why = "bad header";
    else if (tb_sig_parse(&sig, (Variant)h.variant, h.sig, sigerr, sizeof sigerr) != 0
             || tb_index_size(&sig) != h.npos || h.nblocks != (h.npos + TB_BLOCK - 1) / TB_BLOCK)
        why = "header signature and size disagree";
    else if (size < HEADER + (h.nblocks + 1) * sizeof(uint64_t))
        why = "file size does not match its block index (truncated?)";
    else if (!(off = malloc((h.nblocks + 1) * sizeof *off)))
        why = "out of memory for its block index";
    else if (read_at(fd, off, (h.nblocks + 1) * sizeof *off, HEADER) != 0)
        why = "cannot be read";
    else if (off[h.nblocks] != size)
        why = "file size does not match its block index (truncated?)";
    else if (fd_checksum(fd, size, &sum) != 0)
        why = errno == ENOMEM ? "out of memory to read it" : "cannot be read";
    else if (sum != h.checksum)
        why = "checksum mismatch (corrupted)";
    size_t bound = ZSTD_COMPRESSBOUND(TB_BLOCK * sizeof(uint16_t)); /* load_block()'s buffer */
    for (uint32_t b = 0; b < h.nblocks && !why; b++)
        if (off[b] > off[b + 1] || off[b] < HEADER || off[b + 1] - off[b] > bound)
            why = "bad block index";
    char *name = why ? NULL : strdup(path);
    if (!why && !name) why = "out of memory";
    if (why) {
        free(off);
        close(fd);
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    memset(f, 0, sizeof *f);
    f->sig = sig;
    memcpy(f->tag, h.tag, sizeof f->tag);
    f->npos = h.npos;
    f->nblocks = h.nblocks;
    f->fd = fd;
    f->size = size;
    f->offsets = off;
    f->path = name;
    return 0;
}

void tb_file_close(TbFile *f)
{
    if (f->offsets) {
        close(f->fd);
        free(f->offsets);
        free(f->path);
    }
    f->offsets = NULL;
    f->path = NULL;
    f->fd = -1;
}

/* Decompresses block b into out: 0, or -1 with errno ENOMEM (no memory
 * for zstd), EIO (a short read: the file shrank) or
 * EILSEQ (the block does not decompress). */
static int load_block(const TbFile *f, uint32_t b, uint16_t *out)
{
    uint64_t first = (uint64_t)b * TB_BLOCK;
    size_t n = (size_t)(f->npos - first < TB_BLOCK ? f->npos - first : TB_BLOCK);
    /* tb_file_open() bounds every block by this, so no allocation a probe */
    uint8_t z[ZSTD_COMPRESSBOUND(TB_BLOCK * sizeof(uint16_t))];
    size_t zn = (size_t)(f->offsets[b + 1] - f->offsets[b]);
    if (read_at(f->fd, z, zn, f->offsets[b]) != 0) {
        errno = EIO;
        return -1;
    }
    size_t got = ZSTD_decompress(out, n * sizeof *out, z, zn);
    if (!ZSTD_isError(got) && got == n * sizeof *out) return 0;
    errno = ZSTD_isError(got) && ZSTD_getErrorCode(got) == ZSTD_error_memory_allocation ? ENOMEM
                                                                                        : EILSEQ;
    return -1;
}

void tb_file_problem(const TbFile *f, char *buf, size_t len)
{
    struct stat st;
    const char *path = f->path ? f->path : "table file";
    if (errno == ENOMEM)
        snprintf(buf, len, "%s: out of memory to decompress a block (ulimit -v?)", path);
    else if (fstat(f->fd, &st) == 0 && (uint64_t)st.st_size != f->size)
        snprintf(buf, len,
                 "%s: changed on disk since it was opened (%llu bytes, was %llu); replace "
                 "tables by rename (mv), not by copying over them",
                 path, (unsigned long long)st.st_size, (unsigned long long)f->size);
    else
        snprintf(buf, len, "%s: a block cannot be read or does not decompress (changed on disk?)",
                 path);
}

bool tb_entry_valid(uint16_t e)
{
    TbWdl w = tb_entry_wdl(e);
    int d = tb_entry_dtz(e);
    if (w > TB_WIN) return false;
    if (w == TB_DRAW) return d == 0;
    if (w == TB_WIN || w == TB_LOSS) return d <= TB_DRAW_PLIES;
    return d > TB_DRAW_PLIES;
}

int tb_file_get(const TbFile *f, uint64_t idx, TbBlockCache *c, uint16_t *e)
{
    uint32_t b = (uint32_t)(idx / TB_BLOCK);
    if (c->file != f || c->block != b) {
        c->file = NULL;
        if (load_block(f, b, c->e) != 0) return -1;
        c->file = f;
        c->block = b;
    }
    *e = c->e[idx % TB_BLOCK];
    return 0;
}

int tb_file_load(const TbFile *f, uint16_t *out)
{
    for (uint32_t b = 0; b < f->nblocks; b++)
        if (load_block(f, b, out + (uint64_t)b * TB_BLOCK) != 0) return -1;
    return 0;
}

int tb_file_check_name(const TbFile *f, const char *path, char *err, size_t errlen)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dash = strrchr(base, '-');
    size_t len = strlen(base);
    char header[TB_SIG_NAME + 64], sig[TB_SIG_NAME] = "", why[128];
    tb_sig_name(&f->sig, sig, sizeof sig);
    snprintf(header, sizeof header, "%s-%s", f->tag, sig);
    if (dash && len > 4 && strcmp(base + len - 4, ".dtb") == 0
        && (size_t)(dash - base) == strlen(f->tag) && strncmp(base, f->tag, strlen(f->tag)) == 0
        && (size_t)(base + len - 4 - (dash + 1)) < sizeof sig) {
        TbSig named;
        char name[TB_SIG_NAME];
        snprintf(name, sizeof name, "%.*s", (int)(base + len - 4 - (dash + 1)), dash + 1);
        if (tb_sig_parse(&named, f->sig.variant, name, why, sizeof why) == 0
            && tb_sig_equal(&named, &f->sig))
            return 0;
    }
    snprintf(err, errlen, "%s: its header holds the table %s, which its name does not say", path,
             header);
    return -1;
}
