#include "value.h"

#include "lib/mem.h"
#include "lib/sbuf.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---------- precision ---------- */

static bool is_record(const ty *t) {
  return t && (t->kind == TY_STRUCT || t->kind == TY_UNION);
}

/* The variable whose storage lvalue e designates through `.` and the
 * indexing of arrays (not pointers), or NULL. */
static const cfa_var *rec_base(const ex *e) {
  for (;;) {
    e = ex_strip_implicit(e);
    if (!e) return 0;
    if (e->kind == EX_VAR) return e->var;
    if (e->kind == EX_MEMBER && !e->arrow)
      e = e->a;
    else if (e->kind == EX_INDEX && e->a && ex_strip_implicit(e->a)->type &&
             ex_strip_implicit(e->a)->type->kind == TY_ARRAY)
      e = e->a;
    else
      return 0;
  }
}

/* Mark the variables part of whose storage e lets escape: an address
 * taken, an array used as a value (not indexed). */
static void rec_escapes(const ex *e, unsigned char *esc, unsigned n,
                        bool indexed) {
  if (!e) return;
  const cfa_var *v = 0;
  if (e->kind == EX_UNARY && e->op == EX_OP_ADDR) v = rec_base(e->a);
  if (e->kind == EX_CAST && !indexed && e->a && e->a->type &&
      e->a->type->kind == TY_ARRAY)
    v = rec_base(e->a);
  if (v && v->id < n) esc[v->id] = 1;
  rec_escapes(e->a, esc, n, e->kind == EX_INDEX);
  rec_escapes(e->b, esc, n, false);
  rec_escapes(e->c, esc, n, false);
  for (unsigned i = 0; i < e->nargs; i++)
    rec_escapes(e->args[i], esc, n, false);
}

void val_precision_init(val_precision *p, const cfa *g) {
  p->nvars = (unsigned)g->vars.len;
  p->bit = mem_calloc(p->nvars + 1, 1);
  p->record = mem_calloc(p->nvars + 1, 1);
  p->count = p->pointers = 0;
  unsigned char *esc = mem_calloc(p->nvars + 1, 1);
  for (size_t i = 0; i < g->edges.len; i++) {
    rec_escapes(g->edges.data[i]->expr, esc, p->nvars, false);
    rec_escapes(g->edges.data[i]->lhs, esc, p->nvars, false);
  }
  for (unsigned i = 0; i < p->nvars; i++) {
    const cfa_var *v = g->vars.data[i];
    p->record[i] = is_record(v->type) && v->type->is_complete &&
                   v->type->size && v->type->size <= VAL_MAX_RECORD &&
                   !v->address_taken && !esc[i];
  }
  mem_free(esc);
}

void val_precision_free(val_precision *p) {
  mem_free(p->bit);
  mem_free(p->record);
  p->bit = p->record = 0;
}

/* A pointer to a function: its known values are function addresses (see
 * fn_value) and NULL. */
static bool is_fnptr(const ty *t) {
  return t && t->kind == TY_POINTER && t->elem && t->elem->kind == TY_FUNCTION;
}

static bool is_fn(const ty *t) { return t && t->kind == TY_FUNCTION; }

bool val_precision_add(val_precision *p, const cfa_var *v) {
  if (v->id >= p->nvars || p->bit[v->id]) return false;
  if (v->address_taken) return false;
  ty_kind k = v->type->kind;
  if (k != TY_INT && k != TY_BOOL && !is_fnptr(v->type) && !p->record[v->id])
    return false;
  p->bit[v->id] = 1;
  p->count++;
  return true;
}

static bool is_dptr(const ty *t) { return ex_is_data_pointer(t); }

bool val_precision_add_pointer(val_precision *p, const cfa_var *v) {
  if (v->id >= p->nvars || p->bit[v->id] || v->address_taken ||
      !is_dptr(v->type))
    return false;
  p->bit[v->id] = 1;
  p->count++;
  p->pointers++;
  return true;
}

bool val_precision_has(const val_precision *p, unsigned var) {
  return var < p->nvars && p->bit[var];
}

/* ---------- states ---------- */

static const val_state val_empty = {0};

const val_state *val_initial(void) { return &val_empty; }

static int key_cmp(unsigned va, unsigned sa, unsigned vb, unsigned sb) {
  if (va != vb) return va < vb ? -1 : 1;
  return sa < sb ? -1 : sa > sb;
}

bool val_get(const val_state *s, unsigned var, uint64_t *bits) {
  unsigned lo = 0, hi = s->n;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    int c = key_cmp(s->e[mid].var, s->e[mid].sub, var, 0);
    if (!c) {
      *bits = s->e[mid].bits;
      return true;
    }
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return false;
}

uint64_t val_hash(const val_state *s) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ s->n;
  for (unsigned i = 0; i < s->n; i++) {
    h = (h ^ s->e[i].var) * 0x100000001b3ull;
    h = (h ^ s->e[i].sub) * 0x100000001b3ull;
    h = (h ^ s->e[i].bits) * 0x100000001b3ull;
  }
  return h;
}

/* Field by field: val_entry may have padding, which memcmp would read. */
static bool val_entries_equal(const val_entry *a, const val_entry *b,
                              unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (a[i].var != b[i].var || a[i].sub != b[i].sub || a[i].bits != b[i].bits)
      return false;
  return true;
}

bool val_equal(const val_state *a, const val_state *b) {
  return a->n == b->n && val_entries_equal(a->e, b->e, a->n);
}

/* A mutable map during one transfer. */
typedef struct {
  VEC(val_entry) e;
  const val_precision *p;
  const cfa *g;
  bool infeasible;
} vmap;

static void vm_from(vmap *m, const val_state *s) {
  m->e.len = 0;
  for (unsigned i = 0; i < s->n; i++)
    VEC_PUSH(m->e, s->e[i]);
}

static long vm_find(const vmap *m, unsigned var, unsigned sub) {
  for (size_t i = 0; i < m->e.len; i++)
    if (m->e.data[i].var == var && m->e.data[i].sub == sub) return (long)i;
  return -1;
}

/* Forget var (every byte of a record). */
static void vm_kill(vmap *m, unsigned var) {
  for (size_t i = 0; i < m->e.len;)
    if (m->e.data[i].var == var)
      m->e.data[i] = m->e.data[--m->e.len];
    else
      i++;
}

static void vm_set_sub(vmap *m, unsigned var, unsigned sub, uint64_t bits) {
  if (!val_precision_has(m->p, var)) return;
  long i = vm_find(m, var, sub);
  if (i >= 0)
    m->e.data[i].bits = bits;
  else {
    val_entry x = {var, sub, bits};
    VEC_PUSH(m->e, x);
  }
}

/* A tracked data pointer known to point into no object with an offset
 * not known (an uninitialised pointer: what smtm's fresh pointers are) has
 * this entry instead of a value (val_entry.sub); one whose value is known
 * points into no object too, being made only of integers (value.h). */
#define SUB_NOOBJ UINT_MAX

static void vm_set(vmap *m, unsigned var, uint64_t bits) {
  long i = vm_find(m, var, SUB_NOOBJ);
  if (i >= 0) m->e.data[i] = m->e.data[--m->e.len];
  vm_set_sub(m, var, 0, bits);
}

/* var, a tracked data pointer, now points into no object. */
static void vm_set_noobj(vmap *m, unsigned var) {
  if (!val_precision_has(m->p, var)) return;
  vm_kill(m, var);
  val_entry x = {var, SUB_NOOBJ, 0};
  VEC_PUSH(m->e, x);
}

/* Whether v, a tracked data pointer, is known to point into no object (a
 * value known, or SUB_NOOBJ). */
static bool vm_noobj_var(const vmap *m, const cfa_var *v) {
  return v && is_dptr(v->type) &&
         (vm_find(m, v->id, SUB_NOOBJ) >= 0 || vm_find(m, v->id, 0) >= 0);
}

