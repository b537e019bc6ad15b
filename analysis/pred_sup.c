/* pred_sup: which programs the predicate domain models (pred_supported,
 * pred.h), what of their memory it must treat as shared (pred_pointed),
 * how a write of memory splits the preconditions (pred_mem_split), and
 * what an expression must be to be a predicate (pred_pure).
 * A block's post starts from a state about which only the predicates are
 * known: every variable fresh. That is sound for integers. For pointers it
 * is sound with the open memory of the path encoding (smtm.h, smtm_open):
 * a fresh pointer may point into any object a pointer may point into (the
 * variables pred_pointed marks, made escaped) or into memory the block
 * does not model (the heap of earlier blocks, a caller's locals: per-type
 * arrays indexed by the pointer). So a program that makes addresses (`&`,
 * an array used as a pointer, an allocation, a function used as a value)
 * is modelled with open memory; one that makes none keeps the closed
 * model, where a pointer from outside points into no object (a string
 * literal's object makes no difference: it is read only, and a pointer
 * from before into one reads unknown values in either model). A fresh
 * function pointer may be any function's, and a call through it is the
 * front end's choice among them. Still refused: unions (their members
 * alias each other's bytes). */
#include "pred.h"

#include "lib/mem.h"

#include <stdio.h>
#include <string.h>

/* What in a value of type t the predicate domain does not model: "a
 * union" (its bytes alias its other members), or NULL. */
static const char *pred_unmodelled(const ty *t, unsigned depth) {
  if (!t) return 0;
  if (depth > 16) return "a type nested more than 16 deep";
  switch (t->kind) {
  case TY_UNION:
    return "a union";
  case TY_ARRAY:
    return pred_unmodelled(t->elem, depth + 1);
  case TY_STRUCT:
    for (unsigned i = 0; i < t->nfields; i++) {
      const char *w = pred_unmodelled(t->fields[i].type, depth + 1);
      if (w) return w;
    }
    return 0;
  default:
    return 0;
  }
}

/* Whether x is an array converted to a pointer (an implicit cast). */
static bool pred_sup_decay(const ex *x) {
  return x && x->kind == EX_CAST && x->implicit && x->a && x->a->type &&
         x->a->type->kind == TY_ARRAY;
}

/* The variable whose object lvalue x designates a part of (through
 * members and array elements, not through pointers), or NULL. */
static const cfa_var *pred_sup_base(const ex *x) {
  for (unsigned depth = 0; x && depth < 64; depth++) {
    if (x->kind == EX_VAR) return x->var;
    if (x->kind == EX_MEMBER && !x->arrow)
      x = x->a;
    else if (x->kind == EX_INDEX && pred_sup_decay(x->a))
      x = x->a->a;
    else if (x->kind == EX_CAST)
      x = x->a;
    else
      return 0;
  }
  return 0;
}

typedef struct {
  unsigned char *pointed; /* by variable id */
  size_t n;
  bool any; /* some address is made */
} pred_sup_pt;

/* Mark in P the variables x makes an address into. */
static void pred_sup_mark(pred_sup_pt *P, const ex *x, unsigned depth) {
  if (!x || depth > 256) return;
  const ex *into = 0;
  if (x->kind == EX_UNARY && x->op == EX_OP_ADDR) {
    into = x->a;
    P->any = true;
  } else if (pred_sup_decay(x) && x->a->kind != EX_STRING) {
    /* (a string literal's object is read only: a pointer from before
     * into one reads unknown values, which is all the closed model says) */
    into = x->a;
    P->any = true;
  } else if ((x->kind == EX_CALL && cfa_is_alloc_fn(x->func_name)) ||
             x->kind == EX_FUNC)
    P->any = true;
  if (x->kind == EX_CALL) { /* a direct callee is no function's value */
    const ex *callee = x->a ? ex_strip_implicit(x->a) : 0;
    if (!callee || callee->kind != EX_FUNC) pred_sup_mark(P, x->a, depth + 1);
    for (unsigned i = 0; i < x->nargs; i++)
      pred_sup_mark(P, x->args[i], depth + 1);
    return;
  }
  if (x->kind == EX_INDEX && pred_sup_decay(x->a)) {
    /* a[i]: an access, not an address; a's own operand may make one */
    pred_sup_mark(P, x->a->a, depth + 1);
    pred_sup_mark(P, x->b, depth + 1);
    return;
  }
  const cfa_var *v = into ? pred_sup_base(into) : 0;
  if (v && v->id < P->n) P->pointed[v->id] = 1;
  pred_sup_mark(P, x->a, depth + 1);
  pred_sup_mark(P, x->b, depth + 1);
  pred_sup_mark(P, x->c, depth + 1);
  for (unsigned i = 0; i < x->nargs; i++)
    pred_sup_mark(P, x->args[i], depth + 1);
}

