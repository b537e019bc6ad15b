/* testvec: a report's traces as test vectors (see testvec.h). */
#include "testvec.h"

#include "lib/sbuf.h"

#include <stdlib.h>
#include <string.h>

/* values along a trace in a harness's comment, at most */
#define TV_MAX_VALUES 64

static bool tv_ident_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool tv_ident_char(int c) {
  return tv_ident_start(c) || (c >= '0' && c <= '9');
}

static bool tv_is_ident(const char *s) {
  if (!s || !tv_ident_start((unsigned char)*s)) return false;
  for (s++; *s; s++)
    if (!tv_ident_char((unsigned char)*s)) return false;
  return true;
}

/* Does text contain identifier id as a whole token? (Good enough for raw
 * statement texts: a string literal holding the name is harmless here.) */
static bool tv_has_ident(const char *text, const char *id) {
  size_t n = strlen(id);
  for (const char *p = text; (p = strstr(p, id)); p += n) {
    bool before = p > text && tv_ident_char((unsigned char)p[-1]);
    bool after = tv_ident_char((unsigned char)p[n]);
    if (!before && !after) return true;
  }
  return false;
}

/* Can the instrumented copy set the leaf `path` of variable `var` (an
 * uninitialised input)? var must be a C identifier (not a function's
 * result, "f::__retval__"), path a sequence of "[]" and ".field". */
static bool tv_settable(const char *var, const char *path) {
  if (!tv_is_ident(var)) return false;
  for (const char *q = path; *q;) {
    if (q[0] == '[' && q[1] == ']') {
      q += 2;
    } else if (*q == '.' && tv_ident_start((unsigned char)q[1])) {
      for (q++; tv_ident_char((unsigned char)*q); q++) {
      }
    } else {
      return false;
    }
  }
  return true;
}

/* The nth (from 0) call of fn in text, fn as a whole identifier followed
 * by '(', or NULL. */
static const char *tv_nth_call(const char *text, const char *fn, unsigned nth) {
  size_t n = strlen(fn);
  for (const char *p = text; (p = strstr(p, fn)); p += n) {
    if (p > text && tv_ident_char((unsigned char)p[-1])) continue;
    const char *q = p + n;
    while (*q == ' ' || *q == '\t')
      q++;
    if (*q == '(' && nth-- == 0) return p;
  }
  return NULL;
}

/* p at a string or character literal's opening quote: its closing quote,
 * or the first of `end` and the text's end when it is not closed. */
static const char *tv_literal_end(const char *p, const char *end) {
  char q = *p;
  for (p++; p < end && *p && *p != q; p++)
    if (*p == '\\' && p + 1 < end && p[1]) p++;
  return p;
}

/* Where the declarator or comma operand holding text[at] starts: after
 * the last comma before it outside brackets and literals. */
static const char *tv_segment(const char *text, const char *at) {
  const char *start = text;
  int depth = 0;
  for (const char *p = text; p < at; p++) {
    if (*p == '"' || *p == '\'')
      p = tv_literal_end(p, at);
    else if (strchr("([{", *p))
      depth++;
    else if (strchr(")]}", *p))
      depth--;
    else if (*p == ',' && depth == 0)
      start = p + 1;
  }
  return start;
}

/* How many inputs of the same function the statement of ri's step read
 * before ri: the statement's steps (a declaration with several
 * declarators, hoisted calls) share its text and line, and its calls run
 * in the order they are written. */
static unsigned tv_calls_before(const rep_trace *rt, const rep_input *ri) {
  const rep_step *st = &rt->steps.data[ri->step];
  size_t start = ri->step;
  while (start > 0 && rt->steps.data[start - 1].line == st->line &&
         rt->steps.data[start - 1].text && st->text &&
         !strcmp(rt->steps.data[start - 1].text, st->text))
    start--;
  unsigned n = 0;
  for (size_t i = 0; i < rt->inputs.len; i++) {
    const rep_input *o = &rt->inputs.data[i];
    n += o != ri && o->step >= start && o->step < ri->step && o->function &&
         ri->function && !strcmp(o->function, ri->function);
  }
  return n;
}

