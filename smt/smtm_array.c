/* smtm_array: the lower half of the memory model's state (smtm.h), below
 * smtm.c: pointer terms, fresh values, the trail's push, the naming of
 * values, the arrays (versions over a zero or fresh base, guarded writes,
 * reads with Ackermann's constraints) and the outer memory of open
 * contexts, which is made of arrays. smtm.c calls it, it calls nothing of
 * smtm.c's; the functions it gives smtm.c are listed at the end of smtm.h. */
#include "smtm.h"
#include "smtm_int.h"

#include "lib/mem.h"

#include <limits.h>
#include <string.h>

#define K(call) smtz_k(s->z, (call))

/* ---------- pointers ---------- */

Z3_ast smtm_ptr_obj(smtm *s, Z3_ast p) {
  return smtz_extract(s->z, SMTM_PTR_BITS - 1, SMTM_OFF_BITS, p);
}

Z3_ast smtm_ptr_off(smtm *s, Z3_ast p) {
  return smtz_extract(s->z, SMTM_OFF_BITS - 1, 0, p);
}

Z3_ast smtm_mk_ptr(smtm *s, Z3_ast obj, Z3_ast off) {
  return K(Z3_mk_concat(s->z->ctx, obj, off));
}

/* ---------- fresh values ---------- */

static void smtm_fresh_facts(smtm *s, Z3_ast v, const ty *t);

/* A fresh value of type t, with its facts (smtm_fresh_facts). */
Z3_ast smtm_fresh(smtm *s, const char *name, const ty *t) {
  if (t->kind == TY_POINTER) { /* object 0 as a constant: decided at once;
                                * an address the data model's pointers
                                * hold (ILP32: below 2^32, so a harness
                                * can give it) */
    Z3_ast obj = smtz_num(s->z, SMTM_OBJ_BITS, 0, false);
    if (s->pointed) { /* open: any object but one allocated since */
      obj = smtz_fresh(s->z, name, smtz_bvsort(s->z, SMTM_OBJ_BITS));
      for (size_t i = 0; i < s->news.len; i++)
        smtc_assert(s->c, smtz_not(s->z, smtz_eq(s->z, obj,
                                                 smtz_num(s->z, SMTM_OBJ_BITS,
                                                          s->news.data[i],
                                                          false))));
      VEC_PUSH(s->olds, smtz_hold(s->z, obj));
    }
    return smtm_mk_ptr(
        s, obj,
        smtz_resize(s->z,
                    smtz_fresh(s->z, name, smtz_bvsort(s->z, s->ptr_bits)),
                    s->ptr_bits, false, SMTM_OFF_BITS));
  }
  Z3_ast v = smtz_fresh(s->z, name, smtz_bvsort(s->z, smtm_bits(s, t)));
  smtm_fresh_facts(s, v, t);
  return v;
}

/* Facts about a fresh value v of type t: _Bool is 0 or 1, a pointer from
 * outside points into no modelled object. */
static void smtm_fresh_facts(smtm *s, Z3_ast v, const ty *t) {
  if (t->kind == TY_BOOL)
    smtc_assert(s->c,
                K(Z3_mk_bvule(s->z->ctx, v,
                              smtz_num(s->z, smtm_bits(s, t), 1, false))));
  else if (t->kind == TY_POINTER)
    smtc_assert(s->c, smtz_eq(s->z, smtm_ptr_obj(s, v),
                              smtz_num(s->z, SMTM_OBJ_BITS, 0, false)));
}

/* ---------- the trail, values ---------- */

void smtm_trail(smtm *s, smtm_tr t) { VEC_PUSH(s->trail, t); }

/* Whether t has at most *budget nodes (counting shared ones again) and at
 * most *vars uninterpreted constants. */
