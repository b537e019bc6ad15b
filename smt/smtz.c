/* smtz: Z3 plumbing (see smtz.h). */
#include "smtz.h"

#include "lib/lim.h"

#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

struct smtz_jmp {
  smtz_jmp *prev;
  jmp_buf b;
};

static void smtz_on_error(Z3_context c, Z3_error_code e) {
  (void)c;
  (void)e; /* the NULL result is caught by smtz_k */
}

static Z3_context smtz_make(void) {
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  Z3_context c = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  return c;
}

/* ---------- contexts made ahead (smtz_ahead) ----------
 * Only the main thread touches this state; the maker thread writes `made`
 * and ends, and the main thread reads it after pthread_join. */
static struct {
  pthread_t thread;
  bool running;    /* a maker started and not joined */
  bool at_exit;    /* smtz_ahead_end is registered with atexit */
  unsigned wanted; /* makers still to start after the running one */
  Z3_context made;
} smtz_ahead_state;

static void *smtz_ahead_run(void *arg) {
  (void)arg;
  smtz_ahead_state.made = smtz_make();
  return 0;
}

static void smtz_ahead_start(void) {
  /* no signal for the maker: sigwatch's thread takes them */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  smtz_ahead_state.made = 0;
  smtz_ahead_state.running =
      !pthread_create(&smtz_ahead_state.thread, 0, smtz_ahead_run, 0);
  pthread_sigmask(SIG_SETMASK, &old, 0);
}

/* The context made ahead, NULL if none is being made; starts the next. */
static Z3_context smtz_ahead_take(void) {
  if (!smtz_ahead_state.running) return 0;
  pthread_join(smtz_ahead_state.thread, 0);
  smtz_ahead_state.running = false;
  Z3_context c = smtz_ahead_state.made;
  smtz_ahead_state.made = 0;
  if (smtz_ahead_state.wanted) {
    smtz_ahead_state.wanted--;
    smtz_ahead_start();
  }
  return c;
}

static void smtz_ahead_end(void) {
  smtz_ahead_state.wanted = 0;
  Z3_context c = smtz_ahead_take();
  if (c) Z3_del_context(c);
}

void smtz_ahead(unsigned n) {
  if (!n) {
    smtz_ahead_end();
    return;
  }
  if (!smtz_ahead_state.at_exit)
    smtz_ahead_state.at_exit = !atexit(smtz_ahead_end);
  smtz_ahead_state.wanted = n - 1;
  if (!smtz_ahead_state.running) smtz_ahead_start();
}

smtz *smtz_new(void) {
  smtz *z = mem_calloc(1, sizeof *z);
  z->ctx = smtz_ahead_take();
  if (!z->ctx) z->ctx = smtz_make();
  z->users = 1;
  Z3_set_error_handler(z->ctx, smtz_on_error);
  z->boolean = Z3_mk_bool_sort(z->ctx);
  Z3_inc_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->boolean));
  z->tru = smtz_hold(z, Z3_mk_true(z->ctx));
  z->fls = smtz_hold(z, Z3_mk_false(z->ctx));
  return z;
}

smtz *smtz_share(smtz *z) {
  z->users++;
  return z;
}

void smtz_free(smtz *z) {
  if (!z) return;
  smtz_release(z);
  if (--z->users) return;
  for (unsigned w = 0; w <= SMTZ_MAX_W; w++)
    if (z->bv[w]) Z3_dec_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->bv[w]));
  if (z->fp32) Z3_dec_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->fp32));
  if (z->fp64) Z3_dec_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->fp64));
  for (unsigned i = 0; i < SMTZ_NUMS; i++)
    smtz_drop(z, z->num[i].a);
  Z3_dec_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->boolean));
  smtz_drop(z, z->tru);
  smtz_drop(z, z->fls);
  Z3_del_context(z->ctx);
  VEC_FREE(z->pool);
  mem_free(z->fail);
  mem_free(z);
}

/* ---------- the protected-call boundary ---------- */

smtz_status smtz_protect(smtz *z, void (*fn)(void *), void *arg) {
  smtz_jmp j;
  j.prev = z->jmp;
  z->jmp = &j;
  smtz_status st = SMTZ_OK;
  /* j, z and st do not change between setjmp and longjmp: no volatile */
  if (setjmp(j.b))
    st = z->status;
  else
    fn(arg);
  z->jmp = j.prev;
  return st;
}

