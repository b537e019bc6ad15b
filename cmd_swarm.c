/* erep swarm PROGRAM: swarm verification with feature omission (swarm.h).
 * Three ways, one result: -o DIR plans and runs the jobs here, at most
 * --jobs at once, as erep verify processes of this binary (lib/pool.h),
 * the first FALSE stopping the rest; --plan DIR only writes the jobs;
 * --collect DIR reads what they wrote. Then: the first counterexample is
 * proved again on the whole program (erep report PROGRAM cN.path.txt:
 * its path, by Z3 on the program as it is) and printed with its
 * inputs and what its run omitted; without one, the union of the runs'
 * automata says what they verified together. */
#include "analysis/analyses.h"
#include "commands.h"
#include "lib/esc.h"
#include "lib/file.h"
#include "lib/mem.h"
#include "lib/outdir.h"
#include "lib/pool.h"
#include "lib/progress.h"
#include "lib/sigwatch.h"
#include "report/rjson.h"
#include "setup.h"
#include "swarm.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* the confirmation's own time limit (erep report of the counterexample's
 * path automaton: under a second on the corpus) */
#define SWARM_CONFIRM_SECONDS 300

static char *swarm_abs(const char *path) {
  char *r = realpath(path, NULL);
  if (!r) return NULL;
  char *m = mem_strdup(r);
  free(r);
  return m;
}

/* The default directory: PROGRAM.swarm, or the first free PROGRAM.swarm-N
 * (mem_free; NULL when none is free). */
static char *swarm_default_dir(const char *program) {
  return file_free_name(program, "erep", ".swarm", "");
}

/* The plan of -o and --plan: the program's features, the configurations
 * drawn, written into dir (made when missing). NULL after a message. */
static sw_plan *swarm_plan(const erep_opts *o, const char *dir) {
  char *err = NULL;
  cfa *g = cfa_build(o->pos[0], su_data_model(o), &err);
  if (!g) {
    esc_fprintf(stderr, 0, "erep swarm: %s\n", err);
    mem_free(err);
    return NULL;
  }
  sw_plan *p = mem_calloc(1, sizeof *p);
  int rc = sw_features(g, o->features ? o->features : "functions",
                       &p->features, &p->nfeatures, &err);
  cfa_free(g);
  if (rc) {
    esc_fprintf(stderr, 0, "erep swarm: %s\n", err);
    mem_free(err);
    sw_plan_free(p);
    return NULL;
  }
  if (mkdir(dir, 0777) && errno != EEXIST) {
    esc_fprintf(stderr, 0, "erep swarm: %s: %s\n", dir, strerror(errno));
    sw_plan_free(p);
    return NULL;
  }
  p->dir = swarm_abs(dir);
  p->program = swarm_abs(o->pos[0]);
  p->program_sha256 = rep_sha256_file(o->pos[0]);
  p->self = pool_self();
  p->analysis = mem_strdup(o->val.swarm_analysis.analysis->name);
  p->bound = (unsigned)o->val.bound.num;
  p->time_limit = o->val.time_limit.sec;
  p->p = o->val.omit_probability.sec;
  if (o->val.seed.set)
    p->seed = o->val.seed.num;
  else {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    p->seed = ((unsigned long)ts.tv_sec * 1000003ul ^
               (unsigned long)ts.tv_nsec) & 0xfffffffful;
  }
  if (!p->dir || !p->program || !p->program_sha256 || !p->self) {
    esc_fprintf(stderr, 0, "erep swarm: cannot resolve %s\n",
                !p->self ? "this program's path (/proc/self/exe)" : dir);
    sw_plan_free(p);
    return NULL;
  }
  sw_draw(p, o->val.configs.num);
  if (!p->nfeatures)
    esc_fprintf(stderr, 0,
                "erep swarm: the program calls no %s: one configuration, "
                "the whole program\n",
                o->features && !strcmp(o->features, "calls")
                    ? "function"
                    : "function with a body");
  if (sw_plan_write(p, &err)) {
    esc_fprintf(stderr, 0, "erep swarm: %s\n", err);
    mem_free(err);
    sw_plan_free(p);
    return NULL;
  }
  return p;
}