static bool smtm_small(smtm *s, Z3_ast t, unsigned *budget, unsigned *vars) {
  if (!*budget) return false;
  --*budget;
  if (Z3_get_ast_kind(s->z->ctx, t) != Z3_APP_AST) return true;
  Z3_app a = Z3_to_app(s->z->ctx, t);
  unsigned n = Z3_get_app_num_args(s->z->ctx, a);
  if (!n && Z3_get_decl_kind(s->z->ctx, Z3_get_app_decl(s->z->ctx, a)) ==
                Z3_OP_UNINTERPRETED) {
    if (!*vars) return false;
    --*vars;
  }
  for (unsigned i = 0; i < n; i++)
    if (!smtm_small(s, Z3_get_app_arg(s->z->ctx, a, i), budget, vars))
      return false;
  return true;
}

/* The value v to store in a cell: simplified, and named by a fresh SSA
 * constant unless it is small and over one variable. Keeps terms small (no
 * deep chains through loops), propagates constants (known pointers) and
 * lets the simplifier fold chains like x + 1 + 1 into x + 2 (naming sums
 * of several variables keeps their circuits from multiplying). */
Z3_ast smtm_def(smtm *s, Z3_ast v, const char *name, Z3_sort so) {
  v = smtz_simplify(s->z, v);
  unsigned budget = SMTM_INLINE_NODES, vars = 1;
  if (smtm_small(s, v, &budget, &vars)) return v;
  Z3_ast x = smtz_fresh(s->z, name, so);
  smtc_assert(s->c, smtz_eq(s->z, x, v));
  return x;
}

/* Whether T is an access type of the region copies: a raw byte (data and
 * taint, 9 bits) or a raw pointer slot. */
bool smtm_is_raw(const ty *T) {
  return T == &smtm_ty_raw || T == &smtm_ty_slot;
}


/* ---------- arrays ---------- */

smtm_aver *smtm_av(smtm *s, size_t v) { return &s->avers.data[v - 1]; }

size_t smtm_av_new(smtm *s, smtm_aver a) {
  smtz_hold(s->z, a.idx);
  smtz_hold(s->z, a.val);
  smtz_hold(s->z, a.cond);
  VEC_PUSH(s->avers, a);
  return s->avers.len;
}

size_t smtm_av_base(smtm *s, smtm_av_kind k, const smtm_leaf *lf,
                           const char *name) {
  smtm_aver a = {.k = k, .elem = lf->type, .total = lf->total, .name = name};
  return smtm_av_new(s, a);
}

/* Element i of the fresh base `base`: one fresh value per index, equal
 * for equal indices (Ackermann's constraints against the earlier reads),
 * read when reach holds (NULL: always). */
static Z3_ast smtm_av_fresh(smtm *s, size_t base, Z3_ast i, bool ki,
                            uint64_t ci, Z3_ast reach) {
  Z3_ast x = 0, first_reach = 0;
  for (size_t j = 0; j < s->areads.len && !x; j++) {
    smtm_aread *r = &s->areads.data[j];
    if (r->base == base && ((ki && r->kidx && r->cidx == ci) ||
                            Z3_is_eq_ast(s->z->ctx, r->idx, i))) {
      x = r->val;
      first_reach = r->reach;
    }
  }
  bool again = x != 0;
  if (!x) {
    const smtm_aver *b = smtm_av(s, base);
    x = smtm_fresh(s, b->name, b->elem);
    for (size_t j = 0; j < s->areads.len; j++) {
      smtm_aread *r = &s->areads.data[j];
      if (r->base != base || r->again || (ki && r->kidx)) continue;
      smtc_assert(s->c, K(Z3_mk_implies(s->z->ctx, smtz_eq(s->z, i, r->idx),
                                        smtz_eq(s->z, x, r->val))));
    }
  }
  if (again && !reach && !first_reach) return x; /* the same record says it */
  smtm_aread r = {base, smtz_hold(s->z, i), smtz_hold(s->z, x),
                  smtz_hold(s->z, reach), ki, again, ci};
  VEC_PUSH(s->areads, r);
  return x;
}

