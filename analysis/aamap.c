#include "aamap.h"

#include "product.h"

#include "lib/hmap.h"
#include "lib/mem.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define AM_MAX_DEPTH 64

/* The trivial domain: one state, every edge can be taken. */
static const char am_top = 0;
static const void *am_initial(void *d) {
  (void)d;
  return &am_top;
}
static bool am_post(void *d, const void *s, const void *caller,
                    const cfa_edge *e, const void **out) {
  (void)d, (void)caller, (void)e;
  *out = s;
  return true;
}
static uint64_t am_hash(void *d, const void *s) {
  (void)d, (void)s;
  return 1;
}
static bool am_equal(void *d, const void *a, const void *b) {
  (void)d;
  return a == b;
}
static const pr_domain am_domain = {"none",   am_initial, am_post, 0, am_hash,
                                    am_equal, 0,          0,       0, 0, 0};

typedef struct {
  const cfa *g;
  const as_view *v;
  am_result *r;
  unsigned long max_states;
  stop_reason (*stop)(void *arg); /* am_run_until */
  void *stop_arg;
  unsigned long asked; /* calls of am_stop */
  hmap warned;
  unsigned char *matched; /* by transition: best rm_kind, 0 none */
  /* by transition: first failure (step number + 1, 0 none), its edge, and
   * whether an edge it failed on is an edit of it */
  unsigned long *failed;
  const cfa_edge **failed_on;
  unsigned char *edit;
  unsigned long nsteps;
  unsigned char *reached;    /* by state */
  unsigned char *sinkloc[2]; /* by CFA node: a sink is entered there */
} am;

static void am_warn(am *m, const char *kind, const char *state,
                    unsigned aa_line, unsigned line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = mem_vprintf(fmt, ap);
  va_end(ap);
  am_warning w = {kind, state, aa_line, line, s};
  VEC_PUSH(m->r->warnings, w);
}

static void am_mark(am *m, int t, rm_kind how) {
  if (!m->matched[t] || how < m->matched[t]) m->matched[t] = (unsigned char)how;
}

/* State q took another way than its MATCH transitions on edge e. */
static void am_failed(am *m, unsigned q, const cfa_edge *e) {
  unsigned first, n;
  as_transitions(m->v, q, &first, &n);
  for (unsigned t = first; t < first + n; t++) {
    const char *text = as_match_text(m->v, (int)t);
    if (!text || m->matched[t]) continue;
    if (!m->failed[t]) {
      m->failed[t] = m->nsteps;
      m->failed_on[t] = e;
    }
    if (!m->edit[t] && rm_edit(text, e)) m->edit[t] = 1;
  }
}

static void am_step(void *arg, const pr_node *n, const cfa_edge *e,
                    const as_step *p) {
  am *m = arg;
  am_result *r = m->r;
  m->nsteps++;
  if (p->rule == AS_CATCHALL)
    am_failed(m, (unsigned)as_view_aa(m->v)->transitions[p->transition].source,
              e);
  else if (p->rule == AS_STAY && !p->before_edge)
    am_failed(m, p->target, e);
  unsigned q = n->q;
  for (unsigned k = 0; k < p->neps; k++) {
    am_mark(m, p->eps[k], RM_EXACT);
    r->epsilon++;
    m->reached[q] = 1;
    q = (unsigned)as_view_aa(m->v)->transitions[p->eps[k]].target;
    m->reached[q] = 1;
  }
  if (p->before_edge) return; /* a sink, reached before the edge */
  switch (p->rule) {
  case AS_MATCH:
    am_mark(m, p->transition, p->how);
    break;
  case AS_CATCHALL:
    r->catchalls++;
    if (p->near >= 0) {
      uint64_t key = ((uint64_t)(unsigned)p->near << 32) ^ e->id;
      if (!hmap_get(&m->warned, key + 1)) {
        hmap_put(&m->warned, key + 1, (void *)1);
        r->near_misses++;
        const aa_automaton *A = as_view_aa(m->v);
        char *msg = as_near_miss_message(m->v, p, e);
        am_warn(m, "near-miss", A->states[q].name,
                as_transition_line(m->v, p->transition), e->loc.line, "%s",
                msg);
        mem_free(msg);
      }
    }
    break;
  case AS_STUTTER:
    r->stutters++;
    break;
  default:
    break;
  }
  if (!p->stop) m->reached[p->target] = 1;
}

static pr_verdict am_sink(void *arg, const pr_node *n, const cfa_edge *e,
                          const as_step *s, bool is_true) {
  am *m = arg;
  if (!s) return PR_GO; /* the automaton starts in a sink: nothing maps */
  m->sinkloc[is_true ? 0 : 1][e ? e->to->id : n->loc->id] = 1;
  return PR_GO;
}

static stop_reason am_stop(void *arg, unsigned long nodes) {
  am *m = arg;
  if (m->stop && m->asked++ % AM_POLL_STATES == 0 && !m->r->stopped_by)
    m->r->stopped_by = m->stop(m->stop_arg);
  if (m->r->stopped_by) return m->r->stopped_by;
  return m->max_states && nodes > m->max_states ? STOP_STATES : STOP_NONE;
}

