/* frontend: libclang 14 -> CFA, with CPAchecker's edge granularity and raw
 * statement texts. libclang has no operator-kind API, so operators are read
 * from the source bytes at the operand boundaries (tokens as a fallback).
 *
 * The walk follows CPAchecker's CFAFunctionBuilder: a current node `prev`;
 * each statement adds edges from it; jumps leave a fresh unreachable node
 * that is pruned at the end unless a label makes it reachable. */
#include "cfa.h"
#include "lib/bigstack.h"
#include "lib/file.h"
#include "lib/hmap.h"
#include "lib/mem.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <limits.h>
#include <string.h>

#define FE_MAX_SOURCE (64u << 20)

typedef struct {
  cfa_node *brk, *cont; /* cont NULL for switch */
} fe_jump;

typedef struct {
  const ex *value; /* switch expression */
  const char *value_src;
  const ty *cmp_type;
  cfa_loc loc;
  cfa_node *test; /* node where the next case test starts */
  cfa_node *dflt; /* entry of `default:` */
  cfa_node *end;
} fe_switch;

/* A call through a function pointer, resolved once the whole program is
 * known (fe_resolve_ptrcalls). */
typedef struct {
  cfa_edge *e;
  const ex *call, *lhs;
} fe_ptrcall;

typedef struct {
  cfa *g;
  CXTranslationUnit tu;
  CXFile file;
  const char *src;
  size_t srclen;
  char *err;
  /* current function */
  cfa_function *fn;
  cfa_node *prev;
  hmap labels;      /* label decl offset -> cfa_node* */
  hmap labels_seen; /* label decl offset -> non-NULL once visited */
  VEC(fe_jump) jumps;
  VEC(fe_switch *) switches;
  VEC(fe_ptrcall) ptrcalls; /* statement edges calling through a pointer */
  /* whole program */
  hmap vars;  /* decl key -> cfa_var* */
  hmap types; /* canonical spelling -> ty* */
  hmap funcs; /* name -> cfa_function* */
  VEC(CXFile) files;
  unsigned nshadow;
  unsigned ntemps; /* __CPAchecker_TMP_<n> of the current function */
  hmap xlocs;      /* operator expression (its Stmt) -> cfa_loc*, see fe_xloc */
  mem_arena *xarena;
} fe;

/* ---------- small helpers ---------- */

static char *fe_adup(fe *f, const char *s) {
  return mem_arena_strdup(f->g->arena, s);
}

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

