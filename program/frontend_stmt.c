/* frontend_stmt: statements and function bodies, following CPAchecker's
 * CFAFunctionBuilder: a current node `prev`; each statement adds edges
 * from it; jumps leave a fresh unreachable node that is pruned at the end
 * unless a label makes it reachable. Calls inside expressions are hoisted
 * into temporaries as CPAchecker does. */
#include "frontend_int.h"

#include <stdlib.h>
#include <string.h>

/* ---------- statements ---------- */

cfa_node *fe_node(fe *f, unsigned line) {
  return cfa_node_new(f->g, f->fn, line);
}

/* CPAchecker's isReachableNode: edges are only added from such nodes. */
static bool fe_live(const fe *f, const cfa_node *n) {
  return !f->fn || n->nin || n == f->fn->entry || n->is_loop_head ||
         n->is_label;
}

/* An edge from f->prev; from a node no path reaches it stays detached (not
 * in the graph, id FE_DETACHED), so that dead code adds no edges, as in
 * CPAchecker, and makes no node look reachable. */
cfa_edge *fe_edge(fe *f, cfa_edge_kind k, cfa_node *to, const char *raw,
                  CXCursor c) {
  cfa_edge *e;
  if (fe_live(f, f->prev))
    e = cfa_edge_new(f->g, k, f->prev, to, raw);
  else {
    e = mem_arena_alloc(f->g->arena, sizeof *e);
    e->id = FE_DETACHED;
    e->kind = k;
    e->from = f->prev;
    e->to = to;
    e->raw = e->raw_old = raw;
  }
  if (!clang_Cursor_isNull(c)) {
    e->loc = fe_xloc(f, c);
    if (!to->line) to->line = e->loc.end_line;
  } else
    e->loc.line = e->loc.end_line = f->prev->line;
  return e;
}

static cfa_edge *fe_edge_at(fe *f, cfa_node *from, cfa_edge_kind k,
                            cfa_node *to, const char *raw) {
  cfa_node *saved = f->prev;
  f->prev = from;
  cfa_edge *e = fe_edge(f, k, to, raw, clang_getNullCursor());
  f->prev = saved;
  return e;
}

/* A join edge `""` from f->prev when it is live. */
static void fe_connect(fe *f, cfa_node *to) {
  if (fe_live(f, f->prev))
    fe_edge(f, CFA_BLANK, to, "", clang_getNullCursor())->connector = true;
}

/* Whether an argument can name code: a function or a variable (a handler
 * held in a pointer, a struct sigaction). Constants (SIG_IGN, SIG_DFL,
 * NULL) install none. */
static bool fe_names_code(const ex *x) {
  if (!x) return false;
  if (x->kind == EX_FUNC || x->kind == EX_VAR) return true;
  if (fe_names_code(x->a) || fe_names_code(x->b) || fe_names_code(x->c))
    return true;
  for (unsigned i = 0; i < x->nargs; i++)
    if (fe_names_code(x->args[i])) return true;
  return false;
}

/* Thread creation: the start routine runs concurrently with the caller. */
static bool fe_is_thread_call(const char *name) {
  static const char *const t[] = {
      "pthread_create", "thrd_create", "__VERIFIER_thread_create",
      "clone",          "__clone",     "g_thread_new",
      "CreateThread"};
  for (size_t i = 0; i < sizeof t / sizeof *t; i++)
    if (!strcmp(t[i], name)) return true;
  return false;
}

/* The function with a body that argument x hands over (a designator, its
 * address, through casts, or any code pointer held in a variable): its name
 * (borrowed; "a function pointer" for a variable), or NULL. */
static const char *fe_code_arg(fe *f, const ex *x) {
  while (x && (x->kind == EX_CAST ||
               (x->kind == EX_UNARY &&
                (x->op == EX_OP_ADDR || x->op == EX_OP_DEREF))))
    x = x->a;
  if (!x) return 0;
  if (x->kind == EX_FUNC && x->func_name) {
    const cfa_function *fn = hmap_sget(&f->funcs, x->func_name);
    return fn ? x->func_name : 0;
  }
  if (x->kind == EX_VAR && x->type && x->type->kind == TY_POINTER &&
      x->type->elem && x->type->elem->kind == TY_FUNCTION)
    return "a function pointer";
  if (x->kind == EX_COND) {
    const char *r = fe_code_arg(f, x->b);
    return r ? r : fe_code_arg(f, x->c);
  }
  return 0;
}

/* A call of a function without a body that is handed one of the program's
 * functions: the library may call it back (qsort's comparator, atexit, a
 * thread's start routine) at any time, any number of times, with any
 * arguments, which the CFA does not hold: as control flow it lacks, no
 * verdict passes it. Returns the description (caller frees) or NULL. */
static char *fe_callback_call(fe *f, const ex *call) {
  for (unsigned i = 0; i < call->nargs; i++) {
    const char *fn = fe_code_arg(f, call->args[i]);
    if (!fn) continue;
    if (fe_is_thread_call(call->func_name))
      return mem_printf("%s (starts a thread running %s: concurrency is not "
                        "modelled)",
                        call->func_name, fn);
    return mem_printf("%s (may call back %s, which it is handed: calls from "
                      "code without a body are not modelled)",
                      call->func_name, fn);
  }
  return 0;
}

/* Calls whose control flow a CFA cannot hold: a second return from setjmp
 * after a longjmp, the jump out of longjmp, a signal handler that may run
 * between any two statements, vfork's child running in the parent's memory.
 * What they do is not an effect on data that an analysis could model, so
 * they are known by name (unless the program defines the function itself).
 * Returns the description (caller frees) or NULL. */
