/* smte: expressions and edges to constraints (see smte.h). */
#include "smte.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define K(call) smtz_k(s->z, (call))

void smte_init(smte *s, smtz *z, smtc *c, smtm *m, const cfa *g) {
  memset(s, 0, sizeof *s);
  s->z = z;
  s->c = c;
  s->m = m;
  s->g = g;
}

void smte_relax_clear(smte *s) {
  while (s->relax.len)
    smtz_drop(s->z, s->relax.data[--s->relax.len].lit);
}

void smte_fini(smte *s) {
  smte_relax_clear(s);
  VEC_FREE(s->relax);
  VEC_FREE(s->memo);
  VEC_FREE(s->reach);
  VEC_FREE(s->has);
  VEC_FREE(s->touched);
}

void smte_undo_memo(smte *s, size_t n) {
  while (s->memo.len > n)
    smtz_drop(s->z, s->memo.data[--s->memo.len].v.t);
}

/* ---------- expressions ---------- */

static smtm_val smte_ev(smte *s, const ex *e, Z3_ast g);
static smtm_lv smte_lval(smte *s, const ex *e, Z3_ast g);

/* ---------- floating point ----------
 * float and double are IEEE 754 binary32 and binary64, every operation
 * rounded to its type to nearest, ties to even (C's default rounding, and
 * FLT_EVAL_METHOD 0 as on x86-64 with SSE: no excess precision), NaNs and
 * infinities included; long double is not modelled (fails). */

/* The sort of float type T; fails for long double. */
static Z3_sort smte_fsort(smte *s, const ty *T, unsigned line) {
  Z3_sort fs = T ? smtz_fpsort(s->z, (unsigned)(8 * T->size)) : 0;
  if (!fs)
    smtz_fail(s->z, "%s (only float and double are modelled) at line %u",
              T ? T->spelling : "a floating type", line);
  return fs;
}

static Z3_ast smte_rne(smte *s) { return K(Z3_mk_fpa_rne(s->z->ctx)); }

static smtm_val smte_vfp(Z3_ast t, const ty *T) {
  return smtm_v(t, (unsigned)(8 * T->size), true, 'f', T);
}

/* The term of float value v (fails when it has none). */
static Z3_ast smte_fp(smte *s, smtm_val v, unsigned line) {
  if (v.k != 'f' || !v.t)
    smtz_fail(s->z, "float value not modelled at line %u", line);
  return v.t;
}

/* A fresh float of type T from fresh IEEE bits (any pattern, NaNs too);
 * *bits gets them (an input's value). */
static smtm_val smte_fresh_fp(smte *s, const ty *T, const char *name,
                              unsigned line, Z3_ast *bits) {
  Z3_sort fs = smte_fsort(s, T, line);
  Z3_ast b = smtz_fresh(s->z, name, smtz_bvsort(s->z, (unsigned)(8 * T->size)));
  if (bits) *bits = b;
  return smte_vfp(K(Z3_mk_fpa_to_fp_bv(s->z->ctx, b, fs)), T);
}

/* x op y of two floats of one sort: + - * / rounded to nearest even. */
static Z3_ast smte_fp_arith(smte *s, ex_op op, Z3_ast x, Z3_ast y,
                            unsigned line) {
  Z3_context c = s->z->ctx;
  switch (op) {
  case EX_OP_ADD:
    return K(Z3_mk_fpa_add(c, smte_rne(s), x, y));
  case EX_OP_SUB:
    return K(Z3_mk_fpa_sub(c, smte_rne(s), x, y));
  case EX_OP_MUL:
    return K(Z3_mk_fpa_mul(c, smte_rne(s), x, y));
  case EX_OP_DIV:
    return K(Z3_mk_fpa_div(c, smte_rne(s), x, y));
  default:
    smtz_fail(s->z, "operator %s on floats at line %u", ex_op_text(op), line);
  }
}

/* x op y for a comparison of two floats of one sort (IEEE: a NaN is
 * unordered, so only != holds of it; -0 == +0). */
static Z3_ast smte_fp_cmp(smte *s, ex_op op, Z3_ast x, Z3_ast y) {
  Z3_context c = s->z->ctx;
  switch (op) {
  case EX_OP_EQ:
    return K(Z3_mk_fpa_eq(c, x, y));
  case EX_OP_NE:
    return smtz_not(s->z, K(Z3_mk_fpa_eq(c, x, y)));
  case EX_OP_LT:
    return K(Z3_mk_fpa_lt(c, x, y));
  case EX_OP_GT:
    return K(Z3_mk_fpa_gt(c, x, y));
  case EX_OP_LE:
    return K(Z3_mk_fpa_leq(c, x, y));
  default:
    return K(Z3_mk_fpa_geq(c, x, y));
  }
}

/* The float type both operands of a binary operator with a float among
 * them are converted to (usual arithmetic conversions): the wider one. */
static const ty *smte_fp_common(smtm_val a, smtm_val b) {
  if (a.k != 'f') return b.type;
  if (b.k != 'f') return a.type;
  return a.type->size >= b.type->size ? a.type : b.type;
}

static Z3_ast smte_truth(smte *s, smtm_val v, unsigned line) {
  switch (v.k) {
  case 'i':
    return smtz_not(s->z, smtz_eq(s->z, v.t, smtz_num(s->z, v.bits, 0, false)));
  case 'p':
    return smtz_not(s->z, smtz_eq(s->z, v.t, smtm_null(s->m)));
  case 'f': /* NaN is true */
    return smtz_not(s->z, K(Z3_mk_fpa_is_zero(s->z->ctx, smte_fp(s, v, line))));
  default:
    smtz_fail(s->z, "void value used as a condition at line %u", line);
  }
}

static smtm_val smte_bool_int(smte *s, Z3_ast b, const ty *T) {
  unsigned w = smtm_bits(s->m, T);
  return smtm_vint(s->m,
                   smtz_ite(s->z, b, smtz_num(s->z, w, 1, false),
                            smtz_num(s->z, w, 0, false)),
                   T);
}

/* Integer value v as (bits, sgn). */
/* Float x as an integer of (bits, sgn): C truncates toward zero, and a
 * value whose integral part the type cannot hold (NaN, infinities) is
 * undefined behaviour (an obligation). */
static smtm_val smte_fp_to_int(smte *s, smtm_val v, unsigned bits, bool sgn,
                               Z3_ast g, unsigned line) {
  Z3_context c = s->z->ctx;
  Z3_ast x = smte_fp(s, v, line);
  Z3_sort fs = smte_fsort(s, v.type, line);
  Z3_ast rtz = K(Z3_mk_fpa_rtz(c));
  Z3_ast r = K(Z3_mk_fpa_round_to_integral(c, rtz, x));
  /* -2^(bits-1) <= r < 2^(bits-1), or 0 <= r < 2^bits: powers of two,
   * exact in either format */
  double hi = 1.0;
  for (unsigned k = 0; k < (sgn ? bits - 1 : bits); k++)
    hi *= 2.0;
  double lo = sgn ? -hi : 0.0;
  Z3_ast ok = smtz_and(
      s->z, K(Z3_mk_fpa_geq(c, r, K(Z3_mk_fpa_numeral_double(c, lo, fs)))),
      K(Z3_mk_fpa_lt(c, r, K(Z3_mk_fpa_numeral_double(c, hi, fs)))));
  smtc_oblige(s->c, ok, g,
              "conversion of a float out of the range of its integer type at "
              "line %u",
              line);
  Z3_ast t = sgn ? K(Z3_mk_fpa_to_sbv(c, rtz, x, bits))
                 : K(Z3_mk_fpa_to_ubv(c, rtz, x, bits));
  return smtm_v(t, bits, sgn, 'i', 0);
}

static smtm_val smte_to_int(smte *s, smtm_val v, unsigned bits, bool sgn,
                            Z3_ast g, unsigned line) {
  if (v.k == 'f') return smte_fp_to_int(s, v, bits, sgn, g, line);
  if (v.k == 'v') smtz_fail(s->z, "void value used at line %u", line);
  if (v.k == 'p') {
    smtc_oblige(s->c,
                smtz_eq(s->z, smtm_ptr_obj(s->m, v.t),
                        smtz_num(s->z, SMTM_OBJ_BITS, 0, false)),
                g, "address of an object converted to an integer at line %u",
                line);
    Z3_ast a =
        smtz_extract(s->z, s->m->ptr_bits - 1, 0, smtm_ptr_off(s->m, v.t));
    return smtm_v(smtz_resize(s->z, a, s->m->ptr_bits, false, bits), bits, sgn,
                  'i', 0);
  }
  return smtm_v(smtz_resize(s->z, v.t, v.bits, v.sgn, bits), bits, sgn, 'i', 0);
}

/* v as a pointer: integers are addresses outside every modelled object. */
static smtm_val smte_int_to_ptr(smte *s, smtm_val v, unsigned line) {
  if (v.k == 'p') return v;
  if (v.k == 'i') {
    Z3_ast a = smtz_resize(s->z, v.t, v.bits, v.sgn, s->m->ptr_bits);
    a = smtz_resize(s->z, a, s->m->ptr_bits, false, SMTM_OFF_BITS);
    return smtm_v(smtm_mk_ptr(s->m, smtz_num(s->z, SMTM_OBJ_BITS, 0, false), a),
                  SMTM_PTR_BITS, false, 'p', 0);
  }
  if (v.k == 'f') smtz_fail(s->z, "float arithmetic at line %u", line);
  smtz_fail(s->z, "void value used at line %u", line);
}

/* C conversion of v to type T. */
static smtm_val smte_conv(smte *s, smtm_val v, const ty *T, Z3_ast g,
                          unsigned line) {
  switch (T->kind) {
  case TY_VOID:
    return smtm_vvoid();
  case TY_FLOAT: {
    if (v.k == 'v') smtz_fail(s->z, "void value used at line %u", line);
    Z3_sort fs = smte_fsort(s, T, line);
    Z3_context c = s->z->ctx;
    if (v.k == 'f') {
      Z3_ast x = smte_fp(s, v, line);
      if (v.type && v.type->size == T->size) return smte_vfp(x, T);
      return smte_vfp(K(Z3_mk_fpa_to_fp_float(c, smte_rne(s), x, fs)), T);
    }
    if (v.k == 'p')
      smtz_fail(s->z, "pointer converted to %s at line %u", T->spelling, line);
    return smte_vfp(v.sgn ? K(Z3_mk_fpa_to_fp_signed(c, smte_rne(s), v.t, fs))
                          : K(Z3_mk_fpa_to_fp_unsigned(c, smte_rne(s), v.t, fs)),
                    T);
  }
  case TY_BOOL:
    return smte_bool_int(s, smte_truth(s, v, line), T);
  case TY_INT: {
    smtm_val r = smte_to_int(s, v, smtm_bits(s->m, T), T->is_signed, g, line);
    r.type = T;
    return r;
  }
  case TY_POINTER: {
    smtm_val r = smte_int_to_ptr(s, v, line);
    r.type = T;
    return r;
  }
  default:
    smtz_fail(s->z, "conversion to %s at line %u", T->spelling, line);
  }
}

