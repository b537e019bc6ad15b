#include "rjson.h"

#include "lib/esc.h"
#include "lib/file.h"
#include "lib/outfile.h"

#include <nettle/base64.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every key of the format, once. */
/* clang-format off */
#define RJ_KEYS(X) \
  X(format) X(version) X(program) X(path) X(sha256) X(automaton) X(dialect) \
  X(states) X(transitions) X(analysis) X(name) X(limits) X(components) \
  X(safe) X(frontier) X(computed) X(full) X(stopped_by) X(traces) \
  X(unknown) X(stats) X(wall_seconds) X(first_trace_seconds) \
  X(solver_calls) X(infeasible_candidates) X(refinements) X(warnings) \
  X(kind) X(message) X(line) X(id) X(key) X(component) X(feasibility) \
  X(reason) X(end) X(file) X(function) X(node) X(steps) X(text) X(aa_from) \
  X(aa_to) X(edge) X(from) X(to) X(inputs) X(index) X(type) X(value) \
  X(step) X(minor) X(coverage) X(lines) X(total) X(visited) X(on_trace) \
  X(source) X(source_base64) X(values) X(lhs) X(verified) X(unexplored) X(none) X(safe_trace) X(frontier_trace) \
  X(match) X(match_transitions_reached) X(match_transitions_matched) \
  X(catchall_firings) X(near_misses) X(states_reached) X(unmatched) \
  X(unmatched_edits) X(fit) X(forced) X(first_mismatch) X(aa_line) X(state) \
  X(met) X(in_declarations) X(written) X(object) X(call) X(arg) X(via) \
  X(dims) X(params) X(time_limit) X(memory_limit_mb) X(state_limit) \
  X(traces_per_location) X(order) X(block_encoding) X(data_model) \
  X(undefined) X(undefined_step) X(unknown_step)
/* clang-format on */
#define RJ_KEY_DEF(k) static const char K_##k[] = #k;
RJ_KEYS(RJ_KEY_DEF)
#undef RJ_KEY_DEF

static const char RJ_FORMAT[] = "erep-report";
static const int RJ_VERSION = 1;
/* 1: coverage; steps carry edge and node ids, traces a key; 2: inputs
 * written by calls of functions without a body ("written") */
/* 3: program.source; 4: traces that reach undefined behaviour ("undefined",
 * feasibility "undefined" with "undefined_step") */
static const int RJ_MINOR = 4;
/* The names of rep_step_kind, in its order: the only table of them. */
static const char *const rj_step_kinds[REP_STEP_KINDS] = {
    "declaration", "statement", "assume", "call", "return", "blank"};
static const char *const rj_orders[] = {"bfs", "dfs"};
static const char *const rj_block_encodings[] = {"LBE", "SBE"};
static const char *const rj_data_models[] = {"ILP32", "LP64"};

const char *rj_step_kind_name(rep_step_kind k) {
  return (unsigned)k < REP_STEP_KINDS ? rj_step_kinds[k] : "?";
}

/* ---------- writing ---------- */

json_t *rj_text(const char *s) {
  if (!s) return json_null();
  if (esc_utf8_valid(s)) return json_string(s);
  char *v = esc_utf8(s);
  json_t *j = json_string(v);
  mem_free(v);
  return j;
}

static json_t *trace_json(const rep_trace *t) {
  json_t *o = json_object();
  json_object_set_new(o, K_id, json_string(t->id));
  json_object_set_new(o, K_key, json_string(t->key));
  json_object_set_new(
      o, K_component,
      json_string(t->component == REP_SAFE ? "safe" : "frontier"));
  json_object_set_new(o, K_feasibility,
                      json_string(t->undefined  ? "undefined"
                                  : t->feasible ? "feasible"
                                                : "unknown"));
  if (!t->feasible) json_object_set_new(o, K_reason, rj_text(t->reason));
  if (t->undefined)
    json_object_set_new(o, K_undefined_step, json_integer(t->ub_step));
  if (t->has_unknown_step)
    json_object_set_new(o, K_unknown_step, json_integer(t->unknown_step));
  json_t *end = json_object();
  json_object_set_new(end, K_file, rj_text(t->end_file));
  json_object_set_new(end, K_line, json_integer(t->end_line));
  json_object_set_new(end, K_function, rj_text(t->end_function));
  json_object_set_new(end, K_node, json_integer(t->end_node));
  json_object_set_new(o, K_end, end);
  json_t *steps = json_array();
  size_t vi = 0;
  for (size_t i = 0; i < t->steps.len; i++) {
    const rep_step *s = &t->steps.data[i];
    json_t *j = json_object();
    json_object_set_new(j, K_line, json_integer(s->line));
    json_object_set_new(j, K_function, rj_text(s->function));
    json_object_set_new(j, K_kind, json_string(rj_step_kind_name(s->kind)));
    json_object_set_new(j, K_text, rj_text(s->text));
    json_object_set_new(j, K_aa_from, rj_text(s->aa_from));
    json_object_set_new(j, K_aa_to, rj_text(s->aa_to));
    json_object_set_new(j, K_edge, json_integer(s->edge));
    json_object_set_new(j, K_from, json_integer(s->from));
    json_object_set_new(j, K_to, json_integer(s->to));
    /* minor 3: what the step assigns, from the model (values are in step
     * order) */
    json_t *vals = 0;
    for (; vi < t->values.len && t->values.data[vi].step <= i; vi++) {
      const rep_assigned *a = &t->values.data[vi];
      if (a->step != i) continue;
      if (!vals) vals = json_array();
      json_t *v = json_object();
      json_object_set_new(v, K_lhs, rj_text(a->lhs));
      json_object_set_new(v, K_value, rj_text(a->value));
      json_array_append_new(vals, v);
    }
    if (vals) json_object_set_new(j, K_values, vals);
    json_array_append_new(steps, j);
  }
  json_object_set_new(o, K_steps, steps);
  json_t *inputs = json_array();
  for (size_t i = 0; i < t->inputs.len; i++) {
    const rep_input *in = &t->inputs.data[i];
    json_t *j = json_object();
    json_object_set_new(j, K_index, json_integer(in->index));
    char *fn = rep_input_text(in); /* "uninitialised:<var><path>" */
    json_object_set_new(j, K_function, rj_text(fn));
    mem_free(fn);
    json_object_set_new(j, K_line, json_integer(in->line));
    json_object_set_new(j, K_type, rj_text(in->type));
    json_object_set_new(j, K_value, rj_text(in->value));
    json_object_set_new(j, K_step, json_integer(in->step));
    if (in->written) {
      const rep_written *w = in->written;
      json_t *o2 = json_object();
      json_object_set_new(o2, K_object, rj_text(w->object));
      json_object_set_new(o2, K_call, json_integer(w->call));
      json_object_set_new(o2, K_arg, w->arg < 0 ? json_null()
                                               : json_integer(w->arg));
      json_t *via = json_array(), *dims = json_array(),
             *params = json_array();
      for (size_t k = 0; k < w->nvia; k++)
        json_array_append_new(via, json_integer((json_int_t)w->via[k]));
      for (unsigned k = 0; k < w->ndims; k++)
        json_array_append_new(
            dims, json_pack("[II]", (json_int_t)w->count[k],
                            (json_int_t)w->stride[k]));
      for (size_t k = 0; k < w->nparams; k++)
        json_array_append_new(params, rj_text(w->params[k]));
      json_object_set_new(o2, K_via, via);
      json_object_set_new(o2, K_dims, dims);
      json_object_set_new(o2, K_params, params);
      json_object_set_new(j, K_written, o2);
    }
    json_array_append_new(inputs, j);
  }
  json_object_set_new(o, K_inputs, inputs);
  return o;
}

