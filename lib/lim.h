/* lim: the soft limits of a run (a signal, time, states, memory) and its
 * clock, shared by `erep report` (explore) and `erep verify`; in the base
 * layer so that the analyses below report/ can take a run's limits too. The
 * search asks lim_reason before each expansion; the first reason met is
 * the run's stopped_by. Borrowed: the stop flag (lib/sigwatch). */
#ifndef EREP_LIM_H
#define EREP_LIM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

typedef struct {
  const atomic_int *stop;     /* nonzero: a signal asked to stop; may be NULL */
  double time_limit;          /* seconds, <= 0: none */
  unsigned long max_states;   /* 0: none */
  unsigned long memory_limit; /* MB of resident memory, 0: none */
  struct timespec t0;         /* lim_start */
  unsigned long mem_next;     /* lim_reason reads the resident size again
                                 at this many states */
} lim;

/* The memory limit when none is given (--memory-limit of report and
 * verify): LIM_MEMORY_SHARE percent of what the process may use
 * (mem_machine_mb: the machine's memory or its cgroup's limit, the
 * least), so that a search that keeps growing ends with a partial result
 * (UNKNOWN, stopped by memory) before the kernel kills it with nothing
 * said. EREP_MEMORY_DEFAULT_MB (a positive number of MB) replaces it.
 * 0: none known. */
#define LIM_MEMORY_SHARE 75
unsigned long lim_memory_default(void);

/* Start the clock. */
void lim_start(lim *l, const atomic_int *stop, double time_limit,
               unsigned long max_states, unsigned long memory_limit);
/* Count from the start of another clock (the command's, started right
 * after its options were read) instead of l's own lim_start. */
void lim_since(lim *l, const lim *run);
/* CLOCK_MONOTONIC seconds at which the time limit is up, 0: none. */
double lim_deadline(const lim *l);
/* Seconds since lim_start. */
double lim_now(const lim *l);
bool lim_signalled(const lim *l);
/* "signal", "time", "states" or "memory" (the first that holds, with the
 * number of states explored so far), or NULL. */
const char *lim_reason(lim *l, unsigned long states);
/* "signal", "time" or "memory" when that limit is reached now, whatever
 * the states (the resident size is read at every call), or NULL: for work
 * between two expansions that may be long (encoding a path of millions of
 * steps for the solver). */
const char *lim_over(const lim *l);
/* Seconds left of the time limit, 0 once it is spent; < 0: no limit. */
double lim_time_left(const lim *l);
/* Whether less than `min` seconds are left (never without a limit). */
bool lim_time_spent(const lim *l, double min);

#endif