typedef struct {
  const sw_plan *p;
  pool *pl;
  progress line;
  size_t next, done, verified, falses, failed;
  size_t found; /* the first FALSE configuration to end, or nconfigs */
  bool killing; /* the others were killed for it (SIGKILL) */
  int stopped;  /* the signal that stopped the swarm, or 0 */
} swarm_run;

/* Configuration d's end: its standard output into cN.out (what the
 * results read), a crash said on stderr. */
static void swarm_ended(swarm_run *s, const pool_done *d) {
  size_t i = (size_t)d->tag;
  char *path = sw_path(s->p, i, ".out");
  /* killed for another's FALSE: the swarm's own line, and what the
   * killed run left being written is removed */
  bool killed = s->killing && d->signal == SIGKILL;
  static const char stopped[] = "STOPPED: killed once another configuration "
                                "found a counterexample\n";
  const char *out = killed ? stopped : d->out ? d->out : "";
  size_t len = killed ? sizeof stopped - 1 : d->len;
  if (killed) {
    char *dir = sw_path(s->p, i, "");
    outdir_remove_staging(dir);
    mem_free(dir);
  }
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(out, 1, len, f) != len || fclose(f)) {
    progress_end(&s->line);
    esc_fprintf(stderr, 0, "erep swarm: %s: %s\n", path, strerror(errno));
    if (f) fclose(f);
  }
  mem_free(path);
  s->done++;
  sw_status st = sw_classify(out, len);
  if (st == SW_FALSE && s->found == s->p->nconfigs) s->found = i;
  s->falses += st == SW_FALSE;
  s->verified += st == SW_BOUNDED || st == SW_TRUE;
  if (st == SW_NO_VERDICT) {
    s->failed++;
    progress_end(&s->line);
    if (d->signal)
      esc_fprintf(stderr, 0,
                  "erep swarm: c%zu was killed by signal %d (%s) without a "
                  "verdict: it counts as not verified\n",
                  i + 1, d->signal, strsignal(d->signal));
    else
      esc_fprintf(stderr, 0,
                  "erep swarm: c%zu exited with status %d without a verdict "
                  "(c%zu.err says why): it counts as not verified\n",
                  i + 1, d->status, i + 1);
  }
}

/* Runs the plan's jobs, at most `jobs` at once, until all ended, one said
 * FALSE (the others are killed), or a signal came (then every job is asked
 * to stop, SIGTERM, and what it verified so far is kept). */
static erep_status swarm_jobs(swarm_run *s, unsigned jobs) {
  const sw_plan *p = s->p;
  const atomic_int *flag = sigwatch_flag();
  char *err = NULL;
  bool asked = false;
  while (s->next < p->nconfigs || pool_running(s->pl)) {
    bool stop = atomic_load(flag) || s->found < p->nconfigs;
    if (stop && !asked) {
      /* a signal: each run stops and writes what it verified (SIGTERM);
       * a FALSE: what the others verified is moot, and writing the
       * automaton of a large search takes longer than the search */
      s->killing = s->found < p->nconfigs;
      pool_signal(s->pl, s->killing ? SIGKILL : SIGTERM);
      asked = true;
    }
    if (!stop && s->next < p->nconfigs && pool_running(s->pl) < jobs) {
      char **argv = sw_argv(p, s->next);
      char *errp = sw_path(p, s->next, ".err");
      int rc = pool_start(s->pl, p->self, argv, errp, (int)s->next, &err);
      sw_argv_free(argv);
      mem_free(errp);
      if (rc) {
        progress_end(&s->line);
        esc_fprintf(stderr, 0, "erep swarm: %s\n", err);
        mem_free(err);
        return ST_FAILED;
      }
      s->next++;
      continue;
    }
    if (stop && !pool_running(s->pl)) break;
    pool_done d = {0};
    if (pool_wait(s->pl, asked ? NULL : flag, 200, &d) == 1) {
      swarm_ended(s, &d);
      mem_free(d.out);
    }
    progress_show(&s->line, false,
                  "erep swarm: %zu of %zu configurations done, %zu running; "
                  "%zu verified, %zu FALSE",
                  s->done, p->nconfigs, (size_t)pool_running(s->pl),
                  s->verified, s->falses);
  }
  progress_end(&s->line);
  s->stopped = atomic_load(flag);
  return ST_OK;
}

/* The counterexample of configuration i proved again on the whole
 * program: erep report PROGRAM cN.path.txt --component frontier (the
 * counterexample as an automaton, sw_path_automaton), whose frontier
 * trace must be feasible and end with the counterexample's last edge. Its
 * report (rep_free), else NULL with *why. */