/* cfa_find_edge: mark what e's text points into (never stops). */
static bool pred_sup_edge_mark(const cfa_edge *e, void *arg) {
  pred_sup_mark(arg, e->expr, 0);
  return false;
}

unsigned char *pred_pointed(const cfa *g) {
  pred_sup_pt P = {mem_calloc(g->vars.len + 1, 1), g->vars.len, false};
  cfa_find_edge(g, pred_sup_edge_mark, &P);
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    if (v->address_taken && !(v->type && v->type->kind == TY_FUNCTION))
      P.pointed[i] = 1, P.any = true;
  }
  if (!P.any) {
    mem_free(P.pointed);
    return 0;
  }
  return P.pointed;
}

const cfa_var *pred_lvalue_var(const ex *l, bool *mem) {
  *mem = false;
  const cfa_var *v = pred_sup_base(ex_strip_implicit(l));
  if (!v) *mem = true;
  return v;
}

bool pred_reads_memory(const unsigned char *pointed, const ex *x) {
  if (!x || !pointed) return false;
  if (x->kind == EX_VAR && x->var && pointed[x->var->id]) return true;
  if (x->kind == EX_UNARY && x->op == EX_OP_DEREF) return true;
  if (x->kind == EX_MEMBER && x->arrow) return true;
  if (x->kind == EX_INDEX && !pred_sup_decay(x->a)) return true;
  if (x->kind == EX_CALL && cfa_is_alloc_fn(x->func_name)) return true;
  if (x->kind == EX_CALL) /* code given a pointer may write through it */
    for (unsigned i = 0; i < x->nargs; i++) {
      const ty *t = x->args[i] ? x->args[i]->type : 0;
      if (!t || t->kind == TY_POINTER || t->kind == TY_ARRAY) return true;
    }
  if (pred_reads_memory(pointed, x->a) || pred_reads_memory(pointed, x->b) ||
      pred_reads_memory(pointed, x->c))
    return true;
  for (unsigned i = 0; i < x->nargs; i++)
    if (pred_reads_memory(pointed, x->args[i])) return true;
  return false;
}

const char *pred_supported(const cfa *g) {
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    if (v->type && v->type->kind == TY_FUNCTION) continue;
    const char *un = pred_unmodelled(v->type, 0);
    if (!un) continue;
    char *m = v->type->kind != TY_UNION
                  ? mem_printf("a variable holding %s: %s at %s:%u (the "
                               "predicate domain does not model unions)",
                               un, v->name, g->path, v->line)
                  : mem_printf("%s: %s at %s:%u (the predicate domain does "
                               "not model unions)",
                               un, v->name, g->path, v->line);
    const char *r = mem_arena_strdup(g->arena, m);
    mem_free(m);
    return r;
  }
  return 0;
}

/* ---------- writes of memory in the preconditions ---------- */

/* A pointer to T of ptr_size bytes (in arena). */
static const ty *pred_sup_ptr_to(mem_arena *arena, unsigned ptr_size,
                                 const ty *T) {
  ty *t = mem_arena_alloc(arena, sizeof *t);
  memset(t, 0, sizeof *t);
  t->kind = TY_POINTER;
  t->is_complete = true;
  t->size = ptr_size;
  t->spelling = "pointer";
  t->elem = T;
  return t;
}

