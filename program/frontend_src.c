/* frontend_src: the program's text as libclang parses it. The parse's
 * errors (and the few clang errors GCC tolerates), a second parse with
 * prototypes inserted for functions defined after an implicit
 * declaration, offsets and columns mapped back to the program as written,
 * source slices and raw texts, and the children of a cursor. */
#include "frontend_int.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

/* ---------- small helpers ---------- */

char *fe_adup(fe *f, const char *s) { return mem_arena_strdup(f->g->arena, s); }

/* Prototypes inserted into the text libclang parses (fe_fix_implicit),
 * at offsets `at` of the program's own text, on one line each (no line
 * changes): the offsets and columns libclang reports are mapped back, so
 * everything the CFA says is about the program as written. One parse at a
 * time (the front end is not reentrant). */
#define FE_MAX_INS 64
typedef struct {
  unsigned at, len;
} fe_ins;
static fe_ins fe_insv[FE_MAX_INS];
static unsigned fe_nins;

/* The program's offset of parsed offset m; *inside when m lies in an
 * inserted prototype (then the offset it was inserted at). */
static unsigned fe_unshift(unsigned m, bool *inside) {
  unsigned d = 0;
  if (inside) *inside = false;
  for (unsigned i = 0; i < fe_nins; i++) {
    unsigned pos = fe_insv[i].at + d;
    if (m < pos) break;
    if (m < pos + fe_insv[i].len) {
      if (inside) *inside = true;
      return fe_insv[i].at;
    }
    d += fe_insv[i].len;
  }
  return m - d;
}

/* The file location of l in the program's own text. */
static void fe_fileloc(CXSourceLocation l, CXFile *file, unsigned *line,
                       unsigned *col, unsigned *off) {
  unsigned ln = 0, c = 0, o = 0;
  clang_getFileLocation(l, file, &ln, &c, &o);
  if (fe_nins) {
    unsigned u = fe_unshift(o, 0);
    if (c > o - u) c -= o - u; /* the insertions are on this line */
    o = u;
  }
  if (line) *line = ln;
  if (col) *col = c;
  if (off) *off = o;
}

unsigned fe_off(CXSourceLocation l, unsigned *line) {
  unsigned o = 0, ln = 0;
  fe_fileloc(l, 0, &ln, 0, &o);
  if (line) *line = ln;
  return o;
}

static bool fe_in_main(CXSourceLocation l) {
  return clang_Location_isFromMainFile(l) != 0;
}

/* The extent as libclang gives it; the end may come before the start. */
static cfa_loc fe_rawloc(CXCursor c) {
  CXSourceRange r = clang_getCursorExtent(c);
  cfa_loc L = {0};
  CXFile file;
  fe_fileloc(clang_getRangeStart(r), &file, &L.line, &L.column, &L.offset);
  fe_fileloc(clang_getRangeEnd(r), 0, &L.end_line, 0, &L.end_offset);
  return L;
}

static cfa_loc fe_clamp(cfa_loc L) {
  if (L.end_offset < L.offset) L.end_offset = L.offset;
  return L;
}

cfa_loc fe_loc(CXCursor c) { return fe_clamp(fe_rawloc(c)); }

unsigned fe_line(CXCursor c) {
  unsigned ln;
  fe_off(clang_getCursorLocation(c), &ln);
  return ln;
}

/* Key of a declaration cursor: its file and offset. */
uint64_t fe_key(fe *f, CXCursor c) {
  CXFile file;
  unsigned off;
  clang_getFileLocation(clang_getCursorLocation(c), &file, 0, 0, &off);
  size_t i;
  for (i = 0; i < f->files.len; i++)
    if (clang_File_isEqual(f->files.data[i], file)) break;
  if (i == f->files.len) VEC_PUSH(f->files, file);
  return ((uint64_t)(i + 1) << 32) | off;
}

size_t fe_skip_space(const fe *f, size_t i) {
  for (;;) {
    while (i < f->srclen && strchr(" \t\r\n\f\v", f->src[i]) && f->src[i])
      i++;
    if (i + 1 < f->srclen && f->src[i] == '/' && f->src[i + 1] == '*') {
      const char *e = strstr(f->src + i + 2, "*/");
      i = e ? (size_t)(e - f->src) + 2 : f->srclen;
    } else if (i + 1 < f->srclen && f->src[i] == '/' && f->src[i + 1] == '/') {
      while (i < f->srclen && f->src[i] != '\n')
        i++;
    } else
      return i;
  }
}