static char *fe_flow_call(fe *f, const ex *call) {
  static const struct {
    const char *name, *what;
    int handler; /* index of the handler argument, or -1 */
  } calls[] = {
      {"setjmp", "returns again after a longjmp", -1},
      {"_setjmp", "returns again after a longjmp", -1},
      {"__setjmp", "returns again after a longjmp", -1},
      {"sigsetjmp", "returns again after a siglongjmp", -1},
      {"__sigsetjmp", "returns again after a siglongjmp", -1},
      {"__builtin_setjmp", "returns again after a longjmp", -1},
      {"getcontext", "returns again after a setcontext", -1},
      {"longjmp", "non-local jump", -1},
      {"_longjmp", "non-local jump", -1},
      {"siglongjmp", "non-local jump", -1},
      {"__longjmp_chk", "non-local jump", -1},
      {"__builtin_longjmp", "non-local jump", -1},
      {"setcontext", "non-local jump", -1},
      {"swapcontext", "non-local jump", -1},
      {"vfork", "the child runs in the parent's memory", -1},
      {"__vfork", "the child runs in the parent's memory", -1},
      {"signal", "installs a handler that runs asynchronously", 1},
      {"sigset", "installs a handler that runs asynchronously", 1},
      {"bsd_signal", "installs a handler that runs asynchronously", 1},
      {"sysv_signal", "installs a handler that runs asynchronously", 1},
      {"__sysv_signal", "installs a handler that runs asynchronously", 1},
      {"sigaction", "installs a handler that runs asynchronously", 1},
  };
  if (call->kind != EX_CALL || !call->func_name) return 0;
  const cfa_function *own = hmap_sget(&f->funcs, call->func_name);
  if (own && own->entry) return 0;
  for (size_t i = 0; i < sizeof calls / sizeof *calls; i++) {
    if (strcmp(calls[i].name, call->func_name)) continue;
    int h = calls[i].handler;
    if (h >= 0 && ((unsigned)h >= call->nargs || !fe_names_code(call->args[h])))
      return 0;
    return mem_printf("%s (%s)", call->func_name, calls[i].what);
  }
  return fe_callback_call(f, call);
}

/* The first call in x whose control flow the CFA cannot hold (caller
 * frees), or NULL. */
static char *fe_find_flow_call(fe *f, const ex *x) {
  if (!x) return 0;
  char *r = fe_flow_call(f, x);
  if (r) return r;
  if ((r = fe_find_flow_call(f, x->a)) || (r = fe_find_flow_call(f, x->b)) ||
      (r = fe_find_flow_call(f, x->c)))
    return r;
  for (unsigned i = 0; i < x->nargs && !r; i++)
    r = fe_find_flow_call(f, x->args[i]);
  return r;
}

void fe_check_unsupported(fe *f, cfa_edge *e, const ex *x) {
  const char *what;
  /* control flow first: it names the edge's reason */
  char *flow = fe_find_flow_call(f, x);
  if (flow) {
    fe_unsupported(f, e, flow, e->loc.line);
    e->unsupported_flow = e->unsupported != 0;
    mem_free(flow);
  }
  if (ex_find_unsupported(x, &what)) fe_unsupported(f, e, what, e->loc.line);
}

static bool fe_is_error_call(const char *name) {
  return !strcmp(name, "reach_error") || !strcmp(name, "__VERIFIER_error") ||
         !strcmp(name, "__assert_fail");
}

static bool fe_is_exit_call(const char *name) {
  return !strcmp(name, "abort") || !strcmp(name, "exit") ||
         !strcmp(name, "_exit") || !strcmp(name, "__VERIFIER_abort");
}

static void fe_stmt(fe *f, CXCursor c);

/* A statement whose effect is `x` (an expression, possibly a call). Calls
 * of functions with a body become call edges into their CFA. */
static void fe_effect_direct(fe *f, CXCursor c, const ex *x, const char *raw,
                             unsigned line, cfa_node *to) {
  const ex *call = 0, *lhs = 0;
  const ex *s = ex_strip_implicit(x);
  if (s->kind == EX_CALL)
    call = s;
  else if (s->kind == EX_ASSIGN && s->op == EX_OP_NONE &&
           ex_strip_implicit(s->b)->kind == EX_CALL) {
    call = ex_strip_implicit(s->b);
    lhs = s->a;
  }
  cfa_function *callee =
      call && call->func_name ? hmap_sget(&f->funcs, call->func_name) : 0;
  if (call && call->func_name && fe_is_error_call(call->func_name)) {
    cfa_node *n = fe_node(f, line);
    /* reaching the call is the violation: the edge has no effect to model
     * (the error function's body only stops the program) */
    fe_edge(f, CFA_STATEMENT, n, raw, c);
    n->is_error = true;
    f->prev = fe_node(f, line);
    return;
  }
  if (callee && callee->entry) {
    cfa_node *after = to ? to : fe_node(f, line);
    cfa_edge *e = fe_edge(f, CFA_CALL, callee->entry, raw, c);
    e->expr = call;
    e->lhs = lhs;
    e->callee = callee;
    fe_check_unsupported(f, e, x);
    if (e->id != FE_DETACHED) {
      cfa_edge *r = cfa_edge_new(f->g, CFA_RETURN, callee->exit, after, "");
      r->loc = e->loc;
      r->callee = callee;
      r->call = e;
    }
    f->prev = after;
    return;
  }
  cfa_node *n = to ? to : fe_node(f, line);
  cfa_edge *e = fe_edge(f, CFA_STATEMENT, n, raw, c);
  e->expr = x;
  fe_check_unsupported(f, e, x);
  f->prev = n;
  if (call && !call->func_name && e->id != FE_DETACHED) {
    fe_ptrcall pc = {e, call, lhs};
    VEC_PUSH(f->ptrcalls, pc);
  }
  if (call && call->func_name && fe_is_exit_call(call->func_name)) {
    n->is_terminal = true;
    f->prev = fe_node(f, line);
  }
}

