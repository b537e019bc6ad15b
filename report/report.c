#include "report.h"

#include "lib/esc.h"
#include "lib/file.h"
#include "lib/hmap.h"
#include "lib/outfile.h"

#include <errno.h>
#include <nettle/sha2.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

rep_report *rep_new(void) {
  rep_report *r = mem_calloc(1, sizeof *r);
  r->arena = mem_arena_new();
  r->first_trace_seconds = -1;
  r->comp[REP_SAFE].full = r->comp[REP_FRONTIER].full = true;
  return r;
}

void rep_free(rep_report *r) {
  if (!r) return;
  for (int c = 0; c < 2; c++) {
    for (size_t i = 0; i < r->comp[c].traces.len; i++) {
      VEC_FREE(r->comp[c].traces.data[i]->steps);
      VEC_FREE(r->comp[c].traces.data[i]->inputs);
      VEC_FREE(r->comp[c].traces.data[i]->values);
    }
    VEC_FREE(r->comp[c].traces);
  }
  for (size_t i = 0; i < r->unknown.len; i++) {
    VEC_FREE(r->unknown.data[i]->steps);
    VEC_FREE(r->unknown.data[i]->inputs);
    VEC_FREE(r->unknown.data[i]->values);
  }
  VEC_FREE(r->unknown);
  for (size_t i = 0; i < r->undefined.len; i++) {
    VEC_FREE(r->undefined.data[i]->steps);
    VEC_FREE(r->undefined.data[i]->inputs);
    VEC_FREE(r->undefined.data[i]->values);
  }
  VEC_FREE(r->undefined);
  VEC_FREE(r->warnings);
  VEC_FREE(r->coverage.lines);
  if (r->strings) {
    hmap_free(r->strings);
    mem_free(r->strings);
  }
  mem_arena_free(r->arena);
  mem_free(r);
}

const char *rep_strdup(rep_report *r, const char *s) {
  if (!s) return 0;
  if (!r->strings) r->strings = mem_calloc(1, sizeof(hmap));
  const char *c = hmap_sget(r->strings, s);
  if (!c) {
    c = mem_arena_strdup(r->arena, s);
    hmap_sput(r->strings, s, (void *)c);
  }
  return c;
}

/* path, the sha256 of text[0..len) and a copy of the text (the report's) */
static void rep_set_text(rep_report *r, const char *path, const char *text,
                         size_t len, const char **path_out,
                         const char **sha_out, const char **text_out,
                         size_t *len_out) {
  *path_out = rep_strdup(r, path);
  char *h = rep_sha256(text, len);
  *sha_out = rep_strdup(r, h);
  mem_free(h);
  *text_out = mem_arena_strndup(r->arena, text, len);
  *len_out = len;
}

void rep_set_program(rep_report *r, const char *path, const char *src,
                     size_t len) {
  rep_set_text(r, path, src, len, &r->program_path, &r->program_sha256,
               &r->program_text, &r->program_len);
}

void rep_assigned_add(rep_report *r, rep_trace *t, unsigned step,
                      const char *lhs, const char *value) {
  rep_assigned a = {step, rep_strdup(r, lhs), rep_strdup(r, value)};
  VEC_PUSH(t->values, a);
}

void rep_set_automaton(rep_report *r, const char *path, const char *text,
                       size_t len) {
  rep_set_text(r, path, text, len, &r->aa_path, &r->aa_sha256, &r->aa_text,
               &r->aa_len);
}

rep_trace *rep_trace_new(rep_report *r, rep_component_kind k, bool feasible,
                         const char *reason) {
  rep_trace *t = mem_arena_alloc(r->arena, sizeof *t);
  t->component = k;
  t->feasible = feasible;
  t->reason = rep_strdup(r, reason);
  if (feasible) {
    rep_component *c = &r->comp[k];
    snprintf(t->id, sizeof t->id, "%c%zu", k == REP_SAFE ? 'S' : 'F',
             c->traces.len + 1);
    VEC_PUSH(c->traces, t);
  } else {
    snprintf(t->id, sizeof t->id, "U%zu", r->unknown.len + 1);
    VEC_PUSH(r->unknown, t);
  }
  return t;
}

