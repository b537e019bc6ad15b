/* erep verify PROGRAM: erep's own verifier (report/run.h). Prints an
 * SV-COMP-style verdict line (TRUE, FALSE with the counterexample, UNKNOWN:
 * reason) and statistics. With -o DIR it is a conditional model checker
 * (Beyer, Henzinger, Keremoglu, Wendler, FSE 2012): DIR/automaton.txt and
 * DIR/automaton.graphml say what the run verified (analysis/collect.h),
 * DIR/counterexample.json holds a FALSE run's counterexample as a report
 * trace (`erep tests DIR/counterexample.json -o T` runs it), and with
 * --report DIR/report.json is the execution report of the automaton,
 * computed from it in the same process. --condition AA restricts the run
 * to what an earlier automaton left open; --path-length,
 * --repeat-locations and --assume-edges cut branches (into __FALSE).
 *
 * `--analysis auto` (the default) runs the phases of the table's `auto`
 * row (analysis/analyses.c) one after the other until one decides, each
 * later phase with the automaton of the one before as its condition. */
#include "config.h"
#include "program/cfa.h"
#include "program/feature.h"
#include "program/psi.h"
#include "smt/smt.h"
#include "commands.h"
#include "formats/aa.h"
#include "lib/esc.h"
#include "lib/outdir.h"
#include "lib/progress.h"
#include "lib/sigwatch.h"
#include "lib/lim.h"
#include "lib/race.h"
#include "formats/witness.h"
#include "report/report.h"
#include "report/rjson.h"
#include "report/run.h"
#include "setup.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The statistics of the last analysis (res) on stdout. */
static void verify_stats(const an_analysis *a, const rn_result *res,
                         double wall, FILE *out) {
  bool pred = a->predicates;
  fprintf(out, "statistics:\n");
  fprintf(out, "  analysis:            %s (%s)%s%s\n", a->name,
          res->lbe ? "LBE" : "SBE",
          pred && res->lbe && res->dom.bdd ? ", states as BDDs" : "",
          res->symbolic && res->verdict != RN_UNKNOWN
              ? ", verdict by symbolic execution before it"
              : "");
  fprintf(out, "  abstract states:     %lu (final ARG %lu)\n", res->states,
          res->last_states);
  fprintf(out,
          "  refinements:         %lu (infeasible counterexamples %lu, stale "
          "%lu)\n",
          res->refinements, res->infeasible, res->stale);
  if (pred) {
    fprintf(out,
            "  predicates:          %lu (at %lu locations; exact abstraction "
            "at %lu; %lu refinements took the program's conditions; %lu "
            "invariants: affine equalities and known low bits)\n",
            res->dom.predicates, res->dom.pred_locations,
            res->dom.exact_locations, res->dom.seed_refinements,
            res->dom.invariants);
    fprintf(out,
            "  abstractions:        %lu (cache hits %lu, without solver %lu, "
            "%.3f s)\n",
            res->dom.abstractions, res->dom.cache_hits, res->dom.shortcuts,
            res->dom.abstraction_seconds);
    fprintf(out, "  refinement time:     %.3f s", res->dom.refine_seconds);
    if (res->dom.relaxations)
      fprintf(out,
              " (newton: %lu paths relaxed to their unsat cores, %lu "
              "conditions kept, %lu relaxed paths gave nothing new)",
              res->dom.relaxations, res->dom.relaxed_kept,
              res->dom.relax_failed);
    fputc('\n', out);
    if (res->dom.open_memory)
      fprintf(out,
              "  memory:              open (a pointer from before a block may "
              "point into %lu variable%s or into memory of earlier blocks)\n",
              res->dom.pointed, res->dom.pointed == 1 ? "" : "s");
    if (res->dom.abs_unknown)
      fprintf(out,
              "  without an answer:   %lu abstractions (the solver's time "
              "ran out: every predicate left open there)\n",
              res->dom.abs_unknown);
  }
  fprintf(out, "  solver calls:        %lu (%.3f s)\n", res->solver_calls,
          res->solver_seconds);
  fprintf(out, "  wall time:           %.3f s\n", wall);
  /* a portfolio's: every process's, the others' as they ended */
  fprintf(out, "  cpu time:            %.3f s%s\n",
          res->cpu_others + race_cpu_self(),
          res->cpu_others > 0 ? " (all processes of the portfolio)" : "");
}

