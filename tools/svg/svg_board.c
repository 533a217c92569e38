/*
 * svg_board.c - the SVG drawing of a position (see svg_board.h for the
 * layout and what each element class means).
 */
#include "svg_board.h"

#include <math.h>
#include <string.h>

/* Margins around the board, in user units: room for the rank numbers on the
 * left and the two caption lines on top (the bottom margin, for the bottom
 * rank's labels and the file letters, depends on the piece size). */
enum { MARGIN_LEFT = 64, MARGIN_RIGHT = 44, MARGIN_TOP = 100 };

/* Sizes that depend on the board: user units per file/rank step and the
 * piece radius (Dablot's points are closer: a vertex and a centre are
 * 70.7 units apart, Tabal's neighbours 100). */
typedef struct Layout {
    const Geometry *g;
    int cell;          /* units per file or rank step */
    double radius;     /* piece radius */
    int margin_bottom; /* below the lowest rank */
    int width, height; /* whole picture */
    int flipped;       /* Black at the bottom (SvgView) */
} Layout;

static Layout layout_of(const Geometry *g)
{
    Layout l;
    l.g = g;
    l.flipped = 0;
    l.cell = g->variant == VARIANT_DABLOT ? 50 : 100;
    l.radius = g->variant == VARIANT_DABLOT ? 23.0 : 30.0;
    l.width = MARGIN_LEFT + (g->nfiles - 1) * l.cell + MARGIN_RIGHT;
    l.margin_bottom = (int)l.radius + 52;
    l.height = MARGIN_TOP + (g->nranks - 1) * l.cell + l.margin_bottom;
    return l;
}

/* The picture column of a file and the row of a rank (0-based), from the
 * left and from the top. */
static int column(const Layout *l, int file)
{
    return l->flipped ? l->g->nfiles - 1 - file : file;
}

static int row(const Layout *l, int rank)
{
    return l->flipped ? rank : l->g->nranks - 1 - rank;
}

static double px(const Layout *l, int p)
{
    return MARGIN_LEFT + column(l, l->g->file[p]) * l->cell;
}

static double py(const Layout *l, int p)
{
    return MARGIN_TOP + row(l, l->g->rank[p]) * l->cell;
}

void svg_board_extent(Variant v, int *width, int *height)
{
    Layout l = layout_of(geometry_of(v));
    *width = l.width;
    *height = l.height;
}

int svg_board_height_px(Variant v, int width_px)
{
    int w, h;
    svg_board_extent(v, &w, &h);
    return (int)lround((double)width_px * h / w);
}

/* Writes s with the five XML special characters escaped. */
static void put_escaped(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        default: fputc(*s, out);
        }
    }
}

static void write_header(FILE *out, const Layout *l, const Position *pos, int width_px)
{
    int wpx = width_px ? width_px : l->width;
    int hpx = width_px ? svg_board_height_px(l->g->variant, width_px) : l->height;
    char fen[192];
    position_fen(pos, fen, sizeof fen);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                 "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
            wpx, hpx, l->width, l->height);
    fprintf(out, "<title>%s position</title>\n<desc>", l->g->name);
    put_escaped(out, fen);
    fprintf(out, "</desc>\n");
    fprintf(out,
            "<defs>\n"
            "<marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" "
            "markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">"
            "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/></marker>\n"
            "</defs>\n");
    fprintf(out, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
                 "fill=\"#f5e6c8\"/>\n", l->width, l->height);
}

/* Writes one caption line at height y, squeezed (textLength) when its
 * estimated width (0.6 font size a character) would pass the right edge. */
static void write_caption_line(FILE *out, const Layout *l, int y, int size, const char *weight,
                               const char *text)
{
    double room = l->width - MARGIN_LEFT / 2 - 8, guess = 0.6 * size * (double)strlen(text);
    fprintf(out, "<text class=\"caption\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                 "font-weight=\"%s\" fill=\"#3b2a14\"", MARGIN_LEFT / 2, y, size, weight);
    if (guess > room)
        fprintf(out, " textLength=\"%.0f\" lengthAdjust=\"spacingAndGlyphs\"", room);
    fputc('>', out);
    put_escaped(out, text);
    fputs("</text>\n", out);
}

/* Caption: the game and the side to move; then the last move and the
 * points of the pieces it captured, or, without a last move, a key to the
 * pieces. */
