#include "setup.h"

#include "lib/esc.h"

#include <string.h>

char *su_derived_name(const char *program, const char *fallback,
                      const char *suffix) {
  const char *b = strrchr(program, '/');
  b = b ? b + 1 : program;
  size_t n = strlen(b);
  if (n > 2 && (!strcmp(b + n - 2, ".c") || !strcmp(b + n - 2, ".i"))) n -= 2;
  if (!n || *b == '.' || *b == '-') return mem_printf("%s%s", fallback, suffix);
  char *r = mem_printf("%.*s%s", (int)n, b, suffix);
  for (char *p = r; p < r + n; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' || *p == '-'))
      *p = '_';
  return r;
}

cfa_data_model su_data_model(const erep_opts *o) {
  /* ILP32|LP64, checked by opt_parse */
  return o->val.data_model.set && o->val.data_model.choice == 1 ? CFA_LP64
                                                                : CFA_ILP32;
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
  r->program_path = rep_strdup(r, run->program);
  /* the bytes that were parsed, not the file again: it may have changed */
  char *h = rep_sha256(run->g->source, run->g->source_len);
  r->program_sha256 = rep_strdup(r, h);
  mem_free(h);
  r->aa_path = rep_strdup(r, run->automaton);
  h = rep_sha256_file(run->automaton);
  r->aa_sha256 = rep_strdup(r, h);
  mem_free(h);
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
