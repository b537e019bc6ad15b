/* compose: the phases of a composition one after the other (conditional
 * model checking's chain), or side by side as a portfolio (lib/race.h);
 * see run.h rn_compose. */
#include "run.h"

#include "lib/mem.h"
#include "lib/race.h"
#include "smt/smt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t rn_plan(const an_analysis *a, bool sbe, bool jobs_many,
               const an_analysis *plan[RN_MAX_PHASES],
               const an_phase *phase[RN_MAX_PHASES]) {
  static const an_phase whole = {0, 1, 0, false, false, false, false, false, 0};
  if (!a->phases) {
    plan[0] = a;
    phase[0] = &whole;
    return 1;
  }
  size_t n = 0;
  for (size_t i = 0; i < a->nphases && n < RN_MAX_PHASES; i++) {
    const an_analysis *row = an_find(a->phases[i].analysis);
    if (!row || !row->domain || (sbe && !row->large_blocks)) continue;
    if (a->phases[i].portfolio_only && !jobs_many) continue;
    plan[n] = row;
    phase[n++] = sbe ? &whole : &a->phases[i];
  }
  return n;
}

/* Whether phase i of a composition of n (phase[]) is its last, given
 * what it said (v, stopped_by) and the phases before it (ran[0..i)): it
 * decided, the run's own limits are reached, no phase follows, or the one
 * that follows runs only after giving up (an_phase.after_giving_up) and
 * the run did not give up so: no earlier explicit phase was cut by its
 * time, or this one stopped at a limit. */
static bool rn_compose_last(const an_phase *const *phase, size_t i, size_t n,
                            const rn_phase *ran, lim *total, rn_verdict v,
                            stop_reason stopped_by) {
  if (v != RN_UNKNOWN || i + 1 >= n || (total && lim_reason(total, 0)))
    return true;
  if (!phase[i + 1]->after_giving_up) return false;
  bool cut_by_time = stopped_by == STOP_TIME && !phase[i]->open_targets;
  for (size_t k = 0; k < i; k++)
    cut_by_time |= ran[k].by_time && !phase[k]->open_targets;
  return !(cut_by_time && !stopped_by);
}

/* rn_options.exec_kept of a composition's phase */
typedef struct {
  const an_phase *const *phase;
  size_t i, n;
  const rn_phase *ran;
  lim *total;
} rn_chain;

static bool rn_chain_kept(void *arg, rn_verdict v, stop_reason stopped_by) {
  const rn_chain *c = arg;
  return rn_compose_last(c->phase, c->i, c->n, c->ran, c->total, v,
                         stopped_by);
}

/* --report when the phase that ended the composition computed none (its
 * run's limits were reached only after it asked rn_chain_kept): a report
 * with nothing searched, partial, that says so. */
static void rn_compose_no_exec(const rep_report *r, rn_result *res,
                               stop_reason why) {
  rep_report *e = rep_new();
  if (r->program_text)
    rep_set_program(e, r->program_path, r->program_text, r->program_len);
  else {
    e->program_path = rep_strdup(e, r->program_path);
    e->program_sha256 = rep_strdup(e, r->program_sha256);
  }
  e->first_trace_seconds = -1;
  for (int k = 0; k < 2; k++) {
    e->want[k] = true;
    e->comp[k].full = false;
    e->comp[k].stopped_by = why ? why : STOP_TIME;
  }
  rep_warn(e, "limit", 0,
           "the run's limits were reached before the report of its "
           "automaton: nothing searched");
  res->exec = e;
}

/* The timeout of each solver check of a phase with `limit` seconds (0:
 * none), into *ms (the run's before): the bound its an_phase.check_share
 * set (rn_phase.check_ms), 0 when it has none. */
static unsigned rn_check_timeout(const an_phase *ph, double limit,
                                 unsigned *ms) {
  if (ph->check_share <= 0 || limit <= 0) return 0;
  double share = limit * ph->check_share * 1e3;
  unsigned cap = share < AN_CHECK_MIN_MS ? AN_CHECK_MIN_MS : (unsigned)share;
  if (!*ms || cap < *ms) *ms = cap;
  return *ms;
}