static unsigned fe_off(CXSourceLocation l, unsigned *line) {
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

static cfa_loc fe_loc(CXCursor c) { return fe_clamp(fe_rawloc(c)); }

static unsigned fe_line(CXCursor c) {
  unsigned ln;
  fe_off(clang_getCursorLocation(c), &ln);
  return ln;
}

/* Key of a declaration cursor: its file and offset. */
static uint64_t fe_key(fe *f, CXCursor c) {
  CXFile file;
  unsigned off;
  clang_getFileLocation(clang_getCursorLocation(c), &file, 0, 0, &off);
  size_t i;
  for (i = 0; i < f->files.len; i++)
    if (clang_File_isEqual(f->files.data[i], file)) break;
  if (i == f->files.len) VEC_PUSH(f->files, file);
  return ((uint64_t)(i + 1) << 32) | off;
}

static size_t fe_skip_space(const fe *f, size_t i) {
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

static cfa_loc fe_xloc(fe *f, CXCursor c);

/* Source text of a cursor, extended through a following `;` unless the
 * construct ends in a block. */
static char *fe_text_semi(fe *f, CXCursor c) {
  cfa_loc L = fe_xloc(f, c);
  unsigned end = L.end_offset;
  if (end > 0 && end <= f->srclen && f->src[end - 1] != ';' &&
      f->src[end - 1] != '}') {
    size_t j = fe_skip_space(f, end);
    if (j < f->srclen && f->src[j] == ';') end = (unsigned)j + 1;
  }
  return fe_slice(f, L.offset, end);
}

static char *fe_text(fe *f, CXCursor c) {
  cfa_loc L = fe_xloc(f, c);
  return fe_slice(f, L.offset, L.end_offset);
}

typedef struct {
  CXCursor *v;
  unsigned n, cap;
} fe_kids;

static enum CXChildVisitResult fe_kid_visit(CXCursor c, CXCursor parent,
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

static fe_kids fe_children(CXCursor c) {
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

static cfa_loc fe_xloc(fe *f, CXCursor c) { return fe_clamp(fe_xraw(f, c)); }

/* The line of c's location: for an operator, its first operand's start. */
static unsigned fe_xline(fe *f, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
      k == CXCursor_ConditionalOperator)
    return fe_xraw(f, c).line;
  return fe_line(c);
}

#define FE_DETACHED UINT32_MAX

static void fe_unsupported(fe *f, cfa_edge *e, const char *what,
                           unsigned line) {
  if (e && e->id == FE_DETACHED) return; /* dead code: nothing runs it */
  cfa_unsupported u = {mem_arena_strdup(f->g->arena, what), line, e};
  VEC_PUSH(f->g->unsupported, u);
  if (e && !e->unsupported) e->unsupported = u.construct;
}

/* ---------- types ---------- */

static const ty *fe_type(fe *f, CXType t);

typedef struct {
  fe *f;
  CXType rec;
  VEC(ty_field) fields;
} fe_fieldvis;

static enum CXVisitorResult fe_field_visit(CXCursor c, CXClientData d) {
  fe_fieldvis *v = d;
  ty_field fl = {0};
  CXString s = clang_getCursorSpelling(c);
  const char *name = clang_getCString(s);
  fl.name = name && *name ? mem_arena_strdup(v->f->g->arena, name) : 0;
  clang_disposeString(s);
  fl.type = fe_type(v->f, clang_getCursorType(c));
  long long off = clang_Cursor_getOffsetOfField(c);
  fl.offset = off < 0 ? 0 : (uint64_t)off;
  fl.bitfield = clang_Cursor_isBitField(c) ? clang_getFieldDeclBitWidth(c) : -1;
  VEC_PUSH(v->fields, fl);
  return CXVisit_Continue;
}

static const ty *fe_type(fe *f, CXType t) {
  CXType ct = clang_getCanonicalType(t);
  CXString s = clang_getTypeSpelling(ct);
  const char *sp = clang_getCString(s);
  ty *r = hmap_sget(&f->types, sp);
  if (r) {
    clang_disposeString(s);
    return r;
  }
  r = mem_arena_alloc(f->g->arena, sizeof *r);
  r->spelling = mem_arena_strdup(f->g->arena, sp);
  hmap_sput(&f->types, sp, r);
  clang_disposeString(s);
  /* getSizeOf crashes libclang 14 on some builtin function types */
  bool sized = ct.kind != CXType_FunctionProto &&
               ct.kind != CXType_FunctionNoProto && ct.kind != CXType_Invalid &&
               ct.kind != CXType_Unexposed && ct.kind != CXType_Void;
  long long size = sized ? clang_Type_getSizeOf(ct) : -1;
  r->is_complete = size >= 0;
  r->size = size > 0 ? (uint64_t)size : 0;
  r->count = -1;
  switch (ct.kind) {
  case CXType_Void:
    r->kind = TY_VOID;
    break;
  case CXType_Bool:
    r->kind = TY_BOOL;
    break;
  case CXType_Char_U:
  case CXType_UChar:
  case CXType_UShort:
  case CXType_UInt:
  case CXType_ULong:
  case CXType_ULongLong:
  case CXType_UInt128:
  case CXType_Char16:
  case CXType_Char32:
    r->kind = TY_INT;
    break;
  case CXType_Char_S:
  case CXType_SChar:
  case CXType_Short:
  case CXType_Int:
  case CXType_Long:
  case CXType_LongLong:
  case CXType_Int128:
  case CXType_WChar:
    r->kind = TY_INT;
    r->is_signed = true;
    break;
  case CXType_Enum: {
    r->kind = TY_INT;
    CXType it = clang_getEnumDeclIntegerType(clang_getTypeDeclaration(ct));
    const ty *ut = fe_type(f, it);
    r->is_signed = ut->is_signed;
    r->size = ut->size;
    break;
  }
  case CXType_Float:
  case CXType_Double:
  case CXType_LongDouble:
  case CXType_Float128:
  case CXType_Half:
  case CXType_Float16:
    r->kind = TY_FLOAT;
    break;
  case CXType_Pointer:
    r->kind = TY_POINTER;
    r->elem = fe_type(f, clang_getPointeeType(ct));
    break;
  case CXType_ConstantArray:
  case CXType_IncompleteArray:
  case CXType_VariableArray:
    r->kind = TY_ARRAY;
    r->elem = fe_type(f, clang_getArrayElementType(ct));
    r->count = ct.kind == CXType_ConstantArray ? clang_getArraySize(ct) : -1;
    break;
  case CXType_Record: {
    CXCursor d = clang_getTypeDeclaration(ct);
    r->kind =
        clang_getCursorKind(d) == CXCursor_UnionDecl ? TY_UNION : TY_STRUCT;
    fe_fieldvis v = {f, ct, {0}};
    clang_Type_visitFields(ct, fe_field_visit, &v);
    r->nfields = (unsigned)v.fields.len;
    if (v.fields.len) {
      ty_field *fl = mem_arena_alloc(f->g->arena, v.fields.len * sizeof *fl);
      memcpy(fl, v.fields.data, v.fields.len * sizeof *fl);
      r->fields = fl;
    }
    VEC_FREE(v.fields);
    break;
  }
  case CXType_FunctionProto:
  case CXType_FunctionNoProto:
    r->kind = TY_FUNCTION;
    r->elem = fe_type(f, clang_getResultType(ct));
    r->variadic = clang_isFunctionTypeVariadic(ct) != 0;
    break;
  default:
    r->kind = TY_UNKNOWN;
  }
  return r;
}

/* ---------- variables and functions ---------- */

static cfa_var *fe_var_new(fe *f, CXCursor c, bool global) {
  cfa_var *v = mem_arena_alloc(f->g->arena, sizeof *v);
  CXString s = clang_getCursorSpelling(c);
  v->name = mem_arena_strdup(f->g->arena, clang_getCString(s));
  clang_disposeString(s);
  v->id = (unsigned)f->g->vars.len;
  v->type = fe_type(f, clang_getCursorType(c));
  v->is_global = global;
  v->function = global ? 0 : f->fn;
  v->line = fe_line(c);
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
  v->is_static = sc == CX_SC_Static;
  v->is_extern = sc == CX_SC_Extern;
  v->is_param = clang_getCursorKind(c) == CXCursor_ParmDecl;
  if (global)
    v->qualified = v->name;
  else {
    /* locals are unique per function; shadowing gets a suffix */
    char *q = mem_printf("%s::%s", f->fn ? f->fn->name : "", v->name);
    for (size_t i = 0; i < f->g->vars.len; i++)
      if (!strcmp(f->g->vars.data[i]->qualified, q)) {
        mem_free(q);
        q = mem_printf("%s::%s__%u", f->fn ? f->fn->name : "", v->name,
                       ++f->nshadow);
        break;
      }
    v->qualified = mem_arena_strdup(f->g->arena, q);
    mem_free(q);
  }
  VEC_PUSH(f->g->vars, v);
  hmap_put(&f->vars, fe_key(f, c), v);
  return v;
}

static cfa_var *fe_var_of(fe *f, CXCursor decl) {
  cfa_var *v = hmap_get(&f->vars, fe_key(f, decl));
  if (v) return v;
  /* a global first seen through a use (declared in a header, or the
   * canonical declaration differs): make it now */
  CXCursor canon = clang_getCanonicalCursor(decl);
  v = hmap_get(&f->vars, fe_key(f, canon));
  if (v) return v;
  bool global = clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 &&
                clang_getCursorKind(clang_getCursorSemanticParent(decl)) ==
                    CXCursor_TranslationUnit;
  cfa_function *saved = f->fn;
  if (global) f->fn = 0;
  v = fe_var_new(f, decl, global);
  f->fn = saved;
  return v;
}

/* ---------- expressions ---------- */

static ex *fe_ex_new(fe *f, ex_kind k, CXCursor c) {
  ex *e = mem_arena_alloc(f->g->arena, sizeof *e);
  e->kind = k;
  e->type = fe_type(f, clang_getCursorType(c));
  e->line = fe_xline(f, c);
  return e;
}

static ex *fe_expr(fe *f, CXCursor c);

/* The bytes of string literal text t: one or more plain "..." pieces
 * with C's escapes. NULL for anything else (prefixes L u U u8, a macro, a
 * NUL inside), so that a literal whose bytes are not certain is not
 * modelled. libclang gives the bytes only of a literal that decays to a
 * pointer (fe_expr checks them against these), not of an array's
 * initialiser. */
static char *fe_str_decode(const char *t) {
  size_t n = strlen(t), k = 0;
  char *b = mem_alloc(n + 1);
  const char *p = t;
  bool piece = false;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
    if (!*p) break;
    if (*p != '"') goto bad;
    piece = true;
    for (p++; *p != '"'; p++) {
      unsigned v;
      if (!*p || *p == '\n') goto bad;
      if (*p != '\\') {
        v = (unsigned char)*p;
      } else {
        p++;
        const char *esc = "a\ab\bf\fn\nr\rt\tv\ve\033\\\\''\"\"??";
        const char *q = 0;
        for (const char *e = esc; *e; e += 2)
          if (*e == *p) q = e;
        if (q) {
          v = (unsigned char)q[1];
        } else if (*p >= '0' && *p <= '7') {
          v = 0;
          for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++)
            v = v * 8 + (unsigned)(*p++ - '0');
          p--;
        } else if (*p == 'x' && strchr("0123456789abcdefABCDEF", p[1]) &&
                   p[1]) {
          v = 0;
          for (p++; *p && strchr("0123456789abcdefABCDEF", *p); p++) {
            v = v * 16 + (unsigned)(*p <= '9'   ? *p - '0'
                                    : *p <= 'F' ? *p - 'A' + 10
                                                : *p - 'a' + 10);
            if (v > 0xff) goto bad;
          }
          p--;
        } else if (*p == '\n') {
          continue; /* line splice */
        } else
          goto bad;
      }
      if (!v) goto bad;
      b[k++] = (char)v;
    }
    p++;
  }
  if (!piece) goto bad;
  b[k] = 0;
  return b;
bad:
  mem_free(b);
  return 0;
}

/* The bytes of a narrow string literal (text `text`, type t = char[N]),
 * or NULL when they are not known. */
static const char *fe_str_bytes(fe *f, const char *text, const ty *t) {
  if (!t || t->kind != TY_ARRAY || t->count < 1 || !t->elem ||
      t->elem->kind != TY_INT || t->elem->size != 1 || !text)
    return 0;
  char *b = fe_str_decode(text);
  const char *r = b && strlen(b) <= (size_t)t->count ? fe_adup(f, b) : 0;
  mem_free(b);
  return r;
}

/* The expression a call goes through: `(*fp)`, `(**fp)` and `fp` all
 * designate what fp points to. */
static const ex *fe_callee_target(const ex *x) {
  x = ex_strip_implicit(x);
  while (x->kind == EX_UNARY && x->op == EX_OP_DEREF && x->a) {
    const ex *a = ex_strip_implicit(x->a);
    if (a->kind != EX_FUNC &&
        !(a->type && a->type->kind == TY_POINTER && a->type->elem &&
          a->type->elem->kind == TY_FUNCTION))
      break;
    x = a;
  }
  return x;
}

static const char *const fe_ops3[] = {"<<=", ">>=", 0};
static const char *const fe_ops2[] = {"<<", ">>", "<=", ">=", "==", "!=", "&&",
                                      "||", "+=", "-=", "*=", "/=", "%=", "&=",
                                      "|=", "^=", "++", "--", "->", 0};

/* The operator spelled at the start of s (n bytes), or NULL. */
static const char *fe_op_str(const char *s, size_t n, char *buf) {
  if (!n) return 0;
  for (int k = 0; fe_ops3[k]; k++)
    if (n >= 3 && !strncmp(s, fe_ops3[k], 3)) return fe_ops3[k];
  for (int k = 0; fe_ops2[k]; k++)
    if (n >= 2 && !strncmp(s, fe_ops2[k], 2)) return fe_ops2[k];
  if (strchr("+-*/%<>&|^!~=,", s[0]) && s[0]) {
    buf[0] = s[0];
    buf[1] = 0;
    return buf;
  }
  return 0;
}

/* The operator spelled at byte i of the source, or NULL. */
static const char *fe_op_at(fe *f, size_t i, char *buf) {
  if (i >= f->srclen) return 0;
  return fe_op_str(f->src + i, f->srclen - i, buf);
}

/* Whether c's value has type void. */
static bool fe_is_void(CXCursor c) {
  return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Void;
}

/* Token fallback (macro expansions): first punctuation token at or after
 * offset `from` inside the cursor. */
static char *fe_op_token(fe *f, CXCursor c, unsigned from, char *buf,
                         size_t n) {
  CXToken *toks = 0;
  unsigned nt = 0;
  clang_tokenize(f->tu, clang_getCursorExtent(c), &toks, &nt);
  buf[0] = 0;
  for (unsigned i = 0; i < nt; i++) {
    if (clang_getTokenKind(toks[i]) != CXToken_Punctuation) continue;
    if (fe_off(clang_getTokenLocation(f->tu, toks[i]), 0) < from) continue;
    CXString s = clang_getTokenSpelling(f->tu, toks[i]);
    snprintf(buf, n, "%s", clang_getCString(s));
    clang_disposeString(s);
    if (strcmp(buf, "(") && strcmp(buf, ")")) break;
    buf[0] = 0;
  }
  clang_disposeTokens(f->tu, toks, nt);
  return buf[0] ? buf : 0;
}

static ex_op fe_binop(const char *s, bool *assign) {
  static const struct {
    const char *t;
    ex_op op;
    bool asg;
  } m[] = {{"*", EX_OP_MUL, 0},   {"/", EX_OP_DIV, 0},   {"%", EX_OP_MOD, 0},
           {"+", EX_OP_ADD, 0},   {"-", EX_OP_SUB, 0},   {"<<", EX_OP_SHL, 0},
           {">>", EX_OP_SHR, 0},  {"<", EX_OP_LT, 0},    {">", EX_OP_GT, 0},
           {"<=", EX_OP_LE, 0},   {">=", EX_OP_GE, 0},   {"==", EX_OP_EQ, 0},
           {"!=", EX_OP_NE, 0},   {"&", EX_OP_BAND, 0},  {"^", EX_OP_BXOR, 0},
           {"|", EX_OP_BOR, 0},   {"&&", EX_OP_LAND, 0}, {"||", EX_OP_LOR, 0},
           {",", EX_OP_COMMA, 0}, {"=", EX_OP_NONE, 1},  {"*=", EX_OP_MUL, 1},
           {"/=", EX_OP_DIV, 1},  {"%=", EX_OP_MOD, 1},  {"+=", EX_OP_ADD, 1},
           {"-=", EX_OP_SUB, 1},  {"<<=", EX_OP_SHL, 1}, {">>=", EX_OP_SHR, 1},
           {"&=", EX_OP_BAND, 1}, {"^=", EX_OP_BXOR, 1}, {"|=", EX_OP_BOR, 1}};
  for (size_t i = 0; i < sizeof m / sizeof *m; i++)
    if (!strcmp(m[i].t, s)) {
      *assign = m[i].asg;
      return m[i].op;
    }
  *assign = false;
  return (ex_op)-1;
}

/* The address of the function `name` (of type t) is taken: a candidate
 * target of calls through pointers (fe_resolve_ptrcall), or, without a
 * body, one of g->extern_fns. */
static void fe_addr_taken(fe *f, const char *name, const ty *t) {
  cfa_function *fn = hmap_sget(&f->funcs, name);
  if (fn) {
    fn->address_taken = true;
    return;
  }
  cfa *g = f->g;
  for (size_t i = 0; i < g->extern_fns.len; i++)
    if (!strcmp(g->extern_fns.data[i].name, name)) return;
  if (t && t->kind == TY_FUNCTION) {
    cfa_extern_fn xf = {fe_adup(f, name), t};
    VEC_PUSH(g->extern_fns, xf);
  }
}

/* Functions named inside an expression that is not modelled (a designated
 * initialiser, say) count as address-taken: a superset keeps the calls
 * through pointers sound. */
static enum CXChildVisitResult fe_unsup_refs(CXCursor c, CXCursor parent,
                                             CXClientData d) {
  (void)parent;
  fe *f = d;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    CXCursor r = clang_getCursorReferenced(c);
    if (clang_getCursorKind(r) == CXCursor_FunctionDecl) {
      CXString s = clang_getCursorSpelling(r);
      fe_addr_taken(f, clang_getCString(s), fe_type(f, clang_getCursorType(r)));
      clang_disposeString(s);
    }
  }
  return CXChildVisit_Recurse;
}