/* The variable a call input is assigned to, from the step's raw text
 * ("x = f();", "int x = f();", "s.f = f();"; in "int a = f(), b = f();"
 * the nth call of fn is b's), or NULL. */
static const char *tv_receiver(tc_suite *s, const rep_step *st,
                               const char *fn, unsigned nth) {
  const char *t0 = st->text;
  const char *call = t0 ? tv_nth_call(t0, fn, nth) : NULL;
  if (!call) return NULL;
  const char *t = tv_segment(t0, call);
  const char *eq = NULL;
  for (const char *p = t; p < call; p++)
    if (*p == '=' && p[1] != '=' && (p == t || !strchr("=!<>", p[-1]))) eq = p;
  if (!eq) return NULL;
  const char *b = t, *e = eq;
  while (b < e && (*b == ' ' || *b == '\t'))
    b++;
  while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  if (e == b || e - b > 200) return NULL;
  /* "int x", "unsigned char *p": a declaration; keep the last identifier */
  bool decl = false;
  for (const char *p = b; p < e; p++) {
    if (*p == ' ' || *p == '\t') decl = true;
    if (!tv_ident_char((unsigned char)*p) && !strchr(" \t*", *p)) {
      decl = false;
      break;
    }
  }
  if (decl) {
    const char *q = e;
    while (q > b && tv_ident_char((unsigned char)q[-1]))
      q--;
    if (q == e || !tv_ident_start((unsigned char)*q)) return NULL;
    b = q;
  }
  for (const char *p = b; p < e; p++)
    if ((unsigned char)*p < 0x20) return NULL;
  return mem_arena_strndup(s->arena, b, (size_t)(e - b));
}

static bool tv_is_decl(const rep_step *st, const char *var) {
  return st->kind == REP_STEP_DECLARATION && st->text &&
         tv_has_ident(st->text, var);
}

/* Which execution of its declaration an uninitialised input belongs to:
 * the declaration is the nearest declaration step (line at or before the
 * variable's line) that names the variable; executions are counted as
 * runs of that step up to the input's step (`int x, y;` is one step per
 * declarator with the same text). 0: no declaration step. */
static unsigned long tv_exec_of(const rep_trace *t, const rep_input *in,
                                const char *var) {
  unsigned best = 0;
  bool found = false;
  for (size_t j = 0; j <= in->step && j < t->steps.len; j++) {
    const rep_step *st = &t->steps.data[j];
    if (st->line > in->line || !tv_is_decl(st, var)) continue;
    if (!found || st->line > best) best = st->line;
    found = true;
  }
  if (!found) return 0;
  unsigned long runs = 0;
  const rep_step *prev = NULL;
  for (size_t j = 0; j <= in->step && j < t->steps.len; j++) {
    const rep_step *st = &t->steps.data[j];
    bool m = st->line == best && tv_is_decl(st, var);
    if (m && !(prev && !strcmp(prev->text, st->text))) runs++;
    prev = m ? st : NULL;
  }
  return runs;
}

static uint64_t tv_bits(bool neg, uint64_t mag) {
  return neg ? (uint64_t)0 - mag : mag;
}

static const char *tv_decimal(tc_suite *s, bool neg, uint64_t mag) {
  char buf[32];
  snprintf(buf, sizeof buf, "%s%llu", neg && mag ? "-" : "",
           (unsigned long long)mag);
  return tc_strdup(s, buf);
}

/* The IEEE bits of float text v (a report's value: "2.5", "1e+08",
 * "nan", "-inf") of C type `type` (float or double) into *bits; false for
 * another type (long double) or text. */
static bool tv_float_bits(const char *v, const char *type, uint64_t *bits) {
  if (!v || !*v || !type) return false;
  char *end = 0;
  if (!strcmp(type, "float")) {
    float f = strtof(v, &end);
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    *bits = b;
  } else if (!strcmp(type, "double")) {
    double d = strtod(v, &end);
    memcpy(bits, &d, sizeof d);
  } else
    return false;
  return end && !*end;
}

