/* smtm: the memory model's state (see smtm.h): instances and their
 * cells, the trail's undo, lvalues and the accesses through them (open
 * memory's outer part included), byte regions, dynamic memory, calls of
 * code without a body, copies, frames. Pointer terms, fresh values and
 * arrays are smtm_array.c's, the values and layouts of types
 * smtm_layout.c's (smtm_int.h). */
#include "smtm.h"
#include "smtm_int.h"

#include <inttypes.h>
#include <limits.h>
#include <string.h>

#define K(call) smtz_k(s->z, (call))

/* ---------- pointers ---------- */

static Z3_ast smtm_ptr_const(smtm *s, unsigned id, uint64_t off) {
  return smtm_mk_ptr(s, smtz_num(s->z, SMTM_OBJ_BITS, id, false),
                     smtz_num(s->z, SMTM_OFF_BITS, off, false));
}

Z3_ast smtm_null(smtm *s) { return smtz_num(s->z, SMTM_PTR_BITS, 0, false); }

Z3_ast smtm_ptr_add(smtm *s, Z3_ast p, Z3_ast delta64) {
  return smtm_mk_ptr(s, smtm_ptr_obj(s, p),
                     K(Z3_mk_bvadd(s->z->ctx, smtm_ptr_off(s, p), delta64)));
}

/* ---------- trail and instances ---------- */



static void smtm_cell_put(smtm *s, smtm_inst *in, size_t leaf, smtm_cell c) {
  smtm_tr t = {
      .k = SMTM_TR_CELL, .in = in, .leaf = leaf, .old = in->cells[leaf]};
  smtm_trail(s, t);
  smtz_hold(s->z, c.val);
  smtz_hold(s->z, c.init);
  in->cells[leaf] = c;
}

static void smtm_cell_set(smtm *s, smtm_inst *in, size_t leaf, Z3_ast val,
                          Z3_ast init, bool recorded) {
  smtm_cell c = {val, init, 0, 0, recorded, false, 0, 0, 0};
  smtm_cell_put(s, in, leaf, c);
}

unsigned smtm_cur_frame(const smtm *s) {
  return s->frames.len ? s->frames.data[s->frames.len - 1].id : 1;
}

unsigned smtm_frame_of(const smtm *s, const cfa_var *v) {
  return v->is_global || v->is_static || v->is_extern ? 0 : smtm_cur_frame(s);
}

/* Whether frame `frame` existed before the block (open memory): statics,
 * the bottom frame, frames opened from an unknown state. */
static bool smtm_frame_old(const smtm *s, unsigned frame) {
  if (frame <= 1) return true;
  for (size_t i = 0; i < s->frames.len; i++)
    if (s->frames.data[i].id == frame) return s->frames.data[i].opened;
  return false;
}

/* A new instance of v, of type T, in frame `frame` (the newest of v; bytes:
 * smtm_inst.bytes, held here, or NULL). */
static smtm_inst *smtm_inst_new(smtm *s, const cfa_var *v, const ty *T,
                                unsigned frame, Z3_ast bytes) {
  const smtm_layout *L = smtm_layout_of(s, T);
  if (L->unsupported)
    smtz_fail(s->z, "%s (variable %s)", L->unsupported, v->name);
  if (s->insts.len >= SMTM_MAX_OBJECTS - s->nfn)
    smtz_fail(s->z, "more than %u objects", SMTM_MAX_OBJECTS - s->nfn);
  smtm_inst *in = mem_calloc(1, sizeof *in);
  in->id = (unsigned)s->insts.len + 1;
  in->frame = frame;
  in->var = v;
  in->lay = L;
  in->cells = mem_calloc(L->n ? L->n : 1, sizeof *in->cells);
  in->shadowed = s->top[v->id];
  /* open: a pointer from before may point into an old frame's object */
  in->escaped = s->pointed && s->pointed[v->id] && smtm_frame_old(s, frame);
  in->bytes = smtz_hold(s->z, bytes);
  s->nsym += bytes != 0;
  s->top[v->id] = in;
  VEC_PUSH(s->insts, in);
  smtm_tr t = {.k = SMTM_TR_INST, .in = in};
  smtm_trail(s, t);
  return in;
}

static smtm_inst *smtm_inst_get(smtm *s, const cfa_var *v, unsigned frame) {
  if (v->id >= s->ntop)
    smtz_fail(s->z, "variable %s unknown to the CFA", v->name);
  for (smtm_inst *in = s->top[v->id]; in; in = in->shadowed)
    if (in->frame == frame) return in;
  return smtm_inst_new(s, v, v->type, frame, 0);
}

static void smtm_flag(smtm *s, smtm_inst *in, smtm_tr_kind k) {
  bool *f = k == SMTM_TR_ESCAPE ? &in->escaped
            : k == SMTM_TR_DEAD ? &in->dead
                                : &in->initialised;
  if (*f) return;
  *f = true;
  smtm_tr t = {.k = k, .in = in};
  smtm_trail(s, t);
}

static void smtm_undo_one(smtm *s, smtm_tr *t) {
  switch (t->k) {
  case SMTM_TR_CELL: {
    smtm_cell *c = &t->in->cells[t->leaf];
    smtz_drop(s->z, c->val);
    smtz_drop(s->z, c->init);
    *c = t->old;
    break;
  }
  case SMTM_TR_INST: {
    smtm_inst *in = t->in;
    if (in->heap) mem_free((char *)in->var->name);
    if (in->lit || in->heap)
      mem_free((void *)in->var);
    else
      s->top[in->var->id] = in->shadowed;
    s->insts.len--;
    for (size_t i = 0; i < in->lay->n; i++) {
      smtz_drop(s->z, in->cells[i].val);
      smtz_drop(s->z, in->cells[i].init);
    }
    mem_free(in->cells);
    if (in->bytes) s->nsym--;
    smtz_drop(s->z, in->bytes);
    mem_free(in);
    break;
  }
  case SMTM_TR_ESCAPE:
    t->in->escaped = false;
    break;
  case SMTM_TR_DEAD:
    t->in->dead = false;
    break;
  case SMTM_TR_INIT:
    t->in->initialised = false;
    break;
  case SMTM_TR_FPUSH:
    s->frames.len--;
    break;
  case SMTM_TR_OUTER:
    s->outer[t->leaf].ver = t->old.ver;
    break;
  case SMTM_TR_FPOP:
    VEC_PUSH(s->frames, t->fr);
    break;
  }
}

/* ---------- leaves: reading and writing cells ---------- */

static Z3_sort smtm_leaf_sort(smtm *s, const smtm_leaf *lf) {
  return smtz_bvsort(s->z, smtm_bits(s, lf->type));
}

static smtm_cell smtm_zero_cell(smtm *s, smtm_inst *in, const smtm_leaf *lf) {
  smtm_cell c = {0};
  if (lf->ndims)
    c.ver = smtm_av_base(s, SMTM_AV_ZERO, lf, in->var->name);
  else
    c.val = smtz_num(s->z, smtm_bits(s, lf->type), 0, false);
  return c;
}

/* The cell, given a fresh initial value if it has none. */
static smtm_cell *smtm_cell_ensure(smtm *s, smtm_inst *in, size_t leaf) {
  smtm_cell *c = &in->cells[leaf];
  if (c->val || c->ver) return c;
  const smtm_leaf *lf = &in->lay->leaves[leaf];
  smtm_cell n = {0};
  if (lf->role == 't' || lf->role == 's') {
    /* taint and slots of a fresh union: an indeterminate integer image */
    smtm_cell_put(s, in, leaf, smtm_zero_cell(s, in, lf));
    return c;
  }
  if (lf->ndims) {
    n.ver = n.ibase = smtm_av_base(s, SMTM_AV_FRESH, lf, in->var->name);
  } else {
    n.val = n.init = smtm_fresh(s, in->var->name, lf->type);
    n.imask = 0xff;
  }
  smtm_cell_put(s, in, leaf, n);
  return c;
}

static char *smtm_uninit_name(const smtm_inst *in, const smtm_leaf *lf) {
  const cfa_var *v = in->var;
  bool retval = v->function && v->function->result == v;
  return mem_printf("uninitialised:%s%s", retval ? v->qualified : v->name,
                    lf->path);
}

/* The cell of a leaf about to be read: its fresh initial value, if it may
 * still be seen, goes into the input list. */
static smtm_cell *smtm_cell_for_read(smtm *s, smtm_inst *in, size_t leaf) {
  smtm_cell *c = smtm_cell_ensure(s, in, leaf);
  const smtm_leaf *lf = &in->lay->leaves[leaf];
  if ((c->init || c->ibase) && !c->recorded) {
    if (c->route) {
      const smtm_route *r = &s->routes.data[c->route - 1];
      const smtm_call *k = &s->calls.data[r->call];
      smtc_record(s->c, c->init, r->any, c->ibase, SMT_INPUT_WRITTEN,
                  mem_strdup(k->fn), k->line, lf->type,
                  lf->ndims ? lf->total : 0);
      smtc_input *ci = &s->c->inputs.data[s->c->inputs.len - 1];
      ci->route = c->route;
      ci->leaf = leaf;
    } else {
      smtc_record(s->c, c->init, 0, c->ibase, SMT_INPUT_UNINIT,
                  smtm_uninit_name(in, lf), in->var->line, lf->type,
                  lf->ndims ? lf->total : 0);
    }
    smtm_cell n = *c;
    n.recorded = true;
    smtm_cell_put(s, in, leaf, n);
  }
  return c;
}

/* Read leaf `leaf` of in (element idx for arrays). */
static Z3_ast smtm_leaf_read(smtm *s, smtm_inst *in, size_t leaf, Z3_ast idx) {
  smtm_cell *c = smtm_cell_for_read(s, in, leaf);
  if (!in->lay->leaves[leaf].ndims) return c->val;
  return smtm_av_read(s, c->ver, idx);
}

/* Write v to leaf `leaf` of in (element idx for arrays) when cond holds
 * (NULL: always). */
static void smtm_leaf_write(smtm *s, smtm_inst *in, size_t leaf, Z3_ast idx,
                            Z3_ast v, Z3_ast cond) {
  const smtm_leaf *lf = &in->lay->leaves[leaf];
  Z3_sort so = smtm_leaf_sort(s, lf);
  if (!lf->ndims && !cond) {
    smtm_cell_set(s, in, leaf, smtm_def(s, v, in->var->name, so), 0, false);
    return;
  }
  smtm_cell *c = smtm_cell_ensure(s, in, leaf);
  smtm_cell n = *c;
  if (lf->ndims) {
    smtm_aver a = {.k = SMTM_AV_WRITE,
                   .prev = c->ver,
                   .idx = idx,
                   .cond = cond,
                   .total = lf->total,
                   .elem = lf->type,
                   .name = in->var->name};
    a.val = smtm_def(s, v, in->var->name, so);
    a.kidx = smtz_const(s->z, idx, &a.cidx);
    if (cond) {
      a.cond = smtz_simplify(s->z, cond);
      if (smtz_is_true(s->z, a.cond)) a.cond = 0;
    }
    n.ver = smtm_av_new(s, a);
  } else {
    n.val = smtm_def(s, smtz_ite(s->z, cond, v, c->val), in->var->name, so);
  }
  smtm_cell_put(s, in, leaf, n);
}