/* ---------- calls inside expressions ---------- */

static bool fe_is_direct_call(const ex *x) {
  const ex *s = ex_strip_implicit(x);
  return s->kind == EX_CALL || (s->kind == EX_ASSIGN && s->op == EX_OP_NONE &&
                                ex_strip_implicit(s->b)->kind == EX_CALL);
}

ex *fe_ex_copy(fe *f, const ex *x) {
  ex *c = mem_arena_alloc(f->g->arena, sizeof *c);
  *c = *x;
  return c;
}

/* The expression `v = rhs`. */
static const ex *fe_assign_to_var(fe *f, const cfa_var *v, const ex *rhs,
                                  unsigned line) {
  ex *lhs = mem_arena_alloc(f->g->arena, sizeof *lhs);
  lhs->kind = EX_VAR;
  lhs->var = v;
  lhs->type = v->type;
  lhs->line = line;
  ex *asg = mem_arena_alloc(f->g->arena, sizeof *asg);
  asg->kind = EX_ASSIGN;
  asg->op = EX_OP_NONE;
  asg->a = lhs;
  asg->b = (ex *)rhs;
  asg->type = v->type;
  asg->line = line;
  return asg;
}

/* A fresh temporary as CPAchecker makes one: __CPAchecker_TMP_<n>. */
static cfa_var *fe_temp(fe *f, const ty *t, unsigned line) {
  cfa_var *v = mem_arena_alloc(f->g->arena, sizeof *v);
  char *name = mem_printf("__CPAchecker_TMP_%u", f->ntemps++);
  v->name = fe_adup(f, name);
  char *q = mem_printf("%s::%s", f->fn ? f->fn->name : "", name);
  v->qualified = fe_adup(f, q);
  mem_free(q);
  mem_free(name);
  v->id = (unsigned)f->g->vars.len;
  v->type = t;
  v->function = f->fn;
  v->line = line;
  VEC_PUSH(f->g->vars, v);
  return v;
}

/* Replace every call in x (except x itself when `top`) by a temporary,
 * emitting for each, in evaluation order, a declaration of the temporary
 * and the call assigned to it, both with raw text `raw` (CPAchecker's
 * simplification). Calls under && || ?: are left in place: moving them
 * would run them unconditionally. */
static const ex *fe_hoist(fe *f, CXCursor c, const ex *x, const char *raw,
                          bool top) {
  if (!x) return x;
  if (x->kind == EX_BINARY && (x->op == EX_OP_LAND || x->op == EX_OP_LOR))
    return x;
  if (x->kind == EX_COND) return x;
  const ex *a = fe_hoist(f, c, x->a, raw, false),
           *b = fe_hoist(f, c, x->b, raw, false),
           *cc = fe_hoist(f, c, x->c, raw, false);
  ex *y = 0;
  if (a != x->a || b != x->b || cc != x->c) {
    y = fe_ex_copy(f, x);
    y->a = (ex *)a;
    y->b = (ex *)b;
    y->c = (ex *)cc;
  }
  if (x->nargs && x->args) {
    for (unsigned i = 0; i < x->nargs; i++) {
      const ex *ai = fe_hoist(f, c, x->args[i], raw, false);
      if (ai == x->args[i]) continue;
      if (!y) y = fe_ex_copy(f, x);
      if (y->args == x->args) {
        y->args = mem_arena_alloc(f->g->arena, x->nargs * sizeof *y->args);
        memcpy(y->args, x->args, x->nargs * sizeof *y->args);
      }
      y->args[i] = (ex *)ai;
    }
  }
  const ex *r = y ? y : x;
  if (r->kind != EX_CALL || top || !r->type || r->type->kind == TY_VOID)
    return r;
  unsigned line = r->line;
  cfa_var *t = fe_temp(f, r->type, line);
  cfa_node *n = fe_node(f, line);
  cfa_edge *d = fe_edge(f, CFA_DECLARATION, n, raw, c);
  d->decl = CFA_DECL_VAR;
  d->var = t;
  f->prev = n;
  const ex *asg = fe_assign_to_var(f, t, r, line);
  fe_effect_direct(f, c, asg, raw, line, 0);
  return asg->a;
}

/* A statement: nested calls first (temporaries), then the statement. */
static void fe_effect(fe *f, CXCursor c, const ex *x, const char *raw,
                      unsigned line, cfa_node *to) {
  bool direct = fe_is_direct_call(x);
  const ex *s = ex_strip_implicit(x);
  const ex *y;
  if (direct && s->kind == EX_ASSIGN) {
    /* x = f(args): hoist inside the lhs and the arguments only */
    const ex *call = ex_strip_implicit(s->b);
    const ex *nc = fe_hoist(f, c, call, raw, true);
    const ex *nl = fe_hoist(f, c, s->a, raw, false);
    if (nc != call || nl != s->a) {
      ex *z = fe_ex_copy(f, s);
      z->a = (ex *)nl;
      z->b = (ex *)nc;
      y = z;
    } else
      y = x;
  } else
    y = fe_hoist(f, c, x, raw, direct);
  fe_effect_direct(f, c, y, raw, line, to);
}

/* The old pretty-printed condition: a comparison prints as is; `!c`
 * prints c with the branches swapped; anything else x becomes `x == 0`
 * with the branches swapped. */
static char *fe_old_cond(const ex *c, bool *swapped) {
  c = ex_strip_implicit(c);
  if (c->kind == EX_UNARY && c->op == EX_OP_NOT) {
    char *r = fe_old_cond(c->a, swapped);
    *swapped = !*swapped;
    return r;
  }
  *swapped = false;
  if (c->kind == EX_BINARY && ex_op_is_comparison(c->op)) return ex_old_text(c);
  char *t = ex_old_text(c);
  bool simple = c->kind == EX_VAR || c->kind == EX_INT;
  char *r = simple ? mem_printf("%s == 0", t) : mem_printf("(%s) == 0", t);
  mem_free(t);
  *swapped = true;
  return r;
}

