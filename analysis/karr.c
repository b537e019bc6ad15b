/* karr: affine equalities at loop heads (see karr.h). */
#include "karr.h"

#include "lib/mem.h"
#include "program/ctype.h"
#include "program/expr.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* An affine subspace of Q^n: the point p plus the span of the k rows of v
 * (n entries each), kept in reduced echelon form with integer entries
 * (each pivot column zero in the other rows); unreached when !on. */
typedef struct {
  bool on;
  unsigned k;
  int64_t *p, *v;
  /* by dimension: the low t bits of the variable are c (t = 0: nothing
   * known; t = its width: its value) */
  unsigned char *t;
  uint64_t *c;
} kval;

/* Known low bits of an integer value of width w: value mod 2^t == c. */
typedef struct {
  unsigned t;
  uint64_t c;
} kbits;

typedef struct {
  const cfa *g;
  unsigned n;      /* tracked variables */
  int *dim;        /* by var id: its dimension, -1 if untracked */
  const cfa_var **var; /* by dimension */
  kval *val;       /* by node id */
  kval *tmp;       /* by node id: inside a large block */
  bool overflow;   /* some number outgrew 64 bits: no result */
  /* by dimension: some reachable assignment gives it a value that is not
   * a constant (its low bits are worth a predicate; a variable that only
   * takes constants, a state machine's state, is found by refinement) */
  bool *computed;
  int64_t *a;      /* scratch: coefficients of an expression */
} karr;

/* ---------- numbers ---------- */

static int64_t k_gcd(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static int64_t k_mul(karr *K, int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r) || r == INT64_MIN) {
    K->overflow = true;
    return 0;
  }
  return r;
}

static int64_t k_add(karr *K, int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r) || r == INT64_MIN) {
    K->overflow = true;
    return 0;
  }
  return r;
}

/* Divide row r (n entries) by the gcd of its entries, first nonzero
 * entry positive. */
static void k_norm(unsigned n, int64_t *r) {
  int64_t g = 0;
  unsigned first = n;
  for (unsigned i = 0; i < n; i++)
    if (r[i]) {
      g = k_gcd(g, r[i]);
      if (first == n) first = i;
    }
  if (!g) return;
  if (r[first] < 0) g = -g;
  for (unsigned i = 0; i < n; i++)
    r[i] /= g;
}

/* The low t bits. */
static uint64_t kb_mask(unsigned t) {
  return t >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << t) - 1;
}

/* ---------- subspaces ---------- */

static void k_alloc(const karr *K, kval *x) {
  if (x->p) return;
  x->p = mem_calloc(K->n + 1, sizeof *x->p);
  x->v = mem_calloc((size_t)K->n * K->n + 1, sizeof *x->v);
  x->t = mem_calloc(K->n + 1, sizeof *x->t);
  x->c = mem_calloc(K->n + 1, sizeof *x->c);
}

static void k_release(kval *x) {
  mem_free(x->p);
  mem_free(x->v);
  mem_free(x->t);
  mem_free(x->c);
}

static void k_copy(const karr *K, kval *to, const kval *from) {
  k_alloc(K, to);
  to->on = from->on;
  to->k = from->k;
  memcpy(to->p, from->p, K->n * sizeof *to->p);
  memcpy(to->v, from->v, (size_t)from->k * K->n * sizeof *to->v);
  memcpy(to->t, from->t, K->n * sizeof *to->t);
  memcpy(to->c, from->c, K->n * sizeof *to->c);
}

static void k_top(const karr *K, kval *x) {
  k_alloc(K, x);
  x->on = true;
  x->k = K->n;
  memset(x->p, 0, K->n * sizeof *x->p);
  memset(x->v, 0, (size_t)K->n * K->n * sizeof *x->v);
  for (unsigned i = 0; i < K->n; i++)
    x->v[(size_t)i * K->n + i] = 1;
  memset(x->t, 0, K->n * sizeof *x->t);
  memset(x->c, 0, K->n * sizeof *x->c);
}

/* Reduced echelon form of the k rows of m (w entries each; pivots among
 * the first c columns), by fraction-free elimination: the rank. */
