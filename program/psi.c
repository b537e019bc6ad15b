#include "psi.h"

#include "cond.h"
#include "lib/hmap.h"
#include "lib/mem.h"
#include "lib/sbuf.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

/* One transition's condition in one function's scope. */
typedef struct {
  int t;
  const ex *cond;
} psi_scope;

/* A synthetic edge made by psi_edge, and what it was made for. */
typedef struct psi_syn {
  const cfa_edge *on;
  bool frontier;
  unsigned n;
  int *t;
  cfa_edge *e;
  struct psi_syn *next;
} psi_syn;

struct psi_set {
  const cfa *g;
  const aa_automaton *A;
  uint8_t *kind; /* psi_kind by transition */
  bool any;
  cond_set *cs;
  hmap scopes;            /* (transition, function) -> psi_scope */
  hmap syn;               /* psi_edge's key -> chain of psi_syn */
  unsigned char *matched; /* by g's edge id: a condition's trigger holds */
  mem_arena *arena;
};

#define PSI_MIX ((uint64_t)0x9e3779b97f4a7c15ull)

/* true / false in any case, around spaces and a trailing `;` */
static psi_kind psi_classify(const char *s) {
  if (!s) return PSI_TRUE;
  size_t a = 0, b = strlen(s);
  while (a < b && strchr(" \t\r\n", s[a])) a++;
  while (b > a && strchr(" \t\r\n;", s[b - 1])) b--;
  if (a == b) return PSI_TRUE;
  if (b - a == 4 && !strncasecmp(s + a, "true", 4)) return PSI_TRUE;
  if (b - a == 5 && !strncasecmp(s + a, "false", 5)) return PSI_FALSE;
  return PSI_COND;
}

/* The function index + 1 of g for a function of g or of a CFA summarised
 * from it (same ids and names); 0 for none. */
static unsigned psi_fn(const cfa *g, const cfa_function *f) {
  if (!f) return 0;
  if (f->id < g->functions.len && (g->functions.data[f->id] == f ||
                                   !strcmp(g->functions.data[f->id]->name,
                                           f->name)))
    return f->id + 1;
  for (size_t i = 0; i < g->functions.len; i++)
    if (!strcmp(g->functions.data[i]->name, f->name)) return (unsigned)i + 1;
  return 0;
}

static uint64_t psi_scope_key(const cfa *g, int t, unsigned fn) {
  return ((uint64_t)t * (g->functions.len + 1) + fn) + 1;
}

/* The error of query q (transition tr) as the automaton's message. */
static char *psi_error(const aa_automaton *A, const aa_transition *tr,
                       const cond_query *q) {
  bool scope = !strncmp(q->err, "names ", 6);
  return mem_printf("%s:%u: ASSUME {%s}: %s%s", A->path, tr->line, tr->assume,
                    q->err,
                    scope ? ", at the edges its trigger matches" : "");
}

/* Parse the conditions of the transitions of kind PSI_COND in the scopes
 * of the edges their triggers match; false with *err. */
static bool psi_parse(psi_set *s, const as_view *v, char **err) {
  const cfa *g = s->g;
  const aa_automaton *A = s->A;
  VEC(cond_query) qs = {0};
  VEC(psi_scope *) sc = {0};
  s->matched = mem_calloc(g->edges.len + 1, 1);
  for (uint32_t t = 0; t < A->ntransitions; t++) {
    if (s->kind[t] != PSI_COND) continue;
    for (size_t i = 0; i < g->edges.len; i++) {
      const cfa_edge *e = g->edges.data[i];
      if (!as_trigger_holds(v, (int)t, e)) continue;
      s->matched[e->id] = 1;
      unsigned fn = psi_fn(g, e->to->function);
      uint64_t key = psi_scope_key(g, (int)t, fn);
      if (hmap_get(&s->scopes, key)) continue;
      psi_scope *p = mem_arena_alloc(s->arena, sizeof *p);
      p->t = (int)t;
      hmap_put(&s->scopes, key, p);
      cond_query q = {A->transitions[t].assume, fn ? g->functions.data[fn - 1] : 0,
                      e->loc.line, 0, 0};
      VEC_PUSH(qs, q);
      VEC_PUSH(sc, p);
    }
  }
  bool ok = true;
  if (qs.len) {
    s->cs = cond_parse(g, qs.data, qs.len, err);
    ok = s->cs != 0;
  }
  for (size_t i = 0; ok && i < qs.len; i++) {
    if (qs.data[i].err) {
      *err = psi_error(A, &A->transitions[sc.data[i]->t], &qs.data[i]);
      ok = false;
    } else
      sc.data[i]->cond = qs.data[i].cond;
  }
  for (size_t i = 0; i < qs.len; i++) mem_free(qs.data[i].err);
  VEC_FREE(qs);
  VEC_FREE(sc);
  return ok;
}