static _Noreturn void smtz_throw(smtz *z, smtz_status st) {
  z->status = st;
  if (!z->jmp) abort(); /* a failure outside every smtz_protect: a bug */
  longjmp(z->jmp->b, 1);
}

void smtz_fail(smtz *z, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (!z->fail) z->fail = mem_vprintf(fmt, ap);
  va_end(ap);
  smtz_throw(z, SMTZ_UNMODELLED);
}

char *smtz_failure(smtz *z) {
  char *r = z->fail;
  z->fail = 0;
  return r;
}

/* ---------- references ---------- */

Z3_ast smtz_k(smtz *z, Z3_ast a) {
  if (!a) {
    Z3_error_code ec = Z3_get_error_code(z->ctx);
    if (!z->fail)
      z->fail =
          mem_printf("internal SMT error: %s", Z3_get_error_msg(z->ctx, ec));
    smtz_throw(z, SMTZ_SOLVER_ERROR);
  }
  Z3_inc_ref(z->ctx, a);
  VEC_PUSH(z->pool, a);
  return a;
}
#define K(call) smtz_k(z, (call))

void smtz_release(smtz *z) {
  for (size_t i = 0; i < z->pool.len; i++)
    Z3_dec_ref(z->ctx, z->pool.data[i]);
  z->pool.len = 0;
  if (z->tmp) {
    mem_arena_free(z->tmp);
    z->tmp = 0;
  }
}

void *smtz_tmp(smtz *z, size_t n) {
  if (!z->tmp) z->tmp = mem_arena_new();
  return mem_arena_alloc(z->tmp, n ? n : 1);
}

Z3_ast smtz_hold(smtz *z, Z3_ast a) {
  if (a) Z3_inc_ref(z->ctx, a);
  return a;
}

void smtz_drop(smtz *z, Z3_ast a) {
  if (a) Z3_dec_ref(z->ctx, a);
}

/* ---------- terms ---------- */

Z3_sort smtz_bvsort(smtz *z, unsigned w) {
  if (w == 0 || w > SMTZ_MAX_W) smtz_fail(z, "integer of %u bits", w);
  if (!z->bv[w]) {
    Z3_sort so = Z3_mk_bv_sort(z->ctx, w);
    Z3_inc_ref(z->ctx, Z3_sort_to_ast(z->ctx, so));
    z->bv[w] = so;
  }
  return z->bv[w];
}

char *smtz_reason(smtz *z, Z3_solver v) {
  return smtz_reason_text(Z3_solver_get_reason_unknown(z->ctx, v));
}

char *smtz_reason_text(const char *r) {
  char *t = mem_strdup(r ? r : "unknown reason");
  for (char *p = t; *p; p++)
    if (*p == '\n' || *p == '\r' || *p == '\t') *p = ' ';
  if (strlen(t) > 200) strcpy(t + 196, " ...");
  return t;
}

Z3_sort smtz_fpsort(smtz *z, unsigned w) {
  Z3_sort *slot = w == 32 ? &z->fp32 : w == 64 ? &z->fp64 : 0;
  if (!slot) return 0;
  if (!*slot) {
    Z3_sort so = w == 32 ? Z3_mk_fpa_sort_32(z->ctx) : Z3_mk_fpa_sort_64(z->ctx);
    Z3_inc_ref(z->ctx, Z3_sort_to_ast(z->ctx, so));
    *slot = so;
  }
  return *slot;
}

Z3_ast smtz_num(smtz *z, unsigned w, uint64_t v, bool sgn) {
  Z3_sort so = smtz_bvsort(z, w);
  if (w <= 64) {
    if (w < 64) v &= (UINT64_C(1) << w) - 1;
    unsigned i = (unsigned)((v * 0x9e3779b97f4a7c15ull ^ w) >> 40) &
                 (SMTZ_NUMS - 1);
    if (z->num[i].a && z->num[i].v == v && z->num[i].w == w)
      return K(z->num[i].a);
    Z3_ast a = K(Z3_mk_unsigned_int64(z->ctx, v, so));
    smtz_drop(z, z->num[i].a);
    z->num[i].v = v;
    z->num[i].w = w;
    z->num[i].a = smtz_hold(z, a);
    return a;
  }
  if (sgn && (int64_t)v < 0) {
    Z3_ast lo = K(Z3_mk_unsigned_int64(z->ctx, v, smtz_bvsort(z, 64)));
    return K(Z3_mk_sign_ext(z->ctx, w - 64, lo));
  }
  return K(Z3_mk_unsigned_int64(z->ctx, v, so));
}

