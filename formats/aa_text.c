/* aa_text: the automaton builder, CPAchecker's automaton language (a
 * hand-written lexer and recursive-descent parser after its Scanner.jflex and
 * parser.cup, plus the GIA and execution-report extensions), dialect
 * detection and the queries of a built automaton. The builder's fragment
 * entry points (aa_builder_header ...) parse their texts in this language;
 * the GraphML reader (aa_graphml.c) builds through them. The text writer
 * is aa_write.c; loading a file of either syntax, aa_load.c.
 *
 * Errors deep in the parser longjmp to one boundary per entry point (as in
 * Lua), which turns them into a message and a NULL result; everything
 * allocated so far is owned by the builder or the parser and freed there. */
#include "formats/aa.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const aa_dialect_names[] = {"gia",
                                        "counterexample",
                                        "initial-false",
                                        "hand-written",
                                        "swapped",
                                        "counterexample-derived",
                                        "assumption-collector-old",
                                        "ignore-assumptions",
                                        "assumption-collector-new",
                                        NULL};

/* ---- small helpers --------------------------------------------------- */

typedef VEC(char) aa_sbuf;

/* FNV-1a: the inputs are short texts; good enough and branch-free. */
static uint32_t aa_hash(const char *p, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)p[i]) * 16777619u;
  return h;
}

/* ---- builder ---------------------------------------------------------- */

typedef struct {
  const char *s;
  uint32_t len, hash;
  aa_expr *match; /* the shared MATCH node of this text, once needed */
} aa_istr;

typedef struct {
  const char *name;
  uint32_t len, hash;
  int32_t state;      /* index into states, AA_NONE until defined */
  uint32_t line, col; /* first reference (GOTO, edge, INITIAL) */
  bool as_source;     /* first referenced as a transition's source */
} aa_sym;

typedef struct {
  uint32_t sym, line;
  uint8_t mode, type;
} aa_bstate;

struct aa_builder {
  mem_arena *arena;
  const char *file;
  const char *name;
  uint8_t kind;
  uint32_t name_line;
  VEC(aa_istr) strs;
  uint32_t *stab; /* open addressing: index + 1 into strs */
  size_t scap;
  VEC(aa_sym) syms;
  uint32_t *ytab;
  size_t ycap;
  VEC(aa_bstate) states;
  VEC(aa_transition) trans; /* source and target hold symbol indices */
  VEC(aa_local) locals;
  VEC(const aa_expr *) matches;
  aa_expr *t_true, *t_false;
};

aa_builder *aa_builder_new(const char *file) {
  aa_builder *b = mem_calloc(1, sizeof *b);
  b->arena = mem_arena_new();
  b->file = mem_arena_strdup(b->arena, file ? file : "<input>");
  b->name = "";
  b->t_true = mem_arena_alloc(b->arena, sizeof(aa_expr));
  b->t_true->kind = AA_X_TRUE;
  b->t_false = mem_arena_alloc(b->arena, sizeof(aa_expr));
  b->t_false->kind = AA_X_FALSE;
  return b;
}

static void aa_builder_release(aa_builder *b, bool keep_arena) {
  VEC_FREE(b->strs);
  VEC_FREE(b->syms);
  VEC_FREE(b->states);
  VEC_FREE(b->trans);
  VEC_FREE(b->locals);
  VEC_FREE(b->matches);
  mem_free(b->stab);
  mem_free(b->ytab);
  if (!keep_arena) mem_arena_free(b->arena);
  mem_free(b);
}

void aa_builder_free(aa_builder *b) {
  if (b) aa_builder_release(b, false);
}

/* Grow an index table to keep the load factor at most 1/2. */
static uint32_t *aa_rehash(uint32_t *old, size_t oldcap, size_t newcap,
                           const void *entries, size_t esize, size_t hoff) {
  uint32_t *t = mem_calloc(newcap, sizeof *t);
  for (size_t i = 0; i < oldcap; i++) {
    if (!old[i]) continue;
    uint32_t h;
    memcpy(&h, (const char *)entries + (old[i] - 1) * esize + hoff, sizeof h);
    size_t j = h & (newcap - 1);
    while (t[j])
      j = (j + 1) & (newcap - 1);
    t[j] = old[i];
  }
  mem_free(old);
  return t;
}

static aa_istr *aa_intern(aa_builder *b, const char *p, size_t n) {
  if (2 * (b->strs.len + 1) > b->scap) {
    size_t nc = b->scap ? 2 * b->scap : 1024;
    b->stab = aa_rehash(b->stab, b->scap, nc, b->strs.data, sizeof(aa_istr),
                        offsetof(aa_istr, hash));
    b->scap = nc;
  }
  uint32_t h = aa_hash(p, n);
  size_t j = h & (b->scap - 1);
  while (b->stab[j]) {
    aa_istr *e = &b->strs.data[b->stab[j] - 1];
    if (e->hash == h && e->len == n && !memcmp(e->s, p, n)) return e;
    j = (j + 1) & (b->scap - 1);
  }
  aa_istr e = {mem_arena_strndup(b->arena, p, n), (uint32_t)n, h, NULL};
  VEC_PUSH(b->strs, e);
  b->stab[j] = (uint32_t)b->strs.len;
  return &b->strs.data[b->strs.len - 1];
}

/* Symbol of a state name, created on first sight (a GOTO may come first). */
static uint32_t aa_symbol(aa_builder *b, const char *p, size_t n, uint32_t line,
                          uint32_t col) {
  if (2 * (b->syms.len + 1) > b->ycap) {
    size_t nc = b->ycap ? 2 * b->ycap : 1024;
    b->ytab = aa_rehash(b->ytab, b->ycap, nc, b->syms.data, sizeof(aa_sym),
                        offsetof(aa_sym, hash));
    b->ycap = nc;
  }
  uint32_t h = aa_hash(p, n);
  size_t j = h & (b->ycap - 1);
  while (b->ytab[j]) {
    aa_sym *e = &b->syms.data[b->ytab[j] - 1];
    if (e->hash == h && e->len == n && !memcmp(e->name, p, n))
      return b->ytab[j] - 1;
    j = (j + 1) & (b->ycap - 1);
  }
  aa_sym e = {mem_arena_strndup(b->arena, p, n),
              (uint32_t)n,
              h,
              AA_NONE,
              line,
              col,
              false};
  VEC_PUSH(b->syms, e);
  b->ytab[j] = (uint32_t)b->syms.len;
  return (uint32_t)b->syms.len - 1;
}

static const aa_expr *aa_match_node(aa_builder *b, const char *p, size_t n) {
  aa_istr *s = aa_intern(b, p, n);
  if (!s->match) {
    aa_expr *e = mem_arena_alloc(b->arena, sizeof *e);
    e->kind = AA_X_MATCH;
    e->text = s->s;
    e->len = s->len;
    e->id = (uint32_t)b->matches.len;
    s->match = e;
    VEC_PUSH(b->matches, e);
  }
  return s->match;
}

/* ---- lexer ------------------------------------------------------------ */

enum {
  T_EOF,
  T_IDENT,
  T_INT,
  T_STRING,
  T_CURLY,
  T_SQUARE,
  T_SEMI,
  T_COLON,
  T_LPAREN,
  T_RPAREN,
  T_COMMA,
  T_ARROW,
  T_NOT,
  T_EQEQ,
  T_NEQ,
  T_ASSIGN,
  T_AND,
  T_OR,
  T_PLUS,
  T_MINUS,
  /* keywords */
  T_AUTOMATON,
  T_END,
  T_OBSERVER,
  T_CONTROL,
  T_LOCAL,
  T_INITIAL,
  T_STATE,
  T_ERROR,
  T_STOP,
  T_EXIT,
  T_BREAK,
  T_ASSUME,
  T_ASSERT,
  T_MATCH,
  T_LABEL,
  T_EVAL,
  T_CHECK,
  T_MODIFY,
  T_DO,
  T_GOTO,
  T_TRUE,
  T_FALSE,
  T_PRINT,
  T_USEFIRST,
  T_USEALL,
  T_TARGET,
  T_IS_TARGET_STATE
};