static char *fe_slice(fe *f, unsigned a, unsigned b) {
  if (b > f->srclen) b = (unsigned)f->srclen;
  if (a > b) a = b;
  return mem_arena_strndup(f->g->arena, f->src + a, b - a);
}

/* Source text of a cursor, extended through a following `;` unless the
 * construct ends in a block. */
char *fe_text_semi(fe *f, CXCursor c) {
  cfa_loc L = fe_xloc(f, c);
  unsigned end = L.end_offset;
  if (end > 0 && end <= f->srclen && f->src[end - 1] != ';' &&
      f->src[end - 1] != '}') {
    size_t j = fe_skip_space(f, end);
    if (j < f->srclen && f->src[j] == ';') end = (unsigned)j + 1;
  }
  return fe_slice(f, L.offset, end);
}

char *fe_text(fe *f, CXCursor c) {
  cfa_loc L = fe_xloc(f, c);
  return fe_slice(f, L.offset, L.end_offset);
}

enum CXChildVisitResult fe_kid_visit(CXCursor c, CXCursor parent,
                                     CXClientData d) {
  (void)parent;
  fe_kids *k = d;
  if (k->n == k->cap) {
    k->cap = k->cap ? k->cap * 2 : 4;
    k->v = mem_realloc(k->v, k->cap * sizeof *k->v);
  }
  k->v[k->n++] = c;
  return CXChildVisit_Continue;
}

fe_kids fe_children(CXCursor c) {
  fe_kids k = {0};
  clang_visitChildren(c, fe_kid_visit, &k);
  return k;
}

/* libclang computes the extent (and the location) of an operator
 * expression by walking down to its leftmost and rightmost operands, so
 * asking at every level of x + x + ... + x took time quadratic in its
 * length (11 s for 50 000 terms). The extent of a binary or conditional
 * operator is from its first operand's start to its last operand's end:
 * computed that way and kept, every level costs the same. Unclamped, like
 * fe_rawloc. */
static cfa_loc fe_xraw(fe *f, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  unsigned want =
      k == CXCursor_ConditionalOperator ? 3
      : k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator
          ? 2
          : 0;
  if (!want) return fe_rawloc(c);
  /* an expression cursor's data[1] is its Stmt: one key per node */
  uint64_t key = (uint64_t)(uintptr_t)c.data[1];
  cfa_loc *m = hmap_get(&f->xlocs, key);
  if (m) return *m;
  fe_kids kids = fe_children(c);
  cfa_loc L;
  if (kids.n == want) {
    cfa_loc A = fe_xraw(f, kids.v[0]), B = fe_xraw(f, kids.v[want - 1]);
    L = A;
    L.end_line = B.end_line;
    L.end_offset = B.end_offset;
  } else
    L = fe_rawloc(c);
  mem_free(kids.v);
  if (!f->xarena) f->xarena = mem_arena_new();
  m = mem_arena_alloc(f->xarena, sizeof *m);
  *m = L;
  hmap_put(&f->xlocs, key, m);
  return L;
}

cfa_loc fe_xloc(fe *f, CXCursor c) { return fe_clamp(fe_xraw(f, c)); }

/* The line of c's location: for an operator, its first operand's start. */
unsigned fe_xline(fe *f, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
      k == CXCursor_ConditionalOperator)
    return fe_xraw(f, c).line;
  return fe_line(c);
}

void fe_unsupported(fe *f, cfa_edge *e, const char *what, unsigned line) {
  if (e && e->id == FE_DETACHED) return; /* dead code: nothing runs it */
  cfa_unsupported u = {mem_arena_strdup(f->g->arena, what), line, e};
  VEC_PUSH(f->g->unsupported, u);
  if (e && !e->unsupported) e->unsupported = u.construct;
}

enum CXChildVisitResult fe_top_visit(CXCursor c, CXCursor parent,
                                     CXClientData d) {
  (void)parent;
  fe_top *t = d;
  if (!fe_in_main(clang_getCursorLocation(c))) return CXChildVisit_Continue;
  bool inserted = false;
  unsigned o = 0;
  clang_getFileLocation(clang_getCursorLocation(c), 0, 0, 0, &o);
  fe_unshift(o, &inserted);
  if (inserted) return CXChildVisit_Continue; /* fe_fix_implicit's */
  VEC_PUSH(t->decls, c);
  return CXChildVisit_Continue;
}

/* Raw text of a top-level declaration: a function definition is its
 * header; anything else runs through its `;`. Declarations that share a
 * start (struct + typedef, `int a, b;`) share the whole text. */