static json_t *component_json(const rep_report *r, rep_component_kind k) {
  const rep_component *c = &r->comp[k];
  json_t *o = json_object();
  json_object_set_new(o, K_computed, json_boolean(r->want[k]));
  json_object_set_new(o, K_full, json_boolean(r->want[k] && c->full));
  json_object_set_new(o, K_stopped_by, rj_text(stop_name(c->stopped_by)));
  json_t *a = json_array();
  for (size_t i = 0; i < c->traces.len; i++)
    json_array_append_new(a, trace_json(c->traces.data[i]));
  json_object_set_new(o, K_traces, a);
  return o;
}

static json_t *count(unsigned long n) { return json_integer((json_int_t)n); }

/* A limit: its number, or null for none (0). */
static json_t *limit(unsigned long n) { return n ? count(n) : json_null(); }

json_t *rj_limits_json(const rep_limits *l) {
  json_t *o = json_object();
  if (l->has_time)
    json_object_set_new(o, K_time_limit,
                        l->time_limit > 0 ? json_real(l->time_limit)
                                          : json_null());
  if (l->has_memory)
    json_object_set_new(o, K_memory_limit_mb, limit(l->memory_limit_mb));
  if (l->has_states)
    json_object_set_new(o, K_state_limit, limit(l->state_limit));
  if (l->has_traces)
    json_object_set_new(o, K_traces_per_location,
                        count(l->traces_per_location));
  if (l->has_order)
    json_object_set_new(o, K_order, json_string(rj_orders[l->dfs]));
  if (l->has_blocks)
    json_object_set_new(o, K_block_encoding,
                        json_string(rj_block_encodings[l->sbe]));
  if (l->has_data_model)
    json_object_set_new(o, K_data_model,
                        json_string(rj_data_models[l->data_model == CFA_LP64]));
  return o;
}

static json_t *fit_json(const rep_fit *f) {
  json_t *o = json_object();
  json_object_set_new(o, K_match_transitions_reached, count(f->match_reached));
  json_object_set_new(o, K_match_transitions_matched, count(f->match_matched));
  json_object_set_new(o, K_catchall_firings, count(f->catchalls));
  json_object_set_new(o, K_near_misses, count(f->near_misses));
  json_object_set_new(o, K_states_reached, count(f->states_reached));
  json_object_set_new(o, K_unmatched, count(f->unmatched));
  json_object_set_new(o, K_unmatched_edits, count(f->edits));
  json_object_set_new(o, K_fit, rj_text(f->verdict));
  json_object_set_new(o, K_forced, json_boolean(f->forced));
  json_t *m = json_null();
  if (f->aa_line) {
    m = json_object();
    json_object_set_new(m, K_aa_line, json_integer(f->aa_line));
    json_object_set_new(m, K_state, rj_text(f->state));
    json_object_set_new(m, K_match, rj_text(f->match));
    json_object_set_new(m, K_met, rj_text(f->met));
    json_object_set_new(m, K_line,
                        f->met ? json_integer(f->line) : json_null());
    json_object_set_new(m, K_in_declarations, json_boolean(f->in_declarations));
  }
  json_object_set_new(o, K_first_mismatch, m);
  return o;
}

static json_t *coverage_json(const rep_coverage *c) {
  json_t *o = json_object();
  json_object_set_new(o, K_total, json_integer((json_int_t)c->total));
  json_object_set_new(o, K_visited, json_integer((json_int_t)c->visited));
  json_object_set_new(o, K_on_trace, json_integer((json_int_t)c->on_trace));
  json_object_set_new(o, K_verified, json_integer((json_int_t)c->verified));
  json_object_set_new(o, K_unexplored, json_integer((json_int_t)c->unexplored));
  json_object_set_new(o, K_none, json_integer((json_int_t)c->none));
  json_t *a = json_array();
  for (size_t i = 0; i < c->lines.len; i++) {
    const rep_line *l = &c->lines.data[i];
    json_t *j = json_object();
    json_object_set_new(j, K_line, json_integer(l->line));
    json_object_set_new(j, K_visited, json_boolean(l->flags & REP_COV_VISITED));
    json_object_set_new(j, K_safe_trace,
                        json_boolean(l->flags & REP_COV_SAFE_TRACE));
    json_object_set_new(j, K_frontier_trace,
                        json_boolean(l->flags & REP_COV_FRONTIER_TRACE));
    json_object_set_new(j, K_verified,
                        json_boolean(l->flags & REP_COV_VERIFIED));
    json_object_set_new(j, K_unexplored,
                        json_boolean(l->flags & REP_COV_UNEXPLORED));
    json_array_append_new(a, j);
  }
  json_object_set_new(o, K_lines, a);
  return o;
}

/* $.program or $.automaton: "source" (UTF-8) or "source_base64" */
static void rj_put_source(json_t *p, const char *text, size_t len) {
  if (!text) return;
  json_t *t = json_stringn(text, len);
  if (t) {
    json_object_set_new(p, K_source, t);
    return;
  }
  char *b = mem_alloc(BASE64_ENCODE_RAW_LENGTH(len) + 1);
  base64_encode_raw(b, len, (const uint8_t *)text);
  json_object_set_new(p, K_source_base64,
                      json_stringn(b, BASE64_ENCODE_RAW_LENGTH(len)));
  mem_free(b);
}

