/* report: the execution-report model (design.md, "Report JSON") and its
 * JSON form through jansson. A report owns everything it points to (one
 * arena). Traces are added as they are found; the file is written once,
 * atomically, also for partial runs. */
#ifndef EREP_REPORT_H
#define EREP_REPORT_H

#include "lib/mem.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

typedef enum { REP_SAFE, REP_FRONTIER } rep_component_kind;

typedef struct {
  unsigned line;
  const char *function;
  const char *kind; /* declaration|statement|assume|call|return|blank */
  const char *text;
  const char *aa_from, *aa_to;
} rep_step;

typedef struct {
  unsigned index;
  const char *function; /* nondet function, or "uninitialised:<var>" */
  unsigned line;
  const char *type;
  const char *value;
  unsigned step; /* index of the step (in steps) that made the input */
} rep_input;

typedef struct {
  char id[24];
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
                             "unsupported" */
  VEC(rep_trace *) traces;
} rep_component;

typedef struct {
  const char *kind, *message;
  unsigned line;
} rep_warning;

typedef struct {
  mem_arena *arena;
  void *strings; /* interned copies (rep_strdup) */
  const char *program_path, *program_sha256;
  const char *aa_path, *aa_sha256, *aa_dialect;
  unsigned aa_states, aa_transitions;
  const char *analysis;
  json_t *limits; /* owned */
  bool want[2];   /* components computed */
  rep_component comp[2];
  VEC(rep_trace *) unknown;
  double wall_seconds, first_trace_seconds; /* first < 0: none */
  unsigned long states, solver_calls, infeasible_candidates, refinements;
  VEC(rep_warning) warnings;
} rep_report;

rep_report *rep_new(void);
void rep_free(rep_report *r);
/* A copy owned by the report (equal strings are stored once). */
const char *rep_strdup(rep_report *r, const char *s);
rep_trace *rep_trace_new(rep_report *r, rep_component_kind k, bool feasible,
                         const char *reason);
void rep_warn(rep_report *r, const char *kind, unsigned line, const char *fmt, ...);

json_t *rep_to_json(const rep_report *r);
/* Write the JSON to path atomically; on failure returns -1 with *err set
 * (caller frees) and leaves any existing file untouched. */
int rep_write(const rep_report *r, const char *path, char **err);
/* The human summary printed on stdout. */
void rep_print_summary(const rep_report *r, FILE *out);

/* Lowercase hex SHA-256 of a regular file (anything else is refused
 * without blocking), or NULL (errno set). Caller frees. */
char *rep_sha256_file(const char *path);
/* Lowercase hex SHA-256 of bytes in memory. Caller frees. */
char *rep_sha256(const void *buf, size_t len);

#endif