static const struct {
  const char *word;
  int tok;
} aa_keywords[] = {
    {"AUTOMATON", T_AUTOMATON},
    {"END", T_END},
    {"OBSERVER", T_OBSERVER},
    {"CONTROL", T_CONTROL},
    {"LOCAL", T_LOCAL},
    {"INITIAL", T_INITIAL},
    {"STATE", T_STATE},
    {"ERROR", T_ERROR},
    {"STOP", T_STOP},
    {"EXIT", T_EXIT},
    {"BREAK", T_BREAK},
    {"ASSUME", T_ASSUME},
    {"ASSERT", T_ASSERT},
    {"MATCH", T_MATCH},
    {"LABEL", T_LABEL},
    {"EVAL", T_EVAL},
    {"CHECK", T_CHECK},
    {"MODIFY", T_MODIFY},
    {"DO", T_DO},
    {"GOTO", T_GOTO},
    {"true", T_TRUE},
    {"false", T_FALSE},
    {"TRUE", T_TRUE},
    {"FALSE", T_FALSE},
    {"PRINT", T_PRINT},
    {"USEFIRST", T_USEFIRST},
    {"USEALL", T_USEALL},
    {"TARGET", T_TARGET},
    {"IS_TARGET_STATE", T_IS_TARGET_STATE},
};
#define AA_NKEYWORDS (sizeof aa_keywords / sizeof *aa_keywords)

static int aa_keyword(const char *p, size_t n) {
  for (size_t i = 0; i < AA_NKEYWORDS; i++)
    if (aa_keywords[i].word[0] == p[0] && strlen(aa_keywords[i].word) == n &&
        !memcmp(aa_keywords[i].word, p, n))
      return aa_keywords[i].tok;
  return T_IDENT;
}

static bool aa_ident_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         c == '$' || c >= 0x80;
}
static bool aa_ident_char(unsigned char c) {
  return aa_ident_start(c) || (c >= '0' && c <= '9');
}

typedef struct {
  size_t pos, line_start;
  uint32_t line;
  /* current token */
  int tok;
  uint32_t tline, tcol;
  size_t tpos;      /* start offset */
  const char *text; /* identifier/number text or decoded literal */
  size_t n;
} aa_lexer;

typedef VEC(const aa_expr *) aa_exprs;
typedef VEC(aa_action) aa_actions;

typedef struct {
  aa_builder *b;
  const char *buf;
  size_t len;
  aa_lexer lx;
  const char *piece; /* fragment parsing: what is parsed (messages) */
  uint32_t piece_line;
  jmp_buf jb;
  char *err;
  int depth;
  aa_sbuf scratch; /* decoded literals */
  aa_exprs asserts, args;
  aa_actions actions;
} aa_parser;

static _Noreturn void aa_fail_at(aa_parser *p, uint32_t line, uint32_t col,
                                 const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  if (p->piece)
    p->err = mem_printf("%s:%u: %s (in the %s, column %u)", p->b->file,
                        p->piece_line, m, p->piece, col);
  else
    p->err = mem_printf("%s:%u:%u: %s", p->b->file, line, col, m);
  mem_free(m);
  longjmp(p->jb, 1);
}

#define AA_FAIL(p, ...) aa_fail_at(p, (p)->lx.tline, (p)->lx.tcol, __VA_ARGS__)

/* Line and column of a byte offset at or after the current token start. */
static void aa_where(const aa_parser *p, size_t off, uint32_t *line,
                     uint32_t *col) {
  uint32_t l = p->lx.tline;
  size_t ls = p->lx.tpos - (p->lx.tcol - 1);
  for (size_t i = p->lx.tpos; i < off && i < p->len; i++)
    if (p->buf[i] == '\n' ||
        (p->buf[i] == '\r' && (i + 1 >= p->len || p->buf[i + 1] != '\n'))) {
      l++; /* as the lexer counts: \n, \r\n and a lone \r */
      ls = i + 1;
    }
  *line = l;
  *col = (uint32_t)(off - ls + 1);
}

static void aa_newline(aa_lexer *l, size_t next) {
  l->line++;
  l->line_start = next;
}

/* A literal between `open` and `close` with the escapes of Scanner.jflex:
 * \t \n \r \\ and \<close>. Only {...} may span lines (as the execution-
 * report fork's scanner allows). */
static void aa_lex_literal(aa_parser *p, char close, int tok,
                           const char *what) {
  aa_lexer *l = &p->lx;
  const char *s = p->buf;
  size_t start = ++l->pos;
  bool escapes = false;
  for (;;) {
    if (l->pos >= p->len)
      AA_FAIL(p, "unterminated %s (no closing '%c')", what, close);
    char c = s[l->pos];
    if (c == close) break;
    if (l->pos - start >= AA_MAX_LITERAL_BYTES)
      AA_FAIL(p, "%s longer than 1 MiB", what);
    if (c == '\\') {
      escapes = true;
      l->pos += 2;
      continue;
    }
    if (c == '\n' || c == '\r') {
      if (tok != T_CURLY) {
        aa_fail_at(p, l->tline, l->tcol,
                   "unterminated %s: line break inside it (write \\n)", what);
      }
      if (c == '\n' || l->pos + 1 >= p->len || s[l->pos + 1] != '\n')
        aa_newline(l, l->pos + 1);
    } else if (c == 0) {
      uint32_t line, col;
      aa_where(p, l->pos, &line, &col);
      aa_fail_at(p, line, col, "NUL byte inside a %s", what);
    }
    l->pos++;
  }
  size_t end = l->pos++;
  if (!escapes) {
    l->text = s + start;
    l->n = end - start;
  } else {
    p->scratch.len = 0;
    VEC_GROW(p->scratch, end - start + 1);
    char *d = p->scratch.data;
    size_t k = 0;
    for (size_t i = start; i < end; i++) {
      char c = s[i];
      if (c != '\\') {
        d[k++] = c;
        continue;
      }
      char e = s[++i];
      switch (e) {
      case 'n':
        d[k++] = '\n';
        break;
      case 't':
        d[k++] = '\t';
        break;
      case 'r':
        d[k++] = '\r';
        break;
      case '\\':
        d[k++] = '\\';
        break;
      default:
        if (e == close) {
          d[k++] = e;
          break;
        }
        uint32_t line, col;
        aa_where(p, i - 1, &line, &col);
        if (e == '\n' || e == '\r')
          aa_fail_at(p, line, col, "line break after '\\' in a %s", what);
        if ((unsigned char)e < 0x20 || (unsigned char)e >= 0x7f)
          aa_fail_at(p, line, col,
                     "unknown escape '\\' + byte 0x%02x in a %s (only \\n "
                     "\\t \\r \\\\ \\%c)",
                     (unsigned char)e, what, close);
        aa_fail_at(p, line, col,
                   "unknown escape '\\%c' in a %s (only \\n \\t \\r \\\\ \\%c)",
                   e, what, close);
      }
    }
    d[k] = 0;
    l->text = d;
    l->n = k;
  }
  l->tok = tok;
}

