#include "config.h"

#include "browse.h"

#include "draw.h"
#include "edit.h"
#include "export.h"
#include "filter.h"
#include "keys.h"
#include "lib/mem.h"
#include "report/coverage.h"
#include "report/report.h"
#include "report/rjson.h"
#include "search.h"
#include "source.h"
#include "steps.h"
#include "term.h"
#include "tlist.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef enum { SCR_MAIN, SCR_TRACE, SCR_SOURCE, SCR_HELP, SCR__N } br_screen;
typedef enum {
  P_COMP,
  P_TRACES,
  P_STEPS,
  P_CODE,
  P_SOURCE,
  P_THROUGH,
  P_HELP,
  P__N
} br_pane;

static const unsigned br_ctx[P__N] = {KC_COMP,   KC_TRACES,  KC_STEPS, KC_CODE,
                                      KC_SOURCE, KC_THROUGH, KC_HELP};
/* the panes of each screen, in Tab order */
static const br_pane br_panes[SCR__N][2] = {{P_COMP, P_TRACES},
                                            {P_STEPS, P_CODE},
                                            {P_SOURCE, P_THROUGH},
                                            {P_HELP, P_HELP}};

/* component pane rows: FLT_SAFE .. FLT_ALL, the source, the warnings */
#define BR_COMP_SOURCE (FLT_ALL + 1)
#define BR_COMP_WARNINGS (FLT_ALL + 2)
#define BR_COMP_ROWS (FLT_ALL + 3)
/* source lines the panes know at most when the program is missing */
#define BR_MAX_LINES (16u << 20)
/* coverage array: REP_COV_* and this bit for an executable line */
#define BR_EXEC 0x80
#define BR_DETAIL_ROWS 3
/* rows for the selected warning in full */
#define BR_WARN_ROWS 5

typedef struct {
  size_t cur, top;
  bool center; /* next paint: centre the cursor if it is off the screen */
} br_view;

typedef struct {
  int y, x, h, w; /* h includes the title row */
} br_rect;

typedef VEC(const rep_trace *) br_traces;

typedef struct {
  rep_report *r;
  const char *path;
  char *warning; /* rj_open's (with --no-hash-check) */
  src_file src;
  char *src_err; /* why the program is not shown */
  unsigned nlines;
  unsigned char *cov; /* by line: REP_COV_* | BR_EXEC */
  unsigned *through;  /* by line: traces through it */
  char *coverage_line, *coverage_short;
  br_traces all; /* safe, frontier, unknown */
  size_t ncomp[FLT_ALL + 1];
  int comp; /* FLT_SAFE..FLT_ALL: the traces pane's component */
  tl_list list, thr;
  unsigned thr_line;
  const rep_trace *trace; /* the open trace */
  sp_tree tree;
  unsigned char *on_trace; /* by line: the open trace passes it */
  flt_filter filter;
  br_screen stack[SCR__N];
  int depth;
  br_pane focus[SCR__N];
  br_view v[P__N];
  char search[256];
  se_pattern pat;
  char status[600];
  bool status_err;
  int prompt; /* 0, '/', 'f' or ':' */
  unsigned long count; /* digits typed before g or G (0: none) */
  char input[160];
  size_t input_len;
  bx_session ex;
  br_options opt;
  bool quit;
  bool warnings_shown; /* the text screen shows the warnings, not help */
  bool hide_values;    /* v: the steps without the values they assign */
  char *line;          /* a line of the text screen (br_text_line) */
} br;

/* ---------- model ---------- */

static void br_status(br *b, bool err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void br_status(br *b, bool err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b->status, sizeof b->status, fmt, ap);
  va_end(ap);
  b->status_err = err;
}

static const char *br_comp_name(int k) {
  static const char *const n[] = {"safe", "frontier", "unknown", "undefined",
                                  "all"};
  return k >= 0 && k <= FLT_ALL ? n[k] : "?";
}

static attr_t br_comp_attr(int k) {
  return term_attr(k == FLT_SAFE       ? TA_SAFE
                   : k == FLT_FRONTIER ? TA_FRONTIER
                   : k == FLT_UNKNOWN  ? TA_UNKNOWN
                   : k == FLT_UNDEFINED ? TA_ERROR
                                       : TA_NORMAL);
}

static bool br_line_ok(const br *b, unsigned line) {
  return line >= 1 && line <= b->nlines;
}

/* Lines, coverage, the traces through each line, the lists. */
static void br_model(br *b) {
  rep_report *r = b->r;
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < r->comp[k].traces.len; i++)
      VEC_PUSH(b->all, r->comp[k].traces.data[i]);
  for (size_t i = 0; i < r->unknown.len; i++)
    VEC_PUSH(b->all, r->unknown.data[i]);
  for (size_t i = 0; i < r->undefined.len; i++)
    VEC_PUSH(b->all, r->undefined.data[i]);
  for (size_t i = 0; i < b->all.len; i++)
    b->ncomp[flt_comp_of(b->all.data[i])]++;
  b->ncomp[FLT_ALL] = b->all.len;

  char *e = NULL;
  /* the source the report carries (what was analysed), else the file */
  if (r->program_text)
    src_text(&b->src, r->program_text, r->program_len);
  if (r->program_text ||
      (r->program_path && src_read(&b->src, r->program_path, &e) == 0)) {
    b->nlines =
        (unsigned)(b->src.nlines < BR_MAX_LINES ? b->src.nlines : BR_MAX_LINES);
  } else {
    b->src_err = e ? e : mem_strdup("the report names no program");
    /* without the program, the lines the report mentions */
    unsigned max = 0;
    for (size_t i = 0; i < r->coverage.lines.len; i++)
      if (r->coverage.lines.data[i].line > max)
        max = r->coverage.lines.data[i].line;
    for (size_t i = 0; i < b->all.len; i++)
      for (size_t s = 0; s < b->all.data[i]->steps.len; s++)
        if (b->all.data[i]->steps.data[s].line > max)
          max = b->all.data[i]->steps.data[s].line;
    b->nlines = max < BR_MAX_LINES ? max : BR_MAX_LINES;
  }
  b->cov = mem_calloc((size_t)b->nlines + 1, 1);
  b->on_trace = mem_calloc((size_t)b->nlines + 1, 1);
  b->through = mem_calloc((size_t)b->nlines + 1, sizeof *b->through);
  for (size_t i = 0; i < r->coverage.lines.len; i++) {
    const rep_line *l = &r->coverage.lines.data[i];
    if (br_line_ok(b, l->line))
      b->cov[l->line] = (unsigned char)(BR_EXEC | (l->flags & 0x7f));
  }
  /* distinct traces through each line: `last` remembers the last trace
   * counted at a line */
  unsigned *last = mem_calloc((size_t)b->nlines + 1, sizeof *last);
  for (size_t i = 0; i < b->all.len; i++) {
    const rep_trace *t = b->all.data[i];
    for (size_t s = 0; s < t->steps.len; s++) {
      unsigned l = t->steps.data[s].line;
      if (br_line_ok(b, l) && last[l] != i + 1) {
        last[l] = (unsigned)i + 1;
        b->through[l]++;
      }
    }
  }
  mem_free(last);

  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (m) {
    rep_print_coverage(r, m);
    fclose(m);
    /* one line, single spaces */
    size_t o = 0;
    for (size_t i = 0; buf && buf[i]; i++)
      if (!((buf[i] == ' ' || buf[i] == '\n') && o &&
            (buf[o - 1] == ' ' || buf[i + 1] == 0)))
        buf[o++] = buf[i] == '\n' ? ' ' : buf[i];
    if (buf) buf[o] = 0;
    b->coverage_line = mem_strdup(buf && *buf ? buf
                                              : "coverage: not in this "
                                                "report");
    free(buf); /* open_memstream's buffer is malloc'ed */
  }
  const rep_coverage *c = &r->coverage;
  if (c->computed) {
    double t = c->total ? (double)c->total : 1;
    b->coverage_short = mem_printf(
        "coverage %lu lines: visited %.0f%% traces %.0f%% verified %.0f%% "
        "unexplored %.0f%% none %.0f%%",
        c->total, 100.0 * (double)c->visited / t,
        100.0 * (double)c->on_trace / t, 100.0 * (double)c->verified / t,
        100.0 * (double)c->unexplored / t, 100.0 * (double)c->none / t);
  }
}

static void br_free(br *b) {
  tl_free(&b->list);
  tl_free(&b->thr);
  sp_free(&b->tree);
  src_free(&b->src);
  mem_free(b->src_err);
  mem_free(b->line);
  mem_free(b->cov);
  mem_free(b->on_trace);
  mem_free(b->through);
  mem_free(b->coverage_line);
  mem_free(b->coverage_short);
  mem_free(b->warning);
  VEC_FREE(b->all);
  bx_free(&b->ex);
}

/* The traces of component k (FLT_ALL: all). */
static void br_comp_traces(br *b, int k, br_traces *out) {
  out->len = 0;
  for (size_t i = 0; i < b->all.len; i++)
    if (k == FLT_ALL || flt_comp_of(b->all.data[i]) == k)
      VEC_PUSH(*out, b->all.data[i]);
}

static void br_build_list(br *b) {
  br_traces ts = {0};
  br_comp_traces(b, b->comp, &ts);
  tl_build(&b->list, ts.data, ts.len, &b->filter, true);
  VEC_FREE(ts);
}

static void br_build_through(br *b, unsigned line) {
  br_traces ts = {0};
  if (br_line_ok(b, line) && b->through[line])
    for (size_t i = 0; i < b->all.len; i++) {
      const rep_trace *t = b->all.data[i];
      for (size_t s = 0; s < t->steps.len; s++)
        if (t->steps.data[s].line == line) {
          VEC_PUSH(ts, t);
          break;
        }
    }
  tl_build(&b->thr, ts.data, ts.len, &b->filter, false);
  VEC_FREE(ts);
  b->thr_line = line;
  b->v[P_THROUGH].cur = b->v[P_THROUGH].top = 0;
}

