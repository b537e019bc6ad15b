/* swarm: the plan and the results of erep swarm (Alipour and Groce,
 * "Bounded model checking and feature omission diversity"): random sets
 * of features (functions) to omit, one bounded `erep verify` run a set,
 * each writing its verdict and its automaton into the swarm's directory,
 * and what they show together. `erep swarm -o DIR` runs the plan's jobs
 * itself (cmd_swarm.c); `--plan DIR` writes them for GNU parallel, a Slurm
 * array or BenchExec, and `--collect DIR` reads what they wrote. Both read
 * the results the same way (sw_results_read, sw_merge), so they agree.
 *
 * DIR holds swarm.json (the plan), jobs.txt (a shell command line a
 * configuration), and for configuration cN: cN/ (erep verify -o), cN.out
 * (its standard output: the verdict line first) and cN.err.
 * Ownership: a plan owns its strings; sw_* return what the caller frees
 * (mem_free, or the named free function). */
#ifndef EREP_SWARM_H
#define EREP_SWARM_H

#include "formats/aa.h"
#include "program/cfa.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  size_t *omit; /* indexes into sw_plan.features, ascending */
  size_t nomit;
} sw_config;

typedef struct {
  char *dir;            /* absolute */
  char *program;        /* absolute */
  char *program_sha256;
  char *self;           /* the erep binary the jobs run, absolute */
  char *analysis;
  unsigned bound;       /* --path-length of every job */
  double time_limit;    /* each job's; 0: none */
  unsigned long seed;
  double p;             /* the chance to omit a feature */
  char **features;
  size_t nfeatures;
  sw_config *configs;
  size_t nconfigs;
} sw_plan;

/* The features of g by spec: "functions", "calls" or a file of names
 * (program/feature.h). *names (mem_free each, and the array). 0, or -1
 * with *err (FILE:LINE: what is wrong). */
int sw_features(const cfa *g, const char *spec, char ***names, size_t *n,
                char **err);

/* nconfigs distinct sets (fewer when the features allow fewer): the
 * empty one first (c1, the whole program), then sets drawn from seed, each
 * feature omitted with chance p. */
void sw_draw(sw_plan *p, size_t nconfigs);
void sw_plan_free(sw_plan *p);

/* Is s a C identifier (a feature's name)? */
bool sw_ident(const char *s);
/* The plan as swarm.json holds it (mem_free; NULL when jansson fails)
 * and read back from len bytes of it (`where` names it in messages; no
 * path or program is taken from it: dir, program and self stay NULL).
 * swarm_json.c. */
char *sw_plan_text(const sw_plan *p);
sw_plan *sw_plan_from_json(const char *text, size_t len, const char *where,
                           char **err);

/* swarm.json and jobs.txt into p->dir (atomic each). */
int sw_plan_write(const sw_plan *p, char **err);
/* The plan in dir/swarm.json for program (its sha256 must be the plan's;
 * no path is taken from the file). NULL with *err. */
sw_plan *sw_plan_read(const char *dir, const char *program, char **err);

/* Configuration i's erep verify command: argv (NULL-terminated; free with
 * sw_argv_free), its directory and files. */
char **sw_argv(const sw_plan *p, size_t i);
void sw_argv_free(char **argv);
char *sw_path(const sw_plan *p, size_t i, const char *suffix); /* dir/cN... */
/* "pop, top" (or "nothing"), what configuration i omits */
char *sw_omitted(const sw_plan *p, size_t i);

typedef enum {
  SW_NOT_RUN,  /* no cN.out */
  SW_NO_VERDICT, /* cN.out without a verdict line: crashed or killed */
  SW_FALSE,
  SW_TRUE,
  SW_BOUNDED,  /* UNKNOWN only because the conditions cut: it verified
                  every path its bound and omissions leave */
  SW_UNKNOWN,
  SW_STOPPED   /* killed by the swarm once another one said FALSE
                  (cN.out: "STOPPED: ...", the swarm's own line) */
} sw_status;

/* The status of a job's standard output. */
sw_status sw_classify(const char *out, size_t len);
const char *sw_status_name(sw_status s);

typedef struct {
  sw_status *status; /* by configuration */
  size_t count[SW_STOPPED + 1];
  size_t first_false; /* the first FALSE configuration, or nconfigs */
} sw_results;

void sw_results_read(const sw_plan *p, sw_results *r);
void sw_results_free(sw_results *r);

/* Configuration i's counterexample (cN/counterexample.json) as the
 * automaton that follows its steps by their raw texts into __FALSE after
 * the last one, every other edge into __TRUE (CPAchecker's counterexample
 * dialect), written to cN.path.txt: `erep report PROGRAM cN.path.txt
 * --component frontier` proves that path again on the whole program.
 * *last_edge: the counterexample's last edge. 0, or -1 with *err. */
int sw_path_automaton(const sw_plan *p, size_t i, unsigned *last_edge,
                      char **err);

typedef struct {
  size_t automata; /* configurations whose automaton was read */
  size_t skipped;  /* ... that could not be read (too large): left out */
  char *why;       /* the first one's reason (mem_free) */
  unsigned long states;
  bool whole;      /* the union's initial state is __TRUE */
} sw_merged;

/* The union (analysis/aunion.h) of the configurations' automata, into
 * dir/automaton.txt and dir/automaton.graphml. 0, or -1 with *err. */
int sw_merge(const sw_plan *p, sw_merged *m, char **err);

#endif
