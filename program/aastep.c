#include "aastep.h"

#include "lib/mem.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

struct as_view {
  const aa_automaton *A;
  regex_t *re;          /* compiled MATCH [regex] per distinct trigger */
  unsigned char *re_ok; /* by transition: 0 unknown, 1 compiled, 2 bad */
  unsigned long unsupported;
  bool false_absorbs; /* as_view_condition */
  /* as_view_condition: by state, 1 when it restricts nothing (no
   * transition other than a catch-all leads from it to __TRUE): it is
   * taken for __FALSE */
  unsigned char *open;
  const struct psi_set *psi;
};

as_view *as_view_new(const aa_automaton *A) {
  as_view *v = mem_calloc(1, sizeof *v);
  v->A = A;
  v->re = mem_calloc(A->ntransitions + 1, sizeof *v->re);
  v->re_ok = mem_calloc(A->ntransitions + 1, 1);
  return v;
}

void as_view_free(as_view *v) {
  if (!v) return;
  for (uint32_t i = 0; i < v->A->ntransitions; i++)
    if (v->re_ok[i] == 1) regfree(&v->re[i]);
  mem_free(v->re);
  mem_free(v->re_ok);
  mem_free(v->open);
  mem_free(v);
}

/* A condition's states from which no transition but a catch-all leads to
 * __TRUE, directly or through other states: a path there is never cut
 * (what the catch-alls cut are edges the earlier run found infeasible, which
 * the next run finds so again), so the state is the same as __FALSE. A
 * condition written from an ARG that a search unrolled, where little was
 * verified, would otherwise split every later state by its ARG state. */
static void as_open_states(as_view *v) {
  const aa_automaton *A = v->A;
  if (A->false_sink == AA_NONE) return;
  unsigned char *useful = mem_calloc(A->nstates + 1, 1);
  for (bool grew = true; grew;) {
    grew = false;
    /* from the last state: the writers number states along paths, so
     * one pass mostly settles it */
    for (uint32_t r = A->nstates; r-- > 0;) {
      uint32_t q = r;
      const aa_state *st = &A->states[q];
      if (useful[q] || st->sink != AA_SINK_NONE) continue;
      for (uint32_t i = st->first; i < st->first + st->count && !useful[q];
           i++) {
        const aa_transition *t = &A->transitions[i];
        if (t->go != AA_GOTO_STATE) continue;
        if (t->target == A->true_sink)
          useful[q] = !aa_transition_is_catchall(t);
        else
          useful[q] = useful[t->target];
      }
      grew |= useful[q];
    }
  }
  v->open = mem_calloc(A->nstates + 1, 1);
  for (uint32_t q = 0; q < A->nstates; q++)
    v->open[q] = !useful[q] && A->states[q].sink == AA_SINK_NONE;
  mem_free(useful);
}

as_view *as_view_condition(const aa_automaton *A) {
  as_view *v = as_view_new(A);
  v->false_absorbs = true;
  as_open_states(v);
  return v;
}

/* A condition's state that restricts nothing is __FALSE. */
static unsigned as_settle(const as_view *v, unsigned q) {
  return v->open && v->open[q] ? (unsigned)v->A->false_sink : q;
}

const aa_automaton *as_view_aa(const as_view *v) { return v->A; }
unsigned as_initial(const as_view *v) {
  return as_settle(v, (unsigned)v->A->initial);
}
unsigned long as_unsupported_triggers(const as_view *v) {
  return v->unsupported;
}

bool as_is_sink(const as_view *v, unsigned q, bool *is_true) {
  uint8_t s = v->A->states[q].sink;
  if (is_true) *is_true = s == AA_SINK_TRUE;
  return s == AA_SINK_TRUE || (s == AA_SINK_FALSE && !v->false_absorbs);
}

const char *as_state_name(const as_view *v, unsigned q) {
  return v->A->states[q].name;
}

const char *as_match_text(const as_view *v, int t) {
  const aa_expr *x = v->A->transitions[t].trigger;
  return x && x->kind == AA_X_MATCH ? x->text : 0;
}

unsigned as_transition_line(const as_view *v, int t) {
  return v->A->transitions[t].line;
}

void as_transitions(const as_view *v, unsigned q, unsigned *first,
                    unsigned *n) {
  *first = v->A->states[q].first;
  *n = v->A->states[q].count;
}