static ex *fe_unsup(fe *f, CXCursor c, const char *what) {
  ex *e = fe_ex_new(f, EX_UNSUPPORTED, c);
  e->text = mem_arena_strdup(f->g->arena, what);
  clang_visitChildren(c, fe_unsup_refs, f);
  return e;
}

static ex *fe_int_const(fe *f, CXCursor c) {
  ex *e = fe_ex_new(f, EX_INT, c);
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
    if (clang_EvalResult_isUnsignedInt(r))
      e->u = clang_EvalResult_getAsUnsigned(r);
    else
      e->u = (uint64_t)clang_EvalResult_getAsLongLong(r);
  } else {
    e->kind = EX_UNSUPPORTED;
    e->text = "non-constant integer expression";
  }
  if (r) clang_EvalResult_dispose(r);
  return e;
}

/* The members to name to reach the member called name of record T, the
 * anonymous ones it lies in first (at most max); their number, 0 when T
 * has none of that name. */
static unsigned fe_field_path(const ty *T, const char *name,
                              const ty_field **path, unsigned max) {
  if (!max || (T->kind != TY_STRUCT && T->kind != TY_UNION)) return 0;
  for (unsigned i = 0; i < T->nfields; i++)
    if (T->fields[i].name && !strcmp(T->fields[i].name, name)) {
      path[0] = &T->fields[i];
      return 1;
    }
  for (unsigned i = 0; i < T->nfields; i++) {
    const ty_field *fl = &T->fields[i];
    if (fl->name || fl->bitfield >= 0) continue;
    unsigned n = fe_field_path(fl->type, name, path + 1, max - 1);
    if (n) {
      path[0] = fl;
      return n + 1;
    }
  }
  return 0;
}