static unsigned k_echelon(karr *K, int64_t *m, unsigned k, unsigned w,
                          unsigned c) {
  unsigned rank = 0;
  for (unsigned col = 0; col < c && rank < k; col++) {
    unsigned piv = rank;
    while (piv < k && !m[(size_t)piv * w + col])
      piv++;
    if (piv == k) continue;
    int64_t *R = m + (size_t)rank * w;
    if (piv != rank) {
      int64_t *P = m + (size_t)piv * w;
      for (unsigned j = 0; j < w; j++) {
        int64_t t = R[j];
        R[j] = P[j];
        P[j] = t;
      }
    }
    k_norm(w, R);
    for (unsigned i = 0; i < k; i++) {
      int64_t *S = m + (size_t)i * w;
      if (i == rank || !S[col]) continue;
      int64_t f = S[col], pr = R[col];
      for (unsigned j = 0; j < w; j++)
        S[j] = k_add(K, k_mul(K, S[j], pr), -k_mul(K, R[j], f));
      k_norm(w, S);
    }
    rank++;
  }
  return rank;
}

static void k_reduce(karr *K, kval *x) {
  x->k = k_echelon(K, x->v, x->k, K->n, K->n);
}

/* Add direction d (n entries) to x's span. */
static void k_span(karr *K, kval *x, const int64_t *d) {
  bool zero = true;
  for (unsigned i = 0; i < K->n && zero; i++)
    zero = !d[i];
  if (zero || x->k >= K->n) return;
  memcpy(x->v + (size_t)x->k * K->n, d, K->n * sizeof *d);
  x->k++;
  k_reduce(K, x);
}

static void k_havoc(karr *K, kval *x, int d) {
  if (d < 0 || !x->on) return;
  x->t[d] = 0;
  x->c[d] = 0;
  int64_t *u = mem_calloc(K->n + 1, sizeof *u);
  u[d] = 1;
  k_span(K, x, u);
  mem_free(u);
}

/* x_d := a . x + c (a: K->a). */
static void k_assign(karr *K, kval *x, int d, int64_t c) {
  if (d < 0 || !x->on) return;
  unsigned n = K->n;
  int64_t s = c;
  for (unsigned i = 0; i < n; i++)
    s = k_add(K, s, k_mul(K, K->a[i], x->p[i]));
  x->p[d] = s;
  for (unsigned r = 0; r < x->k; r++) {
    int64_t *R = x->v + (size_t)r * n, t = 0;
    for (unsigned i = 0; i < n; i++)
      t = k_add(K, t, k_mul(K, K->a[i], R[i]));
    R[d] = t;
  }
  k_reduce(K, x);
}

/* to := affine hull of to and from; true when it grew. */
static bool k_join(karr *K, kval *to, const kval *from) {
  if (!from->on) return false;
  if (!to->on) {
    k_copy(K, to, from);
    return true;
  }
  unsigned k0 = to->k;
  for (unsigned r = 0; r < from->k; r++)
    k_span(K, to, from->v + (size_t)r * K->n);
  int64_t *d = mem_calloc(K->n + 1, sizeof *d);
  for (unsigned i = 0; i < K->n; i++)
    d[i] = k_add(K, from->p[i], -to->p[i]);
  k_span(K, to, d);
  mem_free(d);
  bool fewer = false; /* known bits lost */
  for (unsigned i = 0; i < K->n; i++) {
    unsigned t = to->t[i] < from->t[i] ? to->t[i] : from->t[i];
    uint64_t diff = to->c[i] ^ from->c[i];
    if (diff && (unsigned)__builtin_ctzll(diff) < t)
      t = (unsigned)__builtin_ctzll(diff);
    if (t < to->t[i]) {
      to->t[i] = (unsigned char)t;
      to->c[i] &= kb_mask(t);
      fewer = true;
    }
  }
  return to->k > k0 || fewer;
}

/* ---------- expressions ---------- */

static int k_dim(const karr *K, const ex *x) {
  x = x ? ex_strip_implicit(x) : 0;
  if (!x || x->kind != EX_VAR || !x->var || x->var->id >= K->g->vars.len)
    return -1;
  return K->dim[x->var->id];
}

/* The value of integer constant x. */
static bool k_const(const ex *x, int64_t *out) {
  if (!x) return false;
  switch (x->kind) {
  case EX_INT: {
    unsigned w = x->type ? ty_bits(x->type) : 64;
    uint64_t u = x->u;
    if (w && w < 64) {
      u &= ((uint64_t)1 << w) - 1;
      if (x->type->is_signed && (u >> (w - 1) & 1)) u |= ~(uint64_t)0 << w;
    }
    if (!(x->type && x->type->is_signed) && u > (uint64_t)INT64_MAX)
      return false;
    *out = (int64_t)u;
    return true;
  }
  case EX_CAST:
    return x->type && ty_is_integer(x->type) && k_const(x->a, out);
  case EX_UNARY: {
    int64_t a;
    if (!k_const(x->a, &a) || a == INT64_MIN) return false;
    if (x->op == EX_OP_NEG) *out = -a;
    else if (x->op == EX_OP_PLUS) *out = a;
    else return false;
    return true;
  }
  default:
    return false;
  }
}

