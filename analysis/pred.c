#include "pred.h"
#include "karr.h"

#include "lib/lim.h"

#include "pbdd.h"
#include "smt/smt_formula.h"

#include "lib/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PRED_MIX 0x9e3779b97f4a7c15ull

/* ---------- states ---------- */

#define PRED_EXACT_CUBES 16 /* minterms of an exact abstraction, at most */

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

/* Whether a covers b: b implies a. First each cube of b within one cube
 * of a; when that fails and a has several cubes, with BDDs (--bdd) by
 * implication of their BDDs, which also finds a cube of b that only
 * several cubes of a cover together. */
static bool pred_covers(void *dv, const void *pa, const void *pb) {
  const pred_dom *d = dv;
  const pred_state *a = pa, *b = pb;
  for (unsigned k = 0; k < b->ncubes; k++) {
    const unsigned char *cb = b->cubes + (size_t)k * b->n;
    bool in = false;
    for (unsigned i = 0; i < a->ncubes && !in; i++)
      in = pred_cube_within(a, a->cubes + (size_t)i * a->n, b, cb);
    if (!in)
      return d->bdd && a->ncubes > 1 &&
             pbdd_implies(b->n, b->ids, b->cubes, b->ncubes, a->n, a->ids,
                          a->cubes, a->ncubes);
  }
  return true;
}

/* With BDDs: s with the canonical cubes of its BDD (s itself when BuDDy
 * gave none: too many paths, or an error; the cube list stays sound). */