static rep_report *swarm_confirm(const sw_plan *p, size_t i, char **why) {
  unsigned last = 0;
  char *err = NULL;
  if (sw_path_automaton(p, i, &last, &err)) {
    *why = err;
    return NULL;
  }
  char *aa = sw_path(p, i, ".path.txt");
  char *out = sw_path(p, i, ".confirm.json");
  char *self = pool_self();
  char limit[32];
  snprintf(limit, sizeof limit, "%d", SWARM_CONFIRM_SECONDS);
  char *argv[] = {self,       "report", p->program, aa,  "--component",
                  "frontier", "--time-limit", limit, "-o", out, NULL};
  char *errp = sw_path(p, i, ".confirm.err");
  rep_report *r = NULL;
  pool *pl = pool_new();
  unlink(out);
  if (!self || pool_start(pl, self, argv, errp, 0, &err)) {
    *why = err ? err : mem_strdup("cannot start erep report");
  } else {
    pool_done d = {0};
    while (pool_wait(pl, NULL, -1, &d) != 1) {
    }
    mem_free(d.out);
    r = rj_read(out, &err);
    if (!r) {
      *why = mem_printf("erep report of its path failed (exit %d%s): %s",
                        d.status, d.signal ? ", killed" : "", err);
      mem_free(err);
    } else {
      bool ok = false;
      for (size_t k = 0; k < r->comp[REP_FRONTIER].traces.len; k++) {
        const rep_trace *t = r->comp[REP_FRONTIER].traces.data[k];
        ok |= t->feasible && t->steps.len &&
              t->steps.data[t->steps.len - 1].edge == last;
      }
      if (!ok) {
        *why = mem_printf("erep report of its path proved no way to its end "
                          "(%s)",
                          out);
        rep_free(r);
        r = NULL;
      }
    }
  }
  pool_free(pl);
  mem_free(self);
  mem_free(errp);
  mem_free(out);
  mem_free(aa);
  return r;
}

static void swarm_print_false(const sw_plan *p, size_t i,
                              const rep_report *r) {
  const rep_trace *t = NULL;
  for (size_t k = 0; k < r->comp[REP_FRONTIER].traces.len && !t; k++)
    if (r->comp[REP_FRONTIER].traces.data[k]->feasible)
      t = r->comp[REP_FRONTIER].traces.data[k];
  char *om = sw_omitted(p, i);
  esc_fprintf(stdout, 0,
              "FALSE: the error location at line %u is reachable (%zu steps, "
              "%zu inputs; found by c%zu, which omitted %s; proved again on "
              "the whole program)\n",
              t->end_line, t->steps.len, t->inputs.len, i + 1, om);
  mem_free(om);
  for (size_t k = 0; k < t->inputs.len; k++) {
    const rep_input *in = &t->inputs.data[k];
    char *what = rep_input_text(in);
    esc_fprintf(stdout, 0, "  input %u: %s = %s (line %u)\n", in->index,
                what ? what : "?", in->value, in->line);
    mem_free(what);
  }
}

/* The verdict from what the jobs wrote: the first FALSE proved again, or
 * the union of their automata. */