/* Add scale * x to K->a and *c: false when x is not affine. */
static bool k_lin(karr *K, const ex *x, int64_t scale, int64_t *c) {
  if (!x || K->overflow) return false;
  int64_t v;
  if (k_const(x, &v)) {
    *c = k_add(K, *c, k_mul(K, scale, v));
    return true;
  }
  switch (x->kind) {
  case EX_VAR: {
    int d = k_dim(K, x);
    if (d < 0) return false;
    K->a[d] = k_add(K, K->a[d], scale);
    return true;
  }
  case EX_CAST:
    return x->type && ty_is_integer(x->type) && x->a && x->a->type &&
           ty_is_integer(x->a->type) && k_lin(K, x->a, scale, c);
  case EX_UNARY:
    if (x->op == EX_OP_PLUS) return k_lin(K, x->a, scale, c);
    if (x->op == EX_OP_NEG) return k_lin(K, x->a, k_mul(K, scale, -1), c);
    return false;
  case EX_BINARY:
    switch (x->op) {
    case EX_OP_ADD:
      return k_lin(K, x->a, scale, c) && k_lin(K, x->b, scale, c);
    case EX_OP_SUB:
      return k_lin(K, x->a, scale, c) &&
             k_lin(K, x->b, k_mul(K, scale, -1), c);
    case EX_OP_MUL:
      if (k_const(x->a, &v)) return k_lin(K, x->b, k_mul(K, scale, v), c);
      if (k_const(x->b, &v)) return k_lin(K, x->a, k_mul(K, scale, v), c);
      return false;
    case EX_OP_SHL:
      if (k_const(x->b, &v) && v >= 0 && v < 62)
        return k_lin(K, x->a, k_mul(K, scale, (int64_t)1 << v), c);
      return false;
    default:
      return false;
    }
  default:
    return false;
  }
}

/* ---------- known low bits ---------- */

static unsigned kb_width(const ex *x) {
  unsigned w = x && x->type ? ty_bits(x->type) : 0;
  return w && w <= 64 ? w : 64;
}

static kbits kb_trunc(kbits b, unsigned w) {
  if (b.t > w) b.t = w;
  b.c &= kb_mask(b.t);
  return b;
}

/* The known low bits of a * b of width w (a = ca + 2^ta u, b = cb + 2^tb v:
 * ca cb, plus terms with at least tb + ctz(ca), ta + ctz(cb) and ta + tb
 * low zero bits; a term with a value fully known vanishes). */
static unsigned kb_mul_bits(kbits a, kbits b, unsigned w) {
  unsigned t = w;
  if (b.t < w && a.c) {
    unsigned z = b.t + (unsigned)__builtin_ctzll(a.c);
    if (z < t) t = z;
  }
  if (a.t < w && b.c) {
    unsigned z = a.t + (unsigned)__builtin_ctzll(b.c);
    if (z < t) t = z;
  }
  if (a.t < w && b.t < w && a.t + b.t < t) t = a.t + b.t;
  return t;
}

/* a op b, both of width w; bx: b's expression (a shift's amount). */
static kbits kb_arith(ex_op op, kbits a, kbits b, unsigned w, const ex *bx) {
  kbits r = {a.t < b.t ? a.t : b.t, 0};
  int64_t v;
  switch (op) {
  case EX_OP_ADD:
    r.c = a.c + b.c;
    break;
  case EX_OP_SUB:
    r.c = a.c - b.c;
    break;
  case EX_OP_MUL:
    r.t = kb_mul_bits(a, b, w);
    r.c = a.c * b.c;
    break;
  case EX_OP_SHL:
    if (!k_const(bx, &v) || v < 0 || v >= (int64_t)w) return (kbits){0, 0};
    r.t = a.t + (unsigned)v < w ? a.t + (unsigned)v : w;
    r.c = a.c << v;
    break;
  case EX_OP_BAND:
    if (b.t >= w || a.t >= w) { /* a mask: its zero bits are known */
      kbits m = b.t >= w ? b : a, o = b.t >= w ? a : b;
      r.t = o.t;
      while (r.t < w && !(m.c >> r.t & 1))
        r.t++;
    }
    r.c = a.c & b.c;
    break;
  case EX_OP_BOR:
    r.c = a.c | b.c;
    break;
  case EX_OP_BXOR:
    r.c = a.c ^ b.c;
    break;
  default:
    return (kbits){0, 0};
  }
  r.c &= kb_mask(r.t);
  return r;
}