/* The condition that none of conds[0..n) holds (NULL: true). */
Z3_ast smtm_none_of(smtm *s, Z3_ast *conds, size_t n) {
  Z3_ast r = 0;
  for (size_t k = 0; k < n; k++) r = smtz_and(s->z, r, smtz_not(s->z, conds[k]));
  return r;
}

/* Guarded values gathered newest first (smtz_tmp storage), folded into
 * an if-then-else chain over the value they fall back on. */
typedef struct {
  Z3_ast *conds, *vals;
  size_t n, cap;
} smtm_ite;

static void smtm_ite_push(smtm *s, smtm_ite *t, Z3_ast c, Z3_ast v) {
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 16;
    Z3_ast *nc = smtz_tmp(s->z, t->cap * sizeof *nc),
           *nv = smtz_tmp(s->z, t->cap * sizeof *nv);
    if (t->n) {
      memcpy(nc, t->conds, t->n * sizeof *nc);
      memcpy(nv, t->vals, t->n * sizeof *nv);
    }
    t->conds = nc;
    t->vals = nv;
  }
  t->conds[t->n] = c;
  t->vals[t->n++] = v;
}

/* Whether the espan bytes at pointer i overlap the span bytes at pointer
 * p (other than at p itself when `self`): one object, and the distance of
 * the offsets (modulo 2^64, either way) below the size of the lower. */
static Z3_ast smtm_overlap(smtm *s, Z3_ast i, Z3_ast p, uint64_t span,
                           uint64_t espan, bool self) {
  Z3_ast oi = smtm_ptr_off(s, i), op = smtm_ptr_off(s, p);
  Z3_ast up = K(Z3_mk_bvult(s->z->ctx, K(Z3_mk_bvsub(s->z->ctx, oi, op)),
                            smtz_num(s->z, SMTM_OFF_BITS, span, false)));
  Z3_ast down = K(Z3_mk_bvult(s->z->ctx, K(Z3_mk_bvsub(s->z->ctx, op, oi)),
                              smtz_num(s->z, SMTM_OFF_BITS, espan, false)));
  Z3_ast c = smtz_and(s->z, smtz_eq(s->z, smtm_ptr_obj(s, i), smtm_ptr_obj(s, p)),
                      smtz_or(s->z, up, down));
  if (self) c = smtz_and(s->z, c, smtz_not(s->z, smtz_eq(s->z, oi, op)));
  return c;
}

/* Element i of version v: the writes that may hit i, newest first, over
 * the base. Constant indices are decided here, not by the solver; older
 * writes to a constant index that a newer one always overwrote are
 * skipped, and once every element is overwritten the base is not read. */
