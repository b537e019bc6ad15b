/* smtm: the memory model (see smtm.h). */
#include "smtm.h"

#include <inttypes.h>
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

static Z3_ast smtm_ptr_const(smtm *s, unsigned id, uint64_t off) {
  return smtm_mk_ptr(s, smtz_num(s->z, SMTM_OBJ_BITS, id, false),
                     smtz_num(s->z, SMTM_OFF_BITS, off, false));
}

Z3_ast smtm_null(smtm *s) { return smtz_num(s->z, SMTM_PTR_BITS, 0, false); }

Z3_ast smtm_ptr_add(smtm *s, Z3_ast p, Z3_ast delta64) {
  return smtm_mk_ptr(s, smtm_ptr_obj(s, p),
                     K(Z3_mk_bvadd(s->z->ctx, smtm_ptr_off(s, p), delta64)));
}

/* ---------- values ---------- */

unsigned smtm_bits(smtm *s, const ty *t) {
  if (t->kind == TY_POINTER) return SMTM_PTR_BITS;
  unsigned b = ty_bits(t);
  if (!b) smtz_fail(s->z, "value of incomplete type %s", t->spelling);
  return b;
}

bool smtm_is_agg(const ty *t) {
  return t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY;
}

smtm_val smtm_v(Z3_ast t, unsigned bits, bool sgn, char k, const ty *type) {
  smtm_val v = {t, bits, sgn, k, type};
  return v;
}

smtm_val smtm_vint(smtm *s, Z3_ast t, const ty *T) {
  return smtm_v(t, smtm_bits(s, T), T->kind == TY_INT && T->is_signed, 'i', T);
}

smtm_val smtm_vvoid(void) { return smtm_v(0, 0, false, 'v', 0); }
smtm_val smtm_vflt(const ty *T) { return smtm_v(0, 0, false, 'f', T); }

/* ---------- layouts ---------- */

typedef struct {
  smtm_layout *L;
  VEC(smtm_leaf) leaves;
} smtm_lbuild;

/* Append a leaf of type t at byte `base` (path owned by the leaf); NULL
 * when the layout has too many leaves. */
static smtm_leaf *smtm_leaf_add(smtm_lbuild *b, const ty *t, uint64_t base,
                                const smtm_leaf *dims, char *path) {
  smtm_layout *L = b->L;
  if (b->leaves.len >= SMTM_MAX_LEAVES) {
    L->unsupported =
        mem_printf("object of type %s with more than %d scalar fields",
                   L->type->spelling, SMTM_MAX_LEAVES);
    mem_free(path);
    return 0;
  }
  smtm_leaf lf = *dims;
  lf.base = base;
  lf.type = t;
  lf.path = path;
  lf.total = 1;
  for (unsigned i = 0; i < lf.ndims; i++)
    lf.total *= lf.count[i];
  VEC_PUSH(b->leaves, lf);
  return &b->leaves.data[b->leaves.len - 1];
}

/* An opaque leaf of osize bytes: any access of a scalar inside it fails. */
static bool smtm_leaf_opaque(smtm_lbuild *b, const ty *t, uint64_t base,
                             const smtm_leaf *dims, char *path,
                             uint64_t osize) {
  smtm_leaf *lf = smtm_leaf_add(b, t, base, dims, path);
  if (!lf) return false;
  lf->opaque = true;
  lf->osize = osize;
  b->L->has_opaque = true;
  return true;
}