json_t *rj_to_json(const rep_report *r) {
  json_t *o = json_object();
  json_object_set_new(o, K_format, json_string(RJ_FORMAT));
  json_object_set_new(o, K_version, json_integer(RJ_VERSION));
  json_object_set_new(o, K_minor, json_integer(RJ_MINOR));
  json_t *p = json_object();
  json_object_set_new(p, K_path, rj_text(r->program_path));
  json_object_set_new(p, K_sha256, rj_text(r->program_sha256));
  /* JSON text is UTF-8: a source that is not goes as base64 */
  rj_put_source(p, r->program_text, r->program_len);
  json_object_set_new(o, K_program, p);
  json_t *a = json_object();
  json_object_set_new(a, K_path, rj_text(r->aa_path));
  json_object_set_new(a, K_sha256, rj_text(r->aa_sha256));
  json_object_set_new(a, K_dialect, rj_text(r->aa_dialect));
  rj_put_source(a, r->aa_text, r->aa_len);
  json_object_set_new(a, K_states, json_integer(r->aa_states));
  json_object_set_new(a, K_transitions, json_integer(r->aa_transitions));
  if (r->fit.measured) json_object_set_new(a, K_match, fit_json(&r->fit));
  json_object_set_new(o, K_automaton, a);
  json_t *an = json_object();
  json_object_set_new(an, K_name, rj_text(r->analysis));
  json_object_set_new(an, K_limits, rj_limits_json(&r->limits));
  json_object_set_new(o, K_analysis, an);
  json_t *comps = json_object();
  json_object_set_new(comps, K_safe, component_json(r, REP_SAFE));
  json_object_set_new(comps, K_frontier, component_json(r, REP_FRONTIER));
  json_object_set_new(o, K_components, comps);
  json_t *u = json_array();
  for (size_t i = 0; i < r->unknown.len; i++)
    json_array_append_new(u, trace_json(r->unknown.data[i]));
  json_object_set_new(o, K_unknown, u);
  json_t *ub = json_array();
  for (size_t i = 0; i < r->undefined.len; i++)
    json_array_append_new(ub, trace_json(r->undefined.data[i]));
  json_object_set_new(o, K_undefined, ub);
  json_t *st = json_object();
  json_object_set_new(st, K_wall_seconds, json_real(r->wall_seconds));
  json_object_set_new(st, K_first_trace_seconds,
                      r->first_trace_seconds < 0
                          ? json_null()
                          : json_real(r->first_trace_seconds));
  json_object_set_new(st, K_states, json_integer((json_int_t)r->states));
  json_object_set_new(st, K_solver_calls,
                      json_integer((json_int_t)r->solver_calls));
  json_object_set_new(st, K_infeasible_candidates,
                      json_integer((json_int_t)r->infeasible_candidates));
  json_object_set_new(st, K_refinements,
                      json_integer((json_int_t)r->refinements));
  json_object_set_new(o, K_stats, st);
  json_t *w = json_array();
  for (size_t i = 0; i < r->warnings.len; i++) {
    const rep_warning *x = &r->warnings.data[i];
    json_t *j = json_object();
    json_object_set_new(j, K_kind, rj_text(x->kind));
    json_object_set_new(j, K_message, rj_text(x->message));
    json_object_set_new(j, K_line,
                        x->line ? json_integer(x->line) : json_null());
    json_array_append_new(w, j);
  }
  json_object_set_new(o, K_warnings, w);
  if (r->coverage.computed)
    json_object_set_new(o, K_coverage, coverage_json(&r->coverage));
  return o;
}