/* Whether e is a pointer into no object whose offset is not known: such a
 * variable, an address inside what such a pointer or one whose value is
 * known points to (`&p->f`, `p->arr` as a value, `&p[i]`), or one of
 * these moved by pointer arithmetic (smtm keeps the object). */
static bool vm_noobj_unknown(const vmap *m, const ex *e) {
  for (int depth = 0; e && depth < 64; depth++) {
    if (e->kind == EX_CAST && is_dptr(e->type) && e->a && is_dptr(e->a->type)) {
      e = e->a;
    } else if (e->kind == EX_VAR) {
      return e->var && is_dptr(e->var->type) &&
             vm_find(m, e->var->id, SUB_NOOBJ) >= 0;
    } else if (e->kind == EX_BINARY &&
               (e->op == EX_OP_ADD || e->op == EX_OP_SUB) && is_dptr(e->type)) {
      e = e->a && is_dptr(e->a->type) ? e->a : e->b;
    } else if ((e->kind == EX_UNARY && e->op == EX_OP_ADDR) ||
               (e->kind == EX_CAST && e->a && e->a->type &&
                e->a->type->kind == TY_ARRAY && is_dptr(e->type))) {
      /* the address of an lvalue: through which pointer it is reached */
      const ex *p = ex_access_pointer(e->a);
      return p && vm_noobj_var(m, ex_pointer_var(p));
    } else
      return false;
  }
  return false;
}

static int vm_cmp(const void *a, const void *b) {
  const val_entry *x = a, *y = b;
  return key_cmp(x->var, x->sub, y->var, y->sub);
}

/* Keep in m only the entries t has too, with the same bits (the join of
 * two outcomes). */
static void vm_meet(vmap *m, const vmap *t) {
  for (size_t i = 0; i < m->e.len;) {
    long j = vm_find(t, m->e.data[i].var, m->e.data[i].sub);
    if (j < 0 || t->e.data[j].bits != m->e.data[i].bits)
      m->e.data[i] = m->e.data[--m->e.len];
    else
      i++;
  }
}

static const val_state *vm_freeze(vmap *m) {
  if (m->e.len) qsort(m->e.data, m->e.len, sizeof *m->e.data, vm_cmp);
  val_state *s = mem_alloc(sizeof *s + m->e.len * sizeof *s->e);
  s->n = (unsigned)m->e.len;
  if (m->e.len) memcpy(s->e, m->e.data, m->e.len * sizeof *s->e);
  return s;
}

/* ---------- C integer arithmetic on bit patterns ---------- */

static unsigned width(const ty *t) {
  if (!t) return 0;
  if (t->kind == TY_INT || t->kind == TY_BOOL || t->kind == TY_POINTER) {
    unsigned w = ty_bits(t);
    return w > 64 ? 0 : w;
  }
  return 0;
}

static uint64_t trunc_to(uint64_t v, unsigned w) {
  return w >= 64 ? v : v & ((1ull << w) - 1);
}

static int64_t sext(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  uint64_t m = 1ull << (w - 1);
  v = trunc_to(v, w);
  return (int64_t)((v ^ m) - m);
}

static bool is_signed(const ty *t) {
  return t && t->kind == TY_INT && t->is_signed;
}

/* Value of x converted from type `from` to type `to`. Function addresses
 * are known only as such: the value of a function pointer (or designator)
 * converts to another function pointer and nothing else, and a function
 * pointer's known values come only from functions and NULL. */
static bool convert(uint64_t x, const ty *from, const ty *to, uint64_t *out) {
  bool ff = is_fnptr(from) || is_fn(from), tf = is_fnptr(to);
  if (ff || tf) {
    if (ff != tf && !(tf && x == 0)) return false;
    *out = x;
    return true;
  }
  unsigned wf = width(from), wt = width(to);
  if (!wf || !wt) return false;
  if (to->kind == TY_BOOL) {
    *out = trunc_to(x, wf) != 0;
    return true;
  }
  uint64_t v = is_signed(from) ? (uint64_t)sext(x, wf) : trunc_to(x, wf);
  *out = trunc_to(v, wt);
  return true;
}

static bool exec(vmap *m, const ex *e, uint64_t *out);

/* The value of the address of the function called name: its number in
 * g->functions (then g->extern_fns) plus one, so no function is NULL.
 * Nothing else gives a function pointer a known value (convert). */
static bool fn_value(const cfa *g, const char *name, uint64_t *out) {
  if (!name) return false;
  for (size_t i = 0; i < g->functions.len; i++)
    if (!strcmp(g->functions.data[i]->name, name)) {
      *out = i + 1;
      return true;
    }
  for (size_t j = 0; j < g->extern_fns.len; j++)
    if (!strcmp(g->extern_fns.data[j].name, name)) {
      *out = g->functions.len + j + 1;
      return true;
    }
  return false;
}

/* ---------- records, byte by byte ---------- */

/* A record byte's entry (sub = its offset): bits 0-7 the value of the bits
 * known, 8-15 which bits are known (never 0: an unknown byte has no entry);
 * with CELL_FN set (all known) it is byte CELL_IDX of the address of
 * function CELL_FNV (fn_value), whose integer image is not modelled. */
#define CELL_FN (1ull << 16)
#define CELL_VAL(c) ((unsigned)((c)&0xff))
#define CELL_MASK(c) ((unsigned)(((c) >> 8) & 0xff))
#define CELL_IDX(c) ((unsigned)(((c) >> 24) & 0xff))
#define CELL_FNV(c) ((c) >> 32)

static bool cell_get(const vmap *m, unsigned var, unsigned off, uint64_t *c) {
  long i = vm_find(m, var, off);
  if (i < 0) return false;
  *c = m->e.data[i].bits;
  return true;
}

static void cell_put(vmap *m, unsigned var, unsigned off, uint64_t c) {
  if (c & CELL_FN || CELL_MASK(c))
    vm_set_sub(m, var, off, c);
  else {
    long i = vm_find(m, var, off);
    if (i >= 0) m->e.data[i] = m->e.data[--m->e.len];
  }
}

/* Forget the bytes [off, off + n) of var. */
static void cell_forget(vmap *m, unsigned var, uint64_t off, uint64_t n) {
  for (size_t i = 0; i < m->e.len;)
    if (m->e.data[i].var == var && m->e.data[i].sub >= off &&
        m->e.data[i].sub < off + n)
      m->e.data[i] = m->e.data[--m->e.len];
    else
      i++;
}

/* Where an lvalue is, for the domain. */
typedef enum {
  LV_NONE, /* no tracked variable's storage (or not an lvalue) */
  LV_VAR,  /* a scalar variable */
  LV_REC,  /* a part of a record at a known position */
  LV_ANY   /* a part of a record at a position not known */
} lv_kind;

typedef struct {
  lv_kind k;
  const cfa_var *v;
  uint64_t bit; /* LV_REC: offset in bits from the record's start */
  const ty *t;  /* the lvalue's type */
  int bfw;      /* bit-field width, -1 when not a bit-field */
} vloc;

/* The member called name of record T: *bit its offset; through anonymous
 * members. */
static const ty_field *rec_field(const ty *T, const char *name, uint64_t *bit,
                                 int depth) {
  if (!is_record(T) || !name || depth > 16) return 0;
  for (unsigned i = 0; i < T->nfields; i++)
    if (T->fields[i].name && !strcmp(T->fields[i].name, name)) {
      *bit += T->fields[i].offset;
      return &T->fields[i];
    }
  for (unsigned i = 0; i < T->nfields; i++) {
    const ty_field *f = &T->fields[i];
    if (f->name || f->bitfield >= 0) continue;
    uint64_t b = *bit + f->offset;
    const ty_field *r = rec_field(f->type, name, &b, depth + 1);
    if (r) {
      *bit = b;
      return r;
    }
  }
  return 0;
}

static bool exec(vmap *m, const ex *e, uint64_t *out);

/* Resolve lvalue e, with the side effects of evaluating it (its indices),
 * once. */