/* ---------- screens and panes ---------- */

static br_screen br_top(const br *b) { return b->stack[b->depth - 1]; }
static br_pane br_focus(const br *b) { return b->focus[br_top(b)]; }

static void br_push(br *b, br_screen s) {
  for (int i = 0; i < b->depth; i++)
    if (b->stack[i] == s) {
      b->depth = i + 1;
      return;
    }
  b->stack[b->depth++] = s;
}

static void br_pop(br *b) {
  if (b->depth > 1)
    b->depth--;
  else
    b->quit = true;
}

static size_t br_nrows(const br *b, br_pane p) {
  switch (p) {
  case P_COMP:
    return BR_COMP_ROWS;
  case P_TRACES:
    return b->list.rows.len;
  case P_STEPS:
    return b->trace ? b->tree.rows.len : 0;
  case P_CODE:
  case P_SOURCE:
    return b->nlines;
  case P_THROUGH:
    return b->thr.rows.len;
  case P_HELP:
    return b->warnings_shown ? b->r->warnings.len : key_help_count();
  default:
    return 0;
  }
}

static int br_header_rows(void) { return LINES >= 20 ? 4 : 2; }

/* Where pane p is on the current screen; false when it is not there. */
static bool br_rect_of(const br *b, br_pane p, br_rect *r) {
  int top = br_header_rows(), h = LINES - 2 - top;
  switch (br_top(b)) {
  case SCR_MAIN: {
    int cw = COLS >= 100 ? 24 : 20;
    if (p == P_COMP)
      *r = (br_rect){top, 0, h, cw};
    else if (p == P_TRACES)
      *r = (br_rect){top, cw + 1, h, COLS - cw - 1};
    else
      return false;
    return true;
  }
  case SCR_TRACE: {
    int sw = COLS * 11 / 20;
    int ph = h - 1 - BR_DETAIL_ROWS;
    if (p == P_STEPS)
      *r = (br_rect){top + 1, 0, ph, sw};
    else if (p == P_CODE)
      *r = (br_rect){top + 1, sw + 1, ph, COLS - sw - 1};
    else
      return false;
    return true;
  }
  case SCR_SOURCE: {
    int tw = COLS >= 100 ? 36 : 28;
    if (p == P_SOURCE)
      *r = (br_rect){top, 0, h, COLS - tw - 1};
    else if (p == P_THROUGH)
      *r = (br_rect){top, COLS - tw, h, tw};
    else
      return false;
    return true;
  }
  case SCR_HELP:
    if (p != P_HELP) return false;
    /* the warnings: the selected one in full below the list */
    if (b->warnings_shown && h > 2 * BR_WARN_ROWS) h -= BR_WARN_ROWS + 1;
    *r = (br_rect){top, 0, h, COLS};
    return true;
  default:
    return false;
  }
}

/* Rows a pane shows (without its title). */
static size_t br_page(const br *b, br_pane p) {
  br_rect r;
  if (!br_rect_of(b, p, &r) || r.h < 2) return 1;
  return (size_t)(r.h - 1);
}

/* Keep the cursor in the pane with some context above and below it. */
static void br_fit(br_view *v, size_t n, size_t h) {
  if (!n) {
    v->cur = v->top = 0;
    v->center = false;
    return;
  }
  if (v->cur >= n) v->cur = n - 1;
  if (!h) h = 1;
  size_t so = h >= 12 ? 3 : h >= 6 ? 1 : 0;
  if (v->center && (v->cur < v->top + so || v->cur + so >= v->top + h))
    v->top = v->cur > h / 2 ? v->cur - h / 2 : 0;
  if (v->cur < v->top + so) v->top = v->cur > so ? v->cur - so : 0;
  if (v->cur + so >= v->top + h) v->top = v->cur + so + 1 - h;
  if (n <= h)
    v->top = 0;
  else if (v->top > n - h)
    v->top = n - h;
  v->center = false;
}

/* ---------- the open trace ---------- */

static size_t br_cur_step(const br *b) {
  if (!b->trace || !b->tree.rows.len) return SP_GLOBALS;
  size_t c = b->v[P_STEPS].cur;
  if (c >= b->tree.rows.len) c = b->tree.rows.len - 1;
  return b->tree.rows.data[c];
}

/* The source beside the steps follows the selected step. */
static void br_code_follow(br *b) {
  size_t s = br_cur_step(b);
  const rep_trace *t = b->trace;
  /* no row (a filter that keeps no step) or no globals: nothing to show */
  if (!t || !t->steps.len || !b->tree.rows.len) return;
  if (s == SP_GLOBALS) {
    if (!b->tree.nglobals) return;
    s = b->tree.nglobals - 1;
  }
  unsigned l = t->steps.data[s].line;
  if (br_line_ok(b, l)) {
    b->v[P_CODE].cur = l - 1;
    b->v[P_CODE].center = true;
  }
}

static void br_steps_goto(br *b, size_t step) {
  if (!b->tree.filtered) sp_reveal(&b->tree, step);
  sp_rows(&b->tree, &b->filter);
  b->v[P_STEPS].cur = sp_row_of(&b->tree, step);
  b->v[P_STEPS].center = true;
  br_code_follow(b);
}

/* Keep the selected step (or its visible parent) after the rows change. */
static void br_steps_rebuild(br *b) {
  size_t s = br_cur_step(b);
  sp_rows(&b->tree, &b->filter);
  b->v[P_STEPS].cur = s == SP_GLOBALS ? 0 : sp_row_of(&b->tree, s);
  br_code_follow(b);
}

static void br_open_trace(br *b, const rep_trace *t, size_t step) {
  if (b->trace != t) {
    sp_free(&b->tree);
    sp_init(&b->tree, t);
    b->trace = t;
    memset(b->on_trace, 0, (size_t)b->nlines + 1);
    for (size_t i = 0; i < t->steps.len; i++)
      if (br_line_ok(b, t->steps.data[i].line))
        b->on_trace[t->steps.data[i].line] = 1;
  }
  if (step == SIZE_MAX)
    step = b->tree.nglobals < t->steps.len ? b->tree.nglobals : 0;
  br_push(b, SCR_TRACE);
  b->focus[SCR_TRACE] = P_STEPS;
  b->v[P_STEPS].top = 0;
  br_steps_goto(b, step);
}

static size_t br_first_step_at(const rep_trace *t, unsigned line, size_t from) {
  size_t n = t->steps.len;
  for (size_t k = 0; k < n; k++) {
    size_t i = (from + k) % n;
    if (t->steps.data[i].line == line) return i;
  }
  return SIZE_MAX;
}

/* ---------- painting ---------- */

