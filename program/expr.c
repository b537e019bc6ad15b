#include "expr.h"

#include "lib/mem.h"
#include "lib/sbuf.h"

#include <inttypes.h>
#include <string.h>

const char *ex_op_text(ex_op op) {
  static const char *t[] = {"",  "*",  "/",  "%",  "+",  "-",  "<<", ">>",
                            "<", ">",  "<=", ">=", "==", "!=", "&",  "^",
                            "|", "&&", "||", ",",  "-",  "+",  "!",  "~",
                            "*", "&",  "++", "--", "++", "--"};
  return t[op];
}

bool ex_op_is_comparison(ex_op op) { return op >= EX_OP_LT && op <= EX_OP_NE; }

const ex *ex_strip_implicit(const ex *e) {
  while (e && e->kind == EX_CAST && e->implicit)
    e = e->a;
  return e;
}

bool ex_find_unsupported(const ex *e, const char **out) {
  if (!e) return false;
  if (e->kind == EX_UNSUPPORTED) {
    *out = e->text;
    return true;
  }
  if (ex_find_unsupported(e->a, out) || ex_find_unsupported(e->b, out) ||
      ex_find_unsupported(e->c, out))
    return true;
  for (unsigned i = 0; i < e->nargs; i++)
    if (ex_find_unsupported(e->args[i], out)) return true;
  return false;
}

bool ex_is_data_pointer(const ty *t) {
  return t && t->kind == TY_POINTER && !(t->elem && t->elem->kind == TY_FUNCTION);
}

const cfa_var *ex_pointer_var(const ex *e) {
  while (e && e->kind == EX_CAST && ex_is_data_pointer(e->type) && e->a &&
         ex_is_data_pointer(e->a->type))
    e = e->a;
  return e && e->kind == EX_VAR && e->var && ex_is_data_pointer(e->var->type)
             ? e->var
             : 0;
}

bool ex_index_parts(const ex *e, const ex **base, const ex **index) {
  const ex *pa = e->a, *pi = e->b;
  if (pa && pa->type && ty_is_integer(pa->type)) {
    pa = e->b;
    pi = e->a;
  }
  *index = pi;
  if (pa && pa->kind == EX_CAST && pa->a && pa->a->type &&
      pa->a->type->kind == TY_ARRAY) {
    *base = pa->a;
    return true;
  }
  *base = pa;
  return pa && pa->type && pa->type->kind == TY_ARRAY;
}

const ex *ex_access_pointer(const ex *l) {
  for (int k = 0; l && k < 256; k++) {
    l = ex_strip_implicit(l);
    if (!l) return 0;
    if (l->kind == EX_MEMBER && !l->arrow) {
      l = l->a;
    } else if (l->kind == EX_MEMBER ||
               (l->kind == EX_UNARY && l->op == EX_OP_DEREF)) {
      return l->a;
    } else if (l->kind == EX_INDEX) {
      const ex *base, *index;
      if (!ex_index_parts(l, &base, &index)) return base;
      l = base;
    } else
      return 0;
  }
  return 0;
}

typedef struct {
  const cfa_var **out;
  unsigned max, n;
} ex_derefs;

static void ex_deref_site(ex_derefs *d, const ex *p) {
  const cfa_var *v = ex_pointer_var(p);
  if (!v) return;
  if (d->n < d->max) d->out[d->n] = v;
  d->n++;
}

/* addr: e is an lvalue whose address is taken, not accessed (under &, or
 * an array or function designator decaying to its address). */
static void ex_deref_walk(ex_derefs *d, const ex *e, bool addr, int depth) {
  if (!e || depth > 256) return;
  depth++;
  switch (e->kind) {
  case EX_SIZEOF:
    return; /* not evaluated */
  case EX_CAST:
    ex_deref_walk(d, e->a, e->a && e->a->type &&
                               (e->a->type->kind == TY_ARRAY ||
                                e->a->type->kind == TY_FUNCTION),
                  depth);
    return;
  case EX_UNARY:
    if (e->op == EX_OP_ADDR) {
      ex_deref_walk(d, e->a, true, depth);
      return;
    }
    if (e->op == EX_OP_DEREF && !addr && e->type &&
        e->type->kind != TY_FUNCTION)
      ex_deref_site(d, e->a);
    ex_deref_walk(d, e->a, false, depth);
    return;
  case EX_MEMBER:
    if (!e->arrow) {
      ex_deref_walk(d, e->a, addr, depth);
      return;
    }
    if (!addr) ex_deref_site(d, e->a);
    ex_deref_walk(d, e->a, false, depth);
    return;
  case EX_INDEX: {
    const ex *pa, *pi;
    if (ex_index_parts(e, &pa, &pi)) {
      /* the array object itself, not its address as a value */
      ex_deref_walk(d, pa, addr, depth);
    } else {
      if (!addr) ex_deref_site(d, pa);
      ex_deref_walk(d, pa, false, depth);
    }
    ex_deref_walk(d, pi, false, depth);
    return;
  }
  case EX_BINARY:
    ex_deref_walk(d, e->a, false, depth);
    if (e->op != EX_OP_LAND && e->op != EX_OP_LOR)
      ex_deref_walk(d, e->b, false, depth);
    return;
  case EX_COND:
    ex_deref_walk(d, e->a, false, depth);
    return;
  default:
    ex_deref_walk(d, e->a, false, depth);
    ex_deref_walk(d, e->b, false, depth);
    ex_deref_walk(d, e->c, false, depth);
    for (unsigned i = 0; i < e->nargs; i++)
      ex_deref_walk(d, e->args[i], false, depth);
    return;
  }
}

unsigned ex_deref_vars(const ex *e, const cfa_var **out, unsigned max) {
  ex_derefs d = {out, max, 0};
  ex_deref_walk(&d, e, false, 0);
  return d.n;
}