int rj_write(const rep_report *r, const char *path, char **err) {
  json_t *j = rj_to_json(r);
  outfile *f = outfile_open(path, err);
  if (!f) {
    json_decref(j);
    return -1;
  }
  int rc =
      json_dumpf(j, outfile_stream(f), JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  json_decref(j);
  if (rc || fputc('\n', outfile_stream(f)) == EOF) {
    outfile_abort(f);
    *err = mem_printf("%s: writing the report failed", path);
    return -1;
  }
  return outfile_commit(f, err);
}

/* ---------- reading ---------- */

typedef struct {
  const char *name;
  char *err;
  rep_report *r;
} rj_rd;

/* Record the first problem, at JSON path `at` (then "." key, if any). */
static bool rd_fail(rj_rd *d, const char *at, const char *key, const char *fmt,
                    ...) __attribute__((format(printf, 4, 5)));
static bool rd_fail(rj_rd *d, const char *at, const char *key, const char *fmt,
                    ...) {
  if (d->err) return false;
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  d->err = mem_printf("%s: %s%s%s: %s", d->name, at, key ? "." : "",
                      key ? key : "", m);
  mem_free(m);
  return false;
}

static const char *rd_type_name(json_type t) {
  switch (t) {
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
    return "true or false";
  default:
    return "null";
  }
}

/* o.key of type `want` (JSON_TRUE: a boolean; JSON_REAL: any number);
 * NULL after recording a problem, or for an allowed null. */
static const json_t *rd_get(rj_rd *d, const json_t *o, const char *at,
                            const char *key, json_type want, bool nullable) {
  const json_t *v = json_object_get(o, key);
  if (!v) {
    rd_fail(d, at, key, "missing");
    return 0;
  }
  if (json_is_null(v) && nullable) return 0;
  bool ok = want == JSON_TRUE   ? json_is_boolean(v)
            : want == JSON_REAL ? json_is_number(v)
                                : json_typeof(v) == want;
  if (!ok) {
    rd_fail(d, at, key, "expected %s%s, not %s", rd_type_name(want),
            nullable ? " or null" : "", rd_type_name(json_typeof(v)));
    return 0;
  }
  return v;
}

static const char *rd_str(rj_rd *d, const json_t *o, const char *at,
                          const char *key, bool nullable) {
  const json_t *v = rd_get(d, o, at, key, JSON_STRING, nullable);
  return v ? rep_strdup(d->r, json_string_value(v)) : 0;
}

/* $.program.source or $.automaton.source (or .source_base64): the text,
 * which must have the sha256 beside it (*text, *len: the report's). */
static void rd_source(rj_rd *d, const json_t *o, const char *at,
                      const char *sha, const char **text_out, size_t *len_out) {
  rep_report *r = d->r;
  const json_t *t = json_object_get(o, K_source);
  const json_t *b = json_object_get(o, K_source_base64);
  if (!t && !b) return; /* before minor 3 */
  const char *key = t ? K_source : K_source_base64;
  if (!json_is_string(t ? t : b)) {
    rd_fail(d, at, key, "expected a string");
    return;
  }
  const char *s = json_string_value(t ? t : b);
  size_t n = json_string_length(t ? t : b);
  char *text;
  size_t len = n;
  if (t)
    text = mem_arena_strndup(r->arena, s, n);
  else {
    struct base64_decode_ctx ctx;
    base64_decode_init(&ctx);
    text = mem_arena_alloc(r->arena, BASE64_DECODE_LENGTH(n) + 1);
    len = 0;
    if (!base64_decode_update(&ctx, &len, (uint8_t *)text, n, s) ||
        !base64_decode_final(&ctx)) {
      rd_fail(d, at, key, "not base64");
      return;
    }
    text[len] = 0;
  }
  char *h = rep_sha256(text, len);
  bool same = sha && !strcmp(h, sha);
  mem_free(h);
  if (!same) {
    rd_fail(d, at, key, "the source does not have the sha256 beside it");
    return;
  }
  *text_out = text;
  *len_out = len;
}


/* A stop reason (lib/stop.h) or null (STOP_NONE). */
static stop_reason rd_stop(rj_rd *d, const json_t *o, const char *at,
                           const char *key) {
  const json_t *v = rd_get(d, o, at, key, JSON_STRING, true);
  stop_reason s = STOP_NONE;
  if (v && !stop_parse(json_string_value(v), &s))
    rd_fail(d, at, key, "\"%s\" is no stop reason", json_string_value(v));
  return s;
}

/* An integer in [lo, hi]; with `nullable`, null too (0: none). */
static unsigned long rd_range(rj_rd *d, const json_t *o, const char *at,
                              const char *key, unsigned long lo,
                              unsigned long hi, bool nullable) {
  const json_t *v = rd_get(d, o, at, key, JSON_INTEGER, nullable);
  if (!v) return 0;
  json_int_t x = json_integer_value(v);
  if (x < (json_int_t)lo || (unsigned long long)x > hi) {
    rd_fail(d, at, key, "%lld is out of range [%lu, %lu]%s", (long long)x, lo,
            hi, nullable ? " (null: none)" : "");
    return 0;
  }
  return (unsigned long)x;
}

static unsigned long rd_uint(rj_rd *d, const json_t *o, const char *at,
                             const char *key, unsigned long max) {
  return rd_range(d, o, at, key, 0, max, false);
}

#define RJ_MAX_OFFSET ((int64_t)1 << 30) /* bytes, in via and in arrays */

/* What is wrong with the numbers of a written input `in` (via offsets,
 * dims as count/stride pairs, the element indices of its value), or
 * NULL. */
static const char *rd_written_bounds(const rep_input *in, const int64_t *via,
                                     size_t nv, const uint64_t *cnt,
                                     const uint64_t *str, size_t nd) {
  for (size_t i = 0; i < nv; i++)
    if (via[i] <= -RJ_MAX_OFFSET || via[i] >= RJ_MAX_OFFSET)
      return "via: an offset out of range (-2^30, 2^30)";
  uint64_t extent = 0, elems = 1;
  for (size_t i = 0; i < nd; i++) {
    if (!cnt[i] || !str[i]) return "dims: a count or stride of 0";
    if (cnt[i] >= (uint64_t)RJ_MAX_OFFSET || str[i] >= (uint64_t)RJ_MAX_OFFSET)
      return "dims: a count or stride out of range [1, 2^30)";
    extent += (cnt[i] - 1) * str[i]; /* each term < 2^60: no overflow */
    if (extent >= (uint64_t)RJ_MAX_OFFSET)
      return "dims: the array spans 2^30 bytes or more";
    elems = elems > UINT64_MAX / cnt[i] ? UINT64_MAX : elems * cnt[i];
  }
  if (nd && in->typed.kind == REP_VALUE_ARRAY)
    for (size_t i = 0; i < in->typed.nelems; i++)
      if (in->typed.elems[i].index >= elems)
        return "value: an element index beyond the array of dims";
  return 0;
}

/* The "written" object of an input (the last one of t). */
static bool rd_written(rj_rd *d, rep_trace *t, const json_t *j,
                       const char *at0) {
  char at[192];
  snprintf(at, sizeof at, "%.160s.%s", at0, K_written);
  if (!json_is_object(j)) return rd_fail(d, at, 0, "expected an object");
  rep_written w = {0};
  w.object = rd_str(d, j, at, K_object, false);
  w.call = (unsigned)rd_uint(d, j, at, K_call, UINT32_MAX);
  const json_t *a = rd_get(d, j, at, K_arg, JSON_INTEGER, true);
  w.arg = -1;
  if (a) {
    json_int_t x = json_integer_value(a);
    if (x < 0 || x > 255)
      return rd_fail(d, at, K_arg, "%lld is out of range [0, 255]",
                     (long long)x);
    w.arg = (int)x;
  }
  const json_t *via = rd_get(d, j, at, K_via, JSON_ARRAY, false);
  const json_t *dims = rd_get(d, j, at, K_dims, JSON_ARRAY, false);
  const json_t *params = rd_get(d, j, at, K_params, JSON_ARRAY, false);
  if (d->err) return false;
  size_t nv = json_array_size(via), nd = json_array_size(dims),
         np = json_array_size(params);
  if (nd > 8) return rd_fail(d, at, K_dims, "more than 8 dimensions");
  int64_t *v = mem_calloc(nv + 1, sizeof *v);
  uint64_t cnt[8], str[8];
  const char **ps = mem_calloc(np + 1, sizeof *ps);
  bool ok = true;
  for (size_t i = 0; i < nv && ok; i++) {
    const json_t *x = json_array_get(via, i);
    ok = json_is_integer(x);
    if (ok) v[i] = (int64_t)json_integer_value(x);
  }
  for (size_t i = 0; i < nd && ok; i++) {
    const json_t *x = json_array_get(dims, i);
    json_int_t c = 0, st = 0;
    ok = json_unpack((json_t *)x, "[II]", &c, &st) == 0 && c >= 0 && st >= 0;
    cnt[i] = (uint64_t)c;
    str[i] = (uint64_t)st;
  }
  for (size_t i = 0; i < np && ok; i++) {
    const json_t *x = json_array_get(params, i);
    ok = json_is_string(x);
    if (ok) ps[i] = json_string_value(x);
  }
  if (ok && w.arg >= 0 && (!nv || np != (size_t)w.arg + 1)) ok = false;
  /* every number the harness computes an address with: bounded, so that
   * an edited report cannot make it divide by zero or write far away */
  const char *bad = ok ? rd_written_bounds(&t->inputs.data[t->inputs.len - 1],
                                           v, nv, cnt, str, nd)
                       : 0;
  if (bad) {
    mem_free(v);
    mem_free(ps);
    return rd_fail(d, at, 0, "%s", bad);
  }
  if (ok) {
    w.via = v;
    w.nvia = nv;
    w.ndims = (unsigned)nd;
    w.count = cnt;
    w.stride = str;
    w.params = ps;
    w.nparams = np;
    rep_input_written(d->r, t, &w);
  }
  mem_free(v);
  mem_free(ps);
  if (!ok)
    return rd_fail(d, at, 0,
                   "expected via (integers), dims ([count, stride] pairs) and "
                   "params (one type per argument up to arg)");
  return !d->err;
}

/* One of `names` (n of them): its index, or -1 after recording it. */
static int rd_enum(rj_rd *d, const json_t *o, const char *at, const char *key,
                   const char *const *names, int n) {
  const json_t *v = rd_get(d, o, at, key, JSON_STRING, false);
  if (!v) return -1;
  for (int i = 0; i < n; i++)
    if (!strcmp(json_string_value(v), names[i])) return i;
  rd_fail(d, at, key, "unknown value \"%s\"", json_string_value(v));
  return -1;
}

/* A trace of component `want` (-1: of the unknown list, -2: of the
 * undefined list, either component). */
static bool rd_trace(rj_rd *d, const json_t *j, const char *at, int want) {
  bool unknown = want == -1, undefined = want == -2;
  char sub[160];
  if (!json_is_object(j)) return rd_fail(d, at, 0, "expected an object");
  static const char *const comps[] = {"safe", "frontier"};
  static const char *const feas[] = {"feasible", "unknown", "undefined"};
  static const char *const lists[] = {"a component", "the unknown list",
                                      "the undefined list"};
  int comp = rd_enum(d, j, at, K_component, comps, 2);
  int fe = rd_enum(d, j, at, K_feasibility, feas, 3);
  if (comp < 0 || fe < 0) return false;
  int list = want >= 0 ? 0 : -want;
  if (fe != list)
    return rd_fail(d, at, K_feasibility, "a%s %s trace in %s",
                   fe == 0 ? "" : "n", feas[fe], lists[list]);
  if (want >= 0 && comp != want)
    return rd_fail(d, at, K_component, "a %s trace in the %s component",
                   comps[comp], comps[want]);
  const char *reason =
      unknown || undefined ? rd_str(d, j, at, K_reason, !undefined) : 0;
  unsigned ub_step =
      undefined ? (unsigned)rd_uint(d, j, at, K_undefined_step, UINT32_MAX)
                : 0;
  const json_t *us = unknown ? json_object_get(j, K_unknown_step) : 0;
  unsigned unknown_step =
      us ? (unsigned)rd_uint(d, j, at, K_unknown_step, UINT32_MAX) : 0;
  if (d->err) return false;
  rep_trace *t =
      undefined
          ? rep_trace_new_undefined(d->r, (rep_component_kind)comp, reason)
          : rep_trace_new(d->r, (rep_component_kind)comp, fe == 0, reason);
  t->ub_step = ub_step;
  t->has_unknown_step = us != 0;
  t->unknown_step = unknown_step;
  const char *id = rd_str(d, j, at, K_id, false);
  const char *key = rd_str(d, j, at, K_key, false);
  if (d->err) return false;
  if (strlen(id) >= sizeof t->id) return rd_fail(d, at, K_id, "too long");
  /* ids are data, never paths: the commands name nothing after them, but a
   * reader of the report may, so only [A-Za-z0-9_-] */
  if (!*id || id[strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                            "WXYZ0123456789_-")])
    return rd_fail(d, at, K_id,
                   "\"%s\" is not an id (letters, digits, '_' and '-')", id);
  strcpy(t->id, id);
  snprintf(sub, sizeof sub, "%s.%s", at, K_end);
  const json_t *end = rd_get(d, j, at, K_end, JSON_OBJECT, false);
  if (!end) return false;
  t->end_file = rd_str(d, end, sub, K_file, true);
  t->end_line = (unsigned)rd_uint(d, end, sub, K_line, UINT32_MAX);
  t->end_function = rd_str(d, end, sub, K_function, true);
  t->end_node = (unsigned)rd_uint(d, end, sub, K_node, UINT32_MAX);
  const json_t *steps = rd_get(d, j, at, K_steps, JSON_ARRAY, false);
  if (!steps) return false;
  for (size_t i = 0; i < json_array_size(steps) && !d->err; i++) {
    const json_t *s = json_array_get(steps, i);
    snprintf(sub, sizeof sub, "%s.%s[%zu]", at, K_steps, i);
    if (!json_is_object(s)) return rd_fail(d, sub, 0, "expected an object");
    rep_step st;
    st.line = (unsigned)rd_uint(d, s, sub, K_line, UINT32_MAX);
    st.function = rd_str(d, s, sub, K_function, true);
    int k = rd_enum(d, s, sub, K_kind, rj_step_kinds, REP_STEP_KINDS);
    st.kind = k >= 0 ? (rep_step_kind)k : REP_STEP_BLANK;
    st.text = rd_str(d, s, sub, K_text, false);
    st.aa_from = rd_str(d, s, sub, K_aa_from, true);
    st.aa_to = rd_str(d, s, sub, K_aa_to, true);
    st.edge = (unsigned)rd_uint(d, s, sub, K_edge, UINT32_MAX);
    st.from = (unsigned)rd_uint(d, s, sub, K_from, UINT32_MAX);
    st.to = (unsigned)rd_uint(d, s, sub, K_to, UINT32_MAX);
    VEC_PUSH(t->steps, st);
    const json_t *vals = json_object_get(s, K_values);
    if (vals && !json_is_array(vals))
      return rd_fail(d, sub, K_values, "expected an array");
    for (size_t q = 0; vals && q < json_array_size(vals) && !d->err; q++) {
      const json_t *v = json_array_get(vals, q);
      char vsub[256];
      snprintf(vsub, sizeof vsub, "%s.%s[%zu]", sub, K_values, q);
      if (!json_is_object(v)) return rd_fail(d, vsub, 0, "expected an object");
      const char *lhs = rd_str(d, v, vsub, K_lhs, false);
      const char *val = rd_str(d, v, vsub, K_value, false);
      if (d->err) return false;
      rep_assigned a = {(unsigned)i, lhs, val};
      VEC_PUSH(t->values, a);
    }
  }
  const json_t *inputs = rd_get(d, j, at, K_inputs, JSON_ARRAY, false);
  if (!inputs) return false;
  for (size_t i = 0; i < json_array_size(inputs) && !d->err; i++) {
    const json_t *s = json_array_get(inputs, i);
    snprintf(sub, sizeof sub, "%s.%s[%zu]", at, K_inputs, i);
    if (!json_is_object(s)) return rd_fail(d, sub, 0, "expected an object");
    unsigned index = (unsigned)rd_uint(d, s, sub, K_index, UINT32_MAX);
    const char *fn = rd_str(d, s, sub, K_function, true);
    unsigned line = (unsigned)rd_uint(d, s, sub, K_line, UINT32_MAX);
    const char *type = rd_str(d, s, sub, K_type, true);
    const char *value = rd_str(d, s, sub, K_value, false);
    unsigned step = (unsigned)rd_uint(d, s, sub, K_step, UINT32_MAX);
    if (d->err) return false;
    rep_value v;
    if (!rep_value_parse(d->r, value, &v))
      return rd_fail(d, sub, K_value, "\"%s\" is not an input value", value);
    if (step >= t->steps.len && t->steps.len)
      return rd_fail(d, sub, K_step, "%u is not a step of the trace", step);
    rep_input_add(d->r, t, index, fn, line, type, value, step);
    const json_t *wj = json_object_get(s, K_written);
    if (wj && !json_is_null(wj) && !rd_written(d, t, wj, sub)) return false;
  }
  if (d->err) return false;
  if (undefined && t->ub_step >= t->steps.len)
    return rd_fail(d, at, K_undefined_step, "%u is not a step of the trace",
                   t->ub_step);
  if (t->has_unknown_step && t->unknown_step >= t->steps.len)
    return rd_fail(d, at, K_unknown_step, "%u is not a step of the trace",
                   t->unknown_step);
  rep_trace_seal(t);
  if (strcmp(t->key, key))
    return rd_fail(d, at, K_key,
                   "\"%s\" does not fit the trace (its key is \"%s\")", key,
                   t->key);
  return true;
}