static void smte_promote(unsigned *bits, bool *sgn) {
  if (*bits < 32) {
    *bits = 32;
    *sgn = true;
  }
}

/* C's usual arithmetic conversions on (bits, signedness) pairs. */
static void smte_usual(smtm_val a, smtm_val b, unsigned *bits, bool *sgn) {
  unsigned ab = a.bits, bb = b.bits;
  bool as = a.sgn, bs = b.sgn;
  smte_promote(&ab, &as);
  smte_promote(&bb, &bs);
  if (as == bs) {
    *bits = ab > bb ? ab : bb;
    *sgn = as;
  } else {
    unsigned ub = as ? bb : ab, sb = as ? ab : bb;
    if (ub >= sb) {
      *bits = ub;
      *sgn = false;
    } else {
      *bits = sb;
      *sgn = true;
    }
  }
}

/* Integer a op b, both of (bits, sgn); for shifts b is the amount with its
 * own type. Obligations for C's undefined cases. */
static Z3_ast smte_arith(smte *s, ex_op op, Z3_ast a, smtm_val b, unsigned bits,
                         bool sgn, Z3_ast g, unsigned line) {
  Z3_context z = s->z->ctx;
  if (op == EX_OP_SHL || op == EX_OP_SHR) {
    unsigned w = (b.bits > 16 ? b.bits : 16) + 1;
    Z3_ast amt = smtz_resize(s->z, b.t, b.bits, b.sgn, w);
    Z3_ast ok =
        K(Z3_mk_bvult(z, amt, smtz_num(s->z, w, bits, false))); /* also >= 0 */
    smtc_oblige(s->c, ok, g,
                "shift by a negative amount or by the width or more at line %u",
                line);
    Z3_ast sh = smtz_resize(s->z, b.t, b.bits, false, bits);
    if (op == EX_OP_SHL) return K(Z3_mk_bvshl(z, a, sh));
    return sgn ? K(Z3_mk_bvashr(z, a, sh)) : K(Z3_mk_bvlshr(z, a, sh));
  }
  Z3_ast bt = b.t;
  switch (op) {
  case EX_OP_MUL:
    return K(Z3_mk_bvmul(z, a, bt));
  case EX_OP_ADD:
    return K(Z3_mk_bvadd(z, a, bt));
  case EX_OP_SUB:
    return K(Z3_mk_bvsub(z, a, bt));
  case EX_OP_BAND:
    return K(Z3_mk_bvand(z, a, bt));
  case EX_OP_BOR:
    return K(Z3_mk_bvor(z, a, bt));
  case EX_OP_BXOR:
    return K(Z3_mk_bvxor(z, a, bt));
  case EX_OP_DIV:
  case EX_OP_MOD: {
    smtc_oblige(
        s->c, smtz_not(s->z, smtz_eq(s->z, bt, smtz_num(s->z, bits, 0, false))),
        g, "division by zero at line %u", line);
    if (sgn) {
      Z3_ast min = K(Z3_mk_bvshl(z, smtz_num(s->z, bits, 1, false),
                                 smtz_num(s->z, bits, bits - 1, false)));
      Z3_ast ovf =
          smtz_and(s->z, smtz_eq(s->z, a, min),
                   smtz_eq(s->z, bt, smtz_num(s->z, bits, UINT64_MAX, true)));
      smtc_oblige(s->c, smtz_not(s->z, ovf), g,
                  "signed division overflow at line %u", line);
      return op == EX_OP_DIV ? K(Z3_mk_bvsdiv(z, a, bt))
                             : K(Z3_mk_bvsrem(z, a, bt));
    }
    return op == EX_OP_DIV ? K(Z3_mk_bvudiv(z, a, bt))
                           : K(Z3_mk_bvurem(z, a, bt));
  }
  default:
    smtz_fail(s->z, "operator %s at line %u", ex_op_text(op), line);
  }
}

static uint64_t smte_elem_size(smte *s, const ty *ptr, unsigned line) {
  const ty *el = ptr && ptr->kind == TY_POINTER ? ptr->elem : 0;
  if (el && el->kind == TY_VOID) return 1; /* GNU void * arithmetic */
  if (!el || !el->is_complete || !el->size)
    smtz_fail(s->z, "pointer arithmetic on %s at line %u",
              ptr ? ptr->spelling : "?", line);
  return el->size;
}

/* p + i * size (sub: p - i * size). */
static smtm_val smte_ptr_arith(smte *s, smtm_val p, smtm_val i, uint64_t size,
                               bool sub, unsigned line) {
  if (i.k != 'i') smtz_fail(s->z, "pointer arithmetic at line %u", line);
  Z3_ast d = smtz_resize(s->z, i.t, i.bits, i.sgn, SMTM_OFF_BITS);
  d = K(Z3_mk_bvmul(s->z->ctx, d, smtz_num(s->z, SMTM_OFF_BITS, size, false)));
  if (sub) d = K(Z3_mk_bvneg(s->z->ctx, d));
  return smtm_v(smtm_ptr_add(s->m, p.t, d), SMTM_PTR_BITS, false, 'p', p.type);
}

static Z3_ast smte_same_obj(smte *s, smtm_val a, smtm_val b) {
  return smtz_eq(s->z, smtm_ptr_obj(s->m, a.t), smtm_ptr_obj(s->m, b.t));
}

static const cfa_function *smte_defined(const smte *s, const char *name) {
  const cfa_function *f = name ? cfa_function_find(s->g, name) : 0;
  return f && f->entry ? f : 0;
}

static bool smte_name_in(const char *name, const char *const *list) {
  for (; *list; list++)
    if (!strcmp(name, *list)) return true;
  return false;
}

/* Functions without a body that do not write through pointer arguments. */
static const char *const smte_pure_fns[] = {
    "printf",  "puts",        "strlen",           "strcmp",
    "strncmp", "memcmp",      "__assert_fail",    "__assert",
    "assert",  "reach_error", "__VERIFIER_error", "__assert_perror_fail",
    0};

/* Library functions whose writes through pointer arguments are defined by
 * the C library but not modelled: what they reach is marked as changed
 * (reading it is UNKNOWN), since their values are not free inputs. */
static const char *const smte_lib_writers[] = {
    "memset",  "memcpy",  "memmove", "strcpy", "strncpy", "strcat",
    "strncat", "sprintf", "snprintf", "sscanf", "scanf",  "fscanf",
    "fgets",   "gets",    "read",    "fread",  "realloc", "free",
    "time",    "strtok",  "strtol",  "strtoul", "strtoll", "strtoull",
    "memchr",  "strchr",  "strrchr", "strstr", "qsort",   "bsearch",
    "getline", "fopen",   "fclose",  "fwrite", "fprintf", "fputs",
    "vsprintf", "vsnprintf", "write", "fflush", "fputc", "vfprintf",
    "open",    "fdopen",  "fileno",  "setvbuf", "sigaction", "getenv", 0};

static smtm_val smte_call_undefined(smte *s, const ex *e, Z3_ast g);

/* ---------- dynamic memory ---------- */

/* Whether x, under implicit conversions, is a call of an allocating
 * function. */
static bool smte_is_alloc(const ex *x) {
  x = x ? ex_strip_implicit(x) : 0;
  return x && x->kind == EX_CALL && cfa_is_modelled_alloc(x->func_name);
}

/* Evaluate x, whose value goes into an object of type T: an allocation
 * that x is makes an object of T's pointee (smtm_alloc). */
static smtm_val smte_ev_to(smte *s, const ex *x, const ty *T, Z3_ast g) {
  if (T && T->kind == TY_POINTER && smte_is_alloc(x)) s->alloc_to = T->elem;
  smtm_val v = smte_ev(s, x, g);
  s->alloc_to = 0;
  return v;
}

/* Argument i of allocation e, a size (as SMTM_OFF_BITS bits). */
static Z3_ast smte_alloc_size(smte *s, const ex *e, unsigned i,
                              const char *name, Z3_ast g) {
  smtm_val v = smte_ev(s, e->args[i], g);
  if (v.k != 'i')
    smtz_fail(s->z, "%s of a size that is no integer at line %u", name,
              e->line);
  /* unsigned: the call converted it to size_t (its prototype's type) */
  return smtz_resize(s->z, v.t, v.bits, false, SMTM_OFF_BITS);
}

static smtm_val smte_alloc(smte *s, const ex *e, const char *name, Z3_ast g) {
  /* the program's cast of the call, else the assignment's target */
  const ty *T = e->cast_to && e->cast_to->kind == TY_POINTER
                    ? e->cast_to->elem
                    : s->alloc_to;
  s->alloc_to = 0;
  bool zero = !strcmp(name, "calloc");
  bool stack = !strcmp(name, "alloca") || !strcmp(name, "__builtin_alloca");
  if (e->nargs != (zero ? 2u : 1u))
    smtz_fail(s->z, "%s with %u arguments at line %u", name, e->nargs,
              e->line);
  Z3_ast n = smte_alloc_size(s, e, 0, name, g);
  if (zero) {
    Z3_ast m = smte_alloc_size(s, e, 1, name, g);
    /* a product that does not fit a size: calloc fails (NULL), which
     * the model of allocation does not have */
    smtc_oblige_modelled(s->c, K(Z3_mk_bvmul_no_overflow(s->z->ctx, n, m,
                                                         false)),
                         g, "calloc of more bytes than a size holds at line %u",
                         e->line);
    n = K(Z3_mk_bvmul(s->z->ctx, n, m));
  }
  Z3_ast p = smtm_alloc(s->m, stack ? "alloca" : name, T, n, zero, stack,
                        e->line);
  const ty *R = e->type && e->type->kind == TY_POINTER ? e->type : 0;
  return smtm_v(p, SMTM_PTR_BITS, false, 'p', R);
}

static void smte_free(smte *s, const ex *e, Z3_ast g) {
  if (e->nargs != 1)
    smtz_fail(s->z, "free with %u arguments at line %u", e->nargs, e->line);
  smtm_val p = smte_ev(s, e->args[0], g);
  if (p.k != 'p')
    smtz_fail(s->z, "free of a value that is no pointer at line %u", e->line);
  smtm_free(s->m, p.t, g, e->line);
}

