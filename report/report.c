#include "report.h"

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
    }
    VEC_FREE(r->comp[c].traces);
  }
  for (size_t i = 0; i < r->unknown.len; i++) {
    VEC_FREE(r->unknown.data[i]->steps);
    VEC_FREE(r->unknown.data[i]->inputs);
  }
  VEC_FREE(r->unknown);
  VEC_FREE(r->warnings);
  if (r->limits) json_decref(r->limits);
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

rep_trace *rep_trace_new(rep_report *r, rep_component_kind k, bool feasible,
                         const char *reason) {
  rep_trace *t = mem_arena_alloc(r->arena, sizeof *t);
  t->component = k;
  t->feasible = feasible;
  t->reason = rep_strdup(r, reason);
  if (feasible) {
    rep_component *c = &r->comp[k];
    snprintf(t->id, sizeof t->id, "%c%zu", k == REP_SAFE ? 'S' : 'F', c->traces.len + 1);
    VEC_PUSH(c->traces, t);
  } else {
    snprintf(t->id, sizeof t->id, "U%zu", r->unknown.len + 1);
    VEC_PUSH(r->unknown, t);
  }
  return t;
}

void rep_warn(rep_report *r, const char *kind, unsigned line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  rep_warning w = {rep_strdup(r, kind), rep_strdup(r, m), line};
  mem_free(m);
  VEC_PUSH(r->warnings, w);
}

static json_t *str_or_null(const char *s) { return s ? json_string(s) : json_null(); }

static json_t *trace_json(const rep_trace *t) {
  json_t *o = json_object();
  json_object_set_new(o, "id", json_string(t->id));
  json_object_set_new(o, "component",
                      json_string(t->component == REP_SAFE ? "safe" : "frontier"));
  json_object_set_new(o, "feasibility", json_string(t->feasible ? "feasible" : "unknown"));
  if (!t->feasible) json_object_set_new(o, "reason", str_or_null(t->reason));
  json_t *end = json_object();
  json_object_set_new(end, "file", str_or_null(t->end_file));
  json_object_set_new(end, "line", json_integer(t->end_line));
  json_object_set_new(end, "function", str_or_null(t->end_function));
  json_object_set_new(end, "node", json_integer(t->end_node));
  json_object_set_new(o, "end", end);
  json_t *steps = json_array();
  for (size_t i = 0; i < t->steps.len; i++) {
    const rep_step *s = &t->steps.data[i];
    json_t *j = json_object();
    json_object_set_new(j, "line", json_integer(s->line));
    json_object_set_new(j, "function", str_or_null(s->function));
    json_object_set_new(j, "kind", json_string(s->kind));
    json_object_set_new(j, "text", json_string(s->text));
    json_object_set_new(j, "aa_from", str_or_null(s->aa_from));
    json_object_set_new(j, "aa_to", str_or_null(s->aa_to));
    json_array_append_new(steps, j);
  }
  json_object_set_new(o, "steps", steps);
  json_t *inputs = json_array();
  for (size_t i = 0; i < t->inputs.len; i++) {
    const rep_input *in = &t->inputs.data[i];
    json_t *j = json_object();
    json_object_set_new(j, "index", json_integer(in->index));
    json_object_set_new(j, "function", str_or_null(in->function));
    json_object_set_new(j, "line", json_integer(in->line));
    json_object_set_new(j, "type", str_or_null(in->type));
    json_object_set_new(j, "value", json_string(in->value));
    json_object_set_new(j, "step", json_integer(in->step));
    json_array_append_new(inputs, j);
  }
  json_object_set_new(o, "inputs", inputs);
  return o;
}

static json_t *component_json(const rep_report *r, rep_component_kind k) {
  const rep_component *c = &r->comp[k];
  json_t *o = json_object();
  json_object_set_new(o, "computed", json_boolean(r->want[k]));
  json_object_set_new(o, "full", json_boolean(r->want[k] && c->full));
  json_object_set_new(o, "stopped_by", str_or_null(c->stopped_by));
  json_t *a = json_array();
  for (size_t i = 0; i < c->traces.len; i++) json_array_append_new(a, trace_json(c->traces.data[i]));
  json_object_set_new(o, "traces", a);
  return o;
}