static void write_caption(FILE *out, const Layout *l, const Position *pos, const SvgLastMove *last)
{
    char line[MOVE_STR_MAX + 4 * MAX_POINTS + 64];
    snprintf(line, sizeof line, "%s, %s to move, move %d",
             pos->geo->variant == VARIANT_DABLOT ? "Dablot Prejjesne" : "Permainan-Tabal",
             pos->stm == WHITE ? "White" : "Black", pos->move_number);
    write_caption_line(out, l, 30, 20, "bold", line);
    if (!last || last->npath < 2) {   /* no move to show: a key to the pieces */
        write_caption_line(out, l, 56, 16, "normal",
                           pos->geo->variant == VARIANT_DABLOT
                               ? "plain disc = man, P = prince, K = king"
                               : "plain disc = man, K = king");
        return;
    }
    int n = snprintf(line, sizeof line, "last move %s", last->text);
    const char *sep = ", captured ";
    for (int p = 0; p < l->g->npoints && n < (int)sizeof line - 8; p++)
        if (bb_test(last->captured, p)) {
            n += snprintf(line + n, sizeof line - n, "%s%s", sep, l->g->name_of[p]);
            sep = " ";
        }
    write_caption_line(out, l, 56, 16, "normal", line);
}

/* File letters along the bottom, rank numbers along the left edge. */
static void write_coords(FILE *out, const Layout *l)
{
    const Geometry *g = l->g;
    double bottom = MARGIN_TOP + (g->nranks - 1) * l->cell;
    fputs("<g class=\"coords\" font-size=\"15\" font-weight=\"bold\" fill=\"#8a6d45\" "
          "text-anchor=\"middle\">\n", out);
    for (int f = 0; f < g->nfiles; f++)
        fprintf(out, "<text class=\"coord\" x=\"%d\" y=\"%.0f\">%c</text>\n",
                MARGIN_LEFT + column(l, f) * l->cell, bottom + l->radius + 42, 'a' + f);
    for (int r = 0; r < g->nranks; r++)
        fprintf(out, "<text class=\"coord\" x=\"%d\" y=\"%d\">%d</text>\n",
                MARGIN_LEFT - (int)l->radius - 22, MARGIN_TOP + row(l, r) * l->cell + 5, r + 1);
    fputs("</g>\n", out);
}

/* Every line once: from each point along its N, NE, E and SE rays. */
static void write_lines(FILE *out, const Layout *l)
{
    const Geometry *g = l->g;
    static const Direction half[] = { DIR_N, DIR_NE, DIR_E, DIR_SE };
    fputs("<g class=\"lines\" stroke=\"#6b4f2a\" stroke-width=\"2.5\" stroke-linecap=\"round\">\n", out);
    for (int p = 0; p < g->npoints; p++)
        for (size_t i = 0; i < sizeof half / sizeof half[0]; i++) {
            int q = g->ray[p][half[i]];
            if (q == NO_POINT)
                continue;
            fprintf(out, "<line class=\"line\" x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>\n",
                    px(l, p), py(l, p), px(l, q), py(l, q));
        }
    fputs("</g>\n", out);
    fputs("<g class=\"points\" fill=\"#6b4f2a\">\n", out);
    for (int p = 0; p < g->npoints; p++)
        fprintf(out,
                "<circle class=\"point\" data-point=\"%s\" cx=\"%.0f\" cy=\"%.0f\" r=\"4.5\"/>\n",
                g->name_of[p], px(l, p), py(l, p));
    fputs("</g>\n", out);
}

/* One piece at (x, y); opacity < 1 draws a captured piece's ghost. */
static void write_piece(FILE *out, const Layout *l, double x, double y, int code, double opacity)
{
    Color c = piece_color(code);
    PieceType t = piece_type(code);
    const char *fill = c == WHITE ? "#fbf8f0" : "#2b2b2b";
    const char *ink = c == WHITE ? "#1d1d1d" : "#f2f2f2";
    const char *type_name = t == KING ? "king" : t == PRINCE ? "prince" : "man";
    double r = l->radius;
    fprintf(out, "<g class=\"piece %s %s\" opacity=\"%.2f\">", c == WHITE ? "white" : "black",
            type_name, opacity);
    fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"%.1f\" fill=\"%s\" stroke=\"#111\" "
                 "stroke-width=\"2\"/>", x, y, r, fill);
    if (t == MAN) {
        fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" "
                     "stroke-width=\"1\" opacity=\"0.5\"/>", x, y, r * 0.62, ink);
    } else {
        const char *ring = t == KING ? "#d4a017" : ink;
        fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" "
                     "stroke-width=\"%.1f\"/>", x, y, r * 0.78, ring, t == KING ? r * 0.16 : 1.5);
        fprintf(out, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"%.0f\" font-weight=\"bold\" "
                     "text-anchor=\"middle\" fill=\"%s\">%c</text>",
                x, y + r * 0.36, r * 1.0, ink, t == KING ? 'K' : 'P');
    }
    fputs("</g>\n", out);
}

