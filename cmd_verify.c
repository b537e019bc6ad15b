/* erep verify PROGRAM: erep's own verifier (report/verify.h). Prints an
 * SV-COMP-style verdict line (TRUE, FALSE with the counterexample, UNKNOWN:
 * reason) and statistics; with -o DIR, DIR/report.json holds the
 * counterexample as a report trace (`erep tests DIR/report.json -o T`
 * turns it into a runnable test) and the verdict as a warning.
 *
 * `--analysis auto` (the default) runs the analyses one after the other,
 * each from scratch, until one decides (verify_auto): a sequential
 * composition as in CPAchecker's SV-COMP configuration, which runs its
 * value analysis first and its predicate analysis after it. */
#include "program/cfa.h"
#include "smt/smt.h"
#include "commands.h"
#include "lib/esc.h"
#include "lib/outdir.h"
#include "lib/progress.h"
#include "lib/sigwatch.h"
#include "lib/lim.h"
#include "report/report.h"
#include "report/rjson.h"
#include "report/verify.h"
#include "setup.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static void verify_stats(const vf_options *vo, const vf_result *res,
                         double wall, FILE *out) {
  fprintf(out, "statistics:\n");
  fprintf(out, "  analysis:            %s (%s)%s%s\n",
          vo->explicit_values ? "explicit" : "predicate",
          res->lbe ? "LBE" : "SBE",
          !vo->explicit_values && res->lbe && res->bdd ? ", states as BDDs" : "",
          res->symbolic && res->verdict != VF_UNKNOWN
              ? ", verdict by symbolic execution before it"
              : "");
  fprintf(out, "  abstract states:     %lu (final ARG %lu)\n", res->states,
          res->last_states);
  fprintf(out,
          "  refinements:         %lu (infeasible counterexamples %lu, stale "
          "%lu)\n",
          res->refinements, res->infeasible, res->stale);
  if (!vo->explicit_values) {
    fprintf(out,
            "  predicates:          %lu (at %lu locations; exact abstraction "
            "at %lu)\n",
            res->predicates, res->pred_locations, res->exact_locations);
    fprintf(out,
            "  abstractions:        %lu (cache hits %lu, without solver %lu, "
            "%.3f s)\n",
            res->abstractions, res->cache_hits, res->shortcuts,
            res->abstraction_seconds);
  }
  fprintf(out, "  solver calls:        %lu (%.3f s)\n", res->solver_calls,
          res->solver_seconds);
  fprintf(out, "  wall time:           %.3f s\n", wall);
}

/* The analyses of `--analysis auto`, in order. The explicit-value
 * analysis first: of the 65 cmc2011 ssh and systemc tasks at 60 s it
 * decides 35, 33 of them in under a second (transmitter.04.BUG in 2.2 s,
 * .05 in 18.8 s), where the predicate analysis takes seconds to minutes
 * or does not finish; and where it does not decide soon it mostly never
 * does (its values multiply: test_locks_15 is not done after 20 s, which
 * the predicate analysis proves in 0.1 s). So it gets a tenth of the
 * time limit (10 s without one), and the predicate analysis the rest (no
 * limit without one). When the predicate analysis gives up before the
 * limit (refinement found no new predicate: loops whose invariant is no
 * program condition) and the explicit analysis was cut by its share of
 * time, the explicit analysis runs again with what is left (sv-benchmarks
 * loops: counters bounded by constants, which it enumerates in seconds).
 * Each starts from scratch; the symbolic pass before the search runs
 * once, in the first, unless the limit cut it there. */
typedef struct {
  bool explicit_values;
  double share;    /* of the time limit; 1: what is left */
  double no_limit; /* seconds when there is no time limit; 0: none */
  /* only after a phase that gave up before a limit, when the first was
   * cut by time */
  bool after_giving_up;
} verify_phase;

static const verify_phase verify_auto[] = {
    {true, 0.1, 10, false}, {false, 1, 0, false}, {true, 1, 0, true}};

static const char *verify_name(bool explicit_values) {
  return explicit_values ? "explicit" : "predicate";
}

/* A new report for an analysis of g (the header of every run): the
 * limits the user gave (vo), the analysis that runs (explicit_values). */
