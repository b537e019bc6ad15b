#include "pred.h"

#include "smt_formula.h"

#include "lib/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PRED_MIX 0x9e3779b97f4a7c15ull

static double pred_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---------- states ---------- */

static size_t pred_state_size(unsigned n, unsigned ncubes) {
  return sizeof(pred_state) + n * sizeof(unsigned) + (size_t)n * ncubes + 1;
}

/* A state with room for n ids and ncubes rows (ids and rows to fill). */
static pred_state *pred_state_alloc(unsigned n, unsigned ncubes,
                                    unsigned **ids, unsigned char **cubes) {
  pred_state *s = mem_calloc(1, pred_state_size(n, ncubes));
  *ids = (unsigned *)(s + 1);
  *cubes = (unsigned char *)(*ids + n);
  s->n = n;
  s->ncubes = ncubes;
  s->ids = *ids;
  s->cubes = *cubes;
  return s;
}

static pred_state *pred_state_copy(const pred_state *s) {
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

/* Sort the rows and drop duplicates: one form per set of cubes. */
static void pred_canon(pred_state *s) {
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

static const pred_state pred_true = {0, 1, 0, 0};

static const void *pred_initial(void *d) {
  (void)d;
  return &pred_true;
}

static uint64_t pred_hash_state(void *d, const void *p) {
  (void)d;
  const pred_state *s = p;
  uint64_t h = s->n * PRED_MIX ^ s->ncubes;
  for (unsigned i = 0; i < s->n; i++)
    h = (h ^ s->ids[i]) * PRED_MIX;
  size_t nb = (size_t)s->n * s->ncubes;
  for (size_t i = 0; i < nb; i++)
    h = (h ^ s->cubes[i]) * 1099511628211ull;
  return h;
}

static bool pred_equal(void *d, const void *pa, const void *pb) {
  (void)d;
  const pred_state *a = pa, *b = pb;
  if (a == b) return true;
  if (a->n != b->n || a->ncubes != b->ncubes) return false;
  if (a->n && memcmp(a->ids, b->ids, a->n * sizeof *a->ids)) return false;
  return !a->n || !memcmp(a->cubes, b->cubes, (size_t)a->n * a->ncubes);
}

/* Whether cube ca of a (its literals) is implied by cube cb of b: every
 * literal of ca is a literal of cb. */
static bool pred_cube_within(const pred_state *a, const unsigned char *ca,
                             const pred_state *b, const unsigned char *cb) {
  unsigned j = 0;
  for (unsigned i = 0; i < a->n; i++) {
    if (ca[i] == 2) continue;
    while (j < b->n && b->ids[j] < a->ids[i])
      j++;
    if (j == b->n || b->ids[j] != a->ids[i] || cb[j] != ca[i]) return false;
  }
  return true;
}

static bool pred_covers(void *d, const void *pa, const void *pb) {
  (void)d;
  const pred_state *a = pa, *b = pb;
  for (unsigned k = 0; k < b->ncubes; k++) {
    const unsigned char *cb = b->cubes + (size_t)k * b->n;
    bool in = false;
    for (unsigned i = 0; i < a->ncubes && !in; i++)
      in = pred_cube_within(a, a->cubes + (size_t)i * a->n, b, cb);
    if (!in) return false;
  }
  return true;
}

static void pred_release(void *d, const void *s) {
  (void)d;
  if (s != &pred_true) mem_free((void *)s);
}

/* ---------- predicates and precision ---------- */

static bool pred_mentions(const ex *x, bool *global, bool *local) {
  if (!x) return false;
  if (x->kind == EX_VAR && x->var) {
    if (x->var->is_global || x->var->is_extern)
      *global = true;
    else
      *local = true;
  }
  pred_mentions(x->a, global, local);
  pred_mentions(x->b, global, local);
  pred_mentions(x->c, global, local);
  for (unsigned i = 0; i < x->nargs; i++)
    pred_mentions(x->args[i], global, local);
  return true;
}

/* The predicate of assume edge e (made when new); its id. */
static unsigned pred_of(pred_dom *d, const cfa_edge *e);

static void pred_vars(const ex *x, pred_ids *out) {
  if (!x) return;
  if (x->kind == EX_VAR && x->var) {
    size_t i = 0;
    while (i < out->len && out->data[i] != x->var->id)
      i++;
    if (i == out->len) VEC_PUSH(*out, x->var->id);
  }
  pred_vars(x->a, out);
  pred_vars(x->b, out);
  pred_vars(x->c, out);
  for (unsigned i = 0; i < x->nargs; i++)
    pred_vars(x->args[i], out);
}
static bool pred_mentions(const ex *x, bool *global, bool *local);
static bool pred_in_scope(const pred_dom *d, unsigned id, const cfa_node *l);
static bool pred_prec_add(pred_dom *d, unsigned node, unsigned id);

#define PRED_WP_STEPS 8

/* x with variable v replaced by `by` (new nodes in the arena where
 * something changed); NULL when x reads v in a way the substitution cannot
 * follow (v an array or struct: its elements). */
static const ex *pred_subst(pred_dom *d, const ex *x, const cfa_var *v,
                            const ex *by, bool *changed) {
  if (!x) return 0;
  if (x->kind == EX_VAR && x->var == v) {
    *changed = true;
    return by;
  }
  if (x->kind == EX_CALL || x->kind == EX_ASSIGN) return x;
  bool ch = false, fail = false;
  const ex *k[3] = {x->a, x->b, x->c};
  const ex *n[3];
  for (int i = 0; i < 3; i++) {
    n[i] = k[i] ? pred_subst(d, k[i], v, by, &ch) : 0;
    if (k[i] && !n[i]) fail = true;
  }
  if (fail) return 0;
  if (!ch) return x;
  ex *c = mem_arena_alloc(d->arena, sizeof *c);
  *c = *x;
  c->a = (ex *)n[0];
  c->b = (ex *)n[1];
  c->c = (ex *)n[2];
  *changed = true;
  return c;
}

static bool pred_reads(const ex *x, const cfa_var *v) {
  if (!x) return false;
  if (x->kind == EX_VAR) return x->var == v;
  if (pred_reads(x->a, v) || pred_reads(x->b, v) || pred_reads(x->c, v))
    return true;
  for (unsigned i = 0; i < x->nargs; i++)
    if (pred_reads(x->args[i], v)) return true;
  return false;
}

static bool pred_has_call(const ex *x) {
  if (!x) return false;
  if (x->kind == EX_CALL) return true;
  return pred_has_call(x->a) || pred_has_call(x->b) || pred_has_call(x->c);
}

/* The variable e assigns as a plain scalar assignment and its new value
 * (*by; NULL when the value is not an expression the substitution can
 * use: an input, a call, a compound assignment). False: e assigns nothing
 * that a predicate over plain variables could read (other than through
 * *v with *by NULL). */
static bool pred_assigns(pred_dom *d, const cfa_edge *e, const cfa_var **v,
                         const ex **by) {
  *v = 0;
  *by = 0;
  if (e->kind == CFA_DECLARATION && e->decl == CFA_DECL_VAR && e->var) {
    *v = e->var;
    const ex *x = e->expr ? ex_strip_implicit(e->expr) : 0;
    if (e->expr && x->kind != EX_INITLIST && !pred_has_call(e->expr) &&
        ty_is_integer(e->var->type))
      *by = e->expr;
    return true;
  }
  if (e->kind != CFA_STATEMENT || !e->expr || e->is_return) return false;
  const ex *x = ex_strip_implicit(e->expr);
  if (x->kind == EX_ASSIGN) {
    const ex *l = ex_strip_implicit(x->a);
    if (l->kind != EX_VAR) return false; /* an element: see pred_reads */
    *v = l->var;
    if (x->op == EX_OP_NONE && !pred_has_call(x->b)) *by = x->b;
    return true;
  }
  if (x->kind == EX_UNARY &&
      (x->op == EX_OP_PREINC || x->op == EX_OP_POSTINC ||
       x->op == EX_OP_PREDEC || x->op == EX_OP_POSTDEC)) {
    const ex *l = ex_strip_implicit(x->a);
    if (l->kind != EX_VAR) return false;
    *v = l->var;
    if (!ty_is_integer(l->type)) return true;
    ex *one = mem_arena_alloc(d->arena, sizeof *one);
    one->kind = EX_INT;
    one->type = l->type;
    one->u = 1;
    ex *b = mem_arena_alloc(d->arena, sizeof *b);
    b->kind = EX_BINARY;
    b->op = x->op == EX_OP_PREINC || x->op == EX_OP_POSTINC ? EX_OP_ADD
                                                             : EX_OP_SUB;
    b->type = l->type;
    b->a = (ex *)l;
    b->b = one;
    *by = b;
    return true;
  }
  return false;
}

/* Carry the condition of core atom path[i] backwards (see pred.h); the
 * preconditions become predicates at the path's locations before the
 * assignment that made them. */
/* Whether x reads a variable local to another function than fn. */
static bool pred_foreign(const ex *x, const cfa_function *fn) {
  if (!x) return false;
  if (x->kind == EX_VAR && x->var && !x->var->is_global && !x->var->is_extern &&
      !x->var->is_static && x->var->function != fn)
    return true;
  return pred_foreign(x->a, fn) || pred_foreign(x->b, fn) ||
         pred_foreign(x->c, fn);
}

/* Backwards over a call edge e (into e->callee): the parameters become the
 * arguments; NULL when c still reads the callee's other locals or an
 * argument cannot be substituted. */
static const ex *pred_wp_call(pred_dom *d, const ex *c, const cfa_edge *e) {
  const cfa_function *fn = e->callee;
  const ex *call = e->expr;
  if (!fn || !call) return 0;
  for (unsigned i = 0; i < fn->nparams && i < call->nargs; i++) {
    const cfa_var *p = fn->params[i];
    if (!pred_reads(c, p)) continue;
    if (pred_has_call(call->args[i]) || !ty_is_integer(p->type)) return 0;
    bool ch = false;
    c = pred_subst(d, c, p, call->args[i], &ch);
    if (!c) return 0;
  }
  /* what is left of the callee's frame has no value before the call */
  return pred_foreign(c, e->from->function) ? 0 : c;
}

/* Backwards over a return edge e (into the caller): the call's result
 * variable becomes the callee's result; NULL when c reads other locals of
 * the caller. */
static const ex *pred_wp_return(pred_dom *d, const ex *c, const cfa_edge *e) {
  const cfa_function *fn = e->call->callee;
  const ex *lhs = e->call->lhs ? ex_strip_implicit(e->call->lhs) : 0;
  if (lhs && lhs->kind != EX_VAR) return 0;
  if (lhs && pred_reads(c, lhs->var)) {
    if (!fn || !fn->result || !ty_is_integer(fn->result->type)) return 0;
    ex *r = mem_arena_alloc(d->arena, sizeof *r);
    r->kind = EX_VAR;
    r->var = fn->result;
    r->type = fn->result->type;
    bool ch = false;
    c = pred_subst(d, c, lhs->var, r, &ch);
    if (!c) return 0;
  }
  return pred_foreign(c, fn) ? 0 : c;
}

static bool pred_wp(pred_dom *d, const cfa_edge *const *path, size_t i) {
  const cfa_edge *a = path[i];
  const ex *c = a->expr;
  bool grew = false;
  unsigned steps = 0;
  for (size_t j = i; j-- > 0 && steps < PRED_WP_STEPS;) {
    const cfa_edge *e = path[j];
    const ex *n = c;
    if (e->kind == CFA_CALL)
      n = pred_wp_call(d, c, e);
    else if (e->kind == CFA_RETURN)
      n = pred_wp_return(d, c, e);
    else if (e->kind != CFA_BLANK && e->kind != CFA_DECLARATION &&
             e->kind != CFA_STATEMENT && e->kind != CFA_ASSUME)
      break; /* a large block (LBE): its branches have no one precondition */
    else {
      const cfa_var *v;
      const ex *by;
      if (e->kind == CFA_STATEMENT && e->is_return && e->expr) {
        /* `return x;` assigns the function's result variable */
        const cfa_function *fn = e->from->function;
        v = fn ? fn->result : 0;
        by = v && ty_is_integer(v->type) && !pred_has_call(e->expr) ? e->expr
                                                                     : 0;
        if (!v) continue;
      } else if (!pred_assigns(d, e, &v, &by)) {
        if (e->kind == CFA_STATEMENT && e->expr &&
            ex_strip_implicit(e->expr)->kind == EX_ASSIGN)
          break; /* an element or field: the predicate may read it */
        continue;
      }
      if (!pred_reads(c, v)) continue;
      if (!by) break;
      bool changed = false;
      n = pred_subst(d, c, v, by, &changed);
    }
    if (!n) break;
    if (n == c) continue;
    c = n;
    steps++;
    /* the precondition holds before e, at e->from (its scope) */
    cfa_edge *t = mem_arena_alloc(d->arena, sizeof *t);
    *t = *a;
    t->expr = c;
    t->from = t->to = e->from;
    t->next_in = t->next_out = 0;
    unsigned id = pred_of(d, t);
    for (size_t k = 0; k <= j; k++)
      if (pred_in_scope(d, id, path[k]->from))
        grew |= pred_prec_add(d, cfa_node_base(path[k]->from)->id, id);
  }
  return grew;
}

static unsigned pred_of(pred_dom *d, const cfa_edge *e) {
  bool global = false, local = false;
  pred_mentions(e->expr, &global, &local);
  const cfa_function *fn = local ? e->from->function : 0;
  char *text = ex_old_text(e->expr);
  char *key = mem_printf("%s:%s", fn ? fn->name : "", text);
  mem_free(text);
  void *id = hmap_sget(&d->bykey, key);
  if (id) {
    mem_free(key);
    return (unsigned)((uintptr_t)id - 1);
  }
  cfa_edge *t = mem_alloc(sizeof *t);
  *t = *e;
  ex *eq = mem_calloc(1, sizeof *eq);
  eq->kind = EX_BINARY;
  eq->op = EX_OP_EQ;
  eq->type = e->expr->type;
  eq->a = eq->b = (ex *)e->expr;
  eq->line = e->expr->line;
  t->expr = eq;
  t->truth = true;
  t->next_in = t->next_out = 0;
  pred_pred p = {e, t, key, fn, global, {0}};
  pred_vars(e->expr, &p.vars);
  VEC_PUSH(d->preds, p);
  hmap_sput(&d->bykey, key, (void *)(uintptr_t)d->preds.len);
  return (unsigned)d->preds.len - 1;
}

static bool pred_in_scope(const pred_dom *d, unsigned id, const cfa_node *l) {
  const cfa_function *fn = d->preds.data[id].fn;
  /* by id: the functions of a CFA summarised by LBE are copies of g's,
   * with their ids, and predicates come from g's edges */
  return !fn || (l->function && fn->id == l->function->id);
}

static bool pred_prec_add(pred_dom *d, unsigned node, unsigned id) {
  pred_ids *v = &d->prec[node];
  size_t i = 0;
  while (i < v->len && v->data[i] < id)
    i++;
  if (i < v->len && v->data[i] == id) return false;
  d->ver[node]++;
  VEC_PUSH(*v, 0);
  memmove(v->data + i + 1, v->data + i, (v->len - 1 - i) * sizeof *v->data);
  v->data[i] = id;
  return true;
}

bool pred_add(pred_dom *d, const cfa_edge *e, const cfa_node *l) {
  unsigned id = pred_of(d, e);
  return pred_in_scope(d, id, l) && pred_prec_add(d, l->id, id);
}

size_t pred_count(const pred_dom *d) { return d->preds.len; }

size_t pred_pairs(const pred_dom *d) {
  size_t n = 0;
  for (size_t i = 0; i < d->g->nodes.len; i++)
    n += d->prec[i].len;
  return n;
}

void pred_interrupt(pred_dom *d) { smt_interrupt(d->smt); }

double pred_solver_seconds(const pred_dom *d) {
  return smt_solver_seconds(d->smt);
}

unsigned long pred_solver_calls(const pred_dom *d) {
  return smt_solver_calls(d->smt);
}

/* ---------- the post: block-by-block abstraction ---------- */

typedef struct pred_cached {
  const void *s, *caller;
  const cfa_edge *e;
  unsigned ver;
  pred_state *res; /* NULL: the edge cannot be taken */
  struct pred_cached *next;
} pred_cached;

static uint64_t pred_cache_key(const void *s, const void *caller,
                               const cfa_edge *e, unsigned ver) {
  uint64_t h = (uint64_t)(uintptr_t)s * PRED_MIX;
  h = (h ^ (uint64_t)(uintptr_t)caller) * PRED_MIX;
  h = (h ^ e->id) * PRED_MIX;
  h = (h ^ ver) * PRED_MIX;
  return h ? h : 1;
}

static void pred_cache_clear(pred_dom *d) {
  for (size_t i = 0; i < d->cache.cap; i++)
    for (pred_cached *c = d->cache.vals ? d->cache.vals[i] : 0, *n; c; c = n) {
      n = c->next;
      mem_free(c->res);
      mem_free(c);
    }
  hmap_free(&d->cache);
  memset(&d->cache, 0, sizeof d->cache);
}

static void pred_note(char **slot, char *why) {
  if (!*slot)
    *slot = why;
  else
    mem_free(why);
}

/* Open the frame of function fn from an unknown state (NULL or main: the
 * bottom frame, nothing to open). Returns the number of steps pushed. */
static size_t pred_open(pred_dom *d, const cfa_function *fn) {
  if (!fn || fn == d->g->main || !d->call_into[fn->id]) return 0;
  smt_push_frame(d->smt, d->call_into[fn->id]);
  return 1;
}

/* Read, once for the block, the variables of the predicates of s and of
 * ids[0..n) that are in scope at l (and pass `keep`, if given). */
static void pred_touch(pred_dom *d, const pred_state *s, const pred_ids *t,
                       const cfa_node *l,
                       bool (*keep)(const pred_dom *, unsigned)) {
  for (int pass = 0; pass < 2; pass++) {
    unsigned n = pass ? (unsigned)t->len : (s ? s->n : 0);
    for (unsigned i = 0; i < n; i++) {
      unsigned id = pass ? t->data[i] : s->ids[i];
      if (!pred_in_scope(d, id, l) || (keep && !keep(d, id))) continue;
      smt_push_edge(d->smt, d->preds.data[id].touch);
    }
  }
}

/* The formula of state s at the current smt state, its literals over the
 * predicates `keep` allows (NULL: all); true when nothing is known. */
static smt_formula *pred_gamma(pred_dom *d, const pred_state *s,
                               bool (*keep)(const pred_dom *, unsigned)) {
  smt_formula **atom = mem_calloc(s->n + 1, sizeof *atom);
  for (unsigned i = 0; i < s->n; i++) {
    if (keep && !keep(d, s->ids[i])) continue;
    bool used = false;
    for (unsigned k = 0; k < s->ncubes && !used; k++)
      used = s->cubes[(size_t)k * s->n + i] != 2;
    if (used)
      atom[i] = smt_formula_assume(d->smt, d->preds.data[s->ids[i]].e, 0);
  }
  smt_formula *any = 0;
  for (unsigned k = 0; k < s->ncubes; k++) {
    smt_formula *cube = 0;
    for (unsigned i = 0; i < s->n; i++) {
      unsigned char t = s->cubes[(size_t)k * s->n + i];
      if (t == 2 || !atom[i]) continue; /* an atom that failed: weaker */
      smt_formula *lit = t ? smt_formula_and(d->smt, atom[i], atom[i])
                           : smt_formula_not(d->smt, atom[i]);
      if (cube) {
        smt_formula *c = smt_formula_and(d->smt, cube, lit);
        smt_formula_free(d->smt, cube);
        smt_formula_free(d->smt, lit);
        lit = c;
      }
      cube = lit;
    }
    if (!cube) { /* a cube with no literal: s is true */
      smt_formula_free(d->smt, any);
      any = 0;
      break;
    }
    smt_formula *o = any ? smt_formula_or(d->smt, any, cube) : cube;
    if (any) {
      smt_formula_free(d->smt, any);
      smt_formula_free(d->smt, cube);
    }
    any = o;
  }
  for (unsigned i = 0; i < s->n; i++)
    smt_formula_free(d->smt, atom[i]);
  mem_free(atom);
  return any;
}

/* Predicates of the caller that survive a call: about its own locals. */
static bool pred_caller_local(const pred_dom *d, unsigned id) {
  return d->preds.data[id].fn && !d->preds.data[id].globals;
}

/* The top state over the predicates of node l (every one open). */
static pred_state *pred_top(const pred_dom *d, const cfa_node *l) {
  const pred_ids *p = &d->prec[l->id];
  unsigned *ids;
  unsigned char *cubes;
  pred_state *r = pred_state_alloc((unsigned)p->len, 1, &ids, &cubes);
  for (size_t i = 0; i < p->len; i++) {
    ids[i] = p->data[i];
    cubes[i] = 2;
  }
  return r;
}


/* The abstraction of s (and, at a return, the caller's state c) over e at
 * e's target; *infeasible when the edge cannot be taken from s. */
static pred_state *pred_abstract(pred_dom *d, const pred_state *s,
                                 const pred_state *c, const cfa_edge *e,
                                 bool *infeasible) {
  *infeasible = false;
  if (e->unsupported) {
    pred_note(&d->unsupported,
              mem_printf("%s at line %u", e->unsupported, e->loc.line));
    return pred_top(d, e->to);
  }
  smt_ctx *z = d->smt;
  smt_pop(z, smt_depth(z));
  if (d->deadline > 0) {
    double left = d->deadline - pred_now();
    unsigned ms = left <= 0.001 ? 1 : (unsigned)(left * 1000);
    smt_set_timeout(z, d->timeout_ms && d->timeout_ms < ms ? d->timeout_ms
                                                           : ms);
  }
  smt_formula *gamma = 0, *gc = 0;
  const pred_ids *tp = &d->prec[e->to->id];
  if (e->kind == CFA_RETURN) {
    /* the caller's frame with its own facts, then the callee's */
    const cfa_function *caller = e->call->from->function;
    pred_open(d, caller);
    pred_touch(d, c, tp, e->to, pred_caller_local);
    if (c) gc = pred_gamma(d, c, pred_caller_local);
    smt_push_frame(z, e->call);
  } else
    pred_open(d, e->from->function);
  pred_touch(d, s, tp, e->from, 0);
  gamma = pred_gamma(d, s, 0);
  pred_state *r = 0;
  if (!smt_push_edge(z, e)) {
    const char *why = smt_poisoned(z);
    pred_note(&d->unsupported, mem_strdup(why ? why : "not modelled"));
    r = pred_top(d, e->to);
    goto done;
  }
  char *why = 0;
  smt_formula *pf = smt_formula_path(z, &why);
  if (!pf) {
    pred_note(&d->unsupported, why ? why : mem_strdup("path formula"));
    r = pred_top(d, e->to);
    goto done;
  }
  smt_formula *f = pf, *t;
  if (gamma) {
    t = smt_formula_and(z, f, gamma);
    smt_formula_free(z, f);
    f = t;
  }
  if (gc) {
    t = smt_formula_and(z, f, gc);
    smt_formula_free(z, f);
    f = t;
  }
  const pred_ids *p = &d->prec[e->to->id];
  size_t n = p->len;
  smt_formula **atoms = mem_calloc(n + 1, sizeof *atoms);
  const smt_formula **use = mem_calloc(n + 1, sizeof *use);
  unsigned *uid = mem_calloc(n + 1, sizeof *uid);
  size_t nu = 0;
  for (size_t i = 0; i < n; i++) {
    atoms[i] = smt_formula_assume(z, d->preds.data[p->data[i]].e, 0);
    if (atoms[i]) {
      use[nu] = atoms[i];
      uid[nu++] = p->data[i];
    }
  }
  unsigned char *rows = 0;
  size_t nrows = 0;
  char *reason = 0;
  d->abstractions++;
  smt_answer a = smt_formula_abstract(z, f, use, nu, d->cartesian,
                                      d->max_cubes, &rows, &nrows, &reason);
  if (a == SMT_ANSWER_NO)
    *infeasible = true;
  else if (a == SMT_ANSWER_UNKNOWN) {
    pred_note(&d->unknown,
              reason ? reason : mem_strdup("solver gave no answer"));
    reason = 0;
    r = pred_top(d, e->to);
  } else {
    /* the predicates whose atom failed stay open */
    unsigned *ids;
    unsigned char *cubes;
    r = pred_state_alloc((unsigned)n, (unsigned)nrows, &ids, &cubes);
    for (size_t i = 0; i < n; i++)
      ids[i] = p->data[i];
    for (size_t k = 0; k < nrows; k++) {
      size_t u = 0;
      for (size_t i = 0; i < n; i++)
        cubes[k * n + i] = atoms[i] ? rows[k * nu + u++] : 2;
    }
    pred_canon(r);
  }
  mem_free(reason);
  mem_free(rows);
  for (size_t i = 0; i < n; i++)
    smt_formula_free(z, atoms[i]);
  mem_free(atoms);
  mem_free(use);
  mem_free(uid);
  smt_formula_free(z, f);
done:
  smt_formula_free(z, gamma);
  smt_formula_free(z, gc);
  smt_pop(z, smt_depth(z));
  return r;
}

static bool pred_touches(const pred_dom *d, const ex *x) {
  if (!x) return false;
  if (x->kind == EX_VAR && x->var && d->mark[x->var->id]) return true;
  if (pred_touches(d, x->a) || pred_touches(d, x->b) || pred_touches(d, x->c))
    return true;
  for (unsigned i = 0; i < x->nargs; i++)
    if (pred_touches(d, x->args[i])) return true;
  return false;
}

/* Whether x calls a function with a body (nested in an expression: the
 * encoding refuses it, and its writes are not in x's text). */
static bool pred_calls_body(const cfa *g, const ex *x) {
  if (!x) return false;
  if (x->kind == EX_CALL) {
    if (!x->func_name) return true; /* through a pointer: anything */
    const cfa_function *f = cfa_function_find(g, x->func_name);
    if (f && f->entry) return true;
  }
  if (pred_calls_body(g, x->a) || pred_calls_body(g, x->b) ||
      pred_calls_body(g, x->c))
    return true;
  for (unsigned i = 0; i < x->nargs; i++)
    if (pred_calls_body(g, x->args[i])) return true;
  return false;
}

static void pred_mark(pred_dom *d, const pred_ids *ids, unsigned char v) {
  for (size_t i = 0; i < ids->len; i++) {
    const pred_ids *vs = &d->preds.data[ids->data[i]].vars;
    for (size_t k = 0; k < vs->len; k++)
      d->mark[vs->data[k]] = v;
  }
}

/* The post without a solver when e neither reads nor writes a variable of
 * the predicates of s or of e's target (a plain edge within one frame):
 * the target's predicates keep their values in s, the others are open.
 * Exact for the Cartesian and Boolean abstraction alike (the edge speaks
 * of other values only), except that an edge unsatisfiable on its own is
 * not pruned (an over-approximation). NULL: not such an edge. */
static pred_state *pred_shortcut(pred_dom *d, const pred_state *s,
                                 const cfa_edge *e) {
  if (e->unsupported || e->unsupported_flow) return 0;
  const ex *x;
  switch (e->kind) {
  case CFA_BLANK:
    x = 0;
    break;
  case CFA_ASSUME:
  case CFA_STATEMENT:
    x = e->expr;
    if (e->kind == CFA_STATEMENT && e->is_return) return 0; /* the result */
    break;
  case CFA_DECLARATION:
    if (e->decl == CFA_DECL_VAR) return 0; /* a new instance in loops */
    x = 0;
    break;
  default:
    return 0;
  }
  if (pred_calls_body(d->g, x)) return 0; /* its callee may write them */
  const pred_ids *tp = &d->prec[e->to->id];
  pred_ids sp = {(unsigned *)s->ids, s->n, s->n};
  pred_mark(d, &sp, 1);
  pred_mark(d, tp, 1);
  bool touches = pred_touches(d, x);
  pred_mark(d, &sp, 0);
  pred_mark(d, tp, 0);
  if (touches) return 0;
  unsigned *ids;
  unsigned char *cubes;
  pred_state *r =
      pred_state_alloc((unsigned)tp->len, s->ncubes, &ids, &cubes);
  for (size_t i = 0; i < tp->len; i++)
    ids[i] = tp->data[i];
  for (unsigned k = 0; k < s->ncubes; k++)
    for (size_t i = 0, j = 0; i < tp->len; i++) {
      while (j < s->n && s->ids[j] < tp->data[i])
        j++;
      cubes[(size_t)k * tp->len + i] =
          j < s->n && s->ids[j] == tp->data[i] ? s->cubes[(size_t)k * s->n + j]
                                               : 2;
    }
  pred_canon(r);
  return r;
}

static bool pred_post(void *dv, const void *sv, const void *callerv,
                      const cfa_edge *e, const void **out) {
  pred_dom *d = dv;
  const void *caller = e->kind == CFA_RETURN ? callerv : 0;
  unsigned ver = d->ver[e->to->id];
  uint64_t key = pred_cache_key(sv, caller, e, ver);
  for (pred_cached *c = hmap_get(&d->cache, key); c; c = c->next)
    if (c->s == sv && c->caller == caller && c->e == e && c->ver == ver) {
      d->cache_hits++;
      if (!c->res) return false;
      *out = pred_state_copy(c->res);
      return true;
    }
  double t0 = pred_now();
  bool infeasible = false;
  pred_state *r = pred_shortcut(d, sv, e);
  if (r)
    d->shortcuts++;
  else
    r = pred_abstract(d, sv, caller, e, &infeasible);
  d->seconds += pred_now() - t0;
  pred_cached *c = mem_calloc(1, sizeof *c);
  c->s = sv;
  c->caller = caller;
  c->e = e;
  c->ver = ver;
  c->res = r;
  c->next = hmap_get(&d->cache, key);
  hmap_put(&d->cache, key, c);
  if (!r) return false;
  *out = pred_state_copy(r);
  return true;
}

/* ---------- refinement ---------- */

static bool pred_refine(void *dv, const cfa_edge *const *path, size_t n,
                        const size_t *core, size_t ncore) {
  pred_dom *d = dv;
  bool grew = false;
  for (size_t k = 0; k < ncore; k++) {
    if (core[k] >= n) continue;
    const cfa_edge *a = path[core[k]];
    /* a large block (LBE) in the core: the core says which block, not which
     * branch inside it, so every assume edge of the block is an atom */
    const cfa_edge *const *atoms = &a;
    size_t natoms = 1;
    if (a->kind == CFA_BLOCK) atoms = a->block, natoms = a->nblock;
    for (size_t j = 0; j < natoms; j++) {
      const cfa_edge *b = atoms[j];
      if (b->kind != CFA_ASSUME || !b->expr) continue; /* __VERIFIER_assume */
      unsigned id = pred_of(d, b);
      /* every location of the path where its variables are in scope */
      if (n && pred_in_scope(d, id, path[0]->from))
        grew |= pred_prec_add(d, path[0]->from->id, id);
      /* not at a node that large blocks absorbed: only a restricted block
       * that ends in a sink ends there (pblock.h), and its abstract state
       * goes nowhere (predicates would only make its post dearer) */
      for (size_t i = 0; i < n; i++)
        if (!path[i]->to->absorbed && pred_in_scope(d, id, path[i]->to))
          grew |= pred_prec_add(d, path[i]->to->id, id);
      if (a->kind != CFA_BLOCK) grew |= pred_wp(d, path, core[k]);
    }
  }
  /* With large blocks the preconditions cannot stop at a block: the path
   * is flattened into the blocks' edges (both branches of a choice, in the
   * block's order) and each assume edge of a block in the core is followed
   * back through plain assignments (pred_wp). A precondition taken through
   * the other branch of a choice is still a predicate about the program
   * (predicates only add precision, never claims); what this gives up is
   * the exactness of one precondition per path. */
  bool blocks = false;
  for (size_t i = 0; i < n && !blocks; i++)
    blocks = path[i]->kind == CFA_BLOCK;
  if (blocks) {
    VEC(const cfa_edge *) flat = {0};
    VEC(size_t) atoms = {0};
    for (size_t i = 0; i < n; i++) {
      bool in_core = false;
      for (size_t k = 0; k < ncore; k++)
        in_core |= core[k] == i;
      const cfa_edge *a = path[i];
      if (a->kind != CFA_BLOCK) {
        if (in_core && a->kind == CFA_ASSUME && a->expr)
          VEC_PUSH(atoms, flat.len);
        VEC_PUSH(flat, a->orig ? a->orig : a);
        continue;
      }
      for (size_t j = 0; j < a->nblock; j++) {
        const cfa_edge *b = a->block[j];
        if (in_core && b->kind == CFA_ASSUME && b->expr)
          VEC_PUSH(atoms, flat.len);
        VEC_PUSH(flat, b);
      }
    }
    for (size_t k = 0; k < atoms.len; k++)
      grew |= pred_wp(d, flat.data, atoms.data[k]);
    VEC_FREE(flat);
    VEC_FREE(atoms);
  }
  if (grew) d->refinements_grew++;
  return grew;
}

const pr_domain pred_domain = {"predicate", pred_initial, pred_post,
                               0,           pred_hash_state, pred_equal,
                               pred_covers, pred_release,    pred_refine};

/* ---------- setup ---------- */

/* Whether values of type t hold a pointer (or a union, whose bytes may). */
static bool pred_holds_pointer(const ty *t, unsigned depth) {
  if (!t || depth > 16) return t != 0;
  switch (t->kind) {
  case TY_POINTER:
  case TY_UNION:
    return true;
  case TY_ARRAY:
    return pred_holds_pointer(t->elem, depth + 1);
  case TY_STRUCT:
    for (unsigned i = 0; i < t->nfields; i++)
      if (pred_holds_pointer(t->fields[i].type, depth + 1)) return true;
    return false;
  default:
    return false;
  }
}

const char *pred_supported(const cfa *g) {
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    if (v->type && v->type->kind == TY_FUNCTION) continue;
    if (v->address_taken)
      return "a variable whose address is taken (the predicate domain does "
             "not model pointers)";
    if (pred_holds_pointer(v->type, 0))
      return "a variable that holds a pointer (the predicate domain does not "
             "model pointers)";
  }
  return 0;
}

void pred_dom_init(pred_dom *d, const cfa *g, bool cartesian,
                   unsigned timeout_ms) {
  memset(d, 0, sizeof *d);
  d->g = g;
  d->smt = smt_new(g, timeout_ms);
  d->timeout_ms = timeout_ms;
  d->cartesian = cartesian;
  d->max_cubes = 4096;
  d->arena = mem_arena_new();
  d->mark = mem_calloc(g->vars.len + 1, 1);
  d->prec = mem_calloc(g->nodes.len + 1, sizeof *d->prec);
  d->ver = mem_calloc(g->nodes.len + 1, sizeof *d->ver);
  d->call_into = mem_calloc(g->functions.len + 1, sizeof *d->call_into);
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    if (e->kind == CFA_CALL && e->callee && !d->call_into[e->callee->id])
      d->call_into[e->callee->id] = e;
  }
}

void pred_dom_free(pred_dom *d) {
  pred_cache_clear(d);
  for (size_t i = 0; i < d->preds.len; i++) {
    mem_free((char *)d->preds.data[i].key);
    mem_free((ex *)d->preds.data[i].touch->expr);
    mem_free(d->preds.data[i].touch);
    VEC_FREE(d->preds.data[i].vars);
  }
  mem_free(d->mark);
  VEC_FREE(d->preds);
  hmap_free(&d->bykey);
  for (size_t i = 0; i < d->g->nodes.len + 1; i++)
    VEC_FREE(d->prec[i]);
  mem_free(d->prec);
  mem_free(d->ver);
  mem_arena_free(d->arena);
  mem_free(d->call_into);
  mem_free(d->unsupported);
  mem_free(d->unknown);
  smt_free(d->smt);
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
      char *nc = mem_printf("%s%s%s%s%s", c, *c ? " & " : "", t ? "" : "!(",
                            cond, t ? "" : ")");
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