static vloc lval(vmap *m, const ex *e) {
  vloc L = {LV_NONE, 0, 0, e ? e->type : 0, -1};
  uint64_t x;
  e = ex_strip_implicit(e);
  if (!e) return L;
  L.t = e->type;
  switch (e->kind) {
  case EX_VAR:
    if (!e->var) return L;
    L.v = e->var;
    L.k = is_record(e->var->type) ? LV_REC : LV_VAR;
    return L;
  case EX_MEMBER: {
    if (e->arrow) {
      exec(m, e->a, &x);
      return L;
    }
    vloc B = lval(m, e->a);
    if (B.k != LV_REC && B.k != LV_ANY) {
      L.k = LV_NONE;
      return L;
    }
    L.v = B.v;
    L.k = B.k;
    uint64_t bit = B.bit;
    const ty_field *f = rec_field(B.t, e->text, &bit, 0);
    if (!f) {
      L.k = LV_ANY;
      return L;
    }
    L.bit = bit;
    L.bfw = f->bitfield;
    return L;
  }
  case EX_INDEX: {
    const ex *a = ex_strip_implicit(e->a);
    if (!a || !a->type || a->type->kind != TY_ARRAY) {
      exec(m, e->a, &x);
      exec(m, e->b, &x);
      return L;
    }
    vloc B = lval(m, a);
    bool known = exec(m, e->b, &x) && width(e->b->type);
    if (B.k != LV_REC && B.k != LV_ANY) return L;
    L.v = B.v;
    L.k = B.k;
    if (known && is_signed(e->b->type)) {
      int64_t sx = sext(x, width(e->b->type));
      known = sx >= 0;
      x = (uint64_t)sx;
    } else if (known)
      x = trunc_to(x, width(e->b->type));
    if (!known || a->type->count < 0 || x >= (uint64_t)a->type->count ||
        !a->type->elem) {
      L.k = LV_ANY;
      return L;
    }
    L.bit = B.bit + x * a->type->elem->size * 8;
    return L;
  }
  default:
    exec(m, e, &x);
    return L;
  }
}

/* The value a read of a bit-field of type t and width w gives for raw w
 * bits v. */
static uint64_t bf_extend(uint64_t v, const ty *t, int w) {
  v = trunc_to(v, (unsigned)w);
  return is_signed(t) ? trunc_to((uint64_t)sext(v, (unsigned)w), width(t)) : v;
}

/* Read the scalar at a record location. */
static bool rec_read(const vmap *m, const vloc *L, uint64_t *out) {
  unsigned id = L->v->id;
  uint64_t c;
  if (L->bfw > 0) {
    uint64_t v = 0;
    for (int j = 0; j < L->bfw; j++) {
      uint64_t pos = L->bit + (uint64_t)j;
      if (!cell_get(m, id, (unsigned)(pos / 8), &c) || (c & CELL_FN) ||
          !(CELL_MASK(c) >> (pos % 8) & 1))
        return false;
      v |= (uint64_t)(CELL_VAL(c) >> (pos % 8) & 1) << j;
    }
    if (!width(L->t)) return false;
    *out = bf_extend(v, L->t, L->bfw);
    return true;
  }
  if (L->bit % 8 || !L->t) return false;
  unsigned off = (unsigned)(L->bit / 8), n = (unsigned)L->t->size;
  if (is_fnptr(L->t)) {
    uint64_t fv = 0;
    bool zero = true, fn = true;
    for (unsigned k = 0; k < n; k++) {
      if (!cell_get(m, id, off + k, &c)) return false;
      if (c & CELL_FN) {
        zero = false;
        if (CELL_IDX(c) != k || (k && CELL_FNV(c) != fv)) fn = false;
        fv = CELL_FNV(c);
      } else {
        fn = false;
        if (CELL_MASK(c) != 0xff || CELL_VAL(c)) zero = false;
      }
    }
    if (zero)
      *out = 0;
    else if (fn)
      *out = fv;
    return zero || fn;
  }
  unsigned w = width(L->t);
  if (!w || w != n * 8) return false;
  uint64_t v = 0;
  for (unsigned k = 0; k < n; k++) {
    if (!cell_get(m, id, off + k, &c) || (c & CELL_FN) || CELL_MASK(c) != 0xff)
      return false;
    v |= (uint64_t)CELL_VAL(c) << (8 * k);
  }
  if (L->t->kind == TY_BOOL && v > 1) return false; /* not a _Bool's value */
  *out = v;
  return true;
}

/* Write the scalar v (known or not) at a record location. */
static void rec_write(vmap *m, const vloc *L, uint64_t v, bool known) {
  unsigned id = L->v->id;
  if (!val_precision_has(m->p, id)) return;
  uint64_t c;
  if (L->bfw > 0) {
    for (int j = 0; j < L->bfw; j++) {
      uint64_t pos = L->bit + (uint64_t)j;
      unsigned off = (unsigned)(pos / 8), b = (unsigned)(pos % 8);
      if (!cell_get(m, id, off, &c) || (c & CELL_FN)) c = 0;
      c &= ~((1ull << b) | (1ull << (8 + b)));
      if (known) c |= ((v >> j & 1) << b) | (1ull << (8 + b));
      cell_put(m, id, off, c);
    }
    return;
  }
  if (L->bit % 8 || !L->t) return;
  unsigned off = (unsigned)(L->bit / 8), n = (unsigned)L->t->size;
  bool fn = is_fnptr(L->t) && v != 0;
  if (!known || (!fn && width(L->t) != n * 8)) {
    cell_forget(m, id, off, n);
    return;
  }
  for (unsigned k = 0; k < n; k++)
    cell_put(m, id, off + k,
             fn ? CELL_FN | (uint64_t)k << 24 | v << 32 | 0xff00
                : ((v >> (8 * k)) & 0xff) | 0xff00);
}

static bool read_loc(const vmap *m, const vloc *L, uint64_t *out) {
  if (L->k == LV_VAR) {
    long i = vm_find(m, L->v->id, 0);
    if (i < 0) return false;
    *out = m->e.data[i].bits;
    return true;
  }
  return L->k == LV_REC && rec_read(m, L, out);
}

/* Write v (known or not) to the lvalue at L. Writes through pointers
 * never reach tracked variables (their address is never taken). */
static void write_loc(vmap *m, const vloc *L, uint64_t v, bool known) {
  if (L->k == LV_VAR) {
    if (known)
      vm_set(m, L->v->id, trunc_to(v, width(L->v->type)));
    else
      vm_kill(m, L->v->id);
  } else if (L->k == LV_REC && !is_record(L->t) && L->t->kind != TY_ARRAY)
    rec_write(m, L, v, known);
  else if (L->k == LV_REC)
    cell_forget(m, L->v->id, L->bit / 8, L->t->size);
  else if (L->k == LV_ANY)
    vm_kill(m, L->v->id);
}

/* What reading the lvalue L gives right after v was written to it. */
static uint64_t stored(const vloc *L, uint64_t v) {
  return L->k == LV_REC && L->bfw > 0 ? bf_extend(v, L->t, L->bfw) : v;
}

/* The byte entries of the n bytes at record location L (offset 0 first
 * in out, an unknown byte 0), from state entries e[0..ne). */
static void rec_snapshot(const val_entry *e, size_t ne, const vloc *L,
                         uint64_t n, uint64_t *out) {
  memset(out, 0, n * sizeof *out);
  uint64_t off = L->bit / 8;
  for (size_t i = 0; i < ne; i++)
    if (e[i].var == L->v->id && e[i].sub >= off && e[i].sub < off + n)
      out[e[i].sub - off] = e[i].bits;
}

/* Copy the aggregate at src (LV_REC, or unknown contents) to dst, bytes
 * taken from entries e[0..ne) (the state src is read in). */