static bool smtm_layout_rec(smtm_lbuild *b, const ty *t, uint64_t base,
                            const smtm_leaf *dims, const char *path) {
  smtm_layout *L = b->L;
  switch (t->kind) {
  case TY_INT:
  case TY_BOOL:
  case TY_POINTER:
  case TY_FLOAT: {
    if (t->kind != TY_POINTER && (!t->size || t->size * 8 > SMTZ_MAX_W)) {
      L->unsupported = mem_printf("object of type %s", t->spelling);
      return false;
    }
    smtm_leaf *lf = smtm_leaf_add(b, t, base, dims, mem_strdup(path));
    if (!lf) return false;
    lf->dense = lf->ndims > 0;
    for (unsigned i = 0; i + 1 < lf->ndims; i++)
      lf->dense &= lf->stride[i] == lf->count[i + 1] * lf->stride[i + 1];
    return true;
  }
  case TY_ARRAY: {
    if (t->count < 0 || !t->elem || !t->elem->is_complete || !t->elem->size) {
      L->unsupported = mem_printf("array of unknown size (%s)", t->spelling);
      return false;
    }
    if (t->count == 0) return true;
    if (dims->ndims == SMTM_MAX_DIMS) {
      L->unsupported = mem_printf("array nested more than %d deep (%s)",
                                  SMTM_MAX_DIMS, t->spelling);
      return false;
    }
    smtm_leaf d = *dims;
    d.stride[d.ndims] = t->elem->size;
    d.count[d.ndims] = (uint64_t)t->count;
    d.ndims++;
    char *p = mem_printf("%s[]", path);
    bool ok = smtm_layout_rec(b, t->elem, base, &d, p);
    mem_free(p);
    return ok;
  }
  case TY_STRUCT:
    if (!t->is_complete) {
      L->unsupported = mem_printf("object of incomplete type %s", t->spelling);
      return false;
    }
    for (unsigned i = 0; i < t->nfields; i++) {
      const ty_field *f = &t->fields[i];
      if (f->bitfield == 0) continue; /* no storage */
      if (f->bitfield > 0) {
        /* opaque, like a union: any access to its bytes fails */
        if (!smtm_leaf_opaque(
                b, f->type, base + f->offset / 8, dims,
                mem_printf("%s.%s", path, f->name ? f->name : "<unnamed>"),
                (f->offset % 8 + (uint64_t)f->bitfield + 7) / 8))
          return false;
        continue;
      }
      char *p = mem_printf("%s%s%s", path, f->name ? "." : "",
                           f->name ? f->name : "");
      bool ok = smtm_layout_rec(b, f->type, base + f->offset / 8, dims, p);
      mem_free(p);
      if (!ok) return false;
    }
    return true;
  case TY_UNION: {
    /* An opaque leaf: it takes part in declarations, initialisers and
     * copies (where its contents are not tracked) and in address
     * computations; any access of a scalar inside it fails (smtm_cands). */
    if (!t->is_complete || !t->size) {
      L->unsupported = mem_printf("object of incomplete type %s", t->spelling);
      return false;
    }
    return smtm_leaf_opaque(b, t, base, dims, mem_strdup(path), t->size);
  }
  default:
    L->unsupported = mem_printf("object of type %s", t->spelling);
    return false;
  }
}

const smtm_layout *smtm_layout_of(smtm *s, const ty *t) {
  for (size_t i = 0; i < s->layouts.len; i++)
    if (s->layouts.data[i]->type == t) return s->layouts.data[i];
  smtm_layout *L = mem_calloc(1, sizeof *L);
  L->type = t;
  smtm_lbuild b = {L, {0}};
  smtm_leaf dims;
  memset(&dims, 0, sizeof dims);
  if (!smtm_layout_rec(&b, t, 0, &dims, "")) {
    for (size_t i = 0; i < b.leaves.len; i++)
      mem_free(b.leaves.data[i].path);
    VEC_FREE(b.leaves);
  } else {
    L->leaves = b.leaves.data;
    L->n = b.leaves.len;
  }
  VEC_PUSH(s->layouts, L);
  return L;
}

static bool smtm_compat(const ty *leaf, const ty *acc) {
  if (ty_is_integer(leaf) && ty_is_integer(acc)) return leaf->size == acc->size;
  if (leaf->kind == TY_POINTER && acc->kind == TY_POINTER) return true;
  if (leaf->kind == TY_FLOAT && acc->kind == TY_FLOAT)
    return leaf->size == acc->size;
  return false;
}

static bool smtm_is_opaque(const smtm_leaf *lf) { return lf->opaque; }

