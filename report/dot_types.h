/* dot_types: the limits, options and statuses of erep dot (dot.h), in a
 * header of their own so that the views in files of their own (dot_aa.h)
 * and the shared parts (dot_base.h) need not include dot.h. */
#ifndef EREP_DOT_TYPES_H
#define EREP_DOT_TYPES_H

#include <stdbool.h>

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

#endif
