/* erep report PROGRAM AA: the execution report (safe cones and frontier). */
#include "analysis/aamap.h"
#include "program/aastep.h"
#include "program/cfa.h"
#include "program/psi.h"
#include "smt/smt.h"
#include "commands.h"
#include "formats/aa.h"
#include "lib/esc.h"
#include "lib/file.h"
#include "lib/outfile.h"
#include "lib/sigwatch.h"
#include "report/run.h"
#include "lib/lim.h"
#include "report/report.h"
#include "report/rjson.h"
#include "setup.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void report_on_trace(const rep_trace *t, void *arg) {
  FILE *out = arg;
  fprintf(out, "%s %s trace ends at line %u in ", t->id,
          t->component == REP_SAFE ? "safe" : "frontier", t->end_line);
  esc_fputs(t->end_function ? t->end_function : "?", 0, out);
  fprintf(out, " (%zu steps)\n", t->steps.len);
  fflush(out);
}

/* The report's file when no -o was given: "<program>.report.json" in the
 * working directory, or the first "<program>.report-N.json" that does not
 * exist, so that no earlier report is replaced without being named
 * (mem_free; NULL when none is free). */
static char *report_default_path(const char *program) {
  return file_free_name(program, "erep", ".report", ".json");
}

/* The search's options from the command's (checked already, options.h:
 * typed values here); found traces are said on `say`. */
static void report_options(const erep_opts *o, FILE *say, rn_options *xo) {
  memset(xo, 0, sizeof *xo);
  int comp = o->val.component.choice; /* default both (options.h) */
  xo->want[REP_SAFE] = comp != 1;     /* safe|frontier|both */
  xo->want[REP_FRONTIER] = comp != 0;
  xo->analysis = o->val.analysis.analysis; /* a row of the table */
  xo->sbe = o->sbe != 0;
  xo->bdd = o->bdd != 0;
  xo->pred_scope = (unsigned)o->val.predicate_scope.choice; /* location|function|global */
  /* preconditions|cuts|newton */
  xo->pred_cuts = o->val.refinement.choice == 1;
  xo->pred_newton = o->val.refinement.choice == 2;
  xo->dfs = o->val.order.choice == 1; /* bfs|dfs */
  xo->time_limit = o->val.time_limit.sec; /* 0: none */
  xo->memory_limit = opt_num(&o->val.memory_limit, lim_memory_default());
  xo->max_states = o->val.state_limit.num; /* 0: none */
  xo->traces_per_location = (unsigned)o->val.traces_per_location.num;
  xo->max_refinements = 200;
  xo->solver_timeout_ms = su_solver_timeout_ms();
  xo->progress = isatty(2);
  xo->on_trace = report_on_trace;
  xo->arg = say;
}

/* Write r to -o FILE, standard output (-o -) or the default file, then the
 * summary on `say`. */
static erep_status report_write(const rep_report *r, const erep_opts *o,
                                bool to_stdout, FILE *say) {
  erep_status rc = ST_OK;
  char *err = 0;
  char *path = to_stdout    ? mem_strdup("/dev/stdout")
               : o->output ? mem_strdup(o->output)
                           : report_default_path(o->pos[0]);
  if (!path) {
    esc_fprintf(stderr, 0,
                "erep report: no free default report name in the working "
                "directory; name it with -o FILE\n");
    rc = ST_FAILED;
  } else if (rj_write(r, path, &err)) {
    esc_fprintf(stderr, 0, "erep report: %s\n", err);
    mem_free(err);
    rc = ST_FAILED;
  }
  rep_print_summary(r, say);
  if (!rc && !to_stdout)
    esc_fprintf(say, 0, "report written to %s\n", path);
  mem_free(path);
  return rc;
}