static void aa_next(aa_parser *p) {
  aa_lexer *l = &p->lx;
  const char *s = p->buf;
  size_t n = p->len;
  for (;;) {
    if (l->pos >= n) break;
    char c = s[l->pos];
    if (c == '\n') {
      aa_newline(l, ++l->pos);
    } else if (c == '\r') {
      l->pos++;
      if (l->pos >= n || s[l->pos] != '\n') aa_newline(l, l->pos);
    } else if (c == ' ' || c == '\t' || c == '\f') {
      l->pos++;
    } else if (c == '/' && l->pos + 1 < n && s[l->pos + 1] == '/') {
      while (l->pos < n && s[l->pos] != '\n' && s[l->pos] != '\r')
        l->pos++;
    } else if (c == '/' && l->pos + 1 < n && s[l->pos + 1] == '*') {
      uint32_t line = l->line, col = (uint32_t)(l->pos - l->line_start + 1);
      l->pos += 2;
      for (;;) {
        if (l->pos + 1 >= n)
          aa_fail_at(p, line, col, "unterminated comment (no closing '*/')");
        if (s[l->pos] == '*' && s[l->pos + 1] == '/') break;
        if (s[l->pos] == '\n') aa_newline(l, l->pos + 1);
        l->pos++;
      }
      l->pos += 2;
    } else {
      break;
    }
  }
  l->tpos = l->pos;
  l->tline = l->line;
  l->tcol = (uint32_t)(l->pos - l->line_start + 1);
  l->text = s + l->pos;
  l->n = 0;
  if (l->pos >= n) {
    l->tok = T_EOF;
    return;
  }
  unsigned char c = (unsigned char)s[l->pos];
  char c2 = l->pos + 1 < n ? s[l->pos + 1] : 0;
  int t;
  switch (c) {
  case '"':
    aa_lex_literal(p, '"', T_STRING, "string");
    return;
  case '{':
    aa_lex_literal(p, '}', T_CURLY, "{...} expression");
    return;
  case '[':
    aa_lex_literal(p, ']', T_SQUARE, "[...] expression");
    return;
  case ';':
    t = T_SEMI;
    break;
  case ':':
    t = T_COLON;
    break;
  case '(':
    t = T_LPAREN;
    break;
  case ')':
    t = T_RPAREN;
    break;
  case ',':
    t = T_COMMA;
    break;
  case '+':
    t = T_PLUS;
    break;
  case '-':
    t = c2 == '>' ? T_ARROW : T_MINUS;
    break;
  case '!':
    t = c2 == '=' ? T_NEQ : T_NOT;
    break;
  case '=':
    t = c2 == '=' ? T_EQEQ : T_ASSIGN;
    break;
  case '&':
    if (c2 != '&') AA_FAIL(p, "unexpected character '&' (did you mean '&&'?)");
    t = T_AND;
    break;
  case '|':
    if (c2 != '|') AA_FAIL(p, "unexpected character '|' (did you mean '||'?)");
    t = T_OR;
    break;
  case '#':
    AA_FAIL(p, "'#' lines (#include) are not supported: the automaton must "
               "be in one file");
  default:
    if (c >= '0' && c <= '9') {
      size_t e = l->pos;
      while (e < n && s[e] >= '0' && s[e] <= '9')
        e++;
      if (e - l->pos > AA_MAX_LITERAL_BYTES) AA_FAIL(p, "number too long");
      l->n = e - l->pos;
      l->pos = e;
      l->tok = T_INT;
      return;
    }
    if (aa_ident_start(c)) {
      size_t e = l->pos;
      while (e < n && aa_ident_char((unsigned char)s[e]))
        e++;
      if (e - l->pos > AA_MAX_LITERAL_BYTES)
        AA_FAIL(p, "identifier longer than 1 MiB");
      l->n = e - l->pos;
      l->pos = e;
      l->tok = aa_keyword(l->text, l->n);
      return;
    }
    if (c == 0) AA_FAIL(p, "NUL byte in the input");
    if (c < 0x20 || c == 0x7f)
      AA_FAIL(p, "unexpected control character 0x%02x", c);
    AA_FAIL(p, "unexpected character '%c'", c);
  }
  l->n = (t == T_ARROW || t == T_NEQ || t == T_EQEQ || t == T_AND || t == T_OR)
             ? 2
             : 1;
  l->pos += l->n;
  l->tok = t;
}

/* What the current token is, for messages. */
static const char *aa_tokdesc(aa_parser *p, char *buf, size_t size) {
  const aa_lexer *l = &p->lx;
  switch (l->tok) {
  case T_EOF:
    return "end of file";
  case T_STRING:
    return "a string";
  case T_CURLY:
    return "a {...} expression";
  case T_SQUARE:
    return "a [...] expression";
  default:
    break;
  }
  size_t n = l->n > 40 ? 40 : l->n;
  snprintf(buf, size, "'%.*s%s'", (int)n, l->text, l->n > n ? "..." : "");
  return buf;
}

static _Noreturn void aa_expected(aa_parser *p, const char *what) {
  char buf[64];
  AA_FAIL(p, "expected %s, found %s", what, aa_tokdesc(p, buf, sizeof buf));
}

static void aa_expect(aa_parser *p, int tok, const char *what) {
  if (p->lx.tok != tok) aa_expected(p, what);
  aa_next(p);
}

static bool aa_is_word(const aa_parser *p, const char *w) {
  return p->lx.tok == T_IDENT && p->lx.n == strlen(w) &&
         !memcmp(p->lx.text, w, p->lx.n);
}

/* Token after the current one, without consuming (two-token lookahead is
 * needed only after an identifier, so no literal is decoded twice). */
static int aa_peek(aa_parser *p) {
  aa_lexer save = p->lx;
  aa_next(p);
  int t = p->lx.tok;
  p->lx = save;
  return t;
}

static const char *aa_text_here(aa_parser *p) {
  return aa_intern(p->b, p->lx.text, p->lx.n)->s;
}

/* ---- expressions -------------------------------------------------------- */

static aa_expr *aa_node(aa_parser *p, int kind, bool is_int) {
  aa_expr *e = mem_arena_alloc(p->b->arena, sizeof *e);
  e->kind = (uint8_t)kind;
  e->is_int = is_int;
  return e;
}

static aa_expr *aa_text_node(aa_parser *p, int kind) {
  aa_expr *e = aa_node(p, kind, false);
  aa_istr *s = aa_intern(p->b, p->lx.text, p->lx.n);
  e->text = s->s;
  e->len = s->len;
  aa_next(p);
  return e;
}

static const aa_expr *aa_parse_or(aa_parser *p);
static const aa_expr *aa_parse_unary(aa_parser *p);

/* "cpa, "query")" or "cpa("query"))" (deprecated form) after "CHECK(",
 * "EVAL(" or "MODIFY(": the closing parenthesis is consumed. */
static void aa_cpa_query(aa_parser *p, const char **cpa, const char **q,
                         uint32_t *qlen) {
  if (p->lx.tok != T_IDENT) aa_expected(p, "a CPA name");
  *cpa = aa_text_here(p);
  aa_next(p);
  bool old = p->lx.tok == T_LPAREN;
  if (old)
    aa_next(p);
  else
    aa_expect(p, T_COMMA, "',' after the CPA name");
  if (p->lx.tok != T_STRING) aa_expected(p, "a query string");
  aa_istr *s = aa_intern(p->b, p->lx.text, p->lx.n);
  *q = s->s;
  if (qlen) *qlen = s->len;
  aa_next(p);
  aa_expect(p, T_RPAREN, "')'");
  if (old) aa_expect(p, T_RPAREN, "')'");
}