/* The known low bits of x's value in state s. */
static kbits kb_eval(const karr *K, const kval *s, const ex *x) {
  kbits none = {0, 0};
  if (!x) return none;
  unsigned w = kb_width(x);
  int64_t v;
  if (k_const(x, &v)) return (kbits){w, (uint64_t)v & kb_mask(w)};
  switch (x->kind) {
  case EX_VAR: {
    int d = k_dim(K, x);
    return d < 0 ? none : kb_trunc((kbits){s->t[d], s->c[d]}, w);
  }
  case EX_CAST: {
    if (!x->type || !ty_is_integer(x->type) || !x->a || !x->a->type ||
        !ty_is_integer(x->a->type))
      return none;
    kbits a = kb_eval(K, s, x->a);
    unsigned wa = kb_width(x->a);
    if (a.t >= wa && wa < w) { /* a known value, extended */
      uint64_t c = a.c;
      if (x->a->type->is_signed && (c >> (wa - 1) & 1)) c |= ~kb_mask(wa);
      return (kbits){w, c & kb_mask(w)};
    }
    return kb_trunc(a, w);
  }
  case EX_UNARY: {
    kbits a = kb_trunc(kb_eval(K, s, x->a), w);
    if (x->op == EX_OP_PLUS) return a;
    if (x->op == EX_OP_NEG) a.c = (0 - a.c) & kb_mask(a.t);
    else if (x->op == EX_OP_BNOT) a.c = ~a.c & kb_mask(a.t);
    else return none;
    return a;
  }
  case EX_BINARY:
    return kb_arith(x->op, kb_trunc(kb_eval(K, s, x->a), w),
                    kb_trunc(kb_eval(K, s, x->b), w), w, x->b);
  default:
    return none;
  }
}

/* Free every tracked variable that evaluating x writes. */
static void k_writes(karr *K, kval *s, const ex *x) {
  if (!x) return;
  if (x->kind == EX_ASSIGN ||
      (x->kind == EX_UNARY &&
       (x->op == EX_OP_PREINC || x->op == EX_OP_PREDEC ||
        x->op == EX_OP_POSTINC || x->op == EX_OP_POSTDEC)))
    k_havoc(K, s, k_dim(K, x->a));
  k_writes(K, s, x->a);
  k_writes(K, s, x->b);
  k_writes(K, s, x->c);
  for (unsigned i = 0; i < x->nargs; i++)
    k_writes(K, s, x->args[i]);
}

/* x_d := rhs (or x_d op= rhs), exactly when affine, else x_d freed; its
 * known low bits from the state before. */
static void k_set(karr *K, kval *s, int d, const ex *lhs, ex_op op,
                  const ex *rhs) {
  if (d < 0 || !s->on) return;
  /* the known low bits, from the state before */
  unsigned w = ty_bits(K->var[d]->type);
  kbits b = op == EX_OP_NONE
                ? kb_eval(K, s, rhs)
                : kb_arith(op, kb_trunc(kb_eval(K, s, lhs), w),
                           kb_trunc(kb_eval(K, s, rhs), w), w, rhs);
  b = kb_trunc(b, w);
  int64_t cv;
  if (op != EX_OP_NONE || !k_const(rhs, &cv)) K->computed[d] = true;
  memset(K->a, 0, K->n * sizeof *K->a);
  int64_t c = 0, v;
  bool ok;
  switch (op) {
  case EX_OP_NONE:
    ok = k_lin(K, rhs, 1, &c);
    break;
  case EX_OP_ADD:
    ok = k_lin(K, lhs, 1, &c) && k_lin(K, rhs, 1, &c);
    break;
  case EX_OP_SUB:
    ok = k_lin(K, lhs, 1, &c) && k_lin(K, rhs, -1, &c);
    break;
  case EX_OP_MUL:
    ok = k_const(rhs, &v) && k_lin(K, lhs, v, &c);
    break;
  default:
    ok = false;
  }
  if (ok && !K->overflow)
    k_assign(K, s, d, c);
  else
    k_havoc(K, s, d);
  s->t[d] = (unsigned char)b.t;
  s->c[d] = b.c;
}