static void br_title(const br_rect *r, bool focus, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void br_title(const br_rect *r, bool focus, const char *fmt, ...) {
  attr_t a = term_attr(focus ? TA_TITLE_FOCUS : TA_TITLE);
  dr_fill(r->y, r->x, r->w, a);
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  dr_str(r->y, r->x + 1, r->w - 1, m, a);
  mem_free(m);
}

static attr_t br_row_attr(bool selected, bool focus) {
  if (!selected) return term_attr(TA_NORMAL);
  return term_attr(focus ? TA_SELECT : TA_SELECT_IDLE);
}

static const se_pattern *br_hl(const br *b) {
  return b->pat.len ? &b->pat : NULL;
}

/* "time 60 s, memory -, states -, 1 trace/location, bfs, ILP32": the
 * known limits short, any other as "name value" */
static int br_comp_status(const br *b, int y, int x, int w, int k) {
  const rep_report *r = b->r;
  const rep_component *c = &r->comp[k];
  int used = dr_str(y, x, w, br_comp_name(k), br_comp_attr(k));
  char buf[96];
  if (!r->want[k])
    snprintf(buf, sizeof buf, " not computed");
  else if (c->full)
    snprintf(buf, sizeof buf, " full");
  else
    snprintf(buf, sizeof buf, " partial (%.40s)",
             c->stopped_by ? stop_name(c->stopped_by) : "stopped");
  return used + dr_str(y, x + used, w - used, buf, term_attr(TA_NORMAL));
}

static void br_paint_header(const br *b) {
  const rep_report *r = b->r;
  attr_t hd = term_attr(TA_HEADER), nm = term_attr(TA_NORMAL);
  int rows = br_header_rows();
  char *l0 =
      mem_printf("program %s%s  automaton %s (%s, %u states)",
                 r->program_path ? r->program_path : "?",
                 b->warning ? (b->src_err ? " (MISSING)" : " (CHANGED)") : "",
                 r->aa_path ? r->aa_path : "?",
                 r->aa_dialect ? r->aa_dialect : "?", r->aa_states);
  dr_fill(0, 0, COLS, nm);
  dr_str(0, 0, COLS, l0, hd);
  mem_free(l0);
  /* components: the line that must not be cut, so it comes first */
  int y = 1, x = 0;
  dr_fill(y, 0, COLS, nm);
  x += br_comp_status(b, y, x, COLS - x, REP_SAFE);
  x += dr_str(y, x, COLS - x, term_utf8() ? " \xc2\xb7 " : " | ", nm);
  x += br_comp_status(b, y, x, COLS - x, REP_FRONTIER);
  const char *sep = term_utf8() ? " \xc2\xb7 " : " | ";
  char ub[48] = "";
  if (r->undefined.len) /* only when there are: 80 columns are few */
    snprintf(ub, sizeof ub, "%s%zu undefined", sep, r->undefined.len);
  char *u = mem_printf("%s%zu unknown%s%s%zu warning%s", sep, r->unknown.len,
                       ub, sep, r->warnings.len,
                       r->warnings.len == 1 ? "" : "s");
  x += dr_str(y, x, COLS - x, u, nm);
  mem_free(u);
  if (rows < 4) return;
  char *lim = rj_limits_text(&r->limits);
  char *l2 = mem_printf("%s analysis; limits: %s",
                        r->analysis ? r->analysis : "?", lim);
  dr_fill(2, 0, COLS, nm);
  dr_str(2, 0, COLS, l2, nm);
  mem_free(l2);
  mem_free(lim);
  dr_fill(3, 0, COLS, nm);
  /* erep report's own coverage line, or its short form when too wide */
  const char *cl = b->coverage_line;
  if (b->coverage_short && dr_width(cl, COLS + 1) > COLS)
    cl = b->coverage_short;
  dr_str(3, 0, COLS, cl, nm);
}

static void br_paint_comp(br *b) {
  br_rect r;
  br_rect_of(b, P_COMP, &r);
  bool focus = br_focus(b) == P_COMP;
  br_title(&r, focus, "components");
  br_view *v = &b->v[P_COMP];
  br_fit(v, BR_COMP_ROWS, (size_t)(r.h - 1));
  for (int i = 0; i < r.h - 1; i++) {
    int y = r.y + 1 + i;
    size_t row = v->top + (size_t)i;
    dr_fill(y, r.x, r.w, term_attr(TA_NORMAL));
    if (row >= BR_COMP_ROWS) continue;
    bool sel = row == v->cur;
    /* the component shown stays marked when the focus is elsewhere */
    attr_t a = br_row_attr(sel || (int)row == b->comp, focus && sel);
    if (!focus && (int)row == b->comp) a = term_attr(TA_SELECT_IDLE);
    dr_fill(y, r.x, r.w, a);
    if (row == BR_COMP_SOURCE || row == BR_COMP_WARNINGS) {
      dr_str(y, r.x + 1, r.w - 1, row == BR_COMP_SOURCE ? "source" : "warnings",
             a);
      char n[32];
      if (row == BR_COMP_SOURCE)
        snprintf(n, sizeof n, "%u lines", b->nlines);
      else
        snprintf(n, sizeof n, "%zu", b->r->warnings.len);
      int nw = (int)strlen(n);
      if (r.w - 2 - nw > 7) dr_str(y, r.x + r.w - 1 - nw, nw, n, a);
      continue;
    }
    int k = (int)row;
    int used = dr_str(y, r.x + 1, r.w - 1, br_comp_name(k),
                      a | (sel && focus ? 0 : br_comp_attr(k)));
    char n[32];
    snprintf(n, sizeof n, "%zu", b->ncomp[k]);
    int nw = (int)strlen(n);
    if (r.w - 2 - nw > used + 1) dr_str(y, r.x + r.w - 1 - nw, nw, n, a);
  }
}

/* "  :15   F1  10 steps, 1 input" and so on */
static void br_paint_trace_row(const br *b, int y, int x, int w,
                               const rep_trace *t, attr_t a, bool place,
                               bool with_comp) {
  int used = 0;
  char buf[64];
  if (place) {
    snprintf(buf, sizeof buf, "  :%-6u", t->end_line);
    used += dr_str(y, x + used, w - used, buf, a);
  }
  used += dr_text(y, x + used, w - used, t->id, strlen(t->id),
                  a | br_comp_attr(flt_comp_of(t)), DR_LINE, br_hl(b));
  for (size_t pad = strlen(t->id); pad < 4 && used < w; pad++)
    used += dr_str(y, x + used, w - used, " ", a); /* ids line up */
  if (with_comp) {
    snprintf(buf, sizeof buf, " %-8s", br_comp_name(flt_comp_of(t)));
    used += dr_str(y, x + used, w - used, buf, a);
    used += dr_str(y, x + used, w - used, " ", a);
    used += dr_text(
        y, x + used, w - used, t->end_function ? t->end_function : "?",
        t->end_function ? strlen(t->end_function) : 1, a, DR_LINE, br_hl(b));
    snprintf(buf, sizeof buf, ":%u", t->end_line);
    used += dr_str(y, x + used, w - used, buf, a);
  }
  snprintf(buf, sizeof buf, "  %zu step%s, %zu input%s", t->steps.len,
           t->steps.len == 1 ? "" : "s", t->inputs.len,
           t->inputs.len == 1 ? "" : "s");
  used += dr_str(y, x + used, w - used, buf, a);
  if (!t->feasible && t->reason) {
    used += dr_str(y, x + used, w - used, "  ", a);
    dr_text(y, x + used, w - used, t->reason, strlen(t->reason),
            a | term_attr(TA_DIM), DR_LINE, br_hl(b));
  }
}

static void br_paint_list(br *b, br_pane p, const tl_list *l,
                          const char *empty) {
  br_rect r;
  br_rect_of(b, p, &r);
  bool focus = br_focus(b) == p;
  br_view *v = &b->v[p];
  size_t h = (size_t)(r.h - 1);
  br_fit(v, l->rows.len, h);
  for (size_t i = 0; i < h; i++) {
    int y = r.y + 1 + (int)i;
    size_t row = v->top + i;
    dr_fill(y, r.x, r.w, term_attr(TA_NORMAL));
    if (row >= l->rows.len) {
      if (row == 0) dr_str(y, r.x + 1, r.w - 1, empty, term_attr(TA_DIM));
      continue;
    }
    attr_t a = br_row_attr(row == v->cur, focus);
    dr_fill(y, r.x, r.w, a);
    const tl_row *tr = &l->rows.data[row];
    if (tr->is_group) {
      const tl_group *g = &l->groups.data[tr->index];
      const char *mark = term_utf8()
                             ? (g->folded ? "\xe2\x96\xb8 " : "\xe2\x96\xbe ")
                             : (g->folded ? "+ " : "- ");
      int used = dr_str(y, r.x, r.w, mark, a);
      const char *fn = g->function ? g->function : "(no function)";
      used += dr_text(y, r.x + used, r.w - used, fn, strlen(fn),
                      a | term_attr(TA_HEADER), DR_LINE, br_hl(b));
      dr_printf(y, r.x + used, r.w - used, a, "  %zu trace%s", g->count,
                g->count == 1 ? "" : "s");
      continue;
    }
    const rep_trace *t = l->traces.data[tr->index];
    /* the line only on the first trace of each end location */
    bool place = l->grouped;
    if (place && row > 0 && !l->rows.data[row - 1].is_group) {
      const rep_trace *pt = l->traces.data[l->rows.data[row - 1].index];
      if (pt->end_line == t->end_line) place = false;
    }
    if (l->grouped && !place) dr_str(y, r.x, r.w, "         ", a);
    br_paint_trace_row(b, y, r.x + (l->grouped && !place ? 9 : 0),
                       r.w - (l->grouped && !place ? 9 : 0), t, a, place,
                       !l->grouped);
  }
}

static void br_paint_main(br *b) {
  br_paint_comp(b);
  br_rect r;
  br_rect_of(b, P_TRACES, &r);
  bool focus = br_focus(b) == P_TRACES;
  if (flt_active(&b->filter))
    br_title(&r, focus, "%s: %zu of %zu traces, filter: %s",
             br_comp_name(b->comp), b->list.traces.len, b->ncomp[b->comp],
             b->filter.text);
  else
    br_title(&r, focus, "%s: %zu trace%s by %s and end line",
             br_comp_name(b->comp), b->list.traces.len,
             b->list.traces.len == 1 ? "" : "s",
             b->comp == FLT_UNDEFINED ? "undefined operation"
                                      : "end function");
  const char *empty = "no traces";
  if (b->comp < 2 && !b->r->want[b->comp])
    empty = "this component was not computed";
  else if (flt_active(&b->filter) && b->ncomp[b->comp])
    empty = "no trace matches the filter (f changes it)";
  br_paint_list(b, P_TRACES, &b->list, empty);
  /* the separator */
  dr_vline(r.y, r.x - 1, r.h, term_attr(TA_NORMAL));
}

static const char *br_sink_mark(const char *aa) {
  if (!aa) return NULL;
  if (!strcmp(aa, "__TRUE")) return "__TRUE";
  if (!strcmp(aa, "__FALSE")) return "__FALSE";
  return NULL;
}

/* The step where an undefined trace's behaviour is undefined, or where an
 * unknown one's proof stopped; SIZE_MAX: none. */
static size_t br_stop_step(const rep_trace *t) {
  if (t->undefined) return t->ub_step;
  return t->has_unknown_step ? t->unknown_step : SIZE_MAX;
}

static void br_paint_steps(br *b) {
  br_rect r;
  br_rect_of(b, P_STEPS, &r);
  bool focus = br_focus(b) == P_STEPS;
  const rep_trace *t = b->trace;
  sp_tree *tr = &b->tree;
  if (tr->filtered)
    br_title(&r, focus, "steps: %zu of %zu, filter: %s", tr->rows.len,
             t->steps.len, b->filter.text);
  else if (!tr->max_call_depth)
    br_title(&r, focus, "steps: %zu, no calls to fold", t->steps.len);
  else
    br_title(&r, focus, "steps: %zu, calls open to depth %u of %u",
             t->steps.len, tr->level, tr->max_call_depth);
  br_view *v = &b->v[P_STEPS];
  size_t h = (size_t)(r.h - 1);
  br_fit(v, tr->rows.len, h);
  bool utf8 = term_utf8();
  /* the automaton states in a column of their own when there is room */
  int aaw = r.w >= 64 ? 22 : 0;
  for (size_t i = 0; i < h; i++) {
    int y = r.y + 1 + (int)i;
    size_t row = v->top + i;
    dr_fill(y, r.x, r.w, term_attr(TA_NORMAL));
    if (row >= tr->rows.len) {
      if (row == 0)
        dr_str(y, r.x + 1, r.w - 1,
               tr->filtered ? "no step matches the filter" : "no steps",
               term_attr(TA_DIM));
      continue;
    }
    attr_t a = br_row_attr(row == v->cur, focus);
    dr_fill(y, r.x, r.w, a);
    size_t s = tr->rows.data[row];
    if (s == SP_GLOBALS) {
      dr_printf(y, r.x, r.w, a,
                "      %s %zu global declarations (lines %u-%u)",
                utf8 ? (tr->globals_folded ? "\xe2\x96\xb8" : "\xe2\x96\xbe")
                     : (tr->globals_folded ? "+" : "-"),
                tr->nglobals, t->steps.data[0].line,
                t->steps.data[tr->nglobals - 1].line);
      continue;
    }
    const rep_step *st = &t->steps.data[s];
    int w = r.w - aaw;
    int used = dr_printf(y, r.x, w, a, "%5u ", st->line);
    unsigned d = tr->filtered ? 0 : tr->depth[s];
    if (s < tr->nglobals) d++;
    int indent = (int)d * 2;
    if (indent > w / 3) indent = w / 3;
    dr_fill(y, r.x + used, indent, a);
    used += indent;
    const char *mark = " ";
    if (sp_is_call(tr, s))
      mark = utf8 ? (tr->folded[s] ? "\xe2\x96\xb8" : "\xe2\x96\xbe")
                  : (tr->folded[s] ? "+" : "-");
    used += dr_str(y, r.x + used, w - used, mark, a);
    used += dr_str(y, r.x + used, w - used, " ", a);
    /* what follows the text (folded steps, inputs, the sink) gets its
     * room first: the end of a long statement matters less */
    char *suf = mem_strdup("");
    if (sp_is_call(tr, s) && tr->folded[s]) {
      char *n = mem_printf("%s  [%zu steps]", suf, tr->end[s] - s - 1);
      mem_free(suf);
      suf = n;
    }
    for (size_t k = 0; k < t->inputs.len; k++)
      if (t->inputs.data[k].step == s) {
        char *n =
            mem_printf("%s  %s %s", suf,
                       utf8 ? "\xe2\x87\x90" : "<=", t->inputs.data[k].value);
        mem_free(suf);
        suf = n;
      }
    for (size_t k = 0; !b->hide_values && k < t->values.len; k++)
      if (t->values.data[k].step == s) {
        char *n = mem_printf("%s  %s=%s", suf, t->values.data[k].lhs,
                             t->values.data[k].value);
        mem_free(suf);
        suf = n;
      }
    if (s == br_stop_step(t)) {
      char *n = mem_printf("%s  %s %s", suf, utf8 ? "\xe2\x9c\x97" : "X",
                           t->undefined ? "undefined here"
                                        : "the proof stops here");
      mem_free(suf);
      suf = n;
    }
    const char *sink = br_sink_mark(st->aa_to);
    if (sink && !aaw) {
      char *n =
          mem_printf("%s  %s %s", suf, utf8 ? "\xe2\x86\x92" : "->", sink);
      mem_free(suf);
      suf = n;
    }
    int sw = dr_width(suf, (w - used) / 2);
    if (sw > (w - used) / 2) sw = (w - used) / 2;
    int tw = w - used - sw;
    if (st->text && *st->text)
      used += dr_text(y, r.x + used, tw, st->text, strlen(st->text), a, DR_LINE,
                      br_hl(b));
    else
      used += dr_printf(y, r.x + used, tw, a | term_attr(TA_DIM), "(%s)",
                        rj_step_kind_name(st->kind));
    attr_t fa =
        a | term_attr(s == br_stop_step(t) ? TA_ERROR
                      : sink ? (!strcmp(sink, "__TRUE") ? TA_SAFE : TA_FRONTIER)
                             : TA_ONTRACE);
    dr_str(y, r.x + used, sw, suf, fa);
    mem_free(suf);
    if (aaw) {
      char *aa =
          mem_printf("%s%s%s", st->aa_from ? st->aa_from : "?",
                     utf8 ? "\xe2\x86\x92" : ">", st->aa_to ? st->aa_to : "?");
      int aw = dr_width(aa, aaw);
      if (aw > aaw - 1) aw = aaw - 1;
      attr_t sa =
          a | (sink ? term_attr(!strcmp(sink, "__TRUE") ? TA_SAFE : TA_FRONTIER)
                    : term_attr(TA_DIM));
      dr_str(y, r.x + r.w - aw, aw, aa, sa);
      mem_free(aa);
    }
  }
}

static void br_paint_code(br *b) {
  br_rect r;
  br_rect_of(b, P_CODE, &r);
  bool focus = br_focus(b) == P_CODE;
  br_view *v = &b->v[P_CODE];
  if (b->src_err)
    br_title(&r, focus, "source: not available");
  else
    br_title(&r, focus, "source: line %zu of %u", v->cur + 1, b->nlines);
  size_t h = (size_t)(r.h - 1);
  br_fit(v, b->nlines, h);
  bool utf8 = term_utf8();
  for (size_t i = 0; i < h; i++) {
    int y = r.y + 1 + (int)i;
    size_t row = v->top + i;
    dr_fill(y, r.x, r.w, term_attr(TA_NORMAL));
    if (row >= b->nlines) {
      if (row == 0 && b->src_err)
        dr_str(y, r.x + 1, r.w - 1, b->src_err, term_attr(TA_DIM));
      continue;
    }
    unsigned line = (unsigned)row + 1;
    attr_t a = br_row_attr(row == v->cur, true);
    dr_fill(y, r.x, r.w, a);
    int used = dr_printf(y, r.x, r.w, a, "%5u", line);
    used += dr_str(y, r.x + used, r.w - used,
                   b->on_trace[line] ? (utf8 ? "\xe2\x96\x8c" : "*") : " ",
                   a | term_attr(TA_MARK));
    size_t len;
    const char *s = src_line(&b->src, line, &len);
    if (s)
      dr_text(
          y, r.x + used, r.w - used, s, len,
          a | (b->on_trace[line] ? term_attr(TA_MARK) & ~(attr_t)A_BOLD : 0),
          DR_SOURCE, br_hl(b));
  }
}

static void br_paint_detail(br *b, int y) {
  const rep_trace *t = b->trace;
  attr_t nm = term_attr(TA_NORMAL), dim = term_attr(TA_DIM);
  for (int i = 0; i < BR_DETAIL_ROWS; i++)
    dr_fill(y + i, 0, COLS, nm);
  dr_hline(y, 0, COLS, nm);
  size_t s = br_cur_step(b);
  if (!b->tree.rows.len) {
    dr_str(y + 1, 2, COLS - 2,
           t->steps.len ? "no step: the filter keeps none (f changes it)"
                        : "the trace has no steps",
           dim);
    return;
  }
  if (s == SP_GLOBALS) {
    dr_printf(y, 1, COLS - 1, term_attr(TA_HEADER), " %zu global declarations ",
              b->tree.nglobals);
    dr_str(y + 1, 2, COLS - 2,
           "declarations outside functions, before main: Space or Enter "
           "unfolds them",
           dim);
    return;
  }
  if (s >= t->steps.len) return;
  const rep_step *st = &t->steps.data[s];
  bool u8 = term_utf8();
  char *h = mem_printf(
      " step %zu/%zu  line %u in %s  %s %s %s  %s  depth %u"
      "  CFA edge %u: %u %s %u ",
      s + 1, t->steps.len, st->line, st->function ? st->function : "(global)",
      st->aa_from ? st->aa_from : "?", u8 ? "\xe2\x86\x92" : "->",
      st->aa_to ? st->aa_to : "?", rj_step_kind_name(st->kind),
      b->tree.depth[s], st->edge, st->from, u8 ? "\xe2\x86\x92" : "->", st->to);
  dr_str(y, 1, COLS - 1, h, term_attr(TA_HEADER));
  mem_free(h);
  int used = dr_str(y + 1, 2, COLS - 2, "text: ", dim);
  dr_text(y + 1, 2 + used, COLS - 2 - used, st->text ? st->text : "",
          st->text ? strlen(st->text) : 0, nm, DR_LINE, br_hl(b));
  used = dr_str(y + 2, 2, COLS - 2, "inputs: ", dim);
  bool any = false;
  for (size_t k = 0; k < t->inputs.len; k++) {
    const rep_input *x = &t->inputs.data[k];
    if (x->step != s) continue;
    char *fn = rep_input_text(x);
    char *m = mem_printf("%s#%u %s() = %s (%s, line %u)", any ? "; " : "",
                         x->index, fn ? fn : "?", x->value ? x->value : "?",
                         x->type ? x->type : "?", x->line);
    mem_free(fn);
    used += dr_str(y + 2, 2 + used, COLS - 2 - used, m, term_attr(TA_ONTRACE));
    mem_free(m);
    any = true;
  }
  if (!any) dr_str(y + 2, 2 + used, COLS - 2 - used, "none consumed here", dim);
}

static void br_paint_trace(br *b) {
  const rep_trace *t = b->trace;
  int y = br_header_rows();
  attr_t a = term_attr(TA_HEADER);
  dr_fill(y, 0, COLS, term_attr(TA_NORMAL));
  int comp = flt_comp_of(t);
  int used = dr_str(y, 0, COLS, t->id, a | br_comp_attr(comp));
  char *m;
  if (t->feasible)
    m = mem_printf(" %s, ends at line %u in %s (CFA node %u), %zu steps, "
                   "%zu input%s, key %s",
                   comp == FLT_SAFE ? "safe cone" : "frontier", t->end_line,
                   t->end_function ? t->end_function : "?", t->end_node,
                   t->steps.len, t->inputs.len, t->inputs.len == 1 ? "" : "s",
                   t->key);
  else if (t->undefined)
    m = mem_printf(" undefined behaviour at step %u (line %u): %s; feasible "
                   "up to there, %zu input%s (%s candidate for line %u in %s)",
                   t->ub_step + 1,
                   t->ub_step < t->steps.len ? t->steps.data[t->ub_step].line
                                             : 0,
                   t->reason ? t->reason : "?", t->inputs.len,
                   t->inputs.len == 1 ? "" : "s",
                   t->component == REP_SAFE ? "safe" : "frontier", t->end_line,
                   t->end_function ? t->end_function : "?");
  else if (t->has_unknown_step && t->unknown_step < t->steps.len)
    m = mem_printf(" unknown (%s candidate), ends at line %u in %s; the "
                   "proof stops at step %u (line %u): %s",
                   t->component == REP_SAFE ? "safe" : "frontier", t->end_line,
                   t->end_function ? t->end_function : "?",
                   t->unknown_step + 1, t->steps.data[t->unknown_step].line,
                   t->reason ? t->reason : "not proved feasible");
  else
    m = mem_printf(" unknown (%s candidate), ends at line %u in %s: %s",
                   t->component == REP_SAFE ? "safe" : "frontier", t->end_line,
                   t->end_function ? t->end_function : "?",
                   t->reason ? t->reason : "not proved feasible");
  dr_str(y, used, COLS - used, m, a);
  mem_free(m);
  br_paint_steps(b);
  br_paint_code(b);
  br_rect r;
  br_rect_of(b, P_STEPS, &r);
  dr_vline(r.y, r.x + r.w, r.h, term_attr(TA_NORMAL));
  br_paint_detail(b, r.y + r.h);
}

/* Coverage class of a line: its colour and two marks. */
static attr_t br_cov_attr(unsigned f) {
  if (!(f & BR_EXEC)) return term_attr(TA_NORMAL);
  if (f & REP_COV_UNEXPLORED) return term_attr(TA_UNEXPLORED);
  if (f & REP_COV_VERIFIED) return term_attr(TA_VERIFIED);
  if (f & (REP_COV_SAFE_TRACE | REP_COV_FRONTIER_TRACE))
    return term_attr(TA_ONTRACE);
  if (f & REP_COV_VISITED) return term_attr(TA_VISITED);
  return term_attr(TA_DIM);
}

static void br_paint_source(br *b) {
  br_rect r;
  br_rect_of(b, P_SOURCE, &r);
  bool focus = br_focus(b) == P_SOURCE;
  br_view *v = &b->v[P_SOURCE];
  /* the legend in the title, each word in its colour */
  attr_t ta = term_attr(focus ? TA_TITLE_FOCUS : TA_TITLE);
  dr_fill(r.y, r.x, r.w, ta);
  int x = r.x + 1;
  x += dr_printf(r.y, x, r.x + r.w - x, ta, "line %zu/%u ", v->cur + 1,
                 b->nlines);
  static const struct {
    term_attr_id a;
    const char *w;
  } legend[] = {{TA_VERIFIED, "verified"},
                {TA_UNEXPLORED, "unexplored"},
                {TA_ONTRACE, "on traces"},
                {TA_VISITED, "visited"},
                {TA_DIM, "none"}};
  for (size_t i = 0; i < sizeof legend / sizeof *legend; i++)
    x += dr_printf(r.y, x, r.x + r.w - x, term_attr(legend[i].a), " %s",
                   legend[i].w);
  dr_str(r.y, x, r.x + r.w - x, "  S/F/B: on safe, frontier, both", ta);
  size_t h = (size_t)(r.h - 1);
  br_fit(v, b->nlines, h);
  for (size_t i = 0; i < h; i++) {
    int y = r.y + 1 + (int)i;
    size_t row = v->top + i;
    dr_fill(y, r.x, r.w, term_attr(TA_NORMAL));
    if (row >= b->nlines) {
      if (row == 0 && b->src_err)
        dr_str(y, r.x + 1, r.w - 1, b->src_err, term_attr(TA_DIM));
      continue;
    }
    unsigned line = (unsigned)row + 1, f = b->cov[line];
    bool sel = row == v->cur;
    attr_t a = br_row_attr(sel, focus);
    dr_fill(y, r.x, r.w, a);
    char marks[4] = "   ";
    bool st = f & REP_COV_SAFE_TRACE, ft = f & REP_COV_FRONTIER_TRACE;
    marks[0] = st && ft ? 'B' : st ? 'S' : ft ? 'F' : ' ';
    marks[1] = f & REP_COV_VISITED ? 'v' : ' ';
    marks[2] = f & REP_COV_UNEXPLORED ? '!' : f & REP_COV_VERIFIED ? '+' : ' ';
    char cnt[16] = "";
    if (b->through[line]) snprintf(cnt, sizeof cnt, "%u", b->through[line]);
    int used = dr_printf(y, r.x, r.w, a, "%5u %s %3s ", line, marks, cnt);
    attr_t ca = br_cov_attr(f);
    size_t len;
    const char *s = src_line(&b->src, line, &len);
    if (s)
      dr_text(y, r.x + used, r.w - used, s, len, sel && focus ? a : a | ca,
              DR_SOURCE, br_hl(b));
  }
}

static void br_paint_through(br *b) {
  br_rect r;
  br_rect_of(b, P_THROUGH, &r);
  bool focus = br_focus(b) == P_THROUGH;
  br_title(&r, focus, "line %u: %zu trace%s", b->thr_line, b->thr.traces.len,
           b->thr.traces.len == 1 ? "" : "s");
  br_paint_list(b, P_THROUGH, &b->thr, "no trace passes this line");
  dr_vline(r.y, r.x - 1, r.h, term_attr(TA_NORMAL));
}

/* Line i of the text screen: the key help, or the report's warnings. */
static const char *br_text_line(br *b, size_t i) {
  if (!b->warnings_shown) return key_help_line(i);
  const rep_warning *w = &b->r->warnings.data[i];
  mem_free(b->line);
  if (w->line)
    b->line = mem_printf("%s: %s (line %u)", w->kind, w->message, w->line);
  else
    b->line = mem_printf("%s: %s", w->kind, w->message);
  return b->line;
}

static void br_paint_help(br *b) {
  br_rect r;
  br_rect_of(b, P_HELP, &r);
  if (b->warnings_shown)
    br_title(&r, true, "%zu warning%s of the report (Enter: the line)",
             b->r->warnings.len, b->r->warnings.len == 1 ? "" : "s");
  else
    br_title(&r, true, "help");
  br_view *v = &b->v[P_HELP];
  size_t h = (size_t)(r.h - 1), n = br_nrows(b, P_HELP);
  br_fit(v, n, h);
  for (size_t i = 0; i < h; i++) {
    int y = r.y + 1 + (int)i;
    size_t row = v->top + i;
    dr_fill(y, r.x, r.w, term_attr(TA_NORMAL));
    if (row >= n) continue;
    attr_t a = br_row_attr(row == v->cur, true);
    dr_fill(y, r.x, r.w, a);
    const char *l = br_text_line(b, row);
    dr_text(y, r.x, r.w, l, strlen(l), a, DR_LINE, br_hl(b));
  }
  int y = r.y + r.h, rows = LINES - 2 - y - 1;
  if (!b->warnings_shown || rows < 1) return;
  /* a long warning in full */
  attr_t nm = term_attr(TA_NORMAL);
  for (int i = 0; i <= rows; i++)
    dr_fill(y + i, 0, COLS, nm);
  dr_hline(y, 0, COLS, nm);
  if (v->cur >= n) return;
  const char *l = br_text_line(b, v->cur);
  dr_printf(y, 1, COLS - 1, term_attr(TA_HEADER), " warning %zu/%zu ",
            v->cur + 1, n);
  dr_wrap(y + 1, 1, COLS - 2, rows, l, strlen(l), nm, br_hl(b));
}

static void br_paint_bottom(br *b) {
  int ys = LINES - 2, yh = LINES - 1;
  attr_t nm = term_attr(TA_NORMAL);
  dr_fill(ys, 0, COLS, nm);
  dr_fill(yh, 0, COLS, nm);
  if (b->prompt) {
    const char *label = b->prompt == '/'   ? "search: "
                        : b->prompt == ':' ? "line: "
                                           : "filter: ";
    int used = dr_str(ys, 0, COLS, label, term_attr(TA_HEADER));
    used += dr_text(ys, used, COLS - used - 1, b->input, b->input_len, nm,
                    DR_LINE, NULL);
    curs_set(1);
    move(ys, used);
  } else {
    curs_set(0);
    dr_str(ys, 0, COLS, b->status, b->status_err ? term_attr(TA_ERROR) : nm);
  }
  char hints[400];
  if (b->prompt == 'f')
    snprintf(hints, sizeof hints,
             "Enter apply  Esc cancel  (now: %s; words: function, 10-20, "
             "safe|frontier|unknown|all; empty clears)",
             b->filter.text[0] ? b->filter.text : "none");
  else if (b->prompt)
    snprintf(hints, sizeof hints, "%s",
             b->prompt == '/' ? "Enter search  Esc cancel  (empty: no "
                                "search; digits find that line too)"
                              : "Enter go  Esc cancel  (a line of the program)");
  else
    key_hints(br_ctx[br_focus(b)], hints, sizeof hints, COLS);
  /* keys bold: the first word of each "key word" pair */
  int x = 0;
  for (char *p = hints; *p && x < COLS;) {
    char *sp = strchr(p, ' ');
    size_t kl = sp ? (size_t)(sp - p) : strlen(p);
    x += dr_text(yh, x, COLS - x, p, kl, term_attr(TA_HINT_KEY), DR_LINE, NULL);
    p += kl;
    char *next = strstr(p, "  ");
    size_t wl = next ? (size_t)(next - p) + 2 : strlen(p);
    x += dr_text(yh, x, COLS - x, p, wl, nm, DR_LINE, NULL);
    p += wl;
  }
}

static void br_paint(br *b) {
  erase();
  if (COLS < 40 || LINES < 10) {
    dr_printf(0, 0, COLS, term_attr(TA_ERROR),
              "terminal too small (%dx%d): erep browse needs 40x10", COLS,
              LINES);
    refresh();
    return;
  }
  br_paint_header(b);
  switch (br_top(b)) {
  case SCR_MAIN:
    br_paint_main(b);
    break;
  case SCR_TRACE:
    br_paint_trace(b);
    break;
  case SCR_SOURCE:
    br_paint_source(b);
    br_paint_through(b);
    break;
  case SCR_HELP:
    br_paint_help(b);
    break;
  default:
    break;
  }
  br_paint_bottom(b);
  refresh();
}

/* ---------- actions ---------- */

static void br_moved(br *b, br_pane p) {
  br_view *v = &b->v[p];
  if (p == P_COMP && v->cur < BR_COMP_SOURCE && (int)v->cur != b->comp) {
    b->comp = (int)v->cur;
    br_build_list(b);
    b->v[P_TRACES].cur = b->v[P_TRACES].top = 0;
  } else if (p == P_STEPS) {
    br_code_follow(b);
  } else if (p == P_SOURCE && v->cur + 1 != b->thr_line) {
    br_build_through(b, (unsigned)v->cur + 1);
  }
}

static void br_move(br *b, long delta) {
  br_pane p = br_focus(b);
  size_t n = br_nrows(b, p);
  br_view *v = &b->v[p];
  if (!n) return;
  long c = (long)v->cur + delta;
  if (c < 0) c = 0;
  if (c >= (long)n) c = (long)n - 1;
  v->cur = (size_t)c;
  br_moved(b, p);
}

static void br_open_source(br *b, unsigned line) {
  br_push(b, SCR_SOURCE);
  b->focus[SCR_SOURCE] = P_SOURCE;
  if (br_line_ok(b, line)) {
    b->v[P_SOURCE].cur = line - 1;
    b->v[P_SOURCE].center = true;
  }
  br_build_through(b, (unsigned)b->v[P_SOURCE].cur + 1);
}

/* The trace the uppercase keys act on. */
static const rep_trace *br_selected_trace(const br *b) {
  switch (br_focus(b)) {
  case P_STEPS:
  case P_CODE:
    return b->trace;
  case P_TRACES:
    return tl_trace_at(&b->list, b->v[P_TRACES].cur);
  case P_THROUGH:
    return tl_trace_at(&b->thr, b->v[P_THROUGH].cur);
  default:
    return NULL;
  }
}

/* The text screen with the help or the report's warnings. */
static void br_show_text(br *b, bool warnings) {
  if (br_top(b) == SCR_HELP && b->warnings_shown == warnings) return;
  br_push(b, SCR_HELP);
  b->focus[SCR_HELP] = P_HELP;
  b->warnings_shown = warnings;
  b->v[P_HELP].cur = b->v[P_HELP].top = 0;
}

static void br_open(br *b) {
  br_pane p = br_focus(b);
  br_view *v = &b->v[p];
  switch (p) {
  case P_COMP:
    if (v->cur == BR_COMP_SOURCE) {
      br_open_source(b, 0);
    } else if (v->cur == BR_COMP_WARNINGS) {
      br_show_text(b, true);
    } else {
      b->focus[SCR_MAIN] = P_TRACES;
    }
    break;
  case P_TRACES: {
    const rep_trace *t = tl_trace_at(&b->list, v->cur);
    if (t) {
      br_open_trace(b, t, SIZE_MAX);
    } else if (v->cur < b->list.rows.len) {
      tl_group *g = &b->list.groups.data[b->list.rows.data[v->cur].index];
      g->folded = !g->folded;
      tl_rows(&b->list);
    }
    break;
  }
  case P_STEPS: {
    size_t s = br_cur_step(b);
    if (s == SP_GLOBALS || (sp_is_call(&b->tree, s) && b->tree.folded[s])) {
      sp_toggle(&b->tree, s);
      br_steps_rebuild(b);
    } else if (s < b->trace->steps.len) {
      br_open_source(b, b->trace->steps.data[s].line);
    }
    break;
  }
  case P_CODE: {
    unsigned line = (unsigned)v->cur + 1;
    size_t s = br_cur_step(b);
    size_t at = br_first_step_at(b->trace, line, s == SP_GLOBALS ? 0 : s + 1);
    if (at == SIZE_MAX) {
      br_status(b, true, "%s does not pass line %u", b->trace->id, line);
    } else {
      b->focus[SCR_TRACE] = P_STEPS;
      if (b->tree.filtered && !flt_step(&b->filter, &b->trace->steps.data[at]))
        br_status(b, true, "the step at line %u is hidden by the filter", line);
      else
        br_steps_goto(b, at);
    }
    break;
  }
  case P_SOURCE:
    if (b->thr.rows.len)
      b->focus[SCR_SOURCE] = P_THROUGH;
    else
      br_status(b, true, "no trace passes line %zu%s", v->cur + 1,
                flt_active(&b->filter) ? " (with the filter)" : "");
    break;
  case P_THROUGH: {
    const rep_trace *t = tl_trace_at(&b->thr, v->cur);
    if (t) br_open_trace(b, t, br_first_step_at(t, b->thr_line, 0));
    break;
  }
  case P_HELP:
    if (b->warnings_shown && v->cur < b->r->warnings.len) {
      unsigned line = b->r->warnings.data[v->cur].line;
      if (br_line_ok(b, line))
        br_open_source(b, line);
      else
        br_status(b, true, "this warning names no line of the program");
    }
    break;
  default:
    break;
  }
}

static void br_back(br *b, bool close) {
  br_screen s = br_top(b);
  br_pane p = br_focus(b);
  if (!close) {
    /* left: to the pane on the left first */
    if (p == P_TRACES) {
      b->focus[s] = P_COMP;
      return;
    }
    if (p == P_CODE) {
      b->focus[s] = P_STEPS;
      return;
    }
    if (p == P_THROUGH) {
      b->focus[s] = P_SOURCE;
      return;
    }
    if (p == P_COMP) {
      b->pat = se_make(NULL);
      br_status(b, false, "q quits");
      return;
    }
  }
  br_pop(b);
}

static void br_toggle(br *b) {
  br_pane p = br_focus(b);
  if (p == P_STEPS) {
    if (b->tree.filtered) {
      br_status(b, true,
                "folds are off while a filter is on (f, then an "
                "empty filter)");
      return;
    }
    size_t s = br_cur_step(b);
    size_t t = sp_toggle(&b->tree, s);
    if (t == s && !sp_is_call(&b->tree, s) && s != SP_GLOBALS) {
      br_status(b, false, "nothing folds here: the step is in no call");
      return;
    }
    sp_rows(&b->tree, &b->filter);
    b->v[P_STEPS].cur = t == SP_GLOBALS ? 0 : sp_row_of(&b->tree, t);
    br_code_follow(b);
  } else if (p == P_TRACES) {
    br_view *v = &b->v[p];
    if (v->cur >= b->list.rows.len) return;
    tl_row row = b->list.rows.data[v->cur];
    size_t g = row.is_group ? row.index : tl_group_of(&b->list, row.index);
    if (g == SIZE_MAX) return;
    b->list.groups.data[g].folded = !b->list.groups.data[g].folded;
    tl_rows(&b->list);
    for (size_t i = 0; i < b->list.rows.len; i++)
      if (b->list.rows.data[i].is_group && b->list.rows.data[i].index == g)
        v->cur = i;
  }
}

static void br_fold_level(br *b, bool less) {
  if (br_focus(b) != P_STEPS) return;
  sp_tree *t = &b->tree;
  if (t->filtered) {
    br_status(b, true, "folds are off while a filter is on");
    return;
  }
  if (!t->max_call_depth) {
    br_status(b, false, "this trace calls no function with a body");
    return;
  }
  sp_set_level(t, less ? sp_level_less(t) : t->level + 1);
  br_steps_rebuild(b);
  br_status(b, false, "calls at depth %u and deeper folded (of %u)", t->level,
            t->max_call_depth);
}

/* ---------- search ---------- */

static size_t br_items(const br *b, br_pane p) {
  switch (p) {
  case P_STEPS:
    return b->tree.filtered ? b->tree.rows.len : b->trace->steps.len;
  case P_TRACES:
    return b->list.traces.len;
  default:
    return br_nrows(b, p);
  }
}

static size_t br_item_at_cursor(const br *b, br_pane p) {
  size_t c = b->v[p].cur;
  if (p == P_STEPS && !b->tree.filtered) {
    size_t s = br_cur_step(b);
    return s == SP_GLOBALS ? 0 : s;
  }
  if (p == P_TRACES && c < b->list.rows.len) {
    tl_row r = b->list.rows.data[c];
    return r.is_group ? b->list.groups.data[r.index].first : r.index;
  }
  return c;
}

static bool br_pat_line(const br *b, unsigned line);

static bool br_trace_match(const br *b, const rep_trace *t) {
  return br_pat_line(b, t->end_line) || se_in(&b->pat, t->id) || se_in(&b->pat, t->end_function) ||
         se_in(&b->pat, t->reason) || se_in(&b->pat, t->key);
}

static bool br_item_match(br *b, br_pane p, size_t i) {
  switch (p) {
  case P_COMP:
    return i <= FLT_ALL && se_in(&b->pat, br_comp_name((int)i));
  case P_TRACES:
    return br_trace_match(b, b->list.traces.data[i]);
  case P_THROUGH: {
    const rep_trace *t = tl_trace_at(&b->thr, i);
    return t && br_trace_match(b, t);
  }
  case P_STEPS: {
    size_t s = b->tree.filtered ? b->tree.rows.data[i] : i;
    const rep_step *st = &b->trace->steps.data[s];
    return br_pat_line(b, st->line) || se_in(&b->pat, st->text) ||
           se_in(&b->pat, st->function);
  }
  case P_CODE:
  case P_SOURCE: {
    size_t len;
    const char *s = src_line(&b->src, (unsigned)i + 1, &len);
    return br_pat_line(b, (unsigned)i + 1) ||
           (s && se_find(&b->pat, s, len, 0) >= 0);
  }
  case P_HELP:
    return se_in(&b->pat, br_text_line(b, i));
  default:
    return false;
  }
}

static void br_item_goto(br *b, br_pane p, size_t i) {
  br_view *v = &b->v[p];
  if (p == P_STEPS && !b->tree.filtered) {
    br_steps_goto(b, i);
    return;
  }
  if (p == P_TRACES) i = tl_reveal(&b->list, i);
  if (i == SIZE_MAX) return;
  v->cur = i;
  v->center = true;
  br_moved(b, p);
}

static void br_search(br *b, int dir) {
  if (!b->pat.len) {
    br_status(b, true, "no search: / starts one");
    return;
  }
  br_pane p = br_focus(b);
  size_t n = br_items(b, p);
  if (!n) return;
  size_t from = br_item_at_cursor(b, p);
  for (size_t k = 1; k <= n; k++) {
    size_t i = dir > 0 ? (from + k) % n : (from + n - k % n) % n;
    if (!br_item_match(b, p, i)) continue;
    br_item_goto(b, p, i);
    bool wrapped = dir > 0 ? i <= from : i >= from;
    br_status(b, false, "/%s  (n/N: next/previous)%s", b->search,
              wrapped ? (i == from ? "  (the only match)"
                                   : "  (search wrapped around)")
                      : "");
    return;
  }
  br_status(b, true, "/%s: not found in this pane", b->search);
}

/* ---------- filter ---------- */

static void br_apply_filter(br *b, const char *text) {
  char err[200];
  flt_filter f;
  if (!flt_parse(text, &f, err, sizeof err)) {
    br_status(b, true, "%s", err);
    return;
  }
  b->filter = f;
  if (f.comp != FLT_NONE) {
    b->comp = f.comp;
    b->v[P_COMP].cur = (size_t)f.comp;
  }
  br_build_list(b);
  b->v[P_TRACES].cur = b->v[P_TRACES].top = 0;
  if (b->thr_line) br_build_through(b, b->thr_line);
  if (b->trace) br_steps_rebuild(b);
  if (!f.text[0])
    br_status(b, false, "filter cleared");
  else
    br_status(b, false, "filter: %s (%zu trace%s%s%s)", f.text,
              b->list.traces.len, b->list.traces.len == 1 ? "" : "s",
              b->comp == FLT_ALL ? "" : " in ",
              b->comp == FLT_ALL ? "" : br_comp_name(b->comp));
}

/* ---------- exports ---------- */

static void br_export(br *b, bool tests) {
  const rep_trace *t = br_selected_trace(b);
  if (!t) {
    br_status(b, true, "select a trace first");
    return;
  }
  char *err = NULL;
  if (!tests) {
    const sp_tree *view = t == b->trace ? &b->tree : NULL;
    sp_tree def;
    if (!view) sp_init(&def, t);
    char *path = bx_write_dot(&b->ex, t, view ? view : &def, &err);
    if (!view) sp_free(&def);
    if (path)
      br_status(b, false, "D: %s as DOT (as folded) written to %s", t->id,
                path);
    else
      br_status(b, true, "D: %s", err);
    mem_free(path);
    mem_free(err);
    return;
  }
  if (!t->feasible) {
    br_status(b, true, "T: %s is unknown (not proved feasible): no test",
              t->id);
    return;
  }
  if (!b->opt.guard_tests) {
    br_status(b, true, "T: the tests export is not available");
    return;
  }
  char *json = bx_write_subset(&b->ex, b->r, t, &err);
  if (!json) {
    br_status(b, true, "T: %s", err);
    mem_free(err);
    return;
  }
  /* the suite beside its report subset: export-<n>-tests */
  char *dir = mem_printf("%.*s-tests", (int)(strlen(json) - 5), json);
  /* the suite can take a moment (the program is instrumented): say so */
  br_status(b, false, "T: writing the tests of %s to %s ...", t->id, dir);
  br_paint(b);
  char *msg = NULL;
  int rc = bx_write_tests(json, dir, b->opt.guard_tests, &msg);
  if (rc)
    br_status(b, true, "T: erep tests on %s failed: %s", json, msg ? msg : "?");
  else
    br_status(b, false, "T: %s: %s (report subset %s)", t->id, msg ? msg : dir,
              json);
  mem_free(msg);
  mem_free(dir);
  mem_free(json);
}

/* ---------- lines: :N, N g, e ---------- */

/* Program line n: in a pane of source, there; in the steps, the next step
 * at n (from the selected one, around the end); elsewhere the whole
 * source opens at n. */
static void br_goto_line(br *b, unsigned long n) {
  br_pane p = br_focus(b);
  if (!n || n > b->nlines) {
    br_status(b, true, "line %lu: the program has lines 1 to %u", n,
              b->nlines);
    return;
  }
  switch (p) {
  case P_CODE:
  case P_SOURCE:
    b->v[p].cur = n - 1;
    b->v[p].center = true;
    br_moved(b, p);
    break;
  case P_STEPS: {
    size_t s = br_cur_step(b);
    size_t at = br_first_step_at(b->trace, (unsigned)n,
                                 s == SP_GLOBALS ? 0 : s + 1);
    if (at == SIZE_MAX)
      br_status(b, true, "%s does not pass line %lu", b->trace->id, n);
    else if (b->tree.filtered &&
             !flt_step(&b->filter, &b->trace->steps.data[at]))
      br_status(b, true, "the step at line %lu is hidden by the filter", n);
    else
      br_steps_goto(b, at);
    break;
  }
  default:
    br_open_source(b, (unsigned)n);
    break;
  }
}

/* The :N prompt's text: a line number. */
static void br_goto_text(br *b, const char *text) {
  unsigned long n;
  if (flt_number(text, true, &n))
    br_goto_line(b, n);
  else
    br_status(b, true, ":%s: a line number, please", text);
}

/* A search of digits alone finds line N too: the steps at it, the traces
 * that end there, the source line. */
static bool br_pat_line(const br *b, unsigned line) {
  unsigned long n;
  return line && flt_number(b->search, false, &n) && n == line;
}

/* The program line the selection stands for (0: none). */
static unsigned br_here_line(const br *b) {
  br_pane p = br_focus(b);
  const br_view *v = &b->v[p];
  switch (p) {
  case P_STEPS: {
    size_t s = br_cur_step(b);
    return s != SP_GLOBALS && s < b->trace->steps.len
               ? b->trace->steps.data[s].line
               : 0;
  }
  case P_CODE:
  case P_SOURCE:
    return (unsigned)v->cur + 1;
  case P_THROUGH:
    return b->thr_line;
  case P_HELP:
    return b->warnings_shown && v->cur < b->r->warnings.len
               ? b->r->warnings.data[v->cur].line
               : 0;
  default: {
    const rep_trace *t = br_selected_trace(b);
    return t ? t->end_line : 0;
  }
  }
}

/* e: the program at the selected line in the user's editor (edit.h). The
 * file analysed when it is at the report's path with the recorded
 * sha256 (checked now); else a read-only copy of the source the report
 * carries, removed after. */
static void br_edit(br *b) {
  const rep_report *r = b->r;
  unsigned line = br_here_line(b);
  char *path = NULL, *dir = NULL, *err = NULL;
  if (r->program_path && r->program_sha256) {
    char *h = rep_sha256_file(r->program_path);
    if (h && !strcmp(h, r->program_sha256))
      path = mem_strdup(r->program_path);
    mem_free(h);
  }
  if (!path && r->program_text) {
    const char *base = r->program_path ? strrchr(r->program_path, '/') : NULL;
    base = base ? base + 1 : r->program_path;
    path = ed_copy(base, r->program_text, r->program_len, &dir, &err);
    if (!path) {
      br_status(b, true, "e: %s", err);
      mem_free(err);
      return;
    }
  }
  if (!path) {
    br_status(b, true,
              "e: the report carries no source and the program at its path "
              "is missing or changed");
    return;
  }
  int rc = ed_run(path, line, &err);
  if (rc < 0)
    br_status(b, true, "e: %s", err);
  else if (dir)
    br_status(b, false,
              "e showed a read-only copy: the program file is missing or "
              "changed");
  else if (rc)
    br_status(b, true, "the editor exited with status %d", rc);
  mem_free(err);
  if (dir) ed_remove(path, dir);
  mem_free(path);
  mem_free(dir);
}

/* ---------- keys ---------- */

static void br_prompt_key(br *b, int ch) {
  if (ch == '\r' || ch == '\n' || ch == KEY_ENTER) {
    b->input[b->input_len] = 0;
    int kind = b->prompt;
    b->prompt = 0;
    if (kind == '/') {
      snprintf(b->search, sizeof b->search, "%s", b->input);
      b->pat = se_make(b->search);
      if (b->pat.len)
        br_search(b, 1);
      else
        br_status(b, false, "search cleared");
    } else if (kind == ':') {
      br_goto_text(b, b->input);
    } else {
      br_apply_filter(b, b->input);
    }
  } else if (ch == 27 || ch == ('g' & 0x1f)) {
    b->prompt = 0;
  } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
    /* one character: back over UTF-8 continuation bytes */
    while (b->input_len &&
           ((unsigned char)b->input[b->input_len - 1] & 0xC0) == 0x80)
      b->input_len--;
    if (b->input_len) b->input_len--;
  } else if (ch == ('u' & 0x1f)) {
    b->input_len = 0;
  } else if (ch >= 32 && ch < 256 && ch != 127 &&
             b->input_len + 1 < sizeof b->input) {
    b->input[b->input_len++] = (char)ch;
  }
}