/* An input's value from the model's parsed form. */
static void tv_value(tc_suite *s, tc_input *in, const rep_input *ri) {
  const rep_value *v = &ri->typed;
  switch (v->kind) {
  case REP_VALUE_INT:
    in->bits = tv_bits(v->neg, v->mag);
    in->text = tv_decimal(s, v->neg, v->mag);
    break;
  case REP_VALUE_ARRAY: {
    in->array = true;
    in->nelems = v->nelems;
    tc_elem *e =
        in->nelems ? mem_arena_alloc(s->arena, in->nelems * sizeof *e) : NULL;
    /* appended, never rebuilt per element (that was quadratic: 20,000
     * elements took 6 s) */
    sbuf text = {0};
    sb_putc(&text, '{');
    for (size_t i = 0; i < v->nelems; i++) {
      e[i].k = v->elems[i].index;
      e[i].bits = tv_bits(v->elems[i].neg, v->elems[i].mag);
      sb_printf(&text, "%s[%llu]=%s%llu", i ? ", " : "",
                (unsigned long long)v->elems[i].index,
                v->elems[i].neg && v->elems[i].mag ? "-" : "",
                (unsigned long long)v->elems[i].mag);
    }
    sb_putc(&text, '}');
    in->elems = e;
    in->text = tc_strdup(s, text.s);
    sb_free(&text);
    break;
  }
  case REP_VALUE_FLOAT:
    /* the text reads back as the value (tv_float_bits below) */
    in->text = tc_strdup(s, ri->value);
    break;
  }
}

static void tv_input(tc_suite *s, tc_test *t, const rep_trace *rt,
                     const rep_input *ri) {
  tc_input in;
  memset(&in, 0, sizeof in);
  in.index = ri->index;
  char *fn = rep_input_text(ri); /* the report's name, for messages */
  in.function = tc_strdup(s, fn ? fn : "?");
  mem_free(fn);
  in.line = ri->line;
  in.type = tc_strdup(s, ri->type ? ri->type : "?");
  in.uninit = ri->kind == REP_INPUT_UNINIT;
  tv_value(s, &in, ri);
  if (ri->typed.kind == REP_VALUE_FLOAT || tc_type_float(in.type)) {
    /* its text is its value (smt.h): the IEEE bits of float or double */
    if (!tv_float_bits(ri->value, in.type, &in.bits))
      tc_unfed(s, t,
               "input %u (%s at line %u) is the floating-point value \"%s\" "
               "of type %s, which a harness cannot give",
               in.index, in.function, in.line, ri->value ? ri->value : "?",
               in.type);
  }
  if (ri->kind == REP_INPUT_WRITTEN) {
    const rep_written *w = ri->written;
    tc_written *c = mem_arena_alloc(s->arena, sizeof *c);
    memset(c, 0, sizeof *c);
    c->object = tc_strdup(s, w->object);
    c->call = w->call;
    c->arg = w->arg;
    c->nvia = w->nvia;
    int64_t *via = mem_arena_alloc(s->arena, (w->nvia + 1) * sizeof *via);
    for (size_t k = 0; k < w->nvia; k++)
      via[k] = w->via[k];
    c->via = via;
    c->ndims = w->ndims;
    uint64_t *cs = mem_arena_alloc(s->arena, (2 * w->ndims + 1) * sizeof *cs);
    for (unsigned d = 0; d < w->ndims; d++) {
      cs[d] = w->count[d];
      cs[w->ndims + d] = w->stride[d];
    }
    c->count = cs;
    c->stride = cs + w->ndims;
    const char **ps =
        mem_arena_alloc(s->arena, (w->nparams + 1) * sizeof *ps);
    for (size_t k = 0; k < w->nparams; k++)
      ps[k] = tc_strdup(s, w->params[k]);
    c->params = ps;
    c->nparams = w->nparams;
    in.written = c;
    if (!tv_is_ident(in.function))
      tc_unfed(s, t, "input %u: the function \"%s\" is not a C identifier",
               in.index, in.function);
    else if (!tc_can_define(in.function))
      tc_unfed(s, t, "input %u: %s wrote %s, but the harness cannot define %s "
               "(the C runtime needs it)", in.index, in.function, c->object,
               in.function);
    else if (c->arg < 0 || !c->nvia)
      tc_unfed(s, t,
               "input %u: %s at line %u wrote %s, which the harness cannot "
               "reach from its arguments",
               in.index, in.function, in.line, c->object);
    else if (!tc_type_returnable(in.type) && !in.array)
      tc_unfed(s, t, "input %u: %s wrote %s of type %s, which the harness "
               "cannot write", in.index, in.function, c->object, in.type);
    for (size_t k = 0; k < c->nparams; k++)
      if (!tc_type_returnable(c->params[k]) || tc_type_float(c->params[k]))
        tc_unfed(s, t, "input %u: argument %zu of %s has type %s, which the "
                 "harness cannot take", in.index, k, in.function,
                 c->params[k]);
  } else if (!in.uninit) {
    if (!tv_is_ident(in.function))
      tc_unfed(s, t, "input %u: the function \"%s\" is not a C identifier",
               in.index, in.function);
    else if (in.array || !tc_type_returnable(in.type))
      tc_unfed(s, t, "input %u: %s returns %s, which the harness cannot return",
               in.index, in.function, in.array ? "an array" : in.type);
    else if (ri->step < rt->steps.len)
      in.variable = tv_receiver(s, &rt->steps.data[ri->step], in.function,
                                tv_calls_before(rt, ri));
  } else if (!tv_settable(ri->var, ri->path)) {
    tc_unfed(s, t, "input %u: %s cannot be set by the instrumented copy",
             in.index, in.function);
  } else {
    in.var = tc_strdup(s, ri->var);
    in.path = tc_strdup(s, ri->path);
    in.exec = tv_exec_of(rt, ri, in.var);
    if (!in.exec) {
      tc_unfed(s, t,
               "input %u: the trace has no declaration of %s before step %u, "
               "so its uninitialised value cannot be set",
               in.index, in.var, ri->step);
      in.var = NULL;
    }
  }
  VEC_PUSH(t->inputs, in);
}