/* ---------- lvalues ---------- */

/* The lvalue of the whole object `in` (of type T), at its start. */
static smtm_lv smtm_lv_whole(smtm *s, smtm_inst *in, const ty *T,
                             unsigned line) {
  smtm_lv lv = {.p = smtm_ptr_const(s, in->id, 0),
                .type = T,
                .in = in,
                .kof = true,
                .lin = true,
                .line = line,
                .what = "invalid access"};
  return lv;
}

smtm_lv smtm_lv_var(smtm *s, const cfa_var *v, unsigned frame, unsigned line) {
  return smtm_lv_whole(s, smtm_inst_get(s, v, frame), v->type, line);
}

smtm_lv smtm_lv_ptr(smtm *s, Z3_ast p, const ty *T, unsigned line,
                    const char *what) {
  smtm_lv lv = {.p = p, .type = T, .line = line, .what = what};
  uint64_t obj;
  if (smtz_const(s->z, smtm_ptr_obj(s, p), &obj)) {
    if (obj == 0 || obj > s->insts.len)
      lv.invalid = true;
    else
      lv.in = s->insts.data[obj - 1];
  }
  lv.lin = lv.kof = smtz_const(s->z, smtm_ptr_off(s, p), &lv.off);
  return lv;
}

/* lv moved by delta bytes, designating an object of type T. */
static smtm_lv smtm_lv_offset(smtm *s, smtm_lv lv, Z3_ast delta, const ty *T) {
  uint64_t d;
  lv.type = T;
  if (lv.lin && smtz_const(s->z, delta, &d)) {
    lv.off += d;
    lv.p = lv.kof && lv.in ? smtm_ptr_const(s, lv.in->id, lv.off)
                           : smtm_ptr_add(s, lv.p, delta);
    return lv;
  }
  lv.p = smtm_ptr_add(s, lv.p, delta);
  lv.kof = lv.lin = false;
  return lv;
}

/* lv moved by t elements of m bytes (t a 64-bit index), designating T. */
smtm_lv smtm_lv_index(smtm *s, smtm_lv lv, Z3_ast t, uint64_t m, const ty *T) {
  uint64_t c;
  if (smtz_const(s->z, t, &c) || !lv.lin || lv.nlin == 4)
    return smtm_lv_offset(
        s, lv,
        K(Z3_mk_bvmul(s->z->ctx, t, smtz_num(s->z, SMTM_OFF_BITS, m, false))),
        T);
  lv.type = T;
  lv.p = smtm_ptr_add(
      s, lv.p,
      K(Z3_mk_bvmul(s->z->ctx, t, smtz_num(s->z, SMTM_OFF_BITS, m, false))));
  lv.kof = false;
  lv.lt[lv.nlin] = t;
  lv.lm[lv.nlin++] = m;
  return lv;
}

/* Element index into dense array leaf lf of a linear offset, without
 * division, or NULL when the offset does not have that shape. */
static Z3_ast smtm_lin_index(smtm *s, const smtm_lv *lv, const smtm_leaf *lf) {
  if (!lv->lin || !lf->dense) return 0;
  uint64_t st = lf->stride[lf->ndims - 1];
  int64_t rel = (int64_t)(lv->off - lf->base);
  if (rel % (int64_t)st) return 0;
  for (unsigned i = 0; i < lv->nlin; i++)
    if (lv->lm[i] % st) return 0;
  Z3_ast L = smtz_num(s->z, SMTM_OFF_BITS, (uint64_t)(rel / (int64_t)st), true);
  for (unsigned i = 0; i < lv->nlin; i++) {
    Z3_ast t = lv->lm[i] == st
                   ? lv->lt[i]
                   : K(Z3_mk_bvmul(
                         s->z->ctx, lv->lt[i],
                         smtz_num(s->z, SMTM_OFF_BITS, lv->lm[i] / st, false)));
    L = K(Z3_mk_bvadd(s->z->ctx, L, t));
  }
  return smtz_simplify(s->z, L);
}

smtm_lv smtm_lv_offc(smtm *s, smtm_lv lv, uint64_t delta, const ty *T) {
  return smtm_lv_offset(s, lv, smtz_num(s->z, SMTM_OFF_BITS, delta, false), T);
}

typedef struct {
  smtm_inst *in;
  size_t leaf; /* in a region: its data byte 0 */
  Z3_ast cond; /* NULL: certainly this one */
  Z3_ast idx;  /* element of an array leaf */
  bool reg;    /* bytes from pos of the region at leaf */
  unsigned pos;
} smtm_cand;

static _Noreturn void smtm_fail_opaque(smtm *s, const smtm_leaf *lf,
                                       const smtm_inst *in, unsigned line) {
  if (lf->type->kind == TY_UNION)
    smtz_fail(s->z, "union (%s) in %s at line %u", lf->type->spelling,
              in->var->name, line);
  smtz_fail(s->z, "bit-field %s%s at line %u", in->var->name, lf->path, line);
}

/* The access touches the opaque leaf lf of in when hit holds: an execution
 * in which it does (and g holds) is not modelled. */
static void smtm_oblige_opaque(smtm *s, const smtm_leaf *lf,
                               const smtm_inst *in, unsigned line, Z3_ast hit,
                               Z3_ast g) {
  if (lf->type->kind == TY_UNION)
    smtc_oblige_modelled(s->c, smtz_not(s->z, hit), g,
                         "union (%s) in %s at line %u", lf->type->spelling,
                         in->var->name, line);
  else
    smtc_oblige_modelled(s->c, smtz_not(s->z, hit), g,
                         "bit-field %s%s at line %u", in->var->name, lf->path,
                         line);
}

/* When an access through lv into instance in (when oc holds: its object is
 * in) may touch the bytes of an opaque leaf (union or bit-field): fail when
 * it certainly does, else oblige (when g holds) that it does not, so that no
 * execution touching one is claimed (smtc_oblige_modelled). */
static void smtm_union_guard(smtm *s, const smtm_lv *lv, smtm_inst *in,
                             Z3_ast oc, Z3_ast g) {
  const smtm_layout *L = in->lay;
  if (!L->has_opaque) return;
  uint64_t asz = lv->type->size ? lv->type->size : 1;
  if (lv->kof) {
    const smtm_leaf *lf = 0;
    for (uint64_t b = 0; b < asz && !lf; b++)
      lf = smtm_union_at(L, lv->off + b);
    if (!lf) return;
    if (oc) oc = smtz_simplify(s->z, oc);
    if (oc && smtz_is_false(s->z, oc)) return;
    if (!oc || smtz_is_true(s->z, oc)) smtm_fail_opaque(s, lf, in, lv->line);
    smtm_oblige_opaque(s, lf, in, lv->line, oc, g);
    return;
  }
  Z3_ast off = smtm_ptr_off(s, lv->p);
  for (size_t i = 0; i < L->n; i++) {
    const smtm_leaf *lf = &L->leaves[i];
    if (!smtm_is_opaque(lf)) continue;
    uint64_t ext = lf->ndims ? lf->stride[0] * lf->count[0] : lf->osize;
    /* any byte of the access in [base, base + ext) */
    Z3_ast lo = K(
        Z3_mk_bvuge(s->z->ctx, off,
                    smtz_num(s->z, SMTM_OFF_BITS,
                             lf->base >= asz ? lf->base - asz + 1 : 0, false)));
    Z3_ast hi = K(Z3_mk_bvult(
        s->z->ctx, off, smtz_num(s->z, SMTM_OFF_BITS, lf->base + ext, false)));
    Z3_ast c = smtz_simplify(s->z, smtz_and(s->z, oc, smtz_and(s->z, lo, hi)));
    if (smtz_is_false(s->z, c)) continue;
    if (smtz_is_true(s->z, c)) smtm_fail_opaque(s, lf, in, lv->line);
    smtm_oblige_opaque(s, lf, in, lv->line, c, g);
  }
}

/* Bytes an access through lv covers. */
static uint64_t smtm_acc_bytes(const smtm *s, const smtm_lv *lv) {
  if (lv->bfw) return (lv->bfoff + lv->bfw + 7) / 8;
  if (lv->type == &smtm_ty_raw) return 1;
  if (lv->type == &smtm_ty_slot) return s->ptr_bits / 8;
  return lv->type->size ? lv->type->size : 1;
}

typedef struct {
  smtm_cand *c;
  size_t n, cap;
} smtm_cvec;

static void smtm_cand_push(smtm *s, smtm_cvec *v, smtm_inst *in, size_t leaf,
                           Z3_ast cond, Z3_ast idx, bool reg, unsigned pos) {
  if (cond) {
    cond = smtz_simplify(s->z, cond);
    if (smtz_is_false(s->z, cond)) return;
    if (smtz_is_true(s->z, cond)) cond = 0;
  }
  if (v->n == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    smtm_cand *nc = smtz_tmp(s->z, v->cap * sizeof *nc);
    if (v->n) memcpy(nc, v->c, v->n * sizeof *nc);
    v->c = nc;
  }
  smtm_cand c = {in, leaf, cond, idx, reg, pos};
  v->c[v->n++] = c;
}

/* The name of the region whose data byte 0 is leaf first of in, for
 * texts: "<var><path>" without the byte suffix. */
static char *smtm_reg_name(smtm *s, const smtm_inst *in, size_t first) {
  const char *p = in->lay->leaves[first].path;
  const char *plus = strrchr(p, '+');
  size_t n = plus ? (size_t)(plus - p) : strlen(p);
  char *r = mem_printf("%s%.*s", in->var->name, (int)n, p);
  char *t = smtz_tmp(s->z, strlen(r) + 1);
  strcpy(t, r);
  mem_free(r);
  return t;
}

#define SMTM_MAX_POS 64 /* positions of a symbolic access in one region */

/* The candidates in the regions of instance in (when oc holds: the access
 * is into in) of an access of nb bytes through lv at a symbolic offset. */
