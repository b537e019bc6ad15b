/* frontend_cond: C conditions in the scope of a function of a CFA built
 * before (cond.h): one more libclang parse of the program's text with one
 * wrapper function per condition appended, its body converted by the
 * front end's own expression walk. */
#include "cond.h"
#include "frontend_int.h"
#include "lib/bigstack.h"
#include "lib/sbuf.h"

#include <stdlib.h>
#include <string.h>

struct cond_set {
  cfa *scratch; /* the parse's types, variables and expressions */
  const ty *int_t;
};

#define COND_FN "__erep_cond_"

/* Where each wrapper lies in the parsed text, and its declarations. */
typedef struct {
  size_t start, text, close; /* offsets: wrapper, condition text, its `}` */
  unsigned ndecls;
  VEC(const cfa_var *) locals; /* declared, in order */
  VEC(char *) names;           /* the name each is declared by */
} cond_wrap;

typedef struct {
  const cfa *g;
  cond_query *q;
  size_t n;
  cond_set *s;
  char **err;
} cond_job;

static bool cond_ident_start(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static bool cond_ident_char(char c) {
  return cond_ident_start(c) || (c >= '0' && c <= '9');
}

/* The name that tells a local of its function apart: its qualified name
 * after "f::" (`x`, or `x__2` for a shadowing one, cfa.h). */
static const char *cond_unique(const cfa_var *v) {
  const char *q = strstr(v->qualified, "::");
  return q ? q + 2 : v->name;
}

/* The local of fn named name[0..len) in scope at `line`: the one whose
 * unique name (cond_unique) it is when that differs from its source name;
 * else among several of that source name (block scopes), the one declared
 * last at or before the line, else the first. NULL when fn has none. */
static const cfa_var *cond_local(const cfa *g, const cfa_function *fn,
                                 const char *name, size_t len, unsigned line) {
  const cfa_var *best = 0, *first = 0;
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    if (v->is_global || v->function != fn) continue;
    const char *u = cond_unique(v);
    if (strcmp(u, v->name) && strlen(u) == len && !memcmp(u, name, len))
      return v;
    if (strlen(v->name) != len || memcmp(v->name, name, len)) continue;
    if (!first || v->line < first->line) first = v;
    if (v->line <= line && (!best || v->line >= best->line)) best = v;
  }
  return best ? best : first;
}

/* A type spelling that C can declare a variable with (through typeof):
 * not an anonymous record's "(unnamed at file:1:2)" spelling. */
static bool cond_declarable(const ty *t) {
  return t && t->spelling && !strstr(t->spelling, " at ") &&
         t->kind != TY_FUNCTION && t->kind != TY_UNKNOWN;
}

/* Append the wrapper of q (number i) to *b: the locals of its function
 * that the text names, then the text. */
static void cond_wrapper(const cfa *g, const cond_query *q, size_t i,
                         sbuf *b, cond_wrap *w) {
  w->start = b->len;
  sb_printf(b, "\nint " COND_FN "%zu(void) {\n", i);
  const char *t = q->text;
  for (size_t k = 0; q->fn && t[k];) {
    if (!cond_ident_start(t[k]) || (k && cond_ident_char(t[k - 1]))) {
      k++;
      continue;
    }
    size_t e = k;
    while (cond_ident_char(t[e])) e++;
    const cfa_var *v = cond_local(g, q->fn, t + k, e - k, q->line);
    bool seen = false;
    for (size_t j = 0; v && j < w->names.len; j++)
      seen |= strlen(w->names.data[j]) == e - k &&
              !memcmp(w->names.data[j], t + k, e - k);
    if (v && !seen && cond_declarable(v->type)) {
      sb_printf(b, "__typeof__(%s) %.*s;\n", v->type->spelling, (int)(e - k),
                t + k);
      VEC_PUSH(w->locals, v);
      VEC_PUSH(w->names, mem_strndup(t + k, e - k));
      w->ndecls++;
    }
    k = e;
  }
  w->text = b->len;
  sb_put(b, t);
  sb_printf(b, "\n;");
  w->close = b->len;
  sb_printf(b, "}\n");
}

static void cond_fail(cond_query *q, char *msg) {
  if (q->err)
    mem_free(msg);
  else
    q->err = msg;
}

/* The clang error d on the text of q (its message without the place). */
static void cond_diag(cond_query *q, CXDiagnostic d) {
  CXString s = clang_getDiagnosticSpelling(d);
  const char *m = clang_getCString(s);
  const char *pre = "use of undeclared identifier '";
  if (!strncmp(m, pre, strlen(pre))) {
    const char *name = m + strlen(pre);
    size_t len = strcspn(name, "'");
    if (q->fn)
      cond_fail(q, mem_printf("names `%.*s`, which is not in scope in "
                              "function %s",
                              (int)len, name, q->fn->name));
    else
      cond_fail(q, mem_printf("names `%.*s`, which is not in scope outside "
                              "functions (only globals are)",
                              (int)len, name));
  } else
    cond_fail(q, mem_printf("does not parse: %s", m));
  clang_disposeString(s);
}