/* The union leaf whose bytes (in some element) include offset off. */
static const smtm_leaf *smtm_union_at(const smtm_layout *L, uint64_t off) {
  if (!L->has_opaque) return 0;
  for (size_t i = 0; i < L->n; i++) {
    const smtm_leaf *lf = &L->leaves[i];
    if (!smtm_is_opaque(lf) || off < lf->base) continue;
    uint64_t rel = off - lf->base;
    bool ok = true;
    for (unsigned k = 0; k < lf->ndims && ok; k++) {
      if (rel / lf->stride[k] >= lf->count[k]) ok = false;
      rel %= lf->stride[k];
    }
    if (ok && rel < lf->osize) return lf;
  }
  return 0;
}

/* The leaf element at constant offset off (any type when acc is NULL). */
static bool smtm_leaf_at(const smtm_layout *L, uint64_t off, const ty *acc,
                         size_t *leaf, uint64_t *idx) {
  for (size_t i = 0; i < L->n; i++) {
    const smtm_leaf *lf = &L->leaves[i];
    if (lf->opaque || (acc && !smtm_compat(lf->type, acc))) continue;
    if (off < lf->base) continue;
    uint64_t rel = off - lf->base, lin = 0;
    bool ok = true;
    for (unsigned k = 0; k < lf->ndims && ok; k++) {
      uint64_t ik = rel / lf->stride[k];
      if (ik >= lf->count[k]) ok = false;
      rel %= lf->stride[k];
      lin = lin * lf->count[k] + ik;
    }
    if (ok && rel == 0) {
      *leaf = i;
      *idx = lin;
      return true;
    }
  }
  return false;
}

/* ---------- trail and instances ---------- */

static void smtm_trail(smtm *s, smtm_tr t) { VEC_PUSH(s->trail, t); }

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
  smtm_cell c = {val, init, 0, 0, recorded, false, 0, 0};
  smtm_cell_put(s, in, leaf, c);
}

unsigned smtm_cur_frame(const smtm *s) {
  return s->frames.len ? s->frames.data[s->frames.len - 1].id : 1;
}

unsigned smtm_frame_of(const smtm *s, const cfa_var *v) {
  return v->is_global || v->is_static || v->is_extern ? 0 : smtm_cur_frame(s);
}

static smtm_inst *smtm_inst_get(smtm *s, const cfa_var *v, unsigned frame) {
  if (v->id >= s->ntop)
    smtz_fail(s->z, "variable %s unknown to the CFA", v->name);
  for (smtm_inst *in = s->top[v->id]; in; in = in->shadowed)
    if (in->frame == frame) return in;
  const smtm_layout *L = smtm_layout_of(s, v->type);
  if (L->unsupported)
    smtz_fail(s->z, "%s (variable %s)", L->unsupported, v->name);
  if (s->insts.len >= SMTM_MAX_OBJECTS)
    smtz_fail(s->z, "more than %u objects", SMTM_MAX_OBJECTS);
  smtm_inst *in = mem_calloc(1, sizeof *in);
  in->id = (unsigned)s->insts.len + 1;
  in->frame = frame;
  in->var = v;
  in->lay = L;
  in->cells = mem_calloc(L->n ? L->n : 1, sizeof *in->cells);
  in->shadowed = s->top[v->id];
  s->top[v->id] = in;
  VEC_PUSH(s->insts, in);
  smtm_tr t = {.k = SMTM_TR_INST, .in = in};
  smtm_trail(s, t);
  return in;
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
    s->top[in->var->id] = in->shadowed;
    s->insts.len--;
    for (size_t i = 0; i < in->lay->n; i++) {
      smtz_drop(s->z, in->cells[i].val);
      smtz_drop(s->z, in->cells[i].init);
    }
    mem_free(in->cells);
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
  case SMTM_TR_FPOP:
    VEC_PUSH(s->frames, t->fr);
    break;
  }
}

/* ---------- fresh values ---------- */

/* Facts about a fresh value of type t: _Bool is 0 or 1, a pointer from
 * outside points into no modelled object. */