/* The run: the options, the progress line on stderr when it is a terminal
 * (lib/progress.h: the phase, abstract states, refinements, the run's
 * time), and what makes each phase's report. */
typedef struct {
  const erep_opts *o;
  const cfa *g;
  const rn_options *vo;
  cfa_data_model dm;
  progress line;
  const char *analysis; /* the running analysis */
  const lim *clock;     /* the whole run's */
} verify_run;

static void verify_progress_cb(void *arg, const char *pass,
                               unsigned long states,
                               unsigned long refinements) {
  verify_run *vp = arg;
  if (!progress_due(&vp->line)) return;
  if (pass) /* the symbolic pass: a tree of paths, no refinement */
    progress_show(&vp->line, false, "erep verify: %s, %s: %lu states, %.1f s",
                  vp->analysis, pass, states, lim_now(vp->clock));
  else
    progress_show(&vp->line, false,
                  "erep verify: %s: %lu abstract states, %lu refinement%s, "
                  "%.1f s",
                  vp->analysis, states, refinements,
                  refinements == 1 ? "" : "s", lim_now(vp->clock));
}

/* A new report for an analysis of g (the header of every phase): the
 * limits the user gave, the analysis that runs. */
static rep_report *verify_report(void *arg, const an_analysis *row) {
  verify_run *c = arg;
  rep_report *r = rep_new();
  rep_set_program(r, c->o->pos[0], c->g->source, c->g->source_len);
  r->analysis = row->name;
  su_limits(r, c->vo->time_limit, c->vo->memory_limit);
  r->limits.has_blocks = r->limits.has_data_model = true;
  r->limits.sbe = c->vo->sbe;
  r->limits.data_model = c->dm;
  r->first_trace_seconds = -1;
  c->analysis = row->name;
  progress_end(&c->line);
  if (c->o->verbose)
    esc_fprintf(stderr, 0, "erep verify: searching (%s analysis)\n",
                row->name);
  return r;
}

/* The verdict line, the counterexample's inputs, every phase's verdict
 * (a composition) and the statistics, on stdout. */
static void verify_print(const cfa *g, const an_analysis *a,
                         const rn_result *res, const rn_phase *ran,
                         size_t nran, double wall) {
  if (res->verdict == RN_FALSE)
    printf("FALSE: the error location at line %u is reachable (%zu steps, "
           "%zu inputs)\n",
           res->cex->end_line, res->cex->steps.len, res->cex->inputs.len);
  else if (res->verdict == RN_TRUE)
    printf("TRUE\n");
  else if (!a->phases)
    esc_fprintf(stdout, 0, "UNKNOWN: %s\n", res->reason);
  else { /* every analysis's reason */
    printf("UNKNOWN: ");
    for (size_t i = 0; i < nran; i++)
      esc_fprintf(stdout, 0, "%s%s: %s", i ? "; " : "", ran[i].analysis->name,
                  ran[i].reason ? ran[i].reason : "?");
    printf("\n");
  }
  if (res->cex)
    for (size_t i = 0; i < res->cex->inputs.len; i++) {
      const rep_input *in = &res->cex->inputs.data[i];
      char *what = rep_input_text(in); /* "f" or "uninitialised:x" */
      esc_fprintf(stdout, 0, "  input %u: %s = %s (line %u)\n", in->index,
                  what ? what : "?", in->value, in->line);
      mem_free(what);
    }
  /* what the verdict assumes (smt.h): said where a reader sees it */
  unsigned at = 0;
  const char *alloc = cfa_first_alloc_call(g, cfa_is_modelled_alloc, &at);
  if (alloc && res->verdict != RN_UNKNOWN)
    printf("assumption: an allocation never fails, as SV-COMP's rules have "
           "it (%s at line %u)\n",
           alloc, at);
  if (a->phases) {
    printf("analyses:\n");
    for (size_t i = 0; i < nran; i++) {
      const char *name = ran[i].analysis->name;
      char checks[128] = "";
      if (ran[i].check_ms)
        snprintf(checks, sizeof checks, "; solver checks of at most %.1f s",
                 ran[i].check_ms / 1e3);
      if (ran[i].waited >= 0.001)
        snprintf(checks + strlen(checks), sizeof checks - strlen(checks),
                 "; %.3f s of it waiting for a core", ran[i].waited);
      esc_fprintf(stdout, 0, "  %s:%*s%s%s%s (%.3f s%s%s)\n", name,
                  (int)(20 - strlen(name)), "",
                  rn_verdict_name(ran[i].verdict), ran[i].reason ? ": " : "",
                  ran[i].reason ? ran[i].reason : "", ran[i].seconds,
                  !ran[i].conditioned ? ""
                  : ran[i].unmerged   ? "; on what the run before left open, "
                                        "its automaton as written"
                                      : "; on what the run before left open",
                  checks);
    }
  }
  verify_stats(res->analysis ? res->analysis : a, res, wall, stdout);
}