/* The address of the function called `name` (with or without a body). */
static Z3_ast smte_fn_addr(smte *s, const char *name, unsigned line) {
  const cfa *g = s->g;
  for (size_t i = 0; i < g->functions.len; i++)
    if (!strcmp(g->functions.data[i]->name, name))
      return smtm_fn_addr(s->m, (unsigned)i);
  for (size_t j = 0; j < g->extern_fns.len; j++)
    if (!strcmp(g->extern_fns.data[j].name, name))
      return smtm_fn_addr(s->m, (unsigned)(g->functions.len + j));
  smtz_fail(s->z, "address of function %s at line %u", name, line);
}

/* The value of a function designator a (f, *fp, **fp): the function's
 * address, which is what a decays to. */
static smtm_val smte_fn_value(smte *s, const ex *a, Z3_ast g) {
  const ex *x = ex_strip_implicit(a);
  Z3_ast t;
  if (x->kind == EX_FUNC && x->func_name)
    t = smte_fn_addr(s, x->func_name, x->line);
  else if (x->kind == EX_VAR && x->var && x->type &&
           x->type->kind == TY_FUNCTION)
    t = smte_fn_addr(s, x->var->name, x->line);
  else if (x->kind == EX_UNARY && x->op == EX_OP_DEREF && x->a) {
    const ex *p = ex_strip_implicit(x->a);
    if (p->type && p->type->kind == TY_FUNCTION) return smte_fn_value(s, p, g);
    smtm_val v = smte_ev(s, x->a, g);
    if (v.k != 'p')
      smtz_fail(s->z, "call through a non-pointer at line %u", x->line);
    return smtm_v(v.t, SMTM_PTR_BITS, false, 'p', a->type);
  } else
    smtz_fail(s->z, "function designator at line %u", x->line);
  return smtm_v(t, SMTM_PTR_BITS, false, 'p', a->type);
}

/* Evaluate e for its side effects only. */
static void smte_effect(smte *s, const ex *e, Z3_ast g) {
  const ex *x = ex_strip_implicit(e);
  if (x->kind == EX_STRING) return;
  if (x->kind == EX_CALL && x->type && smtm_is_agg(x->type)) {
    s->discard = true; /* a struct result nobody reads */
    (void)smte_call_undefined(s, x, g);
    return;
  }
  if (x->type && smtm_is_agg(x->type) && x->kind != EX_CALL &&
      x->kind != EX_ASSIGN) {
    (void)smte_lval(s, x, g);
    return;
  }
  (void)smte_ev(s, e, g);
}

/* A call through a pointer that is none of the candidates the CFA tries
 * before (fe_resolve_ptrcall: the functions with a body whose address is
 * taken): it calls a function without a body whose address is taken, of
 * the pointer's type, or it is undefined behaviour. The name of the one
 * function it may call, or NULL when there is none (the obligation fails
 * whenever the call is reached). */
static const char *smte_call_target(smte *s, const ex *e, Z3_ast g) {
  const ex *callee = e->a;
  if (!callee) smtz_fail(s->z, "call without callee at line %u", e->line);
  smtm_val p = callee->type && callee->type->kind == TY_FUNCTION
                   ? smte_fn_value(s, callee, g)
                   : smte_ev(s, callee, g);
  if (p.k != 'p')
    smtz_fail(s->z, "call through a non-pointer at line %u", e->line);
  const ty *pt = callee->type;
  const ty *ft = pt && pt->kind == TY_POINTER ? pt->elem : pt;
  const cfa *G = s->g;
  const char *name = 0;
  unsigned n = 0;
  for (size_t j = 0; j < G->extern_fns.len; j++)
    if (cfa_fn_type_match(ft, G->extern_fns.data[j].type)) {
      if (!n++) name = G->extern_fns.data[j].name;
    }
  if (n > 1)
    smtz_fail(s->z,
              "call through a function pointer that may reach %u functions "
              "without a body (%s, ...) at line %u",
              n, name, e->line);
  Z3_ast ok =
      name ? smtz_eq(s->z, p.t, smte_fn_addr(s, name, e->line)) : s->z->fls;
  smtc_oblige(s->c, ok, g,
              "call through a pointer that holds no function of its type at "
              "line %u",
              e->line);
  return name;
}

static smtm_val smte_call_undefined(smte *s, const ex *e, Z3_ast g) {
  const char *name = e->func_name;
  bool discard = s->discard;
  s->discard = false;
  if (!name && !(name = smte_call_target(s, e, g))) {
    /* undefined behaviour once reached: only the arguments' effects */
    for (unsigned i = 0; i < e->nargs; i++)
      smte_effect(s, e->args[i], g);
    const ty *T = e->type;
    if (!T || T->kind == TY_VOID || (discard && smtm_is_agg(T)))
      return smtm_vvoid();
    if (T->kind == TY_FLOAT) return smte_fresh_fp(s, T, "nocall", e->line, 0);
    if (!ty_is_scalar(T))
      smtz_fail(s->z, "call through a pointer returning %s at line %u",
                T->spelling, e->line);
    Z3_ast v =
        smtz_fresh(s->z, "nocall", smtz_bvsort(s->z, smtm_bits(s->m, T)));
    return T->kind == TY_POINTER ? smtm_v(v, SMTM_PTR_BITS, false, 'p', T)
                                 : smtm_vint(s->m, v, T);
  }
  if (smte_defined(s, name))
    smtz_fail(s->z, "call of %s nested in an expression at line %u", name,
              e->line);
  if (!strcmp(name, "__VERIFIER_assume")) {
    if (e->nargs < 1)
      smtz_fail(s->z, "__VERIFIER_assume without argument at line %u", e->line);
    smtc_assume(s->c, smte_truth(s, smte_ev(s, e->args[0], g), e->line), g);
    for (unsigned i = 1; i < e->nargs; i++)
      smte_effect(s, e->args[i], g);
    return smtm_vvoid();
  }
  if (cfa_is_modelled_alloc(name)) return smte_alloc(s, e, name, g);
  if (!strcmp(name, "free")) {
    smte_free(s, e, g);
    return smtm_vvoid();
  }
  /* SV-COMP: the callee acts only on what is reachable from its arguments
   * at this call; nondeterministic and known library functions on
   * nothing */
  bool pure = smte_name_in(name, smte_pure_fns) ||
              !strncmp(name, "__VERIFIER_", 11) || strstr(name, "nondet");
  smtm_call_note(s->m, name, e->line, e, g);
  smtm_val *ptrs = smtz_tmp(s->z, (e->nargs + 1) * sizeof *ptrs);
  unsigned *argi = smtz_tmp(s->z, (e->nargs + 1) * sizeof *argi);
  size_t nptrs = 0;
  bool byval = false; /* a struct argument holds pointers */
  for (unsigned i = 0; i < e->nargs; i++) {
    const ex *a = ex_strip_implicit(e->args[i]);
    if (a->kind == EX_STRING) continue;
    const ty *at = e->args[i]->type; /* after conversions (array decay) */
    if (at && smtm_is_agg(at)) {
      smte_effect(s, a, g);
      byval |= !pure && smtm_may_hold_ptr(at);
      continue;
    }
    smtm_val v = smte_ev(s, e->args[i], g);
    if (v.k == 'p' && !pure) {
      ptrs[nptrs] = v;
      argi[nptrs++] = i;
    }
  }
  /* after all arguments are evaluated */
  if (nptrs || byval)
    smtm_havoc_call(s->m, ptrs, argi, nptrs, byval,
                    smte_name_in(name, smte_lib_writers), g);
  const ty *T = e->type;
  if (!T || T->kind == TY_VOID) return smtm_vvoid();
  if (T->kind == TY_FLOAT) { /* its IEEE bits are the input */
    Z3_ast bits;
    smtm_val r = smte_fresh_fp(s, T, name, e->line, &bits);
    smtc_record(s->c, bits, g, 0, SMT_INPUT_CALL, mem_strdup(name), e->line, T,
                0);
    return r;
  }
  if (!ty_is_scalar(T)) {
    if (discard) return smtm_vvoid();
    smtz_fail(s->z, "%s without a body returns %s at line %u", name,
              T->spelling, e->line);
  }
  unsigned w = smtm_bits(s->m, T);
  Z3_ast v = smtm_fresh(s->m, name, T);
  smtc_record(s->c, v, g, 0, SMT_INPUT_CALL, mem_strdup(name), e->line, T, 0);
  if (T->kind == TY_POINTER) return smtm_v(v, w, false, 'p', T);
  return smtm_vint(s->m, v, T);
}

/* For the trace's values: v written to lv, named by the lvalue lhs or the
 * variable name. Integers and pointers (floats are not shown). */
static void smte_show(smte *s, const smtm_lv *lv, smtm_val v, Z3_ast g,
                      const ex *lhs, const char *name) {
  smtm_val st = smtm_stored(s->m, lv, v);
  if ((st.k == 'i' || st.k == 'p') && st.t)
    smtc_value_made(s->c, st.t, g, lhs, name, st.bits, st.sgn, st.k == 'p');
}

/* Value of an incremented/decremented lvalue. */
static smtm_val smte_incdec(smte *s, const ex *e, Z3_ast g) {
  smtm_lv lv = smte_lval(s, e->a, g);
  smtm_val old = smtm_read(s->m, &lv, g);
  bool inc = e->op == EX_OP_PREINC || e->op == EX_OP_POSTINC;
  smtm_val nv;
  if (old.k == 'f') {
    Z3_context c = s->z->ctx;
    Z3_ast one = K(Z3_mk_fpa_numeral_double(c, 1.0, smte_fsort(s, lv.type, e->line)));
    Z3_ast x = smte_fp(s, old, e->line);
    nv = smte_vfp(inc ? K(Z3_mk_fpa_add(c, smte_rne(s), x, one))
                      : K(Z3_mk_fpa_sub(c, smte_rne(s), x, one)),
                  lv.type);
    smtm_write(s->m, &lv, nv, g);
    smte_show(s, &lv, nv, g, e->a, 0);
    return e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC ? nv : old;
  }
  if (old.k == 'p') {
    smtm_val one = smtm_v(smtz_num(s->z, 32, 1, true), 32, true, 'i', 0);
    nv = smte_ptr_arith(s, old, one, smte_elem_size(s, lv.type, e->line), !inc,
                        e->line);
  } else {
    unsigned bits = old.bits;
    bool sgn = old.sgn;
    smte_promote(&bits, &sgn);
    smtm_val a = smte_to_int(s, old, bits, sgn, g, e->line);
    Z3_ast one = smtz_num(s->z, bits, 1, false);
    Z3_ast r = inc ? K(Z3_mk_bvadd(s->z->ctx, a.t, one))
                   : K(Z3_mk_bvsub(s->z->ctx, a.t, one));
    nv = smte_conv(s, smtm_v(r, bits, sgn, 'i', 0), lv.type, g, e->line);
  }
  smtm_write(s->m, &lv, nv, g);
  smte_show(s, &lv, nv, g, e->a, 0);
  return e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC
             ? smtm_stored(s->m, &lv, nv)
             : old;
}

