#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "setup.h"

#include "analysis/aamap.h"
#include "lib/esc.h"
#include "lib/file.h"
#include "program/aastep.h"

#include <errno.h>
#include <sched.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

/* The fit figures of the data-free product into the report. */
static void su_fit_record(rep_report *r, const am_result *m, am_fit fit,
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
static char *su_mismatch_text(const su_run *run, const rep_fit *f) {
  if (!f->met)
    return mem_printf(
        "%s:%u: state %s: MATCH \"%s\" never met an edge it could match",
        run->automaton, f->aa_line, f->state, f->match);
  return mem_printf("%s:%u: state %s expects MATCH \"%s\" where the program "
                    "has \"%s\" (%s:%u%s)",
                    run->automaton, f->aa_line, f->state, f->match, f->met,
                    run->program, f->line,
                    f->in_declarations ? ", in the global declarations" : "");
}

/* The same on the terminal: texts quoted and escaped. */
static void su_print_mismatch(const su_run *run, const rep_fit *f, FILE *out) {
  esc_fprintf(out, 0, "  first mismatch: %s:%u: state %s expects MATCH ",
              run->automaton, f->aa_line, f->state);
  cfa_print_quoted(f->match, out);
  if (f->met) {
    fprintf(out, "\n  where the program has ");
    cfa_print_quoted(f->met, out);
    esc_fprintf(out, 0, " (%s:%u%s)\n", run->program, f->line,
                f->in_declarations ? ", in the global declarations" : "");
  } else
    fprintf(out, "\n  and never met an edge it could match\n");
}

/* am_run_until's poll: a limit of the run met now. */
static stop_reason su_over(void *arg) { return lim_over(arg); }

/* The fit figures of A on g (am_run) under the run's limits: STOP_NONE, or the
 * limit that loading spent or that cut the measurement, with the phase it
 * cut (m is then empty, or partial: not to be judged). */
static stop_reason su_measure(const lim *limits, const cfa *g,
                              const aa_automaton *A, am_result *m,
                              const char **phase) {
  *phase = "loading the inputs";
  stop_reason cut = lim_over(limits);
  if (cut) {
    memset(m, 0, sizeof *m);
    m->first = -1;
    return cut;
  }
  *phase = "measuring the automaton's fit";
  as_view *mv = as_view_new(A);
  am_run_until(g, mv, 5000000, su_over, (void *)limits, m);
  as_view_free(mv);
  return m->stopped_by;
}

static char *su_figures(const am_result *m) {
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

unsigned su_solver_timeout_ms(void) {
  const char *env = getenv("EREP_SOLVER_TIMEOUT_MS");
  if (env && *env >= '1' && *env <= '9') {
    char *end;
    errno = 0;
    unsigned long v = strtoul(env, &end, 10);
    if (!*end && !errno && v <= 86400000ul) return (unsigned)v;
  }
  return SU_SOLVER_TIMEOUT_MS;
}

unsigned su_cores(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (!sched_getaffinity(0, sizeof set, &set)) {
    int n = CPU_COUNT(&set);
    return n > 0 ? (unsigned)n : 1;
  }
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1;
}

cfa_data_model su_data_model(const erep_opts *o) {
  /* ILP32|LP64, checked by opt_parse; default ILP32 (options.h) */
  return o->val.data_model.choice == 1 ? CFA_LP64 : CFA_ILP32;
}

erep_status su_load(const erep_opts *o, const char *cmd, su_run *run) {
  memset(run, 0, sizeof *run);
  run->program = o->pos[0];
  run->automaton = o->pos[1];
  run->dm = su_data_model(o);
  char *err = 0;
  /* -v: where erep is, on stderr (tests wait for these before a signal) */
  if (o->verbose)
    esc_fprintf(stderr, 0, "erep %s: loading %s\n", cmd, run->program);
  run->g = cfa_build(run->program, run->dm, &err);
  if (run->g) {
    if (o->verbose)
      esc_fprintf(stderr, 0, "erep %s: loading %s\n", cmd, run->automaton);
    run->A = aa_load(run->automaton, &err);
  }
  if (run->g && run->A) return ST_OK;
  esc_fprintf(stderr, 0, "erep %s: %s\n", cmd, err);
  mem_free(err);
  su_free(run);
  return ST_BAD_INPUT;
}

void su_free(su_run *run) {
  aa_free(run->A);
  cfa_free(run->g);
  run->A = 0;
  run->g = 0;
}

void su_header(const su_run *run, const char *analysis, rep_report *r) {
  /* the bytes that were parsed, not the file again: it may have changed */
  rep_set_program(r, run->program, run->g->source, run->g->source_len);
  /* the automaton's bytes as they are now (what was parsed, unless it
   * changed meanwhile: then its hash says so to every view) */
  size_t len = 0;
  char *e = 0;
  char *text = file_read(run->automaton, AA_MAX_FILE_BYTES, &len, &e);
  mem_free(e);
  if (text)
    rep_set_automaton(r, run->automaton, text, len);
  else
    r->aa_path = rep_strdup(r, run->automaton);
  mem_free(text);
  r->aa_dialect = rep_strdup(r, run->A->dialect);
  r->aa_states = run->A->nstates;
  r->aa_transitions = run->A->ntransitions;
  r->analysis = analysis;
  for (size_t i = 0; i < run->g->unsupported.len; i++)
    rep_warn(r, "unsupported", run->g->unsupported.data[i].line,
             "%s is not modelled", run->g->unsupported.data[i].construct);
}

void su_limits(rep_report *r, double time_limit, unsigned long memory_limit) {
  r->limits.has_time = r->limits.has_memory = true;
  r->limits.time_limit = time_limit > 0 ? time_limit : 0;
  r->limits.memory_limit_mb = memory_limit;
}

erep_status su_fit(const su_run *run, const char *cmd, const lim *limits,
                   bool force, rep_report *r, am_fit *fit) {
  am_result m;
  const char *phase = 0;
  stop_reason cut = su_measure(limits, run->g, run->A, &m, &phase);
  *fit = cut ? AM_FITS : am_fit_of(&m); /* cut: not known */
  bool misfit = *fit == AM_MISFIT_CHAIN || *fit == AM_MISFIT_SHARE;
  if (!cut) su_fit_record(r, &m, *fit, misfit && force);
  char *where =
      r->fit.aa_line ? su_mismatch_text(run, &r->fit) : mem_strdup("none");
  unsigned long unexplained = am_unexplained(&m);
  char *figures = su_figures(&m);
  am_result_free(&m);
  if (misfit && !force) {
    if (*fit == AM_MISFIT_CHAIN)
      esc_fprintf(stderr, 0,
                  "erep %s: the automaton does not fit the program: it "
                  "parts from the program's global declarations, which every "
                  "execution runs\n",
                  cmd);
    else
      esc_fprintf(stderr, 0,
                  "erep %s: the automaton does not fit the program: %lu of "
                  "its %lu reached MATCH transitions match no edge of it (more "
                  "than %d%%)\n",
                  cmd, unexplained, r->fit.match_reached,
                  AM_MAX_UNEXPLAINED_PCT);
    if (r->fit.aa_line) su_print_mismatch(run, &r->fit, stderr);
    /* esc_fprintf keeps only a final newline: one call per line */
    esc_fprintf(stderr, 0, "  %s\n", figures);
    if (*fit == AM_MISFIT_SHARE) {
      esc_fprintf(stderr, 0,
                  "  (a MATCH that nearly matches an edge counts as an edit of "
                  "the program only when it\n");
      esc_fprintf(stderr, 0,
                  "  gives the same variable another value or a condition the "
                  "other polarity)\n");
    }
    if (!strcmp(cmd, "report"))
      esc_fprintf(stderr, 0,
                  "  (--force reports anyway, with partial components)\n");
    mem_free(where);
    mem_free(figures);
    return ST_BAD_INPUT;
  }
  if (misfit)
    rep_warn(r, "automaton-fit", r->fit.line,
             "the automaton does not fit the program (%s; first mismatch: "
             "%s): reported because of --force, components are partial",
             figures, where);
  else if (*fit == AM_FITS_NEARLY)
    rep_warn(r, "automaton-fit", r->fit.line,
             "the automaton does not match the program everywhere (%s; "
             "first mismatch: %s): traces through a mismatch follow the "
             "catch-all, so components are partial",
             figures, where);
  mem_free(where);
  mem_free(figures);
  if (cut) { /* soft limits: the report is written, partial (doc/report.md) */
    rep_warn(r, "limit", 0,
             "the %s limit was reached while %s (%.1f s): the automaton's "
             "fit is not known and nothing was searched",
             stop_name(cut), phase, lim_now(limits));
    rep_partial(r, cut);
  }

  return ST_OK;
}