Z3_ast smtz_not(smtz *z, Z3_ast a) { return K(Z3_mk_not(z->ctx, a)); }

Z3_ast smtz_and(smtz *z, Z3_ast a, Z3_ast b) {
  if (!a) return b;
  if (!b) return a;
  Z3_ast v[2] = {a, b};
  return K(Z3_mk_and(z->ctx, 2, v));
}

Z3_ast smtz_or(smtz *z, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return K(Z3_mk_or(z->ctx, 2, v));
}

Z3_ast smtz_eq(smtz *z, Z3_ast a, Z3_ast b) {
  return K(Z3_mk_eq(z->ctx, a, b));
}

Z3_ast smtz_ite(smtz *z, Z3_ast c, Z3_ast a, Z3_ast b) {
  return K(Z3_mk_ite(z->ctx, c, a, b));
}

Z3_ast smtz_implies(smtz *z, Z3_ast guard, Z3_ast c) {
  return guard ? K(Z3_mk_implies(z->ctx, guard, c)) : c;
}

Z3_ast smtz_extract(smtz *z, unsigned hi, unsigned lo, Z3_ast t) {
  return K(Z3_mk_extract(z->ctx, hi, lo, t));
}

Z3_ast smtz_resize(smtz *z, Z3_ast t, unsigned from, bool sgn, unsigned to) {
  if (from == to) return t;
  if (to < from) return smtz_extract(z, to - 1, 0, t);
  return sgn ? K(Z3_mk_sign_ext(z->ctx, to - from, t))
             : K(Z3_mk_zero_ext(z->ctx, to - from, t));
}

/* ---------- constant folding ---------- */

/* Terms whose leaves are all numerals (the common case on a path whose
 * values are concrete) are folded here: Z3_simplify makes a rewriter per
 * call, which was half of the encoding time of long paths. A term with
 * anything else, an operation not below, or more than SMTZ_FOLD_NODES
 * nodes goes to Z3_simplify. Bit-vectors up to SMTZ_FOLD_W bits. */
#define SMTZ_FOLD_NODES 64
#define SMTZ_FOLD_W 120u

typedef unsigned __int128 smtz_u128;

typedef struct {
  bool is_bool;
  unsigned w; /* bits (bit-vectors) */
  smtz_u128 v;
} smtz_val;

static smtz_u128 smtz_mask(unsigned w) {
  return w >= 128 ? ~(smtz_u128)0 : ((smtz_u128)1 << w) - 1;
}

/* v of w bits as a signed number (w <= SMTZ_FOLD_W < 128). */
static __int128 smtz_sext(smtz_u128 v, unsigned w) {
  if (w && (v >> (w - 1) & 1)) v |= ~smtz_mask(w);
  return (__int128)v;
}

static bool smtz_fold_rec(smtz *z, Z3_ast t, unsigned *budget, smtz_val *out);

/* The value of numeral t of out->w bits. */
static bool smtz_fold_numeral(smtz *z, Z3_ast t, smtz_val *out) {
  uint64_t u;
  if (out->w <= 64) {
    if (!Z3_get_numeral_uint64(z->ctx, t, &u)) return false;
    out->v = u;
    return true;
  }
  const char *d = Z3_get_numeral_string(z->ctx, t);
  smtz_u128 v = 0;
  for (; *d; d++) {
    if (*d < '0' || *d > '9') return false;
    v = v * 10 + (smtz_u128)(unsigned)(*d - '0');
  }
  out->v = v & smtz_mask(out->w);
  return true;
}

