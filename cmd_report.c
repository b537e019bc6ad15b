/* erep report PROGRAM AA: the execution report (safe cones and frontier). */
#include "analyzer/aastep.h"
#include "analyzer/cfa.h"
#include "analyzer/explore.h"
#include "commands.h"
#include "formats/aa.h"
#include "report/report.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t report_stop;

static void report_signal(int sig) {
  (void)sig;
  report_stop = 1;
  xp_interrupt();
}

static void report_on_trace(const rep_trace *t, void *arg) {
  FILE *out = arg;
  fprintf(out, "%s %s trace ends at line %u in %s (%zu steps)\n", t->id,
          t->component == REP_SAFE ? "safe" : "frontier", t->end_line,
          t->end_function ? t->end_function : "?", t->steps.len);
  fflush(out);
}

static double parse_seconds(const char *s) {
  if (!s) return 0;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno || end == s || *end || v <= 0 || v > 1e7) {
    fprintf(stderr, "erep report: --time-limit wants a positive number of seconds, not '%s'\n", s);
    exit(2);
  }
  return v;
}

int cmd_report(const erep_opts *o) {
  xp_options xo = {0};
  xo.want[REP_SAFE] = xo.want[REP_FRONTIER] = true;
  if (o->component) {
    if (!strcmp(o->component, "safe")) xo.want[REP_FRONTIER] = false;
    else if (!strcmp(o->component, "frontier")) xo.want[REP_SAFE] = false;
    else if (strcmp(o->component, "both")) {
      fprintf(stderr, "erep report: --component must be safe, frontier or both, not '%s'\n",
              o->component);
      return 2;
    }
  }
  if (o->analysis && strcmp(o->analysis, "explicit")) {
    if (!strcmp(o->analysis, "predicate"))
      fprintf(stderr, "erep report: --analysis predicate is not available yet; use explicit\n");
    else
      fprintf(stderr, "erep report: --analysis must be explicit or predicate, not '%s'\n",
              o->analysis);
    return 2;
  }
  if (o->order && strcmp(o->order, "bfs") && strcmp(o->order, "dfs")) {
    fprintf(stderr, "erep report: --order must be bfs or dfs, not '%s'\n", o->order);
    return 2;
  }
  xo.dfs = o->order && !strcmp(o->order, "dfs");
  cfa_data_model dm;
  if (cfa_data_model_parse(o->data_model, &dm)) {
    fprintf(stderr, "erep report: --data-model must be ILP32 or LP64, not '%s'\n", o->data_model);
    return 2;
  }
  xo.time_limit = parse_seconds(o->time_limit);
  xo.memory_limit = (unsigned long)opt_long("report", "memory-limit", o->memory_limit, 0, 1, 1 << 24);
  xo.max_states = (unsigned long)opt_long("report", "state-limit", o->state_limit, 0, 1, 1L << 40);
  xo.traces_per_location =
      (unsigned)opt_long("report", "traces-per-location", o->traces_per_location, 1, 1, 1000000);
  xo.max_refinements = 200;
  xo.solver_timeout_ms = 10000;
  xo.stop = &report_stop;
  xo.progress = isatty(2);
  xo.on_trace = report_on_trace;
  xo.arg = stdout;

  /* an output path we cannot write to is a usage error before any work */
  if (o->output && access(o->output, F_OK) == 0 && access(o->output, W_OK) != 0) {
    fprintf(stderr, "erep report: %s: not writable\n", o->output);
    return 2;
  }
  char *err = 0;
  cfa *g = cfa_build(o->pos[0], dm, &err);
  if (!g) {
    fprintf(stderr, "erep report: %s\n", err);
    mem_free(err);
    return 2;
  }
  aa_automaton *A = aa_load(o->pos[1], &err);
  if (!A) {
    fprintf(stderr, "erep report: %s\n", err);
    mem_free(err);
    cfa_free(g);
    return 2;
  }
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, o->pos[0]);
  /* the bytes that were parsed, not the file again: it may have changed */
  char *h = rep_sha256(g->source, g->source_len);
  r->program_sha256 = rep_strdup(r, h);
  mem_free(h);
  r->aa_path = rep_strdup(r, o->pos[1]);
  h = rep_sha256_file(o->pos[1]);
  r->aa_sha256 = rep_strdup(r, h);
  mem_free(h);
  r->aa_dialect = rep_strdup(r, A->dialect);
  r->aa_states = A->nstates;
  r->aa_transitions = A->ntransitions;
  r->analysis = "explicit";
  r->limits = json_object();
  json_object_set_new(r->limits, "time_limit", xo.time_limit > 0 ? json_real(xo.time_limit) : json_null());
  json_object_set_new(r->limits, "memory_limit_mb", xo.memory_limit ? json_integer((json_int_t)xo.memory_limit) : json_null());
  json_object_set_new(r->limits, "state_limit", xo.max_states ? json_integer((json_int_t)xo.max_states) : json_null());
  json_object_set_new(r->limits, "traces_per_location", json_integer(xo.traces_per_location));
  json_object_set_new(r->limits, "order", json_string(xo.dfs ? "dfs" : "bfs"));
  json_object_set_new(r->limits, "data_model", json_string(dm == CFA_LP64 ? "LP64" : "ILP32"));
  for (size_t i = 0; i < g->unsupported.len; i++)
    rep_warn(r, "unsupported", g->unsupported.data[i].line, "%s is not modelled",
             g->unsupported.data[i].construct);

  struct sigaction sa, old_int, old_term;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = report_signal;
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  as_view *v = as_view_new(A);
  xp_run(g, v, &xo, r);
  if (as_unsupported_triggers(v))
    rep_warn(r, "unsupported-trigger", 0,
             "%lu evaluations of automaton triggers erep does not model were taken as false",
             as_unsupported_triggers(v));
  as_view_free(v);

  int rc = 0;
  if (o->output && rep_write(r, o->output, &err)) {
    fprintf(stderr, "erep report: %s\n", err);
    mem_free(err);
    rc = 1;
  }
  rep_print_summary(r, stdout);
  if (o->output && !rc) printf("report written to %s\n", o->output);
  sigaction(SIGINT, &old_int, 0);
  sigaction(SIGTERM, &old_term, 0);
  rep_free(r);
  aa_free(A);
  cfa_free(g);
  return rc;
}