erep_status cmd_report(const erep_opts *o) {
  rn_options xo;
  /* -o -: the JSON on standard output, everything else on stderr */
  bool to_stdout = o->output && !strcmp(o->output, "-");
  FILE *say = to_stdout ? stderr : stdout;
  cfa_data_model dm = su_data_model(o);
  report_options(o, say, &xo);
  /* the limits cover the whole run from here: loading and the fit
   * measurement spend the time the search then lacks */
  lim limits;
  lim_start(&limits, sigwatch_flag(), xo.time_limit, 0, xo.memory_limit);
  xo.run = &limits;

  /* the output was checked before any work (guard.h); without -o the
   * report goes to a default file in the working directory, never nowhere */
  char *err = 0;
  if (!o->output && access(".", W_OK | X_OK)) {
    esc_fprintf(stderr, 0,
                "erep report: cannot write the report into the working "
                "directory (%s); name it with -o FILE, or -o - for standard "
                "output\n",
                strerror(errno));
    return ST_BAD_INPUT;
  }
  /* signals are watched before any work: until the search starts one ends
   * erep at once with no file (nothing is computed yet, and an existing
   * report is better kept than replaced by an empty one), from then on it
   * stops the search and the partial report is written */
  if (sigwatch_start("erep report",
                     "before the search began: stopped, no report written",
                     &err)) {
    esc_fprintf(stderr, 0, "erep report: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  smt_ahead(1); /* the search's Z3 context, made while the inputs load */
  su_run run;
  if (su_load(o, "report", &run) != ST_OK) {
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  cfa *g = run.g;
  aa_automaton *A = run.A;
  char *refuse = rn_refusal(g, &xo);
  if (refuse) {
    esc_fprintf(stderr, 0, "erep report: %s\n", refuse);
    mem_free(refuse);
    su_free(&run);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  const an_analysis *an = xo.analysis;
  rep_report *r = rep_new();
  su_header(&run, an->name, r);
  su_limits(r, xo.time_limit, xo.memory_limit);
  r->limits.has_states = r->limits.has_traces = r->limits.has_order = true;
  r->limits.has_data_model = true;
  r->limits.state_limit = xo.max_states;
  r->limits.traces_per_location = xo.traces_per_location;
  r->limits.dfs = xo.dfs;
  r->limits.data_model = dm;

  /* Before any search: does the automaton fit the program (setup.h)? */
  am_fit fit;
  if (su_fit(&run, "report", &limits, o->force != NULL, r, &fit) != ST_OK) {
    rep_free(r);
    su_free(&run);
    sigwatch_end();
    return ST_BAD_INPUT;
  }

  as_view *v = as_view_new(A);
  /* the ASSUME conditions, parsed before any search (psi.h) */
  char *perr = 0;
  psi_set *ps = psi_new(g, v, &perr);
  if (!ps) {
    esc_fprintf(stderr, 0, "erep report: %s\n", perr);
    mem_free(perr);
    as_view_free(v);
    rep_free(r);
    su_free(&run);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  as_view_set_psi(v, ps);
  /* a limit the loaded models already exceed would stop the search at its
   * first check with nothing found: a usage error, said before any search */
  unsigned long loaded = mem_rss_mb();
  if (o->val.memory_limit.set && loaded >= xo.memory_limit) {
    esc_fprintf(stderr, 0,
                "erep report: the memory limit of %lu MB is below what loading "
                "%s and %s took (%lu MB); give --memory-limit above %lu, or "
                "none\n",
                xo.memory_limit, o->pos[0], o->pos[1], loaded, loaded);
    as_view_free(v);
    psi_free(ps);
    rep_free(r);
    su_free(&run);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  if (o->verbose)
    esc_fprintf(stderr, 0, "erep report: searching (%lu MB after loading)\n",
                loaded);
  sigwatch_catch(lim_interrupt, &limits);
  rn_run(g, v, &xo, r, 0);
  sigwatch_catch(NULL, 0); /* the solver is gone; a signal now changes nothing */
  int sig = atomic_load(sigwatch_flag());
  if (sig)
    esc_fprintf(stderr, 0,
                "erep report: %s: search stopped, the report is partial\n",
                sig == SIGINT    ? "SIGINT"
                : sig == SIGTERM ? "SIGTERM"
                                 : "SIGHUP");
  if (as_unsupported_triggers(v))
    rep_warn(r, "unsupported-trigger", 0,
             "%lu evaluations of automaton triggers erep does not model were "
             "taken as false",
             as_unsupported_triggers(v));
  as_view_free(v);
  psi_free(ps);
  /* where the automaton does not match, the sinks are the catch-all's, not
   * the verifier's */
  if (fit != AM_FITS) rep_partial(r, STOP_AUTOMATON);

  erep_status rc = report_write(r, o, to_stdout, say);
  sigwatch_end();
  rep_free(r);
  su_free(&run);
  return rc;
}