/* Comparison k of x and y (bit-vectors of one width). */
static bool smtz_fold_cmp(Z3_decl_kind k, const smtz_val *x,
                          const smtz_val *y) {
  __int128 sx = smtz_sext(x->v, x->w), sy = smtz_sext(y->v, y->w);
  switch (k) {
  case Z3_OP_ULEQ: return x->v <= y->v;
  case Z3_OP_ULT: return x->v < y->v;
  case Z3_OP_UGEQ: return x->v >= y->v;
  case Z3_OP_UGT: return x->v > y->v;
  case Z3_OP_SLEQ: return sx <= sy;
  case Z3_OP_SLT: return sx < sy;
  case Z3_OP_SGEQ: return sx >= sy;
  default: return sx > sy;
  }
}

/* Shift k of x (w bits, mask m) by y. */
static smtz_u128 smtz_fold_shift(Z3_decl_kind k, const smtz_val *x,
                                 const smtz_val *y, unsigned w, smtz_u128 m) {
  if (y->v >= w) return k == Z3_OP_BASHR && (x->v >> (w - 1) & 1) ? m : 0;
  unsigned sh = (unsigned)y->v;
  if (k == Z3_OP_BSHL) return (x->v << sh) & m;
  if (k == Z3_OP_BLSHR) return x->v >> sh;
  return (smtz_u128)(smtz_sext(x->v, w) >> sh) & m;
}

/* Fold the i-th argument of app a. */
static bool smtz_fold_arg(smtz *z, Z3_app a, unsigned i, unsigned *budget,
                          smtz_val *out) {
  return smtz_fold_rec(z, Z3_get_app_arg(z->ctx, a, i), budget, out);
}

