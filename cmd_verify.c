/* erep verify PROGRAM: erep's own verifier (report/verify.h). Prints an
 * SV-COMP-style verdict line (TRUE, FALSE with the counterexample, UNKNOWN:
 * reason) and statistics; with -o DIR, DIR/report.json holds the
 * counterexample as a report trace (`erep tests DIR/report.json -o T`
 * turns it into a runnable test) and the verdict as a warning. */
#include "analyzer/cfa.h"
#include "commands.h"
#include "lib/esc.h"
#include "lib/outdir.h"
#include "lib/sigwatch.h"
#include "report/report.h"
#include "report/rjson.h"
#include "report/verify.h"
#include "setup.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static void verify_stats(const vf_options *vo, const vf_result *res,
                         FILE *out) {
  fprintf(out, "statistics:\n");
  fprintf(out, "  analysis:            %s (%s)%s\n",
          vo->explicit_values ? "explicit" : "predicate",
          res->lbe ? "LBE" : "SBE",
          res->symbolic ? ", verdict by symbolic execution before it" : "");
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
  fprintf(out, "  wall time:           %.3f s\n", res->wall_seconds);
}

erep_status cmd_verify(const erep_opts *o) {
  vf_options vo = {0};
  /* predicate|explicit, checked by opt_parse */
  vo.explicit_values =
      o->val.verify_analysis.set && o->val.verify_analysis.choice == 1;
  vo.sbe = o->sbe != 0;
  vo.time_limit = o->val.time_limit.set ? o->val.time_limit.sec : 0;
  vo.memory_limit = opt_num(&o->val.memory_limit, 0);
  vo.max_states = opt_num(&o->val.state_limit, 0);
  vo.max_refinements = 500;
  vo.solver_timeout_ms = 10000;
  vo.stop = sigwatch_flag();
  const char *dir = o->verify_output;
  char *err = 0;
  if (dir && outdir_check(dir, false, o->pos, 1, &err)) {
    if (err)
      esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    else
      esc_fprintf(stderr, 0, "erep verify: %s is not empty\n", dir);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  if (sigwatch_start("erep verify", "before the search began: stopped",
                     &err)) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  cfa_data_model dm = su_data_model(o);
  if (o->verbose)
    esc_fprintf(stderr, 0, "erep verify: loading %s\n", o->pos[0]);
  cfa *g = cfa_build(o->pos[0], dm, &err);
  if (!g) {
    esc_fprintf(stderr, 0, "erep verify: %s\n", err);
    mem_free(err);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  unsigned long loaded = mem_rss_mb();
  if (vo.memory_limit && loaded >= vo.memory_limit) {
    esc_fprintf(stderr, 0,
                "erep verify: the memory limit of %lu MB is below what "
                "loading %s took (%lu MB)\n",
                vo.memory_limit, o->pos[0], loaded);
    cfa_free(g);
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, o->pos[0]);
  char *h = rep_sha256(g->source, g->source_len);
  r->program_sha256 = rep_strdup(r, h);
  mem_free(h);
  r->analysis = vo.explicit_values ? "explicit" : "predicate";
  su_limits(r, vo.time_limit, vo.memory_limit);
  json_object_set_new(r->limits, "block_encoding",
                      json_string(vo.sbe ? "SBE" : "LBE"));
  json_object_set_new(r->limits, "data_model",
                      json_string(dm == CFA_LP64 ? "LP64" : "ILP32"));
  r->first_trace_seconds = -1;
  if (o->verbose) esc_fprintf(stderr, 0, "erep verify: searching\n");
  sigwatch_catch(vf_interrupt);
  vf_result res;
  vf_run(g, &vo, r, &res);
  sigwatch_catch(NULL);
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
  else
    esc_fprintf(stdout, 0, "UNKNOWN: %s\n", res.reason);
  if (res.cex)
    for (size_t i = 0; i < res.cex->inputs.len; i++) {
      const rep_input *in = &res.cex->inputs.data[i];
      esc_fprintf(stdout, 0, "  input %u: %s = %s (line %u)\n", in->index,
                  in->function, in->value, in->line);
    }
  verify_stats(&vo, &res, stdout);
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
  fflush(stdout);
  sigwatch_end();
  vf_result_free(&res);
  rep_free(r);
  cfa_free(g);
  return rc;
}