rep_trace *rep_trace_new_undefined(rep_report *r, rep_component_kind k,
                                   const char *what) {
  rep_trace *t = mem_arena_alloc(r->arena, sizeof *t);
  t->component = k;
  t->undefined = true;
  t->reason = rep_strdup(r, what);
  snprintf(t->id, sizeof t->id, "UB%zu", r->undefined.len + 1);
  VEC_PUSH(r->undefined, t);
  return t;
}

rep_step_kind rep_step_kind_of(cfa_edge_kind k) {
  switch (k) {
  case CFA_BLANK:
    return REP_STEP_BLANK;
  case CFA_DECLARATION:
    return REP_STEP_DECLARATION;
  case CFA_STATEMENT:
    return REP_STEP_STATEMENT;
  case CFA_ASSUME:
    return REP_STEP_ASSUME;
  case CFA_CALL:
    return REP_STEP_CALL;
  case CFA_RETURN:
    return REP_STEP_RETURN;
  case CFA_BLOCK:
    break;
  }
  fprintf(stderr,
          "erep: internal error: a large block (edge kind %d) "
          "taken for a step of a trace\n",
          (int)k);
  abort();
}

/* The prefix of an uninitialised input's text form (rep_input_add). */
static const char rep_uninit_prefix[] = "uninitialised:";

void rep_input_add(rep_report *r, rep_trace *t, unsigned index,
                   const char *function, unsigned line, const char *type,
                   const char *value, unsigned step) {
  rep_input in = {index,
                  REP_INPUT_CALL,
                  0,
                  0,
                  0,
                  line,
                  rep_strdup(r, type),
                  rep_strdup(r, value),
                  {REP_VALUE_FLOAT, false, 0, 0, 0},
                  step,
                  0};
  size_t np = sizeof rep_uninit_prefix - 1;
  if (function && !strncmp(function, rep_uninit_prefix, np)) {
    const char *v = function + np;
    size_t n = strcspn(v, ".[");
    in.kind = REP_INPUT_UNINIT;
    char *var = mem_printf("%.*s", (int)n, v);
    in.var = rep_strdup(r, var);
    mem_free(var);
    in.path = rep_strdup(r, v + n);
  } else
    in.function = rep_strdup(r, function);
  if (!value || !rep_value_parse(r, value, &in.typed))
    in.typed.kind = REP_VALUE_FLOAT;
  VEC_PUSH(t->inputs, in);
}

char *rep_input_text(const rep_input *in) {
  if (in->kind == REP_INPUT_UNINIT)
    return mem_printf("%s%s%s", rep_uninit_prefix, in->var, in->path);
  return in->function ? mem_strdup(in->function) : 0;
}

void rep_input_written(rep_report *r, rep_trace *t, const rep_written *w) {
  rep_written *c = mem_arena_alloc(r->arena, sizeof *c);
  *c = *w;
  c->object = rep_strdup(r, w->object);
  int64_t *via = mem_arena_alloc(r->arena, (w->nvia + 1) * sizeof *via);
  for (size_t i = 0; i < w->nvia; i++)
    via[i] = w->via[i];
  c->via = via;
  uint64_t *cs = mem_arena_alloc(r->arena, (2 * w->ndims + 1) * sizeof *cs);
  for (unsigned d = 0; d < w->ndims; d++) {
    cs[d] = w->count[d];
    cs[w->ndims + d] = w->stride[d];
  }
  c->count = cs;
  c->stride = cs + w->ndims;
  const char **ps = mem_arena_alloc(r->arena, (w->nparams + 1) * sizeof *ps);
  for (size_t i = 0; i < w->nparams; i++)
    ps[i] = rep_strdup(r, w->params[i]);
  c->params = ps;
  rep_input *in = &t->inputs.data[t->inputs.len - 1];
  if (in->kind == REP_INPUT_UNINIT) { /* a callee's name after all */
    char *f = rep_input_text(in);
    in->function = rep_strdup(r, f);
    mem_free(f);
    in->var = in->path = 0;
  }
  in->kind = REP_INPUT_WRITTEN;
  in->written = c;
}

/* A decimal integer with an optional minus sign; *s advances past it. */
static bool rep_parse_int(const char **s, bool *neg, uint64_t *mag) {
  const char *p = *s;
  *neg = *p == '-';
  if (*neg) p++;
  if (*p < '0' || *p > '9') return false;
  uint64_t m = 0;
  for (; *p >= '0' && *p <= '9'; p++) {
    unsigned d = (unsigned)(*p - '0');
    if (m > (UINT64_MAX - d) / 10) return false;
    m = m * 10 + d;
  }
  *mag = m;
  *s = p;
  return true;
}