/* Every prompt starts empty (the filter's shows the one in force in its
 * hint): what is typed replaces, as in less and tig. */
static void br_start_prompt(br *b, int kind) {
  b->prompt = kind;
  b->input_len = 0;
}

static void br_key(br *b, int ch) {
  if (ch == KEY_RESIZE) return;
  if (b->prompt) {
    br_prompt_key(b, ch);
    return;
  }
  b->status[0] = 0;
  b->status_err = false;
  br_pane p = br_focus(b);
  /* a count: N then g or G goes to line N (less); any other key drops it */
  if (ch >= '0' && ch <= '9' && (ch != '0' || b->count) && p != P_HELP) {
    if (b->count < 100000000ul) b->count = b->count * 10 + (unsigned)(ch - '0');
    br_status(b, false, "%lu  (g or G: go to line %lu)", b->count, b->count);
    return;
  }
  unsigned long count = b->count;
  b->count = 0;
  key_action a = key_lookup(ch, br_ctx[p]);
  if (count && (a == KA_TOP || a == KA_BOTTOM)) {
    br_goto_line(b, count);
    return;
  }
  size_t page = br_page(b, p);
  switch (a) {
  case KA_DOWN:
    br_move(b, 1);
    break;
  case KA_UP:
    br_move(b, -1);
    break;
  case KA_PAGE_DOWN:
    br_move(b, (long)page);
    break;
  case KA_PAGE_UP:
    br_move(b, -(long)page);
    break;
  case KA_HALF_DOWN:
    br_move(b, (long)(page + 1) / 2);
    break;
  case KA_HALF_UP:
    br_move(b, -(long)(page + 1) / 2);
    break;
  case KA_TOP:
    br_move(b, -(long)br_nrows(b, p));
    break;
  case KA_BOTTOM:
    br_move(b, (long)br_nrows(b, p));
    break;
  case KA_OPEN:
    br_open(b);
    break;
  case KA_BACK:
    br_back(b, false);
    break;
  case KA_CLOSE:
    br_back(b, true);
    break;
  case KA_QUIT:
    b->quit = true;
    break;
  case KA_NEXT_PANE:
  case KA_PREV_PANE: {
    br_screen s = br_top(b);
    b->focus[s] = br_panes[s][br_panes[s][0] == p ? 1 : 0];
    break;
  }
  case KA_TOGGLE:
    br_toggle(b);
    break;
  case KA_FOLD_LESS:
  case KA_FOLD_MORE:
    br_fold_level(b, a == KA_FOLD_LESS);
    break;
  case KA_SEARCH:
    br_start_prompt(b, '/');
    break;
  case KA_SEARCH_NEXT:
  case KA_SEARCH_PREV:
    br_search(b, a == KA_SEARCH_NEXT ? 1 : -1);
    break;
  case KA_FILTER:
    br_start_prompt(b, 'f');
    break;
  case KA_GOTO_LINE:
    br_start_prompt(b, ':');
    break;
  case KA_EDIT:
    br_edit(b);
    break;
  case KA_SOURCE: {
    unsigned line = 0;
    const rep_trace *t = br_selected_trace(b);
    size_t s = br_cur_step(b);
    if (p == P_STEPS && s != SP_GLOBALS && s < b->trace->steps.len)
      line = b->trace->steps.data[s].line;
    else if (p == P_CODE)
      line = (unsigned)b->v[P_CODE].cur + 1;
    else if (t)
      line = t->end_line;
    br_open_source(b, line);
    break;
  }
  case KA_TESTS:
  case KA_DOT:
    br_export(b, a == KA_TESTS);
    break;
  case KA_HELP:
    if (br_top(b) == SCR_HELP && !b->warnings_shown)
      br_pop(b);
    else
      br_show_text(b, false);
    break;
  case KA_REDRAW:
    clearok(curscr, TRUE);
    break;
  case KA_VALUES:
    b->hide_values = !b->hide_values;
    br_status(b, false, "values %s", b->hide_values ? "hidden" : "shown");
    break;
  default:
    br_status(b, false, "%s: no action here (? shows the keys)", key_label(ch));
    break;
  }
}