Z3_ast smtm_fresh(smtm *s, const char *name, const ty *t) {
  if (t->kind == TY_POINTER) /* object 0 as a constant: decided at once */
    return smtm_mk_ptr(s, smtz_num(s->z, SMTM_OBJ_BITS, 0, false),
                       smtz_fresh(s->z, name, smtz_bvsort(s->z, SMTM_OFF_BITS)));
  Z3_ast v = smtz_fresh(s->z, name, smtz_bvsort(s->z, smtm_bits(s, t)));
  smtm_fresh_facts(s, v, t);
  return v;
}

void smtm_fresh_facts(smtm *s, Z3_ast v, const ty *t) {
  if (t->kind == TY_BOOL)
    smtc_assert(s->c,
                K(Z3_mk_bvule(s->z->ctx, v,
                              smtz_num(s->z, smtm_bits(s, t), 1, false))));
  else if (t->kind == TY_POINTER)
    smtc_assert(s->c, smtz_eq(s->z, smtm_ptr_obj(s, v),
                              smtz_num(s->z, SMTM_OBJ_BITS, 0, false)));
}

/* ---------- arrays ---------- */

static smtm_aver *smtm_av(smtm *s, size_t v) { return &s->avers.data[v - 1]; }

static size_t smtm_av_new(smtm *s, smtm_aver a) {
  smtz_hold(s->z, a.idx);
  smtz_hold(s->z, a.val);
  smtz_hold(s->z, a.cond);
  VEC_PUSH(s->avers, a);
  return s->avers.len;
}

static size_t smtm_av_base(smtm *s, smtm_av_kind k, const smtm_leaf *lf,
                           const char *name) {
  smtm_aver a = {.k = k, .elem = lf->type, .total = lf->total, .name = name};
  return smtm_av_new(s, a);
}

/* Element i of the fresh base `base`: one fresh value per index, equal
 * for equal indices (Ackermann's constraints against the earlier reads). */
static Z3_ast smtm_av_fresh(smtm *s, size_t base, Z3_ast i, bool ki,
                            uint64_t ci) {
  for (size_t j = 0; j < s->areads.len; j++) {
    smtm_aread *r = &s->areads.data[j];
    if (r->base == base && ((ki && r->kidx && r->cidx == ci) ||
                            Z3_is_eq_ast(s->z->ctx, r->idx, i)))
      return r->val;
  }
  const smtm_aver *b = smtm_av(s, base);
  Z3_ast x = smtm_fresh(s, b->name, b->elem);
  for (size_t j = 0; j < s->areads.len; j++) {
    smtm_aread *r = &s->areads.data[j];
    if (r->base != base || (ki && r->kidx)) continue;
    smtc_assert(s->c, K(Z3_mk_implies(s->z->ctx, smtz_eq(s->z, i, r->idx),
                                      smtz_eq(s->z, x, r->val))));
  }
  smtm_aread r = {base, smtz_hold(s->z, i), smtz_hold(s->z, x), ki, ci};
  VEC_PUSH(s->areads, r);
  return x;
}

/* Element i of version v: the writes that may hit i, newest first, over
 * the base. Constant indices are decided here, not by the solver; older
 * writes to a constant index that a newer one always overwrote are
 * skipped, and once every element is overwritten the base is not read. */