static pred_state *pred_bdd_canon(const pred_dom *d, pred_state *s) {
  if (!d->bdd || s->ncubes < 2) return s;
  unsigned char *rows;
  size_t k = pbdd_canon(s->n, s->ids, s->cubes, s->ncubes, d->max_cubes, &rows);
  if (!k) return s;
  unsigned *ids;
  unsigned char *cubes;
  pred_state *c = pred_state_alloc(s->n, (unsigned)k, &ids, &cubes);
  memcpy(ids, s->ids, s->n * sizeof *ids);
  memcpy(cubes, rows, k * s->n);
  mem_free(rows);
  mem_free(s);
  pred_canon(c);
  return c;
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

static void pred_vars_of(const ex *x, pred_ids *out) {
  if (!x) return;
  if (x->kind == EX_VAR && x->var) {
    size_t i = 0;
    while (i < out->len && out->data[i] != x->var->id)
      i++;
    if (i == out->len) VEC_PUSH(*out, x->var->id);
  }
  pred_vars_of(x->a, out);
  pred_vars_of(x->b, out);
  pred_vars_of(x->c, out);
  for (unsigned i = 0; i < x->nargs; i++)
    pred_vars_of(x->args[i], out);
}

/* Add to out the variables x names, and memory (d->mem) when it reads
 * memory a write through a pointer may change. */
static void pred_vars(const pred_dom *d, const ex *x, pred_ids *out) {
  pred_vars_of(x, out);
  if (!pred_reads_memory(d->pointed, x)) return;
  for (size_t i = 0; i < out->len; i++)
    if (out->data[i] == d->mem) return;
  VEC_PUSH(*out, d->mem);
}

/* Whether predicate id reads memory (pred_vars). */
static bool pred_reads_mem(const pred_dom *d, unsigned id) {
  const pred_ids *vs = &d->preds.data[id].vars;
  for (size_t k = 0; d->pointed && k < vs->len; k++)
    if (vs->data[k] == d->mem) return true;
  return false;
}
static bool pred_mentions(const ex *x, bool *global, bool *local);
static bool pred_in_scope(const pred_dom *d, unsigned id, const cfa_node *l);
static bool pred_prec_add(pred_dom *d, unsigned node, unsigned id);
static bool pred_share(pred_dom *d, unsigned id, const cfa_node *l);
static bool pred_share_in(pred_dom *d, unsigned id, const cfa_node *l,
                          unsigned scope);
static cfa_edge *pred_atom_edge(pred_dom *d, const ex *x, const cfa_node *l);
static bool pred_atom_fits(const ex *x, const cfa_node *l);


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
    if (pred_has_call(x->b)) return true;
    if (x->op == EX_OP_NONE)
      *by = x->b;
    else if (ty_is_integer(l->type) && x->b->type == l->type) {
      /* `x op= b` is `x = x op b` where no conversion is involved */
      ex *b = mem_arena_alloc(d->arena, sizeof *b);
      b->kind = EX_BINARY;
      b->op = x->op;
      b->type = l->type;
      b->a = (ex *)l;
      b->b = x->b;
      b->line = x->line;
      *by = b;
    }
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

/* Whether x reads a variable local to another function than fn. */
static bool pred_foreign(const ex *x, const cfa_function *fn) {
  if (!x) return false;
  /* by id: the functions of a CFA summarised by LBE are copies of g's */
  if (x->kind == EX_VAR && x->var && !x->var->is_global && !x->var->is_extern &&
      !x->var->is_static &&
      (!fn || !x->var->function || x->var->function->id != fn->id))
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

/* `(x) == (x)` in eq (zeroed; returned): an assume edge of it reads x's
 * variables and says nothing else (pred_pred.touch). */
static ex *pred_self_eq(ex *eq, const ex *x) {
  eq->kind = EX_BINARY;
  eq->op = EX_OP_EQ;
  eq->type = x->type;
  eq->a = eq->b = (ex *)x;
  eq->line = x->line;
  return eq;
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
  t->expr = pred_self_eq(mem_calloc(1, sizeof(ex)), e->expr);
  t->truth = true;
  t->next_in = t->next_out = 0;
  pred_pred p = {e, t, key, fn, global, {0}};
  pred_vars(d, e->expr, &p.vars);
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
  const ex *x = e->expr ? pred_pure(d->arena, e->expr) : 0;
  if (!x) return false;
  if (x != e->expr) {
    if (!pred_atom_fits(x, l)) return false;
    e = pred_atom_edge(d, x, l);
  }
  unsigned id = pred_of(d, e);
  return pred_in_scope(d, id, l) && pred_prec_add(d, l->id, id);
}

size_t pred_add_invariants(pred_dom *d) {
  size_t n = 0, added = 0;
  karr_eq *eq = karr_equalities(d->g, d->arena, PRED_INVARIANTS_MAX, &n);
  for (size_t i = 0; i < n; i++) {
    const cfa_node *l = eq[i].at;
    if (!pred_atom_fits(eq[i].expr, l)) continue;
    unsigned id = pred_of(d, pred_atom_edge(d, eq[i].expr, l));
    /* in the loop head's function at least (or where --predicate-scope
     * puts refinement's predicates, if wider): at the loop head alone, the
     * facts are lost over a call in the loop (the caller's state before the
     * call tracks only its own location's predicates) */
    bool grew = pred_share_in(
        d, id, l, d->scope > PRED_IN_FUNCTION ? d->scope : PRED_IN_FUNCTION);
    added += grew;
  }
  mem_free(eq);
  d->invariants += added;
  return added;
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
  /* a variable read once has its value: a predicate whose every variable
   * an earlier one read needs no touch of its own (with a predicate of
   * every location, most of them: the touches were a fifth of the
   * predicate analysis's time on token_ring.02). Round 0 touches and
   * marks, round 1 clears the marks of the same predicates. */
  for (int round = 0; round < 2; round++)
    for (int pass = 0; pass < 2; pass++) {
      unsigned n = pass ? (unsigned)t->len : (s ? s->n : 0);
      for (unsigned i = 0; i < n; i++) {
        unsigned id = pass ? t->data[i] : s->ids[i];
        if (!pred_in_scope(d, id, l) || (keep && !keep(d, id))) continue;
        const pred_ids *vs = &d->preds.data[id].vars;
        if (round) {
          for (size_t k = 0; k < vs->len; k++)
            d->touched[vs->data[k]] = 0;
          continue;
        }
        /* memory is never read once for all: each of its reads is */
        bool fresh = !vs->len || pred_reads_mem(d, id);
        for (size_t k = 0; k < vs->len && !fresh; k++)
          fresh = !d->touched[vs->data[k]];
        if (!fresh) continue;
        smt_push_edge(d->smt, d->preds.data[id].touch);
        for (size_t k = 0; k < vs->len; k++)
          d->touched[vs->data[k]] = 1;
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

/* Predicates of the caller that survive a call: about its own locals,
 * none of them a pointer may point into, and not through a pointer (the
 * callee may write there). */
static bool pred_caller_local(const pred_dom *d, unsigned id) {
  return d->preds.data[id].fn && !d->preds.data[id].globals &&
         !pred_reads_mem(d, id);
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


/* ---------- predicates a block leaves alone ---------- */

/* Add to w the ids of the variables x may write (the base variable of
 * each assigned or incremented lvalue); false when that is not known from
 * the text: a write through a pointer, a call of a function with a body
 * or through a pointer. */
static bool pred_writes(const pred_dom *d, const ex *x, pred_ids *w) {
  if (!x) return true;
  if (x->kind == EX_CALL) {
    if (cfa_call_has_body(d->g, x)) return false;
    /* code without a body changes what its pointer arguments reach
     * (smt.h): an array passed to it is one (its implicit conversion) */
    for (unsigned i = 0; i < x->nargs; i++) {
      const ty *t = x->args[i] ? x->args[i]->type : 0;
      if (!t || t->kind == TY_POINTER || t->kind == TY_ARRAY) return false;
    }
  }
  const ex *l = 0;
  if (x->kind == EX_ASSIGN) l = x->a;
  if (x->kind == EX_UNARY &&
      (x->op == EX_OP_PREINC || x->op == EX_OP_POSTINC ||
       x->op == EX_OP_PREDEC || x->op == EX_OP_POSTDEC))
    l = x->a;
  if (l && d->pointed) {
    /* open memory: a write through a pointer writes memory, one into a
     * variable a pointer may point into writes memory too */
    bool mem = false;
    const cfa_var *v = pred_lvalue_var(l, &mem);
    if (v) VEC_PUSH(*w, v->id);
    if (mem || (v && d->pointed[v->id])) VEC_PUSH(*w, d->mem);
  } else if (l) {
    l = ex_strip_implicit(l);
    while (l->kind == EX_INDEX || (l->kind == EX_MEMBER && !l->arrow) ||
           l->kind == EX_CAST)
      l = ex_strip_implicit(l->a);
    if (l->kind != EX_VAR || !l->var) return false;
    VEC_PUSH(*w, l->var->id);
  }
  if (!pred_writes(d, x->a, w) || !pred_writes(d, x->b, w) ||
      !pred_writes(d, x->c, w))
    return false;
  for (unsigned i = 0; i < x->nargs; i++)
    if (!pred_writes(d, x->args[i], w)) return false;
  return true;
}

/* Add to w the variables edge e (a plain edge, or each edge of a block)
 * may write, and to u those it names (reads or writes: with no call of
 * code with a body, its text says it all; a write through a pointer or
 * into a variable a pointer may point into writes d->mem, and without open
 * memory one through a pointer is not known); false when the writes are
 * not known (u is then incomplete). */
static bool pred_edge_writes(const pred_dom *d, const cfa_edge *e,
                             pred_ids *w, pred_ids *u) {
  if (e->unsupported || e->unsupported_flow) return false;
  pred_vars(d, e->expr, u);
  switch (e->kind) {
  case CFA_BLANK:
    return true;
  case CFA_DECLARATION:
    if (e->decl == CFA_DECL_VAR && e->var) {
      VEC_PUSH(*w, e->var->id);
      VEC_PUSH(*u, e->var->id);
      if (d->pointed && d->pointed[e->var->id]) { /* its object: memory */
        VEC_PUSH(*w, d->mem);
        VEC_PUSH(*u, d->mem);
      }
    }
    return pred_writes(d, e->expr, w);
  case CFA_ASSUME:
    return pred_writes(d, e->expr, w);
  case CFA_STATEMENT:
    if (e->is_return) {
      const cfa_function *f = e->from->function;
      if (!f || !f->result) return false;
      VEC_PUSH(*w, f->result->id);
      VEC_PUSH(*u, f->result->id);
    }
    return pred_writes(d, e->expr, w);
  case CFA_BLOCK:
    for (size_t i = 0; i < e->nblock; i++) {
      const cfa_edge *b = e->block[i]->orig ? e->block[i]->orig : e->block[i];
      if (b->kind == CFA_BLOCK || !pred_edge_writes(d, b, w, u)) return false;
    }
    return true;
  default:
    return false;
  }
}

typedef struct {
  bool known;
  pred_ids vars; /* with repeats */
  pred_ids used; /* what it reads or writes (vars among them) */
} pred_written;

/* What e may write (pred_edge_writes), made once per edge: d->writes. */
static const pred_written *pred_writes_of(pred_dom *d, const cfa_edge *e) {
  uint64_t key = (uint64_t)(uintptr_t)e;
  pred_written *w = hmap_get(&d->writes, key);
  if (w) return w;
  w = mem_calloc(1, sizeof *w);
  w->known = pred_edge_writes(d, e, &w->vars, &w->used);
  hmap_put(&d->writes, key, w);
  return w;
}

/* The predicates of e's target that e leaves alone from s (frame[i] for
 * the i-th of d->prec[e->to->id]: 0 not, else 1 + its value): those s
 * decides in its only cube none of whose variables e may write. Their
 * value after e is their value before (the abstraction's formula still
 * holds them, through s), so the all-SAT checks need not carry them.
 * False when there is none (or e is a call, a return, several cubes). */
static bool pred_frame(pred_dom *d, const pred_state *s, const cfa_edge *e,
                       unsigned char *frame) {
  if (!s || s->ncubes != 1 || !s->n || e->kind == CFA_CALL ||
      e->kind == CFA_RETURN)
    return false;
  const pred_written *w = pred_writes_of(d, e);
  if (!w->known) return false;
  for (size_t k = 0; k < w->vars.len; k++)
    d->written[w->vars.data[k]] = 1;
  const pred_ids *tp = &d->prec[e->to->id];
  bool any = false;
  for (size_t i = 0, j = 0; i < tp->len; i++) {
    while (j < s->n && s->ids[j] < tp->data[i])
      j++;
    if (j == s->n || s->ids[j] != tp->data[i] || s->cubes[j] == 2) continue;
    const pred_ids *vs = &d->preds.data[tp->data[i]].vars;
    bool alone = vs->len > 0;
    for (size_t k = 0; k < vs->len && alone; k++)
      alone = !d->written[vs->data[k]];
    if (alone) {
      frame[i] = (unsigned char)(1 + s->cubes[j]);
      any = true;
    }
  }
  for (size_t k = 0; k < w->vars.len; k++)
    d->written[w->vars.data[k]] = 0;
  return any;
}

/* Bound the next checks of d's solver by what is left before its
 * deadline (and by its own timeout). */
static void pred_bound(pred_dom *d) {
  if (d->deadline <= 0) return;
  double left = d->deadline - lim_clock();
  unsigned ms = left <= 0.001 ? 1 : (unsigned)(left * 1000);
  smt_set_timeout(d->smt,
                  d->timeout_ms && d->timeout_ms < ms ? d->timeout_ms : ms);
}

/* ---------- the part of a state a block's abstraction needs ---------- */

typedef struct pred_pcached {
  unsigned *key; /* pred_project's */
  size_t nkey;
  pred_state *res; /* NULL: the edge cannot be taken */
  struct pred_pcached *next;
} pred_pcached;

static bool pred_kept(const pred_dom *d, unsigned id) {
  return id < d->nkept && d->kept[id];
}

static void pred_mark_var(pred_dom *d, unsigned v) {
  if (d->mark[v]) return;
  d->mark[v] = 1;
  VEC_PUSH(d->marked, v);
}

/* Whether the abstraction of s over e (not a call or a return, s one
 * cube, e's writes known) can be had from a part of s: the literals of s
 * connected to e's formula and to the target's predicates it does not
 * frame (frame: pred_frame) through shared variables. The rest of the
 * cube speaks of other variables only: it is satisfiable on its own (a
 * cube is a model's, widened), so it changes neither whether e can be
 * taken nor what holds after it; the result on that part is the result on
 * s (the widened mode's cubes depend on the models the solver gives, so
 * they may be cut otherwise: checked against the whole state's on every
 * cmc2011 task at 20 s, 66 of over 71 000 abstractions differed so, each a
 * cover of what the block admits). A block of one process of token_ring
 * speaks of a few of the predicates of the others' states: the query is
 * smaller, and states that differ only elsewhere share it (token_ring.08
 * with its condition: 99.6 s -> 51.8 s, the same ARG). When it can,
 * d->kept marks the predicates the query carries (those literals, the
 * target's unframed predicates) and key gets what the result depends on:
 * the edge, the target's precision, the mode, which target predicates s
 * frames, and the part's literals. */
static bool pred_project(pred_dom *d, const pred_state *s, const cfa_edge *e,
                         const unsigned char *frame, smt_abs_mode mode,
                         pred_ids *key) {
  if (!s || s->ncubes != 1 || e->kind == CFA_CALL || e->kind == CFA_RETURN ||
      e->unsupported)
    return false;
  const pred_written *w = pred_writes_of(d, e);
  if (!w->known) return false;
  if (d->nkept < d->preds.len) {
    d->kept = mem_realloc(d->kept, d->preds.len);
    memset(d->kept + d->nkept, 0, d->preds.len - d->nkept);
    d->nkept = d->preds.len;
  }
  for (size_t k = 0; k < w->used.len; k++) /* the writes among them */
    pred_mark_var(d, w->used.data[k]);
  const pred_ids *tp = &d->prec[e->to->id];
  for (size_t i = 0; i < tp->len; i++) {
    if (frame[i]) continue;
    d->kept[tp->data[i]] = 1;
    const pred_ids *vs = &d->preds.data[tp->data[i]].vars;
    for (size_t k = 0; k < vs->len; k++)
      pred_mark_var(d, vs->data[k]);
  }
  /* the literals connected to what is marked, to a fixpoint */
  for (bool grew = true; grew;) {
    grew = false;
    for (unsigned j = 0; j < s->n; j++) {
      unsigned id = s->ids[j];
      if (s->cubes[j] == 2 || d->kept[id]) continue;
      const pred_ids *vs = &d->preds.data[id].vars;
      bool joined = !vs->len;
      for (size_t k = 0; k < vs->len && !joined; k++)
        joined = d->mark[vs->data[k]];
      if (!joined) continue;
      d->kept[id] = 1;
      for (size_t k = 0; k < vs->len; k++)
        pred_mark_var(d, vs->data[k]);
      grew = true;
    }
  }
  for (size_t k = 0; k < d->marked.len; k++)
    d->mark[d->marked.data[k]] = 0;
  d->marked.len = 0;
  key->len = 0;
  VEC_PUSH(*key, (unsigned)e->id);
  VEC_PUSH(*key, d->ver[e->to->id]);
  VEC_PUSH(*key, (unsigned)mode);
  VEC_PUSH(*key, (unsigned)tp->len);
  for (size_t i = 0; i < tp->len; i += 32) {
    unsigned bits = 0;
    for (size_t b = 0; b < 32 && i + b < tp->len; b++)
      if (frame[i + b]) bits |= 1u << b;
    VEC_PUSH(*key, bits);
  }
  for (unsigned j = 0; j < s->n; j++)
    if (s->cubes[j] != 2 && d->kept[s->ids[j]])
      VEC_PUSH(*key, s->ids[j] << 1 | s->cubes[j]);
  return true;
}

/* Clear d->kept after pred_project. */
static void pred_unproject(pred_dom *d, const pred_state *s,
                           const cfa_edge *e) {
  for (unsigned j = 0; j < s->n; j++)
    d->kept[s->ids[j]] = 0;
  const pred_ids *tp = &d->prec[e->to->id];
  for (size_t i = 0; i < tp->len; i++)
    d->kept[tp->data[i]] = 0;
}

static uint64_t pred_pkey_hash(const pred_ids *key) {
  uint64_t h = 0;
  for (size_t i = 0; i < key->len; i++)
    h = (h ^ key->data[i]) * PRED_MIX;
  return h ? h : 1;
}

static pred_pcached *pred_pfind(const pred_dom *d, const pred_ids *key,
                                uint64_t h) {
  for (pred_pcached *c = hmap_get(&d->pcache, h); c; c = c->next)
    if (c->nkey == key->len &&
        !memcmp(c->key, key->data, key->len * sizeof *key->data))
      return c;
  return 0;
}

/* Keep r (NULL: infeasible; a copy is kept) for key (its data taken). */
static void pred_pput(pred_dom *d, pred_ids *key, uint64_t kh,
                      const pred_state *r) {
  pred_pcached *pc = mem_calloc(1, sizeof *pc);
  pc->key = key->data;
  pc->nkey = key->len;
  memset(key, 0, sizeof *key);
  pc->res = r ? pred_state_copy(r) : 0;
  pc->next = hmap_get(&d->pcache, kh);
  hmap_put(&d->pcache, kh, pc);
}

/* The result of a projection (r: canonical, not yet a BDD's; NULL: the
 * edge cannot be taken) with s's framed values put in (frame). */
static pred_state *pred_pframed(const pred_state *r,
                                const unsigned char *frame) {
  pred_state *c = pred_state_copy(r);
  unsigned char *cubes = (unsigned char *)c->cubes;
  for (unsigned k = 0; k < c->ncubes; k++)
    for (unsigned i = 0; i < c->n; i++)
      if (frame[i])
        cubes[(size_t)k * c->n + i] = (unsigned char)(frame[i] - 1);
  pred_canon(c);
  return c;
}

static void pred_pcache_clear(pred_dom *d) {
  for (size_t i = 0; i < d->pcache.cap; i++)
    for (pred_pcached *c = d->pcache.vals ? d->pcache.vals[i] : 0, *n; c;
         c = n) {
      n = c->next;
      mem_free(c->res);
      mem_free(c->key);
      mem_free(c);
    }
  hmap_free(&d->pcache);
  memset(&d->pcache, 0, sizeof d->pcache);
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
  const pred_ids *p = &d->prec[e->to->id];
  size_t n = p->len;
  unsigned char *frame = mem_calloc(n + 1, 1);
  pred_frame(d, e->kind == CFA_RETURN ? 0 : s, e, frame);
  smt_abs_mode mode = d->cartesian           ? SMT_ABS_CARTESIAN
                      : d->exact[e->to->id] ? SMT_ABS_EXACT
                                            : SMT_ABS_WIDENED;
  pred_ids key = {0};
  uint64_t kh = 0;
  bool proj = pred_project(d, s, e, frame, mode, &key);
  if (proj) {
    kh = pred_pkey_hash(&key);
    pred_pcached *hit = pred_pfind(d, &key, kh);
    if (hit) {
      pred_unproject(d, s, e);
      VEC_FREE(key);
      d->cache_hits++;
      pred_state *r =
          hit->res ? pred_bdd_canon(d, pred_pframed(hit->res, frame)) : 0;
      *infeasible = !r;
      mem_free(frame);
      return r;
    }
  }
  bool (*keep)(const pred_dom *, unsigned) = proj ? pred_kept : 0;
  bool answered = false; /* a result to keep for the projection */
  smt_pop(z, smt_depth(z));
  pred_bound(d);
  smt_formula *gamma = 0, *gc = 0;
  if (e->kind == CFA_RETURN) {
    /* the caller's frame with its own facts, then the callee's */
    const cfa_function *caller = e->call->from->function;
    pred_open(d, caller);
    pred_touch(d, c, p, e->to, pred_caller_local);
    if (c) gc = pred_gamma(d, c, pred_caller_local);
    smt_push_frame(z, e->call);
  } else
    pred_open(d, e->from->function);
  pred_touch(d, s, p, e->from, keep);
  gamma = pred_gamma(d, s, keep);
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
  smt_formula **atoms = mem_calloc(n + 1, sizeof *atoms);
  const smt_formula **use = mem_calloc(n + 1, sizeof *use);
  unsigned *uid = mem_calloc(n + 1, sizeof *uid);
  size_t nu = 0;
  for (size_t i = 0; i < n; i++) {
    if (frame[i]) continue;
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
  /* minterms multiply with every predicate the block leaves free: beyond
   * PRED_EXACT_CUBES of them the widened cubes do */
  smt_answer a = smt_formula_abstract(
      z, f, use, nu, mode, mode == SMT_ABS_EXACT ? PRED_EXACT_CUBES : d->max_cubes,
      &rows, &nrows, &reason);
  if (a == SMT_ANSWER_UNKNOWN && mode == SMT_ABS_EXACT &&
      (d->deadline <= 0 || lim_clock() < d->deadline)) {
    mem_free(reason);
    reason = 0;
    d->exact_overflows++;
    a = smt_formula_abstract(z, f, use, nu, SMT_ABS_WIDENED, d->max_cubes,
                             &rows, &nrows, &reason);
  }
  if (a == SMT_ANSWER_NO) {
    *infeasible = true;
    answered = true;
  } else if (a == SMT_ANSWER_UNKNOWN) {
    d->unknowns++;
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
        cubes[k * n + i] = frame[i]  ? (unsigned char)(frame[i] - 1)
                           : atoms[i] ? rows[k * nu + u++]
                                      : 2;
    }
    pred_canon(r);
    answered = true;
  }
  if (proj && answered) pred_pput(d, &key, kh, r); /* before BuDDy */
  if (r && answered) r = pred_bdd_canon(d, r);
  mem_free(reason);
  mem_free(rows);
  for (size_t i = 0; i < n; i++)
    smt_formula_free(z, atoms[i]);
  mem_free(atoms);
  mem_free(use);
  mem_free(uid);
  smt_formula_free(z, f);
done:
  if (proj) pred_unproject(d, s, e);
  VEC_FREE(key);
  mem_free(frame);
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
  if (x->kind == EX_CALL && cfa_call_has_body(g, x)) return true;
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
  /* memory (d->mem) marked: x must not read or write it either */
  bool touches = pred_touches(d, x) ||
                 (d->pointed && d->mark[d->mem] &&
                  pred_reads_memory(d->pointed, x));
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
  return pred_bdd_canon(d, r);
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
  double t0 = lim_clock();
  bool infeasible = false;
  pred_state *r = pred_shortcut(d, sv, e);
  if (r)
    d->shortcuts++;
  else
    r = pred_abstract(d, sv, caller, e, &infeasible);
  d->seconds += lim_clock() - t0;
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

/* Refinement by preconditions (see pred.h). A set of atoms stands for
 * the precondition of the rest of the path: the conditions it needs, in
 * the values before each edge. */

#define PRED_ATOMS_MAX 48 /* atoms carried at one position */
/* ... in a second pass when the first found no new predicate: the cap
 * drops atoms in the order they come (every branch of a block's choices
 * gives its own), and the one that rules the path out may be among them */
#define PRED_ATOMS_WIDE 400
#define PRED_ATOM_SIZE 24 /* nodes of one atom */
#define PRED_CONSTS_MAX 512 /* constant atoms carried at one position */

typedef struct {
  const ex *x;
  char *text;      /* ex_old_text (owned) */
  unsigned origin; /* the condition it is a precondition of */
  uint64_t h;      /* of text and origin */
  bool var;        /* it reads a variable (else a constant) */
} pred_atom;
/* A set of atoms: a vector with an index by (text, origin) hash once it
 * holds more than PRED_ATOMS_SCAN, so that adding is not a scan of a large
 * set (refinement over the long blocks of s3_srvr_2 spent 18 % of its time
 * in those scans), and a small one (most) allocates no table. */
#define PRED_ATOMS_SCAN 16
typedef struct {
  pred_atom *data;
  size_t len, cap;
  size_t nvar; /* atoms that read a variable */
  hmap idx;    /* h -> 1 + the first atom of that hash */
} pred_atoms;

static size_t pred_ex_size(const ex *x) {
  if (!x) return 0;
  size_t n = 1 + pred_ex_size(x->a) + pred_ex_size(x->b) + pred_ex_size(x->c);
  for (unsigned i = 0; i < x->nargs; i++)
    n += pred_ex_size(x->args[i]);
  return n;
}

static bool pred_has_var(const ex *x) {
  if (!x) return false;
  if (x->kind == EX_VAR) return true;
  if (pred_has_var(x->a) || pred_has_var(x->b) || pred_has_var(x->c))
    return true;
  for (unsigned i = 0; i < x->nargs; i++)
    if (pred_has_var(x->args[i])) return true;
  return false;
}

static void pred_atoms_clear(pred_atoms *s) {
  for (size_t i = 0; i < s->len; i++)
    mem_free(s->data[i].text);
  s->len = 0;
  s->nvar = 0;
  hmap_free(&s->idx);
}

static void pred_atoms_free(pred_atoms *s) {
  pred_atoms_clear(s);
  VEC_FREE(*s);
}

/* The atom of s with text t and origin (hash h), or NULL. */
static const pred_atom *pred_atoms_find(const pred_atoms *s, uint64_t h,
                                        unsigned origin, const char *t) {
  uintptr_t at = s->idx.cap ? (uintptr_t)hmap_get(&s->idx, h) : 1;
  if (!at) return 0;
  /* without an index: every atom; with one: the first of hash h, then
   * (another atom of the same hash, rare) the rest */
  for (size_t i = at - 1; i < s->len; i++)
    if (s->data[i].h == h && s->data[i].origin == origin &&
        !strcmp(s->data[i].text, t))
      return &s->data[i];
  return 0;
}

static uint64_t pred_text_hash(const char *t, unsigned origin) {
  uint64_t h = 1469598103934665603ull ^ origin;
  for (; *t; t++)
    h = (h ^ (unsigned char)*t) * 1099511628211ull;
  return h;
}

/* Add atom x to s (a negation counts as its operand; calls, assignments
 * and atoms too large are left out). Constants stay: a choice whose
 * branches give different constants needs its condition; they never
 * become predicates (pred_atoms_at). text: x's ex_old_text when the
 * caller has it (x unchanged), else NULL. */
static void pred_atoms_put(const pred_dom *d, pred_atoms *s, const ex *x,
                           unsigned origin, const char *text) {
  if (!x) return;
  /* a new atom (no text yet: an atom carried with its text is one) is a
   * condition on a state, without calls or assignments (pred_pure) */
  if (!text && !(x = pred_pure(d->arena, x))) return;
  while (x->kind == EX_UNARY && x->op == EX_OP_NOT) {
    x = x->a;
    text = 0;
  }
  /* constants are many (one per origin and value) but cheap */
  bool var = pred_has_var(x);
  size_t vars = s->nvar;
  if (var ? vars >= d->atoms_max : s->len - vars >= PRED_CONSTS_MAX) return;
  if (!text && pred_ex_size(x) > PRED_ATOM_SIZE) return;
  char *t = text ? mem_strdup(text) : ex_old_text(x);
  uint64_t h = pred_text_hash(t, origin);
  if (pred_atoms_find(s, h, origin, t)) {
    mem_free(t);
    return;
  }
  pred_atom a = {x, t, origin, h, var};
  VEC_PUSH(*s, a);
  s->nvar += var;
  if (s->len == PRED_ATOMS_SCAN + 1) /* index them all from now on */
    for (size_t i = s->len; i-- > 0;)
      hmap_put(&s->idx, s->data[i].h, (void *)(uintptr_t)(i + 1));
  else if (s->idx.cap && !hmap_get(&s->idx, h))
    hmap_put(&s->idx, h, (void *)(uintptr_t)s->len);
}

static void pred_atoms_add(const pred_dom *d, pred_atoms *s, const ex *x,
                           unsigned origin) {
  pred_atoms_put(d, s, x, origin, 0);
}

static void pred_atoms_union(const pred_dom *d, pred_atoms *to,
                             const pred_atoms *from) {
  for (size_t i = 0; i < from->len; i++)
    pred_atoms_put(d, to, from->data[i].x, from->data[i].origin,
                   from->data[i].text);
}

/* Whether atoms a and b have the same text, whatever their origins (h
 * hashes both, so it cannot tell). */
static bool pred_same_text(const pred_atom *a, const pred_atom *b) {
  return !strcmp(a->text, b->text);
}

static bool pred_atoms_same(const pred_atoms *a, const pred_atoms *b) {
  if (a->len != b->len) return false;
  for (size_t i = 0; i < a->len; i++)
    if (!pred_atoms_find(b, a->data[i].h, a->data[i].origin, a->data[i].text))
      return false;
  return true;
}

/* The atoms of the precondition of `in` over the plain edge e (no block,
 * call or return) into *out (cleared first); with_cond: an assume edge
 * adds its condition. An input (or any value the substitution cannot
 * follow) drops the atoms that read the variable: what is known of it
 * before does not matter after. */
static void pred_pre_plain(pred_dom *d, const cfa_edge *e, const pred_atoms *in,
                           bool with_cond, pred_atoms *out) {
  pred_atoms_clear(out);
  const cfa_var *v = 0;
  const ex *by = 0;
  bool assigns = false;
  if (e->kind == CFA_STATEMENT && e->is_return) {
    const cfa_function *fn = e->from->function;
    v = fn ? fn->result : 0;
    if (v && e->expr && ty_is_integer(v->type) && !pred_has_call(e->expr))
      by = e->expr;
    assigns = v != 0;
  } else
    assigns = pred_assigns(d, e, &v, &by);
  for (size_t i = 0; i < in->len; i++) {
    const ex *x = in->data[i].x;
    if (assigns && v && pred_reads(x, v)) {
      if (!by) continue;
      bool ch = false;
      x = pred_subst(d, x, v, by, &ch);
    }
    pred_atoms_put(d, out, x, in->data[i].origin,
                   x == in->data[i].x ? in->data[i].text : 0);
  }
  for (size_t i = 0; d->pointed && i < in->len; i++) {
    const ex *split[8];
    size_t k = pred_mem_split(d->pointed, d->arena, d->g->lp64 ? 8 : 4, e,
                              in->data[i].x, split, 8);
    for (size_t j = 0; j < k; j++)
      pred_atoms_add(d, out, split[j], d->origins++);
  }
  if (with_cond && e->kind == CFA_ASSUME)
    pred_atoms_add(d, out, e->expr, d->origins++);
}

/* The key of (step, node l; NULL: the step's own literal) in d->relax. */
static uint64_t pred_relax_key(size_t step, const cfa_node *l) {
  return ((uint64_t)(step + 1) << 32) | (l ? (uint64_t)l->id + 1 : 0);
}

/* Whether the path relaxed to its unsat core (--refinement newton) keeps
 * the condition of node l of the block at step (l NULL: the literal of
 * the step): always without a relaxation. */
static bool pred_relax_keeps(const pred_dom *d, size_t step,
                             const cfa_node *l) {
  return !d->relaxing || hmap_get(&d->relax, pred_relax_key(step, l));
}

/* The atoms of the precondition of `in` over block b (step `step` of the
 * path) into *out: backwards over its DAG, node by node. A condition joins
 * where the branches of a choice need different atoms, and (core: the
 * block is in the unsat core, so whether it can be passed at all matters)
 * where the DAG keeps one branch only; with a relaxation (--refinement
 * newton) only where the path's core keeps it (pred_relax_keeps). */
static void pred_pre_block(pred_dom *d, const cfa_edge *b, size_t step,
                           const pred_atoms *in, bool core, pred_atoms *out) {
  const cfa_node *target = cfa_block_target(b);
  size_t n = b->nblock;
  /* the atoms at each edge's source, through that edge */
  pred_atoms *via = mem_calloc(n + 1, sizeof *via);
  const cfa_node **at = mem_calloc(n + 1, sizeof *at);  /* node of sets[i] */
  pred_atoms *sets = mem_calloc(n + 1, sizeof *sets);
  size_t nsets = 0;
  pred_atoms tmp = {0};
  for (size_t i = n; i-- > 0;) {
    const cfa_edge *e = b->block[i];
    const pred_atoms *after = in;
    if (e->to != target) {
      after = 0;
      for (size_t k = 0; k < nsets && !after; k++)
        if (at[k] == e->to) after = &sets[k];
      if (!after) after = &tmp; /* cannot happen in a DAG to target */
    }
    pred_pre_plain(d, e, after, false, &via[i]);
    /* the last edge of its source's group (groups are adjacent) */
    if (i > 0 && b->block[i - 1]->from == e->from) continue;
    size_t j = i;
    while (j + 1 < n && b->block[j + 1]->from == e->from)
      j++;
    pred_atoms *set = &sets[nsets];
    at[nsets++] = e->from;
    bool differ = false;
    for (size_t k = i; k <= j; k++) {
      if (k > i && !pred_atoms_same(&via[k], &via[i])) differ = true;
      pred_atoms_union(d, set, &via[k]);
    }
    bool keeps = pred_relax_keeps(d, step, e->from);
    for (size_t k = i; k <= j; k++)
      if (b->block[k]->kind == CFA_ASSUME && keeps &&
          (differ || ((core || d->relaxing) && i == j)))
        pred_atoms_add(d, set, b->block[k]->expr, d->origins++);
  }
  pred_atoms_clear(out);
  const cfa_node *source = cfa_block_source(b);
  for (size_t k = 0; k < nsets; k++)
    if (at[k] == source) pred_atoms_union(d, out, &sets[k]);
  for (size_t i = 0; i < n; i++)
    pred_atoms_free(&via[i]);
  for (size_t k = 0; k < nsets; k++)
    pred_atoms_free(&sets[k]);
  pred_atoms_free(&tmp);
  mem_free(via);
  mem_free(at);
  mem_free(sets);
}

/* Predicate id, found at l, joins the precision where d->scope says:
 * at l, at every location of l's function, or at every location where it
 * is in scope; true when it is new somewhere. Once shared beyond l, a
 * (predicate, function) pair is not walked again. */
static bool pred_share_in(pred_dom *d, unsigned id, const cfa_node *l,
                          unsigned scope) {
  if (scope == PRED_AT_LOCATION) return pred_prec_add(d, l->id, id);
  unsigned nf = (unsigned)d->g->functions.len + 1;
  unsigned fn = scope == PRED_IN_FUNCTION && l->function
                    ? l->function->id + 1
                    : 0;
  uint64_t key = ((uint64_t)id * nf + fn) * PRED_MIX + 1;
  if (hmap_get(&d->shared, key)) return false;
  hmap_put(&d->shared, key, (void *)1);
  bool grew = false;
  for (size_t k = 0; k < d->g->nodes.len; k++) {
    const cfa_node *m = d->g->nodes.data[k];
    if (!m || m->absorbed || !pred_in_scope(d, id, m)) continue;
    if (fn && m->function != l->function) continue;
    grew |= pred_prec_add(d, m->id, id);
  }
  return grew;
}

static bool pred_share(pred_dom *d, unsigned id, const cfa_node *l) {
  return pred_share_in(d, id, l, d->scope);
}

/* The atom x as the condition of an assume edge at l (in d's arena). */
static cfa_edge *pred_atom_edge(pred_dom *d, const ex *x, const cfa_node *l) {
  cfa_edge *t = mem_arena_alloc(d->arena, sizeof *t);
  *t = *d->assume_tmpl;
  t->expr = x;
  t->truth = true;
  t->swapped = false;
  t->from = t->to = (cfa_node *)l;
  t->next_in = t->next_out = 0;
  return t;
}

/* Whether atom x may become a predicate at l. */
static bool pred_atom_fits(const ex *x, const cfa_node *l) {
  return pred_has_var(x) && !pred_foreign(x, l->function);
}

/* The atoms of s that may be predicates at l become predicates there
 * (those marked in keep, when given). */
static bool pred_atoms_at(pred_dom *d, const pred_atoms *s, const cfa_node *l,
                          const unsigned char *keep) {
  if (l->absorbed || !d->assume_tmpl) return false;
  bool grew = false;
  for (size_t i = 0; i < s->len; i++) {
    const ex *x = s->data[i].x;
    if ((keep && !keep[i]) || !pred_atom_fits(x, l)) continue;
    unsigned id = pred_of(d, pred_atom_edge(d, x, l));
    if (pred_in_scope(d, id, l)) grew |= pred_share(d, id, l);
  }
  return grew;
}

/* Push the touch of atom x at l (read its variables once: pred_pred). */
static void pred_touch_atom(pred_dom *d, const ex *x, const cfa_node *l) {
  ex *eq = mem_arena_alloc(d->arena, sizeof *eq);
  memset(eq, 0, sizeof *eq);
  smt_push_edge(d->smt, pred_atom_edge(d, pred_self_eq(eq, x), l));
}

/* The formulas of the atoms of s marked in `use` after what d->smt holds,
 * their variables read first (pushed: they stay); false when one is not
 * modelled. */
static bool pred_cut_atoms(pred_dom *d, const pred_atoms *s,
                           const unsigned char *use, const cfa_node *l,
                           smt_formula **atoms) {
  for (size_t i = 0; i < s->len; i++)
    if (use[i]) pred_touch_atom(d, s->data[i].x, l);
  for (size_t i = 0; i < s->len; i++)
    if (use[i] &&
        !(atoms[i] = smt_formula_assume(
              d->smt, pred_atom_edge(d, s->data[i].x, l), 0)))
      return false;
  return true;
}

/* Which atom of s stands for its text at l: 1 for the first of each text
 * that may be a predicate there (an atom may come with several origins). */
static void pred_cut_use(const pred_atoms *s, const cfa_node *l,
                         unsigned char *use) {
  for (size_t i = 0; i < s->len; i++) {
    use[i] = pred_atom_fits(s->data[i].x, l);
    for (size_t k = 0; k < i && use[i]; k++)
      use[i] = !(use[k] && pred_same_text(&s->data[k], &s->data[i]));
  }
}

/* The atoms each cut of the infeasible path needs, by the unsat core of
 * the path cut apart: every edge path[c] (a block, a call, a return) from
 * a state about which nothing is known (the frames of the calls open there
 * opened without arguments; path[0] from the program's start), its input
 * linked to the previous edge's output only through the atoms at the cut
 * between them (a[k] <=> b[k] under a literal each). When that chain is
 * unsatisfiable, the atoms whose links the core holds are enough for the
 * abstraction at each cut to refute the path (each edge abstracted from
 * what the atoms say, as pred_abstract does), so only they become
 * predicates: an interpolant sequence in the language of the atoms, where
 * the preconditions drag along every case of a switch and what assignments
 * carried them to (s3_srvr_1: 20 predicates in 7 refinements where the
 * preconditions gave 152 in 5, pred.h). Atoms about a
 * caller's locals are not at the cuts inside its callee (they wait for the
 * return: pred_refine_pass), so a path that needs them stays satisfiable
 * here. keep[c][i] for atom i of cuts[c]; false when the chain is
 * satisfiable, not modelled, or the solver could not tell. */
static bool pred_chain(pred_dom *d, const cfa_edge *const *path, size_t n,
                       const pred_atoms *cuts, unsigned char **keep) {
  smt_ctx *z = d->smt;
  size_t total = 0;
  for (size_t c = 1; c < n; c++)
    total += cuts[c].len;
  smt_formula **out = mem_calloc(total + 1, sizeof *out);
  smt_formula **in = mem_calloc(total + 1, sizeof *in);
  unsigned char *use = mem_calloc(total + 1, 1);
  size_t *at = mem_calloc(n + 1, sizeof *at); /* cut c's first slot */
  for (size_t c = 1, k = 0; c < n; c++) {
    at[c] = k;
    pred_cut_use(&cuts[c], path[c]->from, use + k);
    k += cuts[c].len;
  }
  VEC(const cfa_edge *) calls = {0};
  smt_formula *all = 0;
  bool ok = true;
  for (size_t c = 0; c < n && ok; c++) {
    smt_pop(z, smt_depth(z));
    if (c > 0) {
      for (size_t i = 0; i < calls.len && ok; i++)
        ok = smt_push_frame(z, calls.data[i]);
      ok = ok && pred_cut_atoms(d, &cuts[c], use + at[c], path[c]->from,
                                in + at[c]);
    }
    ok = ok && smt_push_edge(z, path[c]);
    if (c + 1 < n)
      ok = ok && pred_cut_atoms(d, &cuts[c + 1], use + at[c + 1],
                                path[c]->to, out + at[c + 1]);
    smt_formula *f = ok ? smt_formula_path(z, 0) : 0;
    ok = f != 0;
    if (ok) {
      smt_formula *g = all ? smt_formula_and(z, all, f) : 0;
      if (g) {
        smt_formula_free(z, all);
        smt_formula_free(z, f);
        all = g;
      } else
        all = f;
    }
    if (path[c]->kind == CFA_CALL) VEC_PUSH(calls, path[c]);
    if (path[c]->kind == CFA_RETURN && calls.len) calls.len--;
  }
  smt_pop(z, smt_depth(z));
  size_t m = 0;
  if (ok)
    for (size_t k = 0; k < total; k++)
      if (use[k]) {
        in[m] = in[k];
        out[m] = out[k];
        if (m != k) in[k] = out[k] = 0;
        m++;
      }
  unsigned char *core = mem_calloc(m + 1, 1);
  if (ok) {
    pred_bound(d); /* the chain's check within the run's time */
    smt_answer ans = smt_formula_core(z, all, (const smt_formula *const *)out,
                              (const smt_formula *const *)in, m, core, 0);
    ok = ans == SMT_ANSWER_NO;
  }
  if (ok)
    for (size_t c = 1, j = 0; c < n; c++) {
      const pred_atoms *s = &cuts[c];
      for (size_t i = 0; i < s->len; i++) {
        if (!use[at[c] + i]) continue;
        /* a cut with few atoms keeps them all: fewer predicates there
         * cost more refinements than they save (systemc) */
        bool kept = core[j++] || s->len <= d->cut_keep_all;
        /* every copy of a text goes with its link */
        for (size_t o = 0; o < s->len; o++)
          if (pred_same_text(&s->data[o], &s->data[i])) keep[c][o] = kept;
      }
    }
  for (size_t k = 0; k < total; k++) {
    smt_formula_free(z, in[k]);
    smt_formula_free(z, out[k]);
  }
  smt_formula_free(z, all);
  VEC_FREE(calls);
  mem_free(core);
  mem_free(at);
  mem_free(use);
  mem_free(in);
  mem_free(out);
  return ok;
}

/* The atoms at cut (between path[cut-1] and path[cut], location l) become
 * predicates, or (d->cuts, the pass that collects for pred_chain) are kept
 * there for later. */
static bool pred_atoms_cut(pred_dom *d, const pred_atoms *s, const cfa_node *l,
                           size_t cut) {
  if (!d->cuts) return pred_atoms_at(d, s, l, 0);
  pred_atoms *cuts = d->cuts;
  pred_atoms_union(d, &cuts[cut], s);
  return false;
}

/* Refinement by the cuts' needs (pred_chain): whether a predicate was
 * added; *late when the deadline cut the collecting pass short. */
static bool pred_refine_pass(pred_dom *d, const cfa_edge *const *path,
                             size_t n, const size_t *core, size_t ncore,
                             bool *late_out);
static bool pred_refine_chain(pred_dom *d, const cfa_edge *const *path,
                              size_t n, const size_t *core, size_t ncore,
                              bool *late, bool *chained) {
  *chained = false;
  pred_atoms *cuts = mem_calloc(n + 1, sizeof *cuts);
  d->cuts = cuts;
  pred_refine_pass(d, path, n, core, ncore, late);
  d->cuts = 0;
  bool grew = false;
  if (!*late && n > 1) {
    unsigned char **keep = mem_calloc(n + 1, sizeof *keep);
    for (size_t c = 0; c < n; c++)
      keep[c] = mem_calloc(cuts[c].len + 1, 1);
    if (pred_chain(d, path, n, cuts, keep)) {
      *chained = true;
      for (size_t c = 1; c < n; c++)
        grew |= pred_atoms_at(d, &cuts[c], path[c]->from, keep[c]);
    }
    for (size_t c = 0; c < n; c++)
      mem_free(keep[c]);
    mem_free(keep);
  }
  for (size_t c = 0; c <= n; c++)
    pred_atoms_free(&cuts[c]);
  mem_free(cuts);
  return grew;
}

/* One pass of pred_refine with at most d->atoms_max atoms at a position:
 * whether a predicate was added; *late when the deadline cut it short. */
static bool pred_refine_pass(pred_dom *d, const cfa_edge *const *path,
                             size_t n, const size_t *core, size_t ncore,
                             bool *late_out) {
  bool grew = false;
  /* Backwards from the end of the path (the precondition of the empty
   * rest is true), each position's atoms become predicates at that
   * location. Atoms about the caller's locals wait at a return until the
   * call (the callee changes them only through pointers: the atoms are
   * candidates, the abstraction decides what holds). */
  pred_atoms cur = {0}, next = {0};
  VEC(pred_atoms) frozen = {0};
  bool late = false;
  for (size_t i = n; i-- > 0;) {
    const cfa_edge *e = path[i];
    /* long paths through large blocks take time: a refinement past the
     * deadline stops and asks for a round, which stops by time at once
     * (the reason is the time limit, not a lack of predicates) */
    if (d->deadline > 0 && (i & 15) == 0 && lim_clock() > d->deadline) {
      late = true;
      break;
    }
    grew |= pred_atoms_cut(d, &cur, e->to, i + 1);
    bool in_core = false;
    for (size_t k = 0; k < ncore && !d->relaxing; k++)
      in_core |= core[k] == i;
    if (d->relaxing) in_core = pred_relax_keeps(d, i, 0); /* its own core */
    pred_atoms_clear(&next);
    if (e->kind == CFA_BLOCK)
      pred_pre_block(d, e, i, &cur, in_core, &next);
    else if (e->kind == CFA_RETURN) {
      pred_atoms keep = {0};
      for (size_t k = 0; k < cur.len; k++) {
        const ex *x = cur.data[k].x, *w = pred_wp_return(d, x, e);
        const ex *lhs = e->call->lhs ? ex_strip_implicit(e->call->lhs) : 0;
        if (w)
          pred_atoms_put(d, &next, w, cur.data[k].origin,
                         w == x ? cur.data[k].text : 0);
        else if (!(lhs && lhs->kind == EX_VAR && pred_reads(x, lhs->var)))
          pred_atoms_put(d, &keep, x, cur.data[k].origin, cur.data[k].text);
      }
      VEC_PUSH(frozen, keep);
    } else if (e->kind == CFA_CALL) {
      for (size_t k = 0; k < cur.len; k++) {
        const ex *w = pred_wp_call(d, cur.data[k].x, e);
        pred_atoms_put(d, &next, w, cur.data[k].origin,
                       w == cur.data[k].x ? cur.data[k].text : 0);
      }
      if (frozen.len) {
        pred_atoms_union(d, &next, &frozen.data[frozen.len - 1]);
        pred_atoms_free(&frozen.data[--frozen.len]);
      }
    } else
      pred_pre_plain(d, e->orig ? e->orig : e, &cur, in_core, &next);
    pred_atoms t = cur;
    cur = next;
    next = t;
  }
  if (n && !late) grew |= pred_atoms_at(d, &cur, path[0]->from, 0);
  pred_atoms_free(&cur);
  pred_atoms_free(&next);
  for (size_t k = 0; k < frozen.len; k++)
    pred_atoms_free(&frozen.data[k]);
  VEC_FREE(frozen);
  *late_out = late;
  return grew;
}

/* The locations of the path abstract exactly from now on (minterms:
 * dearer, but a path the predicates refute is refuted); false when they
 * all did (or the abstraction is Cartesian). */
static bool pred_exact_path(pred_dom *d, const cfa_edge *const *path,
                            size_t n) {
  bool grew = false;
  for (size_t i = 0; i < n && !d->cartesian; i++) {
    unsigned id = path[i]->to->id;
    if (path[i]->to->absorbed || d->exact[id]) continue;
    d->exact[id] = 1;
    d->ver[id]++;
    d->exact_locations++;
    grew = true;
  }
  return grew;
}

/* Atoms a seed refinement takes from the program at most (pred_seed), and
 * the refinements after which it comes first. */
#define PRED_SEED_MAX 48
#define PRED_SEED_AFTER 4

/* The last resort of a refinement that found nothing new: the conditions
 * of the program's branches in the functions the path passes (and, at
 * their calls, the conditions of the callees' branches on their
 * parameters, with the arguments put in: `__VERIFIER_assert(!(x % 2))`
 * gives `x % 2`) become predicates at every location of the path. A
 * precondition along one path is one unrolling of a loop after another;
 * the program's own conditions often hold the invariant (`x % 2 == 0`
 * over `x -= 2`). At most PRED_SEED_MAX atoms, else nothing. */
/* The original edges behind edge i of g (a large block's, or the edge). */
static size_t pred_seed_edges(const cfa *g, size_t i, const cfa_edge *const **out) {
  const cfa_edge *e = g->edges.data[i];
  if (e->kind == CFA_BLOCK) {
    *out = e->block;
    return e->nblock;
  }
  *out = (const cfa_edge *const *)&g->edges.data[i];
  return 1;
}

/* Seed atoms from edge e (pred_seed): its condition, or at a call the
 * conditions of the callee's branches with the arguments put in. */
static void pred_seed_from(pred_dom *d, const cfa_edge *e, pred_atoms *seeds) {
  const cfa *g = d->g;
  if (e->kind == CFA_ASSUME) {
    pred_atoms_add(d, seeds, e->expr, 0);
    return;
  }
  if (e->kind != CFA_CALL || !e->callee || !e->callee->nparams) return;
  for (size_t j = 0; j < g->edges.len && seeds->len <= PRED_SEED_MAX; j++) {
    const cfa_edge *const *in;
    size_t k = pred_seed_edges(g, j, &in);
    for (size_t t = 0; t < k; t++) {
      const cfa_edge *a = in[t];
      if (a->kind != CFA_ASSUME || !a->from->function ||
          a->from->function->id != e->callee->id)
        continue;
      const ex *w = pred_wp_call(d, a->expr, e);
      if (w && w != a->expr) pred_atoms_add(d, seeds, w, 0);
    }
  }
}

static bool pred_seed(pred_dom *d, const cfa_edge *const *path, size_t n) {
  const cfa *g = d->g;
  if (!n) return false;
  unsigned char *on = mem_calloc(g->functions.len + 1, 1);
  for (size_t i = 0; i < n; i++) {
    const cfa_function *f = path[i]->from->function;
    if (f && f->id < g->functions.len) on[f->id] = 1;
    f = path[i]->to->function;
    if (f && f->id < g->functions.len) on[f->id] = 1;
  }
  pred_atoms seeds = {0};
  size_t atoms_max = d->atoms_max;
  d->atoms_max = PRED_SEED_MAX + 1; /* one more: too many is said by it */
  for (size_t i = 0; i < g->edges.len && seeds.len <= PRED_SEED_MAX; i++) {
    const cfa_edge *const *in;
    size_t k = pred_seed_edges(g, i, &in);
    for (size_t t = 0; t < k; t++) {
      const cfa_function *f = in[t]->from->function;
      if (f && f->id < g->functions.len && on[f->id])
        pred_seed_from(d, in[t], &seeds);
    }
  }
  d->atoms_max = atoms_max;
  bool grew = false;
  if (seeds.len <= PRED_SEED_MAX) {
    grew |= pred_atoms_at(d, &seeds, path[0]->from, 0);
    for (size_t i = 0; i < n; i++)
      grew |= pred_atoms_at(d, &seeds, path[i]->to, 0);
  }
  if (grew) d->seed_refinements++;
  pred_atoms_free(&seeds);
  mem_free(on);
  return grew;
}

static bool pred_refine_body(pred_dom *d, const cfa_edge *const *path,
                             size_t n, const size_t *core, size_t ncore) {
  bool late = false;
  d->atoms_max = PRED_ATOMS_MAX;
  /* first only the atoms each cut needs; when they are nothing new, the
   * path lives on the widened cubes (the chain showed that exact ones
   * refute it: pred_exact_path), else all atoms */
  bool chained = false;
  /* refinements that keep coming: preconditions unroll a loop; the
   * program's conditions first (pred_seed) */
  if (d->refinements_grew >= PRED_SEED_AFTER && pred_seed(d, path, n)) {
    d->refinements_grew++;
    return true;
  }
  /* --refinement newton: relax the path to its unsat core first */
  smt_branch *relax = 0;
  size_t nrelax = d->relaxed ? smt_branch_core(d->smt, path, n, &relax)
                             : SIZE_MAX;
  if (nrelax != SIZE_MAX) {
    d->relaxing = true;
    for (size_t k = 0; k < nrelax; k++)
      hmap_put(&d->relax, pred_relax_key(relax[k].step, relax[k].node),
               (void *)1);
    d->relaxations++;
    d->relaxed_kept += nrelax;
  }
  mem_free(relax);
  bool grew = d->selecting &&
              pred_refine_chain(d, path, n, core, ncore, &late, &chained);
  if (d->selecting && !chained && !late) { /* atoms dropped at the cap */
    d->atoms_max = PRED_ATOMS_WIDE;
    grew = pred_refine_chain(d, path, n, core, ncore, &late, &chained);
    d->atoms_max = PRED_ATOMS_MAX;
  }
  if (!grew && chained && !late) grew = pred_exact_path(d, path, n);
  if (!grew && !late) grew = pred_refine_pass(d, path, n, core, ncore, &late);
  if (!grew && !late) {
    d->atoms_max = PRED_ATOMS_WIDE;
    grew = pred_refine_pass(d, path, n, core, ncore, &late);
    if (grew) d->wide_refinements++;
    d->atoms_max = PRED_ATOMS_MAX;
  }
  if (!grew && !late && d->relaxing) { /* the relaxed path gave nothing new */
    d->relaxing = false;
    d->relax_failed++;
    grew = pred_refine_pass(d, path, n, core, ncore, &late);
    if (!grew && !late) {
      d->atoms_max = PRED_ATOMS_WIDE;
      grew = pred_refine_pass(d, path, n, core, ncore, &late);
      d->atoms_max = PRED_ATOMS_MAX;
    }
  }
  /* No new predicate, yet the path was spurious: the widened cubes of the
   * Boolean abstraction (SMT_ABS_WIDENED) may admit assignments the block
   * does not, and this path may live on them. The locations of the path
   * abstract exactly from now on (minterms: dearer, but then a path the
   * predicates can refute is refuted). */
  if (late) grew = true;
  d->relaxing = false;
  hmap_free(&d->relax);
  if (!grew) grew = pred_exact_path(d, path, n);
  if (!grew) grew = pred_seed(d, path, n);
  if (grew) d->refinements_grew++;
  return grew;
}

static bool pred_refine(void *dv, const cfa_edge *const *path, size_t n,
                        const size_t *core, size_t ncore) {
  pred_dom *d = dv;
  double t0 = lim_clock();
  bool grew = pred_refine_body(d, path, n, core, ncore);
  d->refine_seconds += lim_clock() - t0;
  return grew;
}

const pr_domain pred_domain = {"predicate", pred_initial, pred_post,
                               0,           pred_hash_state, pred_equal,
                               pred_covers, pred_release,    pred_refine,
                               pred_condition, 0};

/* ---------- setup ---------- */

void pred_dom_init(pred_dom *d, const cfa *g, bool cartesian,
                   unsigned timeout_ms, smt_ctx *share) {
  memset(d, 0, sizeof *d);
  d->g = g;
  d->smt = smt_new_sharing(g, timeout_ms, share);
  smt_set_raw(d->smt, true);
  d->timeout_ms = timeout_ms;
  d->cartesian = cartesian;
  d->max_cubes = 4096;
  d->arena = mem_arena_new();
  d->mark = mem_calloc(g->vars.len + 1, 1);
  d->written = mem_calloc(g->vars.len + 1, 1);
  d->touched = mem_calloc(g->vars.len + 1, 1);
  d->prec = mem_calloc(g->nodes.len + 1, sizeof *d->prec);
  d->ver = mem_calloc(g->nodes.len + 1, sizeof *d->ver);
  d->exact = mem_calloc(g->nodes.len + 1, 1);
  for (size_t i = 0; i < g->edges.len && !d->assume_tmpl; i++) {
    const cfa_edge *e = g->edges.data[i];
    const cfa_edge *const *in = &e;
    size_t n = 1;
    if (e->kind == CFA_BLOCK) in = e->block, n = e->nblock;
    for (size_t k = 0; k < n && !d->assume_tmpl; k++)
      if (in[k]->kind == CFA_ASSUME && in[k]->expr) d->assume_tmpl = in[k];
  }
  d->mem = (unsigned)g->vars.len;
  d->pointed = pred_pointed(g);
  if (d->pointed) smt_set_open(d->smt, d->pointed);
  d->call_into = mem_calloc(g->functions.len + 1, sizeof *d->call_into);
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    if (e->kind == CFA_CALL && e->callee && !d->call_into[e->callee->id])
      d->call_into[e->callee->id] = e;
  }
}

bool pred_dom_use_bdd(pred_dom *d) {
  if (!d->bdd) d->bdd = pbdd_open();
  return d->bdd;
}

void pred_dom_free(pred_dom *d) {
  pred_cache_clear(d);
  pred_pcache_clear(d);
  mem_free(d->kept);
  VEC_FREE(d->marked);
  if (d->bdd) pbdd_close();
  for (size_t i = 0; i < d->preds.len; i++) {
    mem_free((char *)d->preds.data[i].key);
    mem_free((ex *)d->preds.data[i].touch->expr);
    mem_free(d->preds.data[i].touch);
    VEC_FREE(d->preds.data[i].vars);
  }
  mem_free(d->mark);
  mem_free(d->written);
  mem_free(d->touched);
  hmap_free(&d->shared);
  for (size_t i = 0; i < d->writes.cap; i++) {
    pred_written *w = d->writes.vals ? d->writes.vals[i] : 0;
    if (!w) continue;
    VEC_FREE(w->vars);
    VEC_FREE(w->used);
    mem_free(w);
  }
  hmap_free(&d->writes);
  VEC_FREE(d->preds);
  hmap_free(&d->bykey);
  hmap_free(&d->relax);
  for (size_t i = 0; i < d->g->nodes.len + 1; i++)
    VEC_FREE(d->prec[i]);
  mem_free(d->prec);
  mem_free(d->ver);
  mem_free(d->exact);
  mem_arena_free(d->arena);
  mem_free(d->call_into);
  mem_free(d->unsupported);
  mem_free(d->unknown);
  smt_free(d->smt);
  mem_free(d->pointed);
}
