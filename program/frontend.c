/* frontend: libclang 14 -> CFA, with CPAchecker's edge granularity and raw
 * statement texts. libclang has no operator-kind API, so operators are read
 * from the source bytes at the operand boundaries (tokens as a fallback).
 *
 * The walk follows CPAchecker's CFAFunctionBuilder: a current node `prev`;
 * each statement adds edges from it; jumps leave a fresh unreachable node
 * that is pruned at the end unless a label makes it reachable.
 *
 * This file: the whole program (top-level declarations in file order, the
 * global chain, calls through function pointers, pruning) and cfa_build.
 * The other parts: frontend_int.h. */
#include "frontend_int.h"
#include "lib/bigstack.h"
#include "lib/file.h"

#include <stdlib.h>
#include <string.h>

#define FE_MAX_SOURCE (64u << 20)

/* ---------- calls through function pointers ---------- */

/* Mark the functions x names other than as the callee of a direct call:
 * their address is taken (CPAchecker's CReferencedFunctionsCollector). */
static void fe_addresses_ex(fe *f, const ex *x) {
  if (!x) return;
  if (x->kind == EX_FUNC && x->func_name)
    fe_addr_taken(f, x->func_name, x->type);
  if (!(x->kind == EX_CALL && x->func_name)) fe_addresses_ex(f, x->a);
  fe_addresses_ex(f, x->b);
  fe_addresses_ex(f, x->c);
  for (unsigned i = 0; i < x->nargs; i++)
    fe_addresses_ex(f, x->args[i]);
}

static void fe_addresses(fe *f) {
  for (size_t i = 0; i < f->g->edges.len; i++) {
    const cfa_edge *e = f->g->edges.data[i];
    fe_addresses_ex(f, e->expr);
    fe_addresses_ex(f, e->lhs);
  }
}

ex *fe_ex_make(fe *f, ex_kind k, const ty *t, unsigned line) {
  ex *e = mem_arena_alloc(f->g->arena, sizeof *e);
  e->kind = k;
  e->type = t;
  e->line = line;
  return e;
}

const ty *fe_int_type(fe *f) {
  ty *t = hmap_sget(&f->types, "int");
  if (t) return t;
  t = mem_arena_alloc(f->g->arena, sizeof *t);
  t->kind = TY_INT;
  t->is_signed = t->is_complete = true;
  t->size = 4;
  t->count = -1;
  t->spelling = "int";
  hmap_sput(&f->types, "int", t);
  return t;
}

/* CPAchecker's CFunctionPointerResolver: a call through a pointer p
 * becomes, for each candidate f in turn (a function with a body whose
 * address the program takes, of a matching type),
 *   [p == (&f)] -> `pointer call(f) <raw>` (a call of f) -> return -> "skip"
 *   [!(p == (&f))] -> the next candidate,
 * and after the last one the original statement (a call of whatever else p
 * holds: a function without a body, or nothing callable). */