static bool rd_component(rj_rd *d, const json_t *comps, rep_component_kind k) {
  const char *name = k == REP_SAFE ? K_safe : K_frontier;
  char at[64];
  snprintf(at, sizeof at, "$.%s.%s", K_components, name);
  const json_t *c = rd_get(d, comps, "$.components", name, JSON_OBJECT, false);
  if (!c) return false;
  const json_t *v = rd_get(d, c, at, K_computed, JSON_TRUE, false);
  d->r->want[k] = v && json_is_true(v);
  v = rd_get(d, c, at, K_full, JSON_TRUE, false);
  d->r->comp[k].full = v && json_is_true(v);
  d->r->comp[k].stopped_by = rd_stop(d, c, at, K_stopped_by);
  const json_t *tr = rd_get(d, c, at, K_traces, JSON_ARRAY, false);
  if (!tr) return false;
  for (size_t i = 0; i < json_array_size(tr) && !d->err; i++) {
    char sub[96];
    snprintf(sub, sizeof sub, "%s.%s[%zu]", at, K_traces, i);
    if (!rd_trace(d, json_array_get(tr, i), sub, (int)k)) return false;
  }
  return !d->err;
}

static void rd_fit(rj_rd *d, const json_t *o) {
  static const char at[] = "$.automaton.match";
  rep_fit *f = &d->r->fit;
  if (!json_is_object(o)) {
    rd_fail(d, "$.automaton", K_match, "expected an object");
    return;
  }
  f->measured = true;
  f->match_reached = rd_uint(d, o, at, K_match_transitions_reached, UINT32_MAX);
  f->match_matched = rd_uint(d, o, at, K_match_transitions_matched, UINT32_MAX);
  f->catchalls = rd_uint(d, o, at, K_catchall_firings, UINT64_MAX >> 1);
  f->near_misses = rd_uint(d, o, at, K_near_misses, UINT32_MAX);
  f->states_reached = rd_uint(d, o, at, K_states_reached, UINT32_MAX);
  f->unmatched = rd_uint(d, o, at, K_unmatched, UINT32_MAX);
  f->edits = rd_uint(d, o, at, K_unmatched_edits, UINT32_MAX);
  f->verdict = rd_str(d, o, at, K_fit, true);
  const json_t *b = rd_get(d, o, at, K_forced, JSON_TRUE, false);
  f->forced = b && json_is_true(b);
  const json_t *m = rd_get(d, o, at, K_first_mismatch, JSON_OBJECT, true);
  if (!m) return;
  static const char am[] = "$.automaton.match.first_mismatch";
  f->aa_line = (unsigned)rd_uint(d, m, am, K_aa_line, UINT32_MAX);
  f->state = rd_str(d, m, am, K_state, true);
  f->match = rd_str(d, m, am, K_match, true);
  f->met = rd_str(d, m, am, K_met, true);
  const json_t *l = rd_get(d, m, am, K_line, JSON_INTEGER, true);
  f->line = l ? (unsigned)json_integer_value(l) : 0;
  b = rd_get(d, m, am, K_in_declarations, JSON_TRUE, false);
  f->in_declarations = b && json_is_true(b);
}