static smtm_val smte_assign(smte *s, const ex *e, Z3_ast g) {
  smtm_lv lv = smte_lval(s, e->a, g);
  if (smtm_is_agg(lv.type)) {
    if (e->op != EX_OP_NONE)
      smtz_fail(s->z, "compound assignment of %s", lv.type->spelling);
    smtm_lv src = smte_lval(s, ex_strip_implicit(e->b), g);
    smtm_copy(s->m, &lv, &src, g);
    return smtm_vvoid();
  }
  if (e->op == EX_OP_NONE) {
    smtm_val v =
        smte_conv(s, smte_ev_to(s, e->b, lv.type, g), lv.type, g, e->line);
    smtm_write(s->m, &lv, v, g);
    smte_show(s, &lv, v, g, e->a, 0);
    return smtm_stored(s->m, &lv, v);
  }
  smtm_val old = smtm_read(s->m, &lv, g);
  smtm_val b = smte_ev(s, e->b, g);
  smtm_val r;
  if (old.k == 'p') {
    if (e->op != EX_OP_ADD && e->op != EX_OP_SUB)
      smtz_fail(s->z, "operator %s= on a pointer at line %u", ex_op_text(e->op),
                e->line);
    r = smte_ptr_arith(s, old, b, smte_elem_size(s, lv.type, e->line),
                       e->op == EX_OP_SUB, e->line);
  } else if (old.k == 'f' || b.k == 'f') {
    /* x op= b is x = x op b in the type of x op b: the wider float */
    const ty *W = old.k == 'f' && (b.k != 'f' || old.type->size >= b.type->size)
                      ? old.type
                      : b.type;
    Z3_ast t = smte_fp_arith(s, e->op, smte_fp(s, smte_conv(s, old, W, g, e->line), e->line),
                             smte_fp(s, smte_conv(s, b, W, g, e->line), e->line), e->line);
    r = smte_conv(s, smte_vfp(t, W), lv.type, g, e->line);
  } else {
    unsigned bits;
    bool sgn;
    if (e->op == EX_OP_SHL || e->op == EX_OP_SHR) {
      bits = old.bits;
      sgn = old.sgn;
      smte_promote(&bits, &sgn);
    } else {
      smte_usual(old, b, &bits, &sgn);
      b = smte_to_int(s, b, bits, sgn, g, e->line);
    }
    smtm_val a = smte_to_int(s, old, bits, sgn, g, e->line);
    Z3_ast t = smte_arith(s, e->op, a.t, b, bits, sgn, g, e->line);
    r = smte_conv(s, smtm_v(t, bits, sgn, 'i', 0), lv.type, g, e->line);
  }
  smtm_write(s->m, &lv, r, g);
  smte_show(s, &lv, r, g, e->a, 0);
  return smtm_stored(s->m, &lv, r);
}

/* Whether two string literals are distinct objects is unspecified (gcc
 * merges equal ones): an execution in which a and b point into two of them
 * is not modelled. */
static void smte_lit_distinct(smte *s, smtm_val a, smtm_val b, Z3_ast g,
                              unsigned line) {
  Z3_ast la = s->z->fls, lb = s->z->fls;
  unsigned n = 0;
  Z3_ast oa = smtm_ptr_obj(s->m, a.t), ob = smtm_ptr_obj(s->m, b.t);
  for (size_t i = 0; i < s->m->insts.len; i++) {
    const smtm_inst *in = s->m->insts.data[i];
    if (!in->lit) continue;
    n++;
    Z3_ast id = smtz_num(s->z, SMTM_OBJ_BITS, in->id, false);
    la = smtz_or(s->z, la, smtz_eq(s->z, oa, id));
    lb = smtz_or(s->z, lb, smtz_eq(s->z, ob, id));
  }
  if (n < 2) return;
  Z3_ast both = smtz_and(s->z, smtz_and(s->z, la, lb),
                         smtz_not(s->z, smtz_eq(s->z, oa, ob)));
  both = smtz_simplify(s->z, both);
  if (smtz_is_false(s->z, both)) return;
  smtc_oblige_modelled(s->c, smtz_not(s->z, both), g,
                       "comparison of the addresses of two string literals "
                       "(gcc may merge them) at line %u",
                       line);
}

static smtm_val smte_binary(smte *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  Z3_context z = s->z->ctx;
  if (e->op == EX_OP_COMMA) {
    smte_effect(s, e->a, g);
    return smte_ev(s, e->b, g);
  }
  if (e->op == EX_OP_LAND || e->op == EX_OP_LOR) {
    Z3_ast ta = smte_truth(s, smte_ev(s, e->a, g), e->line);
    Z3_ast gb =
        smtz_and(s->z, g, e->op == EX_OP_LAND ? ta : smtz_not(s->z, ta));
    Z3_ast tb = smte_truth(s, smte_ev(s, e->b, gb), e->line);
    Z3_ast r =
        e->op == EX_OP_LAND ? smtz_and(s->z, ta, tb) : smtz_or(s->z, ta, tb);
    return smte_bool_int(s, r, T);
  }
  smtm_val a = smte_ev(s, e->a, g);
  smtm_val b = smte_ev(s, e->b, g);
  if (a.k == 'v' || b.k == 'v')
    smtz_fail(s->z, "void value used at line %u", e->line);
  if ((a.k == 'f' || b.k == 'f') && a.k != 'p' && b.k != 'p') {
    const ty *W = smte_fp_common(a, b);
    Z3_ast x = smte_fp(s, smte_conv(s, a, W, g, e->line), e->line);
    Z3_ast y = smte_fp(s, smte_conv(s, b, W, g, e->line), e->line);
    if (ex_op_is_comparison(e->op))
      return smte_bool_int(s, smte_fp_cmp(s, e->op, x, y), T);
    return smte_conv(s, smte_vfp(smte_fp_arith(s, e->op, x, y, e->line), W),
                     T, g, e->line);
  }
  if (ex_op_is_comparison(e->op)) {
    Z3_ast r;
    if (a.k == 'p' || b.k == 'p') {
      if (a.k != 'p') a = smte_int_to_ptr(s, a, e->line);
      if (b.k != 'p') b = smte_int_to_ptr(s, b, e->line);
      if (e->op == EX_OP_EQ || e->op == EX_OP_NE) {
        smte_lit_distinct(s, a, b, g, e->line);
        r = smtz_eq(s->z, a.t, b.t);
        if (e->op == EX_OP_NE) r = smtz_not(s->z, r);
      } else {
        smtc_oblige(s->c, smte_same_obj(s, a, b), g,
                    "relational comparison of pointers into different objects "
                    "at line %u",
                    e->line);
        Z3_ast x = smtm_ptr_off(s->m, a.t), y = smtm_ptr_off(s->m, b.t);
        switch (e->op) {
        case EX_OP_LT:
          r = K(Z3_mk_bvslt(z, x, y));
          break;
        case EX_OP_GT:
          r = K(Z3_mk_bvsgt(z, x, y));
          break;
        case EX_OP_LE:
          r = K(Z3_mk_bvsle(z, x, y));
          break;
        default:
          r = K(Z3_mk_bvsge(z, x, y));
          break;
        }
      }
    } else {
      unsigned bits;
      bool sgn;
      smte_usual(a, b, &bits, &sgn);
      Z3_ast x = smte_to_int(s, a, bits, sgn, g, e->line).t;
      Z3_ast y = smte_to_int(s, b, bits, sgn, g, e->line).t;
      switch (e->op) {
      case EX_OP_EQ:
        r = smtz_eq(s->z, x, y);
        break;
      case EX_OP_NE:
        r = smtz_not(s->z, smtz_eq(s->z, x, y));
        break;
      case EX_OP_LT:
        r = sgn ? K(Z3_mk_bvslt(z, x, y)) : K(Z3_mk_bvult(z, x, y));
        break;
      case EX_OP_GT:
        r = sgn ? K(Z3_mk_bvsgt(z, x, y)) : K(Z3_mk_bvugt(z, x, y));
        break;
      case EX_OP_LE:
        r = sgn ? K(Z3_mk_bvsle(z, x, y)) : K(Z3_mk_bvule(z, x, y));
        break;
      default:
        r = sgn ? K(Z3_mk_bvsge(z, x, y)) : K(Z3_mk_bvuge(z, x, y));
        break;
      }
    }
    return smte_bool_int(s, r, T);
  }
  if (a.k == 'f' || b.k == 'f' || T->kind == TY_FLOAT)
    smtz_fail(s->z, "operator %s mixing a float with a pointer at line %u",
              ex_op_text(e->op), e->line);
  if (a.k == 'p' || b.k == 'p') {
    if (e->op == EX_OP_ADD && a.k == 'p')
      return smte_ptr_arith(s, a, b, smte_elem_size(s, e->a->type, e->line),
                            false, e->line);
    if (e->op == EX_OP_ADD && b.k == 'p')
      return smte_ptr_arith(s, b, a, smte_elem_size(s, e->b->type, e->line),
                            false, e->line);
    if (e->op == EX_OP_SUB && a.k == 'p' && b.k == 'i')
      return smte_ptr_arith(s, a, b, smte_elem_size(s, e->a->type, e->line),
                            true, e->line);
    if (e->op == EX_OP_SUB && a.k == 'p' && b.k == 'p') {
      smtc_oblige(s->c, smte_same_obj(s, a, b), g,
                  "subtraction of pointers into different objects at line %u",
                  e->line);
      uint64_t sz = smte_elem_size(s, e->a->type, e->line);
      Z3_ast d =
          K(Z3_mk_bvsub(z, smtm_ptr_off(s->m, a.t), smtm_ptr_off(s->m, b.t)));
      d = K(Z3_mk_bvsdiv(z, d, smtz_num(s->z, SMTM_OFF_BITS, sz, false)));
      return smte_conv(s, smtm_v(d, SMTM_OFF_BITS, true, 'i', 0), T, g,
                       e->line);
    }
    smtz_fail(s->z, "operator %s on a pointer at line %u", ex_op_text(e->op),
              e->line);
  }
  if (!ty_is_integer(T))
    smtz_fail(s->z, "operator %s of type %s at line %u", ex_op_text(e->op),
              T->spelling, e->line);
  unsigned bits = smtm_bits(s->m, T);
  bool sgn = T->kind == TY_INT && T->is_signed;
  smtm_val x = smte_to_int(s, a, bits, sgn, g, e->line);
  if (e->op != EX_OP_SHL && e->op != EX_OP_SHR)
    b = smte_to_int(s, b, bits, sgn, g, e->line);
  return smtm_vint(s->m, smte_arith(s, e->op, x.t, b, bits, sgn, g, e->line),
                   T);
}