Z3_ast smtm_av_read(smtm *s, size_t v, Z3_ast i) {
  uint64_t ci = 0, total = smtm_av(s, v)->total;
  bool ki = smtz_const(s->z, i, &ci);
  size_t ncov = 0, covcap = 0;
  smtm_ite it = {0};
  Z3_ast r = 0;
  uint64_t *cov = 0;
  while (!r) {
    const smtm_aver *a = smtm_av(s, v);
    if (!ki && a->k == SMTM_AV_WRITE && a->kidx) {
      bool seen = false;
      for (size_t q = 0; q < ncov && !seen; q++)
        seen = cov[q] == a->cidx;
      if (seen) {
        v = a->prev;
        continue;
      }
      if (!a->cond) {
        if (ncov == covcap) {
          covcap = covcap ? 2 * covcap : 16;
          uint64_t *nc = smtz_tmp(s->z, covcap * sizeof *nc);
          if (ncov) memcpy(nc, cov, ncov * sizeof *nc);
          cov = nc;
        }
        cov[ncov++] = a->cidx;
      }
    }
    if (a->k == SMTM_AV_ZERO) {
      r = smtz_num(s->z, smtm_bits(s, a->elem), 0, false);
    } else if (a->k == SMTM_AV_FRESH) {
      r = smtm_av_fresh(s, v, i, ki, ci, smtm_none_of(s, it.conds, it.n));
    } else if (a->k == SMTM_AV_HAVOC_AT) {
      /* bytes a write of another shape overlapped: a fresh element */
      Z3_ast c = smtz_and(s->z, a->cond, smtm_overlap(s, i, a->idx, a->span,
                                                      a->espan, a->self));
      size_t prev = a->prev;
      c = smtz_simplify(s->z, c);
      if (!smtz_is_false(s->z, c)) {
        Z3_ast x = smtm_av_fresh(
            s, a->fresh, i, ki, ci,
            smtz_and(s->z, smtm_none_of(s, it.conds, it.n), c));
        if (smtz_is_true(s->z, c)) {
          r = x;
          break;
        }
        smtm_ite_push(s, &it, c, x);
      }
      v = prev;
    } else if (a->k == SMTM_AV_HAVOC) {
      /* written by a call when cond holds: every element fresh */
      Z3_ast c = a->cond;
      size_t prev = a->prev;
      Z3_ast x = smtm_av_fresh(s, a->fresh, i, ki, ci,
                               smtz_and(s->z, smtm_none_of(s, it.conds, it.n),
                                        c));
      if (!c) {
        r = x;
        break;
      }
      smtm_ite_push(s, &it, c, x);
      v = prev;
    } else {
      Z3_ast c;
      if (ki && a->kidx) {
        if (a->cidx != ci) {
          v = a->prev;
          continue;
        }
        c = a->cond;
      } else {
        c = smtz_and(s->z, a->cond, smtz_eq(s->z, a->idx, i));
      }
      if (!c) {
        r = a->val;
        break;
      }
      smtm_ite_push(s, &it, c, a->val);
      v = a->prev;
      if (!ki && ncov == total)
        r = it.vals[--it.n]; /* all elements overwritten */
    }
  }
  while (it.n-- > 0)
    r = smtz_ite(s->z, it.conds[it.n], it.vals[it.n], r);
  return r;
}

/* ---------- outer memory (open) ---------- */

/* The key of outer memory for accesses of type T (made when new). */
static unsigned smtm_outer_key(smtm *s, const ty *T, unsigned line) {
  char k = T->kind == TY_POINTER ? 'p'
           : T->kind == TY_BOOL  ? 'b'
           : T->kind == TY_FLOAT ? 'f'
                                 : 'i';
  unsigned bits =
      T->kind == TY_FLOAT ? (unsigned)(8 * T->size) : smtm_bits(s, T);
  for (unsigned i = 0; i < s->nouter; i++)
    if (s->outer[i].k == k && s->outer[i].bits == bits) return i;
  if (s->nouter == SMTM_OUTER_KEYS)
    smtz_fail(s->z, "more than %u types accessed through pointers at line %u",
              SMTM_OUTER_KEYS, line);
  smtm_outer *o = &s->outer[s->nouter];
  o->k = k;
  o->bits = bits;
  o->size = T->kind == TY_POINTER ? s->ptr_bits / 8 : T->size;
  o->type = T;
  o->ver = 0;
  return s->nouter++;
}

static void smtm_outer_set(smtm *s, unsigned key, size_t ver) {
  smtm_tr t = {.k = SMTM_TR_OUTER, .leaf = key};
  t.old.ver = s->outer[key].ver;
  smtm_trail(s, t);
  s->outer[key].ver = ver;
}

/* Version prev of key's memory after write w: the elements w overlaps
 * fresh (other than w's own when self: the write itself follows). */
