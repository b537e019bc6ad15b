/* aa_write: the automaton as text in CPAchecker's automaton language, the
 * canonical form aa_text.c reads back (aa_write_text), and the texts of
 * its parts that the GraphML writer and the reports show: an expression,
 * a transition's asserts, actions and goto, the LOCAL declarations. */
#include "formats/aa.h"
#include "lib/sbuf.h"

#include <errno.h>
#include <string.h>

/* CPAchecker's escaping plus \t and \r, and the closing character of the
 * literal kind, so that the reader gives back the same text. */
static void aa_put_escaped(sbuf *s, const char *t, char close) {
  const char *run = t;
  for (; *t; t++) {
    const char *e = NULL;
    char c = *t;
    if (c == '\\')
      e = "\\\\";
    else if (c == '\n')
      e = "\\n";
    else if (c == '\r')
      e = "\\r";
    else if (c == '\t')
      e = "\\t";
    else if (c == close)
      e = close == '"' ? "\\\"" : close == '}' ? "\\}" : "\\]";
    if (!e) continue;
    sb_putn(s, run, (size_t)(t - run));
    sb_put(s, e);
    run = t + 1;
  }
  sb_putn(s, run, (size_t)(t - run));
}

static void aa_put_quoted(sbuf *s, const char *t, char open, char close) {
  sb_putc(s, open);
  aa_put_escaped(s, t, close);
  sb_putc(s, close);
}

static void aa_put_cpa_query(sbuf *s, const char *kw, const aa_expr *e) {
  sb_put(s, kw);
  sb_putc(s, '(');
  if (e->cpa) {
    sb_put(s, e->cpa);
    sb_put(s, ", ");
  }
  aa_put_quoted(s, e->text, '"', '"');
  sb_putc(s, ')');
}

static void aa_put_expr(sbuf *s, const aa_expr *e);

static bool aa_is_binary(const aa_expr *e) {
  switch (e->kind) {
  case AA_X_AND:
  case AA_X_OR:
  case AA_X_EQ:
  case AA_X_NEQ:
  case AA_X_PLUS:
  case AA_X_MINUS:
    return true;
  default:
    return false;
  }
}

static const char *aa_binop(int kind) {
  switch (kind) {
  case AA_X_AND:
    return " && ";
  case AA_X_OR:
    return " || ";
  case AA_X_EQ:
    return " == ";
  case AA_X_NEQ:
    return " != ";
  case AA_X_PLUS:
    return " + ";
  default:
    return " - ";
  }
}

/* Binary operators are left-associative, so long chains lean left: walk
 * the left spine with a loop, not recursion, so that no input can exhaust
 * the stack. Right operands are bounded by the nesting limit. */
static void aa_put_binary(sbuf *s, const aa_expr *e) {
  VEC(const aa_expr *) spine = {0};
  while (aa_is_binary(e)) {
    VEC_PUSH(spine, e);
    e = e->a;
  }
  aa_put_expr(s, e);
  for (size_t i = spine.len; i-- > 0;) {
    sb_put(s, aa_binop(spine.data[i]->kind));
    aa_put_expr(s, spine.data[i]->b);
  }
  VEC_FREE(spine);
}

