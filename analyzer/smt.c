/* smt: CFA paths to Z3 bit-vector formulas (see smt.h for what is
 * modelled). The encoder keeps a symbolic state (one SSA value per leaf of
 * every object instance) and undoes it with a trail, so edges can be pushed
 * and popped. Every Z3 term built while encoding an edge is reference
 * counted in a pool released after the edge; the state, the trail and the
 * tracking literals hold their own references. Failures deep in the
 * encoder (unsupported constructs, Z3 errors) longjmp to smt_push_edge,
 * which drops the edge's partial encoding and poisons the path. */
#include "smt.h"

#include "lib/mem.h"
#include "smtc.h"
#include "smtz.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#define SMT_OBJ_BITS 16u
#define SMT_OFF_BITS 64u
#define SMT_PTR_BITS (SMT_OBJ_BITS + SMT_OFF_BITS)
#define SMT_MAX_DIMS 8
#define SMT_MAX_LEAVES 4096 /* scalar leaves of one object's layout */
#define SMT_MAX_EXPAND 1024 /* scalars of an element-wise aggregate copy */
#define SMT_MAX_OBJECTS 65535u
#define SMT_DENSE_ARRAY 16 /* array inputs up to this size print densely */
#define SMT_INLINE_NODES                                                       \
  8 /* values this small (and over at most one                                 \
     * variable) are kept as terms, not named */

/* ---------- layouts: the scalar leaves of a type ---------- */

typedef struct {
  uint64_t base; /* byte offset of the first element */
  unsigned ndims;
  uint64_t stride[SMT_MAX_DIMS], count[SMT_MAX_DIMS];
  uint64_t total; /* elements: product of counts, 1 for scalars */
  bool dense;     /* element k at base + k * stride[ndims - 1] */
  const ty *type; /* integer, _Bool, pointer, float; union when opaque */
  bool opaque;    /* a union or bit-field: contents not tracked */
  uint64_t osize; /* opaque: bytes it covers from base (per element) */
  char *path;     /* ".f", "[]", "[].g" */
} smt_leaf;

typedef struct {
  const ty *type;
  smt_leaf *leaves;
  size_t n;
  bool has_opaque;   /* some leaf is a union or bit-field */
  char *unsupported; /* why objects of this type are not modelled */
} smt_layout;

/* ---------- symbolic state ---------- */

/* The value of a leaf: a bit-vector for scalars; for arrays a version
 * (index + 1 into smt_ctx.avers), since Z3's fast bit-blasting solver has
 * no array theory. Unset when val and ver are 0. */
typedef struct {
  Z3_ast val;      /* scalar value */
  Z3_ast init;     /* scalar: the fresh initial value while it may be read */
  size_t ver;      /* array: current version */
  size_t ibase;    /* array: its fresh base version while it may be read */
  bool recorded;   /* init / ibase is in the input list */
  char unmod;      /* (some element) may hold an address that is not
                    * modelled, of a string literal ('s') or a function ('f'),
                    * or was changed by a call of a function without a body
                    * ('h'): reading it fails */
  const char *why; /* 'h': the call, owned by smt_ctx.whys */
} smt_cell;

/* Array versions: a zero or fresh base, or a guarded write on top of an
 * older version. They are immutable and made in edge order, so a pop just
 * truncates them. */
typedef enum { AV_ZERO, AV_FRESH, AV_WRITE } smt_av_kind;

typedef struct {
  smt_av_kind k;
  size_t prev;           /* AV_WRITE: the version written over */
  Z3_ast idx, val, cond; /* AV_WRITE: [idx] := val when cond (NULL: always) */
  bool kidx;             /* idx is the constant cidx */
  uint64_t cidx;
  uint64_t total; /* elements */
  const ty *elem;
  const char *name;
} smt_aver;

/* An element read from a fresh base (all reads of one index agree). */
typedef struct {
  size_t base;
  Z3_ast idx, val;
  bool kidx;
  uint64_t cidx;
} smt_aread;

typedef struct smt_inst {
  unsigned id, frame;
  const cfa_var *var;
  const smt_layout *lay;
  smt_cell *cells;
  struct smt_inst *shadowed; /* older instance of the same variable */
  bool escaped, dead, initialised;
  bool leaked; /* its address may be kept by code without a body */
} smt_inst;

typedef struct {
  const cfa_edge *call;
  const cfa_function *fn;
  unsigned id;
  size_t ninsts; /* instances before the call */
} smt_frame;

typedef enum {
  TR_CELL,
  TR_INST,
  TR_ESCAPE,
  TR_DEAD,
  TR_INIT,
  TR_LEAK,
  TR_FPUSH,
  TR_FPOP
} smt_tr_kind;

typedef struct {
  smt_tr_kind k;
  smt_inst *in;
  size_t leaf;
  smt_cell old;
  smt_frame fr;
} smt_tr;

typedef struct {
  const cfa_edge *e;
  size_t trail, memo, avers, areads;
  smtc_mark c;
  size_t run_start; /* first edge of the run of assume edges ending here */
} smt_mark;

/* A scalar value. */
typedef struct {
  Z3_ast t;
  unsigned bits;
  bool sgn;
  char k;         /* 'i' integer, 'p' pointer, 'f' float (no term), 'v' void */
  const ty *type; /* C type when known */
} smt_val;

typedef struct {
  const ex *e;
  smt_val v;
  size_t step;
} smt_memo;

struct smt_ctx {
  const cfa *g;
  smtz *z;
  smtc c;
  unsigned ptr_bits; /* the data model's pointer width */

  VEC(smt_layout *) layouts; /* cache, searched by type */
  smt_inst **top;            /* by var id: newest instance */
  size_t ntop;
  VEC(smt_inst *) insts; /* by object id - 1 */
  VEC(smt_frame) frames;
  unsigned next_frame;
  VEC(smt_tr) trail;
  VEC(smt_mark) marks;
  VEC(smt_memo) memo;
  VEC(smt_aver) avers;
  VEC(smt_aread) areads;
  VEC(char *) whys; /* reasons of cells changed by opaque calls */

  size_t poison_step; /* SIZE_MAX: not poisoned */
  char *poison;

  /* the edge being encoded */
  bool in_assume;
  bool discard; /* the call evaluated next has its result ignored */
  bool addr_of; /* the lvalue evaluated next is an operand of & */

  /* the last check; a path that only gained definitions of fresh
   * constants since a satisfiable check is satisfiable */
  unsigned long sat_epoch;
  size_t sat_lits, sat_obls;
  bool sat_valid;
  smt_model *building; /* model under construction */
  Z3_model zmodel;
  VEC(size_t) core;
  bool core_valid;
};

#define K(call) smtz_k(s->z, (call))


/* ---------- pointers ---------- */

static Z3_ast smt_ptr_obj(smt_ctx *s, Z3_ast p) {
  return smtz_extract(s->z, SMT_PTR_BITS - 1, SMT_OFF_BITS, p);
}

static Z3_ast smt_ptr_off(smt_ctx *s, Z3_ast p) {
  return smtz_extract(s->z, SMT_OFF_BITS - 1, 0, p);
}

static Z3_ast smt_mk_ptr(smt_ctx *s, Z3_ast obj, Z3_ast off) {
  return K(Z3_mk_concat(s->z->ctx, obj, off));
}

static Z3_ast smt_ptr_const(smt_ctx *s, unsigned id, uint64_t off) {
  return smt_mk_ptr(s, smtz_num(s->z, SMT_OBJ_BITS, id, false),
                    smtz_num(s->z, SMT_OFF_BITS, off, false));
}

static Z3_ast smt_null(smt_ctx *s) {
  return smtz_num(s->z, SMT_PTR_BITS, 0, false);
}

static Z3_ast smt_ptr_add(smt_ctx *s, Z3_ast p, Z3_ast delta64) {
  return smt_mk_ptr(s, smt_ptr_obj(s, p),
                    K(Z3_mk_bvadd(s->z->ctx, smt_ptr_off(s, p), delta64)));
}

/* ---------- types ---------- */

static unsigned smt_bits(smt_ctx *s, const ty *t) {
  if (t->kind == TY_POINTER) return SMT_PTR_BITS;
  unsigned b = ty_bits(t);
  if (!b) smtz_fail(s->z, "value of incomplete type %s", t->spelling);
  return b;
}

static bool smt_is_agg(const ty *t) {
  return t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY;
}

static smt_val smt_v(Z3_ast t, unsigned bits, bool sgn, char k,
                     const ty *type) {
  smt_val v = {t, bits, sgn, k, type};
  return v;
}

static smt_val smt_vint(smt_ctx *s, Z3_ast t, const ty *T) {
  return smt_v(t, smt_bits(s, T), T->kind == TY_INT && T->is_signed, 'i', T);
}

static smt_val smt_vvoid(void) { return smt_v(0, 0, false, 'v', 0); }
static smt_val smt_vflt(const ty *T) { return smt_v(0, 0, false, 'f', T); }

/* ---------- layouts ---------- */

typedef struct {
  smt_layout *L;
  VEC(smt_leaf) leaves;
} smt_lbuild;

/* Append a leaf of type t at byte `base` (path owned by the leaf); NULL
 * when the layout has too many leaves. */
static smt_leaf *smt_leaf_add(smt_lbuild *b, const ty *t, uint64_t base,
                              const smt_leaf *dims, char *path) {
  smt_layout *L = b->L;
  if (b->leaves.len >= SMT_MAX_LEAVES) {
    L->unsupported = mem_printf("object of type %s with more than %d scalar fields",
                                L->type->spelling, SMT_MAX_LEAVES);
    mem_free(path);
    return 0;
  }
  smt_leaf lf = *dims;
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
static bool smt_leaf_opaque(smt_lbuild *b, const ty *t, uint64_t base,
                            const smt_leaf *dims, char *path, uint64_t osize) {
  smt_leaf *lf = smt_leaf_add(b, t, base, dims, path);
  if (!lf) return false;
  lf->opaque = true;
  lf->osize = osize;
  b->L->has_opaque = true;
  return true;
}

static bool smt_layout_rec(smt_lbuild *b, const ty *t, uint64_t base,
                           const smt_leaf *dims, const char *path) {
  smt_layout *L = b->L;
  switch (t->kind) {
  case TY_INT:
  case TY_BOOL:
  case TY_POINTER:
  case TY_FLOAT: {
    if (t->kind != TY_POINTER && (!t->size || t->size * 8 > SMTZ_MAX_W)) {
      L->unsupported = mem_printf("object of type %s", t->spelling);
      return false;
    }
    smt_leaf *lf = smt_leaf_add(b, t, base, dims, mem_strdup(path));
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
    if (dims->ndims == SMT_MAX_DIMS) {
      L->unsupported = mem_printf("array nested more than %d deep (%s)",
                               SMT_MAX_DIMS, t->spelling);
      return false;
    }
    smt_leaf d = *dims;
    d.stride[d.ndims] = t->elem->size;
    d.count[d.ndims] = (uint64_t)t->count;
    d.ndims++;
    char *p = mem_printf("%s[]", path);
    bool ok = smt_layout_rec(b, t->elem, base, &d, p);
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
        if (!smt_leaf_opaque(b, f->type, base + f->offset / 8, dims,
                             mem_printf("%s.%s", path, f->name ? f->name : "<unnamed>"),
                             (f->offset % 8 + (uint64_t)f->bitfield + 7) / 8))
          return false;
        continue;
      }
      char *p =
          mem_printf("%s%s%s", path, f->name ? "." : "", f->name ? f->name : "");
      bool ok = smt_layout_rec(b, f->type, base + f->offset / 8, dims, p);
      mem_free(p);
      if (!ok) return false;
    }
    return true;
  case TY_UNION: {
    /* An opaque leaf: it takes part in declarations, initialisers and
     * copies (where its contents are not tracked) and in address
     * computations; any access of a scalar inside it fails (smt_cands). */
    if (!t->is_complete || !t->size) {
      L->unsupported = mem_printf("object of incomplete type %s", t->spelling);
      return false;
    }
    return smt_leaf_opaque(b, t, base, dims, mem_strdup(path), t->size);
  }
  default:
    L->unsupported = mem_printf("object of type %s", t->spelling);
    return false;
  }
}