static CXCursor fe_strip_parens(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) return c;
    fe_kids kids = fe_children(c);
    if (kids.n != 1) {
      mem_free(kids.v);
      return c;
    }
    CXCursor in = kids.v[0];
    mem_free(kids.v);
    if (k == CXCursor_UnexposedExpr) {
      /* only look through implicit casts to a boolean operator */
      enum CXCursorKind ik = clang_getCursorKind(in);
      if (ik != CXCursor_ParenExpr && ik != CXCursor_BinaryOperator) return c;
    }
    c = in;
  }
}

/* Binary operator spelling of cursor c ("&&", "||", ...), or "". */
static const char *fe_binop_text(fe *f, CXCursor c, char *buf) {
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator) return "";
  fe_kids kids = fe_children(c);
  const char *op = "";
  if (kids.n == 2) {
    cfa_loc A = fe_xloc(f, kids.v[0]);
    size_t i = fe_skip_space(f, A.end_offset);
    const char *o = fe_op_at(f, i, buf);
    if (o) op = o;
  }
  mem_free(kids.v);
  return op;
}

/* Branch on condition cursor c from f->prev to `then` / `els`, splitting
 * && and || into separate assume edges as CPAchecker does. */
static void fe_cond(fe *f, CXCursor c, cfa_node *then, cfa_node *els) {
  CXCursor s = fe_strip_parens(c);
  char buf[8];
  const char *op = fe_binop_text(f, s, buf);
  if (!strcmp(op, "&&") || !strcmp(op, "||")) {
    fe_kids kids = fe_children(s);
    cfa_node *mid = fe_node(f, fe_xline(f, kids.v[1]));
    if (op[0] == '&')
      fe_cond(f, kids.v[0], mid, els);
    else
      fe_cond(f, kids.v[0], then, mid);
    f->prev = mid;
    fe_cond(f, kids.v[1], then, els);
    mem_free(kids.v);
    return;
  }
  const ex *x = fe_expr(f, s);
  char *src = fe_text(f, s);
  x = fe_hoist(f, s, x, src, false);
  CXEvalResult r = clang_Cursor_Evaluate(s);
  if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
    /* constant condition: one blank edge carrying the condition text */
    long long v = clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    fe_edge(f, CFA_BLANK, v ? then : els, src, s);
    return;
  }
  if (r) clang_EvalResult_dispose(r);
  bool swapped;
  char *old = fe_old_cond(x, &swapped);
  char *t_new = mem_printf("[%s]", src), *f_new = mem_printf("[!(%s)]", src);
  char *t_old = mem_printf("[%s]", old), *f_old = mem_printf("[!(%s)]", old);
  cfa_node *from = f->prev;
  cfa_edge *et = fe_edge(f, CFA_ASSUME, then, fe_adup(f, t_new), s);
  f->prev = from;
  cfa_edge *ef = fe_edge(f, CFA_ASSUME, els, fe_adup(f, f_new), s);
  et->truth = true;
  ef->truth = false;
  et->expr = ef->expr = x;
  et->raw_old = fe_adup(f, swapped ? f_old : t_old);
  ef->raw_old = fe_adup(f, swapped ? t_old : f_old);
  et->swapped = ef->swapped = swapped;
  fe_check_unsupported(f, et, x);
  /* the other branch evaluates the same condition */
  ef->unsupported = et->unsupported;
  ef->unsupported_flow = et->unsupported_flow;
  mem_free(old);
  mem_free(t_new);
  mem_free(f_new);
  mem_free(t_old);
  mem_free(f_old);
}

static cfa_node *fe_label_node(fe *f, CXCursor label) {
  uint64_t k = fe_key(f, label);
  cfa_node *n = hmap_get(&f->labels, k);
  if (!n) {
    n = fe_node(f, fe_line(label));
    hmap_put(&f->labels, k, n);
  }
  return n;
}

/* Whether evaluating x has no side effect (no call, assignment, ++ or
 * --) and every part of it is modelled. */
static bool fe_pure(const ex *x) {
  if (!x) return true;
  switch (x->kind) {
  case EX_CALL:
  case EX_ASSIGN:
  case EX_UNSUPPORTED:
  case EX_INITLIST:
    return false;
  case EX_UNARY:
    if (x->op == EX_OP_PREINC || x->op == EX_OP_PREDEC ||
        x->op == EX_OP_POSTINC || x->op == EX_OP_POSTDEC)
      return false;
    break;
  default:
    break;
  }
  return fe_pure(x->a) && fe_pure(x->b) && fe_pure(x->c);
}

/* The element count of variable-length array d (of type T), an
 * expression child of its declaration, or NULL with *why. */
static const ex *fe_vla_count(fe *f, CXCursor d, const ty *T,
                              const char **why) {
  *why = "variable-length array";
  if (!T->elem || !T->elem->is_complete || !T->elem->size ||
      (T->elem->kind == TY_ARRAY && T->elem->count < 0)) {
    *why = "variable-length array of a type without a constant size";
    return 0;
  }
  fe_kids kids = fe_children(d);
  /* the sizes in source order: the first is the variable one, the others
   * are the element type's constants */
  CXCursor size = clang_getNullCursor();
  for (unsigned i = 0; i < kids.n && clang_Cursor_isNull(size); i++)
    if (clang_isExpression(clang_getCursorKind(kids.v[i]))) size = kids.v[i];
  mem_free(kids.v);
  if (clang_Cursor_isNull(size)) return 0;
  const ex *x = fe_expr(f, size);
  if (!x || !x->type || !ty_is_integer(x->type)) return 0;
  if (!fe_pure(x)) {
    *why = "variable-length array whose size has side effects";
    return 0;
  }
  return x;
}