psi_set *psi_new(const cfa *g, const as_view *v, char **err) {
  *err = 0;
  const aa_automaton *A = as_view_aa(v);
  psi_set *s = mem_calloc(1, sizeof *s);
  s->g = g;
  s->A = A;
  s->arena = mem_arena_new();
  s->kind = mem_alloc(A->ntransitions + 1);
  for (uint32_t t = 0; t < A->ntransitions; t++) {
    const char *a = A->transitions[t].assume;
    s->kind[t] = (uint8_t)(a ? psi_classify(a) : PSI_TRUE);
    s->any |= s->kind[t] == PSI_COND;
  }
  if (s->any && !psi_parse(s, v, err)) {
    psi_free(s);
    return 0;
  }
  return s;
}

void psi_free(psi_set *s) {
  if (!s) return;
  cond_free(s->cs);
  hmap_free(&s->scopes);
  hmap_free(&s->syn);
  mem_free(s->kind);
  mem_free(s->matched);
  mem_arena_free(s->arena);
  mem_free(s);
}

bool psi_any(const psi_set *s) { return s->any; }

psi_kind psi_kind_of(const psi_set *s, int t) {
  return t < 0 ? PSI_TRUE : (psi_kind)s->kind[t];
}

unsigned char *psi_edges(const psi_set *s) {
  if (!s->matched) return 0;
  unsigned char *m = mem_alloc(s->g->edges.len + 1);
  memcpy(m, s->matched, s->g->edges.len + 1);
  return m;
}

/* The synthetic edge's text, as a reader of `erep cfa` would write it. */
static const char *psi_raw(psi_set *s, const int *t, unsigned n,
                           bool frontier) {
  sbuf b = {0};
  sb_put(&b, frontier ? "ASSUME !(" : "ASSUME ");
  for (unsigned i = 0; i < n; i++)
    sb_printf(&b, "%s{%s}", i ? " || " : "", s->A->transitions[t[i]].assume);
  if (frontier) sb_put(&b, ")");
  char *r = sb_take(&b);
  const char *out = mem_arena_strdup(s->arena, r);
  mem_free(r);
  return out;
}

/* Whether text a is `!(b)`, spaces aside. */
static bool psi_negates(const char *a, const char *b) {
  while (*a == ' ' || *a == '\t') a++;
  if (a[0] != '!') return false;
  a++;
  while (*a == ' ' || *a == '\t') a++;
  if (a[0] != '(') return false;
  a++;
  for (;; a++, b++) {
    while (*a == ' ' || *a == '\t') a++;
    while (*b == ' ' || *b == '\t') b++;
    if (!*b) break;
    if (*a != *b) return false;
  }
  if (*a != ')') return false;
  for (a++; *a == ' ' || *a == '\t' || *a == ';'; a++)
    ;
  return !*a;
}

/* Whether the ASSUMEs of t[0..n) hold a pair `psi` / `!(psi)`, as
 * CPAchecker writes complementary transitions: their disjunction is
 * valid. */
static bool psi_complementary(const psi_set *s, const int *t, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      if (i != j && psi_negates(s->A->transitions[t[i]].assume,
                                s->A->transitions[t[j]].assume))
        return true;
  return false;
}

const cfa_edge *psi_edge(const psi_set *cs, const int *t, unsigned n,
                         const cfa_edge *e, bool frontier) {
  psi_set *s = (psi_set *)cs;
  uint64_t key = (uint64_t)(uintptr_t)e * PSI_MIX ^ frontier;
  for (unsigned i = 0; i < n; i++) key = (key ^ (uint64_t)(uint32_t)t[i]) * PSI_MIX;
  key = key ? key : 1;
  psi_syn *head = hmap_get(&s->syn, key);
  for (psi_syn *p = head; p; p = p->next)
    if (p->on == e && p->frontier == frontier && p->n == n &&
        !memcmp(p->t, t, n * sizeof *t))
      return p->e;
  if (frontier && psi_complementary(s, t, n)) return 0;
  unsigned fn = psi_fn(s->g, e->to->function);
  const ex *c = 0;
  for (unsigned i = 0; i < n; i++) {
    const psi_scope *sc = hmap_get(&s->scopes, psi_scope_key(s->g, t[i], fn));
    if (!sc || !sc->cond) return 0; /* not expected: every scope is parsed */
    c = c ? cond_or(s->cs, c, sc->cond) : sc->cond;
  }
  if (!c) return 0;
  cfa_edge *x = mem_arena_alloc(s->arena, sizeof *x);
  x->id = e->id;
  x->kind = CFA_ASSUME;
  x->from = x->to = e->to;
  x->loc = e->loc;
  x->truth = !frontier;
  x->expr = c;
  x->assumption = true;
  x->raw = x->raw_old = psi_raw(s, t, n, frontier);
  psi_syn *p = mem_arena_alloc(s->arena, sizeof *p);
  p->on = e;
  p->frontier = frontier;
  p->n = n;
  p->t = mem_arena_alloc(s->arena, (n + 1) * sizeof *t);
  memcpy(p->t, t, n * sizeof *t);
  p->e = x;
  p->next = head;
  hmap_put(&s->syn, key, p);
  return x;
}
