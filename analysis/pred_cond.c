/* pred_cond: the predicate analysis's states, their storage and what one
 * knows as C (the condition of pred_domain; an ASSUME of the automata
 * erep verify writes). */
#include "pred.h"

#include "lib/mem.h"
#include "lib/sbuf.h"

#include <stdlib.h>
#include <string.h>

/* ---------- storage ---------- */

static size_t pred_state_size(unsigned n, unsigned ncubes) {
  return sizeof(pred_state) + n * sizeof(unsigned) + (size_t)n * ncubes + 1;
}

pred_state *pred_state_alloc(unsigned n, unsigned ncubes, unsigned **ids,
                             unsigned char **cubes) {
  pred_state *s = mem_calloc(1, pred_state_size(n, ncubes));
  *ids = (unsigned *)(s + 1);
  *cubes = (unsigned char *)(*ids + n);
  s->n = n;
  s->ncubes = ncubes;
  s->ids = *ids;
  s->cubes = *cubes;
  return s;
}

pred_state *pred_state_copy(const pred_state *s) {
  size_t sz = pred_state_size(s->n, s->ncubes);
  pred_state *c = mem_alloc(sz);
  memcpy(c, s, sz);
  c->ids = (unsigned *)(c + 1);
  c->cubes = (unsigned char *)((unsigned *)(c + 1) + c->n);
  return c;
}

static size_t pred_row_n; /* qsort has no context argument */
static int pred_row_cmp(const void *a, const void *b) {
  return memcmp(a, b, pred_row_n);
}

void pred_canon(pred_state *s) {
  unsigned char *c = (unsigned char *)s->cubes;
  size_t n = s->n;
  if (!n || s->ncubes < 2) {
    if (!n) s->ncubes = 1;
    return;
  }
  pred_row_n = n;
  qsort(c, s->ncubes, n, pred_row_cmp);
  unsigned k = 1;
  for (unsigned i = 1; i < s->ncubes; i++)
    if (memcmp(c + (size_t)(k - 1) * n, c + (size_t)i * n, n))
      memmove(c + (size_t)k++ * n, c + (size_t)i * n, n);
  s->ncubes = k;
}

/* ---------- as C ---------- */

/* Whether predicate id reads as the same condition in function fn. */
static bool pred_speaks_in(const pred_dom *d, unsigned id,
                           const cfa_function *fn) {
  const pred_pred *p = &d->preds.data[id];
  if (p->fn && !(fn && p->fn->id == fn->id)) return false;
  for (size_t k = 0; k < p->vars.len; k++) {
    if (p->vars.data[k] == d->mem) continue; /* memory: no variable */
    const cfa_var *v = d->g->vars.data[p->vars.data[k]];
    if (!v || !cfa_var_named(d->g, v, fn)) return false;
  }
  return true;
}

/* What s knows in function fn (pr_domain.condition): its cubes as C,
 * `(a) && !(b) || (c)`, over the predicates that read as themselves there
 * (pred_speaks_in); the others are left out of each cube (weaker, still
 * true of every state s stands for). NULL when a cube keeps no literal. */
char *pred_condition(void *dv, const void *sv, const cfa_function *fn) {
  const pred_dom *d = dv;
  const pred_state *s = sv;
  unsigned char *speaks = mem_calloc(s->n + 1, 1);
  for (unsigned i = 0; i < s->n; i++)
    speaks[i] = pred_speaks_in(d, s->ids[i], fn);
  sbuf b = {0};
  bool all = false;
  for (unsigned k = 0; k < s->ncubes && !all; k++) {
    sbuf c = {0};
    unsigned lits = 0;
    for (unsigned i = 0; i < s->n; i++) {
      unsigned char t = s->cubes[(size_t)k * s->n + i];
      if (t == 2 || !speaks[i]) continue;
      const char *cond = strchr(d->preds.data[s->ids[i]].key, ':') + 1;
      bool pos = (t == 1) == d->preds.data[s->ids[i]].e->truth;
      sb_printf(&c, "%s%s(%s)", lits++ ? " && " : "", pos ? "" : "!", cond);
    }
    if (!lits)
      all = true; /* this cube says nothing there: nor does s */
    else
      sb_printf(&b, "%s%s%s%s", k ? " || " : "", s->ncubes > 1 ? "(" : "",
                c.s, s->ncubes > 1 ? ")" : "");
    sb_free(&c);
  }
  mem_free(speaks);
  if (all || !b.len) {
    sb_free(&b);
    return 0;
  }
  return sb_take(&b);
}

char *pred_state_text(const pred_dom *d, const pred_state *s) {
  char *r = mem_strdup("");
  for (unsigned k = 0; k < s->ncubes; k++) {
    char *c = mem_strdup("");
    for (unsigned i = 0; i < s->n; i++) {
      unsigned char t = s->cubes[(size_t)k * s->n + i];
      if (t == 2) continue;
      const char *key = d->preds.data[s->ids[i]].key;
      const char *cond = strchr(key, ':') + 1;
      /* the atom is the assume edge's condition on its branch */
      bool pos = (t == 1) == d->preds.data[s->ids[i]].e->truth;
      char *nc = mem_printf("%s%s%s%s%s", c, *c ? " & " : "", pos ? "" : "!(",
                            cond, pos ? "" : ")");
      mem_free(c);
      c = nc;
    }
    char *nr = mem_printf("%s%s(%s)", r, k ? " | " : "", *c ? c : "true");
    mem_free(c);
    mem_free(r);
    r = nr;
  }
  return r;
}
