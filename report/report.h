/* report: the execution-report model (design.md, "Report JSON"); its JSON
 * form is rjson.h. A report owns everything it points to (one arena and
 * interned strings). Traces are added as they are found and sealed
 * (rep_trace_seal) when complete, which gives them their stable key; the
 * file is written once, atomically, also for partial runs. */
#ifndef EREP_REPORT_H
#define EREP_REPORT_H

#include "lib/mem.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { REP_SAFE, REP_FRONTIER } rep_component_kind;

typedef struct {
  unsigned line;
  const char *function;
  const char *kind; /* declaration|statement|assume|call|return|blank */
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

typedef struct {
  unsigned index;
  const char *function; /* nondet function, or "uninitialised:<var>" */
  unsigned line;
  const char *type;
  const char *value; /* as text: "17", "-3", "{0, -2}", "{[4]=7}", "0.0" */
  rep_value typed;   /* the same, parsed (rep_value_parse) */
  unsigned step;     /* index of the step (in steps) that made the input */
  const rep_written *written; /* NULL unless a callee wrote it */
} rep_input;

typedef struct {
  char id[24];  /* display id in discovery order: S1, F2, U3 */
  char key[40]; /* stable: component, end location and the path's edges */
  rep_component_kind component;
  bool feasible;      /* false: unknown, see reason */
  const char *reason; /* why it is unknown */
  const char *end_file, *end_function;
  unsigned end_line, end_node;
  VEC(rep_step) steps;
  VEC(rep_input) inputs;
} rep_trace;

typedef struct {
  bool full;
  const char *stopped_by; /* NULL, "time", "memory", "states", "signal",
                             "unsupported", "automaton" (it does not fit
                             the program everywhere) */
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

typedef struct {
  mem_arena *arena;
  void *strings; /* interned copies (rep_strdup) */
  const char *program_path, *program_sha256;
  const char *aa_path, *aa_sha256, *aa_dialect;
  unsigned aa_states, aa_transitions;
  rep_fit fit;
  const char *analysis;
  json_t *limits; /* owned */
  bool want[2];   /* components computed */
  rep_component comp[2];
  VEC(rep_trace *) unknown;
  double wall_seconds, first_trace_seconds; /* first < 0: none */
  unsigned long states, solver_calls, infeasible_candidates, refinements;
  VEC(rep_warning) warnings;
  rep_coverage coverage;
} rep_report;

rep_report *rep_new(void);
void rep_free(rep_report *r);
/* A copy owned by the report (equal strings are stored once). */
const char *rep_strdup(rep_report *r, const char *s);
rep_trace *rep_trace_new(rep_report *r, rep_component_kind k, bool feasible,
                         const char *reason);
/* Add an input; its value text is parsed into .typed. */
void rep_input_add(rep_report *r, rep_trace *t, unsigned index,
                   const char *function, unsigned line, const char *type,
                   const char *value, unsigned step);
/* The last input of t was written by a call (w is copied). */
void rep_input_written(rep_report *r, rep_trace *t, const rep_written *w);
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
void rep_partial(rep_report *r, const char *why);
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