static smtm_val smte_unary(smte *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  switch (e->op) {
  case EX_OP_PREINC:
  case EX_OP_PREDEC:
  case EX_OP_POSTINC:
  case EX_OP_POSTDEC:
    return smte_incdec(s, e, g);
  case EX_OP_NOT:
    return smte_bool_int(
        s, smtz_not(s->z, smte_truth(s, smte_ev(s, e->a, g), e->line)), T);
  case EX_OP_ADDR: {
    const ex *a = ex_strip_implicit(e->a);
    if (a->kind == EX_FUNC || (a->type && a->type->kind == TY_FUNCTION)) {
      smtm_val v = smte_fn_value(s, a, g);
      v.type = T;
      return v;
    }
    s->addr_of = true;
    smtm_lv lv = smte_lval(s, a, g);
    s->addr_of = false;
    smtm_escape(s->m, &lv);
    return smtm_v(lv.p, SMTM_PTR_BITS, false, 'p', T);
  }
  case EX_OP_DEREF: {
    if (T->kind == TY_FUNCTION) return smte_fn_value(s, e, g);
    smtm_lv lv = smte_lval(s, e, g);
    return smtm_read(s->m, &lv, g);
  }
  default:
    break;
  }
  smtm_val a = smte_ev(s, e->a, g);
  if (T->kind == TY_FLOAT || a.k == 'f') {
    Z3_ast x = smte_fp(s, smte_conv(s, a, T, g, e->line), e->line);
    if (e->op == EX_OP_NEG) return smte_vfp(K(Z3_mk_fpa_neg(s->z->ctx, x)), T);
    if (e->op == EX_OP_PLUS) return smte_vfp(x, T);
    smtz_fail(s->z, "operator %s on a float at line %u", ex_op_text(e->op),
              e->line);
  }
  if (!ty_is_integer(T))
    smtz_fail(s->z, "operator %s at line %u", ex_op_text(e->op), e->line);
  smtm_val x = smte_to_int(s, a, smtm_bits(s->m, T),
                           T->kind == TY_INT && T->is_signed, g, e->line);
  switch (e->op) {
  case EX_OP_NEG:
    return smtm_vint(s->m, K(Z3_mk_bvneg(s->z->ctx, x.t)), T);
  case EX_OP_PLUS:
    return smtm_vint(s->m, x.t, T);
  case EX_OP_BNOT:
    return smtm_vint(s->m, K(Z3_mk_bvnot(s->z->ctx, x.t)), T);
  default:
    smtz_fail(s->z, "operator %s at line %u", ex_op_text(e->op), e->line);
  }
}

static smtm_val smte_cast(smte *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  const ex *a = e->a;
  if (T->kind == TY_VOID) {
    smte_effect(s, a, g);
    return smtm_vvoid();
  }
  if (a->type && a->type->kind == TY_ARRAY) { /* decay */
    smtm_lv lv = smte_lval(s, a, g);
    smtm_escape(s->m, &lv);
    return smte_conv(s, smtm_v(lv.p, SMTM_PTR_BITS, false, 'p', T), T, g,
                     e->line);
  }
  if (ex_strip_implicit(a)->kind == EX_FUNC ||
      (a->type && a->type->kind == TY_FUNCTION)) {
    smtm_val v = smte_fn_value(s, a, g);
    if (T->kind != TY_POINTER) v.type = 0; /* an address as an integer */
    return smte_conv(s, v, T, g, e->line);
  }
  return smte_conv(s, smte_ev_to(s, a, T, g), T, g, e->line);
}

static smtm_val smte_cond(smte *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  Z3_ast c = smte_truth(s, smte_ev(s, e->a, g), e->line);
  Z3_ast g1 = smtz_and(s->z, g, c), g2 = smtz_and(s->z, g, smtz_not(s->z, c));
  if (T->kind == TY_VOID) {
    smte_effect(s, e->b, g1);
    smte_effect(s, e->c, g2);
    return smtm_vvoid();
  }
  if (smtm_is_agg(T))
    smtz_fail(s->z, "conditional expression of type %s at line %u", T->spelling,
              e->line);
  smtm_val b = smte_conv(s, smte_ev(s, e->b, g1), T, g1, e->line);
  smtm_val d = smte_conv(s, smte_ev(s, e->c, g2), T, g2, e->line);
  b.t = smtz_ite(s->z, c, b.t, d.t);
  return b;
}

/* A floating literal: its text as C reads it, rounded once to its type
 * (strtof for float, strtod for double, hexadecimal ones too). */
static smtm_val smte_float_lit(smte *s, const ex *e) {
  Z3_sort fs = smte_fsort(s, e->type, e->line);
  const char *t = e->text;
  if (!t) smtz_fail(s->z, "floating literal without text at line %u", e->line);
  char *end = 0;
  Z3_ast v;
  if (e->type->size == 4) {
    float f = strtof(t, &end);
    v = K(Z3_mk_fpa_numeral_float(s->z->ctx, f, fs));
  } else {
    double d = strtod(t, &end);
    v = K(Z3_mk_fpa_numeral_double(s->z->ctx, d, fs));
  }
  /* only a suffix may follow (f, F, l, L) */
  if (end == t || (*end && strspn(end, "fFlL") != strlen(end)))
    smtz_fail(s->z, "floating literal %s at line %u", t, e->line);
  return smte_vfp(v, e->type);
}

static bool smte_side_effect(const ex *e) {
  return e->kind == EX_CALL || e->kind == EX_ASSIGN ||
         (e->kind == EX_UNARY &&
          (e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC ||
           e->op == EX_OP_POSTINC || e->op == EX_OP_POSTDEC));
}

static smtm_val smte_ev_raw(smte *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  if (!T) smtz_fail(s->z, "untyped expression at line %u", e->line);
  switch (e->kind) {
  case EX_INT:
  case EX_SIZEOF:
    if (!ty_is_integer(T))
      smtz_fail(s->z, "constant of type %s at line %u", T->spelling, e->line);
    return smtm_vint(s->m,
                     smtz_num(s->z, smtm_bits(s->m, T), e->u,
                              T->kind == TY_INT && T->is_signed),
                     T);
  case EX_FLOAT:
    return smte_float_lit(s, e);
  case EX_STRING:
    smtz_fail(s->z, "string literal at line %u", e->line);
  case EX_VAR:
  case EX_MEMBER:
  case EX_INDEX: {
    if (smtm_is_agg(T))
      smtz_fail(s->z, "value of type %s at line %u", T->spelling, e->line);
    smtm_lv lv = smte_lval(s, e, g);
    return smtm_read(s->m, &lv, g);
  }
  case EX_FUNC:
    return smte_fn_value(s, e, g);
  case EX_UNARY:
    return smte_unary(s, e, g);
  case EX_BINARY:
    return smte_binary(s, e, g);
  case EX_ASSIGN:
    return smte_assign(s, e, g);
  case EX_CAST:
    return smte_cast(s, e, g);
  case EX_CALL:
    return smte_call_undefined(s, e, g);
  case EX_COND:
    return smte_cond(s, e, g);
  case EX_INITLIST:
    smtz_fail(s->z, "initialiser list in an expression at line %u", e->line);
  case EX_UNSUPPORTED:
  default:
    smtz_fail(s->z, "%s at line %u",
              e->text ? e->text : "unsupported expression", e->line);
  }
}

/* Evaluate e under guard g (NULL: unconditionally). Inside a run of assume
 * edges a side effect evaluated once is not repeated: the case tests of a
 * switch share the switch value's expression. */
static smtm_val smte_ev(smte *s, const ex *e, Z3_ast g) {
  if (!s->in_assume || !smte_side_effect(e)) return smte_ev_raw(s, e, g);
  for (size_t i = s->memo.len; i-- > 0 && s->memo.data[i].step >= s->run_start;)
    if (s->memo.data[i].e == e) return s->memo.data[i].v;
  smtm_val v = smte_ev_raw(s, e, g);
  smte_memo m = {e, v, s->c->step};
  smtz_hold(s->z, v.t);
  VEC_PUSH(s->memo, m);
  return v;
}

/* A member of record type rt named name, looking into anonymous members. */
static bool smte_field(const ty *rt, const char *name, uint64_t *off,
                       const ty_field **out) {
  for (unsigned i = 0; i < rt->nfields; i++) {
    const ty_field *f = &rt->fields[i];
    if (f->name && !strcmp(f->name, name)) {
      *off = f->offset / 8;
      *out = f;
      return true;
    }
  }
  for (unsigned i = 0; i < rt->nfields; i++) {
    const ty_field *f = &rt->fields[i];
    uint64_t o;
    if (!f->name && (f->type->kind == TY_STRUCT || f->type->kind == TY_UNION) &&
        smte_field(f->type, name, &o, out)) {
      *off = f->offset / 8 + o;
      return true;
    }
  }
  return false;
}