/* The program's global named name, or NULL. */
static const cfa_var *cond_global(const cfa *g, const char *name) {
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    if (v->is_global && !strcmp(v->name, name)) return v;
  }
  return 0;
}

/* Check x (a side-effect-free condition) and point its variables at the
 * CFA's; false with q->err set otherwise. */
static bool cond_map(const cfa *g, cond_query *q, const cond_wrap *w, ex *x) {
  if (!x) return true;
  const char *bad = 0;
  switch (x->kind) {
  case EX_CALL: bad = "a call"; break;
  case EX_ASSIGN: bad = "an assignment"; break;
  case EX_STRING: bad = "a string literal"; break;
  case EX_FLOAT: bad = "a floating-point literal"; break;
  case EX_FUNC: bad = "a function designator"; break;
  case EX_INITLIST: bad = "an initialiser list"; break;
  case EX_UNSUPPORTED: bad = x->text ? x->text : "an unsupported construct"; break;
  case EX_UNARY:
    if (x->op == EX_OP_PREINC || x->op == EX_OP_PREDEC ||
        x->op == EX_OP_POSTINC || x->op == EX_OP_POSTDEC)
      bad = "an increment or decrement";
    break;
  case EX_VAR: {
    const cfa_var *v = x->var, *real = 0;
    if (v && v->is_global)
      real = cond_global(g, v->name);
    else
      for (size_t j = 0; v && j < w->locals.len && !real; j++)
        if (!strcmp(w->names.data[j], v->name)) real = w->locals.data[j];
    if (!real) {
      cond_fail(q, mem_printf("names `%s`, which is not a variable of the "
                              "program in scope",
                              v ? v->name : "?"));
      return false;
    }
    x->var = real;
    break;
  }
  default:
    break;
  }
  if (bad) {
    cond_fail(q, mem_printf("is not a side-effect-free condition: it has %s",
                            bad));
    return false;
  }
  if (!cond_map(g, q, w, x->a) || !cond_map(g, q, w, x->b) ||
      !cond_map(g, q, w, x->c))
    return false;
  for (unsigned i = 0; i < x->nargs; i++)
    if (!cond_map(g, q, w, x->args[i])) return false;
  return true;
}

static ex *cond_and(fe *f, ex *a, ex *b) {
  if (!a) return b;
  ex *x = fe_ex_make(f, EX_BINARY, fe_int_type(f), b->line);
  x->op = EX_OP_LAND;
  x->a = a;
  x->b = b;
  return x;
}

/* The condition of wrapper w (cursor fn) into q. */
static void cond_convert(fe *f, const cfa *g, cond_query *q,
                         const cond_wrap *w, CXCursor fn) {
  cfa_loc L = fe_loc(fn);
  if (!clang_isCursorDefinition(fn) || L.end_offset != w->close + 1) {
    cond_fail(q, mem_strdup("does not parse: its braces do not balance"));
    return;
  }
  fe_kids kids = fe_children(fn);
  CXCursor body = kids.n ? kids.v[kids.n - 1] : clang_getNullCursor();
  mem_free(kids.v);
  if (clang_getCursorKind(body) != CXCursor_CompoundStmt) {
    cond_fail(q, mem_strdup("does not parse"));
    return;
  }
  fe_kids st = fe_children(body);
  ex *all = 0;
  for (unsigned i = w->ndecls; i < st.n && !q->err; i++) {
    CXCursor c = st.v[i];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_NullStmt) continue;
    if (!clang_isExpression(k)) {
      cond_fail(q, mem_strdup("is not a condition: a C expression, or "
                              "expressions each ended by `;`"));
      break;
    }
    ex *x = fe_expr(f, c);
    if (cond_map(g, q, w, x)) all = cond_and(f, all, x);
  }
  mem_free(st.v);
  if (!q->err && !all) q->err = mem_strdup("is empty");
  if (!q->err) {
    const char *what = 0;
    if (ex_find_unsupported(all, &what))
      q->err = mem_printf("is not a condition erep models: %s", what);
    else
      q->cond = all;
  }
}

/* Attribute the parse's errors to the wrappers; false (with *err) when
 * one lies in the program's own text. */
static bool cond_errors(fe *f, cond_job *j, const cond_wrap *w) {
  unsigned n = clang_getNumDiagnostics(f->tu);
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++) {
    CXDiagnostic d = clang_getDiagnostic(f->tu, i);
    if (fe_is_error(d)) {
      unsigned off = fe_off(clang_getDiagnosticLocation(d), 0);
      size_t k = j->n;
      while (k > 0 && w[k - 1].start > off) k--;
      if (k == 0 && off < j->g->source_len) {
        CXString s = clang_formatDiagnostic(
            d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
        *j->err = mem_printf("%s: the program does not parse again with the "
                             "conditions appended: %s",
                             j->g->path, clang_getCString(s));
        clang_disposeString(s);
        ok = false;
      } else
        cond_diag(&j->q[k ? k - 1 : 0], d);
    }
    clang_disposeDiagnostic(d);
  }
  return ok;
}

