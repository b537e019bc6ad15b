/* smtm_layout: the values and layouts of the memory model (see smtm.h):
 * the bit width of a type's values, and the layout of a type, its scalar
 * leaves (struct fields flattened, arrays with dimensions, byte regions
 * for unions and bit-fields, opaque leaves for large unions), cached per
 * type in the smtm state; and the lookups of a leaf or a region at a byte
 * offset. Knows types only, no instance and no path. */
#include "smtm.h"
#include "smtm_int.h"

#include <inttypes.h>
#include <string.h>

/* ---------- values ---------- */

/* The leaf types of byte regions (see smtm.h). */
static const ty smtm_ty_byte = {.kind = TY_INT,
                                .is_complete = true,
                                .size = 1,
                                .spelling = "unsigned char"};
static const ty smtm_ty_taint = {
    .kind = TY_INT, .is_complete = true, .size = 1, .spelling = "<taint>"};
const ty smtm_ty_raw = {
    .kind = TY_INT, .is_complete = true, .size = 1, .spelling = "<raw byte>"};
const ty smtm_ty_slot = {.kind = TY_INT,
                         .is_complete = true,
                         .size = 11,
                         .spelling = "<pointer slot>"};

unsigned smtm_bits(smtm *s, const ty *t) {
  if (t->kind == TY_POINTER) return SMTM_PTR_BITS;
  if (t == &smtm_ty_taint) return 1;
  if (t == &smtm_ty_raw) return 9;
  if (t == &smtm_ty_slot) return SMTM_PTR_BITS + 1;
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
  lf.dense = lf.ndims > 0;
  for (unsigned i = 0; i + 1 < lf.ndims; i++)
    lf.dense &= lf.stride[i] == lf.count[i + 1] * lf.stride[i + 1];
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

/* The offsets (ascending, at most SMTM_MAX_SLOTS) of the pointers inside
 * an object of type t at offset base. */
static void smtm_ptr_offsets(const ty *t, uint64_t base, uint64_t *offs,
                             unsigned *n, int depth) {
  if (*n >= SMTM_MAX_SLOTS || depth > 32) return;
  if (t->kind == TY_POINTER) {
    unsigned i = 0;
    while (i < *n && offs[i] < base)
      i++;
    if (i < *n && offs[i] == base) return;
    memmove(offs + i + 1, offs + i, (*n - i) * sizeof *offs);
    offs[i] = base;
    ++*n;
  } else if (t->kind == TY_ARRAY && t->elem && t->elem->size) {
    for (int64_t i = 0; i < t->count && *n < SMTM_MAX_SLOTS; i++)
      smtm_ptr_offsets(t->elem, base + (uint64_t)i * t->elem->size, offs, n,
                       depth + 1);
  } else if (t->kind == TY_STRUCT || t->kind == TY_UNION) {
    for (unsigned i = 0; i < t->nfields; i++)
      if (t->fields[i].bitfield < 0)
        smtm_ptr_offsets(t->fields[i].type, base + t->fields[i].offset / 8,
                         offs, n, depth + 1);
  }
}

/* A byte region of len bytes at byte base (see smtm.h): data bytes, for a
 * union (taint) also taint bytes and the pointer slots at offs; byte k is
 * named path+(noff+k). */
static bool smtm_region(smtm_lbuild *b, uint64_t base, uint64_t len,
                        const smtm_leaf *dims, const char *path, uint64_t noff,
                        bool taint, const uint64_t *offs, unsigned nslots) {
  size_t first = b->leaves.len;
  for (int r = 0; r < (taint ? 3 : 1); r++) {
    uint64_t n = r == 2 ? nslots : len;
    for (uint64_t k = 0; k < n; k++) {
      uint64_t at = r == 2 ? offs[k] : k;
      smtm_leaf *lf = smtm_leaf_add(b,
                                    r == 0   ? &smtm_ty_byte
                                    : r == 1 ? &smtm_ty_taint
                                             : &smtm_ty_slot,
                                    base + at, dims,
                                    mem_printf("%s+%" PRIu64, path, noff + at));
      if (!lf) return false;
      lf->role = "bts"[r];
      lf->rpos = (unsigned)at;
      lf->rlen = (unsigned)len;
      lf->rtaint = taint;
      lf->nslots = taint ? nslots : 0;
      lf->rfirst = first;
    }
  }
  b->L->has_region = true;
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
    return smtm_leaf_add(b, t, base, dims, mem_strdup(path)) != 0;
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
    uint64_t prev_end = 0;
    for (unsigned i = 0; i < t->nfields; i++) {
      const ty_field *f = &t->fields[i];
      if (f->bitfield >= 0) {
        /* a run of adjacent bit-fields: a region over the bytes between
         * the members around it (their storage units and padding) */
        uint64_t lo = prev_end, hi = 0;
        for (;; i++) {
          const ty_field *g = &t->fields[i];
          uint64_t e = (g->offset + (uint64_t)g->bitfield + 7) / 8;
          if (g->offset / 8 < lo) lo = g->offset / 8;
          if (e > hi) hi = e;
          if (i + 1 == t->nfields || t->fields[i + 1].bitfield < 0) break;
        }
        uint64_t next =
            i + 1 < t->nfields ? t->fields[i + 1].offset / 8 : t->size;
        if (next > hi) hi = next;
        prev_end = hi;
        if (hi > lo &&
            !smtm_region(b, base + lo, hi - lo, dims, path, lo, false, 0, 0))
          return false;
        continue;
      }
      prev_end = f->offset / 8 + f->type->size;
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
    if (t->size <= SMTM_MAX_REGION) {
      uint64_t offs[SMTM_MAX_SLOTS];
      unsigned n = 0;
      smtm_ptr_offsets(t, 0, offs, &n, 0);
      return smtm_region(b, base, t->size, dims, path, 0, true, offs, n);
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

bool smtm_compat(const ty *leaf, const ty *acc) {
  if (acc == &smtm_ty_raw || acc == &smtm_ty_slot) return false;
  if (ty_is_integer(leaf) && ty_is_integer(acc)) return leaf->size == acc->size;
  if (leaf->kind == TY_POINTER && acc->kind == TY_POINTER) return true;
  if (leaf->kind == TY_FLOAT && acc->kind == TY_FLOAT)
    return leaf->size == acc->size;
  return false;
}

bool smtm_is_opaque(const smtm_leaf *lf) { return lf->opaque; }

/* Offset off (at or past lf->base) as an element of leaf lf: true with
 * its linear index (*lin) and the offset within the element (*rest) when
 * every dimension's index is in range. */
static bool smtm_element(const smtm_leaf *lf, uint64_t off, uint64_t *lin,
                         uint64_t *rest) {
  uint64_t rel = off - lf->base, l = 0;
  for (unsigned k = 0; k < lf->ndims; k++) {
    uint64_t ik = rel / lf->stride[k];
    if (ik >= lf->count[k]) return false;
    rel %= lf->stride[k];
    l = l * lf->count[k] + ik;
  }
  *lin = l;
  *rest = rel;
  return true;
}

/* The union leaf whose bytes (in some element) include offset off. */
const smtm_leaf *smtm_union_at(const smtm_layout *L, uint64_t off) {
  if (!L->has_opaque) return 0;
  for (size_t i = 0; i < L->n; i++) {
    const smtm_leaf *lf = &L->leaves[i];
    if (!smtm_is_opaque(lf) || off < lf->base) continue;
    uint64_t lin, rel;
    if (smtm_element(lf, off, &lin, &rel) && rel < lf->osize) return lf;
  }
  return 0;
}

/* The leaf element at constant offset off (any type when acc is NULL). */
bool smtm_leaf_at(const smtm_layout *L, uint64_t off, const ty *acc,
                  size_t *leaf, uint64_t *idx) {
  for (size_t i = 0; i < L->n; i++) {
    const smtm_leaf *lf = &L->leaves[i];
    if (lf->opaque || lf->role || (acc && !smtm_compat(lf->type, acc)))
      continue;
    if (off < lf->base) continue;
    uint64_t lin, rel;
    if (smtm_element(lf, off, &lin, &rel) && rel == 0) {
      *leaf = i;
      *idx = lin;
      return true;
    }
  }
  return false;
}

/* The region of L that holds the bytes [off, off + n) in one element: its
 * data byte 0 (*first), the element (*idx) and the position (*pos). */
bool smtm_region_at(const smtm_layout *L, uint64_t off, uint64_t n,
                    size_t *first, uint64_t *idx, unsigned *pos) {
  if (!L->has_region) return false;
  for (size_t i = 0; i < L->n; i++) {
    const smtm_leaf *lf = &L->leaves[i];
    if (lf->role != 'b' || lf->rpos || off < lf->base) continue;
    uint64_t lin, rel;
    if (smtm_element(lf, off, &lin, &rel) && rel + n <= lf->rlen) {
      *first = i;
      *idx = lin;
      *pos = (unsigned)rel;
      return true;
    }
  }
  return false;
}