/* The automaton's text, in memory (mem_free), or NULL with *err. */
static char *verify_aa_text(const aa_automaton *A, size_t *len, char **err) {
  char *buf = 0;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  if (!f) {
    *err = mem_printf("cannot write the automaton: %s", strerror(errno));
    return 0;
  }
  int rc = aa_write_text(A, f, err);
  if (fclose(f) || rc) {
    if (!*err) *err = mem_strdup("cannot write the automaton");
    free(buf);
    return 0;
  }
  char *t = mem_alloc(n + 1);
  memcpy(t, buf, n + 1);
  free(buf);
  *len = n;
  return t;
}

static int verify_put(const char *path, const char *text, size_t len,
                      char **err) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
    *err = mem_printf("%s: %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* --report: the header of the execution report the run computed from its
 * ARG (rn_result.exec): the automaton as written into DIR, the limits. */
static void verify_exec_header(const verify_run *c, rep_report *r,
                               const aa_automaton *A, const char *aa_path,
                               const char *text, size_t len) {
  rep_set_automaton(r, aa_path, text, len);
  r->aa_dialect = rep_strdup(r, A->dialect);
  r->aa_states = A->nstates;
  r->aa_transitions = A->ntransitions;
  r->analysis = c->analysis;
  su_limits(r, c->vo->time_limit, c->vo->memory_limit);
  r->limits.has_data_model = true;
  r->limits.data_model = c->dm;
}

static int verify_witness(const verify_run *c, const rep_report *r,
                          const rep_trace *cex, const char *path, char **err);

/* The automaton into the staging directory: text (len bytes) and GraphML
 * (*glen its bytes). */
static int verify_put_aa(outdir *od, const aa_automaton *A, const char *text,
                         size_t len, long *glen, char **err) {
  char *path = outdir_path(od, "automaton.txt");
  int rc = verify_put(path, text, len, err);
  mem_free(path);
  if (rc) return -1;
  path = outdir_path(od, "automaton.graphml");
  FILE *f = fopen(path, "wb");
  if (!f) {
    *err = mem_printf("%s: %s", path, strerror(errno));
    mem_free(path);
    return -1;
  }
  int wrc = aa_write_graphml(A, f, err);
  *glen = wrc ? 0 : ftell(f);
  if (fclose(f) || wrc) {
    if (!*err) *err = mem_printf("%s: cannot write", path);
    mem_free(path);
    return -1;
  }
  mem_free(path);
  return 0;
}

/* -o DIR: the automaton (text and GraphML), the counterexample of a FALSE
 * run and, with --report, the execution report; written whole or not at
 * all. */
static erep_status verify_write(const verify_run *c, const char *dir,
                                const rep_report *r, rn_result *res) {
  char *err = 0, *text = 0, *path = 0;
  erep_status rc = ST_FAILED;
  size_t len = 0;
  long glen = 0; /* the GraphML's bytes */
  double report_seconds = 0;
  rep_report *er = 0; /* res->exec */
  outdir *od = 0;
  /* --no-false-automaton: a FALSE run collected none */
  bool aa = !(c->o->no_false_automaton && res->verdict == RN_FALSE);
  if (aa && !res->automaton) {
    err = mem_printf("no automaton: %s", res->automaton_error
                                             ? res->automaton_error
                                             : "the run made none");
    goto done;
  }
  if (aa && !(text = verify_aa_text(res->automaton, &len, &err))) goto done;
  if (!(od = outdir_begin(dir, false, &err))) goto done;
  if (aa && verify_put_aa(od, res->automaton, text, len, &glen, &err))
    goto done;
  if (res->verdict == RN_FALSE) {
    path = outdir_path(od, "counterexample.json");
    if (rj_write(r, path, &err)) goto done;
    mem_free(path);
    path = 0;
  }
  if (res->verdict != RN_UNKNOWN) { /* SV-COMP's witness of the verdict */
    path = outdir_path(od, "witness.graphml");
    if (verify_witness(c, r, res->verdict == RN_FALSE ? res->cex : 0, path,
                       &err))
      goto done;
    mem_free(path);
    path = 0;
  }
  if (c->o->verify_report && res->exec) {
    char *aa_path = mem_printf("%s/automaton.txt", dir);
    er = res->exec;
    report_seconds = res->exec_seconds;
    verify_exec_header(c, er, res->automaton, aa_path, text, len);
    mem_free(aa_path);
    path = outdir_path(od, "report.json");
    if (rj_write(er, path, &err)) goto done;
    mem_free(path);
    path = 0;
  }
  rc = outdir_commit(od, &err) ? ST_FAILED : ST_OK; /* frees od */
  od = 0;
done:
  if (od) outdir_abort(od);
  if (err) esc_fprintf(stderr, 0, "erep verify: %s\n", err);
  if (!rc && aa) {
    const ac_figures *fig = &res->collected;
    esc_fprintf(stdout, 0,
                "automaton written to %s/automaton.txt and "
                "automaton.graphml (%lu states, %lu helper states, %lu "
                "transitions, %lu into __FALSE; %lu equal states folded)\n",
                dir, fig->states, fig->helpers, fig->transitions, fig->to_false,
                fig->folded);
    if (fig->too_big)
      esc_fprintf(stderr, 0,
                  "erep verify: warning: the search made %lu states, more "
                  "than an automaton erep reads back holds (at most %lu): "
                  "the automaton written claims nothing (every path leaves "
                  "for __FALSE at its first edge)\n",
                  fig->too_big, (unsigned long)AC_MAX_ARG_NODES);
    if (fig->fold_refused)
      esc_fprintf(stderr, 0,
                  "erep verify: warning: folding the automaton's equal "
                  "states failed its check (a bug of erep): written "
                  "unfolded\n");
    /* written, but more than the readers take (formats/aa.h): said */
    const char *big[2] = {"automaton.txt", "automaton.graphml"};
    size_t size[2] = {len, (size_t)glen};
    for (int k = 0; k < 2; k++)
      if (size[k] > AA_MAX_FILE_BYTES)
        esc_fprintf(stderr, 0,
                    "erep verify: warning: %s is larger than erep reads back "
                    "(%zu MiB; at most %zu MiB): report, match and "
                    "--condition refuse it\n",
                    big[k], size[k] >> 20, AA_MAX_FILE_BYTES >> 20);
  }
  if (!rc) {
    if (res->verdict == RN_FALSE)
      esc_fprintf(stdout, 0, "counterexample written to %s/"
                             "counterexample.json\n", dir);
    if (res->verdict != RN_UNKNOWN)
      esc_fprintf(stdout, 0,
                  "%s witness written to %s/witness.graphml (SV-COMP "
                  "format 1.0)\n",
                  res->verdict == RN_FALSE ? "violation" : "correctness", dir);
    if (er)
      esc_fprintf(stdout, 0,
                  "report written to %s/report.json (%zu safe, %zu frontier "
                  "traces; %.3f s)\n",
                  dir, er->comp[REP_SAFE].traces.len,
                  er->comp[REP_FRONTIER].traces.len, report_seconds);
  }
  mem_free(err);
  mem_free(path);
  mem_free(text);
  return rc;
}

/* DIR/witness.graphml: the SV-COMP witness of a FALSE verdict (the
 * counterexample cex as a path) or a TRUE one (the trivial correctness
 * witness); 0, or -1 with *err. */
static int verify_witness(const verify_run *c, const rep_report *r,
                          const rep_trace *cex, const char *path,
                          char **err) {
  size_t n = cex ? cex->steps.len : WIT_CORRECTNESS;
  wit_step *ws = mem_calloc(cex ? n + 1 : 1, sizeof *ws);
  char **texts = mem_calloc(cex ? n + 1 : 1, sizeof *texts);
  const char *error = "reach_error";
  for (size_t i = 0; cex && i < n; i++) {
    const rep_step *s = &cex->steps.data[i];
    wit_step *w = &ws[i];
    w->line = s->line;
    w->control = -1;
    const cfa_edge *e = s->edge < c->g->edges.len ? c->g->edges.data[s->edge]
                                                  : 0;
    if (e && e->kind == CFA_ASSUME) w->control = e->truth ? 1 : 0;
    if (e && e->kind == CFA_CALL && e->callee) w->enter = e->callee->name;
    if (e && e->kind == CFA_RETURN && e->from->function)
      w->ret = e->from->function->name;
    if (s->text && strstr(s->text, "__VERIFIER_error(")) error = "__VERIFIER_error";
  }
  /* the inputs a call returned, as assumptions on its step */
  for (size_t k = 0; cex && k < cex->inputs.len; k++) {
    const rep_input *in = &cex->inputs.data[k];
    if (in->kind != REP_INPUT_CALL || in->step >= n || ws[in->step].assumption)
      continue;
    texts[in->step] = mem_printf("\\result == %s;", in->value);
    ws[in->step].assumption = texts[in->step];
    ws[in->step].resultfunction = in->function;
  }
  wit_info info = {c->o->pos[0], r->program_sha256, error,
                   c->dm == CFA_LP64 ? 64 : 32, "erep " PACKAGE_VERSION,
                   (long long)time(0)};
  FILE *f = fopen(path, "wb");
  int rc = -1;
  if (!f)
    *err = mem_printf("%s: %s", path, strerror(errno));
  else {
    rc = wit_write(&info, ws, n, f, err);
    if (fclose(f) && !rc) {
      rc = -1;
      *err = mem_printf("%s: cannot write", path);
    }
  }
  for (size_t i = 0; cex && i < n; i++) mem_free(texts[i]);
  mem_free(texts);
  mem_free(ws);
  return rc;
}

/* --condition AA: the automaton, which must match the program exactly (an
 * automaton made for another program would have its catch-all call every
 * path verified). ST_BAD_INPUT after saying what is wrong. */
static erep_status verify_condition(const verify_run *c, const lim *limits,
                                    aa_automaton **out, as_view **view,
                                    psi_set **psi) {
  const char *path = c->o->condition;
  char *err = 0;
  aa_automaton *A = aa_load(path, &err);
  if (!A) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  su_run run = {c->o->pos[0], path, c->dm, (cfa *)c->g, A};
  rep_report *scratch = rep_new();
  am_fit fit;
  erep_status st = su_fit(&run, "verify", limits, false, scratch, &fit);
  if (st == ST_OK && fit != AM_FITS) {
    esc_fprintf(stderr, 0,
                "erep verify: the condition %s does not match the program "
                "exactly (%lu of its transitions match no edge; `erep match` "
                "lists them): a condition must, or its catch-all would call "
                "unverified paths verified\n",
                path, scratch->fit.unmatched);
    st = ST_BAD_INPUT;
  }
  rep_free(scratch);
  if (st != ST_OK) {
    aa_free(A);
    return ST_BAD_INPUT;
  }
  /* its ASSUMEs, parsed as erep report parses them (psi.h): a path
   * follows a transition only where its condition holds, and goes on
   * unrestricted (__FALSE) where none of the transitions taken holds */
  as_view *v = as_view_condition(A);
  psi_set *ps = psi_new(c->g, v, &err);
  if (!ps) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    as_view_free(v);
    aa_free(A);
    return ST_BAD_INPUT;
  }
  as_view_set_psi(v, ps);
  *out = A;
  *view = v;
  *psi = ps;
  return ST_OK;
}