static void aa_put_expr(sbuf *s, const aa_expr *e) {
  switch (e->kind) {
  case AA_X_TRUE:
    sb_put(s, "TRUE");
    break;
  case AA_X_FALSE:
    sb_put(s, "FALSE");
    break;
  case AA_X_MATCH:
    sb_put(s, "MATCH ");
    aa_put_quoted(s, e->text, '"', '"');
    break;
  case AA_X_MATCH_AST:
    sb_put(s, "MATCH ");
    aa_put_quoted(s, e->text, '{', '}');
    break;
  case AA_X_MATCH_REGEX:
    sb_put(s, "MATCH ");
    aa_put_quoted(s, e->text, '[', ']');
    break;
  case AA_X_MATCH_LABEL:
    sb_put(s, "MATCH LABEL ");
    aa_put_quoted(s, e->text, '"', '"');
    break;
  case AA_X_MATCH_LABEL_REGEX:
    sb_put(s, "MATCH LABEL ");
    aa_put_quoted(s, e->text, '[', ']');
    break;
  case AA_X_MATCH_ASSERT:
    sb_put(s, "MATCH ASSERT");
    break;
  case AA_X_MATCH_EXIT:
    sb_put(s, "MATCH EXIT");
    break;
  case AA_X_MATCH_ENTRY:
    sb_put(s, "MATCH ENTRY");
    break;
  case AA_X_MATCH_CALL:
    sb_put(s, "MATCH FUNCTIONCALL ");
    aa_put_quoted(s, e->text, '"', '"');
    break;
  case AA_X_MATCH_LINE:
    sb_put(s, "MATCH LINE ");
    sb_put(s, e->text);
    break;
  case AA_X_MATCH_CONTROL:
    sb_put(s, "MATCH CONTROL ");
    aa_put_quoted(s, e->text, '"', '"');
    break;
  case AA_X_MATCH_RETURN:
    sb_put(s, "MATCH RETURNFROM ");
    aa_put_quoted(s, e->text, '"', '"');
    break;
  case AA_X_MATCH_ENTER:
    sb_put(s, "MATCH ENTERFUNCTION ");
    aa_put_quoted(s, e->text, '"', '"');
    break;
  case AA_X_CHECK:
    aa_put_cpa_query(s, "CHECK", e);
    break;
  case AA_X_CHECK_TARGET:
    sb_put(s, "CHECK(IS_TARGET_STATE)");
    break;
  case AA_X_IS_CALL:
    sb_put(s, "IS_CALL");
    break;
  case AA_X_IS_FEASIBLE:
    sb_put(s, "IS_FEASIBLE");
    break;
  case AA_X_NOT:
    sb_putc(s, '!');
    aa_put_expr(s, e->a);
    break;
  case AA_X_PAREN:
    sb_putc(s, '(');
    aa_put_expr(s, e->a);
    sb_putc(s, ')');
    break;
  case AA_X_INT:
  case AA_X_VAR:
    sb_put(s, e->text);
    break;
  case AA_X_EVAL:
    aa_put_cpa_query(s, "EVAL", e);
    break;
  case AA_X_STRING:
    aa_put_quoted(s, e->text, '"', '"');
    break;
  default:
    aa_put_binary(s, e);
    break;
  }
}

static void aa_put_asserts(sbuf *s, const aa_transition *t) {
  if (!t->more) return;
  for (uint32_t i = 0; i < t->more->nasserts; i++) {
    sb_put(s, "ASSERT ");
    aa_put_expr(s, t->more->asserts[i]);
    sb_putc(s, ' ');
  }
}

static void aa_put_actions(sbuf *s, const aa_transition *t) {
  if (!t->more) return;
  for (uint32_t i = 0; i < t->more->nactions; i++) {
    const aa_action *a = &t->more->actions[i];
    switch (a->kind) {
    case AA_ACT_DO:
      sb_put(s, "DO ");
      sb_put(s, a->name);
      sb_put(s, " = ");
      aa_put_expr(s, a->value);
      break;
    case AA_ACT_PRINT:
      sb_put(s, "PRINT");
      for (uint32_t k = 0; k < a->nargs; k++) {
        sb_putc(s, ' ');
        aa_put_expr(s, a->args[k]);
      }
      break;
    case AA_ACT_MODIFY:
      sb_put(s, "MODIFY(");
      sb_put(s, a->name);
      sb_put(s, ", ");
      aa_put_quoted(s, a->text, '"', '"');
      sb_putc(s, ')');
      break;
    default:
      sb_put(s, "PRINT_CALLS");
      break;
    }
    sb_putc(s, ' ');
  }
}

static void aa_put_goto(sbuf *s, const aa_automaton *a,
                        const aa_transition *t) {
  switch (t->go) {
  case AA_GOTO_STATE:
    sb_put(s, "GOTO ");
    sb_put(s, a ? a->states[t->target].name : "?");
    break;
  case AA_GOTO_ERROR:
    sb_put(s, "ERROR");
    if (t->more && t->more->property) {
      sb_putc(s, '(');
      aa_put_quoted(s, t->more->property, '"', '"');
      sb_putc(s, ')');
    }
    break;
  case AA_GOTO_STOP:
    sb_put(s, "STOP");
    break;
  default:
    sb_put(s, "BREAK");
    break;
  }
}

