/* testcomp: reports as Test-Comp suites, C harnesses and instrumented
 * programs (see testcomp.h). */
#include "formats/testcomp.h"
#include "lib/esc.h"
#include "lib/file.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <libxml/xmlwriter.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------- small helpers ---------- */


static void tc_warn(tc_suite *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  VEC_PUSH(s->warnings, m);
}

static bool tc_is_ident_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool tc_is_ident_char(int c) {
  return tc_is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool tc_is_ident(const char *s) {
  if (!tc_is_ident_start((unsigned char)*s)) return false;
  for (s++; *s; s++)
    if (!tc_is_ident_char((unsigned char)*s)) return false;
  return true;
}

/* Does text contain identifier id as a whole token? (Good enough for raw
 * statement texts: a string literal holding the name is harmless here.) */
static bool tc_has_ident(const char *text, const char *id) {
  size_t n = strlen(id);
  for (const char *p = text; (p = strstr(p, id)); p += n) {
    bool before = p > text && tc_is_ident_char((unsigned char)p[-1]);
    bool after = tc_is_ident_char((unsigned char)p[n]);
    if (!before && !after) return true;
  }
  return false;
}

/* A decimal integer (optionally negative) as 64 bits, two's complement. */
static bool tc_parse_int(const char *s, unsigned long long *bits) {
  bool neg = *s == '-';
  const char *d = s + neg;
  if (!*d || strlen(d) > 20) return false;
  for (const char *p = d; *p; p++)
    if (*p < '0' || *p > '9') return false;
  errno = 0;
  unsigned long long v = strtoull(d, NULL, 10);
  if (errno) return false;
  if (neg && v > (1ull << 63)) return false;
  *bits = neg ? (unsigned long long)0 - v : v;
  return true;
}

static bool tc_parse_float(const char *s, double *d) {
  char *end;
  errno = 0;
  *d = strtod(s, &end);
  return end != s && !*end && !errno && *d - *d == 0; /* finite */
}

/* How a C type spelling (canonical, as the front end writes it) is
 * returned by a harness function. */
typedef enum { TC_INT, TC_BOOL, TC_FLOAT, TC_PTR, TC_OTHER } tc_tkind;

static const char *const tc_int_types[] = {
    "char",           "signed char", "unsigned char",      "short",
    "unsigned short", "int",         "unsigned int",       "long",
    "unsigned long",  "long long",   "unsigned long long", 0};

static tc_tkind tc_type_kind(const char *t) {
  if (strchr(t, '*') || strchr(t, '(')) return TC_PTR;
  if (!strcmp(t, "_Bool")) return TC_BOOL;
  if (!strcmp(t, "float") || !strcmp(t, "double") || !strcmp(t, "long double"))
    return TC_FLOAT;
  for (int i = 0; tc_int_types[i]; i++)
    if (!strcmp(t, tc_int_types[i])) return TC_INT;
  if (!strncmp(t, "enum ", 5)) return TC_INT;
  return TC_OTHER;
}

/* The return type a harness function is defined with. Pointers become
 * void * and enums int: the same registers, and no struct names needed. */
static const char *tc_ret_type(const char *t) {
  switch (tc_type_kind(t)) {
  case TC_PTR:
    return "void *";
  case TC_BOOL:
    return "_Bool";
  case TC_FLOAT:
    return t;
  case TC_INT:
    return strncmp(t, "enum ", 5) ? t : "int";
  default:
    return "long long";
  }
}

/* ---------- array values: "{1, 2, 3}" or "{[4]=7, default=0}" ---------- */

typedef struct {
  unsigned long long k;
  const char *v; /* points into a copy owned by the caller */
} tc_elem;

typedef struct {
  VEC(tc_elem) elems;
  const char *dflt; /* NULL: 0 */
  char *buf;
} tc_array;

static void tc_array_free(tc_array *a) {
  VEC_FREE(a->elems);
  mem_free(a->buf);
}

static char *tc_trim(char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
    s[--n] = 0;
  return s;
}

/* Parse an array value; each element must satisfy ok(). */
static bool tc_parse_array(const char *value, bool fp, tc_array *a) {
  memset(a, 0, sizeof *a);
  size_t n = strlen(value);
  if (n < 2 || value[0] != '{' || value[n - 1] != '}') return false;
  a->buf = mem_strndup(value + 1, n - 2);
  char *p = a->buf;
  if (!*tc_trim(p)) return true;
  unsigned long long next = 0;
  for (;;) {
    char *comma = strchr(p, ',');
    if (comma) *comma = 0;
    char *item = tc_trim(p);
    const char *val = item;
    tc_elem e = {next, 0};
    if (*item == '[') {
      char *close = strchr(item, ']');
      if (!close || close[1] != '=') goto bad;
      *close = 0;
      unsigned long long k;
      if (!tc_parse_int(tc_trim(item + 1), &k) || item[1] == '-') goto bad;
      e.k = k;
      val = tc_trim(close + 2);
    } else if (!strncmp(item, "default=", 8)) {
      val = tc_trim(item + 8);
      if (a->dflt) goto bad;
      a->dflt = val;
      e.k = ULLONG_MAX;
    }
    unsigned long long bits;
    double d;
    if (!(fp ? tc_parse_float(val, &d) : tc_parse_int(val, &bits)) &&
        strcmp(val, "?"))
      goto bad;
    if (e.k != ULLONG_MAX) {
      e.v = val;
      VEC_PUSH(a->elems, e);
      next = e.k + 1;
    }
    if (!comma) break;
    p = comma + 1;
  }
  return true;
bad:
  tc_array_free(a);
  return false;
}

/* ---------- reading the report ---------- */

typedef struct {
  const char *file;
  char *err;
} tc_rd;

static bool tc_bad(tc_rd *r, const char *where, const char *fmt, ...) {
  if (r->err) return false;
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  r->err = where && *where ? mem_printf("%s: %s: %s", r->file, where, m)
                           : mem_printf("%s: %s", r->file, m);
  mem_free(m);
  return false;
}

static const char *tc_type_name(const json_t *j) {
  switch (json_typeof(j)) {
  case JSON_OBJECT:
    return "an object";
  case JSON_ARRAY:
    return "an array";
  case JSON_STRING:
    return "a string";
  case JSON_INTEGER:
    return "an integer";
  case JSON_REAL:
    return "a number";
  case JSON_TRUE:
  case JSON_FALSE:
    return "a boolean";
  default:
    return "null";
  }
}

/* Member `key` of object o, of type `want`; NULL (and an error unless
 * optional) when missing, null (if nullable) or of another type. */
static json_t *tc_member(tc_rd *r, json_t *o, const char *where,
                         const char *key, json_type want, bool optional,
                         bool nullable) {
  json_t *j = json_object_get(o, key);
  char *w = where && *where ? mem_printf("%s.%s", where, key) : mem_strdup(key);
  if (!j) {
    if (!optional) tc_bad(r, where, "missing field \"%s\"", key);
  } else if (json_is_null(j) && nullable) {
    j = NULL;
  } else if (json_typeof(j) != want &&
             !(want == JSON_TRUE && json_is_boolean(j))) {
    static const char *names[] = {"an object",  "an array", "a string",
                                  "an integer", "a number", "a boolean",
                                  "a boolean",  "null"};
    tc_bad(r, w, "expected %s%s, found %s", names[want],
           nullable ? " or null" : "", tc_type_name(j));
    j = NULL;
  }
  mem_free(w);
  return j;
}

static const char *tc_str(tc_rd *r, tc_suite *s, json_t *o, const char *where,
                          const char *key, bool nullable) {
  json_t *j = tc_member(r, o, where, key, JSON_STRING, false, nullable);
  return j ? mem_arena_strdup(s->arena, json_string_value(j)) : NULL;
}

static bool tc_uint(tc_rd *r, json_t *o, const char *where, const char *key,
                    unsigned *out) {
  json_t *j = tc_member(r, o, where, key, JSON_INTEGER, false, false);
  if (!j) return false;
  json_int_t v = json_integer_value(j);
  if (v < 0 || v > UINT_MAX)
    return tc_bad(r, where, "\"%s\" is out of range (%" JSON_INTEGER_FORMAT ")",
                  key, v);
  *out = (unsigned)v;
  return true;
}

/* Split "uninitialised:<var><path>" into var and path; false when the
 * name is not of that grammar (e.g. "f::__retval__"). */
static bool tc_split_uninit(mem_arena *A, const char *name, const char **var,
                            const char **path) {
  const char *p = name + strlen("uninitialised:");
  const char *q = p;
  if (!tc_is_ident_start((unsigned char)*q)) return false;
  while (tc_is_ident_char((unsigned char)*q))
    q++;
  const char *rest = q;
  while (*q) {
    if (q[0] == '[' && q[1] == ']') {
      q += 2;
    } else if (*q == '.' && tc_is_ident_start((unsigned char)q[1])) {
      for (q++; tc_is_ident_char((unsigned char)*q); q++) {
      }
    } else {
      return false;
    }
  }
  *var = mem_arena_strndup(A, p, (size_t)(rest - p));
  *path = mem_arena_strdup(A, rest);
  return true;
}

/* The variable a call input is assigned to, from the step's raw text
 * ("x = f();", "int x = f();", "s.f = f();"), or NULL. */
static const char *tc_receiver(mem_arena *A, const tc_step *st,
                               const char *fn) {
  const char *t = st->text;
  const char *call = strstr(t, fn);
  if (!call) return NULL;
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
    if (!tc_is_ident_char((unsigned char)*p) && !strchr(" \t*", *p)) {
      decl = false;
      break;
    }
  }
  if (decl) {
    const char *q = e;
    while (q > b && tc_is_ident_char((unsigned char)q[-1]))
      q--;
    if (q == e || !tc_is_ident_start((unsigned char)*q)) return NULL;
    b = q;
  }
  for (const char *p = b; p < e; p++)
    if ((unsigned char)*p < 0x20) return NULL;
  return mem_arena_strndup(A, b, (size_t)(e - b));
}