static bool tv_blank(const rep_step *st) { return st->kind == REP_STEP_BLANK; }

static void tv_push_line(tc_test *t, unsigned line, bool back) {
  if (back) {
    for (size_t k = 0; k < t->back.len; k++)
      if (t->back.data[k] == line) return;
    VEC_PUSH(t->back, line);
  } else {
    for (size_t k = 0; k < t->lines.len; k++)
      if (t->lines.data[k] == line) return;
    VEC_PUSH(t->lines, line);
  }
}

/* The id names files (ID.xml): no separators, no hidden files, nothing a
 * shell or the harness could take for something else. */
static bool tv_id_ok(const char *id) {
  size_t n = strlen(id);
  if (!n || n > 64 || *id == '.' || *id == '-' || !strcmp(id, "metadata"))
    return false;
  for (const char *p = id; *p; p++)
    if (!tv_ident_char((unsigned char)*p) && *p != '-' && *p != '.')
      return false;
  return true;
}

/* The arguments of the call of fn in a step's text (its first one): their
 * number, or -1 when the text calls no fn. Parentheses, brackets, braces
 * and literals are skipped; only top-level commas separate arguments. */
static int tv_text_args(const char *text, const char *fn) {
  const char *q = text ? tv_nth_call(text, fn, 0) : NULL;
  if (!q) return -1;
  q = strchr(q, '('); /* tv_nth_call found one after fn */
  const char *end = q + strlen(q);
  int depth = 0, args = 0;
  bool any = false;
  for (q++; *q; q++) {
    char c = *q;
    if (c == '"' || c == '\'') {
      q = tv_literal_end(q, end);
      if (!*q) return -1;
      any = true;
    } else if (c == '(' || c == '[' || c == '{')
      depth++, any = true;
    else if (c == ')' || c == ']' || c == '}') {
      if (!depth--) return any ? args + 1 : 0;
    } else if (c == ',' && !depth)
      args++;
    else if (c != ' ' && c != '\t')
      any = true;
  }
  return -1;
}

/* The number of arguments of the call-th call of fn along rt, or -1 when
 * the trace has no such call. */
static int tv_call_args(const rep_trace *rt, const char *fn, unsigned call) {
  unsigned seen = 0;
  for (size_t j = 0; j < rt->steps.len; j++) {
    const rep_step *st = &rt->steps.data[j];
    if (st->kind == REP_STEP_DECLARATION) continue; /* prototypes */
    int a = tv_text_args(st->text, fn);
    if (a >= 0 && ++seen == call) return a;
  }
  return -1;
}