static const aa_expr *aa_parse_primary(aa_parser *p) {
  aa_lexer *l = &p->lx;
  aa_expr *e;
  switch (l->tok) {
  case T_TRUE:
    aa_next(p);
    return p->b->t_true;
  case T_FALSE:
    aa_next(p);
    return p->b->t_false;
  case T_LPAREN: {
    aa_next(p);
    const aa_expr *in = aa_parse_or(p);
    aa_expect(p, T_RPAREN, "')'");
    e = aa_node(p, AA_X_PAREN, in->is_int);
    e->a = in;
    return e;
  }
  case T_MATCH:
    aa_next(p);
    switch (l->tok) {
    case T_STRING: {
      const aa_expr *m = aa_match_node(p->b, l->text, l->n);
      aa_next(p);
      return m;
    }
    case T_CURLY:
      return aa_text_node(p, AA_X_MATCH_AST);
    case T_SQUARE:
      return aa_text_node(p, AA_X_MATCH_REGEX);
    case T_LABEL:
      aa_next(p);
      if (l->tok == T_STRING) return aa_text_node(p, AA_X_MATCH_LABEL);
      if (l->tok == T_SQUARE) return aa_text_node(p, AA_X_MATCH_LABEL_REGEX);
      aa_expected(p, "a string or [regex] after MATCH LABEL");
    case T_ASSERT:
      aa_next(p);
      return aa_node(p, AA_X_MATCH_ASSERT, false);
    case T_EXIT:
      aa_next(p);
      return aa_node(p, AA_X_MATCH_EXIT, false);
    default:
      if (aa_is_word(p, "ENTRY")) {
        aa_next(p);
        return aa_node(p, AA_X_MATCH_ENTRY, false);
      }
      if (aa_is_word(p, "FUNCTIONCALL")) {
        aa_next(p);
        if (l->tok != T_STRING)
          aa_expected(p, "a function name string after MATCH FUNCTIONCALL");
        return aa_text_node(p, AA_X_MATCH_CALL);
      }
      /* erep's forms of a witness's startline, control and returnFrom */
      if (aa_is_word(p, "LINE")) {
        aa_next(p);
        if (l->tok != T_INT) aa_expected(p, "a line number after MATCH LINE");
        return aa_text_node(p, AA_X_MATCH_LINE);
      }
      if (l->tok == T_CONTROL) {
        aa_next(p);
        if (l->tok != T_STRING ||
            !((l->n == 14 && !memcmp(l->text, "condition-true", 14)) ||
              (l->n == 15 && !memcmp(l->text, "condition-false", 15))))
          aa_expected(p, "\"condition-true\" or \"condition-false\" after "
                         "MATCH CONTROL");
        return aa_text_node(p, AA_X_MATCH_CONTROL);
      }
      if (aa_is_word(p, "RETURNFROM") || aa_is_word(p, "ENTERFUNCTION")) {
        int k = aa_is_word(p, "RETURNFROM") ? AA_X_MATCH_RETURN
                                            : AA_X_MATCH_ENTER;
        aa_next(p);
        if (l->tok != T_STRING)
          aa_expected(p, "a function name string after MATCH RETURNFROM or "
                         "ENTERFUNCTION");
        return aa_text_node(p, k);
      }
      aa_expected(p, "a string, {pattern}, [regex], LABEL, ASSERT, EXIT, "
                     "ENTRY, FUNCTIONCALL, LINE, CONTROL, ENTERFUNCTION or "
                     "RETURNFROM after "
                     "MATCH");
    }
  case T_CHECK:
    aa_next(p);
    aa_expect(p, T_LPAREN, "'(' after CHECK");
    if (l->tok == T_IS_TARGET_STATE) {
      aa_next(p);
      aa_expect(p, T_RPAREN, "')'");
      return aa_node(p, AA_X_CHECK_TARGET, false);
    }
    e = aa_node(p, AA_X_CHECK, false);
    if (l->tok == T_STRING) {
      aa_istr *s = aa_intern(p->b, l->text, l->n);
      e->text = s->s;
      e->len = s->len;
      aa_next(p);
      aa_expect(p, T_RPAREN, "')'");
      return e;
    }
    aa_cpa_query(p, &e->cpa, &e->text, &e->len);
    return e;
  case T_EVAL:
    aa_next(p);
    aa_expect(p, T_LPAREN, "'(' after EVAL");
    e = aa_node(p, AA_X_EVAL, true);
    aa_cpa_query(p, &e->cpa, &e->text, &e->len);
    return e;
  case T_INT: {
    e = aa_text_node(p, AA_X_INT);
    e->is_int = true;
    return e;
  }
  case T_IDENT:
    if (aa_is_word(p, "IS_CALL")) {
      aa_next(p);
      return aa_node(p, AA_X_IS_CALL, false);
    }
    if (aa_is_word(p, "IS_FEASIBLE")) {
      aa_next(p);
      return aa_node(p, AA_X_IS_FEASIBLE, false);
    }
    e = aa_text_node(p, AA_X_VAR);
    e->is_int = true;
    return e;
  default:
    aa_expected(p, "a condition (TRUE, FALSE, MATCH ..., CHECK(...), '(' "
                   "or '!') or an integer");
  }
}

static const aa_expr *aa_add_rest(aa_parser *p, const aa_expr *left) {
  while (p->lx.tok == T_PLUS || p->lx.tok == T_MINUS) {
    int k = p->lx.tok == T_PLUS ? AA_X_PLUS : AA_X_MINUS;
    uint32_t line = p->lx.tline, col = p->lx.tcol; /* of the operator */
    if (!left->is_int)
      AA_FAIL(p, "'%c' needs integer operands, the left one is a condition",
              k == AA_X_PLUS ? '+' : '-');
    aa_next(p);
    const aa_expr *right = aa_parse_unary(p);
    if (!right->is_int)
      aa_fail_at(p, line, col,
                 "'%c' needs integer operands, the right one is a condition",
                 k == AA_X_PLUS ? '+' : '-');
    aa_expr *e = aa_node(p, k, true);
    e->a = left;
    e->b = right;
    left = e;
  }
  return left;
}

static const aa_expr *aa_eq_rest(aa_parser *p, const aa_expr *left) {
  while (p->lx.tok == T_EQEQ || p->lx.tok == T_NEQ) {
    int k = p->lx.tok == T_EQEQ ? AA_X_EQ : AA_X_NEQ;
    uint32_t line = p->lx.tline, col = p->lx.tcol;
    aa_next(p);
    const aa_expr *right = aa_add_rest(p, aa_parse_unary(p));
    if (right->is_int != left->is_int)
      aa_fail_at(p, line, col, "'%s' compares a condition with an integer",
                 k == AA_X_EQ ? "==" : "!=");
    aa_expr *e = aa_node(p, k, false);
    e->a = left;
    e->b = right;
    left = e;
  }
  return left;
}

static const aa_expr *aa_parse_unary(aa_parser *p) {
  if (++p->depth > AA_MAX_NESTING)
    AA_FAIL(p, "expression nested too deeply (more than %d levels)",
            AA_MAX_NESTING);
  const aa_expr *r;
  if (p->lx.tok == T_NOT) {
    aa_next(p);
    const aa_expr *in = aa_parse_unary(p);
    /* "!x == 1" negates the comparison, as parser.cup reads it */
    if (in->is_int) in = aa_eq_rest(p, aa_add_rest(p, in));
    if (in->is_int) AA_FAIL(p, "'!' needs a condition, not an integer");
    aa_expr *e = aa_node(p, AA_X_NOT, false);
    e->a = in;
    r = e;
  } else {
    r = aa_parse_primary(p);
  }
  p->depth--;
  return r;
}

static const aa_expr *aa_parse_or(aa_parser *p) {
  const aa_expr *left = aa_eq_rest(p, aa_add_rest(p, aa_parse_unary(p)));
  while (p->lx.tok == T_AND || p->lx.tok == T_OR) {
    int k = p->lx.tok == T_AND ? AA_X_AND : AA_X_OR;
    const char *op = k == AA_X_AND ? "&&" : "||";
    uint32_t line = p->lx.tline, col = p->lx.tcol;
    if (left->is_int)
      AA_FAIL(p, "'%s' needs conditions, the left operand is an integer", op);
    aa_next(p);
    const aa_expr *right = aa_eq_rest(p, aa_add_rest(p, aa_parse_unary(p)));
    if (right->is_int)
      aa_fail_at(p, line, col,
                 "'%s' needs conditions, the right operand is an integer", op);
    aa_expr *e = aa_node(p, k, false);
    e->a = left;
    e->b = right;
    left = e;
  }
  return left;
}

/* Edit distance of a and b, a swap of neighbours counting as one edit
 * (ASCII case ignored); more than `max` when they are far apart. */