static void fe_resolve_ptrcall(fe *f, const fe_ptrcall *pc) {
  cfa *g = f->g;
  cfa_edge *e = pc->e;
  if (e->unsupported) return;
  const ex *p = fe_callee_target(pc->call->a);
  const ty *pt = p->type;
  const ty *ft = pt && pt->kind == TY_POINTER ? pt->elem : pt;
  if (!ft || ft->kind != TY_FUNCTION) return;
  const cfa_function *fn = e->from->function;
  unsigned line = e->loc.line;
  cfa_node *root = e->from, *end = e->to;
  bool any = false;
  for (size_t i = 0; i < g->functions.len; i++) {
    cfa_function *cand = g->functions.data[i];
    if (!cand->address_taken || !cfa_fn_type_match(ft, cand->type)) continue;
    if (pc->lhs && (!cand->type->elem || cand->type->elem->kind == TY_VOID))
      continue;
    any = true;
    ex *fx = fe_ex_make(f, EX_FUNC, cand->type, line);
    fx->func_name = cand->name;
    ex *addr =
        fe_ex_make(f, EX_UNARY, pt && pt->kind == TY_POINTER ? pt : 0, line);
    addr->op = EX_OP_ADDR;
    addr->a = fx;
    ex *cond = fe_ex_make(f, EX_BINARY, fe_int_type(f), line);
    cond->op = EX_OP_EQ;
    cond->a = (ex *)p;
    cond->b = addr;
    char *text = ex_old_text(cond);
    char *t = mem_printf("[%s]", text), *fl = mem_printf("[!(%s)]", text);
    cfa_node *then = cfa_node_new(g, fn, line),
             *els = cfa_node_new(g, fn, line), *ret = cfa_node_new(g, fn, line);
    cfa_edge *et = cfa_edge_new(g, CFA_ASSUME, root, then, fe_adup(f, t));
    cfa_edge *ef = cfa_edge_new(g, CFA_ASSUME, root, els, fe_adup(f, fl));
    et->truth = true;
    et->expr = ef->expr = cond;
    et->loc = ef->loc = e->loc;
    mem_free(text);
    mem_free(t);
    mem_free(fl);
    ex *call = fe_ex_copy(f, pc->call);
    call->func_name = cand->name;
    call->a = fx;
    char *craw = mem_printf("pointer call(%s) %s", cand->name, e->raw);
    cfa_edge *ec =
        cfa_edge_new(g, CFA_CALL, then, cand->entry, fe_adup(f, craw));
    mem_free(craw);
    ec->expr = call;
    ec->lhs = pc->lhs;
    ec->callee = cand;
    ec->loc = e->loc;
    cfa_edge *er = cfa_edge_new(g, CFA_RETURN, cand->exit, ret, "");
    er->loc = e->loc;
    er->callee = cand;
    er->call = ec;
    cfa_edge *es = cfa_edge_new(g, CFA_BLANK, ret, end, "skip");
    es->loc = e->loc;
    root = els;
  }
  if (any) cfa_edge_move_from(e, root);
}

static void fe_resolve_ptrcalls(fe *f) {
  for (size_t i = 0; i < f->ptrcalls.len; i++)
    fe_resolve_ptrcall(f, &f->ptrcalls.data[i]);
}

/* Drop nodes no path reaches (code after jumps), renumbering the rest. */
static void fe_prune(cfa *g) {
  size_t nn = g->nodes.len;
  char *live = mem_calloc(nn + 1, 1);
  VEC(cfa_node *) stack = {0};
  VEC_PUSH(stack, g->start);
  for (size_t i = 0; i < g->functions.len; i++)
    VEC_PUSH(stack, g->functions.data[i]->entry);
  while (stack.len) {
    cfa_node *n = stack.data[--stack.len];
    if (live[n->id]) continue;
    live[n->id] = 1;
    for (cfa_edge *e = n->out; e; e = e->next_out)
      VEC_PUSH(stack, e->to);
  }
  VEC_FREE(stack);
  size_t k = 0;
  for (size_t i = 0; i < nn; i++) {
    g->nodes.data[i]->in = 0;
    g->nodes.data[i]->nin = 0;
  }
  for (size_t i = 0; i < g->edges.len; i++) {
    cfa_edge *e = g->edges.data[i];
    if (!live[e->from->id]) continue;
    e->id = (unsigned)k;
    g->edges.data[k++] = e;
    e->next_in = e->to->in;
    e->to->in = e;
    e->to->nin++;
  }
  g->edges.len = k;
  k = 0;
  for (size_t i = 0; i < nn; i++) {
    cfa_node *n = g->nodes.data[i];
    if (!live[i]) continue;
    n->id = (unsigned)k;
    g->nodes.data[k++] = n;
  }
  g->nodes.len = k;
  mem_free(live);
}