static size_t smtm_outer_havoc(smtm *s, unsigned key, size_t prev,
                               const smtm_owrite *w, bool self) {
  const smtm_outer *o = &s->outer[key];
  smtm_aver b = {.k = SMTM_AV_FRESH, .elem = o->type, .total = UINT64_MAX,
                 .name = "memory"};
  smtm_aver a = {.k = SMTM_AV_HAVOC_AT, .prev = prev, .idx = w->p,
                 .cond = w->cond, .total = UINT64_MAX, .elem = o->type,
                 .name = "memory", .span = w->size, .espan = o->size,
                 .self = self};
  a.fresh = smtm_av_new(s, b);
  return smtm_av_new(s, a);
}

/* The current version of key's memory: made when new as the memory
 * before the block, changed by the writes of other shapes since. */
static size_t smtm_outer_ver(smtm *s, unsigned key) {
  if (s->outer[key].ver) return s->outer[key].ver;
  smtm_aver a = {.k = SMTM_AV_FRESH, .elem = s->outer[key].type,
                 .total = UINT64_MAX, .name = "memory"};
  size_t v = smtm_av_new(s, a);
  for (size_t i = 0; i < s->owrites.len; i++)
    v = smtm_outer_havoc(s, key, v, &s->owrites.data[i], false);
  smtm_outer_set(s, key, v);
  return v;
}

/* When an access through lv goes to outer memory (NULL: never): open, its
 * object not known, and its id none of the instances'. */
Z3_ast smtm_outer_cond(smtm *s, const smtm_lv *lv) {
  if (!s->pointed || lv->in || lv->invalid) return 0;
  Z3_ast c = smtz_simplify(
      s->z, K(Z3_mk_bvugt(s->z->ctx, smtm_ptr_obj(s, lv->p),
                          smtz_num(s->z, SMTM_OBJ_BITS, s->insts.len, false))));
  if (smtz_is_false(s->z, c)) return 0;
  if (lv->bfw || smtm_is_raw(lv->type))
    smtz_fail(s->z,
              "a bit-field or the bytes of an object through a pointer from "
              "before the block at line %u",
              lv->line);
  return c;
}

Z3_ast smtm_outer_read(smtm *s, const smtm_lv *lv) {
  return smtm_av_read(s, smtm_outer_ver(s, smtm_outer_key(s, lv->type, lv->line)),
                      lv->p);
}

/* Write v through lv to outer memory when cond holds. */
void smtm_outer_write(smtm *s, const smtm_lv *lv, Z3_ast v,
                             Z3_ast cond) {
  unsigned key = smtm_outer_key(s, lv->type, lv->line);
  smtm_outer_ver(s, key);
  cond = cond ? smtz_simplify(s->z, cond) : 0;
  if (cond && smtz_is_true(s->z, cond)) cond = 0;
  smtm_owrite w = {smtz_hold(s->z, lv->p), smtz_hold(s->z, cond),
                   s->outer[key].size};
  VEC_PUSH(s->owrites, w);
  for (unsigned k = 0; k < s->nouter; k++)
    if (s->outer[k].ver) /* the others replay the writes when made */
      smtm_outer_set(s, k,
                     smtm_outer_havoc(s, k, s->outer[k].ver, &w, k == key));
  smtm_aver a = {.k = SMTM_AV_WRITE, .prev = s->outer[key].ver, .idx = lv->p,
                 .cond = cond, .total = UINT64_MAX,
                 .elem = s->outer[key].type, .name = "memory"};
  a.val = smtm_def(s, v, "memory", smtz_bvsort(s->z, s->outer[key].bits));
  a.kidx = smtz_const(s->z, lv->p, &a.cidx);
  smtm_outer_set(s, key, smtm_av_new(s, a));
}

void smtm_frame_opened(smtm *s) {
  if (s->frames.len) s->frames.data[s->frames.len - 1].opened = true;
}

void smtm_open(smtm *s, const unsigned char *pointed,
               const cfa_function *main_fn) {
  s->pointed = pointed;
  s->main_fn = main_fn;
  s->opvars.len = 0;
  for (size_t i = 0; pointed && i < s->g->vars.len; i++)
    if (pointed[i]) VEC_PUSH(s->opvars, s->g->vars.data[i]);
}