static bool fe_eval_index(CXCursor c, uint64_t *out) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok) {
    if (clang_EvalResult_isUnsignedInt(r))
      *out = clang_EvalResult_getAsUnsigned(r);
    else {
      long long v = clang_EvalResult_getAsLongLong(r);
      ok = v >= 0;
      *out = (uint64_t)v;
    }
  }
  if (r) clang_EvalResult_dispose(r);
  return ok;
}

#define FE_MAX_DESIG 64

/* Whether the source between offsets a and b spells `...` before any `]`:
 * two index expressions of one GNU range designator `[lo ... hi]`. */
static bool fe_range_between(const fe *f, unsigned a, unsigned b) {
  for (size_t i = a; i + 2 < b && i + 2 < f->srclen; i++) {
    if (f->src[i] == ']') return false;
    if (!strncmp(f->src + i, "...", 3)) return true;
  }
  return false;
}

/* A designated element of an initialiser list for an object of type T.
 * libclang 14 shows it as an UnexposedExpr whose children are the
 * designators (a MemberRef per `.f`, an empty one for the implicit
 * anonymous member a field lies in; an index expression, visited twice,
 * per `[i]`, two per `[lo ... hi]`) and last the initialiser. Its
 * initialiser, with *out its designation; NULL when c is no designated
 * element (unsupported when it is one the front end cannot read). */