static bool smtz_fold_rec(smtz *z, Z3_ast t, unsigned *budget, smtz_val *out) {
  Z3_context c = z->ctx;
  if (!*budget) return false;
  (*budget)--;
  Z3_sort so = Z3_get_sort(c, t);
  Z3_sort_kind sk = Z3_get_sort_kind(c, so);
  memset(out, 0, sizeof *out);
  if (sk == Z3_BOOL_SORT) {
    out->is_bool = true;
  } else if (sk == Z3_BV_SORT) {
    out->w = Z3_get_bv_sort_size(c, so);
    if (!out->w || out->w > SMTZ_FOLD_W) return false;
  } else {
    return false;
  }
  if (Z3_get_ast_kind(c, t) == Z3_NUMERAL_AST)
    return !out->is_bool && smtz_fold_numeral(z, t, out);
  if (Z3_get_ast_kind(c, t) != Z3_APP_AST) return false;
  Z3_app a = Z3_to_app(c, t);
  Z3_func_decl d = Z3_get_app_decl(c, a);
  Z3_decl_kind k = Z3_get_decl_kind(c, d);
  unsigned n = Z3_get_app_num_args(c, a), w = out->w;
  smtz_u128 m = smtz_mask(w);
  smtz_val x, y;
  switch (k) {
  case Z3_OP_TRUE:
  case Z3_OP_FALSE:
    out->v = k == Z3_OP_TRUE;
    return true;
  case Z3_OP_NOT:
    if (n != 1 || !smtz_fold_arg(z, a, 0, budget, &x)) return false;
    out->v = !x.v;
    return true;
  case Z3_OP_AND:
  case Z3_OP_OR:
    out->v = k == Z3_OP_AND;
    for (unsigned i = 0; i < n; i++) {
      if (!smtz_fold_arg(z, a, i, budget, &x)) return false;
      if (k == Z3_OP_AND) out->v &= x.v;
      else out->v |= x.v;
    }
    return true;
  case Z3_OP_IMPLIES:
    if (n != 2 || !smtz_fold_arg(z, a, 0, budget, &x) ||
        !smtz_fold_arg(z, a, 1, budget, &y))
      return false;
    out->v = !x.v || y.v;
    return true;
  case Z3_OP_EQ:
    if (n != 2 || !smtz_fold_arg(z, a, 0, budget, &x) ||
        !smtz_fold_arg(z, a, 1, budget, &y))
      return false;
    out->v = x.v == y.v;
    return true;
  case Z3_OP_ITE:
    if (n != 3 || !smtz_fold_arg(z, a, 0, budget, &x)) return false;
    return smtz_fold_arg(z, a, x.v ? 1 : 2, budget, out);
  case Z3_OP_BADD:
  case Z3_OP_BMUL:
  case Z3_OP_BAND:
  case Z3_OP_BOR:
  case Z3_OP_BXOR: {
    smtz_u128 r = k == Z3_OP_BMUL ? 1 : k == Z3_OP_BAND ? m : 0;
    for (unsigned i = 0; i < n; i++) {
      if (!smtz_fold_arg(z, a, i, budget, &x)) return false;
      switch (k) {
      case Z3_OP_BADD: r += x.v; break;
      case Z3_OP_BMUL: r *= x.v; break;
      case Z3_OP_BAND: r &= x.v; break;
      case Z3_OP_BOR: r |= x.v; break;
      default: r ^= x.v; break;
      }
      r &= m;
    }
    out->v = r;
    return n > 0;
  }
  case Z3_OP_BSUB:
    if (n != 2 || !smtz_fold_arg(z, a, 0, budget, &x) ||
        !smtz_fold_arg(z, a, 1, budget, &y))
      return false;
    out->v = (x.v - y.v) & m;
    return true;
  case Z3_OP_BNEG:
  case Z3_OP_BNOT:
    if (n != 1 || !smtz_fold_arg(z, a, 0, budget, &x)) return false;
    out->v = (k == Z3_OP_BNEG ? (smtz_u128)0 - x.v : ~x.v) & m;
    return true;
  case Z3_OP_CONCAT: {
    smtz_u128 r = 0;
    for (unsigned i = 0; i < n; i++) {
      if (!smtz_fold_arg(z, a, i, budget, &x)) return false;
      r = (r << x.w) | x.v;
    }
    out->v = r & m;
    return n > 0;
  }
  case Z3_OP_EXTRACT: {
    if (n != 1 || !smtz_fold_arg(z, a, 0, budget, &x)) return false;
    unsigned lo = (unsigned)Z3_get_decl_int_parameter(c, d, 1);
    out->v = (x.v >> lo) & m;
    return true;
  }
  case Z3_OP_ZERO_EXT:
  case Z3_OP_SIGN_EXT:
    if (n != 1 || !smtz_fold_arg(z, a, 0, budget, &x)) return false;
    out->v = (k == Z3_OP_SIGN_EXT ? (smtz_u128)smtz_sext(x.v, x.w) : x.v) & m;
    return true;
  case Z3_OP_ULEQ:
  case Z3_OP_ULT:
  case Z3_OP_UGEQ:
  case Z3_OP_UGT:
  case Z3_OP_SLEQ:
  case Z3_OP_SLT:
  case Z3_OP_SGEQ:
  case Z3_OP_SGT:
    if (n != 2 || !smtz_fold_arg(z, a, 0, budget, &x) ||
        !smtz_fold_arg(z, a, 1, budget, &y))
      return false;
    out->v = smtz_fold_cmp(k, &x, &y);
    return true;
  case Z3_OP_BSHL:
  case Z3_OP_BLSHR:
  case Z3_OP_BASHR:
    if (n != 2 || !smtz_fold_arg(z, a, 0, budget, &x) ||
        !smtz_fold_arg(z, a, 1, budget, &y))
      return false;
    out->v = smtz_fold_shift(k, &x, &y, w, m);
    return true;
  case Z3_OP_BUDIV:
  case Z3_OP_BUDIV_I:
  case Z3_OP_BUREM:
  case Z3_OP_BUREM_I:
    /* by 0: Z3 defines it; left to Z3 */
    if (n != 2 || !smtz_fold_arg(z, a, 0, budget, &x) ||
        !smtz_fold_arg(z, a, 1, budget, &y) || !y.v)
      return false;
    out->v = k == Z3_OP_BUDIV || k == Z3_OP_BUDIV_I ? x.v / y.v : x.v % y.v;
    return true;
  default:
    return false;
  }
}

/* The numeral of folded value v (NULL when it cannot be made here). */
static Z3_ast smtz_fold_term(smtz *z, const smtz_val *v) {
  if (v->is_bool) return v->v ? z->tru : z->fls;
  if (v->w <= 64) return smtz_num(z, v->w, (uint64_t)v->v, false);
  char buf[48], *p = buf + sizeof buf - 1;
  smtz_u128 x = v->v;
  *p = 0;
  do {
    *--p = (char)('0' + (int)(x % 10));
    x /= 10;
  } while (x);
  return K(Z3_mk_numeral(z->ctx, p, smtz_bvsort(z, v->w)));
}