static void rec_copy(vmap *m, const vloc *dst, const vloc *src,
                     const val_entry *e, size_t ne) {
  if (dst->k == LV_ANY) vm_kill(m, dst->v->id);
  if (dst->k != LV_REC || !dst->t) return;
  uint64_t n = dst->t->size, off = dst->bit / 8;
  if (n > VAL_MAX_RECORD || dst->bit % 8) {
    vm_kill(m, dst->v->id);
    return;
  }
  uint64_t buf[VAL_MAX_RECORD];
  bool have =
      src->k == LV_REC && src->t && src->t->size == n && !(src->bit % 8);
  if (have) rec_snapshot(e, ne, src, n, buf);
  cell_forget(m, dst->v->id, off, n);
  if (have)
    for (uint64_t k = 0; k < n; k++)
      cell_put(m, dst->v->id, (unsigned)(off + k), buf[k]);
}

/* The location of the whole record variable v. */
static vloc rec_whole(const cfa_var *v) {
  vloc L = {LV_REC, v, 0, v->type, -1};
  return L;
}

/* Copy the aggregate value of expression x to dst. */
static void agg_assign(vmap *m, const vloc *dst, const ex *x) {
  vloc src = lval(m, x);
  rec_copy(m, dst, &src, m->e.data, m->e.len);
}

static bool binop(ex_op op, const ty *t, const ty *opnd, uint64_t a, uint64_t b,
                  uint64_t *out) {
  unsigned w = width(t), wo = width(opnd);
  if (!w || !wo) return false;
  bool sg = is_signed(opnd);
  int64_t sa = sext(a, wo), sb = sext(b, wo);
  uint64_t ua = trunc_to(a, wo), ub = trunc_to(b, wo);
  uint64_t r;
  switch (op) {
  case EX_OP_ADD:
    r = a + b;
    break;
  case EX_OP_SUB:
    r = a - b;
    break;
  case EX_OP_MUL:
    r = a * b;
    break;
  case EX_OP_DIV:
  case EX_OP_MOD:
    if (!ub) return false;
    if (sg) {
      if (wo == 64 ? sa == INT64_MIN && sb == -1
                   : sa == -(1ll << (wo - 1)) && sb == -1)
        return false;
      r = (uint64_t)(op == EX_OP_DIV ? sa / sb : sa % sb);
    } else
      r = op == EX_OP_DIV ? ua / ub : ua % ub;
    break;
  case EX_OP_SHL:
  case EX_OP_SHR: {
    /* the shift count has its own type; it was passed in b untruncated */
    if (b >= w) return false;
    if (op == EX_OP_SHL)
      r = a << b;
    else
      r = is_signed(t) ? (uint64_t)(sext(a, w) >> b) : trunc_to(a, w) >> b;
    break;
  }
  case EX_OP_BAND:
    r = a & b;
    break;
  case EX_OP_BOR:
    r = a | b;
    break;
  case EX_OP_BXOR:
    r = a ^ b;
    break;
  case EX_OP_LT:
    r = sg ? sa < sb : ua < ub;
    break;
  case EX_OP_GT:
    r = sg ? sa > sb : ua > ub;
    break;
  case EX_OP_LE:
    r = sg ? sa <= sb : ua <= ub;
    break;
  case EX_OP_GE:
    r = sg ? sa >= sb : ua >= ub;
    break;
  case EX_OP_EQ:
    r = ua == ub;
    break;
  case EX_OP_NE:
    r = ua != ub;
    break;
  default:
    return false;
  }
  *out = trunc_to(r, w);
  return true;
}

/* Whether v has static storage: a global, or a static local (one object
 * for every activation of its function). */
static bool static_storage(const cfa_var *v) {
  return v->is_global || v->is_static;
}

/* Havoc of a call to a function with a body inside an expression: its
 * effect on globals is not modelled, so forget every tracked global. */
static void havoc_globals(vmap *m) {
  for (size_t i = 0; i < m->e.len;)
    if (static_storage(m->g->vars.data[m->e.data[i].var]))
      m->e.data[i] = m->e.data[--m->e.len];
    else
      i++;
}

/* exec of a unary operator. */
static bool exec_unary(vmap *m, const ex *e, uint64_t *out) {
  uint64_t a;
  bool ka;
  switch (e->op) {
  case EX_OP_PREINC:
  case EX_OP_PREDEC:
  case EX_OP_POSTINC:
  case EX_OP_POSTDEC: {
    vloc L = lval(m, e->a);
    ka = read_loc(m, &L, &a);
    /* a data pointer moves by its element's size: not modelled */
    unsigned w = is_dptr(e->a->type) ? 0 : width(e->a->type);
    bool inc = e->op == EX_OP_PREINC || e->op == EX_OP_POSTINC;
    uint64_t n = trunc_to(inc ? a + 1 : a - 1, w);
    write_loc(m, &L, n, ka && w);
    bool pre = e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC;
    *out = pre ? stored(&L, n) : a;
    return ka && w;
  }
  case EX_OP_DEREF:
  case EX_OP_ADDR:
    ka = exec(m, e->a, &a);
    /* &f and *fp designate functions: the address itself */
    if (ka && (is_fn(e->a->type) || (e->op == EX_OP_DEREF && is_fn(e->type)))) {
      *out = a;
      return true;
    }
    return false;
  default:
    break;
  }
  ka = exec(m, e->a, &a);
  if (!ka || !width(e->type)) return false;
  if (e->op == EX_OP_NOT) {
    *out = trunc_to(a, width(e->a->type)) == 0;
    return true;
  }
  if (e->op == EX_OP_NEG)
    *out = trunc_to(-a, width(e->type));
  else if (e->op == EX_OP_BNOT)
    *out = trunc_to(~a, width(e->type));
  else
    *out = trunc_to(a, width(e->type));
  return true;
}

/* exec of && and ||: the right operand runs only sometimes. */
static bool exec_logic(vmap *m, const ex *e, uint64_t *out) {
  uint64_t a, b;
  bool ka = exec(m, e->a, &a);
  bool ta = ka && trunc_to(a, width(e->a->type)) != 0;
  if (ka && (e->op == EX_OP_LAND ? !ta : ta)) {
    *out = ta;
    return true;
  }
  /* the right operand runs only sometimes: its effects are uncertain */
  vmap saved = *m;
  saved.e.data = 0;
  saved.e.len = saved.e.cap = 0;
  if (!ka) {
    for (size_t i = 0; i < m->e.len; i++)
      VEC_PUSH(saved.e, m->e.data[i]);
  }
  bool kb = exec(m, e->b, &b);
  if (!ka) {
    /* keep only entries both branches agree on */
    vm_meet(m, &saved);
    VEC_FREE(saved.e);
    return false;
  }
  *out = kb && trunc_to(b, width(e->b->type)) != 0;
  return kb;
}

/* exec of an assignment, simple or compound. */
static bool exec_assign(vmap *m, const ex *e, uint64_t *out) {
  uint64_t a, b;
  if (e->op == EX_OP_NONE &&
      (is_record(e->a->type) || (e->a->type && e->a->type->kind == TY_ARRAY))) {
    /* an aggregate copy: the source first, as for scalars */
    vloc src = lval(m, e->b), dst = lval(m, e->a);
    rec_copy(m, &dst, &src, m->e.data, m->e.len);
    return false;
  }
  bool kb = exec(m, e->b, &b);
  vloc L = lval(m, e->a);
  if (e->op != EX_OP_NONE) {
    bool ka = read_loc(m, &L, &a) && !is_dptr(e->a->type);
    uint64_t r = 0;
    bool kr = ka && kb && binop(e->op, e->a->type, e->a->type, a, b, &r);
    write_loc(m, &L, r, kr);
    *out = stored(&L, r);
    return kr;
  }
  uint64_t v = 0;
  bool kv = kb && convert(b, e->b->type, e->a->type, &v);
  write_loc(m, &L, v, kv);
  *out = stored(&L, v);
  if (!kv && L.k == LV_VAR && is_dptr(L.v->type) && vm_noobj_unknown(m, e->b))
    vm_set_noobj(m, L.v->id);
  return kv;
}