char *fe_top_text(fe *f, CXCursor c, unsigned start) {
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl &&
      clang_isCursorDefinition(c)) {
    fe_kids kids = fe_children(c);
    unsigned end = fe_loc(c).end_offset;
    for (unsigned i = 0; i < kids.n; i++)
      if (clang_getCursorKind(kids.v[i]) == CXCursor_CompoundStmt)
        end = fe_loc(kids.v[i]).offset;
    mem_free(kids.v);
    while (end > start && strchr(" \t\r\n", f->src[end - 1]))
      end--;
    return fe_slice(f, start, end);
  }
  /* scan to the `;` that ends the declaration, outside braces and parens */
  size_t i = fe_loc(c).end_offset;
  int depth = 0;
  for (; i < f->srclen; i++) {
    char ch = f->src[i];
    if (ch == '{' || ch == '(')
      depth++;
    else if (ch == '}' || ch == ')')
      depth--;
    else if (ch == ';' && depth <= 0)
      break;
  }
  return fe_slice(f, start,
                  i < f->srclen ? (unsigned)i + 1 : (unsigned)f->srclen);
}

/* Errors listed in full; the rest are counted. */
#define FE_MAX_ERRORS 20

static bool fe_starts(const char *s, const char *prefix) {
  return !strncmp(s, prefix, strlen(prefix));
}

/* What conflict d is: FE_IMPLICIT (with the offset of the implicit use in
 * *use, if not NULL), FE_BUILTIN, or FE_OTHER (not tolerated). */
enum { FE_OTHER, FE_IMPLICIT, FE_BUILTIN };
static int fe_conflict(CXDiagnostic d, unsigned *use) {
  CXString s = clang_getDiagnosticSpelling(d);
  bool conflict = fe_starts(clang_getCString(s), "conflicting types for '");
  clang_disposeString(s);
  if (!conflict) return FE_OTHER;
  int kind = FE_OTHER;
  CXDiagnosticSet notes = clang_getChildDiagnostics(d);
  unsigned n = clang_getNumDiagnosticsInSet(notes);
  for (unsigned i = 0; i < n && kind == FE_OTHER; i++) {
    CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
    CXString t = clang_getDiagnosticSpelling(note);
    const char *m = clang_getCString(t);
    if (!strcmp(m, "previous implicit declaration is here")) {
      kind = FE_IMPLICIT;
      if (use)
        clang_getFileLocation(clang_getDiagnosticLocation(note), 0, 0, 0, use);
    } else if (fe_starts(m, "'__builtin_") &&
               strstr(m, "' is a builtin with type '"))
      kind = FE_BUILTIN;
    clang_disposeString(t);
    clang_disposeDiagnostic(note);
  }
  return kind;
}

/* Clang errors that GCC, which SV-COMP's programs are compiled with, only
 * warns about or accepts, and CPAchecker too: a function defined or
 * declared with another type than its earlier implicit declaration (old
 * CIL output: `errorFn();` ... `void errorFn(void) {...}`), and a builtin
 * declared with another type (`__builtin_memcpy` with a 64-bit size_t in
 * an ILP32 parse). The definition's type is the one the CFA uses. */
static bool fe_tolerated(CXDiagnostic d) {
  return fe_conflict(d, 0) != FE_OTHER;
}

bool fe_is_error(CXDiagnostic d) {
  return clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
         !fe_tolerated(d);
}

/* A tolerated conflict d (fe_tolerated) leaves the conflicting
 * declaration invalid, and clang drops every later call of it from the
 * AST without a word. When the source names the function again after the
 * conflict (a call, as far as the text tells), the CFA lacks code:
 * recorded in g->lost (the first one). */