/* The numbers of rt's written inputs that the harness uses to define and
 * call the writing function: the argument (and the types before it) must
 * exist in the call on the trace. NULL, or what is wrong (mem_free). */
static char *tv_check_written(const rep_trace *rt) {
  for (size_t j = 0; j < rt->inputs.len; j++) {
    const rep_input *ri = &rt->inputs.data[j];
    const rep_written *w = ri->written;
    if (!w || w->arg < 0 || !ri->function) continue;
    int n = tv_call_args(rt, ri->function, w->call);
    if (n < 0)
      return mem_printf("inputs[%zu].written.call: the trace has no call %u "
                        "of %s",
                        j, w->call, ri->function);
    if (w->arg >= n || w->nparams > (size_t)n)
      return mem_printf("inputs[%zu].written.arg: argument %d (of %zu typed) "
                        "of a call of %s with %d argument%s",
                        j, w->arg, w->nparams, ri->function, n,
                        n == 1 ? "" : "s");
  }
  return NULL;
}

/* The error location a feasible trace ends at, as the front end makes
 * them (program/frontend.c): the statement calling reach_error,
 * __VERIFIER_error or __assert_fail (glibc's assert, whose text is the
 * macro's), or the label ERROR. Returns the function ("ERROR" for the
 * label), or NULL when the trace ends elsewhere. */
static const char *tv_error_end(const rep_trace *rt) {
  static const char *const calls[] = {"reach_error", "__VERIFIER_error",
                                      "__assert_fail", "assert", 0};
  if (!rt->feasible || !rt->steps.len) return NULL;
  const rep_step *st = &rt->steps.data[rt->steps.len - 1];
  if (!st->text) return NULL;
  if (st->kind == REP_STEP_STATEMENT) {
    const char *t = st->text;
    while (*t == ' ' || *t == '\t' || *t == '(')
      t++;
    for (int i = 0; calls[i]; i++)
      if (tv_nth_call(t, calls[i], 0) == t) return calls[i];
  } else if (st->kind == REP_STEP_BLANK && !strncmp(st->text, "ERROR", 5)) {
    const char *t = st->text + 5;
    while (*t == ' ' || *t == '\t')
      t++;
    if (*t == ':') return "ERROR";
  }
  return NULL;
}

