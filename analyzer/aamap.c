#include "aamap.h"

#include "lib/hmap.h"
#include "lib/mem.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define AM_MAX_DEPTH 64

typedef struct am_stack {
  const cfa_edge *call;
  const struct am_stack *up;
  unsigned depth;
  struct am_stack *next; /* intern chain */
} am_stack;

typedef struct am_state {
  const cfa_node *loc;
  const am_stack *stack;
  unsigned q;
  struct am_state *next; /* hash chain */
} am_state;

typedef struct {
  const cfa *g;
  const as_view *v;
  am_result *r;
  mem_arena *arena;
  hmap stacks, states, warned;
  VEC(am_state *) wait;
  unsigned char *matched;   /* by transition: best rm_kind, 0 none */
  /* by transition: first failure (step number + 1, 0 none), its edge, and
   * whether an edge it failed on is an edit of it */
  unsigned long *failed;
  const cfa_edge **failed_on;
  unsigned char *edit;
  unsigned long nsteps;
  unsigned char *reached;   /* by state */
  unsigned char *sinkloc[2]; /* by CFA node: a sink is entered there */
} am;

static const am_stack *am_push(am *m, const am_stack *up, const cfa_edge *call) {
  uint64_t h = (uint64_t)call->id * 0x9e3779b97f4a7c15ull ^ (uintptr_t)up;
  if (!h) h = 1;
  am_stack *head = hmap_get(&m->stacks, h);
  for (am_stack *s = head; s; s = s->next)
    if (s->call == call && s->up == up) return s;
  am_stack *s = mem_arena_alloc(m->arena, sizeof *s);
  s->call = call;
  s->up = up;
  s->depth = up ? up->depth + 1 : 1;
  s->next = head;
  hmap_put(&m->stacks, h, s);
  return s;
}

static void am_visit(am *m, const cfa_node *loc, const am_stack *st, unsigned q) {
  uint64_t h = ((uint64_t)loc->id * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)q << 20) ^ (uintptr_t)st;
  if (!h) h = 1;
  am_state *head = hmap_get(&m->states, h);
  for (am_state *s = head; s; s = s->next)
    if (s->loc == loc && s->stack == st && s->q == q) return;
  am_state *s = mem_arena_alloc(m->arena, sizeof *s);
  s->loc = loc;
  s->stack = st;
  s->q = q;
  s->next = head;
  hmap_put(&m->states, h, s);
  VEC_PUSH(m->wait, s);
  m->r->product_states++;
}

static void am_warn(am *m, const char *kind, const char *state, unsigned aa_line, unsigned line,
                    const char *fmt, ...) {
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

static void am_step(am *m, const am_state *s, const cfa_edge *e, const am_stack *st) {
  as_step steps[8];
  unsigned n = as_step_edge(m->v, s->q, e, steps, 8);
  am_result *r = m->r;
  m->nsteps++;
  for (unsigned i = 0; i < n; i++) {
    const as_step *p = &steps[i];
    if (p->rule == AS_CATCHALL)
      am_failed(
          m, (unsigned)as_view_aa(m->v)->transitions[p->transition].source, e);
    else if (p->rule == AS_STAY && !p->before_edge)
      am_failed(m, p->target, e);
    unsigned q = s->q;
    for (unsigned k = 0; k < p->neps; k++) {
      am_mark(m, p->eps[k], RM_EXACT);
      r->epsilon++;
      m->reached[q] = 1;
      q = (unsigned)as_view_aa(m->v)->transitions[p->eps[k]].target;
      m->reached[q] = 1;
    }
    if (p->before_edge) { /* a sink, reached before the edge */
      bool is_true;
      if (as_is_sink(m->v, p->target, &is_true)) m->sinkloc[is_true ? 0 : 1][s->loc->id] = 1;
      continue;
    }
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
          am_warn(m, "near-miss", A->states[q].name, as_transition_line(m->v, p->transition),
                  e->loc.line,
                  "catch-all of state %s (line %u) fired on the edge \"%s\" (program line %u) "
                  "although its MATCH \"%s\" (line %u) nearly matches it",
                  A->states[q].name, as_transition_line(m->v, p->transition), e->raw,
                  e->loc.line, as_match_text(m->v, p->near), as_transition_line(m->v, p->near));
        }
      }
      break;
    case AS_STUTTER:
      r->stutters++;
      break;
    default:
      break;
    }
    if (p->stop) continue;
    m->reached[p->target] = 1;
    bool is_true;
    if (as_is_sink(m->v, p->target, &is_true)) {
      m->sinkloc[is_true ? 0 : 1][p->before_edge ? s->loc->id : e->to->id] = 1;
      continue;
    }
    am_visit(m, e->to, st, p->target);
  }
}

void am_run(const cfa *g, const as_view *v, unsigned long max_states, am_result *r) {
  memset(r, 0, sizeof *r);
  const aa_automaton *A = as_view_aa(v);
  am M = {0}, *m = &M;
  m->g = g;
  m->v = v;
  m->r = r;
  m->arena = mem_arena_new();
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
  bool depth_cut = false;
  if (!as_is_sink(v, q0, 0)) am_visit(m, g->start, 0, q0);
  for (size_t head = 0; head < m->wait.len; head++) {
    if (max_states && r->product_states > max_states) {
      r->complete = false;
      am_warn(m, "partial", 0, 0, 0, "the product was cut at %lu states", max_states);
      break;
    }
    const am_state *s = m->wait.data[head];
    if (s->loc->is_error || s->loc->is_terminal) continue;
    for (const cfa_edge *e = s->loc->out; e; e = e->next_out) {
      const am_stack *st = s->stack;
      if (e->kind == CFA_RETURN) {
        if (!st || st->call != e->call) continue;
        st = st->up;
      } else if (e->kind == CFA_CALL) {
        if (st && st->depth >= AM_MAX_DEPTH) {
          depth_cut = true;
          continue;
        }
        st = am_push(m, st, e);
      }
      am_step(m, s, e, st);
    }
  }
  if (depth_cut) {
    r->complete = false;
    am_warn(m, "partial", 0, 0, 0, "calls deeper than %d were not followed", AM_MAX_DEPTH);
  }
  unsigned long first_step = 0;
  for (uint32_t q = 0; q < A->nstates; q++) {
    if (!m->reached[q] || A->states[q].sink != AA_SINK_NONE) continue;
    r->states_reached++;
    for (uint32_t t = A->states[q].first; t < A->states[q].first + A->states[q].count; t++) {
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
            "%lu evaluations of triggers erep does not model (CHECK, MATCH {...}, LOCAL "
            "comparisons) were taken as false",
            as_unsupported_triggers(v));
  VEC_FREE(m->wait);
  hmap_free(&m->stacks);
  hmap_free(&m->states);
  hmap_free(&m->warned);
  mem_free(m->matched);
  mem_free(m->reached);
  mem_free(m->failed);
  mem_free(m->failed_on);
  mem_free(m->edit);
  for (int k = 0; k < 2; k++) {
    for (size_t i = 0; i < g->nodes.len; i++) r->sink_locations[k] += m->sinkloc[k][i];
    mem_free(m->sinkloc[k]);
  }
  mem_arena_free(m->arena);
}

void am_result_free(am_result *r) {
  for (size_t i = 0; i < r->warnings.len; i++) mem_free(r->warnings.data[i].message);
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