static void fe_note_lost(fe *f, CXDiagnostic d) {
  CXString s = clang_getDiagnosticSpelling(d);
  const char *m = clang_getCString(s) + strlen("conflicting types for '");
  const char *q = strchr(m, '\'');
  char *name = q ? mem_strndup(m, (size_t)(q - m)) : 0;
  clang_disposeString(s);
  if (!name) return;
  CXFile file = 0;
  unsigned line = 0, off = 0;
  CXSourceLocation loc = clang_getDiagnosticLocation(d);
  clang_getFileLocation(loc, &file, &line, 0, &off);
  if (!clang_Location_isFromMainFile(loc)) /* a header: search it all */
    off = 0;
  size_t n = strlen(name);
  for (size_t i = off + n; file && i + n < f->srclen; i++) {
    if (memcmp(f->src + i, name, n)) continue;
    char before = f->src[i - 1], after = f->src[i + n];
    if (isalnum((unsigned char)before) || before == '_' ||
        isalnum((unsigned char)after) || after == '_')
      continue;
    size_t j = i + n;
    while (j < f->srclen && isspace((unsigned char)f->src[j]))
      j++;
    if (j < f->srclen && f->src[j] == '(') {
      unsigned at = 1; /* the line of the call */
      for (size_t k = 0; k < i; k++)
        at += f->src[k] == '\n';
      VEC_PUSH(f->g->lost_lines, at);
      if (f->g->lost) continue;
      /* a builtin declared with a 64-bit size_t in an ILP32 parse: the
       * program is likely made for LP64, where the types agree */
      char *why =
          fe_conflict(d, 0) == FE_BUILTIN
              ? mem_printf("the calls of %s after its declaration at line "
                           "%u, whose type conflicts with the builtin's "
                           "(clang drops them%s)",
                           name, line,
                           f->g->lp64 ? ""
                                      : "; a program made for 64 bits "
                                        "wants --data-model LP64")
              : mem_printf("the calls of %s after its definition at line "
                           "%u, whose type conflicts with an earlier "
                           "implicit declaration (clang drops them)",
                           name, line);
      f->g->lost = mem_arena_strdup(f->g->arena, why);
      mem_free(why);
    }
  }
  mem_free(name);
}

/* Whether d is a conflict with an earlier implicit declaration (not a
 * builtin's), and then the offset of that implicit use in *use. */
static bool fe_implicit_conflict(CXDiagnostic d, unsigned *use) {
  return clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
         fe_conflict(d, use) == FE_IMPLICIT;
}

/* Old CIL output calls a function before any declaration (an implicit
 * `int f()`) and defines it later with another type. GCC accepts that;
 * clang marks the definition invalid and drops every later call of it
 * from the AST (cfa.lost). So the program is parsed again with a
 * prototype of each such definition (its header and a `;`) inserted just
 * before the top-level declaration that holds its first implicit use, on
 * that line, so that no line moves (fe_fileloc maps offsets and columns
 * back, fe_top_visit skips the prototypes). The second parse replaces the
 * first only when it has no error left but those tolerated that are not
 * such conflicts (a prototype naming a type declared later fails, and
 * the first parse stays, with its lost calls said). *buf gets the text
 * parsed (the caller frees it after the translation unit). */
void fe_fix_implicit(fe *f, CXIndex idx, const char *path,
                     const char *const *args, int nargs, char **buf) {
  *buf = 0;
  fe_nins = 0;
  typedef struct {
    unsigned at;
    char *text;
  } fix;
  VEC(fix) fx = {0};
  fe_top top = {f, {0}}; /* where to insert: before one of these */
  clang_visitChildren(clang_getTranslationUnitCursor(f->tu), fe_top_visit,
                      &top);
  unsigned n = clang_getNumDiagnostics(f->tu);
  for (unsigned i = 0; i < n && fx.len < FE_MAX_INS; i++) {
    CXDiagnostic d = clang_getDiagnostic(f->tu, i);
    unsigned use = 0;
    if (fe_implicit_conflict(d, &use)) {
      CXCursor def = clang_getCursor(f->tu, clang_getDiagnosticLocation(d));
      unsigned at = UINT_MAX; /* the start of the declaration holding use */
      for (size_t k = 0; k < top.decls.len && at == UINT_MAX; k++) {
        cfa_loc L = fe_loc(top.decls.data[k]);
        if (L.offset <= use && use < L.end_offset) at = L.offset;
      }
      if (clang_getCursorKind(def) == CXCursor_FunctionDecl &&
          clang_isCursorDefinition(def) && at != UINT_MAX) {
        char *head = fe_top_text(f, def, fe_loc(def).offset);
        for (char *p = head; *p; p++)
          if (*p == '\n' || *p == '\r') *p = ' ';
        fix x = {at, mem_printf("%s; ", head)};
        VEC_PUSH(fx, x);
      }
    }
    clang_disposeDiagnostic(d);
  }
  VEC_FREE(top.decls);
  if (!fx.len) return;
  /* in text order (insertion sort: a few) */
  for (size_t i = 1; i < fx.len; i++)
    for (size_t j = i; j > 0 && fx.data[j - 1].at > fx.data[j].at; j--) {
      fix t = fx.data[j];
      fx.data[j] = fx.data[j - 1];
      fx.data[j - 1] = t;
    }
  size_t extra = 0;
  for (size_t i = 0; i < fx.len; i++)
    extra += strlen(fx.data[i].text);
  char *text = mem_alloc(f->srclen + extra + 1);
  size_t w = 0, r = 0;
  for (size_t i = 0; i < fx.len; i++) {
    memcpy(text + w, f->src + r, fx.data[i].at - r);
    w += fx.data[i].at - r;
    r = fx.data[i].at;
    size_t k = strlen(fx.data[i].text);
    memcpy(text + w, fx.data[i].text, k);
    w += k;
    fe_insv[i].at = fx.data[i].at;
    fe_insv[i].len = (unsigned)k;
  }
  memcpy(text + w, f->src + r, f->srclen - r);
  w += f->srclen - r;
  text[w] = 0;
  for (size_t i = 0; i < fx.len; i++)
    mem_free(fx.data[i].text);
  unsigned nins = (unsigned)fx.len;
  VEC_FREE(fx);
  struct CXUnsavedFile unsaved = {path, text, (unsigned long)w};
  CXTranslationUnit tu = 0;
  enum CXErrorCode ec = clang_parseTranslationUnit2(
      idx, path, args, nargs, &unsaved, 1, CXTranslationUnit_KeepGoing, &tu);
  bool ok = ec == CXError_Success && tu;
  for (unsigned i = 0, m = ok ? clang_getNumDiagnostics(tu) : 0; i < m && ok;
       i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    unsigned use;
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
        (!fe_tolerated(d) || fe_implicit_conflict(d, &use)))
      ok = false;
    clang_disposeDiagnostic(d);
  }
  if (!ok) {
    if (tu) clang_disposeTranslationUnit(tu);
    mem_free(text);
    return;
  }
  clang_disposeTranslationUnit(f->tu);
  f->tu = tu;
  fe_nins = nins;
  *buf = text;
}