/* BLAST's nondeterminism variable. The cmc2011 programs (the CMC and LBE
 * papers' benchmarks, from BLAST) declare a local `int __BLAST_NONDET;`,
 * never assign it, and read it wherever they mean an arbitrary value:
 * BLAST and the CPAchecker of those papers took every read of a variable
 * whose name starts so as a new value (CtoFormulaConverter's option
 * cpa.predicate.noAutoInitPrefix = "__BLAST_NONDET"), and the programs'
 * verdicts (_BUG: FALSE) hold only so; as one uninitialised value, the
 * bug of s3_srvr_12_BUG is unreachable. Each read of such an int variable
 * becomes a call of __VERIFIER_nondet_int(), an input of the trace (the
 * raw statements keep the program's text; the replay compiles the program
 * with -D__BLAST_NONDET='__VERIFIER_nondet_int()'). Assignments to it and
 * its address stay as they are. */
#define FE_BLAST_NONDET "__BLAST_NONDET"

static void fe_blast_ex(cfa *g, ex *x, bool lvalue) {
  if (!x) return;
  if (x->kind == EX_VAR && !lvalue && x->var && x->var->name &&
      !strncmp(x->var->name, FE_BLAST_NONDET, strlen(FE_BLAST_NONDET)) &&
      x->type && x->type->kind == TY_INT && x->var->type == x->type &&
      !strcmp(x->type->spelling, "int")) {
    ex *fn = mem_arena_alloc(g->arena, sizeof *fn);
    memset(fn, 0, sizeof *fn);
    fn->kind = EX_FUNC;
    fn->func_name = "__VERIFIER_nondet_int";
    fn->line = x->line;
    const ty *t = x->type;
    unsigned line = x->line;
    memset(x, 0, sizeof *x);
    x->kind = EX_CALL;
    x->type = t;
    x->func_name = fn->func_name;
    x->a = fn;
    x->line = line;
    return;
  }
  bool lv_a = (x->kind == EX_ASSIGN) ||
              (x->kind == EX_UNARY &&
               (x->op == EX_OP_ADDR || x->op == EX_OP_PREINC ||
                x->op == EX_OP_PREDEC || x->op == EX_OP_POSTINC ||
                x->op == EX_OP_POSTDEC));
  fe_blast_ex(g, x->a, lv_a);
  fe_blast_ex(g, x->b, false);
  fe_blast_ex(g, x->c, false);
  for (unsigned i = 0; i < x->nargs; i++)
    fe_blast_ex(g, x->args[i], false);
}

static void fe_blast_nondet(cfa *g) {
  bool any = false;
  for (size_t i = 0; i < g->vars.len && !any; i++) {
    const cfa_var *v = g->vars.data[i];
    any = v->name && !strncmp(v->name, FE_BLAST_NONDET, strlen(FE_BLAST_NONDET));
  }
  if (!any) return;
  for (size_t i = 0; i < g->edges.len; i++) {
    cfa_edge *e = g->edges.data[i];
    fe_blast_ex(g, (ex *)e->expr, false);
    fe_blast_ex(g, (ex *)e->lhs, true);
  }
}

/* An entry and an exit node for every function with a body, before any
 * body is walked: calls link to later definitions. */
static void fe_declare_functions(fe *f, const fe_top *top) {
  cfa *g = f->g;
  for (size_t i = 0; i < top->decls.len; i++) {
    CXCursor c = top->decls.data[i];
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
        !clang_isCursorDefinition(c))
      continue;
    CXString s = clang_getCursorSpelling(c);
    const char *name = clang_getCString(s);
    if (!hmap_sget(&f->funcs, name)) {
      cfa_function *fn = mem_arena_alloc(g->arena, sizeof *fn);
      fn->id = (unsigned)g->functions.len;
      fn->name = mem_arena_strdup(g->arena, name);
      fn->line = fe_line(c);
      f->fn = fn;
      fn->entry = fe_node(f, fn->line);
      fn->exit = fe_node(f, fe_loc(c).end_line);
      fn->exit->is_exit = true;
      f->fn = 0;
      VEC_PUSH(g->functions, fn);
      hmap_sput(&f->funcs, name, fn);
      if (!strcmp(name, "main")) g->main = fn;
    }
    clang_disposeString(s);
  }
}

