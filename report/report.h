/* report: the execution-report model (doc/report.md); its JSON form is
 * rjson.h. A report owns everything it points to (one arena and
 * interned strings). Traces are added as they are found and sealed
 * (rep_trace_seal) when complete, which gives them their stable key; the
 * file is written once, atomically, also for partial runs. */
#ifndef EREP_REPORT_H
#define EREP_REPORT_H

#include "lib/mem.h"
#include "lib/stop.h"
#include "program/cfa.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { REP_SAFE, REP_FRONTIER } rep_component_kind;

/* What a step's edge is: cfa.h's kinds of statement-level edges. Their
 * names ("declaration", ...) exist only in the report JSON (rjson.h,
 * rj_step_kind_name). */
typedef enum {
  REP_STEP_DECLARATION,
  REP_STEP_STATEMENT,
  REP_STEP_ASSUME,
  REP_STEP_CALL,
  REP_STEP_RETURN,
  REP_STEP_BLANK
} rep_step_kind;
#define REP_STEP_KINDS 6

/* The step kind of a statement-level edge. A large block (CFA_BLOCK) is
 * no step: the trace builders expand blocks into the edges they
 * summarise first, and handing one here is a bug of the caller, which
 * aborts the program with a message on stderr. */
rep_step_kind rep_step_kind_of(cfa_edge_kind k);

typedef struct {
  unsigned line;
  const char *function;
  rep_step_kind kind;
  const char *text;
  const char *aa_from, *aa_to;
  unsigned edge, from, to; /* CFA edge and node ids (erep cfa -v) */
} rep_step;

/* An input value as a number: integers in sign and magnitude (so that
 * every C integer type fits), arrays as the elements a path read. */
typedef enum { REP_VALUE_INT, REP_VALUE_ARRAY, REP_VALUE_FLOAT } rep_value_kind;
typedef struct {
  uint64_t index; /* array element */
  bool neg;
  uint64_t mag;
} rep_elem;
typedef struct {
  rep_value_kind kind;
  bool neg; /* REP_VALUE_INT: the value is (neg ? -mag : mag) */
  uint64_t mag;
  size_t nelems; /* REP_VALUE_ARRAY: elements not listed are 0 */
  const rep_elem *elems;
} rep_value;

/* What a call of a function without a body wrote through its pointer
 * arguments (an input of kind "written"; smt.h's SMT_INPUT_WRITTEN): the
 * leaf, the call, and how a harness reaches it from the argument. */
typedef struct {
  const char *object; /* "x", "s.f", "a[]" */
  unsigned call;      /* the how-manieth call of the function on the trace */
  int arg;            /* the argument; -1: no way known (via, params empty) */
  size_t nvia;        /* p = argument; p = *(char **)(p + via[i]) for i <
                       * nvia - 1; the leaf (element 0) at p + via[nvia-1] */
  const int64_t *via;
  unsigned ndims; /* arrays: element offset = sum index[d] * stride[d] */
  const uint64_t *count, *stride;
  size_t nparams; /* C types of arguments 0..arg */
  const char *const *params;
} rep_written;

/* Where an input comes from. */
typedef enum {
  REP_INPUT_CALL,   /* the result of a call of a function without a body */
  REP_INPUT_UNINIT, /* the value of an uninitialised variable */
  REP_INPUT_WRITTEN /* what a call of a function without a body wrote
                     * through its pointer arguments (rep_input.written) */
} rep_input_kind;

typedef struct {
  unsigned index;
  rep_input_kind kind;
  /* REP_INPUT_CALL, REP_INPUT_WRITTEN: the callee (NULL: not known);
   * REP_INPUT_UNINIT: NULL */
  const char *function;
  /* REP_INPUT_UNINIT: the variable as smt.h names it ("x", "f::__retval__"
   * for a result) and the leaf read in it ("", ".f", "[]", "[].g"); NULL
   * for the other kinds */
  const char *var, *path;
  unsigned line;
  const char *type;
  const char *value; /* as text: "17", "-3", "{0, -2}", "{[4]=7}", "0.0" */
  rep_value typed;   /* the same, parsed (rep_value_parse) */
  unsigned step;     /* index of the step (in steps) that made the input */
  const rep_written *written; /* REP_INPUT_WRITTEN: what the callee wrote;
                                 NULL for the other kinds */
} rep_input;