static smtm_lv smte_lval(smte *s, const ex *e, Z3_ast g) {
  bool addr = s->addr_of; /* e is the operand of & */
  s->addr_of = false;
  switch (e->kind) {
  case EX_VAR: {
    if (!e->var) smtz_fail(s->z, "unknown variable at line %u", e->line);
    if (e->var->type->kind == TY_FUNCTION)
      smtz_fail(s->z, "function %s as an object at line %u", e->var->name,
                e->line);
    smtm_lv lv =
        smtm_lv_var(s->m, e->var, smtm_frame_of(s->m, e->var), e->line);
    return lv;
  }
  case EX_UNARY:
    if (e->op == EX_OP_DEREF) {
      if (e->type->kind == TY_FUNCTION)
        smtz_fail(s->z, "function as an object at line %u", e->line);
      smtm_val p = smte_ev(s, e->a, g);
      if (p.k != 'p')
        smtz_fail(s->z, "dereference of a non-pointer at line %u", e->line);
      return smtm_lv_ptr(s->m, p.t, e->type, e->line,
                         "invalid pointer dereference");
    }
    break;
  case EX_MEMBER: {
    smtm_lv base;
    const ty *rt;
    if (e->arrow) {
      smtm_val p = smte_ev(s, e->a, g);
      if (p.k != 'p' || !e->a->type->elem)
        smtz_fail(s->z, "-> on a non-pointer at line %u", e->line);
      rt = e->a->type->elem;
      base = smtm_lv_ptr(s->m, p.t, rt, e->line, "invalid pointer dereference");
    } else {
      base = smte_lval(s, e->a, g);
      rt = base.type;
    }
    if (rt->kind != TY_STRUCT && rt->kind != TY_UNION)
      smtz_fail(s->z, "member of %s at line %u", rt->spelling, e->line);
    uint64_t off;
    const ty_field *f;
    if (!e->text || !smte_field(rt, e->text, &off, &f))
      smtz_fail(s->z, "unknown member %s at line %u", e->text ? e->text : "?",
                e->line);
    smtm_lv lv = smtm_lv_offc(s->m, base, off, e->type);
    if (f->bitfield > 0) {
      lv.bfw = (unsigned)f->bitfield;
      lv.bfoff = (unsigned)(f->offset % 8);
    }
    return lv;
  }
  case EX_INDEX: {
    const ex *pa = e->a, *pi = e->b;
    if (pa->type && ty_is_integer(pa->type)) {
      pa = e->b;
      pi = e->a;
    }
    smtm_lv base;
    const ty *arr = 0;
    if (pa->kind == EX_CAST && pa->a->type && pa->a->type->kind == TY_ARRAY) {
      arr = pa->a->type;
      base = smte_lval(s, pa->a, g);
    } else if (pa->type && pa->type->kind == TY_ARRAY) {
      arr = pa->type;
      base = smte_lval(s, pa, g);
    } else {
      smtm_val p = smte_ev(s, pa, g);
      if (p.k != 'p')
        smtz_fail(s->z, "subscript of a non-pointer at line %u", e->line);
      base = smtm_lv_ptr(s->m, p.t, e->type, e->line,
                         "invalid pointer dereference");
    }
    base.what = "array index out of bounds";
    if (!e->type->is_complete || !e->type->size)
      smtz_fail(s->z, "subscript of %s at line %u", e->type->spelling, e->line);
    smtm_val i = smte_ev(s, pi, g);
    if (i.k != 'i') smtz_fail(s->z, "subscript at line %u", e->line);
    Z3_ast d = smtz_resize(s->z, i.t, i.bits, i.sgn, SMTM_OFF_BITS);
    if (arr && arr->count >= 0) {
      /* C's bound for a subscript of an array (one past it under &) */
      Z3_ast lo =
          K(Z3_mk_bvsge(s->z->ctx, d, smtz_num(s->z, SMTM_OFF_BITS, 0, false)));
      uint64_t n = (uint64_t)arr->count + (addr ? 1 : 0);
      Z3_ast hi =
          K(Z3_mk_bvslt(s->z->ctx, d, smtz_num(s->z, SMTM_OFF_BITS, n, false)));
      smtc_oblige(s->c, smtz_and(s->z, lo, hi), g,
                  "array index out of bounds at line %u", e->line);
    }
    return smtm_lv_index(s->m, base, d, e->type->size, e->type);
  }
  case EX_STRING:
    return smtm_lv_string(s->m, e, e->line);
  case EX_UNSUPPORTED:
    smtz_fail(s->z, "%s at line %u",
              e->text ? e->text : "unsupported expression", e->line);
  default:
    break;
  }
  smtz_fail(s->z, "lvalue not modelled at line %u", e->line);
}

/* ---------- initialisers ---------- */

/* Whether x is the address of a function (f or &f). */
static bool smte_is_fn_addr(const ex *x) {
  x = ex_strip_implicit(x);
  if (x->kind == EX_UNARY && x->op == EX_OP_ADDR) x = ex_strip_implicit(x->a);
  return x->kind == EX_FUNC ||
         (x->kind == EX_VAR && x->type && x->type->kind == TY_FUNCTION);
}

/* How smte_init_list reads list from *pos: a braced list (every element
 * is its own, a designated one starts at this object), or with elided
 * braces from element `first` (SMTE_CONT: from no particular one), where
 * the object ends at the first designated element after `first` (its
 * designation starts at the enclosing braced list). */
#define SMTE_BRACED UINT_MAX
#define SMTE_CONT (UINT_MAX - 1)
static void smte_init_list(smte *s, const smtm_lv *lv, const ex *list,
                           unsigned *pos, unsigned first, uint64_t start);

/* The char array at lv (zero already) initialised from string literal
 * lit: its bytes, as many as fit (the NUL only when there is room). */
static void smte_init_chars(smte *s, const smtm_lv *lv, const ex *lit) {
  const ty *T = lv->type;
  if (T->kind != TY_ARRAY || !T->elem || !ty_is_integer(T->elem) ||
      T->elem->size != 1 || T->count < 0 || !lit->str)
    smtz_fail(s->z, "%s initialised with a string literal at line %u",
              T->spelling, lit->line);
  for (uint64_t i = 0; lit->str[i] && i < (uint64_t)T->count; i++) {
    smtm_lv el = smtm_lv_offc(s->m, *lv, i, T->elem);
    smtm_write(s->m, &el,
               smtm_vint(s->m,
                         smtz_num(s->z, 8, (unsigned char)lit->str[i], false),
                         T->elem),
               0);
  }
}

/* Evaluate the initialiser x of an opaque union for its effects and
 * obligations only. */
static void smte_init_opaque(smte *s, const smtm_lv *lv, const ex *x) {
  x = ex_strip_implicit(x);
  if (x->kind == EX_INITLIST) {
    for (unsigned i = 0; i < x->nargs; i++)
      smte_init_opaque(s, lv, x->args[i]);
  } else if (x->kind == EX_STRING || smte_is_fn_addr(x)) {
    /* a constant address: no effect */
  } else if (x->type && smtm_is_agg(x->type)) {
    smtm_lv src = smte_lval(s, x, s->eg);
    if (!src.in || !src.kof || src.in->dead)
      smtz_fail(s->z, "union (%s) copied through a pointer at line %u",
                lv->type->spelling, x->line);
  } else {
    (void)smte_ev(s, x, s->eg);
  }
}

static void smte_init_elem(smte *s, const smtm_lv *lv, const ex *list,
                           unsigned *pos);

/* The member of union lv that list->args[pos] initialises (the one of its
 * type), as an lvalue; fails when that is not clear. */
static smtm_lv smte_union_member(smte *s, const smtm_lv *lv, const ex *list,
                                 unsigned pos) {
  const ty *U = lv->type, *at = list->args[pos]->type;
  const ty_field *m = 0;
  unsigned nm = 0;
  bool bits = false;
  for (unsigned i = 0; i < U->nfields; i++) {
    const ty_field *f = &U->fields[i];
    if (f->type != at || f->bitfield == 0) continue;
    if (!m) m = f;
    nm++;
    bits |= f->bitfield > 0;
  }
  if (!m || (nm > 1 && bits))
    smtz_fail(s->z, "initialiser of union (%s) at line %u", U->spelling,
              list->line);
  smtm_lv r = smtm_lv_offc(s->m, *lv, m->offset / 8, m->type);
  if (m->bitfield > 0) {
    r.bfw = (unsigned)m->bitfield;
    r.bfoff = (unsigned)(m->offset % 8);
  }
  return r;
}

/* Whether t holds a union or a bit-field (through structs and arrays). */
static bool smte_holds_region(const ty *t, int depth) {
  if (depth > 32) return false;
  if (t->kind == TY_UNION) return true;
  if (t->kind == TY_ARRAY) return t->elem && smte_holds_region(t->elem, depth + 1);
  if (t->kind != TY_STRUCT) return false;
  for (unsigned i = 0; i < t->nfields; i++)
    if (t->fields[i].bitfield >= 0 ||
        smte_holds_region(t->fields[i].type, depth + 1))
      return true;
  return false;
}

/* Zero the members at lv that lie in byte regions (bit-fields, unions:
 * their first named member), as an initialiser does for the members it
 * does not name; in_region: lv itself is inside a union. Padding stays as
 * it is. */
static void smte_zero_members(smte *s, const smtm_lv *lv, bool in_region,
                              int depth) {
  const ty *T = lv->type;
  if (depth > 32) smtz_fail(s->z, "initialiser nested too deep");
  if (ty_is_scalar(T)) {
    if (!in_region && !lv->bfw) return; /* zero already */
    smtm_val z = T->kind == TY_FLOAT
                     ? smte_vfp(K(Z3_mk_fpa_zero(
                                    s->z->ctx, smte_fsort(s, T, lv->line), false)),
                                T)
                 : T->kind == TY_POINTER ? smtm_v(smtm_null(s->m),
                                                  SMTM_PTR_BITS, false, 'p', T)
                                         : smtm_vint(s->m,
                                                     smtz_num(s->z,
                                                              smtm_bits(s->m, T),
                                                              0, false),
                                                     T);
    smtm_write(s->m, lv, z, 0);
  } else if (T->kind == TY_ARRAY) {
    if (!in_region && !smte_holds_region(T, 0)) return;
    if (T->count < 0 || (uint64_t)T->count > SMTM_MAX_EXPAND)
      smtz_fail(s->z, "initialiser of %s at line %u", T->spelling, lv->line);
    for (int64_t i = 0; i < T->count; i++) {
      smtm_lv el =
          smtm_lv_offc(s->m, *lv, (uint64_t)i * T->elem->size, T->elem);
      smte_zero_members(s, &el, in_region, depth + 1);
    }
  } else if (T->kind == TY_STRUCT) {
    if (!in_region && !smte_holds_region(T, 0)) return;
    for (unsigned i = 0; i < T->nfields; i++) {
      const ty_field *f = &T->fields[i];
      if (f->bitfield >= 0 && (!f->name || !f->bitfield)) continue;
      smtm_lv m = smtm_lv_offc(s->m, *lv, f->offset / 8, f->type);
      if (f->bitfield > 0) {
        m.bfw = (unsigned)f->bitfield;
        m.bfoff = (unsigned)(f->offset % 8);
      }
      smte_zero_members(s, &m, in_region, depth + 1);
    }
  } else if (T->kind == TY_UNION && T->size <= SMTM_MAX_REGION) {
    for (unsigned i = 0; i < T->nfields; i++) {
      const ty_field *f = &T->fields[i];
      if (!f->name && f->bitfield >= 0) continue;
      smtm_lv m = smtm_lv_offc(s->m, *lv, f->offset / 8, f->type);
      if (f->bitfield > 0) {
        m.bfw = (unsigned)f->bitfield;
        m.bfoff = (unsigned)(f->offset % 8);
      }
      smte_zero_members(s, &m, true, depth + 1);
      break; /* the first named member */
    }
  }
}

/* Initialise the union at lv (modelled byte by byte) from
 * list->args[*pos]: the member of the element's type. Another member than
 * the first leaves the other bytes indeterminate. */
static void smte_init_union(smte *s, const smtm_lv *lv, const ex *list,
                            unsigned *pos) {
  smtm_lv m = smte_union_member(s, lv, list, *pos);
  const ty_field *f0 = 0;
  for (unsigned i = 0; i < lv->type->nfields && !f0; i++)
    if (lv->type->fields[i].name || lv->type->fields[i].bitfield < 0)
      f0 = &lv->type->fields[i];
  if (f0 && f0->type != m.type) {
    smtm_forget_bytes(s->m, lv, lv->type->size);
    smte_zero_members(s, &m, true, 0);
  }
  smte_init_elem(s, &m, list, pos);
}