/* Which execution of its declaration an uninitialised input belongs to:
 * the declaration is the nearest declaration step (line at or before the
 * variable's line) that names the variable; executions are counted as
 * runs of that step up to the input's step (`int x, y;` is one step per
 * declarator with the same text). */
static unsigned long tc_exec_of(const tc_test *t, const tc_input *in) {
  unsigned best = 0;
  bool found = false;
  for (size_t j = 0; j <= in->step && j < t->steps.len; j++) {
    const tc_step *st = &t->steps.data[j];
    if (strcmp(st->kind, "declaration") || st->line > in->line ||
        !tc_has_ident(st->text, in->var))
      continue;
    if (!found || st->line > best) best = st->line;
    found = true;
  }
  if (!found) return 0;
  unsigned long runs = 0;
  const tc_step *prev = NULL;
  for (size_t j = 0; j <= in->step && j < t->steps.len; j++) {
    const tc_step *st = &t->steps.data[j];
    bool m = !strcmp(st->kind, "declaration") && st->line == best &&
             tc_has_ident(st->text, in->var);
    if (m && !(prev && !strcmp(prev->text, st->text))) runs++;
    prev = m ? st : NULL;
  }
  return runs;
}

static bool tc_read_input(tc_rd *r, tc_suite *s, tc_test *t, json_t *j,
                          const char *where) {
  tc_input in;
  memset(&in, 0, sizeof in);
  if (!json_is_object(j))
    return tc_bad(r, where, "expected an object, found %s", tc_type_name(j));
  if (!tc_uint(r, j, where, "index", &in.index) ||
      !(in.function = tc_str(r, s, j, where, "function", false)) ||
      !tc_uint(r, j, where, "line", &in.line) ||
      !(in.type = tc_str(r, s, j, where, "type", false)) ||
      !(in.value = tc_str(r, s, j, where, "value", false)) ||
      !tc_uint(r, j, where, "step", &in.step))
    return false;
  if (in.step >= t->steps.len)
    return tc_bad(r, where, "\"step\" %u is past the trace's %zu steps",
                  in.step, t->steps.len);
  in.uninit = !strncmp(in.function, "uninitialised:", 14);
  bool fp = tc_type_kind(in.type) == TC_FLOAT;
  size_t tl = strlen(in.type);
  bool array = tl > 2 && !strcmp(in.type + tl - 2, "[]");
  if (array) {
    char *elem = mem_strndup(in.type, tl - 2);
    fp = tc_type_kind(elem) == TC_FLOAT;
    mem_free(elem);
    tc_array a;
    if (!in.uninit || !tc_parse_array(in.value, fp, &a))
      return tc_bad(r, where, "value \"%s\" of type %s is not an array value",
                    in.value, in.type);
    tc_array_free(&a);
  } else if (strcmp(in.value, "?")) {
    unsigned long long bits;
    double d;
    if (fp ? !tc_parse_float(in.value, &d) : !tc_parse_int(in.value, &bits))
      return tc_bad(r, where, "value \"%s\" is not a %s of 64 bits", in.value,
                    fp ? "number" : "decimal integer");
  }
  if (!in.uninit) {
    if (!tc_is_ident(in.function))
      return tc_bad(r, where, "function \"%s\" is not a C identifier",
                    in.function);
    if (array || tc_type_kind(in.type) == TC_OTHER)
      tc_warn(s, "%s: %s: %s returns %s, fed as long long", r->file, where,
              in.function, in.type);
    in.variable = tc_receiver(s->arena, &t->steps.data[in.step], in.function);
  } else if (!tc_split_uninit(s->arena, in.function, &in.var, &in.path)) {
    tc_warn(s, "%s: trace %s: %s cannot be set by the instrumented copy",
            r->file, t->id, in.function);
  } else {
    in.exec = tc_exec_of(t, &in);
    if (!in.exec)
      tc_warn(s, "%s: trace %s: no declaration step of %s before step %u",
              r->file, t->id, in.var, in.step);
  }
  VEC_PUSH(t->inputs, in);
  return true;
}

static bool tc_read_trace(tc_rd *r, tc_suite *s, json_t *j, const char *comp,
                          const char *where) {
  if (!json_is_object(j))
    return tc_bad(r, where, "expected an object, found %s", tc_type_name(j));
  const char *id = tc_str(r, s, j, where, "id", false);
  const char *feas = id ? tc_str(r, s, j, where, "feasibility", false) : NULL;
  json_t *steps =
      feas ? tc_member(r, j, where, "steps", JSON_ARRAY, false, false) : NULL;
  json_t *inputs =
      steps ? tc_member(r, j, where, "inputs", JSON_ARRAY, false, false) : NULL;
  if (!inputs) return false;
  if (strcmp(feas, "feasible")) {
    s->unknown++;
    return true;
  }
  /* the id names a file: no separators, no hidden files, no surprises */
  if (!*id || strlen(id) > 64 || *id == '.' || *id == '-')
    return tc_bad(r, where, "trace id \"%s\" cannot name a file", id);
  for (const char *p = id; *p; p++)
    if (!tc_is_ident_char((unsigned char)*p) && *p != '-' && *p != '.')
      return tc_bad(r, where, "trace id \"%s\" cannot name a file", id);
  if (!strcmp(id, "metadata") || !strcmp(id, "harness"))
    return tc_bad(r, where, "trace id \"%s\" is reserved", id);
  for (size_t i = 0; i < s->tests.len; i++)
    if (!strcmp(s->tests.data[i].id, id))
      return tc_bad(r, where, "trace id \"%s\" occurs twice", id);
  tc_test t;
  memset(&t, 0, sizeof t);
  t.id = id;
  t.component = comp;
  char w[256];
  bool ok = true;
  for (size_t i = 0; ok && i < json_array_size(steps); i++) {
    json_t *sj = json_array_get(steps, i);
    snprintf(w, sizeof w, "%s.steps[%zu]", where, i);
    tc_step st;
    if (!json_is_object(sj)) {
      ok = tc_bad(r, w, "expected an object, found %s", tc_type_name(sj));
      break;
    }
    ok = tc_uint(r, sj, w, "line", &st.line);
    if (ok) {
      json_t *f = tc_member(r, sj, w, "function", JSON_STRING, false, true);
      ok = !r->err;
      st.function = f ? mem_arena_strdup(s->arena, json_string_value(f)) : 0;
    }
    ok = ok && (st.kind = tc_str(r, s, sj, w, "kind", false)) &&
         (st.text = tc_str(r, s, sj, w, "text", false));
    if (ok) VEC_PUSH(t.steps, st);
  }
  for (size_t i = 0; ok && i < json_array_size(inputs); i++) {
    snprintf(w, sizeof w, "%s.inputs[%zu]", where, i);
    ok = tc_read_input(r, s, &t, json_array_get(inputs, i), w);
  }
  if (!ok) {
    VEC_FREE(t.steps);
    VEC_FREE(t.inputs);
    return false;
  }
  VEC_PUSH(s->tests, t);
  return true;
}