/* ---------- the portfolio ---------- */

/* a race of the phases first..first+count-1 (race.h), each a branch */
typedef struct {
  const cfa *g;
  const rn_options *o;  /* the run's */
  rn_options po;        /* the first branch's, before its own changes */
  const an_analysis *const *plan;
  const an_phase *const *phase;
  size_t first, count;
  rep_report *(*new_report)(void *arg, const an_analysis *row);
  void *arg;
  rn_result *res;
  rep_report **r;
  rn_phase *ran;
  size_t *nran;
  const as_view *cond, *cond_full; /* merged, as written (an_phase.unmerged) */
  size_t nplan;   /* phases in the plan */
  bool parent_on; /* rn_goes_on said so */
  double cpu_branches; /* ON: the CPU seconds of the branches */
} rn_racer;

/* A branch's wait for a core (rn_yield): the run's memory limit (MB, 0:
 * none), the seconds it waited. */
typedef struct {
  unsigned long memory_limit;
  double waited;
} rn_wait;

/* race_yield; the branch's memory limit becomes its share among the
 * branches that run from then on (a branch that ended left its share) */
static void rn_yield(void *arg, lim *l) {
  rn_wait *w = arg;
  double t0 = lim_clock();
  size_t running = race_yield();
  w->waited += lim_clock() - t0;
  if (w->memory_limit && running) l->memory_limit = w->memory_limit / running;
}

/* A branch, in its child: the phase with its time (below) and its share
 * of the memory; says its verdict as
 * "VERDICT|SECONDS|STOPPED_BY|CHECK_MS|WAITED|REASON" (rn_race_phase reads
 * it back). */
static void rn_branch(void *arg, size_t k, bool *decisive, char **text) {
  rn_racer *c = arg;
  rn_options po = c->po;
  const an_phase *ph = c->phase[c->first + k];
  po.analysis = c->plan[c->first + k];
  po.open_targets = c->o->open_targets || ph->open_targets;
  if (c->cond)
    po.condition = ph->unmerged && c->cond_full ? c->cond_full : c->cond;
  lim *total = c->o->run;
  double left = total ? lim_time_left(total) : -1;
  /* a phase with a share of the limit runs for its share (the explicit
   * analysis: where it does not decide soon it mostly never does), and
   * then leaves its core to the others (race_yield) until one ends
   * without a decision, and goes on where it left off with what is left
   * of the time; the rest have all the time that is left */
  double limit = 0, share = 0;
  if (c->o->time_limit <= 0 || left < 0)
    share = ph->share < 1 ? ph->no_limit : 0;
  else {
    limit = left;
    if (ph->share < 1) share = c->o->time_limit * ph->share;
    if (share > left) share = left;
    if (limit < 0.001) limit = 0.001;
  }
  po.time_limit = limit > 0 && total ? lim_now(total) + limit : limit;
  rn_wait wait = {po.memory_limit, 0};
  if (share > 0) {
    po.pause_at = total ? lim_now(total) + share : share;
    po.pause = rn_yield;
    po.pause_arg = &wait;
  }
  unsigned check_ms = rn_check_timeout(ph, limit, &po.solver_timeout_ms);
  if (po.memory_limit) po.memory_limit /= c->count;
  if (k + 1 < c->count) po.on_progress = 0; /* one progress line: the last */
  *c->r = c->new_report(c->arg, po.analysis);
  rn_run(c->g, 0, &po, *c->r, c->res);
  c->res->analysis = po.analysis;
  rn_phase *p = &c->ran[(*c->nran)++];
  p->analysis = po.analysis;
  p->verdict = c->res->verdict;
  p->reason = c->res->reason ? mem_strdup(c->res->reason) : 0;
  p->seconds = c->res->wall_seconds;
  p->by_time = c->res->stopped_by == STOP_TIME;
  p->conditioned = po.condition != 0;
  p->unmerged = po.condition && po.condition == c->cond_full;
  p->check_ms = check_ms;
  p->waited = wait.waited;
  *decisive = c->res->verdict != RN_UNKNOWN;
  *text = mem_printf("%d|%.3f|%d|%u|%.3f|%s", (int)c->res->verdict,
                     c->res->wall_seconds, (int)c->res->stopped_by,
                     p->check_ms, wait.waited,
                     c->res->reason ? c->res->reason : "");
}

