/* stop: why a search, a pass or a run ended before its natural end, as a
 * type; the words are in one table (stop_name, stop_parse), used where a
 * reason is written: a report's JSON (report/rjson.c) and the messages.
 * The limits of a run (lim.h) come first; then a pass's own ends, which
 * hand over to the next pass and are no stop of the run; then why a
 * report's component is partial. */
#ifndef EREP_STOP_H
#define EREP_STOP_H

#include <stdbool.h>

typedef enum {
  STOP_NONE = 0,
  /* the run's limits (lim_reason, lim_over) */
  STOP_SIGNAL,
  STOP_TIME,
  STOP_STATES,
  STOP_MEMORY,
  /* a pass's own end */
  STOP_CYCLE,          /* the search without abstraction met a repetition */
  STOP_BUDGET,         /* a pass's state budget */
  STOP_REFINEMENTS,    /* the refinement limit */
  STOP_COUNTEREXAMPLE, /* a proved counterexample (erep verify) */
  /* why a component is partial */
  STOP_UNSUPPORTED, /* code or triggers no analysis models */
  STOP_AUTOMATON,   /* the automaton does not fit the program everywhere */
  STOP_PRECISION,   /* candidates no precision could settle */
  STOP_RECURSION    /* calls deeper than the stack bound */
} stop_reason;

#define STOP_COUNT (STOP_RECURSION + 1)

/* "signal", "time", ...; NULL for STOP_NONE. */
const char *stop_name(stop_reason s);
/* The reason named `name` (never STOP_NONE); false when none is. */
bool stop_parse(const char *name, stop_reason *out);

#endif