static void rd_coverage(rj_rd *d, const json_t *o) {
  rep_coverage *c = &d->r->coverage;
  if (!json_is_object(o)) {
    rd_fail(d, "$", K_coverage, "expected an object");
    return;
  }
  c->computed = true;
  static const char at[] = "$.coverage";
  c->total = rd_uint(d, o, at, K_total, UINT32_MAX);
  c->visited = rd_uint(d, o, at, K_visited, UINT32_MAX);
  c->on_trace = rd_uint(d, o, at, K_on_trace, UINT32_MAX);
  c->verified = rd_uint(d, o, at, K_verified, UINT32_MAX);
  c->unexplored = rd_uint(d, o, at, K_unexplored, UINT32_MAX);
  c->none = rd_uint(d, o, at, K_none, UINT32_MAX);
  const json_t *a = rd_get(d, o, at, K_lines, JSON_ARRAY, false);
  static const struct {
    const char *key;
    unsigned flag;
  } fl[] = {{K_visited, REP_COV_VISITED},
            {K_safe_trace, REP_COV_SAFE_TRACE},
            {K_frontier_trace, REP_COV_FRONTIER_TRACE},
            {K_verified, REP_COV_VERIFIED},
            {K_unexplored, REP_COV_UNEXPLORED}};
  for (size_t i = 0; a && i < json_array_size(a) && !d->err; i++) {
    char sub[64];
    snprintf(sub, sizeof sub, "%s.%s[%zu]", at, K_lines, i);
    const json_t *l = json_array_get(a, i);
    if (!json_is_object(l)) {
      rd_fail(d, sub, 0, "expected an object");
      return;
    }
    rep_line x = {(unsigned)rd_uint(d, l, sub, K_line, UINT32_MAX), 0};
    for (size_t k = 0; k < sizeof fl / sizeof *fl; k++) {
      const json_t *b = rd_get(d, l, sub, fl[k].key, JSON_TRUE, false);
      if (b && json_is_true(b)) x.flags |= fl[k].flag;
    }
    if (c->lines.len && x.line <= c->lines.data[c->lines.len - 1].line) {
      rd_fail(d, sub, K_line, "lines must ascend");
      return;
    }
    VEC_PUSH(c->lines, x);
  }
  if (!d->err && c->lines.len != c->total)
    rd_fail(d, at, K_total, "%lu, but %zu lines are listed", c->total,
            c->lines.len);
}

/* A limit that may be none (null, 0 in the model): a positive integer up
 * to max. */
static unsigned long rd_limit(rj_rd *d, const json_t *o, const char *at,
                              const char *key, unsigned long max) {
  return rd_range(d, o, at, key, 1, max, true);
}

