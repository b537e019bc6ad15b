/* lim: the context of a run. Its soft limits (a signal, time, states,
 * memory), its clock (lim_clock, the one clock every layer reads: the
 * solver's deadlines, the predicate domain's, the runner's), and the live
 * solvers a signal interrupts (lim_watch; sigwatch's thread calls
 * lim_interrupt), so that a run has one signal path. In the base layer so
 * that the analyses and the solver below report/ take a run's context too.
 * The search asks lim_reason before each expansion; the first reason met
 * is the run's stop reason (stop.h). Borrowed: the stop flag
 * (lib/sigwatch). */
#ifndef EREP_LIM_H
#define EREP_LIM_H

#include "stop.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

/* A live solver (or anything that can be asked to give up its work from
 * another thread): interrupt(arg). */
typedef struct {
  void (*interrupt)(void *arg);
  void *arg;
} lim_live;

#define LIM_MAX_LIVE 8

typedef struct lim {
  const atomic_int *stop;     /* nonzero: a signal asked to stop; may be NULL */
  double time_limit;          /* seconds, <= 0: none */
  unsigned long max_states;   /* 0: none */
  unsigned long memory_limit; /* MB of resident memory, 0: none */
  unsigned search_pct;        /* lim_reserve: the search's share of it */
  unsigned long search_base;  /* lim_reserve: MB resident before it */
  struct timespec t0;         /* lim_start */
  unsigned long mem_next;     /* lim_reason reads the resident size again
                                 at this many states */
  /* lim_pause: lim_reason calls pause(pause_arg, l) once at pause_at */
  double pause_at;
  void (*pause)(void *arg, struct lim *l);
  void *pause_arg;
  pthread_mutex_t live_lock;  /* guards live (lim_start makes it) */
  lim_live live[LIM_MAX_LIVE];
  unsigned nlive;
} lim;

/* The memory limit when none is given (--memory-limit of report and
 * verify): LIM_MEMORY_SHARE percent of what the process may use
 * (mem_machine_mb: the machine's memory or its cgroup's limit, the
 * least), so that a search that keeps growing ends with a partial result
 * (UNKNOWN, stopped by memory) before the kernel kills it with nothing
 * said. The outputs are made after the search, and need more than it:
 * transmitter.08.BUG's explicit run with --path-length 860 stopped at
 * --memory-limit 2000 peaked at 5.9 GB writing its automaton and report;
 * at the 75 % this was before (18 GB here), the kernel killed it while it
 * wrote (24 GB), and nothing was said; at 7200 MB it peaked at 18.7 GB
 * and said why it wrote no automaton (more than 50 million transitions).
 * EREP_MEMORY_DEFAULT_MB (a positive number of MB) replaces it.
 * 0: none known. */
#define LIM_MEMORY_SHARE 30
unsigned long lim_memory_default(void);

/* The search (lim_reason, lim_over) stops when it has taken pct percent
 * of the memory the limit leaves above what is resident now (the program,
 * the libraries), so that what is made after it (an automaton of its ARG,
 * the report of that automaton: analysis/collect.h, report/run.h) fits in
 * the rest: the limit bounds the whole run, not only its search. Those
 * later phases ask lim_memory_spent (the whole limit). 100 (the default):
 * no reserve. */
void lim_reserve(lim *l, unsigned pct);
/* Whether the resident size is over the whole memory limit. */
bool lim_memory_spent(const lim *l);

/* CLOCK_MONOTONIC seconds: the one clock of every deadline. */
double lim_clock(void);

/* Start the clock. lim_end when done (no live solver may be left). */
void lim_start(lim *l, const atomic_int *stop, double time_limit,
               unsigned long max_states, unsigned long memory_limit);
void lim_end(lim *l);
/* A live solver of the run: lim_interrupt calls interrupt(arg) until
 * lim_unwatch, which returns once no call of it runs (so that the caller
 * may free arg). At most LIM_MAX_LIVE at once (a run has three: its two
 * solver contexts and its domain's); one more is a bug of the caller, which
 * ends erep with a message rather than leave a solver a signal cannot
 * stop. */
void lim_watch(lim *l, void (*interrupt)(void *arg), void *arg);
void lim_unwatch(lim *l, void *arg);
/* Interrupt every live solver of the run `l` (a lim *): from another
 * thread (sigwatch's), never from a signal handler (Z3_interrupt takes a
 * lock). */
void lim_interrupt(void *l);
/* Count from the start of another clock (the command's, started right
 * after its options were read) instead of l's own lim_start. */
void lim_since(lim *l, const lim *run);
/* CLOCK_MONOTONIC seconds at which the time limit is up, 0: none. */
double lim_deadline(const lim *l);
/* Seconds since lim_start. */
double lim_now(const lim *l);
bool lim_signalled(const lim *l);
/* STOP_SIGNAL, STOP_TIME, STOP_STATES or STOP_MEMORY (the first that
 * holds, with the number of states explored so far), or STOP_NONE. */
stop_reason lim_reason(lim *l, unsigned long states);
/* STOP_SIGNAL, STOP_TIME or STOP_MEMORY when that limit is reached now,
 * whatever the states (the resident size is read at every call), or
 * STOP_NONE: for work between two expansions that may be long (encoding a
 * path of millions of steps for the solver). */
stop_reason lim_over(const lim *l);
/* The first lim_reason at or after `at` seconds (lim_now), or that finds
 * the memory limit reached before, calls pause(arg, l), once: a search
 * that leaves its core to others for a while (it may block; the time
 * limit goes on counting; it may change l's memory limit, which is then
 * looked at again). */
void lim_pause(lim *l, double at, void (*pause)(void *arg, struct lim *l),
               void *arg);
/* Calls the pause now if it is due (its time, or the memory limit), for
 * long work between two lim_reason (a path of millions of steps encoded
 * for the solver). */
void lim_pause_due(lim *l);
/* Seconds left of the time limit, 0 once it is spent; < 0: no limit. */
double lim_time_left(const lim *l);
/* Whether less than `min` seconds are left (never without a limit). */
bool lim_time_spent(const lim *l, double min);

#endif