static ex *fe_designated(fe *f, CXCursor c, const ty *T, ex_designation *out) {
  if (clang_getCursorKind(c) != CXCursor_UnexposedExpr) return 0;
  fe_kids kids = fe_children(c), k1 = {0};
  for (unsigned i = 0; i < kids.n; i++)
    if (!k1.n || !clang_equalCursors(kids.v[i], k1.v[k1.n - 1]))
      fe_kid_visit(kids.v[i], c, &k1);
  mem_free(kids.v);
  bool desig = false;
  if (k1.n >= 2) {
    cfa_loc L = fe_xloc(f, c);
    size_t i = fe_skip_space(f, L.offset);
    desig = clang_getCursorKind(k1.v[0]) == CXCursor_MemberRef ||
            (i < f->srclen && f->src[i] == '[');
  }
  if (!desig) {
    mem_free(k1.v);
    return 0;
  }
  ex_designator d[FE_MAX_DESIG];
  unsigned nd = 0, k = 0;
  const ty *cur = T;
  bool ok = true;
  for (; ok && k + 1 < k1.n && nd < FE_MAX_DESIG; k++) {
    CXCursor x = k1.v[k];
    if (clang_getCursorKind(x) == CXCursor_MemberRef) {
      CXString sn = clang_getCursorSpelling(x);
      const char *name = clang_getCString(sn);
      if (name && *name) {
        const ty_field *path[FE_MAX_DESIG];
        unsigned np = fe_field_path(cur, name, path, FE_MAX_DESIG - nd);
        ok = np > 0;
        for (unsigned j = 0; j < np; j++) {
          d[nd].field = path[j];
          d[nd].lo = d[nd].hi = 0;
          nd++;
          cur = path[j]->type;
        }
      } /* else the implicit anonymous member: the next names a field in
         * it, which fe_field_path finds */
      clang_disposeString(sn);
      continue;
    }
    uint64_t lo = 0, hi = 0;
    bool range = k + 2 < k1.n &&
                 clang_getCursorKind(k1.v[k + 1]) != CXCursor_MemberRef &&
                 fe_range_between(f, fe_xloc(f, x).end_offset,
                                  fe_xloc(f, k1.v[k + 1]).offset);
    ok = cur->kind == TY_ARRAY && fe_eval_index(x, &lo) &&
         fe_eval_index(k1.v[range ? k + 1 : k], &hi) && lo <= hi &&
         (cur->count < 0 || hi < (uint64_t)cur->count);
    d[nd].field = 0;
    d[nd].lo = lo;
    d[nd].hi = hi;
    nd++;
    cur = cur->elem;
    if (range) k++;
  }
  ex *init;
  if (ok && nd && k + 1 == k1.n) {
    init = fe_expr(f, k1.v[k]);
    ex_designator *dd = mem_arena_alloc(f->g->arena, nd * sizeof *dd);
    memcpy(dd, d, nd * sizeof *dd);
    out->d = dd;
    out->n = nd;
  } else
    init = fe_unsup(f, c, "designated initialiser");
  mem_free(k1.v);
  return init;
}