/* t folded to a numeral (or true/false), or NULL. */
static Z3_ast smtz_fold(smtz *z, Z3_ast t) {
  unsigned budget = SMTZ_FOLD_NODES;
  smtz_val v;
  if (!smtz_fold_rec(z, t, &budget, &v)) return 0;
  return smtz_fold_term(z, &v);
}

Z3_ast smtz_simplify(smtz *z, Z3_ast t) {
  Z3_ast f = Z3_get_ast_kind(z->ctx, t) == Z3_APP_AST ? smtz_fold(z, t) : 0;
  return f ? f : K(Z3_simplify(z->ctx, t));
}

Z3_ast smtz_simplify_z3(smtz *z, Z3_ast t) { return K(Z3_simplify(z->ctx, t)); }

Z3_ast smtz_fresh(smtz *z, const char *prefix, Z3_sort so) {
  /* distinct by number (Z3_mk_int_symbol takes an int); no other
   * constant of erep's has an integer symbol */
  if (z->fresh < INT_MAX)
    return K(
        Z3_mk_const(z->ctx, Z3_mk_int_symbol(z->ctx, (int)z->fresh++), so));
  return K(Z3_mk_fresh_const(z->ctx, prefix, so));
}

bool smtz_is_true(smtz *z, Z3_ast a) { return Z3_is_eq_ast(z->ctx, a, z->tru); }

bool smtz_is_false(smtz *z, Z3_ast a) {
  return Z3_is_eq_ast(z->ctx, a, z->fls);
}

bool smtz_const(smtz *z, Z3_ast t, uint64_t *out) {
  if (!Z3_is_numeral_ast(z->ctx, t)) {
    t = smtz_simplify(z, t);
    if (!Z3_is_numeral_ast(z->ctx, t)) return false;
  }
  return Z3_get_numeral_uint64(z->ctx, t, out);
}

/* ---------- solvers and models ---------- */

Z3_solver smtz_solver(smtz *z) { return smtz_solver_of(z, false); }

Z3_solver smtz_solver_of(smtz *z, bool incremental) {
  Z3_solver v =
      incremental
          ? Z3_mk_simple_solver(z->ctx)
          : Z3_mk_solver_for_logic(
                z->ctx, Z3_mk_string_symbol(z->ctx, z->fp ? "QF_FPBV" : "QF_BV"));
  Z3_solver_inc_ref(z->ctx, v);
  /* Z3 otherwise installs its own SIGINT handler around every check and
   * swallows the signal (the check ends, erep never hears of it); erep
   * interrupts the solver itself (smt_interrupt). The global parameter of
   * that name is unknown to Z3 4.8.12; the solver parameter works. */
  Z3_params p = Z3_mk_params(z->ctx);
  Z3_params_inc_ref(z->ctx, p);
  Z3_params_set_bool(z->ctx, p, Z3_mk_string_symbol(z->ctx, "ctrl_c"), false);
  if (incremental) {
    /* the checks of an abstraction are small: relevancy filtering costs
     * more than it saves (token_ring.05's predicate analysis with its
     * condition: 8.4 s -> 7.6 s). Not bv.eq_axioms=false, which saved as
     * much again there but made tests/data/cmc/chain.c's abstractions
     * time out (0.07 s before) */
    Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "relevancy"), 0);
  }
  Z3_solver_set_params(z->ctx, v, p);
  Z3_params_dec_ref(z->ctx, p);
  return v;
}

/* Z3's own bound on a check: the solver's timeout parameter (setting
 * parameters reconfigures the solver), for when the watchdog is missing. */
static void smtz_solver_timeout(smtz *z, Z3_solver v, unsigned timeout_ms) {
  Z3_params p = Z3_mk_params(z->ctx);
  Z3_params_inc_ref(z->ctx, p);
  /* set again with the timeout, so that it holds whatever Z3 merges */
  Z3_params_set_bool(z->ctx, p, Z3_mk_string_symbol(z->ctx, "ctrl_c"), false);
  Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "timeout"),
                     timeout_ms ? timeout_ms : UINT32_MAX);
  Z3_solver_set_params(z->ctx, v, p);
  Z3_params_dec_ref(z->ctx, p);
}