/* ---------- running ---------- */

/* Reports at least this large show a screen while they are read: the
 * strict reader takes about 20 ms a MB. */
#define BR_BIG_REPORT (4L << 20)

static void br_paint_reading(const char *path, double mb) {
  erase();
  char *m = mem_printf("erep browse: reading %s (%.1f MB)", path, mb);
  dr_str(0, 0, COLS, m, term_attr(TA_HEADER));
  mem_free(m);
  dr_str(2, 0, COLS,
         "The report is checked in full, and the program's SHA-256, before "
         "it is shown.",
         term_attr(TA_NORMAL));
  dr_str(LINES - 1, 0, COLS, "Ctrl-C stops", term_attr(TA_HINT_KEY));
  refresh();
}

/* For benchmarks: when the first screen reached the terminal, as wall-clock
 * time (the caller compares it with its own start time; the time the
 * report takes to free at exit does not count), and the CPU time so far. */
static void br_first_paint(bool bench, struct timespec *at) {
  if (bench && !at[0].tv_sec) {
    clock_gettime(CLOCK_REALTIME, &at[0]);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &at[1]);
  }
}

static void br_report_first_paint(const struct timespec *at) {
  if (at[0].tv_sec)
    fprintf(stderr,
            "erep browse: first screen at %lld%09ld ns, %.0f ms of "
            "CPU\n",
            (long long)at[0].tv_sec, at[0].tv_nsec,
            (double)at[1].tv_sec * 1e3 + (double)at[1].tv_nsec / 1e6);
}