/* Whether the top-level declaration c (of cursor kind k, declaration kind
 * dk, raw text) was listed before, as CPAchecker lists a declaration once:
 * a function by its name (a definition after its prototype is not listed
 * again), a variable by its name and text (each declarator of `int a, b;`
 * is an edge of its own with the whole text, as inside functions; one
 * edge for both left b without its zero, issue #28), anything else by
 * its text; a forward declaration `struct X;` of a tag already declared
 * or defined is not listed again. Notes c in `listed`. */
static bool fe_listed(hmap *listed, CXCursor c, enum CXCursorKind k,
                      cfa_decl_kind dk, const char *text) {
  char *key;
  if (dk == CFA_DECL_FUNCTION) {
    CXString s = clang_getCursorSpelling(c);
    key = mem_printf("function %s", clang_getCString(s));
    clang_disposeString(s);
  } else {
    if (dk == CFA_DECL_VAR) {
      CXString s = clang_getCursorSpelling(c);
      key = mem_printf("%d %s ", (int)dk, clang_getCString(s));
      clang_disposeString(s);
    } else
      key = mem_printf("%d ", (int)dk);
    size_t kl = strlen(key), tl = strlen(text);
    key = mem_realloc(key, kl + tl + 1);
    for (size_t j = 0; j < tl; j++)
      if (!strchr(" \t\r\n", text[j]) || (kl && key[kl - 1] != ' '))
        key[kl++] = strchr(" \t\r\n", text[j]) ? ' ' : text[j];
    key[kl] = 0;
  }
  bool dup = hmap_sget(listed, key) != 0;
  if (!dup) hmap_sput(listed, key, (void *)1);
  mem_free(key);
  if (k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
      k == CXCursor_EnumDecl) {
    CXString s = clang_getCursorSpelling(c);
    char *tag = mem_printf("tag %d %s", (int)k, clang_getCString(s));
    clang_disposeString(s);
    if (!clang_isCursorDefinition(c) && hmap_sget(listed, tag)) dup = true;
    if (!dup) hmap_sput(listed, tag, (void *)1);
    mem_free(tag);
  }
  return dup;
}

/* The declaration kind of a top-level cursor kind; false for others. */
static bool fe_top_kind(enum CXCursorKind k, cfa_decl_kind *dk) {
  if (k == CXCursor_VarDecl)
    *dk = CFA_DECL_VAR;
  else if (k == CXCursor_FunctionDecl)
    *dk = CFA_DECL_FUNCTION;
  else if (k == CXCursor_TypedefDecl || k == CXCursor_StructDecl ||
           k == CXCursor_UnionDecl || k == CXCursor_EnumDecl)
    *dk = CFA_DECL_TYPE;
  else
    return false;
  return true;
}

/* The global chain: "" then every top-level declaration in file order,
 * ending in main's entry. */