/* The post of s over plain edge e (not a call or return). */
static void k_post(karr *K, kval *s, const cfa_edge *e) {
  const ex *x = e->expr;
  switch (e->kind) {
  case CFA_DECLARATION: {
    if (e->decl != CFA_DECL_VAR || !e->var) return;
    int d = e->var->id < K->g->vars.len ? K->dim[e->var->id] : -1;
    if (d < 0) return;
    if (x) {
      k_writes(K, s, x);
      k_set(K, s, d, 0, EX_OP_NONE, x);
    } else if (e->var->is_global || e->var->is_static) {
      memset(K->a, 0, K->n * sizeof *K->a);
      k_assign(K, s, d, 0);
      if (s->on) {
        s->t[d] = (unsigned char)ty_bits(e->var->type);
        s->c[d] = 0;
      }
    } else {
      k_havoc(K, s, d);
    }
    return;
  }
  case CFA_STATEMENT: {
    const ex *t = x ? ex_strip_implicit(x) : 0;
    if (!t) return;
    if (e->is_return) { /* the function's result gets the value */
      const cfa_var *r = e->from->function ? e->from->function->result : 0;
      k_writes(K, s, x);
      if (r && r->id < K->g->vars.len)
        k_set(K, s, K->dim[r->id], 0, EX_OP_NONE, x);
      return;
    }
    if (t->kind == EX_ASSIGN) {
      k_writes(K, s, t->a); /* a[i++] = ... */
      k_writes(K, s, t->b);
      k_set(K, s, k_dim(K, t->a), t->a, t->op, t->b);
      return;
    }
    if (t->kind == EX_UNARY &&
        (t->op == EX_OP_PREINC || t->op == EX_OP_POSTINC ||
         t->op == EX_OP_PREDEC || t->op == EX_OP_POSTDEC)) {
      static const ex one = {.kind = EX_INT, .u = 1};
      bool inc = t->op == EX_OP_PREINC || t->op == EX_OP_POSTINC;
      k_set(K, s, k_dim(K, t->a), t->a, inc ? EX_OP_ADD : EX_OP_SUB, &one);
      return;
    }
    k_writes(K, s, t);
    return;
  }
  case CFA_ASSUME:
    k_writes(K, s, x);
    return;
  default:
    return;
  }
}

/* Into the callee over call e: its parameters get the arguments (in a
 * recursive call, where an argument may read a parameter assigned before
 * it, they are freed instead). */
static void k_call(karr *K, kval *s, const cfa_edge *e) {
  const cfa_function *f = e->callee;
  const ex *call = e->expr;
  for (unsigned i = 0; call && i < call->nargs; i++)
    k_writes(K, s, call->args[i]);
  bool rec = f == e->from->function;
  for (unsigned i = 0; f && i < f->nparams; i++) {
    const cfa_var *p = f->params[i];
    int d = p && p->id < K->g->vars.len ? K->dim[p->id] : -1;
    if (!rec && call && i < call->nargs)
      k_set(K, s, d, 0, EX_OP_NONE, call->args[i]);
    else
      k_havoc(K, s, d);
  }
}

/* After return r, from the state at its call (site) and at the callee's
 * exit, into *t: the caller's variables as at the call (the callee cannot
 * change them), the globals and the call's variable freed, their low bits
 * as the exit knows them (the result's for the call's variable). Not the
 * exit's relations: it joins every call's state (context-insensitive), so
 * that a caller's equalities would be lost in another caller's. */
static void k_return(karr *K, kval *t, const kval *site, const kval *exit,
                     const cfa_edge *r) {
  k_copy(K, t, site);
  const cfa_edge *call = r->call;
  int d = call ? k_dim(K, call->lhs) : -1;
  const cfa_var *res = call && call->callee ? call->callee->result : 0;
  int from = res && res->id < K->g->vars.len ? K->dim[res->id] : -1;
  for (unsigned i = 0; i < K->n; i++)
    if (K->var[i]->is_global || K->var[i]->is_static) {
      k_havoc(K, t, (int)i);
      t->t[i] = exit->t[i];
      t->c[i] = exit->c[i];
    }
  if (d < 0) return;
  k_havoc(K, t, d);
  if (from < 0) return;
  K->computed[d] |= K->computed[from];
  kbits b = kb_trunc((kbits){exit->t[from], exit->c[from]},
                     ty_bits(K->var[d]->type));
  t->t[d] = (unsigned char)b.t;
  t->c[d] = b.c;
}

/* ---------- the fixpoint ---------- */

typedef VEC(unsigned) k_ids;

static void k_push(k_ids *w, unsigned char *in, unsigned id) {
  if (in[id]) return;
  in[id] = 1;
  VEC_PUSH(*w, id);
}