/* What branch k said: its verdict, seconds, stop reason, and where its
 * reason starts in s->text; false when it said nothing of the kind. */
static bool rn_said(const race_said *s, rn_verdict *v, double *seconds,
                    stop_reason *stop, unsigned *check_ms, double *waited,
                    int *reason_at) {
  int vv = 0, st = 0, used = 0;
  if (!s->said || !s->text ||
      sscanf(s->text, "%d|%lf|%d|%u|%lf|%n", &vv, seconds, &st, check_ms,
             waited, &used) != 5 ||
      !used)
    return false;
  *v = vv == RN_TRUE ? RN_TRUE : vv == RN_FALSE ? RN_FALSE : RN_UNKNOWN;
  *stop = (stop_reason)st;
  *reason_at = used;
  return true;
}

/* race_goes_on: no branch decided. The parent goes on to the phase after
 * the portfolio when it runs only after giving up (an_phase.
 * after_giving_up) and this is such a case: a branch with a share of the
 * limit was cut by it, every other one gave up before a limit, and the
 * run's limits are not reached. */
static bool rn_goes_on(void *arg, const race_said said[], size_t n) {
  rn_racer *c = arg;
  size_t next = c->first + c->count;
  if (next >= c->nplan || !c->phase[next]->after_giving_up) return false;
  if (c->o->run && lim_reason(c->o->run, 0)) return false;
  bool cut = false;
  for (size_t k = 0; k < n; k++) {
    rn_verdict v;
    double t;
    stop_reason st;
    int at;
    unsigned ms;
    double w;
    if (!rn_said(&said[k], &v, &t, &st, &ms, &w, &at)) return false;
    if (c->phase[c->first + k]->share < 1)
      cut |= st == STOP_TIME;
    else if (st != STOP_NONE)
      return false;
  }
  c->parent_on = cut;
  return cut;
}

/* The phase of branch k of the race from what it said (s), for the
 * winner's list of phases; `won` names the winner's analysis. */
static rn_phase rn_race_phase(const rn_racer *c, size_t k, const race_said *s,
                              const char *won, double seconds) {
  rn_phase p = {c->plan[c->first + k], RN_UNKNOWN, 0, seconds, false,
                c->cond != 0,
                c->cond && c->cond_full && c->phase[c->first + k]->unmerged,
                0, 0};
  rn_verdict v;
  double t = 0;
  stop_reason st;
  int used = 0;
  if (rn_said(s, &v, &t, &st, &p.check_ms, &p.waited, &used)) {
    p.verdict = v;
    p.seconds = t;
    p.by_time = st == STOP_TIME;
    p.reason = s->text[used] ? mem_strdup(s->text + used) : 0;
  } else if (s->killed || (s->said && !s->text))
    p.reason = mem_printf("stopped: %s decided first", won);
  else
    p.reason = mem_strdup(s->text ? s->text : "no result");
  return p;
}

typedef enum {
  RN_RACE_UNFORKED, /* no process could be made: the phases run in turn */
  RN_RACE_OVER,     /* the composition ends here */
  RN_RACE_ON        /* the parent goes on after the portfolio's phases */
} rn_race_end;

/* Races the phases of c (race.h). In the winner: its result in c->res and
 * *c->r, every branch in c->ran, OVER. In the parent: OVER with
 * res->delegated when a child won; ON when no branch decided and
 * rn_goes_on said so (every branch in c->ran); OVER when none gave a
 * result, with res UNKNOWN, every branch's end, and *c->r a report with
 * nothing in it. */