static ex *fe_expr(fe *f, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  fe_kids kids = fe_children(c);
  ex *e = 0;
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_CharacterLiteral:
    e = fe_int_const(f, c);
    break;
  case CXCursor_FloatingLiteral:
    e = fe_ex_new(f, EX_FLOAT, c);
    e->text = fe_text(f, c);
    break;
  case CXCursor_StringLiteral:
    e = fe_ex_new(f, EX_STRING, c);
    e->text = fe_text(f, c);
    e->str = fe_str_bytes(f, e->text, e->type);
    break;
  case CXCursor_ParenExpr:
    e = kids.n ? fe_expr(f, kids.v[0]) : fe_unsup(f, c, "empty parentheses");
    break;
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl) {
      e = fe_ex_new(f, EX_VAR, c);
      e->var = fe_var_of(f, d);
    } else if (dk == CXCursor_FunctionDecl) {
      e = fe_ex_new(f, EX_FUNC, c);
      CXString s = clang_getCursorSpelling(d);
      e->func_name = mem_arena_strdup(f->g->arena, clang_getCString(s));
      clang_disposeString(s);
    } else if (dk == CXCursor_EnumConstantDecl) {
      e = fe_ex_new(f, EX_INT, c);
      e->u = (uint64_t)clang_getEnumConstantDeclValue(d);
    } else
      e = fe_unsup(f, c, "reference to an unknown declaration");
    break;
  }
  case CXCursor_UnexposedExpr:
    /* implicit casts (and a few other wrappers): make type changes explicit */
    if (kids.n == 1) {
      ex *in = fe_expr(f, kids.v[0]);
      if (in->kind == EX_STRING && in->str) {
        /* a decaying literal: libclang knows its bytes */
        CXEvalResult r = clang_Cursor_Evaluate(c);
        if (!r || clang_EvalResult_getKind(r) != CXEval_StrLiteral ||
            strcmp(clang_EvalResult_getAsStr(r), in->str))
          in->str = 0;
        if (r) clang_EvalResult_dispose(r);
      }
      const ty *t = fe_type(f, clang_getCursorType(c));
      if (in->type == t || t->kind == TY_UNKNOWN)
        e = in;
      else {
        e = fe_ex_new(f, EX_CAST, c);
        e->implicit = true;
        e->a = in;
      }
    } else if (kids.n == 0) {
      /* e.g. __builtin constants, GNU null: try to fold */
      CXEvalResult r = clang_Cursor_Evaluate(c);
      if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
        clang_EvalResult_dispose(r);
        e = fe_int_const(f, c);
      } else {
        if (r) clang_EvalResult_dispose(r);
        e = fe_unsup(f, c, "unexposed expression");
      }
    } else
      e = fe_unsup(f, c, "unexposed expression");
    break;
  case CXCursor_CStyleCastExpr:
    e = fe_ex_new(f, EX_CAST, c);
    e->a = kids.n ? fe_expr(f, kids.v[kids.n - 1]) : fe_unsup(f, c, "cast");
    break;
  case CXCursor_UnaryOperator: {
    if (!kids.n) {
      e = fe_unsup(f, c, "unary operator");
      break;
    }
    cfa_loc L = fe_xloc(f, c), O = fe_xloc(f, kids.v[0]);
    char buf[8];
    const char *op;
    bool prefix = L.offset < O.offset;
    op = prefix ? fe_op_at(f, L.offset, buf) : fe_op_at(f, O.end_offset, buf);
    if (!op) {
      /* macro: the operator is the first token (prefix) */
      op = fe_op_token(f, c, prefix ? 0 : O.end_offset, buf, sizeof buf);
    }
    e = fe_ex_new(f, EX_UNARY, c);
    e->a = fe_expr(f, kids.v[0]);
    if (!op) {
      e->kind = EX_UNSUPPORTED;
      e->text = "unary operator";
    } else if (!strcmp(op, "++"))
      e->op = prefix ? EX_OP_PREINC : EX_OP_POSTINC;
    else if (!strcmp(op, "--"))
      e->op = prefix ? EX_OP_PREDEC : EX_OP_POSTDEC;
    else if (!strcmp(op, "-"))
      e->op = EX_OP_NEG;
    else if (!strcmp(op, "+"))
      e->op = EX_OP_PLUS;
    else if (!strcmp(op, "!"))
      e->op = EX_OP_NOT;
    else if (!strcmp(op, "~"))
      e->op = EX_OP_BNOT;
    else if (!strcmp(op, "*"))
      e->op = EX_OP_DEREF;
    else if (!strcmp(op, "&"))
      e->op = EX_OP_ADDR;
    else {
      /* __extension__, __real__ ... */
      e->kind = EX_UNSUPPORTED;
      e->text = "unary operator";
    }
    if (e->op == EX_OP_ADDR) {
      const ex *t = ex_strip_implicit(e->a);
      if (t->kind == EX_VAR) ((cfa_var *)t->var)->address_taken = true;
    }
    break;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    if (kids.n != 2) {
      e = fe_unsup(f, c, "binary operator");
      break;
    }
    cfa_loc A = fe_xloc(f, kids.v[0]);
    char buf[8], tb[8];
    size_t i = fe_skip_space(f, A.end_offset);
    const char *op = fe_op_at(f, i, buf);
    cfa_loc B = fe_xloc(f, kids.v[1]);
    if (!op || i >= B.offset)
      op = fe_op_token(f, c, A.end_offset, tb, sizeof tb);
    bool assign;
    ex_op o = op ? fe_binop(op, &assign) : (ex_op)-1;
    /* not spelled where erep can read it (a macro's body, as in glibc's
     * assert: `(void) sizeof (...), __extension__ ({ ... })`): an operand
     * of type void leaves only the comma operator */
    if (o == (ex_op)-1 && (fe_is_void(kids.v[0]) || fe_is_void(kids.v[1])))
      o = fe_binop(",", &assign);
    if (o == (ex_op)-1) {
      e = fe_unsup(f, c, "binary operator");
      break;
    }
    e = fe_ex_new(f, assign ? EX_ASSIGN : EX_BINARY, c);
    e->op = o;
    e->a = fe_expr(f, kids.v[0]);
    e->b = fe_expr(f, kids.v[1]);
    break;
  }
  case CXCursor_CallExpr: {
    e = fe_ex_new(f, EX_CALL, c);
    int na = clang_Cursor_getNumArguments(c);
    CXCursor callee = clang_getCursorReferenced(c);
    if (!clang_Cursor_isNull(callee) &&
        clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
      CXString s = clang_getCursorSpelling(callee);
      e->func_name = mem_arena_strdup(f->g->arena, clang_getCString(s));
      clang_disposeString(s);
    }
    if (kids.n) e->a = fe_expr(f, kids.v[0]);
    if (na > 0) {
      e->nargs = (unsigned)na;
      e->args = mem_arena_alloc(f->g->arena, (size_t)na * sizeof *e->args);
      for (int i = 0; i < na; i++)
        e->args[i] = fe_expr(f, clang_Cursor_getArgument(c, (unsigned)i));
    }
    if (!e->func_name && e->a) {
      /* (*f)(x) with f a function is a direct call */
      const ex *t = fe_callee_target(e->a);
      if (t->kind == EX_FUNC) e->func_name = t->func_name;
    }
    break;
  }
  case CXCursor_MemberRefExpr: {
    e = fe_ex_new(f, EX_MEMBER, c);
    CXString s = clang_getCursorSpelling(c);
    e->text = mem_arena_strdup(f->g->arena, clang_getCString(s));
    clang_disposeString(s);
    if (kids.n) {
      e->a = fe_expr(f, kids.v[0]);
      cfa_loc B = fe_xloc(f, kids.v[0]);
      size_t i = fe_skip_space(f, B.end_offset);
      e->arrow = i + 1 < f->srclen && f->src[i] == '-' && f->src[i + 1] == '>';
      if (!e->arrow && e->a->type && e->a->type->kind == TY_POINTER)
        e->arrow = true;
    } else {
      e->kind = EX_UNSUPPORTED;
      e->text = "member of an implicit object";
    }
    break;
  }
  case CXCursor_ArraySubscriptExpr:
    e = fe_ex_new(f, EX_INDEX, c);
    if (kids.n == 2) {
      e->a = fe_expr(f, kids.v[0]);
      e->b = fe_expr(f, kids.v[1]);
    } else {
      e->kind = EX_UNSUPPORTED;
      e->text = "array subscript";
    }
    break;
  case CXCursor_ConditionalOperator:
    e = fe_ex_new(f, EX_COND, c);
    if (kids.n == 3) {
      e->a = fe_expr(f, kids.v[0]);
      e->b = fe_expr(f, kids.v[1]);
      e->c = fe_expr(f, kids.v[2]);
    } else {
      e->kind = EX_UNSUPPORTED;
      e->text = "conditional operator";
    }
    break;
  case CXCursor_UnaryExpr: /* sizeof, _Alignof */
    e = fe_int_const(f, c);
    if (e->kind == EX_INT) e->kind = EX_SIZEOF;
    break;
  case CXCursor_InitListExpr: {
    e = fe_ex_new(f, EX_INITLIST, c);
    e->nargs = kids.n;
    e->args = mem_arena_alloc(f->g->arena, (kids.n + 1) * sizeof *e->args);
    ex_designation *dg = 0;
    for (unsigned i = 0; i < kids.n; i++) {
      ex_designation d = {0};
      ex *x = fe_designated(f, kids.v[i], e->type, &d);
      e->args[i] = x ? x : fe_expr(f, kids.v[i]);
      if (d.n) {
        if (!dg) dg = mem_arena_alloc(f->g->arena, kids.n * sizeof *dg);
        dg[i] = d;
      }
    }
    e->desig = dg;
    break;
  }
  case CXCursor_StmtExpr:
    e = fe_unsup(f, c, "statement expression");
    break;
  case CXCursor_CompoundLiteralExpr:
    e = fe_unsup(f, c, "compound literal");
    break;
  case CXCursor_AsmStmt:
    e = fe_unsup(f, c, "inline assembly");
    break;
  default: {
    CXString s = clang_getCursorKindSpelling(k);
    e = fe_unsup(f, c, clang_getCString(s));
    clang_disposeString(s);
  }
  }
  mem_free(kids.v);
  return e;
}