static void fe_decl_var(fe *f, CXCursor stmt, CXCursor d, const char *raw) {
  cfa_var *v = fe_var_new(f, d, false);
  /* not "the last expression child": an array size is one too */
  const ex *init = 0;
  CXCursor ic = clang_Cursor_getVarDeclInitializer(d);
  if (!clang_Cursor_isNull(ic)) init = fe_expr(f, ic);
  unsigned line = fe_line(d);
  const ex *s = init ? ex_strip_implicit(init) : 0;
  if (s && s->kind != EX_CALL) {
    init = fe_hoist(f, stmt, init, raw, false);
    s = ex_strip_implicit(init);
  }
  cfa_node *n = fe_node(f, line);
  cfa_edge *e = fe_edge(f, CFA_DECLARATION, n, raw, stmt);
  e->decl = CFA_DECL_VAR;
  e->var = v;
  f->prev = n;
  if (s && s->kind == EX_CALL) {
    /* `int x = f();` is a declaration, then an assignment with the same
     * raw text */
    fe_effect(f, stmt, fe_assign_to_var(f, v, init, line), raw, line, 0);
  } else {
    e->expr = init;
    fe_check_unsupported(f, e, init);
  }
  if (v->type->kind == TY_ARRAY && v->type->count < 0 && !init) {
    const char *why;
    e->vla_count = fe_vla_count(f, d, v->type, &why);
    if (!e->vla_count) fe_unsupported(f, e, why, line);
  }
}

/* The case tests are chained as the cases come: at `case c:` the current
 * test node branches [v == c] into the case and [!(v == c)] on to the next
 * test; the last test falls into `default:` or out of the switch. */
static void fe_switch_case(fe *f, CXCursor c, bool is_default) {
  fe_switch *sw = f->switches.len ? f->switches.data[f->switches.len - 1] : 0;
  unsigned line = fe_line(c);
  cfa_node *entry = fe_node(f, line);
  fe_connect(f, entry); /* fall-through from the case before */
  fe_kids kids = fe_children(c);
  if (!sw) {
    fe_unsupported(f, 0, "case label outside switch", line);
  } else if (is_default) {
    /* reached from the last case test once the switch ends (fe_switch
     * adds that edge): live code meanwhile, like a label's */
    entry->is_label = true;
    sw->dflt = entry;
  } else if (kids.n) {
    const ex *val = fe_expr(f, kids.v[0]);
    char *csrc = fe_text(f, kids.v[0]);
    ex *cmp = mem_arena_alloc(f->g->arena, sizeof *cmp);
    cmp->kind = EX_BINARY;
    cmp->op = EX_OP_EQ;
    cmp->a = (ex *)sw->value;
    cmp->b = (ex *)val;
    cmp->type = sw->cmp_type;
    cmp->line = line;
    char *t = mem_printf("[%s == %s]", sw->value_src, csrc),
         *n = mem_printf("[!(%s == %s)]", sw->value_src, csrc);
    char *ot = ex_old_text(cmp);
    char *to = mem_printf("[%s]", ot), *no = mem_printf("[!(%s)]", ot);
    cfa_node *next = fe_node(f, line);
    cfa_edge *et = fe_edge_at(f, sw->test, CFA_ASSUME, entry, fe_adup(f, t));
    cfa_edge *en = fe_edge_at(f, sw->test, CFA_ASSUME, next, fe_adup(f, n));
    et->truth = true;
    et->expr = en->expr = cmp;
    et->raw_old = fe_adup(f, to);
    en->raw_old = fe_adup(f, no);
    et->loc = en->loc = sw->loc;
    et->loc.line = en->loc.line = line;
    sw->test = next;
    mem_free(t);
    mem_free(n);
    mem_free(ot);
    mem_free(to);
    mem_free(no);
  }
  f->prev = entry;
  if (kids.n) fe_stmt(f, kids.v[kids.n - 1]);
  mem_free(kids.v);
}

static void fe_switch_stmt(fe *f, CXCursor c, fe_kids *kids) {
  /* children: [init decl], condition, body */
  CXCursor cond = kids->v[kids->n - 2], body = kids->v[kids->n - 1];
  unsigned line = fe_line(c);
  const ex *val = fe_expr(f, cond);
  char *src = fe_text(f, fe_strip_parens(cond));
  cfa_node *test = fe_node(f, line);
  char *raw = mem_printf("switch (%s)", src);
  cfa_edge *e = fe_edge(f, CFA_BLANK, test, fe_adup(f, raw), cond);
  mem_free(raw);
  e->expr = val; /* evaluated once, also when no case test follows */
  fe_check_unsupported(f, e, val);
  fe_switch *sw = mem_calloc(1, sizeof *sw);
  sw->value = val;
  sw->value_src = src;
  sw->cmp_type = fe_type(f, clang_getCursorType(cond));
  sw->loc = e->loc;
  sw->test = test;
  sw->end = fe_node(f, fe_loc(c).end_line);
  VEC_PUSH(f->switches, sw);
  fe_jump j = {sw->end,
               f->jumps.len ? f->jumps.data[f->jumps.len - 1].cont : 0};
  VEC_PUSH(f->jumps, j);
  f->prev = fe_node(f, line); /* the body is entered only through cases */
  fe_stmt(f, body);
  fe_connect(f, sw->end);
  f->jumps.len--;
  f->switches.len--;
  fe_edge_at(f, sw->test, CFA_BLANK, sw->dflt ? sw->dflt : sw->end,
             sw->dflt ? "default:" : "")
      ->loc = sw->loc;
  f->prev = sw->end;
  mem_free(sw);
}