static rn_race_end rn_race(rn_racer *c) {
  race_said said[RACE_MAX];
  size_t winner = 0;
  int status = 1;
  double before = 0;
  smt_ahead(0); /* its thread would not be in the children */
  race_role role =
      race_run(c->count, c->o->jobs, rn_branch, rn_goes_on, c,
               c->o->run ? c->o->run->stop : 0, said, &winner, &status, &before);
  if (role == RACE_UNFORKED) return RN_RACE_UNFORKED;
  if (role == RACE_WON) {
    /* the list in branch order: the winner's own, the others' words */
    rn_phase own = c->ran[--*c->nran];
    double others = before;
    for (size_t k = 0; k < c->count; k++) {
      if (k == winner)
        c->ran[(*c->nran)++] = own;
      else {
        c->ran[(*c->nran)++] =
            rn_race_phase(c, k, &said[k], own.analysis->name, own.seconds);
        others += said[k].cpu;
      }
    }
    c->res->cpu_others = others;
    race_said_free(said, c->count);
    return RN_RACE_OVER;
  }
  /* the parent */
  if (winner < c->count) {
    c->res->delegated = true;
    c->res->exit_status = status;
  } else if (c->parent_on) {
    for (size_t k = 0; k < c->count; k++)
      c->ran[(*c->nran)++] = rn_race_phase(c, k, &said[k], "?", 0);
    for (size_t k = 0; k < c->count; k++) c->cpu_branches += said[k].cpu;
    race_said_free(said, c->count);
    return RN_RACE_ON;
  } else { /* nothing of the phase before is this result */
    rn_result_free(c->res);
    memset(c->res, 0, sizeof *c->res);
    for (size_t k = 0; k < c->count && *c->nran < RN_MAX_PHASES; k++)
      c->ran[(*c->nran)++] = rn_race_phase(c, k, &said[k], "?", 0);
    c->res->verdict = RN_UNKNOWN;
    c->res->reason =
        mem_strdup("no analysis of the portfolio ended with a result");
    c->res->automaton_error =
        mem_strdup("no analysis of the portfolio ended with an automaton");
    *c->r = c->new_report(c->arg, c->plan[c->first]);
  }
  race_said_free(said, c->count);
  return RN_RACE_OVER;
}