/* ---------- timed checks (smtz_check) ----------
 * The check in progress, if it has a deadline, is published here under
 * the mutex; the watchdog interrupts it under the same mutex, so never a
 * later check (Z3_solver_interrupt cancels only a check in progress on that
 * solver, and does nothing between checks; Z3_interrupt would cancel the
 * whole context for good). The watchdog wakes at the deadline or
 * SMTZ_WATCH_MS from now, whichever comes first, and is signalled only
 * when a new deadline comes before its wake-up. */
#define SMTZ_WATCH_MS 100

static pthread_mutex_t smtz_dog_mu = PTHREAD_MUTEX_INITIALIZER;
static struct {
  pthread_cond_t cv;
  pthread_t thread;
  int state; /* 0 not started, 1 running, -1 could not start */
  bool stop;
  Z3_context ctx;
  Z3_solver solver; /* the timed check in progress, NULL: none */
  double deadline;  /* its deadline (lim_clock) */
  double wake;      /* the watchdog's next wake-up */
} smtz_dog;

static void *smtz_dog_run(void *arg) {
  (void)arg;
  pthread_mutex_lock(&smtz_dog_mu);
  while (!smtz_dog.stop) {
    double now = lim_clock();
    if (smtz_dog.solver && now >= smtz_dog.deadline) {
      Z3_solver_interrupt(smtz_dog.ctx, smtz_dog.solver);
      smtz_dog.solver = 0;
    }
    double wake = now + SMTZ_WATCH_MS / 1e3;
    if (smtz_dog.solver && smtz_dog.deadline < wake) wake = smtz_dog.deadline;
    smtz_dog.wake = wake;
    struct timespec ts = {(time_t)wake,
                          (long)((wake - (double)(time_t)wake) * 1e9)};
    if (ts.tv_nsec >= 1000000000L) ts.tv_nsec = 999999999L;
    pthread_cond_timedwait(&smtz_dog.cv, &smtz_dog_mu, &ts);
  }
  pthread_mutex_unlock(&smtz_dog_mu);
  return 0;
}

static void smtz_dog_end(void) {
  if (smtz_dog.state != 1) return; /* (a forked child's copy: no thread) */
  pthread_mutex_lock(&smtz_dog_mu);
  smtz_dog.stop = true;
  pthread_cond_signal(&smtz_dog.cv);
  pthread_mutex_unlock(&smtz_dog_mu);
  pthread_join(smtz_dog.thread, 0);
  smtz_dog.state = -1;
}

/* A fork (lib/race.h's portfolio) copies only the thread that calls it:
 * the mutex is taken around it so that the child's copy is not held by a
 * watchdog that does not exist there (the child would wait on it for
 * ever at its first timed check), and the child starts a watchdog of its
 * own at its first timed check. */
static void smtz_dog_prepare(void) {
  if (smtz_dog.state == 1) pthread_mutex_lock(&smtz_dog_mu);
}

static void smtz_dog_parent(void) {
  if (smtz_dog.state == 1) pthread_mutex_unlock(&smtz_dog_mu);
}

static void smtz_dog_child(void) {
  if (smtz_dog.state != 1) return;
  pthread_mutex_unlock(&smtz_dog_mu); /* taken by this thread, before */
  smtz_dog.state = 0;
  smtz_dog.stop = false;
  smtz_dog.solver = 0;
}

/* Whether the watchdog runs (started on the first timed check). */
static bool smtz_dog_ready(void) {
  if (smtz_dog.state) return smtz_dog.state > 0;
  smtz_dog.state = -1;
  pthread_condattr_t a;
  if (pthread_condattr_init(&a)) return false;
  bool ok = !pthread_condattr_setclock(&a, CLOCK_MONOTONIC) &&
            !pthread_cond_init(&smtz_dog.cv, &a);
  pthread_condattr_destroy(&a);
  if (!ok) return false;
  smtz_dog.wake = lim_clock() + SMTZ_WATCH_MS / 1e3;
  static bool hooked; /* atexit and pthread_atfork, once a process */
  if (!hooked && (atexit(smtz_dog_end) ||
                  pthread_atfork(smtz_dog_prepare, smtz_dog_parent,
                                 smtz_dog_child)))
    return false; /* (no watchdog: timed checks time out by parameter) */
  hooked = true;
  /* no signal for the watchdog: sigwatch's thread takes them */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  ok = !pthread_create(&smtz_dog.thread, 0, smtz_dog_run, 0);
  pthread_sigmask(SIG_SETMASK, &old, 0);
  if (!ok) return false;
  smtz_dog.state = 1;
  return true;
}