static unsigned aa_distance(const char *a, size_t na, const char *b,
                            unsigned max) {
  size_t nb = strlen(b);
  if (na > 32 || nb > 32 || (na > nb ? na - nb : nb - na) > max) return max + 1;
  unsigned d[33][33];
  for (size_t i = 0; i <= na; i++)
    d[i][0] = (unsigned)i;
  for (size_t j = 0; j <= nb; j++)
    d[0][j] = (unsigned)j;
#define AA_LOW(c) ((c) >= 'A' && (c) <= 'Z' ? (c) + 32 : (c))
  for (size_t i = 1; i <= na; i++)
    for (size_t j = 1; j <= nb; j++) {
      unsigned best = d[i - 1][j - 1] + (AA_LOW(a[i - 1]) != AA_LOW(b[j - 1]));
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && AA_LOW(a[i - 1]) == AA_LOW(b[j - 2]) &&
          AA_LOW(a[i - 2]) == AA_LOW(b[j - 1]) && d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
#undef AA_LOW
  return d[na][nb];
}

/* A bare name where a condition belongs is a LOCAL variable (an integer)
 * or a misspelt keyword ("STAT" for STATE, "MATHC" for MATCH): say which
 * word it is rather than only that integers are not conditions. */
static void aa_check_word(aa_parser *p, const aa_expr *e, uint32_t line,
                          uint32_t col, const char *what) {
  if (e->kind != AA_X_VAR) return;
  for (size_t i = 0; i < p->b->locals.len; i++)
    if (!strcmp(p->b->locals.data[i].name, e->text)) return;
  const char *best = NULL;
  unsigned bestd = e->len <= 4 ? 1 : 2;
  for (size_t i = 0; i < AA_NKEYWORDS; i++) {
    const char *w = aa_keywords[i].word;
    if (w[0] < 'A' || w[0] > 'Z') continue; /* true, false: lower case */
    unsigned d = aa_distance(e->text, e->len, w, bestd);
    if (d <= bestd && (!best || d < bestd)) {
      best = w;
      bestd = d;
    }
  }
  int n = e->len > 40 ? 40 : (int)e->len;
  if (best)
    aa_fail_at(p, line, col,
               "unknown word '%.*s%s' (did you mean %s?) where %s was "
               "expected",
               n, e->text, e->len > 40 ? "..." : "", best, what);
  aa_fail_at(p, line, col,
             "unknown word '%.*s%s' where %s was expected (it is neither a "
             "keyword nor a LOCAL variable)",
             n, e->text, e->len > 40 ? "..." : "", what);
}

static const aa_expr *aa_parse_cond(aa_parser *p, const char *what) {
  uint32_t line = p->lx.tline, col = p->lx.tcol;
  const aa_expr *e = aa_parse_or(p);
  aa_check_word(p, e, line, col, what);
  if (e->is_int)
    aa_fail_at(p, line, col, "%s must be a condition, not an integer", what);
  return e;
}

static bool aa_starts_expr(int tok) {
  switch (tok) {
  case T_TRUE:
  case T_FALSE:
  case T_LPAREN:
  case T_NOT:
  case T_MATCH:
  case T_CHECK:
  case T_EVAL:
  case T_INT:
  case T_IDENT:
    return true;
  default:
    return false;
  }
}

/* ---- transitions -------------------------------------------------------- */

static void aa_parse_asserts(aa_parser *p) {
  while (p->lx.tok == T_ASSERT) {
    aa_next(p);
    VEC_PUSH(p->asserts, aa_parse_cond(p, "an ASSERT"));
  }
}

static void aa_parse_actions(aa_parser *p) {
  for (;;) {
    aa_action a = {0};
    if (p->lx.tok == T_DO) {
      aa_next(p);
      if (p->lx.tok != T_IDENT) aa_expected(p, "a variable name after DO");
      a.kind = AA_ACT_DO;
      a.name = aa_text_here(p);
      aa_next(p);
      aa_expect(p, T_ASSIGN, "'=' after the variable");
      uint32_t line = p->lx.tline, col = p->lx.tcol;
      a.value = aa_add_rest(p, aa_parse_unary(p));
      if (!a.value->is_int)
        aa_fail_at(p, line, col, "DO assigns an integer, not a condition");
    } else if (p->lx.tok == T_PRINT) {
      aa_next(p);
      a.kind = AA_ACT_PRINT;
      size_t first = p->args.len;
      while (p->lx.tok == T_STRING ||
             (aa_starts_expr(p->lx.tok) && !aa_is_word(p, "PRINT_CALLS"))) {
        if (p->lx.tok == T_STRING)
          VEC_PUSH(p->args, aa_text_node(p, AA_X_STRING));
        else
          VEC_PUSH(p->args, aa_parse_or(p));
      }
      a.nargs = (uint32_t)(p->args.len - first);
      if (a.nargs) {
        a.args = mem_arena_alloc(p->b->arena, a.nargs * sizeof *a.args);
        memcpy(a.args, p->args.data + first, a.nargs * sizeof *a.args);
      }
      p->args.len = first;
    } else if (p->lx.tok == T_MODIFY) {
      aa_next(p);
      aa_expect(p, T_LPAREN, "'(' after MODIFY");
      a.kind = AA_ACT_MODIFY;
      aa_cpa_query(p, &a.name, &a.text, NULL);
    } else if (aa_is_word(p, "PRINT_CALLS")) {
      aa_next(p);
      a.kind = AA_ACT_PRINT_CALLS;
    } else {
      return;
    }
    VEC_PUSH(p->actions, a);
  }
}

/* GOTO name | ERROR | ERROR("property") | STOP | BREAK; fills go, target
 * (a symbol) and property. */
static void aa_parse_goto(aa_parser *p, aa_transition *t,
                          const char **property) {
  aa_lexer *l = &p->lx;
  t->target = AA_NONE;
  switch (l->tok) {
  case T_GOTO:
    aa_next(p);
    if (l->tok != T_IDENT) aa_expected(p, "a state name after GOTO");
    t->go = AA_GOTO_STATE;
    t->target = (int32_t)aa_symbol(
        p->b, l->text, l->n, p->piece ? p->piece_line : l->tline, l->tcol);
    aa_next(p);
    return;
  case T_ERROR:
    aa_next(p);
    t->go = AA_GOTO_ERROR;
    if (l->tok == T_LPAREN) {
      aa_next(p);
      if (l->tok != T_STRING) aa_expected(p, "a property string in ERROR(...)");
      *property = aa_text_here(p);
      aa_next(p);
      aa_expect(p, T_RPAREN, "')'");
    }
    return;
  case T_STOP:
    aa_next(p);
    t->go = AA_GOTO_STOP;
    return;
  case T_BREAK:
    aa_next(p);
    t->go = AA_GOTO_BREAK;
    return;
  default:
    aa_expected(p, "GOTO, ERROR, STOP, BREAK or an action (ASSERT, ASSUME, "
                   "DO, PRINT)");
  }
}

static void aa_add_transition(aa_parser *p, aa_transition *t,
                              const char *property) {
  aa_builder *b = p->b;
  if (b->trans.len >= AA_MAX_TRANSITIONS)
    AA_FAIL(p, "more than %u transitions", AA_MAX_TRANSITIONS);
  if (p->asserts.len || p->actions.len || property) {
    aa_transition_more *m = mem_arena_alloc(b->arena, sizeof *m);
    m->nasserts = (uint32_t)p->asserts.len;
    m->nactions = (uint32_t)p->actions.len;
    m->property = property;
    if (m->nasserts) {
      m->asserts = mem_arena_alloc(b->arena, m->nasserts * sizeof *m->asserts);
      memcpy(m->asserts, p->asserts.data, m->nasserts * sizeof *m->asserts);
    }
    if (m->nactions) {
      aa_action *acts =
          mem_arena_alloc(b->arena, m->nactions * sizeof *m->actions);
      memcpy(acts, p->actions.data, m->nactions * sizeof *m->actions);
      m->actions = acts;
    }
    t->more = m;
  }
  p->asserts.len = p->actions.len = 0;
  VEC_PUSH(b->trans, *t);
}

/* trigger -> ASSERT* [ASSUME {..}] actions goto ; */
static void aa_parse_transition(aa_parser *p, uint32_t state_sym) {
  aa_transition t = {0};
  t.line = p->lx.tline;
  t.source = (int32_t)state_sym;
  t.trigger = aa_parse_cond(p, "a trigger");
  aa_expect(p, T_ARROW, "'->' after the trigger");
  aa_parse_asserts(p);
  if (p->lx.tok == T_ASSUME) {
    aa_next(p);
    if (p->lx.tok != T_CURLY) aa_expected(p, "{...} after ASSUME");
    t.assume = aa_text_here(p);
    aa_next(p);
  }
  aa_parse_actions(p);
  const char *property = NULL;
  aa_parse_goto(p, &t, &property);
  aa_expect(p, T_SEMI, "';' at the end of the transition");
  aa_add_transition(p, &t, property);
}

/* ---- automaton ---------------------------------------------------------- */

static int aa_define_state(aa_builder *b, uint32_t sym, aa_mode mode,
                           aa_state_type type, uint32_t line) {
  aa_sym *s = &b->syms.data[sym];
  if (s->state != AA_NONE) return -1;
  s->state = (int32_t)b->states.len;
  aa_bstate st = {sym, line, (uint8_t)mode, (uint8_t)type};
  VEC_PUSH(b->states, st);
  return 0;
}

static void aa_parse_local(aa_parser *p) {
  aa_lexer *l = &p->lx;
  aa_next(p); /* LOCAL */
  aa_local v = {0};
  if (l->tok != T_IDENT) aa_expected(p, "a type after LOCAL");
  v.type = aa_text_here(p);
  aa_next(p);
  if (l->tok != T_IDENT) aa_expected(p, "a variable name");
  v.name = aa_text_here(p);
  aa_next(p);
  if (l->tok == T_ASSIGN) {
    aa_next(p);
    if (l->tok != T_INT) aa_expected(p, "a number");
    v.value = aa_text_here(p);
    aa_next(p);
  }
  aa_expect(p, T_SEMI, "';' after the LOCAL declaration");
  VEC_PUSH(p->b->locals, v);
}

/* [TARGET|NON_TARGET|UNKNOWN] STATE [USEFIRST|USEALL] name : transitions */
static bool aa_at_state(aa_parser *p) {
  if (p->lx.tok == T_STATE || p->lx.tok == T_TARGET) return true;
  return (aa_is_word(p, "NON_TARGET") || aa_is_word(p, "UNKNOWN")) &&
         aa_peek(p) == T_STATE;
}

static void aa_parse_state(aa_parser *p) {
  aa_lexer *l = &p->lx;
  aa_builder *b = p->b;
  uint32_t line = l->tline;
  aa_state_type type = AA_STYPE_NONE;
  if (l->tok == T_TARGET)
    type = AA_STYPE_TARGET;
  else if (aa_is_word(p, "NON_TARGET"))
    type = AA_STYPE_NON_TARGET;
  else if (aa_is_word(p, "UNKNOWN"))
    type = AA_STYPE_UNKNOWN;
  if (type != AA_STYPE_NONE) aa_next(p);
  aa_expect(p, T_STATE, "STATE");
  aa_mode mode = AA_MODE_DEFAULT;
  if (l->tok == T_USEFIRST)
    mode = AA_MODE_USEFIRST;
  else if (l->tok == T_USEALL)
    mode = AA_MODE_USEALL;
  if (mode != AA_MODE_DEFAULT) aa_next(p);
  if (l->tok != T_IDENT) aa_expected(p, "a state name");
  uint32_t sym = aa_symbol(b, l->text, l->n, l->tline, l->tcol);
  if (aa_define_state(b, sym, mode, type, line)) {
    const aa_sym *s = &b->syms.data[sym];
    aa_fail_at(p, l->tline, l->tcol,
               "state '%s' is defined twice (first at line %u)", s->name,
               b->states.data[s->state].line);
  }
  aa_next(p);
  aa_expect(p, T_COLON, "':' after the state name");
  while (l->tok != T_END && l->tok != T_EOF && !aa_at_state(p)) {
    if (!aa_starts_expr(l->tok))
      aa_expected(p, "a transition, STATE or END AUTOMATON");
    p->depth = 0;
    aa_parse_transition(p, sym);
  }
}

static void aa_parse_automaton(aa_parser *p) {
  aa_lexer *l = &p->lx;
  aa_builder *b = p->b;
  aa_next(p);
  if (l->tok == T_EOF)
    AA_FAIL(p, p->len ? "no automaton in the input (only blanks and comments)"
                      : "no automaton in the input (the file is empty)");
  b->kind = AA_KIND_IMPLICIT;
  if (l->tok == T_OBSERVER) b->kind = AA_KIND_OBSERVER;
  if (l->tok == T_CONTROL) b->kind = AA_KIND_CONTROL;
  if (b->kind != AA_KIND_IMPLICIT) aa_next(p);
  if (l->tok != T_AUTOMATON)
    aa_expected(p, b->kind == AA_KIND_IMPLICIT
                       ? "an automaton ([OBSERVER|CONTROL] AUTOMATON name)"
                       : "AUTOMATON");
  aa_next(p);
  if (l->tok != T_IDENT) aa_expected(p, "the automaton name");
  b->name = aa_text_here(p);
  b->name_line = l->tline;
  aa_next(p);
  while (l->tok == T_LOCAL)
    aa_parse_local(p);
  aa_expect(p, T_INITIAL, "INITIAL STATE (or LOCAL)");
  aa_expect(p, T_STATE, "STATE after INITIAL");
  if (l->tok != T_IDENT) aa_expected(p, "the initial state name");
  aa_symbol(b, l->text, l->n, l->tline, l->tcol);
  aa_next(p);
  aa_expect(p, T_SEMI, "';' after the initial state");
  while (aa_at_state(p))
    aa_parse_state(p);
  if (l->tok == T_EOF)
    AA_FAIL(p, "END AUTOMATON missing (the file ends early)");
  aa_expect(p, T_END, "STATE or END AUTOMATON");
  aa_expect(p, T_AUTOMATON, "AUTOMATON after END");
  if (l->tok == T_OBSERVER || l->tok == T_CONTROL || l->tok == T_AUTOMATON)
    AA_FAIL(p, "a second automaton: erep reads one automaton per file");
  if (l->tok != T_EOF) aa_expected(p, "end of file after END AUTOMATON");
}

static void aa_parser_init(aa_parser *p, aa_builder *b, const char *buf,
                           size_t len) {
  memset(p, 0, sizeof *p);
  p->b = b;
  p->buf = buf;
  p->len = len;
  p->lx.line = 1;
}

static void aa_parser_done(aa_parser *p) {
  VEC_FREE(p->scratch);
  VEC_FREE(p->asserts);
  VEC_FREE(p->args);
  VEC_FREE(p->actions);
}

/* ---- finishing: layout, targets, dialect -------------------------------- */

static bool aa_is_arg(const char *name) { return !strncmp(name, "ARG", 3); }

static const char *aa_detect_dialect(const aa_automaton *a) {
  bool gia = false, error = false, stop = false, assume_true = false;
  bool any_assume = false;
  bool odd_names = false, missing_catchall = false;
  uint32_t to_true = 0, to_false = 0;
  for (uint32_t i = 0; i < a->nstates; i++) {
    const aa_state *s = &a->states[i];
    if (s->type == AA_STYPE_NON_TARGET || s->type == AA_STYPE_UNKNOWN ||
        !strncmp(s->name, "__q", 3))
      gia = true;
    if (!aa_is_arg(s->name) && s->sink == AA_SINK_NONE) odd_names = true;
    bool catchall = false;
    for (uint32_t k = s->first; k < s->first + s->count; k++) {
      const aa_transition *t = &a->transitions[k];
      if (t->trigger->kind == AA_X_MATCH_CALL) gia = true;
      error |= t->go == AA_GOTO_ERROR;
      stop |= t->go == AA_GOTO_STOP;
      if (t->assume) {
        any_assume = true;
        if (!strcmp(t->assume, "true") ||
            (!strcmp(t->assume, "false") && s->sink != AA_SINK_FALSE))
          assume_true = true;
      }
      if (aa_transition_is_catchall(t)) {
        catchall = true;
        if (aa_is_arg(s->name) && t->go == AA_GOTO_STATE) {
          to_true += t->target == a->true_sink && a->true_sink != AA_NONE;
          to_false += t->target == a->false_sink && a->false_sink != AA_NONE;
        }
      }
    }
    if (aa_is_arg(s->name) && !catchall) missing_catchall = true;
  }
  if (gia) return "gia";
  if (error && stop) return "counterexample"; /* TRUE -> STOP; ... ERROR */
  if (a->false_sink != AA_NONE && a->initial == a->false_sink)
    return "initial-false";
  if ((a->true_sink == AA_NONE && a->false_sink == AA_NONE) || odd_names)
    return "hand-written";
  if (to_false > 0 && to_false >= to_true) return "swapped";
  if (missing_catchall) return "counterexample-derived";
  if (assume_true) return "assumption-collector-old";
  if (!any_assume && a->false_sink != AA_NONE) return "ignore-assumptions";
  return "assumption-collector-new";
}

static char *aa_builder_errf(aa_builder *b, uint32_t line, uint32_t col,
                             const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  /* line 0: an automaton made in memory (erep verify's), no line */
  char *r = col    ? mem_printf("%s:%u:%u: %s", b->file, line, col, m)
            : line ? mem_printf("%s:%u: %s", b->file, line, m)
                   : mem_printf("%s: %s", b->file, m);
  mem_free(m);
  return r;
}

static aa_automaton *aa_finish(aa_builder *b, uint32_t init_sym, char **err) {
  /* undefined names, in the order of their first reference */
  for (size_t i = 0; i < b->syms.len; i++) {
    const aa_sym *s = &b->syms.data[i];
    if (s->state != AA_NONE) continue;
    if (i == init_sym)
      *err = aa_builder_errf(b, s->line, s->col,
                             "INITIAL STATE '%s' is not defined", s->name);
    else if (s->as_source)
      *err = aa_builder_errf(b, s->line, s->col,
                             "transition from undefined state '%s'", s->name);
    else
      *err = aa_builder_errf(b, s->line, s->col, "GOTO to undefined state '%s'",
                             s->name);
    aa_builder_free(b);
    return NULL;
  }
  mem_arena *ar = b->arena;
  aa_automaton *a = mem_arena_alloc(ar, sizeof *a);
  a->arena = ar;
  a->path = b->file;
  a->name = b->name;
  a->kind = b->kind;
  a->nstates = (uint32_t)b->states.len;
  a->ntransitions = (uint32_t)b->trans.len;
  a->initial = b->syms.data[init_sym].state;
  a->true_sink = a->false_sink = AA_NONE;

  aa_state *st =
      mem_arena_alloc(ar, (a->nstates ? a->nstates : 1) * sizeof *st);
  for (uint32_t i = 0; i < a->nstates; i++) {
    const aa_bstate *bs = &b->states.data[i];
    st[i].name = b->syms.data[bs->sym].name;
    st[i].line = bs->line;
    st[i].mode = bs->mode;
    st[i].type = bs->type;
    if (!strcmp(st[i].name, "__TRUE")) {
      st[i].sink = AA_SINK_TRUE;
      a->true_sink = (int32_t)i;
    } else if (!strcmp(st[i].name, "__FALSE")) {
      st[i].sink = AA_SINK_FALSE;
      a->false_sink = (int32_t)i;
    }
  }
  /* transitions grouped by source state, stable: a counting sort */
  for (size_t i = 0; i < b->trans.len; i++) {
    aa_transition *t = &b->trans.data[i];
    t->source = b->syms.data[t->source].state;
    if (t->go == AA_GOTO_STATE) t->target = b->syms.data[t->target].state;
    st[t->source].count++;
  }
  uint32_t pos = 0;
  for (uint32_t i = 0; i < a->nstates; i++) {
    st[i].first = pos;
    pos += st[i].count;
    st[i].count = 0;
  }
  aa_transition *tr =
      mem_arena_alloc(ar, (b->trans.len ? b->trans.len : 1) * sizeof *tr);
  for (size_t i = 0; i < b->trans.len; i++) {
    aa_state *s = &st[b->trans.data[i].source];
    tr[s->first + s->count++] = b->trans.data[i];
  }
  a->states = st;
  a->transitions = tr;
  a->nlocals = (uint32_t)b->locals.len;
  if (a->nlocals) {
    aa_local *lv = mem_arena_alloc(ar, a->nlocals * sizeof *lv);
    memcpy(lv, b->locals.data, a->nlocals * sizeof *lv);
    a->locals = lv;
  }
  a->nmatches = (uint32_t)b->matches.len;
  if (a->nmatches) {
    const aa_expr **m = mem_arena_alloc(ar, a->nmatches * sizeof *m);
    memcpy(m, b->matches.data, a->nmatches * sizeof *m);
    a->matches = m;
  }
  a->dialect = aa_detect_dialect(a);
  aa_builder_release(b, true);
  return a;
}

/* ---- entry points -------------------------------------------------------- */

aa_automaton *aa_parse_text(const char *buf, size_t len, const char *name,
                            char **err) {
  *err = NULL;
  aa_builder *b = aa_builder_new(name);
  if (len > AA_MAX_FILE_BYTES) {
    *err =
        mem_printf("%s: input larger than 256 MiB (%zu bytes)", b->file, len);
    aa_builder_free(b);
    return NULL;
  }
  aa_parser p;
  aa_parser_init(&p, b, buf, len);
  if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) p.lx.pos = 3; /* BOM */
  if (setjmp(p.jb)) {
    *err = p.err;
    aa_parser_done(&p);
    aa_builder_free(b);
    return NULL;
  }
  aa_parse_automaton(&p);
  aa_parser_done(&p);
  /* Symbols are made only for state names, and INITIAL STATE comes before
   * every STATE and GOTO: it is symbol 0. */
  return aa_finish(b, 0, err);
}

