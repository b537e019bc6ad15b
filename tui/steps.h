/* steps: the steps of one trace as a tree that folds. A step of kind
 * "call" opens the steps of the called function; they end with its
 * "return" step, so they can be folded under the call. The global declarations that every trace starts
 * with (steps outside any function) fold under one header row.
 *
 * The tree keeps the list of visible rows: a row is a step index, or
 * SP_GLOBALS for the header of the global declarations. Rows are in
 * ascending step order (the header first), so a step's row is found by
 * binary search. A filter (filter.h) replaces the folded view by the flat
 * list of the steps it keeps. Memory: a few words a step. */
#ifndef EREP_TUI_STEPS_H
#define EREP_TUI_STEPS_H

#include "filter.h"
#include "lib/mem.h"
#include "report/report.h"

#include <stdbool.h>
#include <stddef.h>

#define SP_GLOBALS ((size_t)-1)

typedef struct {
  const rep_trace *t;
  unsigned *depth;       /* calls open at each step (the call step itself
                            is outside its callee) */
  size_t *end;           /* call steps: one past the callee's steps */
  unsigned char *folded; /* call steps */
  size_t nglobals;       /* leading steps outside functions (folded as one
                            group when there are two or more) */
  bool globals_folded;
  unsigned max_call_depth; /* deepest call step + 1; 0: no calls */
  unsigned level;          /* calls at this depth or deeper are folded */
  bool filtered;
  VEC(size_t) rows;
} sp_tree;

/* Build the tree of t with every call open and the globals folded. */
void sp_init(sp_tree *s, const rep_trace *t);
void sp_free(sp_tree *s);
bool sp_is_call(const sp_tree *s, size_t step);
/* Recompute rows (after a fold or filter change). f may be NULL. */
void sp_rows(sp_tree *s, const flt_filter *f);
/* The row that shows step (or its folded parent); steps before the first
 * row map to row 0. */
size_t sp_row_of(const sp_tree *s, size_t step);
/* Fold every call at depth `level` or deeper (0: only the outermost
 * function shows). Clamped to [0, max_call_depth]. */
void sp_set_level(sp_tree *s, unsigned level);
/* The level that folds one more depth than what the rows show now. */
unsigned sp_level_less(const sp_tree *s);
/* Toggle a call step or the globals header (SP_GLOBALS). Any other step
 * folds its enclosing call; returns the step that was toggled (or
 * SP_GLOBALS), or `step` when nothing could be folded. */
size_t sp_toggle(sp_tree *s, size_t step);
/* Unfold everything that hides step. */
void sp_reveal(sp_tree *s, size_t step);
/* The innermost call step around step, or SP_GLOBALS when none. */
size_t sp_parent(const sp_tree *s, size_t step);

#endif