static bool tc_read_json(tc_rd *r, tc_suite *s, json_t *root) {
  if (!json_is_object(root))
    return tc_bad(r, NULL, "expected a JSON object, found %s",
                  tc_type_name(root));
  const char *format = tc_str(r, s, root, "", "format", false);
  if (!format) return false;
  if (strcmp(format, "erep-report"))
    return tc_bad(r, "format", "\"%s\" is not an erep report", format);
  json_t *v = tc_member(r, root, "", "version", JSON_INTEGER, false, false);
  if (!v) return false;
  if (json_integer_value(v) != 1)
    return tc_bad(r, "version",
                  "version %" JSON_INTEGER_FORMAT " is not supported (1 is)",
                  json_integer_value(v));
  json_t *prog = tc_member(r, root, "", "program", JSON_OBJECT, false, false);
  if (!prog || !(s->program_path = tc_str(r, s, prog, "program", "path", 0)))
    return false;
  if (!*s->program_path) return tc_bad(r, "program.path", "empty");
  s->program_sha256 = tc_str(r, s, prog, "program", "sha256", true);
  if (r->err) return false;
  if (s->program_sha256) {
    bool hex = strlen(s->program_sha256) == 64;
    for (const char *p = s->program_sha256; hex && *p; p++)
      hex = (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f');
    if (!hex)
      return tc_bad(r, "program.sha256", "\"%s\" is not a SHA-256 in hex",
                    s->program_sha256);
  }
  s->data_model = "ILP32";
  json_t *an = tc_member(r, root, "", "analysis", JSON_OBJECT, true, false);
  json_t *lim =
      an ? tc_member(r, an, "analysis", "limits", JSON_OBJECT, true, false)
         : NULL;
  json_t *dm = lim ? tc_member(r, lim, "analysis.limits", "data_model",
                               JSON_STRING, true, true)
                   : NULL;
  if (r->err) return false;
  if (dm) {
    const char *d = json_string_value(dm);
    if (strcmp(d, "ILP32") && strcmp(d, "LP64"))
      return tc_bad(r, "analysis.limits.data_model",
                    "\"%s\" is neither ILP32 nor LP64", d);
    s->data_model = !strcmp(d, "LP64") ? "LP64" : "ILP32";
  }
  json_t *comps =
      tc_member(r, root, "", "components", JSON_OBJECT, false, false);
  if (!comps) return false;
  static const char *const names[] = {"frontier", "safe"};
  for (int c = 0; c < 2; c++) {
    char w[64];
    snprintf(w, sizeof w, "components.%s", names[c]);
    json_t *co =
        tc_member(r, comps, "components", names[c], JSON_OBJECT, true, false);
    json_t *tr =
        co ? tc_member(r, co, w, "traces", JSON_ARRAY, false, false) : NULL;
    if (r->err) return false;
    for (size_t i = 0; tr && i < json_array_size(tr); i++) {
      char wt[96];
      snprintf(wt, sizeof wt, "%s.traces[%zu]", w, i);
      if (!tc_read_trace(r, s, json_array_get(tr, i), names[c], wt))
        return false;
    }
  }
  json_t *unk = tc_member(r, root, "", "unknown", JSON_ARRAY, true, false);
  if (r->err) return false;
  if (unk) s->unknown += json_array_size(unk);
  return true;
}

tc_suite *tc_suite_read(const char *path, char **err) {
  size_t len;
  char *buf = file_read(path, TC_MAX_REPORT_BYTES, &len, err);
  if (!buf) return NULL;
  json_error_t je;
  json_t *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
  mem_free(buf);
  if (!root) {
    *err = mem_printf("%s:%d:%d: not valid JSON: %s", path, je.line, je.column,
                      je.text);
    return NULL;
  }
  tc_suite *s = mem_calloc(1, sizeof *s);
  s->arena = mem_arena_new();
  s->report_path = mem_arena_strdup(s->arena, path);
  tc_rd r = {path, NULL};
  bool ok = tc_read_json(&r, s, root);
  json_decref(root);
  if (!ok) {
    *err = r.err ? r.err : mem_printf("%s: not a valid report", path);
    tc_suite_free(s);
    return NULL;
  }
  return s;
}

void tc_suite_free(tc_suite *s) {
  if (!s) return;
  for (size_t i = 0; i < s->tests.len; i++) {
    VEC_FREE(s->tests.data[i].steps);
    VEC_FREE(s->tests.data[i].inputs);
  }
  VEC_FREE(s->tests);
  for (size_t i = 0; i < s->warnings.len; i++)
    mem_free(s->warnings.data[i]);
  VEC_FREE(s->warnings);
  mem_arena_free(s->arena);
  mem_free(s);
}

bool tc_has_uninit(const tc_suite *s) {
  for (size_t i = 0; i < s->tests.len; i++)
    for (size_t j = 0; j < s->tests.data[i].inputs.len; j++)
      if (s->tests.data[i].inputs.data[j].uninit) return true;
  return false;
}

/* ---------- Test-Comp XML ---------- */

#define TC_TESTCASE_PUBID                                                      \
  "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN"
#define TC_TESTCASE_SYSID "https://sosy-lab.org/test-format/testcase-1.1.dtd"
#define TC_METADATA_PUBID                                                      \
  "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN"
#define TC_METADATA_SYSID                                                      \
  "https://sosy-lab.org/test-format/test-metadata-1.1.dtd"
#define TC_SPEC "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )"

typedef struct {
  xmlBufferPtr buf;
  xmlTextWriterPtr w;
  int failed;
} tc_xml;

#define TC_X(x, call)                                                          \
  do {                                                                         \
    if (!(x)->failed && (call) < 0) (x)->failed = 1;                           \
  } while (0)

/* Text for XML 1.0, which cannot carry most control characters: they
 * become visible escapes (lib/esc), as on the terminal. */
static char *tc_xml_text(const char *s) {
  return esc_text(s, ESC_KEEP_TAB | ESC_KEEP_NL);
}

static bool tc_xml_start(tc_xml *x, const char *root, const char *pubid,
                         const char *sysid) {
  x->failed = 0;
  x->buf = xmlBufferCreate();
  x->w = x->buf ? xmlNewTextWriterMemory(x->buf, 0) : NULL;
  if (!x->w) return false;
  TC_X(x, xmlTextWriterStartDocument(x->w, "1.0", "UTF-8", "no"));
  /* the DOCTYPE on one line, as every Test-Comp producer writes it
   * (with indentation on, libxml2 breaks it before the system id) */
  TC_X(x, xmlTextWriterWriteDTD(x->w, BAD_CAST root, BAD_CAST pubid,
                                BAD_CAST sysid, NULL));
  TC_X(x, xmlTextWriterWriteRaw(x->w, BAD_CAST "\n"));
  TC_X(x, xmlTextWriterSetIndent(x->w, 1));
  TC_X(x, xmlTextWriterSetIndentString(x->w, BAD_CAST "  "));
  TC_X(x, xmlTextWriterStartElement(x->w, BAD_CAST root));
  return true;
}

static void tc_xml_elem(tc_xml *x, const char *name, const char *text) {
  char *t = tc_xml_text(text);
  TC_X(x, xmlTextWriterWriteElement(x->w, BAD_CAST name, BAD_CAST t));
  mem_free(t);
}

static int tc_xml_finish(tc_xml *x, FILE *out, const char *what, char **err) {
  int rc = 0;
  if (x->w) {
    TC_X(x, xmlTextWriterEndElement(x->w));
    TC_X(x, xmlTextWriterEndDocument(x->w));
    xmlFreeTextWriter(x->w); /* flushes into buf */
  }
  if (!x->w || !x->buf || x->failed) {
    *err = mem_printf("writing the XML of %s failed (libxml2)", what);
    rc = -1;
  } else {
    size_t n = (size_t)xmlBufferLength(x->buf);
    if (fwrite(xmlBufferContent(x->buf), 1, n, out) != n) {
      *err = mem_printf("writing %s: %s", what, strerror(errno));
      rc = -1;
    }
  }
  if (x->buf) xmlBufferFree(x->buf);
  return rc;
}

int tc_write_metadata(const tc_suite *s, FILE *out, const char *producer,
                      time_t created, char **err) {
  *err = NULL;
  tc_xml x;
  if (!tc_xml_start(&x, "test-metadata", TC_METADATA_PUBID, TC_METADATA_SYSID))
    x.failed = 1;
  if (x.w) {
    char when[32];
    struct tm tm;
    gmtime_r(&created, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    tc_xml_elem(&x, "sourcecodelang", "C");
    tc_xml_elem(&x, "producer", producer);
    tc_xml_elem(&x, "specification", TC_SPEC);
    tc_xml_elem(&x, "programfile", s->program_path);
    tc_xml_elem(&x, "programhash", s->program_sha256 ? s->program_sha256 : "");
    tc_xml_elem(&x, "entryfunction", "main");
    tc_xml_elem(&x, "architecture",
                !strcmp(s->data_model, "LP64") ? "64bit" : "32bit");
    tc_xml_elem(&x, "creationtime", when);
  }
  return tc_xml_finish(&x, out, "metadata.xml", err);
}

int tc_write_testcase(const tc_test *t, FILE *out, char **err) {
  *err = NULL;
  tc_xml x;
  if (!tc_xml_start(&x, "testcase", TC_TESTCASE_PUBID, TC_TESTCASE_SYSID))
    x.failed = 1;
  size_t uninit = 0;
  if (x.w) {
    TC_X(&x, xmlTextWriterWriteAttribute(x.w, BAD_CAST "coversError",
                                         BAD_CAST "false"));
    for (size_t i = 0; i < t->inputs.len; i++) {
      const tc_input *in = &t->inputs.data[i];
      if (in->uninit) {
        uninit++;
        continue;
      }
      char *ty = tc_xml_text(in->type);
      TC_X(&x, xmlTextWriterStartElement(x.w, BAD_CAST "input"));
      TC_X(&x, xmlTextWriterWriteAttribute(x.w, BAD_CAST "type", BAD_CAST ty));
      if (in->variable) {
        char *v = tc_xml_text(in->variable);
        TC_X(&x,
             xmlTextWriterWriteAttribute(x.w, BAD_CAST "variable", BAD_CAST v));
        mem_free(v);
      }
      /* "?": the solver left the value open; any value will do */
      TC_X(&x, xmlTextWriterWriteString(
                   x.w, BAD_CAST(strcmp(in->value, "?") ? in->value : "0")));
      TC_X(&x, xmlTextWriterEndElement(x.w));
      mem_free(ty);
    }
    if (uninit) {
      char c[160];
      snprintf(c, sizeof c,
               " and %zu value%s of uninitialised locals: set by the "
               "instrumented program with harness.c ",
               uninit, uninit == 1 ? "" : "s");
      TC_X(&x, xmlTextWriterWriteComment(x.w, BAD_CAST c));
    }
  }
  char what[96];
  snprintf(what, sizeof what, "%s.xml", t->id);
  return tc_xml_finish(&x, out, what, err);
}

/* ---------- the lines each test must execute ---------- */

int tc_write_lines(const tc_suite *s, FILE *out, char **err) {
  *err = NULL;
  fprintf(out, "# erep tests: per test, the lines of its steps inside "
               "functions, in trace order\n# (tests/replay.sh checks that a "
               "run of the test executes each of them)\n");
  VEC(unsigned) seen = {0};
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    seen.len = 0;
    fputs(t->id, out);
    for (size_t j = 0; j < t->steps.len; j++) {
      const tc_step *st = &t->steps.data[j];
      if (!st->function || !st->line) continue;
      bool dup = false;
      for (size_t k = 0; k < seen.len && !dup; k++)
        dup = seen.data[k] == st->line;
      if (dup) continue;
      VEC_PUSH(seen, st->line);
      fprintf(out, " %u", st->line);
    }
    fputc('\n', out);
  }
  VEC_FREE(seen);
  if (ferror(out)) {
    *err = mem_printf("writing trace-lines.txt: %s", strerror(errno));
    return -1;
  }
  return 0;
}

/* ---------- the C harness ---------- */

/* A C string literal for s. */
static void tc_cstr(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(out, "\\%c", *p);
    else if (*p < 0x20 || *p >= 0x7f || *p == '?')
      fprintf(out, "\\%03o", *p); /* '?': no trigraphs */
    else
      fputc(*p, out);
  }
  fputc('"', out);
}

