#include "config.h"

#include "draw.h"

#include "lib/mem.h"
#include "text.h"

#include <stdarg.h>
#include <string.h>

static bool dr_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The next piece as it is drawn in `mode` at column col (relative to the
 * start of the text): tabs and newlines become spaces where the mode says
 * so. Returns the bytes consumed. */
static size_t dr_piece(const char *s, size_t n, dr_mode mode, int col,
                       bool utf8, tx_piece *p) {
  size_t k = tx_next(s, n, utf8, p);
  if (mode == DR_LINE && (p->kind == TX_TAB || p->kind == TX_NEWLINE)) {
    while (k < n && dr_space(s[k]))
      k++;
    p->kind = TX_CHAR;
    p->out[0] = ' ';
    p->len = p->width = 1;
  } else if (mode == DR_SOURCE && p->kind == TX_TAB) {
    unsigned w = (unsigned)(8 - col % 8);
    p->kind = TX_CHAR;
    memset(p->out, ' ', w);
    p->len = p->width = w;
  } else if (p->kind == TX_TAB || p->kind == TX_NEWLINE) {
    p->kind = TX_ESCAPE;
  }
  return k;
}

/* columns of s[at..n) in mode from column col, stopping past `limit` */
static int dr_rest(const char *s, size_t n, size_t at, dr_mode mode, int col,
                   int limit, bool utf8) {
  int w = 0;
  tx_piece p;
  while (at < n && w <= limit) {
    at += dr_piece(s + at, n - at, mode, col + w, utf8, &p);
    w += (int)p.width;
  }
  return w;
}

int dr_text(int y, int x, int w, const char *s, size_t n, attr_t attr,
            dr_mode mode, const se_pattern *hl) {
  if (w <= 0 || !s) return 0;
  bool utf8 = term_utf8();
  attr_t esc = term_attr(TA_ESCAPE), match = term_attr(TA_MATCH);
  long ms = -1, me = -1; /* the current or next match [ms, me) */
  if (hl && hl->len) {
    ms = se_find(hl, s, n, 0);
    me = ms < 0 ? -1 : ms + (long)hl->len;
  }
  move(y, x);
  int col = 0;
  size_t at = 0;
  tx_piece p;
  while (at < n) {
    size_t k = dr_piece(s + at, n - at, mode, col, utf8, &p);
    if (col + (int)p.width > w - 1) {
      /* the last column: the rest if it fits there, else an ellipsis */
      if (dr_rest(s, n, at, mode, col, w - col, utf8) > w - col) {
        attrset((int)attr);
        if (col < w) {
          addstr(utf8 ? "\xe2\x80\xa6" : ">");
          col++;
        }
        break;
      }
    }
    if (col + (int)p.width > w) break;
    while (ms >= 0 && (size_t)me <= at) {
      ms = se_find(hl, s, n, (size_t)ms + 1);
      me = ms < 0 ? -1 : ms + (long)hl->len;
    }
    attr_t a = attr;
    if (p.kind == TX_ESCAPE) a = esc | (attr & A_REVERSE);
    if (ms >= 0 && (size_t)ms <= at && at < (size_t)me) a = match;
    attrset((int)a);
    addnstr(p.out, (int)p.len);
    col += (int)p.width;
    at += k;
  }
  attrset((int)attr);
  return col;
}

/* The bytes of s[0..n) that fill one row of w columns in DR_LINE mode,
 * ending after a space when one is in the second half of the row. */
static size_t dr_row_bytes(const char *s, size_t n, int w, bool utf8) {
  size_t at = 0, space = 0;
  int col = 0;
  tx_piece p;
  while (at < n) {
    size_t k = dr_piece(s + at, n - at, DR_LINE, col, utf8, &p);
    if (col + (int)p.width > w) break;
    col += (int)p.width;
    at += k;
    if (p.out[0] == ' ' && p.len == 1 && col > w / 2) space = at;
  }
  if (at < n && space) at = space;
  return at ? at : (n ? 1 : 0);
}

int dr_wrap(int y, int x, int w, int rows, const char *s, size_t n,
            attr_t attr, const se_pattern *hl) {
  if (w <= 0 || rows <= 0 || !s) return 0;
  bool utf8 = term_utf8();
  size_t at = 0;
  int r = 0;
  while (at < n && r < rows) {
    /* the last row takes the rest: dr_text ends it in an ellipsis */
    size_t k = r == rows - 1 ? n - at : dr_row_bytes(s + at, n - at, w, utf8);
    dr_text(y + r, x, w, s + at, k, attr, DR_LINE, hl);
    at += k;
    r++;
  }
  return r;
}

int dr_str(int y, int x, int w, const char *s, attr_t attr) {
  return s ? dr_text(y, x, w, s, strlen(s), attr, DR_LINE, NULL) : 0;
}

int dr_printf(int y, int x, int w, attr_t attr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  int k = dr_str(y, x, w, m, attr);
  mem_free(m);
  return k;
}

int dr_width(const char *s, int max) {
  return s ? dr_rest(s, strlen(s), 0, DR_LINE, 0, max, term_utf8()) : 0;
}

void dr_fill(int y, int x, int w, attr_t attr) {
  if (w <= 0) return;
  attrset((int)attr);
  move(y, x);
  for (int i = 0; i < w; i++)
    addch(' ');
}

/* not ACS_VLINE: drawn as text, the lines read the same in every terminal
 * and in a capture of one */
void dr_vline(int y, int x, int h, attr_t attr) {
  attrset((int)attr);
  for (int i = 0; i < h; i++)
    mvaddstr(y + i, x, term_utf8() ? "\xe2\x94\x82" : "|");
}

void dr_hline(int y, int x, int w, attr_t attr) {
  attrset((int)attr);
  move(y, x);
  for (int i = 0; i < w; i++)
    addstr(term_utf8() ? "\xe2\x94\x80" : "-");
}