/* Forget the prototypes fe_fix_implicit inserted (the parse is over). */
void fe_fix_done(void) { fe_nins = 0; }

/* A file name that says C++ (the program is parsed as C all the same). */
static bool fe_cxx_name(const char *path) {
  static const char *const ext[] = {".cpp", ".cc", ".cxx", ".c++", ".C",
                                    ".hpp", ".hh", ".hxx", ".ii",  ".cppm"};
  size_t n = strlen(path);
  for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
    size_t k = strlen(ext[i]);
    if (n > k && !strcmp(path + n - k, ext[i])) return true;
  }
  return false;
}

/* Every clang error and fatal error rejects the program (but those of
 * fe_tolerated): parsing goes on after one (KeepGoing), and what it makes
 * of the rest is a guess, e.g. `int g = 1 +;` became g = 0. Returns the
 * message listing them (clang's file:line:column and text), or NULL. */
char *fe_errors(fe *f, const char *path) {
  char *msg = 0;
  unsigned nerr = 0;
  bool cxx = false;
  unsigned n = clang_getNumDiagnostics(f->tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(f->tu, i);
    bool tolerated = false;
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
        !(tolerated = fe_tolerated(d))) {
      if (nerr++ < FE_MAX_ERRORS) {
        CXString s = clang_formatDiagnostic(
            d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
        const char *text = clang_getCString(s);
        CXFile file = 0;
        clang_getFileLocation(clang_getDiagnosticLocation(d), &file, 0, 0, 0);
        /* a diagnostic without a place (a bad option) still names the file */
        char *line =
            file ? mem_printf("%s", text) : mem_printf("%s: %s", path, text);
        cxx |= strstr(text, "unknown type name 'class'") ||
               strstr(text, "unknown type name 'namespace'") ||
               strstr(text, "unknown type name 'template'") ||
               strstr(text, "unknown type name 'using'");
        clang_disposeString(s);
        char *joined = msg ? mem_printf("%s\n%s", msg, line) : line;
        if (msg) {
          mem_free(msg);
          mem_free(line);
        }
        msg = joined;
      }
    }
    if (tolerated) fe_note_lost(f, d);
    clang_disposeDiagnostic(d);
  }
  if (!msg) return 0;
  char *r = nerr > FE_MAX_ERRORS ? mem_printf("%s\n%s: ... and %u more errors",
                                              msg, path, nerr - FE_MAX_ERRORS)
                                 : mem_strdup(msg);
  mem_free(msg);
  if (cxx || fe_cxx_name(path)) {
    msg = mem_printf(
        "%s\n%s: erep reads every program as C (C11 with GNU extensions); "
        "C++ is not supported",
        r, path);
    mem_free(r);
    r = msg;
  }
  return r;
}
