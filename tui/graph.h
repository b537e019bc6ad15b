/* graph: one trace as a DOT graph, built with GraphViz cgraph (never
 * printed by hand). The trace is a path: a node for the state before the
 * first step and after each drawn step (its automaton state and CFA node),
 * an edge for each drawn step labelled with its line, text and the inputs
 * it consumed. With a folded view, a folded call is one dashed edge for
 * all the steps of its callee and the folded global declarations one
 * edge, so the graph shows what the browser shows. Labels are sanitised
 * like the screen (text.h) and cut at GR_LABEL_MAX bytes. */
#ifndef EREP_TUI_GRAPH_H
#define EREP_TUI_GRAPH_H

#include "report/report.h"
#include "steps.h"

#include <stdio.h>

#define GR_LABEL_MAX 120

/* Write t as DOT to out; view (may be NULL: every step) gives the folds.
 * 0, or -1 with *err (mem_free). */
int gr_write_trace(const rep_trace *t, const sp_tree *view, FILE *out,
                   char **err);

#endif