static void fe_global_chain(fe *f, const fe_top *top) {
  cfa *g = f->g;
  f->fn = 0;
  g->start = fe_node(f, 1);
  f->prev = g->start;
  cfa_node *n = fe_node(f, 1);
  fe_edge(f, CFA_BLANK, n, "", clang_getNullCursor());
  f->prev = n;
  unsigned last_start = ~0u;
  char *last_text = 0;
  hmap listed = {0};
  for (size_t i = 0; i < top->decls.len; i++) {
    CXCursor c = top->decls.data[i];
    enum CXCursorKind k = clang_getCursorKind(c);
    cfa_decl_kind dk;
    if (!fe_top_kind(k, &dk)) continue;
    cfa_loc L = fe_loc(c);
    char *text =
        L.offset == last_start ? last_text : fe_top_text(f, c, L.offset);
    /* a struct defined inside a typedef or variable declaration is part
     * of that declaration: one edge for the declarator */
    if (dk == CFA_DECL_TYPE && k != CXCursor_TypedefDecl &&
        i + 1 < top->decls.len &&
        fe_loc(top->decls.data[i + 1]).offset == L.offset) {
      last_start = L.offset;
      last_text = text;
      continue;
    }
    last_start = L.offset;
    last_text = text;
    if (fe_listed(&listed, c, k, dk, text)) {
      if (dk == CFA_DECL_VAR && !hmap_get(&f->vars, fe_key(f, c))) {
        cfa_var *v = hmap_get(&f->vars, fe_key(f, clang_getCanonicalCursor(c)));
        if (v) hmap_put(&f->vars, fe_key(f, c), v);
      }
      continue;
    }
    cfa_node *to = fe_node(f, L.line);
    cfa_edge *e = fe_edge(f, CFA_DECLARATION, to, text, c);
    e->decl = dk;
    if (dk == CFA_DECL_VAR) {
      cfa_var *v = hmap_get(&f->vars, fe_key(f, c));
      if (!v) v = hmap_get(&f->vars, fe_key(f, clang_getCanonicalCursor(c)));
      if (!v) v = fe_var_new(f, c, true);
      e->var = v;
      CXCursor ic = clang_Cursor_getVarDeclInitializer(c);
      if (!clang_Cursor_isNull(ic)) e->expr = fe_expr(f, ic);
      fe_check_unsupported(f, e, e->expr);
    }
    f->prev = to;
  }
  hmap_free(&listed);
  /* the chain ends in main's entry */
  if (f->prev->nin) {
    cfa_edge *last = 0;
    for (size_t i = g->edges.len; i-- > 0;)
      if (g->edges.data[i]->to == f->prev) {
        last = g->edges.data[i];
        break;
      }
    last->to->nin--;
    last->to = g->main->entry;
    g->main->entry->nin++;
  }
}

/* The body of every function defined (once). */
static void fe_bodies(fe *f, const fe_top *top) {
  for (size_t i = 0; i < top->decls.len; i++) {
    CXCursor c = top->decls.data[i];
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
        !clang_isCursorDefinition(c))
      continue;
    CXString s = clang_getCursorSpelling(c);
    cfa_function *fn = hmap_sget(&f->funcs, clang_getCString(s));
    clang_disposeString(s);
    if (fn && !fn->entry->out) fe_function_body(f, fn, c);
  }
}

void fe_state_free(fe *f) {
  hmap_free(&f->labels);
  hmap_free(&f->labels_seen);
  hmap_free(&f->vars);
  hmap_free(&f->types);
  hmap_free(&f->funcs);
  hmap_free(&f->xlocs);
  if (f->xarena) mem_arena_free(f->xarena);
  VEC_FREE(f->files);
  VEC_FREE(f->jumps);
  VEC_FREE(f->switches);
  VEC_FREE(f->ptrcalls);
}