/* A comment body: foreign text escaped (lib/esc), no "*\/" inside. */
static void tc_ccomment(FILE *out, const char *s) {
  char *e = esc_text(s, 0);
  for (const char *p = e; *p; p++) {
    fputc(*p, out);
    if (*p == '*' && p[1] == '/') fputc(' ', out);
  }
  mem_free(e);
}

/* Value bits and floating value of a scalar value text. */
static void tc_value(const char *v, bool fp, unsigned long long *bits,
                     double *d) {
  *bits = 0;
  *d = 0;
  if (!strcmp(v, "?")) return;
  if (fp)
    tc_parse_float(v, d);
  else
    tc_parse_int(v, bits);
}

/* The standard nondeterministic functions (SV-COMP rules), defined weakly
 * so that any program links. */
static const char *const tc_std_nondet[][2] = {
    {"bool", "_Bool"},
    {"char", "char"},
    {"uchar", "unsigned char"},
    {"short", "short"},
    {"ushort", "unsigned short"},
    {"int", "int"},
    {"uint", "unsigned int"},
    {"unsigned", "unsigned int"},
    {"long", "long"},
    {"ulong", "unsigned long"},
    {"longlong", "long long"},
    {"ulonglong", "unsigned long long"},
    {"float", "float"},
    {"double", "double"},
    {"pointer", "void *"},
    {"pchar", "char *"},
    {"size_t", "unsigned long"},
    {"loff_t", "long long"},
    {"sector_t", "unsigned long"},
    {"pthread_t", "unsigned long"},
    {"u8", "unsigned char"},
    {"u16", "unsigned short"},
    {"u32", "unsigned int"},
    {0, 0}};

/* Functions the harness must never define: the C runtime, libgcov and the
 * harness itself use them. Their inputs stay with the real function. */
static const char *const tc_keep[] = {
    "malloc",  "calloc",    "realloc",  "free",     "getenv",   "strcmp",
    "strlen",  "memcpy",    "memset",   "memmove",  "memcmp",   "fopen",
    "fclose",  "fwrite",    "fread",    "fflush",   "fputs",    "fputc",
    "fprintf", "printf",    "sprintf",  "snprintf", "vfprintf", "write",
    "read",    "open",      "close",    "lseek",    "fcntl",    "getpid",
    "signal",  "sigaction", "raise",    "kill",     "exit",     "_exit",
    "abort",   "atexit",    "strtoull", "strtoll",  "strtol",   "strtoul",
    "mkdir",   "access",    "unlink",   "rename",   "fdopen",   "fileno",
    "setvbuf", "puts",      "putchar",  0};

static bool tc_kept(const char *fn) {
  for (int i = 0; tc_keep[i]; i++)
    if (!strcmp(tc_keep[i], fn)) return true;
  return false;
}

typedef struct {
  const char *fn, *type;
} tc_fndef;

typedef struct {
  const char *var, *path;
  unsigned line;
} tc_key;