/* exec of c ? x : y. */
static bool exec_cond(vmap *m, const ex *e, uint64_t *out) {
  uint64_t a, b;
  bool ka = exec(m, e->a, &a);
  if (ka) return exec(m, trunc_to(a, width(e->a->type)) ? e->b : e->c, out);
  /* unknown condition: effects of either branch are uncertain */
  vmap t = *m;
  t.e.data = 0;
  t.e.len = t.e.cap = 0;
  for (size_t i = 0; i < m->e.len; i++)
    VEC_PUSH(t.e, m->e.data[i]);
  bool kb = exec(m, e->b, &b);
  uint64_t c;
  bool kc = exec(&t, e->c, &c);
  vm_meet(m, &t);
  VEC_FREE(t.e);
  if (kb && kc && b == c) {
    *out = b;
    return true;
  }
  return false;
}

/* exec of a call inside an expression: its arguments' effects, the
 * globals a function with a body may change, __VERIFIER_assume. */
static void exec_call(vmap *m, const ex *e) {
  uint64_t a;
  for (unsigned i = 0; i < e->nargs; i++)
    exec(m, e->args[i], &a);
  if (e->func_name) {
    for (size_t i = 0; i < m->g->functions.len; i++)
      if (!strcmp(m->g->functions.data[i]->name, e->func_name))
        havoc_globals(m);
    if (!strcmp(e->func_name, "__VERIFIER_assume") && e->nargs == 1) {
      const ex *c = e->args[0];
      if (exec(m, c, &a) && trunc_to(a, width(c->type)) == 0)
        m->infeasible = true;
    }
  }
}

/* Evaluate e with its side effects on m; *out set when the value is known. */
static bool exec(vmap *m, const ex *e, uint64_t *out) {
  uint64_t a, b;
  bool ka, kb;
  switch (e->kind) {
  case EX_INT:
  case EX_SIZEOF:
    *out = trunc_to(e->u, width(e->type) ? width(e->type) : 64);
    return width(e->type) != 0;
  case EX_VAR: {
    if (!e->var || is_record(e->var->type)) return false;
    long i = vm_find(m, e->var->id, 0);
    if (i < 0) return false;
    *out = m->e.data[i].bits;
    return true;
  }
  case EX_FUNC:
    return fn_value(m->g, e->func_name, out);
  case EX_CAST:
    ka = exec(m, e->a, &a);
    return ka && convert(a, e->a->type, e->type, out);
  case EX_UNARY:
    return exec_unary(m, e, out);
  case EX_BINARY:
    if (e->op == EX_OP_LAND || e->op == EX_OP_LOR) return exec_logic(m, e, out);
    if (e->op == EX_OP_COMMA) {
      exec(m, e->a, &a);
      return exec(m, e->b, out);
    }
    ka = exec(m, e->a, &a);
    kb = exec(m, e->b, &b);
    if (!ka || !kb) return false;
    /* pointer arithmetic scales by the element size: not modelled (only
     * comparisons of data pointers, whose known values are integers) */
    if (!ex_op_is_comparison(e->op) &&
        (is_dptr(e->type) || is_dptr(e->a->type) || is_dptr(e->b->type)))
      return false;
    return binop(e->op, e->type,
                 ex_op_is_comparison(e->op) || e->op == EX_OP_SHL ||
                         e->op == EX_OP_SHR
                     ? e->a->type
                     : e->type,
                 a, b, out);
  case EX_ASSIGN:
    return exec_assign(m, e, out);
  case EX_COND:
    return exec_cond(m, e, out);
  case EX_CALL:
    exec_call(m, e);
    return false;
  case EX_MEMBER:
  case EX_INDEX: {
    vloc L = lval(m, e);
    return !is_record(e->type) && read_loc(m, &L, out);
  }
  default:
    return false;
  }
}

/* Whether evaluating e has no side effects. */
static bool pure(const ex *e) {
  if (!e) return true;
  if (e->kind == EX_ASSIGN || e->kind == EX_CALL ||
      (e->kind == EX_UNARY &&
       (e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC ||
        e->op == EX_OP_POSTINC || e->op == EX_OP_POSTDEC)))
    return false;
  for (unsigned i = 0; i < e->nargs; i++)
    if (!pure(e->args[i])) return false;
  return pure(e->a) && pure(e->b) && pure(e->c);
}

/* The location of e if it is a tracked scalar lvalue whose evaluation has
 * no side effects (the condition was evaluated already). */
static bool learn_loc(vmap *m, const ex *e, vloc *L) {
  e = ex_strip_implicit(e);
  if (e->kind != EX_VAR && e->kind != EX_MEMBER && e->kind != EX_INDEX)
    return false;
  if (!pure(e)) return false;
  *L = lval(m, e);
  return (L->k == LV_VAR || L->k == LV_REC) && L->t && !is_record(L->t) &&
         L->t->kind != TY_ARRAY;
}

/* ---------- initialisers of records ---------- */

/* As smte's initialiser code (smte_init_list): C's rules for braced
 * lists, brace elision and designations; a construct it does not follow
 * makes the whole record unknown (fail). */
#define VI_BRACED UINT_MAX
#define VI_CONT (UINT_MAX - 1)

typedef struct {
  vmap *m;
  bool fail;
} vinit;

static vloc vi_field(const vloc *L, const ty_field *f) {
  vloc r = {LV_REC, L->v, L->bit + f->offset, f->type, f->bitfield};
  return r;
}

static vloc vi_index(const vloc *L, uint64_t i) {
  vloc r = {LV_REC, L->v, L->bit + i * L->t->elem->size * 8, L->t->elem, -1};
  return r;
}

static const ty_field *vi_first_member(const ty *U) {
  for (unsigned i = 0; i < U->nfields; i++)
    if (U->fields[i].name || U->fields[i].bitfield < 0) return &U->fields[i];
  return 0;
}

/* Zero the members at L, as an initialiser does for those it does not
 * name (a union: its first named member); padding is left as it is. */
static void vi_zero(vinit *I, const vloc *L, int depth) {
  const ty *T = L->t;
  if (depth > 32 || !T) {
    I->fail = true;
    return;
  }
  if (T->kind == TY_FLOAT) {
    for (uint64_t k = 0; k < T->size; k++)
      cell_put(I->m, L->v->id, (unsigned)(L->bit / 8 + k), 0xff00);
  } else if (ty_is_scalar(T)) {
    write_loc(I->m, L, 0, true);
  } else if (T->kind == TY_ARRAY && T->count >= 0 && T->elem) {
    for (int64_t i = 0; i < T->count; i++) {
      vloc el = vi_index(L, (uint64_t)i);
      vi_zero(I, &el, depth + 1);
    }
  } else if (T->kind == TY_STRUCT) {
    for (unsigned i = 0; i < T->nfields; i++) {
      const ty_field *f = &T->fields[i];
      if (f->bitfield >= 0 && (!f->name || !f->bitfield)) continue;
      vloc fl = vi_field(L, f);
      vi_zero(I, &fl, depth + 1);
    }
  } else if (T->kind == TY_UNION) {
    const ty_field *f = vi_first_member(T);
    if (f) {
      vloc fl = vi_field(L, f);
      vi_zero(I, &fl, depth + 1);
    }
  } else
    I->fail = true;
}

static void vi_list(vinit *I, const vloc *L, const ex *list, unsigned *pos,
                    unsigned first, uint64_t start, int depth);

/* The char array at L from string literal lit. */
static void vi_chars(vinit *I, const vloc *L, const ex *lit) {
  const ty *T = L->t;
  if (!T->elem || !ty_is_integer(T->elem) || T->elem->size != 1 ||
      T->count < 0 || !lit->str) {
    I->fail = true;
    return;
  }
  for (uint64_t i = 0; i < (uint64_t)T->count; i++) {
    vloc el = vi_index(L, i);
    size_t n = strlen(lit->str);
    write_loc(I->m, &el, i < n ? (unsigned char)lit->str[i] : 0, true);
  }
}