/* A value a feasible trace's step assigns, from the solver's model: `lhs`
 * (the C text of what was written: "x", "a[i]", "(p->f)", a parameter's
 * name) holds `value` (decimal) after step `step`. */
typedef struct {
  unsigned step;
  const char *lhs, *value;
} rep_assigned;

typedef struct {
  char id[24];  /* display id in discovery order: S1, F2, U3 */
  char key[40]; /* stable: component, end location and the path's edges */
  rep_component_kind component;
  bool feasible;      /* false: unknown, see reason */
  const char *reason; /* why it is unknown; what is undefined */
  /* feasible up to step ub_step, whose operation is undefined behaviour
   * (reason says which, "invalid pointer dereference at line 3714"), in
   * the execution its inputs give: proved by the solver's model; the
   * steps end there (minor 4; rep_report.undefined) */
  bool undefined;
  unsigned ub_step;
  /* an unknown trace: the step where the proof stopped (what the
   * encoding does not model, or an obligation the path may violate there;
   * reason says which), when one is to blame (minor 4) */
  bool has_unknown_step;
  unsigned unknown_step;
  const char *end_file, *end_function;
  unsigned end_line, end_node;
  VEC(rep_step) steps;
  VEC(rep_input) inputs;
  VEC(rep_assigned) values; /* in step order (minor 3) */
} rep_trace;

typedef struct {
  bool full;
  /* why it is partial: STOP_NONE (full, or not computed), a limit
   * (STOP_TIME, STOP_MEMORY, STOP_STATES, STOP_SIGNAL), STOP_UNSUPPORTED,
   * STOP_AUTOMATON (it does not fit the program everywhere),
   * STOP_PRECISION, STOP_RECURSION, STOP_COUNTEREXAMPLE (erep verify);
   * doc/report.md */
  stop_reason stopped_by;
  VEC(rep_trace *) traces;
} rep_component;

typedef struct {
  const char *kind, *message;
  unsigned line;
} rep_warning;

/* Coverage of one executable line (coverage.h defines the figures). */
enum {
  REP_COV_VISITED = 1,
  REP_COV_SAFE_TRACE = 2,     /* a safe-cone trace passes it */
  REP_COV_FRONTIER_TRACE = 4, /* a frontier trace passes it */
  REP_COV_VERIFIED = 8,       /* reachable from a safe-cone end */
  REP_COV_UNEXPLORED = 16     /* reachable only from frontier ends */
};
typedef struct {
  unsigned line;
  unsigned flags; /* REP_COV_* */
} rep_line;

typedef struct {
  bool computed;
  VEC(rep_line) lines; /* ascending */
  /* lines in each figure */
  unsigned long total, visited, on_trace, verified, unexplored, none;
} rep_coverage;

/* How well the automaton fits the program, measured on the data-free
 * product (as `erep match` does): the reader's gauge of what the automaton
 * is worth here. */
typedef struct {
  bool measured;
  unsigned long match_reached, match_matched, catchalls, near_misses;
  unsigned long states_reached, unmatched, edits;
  const char *verdict; /* "fits", "fits-nearly", "misfit-chain", ... */
  bool forced;         /* reported with --force although it does not fit */
  /* the first mismatch on the way from the program's start (aa_line 0:
   * none): the automaton's line, state and MATCH text, and the edge the
   * program has there */
  unsigned aa_line, line;
  const char *state, *match, *met;
  bool in_declarations;
} rep_fit;

/* The limits an analysis ran with (the report JSON's analysis.limits).
 * Each has_ flag says whether the JSON has that key; the keys are
 * written in the order of the fields. A limit of 0 is none (null). */
typedef struct {
  bool has_time, has_memory, has_states, has_traces, has_order, has_blocks,
      has_data_model;
  double time_limit;             /* seconds */
  unsigned long memory_limit_mb; /* MB */
  unsigned long state_limit;     /* abstract states */
  unsigned long traces_per_location;
  bool dfs; /* order: depth first (else breadth) */
  bool sbe; /* block encoding: single (else large) */
  cfa_data_model data_model;
} rep_limits;

