#include "rawmatch.h"

#include "lib/mem.h"
#include "lib/sbuf.h"

#include <ctype.h>
#include <string.h>

/* ---------- tokens ---------- */

typedef struct {
  const char *s;
  size_t n;
} rm_tok;

typedef VEC(rm_tok) rm_toks;

static bool rm_is_id(int c) { return isalnum(c) || c == '_' || c == '$'; }

static void rm_tokenise(const char *s, size_t len, rm_toks *out) {
  static const char *const multi[] = {
      "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
      "&&",  "||",  "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", 0};
  size_t i = 0;
  while (i < len) {
    unsigned char c = (unsigned char)s[i];
    if (isspace(c)) {
      i++;
      continue;
    }
    size_t j = i + 1;
    if (rm_is_id(c)) {
      while (j < len && rm_is_id((unsigned char)s[j]))
        j++;
    } else if (c == '"' || c == '\'') {
      while (j < len && s[j] != (char)c)
        j += s[j] == '\\' ? 2 : 1;
      if (j < len) j++;
      if (j > len) j = len;
    } else {
      for (int k = 0; multi[k]; k++) {
        size_t m = strlen(multi[k]);
        if (i + m <= len && !strncmp(s + i, multi[k], m)) {
          j = i + m;
          break;
        }
      }
    }
    rm_tok t = {s + i, j - i};
    VEC_PUSH(*out, t);
    i = j;
  }
}

static bool rm_tok_is(const rm_tok *t, const char *w) {
  return t->n == strlen(w) && !strncmp(t->s, w, t->n);
}

static bool rm_is_type_word(const rm_tok *t) {
  static const char *const w[] = {"int",    "unsigned", "signed",   "char",
                                  "short",  "long",     "float",    "double",
                                  "void",   "const",    "volatile", "_Bool",
                                  "struct", "union",    "enum",     0};
  for (int k = 0; w[k]; k++)
    if (rm_tok_is(t, w[k])) return true;
  return false;
}

static bool rm_is_operand_start(const rm_tok *t) {
  return rm_is_id((unsigned char)t->s[0]) || t->s[0] == '(' || t->s[0] == '"' ||
         t->s[0] == '\'';
}

/* Index of the `)` closing the `(` at i, or n. */
static size_t rm_close(const rm_tok *t, size_t i, size_t n) {
  int d = 0;
  for (size_t k = i; k < n; k++) {
    if (rm_tok_is(&t[k], "("))
      d++;
    else if (rm_tok_is(&t[k], ")") && --d == 0)
      return k;
  }
  return n;
}

/* Whether the token before i (from a) is a name other than a keyword
 * that a cast may follow: then a `(` at i opens a call's arguments. */
static bool rm_after_name(const rm_tok *t, size_t a, size_t i) {
  static const char *const kw[] = {"return", "case", "else", "do", "sizeof", 0};
  if (i == a || !rm_is_id((unsigned char)t[i - 1].s[0]) ||
      isdigit((unsigned char)t[i - 1].s[0]) || rm_is_type_word(&t[i - 1]))
    return false;
  for (int k = 0; kw[k]; k++)
    if (rm_tok_is(&t[i - 1], kw[k])) return false;
  return true;
}

/* Write tokens [a, b) without casts, parentheses and integer suffixes. */
static void rm_emit(const rm_tok *t, size_t a, size_t b, sbuf *out) {
  for (size_t i = a; i < b; i++) {
    if (rm_tok_is(&t[i], "(")) {
      /* a cast: `( type-words [ident] *... )` before an operand, not the
       * arguments of a call (`f(x) y`: CPAchecker's `pointer call(f) ...`) */
      size_t c = rm_close(t, i, b);
      if (c < b && c > i + 1 && c + 1 < b && rm_is_operand_start(&t[c + 1]) &&
          !rm_after_name(t, a, i)) {
        bool cast = true, word = false;
        size_t ids = 0;
        for (size_t k = i + 1; k < c && cast; k++) {
          if (rm_tok_is(&t[k], "*")) continue;
          if (rm_is_type_word(&t[k]))
            word = true;
          else if (rm_is_id((unsigned char)t[k].s[0]) &&
                   !isdigit((unsigned char)t[k].s[0]))
            ids++;
          else
            cast = false;
        }
        if (cast && (word || ids == 1) && ids <= (word ? 1u : 1u)) {
          i = c;
          continue;
        }
      }
      continue;
    }
    if (rm_tok_is(&t[i], ")")) continue;
    size_t n = t[i].n;
    if (isdigit((unsigned char)t[i].s[0]))
      while (n > 1 && strchr("uUlL", t[i].s[n - 1]))
        n--;
    sb_putn(out, t[i].s, n);
  }
}

/* Strip one pair of parentheses enclosing all of [a, b). */
static bool rm_unparen(const rm_tok *t, size_t *a, size_t *b) {
  if (*b - *a >= 2 && rm_tok_is(&t[*a], "(") && rm_close(t, *a, *b) == *b - 1) {
    (*a)++;
    (*b)--;
    return true;
  }
  return false;
}