/* The status of a portfolio's parent from its winning child's exit
 * status (lib/race.h): the child said the verdict and wrote the files. */
static erep_status verify_child_status(int code) {
  if (code > 128) {
    esc_fprintf(stderr, 0, "erep verify: the analysis that was to say the "
                           "verdict ended by signal %d\n",
                code - 128);
    return ST_FAILED;
  }
  return code == 0   ? ST_OK
         : code == 2 ? ST_BAD_INPUT
         : code == 4 ? ST_VERDICT_FALSE
         : code == 5 ? ST_VERDICT_UNKNOWN
                     : ST_FAILED;
}

static void verify_omit_free(char **names, size_t n) {
  for (size_t i = 0; i < n; i++) mem_free(names[i]);
  mem_free(names);
}

/* --omit F,G,...: the functions, each one the program calls
 * (program/feature.h), into *names (mem_free each and the array); false
 * with the message on stderr otherwise. */
static bool verify_omit(const cfa *g, const char *list, char ***names,
                        size_t *n) {
  ft_function *fs = NULL;
  size_t nf = ft_called(g, &fs);
  VEC(char *) v = {0};
  bool ok = true;
  for (const char *p = list; ok;) {
    size_t k = strcspn(p, ",");
    char *name = mem_strndup(p, k);
    if (!*name || !ft_find(fs, nf, name)) {
      esc_fprintf(stderr, 0, "erep verify: --omit: %s%s%s: ", *name ? "'" : "",
                  *name ? name : "an empty name", *name ? "'" : "");
      esc_fprintf(stderr, 0, "the program calls no such function (features: ");
      for (size_t i = 0; i < nf; i++)
        esc_fprintf(stderr, 0, "%s%s", i ? ", " : "", fs[i].name);
      esc_fprintf(stderr, 0, "%s)\n", nf ? "" : "none");
      mem_free(name);
      ok = false;
      break;
    }
    VEC_PUSH(v, name);
    if (!p[k]) break;
    p += k + 1;
  }
  mem_free(fs);
  if (!ok) {
    for (size_t i = 0; i < v.len; i++) mem_free(v.data[i]);
    VEC_FREE(v);
    return false;
  }
  *names = v.data;
  *n = v.len;
  return true;
}