typedef struct {
  mem_arena *arena;
  void *strings; /* interned copies (rep_strdup) */
  const char *program_path, *program_sha256;
  /* the program's source as it was parsed (its sha256 is program_sha256),
   * so that the report's views need no file (format minor 3; NULL in
   * older reports) */
  const char *program_text;
  size_t program_len;
  const char *aa_path, *aa_sha256, *aa_dialect;
  /* the automaton's text (its sha256 is aa_sha256), likewise */
  const char *aa_text;
  size_t aa_len;
  unsigned aa_states, aa_transitions;
  rep_fit fit;
  const char *analysis;
  rep_limits limits;
  bool want[2];   /* components computed */
  rep_component comp[2];
  VEC(rep_trace *) unknown;
  /* traces that reach undefined behaviour (rep_trace.undefined), of
   * either component: ids UB1, UB2, ... */
  VEC(rep_trace *) undefined;
  double wall_seconds, first_trace_seconds; /* first < 0: none */
  unsigned long states, solver_calls, infeasible_candidates, refinements;
  VEC(rep_warning) warnings;
  rep_coverage coverage;
} rep_report;

rep_report *rep_new(void);
void rep_free(rep_report *r);
/* A copy owned by the report (equal strings are stored once). */
const char *rep_strdup(rep_report *r, const char *s);
/* The report's program: its path, the bytes parsed (copied; the sha256 is
 * theirs) */
/* A value step `step` of t assigns (strings copied). */
void rep_assigned_add(rep_report *r, rep_trace *t, unsigned step,
                      const char *lhs, const char *value);
void rep_set_program(rep_report *r, const char *path, const char *src,
                     size_t len);
/* The same for the report's automaton. */
void rep_set_automaton(rep_report *r, const char *path, const char *text,
                       size_t len);
rep_trace *rep_trace_new(rep_report *r, rep_component_kind k, bool feasible,
                         const char *reason);
/* A trace of component k's candidates that reaches undefined behaviour
 * (`what`); the caller sets ub_step once the steps are in. */
rep_trace *rep_trace_new_undefined(rep_report *r, rep_component_kind k,
                                   const char *what);
/* Add an input; its value text is parsed into .typed. `function` is the
 * text form that smt.h's inputs (smt_input.function) and the report JSON
 * share: a callee's name (an input of kind REP_INPUT_CALL), or
 * "uninitialised:<var><path>" (REP_INPUT_UNINIT), which is split here,
 * the one place that reads it, into var (up to the first '.' or '[') and
 * path (the rest). */
void rep_input_add(rep_report *r, rep_trace *t, unsigned index,
                   const char *function, unsigned line, const char *type,
                   const char *value, unsigned step);
/* The last input of t was written by a call (w is copied): it becomes of
 * kind REP_INPUT_WRITTEN, whatever its function's text said. */
void rep_input_written(rep_report *r, rep_trace *t, const rep_written *w);
/* An input's text form, as rep_input_add takes it (the report JSON's
 * "function"; NULL for a call input of no known function). The caller
 * frees it (mem_free). */
char *rep_input_text(const rep_input *in);
/* Parse an input value ("-17", "{0, 5}", "{[3]=1}", "0.0"); false when the
 * text is none of these. Elements live in r's arena. */
bool rep_value_parse(rep_report *r, const char *text, rep_value *out);
/* Compute t's stable key from its component, end location and edges:
 * "<S|F|U>-" and 16 hex digits. Traces of the same program that end at
 * the same place along the same edges have the same key in every run. */
void rep_trace_seal(rep_trace *t);
void rep_warn(rep_report *r, const char *kind, unsigned line, const char *fmt,
              ...);
/* Every computed component that is full becomes partial; stopped_by
 * becomes `why` where no other reason is recorded. */
void rep_partial(rep_report *r, stop_reason why);
/* The human summary printed on stdout. */
void rep_print_summary(const rep_report *r, FILE *out);
/* Its line of coverage figures, "coverage  12 lines: ..." (nothing when
 * r->coverage was not computed). */
void rep_print_coverage(const rep_report *r, FILE *out);

/* Lowercase hex SHA-256 of a regular file (anything else is refused
 * without blocking), or NULL (errno set). Caller frees. */
char *rep_sha256_file(const char *path);
/* Lowercase hex SHA-256 of bytes in memory. Caller frees. */
char *rep_sha256(const void *buf, size_t len);

#endif