json_t *rep_to_json(const rep_report *r) {
  json_t *o = json_object();
  json_object_set_new(o, "format", json_string("erep-report"));
  json_object_set_new(o, "version", json_integer(1));
  json_t *p = json_object();
  json_object_set_new(p, "path", str_or_null(r->program_path));
  json_object_set_new(p, "sha256", str_or_null(r->program_sha256));
  json_object_set_new(o, "program", p);
  json_t *a = json_object();
  json_object_set_new(a, "path", str_or_null(r->aa_path));
  json_object_set_new(a, "sha256", str_or_null(r->aa_sha256));
  json_object_set_new(a, "dialect", str_or_null(r->aa_dialect));
  json_object_set_new(a, "states", json_integer(r->aa_states));
  json_object_set_new(a, "transitions", json_integer(r->aa_transitions));
  json_object_set_new(o, "automaton", a);
  json_t *an = json_object();
  json_object_set_new(an, "name", str_or_null(r->analysis));
  json_object_set_new(an, "limits", r->limits ? json_incref(r->limits) : json_object());
  json_object_set_new(o, "analysis", an);
  json_t *comps = json_object();
  json_object_set_new(comps, "safe", component_json(r, REP_SAFE));
  json_object_set_new(comps, "frontier", component_json(r, REP_FRONTIER));
  json_object_set_new(o, "components", comps);
  json_t *u = json_array();
  for (size_t i = 0; i < r->unknown.len; i++) json_array_append_new(u, trace_json(r->unknown.data[i]));
  json_object_set_new(o, "unknown", u);
  json_t *st = json_object();
  json_object_set_new(st, "wall_seconds", json_real(r->wall_seconds));
  json_object_set_new(st, "first_trace_seconds",
                      r->first_trace_seconds < 0 ? json_null() : json_real(r->first_trace_seconds));
  json_object_set_new(st, "states", json_integer((json_int_t)r->states));
  json_object_set_new(st, "solver_calls", json_integer((json_int_t)r->solver_calls));
  json_object_set_new(st, "infeasible_candidates", json_integer((json_int_t)r->infeasible_candidates));
  json_object_set_new(st, "refinements", json_integer((json_int_t)r->refinements));
  json_object_set_new(o, "stats", st);
  json_t *w = json_array();
  for (size_t i = 0; i < r->warnings.len; i++) {
    json_t *j = json_object();
    json_object_set_new(j, "kind", json_string(r->warnings.data[i].kind));
    json_object_set_new(j, "message", json_string(r->warnings.data[i].message));
    json_object_set_new(j, "line", r->warnings.data[i].line ? json_integer(r->warnings.data[i].line)
                                                            : json_null());
    json_array_append_new(w, j);
  }
  json_object_set_new(o, "warnings", w);
  return o;
}

int rep_write(const rep_report *r, const char *path, char **err) {
  json_t *j = rep_to_json(r);
  outfile *f = outfile_open(path, err);
  if (!f) {
    json_decref(j);
    return -1;
  }
  int rc = json_dumpf(j, outfile_stream(f), JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  json_decref(j);
  if (rc || fputc('\n', outfile_stream(f)) == EOF) {
    outfile_abort(f);
    *err = mem_strdup("writing the report failed");
    return -1;
  }
  return outfile_commit(f, err);
}

void rep_print_summary(const rep_report *r, FILE *out) {
  static const char *names[] = {"safe cones", "frontier"};
  for (int k = 0; k < 2; k++) {
    if (!r->want[k]) continue;
    const rep_component *c = &r->comp[k];
    fprintf(out, "%-10s %zu trace%s, %s", names[k], c->traces.len,
            c->traces.len == 1 ? "" : "s",
            c->full ? "full (search finished)" : "partial");
    if (!c->full && c->stopped_by) fprintf(out, ", stopped by %s", c->stopped_by);
    fputc('\n', out);
    for (size_t i = 0; i < c->traces.len; i++) {
      const rep_trace *t = c->traces.data[i];
      fprintf(out, "  %-4s ends at line %u in %s after %zu steps, %zu input%s\n", t->id,
              t->end_line, t->end_function ? t->end_function : "?", t->steps.len,
              t->inputs.len, t->inputs.len == 1 ? "" : "s");
    }
  }
  if (r->unknown.len) {
    fprintf(out, "unknown    %zu trace%s (not proved feasible)\n", r->unknown.len,
            r->unknown.len == 1 ? "" : "s");
    for (size_t i = 0; i < r->unknown.len; i++)
      fprintf(out, "  %-4s line %u: %s\n", r->unknown.data[i]->id, r->unknown.data[i]->end_line,
              r->unknown.data[i]->reason ? r->unknown.data[i]->reason : "");
  }
  if (r->warnings.len) {
    fprintf(out, "warnings   %zu\n", r->warnings.len);
    for (size_t i = 0; i < r->warnings.len && i < 5; i++) {
      /* the message quotes program text: no control characters out */
      fprintf(out, "  %s: ", r->warnings.data[i].kind);
      for (const char *c = r->warnings.data[i].message; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) fprintf(out, "\\x%02x", (unsigned char)*c);
        else fputc(*c, out);
      fputc('\n', out);
    }
    if (r->warnings.len > 5) fprintf(out, "  ... %zu more in the report\n", r->warnings.len - 5);
  }
  fprintf(out, "%lu states, %lu solver calls, %.2f s\n", r->states, r->solver_calls,
          r->wall_seconds);
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
    mem_free(err);
    errno = EINVAL;
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