/* The post of s over large block b, joined into to; true when to grew. */
static bool k_block(karr *K, const kval *s, const cfa_edge *b, kval *to) {
  unsigned src = cfa_block_source(b)->id, dst = cfa_block_target(b)->id;
  size_t nn = K->g->nodes.len;
  if (src >= nn || dst >= nn) return false;
  k_ids touched = {0};
  k_copy(K, &K->tmp[src], s);
  VEC_PUSH(touched, src);
  kval t = {0};
  bool grew = false;
  for (size_t i = 0; i < b->nblock; i++) {
    const cfa_edge *e = b->block[i];
    unsigned f = e->from->id, o = e->to->id;
    if (f >= nn || o >= nn || !K->tmp[f].on) continue;
    k_copy(K, &t, &K->tmp[f]);
    k_post(K, &t, e);
    if (o == dst) {
      grew |= k_join(K, to, &t);
    } else {
      if (!K->tmp[o].on) VEC_PUSH(touched, o);
      k_join(K, &K->tmp[o], &t);
    }
  }
  for (size_t i = 0; i < touched.len; i++)
    K->tmp[touched.data[i]].on = false;
  VEC_FREE(touched);
  k_release(&t);
  return grew;
}

/* Return r joined into its target (scratch t): true when it grew. */
static bool k_back(karr *K, const cfa_edge *r, kval *t) {
  size_t nn = K->g->nodes.len;
  if (!r->call || r->call->from->id >= nn || r->from->id >= nn) return false;
  const kval *site = &K->val[r->call->from->id], *exit = &K->val[r->from->id];
  if (!site->on || !exit->on) return false;
  k_return(K, t, site, exit, r);
  return k_join(K, &K->val[r->to->id], t);
}

static void k_fixpoint(karr *K) {
  const cfa *g = K->g;
  size_t nn = g->nodes.len;
  unsigned char *in = mem_calloc(nn + 1, 1);
  k_ids w = {0};
  if (g->start) {
    k_top(K, &K->val[g->start->id]);
    k_push(&w, in, g->start->id);
  }
  /* a function that calls reach starts from what they pass; the others
   * from every value */
  unsigned char *called = mem_calloc(nn + 1, 1);
  for (size_t j = 0; j < g->edges.len; j++) {
    const cfa_edge *c = g->edges.data[j];
    if (c && c->kind == CFA_CALL && c->to && c->to->id < nn) called[c->to->id] = 1;
  }
  for (size_t i = 0; i < g->functions.len; i++) {
    const cfa_node *e = g->functions.data[i]->entry;
    if (!e || e->id >= nn || called[e->id]) continue;
    k_top(K, &K->val[e->id]);
    k_push(&w, in, e->id);
  }
  mem_free(called);
  kval t = {0};
  while (w.len && !K->overflow) {
    unsigned u = w.data[--w.len];
    in[u] = 0;
    const cfa_node *n = g->nodes.data[u];
    if (!n || !K->val[u].on) continue;
    for (const cfa_edge *e = n->out; e; e = e->next_out) {
      if (e->to->id >= nn) continue;
      bool grew;
      if (e->kind == CFA_BLOCK) {
        grew = k_block(K, &K->val[u], e, &K->val[e->to->id]);
      } else if (e->kind == CFA_RETURN) {
        grew = k_back(K, e, &t);
      } else {
        k_copy(K, &t, &K->val[u]);
        if (e->kind == CFA_CALL) {
          /* the state at the call changed: its returns too */
          for (size_t j = 0; j < g->edges.len; j++) {
            const cfa_edge *r = g->edges.data[j];
            if (r && r->kind == CFA_RETURN && r->call == e &&
                r->to->id < nn && k_back(K, r, &t))
              k_push(&w, in, r->to->id);
          }
          k_copy(K, &t, &K->val[u]);
          k_call(K, &t, e);
        } else
          k_post(K, &t, e);
        grew = k_join(K, &K->val[e->to->id], &t);
      }
      if (grew) k_push(&w, in, e->to->id);
    }
  }
  k_release(&t);
  VEC_FREE(w);
  mem_free(in);
}

/* ---------- equalities as expressions ---------- */

static const ty k_ll = {.kind = TY_INT, .is_signed = true, .is_complete = true,
                        .size = 8, .spelling = "long long", .count = -1};
static const ty k_int = {.kind = TY_INT, .is_signed = true, .is_complete = true,
                         .size = 4, .spelling = "int", .count = -1};

static ex *k_node(mem_arena *A, ex_kind kind, const ty *T, unsigned line) {
  ex *x = mem_arena_alloc(A, sizeof *x);
  x->kind = kind;
  x->type = T;
  x->line = line;
  return x;
}

static ex *k_num(mem_arena *A, int64_t v, const ty *T, unsigned line) {
  ex *x = k_node(A, EX_INT, T, line);
  unsigned w = ty_bits(T);
  x->u = (uint64_t)v;
  if (!T->is_signed && w < 64) x->u &= ((uint64_t)1 << w) - 1;
  char buf[32];
  snprintf(buf, sizeof buf, "%" PRId64, v);
  x->text = mem_arena_strdup(A, buf);
  return x;
}

