/* setup: what every command that runs on a program and an automaton does
 * first (report and match now, verify and swarm later): load both, say
 * what went wrong on stderr, and fill a report's header. */
#ifndef EREP_SETUP_H
#define EREP_SETUP_H

#include "program/cfa.h"
#include "formats/aa.h"
#include "lib/status.h"
#include "options.h"
#include "report/report.h"

typedef struct {
  const char *program, *automaton; /* paths (borrowed from the options) */
  cfa_data_model dm;
  cfa *g;          /* owned */
  aa_automaton *A; /* owned */
} su_run;

/* The name of a file erep derives from a program's path: "dir/prog.c"
 * gives "prog" + suffix, every character but letters, digits, '.', '_' and
 * '-' replaced by '_'; `fallback` + suffix when the name is empty or
 * starts with '.' or '-'. mem_free. */
char *su_derived_name(const char *program, const char *fallback,
                      const char *suffix);
/* The data model of --data-model (ILP32 unless LP64 was given). */
cfa_data_model su_data_model(const erep_opts *o);
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

#endif
