/* tlist: a list of traces for a pane. Grouped lists put the traces under
 * one header row per end function (traces that reach undefined behaviour:
 * per undefined operation, their reason), the groups in the order of their first
 * end line and the traces by end line, then component, then discovery
 * order (their ids), so that traces ending at the same place sit
 * together. Flat lists keep the order they are given. Groups fold. The
 * list points into the report; it owns only its arrays. */
#ifndef EREP_TUI_TLIST_H
#define EREP_TUI_TLIST_H

#include "filter.h"
#include "lib/mem.h"
#include "report/report.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *function; /* end function (NULL: none), or what is undefined */
  size_t first, count;  /* in traces */
  bool folded;
} tl_group;

typedef struct {
  bool is_group;
  size_t index; /* into groups or traces */
} tl_row;

typedef struct {
  bool grouped;
  VEC(const rep_trace *) traces; /* in display order */
  VEC(tl_group) groups;
  VEC(tl_row) rows; /* what shows */
} tl_list;

/* Fill l with the traces of ts[0..n) that pass the filter (f may be
 * NULL), dropping the old content but keeping the folds of groups whose
 * function is still there. */
void tl_build(tl_list *l, const rep_trace *const *ts, size_t n,
              const flt_filter *f, bool grouped);
void tl_free(tl_list *l);
/* Recompute rows after a fold. */
void tl_rows(tl_list *l);
/* The trace shown at row, or NULL for a group row (or past the end). */
const rep_trace *tl_trace_at(const tl_list *l, size_t row);
/* The row of trace index i (into traces), unfolding its group; SIZE_MAX
 * when i is out of range. */
size_t tl_reveal(tl_list *l, size_t i);
/* The group a trace index belongs to (grouped lists), or SIZE_MAX. */
size_t tl_group_of(const tl_list *l, size_t i);

#endif