/* Add rt, found at JSON path `at` of the report, as a test. */
static bool tv_add(tc_suite *s, const rep_trace *rt, const char *at,
                   char **err) {
  if (!tv_id_ok(rt->id)) {
    *err = mem_printf("trace id \"%s\" cannot name a file", rt->id);
    return false;
  }
  for (size_t i = 0; i < s->tests.len; i++)
    if (!strcmp(s->tests.data[i].id, rt->id)) {
      *err = mem_printf("trace id \"%s\" occurs twice", rt->id);
      return false;
    }
  char *bad = tv_check_written(rt);
  if (bad) {
    *err = mem_printf("%s.%s", at, bad);
    mem_free(bad);
    return false;
  }
  tc_test t;
  memset(&t, 0, sizeof t);
  t.id = tc_strdup(s, rt->id);
  t.component = rt->component == REP_SAFE ? "safe" : "frontier";
  t.end_function = tc_strdup(s, rt->end_function);
  t.end_line = rt->end_line;
  t.error = tv_error_end(rt);
  if (rt->undefined && rt->ub_step < rt->steps.len) {
    /* the test's end: the undefined operation, which its inputs reach */
    const rep_step *ub = &rt->steps.data[rt->ub_step];
    t.undefined = tc_strdup(s, rt->reason ? rt->reason : "?");
    t.end_function = tc_strdup(s, ub->function);
    t.end_line = ub->line;
  } else if (!rt->feasible)
    tc_unfed(s, &t, "the trace was not proved feasible (%s)",
             rt->reason ? rt->reason : "no reason given");
  for (size_t j = 0; j < rt->steps.len; j++) {
    const rep_step *st = &rt->steps.data[j];
    if (st->function && st->line) tv_push_line(&t, st->line, false);
  }
  /* lines the trace passes by blank edges only (if and loop ends, function
   * starts): gcc may give them no code of their own (the jump over an
   * empty `else {}` belongs to another line) */
  for (size_t k = 0; k < t.lines.len; k++) {
    bool only_blank = true;
    for (size_t j = 0; j < rt->steps.len && only_blank; j++) {
      const rep_step *st = &rt->steps.data[j];
      /* a function's first step (after its call, or main's) is its
       * opening line, which gcc gives code */
      const rep_step *pr = j ? &rt->steps.data[j - 1] : 0;
      bool entry = !pr || !pr->function || pr->kind == REP_STEP_CALL;
      if (st->function && st->line == t.lines.data[k] &&
          (!tv_blank(st) || entry))
        only_blank = false;
    }
    if (only_blank) VEC_PUSH(t.soft, t.lines.data[k]);
  }
  for (size_t j = rt->steps.len; j-- > 0;) {
    const rep_step *st = &rt->steps.data[j];
    if (st->function && st->line) tv_push_line(&t, st->line, true);
  }
  for (size_t j = 0; j < rt->inputs.len; j++)
    tv_input(s, &t, rt, &rt->inputs.data[j]);
  if (rt->values.len) {
    sbuf b = {0};
    /* a comment, not a log: the first TV_MAX_VALUES */
    size_t shown = rt->values.len < TV_MAX_VALUES ? rt->values.len
                                                  : TV_MAX_VALUES;
    for (size_t j = 0; j < shown; j++) {
      const rep_assigned *a = &rt->values.data[j];
      unsigned line = a->step < rt->steps.len ? rt->steps.data[a->step].line
                                              : 0;
      sb_printf(&b, "%sline %u: %s=%s", j ? ", " : "", line, a->lhs,
                a->value);
    }
    if (shown < rt->values.len)
      sb_printf(&b, ", ... (%zu more)", rt->values.len - shown);
    char *v = sb_take(&b);
    t.values = tc_strdup(s, v);
    mem_free(v);
  }
  VEC_PUSH(s->tests, t);
  return true;
}

tc_suite *tv_suite(const rep_report *r, const char *report_path,
                   unsigned components, char **err) {
  *err = NULL;
  tc_suite *s = tc_suite_new();
  s->report_path = tc_strdup(s, report_path);
  s->program_path = tc_strdup(s, r->program_path ? r->program_path : "");
  s->program_sha256 = tc_strdup(s, r->program_sha256);
  /* no automaton: erep verify's report, which is about reaching the error */
  s->verification = !r->aa_path;
  /* the reader took ILP32 or LP64 only; without one the suite's default */
  if (r->limits.has_data_model)
    s->data_model = r->limits.data_model == CFA_LP64 ? "LP64" : "ILP32";
  static const rep_component_kind order[2] = {REP_FRONTIER, REP_SAFE};
  bool ok = true;
  for (int c = 0; c < 2 && ok; c++) {
    if (!(components & (1u << order[c]))) continue;
    const rep_component *co = &r->comp[order[c]];
    for (size_t i = 0; i < co->traces.len && ok; i++) {
      char at[64];
      snprintf(at, sizeof at, "$.components.%s.traces[%zu]",
               order[c] == REP_SAFE ? "safe" : "frontier", i);
      ok = tv_add(s, co->traces.data[i], at, err);
    }
  }
  /* proved up to the undefined operation they end at: fed, flagged */
  for (size_t i = 0; i < r->undefined.len && ok; i++)
    if (components & (1u << r->undefined.data[i]->component)) {
      char at[64];
      snprintf(at, sizeof at, "$.undefined[%zu]", i);
      ok = tv_add(s, r->undefined.data[i], at, err);
    }
  for (size_t i = 0; i < r->unknown.len && ok; i++)
    if ((components & TV_UNKNOWN) &&
        (components & (1u << r->unknown.data[i]->component))) {
      char at[64];
      snprintf(at, sizeof at, "$.unknown[%zu]", i);
      ok = tv_add(s, r->unknown.data[i], at, err);
    }
  if (!ok) {
    tc_suite_free(s);
    return NULL;
  }
  return s;
}