static void cond_job_run(void *p) {
  cond_job *j = p;
  const cfa *g = j->g;
  cond_wrap *w = mem_calloc(j->n + 1, sizeof *w);
  sbuf b = {0};
  sb_putn(&b, g->source, g->source_len);
  for (size_t i = 0; i < j->n; i++) {
    cond_query *q = &j->q[i];
    q->cond = 0;
    q->err = 0;
    if (strchr(q->text, '$'))
      q->err = mem_strdup("refers to the matched statement's operands "
                          "(`$1`-style), which erep does not support");
    cond_wrapper(g, q, i, &b, &w[i]);
  }
  cfa *sc = mem_calloc(1, sizeof *sc);
  sc->arena = mem_arena_new();
  sc->path = g->path;
  sc->lp64 = g->lp64;
  j->s->scratch = sc;
  fe F = {0}, *f = &F;
  f->g = sc;
  f->src = b.s;
  f->srclen = b.len;
  const char *args[] = {"-x",          "c",
                        g->lp64 ? "-m64" : "-m32",
                        "-std=gnu11",  "-ferror-limit=0",
                        "-Wno-everything", "-fgnu89-inline"};
  int nargs = (int)(sizeof args / sizeof *args);
  struct CXUnsavedFile unsaved = {g->path, b.s, (unsigned long)b.len};
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  CXIndex idx = clang_createIndex(0, 0);
  clang_toggleCrashRecovery(0);
  enum CXErrorCode ec = clang_parseTranslationUnit2(
      idx, g->path, args, nargs, &unsaved, 1, CXTranslationUnit_KeepGoing,
      &f->tu);
  char *fixed = 0;
  if (ec != CXError_Success || !f->tu)
    *j->err = mem_printf("%s: libclang could not parse the file with the "
                         "conditions appended (error %d)",
                         g->path, (int)ec);
  else {
    fe_fix_implicit(f, idx, g->path, args, nargs, &fixed);
    f->file = clang_getFile(f->tu, g->path);
    if (cond_errors(f, j, w)) {
      fe_top top = {f, {0}};
      clang_visitChildren(clang_getTranslationUnitCursor(f->tu), fe_top_visit,
                          &top);
      for (size_t i = 0, k = 0; i < j->n; i++) {
        if (j->q[i].err) continue;
        char name[64];
        snprintf(name, sizeof name, COND_FN "%zu", i);
        CXCursor fn = clang_getNullCursor();
        for (; k < top.decls.len && clang_Cursor_isNull(fn); k++) {
          CXCursor c = top.decls.data[k];
          CXString s = clang_getCursorSpelling(c);
          if (clang_getCursorKind(c) == CXCursor_FunctionDecl &&
              !strcmp(clang_getCString(s), name))
            fn = c;
          clang_disposeString(s);
        }
        if (clang_Cursor_isNull(fn)) {
          j->q[i].err = mem_strdup("does not parse");
          k = 0;
        } else
          cond_convert(f, g, &j->q[i], &w[i], fn);
      }
      VEC_FREE(top.decls);
    }
    j->s->int_t = fe_int_type(f);
  }
  fe_state_free(f);
  if (f->tu) clang_disposeTranslationUnit(f->tu);
  clang_disposeIndex(idx);
  mem_free(fixed);
  fe_fix_done();
  for (size_t i = 0; i < j->n; i++) {
    VEC_FREE(w[i].locals);
    for (size_t k = 0; k < w[i].names.len; k++) mem_free(w[i].names.data[k]);
    VEC_FREE(w[i].names);
  }
  mem_free(w);
  sb_free(&b);
}

cond_set *cond_parse(const cfa *g, cond_query *q, size_t n, char **err) {
  *err = 0;
  cond_set *s = mem_calloc(1, sizeof *s);
  cond_job j = {g, q, n, s, err};
  char *note = mem_printf("the C front end crashed on the ASSUME conditions "
                          "of %s",
                          g->path);
  bigstack_note(note);
  mem_free(note);
  bigstack_run(cond_job_run, &j);
  bigstack_note(0);
  if (*err) {
    for (size_t i = 0; i < n; i++) {
      mem_free(q[i].err);
      q[i].err = 0;
      q[i].cond = 0;
    }
    cond_free(s);
    return 0;
  }
  return s;
}

const ty *cond_int_type(const cond_set *s) { return s->int_t; }

const ex *cond_or(cond_set *s, const ex *a, const ex *b) {
  ex *x = mem_arena_alloc(s->scratch->arena, sizeof *x);
  memset(x, 0, sizeof *x);
  x->kind = EX_BINARY;
  x->op = EX_OP_LOR;
  x->type = s->int_t;
  x->a = (ex *)a;
  x->b = (ex *)b;
  x->line = a->line;
  return x;
}

void cond_free(cond_set *s) {
  if (!s) return;
  cfa_free(s->scratch);
  mem_free(s);
}