static void smtm_region_cands(smtm *s, const smtm_lv *lv, smtm_inst *in,
                              Z3_ast oc, uint64_t nb, smtm_cvec *v, Z3_ast g) {
  const smtm_layout *L = in->lay;
  if (!L->has_region) return;
  Z3_ast off = smtm_ptr_off(s, lv->p);
  for (size_t j = 0; j < L->n; j++) {
    const smtm_leaf *lf = &L->leaves[j];
    if (lf->role != 'b' || lf->rpos || lf->rlen < nb) continue;
    uint64_t npos = lf->rlen - nb + 1;
    if (lf->ndims && lf->dense && lv->lin) {
      /* base + r + k * stride: one position r, element k */
      int64_t st = (int64_t)lf->stride[lf->ndims - 1];
      int64_t rel = (int64_t)(lv->off - lf->base);
      int64_t r = ((rel % st) + st) % st;
      bool ok = (uint64_t)r + nb <= lf->rlen;
      for (unsigned i = 0; i < lv->nlin && ok; i++)
        ok = lv->lm[i] % (uint64_t)st == 0;
      if (!ok) continue;
      Z3_ast idx = smtz_num(s->z, SMTM_OFF_BITS, (uint64_t)((rel - r) / st),
                            true);
      for (unsigned i = 0; i < lv->nlin; i++) {
        Z3_ast t = lv->lm[i] == (uint64_t)st
                       ? lv->lt[i]
                       : K(Z3_mk_bvmul(
                             s->z->ctx, lv->lt[i],
                             smtz_num(s->z, SMTM_OFF_BITS,
                                      lv->lm[i] / (uint64_t)st, false)));
        idx = K(Z3_mk_bvadd(s->z->ctx, idx, t));
      }
      idx = smtz_simplify(s->z, idx);
      Z3_ast lo = K(Z3_mk_bvsge(s->z->ctx, idx,
                                smtz_num(s->z, SMTM_OFF_BITS, 0, false)));
      Z3_ast hi = K(Z3_mk_bvslt(
          s->z->ctx, idx, smtz_num(s->z, SMTM_OFF_BITS, lf->total, false)));
      smtm_cand_push(s, v, in, j, smtz_and(s->z, oc, smtz_and(s->z, lo, hi)),
                     idx, true, (unsigned)r);
      continue;
    }
    if (npos > SMTM_MAX_POS) {
      /* too many positions to tell apart: an execution in which the
       * access lands in this region is not modelled */
      uint64_t ext = lf->ndims ? lf->stride[0] * lf->count[0] : lf->rlen;
      Z3_ast lo = K(Z3_mk_bvuge(
          s->z->ctx, off,
          smtz_num(s->z, SMTM_OFF_BITS,
                   lf->base >= nb ? lf->base - nb + 1 : 0, false)));
      Z3_ast hi = K(Z3_mk_bvult(
          s->z->ctx, off,
          smtz_num(s->z, SMTM_OFF_BITS, lf->base + ext, false)));
      Z3_ast c =
          smtz_simplify(s->z, smtz_and(s->z, oc, smtz_and(s->z, lo, hi)));
      if (smtz_is_false(s->z, c)) continue;
      smtc_oblige_modelled(s->c, smtz_not(s->z, c), g,
                           "access through a pointer into the bytes of %s "
                           "at an unknown offset at line %u",
                           smtm_reg_name(s, in, j), lv->line);
      continue;
    }
    for (uint64_t p = 0; p < npos; p++) {
      Z3_ast rel = K(Z3_mk_bvsub(
          s->z->ctx, off,
          smtz_num(s->z, SMTM_OFF_BITS, lf->base + p, false)));
      if (!lf->ndims) {
        smtm_cand_push(
            s, v, in, j,
            smtz_and(s->z, oc,
                     smtz_eq(s->z, rel,
                             smtz_num(s->z, SMTM_OFF_BITS, 0, false))),
            0, true, (unsigned)p);
        continue;
      }
      Z3_ast lin = smtz_num(s->z, SMTM_OFF_BITS, 0, false), cond = oc;
      for (unsigned d = 0; d < lf->ndims; d++) {
        Z3_ast st = smtz_num(s->z, SMTM_OFF_BITS, lf->stride[d], false);
        Z3_ast cnt = smtz_num(s->z, SMTM_OFF_BITS, lf->count[d], false);
        Z3_ast ik = K(Z3_mk_bvudiv(s->z->ctx, rel, st));
        cond = smtz_and(s->z, cond, K(Z3_mk_bvult(s->z->ctx, ik, cnt)));
        rel = K(Z3_mk_bvurem(s->z->ctx, rel, st));
        lin =
            K(Z3_mk_bvadd(s->z->ctx, K(Z3_mk_bvmul(s->z->ctx, lin, cnt)), ik));
      }
      cond = smtz_and(
          s->z, cond,
          smtz_eq(s->z, rel, smtz_num(s->z, SMTM_OFF_BITS, 0, false)));
      smtm_cand_push(s, v, in, j, cond, lin, true, (unsigned)p);
    }
  }
}

static size_t smtm_cands_in(smtm *s, const smtm_lv *lv, smtm_cand **out,
                            Z3_ast g);

/* off + nb <= limit, without wrap-around (off <= limit && nb <= limit -
 * off). */
static Z3_ast smtm_ends_within(smtm *s, Z3_ast off, Z3_ast nb, Z3_ast limit) {
  return smtz_and(
      s->z, K(Z3_mk_bvule(s->z->ctx, off, limit)),
      K(Z3_mk_bvule(s->z->ctx, nb, K(Z3_mk_bvsub(s->z->ctx, limit, off)))));
}

/* The byte offset of lv's access in its object, and its bytes. */
static void smtm_acc_span(smtm *s, const smtm_lv *lv, Z3_ast *off,
                          Z3_ast *nb) {
  *off = lv->kof ? smtz_num(s->z, SMTM_OFF_BITS, lv->off, false)
                 : smtm_ptr_off(s, lv->p);
  *nb = smtz_num(s->z, SMTM_OFF_BITS, smtm_acc_bytes(s, lv), false);
}

/* Where an access of type lv.type (or a bit-field) through lv may land:
 * in an object whose size the path does not fix (smtm_inst.bytes) only
 * when the access ends within its bytes. Its layout holds the first
 * SMTM_MAX_SYM_BYTES of them: an access beyond leaves what is modelled
 * (an obligation made before the caller's that the access is valid, so
 * that the execution is not taken for undefined behaviour). */
static size_t smtm_cands(smtm *s, const smtm_lv *lv, smtm_cand **out,
                         Z3_ast g) {
  Z3_ast off = 0, nb = 0; /* of the objects with bytes it may reach: */
  size_t first = lv->in ? lv->in->id - 1 : 0;
  size_t last = lv->invalid || !s->nsym ? 0 : lv->in ? lv->in->id : s->insts.len;
  for (size_t i = first; i < last; i++) {
    smtm_inst *in = s->insts.data[i];
    if (!in->bytes || in->dead || (!lv->in && !in->escaped)) continue;
    if (!off) smtm_acc_span(s, lv, &off, &nb);
    Z3_ast oc = lv->in ? 0
                       : smtz_eq(s->z, smtm_ptr_obj(s, lv->p),
                                 smtz_num(s->z, SMTM_OBJ_BITS, in->id, false));
    Z3_ast cap = smtz_num(s->z, SMTM_OFF_BITS, SMTM_MAX_SYM_BYTES, false);
    smtc_oblige_modelled(s->c, smtm_ends_within(s, off, nb, cap),
                         smtz_and(s->z, g, oc),
                         "access beyond the first %" PRIu64
                         " bytes of %s at line %u",
                         SMTM_MAX_SYM_BYTES, in->var->name, lv->line);
  }
  size_t n = smtm_cands_in(s, lv, out, g);
  for (size_t i = 0; s->nsym && i < n; i++) {
    smtm_cand *c = &(*out)[i];
    if (!c->in->bytes) continue;
    if (!off) smtm_acc_span(s, lv, &off, &nb);
    c->cond = smtz_simplify(
        s->z, smtz_and(s->z, c->cond, smtm_ends_within(s, off, nb, c->in->bytes)));
    if (smtz_is_true(s->z, c->cond)) c->cond = 0;
  }
  return n;
}

/* smtm_cands without the bounds of objects of sizes the path does not
 * fix. */
static size_t smtm_cands_in(smtm *s, const smtm_lv *lv, smtm_cand **out,
                            Z3_ast g) {
  *out = 0;
  if (lv->invalid) return 0;
  uint64_t nb = smtm_acc_bytes(s, lv);
  bool regonly = lv->bfw || smtm_is_raw(lv->type);
  smtm_cvec v = {0, 0, 0};
  if (lv->in && lv->kof) {
    size_t leaf, first;
    uint64_t idx;
    unsigned pos;
    if (lv->in->dead) return 0;
    smtm_union_guard(s, lv, lv->in, 0, g);
    if (regonly || !smtm_leaf_at(lv->in->lay, lv->off, lv->type, &leaf, &idx)) {
      if (smtm_region_at(lv->in->lay, lv->off, nb, &first, &idx, &pos)) {
        smtm_cand_push(s, &v, lv->in, first, 0,
                       lv->in->lay->leaves[first].ndims
                           ? smtz_num(s->z, SMTM_OFF_BITS, idx, false)
                           : 0,
                       true, pos);
        *out = v.c;
        return v.n;
      }
      if (!regonly && smtm_leaf_at(lv->in->lay, lv->off, 0, &leaf, &idx))
        smtz_fail(s->z, "access to %s as %s (type punning) at line %u",
                  lv->in->var->name, lv->type->spelling, lv->line);
      return 0; /* outside the object */
    }
    smtm_cand_push(s, &v, lv->in, leaf, 0,
                   lv->in->lay->leaves[leaf].ndims
                       ? smtz_num(s->z, SMTM_OFF_BITS, idx, false)
                       : 0,
                   false, 0);
    *out = v.c;
    return v.n;
  }
  Z3_ast obj = smtm_ptr_obj(s, lv->p), off = smtm_ptr_off(s, lv->p);
  for (size_t i = 0; i < s->insts.len; i++) {
    smtm_inst *in = s->insts.data[i];
    if (lv->in ? in != lv->in : (!in->escaped || in->dead)) continue;
    if (in->dead) continue;
    Z3_ast oc = lv->in ? 0
                       : smtz_eq(s->z, obj,
                                 smtz_num(s->z, SMTM_OBJ_BITS, in->id, false));
    smtm_union_guard(s, lv, in, oc, g);
    size_t kleaf = SIZE_MAX;
    uint64_t k = 0;
    if (lv->kof &&
        (regonly || !smtm_leaf_at(in->lay, lv->off, lv->type, &kleaf, &k))) {
      size_t first;
      unsigned pos;
      if (smtm_region_at(in->lay, lv->off, nb, &first, &k, &pos))
        smtm_cand_push(s, &v, in, first, oc ? oc : s->z->tru,
                       in->lay->leaves[first].ndims
                           ? smtz_num(s->z, SMTM_OFF_BITS, k, false)
                           : 0,
                       true, pos);
      continue;
    }
    for (size_t j = 0; j < in->lay->n && !regonly; j++) {
      const smtm_leaf *lf = &in->lay->leaves[j];
      if (lf->opaque || lf->role || !smtm_compat(lf->type, lv->type)) continue;
      Z3_ast cond, idx = 0;
      if (lv->kof) {
        if (j != kleaf) continue;
        cond = oc ? oc : s->z->tru;
        if (lf->ndims) idx = smtz_num(s->z, SMTM_OFF_BITS, k, false);
      } else if (!lf->ndims) {
        cond = smtz_and(
            s->z, oc,
            smtz_eq(s->z, off, smtz_num(s->z, SMTM_OFF_BITS, lf->base, false)));
      } else if ((idx = smtm_lin_index(s, lv, lf))) {
        Z3_ast lo = K(Z3_mk_bvsge(s->z->ctx, idx,
                                  smtz_num(s->z, SMTM_OFF_BITS, 0, false)));
        Z3_ast hi = K(Z3_mk_bvslt(
            s->z->ctx, idx, smtz_num(s->z, SMTM_OFF_BITS, lf->total, false)));
        cond = smtz_and(s->z, oc, smtz_and(s->z, lo, hi));
      } else {
        Z3_ast rel = K(Z3_mk_bvsub(
            s->z->ctx, off, smtz_num(s->z, SMTM_OFF_BITS, lf->base, false)));
        Z3_ast lin = smtz_num(s->z, SMTM_OFF_BITS, 0, false);
        cond = oc;
        for (unsigned d = 0; d < lf->ndims; d++) {
          Z3_ast st = smtz_num(s->z, SMTM_OFF_BITS, lf->stride[d], false);
          Z3_ast cnt = smtz_num(s->z, SMTM_OFF_BITS, lf->count[d], false);
          Z3_ast ik = K(Z3_mk_bvudiv(s->z->ctx, rel, st));
          cond = smtz_and(s->z, cond, K(Z3_mk_bvult(s->z->ctx, ik, cnt)));
          rel = K(Z3_mk_bvurem(s->z->ctx, rel, st));
          lin = K(
              Z3_mk_bvadd(s->z->ctx, K(Z3_mk_bvmul(s->z->ctx, lin, cnt)), ik));
        }
        cond = smtz_and(
            s->z, cond,
            smtz_eq(s->z, rel, smtz_num(s->z, SMTM_OFF_BITS, 0, false)));
        idx = lin;
      }
      smtm_cand_push(s, &v, in, j, cond, idx, false, 0);
    }
    if (!lv->kof) smtm_region_cands(s, lv, in, oc, nb, &v, g);
  }
  *out = v.c;
  return v.n;
}