static ex *k_bin(mem_arena *A, ex_op op, ex *a, ex *b, const ty *T,
                 unsigned line) {
  ex *x = k_node(A, EX_BINARY, T, line);
  x->op = op;
  x->a = a;
  x->b = b;
  return x;
}

/* sum + c * var (sum NULL: none), in type T. */
static ex *k_term(mem_arena *A, ex *sum, int64_t c, const cfa_var *v,
                  const ty *T, unsigned line) {
  ex *x = k_node(A, EX_VAR, v->type, line);
  x->var = v;
  if (T != v->type) {
    ex *cast = k_node(A, EX_CAST, T, line);
    cast->implicit = true;
    cast->a = x;
    x = cast;
  }
  if (c != 1) x = k_bin(A, EX_OP_MUL, k_num(A, c, T, line), x, T, line);
  return sum ? k_bin(A, EX_OP_ADD, sum, x, T, line) : x;
}

/* c . x == k as an expression: the positive terms left, the others and
 * the constant right. */
static const ex *k_expr(const karr *K, mem_arena *A, const int64_t *c,
                        int64_t k, unsigned line) {
  const ty *T = 0;
  for (unsigned i = 0; i < K->n; i++) {
    if (!c[i]) continue;
    const ty *t = K->var[i]->type;
    if (!T)
      T = t;
    else if (t->size != T->size || t->is_signed != T->is_signed)
      T = &k_ll;
  }
  if (!T || T->size < 4) T = &k_ll;
  ex *l = 0, *r = 0;
  for (unsigned i = 0; i < K->n; i++) {
    if (c[i] > 0) l = k_term(A, l, c[i], K->var[i], T, line);
    if (c[i] < 0) r = k_term(A, r, -c[i], K->var[i], T, line);
  }
  if (k < 0 && l) {
    l = k_bin(A, EX_OP_ADD, l, k_num(A, -k, T, line), T, line);
    k = 0;
  }
  if (k > 0 || !r)
    r = r ? k_bin(A, EX_OP_ADD, r, k_num(A, k, T, line), T, line)
          : k_num(A, k, T, line);
  return k_bin(A, EX_OP_EQ, l, r, &k_int, line);
}

/* The equalities of x (two variables or more) at node at, appended: a
 * basis of the vectors c with c . v = 0 for every direction v, in reduced
 * echelon form, each with its constant c . p. */
static void k_equalities(karr *K, const kval *x, const cfa_node *at,
                         mem_arena *A, karr_eq **out, size_t *n, size_t max) {
  unsigned N = K->n, W = N + 1;
  unsigned *pc = mem_calloc(x->k + 1, sizeof *pc);
  unsigned char *piv = mem_calloc(N + 1, 1);
  for (unsigned r = 0; r < x->k; r++) {
    const int64_t *R = x->v + (size_t)r * N;
    unsigned c = 0;
    while (c < N && !R[c])
      c++;
    pc[r] = c;
    if (c < N) piv[c] = 1;
  }
  int64_t *m = mem_calloc((size_t)(N - x->k) * W + 1, sizeof *m);
  unsigned neq = 0;
  for (unsigned f = 0; f < N && !K->overflow; f++) {
    if (piv[f]) continue;
    /* the vector with c[f] = L and the pivots it forces */
    int64_t L = 1;
    for (unsigned r = 0; r < x->k; r++) {
      int64_t pv = x->v[(size_t)r * N + pc[r]];
      if (x->v[(size_t)r * N + f])
        L = k_mul(K, L / k_gcd(L, pv), pv < 0 ? -pv : pv);
    }
    int64_t *c = m + (size_t)neq++ * W;
    c[f] = L;
    for (unsigned r = 0; r < x->k; r++) {
      int64_t a = x->v[(size_t)r * N + f];
      if (a) c[pc[r]] = k_mul(K, -a, L / x->v[(size_t)r * N + pc[r]]);
    }
    for (unsigned i = 0; i < N; i++)
      c[N] = k_add(K, c[N], k_mul(K, c[i], x->p[i]));
  }
  neq = k_echelon(K, m, neq, W, N);
  for (unsigned e = 0; e < neq && *n < max && !K->overflow; e++) {
    const int64_t *c = m + (size_t)e * W;
    unsigned vars = 0;
    for (unsigned i = 0; i < N; i++)
      vars += c[i] != 0;
    if (vars < 2) continue;
    (*out)[*n].at = at;
    (*out)[*n].expr = k_expr(K, A, c, c[N], at->line);
    (*n)++;
  }
  mem_free(m);
  mem_free(pc);
  mem_free(piv);
}