static void aa_put_transition(sbuf *s, const aa_automaton *a,
                              const aa_transition *t) {
  sb_put(s, "    ");
  aa_put_expr(s, t->trigger);
  sb_put(s, " -> ");
  aa_put_asserts(s, t);
  if (t->assume) {
    sb_put(s, "ASSUME ");
    aa_put_quoted(s, t->assume, '{', '}');
    sb_putc(s, ' ');
  }
  aa_put_actions(s, t);
  aa_put_goto(s, a, t);
  sb_put(s, ";\n");
}

static void aa_put_locals(sbuf *s, const aa_automaton *a, const char *sep) {
  for (uint32_t i = 0; i < a->nlocals; i++) {
    const aa_local *v = &a->locals[i];
    sb_put(s, "LOCAL ");
    sb_put(s, v->type);
    sb_putc(s, ' ');
    sb_put(s, v->name);
    if (v->value) {
      sb_put(s, " = ");
      sb_put(s, v->value);
    }
    sb_putc(s, ';');
    if (i + 1 < a->nlocals || sep[0] == '\n') sb_put(s, sep);
  }
}

static const char *const aa_kind_words[] = {"", "OBSERVER ", "CONTROL "};
static const char *const aa_type_words[] = {"", "TARGET ", "NON_TARGET ",
                                            "UNKNOWN "};
static const char *const aa_mode_words[] = {"", "USEFIRST ", "USEALL "};

static int aa_flush(sbuf *s, FILE *out) {
  int r = s->len && fwrite(s->s, 1, s->len, out) != s->len ? -1 : 0;
  s->len = 0;
  return r;
}

int aa_write_text(const aa_automaton *a, FILE *out, char **err) {
  sbuf s = {0};
  int r = 0;
  errno = 0;
  sb_put(&s, aa_kind_words[a->kind]);
  sb_put(&s, "AUTOMATON ");
  sb_put(&s, a->name);
  sb_put(&s, "\n\n");
  if (a->nlocals) {
    aa_put_locals(&s, a, "\n");
    sb_putc(&s, '\n');
  }
  sb_put(&s, "INITIAL STATE ");
  sb_put(&s, a->states[a->initial].name);
  sb_put(&s, ";\n\n");
  for (uint32_t i = 0; i < a->nstates && !r; i++) {
    const aa_state *st = &a->states[i];
    sb_put(&s, aa_type_words[st->type]);
    sb_put(&s, "STATE ");
    sb_put(&s, aa_mode_words[st->mode]);
    sb_put(&s, st->name);
    sb_put(&s, " :\n");
    for (uint32_t k = st->first; k < st->first + st->count; k++)
      aa_put_transition(&s, a, &a->transitions[k]);
    sb_putc(&s, '\n');
    if (s.len > 65536) r = aa_flush(&s, out);
  }
  sb_put(&s, "END AUTOMATON\n");
  if (!r) r = aa_flush(&s, out);
  sb_free(&s);
  if (!r && fflush(out)) r = -1;
  if (r || ferror(out)) {
    *err =
        mem_printf("writing the automaton: %s", strerror(errno ? errno : EIO));
    return -1;
  }
  return 0;
}

/* The text of s, now the caller's; NULL when it is empty. */
static char *aa_sb_take(sbuf *s) {
  if (!s->len) {
    sb_free(s);
    return NULL;
  }
  return sb_take(s);
}

char *aa_expr_string(const aa_expr *e) {
  sbuf s = {0};
  aa_put_expr(&s, e);
  return aa_sb_take(&s);
}

char *aa_asserts_string(const aa_transition *t) {
  sbuf s = {0};
  aa_put_asserts(&s, t);
  if (s.len) s.s[--s.len] = 0; /* trailing blank */
  return aa_sb_take(&s);
}

char *aa_actions_string(const aa_transition *t) {
  sbuf s = {0};
  aa_put_actions(&s, t);
  if (s.len) s.s[--s.len] = 0;
  return aa_sb_take(&s);
}

char *aa_goto_string(const aa_transition *t) {
  if (t->go == AA_GOTO_STATE) return NULL;
  sbuf s = {0};
  aa_put_goto(&s, NULL, t);
  return aa_sb_take(&s);
}

char *aa_locals_string(const aa_automaton *a) {
  sbuf s = {0};
  aa_put_locals(&s, a, " ");
  return aa_sb_take(&s);
}