/* Initialise the object at lv from the element list->args[*pos]. */
static void smte_init_elem(smte *s, const smtm_lv *lv, const ex *list,
                           unsigned *pos) {
  const ex *arg = list->args[*pos];
  const ex *x = ex_strip_implicit(arg);
  if (lv->type->kind == TY_UNION && lv->type->size <= SMTM_MAX_REGION) {
    if (x->kind == EX_INITLIST) {
      unsigned p = 0;
      smte_init_list(s, lv, x, &p, SMTE_BRACED, 0);
      if (p < x->nargs)
        smtz_fail(s->z, "excess initialisers at line %u", x->line);
    } else if (x->type == lv->type) {
      smtm_lv src = smte_lval(s, x, 0);
      smtm_copy(s->m, lv, &src, 0);
    } else {
      smtz_fail(s->z, "union (%s) initialised without braces at line %u",
                lv->type->spelling, x->line);
    }
    (*pos)++;
    return;
  }
  if (lv->type->kind == TY_UNION) {
    /* opaque: its contents are not tracked; a scalar here would start an
     * initialiser of the first member with elided braces, whose extent is
     * not worked out */
    if (x->kind != EX_INITLIST && x->type != lv->type)
      smtz_fail(s->z, "union (%s) initialised without braces at line %u",
                lv->type->spelling, x->line);
    smte_init_opaque(s, lv, x);
    (*pos)++;
    return;
  }
  if (x->kind == EX_STRING && lv->type->kind == TY_ARRAY) {
    smte_init_chars(s, lv, x);
    (*pos)++;
    return;
  }
  if (smtm_is_agg(lv->type)) {
    if (x->kind == EX_INITLIST) {
      unsigned p = 0;
      /* a designated element may name this object again: its braced list
       * then stands for the whole object, what it does not name is zero
       * again (`{ .a = {1, 2}, .a = {3} }`: a.y is 0) */
      if (list->desig) smte_zero_members(s, lv, true, 0);
      smte_init_list(s, lv, x, &p, SMTE_BRACED, 0);
      if (p < x->nargs)
        smtz_fail(s->z, "excess initialisers at line %u", x->line);
      (*pos)++;
    } else if (x->type == lv->type) {
      smtm_lv src = smte_lval(s, x, s->eg);
      smtm_copy(s->m, lv, &src, s->eg);
      (*pos)++;
    } else {
      smte_init_list(s, lv, list, pos, *pos, 0); /* brace elision */
    }
    return;
  }
  if (x->kind == EX_INITLIST) {
    if (x->nargs) {
      unsigned p = 0;
      smte_init_elem(s, lv, x, &p);
    }
    (*pos)++;
    return;
  }
  smtm_write(s->m, lv,
             smte_conv(s, smte_ev(s, arg, s->eg), lv->type, s->eg, arg->line),
             s->eg);
  (*pos)++;
}

/* The designation of list->args[pos], NULL when it is positional. */
static const ex_designation *smte_desig(const ex *list, unsigned pos) {
  return list->desig && list->desig[pos].n ? &list->desig[pos] : 0;
}

/* The member f of the record at lv, as an lvalue. */
static smtm_lv smte_member(smte *s, const smtm_lv *lv, const ty_field *f) {
  smtm_lv m = smtm_lv_offc(s->m, *lv, f->offset / 8, f->type);
  if (f->bitfield > 0) {
    m.bfw = (unsigned)f->bitfield;
    m.bfoff = (unsigned)(f->offset % 8);
  }
  return m;
}

/* Initialise what designators dg->d[level...] name in the object at lv
 * from list->args[*pos], then (below the first level) continue with the
 * positional elements that follow in the rest of that object, as C does
 * after `.a.b = 1`. */
static void smte_init_desig(smte *s, const smtm_lv *lv, const ex *list,
                            unsigned *pos, const ex_designation *dg,
                            unsigned level, int depth) {
  if (depth > 32) smtz_fail(s->z, "initialiser nested too deep");
  if (level == dg->n) {
    smte_init_elem(s, lv, list, pos);
    return;
  }
  const ex_designator *d = &dg->d[level];
  const ty *T = lv->type;
  uint64_t next;
  if (d->field) {
    if ((T->kind != TY_STRUCT && T->kind != TY_UNION) || d->field < T->fields ||
        d->field >= T->fields + T->nfields)
      smtz_fail(s->z, "designator of %s at line %u", T->spelling, list->line);
    if (T->kind == TY_UNION && T->size > SMTM_MAX_REGION) {
      smte_init_opaque(s, lv, list->args[*pos]); /* contents not tracked */
      (*pos)++;
      return;
    }
    smtm_lv m = smte_member(s, lv, d->field);
    if (T->kind == TY_UNION) {
      const ty_field *f0 = 0;
      for (unsigned i = 0; i < T->nfields && !f0; i++)
        if (T->fields[i].name || T->fields[i].bitfield < 0) f0 = &T->fields[i];
      if (f0 != d->field) {
        /* another member than the first: the other bytes are
         * indeterminate (as in smte_init_union) */
        smtm_forget_bytes(s->m, lv, T->size);
        smte_zero_members(s, &m, true, 0);
      }
    }
    smte_init_desig(s, &m, list, pos, dg, level + 1, depth + 1);
    next = (uint64_t)(d->field - T->fields) + 1;
    if (T->kind == TY_UNION) next = T->nfields; /* one member only */
  } else {
    if (T->kind != TY_ARRAY || (T->count >= 0 && d->hi >= (uint64_t)T->count))
      smtz_fail(s->z, "designator of %s at line %u", T->spelling, list->line);
    if (d->lo != d->hi && level + 1 < dg->n)
      smtz_fail(s->z, "range designator before another at line %u", list->line);
    unsigned p = *pos;
    for (uint64_t i = d->lo; i <= d->hi; i++) {
      smtm_lv el = smtm_lv_offc(s->m, *lv, i * T->elem->size, T->elem);
      p = *pos;
      smte_init_desig(s, &el, list, &p, dg, level + 1, depth + 1);
    }
    *pos = p;
    next = d->hi + 1;
  }
  if (level > 0) smte_init_list(s, lv, list, pos, SMTE_CONT, next);
}

/* Initialise the aggregate at lv from list->args[*pos...] (the object is
 * zero already), from its member or element `start` on; how the list is
 * read: `first` (SMTE_BRACED, SMTE_CONT or where brace elision began). */
static void smte_init_list(smte *s, const smtm_lv *lv, const ex *list,
                           unsigned *pos, unsigned first, uint64_t start) {
  const ty *T = lv->type;
  bool braced = first == SMTE_BRACED;
  uint64_t i = start;
  if (T->kind == TY_UNION && T->size > SMTM_MAX_REGION) {
    smte_init_opaque(s, lv, list); /* the whole braced list */
    *pos = list->nargs;
    return;
  }
  if (T->kind != TY_ARRAY && T->kind != TY_STRUCT && T->kind != TY_UNION) {
    if (*pos < list->nargs && start == 0) smte_init_elem(s, lv, list, pos);
    return;
  }
  while (*pos < list->nargs) {
    const ex_designation *dg = smte_desig(list, *pos);
    if (dg && *pos != first) {
      if (!braced) return; /* it starts at the enclosing braced list */
      const ex_designator *d = &dg->d[0];
      smte_init_desig(s, lv, list, pos, dg, 0, 0);
      i = d->field ? (uint64_t)(d->field - T->fields) + 1 : d->hi + 1;
      if (T->kind == TY_UNION) i = T->nfields;
      continue;
    }
    if (T->kind == TY_ARRAY) {
      if (T->count < 0 || i >= (uint64_t)T->count) return;
      smtm_lv el = smtm_lv_offc(s->m, *lv, i * T->elem->size, T->elem);
      smte_init_elem(s, &el, list, pos);
      i++;
    } else if (T->kind == TY_STRUCT) {
      if (i >= T->nfields) return;
      const ty_field *fd = &T->fields[i++];
      /* unnamed bit-fields take no initialiser */
      if (fd->bitfield >= 0 && (!fd->name || !fd->bitfield)) continue;
      smtm_lv f = smte_member(s, lv, fd);
      smte_init_elem(s, &f, list, pos);
    } else {
      if (i > 0) return;
      smte_init_union(s, lv, list, pos);
      i = T->nfields;
    }
  }
}

/* ---------- edges ---------- */

/* `T a[n];` with n not constant: n is evaluated now; the array is new
 * each time. A negative n is undefined behaviour (C11 6.7.6.2p5); so is 0
 * in C, but gcc makes an array of 0 bytes, as here (every access to it is
 * out of bounds), and the replays run what gcc compiled. */
static void smte_decl_vla(smte *s, const cfa_edge *e) {
  unsigned line = e->loc.line;
  smtm_val n = smte_ev(s, e->vla_count, s->eg);
  if (n.k != 'i')
    smtz_fail(s->z, "size of variable-length array %s at line %u",
              e->var->name, line);
  if (n.sgn)
    smtc_oblige(s->c,
                K(Z3_mk_bvsge(s->z->ctx, n.t,
                              smtz_num(s->z, n.bits, 0, false))),
                s->eg,
                "variable-length array %s of a negative size at line %u",
                e->var->name, line);
  Z3_ast c = smtz_resize(s->z, n.t, n.bits, n.sgn, SMTM_OFF_BITS);
  (void)smtm_vla(s->m, e->var, c, s->eg, line);
}