/* Initialise the object at L from list->args[*pos]. */
static void vi_elem(vinit *I, const vloc *L, const ex *list, unsigned *pos,
                    int depth) {
  const ex *arg = list->args[*pos], *x = ex_strip_implicit(arg);
  const ty *T = L->t;
  if (depth > 32) {
    I->fail = true;
    return;
  }
  if (is_record(T) || T->kind == TY_ARRAY) {
    if (x->kind == EX_INITLIST) {
      unsigned p = 0;
      vi_zero(I, L, 0); /* it stands for the whole object */
      vi_list(I, L, x, &p, VI_BRACED, 0, depth + 1);
      if (p < x->nargs) I->fail = true;
    } else if (x->kind == EX_STRING && T->kind == TY_ARRAY) {
      vi_chars(I, L, x);
    } else if (x->type == T) {
      agg_assign(I->m, L, x);
    } else if (T->kind == TY_UNION) {
      I->fail = true; /* elided braces of a union: as smte, not followed */
    } else {
      vi_list(I, L, list, pos, *pos, 0, depth + 1); /* brace elision */
      return;
    }
    (*pos)++;
    return;
  }
  if (x->kind == EX_INITLIST) {
    if (x->nargs) {
      unsigned p = 0;
      vi_elem(I, L, x, &p, depth + 1);
    }
    (*pos)++;
    return;
  }
  uint64_t v = 0;
  bool known = exec(I->m, arg, &v) && convert(v, arg->type, T, &v);
  write_loc(I->m, L, v, known);
  (*pos)++;
}

static const ex_designation *vi_desig_at(const ex *list, unsigned pos) {
  return list->desig && list->desig[pos].n ? &list->desig[pos] : 0;
}

/* What designators dg->d[level...] name in the object at L, from
 * list->args[*pos]; then (below the first level) the positional elements
 * that follow, in the rest of that object. */
static void vi_desig(vinit *I, const vloc *L, const ex *list, unsigned *pos,
                     const ex_designation *dg, unsigned level, int depth) {
  if (depth > 32) {
    I->fail = true;
    return;
  }
  if (level == dg->n) {
    vi_elem(I, L, list, pos, depth + 1);
    return;
  }
  const ex_designator *d = &dg->d[level];
  const ty *T = L->t;
  uint64_t next;
  if (d->field) {
    if (!is_record(T) || d->field < T->fields ||
        d->field >= T->fields + T->nfields) {
      I->fail = true;
      return;
    }
    vloc fl = vi_field(L, d->field);
    if (T->kind == TY_UNION && vi_first_member(T) != d->field) {
      /* another member than the first: the other bytes indeterminate */
      cell_forget(I->m, L->v->id, L->bit / 8, T->size);
      vi_zero(I, &fl, 0);
    }
    vi_desig(I, &fl, list, pos, dg, level + 1, depth + 1);
    next =
        T->kind == TY_UNION ? T->nfields : (uint64_t)(d->field - T->fields) + 1;
  } else {
    if (T->kind != TY_ARRAY || !T->elem || T->count < 0 ||
        d->hi >= (uint64_t)T->count || (d->lo != d->hi && level + 1 < dg->n)) {
      I->fail = true;
      return;
    }
    unsigned p = *pos;
    for (uint64_t i = d->lo; i <= d->hi; i++) {
      vloc el = vi_index(L, i);
      p = *pos;
      vi_desig(I, &el, list, &p, dg, level + 1, depth + 1);
    }
    *pos = p;
    next = d->hi + 1;
  }
  if (level > 0) vi_list(I, L, list, pos, VI_CONT, next, depth + 1);
}

/* The aggregate at L from list->args[*pos...], from its member or element
 * `start` on; `first`: VI_BRACED, VI_CONT or where brace elision began
 * (the object then ends at a designated element after it). */
static void vi_list(vinit *I, const vloc *L, const ex *list, unsigned *pos,
                    unsigned first, uint64_t start, int depth) {
  const ty *T = L->t;
  bool braced = first == VI_BRACED;
  uint64_t i = start;
  if (depth > 32) {
    I->fail = true;
    return;
  }
  if (!is_record(T) && T->kind != TY_ARRAY) {
    if (*pos < list->nargs && start == 0) vi_elem(I, L, list, pos, depth);
    return;
  }
  while (*pos < list->nargs && !I->fail) {
    const ex_designation *dg = vi_desig_at(list, *pos);
    if (dg && *pos != first) {
      if (!braced) return;
      const ex_designator *d = &dg->d[0];
      vi_desig(I, L, list, pos, dg, 0, depth);
      i = T->kind == TY_UNION ? T->nfields
          : d->field          ? (uint64_t)(d->field - T->fields) + 1
                              : d->hi + 1;
      continue;
    }
    if (T->kind == TY_ARRAY) {
      if (T->count < 0 || i >= (uint64_t)T->count || !T->elem) return;
      vloc el = vi_index(L, i++);
      vi_elem(I, &el, list, pos, depth);
    } else if (T->kind == TY_STRUCT) {
      if (i >= T->nfields) return;
      const ty_field *f = &T->fields[i++];
      if (f->bitfield >= 0 && (!f->name || !f->bitfield)) continue;
      vloc fl = vi_field(L, f);
      vi_elem(I, &fl, list, pos, depth);
    } else {
      /* a union: its first named member */
      const ty_field *f = vi_first_member(T);
      if (i > 0 || !f) return;
      i = T->nfields;
      vloc fl = vi_field(L, f);
      vi_elem(I, &fl, list, pos, depth);
    }
  }
}

/* The declaration of record variable v with initialiser init (or none). */
static void decl_record(vmap *m, const cfa_var *v, const ex *init) {
  vloc W = rec_whole(v);
  bool stat = (v->is_global || v->is_static) && !v->is_extern;
  const ex *x = init ? ex_strip_implicit(init) : 0;
  uint64_t ignored;
  vm_kill(m, v->id);
  if (stat && (!x || x->kind == EX_INITLIST))
    for (uint64_t k = 0; k < v->type->size; k++)
      cell_put(m, v->id, (unsigned)k, 0xff00); /* all zero bits */
  if (!x) return;
  if (x->kind == EX_INITLIST) {
    vinit I = {m, false};
    unsigned pos = 0;
    if (!stat) vi_zero(&I, &W, 0);
    vi_list(&I, &W, x, &pos, VI_BRACED, 0, 0);
    if (I.fail || pos < x->nargs) vm_kill(m, v->id);
  } else if (x->type == v->type)
    agg_assign(m, &W, x);
  else
    exec(m, x, &ignored);
}

/* Taking a branch also tells us the value in `x == c` / `x != c` (x a
 * variable, or a member or element of a tracked record). */
static void learn(vmap *m, const ex *c, bool truth) {
  c = ex_strip_implicit(c);
  if (c->kind == EX_UNARY && c->op == EX_OP_NOT) {
    learn(m, c->a, !truth);
    return;
  }
  vloc L;
  if (!truth && learn_loc(m, c, &L)) {
    write_loc(m, &L, 0, true);
    return;
  }
  if (c->kind != EX_BINARY || (c->op != EX_OP_EQ && c->op != EX_OP_NE)) return;
  if ((c->op == EX_OP_EQ) != truth) return;
  const ex *l = ex_strip_implicit(c->a), *r = c->b;
  if (!learn_loc(m, l, &L)) {
    l = ex_strip_implicit(c->b);
    r = c->a;
    if (!learn_loc(m, l, &L)) return;
  }
  /* only when the comparison is done in the variable's own type */
  if (ex_strip_implicit(c->a) == l ? c->a->type != l->type
                                   : c->b->type != l->type)
    return;
  uint64_t v;
  if (exec(m, r, &v)) {
    v = trunc_to(v, width(l->type));
    /* a bit-field can hold only what it reads back as */
    if (stored(&L, v) == v) write_loc(m, &L, v, true);
  }
}