rep_report *rn_compose(const cfa *g, const an_analysis *a, const rn_options *o,
                       rep_report *(*new_report)(void *arg,
                                                 const an_analysis *row),
                       void *arg, rn_result *res, rn_phase ran[RN_MAX_PHASES],
                       size_t *nran) {
  const an_analysis *plan[RN_MAX_PHASES];
  const an_phase *phase[RN_MAX_PHASES];
  size_t n = rn_plan(a, o->sbe, o->jobs > 1, plan, phase);
  lim *total = o->run;
  rep_report *r = 0;
  bool handed = false; /* a symbolic pass handed over: not again */
  double cpu_branches = 0; /* of a portfolio the parent went on after */
  /* conditional model checking: a phase after the first verifies what the
   * one before it left open, with that phase's automaton as its condition
   * (the user's condition, if any, restricts the first) */
  aa_automaton *prev = 0, *prev_full = 0; /* the condition's (owned) */
  as_view *cond = 0, *cond_full = 0;        /* merged, as written */
  *nran = 0;
  memset(res, 0, sizeof *res);
  for (size_t i = 0; i < n; i++) {
    rn_options po = *o;
    rn_chain chain = {phase, i, n, ran, total};
    po.exec_kept = rn_chain_kept;
    po.exec_arg = &chain;
    po.analysis = plan[i];
    po.no_symbolic = handed;
    po.collect_finished = i + 1 < n;
    po.open_targets = o->open_targets || phase[i]->open_targets;
    /* its share of what is left, as a limit from the run's start */
    double left = total ? lim_time_left(total) : -1;
    double limit;
    if (o->time_limit <= 0 || left < 0)
      limit = phase[i]->no_limit;
    else {
      limit = phase[i]->share >= 1 ? left : o->time_limit * phase[i]->share;
      if (limit > left) limit = left;
      if (limit < 0.001) limit = 0.001;
    }
    po.time_limit = limit > 0 && total ? lim_now(total) + limit : limit;
    unsigned check_ms =
        rn_check_timeout(phase[i], limit, &po.solver_timeout_ms);
    if (r) {
      /* the automaton of the last phase whose search finished (leaving
       * paths open) is the condition of the phases after it: one stopped
       * by a limit
       * left a wait list wherever it was, typically deep in loops it
       * unrolled, and a condition that follows those unrolled paths would
       * make the next analysis unroll them too (measured: the two counters
       * of tests/data/verify/counters.c, 86 712 verified loop exits in a
       * second of the explicit analysis, kept the predicate analysis from
       * its one-predicate proof) */
      if (res->stopped_by == STOP_NONE &&
          (res->condition || res->automaton)) {
        as_view_free(cond);
        as_view_free(cond_full);
        aa_free(prev);
        aa_free(prev_full);
        /* merged by location, and as written (either may be missing) */
        prev = res->condition;
        prev_full = res->automaton;
        res->condition = res->automaton = 0;
        cond = as_view_condition(prev ? prev : prev_full);
        cond_full = prev && prev_full ? as_view_condition(prev_full) : 0;
      }
      rn_result_free(res);
      rep_free(r);
    }
    if (cond)
      po.condition = phase[i]->unmerged && cond_full ? cond_full : cond;
    if (phase[i]->portfolio && o->jobs > 1) {
      size_t count = 1;
      while (i + count < n && phase[i + count]->portfolio &&
             count < RACE_MAX && *nran + count <= RN_MAX_PHASES)
        count++;
      rn_racer c = {g,   o,    po,   plan,      phase, i, count,
                    new_report, arg, res, &r, ran, nran, cond, cond_full,
                    n,   false, 0};
      c.po.exec_kept = 0; /* each branch is the last: its report is kept */
      c.po.exec_arg = 0;
      c.po.collect_finished = false;
      r = 0;
      rn_race_end end = count > 1 ? rn_race(&c) : RN_RACE_UNFORKED;
      if (end == RN_RACE_OVER) break; /* the portfolio ends it */
      if (end == RN_RACE_ON) {
        i += count - 1; /* the phase after it, with the same condition */
        cpu_branches = c.cpu_branches;
        continue;
      }
    }
    r = new_report(arg, plan[i]);
    rn_run(g, 0, &po, r, res);
    res->analysis = plan[i];
    res->cpu_others = cpu_branches; /* a portfolio's before this phase */
    handed |= res->symbolic_handed;
    rn_phase *k = &ran[(*nran)++];
    k->analysis = plan[i];
    k->verdict = res->verdict;
    k->reason = res->reason ? mem_strdup(res->reason) : 0;
    k->seconds = res->wall_seconds;
    k->by_time = res->stopped_by == STOP_TIME;
    k->conditioned = cond != 0;
    k->unmerged = cond && po.condition == cond_full;
    k->check_ms = check_ms;
    k->waited = 0;
    if (rn_compose_last(phase, i, n, ran, total, res->verdict,
                        res->stopped_by))
      break;
  }
  if (res->delegated) { /* the parent of a portfolio: the child goes on */
    as_view_free(cond);
    as_view_free(cond_full);
    aa_free(prev);
    aa_free(prev_full);
    return r;
  }
  if (o->exec_report && res->automaton && !res->exec)
    rn_compose_no_exec(r, res, total ? lim_reason(total, 0) : STOP_NONE);
  as_view_free(cond);
  as_view_free(cond_full);
  aa_free(prev);
  aa_free(prev_full);
  if (!o->collect) { /* made only for the next phase */
    aa_free(res->automaton);
    res->automaton = 0;
  }
  return r;
}

void rn_phases_free(rn_phase *ran, size_t n) {
  for (size_t i = 0; i < n; i++) mem_free(ran[i].reason);
}