/* A fragment (GraphML data) parsed with one of the grammar's rules. */
typedef enum {
  AA_FRAG_TRIGGER,
  AA_FRAG_ASSERTS,
  AA_FRAG_ACTIONS,
  AA_FRAG_GOTO,
  AA_FRAG_LOCALS
} aa_frag;

static const char *const aa_frag_names[] = {"trigger", "asserts", "actions",
                                            "goto", "LOCAL declarations"};

static int aa_fragment(aa_builder *b, aa_frag kind, const char *text,
                       uint32_t line, aa_transition *t, const char **prop,
                       char **err) {
  aa_parser p;
  aa_parser_init(&p, b, text, strlen(text));
  p.piece = aa_frag_names[kind];
  p.piece_line = line;
  if (p.len > AA_MAX_LITERAL_BYTES) {
    *err = mem_printf("%s:%u: %s longer than 1 MiB", b->file, line, p.piece);
    return -1;
  }
  if (setjmp(p.jb)) {
    *err = p.err;
    aa_parser_done(&p);
    return -1;
  }
  aa_next(&p);
  switch (kind) {
  case AA_FRAG_TRIGGER:
    t->trigger = aa_parse_cond(&p, "a trigger");
    break;
  case AA_FRAG_ASSERTS:
    if (p.lx.tok != T_ASSERT) aa_expected(&p, "ASSERT");
    aa_parse_asserts(&p);
    break;
  case AA_FRAG_ACTIONS: {
    aa_parse_actions(&p);
    if (!p.actions.len) aa_expected(&p, "DO, PRINT, MODIFY or PRINT_CALLS");
    break;
  }
  case AA_FRAG_GOTO:
    if (p.lx.tok == T_GOTO) aa_expected(&p, "ERROR, STOP or BREAK");
    aa_parse_goto(&p, t, prop);
    break;
  case AA_FRAG_LOCALS:
    while (p.lx.tok == T_LOCAL)
      aa_parse_local(&p);
    break;
  }
  if (p.lx.tok != T_EOF) aa_expected(&p, "the end of the text");
  /* asserts and actions stay in the parser's vectors: hand them over */
  if (kind == AA_FRAG_ASSERTS || kind == AA_FRAG_ACTIONS) {
    aa_transition_more *m = (aa_transition_more *)t->more;
    if (!m) {
      m = mem_arena_alloc(b->arena, sizeof *m);
      t->more = m;
    }
    if (kind == AA_FRAG_ASSERTS) {
      m->nasserts = (uint32_t)p.asserts.len;
      m->asserts =
          mem_arena_alloc(b->arena, p.asserts.len * sizeof *m->asserts);
      memcpy(m->asserts, p.asserts.data, p.asserts.len * sizeof *m->asserts);
    } else {
      m->nactions = (uint32_t)p.actions.len;
      aa_action *acts =
          mem_arena_alloc(b->arena, p.actions.len * sizeof *m->actions);
      memcpy(acts, p.actions.data, p.actions.len * sizeof *m->actions);
      m->actions = acts;
    }
  }
  aa_parser_done(&p);
  return 0;
}