static bool rm_top_level_binary(const rm_tok *t, size_t a, size_t b) {
  int d = 0;
  for (size_t k = a; k < b; k++) {
    if (rm_tok_is(&t[k], "("))
      d++;
    else if (rm_tok_is(&t[k], ")"))
      d--;
    else if (d == 0 && k > a &&
             (rm_tok_is(&t[k], "==") || rm_tok_is(&t[k], "!=") ||
              rm_tok_is(&t[k], "&&") || rm_tok_is(&t[k], "||") ||
              rm_tok_is(&t[k], "<") || rm_tok_is(&t[k], ">") ||
              rm_tok_is(&t[k], "<=") || rm_tok_is(&t[k], ">=") ||
              rm_tok_is(&t[k], "?")))
      return true;
  }
  return false;
}

char *rm_normalise(const char *text) {
  size_t len = strlen(text);
  rm_toks toks = {0};
  bool cond = len >= 2 && text[0] == '[' && text[len - 1] == ']';
  if (cond)
    rm_tokenise(text + 1, len - 2, &toks);
  else
    rm_tokenise(text, len, &toks);
  size_t a = 0, b = toks.len;
  bool neg = false;
  if (cond) {
    /* peel negations and `== 0` comparisons */
    for (bool changed = true; changed;) {
      changed = rm_unparen(toks.data, &a, &b);
      if (b > a && rm_tok_is(&toks.data[a], "!")) {
        size_t a2 = a + 1;
        if (a2 < b && rm_tok_is(&toks.data[a2], "(") &&
            rm_close(toks.data, a2, b) == b - 1) {
          a = a2;
          neg = !neg;
          changed = true;
          continue;
        }
        if (!rm_top_level_binary(toks.data, a2, b)) {
          a = a2;
          neg = !neg;
          changed = true;
          continue;
        }
      }
      if (b - a >= 3 && rm_tok_is(&toks.data[b - 1], "0") &&
          (rm_tok_is(&toks.data[b - 2], "==") ||
           rm_tok_is(&toks.data[b - 2], "!=")) &&
          !rm_top_level_binary(toks.data, a, b - 2)) {
        if (rm_tok_is(&toks.data[b - 2], "==")) neg = !neg;
        b -= 2;
        changed = true;
      }
    }
  }
  sbuf out = {0};
  if (cond) sb_putc(&out, neg ? '-' : '+');
  rm_emit(toks.data, a, b, &out);
  VEC_FREE(toks);
  return sb_take(&out);
}

rm_kind rm_match(const char *text, const cfa_edge *e) {
  if (!strcmp(text, e->raw)) return RM_EXACT;
  if (e->raw_old != e->raw && !strcmp(text, e->raw_old)) return RM_EXACT_OLD;
  /* never relax the empty text: "" is a connector, not a statement */
  if (!*text || !*e->raw) return RM_NONE;
  char *a = rm_normalise(text), *b = rm_normalise(e->raw);
  bool eq = !strcmp(a, b);
  mem_free(a);
  mem_free(b);
  return eq ? RM_NORMALISED : RM_NONE;
}

/* Edit distance, bounded: strings are cut to 256 bytes. */
static size_t rm_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 256) n = 256;
  if (m > 256) m = 256;
  size_t *row = mem_alloc((m + 1) * sizeof *row);
  for (size_t j = 0; j <= m; j++)
    row[j] = j;
  for (size_t i = 1; i <= n; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= m; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  size_t d = row[m];
  mem_free(row);
  return d;
}

/* 0: not near; 1: close by edit distance; 2: the same statement with
 * another value (rm_edit). */
static int rm_nearness(const char *text, const cfa_edge *e) {
  if (!*text || !*e->raw) return 0;
  char *a = rm_normalise(text), *b = rm_normalise(e->raw);
  int near;
  bool ca = text[0] == '[', cb = e->raw[0] == '[';
  const char *ea = strchr(a, '='), *eb = strchr(b, '=');
  if (ca && cb && !strcmp(a + 1, b + 1))
    near = 2; /* same condition, other branch */
  else if (!ca && !cb && ea && eb && ea > a && ea - a == eb - b &&
           ea[1] != '=' && eb[1] != '=' && !strncmp(a, b, (size_t)(ea - a)))
    near = 2; /* same variable assigned or declared, another value */
  else {
    size_t la = strlen(a), lb = strlen(b), mx = la > lb ? la : lb;
    if (mx > 256) mx = 256;
    near = mx >= 3 && rm_distance(a, b) * 3 <= mx;
  }
  mem_free(a);
  mem_free(b);
  return near;
}

bool rm_near(const char *text, const cfa_edge *e) {
  return rm_nearness(text, e) > 0;
}

bool rm_edit(const char *text, const cfa_edge *e) {
  return rm_nearness(text, e) == 2;
}