bool rep_value_parse(rep_report *r, const char *text, rep_value *out) {
  const char *p = text;
  memset(out, 0, sizeof *out);
  if (!strcmp(p, "nan") || !strcmp(p, "inf") || !strcmp(p, "-inf")) {
    out->kind = REP_VALUE_FLOAT;
    return true;
  }
  if (*p != '{') {
    if (!rep_parse_int(&p, &out->neg, &out->mag)) return false;
    if (!*p) {
      out->kind = REP_VALUE_INT;
      return true;
    }
    /* a float: "-1.5", "100000000.0", "1e+08", "1.5e-07" (its text is
     * its value: the reader of a test parses it by the input's type) */
    if (*p != '.' && *p != 'e' && *p != 'E') return false;
    if (*p == '.')
      for (p++; *p >= '0' && *p <= '9'; p++) {
      }
    if (*p == 'e' || *p == 'E') {
      p++;
      if (*p == '+' || *p == '-') p++;
      if (*p < '0' || *p > '9') return false;
      while (*p >= '0' && *p <= '9')
        p++;
    }
    out->kind = REP_VALUE_FLOAT;
    out->neg = false;
    out->mag = 0;
    return !*p;
  }
  /* "{a, b, c}" (every element from 0) or "{[i]=a, [j]=b}" */
  VEC(rep_elem) el = {0};
  p++;
  bool ok = true;
  uint64_t next = 0;
  while (*p && *p != '}') {
    rep_elem e = {next, false, 0};
    if (*p == '[') {
      bool n;
      p++;
      if (!rep_parse_int(&p, &n, &e.index) || n || *p != ']' || p[1] != '=') {
        ok = false;
        break;
      }
      p += 2;
    }
    if (!rep_parse_int(&p, &e.neg, &e.mag)) {
      ok = false;
      break;
    }
    VEC_PUSH(el, e);
    next = e.index + 1;
    if (*p == ',') p++;
    if (*p == ' ') p++;
  }
  if (ok && (*p != '}' || p[1])) ok = false;
  if (ok) {
    out->kind = REP_VALUE_ARRAY;
    out->nelems = el.len;
    if (el.len) {
      rep_elem *a = mem_arena_alloc(r->arena, el.len * sizeof *a);
      memcpy(a, el.data, el.len * sizeof *a);
      out->elems = a;
    }
  }
  VEC_FREE(el);
  return ok;
}

void rep_trace_seal(rep_trace *t) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a over the identifying fields */
#define REP_MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ull)
  REP_MIX(t->component);
  REP_MIX(t->feasible);
  if (t->undefined) REP_MIX(0x55420000u + t->ub_step); /* older keys stay */
  REP_MIX(t->end_line);
  REP_MIX(t->end_node);
  for (const char *c = t->end_function ? t->end_function : ""; *c; c++)
    REP_MIX((unsigned char)*c);
  for (size_t i = 0; i < t->steps.len; i++) {
    REP_MIX(t->steps.data[i].edge);
    REP_MIX(t->steps.data[i].to);
  }
#undef REP_MIX
  const char *c = t->undefined ? "UB"
                  : !t->feasible ? "U"
                  : t->component == REP_SAFE ? "S"
                                             : "F";
  snprintf(t->key, sizeof t->key, "%s-%016llx", c, (unsigned long long)h);
}

void rep_warn(rep_report *r, const char *kind, unsigned line, const char *fmt,
              ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  rep_warning w = {rep_strdup(r, kind), rep_strdup(r, m), line};
  mem_free(m);
  VEC_PUSH(r->warnings, w);
}

void rep_partial(rep_report *r, stop_reason why) {
  for (int k = 0; k < 2; k++) {
    if (!r->want[k]) continue;
    r->comp[k].full = false;
    if (!r->comp[k].stopped_by) r->comp[k].stopped_by = why;
  }
}