static const smt_layout *smt_layout_of(smt_ctx *s, const ty *t) {
  for (size_t i = 0; i < s->layouts.len; i++)
    if (s->layouts.data[i]->type == t) return s->layouts.data[i];
  smt_layout *L = mem_calloc(1, sizeof *L);
  L->type = t;
  smt_lbuild b = {L, {0}};
  smt_leaf dims;
  memset(&dims, 0, sizeof dims);
  if (!smt_layout_rec(&b, t, 0, &dims, "")) {
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

static bool smt_compat(const ty *leaf, const ty *acc) {
  if (ty_is_integer(leaf) && ty_is_integer(acc)) return leaf->size == acc->size;
  if (leaf->kind == TY_POINTER && acc->kind == TY_POINTER) return true;
  if (leaf->kind == TY_FLOAT && acc->kind == TY_FLOAT)
    return leaf->size == acc->size;
  return false;
}

static bool smt_is_opaque(const smt_leaf *lf) { return lf->opaque; }

/* The union leaf whose bytes (in some element) include offset off. */
static const smt_leaf *smt_union_at(const smt_layout *L, uint64_t off) {
  if (!L->has_opaque) return 0;
  for (size_t i = 0; i < L->n; i++) {
    const smt_leaf *lf = &L->leaves[i];
    if (!smt_is_opaque(lf) || off < lf->base) continue;
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
static bool smt_leaf_at(const smt_layout *L, uint64_t off, const ty *acc,
                        size_t *leaf, uint64_t *idx) {
  for (size_t i = 0; i < L->n; i++) {
    const smt_leaf *lf = &L->leaves[i];
    if (lf->opaque || (acc && !smt_compat(lf->type, acc))) continue;
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

static void smt_trail(smt_ctx *s, smt_tr t) { VEC_PUSH(s->trail, t); }

static void smt_cell_put(smt_ctx *s, smt_inst *in, size_t leaf, smt_cell c) {
  smt_tr t = {.k = TR_CELL, .in = in, .leaf = leaf, .old = in->cells[leaf]};
  smt_trail(s, t);
  smtz_hold(s->z, c.val);
  smtz_hold(s->z, c.init);
  in->cells[leaf] = c;
}

static void smt_cell_set(smt_ctx *s, smt_inst *in, size_t leaf, Z3_ast val,
                         Z3_ast init, bool recorded) {
  smt_cell c = {val, init, 0, 0, recorded, false, 0};
  smt_cell_put(s, in, leaf, c);
}

static unsigned smt_cur_frame(const smt_ctx *s) {
  return s->frames.len ? s->frames.data[s->frames.len - 1].id : 1;
}

static unsigned smt_frame_of(const smt_ctx *s, const cfa_var *v) {
  return v->is_global || v->is_static || v->is_extern ? 0 : smt_cur_frame(s);
}

static smt_inst *smt_inst_get(smt_ctx *s, const cfa_var *v, unsigned frame) {
  if (v->id >= s->ntop) smtz_fail(s->z, "variable %s unknown to the CFA", v->name);
  for (smt_inst *in = s->top[v->id]; in; in = in->shadowed)
    if (in->frame == frame) return in;
  const smt_layout *L = smt_layout_of(s, v->type);
  if (L->unsupported) smtz_fail(s->z, "%s (variable %s)", L->unsupported, v->name);
  if (s->insts.len >= SMT_MAX_OBJECTS)
    smtz_fail(s->z, "more than %u objects", SMT_MAX_OBJECTS);
  smt_inst *in = mem_calloc(1, sizeof *in);
  in->id = (unsigned)s->insts.len + 1;
  in->frame = frame;
  in->var = v;
  in->lay = L;
  in->cells = mem_calloc(L->n ? L->n : 1, sizeof *in->cells);
  in->shadowed = s->top[v->id];
  s->top[v->id] = in;
  VEC_PUSH(s->insts, in);
  smt_tr t = {.k = TR_INST, .in = in};
  smt_trail(s, t);
  return in;
}

static void smt_flag(smt_ctx *s, smt_inst *in, smt_tr_kind k) {
  bool *f = k == TR_ESCAPE ? &in->escaped
            : k == TR_DEAD ? &in->dead
            : k == TR_LEAK ? &in->leaked
                           : &in->initialised;
  if (*f) return;
  *f = true;
  smt_tr t = {.k = k, .in = in};
  smt_trail(s, t);
}

static void smt_undo_one(smt_ctx *s, smt_tr *t) {
  switch (t->k) {
  case TR_CELL: {
    smt_cell *c = &t->in->cells[t->leaf];
    smtz_drop(s->z, c->val);
    smtz_drop(s->z, c->init);
    *c = t->old;
    break;
  }
  case TR_INST: {
    smt_inst *in = t->in;
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
  case TR_ESCAPE:
    t->in->escaped = false;
    break;
  case TR_DEAD:
    t->in->dead = false;
    break;
  case TR_INIT:
    t->in->initialised = false;
    break;
  case TR_LEAK:
    t->in->leaked = false;
    break;
  case TR_FPUSH:
    s->frames.len--;
    break;
  case TR_FPOP:
    VEC_PUSH(s->frames, t->fr);
    break;
  }
}

/* Undo everything recorded after mark m (m itself stays). */
static void smt_undo_to(smt_ctx *s, const smt_mark *m) {
  while (s->trail.len > m->trail)
    smt_undo_one(s, &s->trail.data[--s->trail.len]);
  smtc_undo(&s->c, &m->c);
  while (s->memo.len > m->memo)
    smtz_drop(s->z, s->memo.data[--s->memo.len].v.t);
  while (s->avers.len > m->avers) {
    smt_aver *a = &s->avers.data[--s->avers.len];
    smtz_drop(s->z, a->idx);
    smtz_drop(s->z, a->val);
    smtz_drop(s->z, a->cond);
  }
  while (s->areads.len > m->areads) {
    smt_aread *r = &s->areads.data[--s->areads.len];
    smtz_drop(s->z, r->idx);
    smtz_drop(s->z, r->val);
  }
  smtc_undo_log(&s->c, &m->c);
}

/* ---------- constraints ---------- */

/* Facts about a fresh value of type t: _Bool is 0 or 1, a pointer from
 * outside points into no modelled object. */
static void smt_fresh_facts(smt_ctx *s, Z3_ast v, const ty *t) {
  if (t->kind == TY_BOOL)
    smtc_assert(&s->c,
               K(Z3_mk_bvule(s->z->ctx, v, smtz_num(s->z, smt_bits(s, t), 1, false))));
  else if (t->kind == TY_POINTER)
    smtc_assert(
        &s->c, smtz_eq(s->z, smt_ptr_obj(s, v), smtz_num(s->z, SMT_OBJ_BITS, 0, false)));
}

/* ---------- arrays ---------- */

static smt_aver *smt_av(smt_ctx *s, size_t v) { return &s->avers.data[v - 1]; }

static size_t smt_av_new(smt_ctx *s, smt_aver a) {
  smtz_hold(s->z, a.idx);
  smtz_hold(s->z, a.val);
  smtz_hold(s->z, a.cond);
  VEC_PUSH(s->avers, a);
  return s->avers.len;
}

static size_t smt_av_base(smt_ctx *s, smt_av_kind k, const smt_leaf *lf,
                          const char *name) {
  smt_aver a = {.k = k, .elem = lf->type, .total = lf->total, .name = name};
  return smt_av_new(s, a);
}

/* Element i of the fresh base `base`: one fresh value per index, equal
 * for equal indices (Ackermann's constraints against the earlier reads). */
static Z3_ast smt_av_fresh(smt_ctx *s, size_t base, Z3_ast i, bool ki,
                           uint64_t ci) {
  for (size_t j = 0; j < s->areads.len; j++) {
    smt_aread *r = &s->areads.data[j];
    if (r->base == base &&
        ((ki && r->kidx && r->cidx == ci) || Z3_is_eq_ast(s->z->ctx, r->idx, i)))
      return r->val;
  }
  const smt_aver *b = smt_av(s, base);
  Z3_ast x = smtz_fresh(s->z, b->name, smtz_bvsort(s->z, smt_bits(s, b->elem)));
  smt_fresh_facts(s, x, b->elem);
  for (size_t j = 0; j < s->areads.len; j++) {
    smt_aread *r = &s->areads.data[j];
    if (r->base != base || (ki && r->kidx)) continue;
    smtc_assert(
        &s->c, K(Z3_mk_implies(s->z->ctx, smtz_eq(s->z, i, r->idx), smtz_eq(s->z, x, r->val))));
  }
  smt_aread r = {base, smtz_hold(s->z, i), smtz_hold(s->z, x), ki, ci};
  VEC_PUSH(s->areads, r);
  return x;
}

/* Element i of version v: the writes that may hit i, newest first, over
 * the base. Constant indices are decided here, not by the solver; older
 * writes to a constant index that a newer one always overwrote are
 * skipped, and once every element is overwritten the base is not read. */
static Z3_ast smt_av_read(smt_ctx *s, size_t v, Z3_ast i) {
  uint64_t ci = 0, total = smt_av(s, v)->total;
  bool ki = smtz_const(s->z, i, &ci);
  size_t n = 0, cap = 0, ncov = 0, covcap = 0;
  Z3_ast *conds = 0, *vals = 0, r = 0;
  uint64_t *cov = 0;
  while (!r) {
    const smt_aver *a = smt_av(s, v);
    if (!ki && a->k == AV_WRITE && a->kidx) {
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
    if (a->k == AV_ZERO) {
      r = smtz_num(s->z, smt_bits(s, a->elem), 0, false);
    } else if (a->k == AV_FRESH) {
      r = smt_av_fresh(s, v, i, ki, ci);
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

static Z3_sort smt_leaf_sort(smt_ctx *s, const smt_leaf *lf) {
  return smtz_bvsort(s->z, smt_bits(s, lf->type));
}

static smt_cell smt_zero_cell(smt_ctx *s, smt_inst *in, const smt_leaf *lf) {
  smt_cell c = {0};
  if (lf->ndims)
    c.ver = smt_av_base(s, AV_ZERO, lf, in->var->name);
  else
    c.val = smtz_num(s->z, smt_bits(s, lf->type), 0, false);
  return c;
}

/* The cell, given a fresh initial value if it has none. */
static smt_cell *smt_cell_ensure(smt_ctx *s, smt_inst *in, size_t leaf) {
  smt_cell *c = &in->cells[leaf];
  if (c->val || c->ver) return c;
  const smt_leaf *lf = &in->lay->leaves[leaf];
  smt_cell n = {0};
  if (lf->ndims) {
    n.ver = n.ibase = smt_av_base(s, AV_FRESH, lf, in->var->name);
  } else {
    n.val = n.init = smtz_fresh(s->z, in->var->name, smt_leaf_sort(s, lf));
    smt_fresh_facts(s, n.val, lf->type);
  }
  smt_cell_put(s, in, leaf, n);
  return c;
}

static char *smt_uninit_name(const smt_inst *in, const smt_leaf *lf) {
  const cfa_var *v = in->var;
  bool retval = v->function && v->function->result == v;
  return mem_printf("uninitialised:%s%s", retval ? v->qualified : v->name,
                 lf->path);
}

/* The cell of a leaf about to be read: its fresh initial value, if it may
 * still be seen, goes into the input list. */
static smt_cell *smt_cell_for_read(smt_ctx *s, smt_inst *in, size_t leaf) {
  smt_cell *c = smt_cell_ensure(s, in, leaf);
  const smt_leaf *lf = &in->lay->leaves[leaf];
  if ((c->init || c->ibase) && !c->recorded) {
    smtc_record(&s->c, c->init, 0, c->ibase, SMT_INPUT_UNINIT,
               smt_uninit_name(in, lf), in->var->line, lf->type,
               lf->ndims ? lf->total : 0);
    smt_cell n = *c;
    n.recorded = true;
    smt_cell_put(s, in, leaf, n);
  }
  return c;
}

/* Read leaf `leaf` of in (element idx for arrays). */
static Z3_ast smt_leaf_read(smt_ctx *s, smt_inst *in, size_t leaf, Z3_ast idx) {
  smt_cell *c = smt_cell_for_read(s, in, leaf);
  if (!in->lay->leaves[leaf].ndims) return c->val;
  return smt_av_read(s, c->ver, idx);
}

/* Whether t has at most *budget nodes (counting shared ones again) and at
 * most *vars uninterpreted constants. */
static bool smt_small(smt_ctx *s, Z3_ast t, unsigned *budget, unsigned *vars) {
  if (!*budget) return false;
  --*budget;
  if (Z3_get_ast_kind(s->z->ctx, t) != Z3_APP_AST) return true;
  Z3_app a = Z3_to_app(s->z->ctx, t);
  unsigned n = Z3_get_app_num_args(s->z->ctx, a);
  if (!n &&
      Z3_get_decl_kind(s->z->ctx, Z3_get_app_decl(s->z->ctx, a)) == Z3_OP_UNINTERPRETED) {
    if (!*vars) return false;
    --*vars;
  }
  for (unsigned i = 0; i < n; i++)
    if (!smt_small(s, Z3_get_app_arg(s->z->ctx, a, i), budget, vars)) return false;
  return true;
}

/* The value v to store in a cell: simplified, and named by a fresh SSA
 * constant unless it is small and over one variable. Keeps terms small (no
 * deep chains through loops), propagates constants (known pointers) and
 * lets the simplifier fold chains like x + 1 + 1 into x + 2 (naming sums
 * of several variables keeps their circuits from multiplying). */
static Z3_ast smt_def(smt_ctx *s, Z3_ast v, const char *name, Z3_sort so) {
  v = smtz_simplify(s->z, v);
  unsigned budget = SMT_INLINE_NODES, vars = 1;
  if (smt_small(s, v, &budget, &vars)) return v;
  Z3_ast x = smtz_fresh(s->z, name, so);
  smtc_assert(&s->c, smtz_eq(s->z, x, v));
  return x;
}

/* Write v to leaf `leaf` of in (element idx for arrays) when cond holds
 * (NULL: always). */
static void smt_leaf_write(smt_ctx *s, smt_inst *in, size_t leaf, Z3_ast idx,
                           Z3_ast v, Z3_ast cond) {
  const smt_leaf *lf = &in->lay->leaves[leaf];
  Z3_sort so = smt_leaf_sort(s, lf);
  if (!lf->ndims && !cond) {
    smt_cell_set(s, in, leaf, smt_def(s, v, in->var->name, so), 0, false);
    return;
  }
  smt_cell *c = smt_cell_ensure(s, in, leaf);
  smt_cell n = *c;
  if (lf->ndims) {
    smt_aver a = {.k = AV_WRITE,
                  .prev = c->ver,
                  .idx = idx,
                  .cond = cond,
                  .total = lf->total,
                  .elem = lf->type,
                  .name = in->var->name};
    a.val = smt_def(s, v, in->var->name, so);
    a.kidx = smtz_const(s->z, idx, &a.cidx);
    if (cond) {
      a.cond = smtz_simplify(s->z, cond);
      if (smtz_is_true(s->z, a.cond)) a.cond = 0;
    }
    n.ver = smt_av_new(s, a);
  } else {
    n.val = smt_def(s, smtz_ite(s->z, cond, v, c->val), in->var->name, so);
  }
  smt_cell_put(s, in, leaf, n);
}

/* ---------- lvalues ---------- */

typedef struct {
  Z3_ast p;       /* pointer to the object designated */
  const ty *type; /* its type */
  smt_inst *in;   /* the instance when known */
  bool invalid;   /* known to point into no live object */
  bool kof;       /* offset known: off */
  bool lin;       /* offset = off + sum lt[i] * lm[i] (kof: no terms) */
  uint64_t off;
  unsigned nlin;
  Z3_ast lt[4];   /* 64-bit index terms */
  uint64_t lm[4]; /* their multipliers (element sizes) */
  unsigned line;
  const char *what; /* for obligation texts */
} smt_lv;

static smt_lv smt_lv_var(smt_ctx *s, const cfa_var *v, unsigned frame,
                         unsigned line) {
  smt_inst *in = smt_inst_get(s, v, frame);
  smt_lv lv = {.p = smt_ptr_const(s, in->id, 0),
               .type = v->type,
               .in = in,
               .kof = true,
               .lin = true,
               .line = line,
               .what = "invalid access"};
  return lv;
}

static smt_lv smt_lv_ptr(smt_ctx *s, Z3_ast p, const ty *T, unsigned line,
                         const char *what) {
  smt_lv lv = {.p = p, .type = T, .line = line, .what = what};
  uint64_t obj;
  if (smtz_const(s->z, smt_ptr_obj(s, p), &obj)) {
    if (obj == 0 || obj > s->insts.len)
      lv.invalid = true;
    else
      lv.in = s->insts.data[obj - 1];
  }
  lv.lin = lv.kof = smtz_const(s->z, smt_ptr_off(s, p), &lv.off);
  return lv;
}

/* lv moved by delta bytes, designating an object of type T. */
static smt_lv smt_lv_offset(smt_ctx *s, smt_lv lv, Z3_ast delta, const ty *T) {
  uint64_t d;
  lv.type = T;
  if (lv.lin && smtz_const(s->z, delta, &d)) {
    lv.off += d;
    lv.p = lv.kof && lv.in ? smt_ptr_const(s, lv.in->id, lv.off)
                           : smt_ptr_add(s, lv.p, delta);
    return lv;
  }
  lv.p = smt_ptr_add(s, lv.p, delta);
  lv.kof = lv.lin = false;
  return lv;
}

/* lv moved by t elements of m bytes (t a 64-bit index), designating T. */
static smt_lv smt_lv_index(smt_ctx *s, smt_lv lv, Z3_ast t, uint64_t m,
                           const ty *T) {
  uint64_t c;
  if (smtz_const(s->z, t, &c) || !lv.lin || lv.nlin == 4)
    return smt_lv_offset(
        s, lv, K(Z3_mk_bvmul(s->z->ctx, t, smtz_num(s->z, SMT_OFF_BITS, m, false))), T);
  lv.type = T;
  lv.p = smt_ptr_add(
      s, lv.p, K(Z3_mk_bvmul(s->z->ctx, t, smtz_num(s->z, SMT_OFF_BITS, m, false))));
  lv.kof = false;
  lv.lt[lv.nlin] = t;
  lv.lm[lv.nlin++] = m;
  return lv;
}

/* Element index into dense array leaf lf of a linear offset, without
 * division, or NULL when the offset does not have that shape. */
static Z3_ast smt_lin_index(smt_ctx *s, const smt_lv *lv, const smt_leaf *lf) {
  if (!lv->lin || !lf->dense) return 0;
  uint64_t st = lf->stride[lf->ndims - 1];
  int64_t rel = (int64_t)(lv->off - lf->base);
  if (rel % (int64_t)st) return 0;
  for (unsigned i = 0; i < lv->nlin; i++)
    if (lv->lm[i] % st) return 0;
  Z3_ast L = smtz_num(s->z, SMT_OFF_BITS, (uint64_t)(rel / (int64_t)st), true);
  for (unsigned i = 0; i < lv->nlin; i++) {
    Z3_ast t =
        lv->lm[i] == st
            ? lv->lt[i]
            : K(Z3_mk_bvmul(s->z->ctx, lv->lt[i],
                            smtz_num(s->z, SMT_OFF_BITS, lv->lm[i] / st, false)));
    L = K(Z3_mk_bvadd(s->z->ctx, L, t));
  }
  return smtz_simplify(s->z, L);
}

static smt_lv smt_lv_offc(smt_ctx *s, smt_lv lv, uint64_t delta, const ty *T) {
  return smt_lv_offset(s, lv, smtz_num(s->z, SMT_OFF_BITS, delta, false), T);
}

typedef struct {
  smt_inst *in;
  size_t leaf;
  Z3_ast cond; /* NULL: certainly this one */
  Z3_ast idx;  /* element of an array leaf */
} smt_cand;

static _Noreturn void smt_fail_opaque(smt_ctx *s, const smt_leaf *lf,
                                      const smt_inst *in, unsigned line) {
  if (lf->type->kind == TY_UNION)
    smtz_fail(s->z, "union (%s) in %s at line %u", lf->type->spelling,
             in->var->name, line);
  smtz_fail(s->z, "bit-field %s%s at line %u", in->var->name, lf->path, line);
}

/* Fail when an access through lv into instance in (when oc holds: its object
 * is in) may touch the bytes of an opaque union leaf. */
static void smt_union_guard(smt_ctx *s, const smt_lv *lv, smt_inst *in,
                            Z3_ast oc) {
  const smt_layout *L = in->lay;
  if (!L->has_opaque) return;
  uint64_t asz = lv->type->size ? lv->type->size : 1;
  if (lv->kof) {
    const smt_leaf *lf = 0;
    for (uint64_t b = 0; b < asz && !lf; b++)
      lf = smt_union_at(L, lv->off + b);
    if (!lf) return;
    if (oc && smtz_is_false(s->z, smtz_simplify(s->z, oc))) return;
    smt_fail_opaque(s, lf, in, lv->line);
  }
  Z3_ast off = smt_ptr_off(s, lv->p);
  for (size_t i = 0; i < L->n; i++) {
    const smt_leaf *lf = &L->leaves[i];
    if (!smt_is_opaque(lf)) continue;
    uint64_t ext = lf->ndims ? lf->stride[0] * lf->count[0] : lf->osize;
    /* any byte of the access in [base, base + ext) */
    Z3_ast lo = K(
        Z3_mk_bvuge(s->z->ctx, off,
                    smtz_num(s->z, SMT_OFF_BITS,
                            lf->base >= asz ? lf->base - asz + 1 : 0, false)));
    Z3_ast hi = K(Z3_mk_bvult(s->z->ctx, off,
                              smtz_num(s->z, SMT_OFF_BITS, lf->base + ext, false)));
    Z3_ast c = smtz_simplify(s->z, smtz_and(s->z, oc, smtz_and(s->z, lo, hi)));
    if (!smtz_is_false(s->z, c)) smt_fail_opaque(s, lf, in, lv->line);
  }
}

/* Where an access of type lv.type through lv may land. */
static size_t smt_cands(smt_ctx *s, const smt_lv *lv, smt_cand **out) {
  *out = 0;
  if (lv->invalid) return 0;
  size_t n = 0, cap = 0;
  smt_cand *c = 0;
  if (lv->in && lv->kof) {
    size_t leaf;
    uint64_t idx;
    if (lv->in->dead) return 0;
    smt_union_guard(s, lv, lv->in, 0);
    if (!smt_leaf_at(lv->in->lay, lv->off, lv->type, &leaf, &idx)) {
      if (smt_leaf_at(lv->in->lay, lv->off, 0, &leaf, &idx))
        smtz_fail(s->z, "access to %s as %s (type punning) at line %u",
                 lv->in->var->name, lv->type->spelling, lv->line);
      return 0; /* outside the object */
    }
    c = smtz_tmp(s->z, sizeof *c);
    c->in = lv->in;
    c->leaf = leaf;
    c->cond = 0;
    c->idx = lv->in->lay->leaves[leaf].ndims
                 ? smtz_num(s->z, SMT_OFF_BITS, idx, false)
                 : 0;
    *out = c;
    return 1;
  }
  Z3_ast obj = smt_ptr_obj(s, lv->p), off = smt_ptr_off(s, lv->p);
  for (size_t i = 0; i < s->insts.len; i++) {
    smt_inst *in = s->insts.data[i];
    if (lv->in ? in != lv->in : (!in->escaped || in->dead)) continue;
    if (in->dead) continue;
    Z3_ast oc =
        lv->in ? 0 : smtz_eq(s->z, obj, smtz_num(s->z, SMT_OBJ_BITS, in->id, false));
    smt_union_guard(s, lv, in, oc);
    size_t kleaf = SIZE_MAX;
    uint64_t k = 0;
    if (lv->kof && !smt_leaf_at(in->lay, lv->off, lv->type, &kleaf, &k))
      continue;
    for (size_t j = 0; j < in->lay->n; j++) {
      const smt_leaf *lf = &in->lay->leaves[j];
      if (lf->opaque || !smt_compat(lf->type, lv->type)) continue;
      Z3_ast cond, idx = 0;
      if (lv->kof) {
        if (j != kleaf) continue;
        cond = oc ? oc : s->z->tru;
        if (lf->ndims) idx = smtz_num(s->z, SMT_OFF_BITS, k, false);
      } else if (!lf->ndims) {
        cond = smtz_and(
            s->z, oc, smtz_eq(s->z, off, smtz_num(s->z, SMT_OFF_BITS, lf->base, false)));
      } else if ((idx = smt_lin_index(s, lv, lf))) {
        Z3_ast lo =
            K(Z3_mk_bvsge(s->z->ctx, idx, smtz_num(s->z, SMT_OFF_BITS, 0, false)));
        Z3_ast hi = K(
            Z3_mk_bvslt(s->z->ctx, idx, smtz_num(s->z, SMT_OFF_BITS, lf->total, false)));
        cond = smtz_and(s->z, oc, smtz_and(s->z, lo, hi));
      } else {
        Z3_ast rel = K(
            Z3_mk_bvsub(s->z->ctx, off, smtz_num(s->z, SMT_OFF_BITS, lf->base, false)));
        Z3_ast lin = smtz_num(s->z, SMT_OFF_BITS, 0, false);
        cond = oc;
        for (unsigned d = 0; d < lf->ndims; d++) {
          Z3_ast st = smtz_num(s->z, SMT_OFF_BITS, lf->stride[d], false);
          Z3_ast cnt = smtz_num(s->z, SMT_OFF_BITS, lf->count[d], false);
          Z3_ast ik = K(Z3_mk_bvudiv(s->z->ctx, rel, st));
          cond = smtz_and(s->z, cond, K(Z3_mk_bvult(s->z->ctx, ik, cnt)));
          rel = K(Z3_mk_bvurem(s->z->ctx, rel, st));
          lin = K(Z3_mk_bvadd(s->z->ctx, K(Z3_mk_bvmul(s->z->ctx, lin, cnt)), ik));
        }
        cond = smtz_and(s->z, cond,
                       smtz_eq(s->z, rel, smtz_num(s->z, SMT_OFF_BITS, 0, false)));
        idx = lin;
      }
      if (n == cap) {
        cap = cap ? cap * 2 : 8;
        smt_cand *nc = smtz_tmp(s->z, cap * sizeof *nc);
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
static void smt_oblige_valid(smt_ctx *s, const smt_lv *lv, smt_cand *c,
                             size_t n, Z3_ast g) {
  Z3_ast any = s->z->fls;
  for (size_t i = 0; i < n; i++) {
    if (!c[i].cond) return;
    any = smtz_or(s->z, any, c[i].cond);
  }
  smtc_oblige(&s->c, any, g, "%s at line %u", lv->what, lv->line);
}

static smt_val smt_read(smt_ctx *s, const smt_lv *lv, Z3_ast g) {
  const ty *T = lv->type;
  if (T->kind == TY_FLOAT) return smt_vflt(T);
  if (smt_is_agg(T) || !ty_is_scalar(T))
    smtz_fail(s->z, "value of type %s at line %u", T->spelling, lv->line);
  unsigned w = smt_bits(s, T);
  smt_cand *c;
  size_t n = smt_cands(s, lv, &c);
  smt_oblige_valid(s, lv, c, n, g);
  for (size_t i = 0; i < n; i++)
    if (c[i].in->cells[c[i].leaf].unmod == 'h')
      smtz_fail(s->z, "%s (%s%s read at line %u)", c[i].in->cells[c[i].leaf].why,
               c[i].in->var->name, c[i].in->lay->leaves[c[i].leaf].path,
               lv->line);
    else if (c[i].in->cells[c[i].leaf].unmod)
      smtz_fail(s->z, "%s (%s%s) read at line %u",
               c[i].in->cells[c[i].leaf].unmod == 'f'
                   ? "function pointer"
                   : "pointer to a string literal",
               c[i].in->var->name, c[i].in->lay->leaves[c[i].leaf].path,
               lv->line);
  Z3_ast v = 0;
  if (n == 1 && !c[0].cond) {
    v = smt_leaf_read(s, c[0].in, c[0].leaf, c[0].idx);
  } else {
    v = smtz_fresh(s->z, "havoc", smtz_bvsort(s->z, w));
    for (size_t i = n; i-- > 0;)
      v = smtz_ite(s->z, c[i].cond, smt_leaf_read(s, c[i].in, c[i].leaf, c[i].idx),
                  v);
  }
  if (T->kind == TY_POINTER) return smt_v(v, w, false, 'p', T);
  return smt_vint(s, v, T);
}

static void smt_write(smt_ctx *s, const smt_lv *lv, smt_val v, Z3_ast g) {
  const ty *T = lv->type;
  if (T->kind == TY_FLOAT) return; /* floats are left open */
  if (smt_is_agg(T) || !ty_is_scalar(T))
    smtz_fail(s->z, "assignment of type %s at line %u", T->spelling, lv->line);
  smt_cand *c;
  size_t n = smt_cands(s, lv, &c);
  smt_oblige_valid(s, lv, c, n, g);
  for (size_t i = 0; i < n; i++)
    smt_leaf_write(s, c[i].in, c[i].leaf, c[i].idx, v.t,
                   smtz_and(s->z, g, c[i].cond));
}

static void smt_escape(smt_ctx *s, const smt_lv *lv) {
  if (lv->in) smt_flag(s, lv->in, TR_ESCAPE);
}

/* ---------- expressions ---------- */

static smt_val smt_ev(smt_ctx *s, const ex *e, Z3_ast g);
static smt_lv smt_lval(smt_ctx *s, const ex *e, Z3_ast g);
static void smt_copy(smt_ctx *s, const smt_lv *dst, const smt_lv *src,
                     Z3_ast g);

static Z3_ast smt_truth(smt_ctx *s, smt_val v, unsigned line) {
  switch (v.k) {
  case 'i':
    return smtz_not(s->z, smtz_eq(s->z, v.t, smtz_num(s->z, v.bits, 0, false)));
  case 'p':
    return smtz_not(s->z, smtz_eq(s->z, v.t, smt_null(s)));
  case 'f':
    smtz_fail(s->z, "float arithmetic at line %u", line);
  default:
    smtz_fail(s->z, "void value used as a condition at line %u", line);
  }
}

static smt_val smt_bool_int(smt_ctx *s, Z3_ast b, const ty *T) {
  unsigned w = smt_bits(s, T);
  return smt_vint(
      s, smtz_ite(s->z, b, smtz_num(s->z, w, 1, false), smtz_num(s->z, w, 0, false)), T);
}

/* Integer value v as (bits, sgn). */
static smt_val smt_to_int(smt_ctx *s, smt_val v, unsigned bits, bool sgn,
                          Z3_ast g, unsigned line) {
  if (v.k == 'f') smtz_fail(s->z, "float arithmetic at line %u", line);
  if (v.k == 'v') smtz_fail(s->z, "void value used at line %u", line);
  if (v.k == 'p') {
    smtc_oblige(
        &s->c, smtz_eq(s->z, smt_ptr_obj(s, v.t), smtz_num(s->z, SMT_OBJ_BITS, 0, false)),
        g, "address of an object converted to an integer at line %u", line);
    Z3_ast a = smtz_extract(s->z, s->ptr_bits - 1, 0, smt_ptr_off(s, v.t));
    return smt_v(smtz_resize(s->z, a, s->ptr_bits, false, bits), bits, sgn, 'i', 0);
  }
  return smt_v(smtz_resize(s->z, v.t, v.bits, v.sgn, bits), bits, sgn, 'i', 0);
}

/* v as a pointer: integers are addresses outside every modelled object. */
static smt_val smt_int_to_ptr(smt_ctx *s, smt_val v, unsigned line) {
  if (v.k == 'p') return v;
  if (v.k == 'i') {
    Z3_ast a = smtz_resize(s->z, v.t, v.bits, v.sgn, s->ptr_bits);
    a = smtz_resize(s->z, a, s->ptr_bits, false, SMT_OFF_BITS);
    return smt_v(smt_mk_ptr(s, smtz_num(s->z, SMT_OBJ_BITS, 0, false), a),
                 SMT_PTR_BITS, false, 'p', 0);
  }
  if (v.k == 'f') smtz_fail(s->z, "float arithmetic at line %u", line);
  smtz_fail(s->z, "void value used at line %u", line);
}

/* C conversion of v to type T. */
static smt_val smt_conv(smt_ctx *s, smt_val v, const ty *T, Z3_ast g,
                        unsigned line) {
  switch (T->kind) {
  case TY_VOID:
    return smt_vvoid();
  case TY_FLOAT:
    if (v.k == 'v') smtz_fail(s->z, "void value used at line %u", line);
    return smt_vflt(T);
  case TY_BOOL:
    return smt_bool_int(s, smt_truth(s, v, line), T);
  case TY_INT: {
    smt_val r = smt_to_int(s, v, smt_bits(s, T), T->is_signed, g, line);
    r.type = T;
    return r;
  }
  case TY_POINTER: {
    smt_val r = smt_int_to_ptr(s, v, line);
    r.type = T;
    return r;
  }
  default:
    smtz_fail(s->z, "conversion to %s at line %u", T->spelling, line);
  }
}

static void smt_promote(unsigned *bits, bool *sgn) {
  if (*bits < 32) {
    *bits = 32;
    *sgn = true;
  }
}

/* C's usual arithmetic conversions on (bits, signedness) pairs. */
static void smt_usual(smt_val a, smt_val b, unsigned *bits, bool *sgn) {
  unsigned ab = a.bits, bb = b.bits;
  bool as = a.sgn, bs = b.sgn;
  smt_promote(&ab, &as);
  smt_promote(&bb, &bs);
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
static Z3_ast smt_arith(smt_ctx *s, ex_op op, Z3_ast a, smt_val b,
                        unsigned bits, bool sgn, Z3_ast g, unsigned line) {
  Z3_context z = s->z->ctx;
  if (op == EX_OP_SHL || op == EX_OP_SHR) {
    unsigned w = (b.bits > 16 ? b.bits : 16) + 1;
    Z3_ast amt = smtz_resize(s->z, b.t, b.bits, b.sgn, w);
    Z3_ast ok =
        K(Z3_mk_bvult(z, amt, smtz_num(s->z, w, bits, false))); /* also >= 0 */
    smtc_oblige(&s->c, ok, g,
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
    smtc_oblige(&s->c, smtz_not(s->z, smtz_eq(s->z, bt, smtz_num(s->z, bits, 0, false))), g,
               "division by zero at line %u", line);
    if (sgn) {
      Z3_ast min = K(Z3_mk_bvshl(z, smtz_num(s->z, bits, 1, false),
                                 smtz_num(s->z, bits, bits - 1, false)));
      Z3_ast ovf = smtz_and(s->z, smtz_eq(s->z, a, min),
                           smtz_eq(s->z, bt, smtz_num(s->z, bits, UINT64_MAX, true)));
      smtc_oblige(&s->c, smtz_not(s->z, ovf), g, "signed division overflow at line %u",
                 line);
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

static uint64_t smt_elem_size(smt_ctx *s, const ty *ptr, unsigned line) {
  const ty *el = ptr && ptr->kind == TY_POINTER ? ptr->elem : 0;
  if (el && el->kind == TY_VOID) return 1; /* GNU void * arithmetic */
  if (!el || !el->is_complete || !el->size)
    smtz_fail(s->z, "pointer arithmetic on %s at line %u",
             ptr ? ptr->spelling : "?", line);
  return el->size;
}

/* p + i * size (sub: p - i * size). */
static smt_val smt_ptr_arith(smt_ctx *s, smt_val p, smt_val i, uint64_t size,
                             bool sub, unsigned line) {
  if (i.k != 'i') smtz_fail(s->z, "pointer arithmetic at line %u", line);
  Z3_ast d = smtz_resize(s->z, i.t, i.bits, i.sgn, SMT_OFF_BITS);
  d = K(Z3_mk_bvmul(s->z->ctx, d, smtz_num(s->z, SMT_OFF_BITS, size, false)));
  if (sub) d = K(Z3_mk_bvneg(s->z->ctx, d));
  return smt_v(smt_ptr_add(s, p.t, d), SMT_PTR_BITS, false, 'p', p.type);
}

static Z3_ast smt_same_obj(smt_ctx *s, smt_val a, smt_val b) {
  return smtz_eq(s->z, smt_ptr_obj(s, a.t), smt_ptr_obj(s, b.t));
}

static const cfa_function *smt_defined(const smt_ctx *s, const char *name) {
  const cfa_function *f = name ? cfa_function_find(s->g, name) : 0;
  return f && f->entry ? f : 0;
}

static bool smt_name_in(const char *name, const char *const *list) {
  for (; *list; list++)
    if (!strcmp(name, *list)) return true;
  return false;
}

/* Functions without a body that do not write through pointer arguments. */
static const char *const smt_pure_fns[] = {
    "printf",  "puts",        "strlen",           "strcmp",
    "strncmp", "memcmp",      "__assert_fail",    "__assert",
    "assert",  "reach_error", "__VERIFIER_error", "__assert_perror_fail",
    0};

static smt_val smt_call_undefined(smt_ctx *s, const ex *e, Z3_ast g);

/* Evaluate e for its side effects only. */
static void smt_effect(smt_ctx *s, const ex *e, Z3_ast g) {
  const ex *x = ex_strip_implicit(e);
  if (x->kind == EX_STRING) return;
  if (x->kind == EX_CALL && x->type && smt_is_agg(x->type)) {
    s->discard = true; /* a struct result nobody reads */
    (void)smt_call_undefined(s, x, g);
    return;
  }
  if (x->type && smt_is_agg(x->type) && x->kind != EX_CALL &&
      x->kind != EX_ASSIGN) {
    (void)smt_lval(s, x, g);
    return;
  }
  (void)smt_ev(s, e, g);
}

/* Leaf `leaf` of in may have been changed by an opaque call (why). */
static void smt_unmod_mark(smt_ctx *s, smt_inst *in, size_t leaf, char k,
                           const char *why);

/* A call of a function without a body got a pointer that may point into a
 * modelled object: it may write anything into every object reachable from
 * it. Every live object whose address was taken (a superset of those) gets
 * its scalar leaves marked as changed; reading one later makes the path
 * UNKNOWN, overwriting it makes it known again. The values are no inputs:
 * a path that never reads them does not depend on them. */
static void smt_havoc_escaped(smt_ctx *s, const char *name, const smt_inst *to,
                              bool arg, unsigned line) {
  char *w = !arg ? mem_printf("call of %s at line %u (code without a body may "
                           "have kept an address) may change it",
                           name, line)
            : to ? mem_printf("call of %s with the address of %s at line %u may "
                           "change it",
                           name, to->var->name, line)
                 : mem_printf("call of %s with a pointer at line %u may change it",
                           name, line);
  const char *why = 0;
  for (size_t i = 0; i < s->whys.len && !why; i++)
    if (!strcmp(s->whys.data[i], w)) why = s->whys.data[i];
  if (why) {
    mem_free(w);
  } else {
    VEC_PUSH(s->whys, w);
    why = w;
  }
  for (size_t i = 0; i < s->insts.len; i++) {
    smt_inst *in = s->insts.data[i];
    if (!in->escaped || in->dead) continue;
    smt_flag(s, in, TR_LEAK); /* the callee may keep its address */
    for (size_t j = 0; j < in->lay->n; j++) {
      const smt_leaf *lf = &in->lay->leaves[j];
      if (lf->type->kind == TY_FLOAT || smt_is_opaque(lf))
        continue; /* left open / opaque anyway */
      smt_unmod_mark(s, in, j, 'h', why);
    }
  }
}

static smt_val smt_call_undefined(smt_ctx *s, const ex *e, Z3_ast g) {
  const char *name = e->func_name;
  bool discard = s->discard;
  s->discard = false;
  if (!name) smtz_fail(s->z, "call through a function pointer at line %u", e->line);
  if (smt_defined(s, name))
    smtz_fail(s->z, "call of %s nested in an expression at line %u", name, e->line);
  if (!strcmp(name, "__VERIFIER_assume")) {
    if (e->nargs < 1)
      smtz_fail(s->z, "__VERIFIER_assume without argument at line %u", e->line);
    smtc_assume(&s->c, smt_truth(s, smt_ev(s, e->args[0], g), e->line), g);
    for (unsigned i = 1; i < e->nargs; i++)
      smt_effect(s, e->args[i], g);
    return smt_vvoid();
  }
  bool pure = smt_name_in(name, smt_pure_fns), havoc = false;
  const smt_inst *to = 0;
  for (unsigned i = 0; i < e->nargs; i++) {
    const ex *a = ex_strip_implicit(e->args[i]);
    if (a->kind == EX_STRING) continue;
    if (a->type && smt_is_agg(a->type)) {
      smt_effect(s, a, g);
      continue;
    }
    smt_val v = smt_ev(s, e->args[i], g);
    if (v.k == 'p' && !pure) {
      Z3_ast obj = smtz_simplify(s->z, smt_ptr_obj(s, v.t));
      uint64_t id;
      bool k = smtz_const(s->z, obj, &id);
      if (k && !id) continue; /* points into no modelled object */
      if (!havoc && k && id <= s->insts.len) to = s->insts.data[id - 1];
      havoc = true;
    }
  }
  /* after all arguments are evaluated (under g or not: marking is
   * conservative) */
  if (havoc) {
    smt_havoc_escaped(s, name, to, true, e->line);
  } else if (!pure && strncmp(name, "__VERIFIER_", 11)) {
    /* an earlier call may have kept an address and write there now */
    for (size_t i = 0; i < s->insts.len; i++)
      if (s->insts.data[i]->leaked) {
        smt_havoc_escaped(s, name, 0, false, e->line);
        break;
      }
  }
  const ty *T = e->type;
  if (!T || T->kind == TY_VOID) return smt_vvoid();
  if (T->kind == TY_FLOAT) {
    smtc_record(&s->c, 0, g, 0, SMT_INPUT_CALL, mem_strdup(name), e->line, T, 0);
    return smt_vflt(T);
  }
  if (!ty_is_scalar(T)) {
    if (discard) return smt_vvoid();
    smtz_fail(s->z, "%s without a body returns %s at line %u", name, T->spelling,
             e->line);
  }
  unsigned w = smt_bits(s, T);
  Z3_ast v = smtz_fresh(s->z, name, smtz_bvsort(s->z, w));
  smt_fresh_facts(s, v, T);
  smtc_record(&s->c, v, g, 0, SMT_INPUT_CALL, mem_strdup(name), e->line, T, 0);
  if (T->kind == TY_POINTER) return smt_v(v, w, false, 'p', T);
  return smt_vint(s, v, T);
}

/* Value of an incremented/decremented lvalue. */
static smt_val smt_incdec(smt_ctx *s, const ex *e, Z3_ast g) {
  smt_lv lv = smt_lval(s, e->a, g);
  smt_val old = smt_read(s, &lv, g);
  bool inc = e->op == EX_OP_PREINC || e->op == EX_OP_POSTINC;
  smt_val nv;
  if (old.k == 'f') return old;
  if (old.k == 'p') {
    smt_val one = smt_v(smtz_num(s->z, 32, 1, true), 32, true, 'i', 0);
    nv = smt_ptr_arith(s, old, one, smt_elem_size(s, lv.type, e->line), !inc,
                       e->line);
  } else {
    unsigned bits = old.bits;
    bool sgn = old.sgn;
    smt_promote(&bits, &sgn);
    smt_val a = smt_to_int(s, old, bits, sgn, g, e->line);
    Z3_ast one = smtz_num(s->z, bits, 1, false);
    Z3_ast r =
        inc ? K(Z3_mk_bvadd(s->z->ctx, a.t, one)) : K(Z3_mk_bvsub(s->z->ctx, a.t, one));
    nv = smt_conv(s, smt_v(r, bits, sgn, 'i', 0), lv.type, g, e->line);
  }
  smt_write(s, &lv, nv, g);
  return e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC ? nv : old;
}

static smt_val smt_assign(smt_ctx *s, const ex *e, Z3_ast g) {
  smt_lv lv = smt_lval(s, e->a, g);
  if (smt_is_agg(lv.type)) {
    if (e->op != EX_OP_NONE)
      smtz_fail(s->z, "compound assignment of %s", lv.type->spelling);
    smt_lv src = smt_lval(s, ex_strip_implicit(e->b), g);
    smt_copy(s, &lv, &src, g);
    return smt_vvoid();
  }
  if (e->op == EX_OP_NONE) {
    smt_val v = smt_conv(s, smt_ev(s, e->b, g), lv.type, g, e->line);
    smt_write(s, &lv, v, g);
    return v;
  }
  smt_val old = smt_read(s, &lv, g);
  smt_val b = smt_ev(s, e->b, g);
  smt_val r;
  if (old.k == 'p') {
    if (e->op != EX_OP_ADD && e->op != EX_OP_SUB)
      smtz_fail(s->z, "operator %s= on a pointer at line %u", ex_op_text(e->op),
               e->line);
    r = smt_ptr_arith(s, old, b, smt_elem_size(s, lv.type, e->line),
                      e->op == EX_OP_SUB, e->line);
  } else if (old.k == 'f' || b.k == 'f') {
    if (lv.type->kind != TY_FLOAT)
      smtz_fail(s->z, "float arithmetic at line %u", e->line);
    r = smt_vflt(lv.type);
  } else {
    unsigned bits;
    bool sgn;
    if (e->op == EX_OP_SHL || e->op == EX_OP_SHR) {
      bits = old.bits;
      sgn = old.sgn;
      smt_promote(&bits, &sgn);
    } else {
      smt_usual(old, b, &bits, &sgn);
      b = smt_to_int(s, b, bits, sgn, g, e->line);
    }
    smt_val a = smt_to_int(s, old, bits, sgn, g, e->line);
    Z3_ast t = smt_arith(s, e->op, a.t, b, bits, sgn, g, e->line);
    r = smt_conv(s, smt_v(t, bits, sgn, 'i', 0), lv.type, g, e->line);
  }
  smt_write(s, &lv, r, g);
  return r;
}

static smt_val smt_binary(smt_ctx *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  Z3_context z = s->z->ctx;
  if (e->op == EX_OP_COMMA) {
    smt_effect(s, e->a, g);
    return smt_ev(s, e->b, g);
  }
  if (e->op == EX_OP_LAND || e->op == EX_OP_LOR) {
    Z3_ast ta = smt_truth(s, smt_ev(s, e->a, g), e->line);
    Z3_ast gb = smtz_and(s->z, g, e->op == EX_OP_LAND ? ta : smtz_not(s->z, ta));
    Z3_ast tb = smt_truth(s, smt_ev(s, e->b, gb), e->line);
    Z3_ast r = e->op == EX_OP_LAND ? smtz_and(s->z, ta, tb) : smtz_or(s->z, ta, tb);
    return smt_bool_int(s, r, T);
  }
  smt_val a = smt_ev(s, e->a, g);
  smt_val b = smt_ev(s, e->b, g);
  if (a.k == 'v' || b.k == 'v')
    smtz_fail(s->z, "void value used at line %u", e->line);
  if (ex_op_is_comparison(e->op)) {
    if (a.k == 'f' || b.k == 'f')
      smtz_fail(s->z, "float arithmetic at line %u", e->line);
    Z3_ast r;
    if (a.k == 'p' || b.k == 'p') {
      if (a.k != 'p') a = smt_int_to_ptr(s, a, e->line);
      if (b.k != 'p') b = smt_int_to_ptr(s, b, e->line);
      if (e->op == EX_OP_EQ || e->op == EX_OP_NE) {
        r = smtz_eq(s->z, a.t, b.t);
        if (e->op == EX_OP_NE) r = smtz_not(s->z, r);
      } else {
        smtc_oblige(&s->c, smt_same_obj(s, a, b), g,
                   "relational comparison of pointers into different objects "
                   "at line %u",
                   e->line);
        Z3_ast x = smt_ptr_off(s, a.t), y = smt_ptr_off(s, b.t);
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
      smt_usual(a, b, &bits, &sgn);
      Z3_ast x = smt_to_int(s, a, bits, sgn, g, e->line).t;
      Z3_ast y = smt_to_int(s, b, bits, sgn, g, e->line).t;
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
    return smt_bool_int(s, r, T);
  }
  if (T->kind == TY_FLOAT) return smt_vflt(T);
  if (a.k == 'f' || b.k == 'f')
    smtz_fail(s->z, "float arithmetic at line %u", e->line);
  if (a.k == 'p' || b.k == 'p') {
    if (e->op == EX_OP_ADD && a.k == 'p')
      return smt_ptr_arith(s, a, b, smt_elem_size(s, e->a->type, e->line),
                           false, e->line);
    if (e->op == EX_OP_ADD && b.k == 'p')
      return smt_ptr_arith(s, b, a, smt_elem_size(s, e->b->type, e->line),
                           false, e->line);
    if (e->op == EX_OP_SUB && a.k == 'p' && b.k == 'i')
      return smt_ptr_arith(s, a, b, smt_elem_size(s, e->a->type, e->line), true,
                           e->line);
    if (e->op == EX_OP_SUB && a.k == 'p' && b.k == 'p') {
      smtc_oblige(&s->c, smt_same_obj(s, a, b), g,
                 "subtraction of pointers into different objects at line %u",
                 e->line);
      uint64_t sz = smt_elem_size(s, e->a->type, e->line);
      Z3_ast d = K(Z3_mk_bvsub(z, smt_ptr_off(s, a.t), smt_ptr_off(s, b.t)));
      d = K(Z3_mk_bvsdiv(z, d, smtz_num(s->z, SMT_OFF_BITS, sz, false)));
      return smt_conv(s, smt_v(d, SMT_OFF_BITS, true, 'i', 0), T, g, e->line);
    }
    smtz_fail(s->z, "operator %s on a pointer at line %u", ex_op_text(e->op),
             e->line);
  }
  if (!ty_is_integer(T))
    smtz_fail(s->z, "operator %s of type %s at line %u", ex_op_text(e->op),
             T->spelling, e->line);
  unsigned bits = smt_bits(s, T);
  bool sgn = T->kind == TY_INT && T->is_signed;
  smt_val x = smt_to_int(s, a, bits, sgn, g, e->line);
  if (e->op != EX_OP_SHL && e->op != EX_OP_SHR)
    b = smt_to_int(s, b, bits, sgn, g, e->line);
  return smt_vint(s, smt_arith(s, e->op, x.t, b, bits, sgn, g, e->line), T);
}

static smt_val smt_unary(smt_ctx *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  switch (e->op) {
  case EX_OP_PREINC:
  case EX_OP_PREDEC:
  case EX_OP_POSTINC:
  case EX_OP_POSTDEC:
    return smt_incdec(s, e, g);
  case EX_OP_NOT:
    return smt_bool_int(
        s, smtz_not(s->z, smt_truth(s, smt_ev(s, e->a, g), e->line)), T);
  case EX_OP_ADDR: {
    const ex *a = ex_strip_implicit(e->a);
    if (a->kind == EX_FUNC || (a->type && a->type->kind == TY_FUNCTION))
      smtz_fail(s->z, "function pointer at line %u", e->line);
    s->addr_of = true;
    smt_lv lv = smt_lval(s, a, g);
    s->addr_of = false;
    smt_escape(s, &lv);
    return smt_v(lv.p, SMT_PTR_BITS, false, 'p', T);
  }
  case EX_OP_DEREF: {
    smt_lv lv = smt_lval(s, e, g);
    return smt_read(s, &lv, g);
  }
  default:
    break;
  }
  smt_val a = smt_ev(s, e->a, g);
  if (T->kind == TY_FLOAT || a.k == 'f') {
    if (T->kind != TY_FLOAT)
      smtz_fail(s->z, "float arithmetic at line %u", e->line);
    return smt_vflt(T);
  }
  if (!ty_is_integer(T))
    smtz_fail(s->z, "operator %s at line %u", ex_op_text(e->op), e->line);
  smt_val x = smt_to_int(s, a, smt_bits(s, T),
                         T->kind == TY_INT && T->is_signed, g, e->line);
  switch (e->op) {
  case EX_OP_NEG:
    return smt_vint(s, K(Z3_mk_bvneg(s->z->ctx, x.t)), T);
  case EX_OP_PLUS:
    return smt_vint(s, x.t, T);
  case EX_OP_BNOT:
    return smt_vint(s, K(Z3_mk_bvnot(s->z->ctx, x.t)), T);
  default:
    smtz_fail(s->z, "operator %s at line %u", ex_op_text(e->op), e->line);
  }
}

static smt_val smt_cast(smt_ctx *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  const ex *a = e->a;
  if (T->kind == TY_VOID) {
    smt_effect(s, a, g);
    return smt_vvoid();
  }
  if (ex_strip_implicit(a)->kind == EX_STRING)
    smtz_fail(s->z, "string literal at line %u", e->line);
  if (a->type && a->type->kind == TY_ARRAY) { /* decay */
    smt_lv lv = smt_lval(s, a, g);
    smt_escape(s, &lv);
    return smt_conv(s, smt_v(lv.p, SMT_PTR_BITS, false, 'p', T), T, g, e->line);
  }
  if (ex_strip_implicit(a)->kind == EX_FUNC ||
      (a->type && a->type->kind == TY_FUNCTION))
    smtz_fail(s->z, "function pointer at line %u", e->line);
  return smt_conv(s, smt_ev(s, a, g), T, g, e->line);
}

static smt_val smt_cond(smt_ctx *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  Z3_ast c = smt_truth(s, smt_ev(s, e->a, g), e->line);
  Z3_ast g1 = smtz_and(s->z, g, c), g2 = smtz_and(s->z, g, smtz_not(s->z, c));
  if (T->kind == TY_VOID) {
    smt_effect(s, e->b, g1);
    smt_effect(s, e->c, g2);
    return smt_vvoid();
  }
  if (smt_is_agg(T))
    smtz_fail(s->z, "conditional expression of type %s at line %u", T->spelling,
             e->line);
  smt_val b = smt_conv(s, smt_ev(s, e->b, g1), T, g1, e->line);
  smt_val d = smt_conv(s, smt_ev(s, e->c, g2), T, g2, e->line);
  if (b.k == 'f') return b;
  b.t = smtz_ite(s->z, c, b.t, d.t);
  return b;
}

static bool smt_side_effect(const ex *e) {
  return e->kind == EX_CALL || e->kind == EX_ASSIGN ||
         (e->kind == EX_UNARY &&
          (e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC ||
           e->op == EX_OP_POSTINC || e->op == EX_OP_POSTDEC));
}

static smt_val smt_ev_raw(smt_ctx *s, const ex *e, Z3_ast g) {
  const ty *T = e->type;
  if (!T) smtz_fail(s->z, "untyped expression at line %u", e->line);
  switch (e->kind) {
  case EX_INT:
  case EX_SIZEOF:
    if (!ty_is_integer(T))
      smtz_fail(s->z, "constant of type %s at line %u", T->spelling, e->line);
    return smt_vint(
        s, smtz_num(s->z, smt_bits(s, T), e->u, T->kind == TY_INT && T->is_signed),
        T);
  case EX_FLOAT:
    return smt_vflt(T);
  case EX_STRING:
    smtz_fail(s->z, "string literal at line %u", e->line);
  case EX_VAR:
  case EX_MEMBER:
  case EX_INDEX: {
    if (smt_is_agg(T))
      smtz_fail(s->z, "value of type %s at line %u", T->spelling, e->line);
    smt_lv lv = smt_lval(s, e, g);
    return smt_read(s, &lv, g);
  }
  case EX_FUNC:
    smtz_fail(s->z, "function pointer at line %u", e->line);
  case EX_UNARY:
    return smt_unary(s, e, g);
  case EX_BINARY:
    return smt_binary(s, e, g);
  case EX_ASSIGN:
    return smt_assign(s, e, g);
  case EX_CAST:
    return smt_cast(s, e, g);
  case EX_CALL:
    return smt_call_undefined(s, e, g);
  case EX_COND:
    return smt_cond(s, e, g);
  case EX_INITLIST:
    smtz_fail(s->z, "initialiser list in an expression at line %u", e->line);
  case EX_UNSUPPORTED:
  default:
    smtz_fail(s->z, "%s at line %u", e->text ? e->text : "unsupported expression",
             e->line);
  }
}

/* Evaluate e under guard g (NULL: unconditionally). Inside a run of assume
 * edges a side effect evaluated once is not repeated: the case tests of a
 * switch share the switch value's expression. */
static smt_val smt_ev(smt_ctx *s, const ex *e, Z3_ast g) {
  if (!s->in_assume || !smt_side_effect(e)) return smt_ev_raw(s, e, g);
  size_t run = s->marks.data[s->marks.len - 1].run_start;
  for (size_t i = s->memo.len; i-- > 0 && s->memo.data[i].step >= run;)
    if (s->memo.data[i].e == e) return s->memo.data[i].v;
  smt_val v = smt_ev_raw(s, e, g);
  smt_memo m = {e, v, s->c.step};
  smtz_hold(s->z, v.t);
  VEC_PUSH(s->memo, m);
  return v;
}

/* A member of record type rt named name, looking into anonymous members. */
static bool smt_field(const ty *rt, const char *name, uint64_t *off,
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
        smt_field(f->type, name, &o, out)) {
      *off = f->offset / 8 + o;
      return true;
    }
  }
  return false;
}

static smt_lv smt_lval(smt_ctx *s, const ex *e, Z3_ast g) {
  bool addr = s->addr_of; /* e is the operand of & */
  s->addr_of = false;
  switch (e->kind) {
  case EX_VAR: {
    if (!e->var) smtz_fail(s->z, "unknown variable at line %u", e->line);
    if (e->var->type->kind == TY_FUNCTION)
      smtz_fail(s->z, "function pointer at line %u", e->line);
    smt_lv lv = smt_lv_var(s, e->var, smt_frame_of(s, e->var), e->line);
    return lv;
  }
  case EX_UNARY:
    if (e->op == EX_OP_DEREF) {
      if (e->type->kind == TY_FUNCTION)
        smtz_fail(s->z, "function pointer at line %u", e->line);
      smt_val p = smt_ev(s, e->a, g);
      if (p.k != 'p')
        smtz_fail(s->z, "dereference of a non-pointer at line %u", e->line);
      return smt_lv_ptr(s, p.t, e->type, e->line,
                        "invalid pointer dereference");
    }
    break;
  case EX_MEMBER: {
    smt_lv base;
    const ty *rt;
    if (e->arrow) {
      smt_val p = smt_ev(s, e->a, g);
      if (p.k != 'p' || !e->a->type->elem)
        smtz_fail(s->z, "-> on a non-pointer at line %u", e->line);
      rt = e->a->type->elem;
      base = smt_lv_ptr(s, p.t, rt, e->line, "invalid pointer dereference");
    } else {
      base = smt_lval(s, e->a, g);
      rt = base.type;
    }
    if (rt->kind != TY_STRUCT && rt->kind != TY_UNION)
      smtz_fail(s->z, "member of %s at line %u", rt->spelling, e->line);
    uint64_t off;
    const ty_field *f;
    if (!e->text || !smt_field(rt, e->text, &off, &f))
      smtz_fail(s->z, "unknown member %s at line %u", e->text ? e->text : "?",
               e->line);
    if (f->bitfield >= 0) smtz_fail(s->z, "bit-field at line %u", e->line);
    return smt_lv_offc(s, base, off, e->type);
  }
  case EX_INDEX: {
    const ex *pa = e->a, *pi = e->b;
    if (pa->type && ty_is_integer(pa->type)) {
      pa = e->b;
      pi = e->a;
    }
    smt_lv base;
    const ty *arr = 0;
    if (pa->kind == EX_CAST && pa->a->type && pa->a->type->kind == TY_ARRAY) {
      arr = pa->a->type;
      base = smt_lval(s, pa->a, g);
    } else if (pa->type && pa->type->kind == TY_ARRAY) {
      arr = pa->type;
      base = smt_lval(s, pa, g);
    } else {
      smt_val p = smt_ev(s, pa, g);
      if (p.k != 'p')
        smtz_fail(s->z, "subscript of a non-pointer at line %u", e->line);
      base =
          smt_lv_ptr(s, p.t, e->type, e->line, "invalid pointer dereference");
    }
    base.what = "array index out of bounds";
    if (!e->type->is_complete || !e->type->size)
      smtz_fail(s->z, "subscript of %s at line %u", e->type->spelling, e->line);
    smt_val i = smt_ev(s, pi, g);
    if (i.k != 'i') smtz_fail(s->z, "subscript at line %u", e->line);
    Z3_ast d = smtz_resize(s->z, i.t, i.bits, i.sgn, SMT_OFF_BITS);
    if (arr && arr->count >= 0) {
      /* C's bound for a subscript of an array (one past it under &) */
      Z3_ast lo = K(Z3_mk_bvsge(s->z->ctx, d, smtz_num(s->z, SMT_OFF_BITS, 0, false)));
      uint64_t n = (uint64_t)arr->count + (addr ? 1 : 0);
      Z3_ast hi = K(Z3_mk_bvslt(s->z->ctx, d, smtz_num(s->z, SMT_OFF_BITS, n, false)));
      smtc_oblige(&s->c, smtz_and(s->z, lo, hi), g,
                 "array index out of bounds at line %u", e->line);
    }
    return smt_lv_index(s, base, d, e->type->size, e->type);
  }
  case EX_UNSUPPORTED:
    smtz_fail(s->z, "%s at line %u", e->text ? e->text : "unsupported expression",
             e->line);
  default:
    break;
  }
  smtz_fail(s->z, "lvalue not modelled at line %u", e->line);
}

/* ---------- aggregates ---------- */

/* Leaf `leaf` of in may now hold an address that is not modelled. */
static void smt_unmod_mark(smt_ctx *s, smt_inst *in, size_t leaf, char k,
                           const char *why) {
  smt_cell n = *smt_cell_ensure(s, in, leaf);
  n.unmod = k;
  n.why = why;
  smt_cell_put(s, in, leaf, n);
}

/* Whether x is the address of a function (f or &f). */
static bool smt_is_fn_addr(const ex *x) {
  x = ex_strip_implicit(x);
  if (x->kind == EX_UNARY && x->op == EX_OP_ADDR) x = ex_strip_implicit(x->a);
  return x->kind == EX_FUNC ||
         (x->kind == EX_VAR && x->type && x->type->kind == TY_FUNCTION);
}

/* The pointer at lv is initialised with the address of a string literal
 * (k 's') or a function (k 'f'): its value is left open, and a read of it
 * fails. */
static void smt_unmod_init(smt_ctx *s, const smt_lv *lv, char k,
                           unsigned line) {
  size_t leaf;
  uint64_t idx;
  if (lv->type->kind != TY_POINTER || !lv->in || !lv->kof || lv->in->dead ||
      !smt_leaf_at(lv->in->lay, lv->off, lv->type, &leaf, &idx))
    smtz_fail(s->z, "%s initialiser at line %u",
             k == 'f' ? "function pointer" : "string literal", line);
  smt_unmod_mark(s, lv->in, leaf, k, 0);
}

/* Copy the aggregate at src to dst (same type), when g holds. */
static void smt_copy(smt_ctx *s, const smt_lv *dst, const smt_lv *src,
                     Z3_ast g) {
  const smt_layout *L = smt_layout_of(s, dst->type);
  if (L->unsupported) smtz_fail(s->z, "%s at line %u", L->unsupported, dst->line);
  if (dst->in && src->in && dst->kof && src->kof && !dst->off && !src->off &&
      dst->in->lay == L && src->in->lay == L && !dst->in->dead &&
      !src->in->dead) {
    /* whole objects: copy the leaves, arrays included */
    for (size_t i = 0; i < L->n; i++) {
      const smt_leaf *lf = &L->leaves[i];
      if (lf->type->kind == TY_FLOAT || smt_is_opaque(lf))
        continue; /* left open / opaque */
      smt_cell c = *smt_cell_for_read(s, src->in, i);
      if (!g) {
        smt_cell n = {c.val, 0, c.ver, 0, false, c.unmod, c.why};
        smt_cell_put(s, dst->in, i, n);
        continue;
      }
      if (c.unmod) smt_unmod_mark(s, dst->in, i, c.unmod, c.why);
      if (!lf->ndims) {
        smt_leaf_write(s, dst->in, i, 0, c.val, g);
      } else {
        /* a guarded copy of a whole array, element by element */
        if (lf->total > SMT_MAX_EXPAND)
          smtz_fail(s->z, "copy of %s (%" PRIu64 " elements) at line %u",
                   dst->type->spelling, lf->total, dst->line);
        for (uint64_t k = 0; k < lf->total; k++) {
          Z3_ast idx = smtz_num(s->z, SMT_OFF_BITS, k, false);
          smt_leaf_write(s, dst->in, i, idx, smt_av_read(s, c.ver, idx), g);
        }
      }
    }
    return;
  }
  uint64_t n = 0;
  for (size_t i = 0; i < L->n; i++)
    n += L->leaves[i].total;
  if (n > SMT_MAX_EXPAND)
    smtz_fail(s->z, "copy of %s (%" PRIu64 " scalars) at line %u",
             dst->type->spelling, n, dst->line);
  for (size_t i = 0; i < L->n; i++) {
    const smt_leaf *lf = &L->leaves[i];
    if (smt_is_opaque(lf)) {
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
      smt_lv a = smt_lv_offc(s, *src, rel, lf->type),
             b = smt_lv_offc(s, *dst, rel, lf->type);
      smt_write(s, &b, smt_read(s, &a, g), g);
    }
  }
}

/* Set every leaf of the object in to zero (static storage). */
static void smt_zero_inst(smt_ctx *s, smt_inst *in) {
  for (size_t i = 0; i < in->lay->n; i++)
    if (in->lay->leaves[i].type->kind != TY_FLOAT &&
        !smt_is_opaque(&in->lay->leaves[i]))
      smt_cell_put(s, in, i, smt_zero_cell(s, in, &in->lay->leaves[i]));
}

static void smt_init_list(smt_ctx *s, const smt_lv *lv, const ex *list,
                          unsigned *pos);

/* Evaluate the initialiser x of an opaque union for its effects and
 * obligations only. */
static void smt_init_opaque(smt_ctx *s, const smt_lv *lv, const ex *x) {
  x = ex_strip_implicit(x);
  if (x->kind == EX_INITLIST) {
    for (unsigned i = 0; i < x->nargs; i++)
      smt_init_opaque(s, lv, x->args[i]);
  } else if (x->kind == EX_STRING || smt_is_fn_addr(x)) {
    /* a constant address: no effect */
  } else if (x->type && smt_is_agg(x->type)) {
    smt_lv src = smt_lval(s, x, 0);
    if (!src.in || !src.kof || src.in->dead)
      smtz_fail(s->z, "union (%s) copied through a pointer at line %u",
               lv->type->spelling, x->line);
  } else {
    (void)smt_ev(s, x, 0);
  }
}

/* Initialise the object at lv from the element list->args[*pos]. */
static void smt_init_elem(smt_ctx *s, const smt_lv *lv, const ex *list,
                          unsigned *pos) {
  const ex *arg = list->args[*pos];
  const ex *x = ex_strip_implicit(arg);
  if (lv->type->kind == TY_UNION) {
    /* opaque: its contents are not tracked; a scalar here would start an
     * initialiser of the first member with elided braces, whose extent is
     * not worked out */
    if (x->kind != EX_INITLIST && x->type != lv->type)
      smtz_fail(s->z, "union (%s) initialised without braces at line %u",
               lv->type->spelling, x->line);
    smt_init_opaque(s, lv, x);
    (*pos)++;
    return;
  }
  if (x->kind == EX_STRING || smt_is_fn_addr(x)) {
    smt_unmod_init(s, lv, x->kind == EX_STRING ? 's' : 'f', x->line);
    (*pos)++;
    return;
  }
  if (smt_is_agg(lv->type)) {
    if (x->kind == EX_INITLIST) {
      unsigned p = 0;
      smt_init_list(s, lv, x, &p);
      if (p < x->nargs) smtz_fail(s->z, "excess initialisers at line %u", x->line);
      (*pos)++;
    } else if (x->type == lv->type) {
      smt_lv src = smt_lval(s, x, 0);
      smt_copy(s, lv, &src, 0);
      (*pos)++;
    } else {
      smt_init_list(s, lv, list, pos); /* brace elision */
    }
    return;
  }
  if (x->kind == EX_INITLIST) {
    if (x->nargs) {
      unsigned p = 0;
      smt_init_elem(s, lv, x, &p);
    }
    (*pos)++;
    return;
  }
  smt_write(s, lv, smt_conv(s, smt_ev(s, arg, 0), lv->type, 0, arg->line), 0);
  (*pos)++;
}

/* Initialise the aggregate at lv from list->args[*pos...] (the object is
 * zero already). */
static void smt_init_list(smt_ctx *s, const smt_lv *lv, const ex *list,
                          unsigned *pos) {
  const ty *T = lv->type;
  if (T->kind == TY_ARRAY) {
    for (int64_t i = 0; i < T->count && *pos < list->nargs; i++) {
      smt_lv el = smt_lv_offc(s, *lv, (uint64_t)i * T->elem->size, T->elem);
      smt_init_elem(s, &el, list, pos);
    }
  } else if (T->kind == TY_STRUCT) {
    for (unsigned i = 0; i < T->nfields && *pos < list->nargs; i++) {
      const ty_field *fd = &T->fields[i];
      smt_lv f = smt_lv_offc(s, *lv, fd->offset / 8, fd->type);
      if (fd->bitfield >= 0) {
        /* unnamed ones take no initialiser; named ones are opaque */
        if (!fd->name) continue;
        smt_init_opaque(s, &f, list->args[(*pos)++]);
        continue;
      }
      smt_init_elem(s, &f, list, pos);
    }
  } else if (T->kind == TY_UNION) {
    smt_init_opaque(s, lv, list); /* the whole braced list */
    *pos = list->nargs;
  } else {
    smt_init_elem(s, lv, list, pos);
  }
}

/* ---------- edges ---------- */

static void smt_enc_decl(smt_ctx *s, const cfa_edge *e) {
  const cfa_var *v = e->var;
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
    for (smt_inst *in = v->id < s->ntop ? s->top[v->id] : 0; in;
         in = in->shadowed)
      if (in->frame == smt_cur_frame(s)) {
        for (size_t i = 0; i < in->lay->n; i++)
          if (in->cells[i].val || in->cells[i].ver)
            smt_cell_set(s, in, i, 0, 0, false);
        break;
      }
    return;
  }
  if (stat && smt_layout_of(s, v->type)->unsupported)
    return; /* a use will fail */
  smt_lv lv = smt_lv_var(s, v, smt_frame_of(s, v), line);
  smt_inst *in = lv.in;
  if (v->is_static && !v->is_global && in->initialised) return; /* once */
  if (stat && !init && in->initialised) return; /* tentative definition again */
  smt_flag(s, in, TR_INIT);
  const ex *x = init ? ex_strip_implicit(init) : 0;
  if (!init || smt_is_agg(v->type) || x->kind == EX_INITLIST)
    smt_zero_inst(s, in);
  if (!init) return;
  if (x->kind == EX_INITLIST) {
    unsigned pos = 0;
    smt_init_list(s, &lv, x, &pos);
    if (pos < x->nargs) smtz_fail(s->z, "excess initialisers at line %u", line);
  } else if (smt_is_agg(v->type)) {
    if (x->kind == EX_STRING)
      smtz_fail(s->z, "string literal initialiser at line %u", line);
    smt_lv src = smt_lval(s, x, 0);
    smt_copy(s, &lv, &src, 0);
  } else if (x->kind == EX_STRING || smt_is_fn_addr(x)) {
    smt_unmod_init(s, &lv, x->kind == EX_STRING ? 's' : 'f', line);
  } else {
    smt_write(s, &lv, smt_conv(s, smt_ev(s, init, 0), v->type, 0, line), 0);
  }
}

/* Assign the value of expression x to the object at dst (a return value,
 * a parameter). */
static void smt_store_expr(smt_ctx *s, const smt_lv *dst, const ex *x,
                           unsigned line) {
  if (smt_is_agg(dst->type)) {
    smt_lv src = smt_lval(s, ex_strip_implicit(x), 0);
    smt_copy(s, dst, &src, 0);
  } else {
    smt_write(s, dst, smt_conv(s, smt_ev(s, x, 0), dst->type, 0, line), 0);
  }
}

static void smt_enc_call(smt_ctx *s, const cfa_edge *e) {
  const ex *call = e->expr;
  const cfa_function *fn = e->callee;
  unsigned line = e->loc.line;
  if (!call || !fn) smtz_fail(s->z, "call edge without callee at line %u", line);
  unsigned n = call->nargs;
  smt_val *vals = smtz_tmp(s->z, (n + 1) * sizeof *vals);
  smt_lv *srcs = smtz_tmp(s->z, (n + 1) * sizeof *srcs);
  for (unsigned i = 0; i < n; i++) {
    const cfa_var *p = i < fn->nparams ? fn->params[i] : 0;
    if (!p) {
      smt_effect(s, call->args[i], 0);
    } else if (smt_is_agg(p->type)) {
      srcs[i] = smt_lval(s, ex_strip_implicit(call->args[i]), 0);
    } else {
      vals[i] = smt_conv(s, smt_ev(s, call->args[i], 0), p->type, 0, line);
    }
  }
  smt_frame fr = {e, fn, ++s->next_frame, s->insts.len};
  VEC_PUSH(s->frames, fr);
  smt_tr t = {.k = TR_FPUSH};
  smt_trail(s, t);
  for (unsigned i = 0; i < n && i < fn->nparams; i++) {
    const cfa_var *p = fn->params[i];
    smt_lv dst = smt_lv_var(s, p, fr.id, line);
    if (smt_is_agg(p->type))
      smt_copy(s, &dst, &srcs[i], 0);
    else
      smt_write(s, &dst, vals[i], 0);
  }
}

static void smt_enc_return(smt_ctx *s, const cfa_edge *e) {
  unsigned line = e->loc.line;
  if (!s->frames.len || s->frames.data[s->frames.len - 1].call != e->call)
    smtz_fail(s->z, "return edge without its call on the path (line %u)", line);
  smt_frame fr = s->frames.data[s->frames.len - 1];
  const cfa_function *fn = fr.fn;
  const ex *lhs = e->call->lhs;
  smt_lv res = {0};
  smt_val v = smt_vvoid();
  if (lhs && fn->result) {
    res = smt_lv_var(s, fn->result, fr.id, line);
    if (!smt_is_agg(fn->result->type)) v = smt_read(s, &res, 0);
  }
  s->frames.len--;
  smt_tr t = {.k = TR_FPOP, .fr = fr};
  smt_trail(s, t);
  for (size_t i = fr.ninsts; i < s->insts.len; i++) {
    smt_inst *in = s->insts.data[i];
    if (in->frame == fr.id && in->escaped) smt_flag(s, in, TR_DEAD);
  }
  if (!lhs || !fn->result) return;
  smt_lv dst = smt_lval(s, lhs, 0);
  if (smt_is_agg(dst.type))
    smt_copy(s, &dst, &res, 0);
  else
    smt_write(s, &dst, smt_conv(s, v, dst.type, 0, line), 0);
}

static void smt_enc_stmt(smt_ctx *s, const cfa_edge *e) {
  const ex *x = e->expr;
  if (e->is_return) {
    const cfa_function *fn = e->from->function;
    if (!x) return;
    if (fn && fn->result) {
      smt_lv dst = smt_lv_var(s, fn->result, smt_cur_frame(s), e->loc.line);
      smt_store_expr(s, &dst, x, e->loc.line);
    } else {
      smt_effect(s, x, 0);
    }
    return;
  }
  if (x) smt_effect(s, x, 0);
}

static void smt_enc_edge(smt_ctx *s, const cfa_edge *e) {
  if (e->unsupported) smtz_fail(s->z, "%s at line %u", e->unsupported, e->loc.line);
  s->in_assume = e->kind == CFA_ASSUME;
  switch (e->kind) {
  case CFA_BLANK:
    break;
  case CFA_DECLARATION:
    if (e->decl == CFA_DECL_VAR && e->var) smt_enc_decl(s, e);
    break;
  case CFA_STATEMENT:
    smt_enc_stmt(s, e);
    break;
  case CFA_ASSUME: {
    if (!e->expr)
      smtz_fail(s->z, "assume edge without condition at line %u", e->loc.line);
    Z3_ast c = smt_truth(s, smt_ev(s, e->expr, 0), e->loc.line);
    smtc_assume(&s->c, e->truth ? c : smtz_not(s->z, c), 0);
    break;
  }
  case CFA_CALL:
    smt_enc_call(s, e);
    break;
  case CFA_RETURN:
    smt_enc_return(s, e);
    break;
  default:
    smtz_fail(s->z, "edge kind %d at line %u", (int)e->kind, e->loc.line);
  }
}

/* ---------- public API ---------- */

const char *smt_result_name(smt_result r) {
  switch (r) {
  case SMT_FEASIBLE:
    return "feasible";
  case SMT_INFEASIBLE:
    return "infeasible";
  default:
    return "unknown";
  }
}

smt_ctx *smt_new(const cfa *g, unsigned timeout_ms) {
  smt_ctx *s = mem_calloc(1, sizeof *s);
  s->g = g;
  s->ptr_bits = g->lp64 ? 64 : 32;
  s->poison_step = SIZE_MAX;
  s->next_frame = 1;
  s->ntop = g->vars.len;
  s->top = mem_calloc(s->ntop ? s->ntop : 1, sizeof *s->top);
  s->z = smtz_new();
  smtc_init(&s->c, s->z, timeout_ms);
  return s;
}

void smt_free(smt_ctx *s) {
  if (!s) return;
  smt_pop(s, s->marks.len);
  smtz_release(s->z);
  smtc_fini(&s->c);
  smtz_free(s->z);
  for (size_t i = 0; i < s->layouts.len; i++) {
    smt_layout *L = s->layouts.data[i];
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
  VEC_FREE(s->marks);
  VEC_FREE(s->memo);
  VEC_FREE(s->avers);
  VEC_FREE(s->areads);
  VEC_FREE(s->core);
  mem_free(s->poison);
  mem_free(s);
}

void smt_set_timeout(smt_ctx *s, unsigned timeout_ms) {
  s->c.timeout_ms = timeout_ms;
}

void smt_interrupt(smt_ctx *s) { Z3_interrupt(s->z->ctx); }

size_t smt_depth(const smt_ctx *s) { return s->marks.len; }

const char *smt_poisoned(const smt_ctx *s) { return s->poison; }

unsigned long smt_solver_calls(const smt_ctx *s) { return s->c.calls; }

typedef struct {
  smt_ctx *s;
  const cfa_edge *e;
} smt_enc_arg;

static void smt_enc_protected(void *arg) {
  smt_enc_arg *a = arg;
  smt_enc_edge(a->s, a->e);
}

bool smt_push_edge(smt_ctx *s, const cfa_edge *e) {
  size_t d = s->marks.len;
  smt_mark m = {e,           s->trail.len,  s->memo.len, s->avers.len,
                s->areads.len, smtc_mark_now(&s->c), d};
  if (d && e->kind == CFA_ASSUME && s->marks.data[d - 1].e->kind == CFA_ASSUME)
    m.run_start = s->marks.data[d - 1].run_start;
  VEC_PUSH(s->marks, m);
  s->core_valid = false;
  if (s->poison) return false;
  s->c.step = d;
  s->in_assume = s->discard = s->addr_of = false;
  smt_enc_arg a = {s, e};
  if (smtz_protect(s->z, smt_enc_protected, &a) != SMTZ_OK) {
    /* drop what the edge did so far; the path is poisoned from here */
    smt_undo_to(s, &s->marks.data[s->marks.len - 1]);
    smtz_release(s->z);
    s->poison = smtz_failure(s->z);
    s->poison_step = s->marks.len - 1;
    return false;
  }
  smtz_release(s->z);
  return true;
}

void smt_pop(smt_ctx *s, size_t k) {
  if (k > s->marks.len) k = s->marks.len;
  if (!k) return;
  s->marks.len -= k;
  smt_undo_to(s, &s->marks.data[s->marks.len]);
  smtc_collect(&s->c);
  if (s->poison && s->poison_step >= s->marks.len) {
    mem_free(s->poison);
    s->poison = 0;
    s->poison_step = SIZE_MAX;
  }
  s->core_valid = false;
}

/* ---------- checking and models ---------- */

static int smt_cmp_size(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

/* Read the unsat core: the assume steps into s->core. *last gets the
 * latest step of anything in the core, *obls whether obligations are in it. */
static void smt_read_core(smt_ctx *s, size_t *last, bool *obls) {
  Z3_ast_vector v = Z3_solver_get_unsat_core(s->z->ctx, s->c.solver);
  Z3_ast_vector_inc_ref(s->z->ctx, v);
  unsigned n = Z3_ast_vector_size(s->z->ctx, v);
  s->core.len = 0;
  *last = 0;
  *obls = false;
  for (unsigned i = 0; i < n; i++) {
    Z3_ast a = Z3_ast_vector_get(s->z->ctx, v, i);
    bool found = false;
    for (size_t j = 0; j < s->c.lits.len && !found; j++)
      if (s->c.lits.data[j].lit == a) {
        VEC_PUSH(s->core, s->c.lits.data[j].step);
        if (s->c.lits.data[j].step > *last) *last = s->c.lits.data[j].step;
        found = true;
      }
    for (size_t j = 0; j < s->c.obls.len && !found; j++)
      if (s->c.obls.data[j].lit == a) {
        if (s->c.obls.data[j].step > *last) *last = s->c.obls.data[j].step;
        *obls = true;
        found = true;
      }
  }
  Z3_ast_vector_dec_ref(s->z->ctx, v);
  if (s->core.len) {
    qsort(s->core.data, s->core.len, sizeof *s->core.data, smt_cmp_size);
    size_t k = 0;
    for (size_t i = 0; i < s->core.len; i++)
      if (!k || s->core.data[k - 1] != s->core.data[i])
        s->core.data[k++] = s->core.data[i];
    s->core.len = k;
  }
}

/* Can an execution that follows the path violate an obligation made at a
 * step <= upto (following the path only up to that obligation)? On SAT,
 * *which is such an obligation. */
static Z3_lbool smt_ub_reachable(smt_ctx *s, size_t upto, size_t *which) {
  Z3_ast *ways = smtz_tmp(s->z, (s->c.obls.len + 1) * sizeof *ways);
  size_t nways = 0;
  Z3_ast prefix = s->z->tru, any = s->z->fls;
  size_t j = 0;
  for (size_t k = 0; k < s->c.obls.len && s->c.obls.data[k].step <= upto; k++) {
    for (; j < s->c.lits.len && s->c.lits.data[j].step < s->c.obls.data[k].step; j++)
      prefix = smtz_and(s->z, prefix, s->c.lits.data[j].lit);
    Z3_ast w = smtz_and(s->z, prefix, smtz_not(s->z, s->c.obls.data[k].lit));
    ways[nways++] = w;
    any = smtz_or(s->z, any, w);
  }
  /* asserted behind a fresh literal, not logged: garbage once checked */
  Z3_ast act = smtc_activate(&s->c, any);
  Z3_lbool r = smtc_solve(&s->c, 0, false, act);
  if (r == Z3_L_TRUE) {
    *which = 0;
    Z3_model m = Z3_solver_get_model(s->z->ctx, s->c.solver);
    if (m) {
      Z3_model_inc_ref(s->z->ctx, m);
      for (size_t k = 0; k < nways; k++) {
        Z3_ast v = 0;
        if (Z3_model_eval(s->z->ctx, m, ways[k], true, &v) && v &&
            Z3_get_bool_value(s->z->ctx, v) == Z3_L_TRUE) {
          *which = k;
          break;
        }
      }
      Z3_model_dec_ref(s->z->ctx, m);
    }
  }
  smtc_retire(&s->c, act);
  return r;
}

/* Decimal rendering of an unsigned decimal string as a value of `bits`
 * bits, signed when sgn. */
static char *smt_render_dec(const char *dec, unsigned bits, bool sgn) {
  unsigned __int128 u = 0;
  for (const char *p = dec; *p >= '0' && *p <= '9'; p++)
    u = u * 10 + (unsigned)(*p - '0');
  bool neg = false;
  if (sgn && bits && bits <= 128 && (u >> (bits - 1)) & 1) {
    unsigned __int128 m = bits == 128 ? ~(unsigned __int128)0
                                      : (((unsigned __int128)1 << bits) - 1);
    u = ((~u) + 1) & m;
    neg = true;
  }
  char buf[48], *q = buf + sizeof buf;
  *--q = 0;
  do {
    *--q = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u);
  if (neg) *--q = '-';
  return mem_strdup(q);
}

/* A scalar numeral of type T as C would print it. */
static char *smt_render_num(smt_ctx *s, Z3_ast v, const ty *T) {
  if (!v || !Z3_is_numeral_ast(s->z->ctx, v)) return mem_strdup("?");
  char *dec = mem_strdup(Z3_get_numeral_string(s->z->ctx, v));
  char *r;
  if (T->kind == TY_POINTER) { /* the address: offset of object 0 */
    unsigned __int128 u = 0;
    for (const char *p = dec; *p; p++)
      u = u * 10 + (unsigned)(*p - '0');
    char buf[32];
    snprintf(buf, sizeof buf, "%" PRIu64, (uint64_t)u);
    r = mem_strdup(buf);
  } else {
    r = smt_render_dec(dec, ty_bits(T), T->kind == TY_INT && T->is_signed);
  }
  mem_free(dec);
  return r;
}

static void smt_sb(char **b, size_t *len, const char *add) {
  size_t n = strlen(add);
  *b = mem_realloc(*b, *len + n + 1);
  memcpy(*b + *len, add, n + 1);
  *len += n;
}

static char *smt_render_input(smt_ctx *s, Z3_model m, const smtc_input *in) {
  if (in->type->kind == TY_FLOAT) return mem_strdup("0.0");
  if (!in->count) return smt_render_num(s, smtz_eval(s->z, m, in->term), in->type);
  /* the elements the path read; the others do not matter (shown as 0) */
  size_t n = 0;
  for (size_t j = 0; j < s->areads.len; j++)
    n += s->areads.data[j].base == in->base;
  uint64_t *idx = mem_calloc(n + 1, sizeof *idx);
  char **val = mem_calloc(n + 1, sizeof *val);
  size_t k = 0;
  for (size_t j = 0; j < s->areads.len; j++) {
    const smt_aread *r = &s->areads.data[j];
    if (r->base != in->base) continue;
    Z3_ast iv = smtz_eval(s->z, m, r->idx);
    uint64_t u;
    if (!iv || !Z3_is_numeral_ast(s->z->ctx, iv) ||
        !Z3_get_numeral_uint64(s->z->ctx, iv, &u) || u >= in->count)
      continue;
    bool dup = false;
    for (size_t q = 0; q < k; q++)
      dup |= idx[q] == u;
    if (dup) continue;
    idx[k] = u;
    val[k++] = smt_render_num(s, smtz_eval(s->z, m, r->val), in->type);
  }
  char *b = mem_strdup("{");
  size_t len = 1;
  if (in->count <= SMT_DENSE_ARRAY) {
    for (uint64_t e = 0; e < in->count; e++) {
      const char *v = "0";
      for (size_t q = 0; q < k; q++)
        if (idx[q] == e) v = val[q];
      if (e) smt_sb(&b, &len, ", ");
      smt_sb(&b, &len, v);
    }
  } else {
    for (size_t q = 0; q < k; q++) { /* ascending indices */
      size_t best = q;
      for (size_t t = q + 1; t < k; t++)
        if (idx[t] < idx[best]) best = t;
      uint64_t ti = idx[q];
      char *tv = val[q];
      idx[q] = idx[best];
      val[q] = val[best];
      idx[best] = ti;
      val[best] = tv;
      char buf[40];
      snprintf(buf, sizeof buf, "%s[%" PRIu64 "]=", q ? ", " : "", idx[q]);
      smt_sb(&b, &len, buf);
      smt_sb(&b, &len, val[q]);
    }
  }
  for (size_t q = 0; q < k; q++)
    mem_free(val[q]);
  mem_free(idx);
  mem_free(val);
  smt_sb(&b, &len, "}");
  return b;
}

void smt_model_free(smt_model *m) {
  if (!m) return;
  for (size_t i = 0; i < m->ninputs; i++) {
    mem_free(m->inputs[i].function);
    mem_free(m->inputs[i].type);
    mem_free(m->inputs[i].value);
  }
  mem_free(m->inputs);
  mem_free(m);
}

static smt_model *smt_make_model(smt_ctx *s, smt_model **building,
                                 Z3_model *zm) {
  Z3_model m = Z3_solver_get_model(s->z->ctx, s->c.solver);
  if (!m) return 0;
  Z3_model_inc_ref(s->z->ctx, m);
  *zm = m;
  smt_model *r = *building = mem_calloc(1, sizeof *r);
  r->inputs = mem_calloc(s->c.inputs.len + 1, sizeof *r->inputs);
  for (size_t i = 0; i < s->c.inputs.len; i++) {
    const smtc_input *in = &s->c.inputs.data[i];
    if (in->guard) {
      Z3_ast gv = smtz_eval(s->z, m, in->guard);
      if (gv && Z3_get_bool_value(s->z->ctx, gv) == Z3_L_FALSE) continue;
    }
    smt_input *o = &r->inputs[r->ninputs];
    o->index = r->ninputs++; /* counted first: freed if rendering fails */
    o->kind = in->kind;
    o->function = mem_strdup(in->name);
    o->line = in->line;
    o->type = in->count ? mem_printf("%s[]", in->type->spelling)
                        : mem_strdup(in->type->spelling);
    o->step = in->step;
    o->value = smt_render_input(s, m, in);
  }
  Z3_model_dec_ref(s->z->ctx, m);
  *zm = 0;
  *building = 0;
  return r;
}

static smt_result smt_check_body(smt_ctx *s, smt_model **model_out,
                                 char **reason_out) {
  smt_result res;
  char *reason = 0;
  if (!model_out && !s->poison && s->sat_valid && s->sat_epoch == s->c.epoch &&
      s->sat_lits == s->c.lits.len && s->sat_obls == s->c.obls.len)
    return SMT_FEASIBLE;
  Z3_lbool r = smtc_solve(&s->c, SIZE_MAX, true, 0);
  s->sat_valid = r == Z3_L_TRUE && !s->poison;
  s->sat_epoch = s->c.epoch;
  s->sat_lits = s->c.lits.len;
  s->sat_obls = s->c.obls.len;
  if (r == Z3_L_TRUE) {
    if (s->poison) {
      res = SMT_UNKNOWN;
      reason = mem_strdup(s->poison);
    } else {
      res = SMT_FEASIBLE;
      if (model_out &&
          !(*model_out = smt_make_model(s, &s->building, &s->zmodel))) {
        res = SMT_UNKNOWN;
        reason = mem_strdup("the solver gave no model");
      }
    }
  } else if (r == Z3_L_UNDEF) {
    res = SMT_UNKNOWN;
    reason = smtc_reason_unknown(&s->c, s->c.solver);
  } else {
    /* infeasible, unless undefined behaviour can happen on the way to the
     * contradiction: after it the program may do anything */
    size_t last, which;
    bool obls;
    smt_read_core(s, &last, &obls);
    res = SMT_INFEASIBLE;
    bool any_obl = s->c.obls.len && s->c.obls.data[0].step <= last;
    Z3_lbool u = any_obl ? smt_ub_reachable(s, last, &which) : Z3_L_FALSE;
    if (u == Z3_L_TRUE) {
      res = SMT_UNKNOWN;
      reason = mem_printf("undefined behaviour on the path: %s",
                       s->c.obls.data[which].reason);
    } else if (u == Z3_L_UNDEF) {
      res = SMT_UNKNOWN;
      reason = smtc_reason_unknown(&s->c, s->c.solver);
    } else if (obls) {
      /* the obligations follow from the path: a core of literals alone */
      Z3_lbool r2 = smtc_solve(&s->c, last + 1, false, 0);
      if (r2 == Z3_L_FALSE) {
        bool o2;
        smt_read_core(s, &last, &o2);
      } else {
        res = SMT_UNKNOWN;
        reason = r2 == Z3_L_UNDEF ? smtc_reason_unknown(&s->c, s->c.solver)
                                  : mem_strdup("inconsistent solver answers");
      }
    }
    if (res != SMT_INFEASIBLE) s->core.len = 0;
    s->core_valid = res == SMT_INFEASIBLE;
  }
  smtz_release(s->z);
  if (reason_out)
    *reason_out = reason;
  else
    mem_free(reason);
  return res;
}

typedef struct {
  smt_ctx *s;
  smt_model **model_out;
  char **reason_out;
  smt_result res;
} smt_check_arg;

static void smt_check_protected(void *arg) {
  smt_check_arg *a = arg;
  a->res = smt_check_body(a->s, a->model_out, a->reason_out);
}

smt_result smt_check(smt_ctx *s, smt_model **model_out, char **reason_out) {
  if (model_out) *model_out = 0;
  if (reason_out) *reason_out = 0;
  s->core_valid = false;
  s->core.len = 0;
  s->building = 0;
  s->zmodel = 0;
  /* Z3 errors while checking and rendering a model end here */
  smt_check_arg a = {s, model_out, reason_out, SMT_UNKNOWN};
  if (smtz_protect(s->z, smt_check_protected, &a) != SMTZ_OK) {
    smt_model_free(s->building);
    if (s->zmodel) Z3_model_dec_ref(s->z->ctx, s->zmodel);
    s->building = 0;
    s->zmodel = 0;
    smtz_release(s->z);
    s->sat_valid = s->core_valid = false;
    s->core.len = 0;
    char *fail = smtz_failure(s->z);
    if (reason_out)
      *reason_out = fail;
    else
      mem_free(fail);
    return SMT_UNKNOWN;
  }
  return a.res;
}

smt_result smt_check_path(smt_ctx *s, const cfa_edge *const *path, size_t n,
                          smt_model **model_out, char **reason_out) {
  smt_pop(s, s->marks.len);
  for (size_t i = 0; i < n; i++)
    if (!smt_push_edge(s, path[i])) {
      /* the rest cannot be encoded; keep the depth equal to n */
      for (size_t j = i + 1; j < n; j++)
        smt_push_edge(s, path[j]);
      break;
    }
  return smt_check(s, model_out, reason_out);
}

size_t smt_infeasible_core(smt_ctx *s, size_t **steps_out) {
  *steps_out = 0;
  if (!s->core_valid || !s->core.len) return 0;
  *steps_out = mem_alloc(s->core.len * sizeof **steps_out);
  memcpy(*steps_out, s->core.data, s->core.len * sizeof **steps_out);
  return s->core.len;
}
