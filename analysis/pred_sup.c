/* pred_sup: which programs the predicate domain models (pred_supported,
 * pred.h). A block's post starts from a state about which only the
 * predicates are known: every variable fresh. That is sound for integers,
 * and for pointers exactly when no pointer can point into an object the
 * encoding models: a fresh pointer points into no object (smtm_fresh), so
 * a pointer that held &x before the block would be lost. So pointers are
 * modelled when the program never makes an address of an object: no `&`,
 * no array used as a pointer (other than indexed), no string literal
 * stored (one passed to code without a body is read there and forgotten),
 * no function used as a value, no allocation (malloc makes objects). Then
 * every pointer value is NULL, an integer converted, or a pointer from
 * outside, which is what the fresh start gives, and an access through
 * one is undefined behaviour in the program as in the encoding. */
#include "pred.h"

#include "lib/mem.h"

#include <stdio.h>
#include <string.h>

/* What in a value of type t the predicate domain does not model: "a
 * pointer" (when pointers are not, `ptrs` false; a pointer to a function
 * always), "a union" (its bytes alias its other members), or NULL. */
static const char *pred_unmodelled(const ty *t, bool ptrs, unsigned depth) {
  if (!t) return 0;
  if (depth > 16) return "a type nested more than 16 deep";
  switch (t->kind) {
  case TY_POINTER:
    if (!ptrs) return "a pointer";
    return t->elem && t->elem->kind == TY_FUNCTION ? "a function pointer" : 0;
  case TY_UNION:
    return "a union";
  case TY_ARRAY:
    return pred_unmodelled(t->elem, ptrs, depth + 1);
  case TY_STRUCT:
    for (unsigned i = 0; i < t->nfields; i++) {
      const char *w = pred_unmodelled(t->fields[i].type, ptrs, depth + 1);
      if (w) return w;
    }
    return 0;
  default:
    return 0;
  }
}

/* Whether x is an array converted to a pointer (an implicit cast). */
static bool pred_sup_decay(const ex *x) {
  return x && x->kind == EX_CAST && x->implicit && x->a && x->a->type &&
         x->a->type->kind == TY_ARRAY;
}

/* The first construct in x that makes an address of an object (see the
 * head of the file), or NULL. */
static const char *pred_sup_address(const cfa *g, const ex *x) {
  if (!x) return 0;
  const char *w = 0;
  switch (x->kind) {
  case EX_UNARY:
    if (x->op == EX_OP_ADDR) return "an address taken (&)";
    break;
  case EX_FUNC:
    return "a function used as a value";
  case EX_CAST:
    if (pred_sup_decay(x)) return "an array used as a pointer";
    break;
  case EX_INDEX: /* a[i]: the array's conversion is the access itself */
    if (pred_sup_decay(x->a))
      return (w = pred_sup_address(g, x->a->a)) ? w
                                                : pred_sup_address(g, x->b);
    break;
  case EX_CALL: {
    if (cfa_is_alloc_fn(x->func_name)) return "an allocation";
    const ex *callee = x->a ? ex_strip_implicit(x->a) : 0;
    if (callee && callee->kind != EX_FUNC && (w = pred_sup_address(g, x->a)))
      return w;
    bool body = cfa_call_has_body(g, x);
    for (unsigned i = 0; i < x->nargs; i++) {
      const ex *a = x->args[i];
      /* a literal code without a body reads (printf("...")) */
      if (!body && pred_sup_decay(a) && a->a->kind == EX_STRING) continue;
      if ((w = pred_sup_address(g, a))) return w;
    }
    return 0;
  }
  default:
    break;
  }
  if ((w = pred_sup_address(g, x->a)) || (w = pred_sup_address(g, x->b)) ||
      (w = pred_sup_address(g, x->c)))
    return w;
  for (unsigned i = 0; i < x->nargs; i++)
    if ((w = pred_sup_address(g, x->args[i]))) return w;
  return 0;
}

/* cfa_find_edge: whether e's text makes an address (the CFA is arg). */
static bool pred_sup_edge(const cfa_edge *e, void *arg) {
  return pred_sup_address(arg, e->expr) != 0;
}

/* The first edge of g whose text makes an address (its construct in
 * *what), or NULL. */
static const cfa_edge *pred_sup_addresses(const cfa *g, const char **what) {
  const cfa_edge *e = cfa_find_edge(g, pred_sup_edge, (void *)g);
  *what = e ? pred_sup_address(g, e->expr) : 0;
  return e;
}

const char *pred_supported(const cfa *g) {
  const char *what = 0;
  const cfa_edge *at = pred_sup_addresses(g, &what);
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    if (v->type && v->type->kind == TY_FUNCTION) continue;
    const char *un = pred_unmodelled(v->type, !at, 0);
    char *m = 0;
    char *why = un && !strcmp(un, "a pointer")
                    ? mem_printf("the predicate domain models pointers only "
                                 "where none can point into an object, and "
                                 "%s at line %u makes one",
                                 what, at->loc.line)
                    : mem_strdup("the predicate domain models neither "
                                 "unions nor function pointers");
    if (v->address_taken)
      m = mem_printf("a variable whose address is taken: %s at %s:%u (the "
                     "predicate domain does not model pointers into objects)",
                     v->name, g->path, v->line);
    else if (un && v->type->kind != TY_POINTER && v->type->kind != TY_UNION)
      m = mem_printf("a variable holding %s: %s at %s:%u (%s)", un, v->name,
                     g->path, v->line, why);
    else if (un)
      m = mem_printf("%s: %s at %s:%u (%s)", un, v->name, g->path, v->line,
                     why);
    mem_free(why);
    if (!m) continue;
    unsigned line = 0;
    const char *fn = cfa_first_alloc_call(g, cfa_is_alloc_fn, &line);
    if (fn) {
      char *t = mem_printf("%s; it calls %s at line %u, and dynamic memory "
                           "is not modelled either", m, fn, line);
      mem_free(m);
      m = t;
    }
    const char *r = mem_arena_strdup(g->arena, m);
    mem_free(m);
    return r;
  }
  return 0;
}