/* Whether evaluating x surely accesses memory through a tracked pointer
 * that m knows points into no object: undefined behaviour, as smt's
 * encoding says of every such access ("invalid pointer dereference"). A
 * pointer x changes on the way is not judged by its value before. */
static bool undefined_access(const vmap *m, const ex *x) {
  const cfa_var *vs[16];
  unsigned n = ex_deref_vars(x, vs, 16);
  for (unsigned i = 0; i < n && i < 16; i++)
    if (vm_noobj_var(m, vs[i]) && !ex_may_write(x, vs[i])) return true;
  return false;
}

/* A call: the arguments into the callee's parameters, in a fresh
 * activation. */
static void post_call(vmap *m, const cfa_edge *e) {
  const cfa_function *f = e->callee;
  uint64_t v;
  uint64_t args[64];
  bool known[64];
  uint64_t *recs[64] = {0}; /* record arguments: their bytes */
  bool noobj[64];           /* pointers into no object, offset unknown */
  unsigned n = e->expr->nargs < 64 ? e->expr->nargs : 64;
  for (unsigned i = 0; i < n; i++) {
    const ex *a = e->expr->args[i];
    known[i] = false;
    noobj[i] = vm_noobj_unknown(m, a);
    if (is_record(a->type) && i < f->nparams &&
        a->type == f->params[i]->type && a->type->size <= VAL_MAX_RECORD) {
      vloc L = lval(m, a);
      if (L.k == LV_REC && !(L.bit % 8)) {
        recs[i] = mem_alloc(a->type->size * sizeof *recs[i]);
        rec_snapshot(m->e.data, m->e.len, &L, a->type->size, recs[i]);
      }
    } else
      known[i] = exec(m, a, &args[i]);
  }
  /* a fresh activation: forget the callee's locals (not its static
   * ones) */
  for (size_t i = 0; i < m->e.len;) {
    const cfa_var *x = m->g->vars.data[m->e.data[i].var];
    if (x->function == f && !static_storage(x))
      m->e.data[i] = m->e.data[--m->e.len];
    else
      i++;
  }
  for (unsigned i = 0; i < n && i < f->nparams; i++)
    if (known[i] &&
        convert(args[i], e->expr->args[i]->type, f->params[i]->type, &v))
      vm_set(m, f->params[i]->id, v);
    else if (is_dptr(f->params[i]->type) && noobj[i])
      vm_set_noobj(m, f->params[i]->id);
  for (unsigned i = 0; i < n; i++)
    if (recs[i]) {
      for (uint64_t k = 0; k < f->params[i]->type->size; k++)
        cell_put(m, f->params[i]->id, (unsigned)k, recs[i][k]);
      mem_free(recs[i]);
    }
}

val_result val_post(const cfa *g, const val_state *s, const val_state *caller,
                    const cfa_edge *e, const val_precision *p,
                    const val_state **out) {
  vmap m = {{0}, p, g, false};
  *out = s;
  uint64_t v;
  if (e->kind == CFA_BLANK && !e->expr) return VAL_OK;
  vm_from(&m, s);
  /* no defined execution takes the edge: the path ends here (only with
   * data pointers tracked, which only the refinement from undefined
   * behaviour adds; a call's result stored through a pointer is not
   * judged: the caller's state is not at hand) */
  if (p->pointers && e->kind != CFA_RETURN && undefined_access(&m, e->expr)) {
    VEC_FREE(m.e);
    return VAL_INFEASIBLE;
  }
  switch (e->kind) {
  case CFA_DECLARATION:
    if (e->decl == CFA_DECL_VAR && e->var && e->var->is_static &&
        !e->var->is_global) {
      /* a static local is initialised once, and whether this is the first
       * time is not known here: unknown (its initialiser has no side
       * effects, being a constant) */
      vm_kill(&m, e->var->id);
    } else if (e->decl == CFA_DECL_VAR && e->var && is_record(e->var->type)) {
      decl_record(&m, e->var, e->expr);
    } else if (e->decl == CFA_DECL_VAR && e->var) {
      if (e->expr && exec(&m, e->expr, &v) &&
          convert(v, e->expr->type, e->var->type, &v))
        vm_set(&m, e->var->id, v);
      else if (!e->expr && (e->var->is_global || e->var->is_static) &&
               e->expr == 0 && !e->var->is_extern)
        vm_set(&m, e->var->id, 0);
      else if (is_dptr(e->var->type) && !e->var->is_extern &&
               (e->expr ? vm_noobj_unknown(&m, e->expr)
                        : !e->var->is_global && !e->var->is_static))
        vm_set_noobj(&m, e->var->id); /* indeterminate: into no object */
      else
        vm_kill(&m, e->var->id);
    }
    break;
  case CFA_BLANK: /* `switch (v)`: v is evaluated for its effects */
    exec(&m, e->expr, &v);
    break;
  case CFA_STATEMENT:
    if (e->is_return) {
      const cfa_function *f = e->from->function;
      if (f && f->result && is_record(f->result->type)) {
        vloc W = rec_whole(f->result);
        vm_kill(&m, f->result->id);
        if (e->expr) agg_assign(&m, &W, e->expr);
      } else if (f && f->result) {
        if (e->expr && exec(&m, e->expr, &v) &&
            convert(v, e->expr->type, f->result->type, &v))
          vm_set(&m, f->result->id, v);
        else
          vm_kill(&m, f->result->id);
      }
    } else if (e->expr)
      exec(&m, e->expr, &v);
    break;
  case CFA_ASSUME: {
    bool known = exec(&m, e->expr, &v);
    if (known) {
      bool holds =
          trunc_to(v, width(e->expr->type) ? width(e->expr->type) : 64) != 0;
      if (holds != e->truth) m.infeasible = true;
    } else
      learn(&m, e->expr, e->truth);
    break;
  }
  case CFA_CALL:
    post_call(&m, e);
    break;
  case CFA_RETURN: {
    const cfa_function *f = e->callee;
    bool kr = f->result && val_get(s, f->result->id, &v);
    /* globals (and static locals) from the callee's exit, everything else
     * from the caller */
    m.e.len = 0;
    for (unsigned i = 0; i < s->n; i++)
      if (static_storage(m.g->vars.data[s->e[i].var])) VEC_PUSH(m.e, s->e[i]);
    if (caller)
      for (unsigned i = 0; i < caller->n; i++)
        if (!static_storage(m.g->vars.data[caller->e[i].var]))
          VEC_PUSH(m.e, caller->e[i]);
    if (e->call && e->call->lhs && f->result && is_record(f->result->type)) {
      vloc dst = lval(&m, e->call->lhs), src = rec_whole(f->result);
      rec_copy(&m, &dst, &src, s->e, s->n); /* the callee's exit state */
    } else if (e->call && e->call->lhs) {
      uint64_t cv = 0;
      bool kc = kr && convert(v, f->result->type, e->call->lhs->type, &cv);
      vloc L = lval(&m, e->call->lhs);
      write_loc(&m, &L, cv, kc);
    }
    break;
  }
  default:
    break;
  }
  if (m.infeasible) {
    VEC_FREE(m.e);
    return VAL_INFEASIBLE;
  }
  /* unchanged: share the old state */
  if (m.e.len == s->n) {
    if (m.e.len) qsort(m.e.data, m.e.len, sizeof *m.e.data, vm_cmp);
    if (!m.e.len || val_entries_equal(m.e.data, s->e, (unsigned)m.e.len)) {
      VEC_FREE(m.e);
      return VAL_OK;
    }
  }
  *out = vm_freeze(&m);
  VEC_FREE(m.e);
  return VAL_OK;
}

bool val_decides(const cfa *g, const val_state *s, const cfa_edge *e,
                 const val_precision *p) {
  if (e->kind != CFA_ASSUME) return true;
  vmap m = {{0}, p, g, false};
  vm_from(&m, s);
  uint64_t v;
  bool known = exec(&m, e->expr, &v);
  VEC_FREE(m.e);
  return known;
}

/* ---------- the domain's operations for the product core ---------- */