erep_status cmd_verify(const erep_opts *o) {
  rn_options vo = {0};
  /* a row of the analysis table, checked by opt_parse; default auto */
  const an_analysis *a = o->val.verify_analysis.analysis;
  vo.sbe = o->sbe != 0;
  vo.bdd = o->bdd != 0;
  vo.pred_scope = (unsigned)o->val.predicate_scope.choice; /* location|function|global */
  /* preconditions|cuts|newton */
  vo.pred_cuts = o->val.refinement.choice == 1;
  vo.pred_newton = o->val.refinement.choice == 2;
  vo.time_limit = o->val.time_limit.sec; /* 0: none */
  vo.memory_limit = opt_num(&o->val.memory_limit, lim_memory_default());
  vo.max_states = o->val.state_limit.num; /* 0: none */
  vo.max_refinements = 500;
  vo.solver_timeout_ms = su_solver_timeout_ms();
  vo.max_path_length = (unsigned)o->val.path_length.num;
  vo.max_repeat = (unsigned)o->val.repeat_locations.num;
  vo.max_assume_edges = (unsigned)o->val.assume_edges.num;
  const char *dir = o->verify_output;
  vo.collect = dir != NULL;
  vo.collect_not_false = o->no_false_automaton != NULL;
  vo.open_targets = o->leave_open != NULL;
  vo.exec_report = o->verify_report != NULL;
  vo.assumptions = o->assumptions != NULL;
  vo.jobs = (unsigned)opt_num(&o->val.jobs, su_cores());
  if (o->val.verify_order.set) {
    vo.dfs = o->val.verify_order.choice == 1; /* bfs|dfs */
    vo.bfs = !vo.dfs;
  }
  /* the whole run's context, from here (loading is in its clock); each
   * analysis gets its own share */
  lim total;
  lim_start(&total, sigwatch_flag(), vo.time_limit, 0, vo.memory_limit);
  vo.run = &total;
  const an_analysis *plan[RN_MAX_PHASES];
  const an_phase *phase[RN_MAX_PHASES];
  size_t nphases = rn_plan(a, vo.sbe, vo.jobs > 1, plan, phase);
  char *err = 0;
  if (o->verify_report && !dir) {
    esc_fprintf(stderr, 0, "erep verify: --report needs -o DIR\n");
    return ST_BAD_INPUT;
  }
  /* DIR was checked before any work (guard.h) */
  if (sigwatch_start("erep verify", "before the search began: stopped",
                     &err)) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  /* the Z3 context of the first analysis is made while the program loads;
   * a composition's second analysis gets one made while the first runs */
  smt_ahead(nphases > 1 ? 2 : 1);
  verify_run vr = {.o = o, .vo = &vo, .dm = su_data_model(o),
                   .analysis = "", .clock = &total};
  progress_init(&vr.line, stderr);
  if (o->verbose)
    esc_fprintf(stderr, 0, "erep verify: loading %s\n", o->pos[0]);
  progress_show(&vr.line, true, "erep verify: loading the program");
  cfa *g = cfa_build(o->pos[0], vr.dm, &err);
  progress_end(&vr.line);
  if (!g) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  vr.g = g;
  char **omit = NULL;
  size_t nomit = 0;
  if (o->omit && !verify_omit(g, o->omit, &omit, &nomit)) {
    cfa_free(g);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  vo.omit = (const char *const *)omit;
  vo.nomit = nomit;
  aa_automaton *cond = 0;
  as_view *cv = 0;
  psi_set *cps = 0;
  if (o->condition &&
      verify_condition(&vr, &total, &cond, &cv, &cps) != ST_OK) {
    verify_omit_free(omit, nomit);
    cfa_free(g);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  vo.condition = cv;
  unsigned long loaded = mem_rss_mb();
  if (o->val.memory_limit.set && loaded >= vo.memory_limit) {
    esc_fprintf(stderr, 0,
                "erep verify: the memory limit of %lu MB is below what "
                "loading %s took (%lu MB)\n",
                vo.memory_limit, o->pos[0], loaded);
    psi_free(cps);
    as_view_free(cv);
    aa_free(cond);
    verify_omit_free(omit, nomit);
    cfa_free(g);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  vo.on_progress = verify_progress_cb;
  vo.progress_arg = &vr;
  rn_result res;
  rn_phase ran[RN_MAX_PHASES];
  size_t nran = 0;
  sigwatch_catch(lim_interrupt, &total);
  rep_report *r = rn_compose(g, a, &vo, verify_report, &vr, &res, ran, &nran);
  sigwatch_catch(NULL, 0); /* the solvers are gone */
  progress_end(&vr.line); /* before any other output */
  erep_status rc;
  if (res.delegated) {
    /* a portfolio's parent: its winning child said everything */
    rn_phases_free(ran, nran);
    rc = verify_child_status(res.exit_status);
  } else {
    double wall = lim_now(&total);
    int sig = atomic_load(sigwatch_flag());
    if (sig)
      esc_fprintf(stderr, 0, "erep verify: %s: search stopped\n",
                  sig == SIGINT    ? "SIGINT"
                  : sig == SIGTERM ? "SIGTERM"
                                   : "SIGHUP");
    verify_print(g, a, &res, ran, nran, wall);
    rn_phases_free(ran, nran);
    rc = dir ? verify_write(&vr, dir, r, &res) : ST_OK;
    /* --fail-on false|unknown (bits 0, 1): the verdict as the exit status */
    unsigned long fail_on = opt_num(&o->val.fail_on, 0);
    if (rc == ST_OK && res.verdict == RN_FALSE && (fail_on & 1))
      rc = ST_VERDICT_FALSE;
    if (rc == ST_OK && res.verdict == RN_UNKNOWN && (fail_on & 2))
      rc = ST_VERDICT_UNKNOWN;
  }
  fflush(stdout);
  sigwatch_end();
  rn_result_free(&res);
  rep_free(r);
  psi_free(cps);
  as_view_free(cv);
  aa_free(cond);
  verify_omit_free(omit, nomit);
  cfa_free(g);
  lim_end(&total);
  /* a portfolio's winner is a forked child on the deep stack's thread:
   * it ends here, with its status, not by returning from that thread */
  if (race_in_child()) race_exit(st_exit_code(rc));
  return rc;
}