/* for (init; cond; inc) body: ForStmt children omit missing parts, so the
 * parts are told apart by their offsets against the `;`s of the header. */
static void fe_for(fe *f, CXCursor c, fe_kids *kids) {
  cfa_loc L = fe_loc(c);
  size_t i = L.offset, semi[2] = {0, 0}, close = 0;
  int depth = 0, ns = 0;
  for (; i < L.end_offset && i < f->srclen; i++) {
    char ch = f->src[i];
    if (ch == '(')
      depth++;
    else if (ch == ')') {
      if (--depth == 0) {
        close = i;
        break;
      }
    } else if (ch == ';' && depth == 1 && ns < 2)
      semi[ns++] = i;
  }
  CXCursor init = clang_getNullCursor(), cond = clang_getNullCursor(),
           inc = clang_getNullCursor(), body = kids->v[kids->n - 1];
  for (unsigned k = 0; k + 1 < kids->n; k++) {
    size_t o = fe_loc(kids->v[k]).offset;
    if (ns == 2 && o < semi[0])
      init = kids->v[k];
    else if (ns == 2 && o < semi[1])
      cond = kids->v[k];
    else if (o < close)
      inc = kids->v[k];
  }
  unsigned line = L.line;
  /* "" into the loop, the init edges, then the loop head; the increment
   * (raw text without `;`) goes back to the head */
  cfa_node *init_node = fe_node(f, line);
  fe_edge(f, CFA_BLANK, init_node, "", clang_getNullCursor());
  f->prev = init_node;
  if (!clang_Cursor_isNull(init)) {
    if (clang_getCursorKind(init) == CXCursor_DeclStmt)
      fe_stmt(f, init);
    else
      fe_effect(f, init, fe_expr(f, init), fe_text(f, init), fe_line(init), 0);
  }
  cfa_node *head = f->prev;
  head->is_loop_head = true;
  cfa_node *first = fe_node(f, line), *post = fe_node(f, L.end_line),
           *incn = fe_node(f, line);
  if (clang_Cursor_isNull(cond))
    fe_edge(f, CFA_BLANK, first, "", clang_getNullCursor());
  else
    fe_cond(f, cond, first, post);
  fe_jump j = {post, incn};
  VEC_PUSH(f->jumps, j);
  f->prev = first;
  fe_stmt(f, body);
  f->jumps.len--;
  fe_connect(f, incn);
  f->prev = incn;
  if (fe_live(f, incn)) {
    if (!clang_Cursor_isNull(inc))
      fe_effect(f, inc, fe_expr(f, inc), fe_text(f, inc), fe_line(inc), head);
    else
      fe_edge(f, CFA_BLANK, head, "", clang_getNullCursor());
  }
  f->prev = post;
}

/* An expression statement's cursor without what leaves its effect as it
 * is: parentheses, implicit casts, a cast to void, and __extension__ (the
 * one unary operator that takes an operand of type void). */
static CXCursor fe_stmt_peel(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    bool peel = k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ||
                (k == CXCursor_CStyleCastExpr && fe_is_void(c)) ||
                k == CXCursor_UnaryOperator;
    if (!peel) return c;
    fe_kids kids = fe_children(c);
    CXCursor in = kids.n ? kids.v[kids.n - 1] : clang_getNullCursor();
    bool ok = kids.n == 1 || (k == CXCursor_CStyleCastExpr && kids.n);
    mem_free(kids.v);
    if (!ok || (k == CXCursor_UnaryOperator && !fe_is_void(in))) return c;
    c = in;
  }
}

static bool fe_stmt_structured(fe *f, CXCursor c);

/* An expression evaluated for its effect only (an expression statement,
 * an operand of such a comma or void conditional). */
static void fe_expr_stmt(fe *f, CXCursor c) {
  if (fe_stmt_structured(f, c)) return;
  fe_effect(f, c, fe_expr(f, c), fe_text_semi(f, c), fe_line(c), 0);
}

/* Expression statements that are control flow, as glibc's assert expands
 * (by GNU mode): `c ? (void) 0 : __assert_fail (...)`, and
 * `(void) sizeof (c), __extension__ ({ if (c) ; else __assert_fail (...); })`.
 * A conditional of type void branches like an if; a comma with an operand
 * of type void runs its operands in turn; a statement expression runs its
 * block. True when c was one of them (its edges are made). */
static bool fe_stmt_structured(fe *f, CXCursor c) {
  CXCursor p = fe_stmt_peel(c);
  enum CXCursorKind k = clang_getCursorKind(p);
  fe_kids kids = fe_children(p);
  bool done = true;
  if (k == CXCursor_StmtExpr && kids.n == 1 &&
      clang_getCursorKind(kids.v[0]) == CXCursor_CompoundStmt) {
    fe_stmt(f, kids.v[0]);
  } else if (k == CXCursor_BinaryOperator && kids.n == 2 &&
             (fe_is_void(kids.v[0]) || fe_is_void(kids.v[1]))) {
    fe_expr_stmt(f, kids.v[0]);
    fe_expr_stmt(f, kids.v[1]);
  } else if (k == CXCursor_ConditionalOperator && kids.n == 3 &&
             fe_is_void(p)) {
    unsigned line = fe_xline(f, p);
    cfa_node *post = fe_node(f, fe_xloc(f, p).end_line);
    cfa_node *then = fe_node(f, line), *els = fe_node(f, line);
    fe_cond(f, kids.v[0], then, els);
    f->prev = then;
    fe_expr_stmt(f, kids.v[1]);
    fe_connect(f, post);
    f->prev = els;
    fe_expr_stmt(f, kids.v[2]);
    fe_connect(f, post);
    f->prev = post;
  } else
    done = false;
  mem_free(kids.v);
  return done;
}