static const char tc_harness_head[] =
    "/* Runs the program along one trace of the report: every\n"
    " * __VERIFIER_nondet_* function and every undefined function whose\n"
    " * result a trace uses returns the selected test's next value, in trace\n"
    " * order; the instrumented copy of the program (if any) takes the values\n"
    " * of uninitialised locals from here too.\n"
    " *\n"
    " *   gcc -c harness.c && gcc PROGRAM.erep.c harness.o -o prog\n"
    " *   EREP_TEST=F1 ./prog\n"
    " *\n"
    " * For coverage, compile the program with --coverage and link with\n"
    " * --coverage -Wl,-u,__gcov_dump (libgcov's dump is then linked in and\n"
    " * called even when the run ends by a signal).\n"
    " *\n"
    " * EREP_TEST names the test (a trace id; required). The run ends when\n"
    " * the program asks for a value after the test's last one (the trace\n"
    " * is over): stdio and coverage data are flushed (__gcov_dump when\n"
    " * linked with --coverage) and the process exits with status 0. It\n"
    " * also flushes coverage data on SIGABRT, SIGTERM, SIGINT, SIGSEGV,\n"
    " * SIGFPE, SIGBUS, SIGALRM and SIGHUP (abort(), a timeout) before dying\n"
    " * of the signal (SIGTERM, SIGINT, SIGALRM, SIGHUP: at the instrumented\n"
    " * program's next block, see erep_on_stop). Exit status 3: the program "
    "asked for another function's\n"
    " * value than the trace does, an assumption failed before the end of\n"
    " * the trace, or the program ended with values left (the run left the\n"
    " * trace); 2: no or unknown EREP_TEST;\n"
    " * 1: __VERIFIER_error was called (unless the program defines it).\n"
    " * EREP_HARNESS_VERBOSE=1 reports how the run ended on stderr.\n"
    " * The functions the program takes values from are weak: the program's\n"
    " * own definitions win. */\n"
    "#include <signal.h>\n"
    "#include <stddef.h>\n"
    "#include <stdint.h>\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "#include <unistd.h>\n"
    "\n"
    "typedef struct {\n"
    "  const char *fn;\n"
    "  unsigned index, line;\n"
    "  unsigned long long bits;\n"
    "  double fp;\n"
    "} erep_call_t;\n"
    "typedef struct {\n"
    "  unsigned long long k, bits;\n"
    "} erep_elem_t;\n"
    "typedef struct {\n"
    "  const char *var, *path;\n"
    "  unsigned line;\n"
    "  unsigned long exec;\n"
    "  unsigned long long bits; /* scalar, or the default of an array */\n"
    "  const erep_elem_t *elems;\n"
    "  size_t nelems;\n"
    "} erep_uninit_t;\n"
    "typedef struct {\n"
    "  const char *id;\n"
    "  const erep_call_t *calls;\n"
    "  size_t ncalls;\n"
    "  const erep_uninit_t *uninit;\n"
    "  size_t nuninit;\n"
    "} erep_test_t;\n"
    "typedef struct {\n"
    "  const char *var;\n"
    "  unsigned line;\n"
    "  unsigned long count;\n"
    "} erep_decl_t;\n\n";