/* A new node of kind k (op, type, operands a and b) in arena. */
static ex *pred_sup_node(mem_arena *arena, ex_kind k, ex_op op,
                         const ty *type, const ex *a, const ex *b,
                         unsigned line) {
  ex *x = mem_arena_alloc(arena, sizeof *x);
  memset(x, 0, sizeof *x);
  x->kind = k;
  x->op = op;
  x->type = type;
  x->a = (ex *)a;
  x->b = (ex *)b;
  x->line = line;
  return x;
}

static bool pred_sup_calls(const ex *x) {
  if (!x) return false;
  if (x->kind == EX_CALL) return true;
  return pred_sup_calls(x->a) || pred_sup_calls(x->b) || pred_sup_calls(x->c);
}

/* Whether x is an access of memory a write through a pointer may change
 * (a variable a pointer may point into, or through a pointer). */
static bool pred_sup_access(const unsigned char *pointed, const ex *x) {
  if (x->kind != EX_VAR && x->kind != EX_MEMBER && x->kind != EX_INDEX &&
      !(x->kind == EX_UNARY && x->op == EX_OP_DEREF))
    return false;
  bool mem = false;
  const cfa_var *v = pred_lvalue_var(x, &mem);
  return mem || (v && pointed[v->id]);
}

/* The lvalue edge e writes memory through (a pointer, or a variable a
 * pointer may point into), and in *by the value it writes (NULL when no
 * expression says it: a call, a conversion), or NULL. */
static const ex *pred_sup_written(const unsigned char *pointed,
                                  mem_arena *arena, const cfa_edge *e,
                                  const ex **by) {
  *by = 0;
  if (e->kind != CFA_STATEMENT || !e->expr || e->is_return) return 0;
  const ex *x = ex_strip_implicit(e->expr);
  const ex *l = 0;
  bool inc = x->kind == EX_UNARY &&
             (x->op == EX_OP_PREINC || x->op == EX_OP_POSTINC ||
              x->op == EX_OP_PREDEC || x->op == EX_OP_POSTDEC);
  if (x->kind == EX_ASSIGN || inc) l = ex_strip_implicit(x->a);
  if (!l || !pred_sup_access(pointed, l) || !l->type || !ty_is_scalar(l->type))
    return 0;
  if (x->kind == EX_ASSIGN && !pred_sup_calls(x->b)) {
    if (x->op == EX_OP_NONE)
      *by = x->b;
    else if (ty_is_integer(l->type) && x->b->type == l->type)
      *by = pred_sup_node(arena, EX_BINARY, x->op, l->type, l, x->b, x->line);
  } else if (inc && ty_is_integer(l->type)) {
    ex *one = pred_sup_node(arena, EX_INT, EX_OP_NONE, l->type, 0, 0, x->line);
    one->u = 1;
    *by = pred_sup_node(arena, EX_BINARY,
                        x->op == EX_OP_PREINC || x->op == EX_OP_POSTINC
                            ? EX_OP_ADD
                            : EX_OP_SUB,
                        l->type, l, one, x->line);
  }
  return l;
}

/* A copy of x (in arena) with operands n[0..3). */
static const ex *pred_sup_with(mem_arena *arena, const ex *x,
                               const ex *const n[3]) {
  ex *c = mem_arena_alloc(arena, sizeof *c);
  *c = *x;
  c->a = (ex *)n[0];
  c->b = (ex *)n[1];
  c->c = (ex *)n[2];
  return c;
}

/* x with its node `at` replaced by `by` (new nodes where it changed). */
static const ex *pred_sup_replace(mem_arena *arena, const ex *x, const ex *at,
                                  const ex *by) {
  if (!x) return 0;
  if (x == at) return by;
  const ex *k[3] = {x->a, x->b, x->c}, *n[3];
  bool ch = false;
  for (int i = 0; i < 3; i++)
    ch |= (n[i] = pred_sup_replace(arena, k[i], at, by)) != k[i];
  return ch ? pred_sup_with(arena, x, n) : x;
}