/* $.analysis.limits: each key may be absent (has_ false). */
static void rd_limits(rj_rd *d, const json_t *o) {
  static const char at[] = "$.analysis.limits";
  rep_limits *l = &d->r->limits;
  l->has_time = json_object_get(o, K_time_limit) != 0;
  if (l->has_time) {
    const json_t *v = rd_get(d, o, at, K_time_limit, JSON_REAL, true);
    l->time_limit = v ? json_number_value(v) : 0;
    if (v && !(l->time_limit > 0))
      rd_fail(d, at, K_time_limit, "%g is not a positive number (null: none)",
              l->time_limit);
  }
  l->has_memory = json_object_get(o, K_memory_limit_mb) != 0;
  if (l->has_memory)
    l->memory_limit_mb = rd_limit(d, o, at, K_memory_limit_mb, UINT32_MAX);
  l->has_states = json_object_get(o, K_state_limit) != 0;
  if (l->has_states)
    l->state_limit = rd_limit(d, o, at, K_state_limit, UINT64_MAX >> 1);
  l->has_traces = json_object_get(o, K_traces_per_location) != 0;
  if (l->has_traces)
    l->traces_per_location =
        rd_uint(d, o, at, K_traces_per_location, UINT32_MAX);
  l->has_order = json_object_get(o, K_order) != 0;
  if (l->has_order) l->dfs = rd_enum(d, o, at, K_order, rj_orders, 2) == 1;
  l->has_blocks = json_object_get(o, K_block_encoding) != 0;
  if (l->has_blocks)
    l->sbe = rd_enum(d, o, at, K_block_encoding, rj_block_encodings, 2) == 1;
  l->has_data_model = json_object_get(o, K_data_model) != 0;
  if (l->has_data_model) {
    const json_t *v = rd_get(d, o, at, K_data_model, JSON_STRING, false);
    const char *m = v ? json_string_value(v) : "";
    if (!strcmp(m, rj_data_models[1]))
      l->data_model = CFA_LP64;
    else if (strcmp(m, rj_data_models[0]))
      rd_fail(d, at, K_data_model, "\"%s\" is neither ILP32 nor LP64", m);
  }
}

/* The report of parsed JSON; `name` is used in messages. */
static rep_report *rj_from_json(const json_t *j, const char *name,
                                char **err) {
  rj_rd D = {name, 0, rep_new()}, *d = &D;
  rep_report *r = d->r;
  if (!json_is_object(j)) {
    rd_fail(d, "$", 0, "not a JSON object");
    goto out;
  }
  const json_t *f = json_object_get(j, K_format);
  if (!json_is_string(f) || strcmp(json_string_value(f), RJ_FORMAT)) {
    rd_fail(d, "$", K_format, "not an erep report (expected \"%s\")",
            RJ_FORMAT);
    goto out;
  }
  const json_t *v = rd_get(d, j, "$", K_version, JSON_INTEGER, false);
  const json_t *mv = json_object_get(j, K_minor);
  if (mv && !json_is_integer(mv)) {
    rd_fail(d, "$", K_minor, "expected an integer");
    goto out;
  }
  if (v && json_integer_value(v) != RJ_VERSION) {
    rd_fail(d, "$", K_version, "version %lld; this erep reads version %d",
            (long long)json_integer_value(v), RJ_VERSION);
    goto out;
  }
  const json_t *o = rd_get(d, j, "$", K_program, JSON_OBJECT, false);
  if (o) {
    r->program_path = rd_str(d, o, "$.program", K_path, true);
    r->program_sha256 = rd_str(d, o, "$.program", K_sha256, true);
    rd_source(d, o, "$.program", r->program_sha256, &r->program_text,
              &r->program_len);
  }
  o = rd_get(d, j, "$", K_automaton, JSON_OBJECT, false);
  if (o) {
    r->aa_path = rd_str(d, o, "$.automaton", K_path, true);
    r->aa_sha256 = rd_str(d, o, "$.automaton", K_sha256, true);
    r->aa_dialect = rd_str(d, o, "$.automaton", K_dialect, true);
    rd_source(d, o, "$.automaton", r->aa_sha256, &r->aa_text, &r->aa_len);
    r->aa_states = (unsigned)rd_uint(d, o, "$.automaton", K_states, UINT32_MAX);
    r->aa_transitions =
        (unsigned)rd_uint(d, o, "$.automaton", K_transitions, UINT32_MAX);
    const json_t *fm = json_object_get(o, K_match);
    if (fm && !d->err) rd_fit(d, fm);
  }
  o = rd_get(d, j, "$", K_analysis, JSON_OBJECT, false);
  if (o) {
    r->analysis = rd_str(d, o, "$.analysis", K_name, true);
    const json_t *l = rd_get(d, o, "$.analysis", K_limits, JSON_OBJECT, false);
    if (l) rd_limits(d, l);
  }
  o = rd_get(d, j, "$", K_components, JSON_OBJECT, false);
  if (o && rd_component(d, o, REP_SAFE)) rd_component(d, o, REP_FRONTIER);
  const json_t *u =
      d->err ? 0 : rd_get(d, j, "$", K_unknown, JSON_ARRAY, false);
  for (size_t i = 0; u && i < json_array_size(u) && !d->err; i++) {
    char sub[64];
    snprintf(sub, sizeof sub, "$.%s[%zu]", K_unknown, i);
    rd_trace(d, json_array_get(u, i), sub, -1);
  }
  /* minor 4: optional before */
  const json_t *ub = d->err ? 0 : json_object_get(j, K_undefined);
  if (ub && !json_is_array(ub)) rd_fail(d, "$", K_undefined, "expected an array");
  for (size_t i = 0; ub && i < json_array_size(ub) && !d->err; i++) {
    char sub[64];
    snprintf(sub, sizeof sub, "$.%s[%zu]", K_undefined, i);
    rd_trace(d, json_array_get(ub, i), sub, -2);
  }
  o = d->err ? 0 : rd_get(d, j, "$", K_stats, JSON_OBJECT, false);
  if (o) {
    const json_t *x = rd_get(d, o, "$.stats", K_wall_seconds, JSON_REAL, false);
    r->wall_seconds = x ? json_number_value(x) : 0;
    x = rd_get(d, o, "$.stats", K_first_trace_seconds, JSON_REAL, true);
    r->first_trace_seconds = x ? json_number_value(x) : -1;
    r->states = rd_uint(d, o, "$.stats", K_states, UINT64_MAX >> 1);
    r->solver_calls = rd_uint(d, o, "$.stats", K_solver_calls, UINT64_MAX >> 1);
    r->infeasible_candidates =
        rd_uint(d, o, "$.stats", K_infeasible_candidates, UINT64_MAX >> 1);
    r->refinements = rd_uint(d, o, "$.stats", K_refinements, UINT64_MAX >> 1);
  }
  const json_t *w =
      d->err ? 0 : rd_get(d, j, "$", K_warnings, JSON_ARRAY, false);
  for (size_t i = 0; w && i < json_array_size(w) && !d->err; i++) {
    char sub[64];
    snprintf(sub, sizeof sub, "$.%s[%zu]", K_warnings, i);
    const json_t *x = json_array_get(w, i);
    if (!json_is_object(x)) {
      rd_fail(d, sub, 0, "expected an object");
      break;
    }
    const char *kind = rd_str(d, x, sub, K_kind, false);
    const char *msg = rd_str(d, x, sub, K_message, false);
    const json_t *line = rd_get(d, x, sub, K_line, JSON_INTEGER, true);
    if (d->err) break;
    if (line && (json_integer_value(line) < 0 ||
                 json_integer_value(line) > UINT32_MAX)) {
      rd_fail(d, sub, K_line, "out of range");
      break;
    }
    rep_warning wr = {kind, msg, line ? (unsigned)json_integer_value(line) : 0};
    VEC_PUSH(r->warnings, wr);
  }
  const json_t *cv = d->err ? 0 : json_object_get(j, K_coverage);
  if (cv) rd_coverage(d, cv);
out:
  if (d->err) {
    *err = d->err;
    rep_free(r);
    return 0;
  }
  return r;
}