/* ---------- statements ---------- */

static cfa_node *fe_node(fe *f, unsigned line) {
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
static cfa_edge *fe_edge(fe *f, cfa_edge_kind k, cfa_node *to, const char *raw,
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
  static const char *const t[] = {"pthread_create", "thrd_create",
                                  "__VERIFIER_thread_create", "clone",
                                  "__clone", "g_thread_new", "CreateThread"};
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

static void fe_check_unsupported(fe *f, cfa_edge *e, const ex *x) {
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

static ex *fe_ex_copy(fe *f, const ex *x) {
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
  if (v->type->kind == TY_ARRAY && v->type->count < 0 && !init)
    fe_unsupported(f, e, "variable-length array", line);
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
  case CXCursor_DeclStmt: {
    char *raw = fe_text_semi(f, c);
    for (unsigned i = 0; i < kids.n; i++) {
      enum CXCursorKind dk = clang_getCursorKind(kids.v[i]);
      if (dk == CXCursor_VarDecl) {
        if (clang_Cursor_getStorageClass(kids.v[i]) == CX_SC_Extern) {
          cfa_node *n = fe_node(f, line);
          cfa_edge *e = fe_edge(f, CFA_DECLARATION, n, raw, c);
          e->decl = CFA_DECL_VAR;
          e->var = fe_var_of(f, kids.v[i]);
          f->prev = n;
        } else
          fe_decl_var(f, c, kids.v[i], raw);
      } else {
        cfa_node *n = fe_node(f, line);
        cfa_edge *e = fe_edge(f, CFA_DECLARATION, n, raw, c);
        e->decl =
            dk == CXCursor_FunctionDecl ? CFA_DECL_FUNCTION : CFA_DECL_TYPE;
        f->prev = n;
      }
    }
    break;
  }
  case CXCursor_IfStmt: {
    /* children: condition, then [, else] */
    cfa_node *post = fe_node(f, fe_loc(c).end_line);
    cfa_node *then = fe_node(f, line);
    cfa_node *els = kids.n > 2 ? fe_node(f, fe_line(kids.v[2])) : post;
    fe_cond(f, kids.v[0], then, els);
    f->prev = then;
    fe_stmt(f, kids.v[1]);
    if (kids.n > 2) {
      fe_connect(f, post);
      f->prev = els;
      fe_stmt(f, kids.v[2]);
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
        fe_edge(f, CFA_BLANK, post, "", clang_getNullCursor())->connector =
            true;
    }
    f->prev = post;
    break;
  }
  case CXCursor_WhileStmt: {
    cfa_node *head = fe_node(f, line);
    head->is_loop_head = true;
    fe_edge(f, CFA_BLANK, head, "", clang_getNullCursor());
    cfa_node *first = fe_node(f, line), *post = fe_node(f, fe_loc(c).end_line);
    f->prev = head;
    fe_cond(f, kids.v[kids.n - 2], first, post);
    fe_jump j = {post, head};
    VEC_PUSH(f->jumps, j);
    f->prev = first;
    fe_stmt(f, kids.v[kids.n - 1]);
    f->jumps.len--;
    fe_connect(f, head);
    f->prev = post;
    break;
  }
  case CXCursor_DoStmt: {
    /* children: body, condition */
    cfa_node *head = fe_node(f, line);
    head->is_loop_head = true;
    fe_edge(f, CFA_BLANK, head, "", clang_getNullCursor());
    cfa_node *condn = fe_node(f, line), *post = fe_node(f, fe_loc(c).end_line);
    fe_jump j = {post, condn};
    VEC_PUSH(f->jumps, j);
    f->prev = head;
    fe_stmt(f, kids.v[0]);
    f->jumps.len--;
    fe_connect(f, condn);
    f->prev = condn;
    fe_cond(f, kids.v[1], head, post);
    f->prev = post;
    break;
  }
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
  case CXCursor_ContinueStmt: {
    bool brk = k == CXCursor_BreakStmt;
    cfa_node *to = 0;
    for (size_t i = f->jumps.len; i-- > 0 && !to;)
      to = brk ? f->jumps.data[i].brk : f->jumps.data[i].cont;
    if (!f->jumps.len || !to) {
      fe_unsupported(
          f, 0, brk ? "break outside loop or switch" : "continue outside loop",
          line);
      break;
    }
    fe_edge(f, CFA_BLANK, to, fe_text_semi(f, c), c);
    f->prev = fe_node(f, line);
    break;
  }
  case CXCursor_LabelStmt: {
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
    if (kids.n) fe_stmt(f, kids.v[kids.n - 1]);
    break;
  }
  case CXCursor_GotoStmt: {
    CXCursor target =
        kids.n ? clang_getCursorReferenced(kids.v[0]) : clang_getNullCursor();
    if (clang_Cursor_isNull(target)) {
      fe_unsupported(f, 0, "goto without a label", line);
      break;
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
    break;
  }
  case CXCursor_IndirectGotoStmt:
    fe_unsupported(f, 0, "computed goto", line);
    break;
  case CXCursor_ReturnStmt: {
    char *raw = fe_text_semi(f, c);
    const ex *x =
        kids.n ? fe_hoist(f, c, fe_expr(f, kids.v[0]), raw, false) : 0;
    cfa_edge *e = fe_edge(f, CFA_STATEMENT, f->fn->exit, raw, c);
    e->is_return = true;
    e->expr = x;
    fe_check_unsupported(f, e, x);
    f->prev = fe_node(f, line);
    break;
  }
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

static void fe_function_body(fe *f, cfa_function *fn, CXCursor def) {
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

typedef struct {
  fe *f;
  VEC(CXCursor) decls;
} fe_top;

static enum CXChildVisitResult fe_top_visit(CXCursor c, CXCursor parent,
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
static char *fe_top_text(fe *f, CXCursor c, unsigned start) {
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
      char *why = mem_printf("the calls of %s after its definition at line "
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
static void fe_fix_implicit(fe *f, CXIndex idx, const char *path,
                            const char *const *args, int nargs,
                            char **buf) {
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
static char *fe_errors(fe *f, const char *path) {
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

static ex *fe_ex_make(fe *f, ex_kind k, const ty *t, unsigned line) {
  ex *e = mem_arena_alloc(f->g->arena, sizeof *e);
  e->kind = k;
  e->type = t;
  e->line = line;
  return e;
}

static const ty *fe_int_type(fe *f) {
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

  /* functions with bodies first, so calls can link to later definitions */
  for (size_t i = 0; i < top.decls.len && !*err; i++) {
    CXCursor c = top.decls.data[i];
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
  if (!*err && !g->main)
    *err = mem_printf("%s: no definition of function main", path);

  if (!*err) {
    /* the global chain: "" then every top-level declaration in file order,
     * ending in main's entry */
    f->fn = 0;
    g->start = fe_node(f, 1);
    f->prev = g->start;
    cfa_node *n = fe_node(f, 1);
    fe_edge(f, CFA_BLANK, n, "", clang_getNullCursor());
    f->prev = n;
    unsigned last_start = ~0u;
    char *last_text = 0;
    hmap listed = {0};
    for (size_t i = 0; i < top.decls.len; i++) {
      CXCursor c = top.decls.data[i];
      enum CXCursorKind k = clang_getCursorKind(c);
      cfa_decl_kind dk;
      if (k == CXCursor_VarDecl)
        dk = CFA_DECL_VAR;
      else if (k == CXCursor_FunctionDecl)
        dk = CFA_DECL_FUNCTION;
      else if (k == CXCursor_TypedefDecl || k == CXCursor_StructDecl ||
               k == CXCursor_UnionDecl || k == CXCursor_EnumDecl)
        dk = CFA_DECL_TYPE;
      else
        continue;
      cfa_loc L = fe_loc(c);
      char *text =
          L.offset == last_start ? last_text : fe_top_text(f, c, L.offset);
      /* a struct defined inside a typedef or variable declaration is part
       * of that declaration: one edge for the declarator */
      if (dk == CFA_DECL_TYPE && k != CXCursor_TypedefDecl &&
          i + 1 < top.decls.len &&
          fe_loc(top.decls.data[i + 1]).offset == L.offset) {
        last_start = L.offset;
        last_text = text;
        continue;
      }
      last_start = L.offset;
      last_text = text;
      /* CPAchecker lists a declaration once: a function by its name (a
       * definition after its prototype is not listed again), anything
       * else by its text */
      char *key;
      if (dk == CFA_DECL_FUNCTION) {
        CXString s = clang_getCursorSpelling(c);
        key = mem_printf("function %s", clang_getCString(s));
        clang_disposeString(s);
      } else {
        key = mem_printf("%d ", (int)dk);
        size_t kl = strlen(key), tl = strlen(text);
        key = mem_realloc(key, kl + tl + 1);
        for (size_t j = 0; j < tl; j++)
          if (!strchr(" \t\r\n", text[j]) || (kl && key[kl - 1] != ' '))
            key[kl++] = strchr(" \t\r\n", text[j]) ? ' ' : text[j];
        key[kl] = 0;
      }
      bool dup = hmap_sget(&listed, key) != 0;
      if (!dup) hmap_sput(&listed, key, (void *)1);
      mem_free(key);
      /* a forward declaration `struct X;` of a tag already declared or
       * defined is not listed again */
      if (k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
          k == CXCursor_EnumDecl) {
        CXString s = clang_getCursorSpelling(c);
        char *tag = mem_printf("tag %d %s", (int)k, clang_getCString(s));
        clang_disposeString(s);
        if (!clang_isCursorDefinition(c) && hmap_sget(&listed, tag)) dup = true;
        if (!dup) hmap_sput(&listed, tag, (void *)1);
        mem_free(tag);
      }
      if (dup) {
        if (dk == CFA_DECL_VAR && !hmap_get(&f->vars, fe_key(f, c))) {
          cfa_var *v =
              hmap_get(&f->vars, fe_key(f, clang_getCanonicalCursor(c)));
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
    /* bodies */
    for (size_t i = 0; i < top.decls.len; i++) {
      CXCursor c = top.decls.data[i];
      if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
          !clang_isCursorDefinition(c))
        continue;
      CXString s = clang_getCursorSpelling(c);
      cfa_function *fn = hmap_sget(&f->funcs, clang_getCString(s));
      clang_disposeString(s);
      if (fn && !fn->entry->out) fe_function_body(f, fn, c);
    }
    fe_addresses(f);
    fe_resolve_ptrcalls(f);
    fe_prune(g);
    fe_blast_nondet(g);
  }
  VEC_FREE(top.decls);
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
  clang_disposeTranslationUnit(f->tu);
  clang_disposeIndex(idx);
  mem_free(fixed);
  fe_nins = 0;
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
