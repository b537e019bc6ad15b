#include "config.h"

#include "export.h"

#include "graph.h"
#include "lib/outfile.h"
#include "report/rjson.h"
#include "report/suite.h"
#include "report/testvec.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* r's header and a copy of t (rep_free). */
static rep_report *bx_subset(const rep_report *r, const rep_trace *t) {
  rep_report *s = rep_new();
  s->program_path = rep_strdup(s, r->program_path);
  s->program_sha256 = rep_strdup(s, r->program_sha256);
  s->aa_path = rep_strdup(s, r->aa_path);
  s->aa_sha256 = rep_strdup(s, r->aa_sha256);
  s->aa_dialect = rep_strdup(s, r->aa_dialect);
  s->aa_states = r->aa_states;
  s->aa_transitions = r->aa_transitions;
  s->analysis = rep_strdup(s, r->analysis);
  s->limits = r->limits;
  for (int k = 0; k < 2; k++) {
    s->want[k] = r->want[k];
    s->comp[k].full = r->comp[k].full;
    s->comp[k].stopped_by = r->comp[k].stopped_by;
  }
  s->wall_seconds = r->wall_seconds;
  s->first_trace_seconds = r->first_trace_seconds;
  s->states = r->states;
  s->solver_calls = r->solver_calls;
  s->infeasible_candidates = r->infeasible_candidates;
  s->refinements = r->refinements;
  for (size_t i = 0; i < r->warnings.len; i++) {
    rep_warning w = r->warnings.data[i];
    w.kind = rep_strdup(s, w.kind);
    w.message = rep_strdup(s, w.message);
    VEC_PUSH(s->warnings, w);
  }
  rep_trace *c = rep_trace_new(s, t->component, t->feasible, t->reason);
  memcpy(c->id, t->id, sizeof c->id);
  memcpy(c->key, t->key, sizeof c->key);
  c->end_file = rep_strdup(s, t->end_file);
  c->end_function = rep_strdup(s, t->end_function);
  c->end_line = t->end_line;
  c->end_node = t->end_node;
  VEC_GROW(c->steps, t->steps.len);
  for (size_t i = 0; i < t->steps.len; i++) {
    rep_step st = t->steps.data[i];
    st.function = rep_strdup(s, st.function);
    st.text = rep_strdup(s, st.text);
    st.aa_from = rep_strdup(s, st.aa_from);
    st.aa_to = rep_strdup(s, st.aa_to);
    VEC_PUSH(c->steps, st);
  }
  for (size_t i = 0; i < t->inputs.len; i++) {
    const rep_input *x = &t->inputs.data[i];
    char *fn = rep_input_text(x); /* the kind, var and path in text */
    rep_input_add(s, c, x->index, fn, x->line, x->type, x->value, x->step);
    mem_free(fn);
    if (x->written) rep_input_written(s, c, x->written);
  }
  return s;
}

/* The session directory, made on first use; NULL with *err. */
static const char *bx_dir(bx_session *s, char **err) {
  if (s->dir) return s->dir;
  const char *tmp = getenv("TMPDIR");
  char *d = mem_printf("%s/erep-browse-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(d)) {
    *err = mem_printf("cannot make a directory for exports (%s): %s", d,
                      strerror(errno));
    mem_free(d);
    return NULL;
  }
  s->dir = d;
  return d;
}

char *bx_write_subset(bx_session *s, const rep_report *r, const rep_trace *t,
                      char **err) {
  const char *d = bx_dir(s, err);
  if (!d) return NULL;
  char *path = mem_printf("%s/export-%u.json", d, ++s->next);
  rep_report *sub = bx_subset(r, t);
  int rc = rj_write(sub, path, err);
  rep_free(sub);
  if (rc) {
    mem_free(path);
    return NULL;
  }
  return path;
}

char *bx_write_dot(bx_session *s, const rep_trace *t, const sp_tree *view,
                   char **err) {
  const char *d = bx_dir(s, err);
  if (!d) return NULL;
  char *path = mem_printf("%s/export-%u.dot", d, ++s->next);
  outfile *f = outfile_open(path, err);
  if (!f) {
    mem_free(path);
    return NULL;
  }
  if (gr_write_trace(t, view, outfile_stream(f), err)) {
    outfile_abort(f);
    mem_free(path);
    return NULL;
  }
  if (outfile_commit(f, err)) {
    mem_free(path);
    return NULL;
  }
  return path;
}

/* The first line of a file, without its newline (mem_free), or NULL. */
static char *bx_first_line(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  char line[512];
  char *r = fgets(line, sizeof line, f) ? mem_strdup(line) : NULL;
  fclose(f);
  if (r) r[strcspn(r, "\n")] = 0;
  return r;
}

int bx_write_tests(const char *json, const char *dir, bx_guard_fn guard,
                   char **msg) {
  char *log = mem_printf("%s.log", dir);
  FILE *f = fopen(log, "w");
  if (!f) {
    *msg = mem_printf("cannot write %s: %s", log, strerror(errno));
    mem_free(log);
    return -1;
  }
  /* the trace the reader chose, whatever its component; the directory is
   * the browser's own, written again when T is pressed again. No stop
   * flag: a signal ends the browser as anywhere else (term.h). */
  ts_options o = {.report = json,
                  .dir = dir,
                  .components = TV_SAFE | TV_FRONTIER,
                  .force = true,
                  .out = f,
                  .msg = f};
  bool ok = guard(json, dir, f) == 0 && ts_export(&o, NULL) == ST_OK;
  if (fclose(f)) ok = false;
  char *first = bx_first_line(log);
  *msg = mem_printf("%s (log %s)",
                    first ? first
                    : ok  ? "done"
                          : "no message",
                    log);
  mem_free(first);
  mem_free(log);
  return ok ? 0 : -1;
}

void bx_free(bx_session *s) {
  mem_free(s->dir);
  s->dir = NULL;
  s->next = 0;
}