static void fe_decl_stmt(fe *f, CXCursor c, const fe_kids *kids,
                         unsigned line) {
  char *raw = fe_text_semi(f, c);
  for (unsigned i = 0; i < kids->n; i++) {
    enum CXCursorKind dk = clang_getCursorKind(kids->v[i]);
    if (dk == CXCursor_VarDecl) {
      if (clang_Cursor_getStorageClass(kids->v[i]) == CX_SC_Extern) {
        cfa_node *n = fe_node(f, line);
        cfa_edge *e = fe_edge(f, CFA_DECLARATION, n, raw, c);
        e->decl = CFA_DECL_VAR;
        e->var = fe_var_of(f, kids->v[i]);
        f->prev = n;
      } else
        fe_decl_var(f, c, kids->v[i], raw);
    } else {
      cfa_node *n = fe_node(f, line);
      cfa_edge *e = fe_edge(f, CFA_DECLARATION, n, raw, c);
      e->decl = dk == CXCursor_FunctionDecl ? CFA_DECL_FUNCTION : CFA_DECL_TYPE;
      f->prev = n;
    }
  }
}

static void fe_if(fe *f, CXCursor c, const fe_kids *kids, unsigned line) {
  /* children: condition, then [, else] */
  cfa_node *post = fe_node(f, fe_loc(c).end_line);
  cfa_node *then = fe_node(f, line);
  cfa_node *els = kids->n > 2 ? fe_node(f, fe_line(kids->v[2])) : post;
  fe_cond(f, kids->v[0], then, els);
  f->prev = then;
  fe_stmt(f, kids->v[1]);
  if (kids->n > 2) {
    fe_connect(f, post);
    f->prev = els;
    fe_stmt(f, kids->v[2]);
  }
  /* leaving the if, CPAchecker moves the join edges that end the last
   * branch onto the post-if node, so nested ifs share one "" */
  cfa_node *p = f->prev;
  if (fe_live(f, p)) {
    for (cfa_edge *e = p->in, *next; e; e = next) {
      next = e->next_in;
      if (e->connector) cfa_edge_retarget(e, post);
    }
    if (p->nin)
      fe_edge(f, CFA_BLANK, post, "", clang_getNullCursor())->connector = true;
  }
  f->prev = post;
}

static void fe_while(fe *f, CXCursor c, const fe_kids *kids, unsigned line) {
  cfa_node *head = fe_node(f, line);
  head->is_loop_head = true;
  fe_edge(f, CFA_BLANK, head, "", clang_getNullCursor());
  cfa_node *first = fe_node(f, line), *post = fe_node(f, fe_loc(c).end_line);
  f->prev = head;
  fe_cond(f, kids->v[kids->n - 2], first, post);
  fe_jump j = {post, head};
  VEC_PUSH(f->jumps, j);
  f->prev = first;
  fe_stmt(f, kids->v[kids->n - 1]);
  f->jumps.len--;
  fe_connect(f, head);
  f->prev = post;
}

static void fe_do(fe *f, CXCursor c, const fe_kids *kids, unsigned line) {
  /* children: body, condition */
  cfa_node *head = fe_node(f, line);
  head->is_loop_head = true;
  fe_edge(f, CFA_BLANK, head, "", clang_getNullCursor());
  cfa_node *condn = fe_node(f, line), *post = fe_node(f, fe_loc(c).end_line);
  fe_jump j = {post, condn};
  VEC_PUSH(f->jumps, j);
  f->prev = head;
  fe_stmt(f, kids->v[0]);
  f->jumps.len--;
  fe_connect(f, condn);
  f->prev = condn;
  fe_cond(f, kids->v[1], head, post);
  f->prev = post;
}

/* break (brk) or continue: to the innermost loop or switch that has one. */
static void fe_break(fe *f, CXCursor c, bool brk, unsigned line) {
  cfa_node *to = 0;
  for (size_t i = f->jumps.len; i-- > 0 && !to;)
    to = brk ? f->jumps.data[i].brk : f->jumps.data[i].cont;
  if (!f->jumps.len || !to) {
    fe_unsupported(
        f, 0, brk ? "break outside loop or switch" : "continue outside loop",
        line);
    return;
  }
  fe_edge(f, CFA_BLANK, to, fe_text_semi(f, c), c);
  f->prev = fe_node(f, line);
}

static void fe_label(fe *f, CXCursor c, const fe_kids *kids, unsigned line) {
  CXString s = clang_getCursorSpelling(c);
  bool is_error = !strcmp(clang_getCString(s), "ERROR");
  clang_disposeString(s);
  /* Gotos go to the label's node. Code falling into the label takes the
   * label edge into it; when nothing falls in, CPAchecker keeps the
   * label edge after the label's node, so gotos take it too. */
  cfa_node *n = fe_label_node(f, c);
  hmap_put(&f->labels_seen, fe_key(f, c), n);
  n->is_label = true;
  if (fe_live(f, f->prev)) {
    fe_edge(f, CFA_BLANK, n, fe_text_semi(f, c), c);
  } else {
    f->prev = n;
    n = fe_node(f, line);
    fe_edge(f, CFA_BLANK, n, fe_text_semi(f, c), c);
  }
  n->is_error |= is_error;
  f->prev = n;
  if (kids->n) fe_stmt(f, kids->v[kids->n - 1]);
}

static void fe_goto(fe *f, CXCursor c, const fe_kids *kids, unsigned line) {
  CXCursor target =
      kids->n ? clang_getCursorReferenced(kids->v[0]) : clang_getNullCursor();
  if (clang_Cursor_isNull(target)) {
    fe_unsupported(f, 0, "goto without a label", line);
    return;
  }
  cfa_node *n = fe_label_node(f, target);
  const char *raw;
  if (hmap_get(&f->labels_seen, fe_key(f, target)))
    raw = fe_text_semi(f, c);
  else {
    CXString s = clang_getCursorSpelling(target);
    char *t = mem_printf("Goto: %s", clang_getCString(s));
    clang_disposeString(s);
    raw = fe_adup(f, t);
    mem_free(t);
  }
  fe_edge(f, CFA_BLANK, n, raw, c);
  f->prev = fe_node(f, line);
}

