/* dot: pictures of a report as Graphviz graphs, built with cgraph and
 * written as DOT (agwrite) or laid out and rendered as SVG, PNG or PDF
 * (gvc).
 *
 * Three views (`erep dot --view`; the README's "What you see" shows them):
 *  - "aa": the automaton. When it has more than DOT_AA_FULL_STATES states,
 *    only the states the report's traces pass through and the transitions
 *    among them, with a note "N of M states shown". Transitions that safe
 *    traces take are green, frontier ones red, both green and red, those
 *    only unknown traces take dashed grey. __TRUE and __FALSE stand out.
 *  - "cfa": the program's CFA, rebuilt from the program (the report's node
 *    and edge ids are the ids of that CFA), a cluster per function, nodes
 *    filled by the coverage of their line, edges labelled with line and raw
 *    text; the edges of traces coloured as in "aa"; a legend cluster.
 *  - "trace:ID": one trace (display id such as F1, or stable key) as a
 *    path of its steps: line, function, text, automaton states, inputs.
 *
 * Output is deterministic: everything is created in the order of the
 * automaton, the CFA or the report, which cgraph keeps when writing.
 * Program and automaton text in labels is escaped (control characters,
 * invalid UTF-8) and its backslashes doubled, so Graphviz shows it as
 * written and cannot read it as its own escapes.
 *
 * The report is only read. The CFA and the automaton are loaded here from
 * the paths the report records (relative to the working directory, as
 * `erep report` wrote them). The "cfa" drawing without a report is
 * `erep cfa --dot` (dot_build_cfa). */
#ifndef EREP_DOT_H
#define EREP_DOT_H

#include "program/cfa.h"
#include "report.h"

#include <stdbool.h>
#include <stdio.h>

/* Automata up to this many states are drawn whole in the "aa" view. */
#define DOT_AA_FULL_STATES 200
/* The most nodes of an "aa" view laid out for SVG, PNG and PDF (--around
 * picks a part of a larger one). */
#define DOT_AA_MAX_NODES 400
/* the trace view folds calls deeper than needed to draw at most this
 * many nodes (a column that fits a screen) */
#define DOT_TRACE_FIT_NODES 60
/* the aa view of the states traces pass (or --around them), when its
 * chains leave more nodes than this, folds along the traces: a node per
 * run of states in one function, calls deeper than needed to draw at most
 * this many nodes as one node each (a column of labelled transitions that
 * fits a screen) */
#define DOT_AA_FIT_NODES 24
/* the cfa view of the whole program draws at most this many nodes as a
 * picture (Graphviz: 6.5 s for drivers64's 2,132; cfa:FUNCTION draws one
 * function) */
#define DOT_CFA_MAX_NODES 400
/* the trace-cfa view draws at most this many CFA nodes */
#define DOT_TRACE_CFA_MAX_NODES 400

/* The most nodes and edges laid out for SVG and PNG. Graphviz's dot
 * layout grows about quadratically with a trace's steps (a chain of 4,000
 * nodes 1 s, 10,000 nodes 4.6 s, 500,000 not done after 120 s); the
 * largest CFA of the corpus has 2,127 nodes. Beyond it dot_render refuses
 * (DOT_BAD_INPUT, the size and a smaller way in the message); DOT output
 * has no bound. */
#define DOT_LAYOUT_MAX_NODES 10000
#define DOT_LAYOUT_MAX_EDGES 20000

typedef enum { DOT_FMT_DOT, DOT_FMT_SVG, DOT_FMT_PNG, DOT_FMT_PDF } dot_format;

typedef enum {
  DOT_OK = 0,
  DOT_FAILED = 1,   /* internal or output failure */
  DOT_BAD_INPUT = 2 /* bad view, unknown trace, unreadable or changed input */
} dot_status;

typedef struct {
  const char *view; /* "aa", "cfa", "cfa:FUNCTION", "trace:ID", "trace-cfa:ID" */
  bool no_hash_check; /* a missing or changed automaton is not an error */
  /* "aa": only the states within `depth` transitions (either way) of the
   * state named `around`, or of the states trace `around` passes (an id
   * or key); NULL: the states traces pass (all of a small automaton) */
  const char *around;
  unsigned depth;
  /* "trace:ID": fold the calls deeper than `depth` when set; else the
   * depth that draws at most DOT_TRACE_FIT_NODES nodes */
  bool fold_set;
} dot_options;

typedef struct dot_graph dot_graph;

/* "dot", "svg", "png", "pdf" (also from a file name's extension, "gv" is
 * dot): 0, or -1 for anything else. */
int dot_format_parse(const char *name, dot_format *f);
/* The format a file name's extension names, or -1 when it names none. */
int dot_format_of_path(const char *path, dot_format *f);

/* Build the view o->view of r. DOT_BAD_INPUT with *err (mem_free) naming
 * what is wrong: an unknown view or trace, a program or automaton that
 * cannot be read or no longer fits the report. A changed automaton that
 * o->no_hash_check tolerates goes to *warning (mem_free; NULL when none);
 * a changed program (which rj_open reports) is noted in the graph. */
dot_status dot_build(const rep_report *r, const dot_options *o, dot_graph **out,
                     char **warning, char **err);
/* `erep cfa --dot`: the CFA g alone, drawn as the "cfa" view draws it
 * without a report (no coverage fill, no trace colours, no legend);
 * the nodes a large-block summary absorbed are left out and its blocks
 * are bold edges labelled "block: N edges, lines A-B". g is only read and
 * may be freed once this returns. */
dot_graph *dot_build_cfa(const cfa *g);
/* Write g in format f. DOT_FAILED with *err on failure; DOT_BAD_INPUT
 * when g is too large to lay out (DOT_LAYOUT_MAX_*), before anything is
 * written. Rendering lays g out (which adds layout attributes to it). */
dot_status dot_render(dot_graph *g, dot_format f, FILE *out, char **err);
void dot_free(dot_graph *g);

#endif