/* A name that the text writer can print and the text reader read back. */
static bool aa_valid_ident(const char *s) {
  size_t n = strlen(s);
  if (!n || n > AA_MAX_LITERAL_BYTES || !aa_ident_start((unsigned char)s[0]))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!aa_ident_char((unsigned char)s[i])) return false;
  return aa_keyword(s, n) == T_IDENT;
}

int aa_builder_header(aa_builder *b, const char *name, aa_kind kind,
                      uint32_t line, char **err) {
  if (!aa_valid_ident(name)) {
    *err = aa_builder_errf(b, line, 0,
                           "automaton name '%.60s' is not an "
                           "identifier",
                           name);
    return -1;
  }
  b->name = mem_arena_strdup(b->arena, name);
  b->name_line = line;
  b->kind = (uint8_t)kind;
  return 0;
}

int aa_builder_collector(aa_builder *b, bool with_false, char **err) {
  aa_transition_src t_true = {.source = "__TRUE", .catchall = true,
                              .target = "__TRUE"};
  aa_transition_src t_false = {.source = "__FALSE", .catchall = true,
                               .assume = "false", .target = "__FALSE"};
  if (aa_builder_header(b, "AssumptionAutomaton", AA_KIND_OBSERVER, 0, err) ||
      aa_builder_state(b, "__TRUE", AA_MODE_DEFAULT, AA_STYPE_NONE, 0, err) ||
      aa_builder_transition(b, &t_true, 0, err))
    return -1;
  if (!with_false) return 0;
  return aa_builder_state(b, "__FALSE", AA_MODE_DEFAULT, AA_STYPE_NONE, 0,
                          err) ||
                 aa_builder_transition(b, &t_false, 0, err)
             ? -1
             : 0;
}

