/* erep report PROGRAM AA: the execution report (safe cones and frontier). */
#include "analysis/aamap.h"
#include "program/aastep.h"
#include "program/cfa.h"
#include "analysis/pred.h"
#include "smt/smt.h"
#include "commands.h"
#include "formats/aa.h"
#include "lib/esc.h"
#include "lib/outfile.h"
#include "lib/sigwatch.h"
#include "report/explore.h"
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

/* The fit figures of the data-free product into the report. */
static void report_fit(rep_report *r, const am_result *m, am_fit fit,
                       bool forced) {
  rep_fit *f = &r->fit;
  f->measured = true;
  f->match_reached = m->match_reached;
  f->match_matched = m->match_matched;
  f->catchalls = m->catchalls;
  f->near_misses = m->near_misses;
  f->states_reached = m->states_reached;
  f->unmatched = m->unmatched.len;
  f->edits = m->edits;
  f->verdict = am_fit_name(fit);
  f->forced = forced;
  if (m->first < 0) return;
  const am_unmatched *u = &m->unmatched.data[m->first];
  f->aa_line = u->aa_line;
  f->state = rep_strdup(r, u->state);
  f->match = rep_strdup(r, u->text);
  f->met = rep_strdup(r, u->met);
  f->line = u->met_line;
  f->in_declarations = u->in_chain;
}

/* Where the automaton and the program part (f->aa_line != 0), for the
 * warning in the report (caller frees). */
static char *report_mismatch_text(const erep_opts *o, const rep_fit *f) {
  if (!f->met)
    return mem_printf(
        "%s:%u: state %s: MATCH \"%s\" never met an edge it could match",
        o->pos[1], f->aa_line, f->state, f->match);
  return mem_printf("%s:%u: state %s expects MATCH \"%s\" where the program "
                    "has \"%s\" (%s:%u%s)",
                    o->pos[1], f->aa_line, f->state, f->match, f->met,
                    o->pos[0], f->line,
                    f->in_declarations ? ", in the global declarations" : "");
}

/* The same on the terminal: texts quoted and escaped. */
static void report_print_mismatch(const erep_opts *o, const rep_fit *f,
                                  FILE *out) {
  esc_fprintf(out, 0, "  first mismatch: %s:%u: state %s expects MATCH ",
              o->pos[1], f->aa_line, f->state);
  cfa_print_quoted(f->match, out);
  if (f->met) {
    fprintf(out, "\n  where the program has ");
    cfa_print_quoted(f->met, out);
    esc_fprintf(out, 0, " (%s:%u%s)\n", o->pos[0], f->line,
                f->in_declarations ? ", in the global declarations" : "");
  } else
    fprintf(out, "\n  and never met an edge it could match\n");
}

/* am_run_until's poll: a limit of the run met now. */
static const char *report_over(void *arg) { return lim_over(arg); }

/* The fit figures of A on g (am_run) under the run's limits: NULL, or the
 * limit that loading spent or that cut the measurement, with the phase it
 * cut (m is then empty, or partial: not to be judged). */
static const char *report_measure(const lim *limits, const cfa *g,
                                  const aa_automaton *A, am_result *m,
                                  const char **phase) {
  *phase = "loading the inputs";
  const char *cut = lim_over(limits);
  if (cut) {
    memset(m, 0, sizeof *m);
    m->first = -1;
    return cut;
  }
  *phase = "measuring the automaton's fit";
  as_view *mv = as_view_new(A);
  am_run_until(g, mv, 5000000, report_over, (void *)limits, m);
  as_view_free(mv);
  return m->stopped_by;
}

static char *report_figures(const am_result *m) {
  char *edits =
      m->edits ? mem_printf(", %lu unmatched one%s an edit of a program line",
                            m->edits, m->edits == 1 ? "" : "s")
               : mem_strdup("");
  char *s = mem_printf("%lu of %lu reached MATCH transitions matched%s, "
                       "%lu catch-all firing%s",
                       m->match_matched, m->match_reached, edits, m->catchalls,
                       m->catchalls == 1 ? "" : "s");
  mem_free(edits);
  return s;
}

/* The report's file when no -o was given: "<program>.report.json" in the
 * working directory, or the first "<program>.report-N.json" that does not
 * exist, so that no earlier report is replaced without being named
 * (mem_free; NULL when none is free). */
static char *report_default_path(const char *program) {
  for (unsigned k = 1; k < 1000; k++) {
    char suffix[32] = ".report.json";
    if (k > 1) snprintf(suffix, sizeof suffix, ".report-%u.json", k);
    char *p = su_derived_name(program, "erep", suffix);
    struct stat st;
    if (lstat(p, &st) && errno == ENOENT) return p;
    mem_free(p);
  }
  return NULL;
}

