/* tb_file.c - table files: zstd blocks behind an offset index, checksummed. */
#include "tb_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

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

int tb_file_write(const char *path, const Rules *r, const TbSig *s, const uint16_t *e, char *err,
                  size_t errlen)
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
        snprintf(err, errlen, "%s: out of memory", path);
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
            snprintf(err, errlen, "%s: zstd: %s", path, ZSTD_getErrorName(z));
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
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *fp = fopen(tmp, "wb");
    int ok = fp && fwrite(img, 1, pos, fp) == pos;
    if (fp && fclose(fp) != 0) ok = 0;
    free(img);
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

int tb_file_open(TbFile *f, const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < HEADER) {
        close(fd);
        snprintf(err, errlen, "%s: shorter than a table header (truncated?)", path);
        return -1;
    }
    size_t size = (size_t)st.st_size;
    const uint8_t *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        snprintf(err, errlen, "%s: cannot map: %s", path, strerror(errno));
        return -1;
    }
    Header h;
    memcpy(&h, map, HEADER);
    const char *why = NULL;
    char sigerr[160];
    TbSig sig;
    h.tag[sizeof h.tag - 1] = h.sig[sizeof h.sig - 1] = 0;
    if (memcmp(h.magic, magic, sizeof magic) != 0)
        why = "not a dablo table file";
    else if (h.format != TB_FORMAT)
        why = "another table format version";
    else if (h.variant >= VARIANT_NB || h.block != TB_BLOCK || h.draw_plies != TB_DRAW_PLIES)
        why = "bad header";
    else if (tb_sig_parse(&sig, (Variant)h.variant, h.sig, sigerr, sizeof sigerr) != 0
             || tb_index_size(&sig) != h.npos || h.nblocks != (h.npos + TB_BLOCK - 1) / TB_BLOCK)
        why = "header signature and size disagree";
    else if (size < HEADER + (h.nblocks + 1) * sizeof(uint64_t)
             || ((const uint64_t *)(map + HEADER))[h.nblocks] != size)
        why = "file size does not match its block index (truncated?)";
    else if (file_checksum(map, size) != h.checksum)
        why = "checksum mismatch (corrupted)";
    if (!why) {
        const uint64_t *off = (const uint64_t *)(map + HEADER);
        for (uint32_t b = 0; b < h.nblocks && !why; b++)
            if (off[b] > off[b + 1] || off[b] < HEADER) why = "bad block index";
    }
    if (why) {
        munmap((void *)map, size);
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    memset(f, 0, sizeof *f);
    f->sig = sig;
    memcpy(f->tag, h.tag, sizeof f->tag);
    f->npos = h.npos;
    f->nblocks = h.nblocks;
    f->map = map;
    f->size = size;
    f->offsets = (const uint64_t *)(map + HEADER);
    return 0;
}

void tb_file_close(TbFile *f)
{
    if (f->map) munmap((void *)f->map, f->size);
    f->map = NULL;
}

static int load_block(const TbFile *f, uint32_t b, uint16_t *out)
{
    uint64_t first = (uint64_t)b * TB_BLOCK;
    size_t n = (size_t)(f->npos - first < TB_BLOCK ? f->npos - first : TB_BLOCK);
    size_t z = ZSTD_decompress(out, n * sizeof *out, f->map + f->offsets[b],
                               f->offsets[b + 1] - f->offsets[b]);
    return ZSTD_isError(z) || z != n * sizeof *out ? -1 : 0;
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