/* The obligation that the access hits one of the candidates. */
static void smtm_oblige_valid(smtm *s, const smtm_lv *lv, smtm_cand *c,
                              size_t n, Z3_ast g) {
  Z3_ast any = s->z->fls;
  for (size_t i = 0; i < n; i++) {
    if (!c[i].cond) return;
    any = smtz_or(s->z, any, c[i].cond);
  }
  smtc_oblige(s->c, any, g, "%s at line %u", lv->what, lv->line);
}

/* Fail when the value of leaf `leaf` of in is not modelled. */
static void smtm_cell_check(smtm *s, smtm_inst *in, size_t leaf,
                            unsigned line) {
  const smtm_cell *c = &in->cells[leaf];
  if (c->unmod == 'h')
    smtz_fail(s->z, "%s (%s%s read at line %u)", c->why, in->var->name,
              in->lay->leaves[leaf].path, line);
}

/* ---------- byte regions ---------- */

/* The bytes [c.pos, c.pos + n) of the region of candidate c: data (8n
 * bits) and taint (n bits; NULL when the region has none); raw: for a
 * copy; bits [bo, bo + bw) are the ones the reader uses (a fresh initial
 * value none of them holds is not recorded as an input). */
static void smtm_reg_get(smtm *s, const smtm_cand *c, unsigned n, bool raw,
                         unsigned bo, unsigned bw, unsigned line, Z3_ast *data,
                         Z3_ast *taint) {
  const smtm_leaf *r0 = &c->in->lay->leaves[c->leaf];
  Z3_ast d = 0, t = 0;
  for (unsigned k = 0; k < n; k++) {
    size_t lb = c->leaf + c->pos + k;
    smtm_cell_check(s, c->in, lb, line);
    Z3_ast b;
    unsigned lo = 8 * k, cl = bo > lo ? bo : lo,
             ch = bo + bw < lo + 8 ? bo + bw : lo + 8;
    unsigned char rm =
        (unsigned char)(cl < ch ? ((1u << (ch - lo)) - 1) &
                                      ~((1u << (cl - lo)) - 1)
                                : 0u);
    /* copied, not read, or the bits read are not the initial value's */
    bool norec = raw || (!r0->ndims && c->in->cells[lb].init &&
                         !(c->in->cells[lb].imask & rm));
    if (norec) {
      /* an indeterminate byte (padding) stays unrecorded */
      smtm_cell *ce = smtm_cell_ensure(s, c->in, lb);
      b = r0->ndims ? smtm_av_read(s, ce->ver, c->idx) : ce->val;
    } else {
      b = smtm_leaf_read(s, c->in, lb, c->idx);
    }
    d = d ? K(Z3_mk_concat(s->z->ctx, b, d)) : b;
    if (!r0->rtaint) continue;
    smtm_cell_check(s, c->in, lb + r0->rlen, line);
    Z3_ast tb = smtm_leaf_read(s, c->in, lb + r0->rlen, c->idx);
    t = t ? K(Z3_mk_concat(s->z->ctx, tb, t)) : tb;
  }
  *data = d;
  *taint = t;
}

/* The slot leaf of the region of c at its position, SIZE_MAX if none. */
static size_t smtm_reg_slot(const smtm_cand *c) {
  const smtm_leaf *r0 = &c->in->lay->leaves[c->leaf];
  size_t base = c->leaf + 2 * (size_t)r0->rlen;
  for (unsigned i = 0; i < r0->nslots; i++)
    if (c->in->lay->leaves[base + i].rpos == c->pos) return base + i;
  return SIZE_MAX;
}

/* The value an access through lv reads from region candidate c (when g
 * holds, and c.cond). */
static Z3_ast smtm_reg_read(smtm *s, const smtm_lv *lv, const smtm_cand *c,
                            Z3_ast g) {
  const ty *T = lv->type;
  Z3_ast gc = smtz_and(s->z, g, c->cond), data, taint;
  if (T == &smtm_ty_slot) {
    size_t sl = smtm_reg_slot(c);
    if (sl == SIZE_MAX) return smtz_num(s->z, SMTM_PTR_BITS + 1, 0, false);
    smtm_cell_check(s, c->in, sl, lv->line);
    return smtm_leaf_read(s, c->in, sl, c->idx);
  }
  unsigned nb = (unsigned)smtm_acc_bytes(s, lv);
  smtm_reg_get(s, c, nb, T == &smtm_ty_raw, lv->bfw ? lv->bfoff : 0,
               lv->bfw ? lv->bfw : 8 * nb, lv->line, &data, &taint);
  if (T == &smtm_ty_raw)
    return K(Z3_mk_concat(s->z->ctx,
                          taint ? taint : smtz_num(s->z, 1, 0, false), data));
  Z3_ast ok0 = taint ? smtz_eq(s->z, taint, smtz_num(s->z, nb, 0, false)) : 0;
  if (T->kind == TY_POINTER && !lv->bfw) {
    Z3_ast ip = smtm_mk_ptr(s, smtz_num(s->z, SMTM_OBJ_BITS, 0, false),
                            smtz_resize(s->z, data, 8 * nb, false,
                                        SMTM_OFF_BITS));
    if (!taint) return ip;
    size_t sl = smtm_reg_slot(c);
    if (sl == SIZE_MAX) {
      smtc_oblige_modelled(s->c, ok0, gc,
                           "bytes of %s that are not those of one pointer "
                           "read as a pointer at line %u",
                           smtm_reg_name(s, c->in, c->leaf), lv->line);
      return ip;
    }
    smtm_cell_check(s, c->in, sl, lv->line);
    Z3_ast sv = smtm_leaf_read(s, c->in, sl, c->idx);
    Z3_ast ok1 = smtz_and(
        s->z,
        smtz_eq(s->z, taint, smtz_num(s->z, nb, UINT64_MAX, true)),
        smtz_eq(s->z, smtz_extract(s->z, SMTM_PTR_BITS, SMTM_PTR_BITS, sv),
                smtz_num(s->z, 1, 1, false)));
    smtc_oblige_modelled(s->c, smtz_or(s->z, ok0, ok1), gc,
                         "bytes of %s that are not those of one pointer "
                         "read as a pointer at line %u",
                         smtm_reg_name(s, c->in, c->leaf), lv->line);
    return smtz_ite(s->z, ok1,
                    smtz_extract(s->z, SMTM_PTR_BITS - 1, 0, sv), ip);
  }
  if (ok0)
    smtc_oblige_modelled(s->c, ok0, gc,
                         "bytes of an address or a float in %s read as %s "
                         "at line %u",
                         smtm_reg_name(s, c->in, c->leaf), T->spelling,
                         lv->line);
  if (lv->bfw) {
    Z3_ast v = smtz_extract(s->z, lv->bfoff + lv->bfw - 1, lv->bfoff, data);
    return smtz_resize(s->z, v, lv->bfw, T->kind == TY_INT && T->is_signed,
                       smtm_bits(s, T));
  }
  if (T->kind == TY_BOOL)
    smtc_oblige_modelled(
        s->c, K(Z3_mk_bvule(s->z->ctx, data, smtz_num(s->z, 8 * nb, 1, false))),
        gc, "byte of %s that is neither 0 nor 1 read as _Bool at line %u",
        smtm_reg_name(s, c->in, c->leaf), lv->line);
  return data;
}

/* Write v (of lv's type; a float: no term) through lv to region candidate
 * c (when g holds, and c.cond). */