static Z3_ast smtm_av_read(smtm *s, size_t v, Z3_ast i) {
  uint64_t ci = 0, total = smtm_av(s, v)->total;
  bool ki = smtz_const(s->z, i, &ci);
  size_t n = 0, cap = 0, ncov = 0, covcap = 0;
  Z3_ast *conds = 0, *vals = 0, r = 0;
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
      r = smtm_av_fresh(s, v, i, ki, ci);
    } else if (a->k == SMTM_AV_HAVOC) {
      /* written by a call when cond holds: every element fresh */
      Z3_ast c = a->cond;
      size_t prev = a->prev;
      Z3_ast x = smtm_av_fresh(s, a->fresh, i, ki, ci);
      if (!c) {
        r = x;
        break;
      }
      if (n == cap) {
        cap = cap ? 2 * cap : 16;
        Z3_ast *nc = smtz_tmp(s->z, cap * sizeof *nc),
               *nv = smtz_tmp(s->z, cap * sizeof *nv);
        if (n) {
          memcpy(nc, conds, n * sizeof *nc);
          memcpy(nv, vals, n * sizeof *nv);
        }
        conds = nc;
        vals = nv;
      }
      conds[n] = c;
      vals[n++] = x;
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
      if (n == cap) {
        cap = cap ? 2 * cap : 16;
        Z3_ast *nc = smtz_tmp(s->z, cap * sizeof *nc),
               *nv = smtz_tmp(s->z, cap * sizeof *nv);
        if (n) {
          memcpy(nc, conds, n * sizeof *nc);
          memcpy(nv, vals, n * sizeof *nv);
        }
        conds = nc;
        vals = nv;
      }
      conds[n] = c;
      vals[n++] = a->val;
      v = a->prev;
      if (!ki && ncov == total) r = vals[--n]; /* all elements overwritten */
    }
  }
  while (n-- > 0)
    r = smtz_ite(s->z, conds[n], vals[n], r);
  return r;
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
  if (lf->ndims) {
    n.ver = n.ibase = smtm_av_base(s, SMTM_AV_FRESH, lf, in->var->name);
  } else {
    n.val = n.init = smtm_fresh(s, in->var->name, lf->type);
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
static Z3_ast smtm_def(smtm *s, Z3_ast v, const char *name, Z3_sort so) {
  v = smtz_simplify(s->z, v);
  unsigned budget = SMTM_INLINE_NODES, vars = 1;
  if (smtm_small(s, v, &budget, &vars)) return v;
  Z3_ast x = smtz_fresh(s->z, name, so);
  smtc_assert(s->c, smtz_eq(s->z, x, v));
  return x;
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

smtm_lv smtm_lv_var(smtm *s, const cfa_var *v, unsigned frame, unsigned line) {
  smtm_inst *in = smtm_inst_get(s, v, frame);
  smtm_lv lv = {.p = smtm_ptr_const(s, in->id, 0),
                .type = v->type,
                .in = in,
                .kof = true,
                .lin = true,
                .line = line,
                .what = "invalid access"};
  return lv;
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
  size_t leaf;
  Z3_ast cond; /* NULL: certainly this one */
  Z3_ast idx;  /* element of an array leaf */
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

/* Where an access of type lv.type through lv may land. */
static size_t smtm_cands(smtm *s, const smtm_lv *lv, smtm_cand **out,
                         Z3_ast g) {
  *out = 0;
  if (lv->invalid) return 0;
  size_t n = 0, cap = 0;
  smtm_cand *c = 0;
  if (lv->in && lv->kof) {
    size_t leaf;
    uint64_t idx;
    if (lv->in->dead) return 0;
    smtm_union_guard(s, lv, lv->in, 0, g);
    if (!smtm_leaf_at(lv->in->lay, lv->off, lv->type, &leaf, &idx)) {
      if (smtm_leaf_at(lv->in->lay, lv->off, 0, &leaf, &idx))
        smtz_fail(s->z, "access to %s as %s (type punning) at line %u",
                  lv->in->var->name, lv->type->spelling, lv->line);
      return 0; /* outside the object */
    }
    c = smtz_tmp(s->z, sizeof *c);
    c->in = lv->in;
    c->leaf = leaf;
    c->cond = 0;
    c->idx = lv->in->lay->leaves[leaf].ndims
                 ? smtz_num(s->z, SMTM_OFF_BITS, idx, false)
                 : 0;
    *out = c;
    return 1;
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
    if (lv->kof && !smtm_leaf_at(in->lay, lv->off, lv->type, &kleaf, &k))
      continue;
    for (size_t j = 0; j < in->lay->n; j++) {
      const smtm_leaf *lf = &in->lay->leaves[j];
      if (lf->opaque || !smtm_compat(lf->type, lv->type)) continue;
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
      if (n == cap) {
        cap = cap ? cap * 2 : 8;
        smtm_cand *nc = smtz_tmp(s->z, cap * sizeof *nc);
        if (n) memcpy(nc, c, n * sizeof *nc);
        c = nc;
      }
      c[n].in = in;
      c[n].leaf = j;
      if (cond) {
        cond = smtz_simplify(s->z, cond);
        if (smtz_is_false(s->z, cond)) continue;
      }
      c[n].cond = cond && smtz_is_true(s->z, cond) ? 0 : cond;
      c[n].idx = idx;
      n++;
    }
  }
  *out = c;
  return n;
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

smtm_val smtm_read(smtm *s, const smtm_lv *lv, Z3_ast g) {
  const ty *T = lv->type;
  if (T->kind == TY_FLOAT) return smtm_vflt(T);
  if (smtm_is_agg(T) || !ty_is_scalar(T))
    smtz_fail(s->z, "value of type %s at line %u", T->spelling, lv->line);
  unsigned w = smtm_bits(s, T);
  smtm_cand *c;
  size_t n = smtm_cands(s, lv, &c, g);
  smtm_oblige_valid(s, lv, c, n, g);
  for (size_t i = 0; i < n; i++)
    if (c[i].in->cells[c[i].leaf].unmod == 'h')
      smtz_fail(s->z, "%s (%s%s read at line %u)",
                c[i].in->cells[c[i].leaf].why, c[i].in->var->name,
                c[i].in->lay->leaves[c[i].leaf].path, lv->line);
    else if (c[i].in->cells[c[i].leaf].unmod)
      smtz_fail(s->z, "%s (%s%s) read at line %u",
                c[i].in->cells[c[i].leaf].unmod == 'f'
                    ? "function pointer"
                    : "pointer to a string literal",
                c[i].in->var->name, c[i].in->lay->leaves[c[i].leaf].path,
                lv->line);
  Z3_ast v = 0;
  if (n == 1 && !c[0].cond) {
    v = smtm_leaf_read(s, c[0].in, c[0].leaf, c[0].idx);
  } else {
    v = smtz_fresh(s->z, "havoc", smtz_bvsort(s->z, w));
    for (size_t i = n; i-- > 0;)
      v = smtz_ite(s->z, c[i].cond,
                   smtm_leaf_read(s, c[i].in, c[i].leaf, c[i].idx), v);
  }
  if (T->kind == TY_POINTER) return smtm_v(v, w, false, 'p', T);
  return smtm_vint(s, v, T);
}

void smtm_write(smtm *s, const smtm_lv *lv, smtm_val v, Z3_ast g) {
  const ty *T = lv->type;
  if (T->kind == TY_FLOAT) return; /* floats are left open */
  if (smtm_is_agg(T) || !ty_is_scalar(T))
    smtz_fail(s->z, "assignment of type %s at line %u", T->spelling, lv->line);
  smtm_cand *c;
  size_t n = smtm_cands(s, lv, &c, g);
  smtm_oblige_valid(s, lv, c, n, g);
  for (size_t i = 0; i < n; i++)
    smtm_leaf_write(s, c[i].in, c[i].leaf, c[i].idx, v.t,
                    smtz_and(s->z, g, c[i].cond));
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
    if (!in->escaped || in->dead) continue;
    for (size_t j = 0; j < in->lay->n; j++) {
      const smtm_leaf *lf = &in->lay->leaves[j];
      if (lf->type->kind == TY_FLOAT || smtm_is_opaque(lf))
        continue; /* left open / opaque anyway */
      smtm_unmod_mark(s, in, j, 'h', why);
    }
  }
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
    if (lf->type->kind != TY_POINTER) continue;
    const smtm_cell *c = &in->cells[j];
    if (c->unmod == 's' || c->unmod == 'f') continue; /* not into objects */
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
  if (lf->type->kind == TY_FLOAT || smtm_is_opaque(lf)) return;
  smtm_cell *c = &in->cells[j];
  if (c->unmod == 's' || c->unmod == 'f') return; /* still unreadable */
  if (opaque || lf->type->kind == TY_POINTER || (c->unmod == 'h' && any)) {
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

/* The pointer at lv is initialised with the address of a string literal
 * (k 's') or a function (k 'f'): its value is left open, and a read of it
 * fails. */
void smtm_unmod_init(smtm *s, const smtm_lv *lv, char k, unsigned line) {
  size_t leaf;
  uint64_t idx;
  if (lv->type->kind != TY_POINTER || !lv->in || !lv->kof || lv->in->dead ||
      !smtm_leaf_at(lv->in->lay, lv->off, lv->type, &leaf, &idx))
    smtz_fail(s->z, "%s initialiser at line %u",
              k == 'f' ? "function pointer" : "string literal", line);
  smtm_unmod_mark(s, lv->in, leaf, k, 0);
}

/* Copy the aggregate at src to dst (same type), when g holds. */
void smtm_copy(smtm *s, const smtm_lv *dst, const smtm_lv *src, Z3_ast g) {
  const smtm_layout *L = smtm_layout_of(s, dst->type);
  if (L->unsupported)
    smtz_fail(s->z, "%s at line %u", L->unsupported, dst->line);
  if (dst->in && src->in && dst->kof && src->kof && !dst->off && !src->off &&
      dst->in->lay == L && src->in->lay == L && !dst->in->dead &&
      !src->in->dead) {
    /* whole objects: copy the leaves, arrays included */
    for (size_t i = 0; i < L->n; i++) {
      const smtm_leaf *lf = &L->leaves[i];
      if (lf->type->kind == TY_FLOAT || smtm_is_opaque(lf))
        continue; /* left open / opaque */
      smtm_cell c = *smtm_cell_for_read(s, src->in, i);
      if (!g) {
        smtm_cell n = {c.val, 0, c.ver, 0, false, c.unmod, c.why, 0};
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
    for (uint64_t k = 0; k < lf->total; k++) {
      uint64_t rel = lf->base, rest = k;
      for (unsigned d = lf->ndims; d-- > 0;) {
        rel += (rest % lf->count[d]) * lf->stride[d];
        rest /= lf->count[d];
      }
      smtm_lv a = smtm_lv_offc(s, *src, rel, lf->type),
              b = smtm_lv_offc(s, *dst, rel, lf->type);
      smtm_write(s, &b, smtm_read(s, &a, g), g);
    }
  }
}

/* Set every leaf of the object in to zero (static storage). */
void smtm_zero_inst(smtm *s, smtm_inst *in) {
  for (size_t i = 0; i < in->lay->n; i++)
    if (in->lay->leaves[i].type->kind != TY_FLOAT &&
        !smtm_is_opaque(&in->lay->leaves[i]))
      smtm_cell_put(s, in, i, smtm_zero_cell(s, in, &in->lay->leaves[i]));
}

/* ---------- the state as a whole ---------- */

void smtm_init(smtm *s, smtz *z, smtc *c, const cfa *g) {
  memset(s, 0, sizeof *s);
  s->z = z;
  s->c = c;
  s->ptr_bits = g->lp64 ? 64 : 32;
  s->next_frame = 1;
  s->ntop = g->vars.len;
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
}

smtm_mark smtm_mark_now(const smtm *s) {
  smtm_mark m = {s->trail.len, s->avers.len, s->areads.len, s->calls.len,
                 s->routes.len};
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
  }
  while (s->routes.len > m->routes) {
    smtm_route *r = &s->routes.data[--s->routes.len];
    smtz_drop(s->z, r->off);
    smtz_drop(s->z, r->cond);
    smtz_drop(s->z, r->any);
  }
  while (s->calls.len > m->calls)
    smtz_drop(s->z, s->calls.data[--s->calls.len].guard);
}

/* ---------- objects and frames ---------- */

smtm_inst *smtm_inst_by_id(smtm *s, uint64_t id) {
  return id && id <= s->insts.len ? s->insts.data[id - 1] : 0;
}

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
  smtm_frame fr = {call, fn, ++s->next_frame, s->insts.len};
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