static cfa *fe_build(const char *path, const char *src, size_t len,
                     cfa_data_model dm, char **err) {
  *err = 0;
  fe F = {0}, *f = &F;
  if (len > FE_MAX_SOURCE) {
    *err = mem_printf("%s: file larger than %u MiB (%zu bytes)", path,
                      FE_MAX_SOURCE >> 20, len);
    return 0;
  }
  if (memchr(src, 0, len)) {
    *err = mem_printf("%s: not a C source file (contains NUL bytes)", path);
    return 0;
  }
  cfa *g = mem_calloc(1, sizeof *g);
  g->arena = mem_arena_new();
  g->path = mem_arena_strdup(g->arena, path);
  g->source = mem_arena_strndup(g->arena, src, len);
  g->source_len = len;
  g->lp64 = dm == CFA_LP64;
  f->g = g;
  f->src = g->source;
  f->srclen = len;
  /* -x c: the program is C whatever its name (.cpp, .txt, none);
   * -fgnu89-inline: GCC's `extern inline`, as in SV-COMP's programs */
  const char *args[] = {"-x",
                        "c",
                        dm == CFA_LP64 ? "-m64" : "-m32",
                        "-std=gnu11",
                        "-ferror-limit=0",
                        "-Wno-everything",
                        "-fgnu89-inline"};
  /* libclang gets the bytes already read (and checked to be a regular
   * file), so it never opens the path itself: a FIFO swapped in meanwhile
   * cannot block it, and the CFA's text is exactly what was parsed */
  struct CXUnsavedFile unsaved = {path, g->source, (unsigned long)len};
  /* libclang parses on a thread of its own with an 8 MiB stack, under
   * signal handlers that cannot run on an overflowed stack: deep input
   * killed erep. Parse on this (big-stack) thread instead, and leave
   * crashes to bigstack's handlers, which have a stack of their own. */
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  CXIndex idx = clang_createIndex(0, 0);
  clang_toggleCrashRecovery(0);
  enum CXErrorCode ec = clang_parseTranslationUnit2(
      idx, path, args, sizeof args / sizeof *args, &unsaved, 1,
      CXTranslationUnit_KeepGoing |
          CXTranslationUnit_DetailedPreprocessingRecord * 0,
      &f->tu);
  if (ec != CXError_Success || !f->tu) {
    *err = mem_printf("%s: libclang could not parse the file (error %d)", path,
                      (int)ec);
    clang_disposeIndex(idx);
    cfa_free(g);
    return 0;
  }
  char *fixed = 0; /* the text parsed when prototypes were inserted */
  fe_fix_implicit(f, idx, path, args, (int)(sizeof args / sizeof *args),
                  &fixed);
  f->file = clang_getFile(f->tu, path);
  *err = fe_errors(f, path);

  fe_top top = {f, {0}};
  if (!*err)
    clang_visitChildren(clang_getTranslationUnitCursor(f->tu), fe_top_visit,
                        &top);
  if (!*err) fe_declare_functions(f, &top);
  if (!*err && !g->main)
    *err = mem_printf("%s: no definition of function main", path);
  if (!*err) {
    fe_global_chain(f, &top);
    fe_bodies(f, &top);
    fe_addresses(f);
    fe_resolve_ptrcalls(f);
    fe_prune(g);
    fe_blast_nondet(g);
  }
  VEC_FREE(top.decls);
  fe_state_free(f);
  clang_disposeTranslationUnit(f->tu);
  clang_disposeIndex(idx);
  mem_free(fixed);
  fe_fix_done();
  if (*err) {
    cfa_free(g);
    return 0;
  }
  return g;
}

typedef struct {
  const char *path, *src;
  size_t len;
  cfa_data_model dm;
  char **err;
  cfa *g;
} fe_job;

static void fe_build_job(void *p) {
  fe_job *j = p;
  j->g = fe_build(j->path, j->src, j->len, j->dm, j->err);
}

cfa *cfa_build_source(const char *path, const char *src, size_t len,
                      cfa_data_model dm, char **err) {
  /* libclang's parser and the walk recurse once per nesting level */
  fe_job j = {path, src, len, dm, err, 0};
  char *note = mem_printf("the C front end crashed on %s", path);
  bigstack_note(note);
  mem_free(note);
  bigstack_run(fe_build_job, &j);
  bigstack_note(0);
  return j.g;
}

cfa *cfa_build(const char *path, cfa_data_model dm, char **err) {
  size_t len;
  char *src = file_read(path, FE_MAX_SOURCE, &len, err);
  if (!src) return 0;
  cfa *g = cfa_build_source(path, src, len, dm, err);
  mem_free(src);
  return g;
}