/* Label name of a label edge ("L:..." raw text), written to buf. */
static bool label_of(const cfa_edge *e, char *buf, size_t n) {
  if (e->kind != CFA_BLANK) return false;
  const char *s = e->raw;
  size_t i = 0;
  while (s[i] &&
         (s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') ||
          (s[i] >= 'A' && s[i] <= 'Z') || (i && s[i] >= '0' && s[i] <= '9')))
    i++;
  if (!i || s[i] != ':' || s[i + 1] == ':' || i >= n) return false;
  memcpy(buf, s, i);
  buf[i] = 0;
  return true;
}

/* Truth of a trigger on edge e; *how tells which rule made a MATCH true. */
static bool eval(as_view *v, int t, const aa_expr *x, const cfa_edge *e,
                 rm_kind *how) {
  char lab[256];
  switch ((aa_xkind)x->kind) {
  case AA_X_TRUE:
    return true;
  case AA_X_FALSE:
    return false;
  case AA_X_MATCH: {
    rm_kind k = rm_match(x->text, e);
    if (k != RM_NONE && (*how == RM_NONE || k < *how)) *how = k;
    return k != RM_NONE;
  }
  case AA_X_MATCH_REGEX:
    if (!v->re_ok[t]) {
      /* Java regex, whole-string match: anchor a POSIX ERE */
      size_t n = strlen(x->text);
      char *pat = mem_alloc(n + 5);
      snprintf(pat, n + 5, "^(%s)$", x->text);
      v->re_ok[t] = regcomp(&v->re[t], pat, REG_EXTENDED | REG_NOSUB) ? 2 : 1;
      mem_free(pat);
    }
    if (v->re_ok[t] != 1) {
      v->unsupported++;
      return false;
    }
    return !regexec(&v->re[t], e->raw, 0, 0, 0);
  case AA_X_MATCH_LABEL:
    return label_of(e, lab, sizeof lab) && !strcmp(lab, x->text);
  case AA_X_MATCH_LINE:
    return e->loc.line == (unsigned)strtoul(x->text, 0, 10);
  case AA_X_MATCH_CONTROL:
    return e->kind == CFA_ASSUME &&
           e->truth == !strcmp(x->text, "condition-true");
  case AA_X_MATCH_ENTER:
    return e->kind == CFA_CALL && e->callee &&
           !strcmp(e->callee->name, x->text);
  case AA_X_MATCH_RETURN:
    return e->kind == CFA_RETURN && e->callee &&
           !strcmp(e->callee->name, x->text);
  case AA_X_NOT:
    return !eval(v, t, x->a, e, how);
  case AA_X_PAREN:
    return eval(v, t, x->a, e, how);
  case AA_X_AND:
    return eval(v, t, x->a, e, how) && eval(v, t, x->b, e, how);
  case AA_X_OR:
    return eval(v, t, x->a, e, how) || eval(v, t, x->b, e, how);
  default:
    v->unsupported++;
    return false;
  }
}

bool as_trigger_holds(const as_view *v, int t, const cfa_edge *e) {
  rm_kind how = RM_NONE;
  return eval((as_view *)v, t, v->A->transitions[t].trigger, e, &how);
}

void as_view_set_psi(as_view *v, const struct psi_set *p) { v->psi = p; }
const struct psi_set *as_view_psi(const as_view *v) { return v->psi; }

static bool is_plain_empty_match(const as_view *v, int t) {
  const char *s = as_match_text(v, t);
  return s && !*s;
}

static void fill(const as_view *v, as_step *s, int t, as_rule rule, rm_kind how,
                 unsigned q) {
  const aa_transition *tr = &v->A->transitions[t];
  s->transition = t;
  s->rule = rule;
  s->how = how;
  s->stop = tr->go != AA_GOTO_STATE;
  s->target = tr->go == AA_GOTO_STATE ? as_settle(v, (unsigned)tr->target) : q;
}