static const char tc_harness_runtime[] =
    "\nstatic const erep_test_t *erep_test;\n"
    "static size_t erep_next;\n"
    "static int erep_verbose;\n"
    "extern void __gcov_dump(void) __attribute__((weak));\n"
    "\n"
    "static void erep_end(int status, const char *why, const char *fn) {\n"
    "  if (erep_verbose || status == 3)\n"
    "    fprintf(stderr, \"erep harness: test %s: %s%s%s\\n\",\n"
    "            erep_test ? erep_test->id : \"?\", why, fn ? \" \" : \"\",\n"
    "            fn ? fn : \"\");\n"
    "  static int ending;\n"
    "  fflush(NULL);\n"
    "  if (__gcov_dump) {\n"
    "    __gcov_dump();\n"
    "    _exit(status);\n"
    "  }\n"
    "  /* libgcov not linked in (no -u __gcov_dump): exit() still writes the\n"
    "   * coverage data of --coverage builds */\n"
    "  if (ending++) _exit(status);\n"
    "  exit(status);\n"
    "}\n"
    "\n"
    "/* Coverage data written in the middle of a basic block is not\n"
    " * consistent: gcov derives the counts of uninstrumented arcs from the\n"
    " * others, and a block entered but not left can turn an executed line "
    "into\n"
    " * 0. A block that makes a call is safe (gcc gives it a fake arc to the\n"
    " * exit). So a stop signal (a timeout) only sets erep_stop, and the\n"
    " * instrumented program, which calls __erep_tick at the start of every\n"
    " * block and after every label, writes the data and dies of the signal\n"
    " * there. When no tick comes within a second (a loop without a block,\n"
    " * `while (1);`), or the program has no ticks, the data is written at "
    "once. */\n"
    "static volatile sig_atomic_t erep_stop, erep_ticked;\n"
    "\n"
    "static void erep_die(int sig) {\n"
    "  if (__gcov_dump) __gcov_dump();\n"
    "  signal(sig, SIG_DFL);\n"
    "  raise(sig);\n"
    "}\n"
    "\n"
    "static void erep_on_stop(int sig) {\n"
    "  if (erep_stop) {\n"
    "    erep_die(erep_stop);\n"
    "    return;\n"
    "  }\n"
    "  if (!erep_ticked) {\n"
    "    erep_die(sig);\n"
    "    return;\n"
    "  }\n"
    "  erep_stop = sig;\n"
    "  alarm(1);\n"
    "}\n"
    "\n"
    "void __erep_tick(void) {\n"
    "  erep_ticked = 1;\n"
    "  if (erep_stop) {\n"
    "    alarm(0);\n"
    "    erep_die(erep_stop);\n"
    "  }\n"
    "}\n"
    "\n"
    "static void erep_on_crash(int sig) { erep_die(sig); }\n"
    "\n"
    "__attribute__((constructor)) static void erep_init(void) {\n"
    "  const char *v = getenv(\"EREP_HARNESS_VERBOSE\");\n"
    "  erep_verbose = v && *v && strcmp(v, \"0\");\n"
    "  const char *id = getenv(\"EREP_TEST\");\n"
    "  for (size_t i = 0; id && i < erep_ntests; i++)\n"
    "    if (!strcmp(erep_tests[i].id, id)) erep_test = &erep_tests[i];\n"
    "  if (!erep_test) {\n"
    "    fprintf(stderr, \"erep harness: %s; the tests are:\",\n"
    "            id ? \"EREP_TEST names no test\" : \"set EREP_TEST\");\n"
    "    for (size_t i = 0; i < erep_ntests; i++)\n"
    "      fprintf(stderr, \" %s\", erep_tests[i].id);\n"
    "    fprintf(stderr, \"\\n\");\n"
    "    _exit(2);\n"
    "  }\n"
    "  static const int crash[] = {SIGABRT, SIGSEGV, SIGFPE, SIGBUS};\n"
    "  static const int stop[] = {SIGTERM, SIGINT, SIGALRM, SIGHUP};\n"
    "  for (size_t i = 0; i < sizeof crash / sizeof *crash; i++)\n"
    "    signal(crash[i], erep_on_crash);\n"
    "  for (size_t i = 0; i < sizeof stop / sizeof *stop; i++)\n"
    "    signal(stop[i], erep_on_stop);\n"
    "}\n"
    "\n"
    "/* A normal exit with values left: the run did not follow the trace. */\n"
    "__attribute__((destructor)) static void erep_fini(void) {\n"
    "  if (!erep_test || erep_next >= erep_test->ncalls) return;\n"
    "  fprintf(stderr,\n"
    "          \"erep harness: test %s: the program ended with %zu of %zu \"\n"
    "          \"inputs unused (next: %s at line %u)\\n\",\n"
    "          erep_test->id, erep_test->ncalls - erep_next, "
    "erep_test->ncalls,\n"
    "          erep_test->calls[erep_next].fn, "
    "erep_test->calls[erep_next].line);\n"
    "  if (__gcov_dump) { /* else exit's own coverage dump follows */\n"
    "    fflush(NULL);\n"
    "    __gcov_dump();\n"
    "    _exit(3);\n"
    "  }\n"
    "}\n"
    "\n"
    "static const erep_call_t *erep_take(const char *fn) {\n"
    "  if (erep_next >= erep_test->ncalls)\n"
    "    erep_end(0, \"inputs exhausted (end of the trace) at a call of\", "
    "fn);\n"
    "  const erep_call_t *c = &erep_test->calls[erep_next];\n"
    "  if (strcmp(c->fn, fn)) {\n"
    "    fprintf(stderr,\n"
    "            \"erep harness: test %s: input %u is a call of %s at line "
    "%u, \"\n"
    "            \"but the program called %s\\n\",\n"
    "            erep_test->id, c->index, c->fn, c->line, fn);\n"
    "    erep_end(3, \"left the trace\", NULL);\n"
    "  }\n"
    "  erep_next++;\n"
    "  return c;\n"
    "}\n"
    "\n"
    "__attribute__((weak)) void __VERIFIER_error(void) {\n"
    "  erep_end(1, \"__VERIFIER_error reached\", NULL);\n"
    "}\n"
    "\n"
    "__attribute__((weak)) void __VERIFIER_assume(int cond) {\n"
    "  if (cond) return;\n"
    "  if (erep_next < erep_test->ncalls)\n"
    "    erep_end(3, \"an assumption failed before the end of the trace\", "
    "NULL);\n"
    "  erep_end(0, \"an assumption failed after the trace\", NULL);\n"
    "}\n"
    "\n"
    "/* Uninitialised locals: the instrumented program calls __erep_decl\n"
    " * once per execution of the declaration, then __erep_value for each\n"
    " * scalar it holds (k: element number in arrays, row-major). Values "
    "the\n"
    " * trace does not read are 0. */\n"
    "unsigned long __erep_decl(const char *var, unsigned line) {\n"
    "  for (size_t i = 0; erep_decls[i].var; i++)\n"
    "    if (erep_decls[i].line == line && !strcmp(erep_decls[i].var, var))\n"
    "      return ++erep_decls[i].count;\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "unsigned long long __erep_value(const char *var, unsigned line,\n"
    "                                unsigned long exec, const char *path,\n"
    "                                unsigned long long k) {\n"
    "  for (size_t i = 0; i < erep_test->nuninit; i++) {\n"
    "    const erep_uninit_t *u = &erep_test->uninit[i];\n"
    "    if (u->line != line || u->exec != exec || strcmp(u->var, var) ||\n"
    "        strcmp(u->path, path))\n"
    "      continue;\n"
    "    for (size_t j = 0; j < u->nelems; j++)\n"
    "      if (u->elems[j].k == k) return u->elems[j].bits;\n"
    "    return u->bits;\n"
    "  }\n"
    "  return 0;\n"
    "}\n";

static void tc_emit_bits(FILE *out, unsigned long long bits) {
  fprintf(out, "0x%llxULL", bits);
}

int tc_write_harness(const tc_suite *s, FILE *out, const char *instrumented,
                     char **err) {
  *err = NULL;
  fprintf(out, "/* erep test harness: generated by erep from ");
  tc_ccomment(out, s->report_path);
  fprintf(out, ",\n * the report of ");
  tc_ccomment(out, s->program_path);
  fprintf(out, " (%zu test%s, data model %s). */\n", s->tests.len,
          s->tests.len == 1 ? "" : "s", s->data_model);
  if (instrumented) {
    fprintf(out, "/* Link with ");
    tc_ccomment(out, instrumented);
    fprintf(out, " (uninitialised locals set from here). */\n");
  }
  fputs(tc_harness_head, out);

  /* functions to define: the inputs' first, then the standard ones */
  VEC(tc_fndef) fns = {0};
  VEC(tc_key) keys = {0};
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      if (in->uninit) {
        if (!in->var || !in->exec) continue;
        size_t k = 0;
        while (k < keys.len && !(keys.data[k].line == in->line &&
                                 !strcmp(keys.data[k].var, in->var)))
          k++;
        if (k == keys.len) {
          tc_key key = {in->var, in->path, in->line};
          VEC_PUSH(keys, key);
        }
        continue;
      }
      if (tc_kept(in->function)) continue;
      size_t k = 0;
      while (k < fns.len && strcmp(fns.data[k].fn, in->function))
        k++;
      if (k == fns.len) {
        tc_fndef d = {in->function, in->type};
        VEC_PUSH(fns, d);
      }
    }
  }

  /* the tests' values */
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    size_t ncalls = 0, nun = 0;
    fprintf(out, "/* %s (%s) */\n", t->id, t->component);
    fprintf(out, "static const erep_call_t erep_calls_%zu[] = {\n", i);
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      if (in->uninit) continue;
      if (tc_kept(in->function)) {
        fprintf(out,
                "    /* input %u: %s is not fed (the runtime needs it) */\n",
                in->index, in->function);
        continue;
      }
      unsigned long long bits;
      double d;
      tc_value(in->value, tc_type_kind(in->type) == TC_FLOAT, &bits, &d);
      fprintf(out, "    {\"%s\", %u, %u, ", in->function, in->index, in->line);
      tc_emit_bits(out, bits);
      fprintf(out, ", %.17g}, /* ", d);
      tc_ccomment(out, in->value);
      fprintf(out, " */\n");
      ncalls++;
    }
    fprintf(out, "    {0, 0, 0, 0, 0}};\n");
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      size_t tl = strlen(in->type);
      if (!in->uninit || !in->var || !in->exec || tl < 3 ||
          strcmp(in->type + tl - 2, "[]"))
        continue;
      char *elem = mem_strndup(in->type, tl - 2);
      bool fp = tc_type_kind(elem) == TC_FLOAT;
      mem_free(elem);
      tc_array a;
      if (!tc_parse_array(in->value, fp, &a)) continue; /* checked on read */
      fprintf(out, "static const erep_elem_t erep_elems_%zu_%zu[] = {\n", i, j);
      for (size_t e = 0; e < a.elems.len; e++) {
        unsigned long long bits;
        double dv;
        tc_value(a.elems.data[e].v, fp, &bits, &dv);
        fprintf(out, "    {%lluULL, ", a.elems.data[e].k);
        tc_emit_bits(out, bits);
        fprintf(out, "},\n");
      }
      fprintf(out, "    {0, 0}};\n");
      tc_array_free(&a);
    }
    fprintf(out, "static const erep_uninit_t erep_uninit_%zu[] = {\n", i);
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      if (!in->uninit || !in->var || !in->exec) continue;
      size_t tl = strlen(in->type);
      bool array = tl > 2 && !strcmp(in->type + tl - 2, "[]");
      unsigned long long bits = 0;
      size_t nelems = 0;
      if (array) {
        char *elem = mem_strndup(in->type, tl - 2);
        bool fp = tc_type_kind(elem) == TC_FLOAT;
        mem_free(elem);
        tc_array a;
        if (tc_parse_array(in->value, fp, &a)) {
          double dv;
          if (a.dflt) tc_value(a.dflt, fp, &bits, &dv);
          nelems = a.elems.len;
          tc_array_free(&a);
        }
      } else {
        double dv;
        tc_value(in->value, tc_type_kind(in->type) == TC_FLOAT, &bits, &dv);
      }
      fprintf(out, "    {\"%s\", \"%s\", %u, %lu, ", in->var, in->path,
              in->line, in->exec);
      tc_emit_bits(out, bits);
      if (array)
        fprintf(out, ", erep_elems_%zu_%zu, %zu}, /* ", i, j, nelems);
      else
        fprintf(out, ", 0, 0}, /* ");
      tc_ccomment(out, in->value);
      fprintf(out, " */\n");
      nun++;
    }
    fprintf(out, "    {0, 0, 0, 0, 0, 0, 0}};\n\n");
    (void)ncalls;
  }
  fprintf(out, "static const erep_test_t erep_tests[] = {\n");
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    size_t ncalls = 0, nun = 0;
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      if (in->uninit)
        nun += in->var && in->exec;
      else
        ncalls += !tc_kept(in->function);
    }
    fprintf(out, "    {");
    tc_cstr(out, t->id);
    fprintf(out, ", erep_calls_%zu, %zu, erep_uninit_%zu, %zu},\n", i, ncalls,
            i, nun);
  }
  fprintf(out, "    {0, 0, 0, 0, 0}};\n");
  fprintf(out, "static const size_t erep_ntests = %zu;\n\n", s->tests.len);
  fprintf(out, "static erep_decl_t erep_decls[] = {\n");
  for (size_t k = 0; k < keys.len; k++)
    fprintf(out, "    {\"%s\", %u, 0},\n", keys.data[k].var, keys.data[k].line);
  fprintf(out, "    {0, 0, 0}};\n");
  fputs(tc_harness_runtime, out);

  fprintf(out, "\n/* the functions the traces take values from */\n");
  for (size_t k = 0; k < fns.len; k++) {
    const char *rt = tc_ret_type(fns.data[k].type);
    tc_tkind tk = tc_type_kind(fns.data[k].type);
    fprintf(out, "__attribute__((weak)) %s %s(void) { /* returns ", rt,
            fns.data[k].fn);
    tc_ccomment(out, fns.data[k].type);
    fprintf(out, " */\n  const erep_call_t *c = erep_take(\"%s\");\n",
            fns.data[k].fn);
    if (tk == TC_FLOAT)
      fprintf(out, "  return (%s)c->fp;\n}\n", rt);
    else if (tk == TC_PTR)
      fprintf(out, "  return (void *)(uintptr_t)c->bits;\n}\n");
    else if (tk == TC_BOOL)
      fprintf(out, "  return c->bits != 0;\n}\n");
    else
      fprintf(out, "  return (%s)c->bits;\n}\n", rt);
  }
  fprintf(out, "\n/* the other standard nondeterministic functions */\n");
  for (int i = 0; tc_std_nondet[i][0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "__VERIFIER_nondet_%s", tc_std_nondet[i][0]);
    bool done = false;
    for (size_t k = 0; k < fns.len && !done; k++)
      done = !strcmp(fns.data[k].fn, name);
    if (done) continue;
    const char *t = tc_std_nondet[i][1];
    tc_tkind tk = tc_type_kind(t);
    const char *rt = tc_ret_type(t);
    fprintf(out, "__attribute__((weak)) %s %s(void) {\n", rt, name);
    fprintf(out, "  const erep_call_t *c = erep_take(\"%s\");\n", name);
    if (tk == TC_FLOAT)
      fprintf(out, "  return (%s)c->fp;\n}\n", rt);
    else if (tk == TC_PTR)
      fprintf(out, "  return (void *)(uintptr_t)c->bits;\n}\n");
    else if (tk == TC_BOOL)
      fprintf(out, "  return c->bits != 0;\n}\n");
    else
      fprintf(out, "  return (%s)c->bits;\n}\n", rt);
  }
  VEC_FREE(fns);
  VEC_FREE(keys);
  if (ferror(out)) {
    *err = mem_printf("writing harness.c: %s", strerror(errno));
    return -1;
  }
  return 0;
}