static void write_pieces(FILE *out, const Layout *l, const Position *pos)
{
    fputs("<g class=\"pieces\">\n", out);
    for (int p = 0; p < l->g->npoints; p++)
        if (pos->board[p] != EMPTY)
            write_piece(out, l, px(l, p), py(l, p), pos->board[p], 1.0);
    fputs("</g>\n", out);
}

/* Under the pieces: highlights on the start and end points. */
static void write_move_highlight(FILE *out, const Layout *l, const SvgLastMove *m)
{
    int ends[2] = { m->path[0], m->path[m->npath - 1] };
    fputs("<g class=\"lastmove-highlight\" fill=\"#f7c948\" stroke=\"#c98f00\" stroke-width=\"2\">\n", out);
    for (int i = 0; i < (ends[0] == ends[1] ? 1 : 2); i++)
        fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"%.1f\"/>\n",
                px(l, ends[i]), py(l, ends[i]), l->radius + 7);
    fputs("</g>\n", out);
}

/* Over the pieces: captured pieces faded and crossed, then the path arrow.
 * The arrow stops short of the end point so its head touches the piece. */
static void write_move_path(FILE *out, const Layout *l, const SvgLastMove *m)
{
    double r = l->radius;
    fputs("<g class=\"captures\">\n", out);
    for (int p = 0; p < l->g->npoints; p++) {
        if (!bb_test(m->captured, p))
            continue;
        double x = px(l, p), y = py(l, p), a = r * 0.75;
        if (m->captured_piece[p] != EMPTY)
            write_piece(out, l, x, y, m->captured_piece[p], 0.35);
        fprintf(out, "<path class=\"captured\" d=\"M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f\" "
                     "stroke=\"#c0392b\" stroke-width=\"6\" stroke-linecap=\"round\"/>\n",
                x - a, y - a, x + a, y + a, x - a, y + a, x + a, y - a);
    }
    fputs("</g>\n", out);
    fputs("<polyline class=\"lastmove\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"6\" "
          "stroke-opacity=\"0.8\" stroke-linejoin=\"round\" stroke-linecap=\"round\" "
          "marker-end=\"url(#arrowhead)\" points=\"", out);
    for (int i = 0; i < m->npath; i++) {
        double x = px(l, m->path[i]), y = py(l, m->path[i]);
        if (i == m->npath - 1 && i > 0) {
            double x0 = px(l, m->path[i - 1]), y0 = py(l, m->path[i - 1]);
            double len = hypot(x - x0, y - y0), cut = r + 4;
            if (len > cut * 2) {
                x -= (x - x0) * cut / len;
                y -= (y - y0) * cut / len;
            }
        }
        fprintf(out, "%s%.1f,%.1f", i ? " " : "", x, y);
    }
    fputs("\"/>\n", out);
}

/* Every point's name just below it, on a halo so lines do not cross it. */
static void write_labels(FILE *out, const Layout *l)
{
    fputs("<g class=\"labels\" font-size=\"13\" text-anchor=\"middle\" fill=\"#1f3a5f\" "
          "stroke=\"#f5e6c8\" stroke-width=\"3.5\" paint-order=\"stroke\" "
          "stroke-linejoin=\"round\">\n", out);
    for (int p = 0; p < l->g->npoints; p++)
        fprintf(out, "<text class=\"point-label\" x=\"%.0f\" y=\"%.0f\">%s</text>\n",
                px(l, p), py(l, p) + l->radius + 13, l->g->name_of[p]);
    fputs("</g>\n", out);
}

int svg_board_write(FILE *out, const Position *pos, const SvgLastMove *last, int width_px)
{
    SvgView view = { .width_px = width_px, .flipped = 0 };
    return svg_board_write_view(out, pos, last, &view);
}

int svg_board_write_view(FILE *out, const Position *pos, const SvgLastMove *last,
                         const SvgView *view)
{
    int width_px = view->width_px;
    Layout l = layout_of(pos->geo);
    l.flipped = view->flipped;
    int marked = last && last->npath >= 2;
    write_header(out, &l, pos, width_px);
    write_caption(out, &l, pos, last);
    write_coords(out, &l);
    write_lines(out, &l);
    if (marked)
        write_move_highlight(out, &l, last);
    write_pieces(out, &l, pos);
    if (marked)
        write_move_path(out, &l, last);
    write_labels(out, &l);
    fputs("</svg>\n", out);
    return ferror(out) ? -1 : 0;
}