void am_run(const cfa *g, const as_view *v, unsigned long max_states,
            am_result *r) {
  am_run_until(g, v, max_states, 0, 0, r);
}

void am_run_until(const cfa *g, const as_view *v, unsigned long max_states,
                  stop_reason (*stop)(void *arg), void *arg, am_result *r) {
  memset(r, 0, sizeof *r);
  const aa_automaton *A = as_view_aa(v);
  am M = {0}, *m = &M;
  m->g = g;
  m->v = v;
  m->r = r;
  m->max_states = max_states;
  m->stop = stop;
  m->stop_arg = arg;
  m->matched = mem_calloc(A->ntransitions + 1, 1);
  m->reached = mem_calloc(A->nstates + 1, 1);
  m->failed = mem_calloc(A->ntransitions + 1, sizeof *m->failed);
  m->failed_on = mem_calloc(A->ntransitions + 1, sizeof *m->failed_on);
  m->edit = mem_calloc(A->ntransitions + 1, 1);
  r->first = -1;
  m->sinkloc[0] = mem_calloc(g->nodes.len + 1, 1);
  m->sinkloc[1] = mem_calloc(g->nodes.len + 1, 1);
  r->states = A->nstates;
  r->transitions = A->ntransitions;
  r->complete = true;
  unsigned q0 = as_initial(v);
  m->reached[q0] = 1;
  pr_states *states = pr_states_new(&am_domain, 0);
  pr_options po = {.max_depth = AM_MAX_DEPTH};
  pr_hooks h = {m, am_step, am_sink, 0, am_stop, 0};
  pr_arg *a = pr_explore(g, v, states, &po, &h);
  r->product_states = a->nodes;
  if (r->stopped_by) {
    r->complete = false;
    am_warn(m, "partial", 0, 0, 0, "the product was cut by a limit (%s)",
            stop_name(r->stopped_by));
  } else if (a->stopped_by) {
    r->complete = false;
    am_warn(m, "partial", 0, 0, 0, "the product was cut at %lu states",
            max_states);
  }
  bool depth_cut = a->stack_cut;
  pr_arg_free(a);
  pr_states_free(states);
  if (depth_cut) {
    r->complete = false;
    am_warn(m, "partial", 0, 0, 0, "calls deeper than %d were not followed",
            AM_MAX_DEPTH);
  }
  unsigned long first_step = 0;
  for (uint32_t q = 0; q < A->nstates; q++) {
    if (!m->reached[q] || A->states[q].sink != AA_SINK_NONE) continue;
    r->states_reached++;
    for (uint32_t t = A->states[q].first;
         t < A->states[q].first + A->states[q].count; t++) {
      const char *text = as_match_text(v, (int)t);
      if (!text) continue;
      r->match_reached++;
      if (m->matched[t]) {
        r->match_matched++;
        r->by_rule[m->matched[t]]++;
        continue;
      }
      const cfa_edge *on = m->failed_on[t];
      am_unmatched u = {
          A->states[q].name, A->transitions[t].line, text,
          on ? on->raw : 0,  on ? on->loc.line : 0,  on && !on->from->function,
          m->edit[t]};
      r->edits += u.edit;
      r->in_chain += u.in_chain;
      /* the earliest failure; one that never failed on an edge comes last */
      unsigned long step = m->failed[t] ? m->failed[t] : ULONG_MAX;
      if (r->first < 0 || step < first_step) {
        r->first = (long)r->unmatched.len;
        first_step = step;
      }
      VEC_PUSH(r->unmatched, u);
    }
  }
  if (as_unsupported_triggers(v))
    am_warn(m, "unsupported-trigger", 0, 0, 0,
            "%lu evaluations of triggers erep does not model (CHECK, MATCH "
            "{...}, LOCAL "
            "comparisons) were taken as false",
            as_unsupported_triggers(v));
  hmap_free(&m->warned);
  mem_free(m->matched);
  mem_free(m->reached);
  mem_free(m->failed);
  mem_free(m->failed_on);
  mem_free(m->edit);
  for (int k = 0; k < 2; k++) {
    for (size_t i = 0; i < g->nodes.len; i++)
      r->sink_locations[k] += m->sinkloc[k][i];
    mem_free(m->sinkloc[k]);
  }
}

void am_result_free(am_result *r) {
  for (size_t i = 0; i < r->warnings.len; i++)
    mem_free(r->warnings.data[i].message);
  VEC_FREE(r->warnings);
  VEC_FREE(r->unmatched);
}

unsigned long am_unexplained(const am_result *r) {
  return r->unmatched.len - r->edits;
}

am_fit am_fit_of(const am_result *r) {
  if (!r->unmatched.len) return AM_FITS;
  if (r->in_chain) return AM_MISFIT_CHAIN;
  if (am_unexplained(r) * 100 > r->match_reached * AM_MAX_UNEXPLAINED_PCT)
    return AM_MISFIT_SHARE;
  return AM_FITS_NEARLY;
}

const char *am_fit_name(am_fit f) {
  static const char *n[] = {"fits", "fits-nearly", "misfit-chain",
                            "misfit-share"};
  return n[f];
}