/* Program or automaton text for the terminal: no control characters. */
static void print_fit(const rep_fit *f, FILE *out) {
  fprintf(out, "automaton  %lu of %lu reached MATCH transitions matched",
          f->match_matched, f->match_reached);
  if (f->edits) fprintf(out, " (%lu unmatched an edit of a line)", f->edits);
  /* a report read back from a file may carry any text here */
  esc_fprintf(out, 0, ", %lu catch-all firing%s: %s%s\n", f->catchalls,
              f->catchalls == 1 ? "" : "s", f->verdict ? f->verdict : "?",
              f->forced ? " (forced)" : "");
  if (!f->aa_line) return;
  fprintf(out, "  first mismatch: automaton line %u (state ", f->aa_line);
  esc_fputs(f->state ? f->state : "?", 0, out);
  fprintf(out, ") MATCH \"");
  esc_fputs(f->match ? f->match : "", ESC_QUOTE | ESC_KEEP_TAB, out);
  if (f->met) {
    fprintf(out, "\" met \"");
    esc_fputs(f->met, ESC_QUOTE | ESC_KEEP_TAB, out);
    fprintf(out, "\" at line %u%s\n", f->line,
            f->in_declarations ? " (declarations)" : "");
  } else
    fprintf(out, "\" never met an edge it could match\n");
}

/* The group of `key` among those seen in m (a new one, numbered in order
 * of first appearance, when it is new): grouping is linear, one hash
 * lookup an item. */
static size_t rep_group(hmap *m, const char *key, size_t *ngroups) {
  void *g = hmap_sget(m, key);
  if (g) return (size_t)(uintptr_t)g - 1;
  hmap_sput(m, key, (void *)(uintptr_t)(*ngroups + 1));
  return (*ngroups)++;
}

/* The unknown traces grouped by reason, in the order of first appearance:
 * a reason shared by many traces is said once, with their ids and end
 * lines. */
static void rep_print_grouped(const rep_trace *const *list, size_t n,
                              FILE *out) {
  typedef struct {
    size_t first, last, count;
    unsigned lo, hi;
  } group;
  size_t ng = 0;
  group *gs = mem_calloc(n + 1, sizeof *gs);
  hmap m = {0};
  for (size_t i = 0; i < n; i++) {
    const rep_trace *t = list[i];
    group *g = &gs[rep_group(&m, t->reason ? t->reason : "", &ng)];
    unsigned l = t->end_line;
    if (!g->count++) {
      g->first = i;
      g->lo = g->hi = l;
    }
    g->last = i;
    g->lo = l < g->lo ? l : g->lo;
    g->hi = l > g->hi ? l : g->hi;
  }
  hmap_free(&m);
  for (size_t k = 0; k < ng; k++) {
    const group *g = &gs[k];
    const rep_trace *t = list[g->first];
    if (g->count == 1)
      fprintf(out, "  %-4s line %u: ", t->id, t->end_line);
    else
      fprintf(out, "  %zu traces (%s ... %s, ending at lines %u to %u): ",
              g->count, t->id, list[g->last]->id, g->lo, g->hi);
    /* the reason may quote program text */
    esc_fputs(t->reason ? t->reason : "no reason given", 0, out);
    fputc('\n', out);
  }
  mem_free(gs);
}

/* The warnings, identical ones (kind and message) once with a count and
 * their lines; the first 5 distinct ones. */
static void rep_print_warnings(const rep_report *r, FILE *out) {
  typedef struct {
    size_t first, count, nl;
    unsigned lines[5];
  } group;
  size_t n = r->warnings.len, ng = 0;
  group *gs = mem_calloc(n + 1, sizeof *gs);
  hmap m = {0};
  for (size_t i = 0; i < n; i++) {
    const rep_warning *w = &r->warnings.data[i];
    char *key = mem_printf("%s\x1f%s", w->kind ? w->kind : "",
                           w->message ? w->message : "");
    group *g = &gs[rep_group(&m, key, &ng)];
    mem_free(key);
    if (!g->count++) g->first = i;
    bool seen = !w->line;
    for (size_t k = 0; k < g->nl && !seen; k++)
      seen = g->lines[k] == w->line;
    if (!seen && g->nl < 5) g->lines[g->nl++] = w->line;
  }
  hmap_free(&m);
  size_t shown = ng < 5 ? ng : 5;
  for (size_t k = 0; k < shown; k++) {
    const group *g = &gs[k];
    const rep_warning *w = &r->warnings.data[g->first];
    /* the message quotes program and automaton text */
    esc_fprintf(out, 0, "  %s: %s", w->kind, w->message);
    if (g->count > 1) fprintf(out, " (%zu times)", g->count);
    for (size_t j = 0; j < g->nl; j++)
      fprintf(out, "%s%u", j ? ", " : g->nl > 1 ? " [lines " : " [line ",
              g->lines[j]);
    if (g->nl) fputs(g->count > g->nl && g->nl == 5 ? ", ...]" : "]", out);
    fputc('\n', out);
  }
  if (ng > shown) fprintf(out, "  ... %zu more in the report\n", ng - shown);
  mem_free(gs);
}