/* ---------- the instrumented program ---------- */

typedef enum { TK_IDENT, TK_PUNCT } tc_tok_kind;

typedef struct {
  tc_tok_kind kind;
  size_t off, len;
  unsigned line;
} tc_tok;

typedef struct {
  size_t off;
  char *text; /* inserted before src[off] */
  size_t del; /* bytes of src replaced (line markers) */
} tc_edit;

typedef VEC(tc_tok) tc_toks;
typedef VEC(tc_edit) tc_edits;

/* Tokens of src outside comments, strings, character constants and
 * preprocessor directives; line-marker directives ("# 12 \"f.c\"",
 * "#line 12") become edits that blank them. */
static void tc_lex(const char *src, size_t len, tc_toks *toks,
                   tc_edits *edits) {
  size_t i = 0;
  unsigned line = 1;
  bool line_start = true;
  while (i < len) {
    char c = src[i];
    if (c == '\n') {
      line++;
      i++;
      line_start = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      i++;
      continue;
    }
    if (c == '\\' && i + 1 < len && src[i + 1] == '\n') { /* splice */
      i += 2;
      line++;
      continue;
    }
    if (c == '/' && i + 1 < len && src[i + 1] == '*') {
      for (i += 2;
           i < len && !(src[i] == '*' && i + 1 < len && src[i + 1] == '/'); i++)
        if (src[i] == '\n') line++;
      i = i + 2 <= len ? i + 2 : len;
      continue;
    }
    if (c == '/' && i + 1 < len && src[i + 1] == '/') {
      while (i < len && src[i] != '\n') {
        if (src[i] == '\\' && i + 1 < len && src[i + 1] == '\n') line++, i++;
        i++;
      }
      continue;
    }
    if (c == '#' && line_start) { /* a directive, up to its end of line */
      size_t start = i, j = i + 1;
      while (j < len && (src[j] == ' ' || src[j] == '\t'))
        j++;
      bool marker = j < len && src[j] >= '0' && src[j] <= '9';
      if (!marker && len - j >= 4 && !strncmp(src + j, "line", 4) &&
          j + 4 < len && (src[j + 4] == ' ' || src[j + 4] == '\t'))
        marker = true;
      while (i < len && src[i] != '\n') {
        if (src[i] == '\\' && i + 1 < len && src[i + 1] == '\n') line++, i++;
        i++;
      }
      if (marker) {
        tc_edit e = {start, mem_strdup(""), i - start};
        VEC_PUSH(*edits, e);
      }
      continue;
    }
    line_start = false;
    if (c == '"' || c == '\'') {
      for (i++; i < len && src[i] != c && src[i] != '\n'; i++)
        if (src[i] == '\\' && i + 1 < len) {
          if (src[i + 1] == '\n') line++;
          i++;
        }
      if (i < len && src[i] == c) i++;
      continue;
    }
    tc_tok t = {TK_PUNCT, i, 1, line};
    if (tc_is_ident_start((unsigned char)c)) {
      t.kind = TK_IDENT;
      while (i + t.len < len && tc_is_ident_char((unsigned char)src[i + t.len]))
        t.len++;
    } else if (c >= '0' && c <= '9') {
      while (i + t.len < len &&
             (tc_is_ident_char((unsigned char)src[i + t.len]) ||
              src[i + t.len] == '.'))
        t.len++;
    } else if (c == '-' && i + 1 < len && src[i + 1] == '>') {
      t.len = 2;
    }
    VEC_PUSH(*toks, t);
    i += t.len;
  }
}

static bool tc_tok_is(const char *src, const tc_tok *t, const char *s) {
  return t->len == strlen(s) && !strncmp(src + t->off, s, t->len);
}

