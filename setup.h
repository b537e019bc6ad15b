/* setup: what the commands that run on a program and an automaton (report
 * and match) do first: load both, say what went wrong on stderr, fill a
 * report's header, and judge whether the automaton fits the program before
 * any search; and the data model that cfa, verify and tests use too. */
#ifndef EREP_SETUP_H
#define EREP_SETUP_H

#include "analysis/aamap.h"
#include "formats/aa.h"
#include "lib/lim.h"
#include "lib/status.h"
#include "options.h"
#include "program/cfa.h"
#include "report/report.h"

typedef struct {
  const char *program, *automaton; /* paths (borrowed from the options) */
  cfa_data_model dm;
  cfa *g;          /* owned */
  aa_automaton *A; /* owned */
} su_run;

/* The data model of --data-model. */
cfa_data_model su_data_model(const erep_opts *o);
/* The bound of one solver check, in ms: 10000, or EREP_SOLVER_TIMEOUT_MS
 * (a positive number) for measurements under valgrind, where a check runs
 * some 50 times slower and would meet the bound that a native run never
 * meets (bench/callgrind.sh). */
#define SU_SOLVER_TIMEOUT_MS 10000u
unsigned su_solver_timeout_ms(void);
/* The cores this process may run on (its CPU affinity), at least 1. */
unsigned su_cores(void);
/* Load PROGRAM (o->pos[0]) and AA (o->pos[1]); with -v the phases go to
 * stderr. ST_BAD_INPUT after printing "erep CMD: <what is wrong>". */
erep_status su_load(const erep_opts *o, const char *cmd, su_run *run);
void su_free(su_run *run);
/* The report's header: program and automaton (paths, sha256, dialect,
 * size), the analysis name, and the front end's unsupported constructs as
 * warnings. */
void su_header(const su_run *run, const char *analysis, rep_report *r);
/* In r->limits, the limits every search has: the time limit (seconds; 0 or
 * less: none) and the memory limit (MB; 0: none); the caller adds its
 * own. */
void su_limits(rep_report *r, double time_limit, unsigned long memory_limit);

/* The automaton-fit gate, before any search: an automaton made for
 * another program would have its catch-all call everything verified. It
 * walks run->A along run->g without data (am_run_until, bounded by
 * `limits`) and judges the figures (am_fit_of):
 *  - a misfit (AM_MISFIT_*) without `force`: ST_BAD_INPUT after printing
 *    "erep CMD: the automaton does not fit the program: ...", the first
 *    mismatch and the figures on stderr;
 *  - otherwise ST_OK, with the figures in r->fit and a warning in r for a
 *    forced misfit or a near fit (the caller marks the components partial
 *    when *fit is not AM_FITS);
 *  - a limit spent by loading or met while walking: ST_OK, *fit = AM_FITS
 *    (not known), a "limit" warning and r partial by that limit.
 * *fit gets the verdict in every case. */
erep_status su_fit(const su_run *run, const char *cmd, const lim *limits,
                   bool force, rep_report *r, am_fit *fit);

#endif
