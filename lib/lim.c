#include "lim.h"

#include "lib/mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

double lim_clock(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void lim_start(lim *l, const atomic_int *stop, double time_limit,
               unsigned long max_states, unsigned long memory_limit) {
  pthread_mutex_init(&l->live_lock, 0);
  l->nlive = 0;
  l->stop = stop;
  l->time_limit = time_limit;
  l->max_states = max_states;
  l->memory_limit = memory_limit;
  l->search_pct = 100;
  l->mem_next = 0;
  l->pause = 0;
  clock_gettime(CLOCK_MONOTONIC, &l->t0);
}

void lim_end(lim *l) { pthread_mutex_destroy(&l->live_lock); }

void lim_watch(lim *l, void (*interrupt)(void *arg), void *arg) {
  pthread_mutex_lock(&l->live_lock);
  if (l->nlive == LIM_MAX_LIVE) {
    fprintf(stderr, "erep: internal error: more than %d live solvers in a "
                    "run\n", LIM_MAX_LIVE);
    abort();
  }
  l->live[l->nlive++] = (lim_live){interrupt, arg};
  pthread_mutex_unlock(&l->live_lock);
}

void lim_unwatch(lim *l, void *arg) {
  pthread_mutex_lock(&l->live_lock);
  for (unsigned i = 0; i < l->nlive; i++)
    if (l->live[i].arg == arg) {
      l->live[i] = l->live[--l->nlive];
      break;
    }
  pthread_mutex_unlock(&l->live_lock);
}

void lim_interrupt(void *lv) {
  lim *l = lv;
  pthread_mutex_lock(&l->live_lock);
  for (unsigned i = 0; i < l->nlive; i++)
    l->live[i].interrupt(l->live[i].arg);
  pthread_mutex_unlock(&l->live_lock);
}

void lim_since(lim *l, const lim *run) { l->t0 = run->t0; }

double lim_deadline(const lim *l) {
  if (l->time_limit <= 0) return 0;
  return (double)l->t0.tv_sec + (double)l->t0.tv_nsec / 1e9 + l->time_limit;
}

double lim_now(const lim *l) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - l->t0.tv_sec) +
         (double)(t.tv_nsec - l->t0.tv_nsec) / 1e9;
}

bool lim_signalled(const lim *l) { return l->stop && atomic_load(l->stop); }

/* STOP_SIGNAL or STOP_TIME when either holds now, or STOP_NONE. */
static stop_reason lim_clock_reason(const lim *l) {
  if (lim_signalled(l)) return STOP_SIGNAL;
  if (l->time_limit > 0 && lim_now(l) > l->time_limit) return STOP_TIME;
  return STOP_NONE;
}

void lim_reserve(lim *l, unsigned pct) {
  l->search_pct = pct && pct < 100 ? pct : 100;
  l->search_base = l->memory_limit ? mem_rss_mb() : 0;
}

/* The resident size at which the search stops (MB). */
static unsigned long lim_search_mb(const lim *l) {
  if (l->search_pct >= 100 || l->search_base >= l->memory_limit)
    return l->memory_limit;
  unsigned long room = l->memory_limit - l->search_base;
  return l->search_base + room / 100 * l->search_pct +
         room % 100 * l->search_pct / 100;
}

bool lim_memory_spent(const lim *l) {
  return l->memory_limit && mem_rss_mb() > l->memory_limit;
}

void lim_pause(lim *l, double at, void (*pause)(void *arg, lim *l),
               void *arg) {
  l->pause_at = at;
  l->pause = pause;
  l->pause_arg = arg;
}

static void lim_pause_now(lim *l) {
  void (*pause)(void *, lim *) = l->pause;
  l->pause = 0;
  pause(l->pause_arg, l);
}

void lim_pause_due(lim *l) {
  if (l->pause && (lim_now(l) >= l->pause_at ||
                   (l->memory_limit && mem_rss_mb() > lim_search_mb(l))))
    lim_pause_now(l);
}

stop_reason lim_reason(lim *l, unsigned long states) {
  if (l->pause && lim_now(l) >= l->pause_at) lim_pause_now(l);
  stop_reason r = lim_clock_reason(l);
  if (r) return r;
  if (l->max_states && states >= l->max_states) return STOP_STATES;
  /* reading the resident size costs a file read: once per 1024 states
   * (the count may grow by more than one between two calls, so not at
   * multiples of 1024), and at every call below 1024 states (a small
   * search, or 0 between the analyses of a run) */
  if (l->memory_limit && (states >= l->mem_next || states < 1024)) {
    l->mem_next = states + 1024;
    if (mem_rss_mb() > lim_search_mb(l)) {
      if (!l->pause) return STOP_MEMORY;
      /* its memory before its time: it waits now, and may get more */
      lim_pause_now(l);
      if (mem_rss_mb() > lim_search_mb(l)) return STOP_MEMORY;
    }
  }
  return STOP_NONE;
}

stop_reason lim_over(const lim *l) {
  stop_reason r = lim_clock_reason(l);
  if (r) return r;
  if (l->memory_limit && mem_rss_mb() > lim_search_mb(l)) return STOP_MEMORY;
  return STOP_NONE;
}

double lim_time_left(const lim *l) {
  if (l->time_limit <= 0) return -1;
  double left = l->time_limit - lim_now(l);
  return left > 0 ? left : 0; /* spent: 0, never "no limit" */
}

bool lim_time_spent(const lim *l, double min) {
  return l->time_limit > 0 && l->time_limit - lim_now(l) < min;
}

unsigned long lim_memory_default(void) {
  const char *env = getenv("EREP_MEMORY_DEFAULT_MB");
  if (env && *env) {
    char *end;
    errno = 0;
    unsigned long v = strtoul(env, &end, 10);
    if (!*end && !errno && v > 0 && *env != '-') return v;
  }
  return mem_machine_mb() / 100 * LIM_MEMORY_SHARE;
}
