/* filter: what the `f` key narrows the lists to. A filter is written as
 * words separated by spaces, each one of
 *   NAME, fn:NAME         a function whose name contains NAME
 *   N, N-M, line:N-M      a line or an inclusive range of lines
 *   safe, frontier, unknown, undefined, all, or comp:one-of-these
 * Trace lists keep the traces that end in such a function and line; the
 * steps of an open trace are narrowed to the steps in them; the
 * component word selects the component pane's row. An empty text clears
 * the filter. */
#ifndef EREP_TUI_FILTER_H
#define EREP_TUI_FILTER_H

#include "report/report.h"

#include <stdbool.h>

enum {
  FLT_SAFE,
  FLT_FRONTIER,
  FLT_UNKNOWN,
  FLT_UNDEFINED, /* traces that reach undefined behaviour */
  FLT_ALL,
  FLT_NONE = -1
};

typedef struct {
  char fn[64];     /* "" : any function */
  unsigned lo, hi; /* lines; hi == 0: any line */
  int comp;        /* FLT_*; FLT_NONE: not part of the filter */
  char text[160];  /* as written, for titles and the prompt */
} flt_filter;

/* Parse text into *f; false with a message in err (errlen bytes) and *f
 * unchanged when a word is not understood. */
bool flt_parse(const char *text, flt_filter *f, char *err, size_t errlen);
/* Does the filter narrow lists (function or lines)? */
bool flt_active(const flt_filter *f);
bool flt_trace(const flt_filter *f, const rep_trace *t);
bool flt_step(const flt_filter *f, const rep_step *s);
/* A line number: decimal digits alone (with `spaces`, blanks around
 * them too), at most 9 of them; false otherwise. */
bool flt_number(const char *text, bool spaces, unsigned long *n);
/* The component (FLT_SAFE, ...) a trace is listed under. */
int flt_comp_of(const rep_trace *t);

#endif