unsigned as_step_edge(const as_view *cv, unsigned q, const cfa_edge *e,
                      as_step *out, unsigned max) {
  as_view *v = (as_view *)cv;
  const aa_automaton *A = v->A;
  as_step s = {0};
  s.near = -1;
  s.eps_from = q;
  if (A->states[q].sink != AA_SINK_NONE) {
    s.target = q;
    s.transition = -1;
    s.rule = AS_STAY;
    out[0] = s;
    return 1;
  }
  for (;;) {
    const aa_state *st = &A->states[q];
    bool useall = st->mode != AA_MODE_USEFIRST;
    int catchall = -1, norm = -1;
    unsigned n = 0;
    bool only_catchall = true;
    for (uint32_t i = st->first; i < st->first + st->count; i++) {
      const aa_transition *tr = &A->transitions[i];
      rm_kind how = RM_NONE;
      bool is_catch = aa_transition_is_catchall(tr);
      if (!eval(v, (int)i, tr->trigger, e, &how)) continue;
      if (useall) {
        if (n < max) {
          as_step x = s;
          fill(v, &x, (int)i,
               is_catch         ? AS_CATCHALL
               : how != RM_NONE ? AS_MATCH
                                : AS_OTHER,
               how, q);
          out[n++] = x;
        }
        if (!is_catch) only_catchall = false;
        continue;
      }
      if (is_catch) {
        catchall = (int)i;
        break; /* nothing after TRUE can fire in a USEFIRST state */
      }
      if (how == RM_NORMALISED) {
        if (norm < 0) norm = (int)i;
        continue; /* an exact match later in the state wins */
      }
      fill(v, &s, (int)i, how != RM_NONE ? AS_MATCH : AS_OTHER, how, q);
      out[0] = s;
      return 1;
    }
    if (useall) {
      if (n && only_catchall && !*e->raw) {
        /* our connector: stutter rather than fall into the catch-all */
        s.target = q;
        s.transition = -1;
        s.rule = AS_STUTTER;
        out[0] = s;
        return 1;
      }
      if (n) return n;
      s.target = q;
      s.transition = -1;
      s.rule = AS_STAY;
      out[0] = s;
      return 1;
    }
    if (norm >= 0) {
      fill(v, &s, norm, AS_MATCH, RM_NORMALISED, q);
      out[0] = s;
      return 1;
    }
    if (!*e->raw) {
      s.target = q;
      s.transition = -1;
      s.rule = catchall >= 0 ? AS_STUTTER : AS_STAY;
      out[0] = s;
      return 1;
    }
    /* CPAchecker had a "" edge here that we do not: take it without
     * consuming ours, then try again */
    int eps = -1;
    for (uint32_t i = st->first; i < st->first + st->count; i++) {
      if (aa_transition_is_catchall(&A->transitions[i])) break;
      if (is_plain_empty_match(v, (int)i) &&
          A->transitions[i].go == AA_GOTO_STATE) {
        eps = (int)i;
        break;
      }
    }
    if (eps >= 0 && s.neps < AS_MAX_EPS) {
      s.eps[s.neps++] = eps;
      q = as_settle(v, (unsigned)A->transitions[eps].target);
      if (A->states[q].sink != AA_SINK_NONE) {
        s.target = q;
        s.transition = eps;
        s.rule = AS_MATCH;
        s.how = RM_EXACT;
        s.before_edge = true;
        out[0] = s;
        return 1;
      }
      continue;
    }
    if (catchall >= 0) {
      fill(v, &s, catchall, AS_CATCHALL, RM_NONE, q);
      /* suspicious: a MATCH that resembles this edge and that no other
       * edge leaving the same location matches (an explored sibling
       * branch is the normal reason for a catch-all on this one) */
      for (uint32_t i = st->first; i < st->first + st->count && s.near < 0;
           i++) {
        const char *t = as_match_text(v, (int)i);
        if (!t || !rm_near(t, e)) continue;
        bool sibling = false;
        for (const cfa_edge *o = e->from->out; o && !sibling; o = o->next_out)
          sibling = o != e && rm_match(t, o) != RM_NONE;
        if (!sibling) s.near = (int)i;
      }
      out[0] = s;
      return 1;
    }
    s.target = q;
    s.transition = -1;
    s.rule = AS_STAY;
    out[0] = s;
    return 1;
  }
}

char *as_near_miss_message(const as_view *v, const as_step *s,
                           const cfa_edge *e) {
  const aa_automaton *A = as_view_aa(v);
  const aa_transition *t = &A->transitions[s->transition];
  return mem_printf(
      "catch-all of state %s (automaton line %u) fired on the edge \"%s\" "
      "(program line %u) although its MATCH \"%s\" (automaton line %u) nearly "
      "matches it",
      A->states[t->source].name, t->line, e->raw, e->loc.line,
      as_match_text(v, s->near), as_transition_line(v, s->near));
}