/* Whether v is a global, or f's result at its exit, or one of its
 * parameters at its entry (node at). */
static bool k_interface(const cfa_function *f, const cfa_node *at,
                        const cfa_var *v) {
  if (v->is_global || v->is_static) return true;
  if (at == f->exit) return v == f->result;
  for (unsigned i = 0; i < f->nparams; i++)
    if (f->params[i] == v) return true;
  return false;
}

/* The known low bits of x's variables at node at (some, not all of a
 * variable's), appended as (v & mask) == c; only: of its interface alone
 * (at its entry or exit). */
static void k_low_bits(const karr *K, const kval *x, const cfa_node *at,
                       const cfa_function *only, mem_arena *A, karr_eq **out,
                       size_t *n, size_t max) {
  for (unsigned d = 0; d < K->n && *n < max; d++) {
    const cfa_var *v = K->var[d];
    unsigned w = ty_bits(v->type);
    if (!x->t[d] || x->t[d] >= w || !K->computed[d]) continue;
    if (only && !k_interface(only, at, v)) continue;
    const ty *T = w >= 32 ? v->type : &k_int;
    ex *val = k_term(A, 0, 1, v, T, at->line);
    ex *masked = k_bin(A, EX_OP_BAND, val,
                       k_num(A, (int64_t)kb_mask(x->t[d]), T, at->line), T,
                       at->line);
    (*out)[*n].at = at;
    (*out)[*n].expr = k_bin(A, EX_OP_EQ, masked,
                            k_num(A, (int64_t)x->c[d], T, at->line), &k_int,
                            at->line);
    (*n)++;
  }
}

/* Whether m is the entry or the exit of a function that g calls. */
static bool k_called_end(const cfa *g, const cfa_node *m) {
  const cfa_function *f = m->function;
  if (!f || (m != f->entry && m != f->exit)) return false;
  for (size_t j = 0; j < g->edges.len; j++) {
    const cfa_edge *c = g->edges.data[j];
    if (c && c->kind == CFA_CALL && c->callee == f) return true;
  }
  return false;
}

/* ---------- the analysis ---------- */

/* Choose the tracked variables: false when there are too many. */
static bool k_vars(karr *K) {
  const cfa *g = K->g;
  K->dim = mem_alloc((g->vars.len + 1) * sizeof *K->dim);
  K->var = mem_calloc(KARR_MAX_VARS + 1, sizeof *K->var);
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    K->dim[i] = -1;
    if (!v || v->address_taken || v->is_extern || !v->type ||
        v->type->kind != TY_INT || !ty_bits(v->type) || ty_bits(v->type) > 64)
      continue;
    if (K->n == KARR_MAX_VARS) return false;
    K->dim[i] = (int)K->n;
    K->var[K->n++] = v;
  }
  return K->n > 0;
}

karr_eq *karr_equalities(const cfa *g, mem_arena *arena, size_t max,
                         size_t *n) {
  *n = 0;
  karr K = {.g = g};
  karr_eq *out = 0;
  if (max && k_vars(&K)) {
    size_t nn = g->nodes.len;
    K.val = mem_calloc(nn + 1, sizeof *K.val);
    K.tmp = mem_calloc(nn + 1, sizeof *K.tmp);
    K.a = mem_calloc(K.n + 1, sizeof *K.a);
    K.computed = mem_calloc(K.n + 1, sizeof *K.computed);
    k_fixpoint(&K);
    out = mem_calloc(max + 1, sizeof *out);
    for (size_t i = 0; i < nn && !K.overflow && *n < max; i++) {
      const cfa_node *m = g->nodes.data[i];
      if (!m || m->absorbed || !K.val[i].on) continue;
      bool head = m->is_loop_head || (m->orig && m->orig->is_loop_head);
      if (head) k_equalities(&K, &K.val[i], m, arena, &out, n, max);
      /* the low bits also where a called function starts and ends: a call
       * in a loop keeps them only if its parameters and result do */
      if (head)
        k_low_bits(&K, &K.val[i], m, 0, arena, &out, n, max);
      else if (k_called_end(g, m))
        k_low_bits(&K, &K.val[i], m, m->function, arena, &out, n, max);
    }
    if (K.overflow) *n = 0;
    for (size_t i = 0; i < nn; i++) {
      k_release(&K.val[i]);
      k_release(&K.tmp[i]);
    }
    mem_free(K.val);
    mem_free(K.tmp);
    mem_free(K.a);
    mem_free(K.computed);
  }
  mem_free(K.dim);
  mem_free(K.var);
  if (!*n) {
    mem_free(out);
    out = 0;
  }
  return out;
}