static void smtm_reg_write(smtm *s, const smtm_lv *lv, const smtm_cand *c,
                           smtm_val v, Z3_ast g) {
  const ty *T = lv->type;
  const smtm_leaf *r0 = &c->in->lay->leaves[c->leaf];
  Z3_ast gc = smtz_and(s->z, g, c->cond);
  size_t sl0 = c->leaf + 2 * (size_t)r0->rlen;
  unsigned ps = s->ptr_bits / 8;
  if (T == &smtm_ty_slot) {
    size_t sl = smtm_reg_slot(c);
    if (sl != SIZE_MAX) smtm_leaf_write(s, c->in, sl, c->idx, v.t, gc);
    return;
  }
  unsigned bo = lv->bfw ? lv->bfoff : 0;
  unsigned nb = (unsigned)smtm_acc_bytes(s, lv);
  unsigned w = lv->bfw ? lv->bfw : 8 * nb;
  Z3_ast D = 0, tb = 0;
  if (T == &smtm_ty_raw) {
    D = smtz_extract(s->z, 7, 0, v.t);
    tb = smtz_extract(s->z, 8, 8, v.t);
    if (!r0->rtaint)
      smtc_oblige_modelled(s->c, smtz_eq(s->z, tb, smtz_num(s->z, 1, 0, false)),
                           gc,
                           "bytes of an address or a float copied into %s "
                           "at line %u",
                           smtm_reg_name(s, c->in, c->leaf), lv->line);
  } else if (v.k == 'f' || T->kind == TY_FLOAT) {
    /* its IEEE bits (smtm_write), an integer image like any other */
    if (!v.t)
      smtz_fail(s->z, "float written into the bytes of %s at line %u",
                smtm_reg_name(s, c->in, c->leaf), lv->line);
    D = v.t;
    tb = smtz_num(s->z, 1, 0, false);
  } else if (v.k == 'p') {
    D = smtz_extract(s->z, 8 * nb - 1, 0, smtm_ptr_off(s, v.t));
    if (r0->rtaint)
      tb = smtz_ite(
          s->z,
          smtz_eq(s->z, smtm_ptr_obj(s, v.t),
                  smtz_num(s->z, SMTM_OBJ_BITS, 0, false)),
          smtz_num(s->z, 1, 0, false), smtz_num(s->z, 1, 1, false));
    else
      smtc_oblige_modelled(
          s->c,
          smtz_eq(s->z, smtm_ptr_obj(s, v.t),
                  smtz_num(s->z, SMTM_OBJ_BITS, 0, false)),
          gc, "address stored into the bytes of %s at line %u",
          smtm_reg_name(s, c->in, c->leaf), lv->line);
  } else {
    D = lv->bfw ? smtz_extract(s->z, w - 1, 0, v.t) : v.t;
    tb = smtz_num(s->z, 1, 0, false);
  }
  for (unsigned k = 0; k < nb; k++) {
    unsigned lo = 8 * k, hi = lo + 8;
    unsigned cl = bo > lo ? bo : lo, ch = bo + w < hi ? bo + w : hi;
    if (cl >= ch) continue;
    size_t lb = c->leaf + c->pos + k;
    bool full = cl == lo && ch == hi;
    smtm_cell oc = {0};
    if (D) {
      Z3_ast byte;
      if (full) {
        byte = smtz_extract(s->z, hi - 1 - bo, lo - bo, D);
      } else {
        if (c->in->cells[lb].unmod) continue; /* stays not modelled */
        /* the bits kept are not read: a fresh initial value stays
         * unrecorded until they are */
        oc = *smtm_cell_ensure(s, c->in, lb);
        Z3_ast old = c->in->lay->leaves[lb].ndims
                         ? smtm_av_read(s, oc.ver, c->idx)
                         : oc.val;
        byte = smtz_extract(s->z, ch - 1 - bo, cl - bo, D);
        if (cl > lo)
          byte = K(Z3_mk_concat(s->z->ctx, byte,
                                smtz_extract(s->z, cl - lo - 1, 0, old)));
        if (ch < hi)
          byte = K(Z3_mk_concat(s->z->ctx,
                                smtz_extract(s->z, 7, ch - lo, old), byte));
      }
      smtm_leaf_write(s, c->in, lb, c->idx, byte, gc);
      smtm_cell nc = c->in->cells[lb];
      unsigned char wm = (unsigned char)(((1u << (ch - lo)) - 1) &
                                         ~((1u << (cl - lo)) - 1));
      if (!full && oc.init && !oc.recorded && !nc.init &&
          (oc.imask & ~wm)) {
        nc.init = oc.init;
        nc.imask = oc.imask & (unsigned char)~wm;
        smtm_cell_put(s, c->in, lb, nc);
      }
    }
    if (full && r0->rtaint)
      smtm_leaf_write(s, c->in, lb + r0->rlen, c->idx, tb, gc);
  }
  /* the slots whose bytes changed: dead, except the one a pointer went to */
  for (unsigned i = 0; i < r0->nslots; i++) {
    unsigned o = c->in->lay->leaves[sl0 + i].rpos;
    if (o >= c->pos + nb || c->pos >= o + ps) continue;
    Z3_ast nv =
        v.k == 'p' && o == c->pos && nb == ps && T != &smtm_ty_raw
            ? K(Z3_mk_concat(s->z->ctx, smtz_num(s->z, 1, 1, false), v.t))
            : smtz_num(s->z, SMTM_PTR_BITS + 1, 0, false);
    smtm_leaf_write(s, c->in, sl0 + i, c->idx, nv, gc);
  }
}

/* The IEEE 754 sort of float type T (binary32, binary64); fails for the
 * others (long double). */
static Z3_sort smtm_fsort(smtm *s, const ty *T, unsigned line) {
  Z3_sort fs = smtz_fpsort(s->z, (unsigned)(8 * T->size));
  if (!fs)
    smtz_fail(s->z, "%s (only float and double are modelled) at line %u",
              T->spelling, line);
  return fs;
}

/* Make the instances of the pointed variables of old frames (globals, the
 * bottom frame when nothing opened it, the opened frames), so that the
 * objects a pointer from before may point into have their ids before
 * the first access through one. */
static void smtm_open_objects(smtm *s) {
  for (size_t i = 0; i < s->opvars.len; i++) {
    const cfa_var *v = s->opvars.data[i];
    unsigned frame = UINT_MAX;
    if (v->is_global || v->is_static || v->is_extern)
      frame = 0;
    else if (v->function == s->main_fn &&
             (!s->frames.len || !s->frames.data[0].opened))
      frame = 1;
    else
      for (size_t f = 0; f < s->frames.len; f++)
        if (s->frames.data[f].opened && s->frames.data[f].fn == v->function)
          frame = s->frames.data[f].id;
    if (frame == UINT_MAX) continue;
    bool have = false;
    for (smtm_inst *in = s->top[v->id]; in && !have; in = in->shadowed)
      have = in->frame == frame;
    if (!have && !smtm_layout_of(s, v->type)->unsupported)
      smtm_inst_new(s, v, v->type, frame, 0);
  }
}

smtm_val smtm_read(smtm *s, const smtm_lv *lv, Z3_ast g) {
  const ty *T = lv->type;
  if (smtm_is_agg(T) || !ty_is_scalar(T))
    smtz_fail(s->z, "value of type %s at line %u", T->spelling, lv->line);
  bool flt = T->kind == TY_FLOAT;
  Z3_sort fs = flt ? smtm_fsort(s, T, lv->line) : 0;
  unsigned w = flt ? (unsigned)(8 * T->size) : smtm_bits(s, T);
  if (s->pointed && !lv->in && !lv->invalid) smtm_open_objects(s);
  Z3_ast oc = smtm_outer_cond(s, lv);
  smtm_cand *c;
  size_t n = smtm_cands(s, lv, &c, g);
  if (!oc) smtm_oblige_valid(s, lv, c, n, g);
  for (size_t i = 0; i < n; i++)
    if (!c[i].reg) smtm_cell_check(s, c[i].in, c[i].leaf, lv->line);
  Z3_ast v = 0;
  if (n == 1 && !c[0].cond && !oc) {
    v = c[0].reg ? smtm_reg_read(s, lv, &c[0], g)
                 : smtm_leaf_read(s, c[0].in, c[0].leaf, c[0].idx);
  } else {
    /* none of them: outer memory, or undefined behaviour (any value) */
    v = oc ? smtm_outer_read(s, lv)
           : smtz_fresh(s->z, "havoc", smtz_bvsort(s->z, w));
    for (size_t i = n; i-- > 0;)
      v = smtz_ite(s->z, c[i].cond,
                   c[i].reg ? smtm_reg_read(s, lv, &c[i], g)
                            : smtm_leaf_read(s, c[i].in, c[i].leaf, c[i].idx),
                   v);
  }
  if (T->kind == TY_POINTER && !lv->bfw) return smtm_v(v, w, false, 'p', T);
  if (smtm_is_raw(T)) return smtm_v(v, w, false, 'i', T);
  if (flt) /* the IEEE bits as the value (any pattern: NaNs too) */
    return smtm_v(K(Z3_mk_fpa_to_fp_bv(s->z->ctx, v, fs)), w, true, 'f', T);
  return smtm_vint(s, v, T);
}

void smtm_write(smtm *s, const smtm_lv *lv, smtm_val v, Z3_ast g) {
  const ty *T = lv->type;
  if (T->kind == TY_FLOAT) {
    /* its IEEE bits into a leaf (a region's bytes get the float taint) */
    smtm_fsort(s, T, lv->line);
    if (v.k != 'f' || !v.t)
      smtz_fail(s->z, "float value not modelled at line %u", lv->line);
    v = smtm_v(K(Z3_mk_fpa_to_ieee_bv(s->z->ctx, v.t)),
               (unsigned)(8 * T->size), false, 'f', T);
  }
  if (smtm_is_agg(T) || !ty_is_scalar(T))
    smtz_fail(s->z, "assignment of type %s at line %u", T->spelling, lv->line);
  if (s->pointed && !lv->in && !lv->invalid) smtm_open_objects(s);
  Z3_ast oc = smtm_outer_cond(s, lv);
  smtm_cand *c;
  size_t n = smtm_cands(s, lv, &c, g);
  if (!oc) smtm_oblige_valid(s, lv, c, n, g);
  if (oc) smtm_outer_write(s, lv, v.t, smtz_and(s->z, g, oc));
  for (size_t i = 0; i < n; i++) {
    if (c[i].in->rdonly) {
      smtc_oblige(s->c, c[i].cond ? smtz_not(s->z, c[i].cond) : s->z->fls, g,
                  "write into a string literal at line %u", lv->line);
      continue;
    }
    if (c[i].reg)
      smtm_reg_write(s, lv, &c[i], v, g);
    else
      smtm_leaf_write(s, c[i].in, c[i].leaf, c[i].idx, v.t,
                      smtz_and(s->z, g, c[i].cond));
  }
}

smtm_val smtm_stored(smtm *s, const smtm_lv *lv, smtm_val v) {
  if (!lv->bfw || v.k != 'i') return v;
  const ty *T = lv->type;
  Z3_ast t = smtz_resize(s->z, smtz_extract(s->z, lv->bfw - 1, 0, v.t),
                         lv->bfw, T->kind == TY_INT && T->is_signed, v.bits);
  return smtm_v(t, v.bits, v.sgn, v.k, v.type);
}

void smtm_escape(smtm *s, const smtm_lv *lv) {
  if (lv->in) smtm_flag(s, lv->in, SMTM_TR_ESCAPE);
}

/* Leaf `leaf` of in may now hold an address that is not modelled. */
static void smtm_unmod_mark(smtm *s, smtm_inst *in, size_t leaf, char k,
                            const char *why) {
  smtm_cell n = *smtm_cell_ensure(s, in, leaf);
  n.unmod = k;
  n.why = why;
  smtm_cell_put(s, in, leaf, n);
}

/* The reason of cells a call marks as changed (kept once in whys). */
static const char *smtm_why(smtm *s, char *w) {
  for (size_t i = 0; i < s->whys.len; i++)
    if (!strcmp(s->whys.data[i], w)) {
      mem_free(w);
      return s->whys.data[i];
    }
  VEC_PUSH(s->whys, w);
  return w;
}

void smtm_call_note(smtm *s, const char *name, unsigned line, const void *call,
                    Z3_ast g) {
  smtm_call k = {smtm_why(s, mem_strdup(name)), line, call,
                 smtz_hold(s->z, g)};
  VEC_PUSH(s->calls, k);
}

/* Every live object whose address was taken gets its scalar leaves marked
 * as changed by the call: the superset when what a call reaches cannot be
 * followed exactly. */