static rep_report *verify_report(const erep_opts *o, const cfa *g,
                                 const vf_options *vo, bool explicit_values,
                                 cfa_data_model dm) {
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, o->pos[0]);
  char *h = rep_sha256(g->source, g->source_len);
  r->program_sha256 = rep_strdup(r, h);
  mem_free(h);
  r->analysis = verify_name(explicit_values);
  su_limits(r, vo->time_limit, vo->memory_limit);
  r->limits.has_blocks = r->limits.has_data_model = true;
  r->limits.sbe = vo->sbe;
  r->limits.data_model = dm;
  r->first_trace_seconds = -1;
  return r;
}

/* The progress line on stderr when it is a terminal (lib/progress.h):
 * the phase, abstract states, refinements, the run's time. */
typedef struct {
  progress line;
  const char *analysis; /* verify_name of the running analysis */
  const lim *clock;     /* the whole run's */
} verify_progress;

static void verify_progress_cb(void *arg, const char *pass,
                               unsigned long states,
                               unsigned long refinements) {
  verify_progress *vp = arg;
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

/* What one analysis of the run said, for the statistics. */
typedef struct {
  const char *name; /* verify_name */
  vf_verdict verdict;
  char *reason; /* UNKNOWN: why (owned) */
  double seconds;
  bool by_time; /* stopped by its time limit */
} verify_ran;

erep_status cmd_verify(const erep_opts *o) {
  vf_options vo = {0};
  /* predicate|explicit|auto, checked by opt_parse; default auto */
  unsigned choice =
      o->val.verify_analysis.set ? (unsigned)o->val.verify_analysis.choice : 2;
  vo.explicit_values = choice == 1;
  vo.sbe = o->sbe != 0;
  vo.bdd = o->bdd != 0;
  vo.time_limit = o->val.time_limit.set ? o->val.time_limit.sec : 0;
  vo.memory_limit = opt_num(&o->val.memory_limit, lim_memory_default());
  vo.max_states = opt_num(&o->val.state_limit, 0);
  vo.max_refinements = 500;
  vo.solver_timeout_ms = 10000;
  vo.stop = sigwatch_flag();
  /* the whole run's clock and limits, from here (loading is in them);
   * each analysis gets its own share */
  lim total;
  lim_start(&total, vo.stop, vo.time_limit, 0, vo.memory_limit);
  /* --sbe is the predicate analysis's: auto with it is the predicate
   * analysis alone */
  verify_phase one = {vo.explicit_values, 1, 0, false};
  const verify_phase *phases = &one;
  size_t nphases = 1;
  if (choice == 2 && !vo.sbe) {
    phases = verify_auto;
    nphases = sizeof verify_auto / sizeof *verify_auto;
  }
  const char *dir = o->verify_output;
  char *err = 0;
  /* DIR was checked before any work (guard.h) */
  if (sigwatch_start("erep verify", "before the search began: stopped",
                     &err)) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  /* the Z3 context of the first analysis is made while the program loads;
   * auto's second analysis gets one made while the first runs */
  smt_ahead(nphases > 1 ? 2 : 1);
  cfa_data_model dm = su_data_model(o);
  verify_progress vp = {.analysis = ""};
  progress_init(&vp.line, stderr);
  if (o->verbose)
    esc_fprintf(stderr, 0, "erep verify: loading %s\n", o->pos[0]);
  progress_show(&vp.line, true, "erep verify: loading the program");
  cfa *g = cfa_build(o->pos[0], dm, &err);
  progress_end(&vp.line);
  if (!g) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  unsigned long loaded = mem_rss_mb();
  if (o->val.memory_limit.set && loaded >= vo.memory_limit) {
    esc_fprintf(stderr, 0,
                "erep verify: the memory limit of %lu MB is below what "
                "loading %s took (%lu MB)\n",
                vo.memory_limit, o->pos[0], loaded);
    cfa_free(g);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  vp.clock = &total;
  vo.progress = verify_progress_cb;
  vo.progress_arg = &vp;
  rep_report *r = 0;
  vf_result res = {0};
  vf_options pv = vo;
  verify_ran ran[sizeof verify_auto / sizeof *verify_auto];
  size_t nran = 0;
  bool handed = false; /* a symbolic pass handed over: not again */
  for (size_t i = 0; i < nphases; i++) {
    if (phases[i].after_giving_up &&
        !(ran[0].by_time && res.verdict == VF_UNKNOWN && !res.stopped_by))
      break;
    pv = vo;
    pv.explicit_values = phases[i].explicit_values;
    pv.no_symbolic = handed;
    double left = lim_time_left(&total);
    if (left < 0)
      pv.time_limit = phases[i].no_limit;
    else {
      pv.time_limit = phases[i].share >= 1 ? left
                                           : vo.time_limit * phases[i].share;
      if (pv.time_limit > left) pv.time_limit = left;
      if (pv.time_limit < 0.001) pv.time_limit = 0.001;
    }
    if (r) {
      vf_result_free(&res);
      rep_free(r);
    }
    r = verify_report(o, g, &vo, pv.explicit_values, dm);
    vp.analysis = verify_name(pv.explicit_values);
    progress_end(&vp.line);
    if (o->verbose)
      esc_fprintf(stderr, 0, "erep verify: searching (%s analysis)\n",
                  verify_name(pv.explicit_values));
    sigwatch_catch(vf_interrupt);
    vf_run(g, &pv, r, &res);
    sigwatch_catch(NULL);
    handed |= res.symbolic_handed;
    verify_ran *k = &ran[nran++];
    k->name = verify_name(pv.explicit_values);
    k->verdict = res.verdict;
    k->reason = res.reason ? mem_strdup(res.reason) : 0;
    k->seconds = res.wall_seconds;
    k->by_time = res.stopped_by && !strcmp(res.stopped_by, "time");
    /* decided, or the run's own limits (a signal, time, memory) reached */
    if (res.verdict != VF_UNKNOWN || lim_reason(&total, 0)) break;
  }
  progress_end(&vp.line); /* before any other output */
  double wall = lim_now(&total);
  int sig = atomic_load(sigwatch_flag());
  if (sig)
    esc_fprintf(stderr, 0, "erep verify: %s: search stopped\n",
                sig == SIGINT    ? "SIGINT"
                : sig == SIGTERM ? "SIGTERM"
                                 : "SIGHUP");
  if (res.verdict == VF_FALSE)
    printf("FALSE: the error location at line %u is reachable (%zu steps, "
           "%zu inputs)\n",
           res.cex->end_line, res.cex->steps.len, res.cex->inputs.len);
  else if (res.verdict == VF_TRUE)
    printf("TRUE\n");
  else if (nphases == 1)
    esc_fprintf(stdout, 0, "UNKNOWN: %s\n", res.reason);
  else { /* every analysis's reason */
    printf("UNKNOWN: ");
    for (size_t i = 0; i < nran; i++)
      esc_fprintf(stdout, 0, "%s%s: %s", i ? "; " : "", ran[i].name,
                  ran[i].reason ? ran[i].reason : "?");
    printf("\n");
  }
  if (res.cex)
    for (size_t i = 0; i < res.cex->inputs.len; i++) {
      const rep_input *in = &res.cex->inputs.data[i];
      esc_fprintf(stdout, 0, "  input %u: %s = %s (line %u)\n", in->index,
                  in->function, in->value, in->line);
    }
  if (nphases > 1) {
    printf("analyses:\n");
    for (size_t i = 0; i < nran; i++)
      esc_fprintf(stdout, 0, "  %s:%*s%s%s%s (%.3f s)\n", ran[i].name,
                  (int)(20 - strlen(ran[i].name)), "",
                  vf_verdict_name(ran[i].verdict), ran[i].reason ? ": " : "",
                  ran[i].reason ? ran[i].reason : "", ran[i].seconds);
  }
  for (size_t i = 0; i < nran; i++)
    mem_free(ran[i].reason);
  verify_stats(&pv, &res, wall, stdout);
  erep_status rc = ST_OK;
  if (dir) {
    outdir *od = outdir_begin(dir, false, &err);
    if (!od)
      rc = ST_FAILED;
    else {
      char *path = outdir_path(od, "report.json");
      if (rj_write(r, path, &err)) {
        rc = ST_FAILED;
        outdir_abort(od);
      } else if (outdir_commit(od, &err)) /* frees od either way */
        rc = ST_FAILED;
      mem_free(path);
    }
    if (err) esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    if (!rc) esc_fprintf(stdout, 0, "report written to %s/report.json\n", dir);
  }
  /* --fail-on false|unknown (bits 0, 1): the verdict as the exit status */
  unsigned long fail_on = opt_num(&o->val.fail_on, 0);
  if (rc == ST_OK && res.verdict == VF_FALSE && (fail_on & 1))
    rc = ST_VERDICT_FALSE;
  if (rc == ST_OK && res.verdict == VF_UNKNOWN && (fail_on & 2))
    rc = ST_VERDICT_UNKNOWN;
  fflush(stdout);
  sigwatch_end();
  vf_result_free(&res);
  rep_free(r);
  cfa_free(g);
  return rc;
}