static int tc_edit_cmp(const void *a, const void *b) {
  const tc_edit *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* Code of the statement that sets path `path` of aggregate var. */
static void tc_agg_code(char **code, size_t *n, const char *var, unsigned line,
                        const char *path) {
  char *expr = mem_printf("(%s)", var);
  char *loops = mem_strdup("");
  unsigned depth = 0;
  for (const char *p = path; *p;) {
    char *next;
    if (p[0] == '[') {
      char *l = mem_printf("%sfor (unsigned long __erep_i%u = 0; __erep_i%u < "
                       "sizeof(%s) / sizeof((%s)[0]); __erep_i%u++) ",
                       loops, depth, depth, expr, expr, depth);
      mem_free(loops);
      loops = l;
      next = mem_printf("(%s)[__erep_i%u]", expr, depth);
      depth++;
      p += 2;
    } else { /* .name */
      const char *q = p + 1;
      while (tc_is_ident_char((unsigned char)*q))
        q++;
      next = mem_printf("%s%.*s", expr, (int)(q - p), p);
      p = q;
    }
    mem_free(expr);
    expr = next;
  }
  char *stmt =
      mem_printf("__erep_k = 0; %s%s = (__typeof__(%s))__erep_value(\"%s\","
             " %u, __erep_n, \"%s\", __erep_k++); ",
             loops, expr, expr, var, line, path);
  size_t sl = strlen(stmt);
  *code = mem_realloc(*code, *n + sl + 1);
  memcpy(*code + *n, stmt, sl + 1);
  *n += sl;
  mem_free(stmt);
  mem_free(loops);
  mem_free(expr);
}

/* Where the instrumented copy calls __erep_tick (see the harness): after
 * every `{` that opens a compound statement of a function, and after every
 * statement label. Braces of initialisers, compound literals, statement
 * expressions and struct/union/enum bodies are told apart by the token
 * before them (and, for `)`, the token before the matching `(`). */
typedef enum { TC_BR_BLOCK, TC_BR_INIT, TC_BR_OTHER } tc_brace;
typedef VEC(unsigned char) tc_bytes;
typedef VEC(size_t) tc_sizes;

#define TC_TICK " { extern void __erep_tick(void); __erep_tick(); }"

static bool tc_tok_any(const char *src, const tc_tok *t,
                       const char *const *set) {
  for (int i = 0; set[i]; i++)
    if (tc_tok_is(src, t, set[i])) return true;
  return false;
}

static void tc_ticks(const char *src, const tc_toks *toks, tc_edits *edits) {
  static const char *const ctl[] = {"if", "while", "for", "switch", 0};
  static const char *const stmt_end[] = {"{", "}", ";", ":", 0};
  static const char *const attr[] = {
      "__attribute__", "__attribute", "__declspec", "__asm__", "asm", 0};
  static const char *const notlabel[] = {"default", "case", "public", 0};
  tc_bytes braces = {0};
  tc_sizes parens = {0};
  size_t *match = mem_calloc(toks->len + 1, sizeof *match);
  for (size_t i = 0; i < toks->len; i++) {
    const tc_tok *t = &toks->data[i];
    const tc_tok *prev = i ? &toks->data[i - 1] : NULL;
    int encl = braces.len ? braces.data[braces.len - 1] : -1;
    if (tc_tok_is(src, t, "(")) {
      VEC_PUSH(parens, i);
    } else if (tc_tok_is(src, t, ")")) {
      match[i] = parens.len ? parens.data[--parens.len] : SIZE_MAX;
    } else if (tc_tok_is(src, t, "}")) {
      if (braces.len) braces.len--;
    } else if (tc_tok_is(src, t, "{")) {
      tc_brace k = TC_BR_OTHER;
      if (encl == TC_BR_INIT || !prev || tc_tok_is(src, prev, "=") ||
          tc_tok_is(src, prev, ",") || tc_tok_is(src, prev, "(")) {
        k = prev ? TC_BR_INIT : TC_BR_OTHER;
      } else if (tc_tok_is(src, prev, ")")) {
        size_t o = match[i - 1];
        const tc_tok *before = o != SIZE_MAX && o ? &toks->data[o - 1] : NULL;
        if (before && tc_tok_any(src, before, attr))
          k = TC_BR_OTHER;
        else if (encl < 0)
          k = TC_BR_BLOCK; /* a function body */
        else if (encl == TC_BR_BLOCK && before && tc_tok_any(src, before, ctl))
          k = TC_BR_BLOCK;
        else
          k = TC_BR_INIT; /* a compound literal */
      } else if (tc_tok_is(src, prev, "else") || tc_tok_is(src, prev, "do")) {
        k = encl == TC_BR_BLOCK ? TC_BR_BLOCK : TC_BR_OTHER;
      } else if (encl == TC_BR_BLOCK && tc_tok_any(src, prev, stmt_end)) {
        k = TC_BR_BLOCK;
      } else if (encl < 0 && tc_tok_is(src, prev, ";")) {
        k = TC_BR_BLOCK; /* K&R parameter declarations, then the body */
      }
      VEC_PUSH(braces, (unsigned char)k);
      if (k == TC_BR_BLOCK) {
        tc_edit e = {t->off + 1, mem_strdup(TC_TICK), 0};
        VEC_PUSH(*edits, e);
      }
    } else if (encl == TC_BR_BLOCK && t->kind == TK_IDENT && prev &&
               tc_tok_any(src, prev, stmt_end) && i + 1 < toks->len &&
               tc_tok_is(src, &toks->data[i + 1], ":") &&
               !(i + 2 < toks->len &&
                 tc_tok_is(src, &toks->data[i + 2], ":")) &&
               !tc_tok_any(src, t, notlabel)) {
      /* `L: stmt` becomes `L: { tick } stmt`: the same jumps, one call */
      tc_edit e = {toks->data[i + 1].off + 1, mem_strdup(TC_TICK), 0};
      VEC_PUSH(*edits, e);
    }
  }
  mem_free(match);
  VEC_FREE(braces);
  VEC_FREE(parens);
}

#define TC_PROTOS                                                              \
  "extern unsigned long __erep_decl(const char *, unsigned); "                 \
  "extern unsigned long long __erep_value(const char *, unsigned, "            \
  "unsigned long, const char *, unsigned long long); "

int tc_instrument(tc_suite *s, const char *src, size_t len, FILE *out,
                  char **err) {
  *err = NULL;
  tc_toks toks = {0};
  tc_edits edits = {0};
  tc_lex(src, len, &toks, &edits);

  /* the (variable, line) pairs to set, with the paths the tests read */
  typedef struct {
    const char *var;
    unsigned line;
    VEC(const char *) paths;
    bool aggregate;
  } want;
  VEC(want) ws = {0};
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      if (!in->uninit || !in->var || !in->exec) continue;
      size_t k = 0;
      while (k < ws.len &&
             !(ws.data[k].line == in->line && !strcmp(ws.data[k].var, in->var)))
        k++;
      if (k == ws.len) {
        want w;
        memset(&w, 0, sizeof w);
        w.var = in->var;
        w.line = in->line;
        VEC_PUSH(ws, w);
      }
      want *w = &ws.data[k];
      size_t p = 0;
      while (p < w->paths.len && strcmp(w->paths.data[p], in->path))
        p++;
      if (p == w->paths.len) VEC_PUSH(w->paths, in->path);
      if (*in->path) w->aggregate = true;
    }
  }

  for (size_t k = 0; k < ws.len; k++) {
    want *w = &ws.data[k];
    size_t found = SIZE_MAX;
    for (size_t i = 0; i < toks.len && found == SIZE_MAX; i++) {
      const tc_tok *t = &toks.data[i];
      if (t->line != w->line || t->kind != TK_IDENT ||
          !tc_tok_is(src, t, w->var) || i == 0 || i + 1 >= toks.len)
        continue;
      const tc_tok *prev = &toks.data[i - 1], *next = &toks.data[i + 1];
      if (tc_tok_is(src, prev, ".") || tc_tok_is(src, prev, "->")) continue;
      if (tc_tok_is(src, next, ";") || tc_tok_is(src, next, ",") ||
          (w->aggregate && tc_tok_is(src, next, "[")))
        found = i;
    }
    if (found == SIZE_MAX) {
      tc_warn(s,
              "the declaration of %s at line %u was not found in the "
              "program: its uninitialised value is not set",
              w->var, w->line);
      continue;
    }
    tc_edit e = {0, NULL, 0};
    if (!w->aggregate) {
      const tc_tok *t = &toks.data[found];
      e.off = t->off + t->len;
      e.text = mem_printf(" = ({ " TC_PROTOS "(__typeof__(%s))__erep_value(\"%s\", "
                      "%u, __erep_decl(\"%s\", %u), \"\", 0); })",
                      w->var, w->var, w->line, w->var, w->line);
    } else {
      /* after the declaration's ';' (nesting depth 0) */
      int depth = 0;
      size_t i = found + 1;
      for (; i < toks.len; i++) {
        const tc_tok *t = &toks.data[i];
        if (tc_tok_is(src, t, "(") || tc_tok_is(src, t, "[") ||
            tc_tok_is(src, t, "{"))
          depth++;
        else if (tc_tok_is(src, t, ")") || tc_tok_is(src, t, "]") ||
                 tc_tok_is(src, t, "}"))
          depth--;
        else if (depth == 0 && tc_tok_is(src, t, ";"))
          break;
        if (depth < 0) break;
      }
      if (i >= toks.len || depth < 0) {
        tc_warn(s,
                "the declaration of %s at line %u has no end: its "
                "uninitialised value is not set",
                w->var, w->line);
        continue;
      }
      char *code = mem_printf(" { " TC_PROTOS
                          "unsigned long __erep_n = __erep_decl(\"%s\", %u); "
                          "unsigned long long __erep_k; ",
                          w->var, w->line);
      size_t n = strlen(code);
      for (size_t p = 0; p < w->paths.len; p++)
        tc_agg_code(&code, &n, w->var, w->line, w->paths.data[p]);
      e.off = toks.data[i].off + 1;
      e.text = mem_printf("%s(void)__erep_k; }", code);
      mem_free(code);
    }
    VEC_PUSH(edits, e);
  }

  tc_ticks(src, &toks, &edits);
  qsort(edits.data, edits.len, sizeof *edits.data, tc_edit_cmp);
  size_t pos = 0;
  for (size_t i = 0; i < edits.len; i++) {
    const tc_edit *e = &edits.data[i];
    if (e->off < pos) continue; /* overlapping: inside a blanked marker */
    fwrite(src + pos, 1, e->off - pos, out);
    fputs(e->text, out);
    pos = e->off + e->del;
  }
  fwrite(src + pos, 1, len - pos, out);
  for (size_t i = 0; i < edits.len; i++)
    mem_free(edits.data[i].text);
  for (size_t k = 0; k < ws.len; k++)
    VEC_FREE(ws.data[k].paths);
  VEC_FREE(ws);
  VEC_FREE(edits);
  VEC_FREE(toks);
  if (ferror(out)) {
    *err = mem_printf("writing the instrumented program: %s", strerror(errno));
    return -1;
  }
  return 0;
}