static void smtm_havoc_escaped(smtm *s, const char *why) {
  for (size_t i = 0; i < s->insts.len; i++) {
    smtm_inst *in = s->insts.data[i];
    if (!in->escaped || in->dead || in->rdonly) continue;
    for (size_t j = 0; j < in->lay->n; j++) {
      const smtm_leaf *lf = &in->lay->leaves[j];
      if (smtm_is_opaque(lf)) continue; /* opaque anyway */
      smtm_unmod_mark(s, in, j, 'h', why);
    }
  }
}

/* A new object for string literal lit, holding its bytes. */
static smtm_inst *smtm_lit_new(smtm *s, const ex *lit, unsigned line) {
  const ty *T = lit->type;
  if (!lit->str)
    smtz_fail(s->z,
              "string literal %s at line %u (wide, or with a NUL "
              "inside)",
              T ? T->spelling : "?", line);
  const smtm_layout *L = smtm_layout_of(s, T);
  if (L->unsupported || L->n != 1 || !L->leaves[0].ndims)
    smtz_fail(s->z, "string literal of type %s at line %u", T->spelling, line);
  if (s->insts.len >= SMTM_MAX_OBJECTS - s->nfn)
    smtz_fail(s->z, "more than %u objects", SMTM_MAX_OBJECTS - s->nfn);
  cfa_var *v = mem_calloc(1, sizeof *v);
  v->id = UINT_MAX;
  v->name = v->qualified = "string literal";
  v->type = T;
  v->is_global = v->is_static = true;
  v->line = lit->line;
  smtm_inst *in = mem_calloc(1, sizeof *in);
  in->id = (unsigned)s->insts.len + 1;
  in->var = v;
  in->lay = L;
  in->cells = mem_calloc(1, sizeof *in->cells);
  in->escaped = in->initialised = in->rdonly = true;
  in->lit = lit;
  VEC_PUSH(s->insts, in);
  smtm_tr t = {.k = SMTM_TR_INST, .in = in};
  smtm_trail(s, t);
  smtm_cell_put(s, in, 0, smtm_zero_cell(s, in, &L->leaves[0]));
  const ty *el = L->leaves[0].type;
  unsigned w = smtm_bits(s, el);
  for (uint64_t i = 0; lit->str[i]; i++)
    smtm_leaf_write(
        s, in, 0, smtz_num(s->z, SMTM_OFF_BITS, i, false),
        smtz_num(s->z, w, (uint64_t)(unsigned char)lit->str[i], false), 0);
  return in;
}

/* ---------- dynamic memory ---------- */

static const ty smtm_ty_char = {.kind = TY_INT, .is_signed = true,
                                .is_complete = true, .size = 1,
                                .spelling = "char", .count = -1};

/* The array type elem[count] (made once per pair, owned by s). */
static const ty *smtm_array_of(smtm *s, const ty *elem, uint64_t count) {
  for (size_t i = 0; i < s->htypes.len; i++)
    if (s->htypes.data[i]->elem == elem &&
        s->htypes.data[i]->count == (int64_t)count)
      return s->htypes.data[i];
  ty *t = mem_calloc(1, sizeof *t);
  t->kind = TY_ARRAY;
  t->is_complete = true;
  t->size = elem->size * count;
  t->spelling = mem_printf("%s[%" PRIu64 "]", elem->spelling, count);
  t->elem = elem;
  t->count = (int64_t)count;
  VEC_PUSH(s->htypes, t);
  return t;
}

/* The type of an object of a size the path does not fix, in elements of T
 * (or char): an array of SMTM_MAX_SYM_BYTES bytes (its first bytes; the
 * object's are smtm_inst.bytes). */
static const ty *smtm_sym_type(smtm *s, const ty *T) {
  if (!T) T = &smtm_ty_char;
  return smtm_array_of(s, T, SMTM_MAX_SYM_BYTES / T->size);
}

Z3_ast smtm_alloc(smtm *s, const char *fn, const ty *T, Z3_ast size,
                  bool zero, bool stack, unsigned line) {
  uint64_t bytes = 0;
  bool fixed = smtz_const(s->z, size = smtz_simplify(s->z, size), &bytes);
  if (fixed && !bytes)
    smtz_fail(s->z, "%s of 0 bytes at line %u", fn, line);
  if (fixed && bytes > ((uint64_t)1 << 40))
    smtz_fail(s->z, "%s of %" PRIu64 " bytes at line %u", fn, bytes, line);
  if (T && (T->kind == TY_VOID || T->kind == TY_FUNCTION || !T->is_complete ||
            !T->size))
    T = 0;
  const ty *O;
  if (!fixed) {
    O = smtm_sym_type(s, T);
  } else if (T) {
    if (bytes % T->size)
      smtz_fail(s->z,
                "%s of %" PRIu64 " bytes for %s (%" PRIu64
                " bytes each) at line %u",
                fn, bytes, T->spelling, T->size, line);
    O = bytes == T->size ? T : smtm_array_of(s, T, bytes / T->size);
  } else
    O = smtm_array_of(s, &smtm_ty_char, bytes);
  const smtm_layout *L = smtm_layout_of(s, O);
  if (L->unsupported)
    smtz_fail(s->z, "%s (the object of %s at line %u)", L->unsupported, fn,
              line);
  if (s->insts.len >= SMTM_MAX_OBJECTS - s->nfn)
    smtz_fail(s->z, "more than %u objects", SMTM_MAX_OBJECTS - s->nfn);
  unsigned n = 0; /* objects made at this line before: a name each */
  for (size_t i = 0; i < s->insts.len; i++)
    n += s->insts.data[i]->heap && s->insts.data[i]->heap_line == line;
  cfa_var *v = mem_calloc(1, sizeof *v);
  v->id = UINT_MAX;
  /* in the var: freed with it (smtm_undo_one, smtm_fini) */
  char *name = n ? mem_printf("%s@%u#%u", fn, line, n + 1)
                 : mem_printf("%s@%u", fn, line);
  v->name = v->qualified = name;
  v->type = O;
  v->is_global = !stack;
  v->line = line;
  smtm_inst *in = mem_calloc(1, sizeof *in);
  in->id = (unsigned)s->insts.len + 1;
  in->frame = stack ? smtm_cur_frame(s) : 0;
  in->var = v;
  in->lay = L;
  in->cells = mem_calloc(L->n ? L->n : 1, sizeof *in->cells);
  in->escaped = in->initialised = true;
  in->heap = fn;
  in->heap_line = line;
  if (!fixed) {
    in->bytes = smtz_hold(s->z, size);
    s->nsym++;
  }
  VEC_PUSH(s->insts, in);
  smtm_tr t = {.k = SMTM_TR_INST, .in = in};
  smtm_trail(s, t);
  if (s->pointed) { /* open: no pointer from before points into it */
    Z3_ast id = smtz_num(s->z, SMTM_OBJ_BITS, in->id, false);
    for (size_t i = 0; i < s->olds.len; i++)
      smtc_assert(s->c, smtz_not(s->z, smtz_eq(s->z, s->olds.data[i], id)));
    VEC_PUSH(s->news, in->id);
  }
  if (zero) smtm_zero_inst(s, in);
  return smtm_ptr_const(s, in->id, 0);
}

smtm_lv smtm_vla(smtm *s, const cfa_var *v, Z3_ast count, Z3_ast g,
                 unsigned line) {
  const ty *E = v->type->elem;
  if (v->id >= s->ntop)
    smtz_fail(s->z, "variable %s unknown to the CFA", v->name);
  if (!E || !E->is_complete || !E->size)
    smtz_fail(s->z, "variable-length array %s of %s at line %u", v->name,
              E ? E->spelling : "no type", line);
  count = smtz_simplify(s->z, count);
  uint64_t n = 0;
  Z3_ast bytes = 0;
  const ty *O;
  if (smtz_const(s->z, count, &n) && n && n <= SMTM_MAX_SYM_BYTES / E->size) {
    O = smtm_array_of(s, E, n); /* the path fixes it */
  } else {
    /* bytes in SMTM_OFF_BITS bits: a count the product would wrap leaves
     * what is modelled (no machine has such an object) */
    Z3_ast sz = smtz_num(s->z, SMTM_OFF_BITS, E->size, false);
    smtc_oblige_modelled(
        s->c, K(Z3_mk_bvmul_no_overflow(s->z->ctx, count, sz, false)), g,
        "variable-length array %s of more bytes than %u bits count at line %u",
        v->name, SMTM_OFF_BITS, line);
    bytes = K(Z3_mk_bvmul(s->z->ctx, count, sz));
    O = smtm_sym_type(s, E);
  }
  unsigned frame = smtm_cur_frame(s);
  smtm_inst *in = smtm_inst_new(s, v, O, frame, bytes);
  /* the array of this frame declared before (a loop) ends */
  for (smtm_inst *o = in->shadowed; o; o = o->shadowed)
    if (o->frame == frame) {
      smtm_flag(s, o, SMTM_TR_DEAD);
      break;
    }
  return smtm_lv_whole(s, in, O, line);
}

void smtm_free(smtm *s, Z3_ast p, Z3_ast g, unsigned line) {
  Z3_ast obj = smtz_simplify(s->z, smtm_ptr_obj(s, p));
  Z3_ast off = smtz_simplify(s->z, smtm_ptr_off(s, p));
  Z3_ast zero = smtz_num(s->z, SMTM_OFF_BITS, 0, false);
  uint64_t id;
  if (s->pointed && !smtz_const(s->z, obj, &id)) {
    /* open: a pointer from before (its object one of `olds`, none of the
     * block's), or any while no object of the block lives, points into
     * outer memory or an old variable (undefined behaviour): nothing the
     * block models changes */
    bool old = false, newlive = false;
    for (size_t i = 0; i < s->olds.len && !old; i++)
      old = Z3_is_eq_ast(s->z->ctx, s->olds.data[i], obj);
    for (size_t i = 0; i < s->news.len && !newlive; i++)
      newlive = !s->insts.data[s->news.data[i] - 1]->dead;
    if (old || !newlive) return;
  }
  if (!smtz_const(s->z, obj, &id))
    smtz_fail(s->z,
              "free of a pointer whose object is not known at line %u "
              "(objects may alias)",
              line);
  /* NULL, or a pointer from outside (realloc's, a library's): memory
   * the encoding does not model, which freeing leaves as it is */
  if (!id) return;
  smtm_inst *in = id <= s->insts.len ? s->insts.data[id - 1] : 0;
  if (!in || !in->heap || !strcmp(in->heap, "alloca")) {
    smtc_oblige(s->c, s->z->fls, g,
                "free of %s, which malloc did not allocate, at line %u",
                in ? in->var->name : "a function's address", line);
    return;
  }
  if (in->dead) {
    smtc_oblige(s->c, s->z->fls, g, "free of %s, freed before, at line %u",
                in->var->name, line);
    return;
  }
  smtc_oblige(s->c, smtz_eq(s->z, off, zero), g,
              "free of a pointer into the middle of %s at line %u",
              in->var->name, line);
  if (g && !smtz_is_true(s->z, g))
    smtz_fail(s->z, "free under a condition at line %u", line);
  smtm_flag(s, in, SMTM_TR_DEAD);
}