int aa_builder_locals(aa_builder *b, const char *text, uint32_t line,
                      char **err) {
  return aa_fragment(b, AA_FRAG_LOCALS, text, line, NULL, NULL, err);
}

int aa_builder_state(aa_builder *b, const char *name, aa_mode mode,
                     aa_state_type type, uint32_t line, char **err) {
  if (!aa_valid_ident(name)) {
    *err = aa_builder_errf(b, line, 0,
                           "state name '%.60s' is not an "
                           "identifier",
                           name);
    return -1;
  }
  uint32_t sym = aa_symbol(b, name, strlen(name), line, 0);
  if (aa_define_state(b, sym, mode, type, line)) {
    *err = aa_builder_errf(b, line, 0,
                           "state '%s' is defined twice (first at line %u)",
                           name, b->states.data[b->syms.data[sym].state].line);
    return -1;
  }
  return 0;
}

int aa_builder_transition(aa_builder *b, const aa_transition_src *src,
                          uint32_t line, char **err) {
  if (b->trans.len >= AA_MAX_TRANSITIONS) {
    *err = aa_builder_errf(b, line, 0, "more than %u transitions",
                           AA_MAX_TRANSITIONS);
    return -1;
  }
  aa_transition t = {0};
  t.line = line;
  if (!src->source || !aa_valid_ident(src->source)) {
    *err = aa_builder_errf(b, line, 0,
                           "transition without a valid source "
                           "state name");
    return -1;
  }
  size_t nsyms = b->syms.len;
  t.source = (int32_t)aa_symbol(b, src->source, strlen(src->source), line, 0);
  if (b->syms.len > nsyms) b->syms.data[t.source].as_source = true;
  const char *prop = NULL;
  if (src->trigger) {
    if (aa_fragment(b, AA_FRAG_TRIGGER, src->trigger, line, &t, NULL, err))
      return -1;
  } else if (src->match) {
    size_t n = strlen(src->match);
    if (n > AA_MAX_LITERAL_BYTES) {
      *err = aa_builder_errf(b, line, 0, "MATCH text longer than 1 MiB");
      return -1;
    }
    t.trigger = aa_match_node(b, src->match, n);
  } else if (src->catchall) {
    t.trigger = b->t_true;
  } else {
    *err = aa_builder_errf(b, line, 0,
                           "transition without a trigger (no "
                           "MATCH text, trigger or catch-all)");
    return -1;
  }
  if (src->asserts &&
      aa_fragment(b, AA_FRAG_ASSERTS, src->asserts, line, &t, NULL, err))
    return -1;
  if (src->assume) {
    size_t n = strlen(src->assume);
    if (n > AA_MAX_LITERAL_BYTES) {
      *err = aa_builder_errf(b, line, 0, "ASSUME text longer than 1 MiB");
      return -1;
    }
    t.assume = aa_intern(b, src->assume, n)->s;
  }
  if (src->actions &&
      aa_fragment(b, AA_FRAG_ACTIONS, src->actions, line, &t, NULL, err))
    return -1;
  if (src->go) {
    if (aa_fragment(b, AA_FRAG_GOTO, src->go, line, &t, &prop, err)) return -1;
  } else {
    if (!src->target || !aa_valid_ident(src->target)) {
      *err = aa_builder_errf(b, line, 0,
                             "transition without a valid target "
                             "state name");
      return -1;
    }
    t.go = AA_GOTO_STATE;
    t.target = (int32_t)aa_symbol(b, src->target, strlen(src->target), line, 0);
  }
  if (prop) {
    aa_transition_more *m = (aa_transition_more *)t.more;
    if (!m) {
      m = mem_arena_alloc(b->arena, sizeof *m);
      t.more = m;
    }
    m->property = prop;
  }
  VEC_PUSH(b->trans, t);
  return 0;
}

aa_automaton *aa_builder_finish(aa_builder *b, const char *initial,
                                uint32_t line, char **err) {
  if (!initial || !aa_valid_ident(initial)) {
    *err = aa_builder_errf(b, line, 0, "no valid initial state");
    aa_builder_free(b);
    return NULL;
  }
  /* the initial state is checked like a GOTO target, but named as such */
  uint32_t sym = aa_symbol(b, initial, strlen(initial), line, 0);
  return aa_finish(b, sym, err);
}

/* ---- queries --------------------------------------------------------------
 */

bool aa_transition_is_catchall(const aa_transition *t) {
  return t->trigger->kind == AA_X_TRUE;
}

bool aa_state_has_catchall(const aa_automaton *a, int32_t state) {
  const aa_state *s = &a->states[state];
  for (uint32_t k = s->first; k < s->first + s->count; k++)
    if (aa_transition_is_catchall(&a->transitions[k])) return true;
  return false;
}

int32_t aa_state_index(const aa_automaton *a, const char *name) {
  for (uint32_t i = 0; i < a->nstates; i++)
    if (!strcmp(a->states[i].name, name)) return (int32_t)i;
  return AA_NONE;
}

size_t aa_memory(const aa_automaton *a) { return mem_arena_size(a->arena); }

void aa_free(aa_automaton *a) {
  if (a) mem_arena_free(a->arena); /* a itself lives in the arena */
}