typedef struct {
  const unsigned char *pointed;
  mem_arena *arena;
  unsigned ptr_size;
  const ex *l, *by, *root;
  const ex **out;
  size_t n, max;
} pred_sup_split;

/* pred_mem_split over the accesses in x (a part of S->root). */
static void pred_sup_split_in(pred_sup_split *S, const ex *x) {
  if (!x || S->n + 2 > S->max) return;
  const ty *t = x->type, *lt = S->l->type;
  if (pred_sup_access(S->pointed, x) && t && ty_is_scalar(t) &&
      t->size == lt->size &&
      (t->kind == TY_POINTER) == (lt->kind == TY_POINTER)) {
    ex *al = pred_sup_node(S->arena, EX_UNARY, EX_OP_ADDR,
                           pred_sup_ptr_to(S->arena, S->ptr_size, lt), S->l, 0,
                           x->line);
    ex *ax = pred_sup_node(S->arena, EX_UNARY, EX_OP_ADDR,
                           pred_sup_ptr_to(S->arena, S->ptr_size, t), x, 0,
                           x->line);
    S->out[S->n++] = pred_sup_node(S->arena, EX_BINARY, EX_OP_EQ,
                                   S->root->type, al, ax, x->line);
    if (S->by) S->out[S->n++] = pred_sup_replace(S->arena, S->root, x, S->by);
  }
  pred_sup_split_in(S, x->a);
  pred_sup_split_in(S, x->b);
  pred_sup_split_in(S, x->c);
}

size_t pred_mem_split(const unsigned char *pointed, mem_arena *arena,
                      unsigned ptr_size, const cfa_edge *e, const ex *atom,
                      const ex **out, size_t max) {
  if (!pointed || !atom || !atom->type || !ty_is_integer(atom->type)) return 0;
  pred_sup_split S = {pointed, arena, ptr_size, 0, 0, atom, out, 0, max};
  S.l = pred_sup_written(pointed, arena, e, &S.by);
  if (S.l) pred_sup_split_in(&S, atom);
  return S.n;
}

/* ---------- predicates: conditions on a state ---------- */

const ex *pred_pure(mem_arena *arena, const ex *x) {
  if (!x) return 0;
  if (x->kind == EX_ASSIGN || x->kind == EX_CALL ||
      (x->kind == EX_BINARY && x->op == EX_OP_COMMA))
    return 0;
  if (x->kind == EX_UNARY &&
      (x->op == EX_OP_POSTINC || x->op == EX_OP_POSTDEC ||
       x->op == EX_OP_PREINC || x->op == EX_OP_PREDEC)) {
    const ex *v = pred_pure(arena, x->a);
    if (!v || x->op == EX_OP_POSTINC || x->op == EX_OP_POSTDEC) return v;
    if (!x->a->type || !ty_is_integer(x->a->type)) return 0;
    ex *one = mem_arena_alloc(arena, sizeof *one);
    one->kind = EX_INT;
    one->type = x->a->type;
    one->u = 1;
    one->line = x->line;
    ex *b = mem_arena_alloc(arena, sizeof *b);
    b->kind = EX_BINARY;
    b->op = x->op == EX_OP_PREINC ? EX_OP_ADD : EX_OP_SUB;
    b->type = x->a->type;
    b->a = (ex *)v;
    b->b = one;
    b->line = x->line;
    return b;
  }
  if (x->nargs) return x; /* an initialiser list: no side effect in it */
  const ex *k[3] = {x->a, x->b, x->c}, *n[3];
  bool ch = false;
  for (int i = 0; i < 3; i++) {
    n[i] = k[i] ? pred_pure(arena, k[i]) : 0;
    if (k[i] && !n[i]) return 0;
    ch |= n[i] != k[i];
  }
  return ch ? pred_sup_with(arena, x, n) : x;
}