smtm_lv smtm_lv_string(smtm *s, const ex *lit, unsigned line) {
  smtm_inst *in = 0;
  for (size_t i = s->insts.len; i-- > 0 && !in;)
    if (s->insts.data[i]->lit == lit) in = s->insts.data[i];
  if (!in) in = smtm_lit_new(s, lit, line);
  return smtm_lv_whole(s, in, lit->type, line);
}

Z3_ast smtm_fn_addr(smtm *s, unsigned index) {
  if (index >= s->nfn)
    smtz_fail(s->z, "function number %u has no address", index);
  return smtm_ptr_const(s, SMTM_MAX_OBJECTS - index, 0);
}

/* Whether values of type t may hold a pointer. */
static bool smtm_has_ptr(const ty *t, unsigned depth) {
  if (!t || depth > 16) return true;
  switch (t->kind) {
  case TY_POINTER:
    return true;
  case TY_ARRAY:
    return smtm_has_ptr(t->elem, depth + 1);
  case TY_STRUCT:
  case TY_UNION:
    for (unsigned i = 0; i < t->nfields; i++)
      if (smtm_has_ptr(t->fields[i].type, depth + 1)) return true;
    return false;
  default:
    return false;
  }
}

bool smtm_may_hold_ptr(const ty *t) { return smtm_has_ptr(t, 0); }

/* The reach of one call: route per instance (index + 1 into routes; 0:
 * not reached), and the routes reached in order. */
typedef struct {
  size_t *by_id; /* by object id - 1 */
  bool *done;    /* by object id - 1: its pointers were followed */
  size_t *order; /* route indices + 1 */
  size_t n;
  bool inexact;
} smtm_reach;

/* The pointer value p (found through route `from`, or argument arg when
 * from is 0, at byte `at`, when cond holds) may point into these
 * instances: each is reached. */
static void smtm_reach_ptr(smtm *s, smtm_reach *R, Z3_ast p, size_t from,
                           unsigned arg, uint64_t at, Z3_ast cond,
                           Z3_ast any) {
  Z3_ast obj = smtz_simplify(s->z, smtm_ptr_obj(s, p));
  uint64_t id;
  bool k = smtz_const(s->z, obj, &id);
  if (k && !id) return; /* into no modelled object */
  Z3_ast off = smtz_simplify(s->z, smtm_ptr_off(s, p));
  for (size_t i = k ? id - 1 : 0; i < (k ? id : s->insts.len); i++) {
    if (i >= s->insts.len) return;
    smtm_inst *in = s->insts.data[i];
    if (in->dead || (!k && !in->escaped)) continue;
    Z3_ast c = cond, a = any, e = 0;
    if (!k) {
      e = smtz_simplify(
          s->z, smtz_eq(s->z, obj, smtz_num(s->z, SMTM_OBJ_BITS, in->id, false)));
      if (smtz_is_false(s->z, e)) continue;
      c = smtz_and(s->z, c, e);
      a = smtz_and(s->z, a, e);
    }
    if (c) {
      c = smtz_simplify(s->z, c);
      if (smtz_is_true(s->z, c)) c = 0;
    }
    if (a) {
      a = smtz_simplify(s->z, a);
      if (smtz_is_false(s->z, a)) continue;
      if (smtz_is_true(s->z, a)) a = 0;
    }
    size_t r = R->by_id[i];
    if (r) { /* reached before: another way to reach it */
      smtm_route *o = &s->routes.data[r - 1];
      if (o->any) {
        Z3_ast na = a ? smtz_simplify(s->z, smtz_or(s->z, o->any, a)) : 0;
        if (na && smtz_is_true(s->z, na)) na = 0;
        /* its pointers were followed under the old condition: give up
         * following exactly rather than miss what the new one reaches */
        if (R->done[i] && !(na && Z3_is_eq_ast(s->z->ctx, na, o->any)))
          R->inexact = true;
        smtz_hold(s->z, na);
        smtz_drop(s->z, o->any);
        o->any = na;
      }
      continue;
    }
    smtm_route rt = {in,
                     s->calls.len - 1,
                     from,
                     arg,
                     at,
                     smtz_hold(s->z, off),
                     smtz_hold(s->z, c),
                     smtz_hold(s->z, a)};
    VEC_PUSH(s->routes, rt);
    R->by_id[i] = s->routes.len;
    R->order[R->n++] = s->routes.len;
  }
}

/* Byte offset of element k (row-major) of leaf lf. */
static uint64_t smtm_elem_off(const smtm_leaf *lf, uint64_t k) {
  uint64_t rel = lf->base;
  for (unsigned d = lf->ndims; d-- > 0;) {
    rel += (k % lf->count[d]) * lf->stride[d];
    k /= lf->count[d];
  }
  return rel;
}

/* Follow the pointers stored in the object of route r. */
static void smtm_reach_from(smtm *s, smtm_reach *R, size_t r) {
  const smtm_route *rt = &s->routes.data[r - 1];
  smtm_inst *in = (smtm_inst *)rt->in;
  Z3_ast cond = rt->cond, any = rt->any;
  R->done[in->id - 1] = true;
  for (size_t j = 0; j < in->lay->n && !R->inexact; j++) {
    const smtm_leaf *lf = &in->lay->leaves[j];
    if (smtm_is_opaque(lf)) {
      /* a union's contents are not modelled: a pointer in one cannot be
       * followed */
      if (lf->type->kind == TY_UNION && smtm_has_ptr(lf->type, 0))
        R->inexact = true;
      continue;
    }
    if (lf->role) {
      /* a pointer slot of a union region: not followed (the superset) */
      if (lf->role == 's') R->inexact = true;
      continue;
    }
    if (lf->type->kind != TY_POINTER) continue;
    const smtm_cell *c = &in->cells[j];
    if (c->unmod == 'h') {
      R->inexact = true; /* changed by an earlier call: anywhere */
      break;
    }
    if (!c->val && !c->ver) continue; /* uninitialised: into no object */
    if (!lf->ndims) {
      smtm_reach_ptr(s, R, c->val, r, 0, lf->base, cond, any);
    } else if (lf->total > SMTM_HAVOC_ELEMS) {
      R->inexact = true;
    } else {
      size_t ver = c->ver;
      for (uint64_t k = 0; k < lf->total; k++) {
        Z3_ast v =
            smtm_av_read(s, ver, smtz_num(s->z, SMTM_OFF_BITS, k, false));
        smtm_reach_ptr(s, R, v, r, 0, smtm_elem_off(lf, k), cond, any);
      }
    }
    /* routes may have moved */
    rt = &s->routes.data[r - 1];
    cond = rt->cond;
    any = rt->any;
  }
}

/* Leaf j of the object of route r may be written by the call: a fresh value
 * when the route's object is reached, an input once read (opaque: marked as
 * changed instead). */
static void smtm_havoc_leaf(smtm *s, size_t r, size_t j, bool opaque,
                            const char *why) {
  const smtm_route *rt = &s->routes.data[r - 1];
  smtm_inst *in = (smtm_inst *)rt->in;
  const smtm_leaf *lf = &in->lay->leaves[j];
  Z3_ast any = rt->any;
  if (smtm_is_opaque(lf)) return;
  if (in->rdonly) return; /* a string literal: writing it is the callee's
                           * undefined behaviour, not a new value */
  if (lf->type->kind == TY_FLOAT) { /* not an input: reading it fails */
    smtm_unmod_mark(s, in, j, 'h', why);
    return;
  }
  smtm_cell *c = &in->cells[j];
  /* the bytes, taint and pointer slots of a union or bit-field region are
   * marked as changed (reading them fails): a fresh value per byte would
   * leave the taint and slots inconsistent */
  if (opaque || lf->role || lf->type->kind == TY_POINTER ||
      (c->unmod == 'h' && any)) {
    smtm_unmod_mark(s, in, j, 'h', why);
    return;
  }
  /* the old value may still be seen (route uncertain): its input, if any,
   * is recorded now, since the cell will hold a new one */
  if (any) c = smtm_cell_for_read(s, in, j);
  smtm_cell n = {0};
  n.route = r;
  if (lf->ndims) {
    size_t base = smtm_av_base(s, SMTM_AV_FRESH, lf, in->var->name);
    n.ibase = base;
    if (!any) {
      n.ver = base;
    } else {
      smtm_aver a = {.k = SMTM_AV_HAVOC,
                     .prev = c->ver,
                     .cond = any,
                     .total = lf->total,
                     .elem = lf->type,
                     .name = in->var->name,
                     .fresh = base};
      n.ver = smtm_av_new(s, a);
    }
  } else {
    Z3_sort so = smtm_leaf_sort(s, lf);
    n.init = smtm_fresh(s, in->var->name, lf->type);
    n.val = any ? smtm_def(s, smtz_ite(s->z, any, n.init, c->val),
                           in->var->name, so)
                : n.init;
  }
  smtm_cell_put(s, in, j, n);
}

/* A call of a function without a body with pointer arguments (see
 * smtm.h). The reach is computed on the values before the call, then every
 * leaf reached is written. */
void smtm_havoc_call(smtm *s, const smtm_val *args, const unsigned *argi,
                     size_t n, bool byval, bool opaque, Z3_ast g) {
  const smtm_call *k = &s->calls.data[s->calls.len - 1];
  if (s->pointed && (n || byval))
    smtz_fail(s->z,
              "call of %s at line %u given a pointer, in a block that starts "
              "from an unknown state (what it may store is not modelled)",
              k->fn, k->line);
  const char *why = smtm_why(
      s, mem_printf("call of %s at line %u may change it", k->fn, k->line));
  smtm_reach R = {smtz_tmp(s->z, (s->insts.len + 1) * sizeof *R.by_id),
                  smtz_tmp(s->z, (s->insts.len + 1) * sizeof *R.done),
                  smtz_tmp(s->z, (s->insts.len + 1) * sizeof *R.order), 0,
                  byval};
  memset(R.by_id, 0, (s->insts.len + 1) * sizeof *R.by_id);
  memset(R.done, 0, (s->insts.len + 1) * sizeof *R.done);
  for (size_t i = 0; i < n; i++)
    smtm_reach_ptr(s, &R, args[i].t, 0, argi[i], 0, g, g);
  for (size_t i = 0; i < R.n && !R.inexact; i++)
    smtm_reach_from(s, &R, R.order[i]);
  if (R.inexact) {
    smtm_havoc_escaped(s, why);
    return;
  }
  for (size_t i = 0; i < R.n; i++) {
    size_t r = R.order[i];
    for (size_t j = 0; j < s->routes.data[r - 1].in->lay->n; j++)
      smtm_havoc_leaf(s, r, j, opaque, why);
  }
}

