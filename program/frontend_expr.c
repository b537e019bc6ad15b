/* frontend_expr: C types, variables and expressions, from libclang's
 * cursors to ty, cfa_var and ex (in the CFA's arena). libclang has no
 * operator-kind API, so operators are read from the source bytes at the
 * operand boundaries (tokens as a fallback). */
#include "frontend_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- types ---------- */

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

const ty *fe_type(fe *f, CXType t) {
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

cfa_var *fe_var_new(fe *f, CXCursor c, bool global) {
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

cfa_var *fe_var_of(fe *f, CXCursor decl) {
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
const ex *fe_callee_target(const ex *x) {
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
const char *fe_op_at(fe *f, size_t i, char *buf) {
  if (i >= f->srclen) return 0;
  return fe_op_str(f->src + i, f->srclen - i, buf);
}

/* Whether c's value has type void. */
bool fe_is_void(CXCursor c) {
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
void fe_addr_taken(fe *f, const char *name, const ty *t) {
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

/* A reference to a declaration: a variable, a function or an enum
 * constant. */
static ex *fe_declref(fe *f, CXCursor c) {
  ex *e;
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
  return e;
}

/* Implicit casts (and a few other wrappers): type changes made explicit. */
static ex *fe_unexposed(fe *f, CXCursor c, const fe_kids *kids) {
  ex *e;
  if (kids->n == 1) {
    ex *in = fe_expr(f, kids->v[0]);
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
  } else if (kids->n == 0) {
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
  return e;
}

static ex *fe_unary(fe *f, CXCursor c, const fe_kids *kids) {
  if (!kids->n) return fe_unsup(f, c, "unary operator");
  cfa_loc L = fe_xloc(f, c), O = fe_xloc(f, kids->v[0]);
  char buf[8];
  const char *op;
  bool prefix = L.offset < O.offset;
  op = prefix ? fe_op_at(f, L.offset, buf) : fe_op_at(f, O.end_offset, buf);
  if (!op) {
    /* macro: the operator is the first token (prefix) */
    op = fe_op_token(f, c, prefix ? 0 : O.end_offset, buf, sizeof buf);
  }
  ex *e = fe_ex_new(f, EX_UNARY, c);
  e->a = fe_expr(f, kids->v[0]);
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
  return e;
}

/* A binary operator or a compound assignment. */
static ex *fe_binary(fe *f, CXCursor c, const fe_kids *kids) {
  if (kids->n != 2) return fe_unsup(f, c, "binary operator");
  cfa_loc A = fe_xloc(f, kids->v[0]);
  char buf[8], tb[8];
  size_t i = fe_skip_space(f, A.end_offset);
  const char *op = fe_op_at(f, i, buf);
  cfa_loc B = fe_xloc(f, kids->v[1]);
  if (!op || i >= B.offset) op = fe_op_token(f, c, A.end_offset, tb, sizeof tb);
  bool assign;
  ex_op o = op ? fe_binop(op, &assign) : (ex_op)-1;
  /* not spelled where erep can read it (a macro's body, as in glibc's
   * assert: `(void) sizeof (...), __extension__ ({ ... })`): an operand
   * of type void leaves only the comma operator */
  if (o == (ex_op)-1 && (fe_is_void(kids->v[0]) || fe_is_void(kids->v[1])))
    o = fe_binop(",", &assign);
  if (o == (ex_op)-1) return fe_unsup(f, c, "binary operator");
  ex *e = fe_ex_new(f, assign ? EX_ASSIGN : EX_BINARY, c);
  e->op = o;
  e->a = fe_expr(f, kids->v[0]);
  e->b = fe_expr(f, kids->v[1]);
  return e;
}

static ex *fe_call(fe *f, CXCursor c, const fe_kids *kids) {
  ex *e = fe_ex_new(f, EX_CALL, c);
  int na = clang_Cursor_getNumArguments(c);
  CXCursor callee = clang_getCursorReferenced(c);
  if (!clang_Cursor_isNull(callee) &&
      clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
    CXString s = clang_getCursorSpelling(callee);
    e->func_name = mem_arena_strdup(f->g->arena, clang_getCString(s));
    clang_disposeString(s);
  }
  if (kids->n) e->a = fe_expr(f, kids->v[0]);
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
  return e;
}

static ex *fe_member(fe *f, CXCursor c, const fe_kids *kids) {
  ex *e = fe_ex_new(f, EX_MEMBER, c);
  CXString s = clang_getCursorSpelling(c);
  e->text = mem_arena_strdup(f->g->arena, clang_getCString(s));
  clang_disposeString(s);
  if (kids->n) {
    e->a = fe_expr(f, kids->v[0]);
    cfa_loc B = fe_xloc(f, kids->v[0]);
    size_t i = fe_skip_space(f, B.end_offset);
    e->arrow = i + 1 < f->srclen && f->src[i] == '-' && f->src[i + 1] == '>';
    if (!e->arrow && e->a->type && e->a->type->kind == TY_POINTER)
      e->arrow = true;
  } else {
    e->kind = EX_UNSUPPORTED;
    e->text = "member of an implicit object";
  }
  return e;
}

/* An initialiser list, with the designations of its elements. */
static ex *fe_initlist(fe *f, CXCursor c, const fe_kids *kids) {
  ex *e = fe_ex_new(f, EX_INITLIST, c);
  e->nargs = kids->n;
  e->args = mem_arena_alloc(f->g->arena, (kids->n + 1) * sizeof *e->args);
  ex_designation *dg = 0;
  for (unsigned i = 0; i < kids->n; i++) {
    ex_designation d = {0};
    ex *x = fe_designated(f, kids->v[i], e->type, &d);
    e->args[i] = x ? x : fe_expr(f, kids->v[i]);
    if (d.n) {
      if (!dg) dg = mem_arena_alloc(f->g->arena, kids->n * sizeof *dg);
      dg[i] = d;
    }
  }
  e->desig = dg;
  return e;
}

ex *fe_expr(fe *f, CXCursor c) {
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
  case CXCursor_DeclRefExpr:
    e = fe_declref(f, c);
    break;
  case CXCursor_UnexposedExpr:
    e = fe_unexposed(f, c, &kids);
    break;
  case CXCursor_CStyleCastExpr:
    e = fe_ex_new(f, EX_CAST, c);
    e->a = kids.n ? fe_expr(f, kids.v[kids.n - 1]) : fe_unsup(f, c, "cast");
    if (e->a->kind == EX_CALL || ex_strip_implicit(e->a)->kind == EX_CALL)
      ((ex *)ex_strip_implicit(e->a))->cast_to = e->type;
    break;
  case CXCursor_UnaryOperator:
    e = fe_unary(f, c, &kids);
    break;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    e = fe_binary(f, c, &kids);
    break;
  case CXCursor_CallExpr:
    e = fe_call(f, c, &kids);
    break;
  case CXCursor_MemberRefExpr:
    e = fe_member(f, c, &kids);
    break;
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
  case CXCursor_InitListExpr:
    e = fe_initlist(f, c, &kids);
    break;
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