bool ex_may_write(const ex *e, const cfa_var *v) {
  if (!e) return false;
  if (e->kind == EX_CALL && (v->is_global || v->is_static)) return true;
  if (e->kind == EX_ASSIGN ||
      (e->kind == EX_UNARY &&
       (e->op == EX_OP_PREINC || e->op == EX_OP_PREDEC ||
        e->op == EX_OP_POSTINC || e->op == EX_OP_POSTDEC))) {
    const ex *l = ex_strip_implicit(e->a);
    if (l && l->kind == EX_VAR && l->var == v) return true;
  }
  if (ex_may_write(e->a, v) || ex_may_write(e->b, v) || ex_may_write(e->c, v))
    return true;
  for (unsigned i = 0; i < e->nargs; i++)
    if (ex_may_write(e->args[i], v)) return true;
  return false;
}

static void old_print(sbuf *b, const ex *e);

/* Identifiers and literals print bare; everything else in parentheses. */
static void old_print_paren(sbuf *b, const ex *e) {
  e = ex_strip_implicit(e);
  bool simple = e->kind == EX_VAR || e->kind == EX_INT || e->kind == EX_FUNC ||
                e->kind == EX_FLOAT || e->kind == EX_STRING ||
                e->kind == EX_SIZEOF;
  if (!simple) sb_put(b, "(");
  old_print(b, e);
  if (!simple) sb_put(b, ")");
}

static const char *int_suffix(const ty *t) {
  if (!t || t->kind != TY_INT) return "";
  if (t->size == 8 && !strstr(t->spelling, "long long"))
    return t->is_signed ? "L" : "UL";
  if (strstr(t->spelling, "long long")) return t->is_signed ? "LL" : "ULL";
  if (strstr(t->spelling, "long")) return t->is_signed ? "L" : "UL";
  return t->is_signed ? "" : "U";
}

static void old_print(sbuf *b, const ex *e) {
  char num[64];
  e = ex_strip_implicit(e);
  switch (e->kind) {
  case EX_INT:
  case EX_SIZEOF:
    if (e->type && e->type->kind == TY_INT && e->type->is_signed)
      snprintf(num, sizeof num, "%" PRId64, (int64_t)e->u);
    else
      snprintf(num, sizeof num, "%" PRIu64, e->u);
    sb_put(b, num);
    sb_put(b, int_suffix(e->type));
    break;
  case EX_FLOAT:
  case EX_STRING:
    sb_put(b, e->text);
    break;
  case EX_VAR:
    sb_put(b, e->var ? e->var->name : e->text);
    break;
  case EX_FUNC:
    sb_put(b, e->func_name);
    break;
  case EX_UNARY:
    if (e->op == EX_OP_POSTINC || e->op == EX_OP_POSTDEC) {
      old_print_paren(b, e->a);
      sb_put(b, ex_op_text(e->op));
    } else {
      sb_put(b, ex_op_text(e->op));
      old_print_paren(b, e->a);
    }
    break;
  case EX_BINARY:
    old_print_paren(b, e->a);
    sb_put(b, " ");
    sb_put(b, ex_op_text(e->op));
    sb_put(b, " ");
    old_print_paren(b, e->b);
    break;
  case EX_ASSIGN:
    old_print(b, e->a);
    sb_put(b, " ");
    sb_put(b, ex_op_text(e->op));
    sb_put(b, "= ");
    old_print(b, e->b);
    break;
  case EX_CAST:
    sb_put(b, "(");
    sb_put(b, e->type ? e->type->spelling : "?");
    sb_put(b, ")");
    old_print_paren(b, e->a);
    break;
  case EX_CALL:
    old_print_paren(b, e->a);
    sb_put(b, "(");
    for (unsigned i = 0; i < e->nargs; i++) {
      if (i) sb_put(b, ", ");
      old_print(b, e->args[i]);
    }
    sb_put(b, ")");
    break;
  case EX_MEMBER:
    old_print_paren(b, e->a);
    sb_put(b, e->arrow ? "->" : ".");
    sb_put(b, e->text);
    break;
  case EX_INDEX:
    old_print_paren(b, e->a);
    sb_put(b, "[");
    old_print(b, e->b);
    sb_put(b, "]");
    break;
  case EX_COND:
    old_print_paren(b, e->a);
    sb_put(b, " ? ");
    old_print_paren(b, e->b);
    sb_put(b, " : ");
    old_print_paren(b, e->c);
    break;
  case EX_INITLIST:
    sb_put(b, "{ ");
    for (unsigned i = 0; i < e->nargs; i++) {
      if (i) sb_put(b, ", ");
      /* CPAchecker's CDesignatedInitializer: `.f[2] = v`, `[1 ... 3] = v` */
      for (unsigned j = 0; e->desig && j < e->desig[i].n; j++) {
        const ex_designator *d = &e->desig[i].d[j];
        if (d->field) {
          if (d->field->name) { /* an anonymous member is implicit */
            sb_put(b, ".");
            sb_put(b, d->field->name);
          }
        } else if (d->lo == d->hi)
          sb_printf(b, "[%llu]", (unsigned long long)d->lo);
        else
          sb_printf(b, "[%llu ... %llu]", (unsigned long long)d->lo,
                    (unsigned long long)d->hi);
      }
      if (e->desig && e->desig[i].n) sb_put(b, " = ");
      old_print(b, e->args[i]);
    }
    sb_put(b, " }");
    break;
  case EX_UNSUPPORTED:
    sb_put(b, e->text ? e->text : "?");
    break;
  }
}

char *ex_old_text(const ex *e) {
  sbuf b = {0};
  old_print(&b, e);
  return sb_take(&b);
}