/* Copy the aggregate at src to dst (same type), when g holds. */
void smtm_copy(smtm *s, const smtm_lv *dst, const smtm_lv *src, Z3_ast g) {
  const smtm_layout *L = smtm_layout_of(s, dst->type);
  if (L->unsupported)
    smtz_fail(s->z, "%s at line %u", L->unsupported, dst->line);
  if (dst->in && src->in && dst->kof && src->kof && !dst->off && !src->off &&
      !dst->in->rdonly && dst->in->lay == L && src->in->lay == L &&
      !dst->in->dead && !src->in->dead) {
    /* whole objects: copy the leaves, arrays included */
    for (size_t i = 0; i < L->n; i++) {
      const smtm_leaf *lf = &L->leaves[i];
      if (smtm_is_opaque(lf)) continue;
      if (lf->role == 'b' && !g) {
        /* a region's bytes (padding included): a fresh initial value goes
         * along unrecorded, and is recorded where it is read */
        smtm_cell c = *smtm_cell_ensure(s, src->in, i);
        if (c.recorded) c.init = 0, c.ibase = 0, c.recorded = false, c.route = 0;
        smtm_cell_put(s, dst->in, i, c);
        continue;
      }
      smtm_cell c = *smtm_cell_for_read(s, src->in, i);
      if (!g) {
        smtm_cell n = {c.val, 0, c.ver, 0, false, c.unmod, c.why, 0, 0};
        smtm_cell_put(s, dst->in, i, n);
        continue;
      }
      if (c.unmod) smtm_unmod_mark(s, dst->in, i, c.unmod, c.why);
      if (!lf->ndims) {
        smtm_leaf_write(s, dst->in, i, 0, c.val, g);
      } else {
        /* a guarded copy of a whole array, element by element */
        if (lf->total > SMTM_MAX_EXPAND)
          smtz_fail(s->z, "copy of %s (%" PRIu64 " elements) at line %u",
                    dst->type->spelling, lf->total, dst->line);
        for (uint64_t k = 0; k < lf->total; k++) {
          Z3_ast idx = smtz_num(s->z, SMTM_OFF_BITS, k, false);
          smtm_leaf_write(s, dst->in, i, idx, smtm_av_read(s, c.ver, idx), g);
        }
      }
    }
    return;
  }
  uint64_t n = 0;
  for (size_t i = 0; i < L->n; i++)
    n += L->leaves[i].total;
  if (n > SMTM_MAX_EXPAND)
    smtz_fail(s->z, "copy of %s (%" PRIu64 " scalars) at line %u",
              dst->type->spelling, n, dst->line);
  for (size_t i = 0; i < L->n; i++) {
    const smtm_leaf *lf = &L->leaves[i];
    if (smtm_is_opaque(lf)) {
      /* opaque: nothing to copy, but both ends must be live objects (no
       * other leaf may check that) */
      if (!src->in || !src->kof || src->in->dead || !dst->in || !dst->kof ||
          dst->in->dead)
        smtz_fail(s->z, "%s (%s) copied through a pointer at line %u",
                  lf->type->kind == TY_UNION ? "union" : "bit-field",
                  lf->type->spelling, dst->line);
      continue;
    }
    if (lf->role == 't') continue; /* copied with its data byte */
    const ty *T = lf->role == 'b' ? &smtm_ty_raw : lf->type;
    for (uint64_t k = 0; k < lf->total; k++) {
      uint64_t rel = lf->base, rest = k;
      for (unsigned d = lf->ndims; d-- > 0;) {
        rel += (rest % lf->count[d]) * lf->stride[d];
        rest /= lf->count[d];
      }
      smtm_lv a = smtm_lv_offc(s, *src, rel, T),
              b = smtm_lv_offc(s, *dst, rel, T);
      smtm_write(s, &b, smtm_read(s, &a, g), g);
    }
  }
}

/* Set every leaf of the object in to zero (static storage). */
void smtm_zero_inst(smtm *s, smtm_inst *in) {
  for (size_t i = 0; i < in->lay->n; i++)
    if (!smtm_is_opaque(&in->lay->leaves[i]))
      smtm_cell_put(s, in, i, smtm_zero_cell(s, in, &in->lay->leaves[i]));
}

/* The data bytes of the regions of in are indeterminate again (an
 * automatic object's padding, before its initialiser writes members). */
void smtm_forget_regions(smtm *s, smtm_inst *in) {
  for (size_t i = 0; i < in->lay->n; i++)
    if (in->lay->leaves[i].role == 'b') smtm_cell_set(s, in, i, 0, 0, false);
}

/* The nb bytes at lv, in a region, are indeterminate again. */
void smtm_forget_bytes(smtm *s, const smtm_lv *lv, uint64_t nb) {
  size_t first;
  uint64_t idx;
  unsigned pos;
  if (!lv->in || !lv->kof || lv->in->dead ||
      !smtm_region_at(lv->in->lay, lv->off, nb, &first, &idx, &pos))
    smtz_fail(s->z, "initialiser of %s at line %u", lv->type->spelling,
              lv->line);
  const smtm_leaf *r0 = &lv->in->lay->leaves[first];
  Z3_ast ix = r0->ndims ? smtz_num(s->z, SMTM_OFF_BITS, idx, false) : 0;
  for (uint64_t k = 0; k < nb; k++) {
    size_t lb = first + pos + k;
    if (!r0->ndims)
      smtm_cell_set(s, lv->in, lb, 0, 0, false);
    else
      smtm_leaf_write(s, lv->in, lb, ix,
                      smtz_fresh(s->z, lv->in->var->name, smtz_bvsort(s->z, 8)),
                      0);
  }
  if (!r0->rtaint) return;
  /* untainted, and the slots over them dead; the fresh bytes are not read
   * (recorded as inputs only when a read sees them) */
  for (uint64_t k = 0; k < nb; k++)
    smtm_leaf_write(s, lv->in, first + pos + k + r0->rlen, ix,
                    smtz_num(s->z, 1, 0, false), 0);
  size_t sl0 = first + 2 * (size_t)r0->rlen;
  unsigned ps = s->ptr_bits / 8;
  for (unsigned i = 0; i < r0->nslots; i++) {
    unsigned o = lv->in->lay->leaves[sl0 + i].rpos;
    if (o >= pos + nb || pos >= o + ps) continue;
    smtm_leaf_write(s, lv->in, sl0 + i, ix,
                    smtz_num(s->z, SMTM_PTR_BITS + 1, 0, false), 0);
  }
}

/* ---------- the state as a whole ---------- */

void smtm_init(smtm *s, smtz *z, smtc *c, const cfa *g) {
  memset(s, 0, sizeof *s);
  s->z = z;
  s->c = c;
  s->g = g;
  s->ptr_bits = g->lp64 ? 64 : 32;
  s->next_frame = 1;
  s->ntop = g->vars.len;
  s->nfn = (unsigned)(g->functions.len + g->extern_fns.len);
  s->top = mem_calloc(s->ntop ? s->ntop : 1, sizeof *s->top);
}

void smtm_fini(smtm *s) {
  for (size_t i = 0; i < s->layouts.len; i++) {
    smtm_layout *L = s->layouts.data[i];
    for (size_t j = 0; j < L->n; j++)
      mem_free(L->leaves[j].path);
    mem_free(L->leaves);
    mem_free(L->unsupported);
    mem_free(L);
  }
  VEC_FREE(s->layouts);
  for (size_t i = 0; i < s->htypes.len; i++) {
    mem_free((char *)s->htypes.data[i]->spelling);
    mem_free(s->htypes.data[i]);
  }
  VEC_FREE(s->htypes);
  mem_free(s->top);
  VEC_FREE(s->insts);
  for (size_t i = 0; i < s->whys.len; i++)
    mem_free(s->whys.data[i]);
  VEC_FREE(s->whys);
  VEC_FREE(s->frames);
  VEC_FREE(s->trail);
  VEC_FREE(s->avers);
  VEC_FREE(s->areads);
  VEC_FREE(s->calls);
  VEC_FREE(s->routes);
  VEC_FREE(s->olds);
  VEC_FREE(s->opvars);
  VEC_FREE(s->news);
  VEC_FREE(s->owrites);
}

smtm_mark smtm_mark_now(const smtm *s) {
  smtm_mark m = {s->trail.len, s->avers.len,  s->areads.len,
                 s->calls.len, s->routes.len, s->olds.len,
                 s->news.len,  s->owrites.len};
  return m;
}

void smtm_undo_trail(smtm *s, const smtm_mark *m) {
  while (s->trail.len > m->trail)
    smtm_undo_one(s, &s->trail.data[--s->trail.len]);
}

void smtm_undo_arrays(smtm *s, const smtm_mark *m) {
  while (s->avers.len > m->avers) {
    smtm_aver *a = &s->avers.data[--s->avers.len];
    smtz_drop(s->z, a->idx);
    smtz_drop(s->z, a->val);
    smtz_drop(s->z, a->cond);
  }
  while (s->areads.len > m->areads) {
    smtm_aread *r = &s->areads.data[--s->areads.len];
    smtz_drop(s->z, r->idx);
    smtz_drop(s->z, r->val);
    smtz_drop(s->z, r->reach);
  }
  while (s->routes.len > m->routes) {
    smtm_route *r = &s->routes.data[--s->routes.len];
    smtz_drop(s->z, r->off);
    smtz_drop(s->z, r->cond);
    smtz_drop(s->z, r->any);
  }
  while (s->calls.len > m->calls)
    smtz_drop(s->z, s->calls.data[--s->calls.len].guard);
  while (s->olds.len > m->olds)
    smtz_drop(s->z, s->olds.data[--s->olds.len]);
  s->news.len = m->news < s->news.len ? m->news : s->news.len;
  while (s->owrites.len > m->owrites) {
    smtm_owrite *w = &s->owrites.data[--s->owrites.len];
    smtz_drop(s->z, w->p);
    smtz_drop(s->z, w->cond);
  }
}

/* ---------- objects and frames ---------- */

void smtm_set_initialised(smtm *s, smtm_inst *in) {
  smtm_flag(s, in, SMTM_TR_INIT);
}

void smtm_forget(smtm *s, const cfa_var *v) {
  for (smtm_inst *in = v->id < s->ntop ? s->top[v->id] : 0; in;
       in = in->shadowed)
    if (in->frame == smtm_cur_frame(s)) {
      for (size_t i = 0; i < in->lay->n; i++)
        if (in->cells[i].val || in->cells[i].ver)
          smtm_cell_set(s, in, i, 0, 0, false);
      break;
    }
}

unsigned smtm_frame_push(smtm *s, const cfa_edge *call,
                         const cfa_function *fn) {
  smtm_frame fr = {call, fn, ++s->next_frame, s->insts.len, false};
  VEC_PUSH(s->frames, fr);
  smtm_tr t = {.k = SMTM_TR_FPUSH};
  smtm_trail(s, t);
  return fr.id;
}

const smtm_frame *smtm_frame_top(const smtm *s) {
  return s->frames.len ? &s->frames.data[s->frames.len - 1] : 0;
}

void smtm_frame_pop(smtm *s) {
  smtm_frame fr = s->frames.data[s->frames.len - 1];
  s->frames.len--;
  smtm_tr t = {.k = SMTM_TR_FPOP, .fr = fr};
  smtm_trail(s, t);
  for (size_t i = fr.ninsts; i < s->insts.len; i++) {
    smtm_inst *in = s->insts.data[i];
    if (in->frame == fr.id && in->escaped) smtm_flag(s, in, SMTM_TR_DEAD);
  }
}