static double rep_pct(unsigned long n, unsigned long total) {
  return total ? 100.0 * (double)n / (double)total : 0;
}

void rep_print_coverage(const rep_report *r, FILE *out) {
  const rep_coverage *c = &r->coverage;
  if (!c->computed) return;
  fprintf(out,
          "coverage   %lu lines: visited %lu (%.0f%%), on traces %lu (%.0f%%), "
          "verified %lu "
          "(%.0f%%), unexplored %lu (%.0f%%), none %lu (%.0f%%)\n",
          c->total, c->visited, rep_pct(c->visited, c->total), c->on_trace,
          rep_pct(c->on_trace, c->total), c->verified,
          rep_pct(c->verified, c->total), c->unexplored,
          rep_pct(c->unexplored, c->total), c->none,
          rep_pct(c->none, c->total));
}

void rep_print_summary(const rep_report *r, FILE *out) {
  static const char *names[] = {"safe cones", "frontier"};
  if (r->fit.measured) print_fit(&r->fit, out);
  for (int k = 0; k < 2; k++) {
    if (!r->want[k]) continue;
    const rep_component *c = &r->comp[k];
    fprintf(out, "%-10s %zu trace%s, %s", names[k], c->traces.len,
            c->traces.len == 1 ? "" : "s",
            c->full ? "full (search finished)" : "partial");
    if (!c->full && c->stopped_by)
      esc_fprintf(out, 0, ", stopped by %s", stop_name(c->stopped_by));
    fputc('\n', out);
    for (size_t i = 0; i < c->traces.len; i++) {
      const rep_trace *t = c->traces.data[i];
      fprintf(out, "  %-4s ends at line %u in ", t->id, t->end_line);
      esc_fputs(t->end_function ? t->end_function : "?", 0, out);
      fprintf(out, " after %zu steps, %zu input%s\n", t->steps.len,
              t->inputs.len, t->inputs.len == 1 ? "" : "s");
    }
  }
  if (r->unknown.len) {
    fprintf(out, "unknown    %zu trace%s (not proved feasible)\n",
            r->unknown.len, r->unknown.len == 1 ? "" : "s");
    rep_print_grouped((const rep_trace *const *)r->unknown.data,
                      r->unknown.len, out);
  }
  if (r->undefined.len) {
    fprintf(out,
            "undefined  %zu trace%s (feasible up to undefined behaviour, "
            "which ends them)\n",
            r->undefined.len, r->undefined.len == 1 ? "" : "s");
    rep_print_grouped((const rep_trace *const *)r->undefined.data,
                      r->undefined.len, out);
  }
  if (r->warnings.len) {
    fprintf(out, "warnings   %zu\n", r->warnings.len);
    rep_print_warnings(r, out);
  }
  rep_print_coverage(r, out);
  fprintf(out, "%lu states, %lu solver calls, %.2f s\n", r->states,
          r->solver_calls, r->wall_seconds);
}

static char *rep_sha256_hex(struct sha256_ctx *ctx) {
  unsigned char d[SHA256_DIGEST_SIZE];
  sha256_digest(ctx, sizeof d, d);
  char *hex = mem_alloc(2 * sizeof d + 1);
  for (size_t i = 0; i < sizeof d; i++)
    snprintf(hex + 2 * i, 3, "%02x", d[i]);
  return hex;
}

char *rep_sha256(const void *buf, size_t len) {
  struct sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, len, buf);
  return rep_sha256_hex(&ctx);
}

char *rep_sha256_file(const char *path) {
  struct stat st;
  char *err;
  int fd = file_open(path, &st, &err);
  if (fd < 0) {
    int e = errno; /* file_open's: ENOENT, EACCES, EINVAL (not a file) */
    mem_free(err);
    errno = e;
    return 0;
  }
  struct sha256_ctx ctx;
  sha256_init(&ctx);
  unsigned char buf[65536];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      close(fd);
      errno = e;
      return 0;
    }
    if (n == 0) break;
    sha256_update(&ctx, (size_t)n, buf);
  }
  close(fd);
  return rep_sha256_hex(&ctx);
}