static void smte_decl(smte *s, const cfa_edge *e) {
  const cfa_var *v = e->var;
  if (e->vla_count) {
    smte_decl_vla(s, e);
    return;
  }
  const ex *init = e->expr;
  bool stat = v->is_global || v->is_static;
  unsigned line = e->loc.line;
  if (init && v->type->kind == TY_ARRAY && init->type &&
      ty_is_integer(init->type) && ex_strip_implicit(init)->kind != EX_INITLIST)
    init =
        0; /* the front end hands over the size of `int a[n];` as initialiser */
  if (v->is_extern && !init) return; /* defined elsewhere */
  if (v->type->kind == TY_FUNCTION) return;
  if (!stat && !init) {
    /* a local without initialiser: indeterminate until written; nothing to
     * do unless an older value of this activation exists (loops) */
    smtm_forget(s->m, v);
    return;
  }
  if (stat && smtm_layout_of(s->m, v->type)->unsupported)
    return; /* a use will fail */
  smtm_lv lv = smtm_lv_var(s->m, v, smtm_frame_of(s->m, v), line);
  smtm_inst *in = lv.in;
  if (v->is_static && !v->is_global && in->initialised) return; /* once */
  if (stat && !init && in->initialised) return; /* tentative definition again */
  smtm_set_initialised(s->m, in);
  const ex *x = init ? ex_strip_implicit(init) : 0;
  if (!init || smtm_is_agg(v->type) || x->kind == EX_INITLIST)
    smtm_zero_inst(s->m, in);
  if (!stat && x && x->kind == EX_INITLIST && in->lay->has_region) {
    /* an automatic object: padding is indeterminate, members not named
     * are zero */
    smtm_forget_regions(s->m, in);
    smte_zero_members(s, &lv, false, 0);
  }
  if (!init) return;
  if (x->kind == EX_INITLIST) {
    unsigned pos = 0;
    smte_init_list(s, &lv, x, &pos, SMTE_BRACED, 0);
    if (pos < x->nargs) smtz_fail(s->z, "excess initialisers at line %u", line);
  } else if (x->kind == EX_STRING && v->type->kind == TY_ARRAY) {
    smte_init_chars(s, &lv, x);
  } else if (smtm_is_agg(v->type)) {
    smtm_lv src = smte_lval(s, x, s->eg);
    smtm_copy(s->m, &lv, &src, s->eg);
  } else {
    smtm_val iv = smte_conv(s, smte_ev(s, init, s->eg), v->type, s->eg, line);
    smtm_write(s->m, &lv, iv, s->eg);
    smte_show(s, &lv, iv, s->eg, 0, v->name);
  }
}

/* Assign the value of expression x to the object at dst (a return value,
 * a parameter). */
static void smte_store_expr(smte *s, const smtm_lv *dst, const ex *x,
                            unsigned line) {
  if (smtm_is_agg(dst->type)) {
    smtm_lv src = smte_lval(s, ex_strip_implicit(x), s->eg);
    smtm_copy(s->m, dst, &src, s->eg);
  } else {
    smtm_write(s->m, dst,
               smte_conv(s, smte_ev_to(s, x, dst->type, s->eg), dst->type,
                         s->eg, line),
               s->eg);
  }
}

static void smte_call(smte *s, const cfa_edge *e) {
  const ex *call = e->expr;
  const cfa_function *fn = e->callee;
  unsigned line = e->loc.line;
  if (!call || !fn)
    smtz_fail(s->z, "call edge without callee at line %u", line);
  unsigned n = call->nargs;
  smtm_val *vals = smtz_tmp(s->z, (n + 1) * sizeof *vals);
  smtm_lv *srcs = smtz_tmp(s->z, (n + 1) * sizeof *srcs);
  for (unsigned i = 0; i < n; i++) {
    const cfa_var *p = i < fn->nparams ? fn->params[i] : 0;
    if (!p) {
      smte_effect(s, call->args[i], 0);
    } else if (smtm_is_agg(p->type)) {
      srcs[i] = smte_lval(s, ex_strip_implicit(call->args[i]), 0);
    } else {
      vals[i] = smte_conv(s, smte_ev(s, call->args[i], 0), p->type, 0, line);
    }
  }
  unsigned frame = smtm_frame_push(s->m, e, fn);
  for (unsigned i = 0; i < n && i < fn->nparams; i++) {
    const cfa_var *p = fn->params[i];
    smtm_lv dst = smtm_lv_var(s->m, p, frame, line);
    if (smtm_is_agg(p->type))
      smtm_copy(s->m, &dst, &srcs[i], 0);
    else {
      smtm_write(s->m, &dst, vals[i], 0);
      smte_show(s, &dst, vals[i], 0, 0, p->name);
    }
  }
}

static void smte_return(smte *s, const cfa_edge *e) {
  unsigned line = e->loc.line;
  const smtm_frame *top = smtm_frame_top(s->m);
  if (!top || top->call != e->call)
    smtz_fail(s->z, "return edge without its call on the path (line %u)", line);
  smtm_frame fr = *top;
  const cfa_function *fn = fr.fn;
  const ex *lhs = e->call->lhs;
  smtm_lv res = {0};
  smtm_val v = smtm_vvoid();
  if (lhs && fn->result) {
    res = smtm_lv_var(s->m, fn->result, fr.id, line);
    if (!smtm_is_agg(fn->result->type)) v = smtm_read(s->m, &res, 0);
  }
  smtm_frame_pop(s->m);
  if (!lhs || !fn->result) return;
  smtm_lv dst = smte_lval(s, lhs, 0);
  if (smtm_is_agg(dst.type))
    smtm_copy(s->m, &dst, &res, 0);
  else {
    smtm_val rv = smte_conv(s, v, dst.type, 0, line);
    smtm_write(s->m, &dst, rv, 0);
    smte_show(s, &dst, rv, 0, lhs, 0);
  }
}

static void smte_stmt(smte *s, const cfa_edge *e) {
  const ex *x = e->expr;
  if (e->is_return) {
    const cfa_function *fn = e->from->function;
    if (!x) return;
    if (fn && fn->result) {
      smtm_lv dst =
          smtm_lv_var(s->m, fn->result, smtm_cur_frame(s->m), e->loc.line);
      smte_store_expr(s, &dst, x, e->loc.line);
    } else {
      smte_effect(s, x, s->eg);
    }
    return;
  }
  if (x) smte_effect(s, x, s->eg);
}

void smte_edge(smte *s, const cfa_edge *e, size_t run_start) {
  s->run_start = run_start;
  s->in_assume = s->discard = s->addr_of = false;
  s->eg = 0;
  if (e->unsupported)
    smtz_fail(s->z, "%s at line %u", e->unsupported, e->loc.line);
  s->in_assume = e->kind == CFA_ASSUME;
  switch (e->kind) {
  case CFA_BLANK:
    break;
  case CFA_DECLARATION:
    if (e->decl == CFA_DECL_VAR && e->var) smte_decl(s, e);
    break;
  case CFA_STATEMENT:
    smte_stmt(s, e);
    break;
  case CFA_ASSUME: {
    if (!e->expr)
      smtz_fail(s->z, "assume edge without condition at line %u", e->loc.line);
    Z3_ast c = smte_truth(s, smte_ev(s, e->expr, 0), e->loc.line);
    smtc_assume(s->c, e->truth ? c : smtz_not(s->z, c), 0);
    break;
  }
  case CFA_CALL:
    smte_call(s, e);
    break;
  case CFA_RETURN:
    smte_return(s, e);
    break;
  default:
    smtz_fail(s->z, "edge kind %d at line %u", (int)e->kind, e->loc.line);
  }
}

/* ---------- large blocks ---------- */

/* a or b, where NULL is true. */
static Z3_ast smte_or_guard(smte *s, Z3_ast a, Z3_ast b) {
  if (!a || !b) return 0;
  return smtz_or(s->z, a, b);
}

/* The condition reach(n) gets one more way in: t (NULL: always). */
static void smte_reach_add(smte *s, const cfa_node *n, Z3_ast t) {
  unsigned id = n->id;
  if (id >= s->has.len) {
    size_t old = s->has.len;
    VEC_GROW(s->has, (size_t)id + 1);
    VEC_GROW(s->reach, (size_t)id + 1);
    for (size_t i = old; i <= id; i++) {
      s->has.data[i] = 0;
      s->reach.data[i] = 0;
    }
    s->has.len = s->reach.len = (size_t)id + 1;
  }
  if (s->has.data[id]) {
    s->reach.data[id] = smte_or_guard(s, s->reach.data[id], t);
    return;
  }
  s->has.data[id] = 1;
  s->reach.data[id] = t;
  VEC_PUSH(s->touched, id);
}

void smte_block(smte *s, const cfa_edge *b, size_t run_start, Z3_ast *taken) {
  s->in_assume = s->discard = s->addr_of = false;
  s->eg = 0;
  for (size_t i = 0; i < s->touched.len; i++) {
    s->has.data[s->touched.data[i]] = 0;
    s->reach.data[s->touched.data[i]] = 0;
  }
  s->touched.len = 0;
  if (!b->nblock) smtz_fail(s->z, "empty block at line %u", b->loc.line);
  const cfa_node *entry = cfa_block_source(b);
  const cfa_node *target = cfa_block_target(b);
  Z3_ast rt = 0;
  bool rt_has = false;
  /* the condition of the last assume edge, shared with its sibling */
  const cfa_node *cn = 0;
  const ex *cx = 0;
  Z3_ast cc = 0;
  for (size_t i = 0; i < b->nblock; i++) {
    const cfa_edge *e = b->block[i];
    unsigned line = e->loc.line;
    Z3_ast g = 0;
    if (e->from != entry) {
      if (e->from->id >= s->has.len || !s->has.data[e->from->id])
        smtz_fail(s->z, "block edge at line %u before its source", line);
      g = s->reach.data[e->from->id];
    }
    if (e->unsupported) smtz_fail(s->z, "%s at line %u", e->unsupported, line);
    Z3_ast t = g;
    switch (e->kind) {
    case CFA_BLANK:
      break;
    case CFA_DECLARATION:
      s->eg = g;
      if (e->decl == CFA_DECL_VAR && e->var) smte_decl(s, e);
      s->eg = 0;
      break;
    case CFA_STATEMENT:
      s->eg = g;
      smte_stmt(s, e);
      s->eg = 0;
      break;
    case CFA_ASSUME: {
      if (!e->expr)
        smtz_fail(s->z, "assume edge without condition at line %u", line);
      if (cn != e->from || cx != e->expr) {
        s->in_assume = true;
        s->run_start = e->from == entry ? run_start : s->c->step;
        cc = smte_truth(s, smte_ev(s, e->expr, g), line);
        s->in_assume = false;
        cn = e->from;
        cx = e->expr;
        if (s->relaxing) {
          /* the branches stay exclusive: without rl, a free choice (the
           * join after them picks a value by which branch was taken) */
          Z3_ast rl = smtz_fresh(s->z, "B", s->z->boolean);
          Z3_ast ch = smtz_fresh(s->z, "C", s->z->boolean);
          smte_relax r = {smtz_hold(s->z, rl), s->c->step, e->from};
          VEC_PUSH(s->relax, r);
          cc = K(Z3_mk_ite(s->z->ctx, rl, cc, ch));
        }
      }
      t = smtz_and(s->z, g, e->truth ? cc : smtz_not(s->z, cc));
      break;
    }
    default:
      smtz_fail(s->z, "%s edge inside a block at line %u",
                cfa_edge_kind_name(e->kind), line);
    }
    s->discard = s->addr_of = false;
    taken[i] = t ? t : s->z->tru;
    if (e->to == target) {
      rt = rt_has ? smte_or_guard(s, rt, t) : t;
      rt_has = true;
    } else {
      smte_reach_add(s, e->to, t);
    }
  }
  if (!rt_has)
    smtz_fail(s->z, "block at line %u never reaches its target", b->loc.line);
  if (rt) smtc_assume(s->c, rt, 0);
}