erep_status cmd_report(const erep_opts *o) {
  xp_options xo = {0};
  xo.want[REP_SAFE] = xo.want[REP_FRONTIER] = true;
  /* the options are checked already (options.h): typed values here */
  int comp = o->val.component.set ? o->val.component.choice : 2;
  xo.want[REP_SAFE] = comp != 1; /* safe|frontier|both */
  xo.want[REP_FRONTIER] = comp != 0;
  /* explicit|predicate */
  xo.predicate = o->val.analysis.set && o->val.analysis.choice == 1;
  xo.sbe = o->sbe != 0;
  xo.bdd = o->bdd != 0;
  xo.dfs = o->val.order.set && o->val.order.choice == 1; /* bfs|dfs */
  cfa_data_model dm = su_data_model(o);
  xo.time_limit = o->val.time_limit.set ? o->val.time_limit.sec : 0;
  xo.memory_limit = opt_num(&o->val.memory_limit, lim_memory_default());
  xo.max_states = opt_num(&o->val.state_limit, 0);
  xo.traces_per_location = (unsigned)opt_num(&o->val.traces_per_location, 1);
  xo.max_refinements = 200;
  xo.solver_timeout_ms = 10000;
  xo.stop = sigwatch_flag();
  xo.progress = isatty(2);
  xo.on_trace = report_on_trace;
  /* -o -: the JSON on standard output, everything else on stderr */
  bool to_stdout = o->output && !strcmp(o->output, "-");
  FILE *say = to_stdout ? stderr : stdout;
  xo.arg = say;
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
  /* with large blocks, a program the predicate domain does not model gets
   * the search without abstraction (report/explore.h) */
  const char *refuse =
      xo.predicate && (xo.sbe || g->lost) ? pred_supported(g) : 0;
  if (refuse && !xo.sbe) /* large blocks: refused for the lost calls */
    esc_fprintf(stderr, 0,
                "erep report: --analysis predicate: the program has %s, and "
                "the CFA lacks %s, so the search without abstraction cannot "
                "stand in; use --analysis explicit\n",
                refuse, g->lost);
  else if (refuse)
    esc_fprintf(stderr, 0,
                "erep report: --analysis predicate --sbe: the program has %s; "
                "use --analysis explicit\n",
                refuse);
  if (refuse) {
    su_free(&run);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  rep_report *r = rep_new();
  su_header(&run, xo.predicate ? "predicate" : "explicit", r);
  su_limits(r, xo.time_limit, xo.memory_limit);
  r->limits.has_states = r->limits.has_traces = r->limits.has_order = true;
  r->limits.has_data_model = true;
  r->limits.state_limit = xo.max_states;
  r->limits.traces_per_location = xo.traces_per_location;
  r->limits.dfs = xo.dfs;
  r->limits.data_model = dm;

  /* Before any search: an automaton made for another program would have
   * its catch-all call everything verified (see am_fit_of). */
  am_result m;
  const char *phase = 0, *cut = report_measure(&limits, g, A, &m, &phase);
  am_fit fit = cut ? AM_FITS : am_fit_of(&m); /* cut: not known */
  bool misfit = fit == AM_MISFIT_CHAIN || fit == AM_MISFIT_SHARE;
  if (!cut) report_fit(r, &m, fit, misfit && o->force);
  char *where =
      r->fit.aa_line ? report_mismatch_text(o, &r->fit) : mem_strdup("none");
  unsigned long unexplained = am_unexplained(&m);
  char *figures = report_figures(&m);
  am_result_free(&m);
  if (misfit && !o->force) {
    if (fit == AM_MISFIT_CHAIN)
      esc_fprintf(stderr, 0,
                  "erep report: the automaton does not fit the program: it "
                  "parts from the program's global declarations, which every "
                  "execution runs\n");
    else
      esc_fprintf(stderr, 0,
                  "erep report: the automaton does not fit the program: %lu of "
                  "its %lu reached MATCH transitions match no edge of it (more "
                  "than %d%%)\n",
                  unexplained, r->fit.match_reached, AM_MAX_UNEXPLAINED_PCT);
    if (r->fit.aa_line) report_print_mismatch(o, &r->fit, stderr);
    /* esc_fprintf keeps only a final newline: one call per line */
    esc_fprintf(stderr, 0, "  %s\n", figures);
    if (fit == AM_MISFIT_SHARE) {
      esc_fprintf(stderr, 0,
                  "  (a MATCH that nearly matches an edge counts as an edit of "
                  "the program only when it\n");
      esc_fprintf(stderr, 0,
                  "  gives the same variable another value or a condition the "
                  "other polarity)\n");
    }
    esc_fprintf(stderr, 0,
                "  (--force reports anyway, with partial components)\n");
    mem_free(where);
    mem_free(figures);
    rep_free(r);
    su_free(&run);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  if (misfit)
    rep_warn(r, "automaton-fit", r->fit.line,
             "the automaton does not fit the program (%s; first mismatch: "
             "%s): reported because of --force, components are partial",
             figures, where);
  else if (fit == AM_FITS_NEARLY)
    rep_warn(r, "automaton-fit", r->fit.line,
             "the automaton does not match the program everywhere (%s; "
             "first mismatch: %s): traces through a mismatch follow the "
             "catch-all, so components are partial",
             figures, where);
  mem_free(where);
  mem_free(figures);
  if (cut) { /* soft limits: the report is written, partial (design.md) */
    rep_warn(r, "limit", 0,
             "the %s limit was reached while %s (%.1f s): the automaton's "
             "fit is not known and nothing was searched",
             cut, phase, lim_now(&limits));
    rep_partial(r, cut);
  }

  as_view *v = as_view_new(A);
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
    rep_free(r);
    su_free(&run);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  if (o->verbose)
    esc_fprintf(stderr, 0, "erep report: searching (%lu MB after loading)\n",
                loaded);
  sigwatch_catch(xp_interrupt);
  xp_run(g, v, &xo, r);
  sigwatch_catch(NULL); /* the solver is gone; a signal now changes nothing */
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
  /* where the automaton does not match, the sinks are the catch-all's, not
   * the verifier's */
  if (fit != AM_FITS) rep_partial(r, "automaton");

  erep_status rc = ST_OK;
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
  sigwatch_end();
  rep_free(r);
  su_free(&run);
  return rc;
}