static const void *vd_initial(void *d) {
  (void)d;
  return val_initial();
}

static bool vd_post(void *d, const void *s, const void *caller,
                    const cfa_edge *e, const void **out) {
  val_dom *vd = d;
  const val_state *o;
  val_result r = val_post(vd->g, s, caller, e, &vd->prec, &o);
  *out = o;
  return r == VAL_OK;
}

static bool vd_decides(void *d, const void *s, const cfa_edge *e) {
  val_dom *vd = d;
  return val_decides(vd->g, s, e, &vd->prec);
}

static uint64_t vd_hash(void *d, const void *s) {
  (void)d;
  return val_hash(s);
}

static bool vd_equal(void *d, const void *a, const void *b) {
  (void)d;
  return val_equal(a, b);
}

static void vd_release(void *d, const void *s) {
  (void)d;
  if (s != val_initial()) mem_free((void *)s);
}

/* Variables read by an expression. */
static void vd_vars_of(const ex *e, unsigned nvars, unsigned char *set) {
  if (!e) return;
  if (e->kind == EX_VAR && e->var && e->var->id < nvars) set[e->var->id] = 1;
  vd_vars_of(e->a, nvars, set);
  vd_vars_of(e->b, nvars, set);
  vd_vars_of(e->c, nvars, set);
  for (unsigned i = 0; i < e->nargs; i++)
    vd_vars_of(e->args[i], nvars, set);
}

/* The variable an assignment to e writes: a variable, or a record one
 * through its members and elements. */
static const cfa_var *vd_lhs_var(const ex *e) {
  const ex *l = ex_strip_implicit(e);
  if (l && l->kind == EX_VAR) return l->var;
  const cfa_var *w = rec_base(l);
  return w && is_record(w->type) ? w : 0;
}

/* Explicit-value refinement: the variables of the assume edges that explain
 * the infeasibility (the solver's core, or every assume of the path),
 * closed backwards over the assignments of the path that feed them. It
 * gives up the precision of interpolants (a variable is tracked everywhere
 * once it is tracked somewhere), which keeps it cheap. */
/* set: the variables whose values at the end of path[0..n) matter; add
 * those that feed them through its assignments, parameters and results. */
static void vd_close(const cfa_edge *const *path, size_t n, unsigned nv,
                     unsigned char *set) {
  for (size_t i = n; i-- > 0;) {
    const cfa_edge *e = path[i];
    const cfa_var *w = 0;
    const ex *rhs = 0;
    if (e->kind == CFA_DECLARATION) {
      w = e->var;
      rhs = e->expr;
    } else if (e->kind == CFA_STATEMENT && e->is_return) {
      w = e->from->function ? e->from->function->result : 0;
      rhs = e->expr;
    } else if (e->kind == CFA_STATEMENT && e->expr) {
      const ex *s = ex_strip_implicit(e->expr);
      if (s->kind == EX_ASSIGN) {
        w = vd_lhs_var(s->a);
        rhs = s->b;
      } else if (s->kind == EX_UNARY) {
        w = vd_lhs_var(s->a);
      }
    } else if (e->kind == CFA_RETURN && e->call && e->call->lhs) {
      w = vd_lhs_var(e->call->lhs);
      if (w && set[w->id] && e->callee->result) set[e->callee->result->id] = 1;
      continue;
    } else if (e->kind == CFA_CALL) {
      for (unsigned k = 0; k < e->callee->nparams && k < e->expr->nargs; k++)
        if (set[e->callee->params[k]->id])
          vd_vars_of(e->expr->args[k], nv, set);
      continue;
    }
    if (w && set[w->id] && rhs) vd_vars_of(rhs, nv, set);
  }
}

static bool vd_refine(void *d, const cfa_edge *const *path, size_t n,
                      const size_t *core, size_t ncore) {
  val_dom *vd = d;
  unsigned nv = vd->prec.nvars;
  unsigned char *set = mem_calloc(nv + 1, 1);
  if (ncore)
    for (size_t i = 0; i < ncore; i++)
      vd_vars_of(path[core[i]]->expr, nv, set);
  else
    for (size_t i = 0; i < n; i++)
      if (path[i]->kind == CFA_ASSUME) vd_vars_of(path[i]->expr, nv, set);
  vd_close(path, n, nv, set);
  bool grew = false;
  for (unsigned i = 0; i < nv; i++)
    if (set[i]) grew |= val_precision_add(&vd->prec, vd->g->vars.data[i]);
  mem_free(set);
  return grew;
}

/* Refinement from a path whose step `at` is undefined behaviour (an
 * access through a pointer into no object): the pointers it accesses
 * through, and what feeds them on the path, are tracked, so that the
 * search knows the access is undefined and ends such paths there
 * (val_post). What the path does after `at` is not looked at. */
static bool vd_refine_undefined(void *d, const cfa_edge *const *path,
                                size_t n, size_t at) {
  val_dom *vd = d;
  if (at >= n) return false;
  unsigned nv = vd->prec.nvars;
  unsigned char *set = mem_calloc(nv + 1, 1);
  const cfa_var *vs[16];
  unsigned k = ex_deref_vars(path[at]->expr, vs, 16);
  for (unsigned i = 0; i < k && i < 16; i++)
    if (vs[i]->id < nv) set[vs[i]->id] = 1;
  vd_close(path, at, nv, set);
  bool grew = false;
  for (unsigned i = 0; i < nv; i++) {
    const cfa_var *v = vd->g->vars.data[i];
    if (set[i])
      grew |= is_dptr(v->type) ? val_precision_add_pointer(&vd->prec, v)
                               : val_precision_add(&vd->prec, v);
  }
  mem_free(set);
  return grew;
}

/* The values s knows of the integer variables in scope in fn, as
 * `x == 5 && y == -1` (pr_domain.condition). The nondeterminism
 * variables of BLAST (whose reads are inputs) and names that another
 * variable in scope shares are left out: a weaker condition, still one
 * every state s stands for satisfies. */
static char *vd_condition(void *dv, const void *sv, const cfa_function *fn) {
  val_dom *d = dv;
  const val_state *s = sv;
  sbuf b = {0};
  for (unsigned i = 0; i < s->n; i++) {
    const val_entry *e = &s->e[i];
    const cfa_var *v = e->var < d->g->vars.len ? d->g->vars.data[e->var] : 0;
    if (!v || e->sub || !v->name || !v->type || v->type->kind != TY_INT ||
        v->type->size < 1 || v->type->size > 8 ||
        !strncmp(v->name, "__BLAST_NONDET", 14) ||
        !(v->is_global || cfa_var_in(v, fn)) ||
        !cfa_var_named(d->g, v, fn))
      continue;
    unsigned bits = (unsigned)v->type->size * 8;
    uint64_t x = bits < 64 ? e->bits & ((UINT64_C(1) << bits) - 1) : e->bits;
    if (b.len) sb_put(&b, " && ");
    if (v->type->is_signed && bits < 64 && (x >> (bits - 1)) & 1)
      sb_printf(&b, "%s == %" PRId64, v->name,
                  (int64_t)(x | ~((UINT64_C(1) << bits) - 1)));
    else if (v->type->is_signed && bits == 64 && (int64_t)x < 0)
      sb_printf(&b, "%s == (%" PRId64 " - 1)", v->name, (int64_t)x + 1);
    else
      sb_printf(&b, "%s == %" PRIu64 "%s", v->name, x,
                  v->type->is_signed ? "" : "u");
  }
  return b.len ? sb_take(&b) : (sb_free(&b), (char *)0);
}

const pr_domain val_domain = {"explicit", vd_initial, vd_post,
                              vd_decides, vd_hash,    vd_equal,
                              0,          vd_release, vd_refine,
                              vd_condition, vd_refine_undefined};

void val_dom_init(val_dom *d, const cfa *g) {
  d->g = g;
  val_precision_init(&d->prec, g);
}

void val_dom_free(val_dom *d) { val_precision_free(&d->prec); }