static erep_status swarm_finish(const sw_plan *p, int stopped) {
  sw_results res;
  sw_results_read(p, &res);
  erep_status rc = ST_OK;
  bool said = false;
  for (size_t i = res.first_false; i < p->nconfigs && !said; i++) {
    if (res.status[i] != SW_FALSE) continue;
    char *why = NULL;
    rep_report *r = swarm_confirm(p, i, &why);
    if (r) {
      swarm_print_false(p, i, r);
      rep_free(r);
      said = true;
    } else {
      esc_fprintf(stderr, 0,
                  "erep swarm: c%zu said FALSE, but %s: not reported\n",
                  i + 1, why);
      mem_free(why);
    }
  }
  sw_merged m = {0};
  char *err = NULL;
  /* a counterexample is the answer: what was verified besides is moot */
  int mrc = said ? 0 : sw_merge(p, &m, &err);
  if (m.skipped)
    esc_fprintf(stderr, 0,
                "erep swarm: %zu automat%s left out of the union (it claims "
                "less): %s\n",
                m.skipped, m.skipped == 1 ? "on" : "a", m.why);
  mem_free(m.why);
  if (!said) {
    if (!mrc && m.whole)
      printf("TRUE\n");
    else if (stopped)
      esc_fprintf(stdout, 0, "UNKNOWN: stopped by %s\n",
                  stopped == SIGINT ? "SIGINT" : "a signal");
    else
      printf("UNKNOWN: no counterexample in %zu configurations up to %u "
             "program edges\n",
             p->nconfigs, p->bound);
  }
  printf("swarm: %zu configuration%s (seed %lu, bound %u, analysis %s, %zu "
         "feature%s):",
         p->nconfigs, p->nconfigs == 1 ? "" : "s", p->seed, p->bound,
         p->analysis, p->nfeatures, p->nfeatures == 1 ? "" : "s");
  const char *sep = " ";
  for (int s = SW_STOPPED; s >= 0; s--)
    if (res.count[s]) {
      printf("%s%zu %s", sep, res.count[s], sw_status_name((sw_status)s));
      sep = ", ";
    }
  printf("\n");
  if (said)
    ;
  else if (!mrc)
    esc_fprintf(stdout, 0,
                "automaton written to %s/automaton.txt and automaton.graphml "
                "(%lu states: what the %zu runs that wrote one verified "
                "together)\n",
                p->dir, m.states, m.automata);
  else {
    esc_fprintf(stderr, 0, "erep swarm: no automaton: %s\n", err);
    mem_free(err);
    if (!said) rc = ST_FAILED;
  }
  sw_results_free(&res);
  return rc;
}

static erep_status swarm_collect(const erep_opts *o) {
  char *err = NULL;
  sw_plan *p = sw_plan_read(o->collect, o->pos[0], &err);
  if (!p) {
    esc_fprintf(stderr, 0, "erep swarm: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  p->dir = swarm_abs(o->collect);
  p->program = swarm_abs(o->pos[0]);
  erep_status rc = swarm_finish(p, 0);
  sw_plan_free(p);
  return rc;
}

erep_status cmd_swarm(const erep_opts *o) {
  int modes = (o->swarm_output != NULL) + (o->plan != NULL) +
              (o->collect != NULL);
  if (modes > 1) {
    esc_fprintf(stderr, 0,
                "erep swarm: -o, --plan and --collect exclude each other\n");
    return ST_BAD_INPUT;
  }
  if (o->collect) return swarm_collect(o);
  char *dflt = NULL;
  const char *dir = o->plan ? o->plan : o->swarm_output;
  if (!dir && !(dir = dflt = swarm_default_dir(o->pos[0]))) {
    esc_fprintf(stderr, 0, "erep swarm: no free directory name for %s\n",
                o->pos[0]);
    return ST_BAD_INPUT;
  }
  char *err = NULL;
  if (sigwatch_start("erep swarm", "before the swarm began: stopped",
                     &err)) {
    esc_fprintf(stderr, 0, "erep swarm: %s\n", err);
    mem_free(err);
    mem_free(dflt);
    return ST_FAILED;
  }
  sw_plan *p = swarm_plan(o, dir);
  mem_free(dflt);
  if (!p) {
    sigwatch_end();
    return ST_BAD_INPUT;
  }
  erep_status rc = ST_OK;
  if (o->plan) {
    esc_fprintf(stdout, 0,
                "plan: %zu configurations of %zu features (seed %lu) in "
                "%s/jobs.txt\n",
                p->nconfigs, p->nfeatures, p->seed, p->dir);
    esc_fprintf(stdout, 0, "run them, e.g. with GNU parallel: parallel < "
                           "%s/jobs.txt\n", p->dir);
    esc_fprintf(stdout, 0, "then: erep swarm %s --collect %s\n", o->pos[0],
                p->dir);
  } else {
    swarm_run s = {.p = p, .pl = pool_new(), .found = p->nconfigs};
    progress_init(&s.line, stderr);
    unsigned jobs = (unsigned)opt_num(&o->val.jobs, su_cores());
    sigwatch_catch(NULL, NULL);
    rc = swarm_jobs(&s, jobs);
    pool_free(s.pl);
    if (rc == ST_OK) rc = swarm_finish(p, s.stopped);
  }
  fflush(stdout);
  sigwatch_end();
  sw_plan_free(p);
  return rc;
}