/* While a report is parsed, jansson allocates from a bump arena and frees
 * nothing: the tree of a large report is millions of small objects, and
 * malloc's bookkeeping for them (above all the frees) took most of the
 * reading time. The arena goes as a whole once the model is built. */
typedef struct rj_chunk {
  struct rj_chunk *next;
  size_t used, cap;
  max_align_t data[];
} rj_chunk;
static rj_chunk *rj_chunks;

static void *rj_arena_alloc(size_t n) {
  n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  if (!rj_chunks || rj_chunks->cap - rj_chunks->used < n) {
    size_t cap = n > (1u << 20) ? n : (1u << 20);
    rj_chunk *c = mem_alloc(sizeof *c + cap);
    c->next = rj_chunks;
    c->used = 0;
    c->cap = cap;
    rj_chunks = c;
  }
  void *p = (char *)rj_chunks->data + rj_chunks->used;
  rj_chunks->used += n;
  return p;
}

static void rj_arena_free(void *p) { (void)p; }

static void rj_arena_release(void) {
  while (rj_chunks) {
    rj_chunk *c = rj_chunks;
    rj_chunks = c->next;
    mem_free(c);
  }
}

rep_report *rj_read(const char *path, char **err) {
  /* the whole file at once (jansson's stream reader takes a byte per
   * call), through the one reader that refuses FIFOs and devices */
  size_t size;
  char *buf = file_read(path, RJ_MAX_BYTES, &size, err);
  if (!buf) return 0;
  json_error_t je;
  json_set_alloc_funcs(rj_arena_alloc, rj_arena_free);
  json_t *j = json_loadb(buf, size, JSON_REJECT_DUPLICATES, &je);
  mem_free(buf);
  rep_report *r = 0;
  if (!j)
    *err = mem_printf("%s:%d:%d: not valid JSON: %s", path, je.line, je.column,
                      je.text);
  else
    r = rj_from_json(j, path, err);
  json_set_alloc_funcs(malloc, free);
  rj_arena_release();
  return r;
}

/* o.key.path as a string, or NULL */
static char *rj_named_path(json_t *j, const char *key) {
  const char *s = json_string_value(json_object_get(json_object_get(j, key),
                                                    "path"));
  return s && *s ? mem_strdup(s) : 0;
}

int rj_named(const char *path, char **program, char **automaton) {
  *program = *automaton = 0;
  size_t size;
  char *err = 0;
  char *buf = file_read(path, RJ_MAX_BYTES, &size, &err);
  mem_free(err);
  if (!buf) return -1;
  json_error_t je;
  json_t *j = json_loadb(buf, size, 0, &je);
  mem_free(buf);
  if (!json_is_object(j)) {
    json_decref(j);
    return -1;
  }
  *program = rj_named_path(j, "program");
  *automaton = rj_named_path(j, "automaton");
  json_decref(j);
  return 0;
}

rep_report *rj_open(const char *path, bool no_hash_check, char **warning,
                    char **err) {
  *warning = 0;
  rep_report *r = rj_read(path, err);
  if (!r) return 0;
  char *problem = 0;
  if (!r->program_path)
    problem = mem_printf("%s: the report names no program", path);
  else {
    char *h = rep_sha256_file(r->program_path);
    if (!h && r->program_text && errno == ENOENT)
      return r; /* a report moved without its program: the source it has */
    if (!h)
      problem = mem_printf("%s: the program %s cannot be read: %s", path,
                           r->program_path, file_why(r->program_path, errno));
    else if (!r->program_sha256 || strcmp(h, r->program_sha256))
      problem = mem_printf(
          "%s: the program %s has changed since the report was made (sha256 "
          "%s, the report has %s)",
          path, r->program_path, h,
          r->program_sha256 ? r->program_sha256 : "none");
    mem_free(h);
  }
  if (!problem) return r;
  if (no_hash_check) {
    *warning = problem;
    return r;
  }
  *err = problem;
  rep_free(r);
  return 0;
}

char *rj_limits_text(const rep_limits *l) {
  char *s = mem_strdup("");
  const char *k;
  json_t *v, *lj = rj_limits_json(l); /* as the JSON has them */
  json_object_foreach(lj, k, v) {
    char *val = json_is_null(v)     ? mem_strdup("-")
                : json_is_string(v) ? mem_strdup(json_string_value(v))
                                    : NULL;
    if (!val) {
      char *j = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
      val = mem_strdup(j ? j : "?");
      free(j); /* jansson's allocator */
    }
    char *item;
    if (!strcmp(k, "time_limit"))
      item = mem_printf("time %s%s", val, json_is_null(v) ? "" : " s");
    else if (!strcmp(k, "memory_limit_mb"))
      item = mem_printf("memory %s%s", val, json_is_null(v) ? "" : " MB");
    else if (!strcmp(k, "state_limit"))
      item = mem_printf("states %s", val);
    else if (!strcmp(k, "traces_per_location"))
      item =
          mem_printf("%s trace%s/location", val, strcmp(val, "1") ? "s" : "");
    else if (json_is_string(v))
      item = mem_strdup(val); /* order, data model: their values say it */
    else
      item = mem_printf("%s %s", k, val);
    char *n = mem_printf("%s%s%s", s, *s ? ", " : "", item);
    mem_free(item);
    mem_free(val);
    mem_free(s);
    s = n;
  }
  json_decref(lj);
  return s;
}