static void fe_return(fe *f, CXCursor c, const fe_kids *kids, unsigned line) {
  char *raw = fe_text_semi(f, c);
  const ex *x =
      kids->n ? fe_hoist(f, c, fe_expr(f, kids->v[0]), raw, false) : 0;
  cfa_edge *e = fe_edge(f, CFA_STATEMENT, f->fn->exit, raw, c);
  e->is_return = true;
  e->expr = x;
  fe_check_unsupported(f, e, x);
  f->prev = fe_node(f, line);
}

static void fe_stmt(fe *f, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  unsigned line = fe_line(c);
  fe_kids kids = fe_children(c);
  switch (k) {
  case CXCursor_CompoundStmt:
    for (unsigned i = 0; i < kids.n; i++)
      fe_stmt(f, kids.v[i]);
    break;
  case CXCursor_NullStmt:
    break;
  case CXCursor_DeclStmt:
    fe_decl_stmt(f, c, &kids, line);
    break;
  case CXCursor_IfStmt:
    fe_if(f, c, &kids, line);
    break;
  case CXCursor_WhileStmt:
    fe_while(f, c, &kids, line);
    break;
  case CXCursor_DoStmt:
    fe_do(f, c, &kids, line);
    break;
  case CXCursor_ForStmt:
    fe_for(f, c, &kids);
    break;
  case CXCursor_SwitchStmt:
    fe_switch_stmt(f, c, &kids);
    break;
  case CXCursor_CaseStmt:
    fe_switch_case(f, c, false);
    break;
  case CXCursor_DefaultStmt:
    fe_switch_case(f, c, true);
    break;
  case CXCursor_BreakStmt:
  case CXCursor_ContinueStmt:
    fe_break(f, c, k == CXCursor_BreakStmt, line);
    break;
  case CXCursor_LabelStmt:
    fe_label(f, c, &kids, line);
    break;
  case CXCursor_GotoStmt:
    fe_goto(f, c, &kids, line);
    break;
  case CXCursor_IndirectGotoStmt:
    fe_unsupported(f, 0, "computed goto", line);
    break;
  case CXCursor_ReturnStmt:
    fe_return(f, c, &kids, line);
    break;
  case CXCursor_AsmStmt:
  case CXCursor_MSAsmStmt: {
    cfa_node *n = fe_node(f, line);
    cfa_edge *e = fe_edge(f, CFA_STATEMENT, n, fe_text_semi(f, c), c);
    fe_unsupported(f, e, "inline assembly", line);
    f->prev = n;
    break;
  }
  default:
    if (clang_isExpression(k)) {
      if (!fe_stmt_structured(f, c))
        fe_effect(f, c, fe_expr(f, c), fe_text_semi(f, c), line, 0);
    } else {
      CXString s = clang_getCursorKindSpelling(k);
      cfa_node *n = fe_node(f, line);
      cfa_edge *e = fe_edge(f, CFA_STATEMENT, n, fe_text_semi(f, c), c);
      fe_unsupported(f, e, clang_getCString(s), line);
      clang_disposeString(s);
      f->prev = n;
    }
  }
  mem_free(kids.v);
}

/* ---------- functions and the global chain ---------- */

void fe_function_body(fe *f, cfa_function *fn, CXCursor def) {
  f->fn = fn;
  f->ntemps = 0;
  hmap_free(&f->labels);
  hmap_free(&f->labels_seen);
  fe_kids kids = fe_children(def);
  CXCursor body = clang_getNullCursor();
  VEC(cfa_var *) params = {0};
  for (unsigned i = 0; i < kids.n; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids.v[i]);
    if (k == CXCursor_ParmDecl) {
      cfa_var *v = fe_var_new(f, kids.v[i], false);
      VEC_PUSH(params, v);
    } else if (k == CXCursor_CompoundStmt)
      body = kids.v[i];
  }
  fn->nparams = (unsigned)params.len;
  fn->params =
      mem_arena_alloc(f->g->arena, (params.len + 1) * sizeof *fn->params);
  if (params.len)
    memcpy(fn->params, params.data, params.len * sizeof *params.data);
  VEC_FREE(params);
  mem_free(kids.v);
  const ty *ft = fe_type(f, clang_getCursorType(def));
  fn->type = ft;
  if (ft->elem && ft->elem->kind != TY_VOID) {
    cfa_var *r = mem_arena_alloc(f->g->arena, sizeof *r);
    r->id = (unsigned)f->g->vars.len;
    r->name = "__retval__";
    char *q = mem_printf("%s::__retval__", fn->name);
    r->qualified = fe_adup(f, q);
    mem_free(q);
    r->type = ft->elem;
    r->function = fn;
    r->line = fn->line;
    VEC_PUSH(f->g->vars, r);
    fn->result = r;
  }
  cfa_node *first = fe_node(f, fe_line(body));
  f->prev = fn->entry;
  cfa_edge *start = fe_edge(f, CFA_BLANK, first, "", clang_getNullCursor());
  start->loc.line = start->loc.end_line = fn->line;
  f->prev = first;
  fe_stmt(f, body);
  if (fe_live(f, f->prev)) {
    cfa_edge *e = fe_edge(f, CFA_BLANK, fn->exit, "", clang_getNullCursor());
    e->loc.line = e->loc.end_line = fe_loc(body).end_line;
  }
  f->fn = 0;
}
