#include "value.h"

#include "lib/mem.h"

#include <stdlib.h>
#include <string.h>

/* ---------- precision ---------- */

void val_precision_init(val_precision *p, const cfa *g) {
  p->nvars = (unsigned)g->vars.len;
  p->bit = mem_calloc(p->nvars + 1, 1);
  p->count = 0;
}

void val_precision_free(val_precision *p) {
  mem_free(p->bit);
  p->bit = 0;
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
  if (k != TY_INT && k != TY_BOOL && !is_fnptr(v->type)) return false;
  p->bit[v->id] = 1;
  p->count++;
  return true;
}

bool val_precision_has(const val_precision *p, unsigned var) {
  return var < p->nvars && p->bit[var];
}

/* ---------- states ---------- */

static const val_state val_empty = {0};

const val_state *val_initial(void) { return &val_empty; }

bool val_get(const val_state *s, unsigned var, uint64_t *bits) {
  unsigned lo = 0, hi = s->n;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (s->e[mid].var == var) {
      *bits = s->e[mid].bits;
      return true;
    }
    if (s->e[mid].var < var)
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
    h = (h ^ s->e[i].bits) * 0x100000001b3ull;
  }
  return h;
}

/* Field by field: val_entry has padding, which memcmp would read. */
static bool val_entries_equal(const val_entry *a, const val_entry *b,
                              unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (a[i].var != b[i].var || a[i].bits != b[i].bits) return false;
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

static long vm_find(const vmap *m, unsigned var) {
  for (size_t i = 0; i < m->e.len; i++)
    if (m->e.data[i].var == var) return (long)i;
  return -1;
}

static void vm_kill(vmap *m, unsigned var) {
  long i = vm_find(m, var);
  if (i >= 0) m->e.data[i] = m->e.data[--m->e.len];
}

static void vm_set(vmap *m, unsigned var, uint64_t bits) {
  if (!val_precision_has(m->p, var)) return;
  long i = vm_find(m, var);
  if (i >= 0)
    m->e.data[i].bits = bits;
  else {
    val_entry x = {var, bits};
    VEC_PUSH(m->e, x);
  }
}

static int vm_cmp(const void *a, const void *b) {
  unsigned x = ((const val_entry *)a)->var, y = ((const val_entry *)b)->var;
  return x < y ? -1 : x > y;
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

static bool assign_to(vmap *m, const ex *lhs, uint64_t v, bool known) {
  const ex *l = ex_strip_implicit(lhs);
  if (l->kind == EX_VAR && l->var) {
    if (known)
      vm_set(m, l->var->id, trunc_to(v, width(l->var->type)));
    else
      vm_kill(m, l->var->id);
    return true;
  }
  /* writes through pointers, arrays and fields never reach tracked
   * variables (their address is never taken); evaluate for side effects */
  if (l->a) {
    uint64_t ignored;
    exec(m, l->a, &ignored);
  }
  if (l->b) {
    uint64_t ignored;
    exec(m, l->b, &ignored);
  }
  return true;
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

/* Havoc of a call to a function with a body inside an expression: its
 * effect on globals is not modelled, so forget every tracked global. */
static void havoc_globals(vmap *m) {
  for (size_t i = 0; i < m->e.len;)
    if (m->g->vars.data[m->e.data[i].var]->is_global)
      m->e.data[i] = m->e.data[--m->e.len];
    else
      i++;
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
  case EX_VAR:
    if (!e->var) return false;
    for (size_t i = 0; i < m->e.len; i++)
      if (m->e.data[i].var == e->var->id) {
        *out = m->e.data[i].bits;
        return true;
      }
    return false;
  case EX_FUNC:
    return fn_value(m->g, e->func_name, out);
  case EX_CAST:
    ka = exec(m, e->a, &a);
    return ka && convert(a, e->a->type, e->type, out);
  case EX_UNARY:
    switch (e->op) {
    case EX_OP_PREINC:
    case EX_OP_PREDEC:
    case EX_OP_POSTINC:
    case EX_OP_POSTDEC: {
      ka = exec(m, e->a, &a);
      unsigned w = width(e->a->type);
      bool inc = e->op == EX_OP_PREINC || e->op == EX_OP_POSTINC;
      uint64_t n = trunc_to(inc ? a + 1 : a - 1, w);
      assign_to(m, e->a, n, ka && w);
      bool pre = e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC;
      *out = pre ? n : a;
      return ka && w;
    }
    case EX_OP_DEREF:
    case EX_OP_ADDR:
      ka = exec(m, e->a, &a);
      /* &f and *fp designate functions: the address itself */
      if (ka &&
          (is_fn(e->a->type) || (e->op == EX_OP_DEREF && is_fn(e->type)))) {
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
  case EX_BINARY:
    if (e->op == EX_OP_LAND || e->op == EX_OP_LOR) {
      ka = exec(m, e->a, &a);
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
      kb = exec(m, e->b, &b);
      if (!ka) {
        /* keep only entries both branches agree on */
        for (size_t i = 0; i < m->e.len;) {
          long j = -1;
          for (size_t k = 0; k < saved.e.len; k++)
            if (saved.e.data[k].var == m->e.data[i].var) j = (long)k;
          if (j < 0 || saved.e.data[j].bits != m->e.data[i].bits)
            m->e.data[i] = m->e.data[--m->e.len];
          else
            i++;
        }
        VEC_FREE(saved.e);
        return false;
      }
      *out = kb && trunc_to(b, width(e->b->type)) != 0;
      return kb;
    }
    if (e->op == EX_OP_COMMA) {
      exec(m, e->a, &a);
      return exec(m, e->b, out);
    }
    ka = exec(m, e->a, &a);
    kb = exec(m, e->b, &b);
    if (!ka || !kb) return false;
    return binop(e->op, e->type,
                 ex_op_is_comparison(e->op) || e->op == EX_OP_SHL ||
                         e->op == EX_OP_SHR
                     ? e->a->type
                     : e->type,
                 a, b, out);
  case EX_ASSIGN: {
    kb = exec(m, e->b, &b);
    if (e->op != EX_OP_NONE) {
      ka = exec(m, e->a, &a);
      uint64_t r = 0;
      bool kr = ka && kb && binop(e->op, e->a->type, e->a->type, a, b, &r);
      assign_to(m, e->a, r, kr);
      *out = r;
      return kr;
    }
    uint64_t v = 0;
    bool kv = kb && convert(b, e->b->type, e->a->type, &v);
    assign_to(m, e->a, v, kv);
    *out = v;
    return kv;
  }
  case EX_COND: {
    ka = exec(m, e->a, &a);
    if (ka) return exec(m, trunc_to(a, width(e->a->type)) ? e->b : e->c, out);
    /* unknown condition: effects of either branch are uncertain */
    vmap t = *m;
    t.e.data = 0;
    t.e.len = t.e.cap = 0;
    for (size_t i = 0; i < m->e.len; i++)
      VEC_PUSH(t.e, m->e.data[i]);
    kb = exec(m, e->b, &b);
    uint64_t c;
    bool kc = exec(&t, e->c, &c);
    for (size_t i = 0; i < m->e.len;) {
      long j = vm_find(&t, m->e.data[i].var);
      if (j < 0 || t.e.data[j].bits != m->e.data[i].bits)
        m->e.data[i] = m->e.data[--m->e.len];
      else
        i++;
    }
    VEC_FREE(t.e);
    if (kb && kc && b == c) {
      *out = b;
      return true;
    }
    return false;
  }
  case EX_CALL:
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
    return false;
  case EX_MEMBER:
  case EX_INDEX:
    if (e->a) exec(m, e->a, &a);
    if (e->b) exec(m, e->b, &b);
    return false;
  default:
    return false;
  }
}

/* Taking a branch also tells us the value in `x == c` / `x != c`. */
static void learn(vmap *m, const ex *c, bool truth) {
  c = ex_strip_implicit(c);
  if (c->kind == EX_UNARY && c->op == EX_OP_NOT) {
    learn(m, c->a, !truth);
    return;
  }
  if (c->kind == EX_VAR && !truth && c->var) {
    vm_set(m, c->var->id, 0);
    return;
  }
  if (c->kind != EX_BINARY || (c->op != EX_OP_EQ && c->op != EX_OP_NE)) return;
  if ((c->op == EX_OP_EQ) != truth) return;
  const ex *l = ex_strip_implicit(c->a), *r = c->b;
  if (l->kind != EX_VAR || !l->var) {
    l = ex_strip_implicit(c->b);
    r = c->a;
  }
  if (l->kind != EX_VAR || !l->var) return;
  /* only when the comparison is done in the variable's own type */
  if (ex_strip_implicit(c->a) == l ? c->a->type != l->type
                                   : c->b->type != l->type)
    return;
  uint64_t v;
  if (exec(m, r, &v)) vm_set(m, l->var->id, trunc_to(v, width(l->type)));
}

val_result val_post(const cfa *g, const val_state *s, const val_state *caller,
                    const cfa_edge *e, const val_precision *p,
                    const val_state **out) {
  vmap m = {{0}, p, g, false};
  *out = s;
  uint64_t v;
  if (e->kind == CFA_BLANK && !e->expr) return VAL_OK;
  vm_from(&m, s);
  switch (e->kind) {
  case CFA_DECLARATION:
    if (e->decl == CFA_DECL_VAR && e->var) {
      if (e->expr && exec(&m, e->expr, &v) &&
          convert(v, e->expr->type, e->var->type, &v))
        vm_set(&m, e->var->id, v);
      else if (!e->expr && (e->var->is_global || e->var->is_static) &&
               e->expr == 0 && !e->var->is_extern)
        vm_set(&m, e->var->id, 0);
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
      if (f && f->result) {
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
  case CFA_CALL: {
    const cfa_function *f = e->callee;
    uint64_t args[64];
    bool known[64];
    unsigned n = e->expr->nargs < 64 ? e->expr->nargs : 64;
    for (unsigned i = 0; i < n; i++)
      known[i] = exec(&m, e->expr->args[i], &args[i]);
    /* a fresh activation: forget the callee's locals */
    for (size_t i = 0; i < m.e.len;) {
      const cfa_var *x = m.g->vars.data[m.e.data[i].var];
      if (x->function == f)
        m.e.data[i] = m.e.data[--m.e.len];
      else
        i++;
    }
    for (unsigned i = 0; i < n && i < f->nparams; i++)
      if (known[i] &&
          convert(args[i], e->expr->args[i]->type, f->params[i]->type, &v))
        vm_set(&m, f->params[i]->id, v);
    break;
  }
  case CFA_RETURN: {
    const cfa_function *f = e->callee;
    bool kr = f->result && val_get(s, f->result->id, &v);
    /* globals from the callee's exit, everything else from the caller */
    m.e.len = 0;
    for (unsigned i = 0; i < s->n; i++)
      if (m.g->vars.data[s->e[i].var]->is_global) VEC_PUSH(m.e, s->e[i]);
    if (caller)
      for (unsigned i = 0; i < caller->n; i++)
        if (!m.g->vars.data[caller->e[i].var]->is_global)
          VEC_PUSH(m.e, caller->e[i]);
    if (e->call && e->call->lhs) {
      uint64_t cv = 0;
      bool kc = kr && convert(v, f->result->type, e->call->lhs->type, &cv);
      assign_to(&m, e->call->lhs, cv, kc);
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

static const cfa_var *vd_lhs_var(const ex *e) {
  const ex *l = ex_strip_implicit(e);
  return l && l->kind == EX_VAR ? l->var : 0;
}

/* Explicit-value refinement: the variables of the assume edges that explain
 * the infeasibility (the solver's core, or every assume of the path),
 * closed backwards over the assignments of the path that feed them. It
 * gives up the precision of interpolants (a variable is tracked everywhere
 * once it is tracked somewhere), which keeps it cheap. */
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
  bool grew = false;
  for (unsigned i = 0; i < nv; i++)
    if (set[i]) grew |= val_precision_add(&vd->prec, vd->g->vars.data[i]);
  mem_free(set);
  return grew;
}

const pr_domain val_domain = {"explicit", vd_initial, vd_post,
                              vd_decides, vd_hash,    vd_equal,
                              0,          vd_release, vd_refine};

void val_dom_init(val_dom *d, const cfa *g) {
  d->g = g;
  val_precision_init(&d->prec, g);
}

void val_dom_free(val_dom *d) { val_precision_free(&d->prec); }