Z3_lbool smtz_check(smtz *z, Z3_solver v, unsigned timeout_ms, unsigned n,
                    const Z3_ast *assumptions) {
  bool timed = timeout_ms && smtz_dog_ready();
  if (timeout_ms && !timed) smtz_solver_timeout(z, v, timeout_ms);
  if (timed) {
    pthread_mutex_lock(&smtz_dog_mu);
    smtz_dog.ctx = z->ctx;
    smtz_dog.solver = v;
    smtz_dog.deadline = lim_clock() + timeout_ms / 1e3;
    if (smtz_dog.deadline < smtz_dog.wake) pthread_cond_signal(&smtz_dog.cv);
    pthread_mutex_unlock(&smtz_dog_mu);
  }
  Z3_lbool r = n ? Z3_solver_check_assumptions(z->ctx, v, n, assumptions)
                 : Z3_solver_check(z->ctx, v);
  if (timed) {
    pthread_mutex_lock(&smtz_dog_mu);
    smtz_dog.solver = 0;
    pthread_mutex_unlock(&smtz_dog_mu);
  }
  return r;
}

Z3_ast smtz_eval(smtz *z, Z3_model m, Z3_ast t) {
  Z3_ast r = 0;
  if (!Z3_model_eval(z->ctx, m, t, true, &r) || !r) return 0;
  Z3_inc_ref(z->ctx, r);
  VEC_PUSH(z->pool, r);
  return r;
}

bool smtz_is_const(smtz *z, Z3_ast a) {
  Z3_context c = z->ctx;
  if (Z3_get_ast_kind(c, a) != Z3_APP_AST) return false;
  Z3_app app = Z3_to_app(c, a);
  return !Z3_get_app_num_args(c, app) &&
         Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_UNINTERPRETED;
}

Z3_ast smtz_literal_defined(smtz *z, Z3_ast a) {
  Z3_context c = z->ctx;
  if (Z3_get_ast_kind(c, a) != Z3_APP_AST) return 0;
  Z3_app app = Z3_to_app(c, a);
  Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
  if (Z3_get_app_num_args(c, app) != 2 ||
      (k != Z3_OP_IMPLIES && k != Z3_OP_EQ && k != Z3_OP_IFF))
    return 0;
  Z3_ast l = Z3_get_app_arg(c, app, 0);
  return smtz_is_const(z, l) &&
                 Z3_get_sort_kind(c, Z3_get_sort(c, l)) == Z3_BOOL_SORT
             ? l
             : 0;
}

void smtz_consts(smtz *z, Z3_ast t, hmap *seen, hmap *out) {
  Z3_context c = z->ctx;
  VEC(Z3_ast) stack = {0};
  VEC_PUSH(stack, t);
  while (stack.len) {
    Z3_ast a = stack.data[--stack.len];
    uint64_t key = (uint64_t)Z3_get_ast_id(c, a) + 1;
    if (hmap_get(seen, key)) continue;
    hmap_put(seen, key, (void *)1);
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST) continue;
    Z3_app app = Z3_to_app(c, a);
    unsigned n = Z3_get_app_num_args(c, app);
    Z3_func_decl d = Z3_get_app_decl(c, app);
    Z3_decl_kind k = Z3_get_decl_kind(c, d);
    if (!n) {
      if (k == Z3_OP_UNINTERPRETED) hmap_put(out, key, (void *)1);
      continue;
    }
    /* (= t t) is true whatever t is: a touch (pred.h) reads a variable
     * without saying anything of it */
    if (k == Z3_OP_EQ && n == 2 &&
        Z3_get_app_arg(c, app, 0) == Z3_get_app_arg(c, app, 1))
      continue;
    /* the definition of a literal: holds with l free whatever t is */
    if (smtz_literal_defined(z, a)) continue;
    for (unsigned i = 0; i < n; i++)
      VEC_PUSH(stack, Z3_get_app_arg(c, app, i));
  }
  VEC_FREE(stack);
}
