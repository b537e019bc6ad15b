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
