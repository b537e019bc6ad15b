/* diff: what changed between two reports of the same program. Traces are
 * matched by their end location - (component, function, line, text of the
 * last step) - never by display id; with a changed program (allowed by the
 * caller), by (component, function, text) alone, since lines move.
 *
 *  - frontier: end locations that left the frontier (progress) and that
 *    are new on it;
 *  - safe cones: end locations gained and lost;
 *  - feasibility: end locations whose traces were feasible in one report
 *    and only unknown in the other;
 *  - each computed component's status (full, or partial and why) and its
 *    count of unknown traces, before and after;
 *  - coverage figures before and after, and (same program only) the lines
 *    that were verified before and are not now; when only one report has
 *    coverage the figures are not comparable and are not compared.
 * The verified region shrank (a regression) when a safe-cone end location
 * or a verified line of OLD is not in NEW, or a component that was full is
 * partial now (its search no longer finished). "No change" is said only
 * when none of these differ. The result owns its strings
 * (copies of the reports' texts); the reports may be freed before it. */
#ifndef EREP_DIFF_H
#define EREP_DIFF_H

#include "report.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
  const char *function, *text;
  unsigned line;
} df_loc;

typedef enum {
  DF_LEFT_FRONTIER, /* progress: no longer on the frontier */
  DF_NEW_FRONTIER,
  DF_SAFE_GAINED,
  DF_SAFE_LOST, /* a regression */
  DF_NOW_FEASIBLE,
  DF_NOW_UNKNOWN,
  DF_KINDS
} df_kind;

/* One component's status in one report. */
typedef struct {
  bool computed, full;
  stop_reason stopped_by; /* STOP_NONE when full or not computed */
  size_t unknown;         /* its traces only unknown */
  size_t undefined;       /* its candidates that reach undefined behaviour */
} df_status;

typedef struct {
  bool program_changed;
  df_status status[2][2]; /* [old|new][REP_SAFE|REP_FRONTIER] */
  bool coverage_comparable; /* both reports have coverage, or neither */
  VEC(df_loc) locs[DF_KINDS];
  VEC(unsigned) lines_lost;   /* verified in OLD, not in NEW */
  unsigned long unmatched;    /* program changed: end locations of OLD with
                                 no counterpart of the same text in NEW */
  rep_coverage before, after; /* figures only (lines empty) */
  mem_arena *arena;
} df_result;

/* Compare; `program_changed` says the reports' programs differ (the caller
 * decided to allow it). */
void df_compare(const rep_report *old, const rep_report *new_,
                bool program_changed, df_result *d);
void df_free(df_result *d);
bool df_regressed(const df_result *d);

/* The human table, then a one-line summary. */
void df_print(const df_result *d, FILE *out);
/* The same as JSON (new reference). */
json_t *df_to_json(const df_result *d);

#endif