int br_run(const char *path, const br_options *o, char **err) {
  const char *ea = getenv("EREP_BROWSE_EXIT_AFTER_FIRST_PAINT");
  bool exit_report = ea && !strcmp(ea, "1");
  bool exit_any = ea && !strcmp(ea, "any");
  *err = NULL;
  struct timespec first[2] = {{0, 0}, {0, 0}};
  /* A large report gets a screen that says it is being read. The reading
   * itself blocks (Ctrl-C still stops it, the terminal restored): on a
   * thread of its own it took 1.1 s of CPU instead of 0.8 s for the
   * drivers report, since the reader takes its bytes one getc() at a time
   * and a second thread makes each of those lock the stream. */
  struct stat st;
  bool term = false;
  if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
      st.st_size >= BR_BIG_REPORT) {
    if (term_start(err)) return 2;
    term = true;
    br_paint_reading(path, (double)st.st_size / 1e6);
    br_first_paint(exit_any, first);
    if (exit_any) {
      term_stop();
      br_report_first_paint(first);
      return 0;
    }
  }
  char *warning = NULL, *e = NULL;
  rep_report *r = rj_open(path, o->no_hash_check, &warning, &e);
  if (!r) {
    if (term) term_stop();
    *err = e;
    return 2;
  }
  if (!term && term_start(err)) {
    rep_free(r);
    mem_free(warning);
    return 2;
  }
  br *b = mem_calloc(1, sizeof *b);
  b->r = r;
  b->path = path;
  b->warning = warning;
  b->opt = *o;
  b->stack[0] = SCR_MAIN;
  b->depth = 1;
  b->focus[SCR_MAIN] = P_TRACES;
  flt_parse("", &b->filter, (char[8]){0}, 8);
  br_model(b);
  /* start where the interest is: the frontier, else what there is */
  b->comp = b->ncomp[FLT_FRONTIER]  ? FLT_FRONTIER
            : b->ncomp[FLT_SAFE]    ? FLT_SAFE
            : b->ncomp[FLT_UNKNOWN] ? FLT_UNKNOWN
            : b->ncomp[FLT_UNDEFINED] ? FLT_UNDEFINED
                                    : FLT_FRONTIER;
  b->v[P_COMP].cur = (size_t)b->comp;
  br_build_list(b);
  if (b->list.rows.len > 1) b->v[P_TRACES].cur = 1; /* the first trace */
  if (warning)
    br_status(b, true, "warning: %s", warning);
  else if (r->warnings.len)
    br_status(b, false,
              "%s: %zu trace%s, %zu warning%s (listed under the "
              "components); ? shows the keys",
              path, b->all.len, b->all.len == 1 ? "" : "s", r->warnings.len,
              r->warnings.len == 1 ? "" : "s");
  else
    br_status(b, false, "%s: %zu trace%s; Enter opens, ? shows the keys", path,
              b->all.len, b->all.len == 1 ? "" : "s");
  int errs = 0;
  while (!b->quit) {
    br_paint(b);
    br_first_paint(exit_report || exit_any, first);
    if (exit_report || exit_any) break;
    int ch = getch();
    if (ch == ERR) {
      /* the terminal is gone: do not spin */
      if (++errs > 100) break;
      continue;
    }
    errs = 0;
    br_key(b, ch);
  }
  /* the terminal first: freeing a large report takes a moment */
  term_stop();
  br_report_first_paint(first);
  br_free(b);
  mem_free(b);
  rep_free(r);
  return 0;
}
