/* erep diff OLD.json NEW.json: what changed between two reports. */
#include "commands.h"
#include "lib/esc.h"
#include "report/diff.h"
#include "report/rjson.h"

#include <stdio.h>
#include <string.h>

erep_status cmd_diff(const erep_opts *o) {
  char *err = 0;
  rep_report *a = rj_read(o->pos[0], &err);
  if (!a) {
    esc_fprintf(stderr, 0, "erep diff: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  rep_report *b = rj_read(o->pos[1], &err);
  if (!b) {
    esc_fprintf(stderr, 0, "erep diff: %s\n", err);
    mem_free(err);
    rep_free(a);
    return ST_BAD_INPUT;
  }
  /* like with like: a verify run's counterexample report has no automaton
   * and one component that stops at the first counterexample */
  bool va = !a->aa_path, vb = !b->aa_path;
  if (va != vb && !o->allow_kind_change) {
    esc_fprintf(stderr, 0,
                "erep diff: %s is %s report and %s %s one; they do not "
                "describe the same thing (--allow-kind-change compares them "
                "anyway)\n",
                o->pos[0], va ? "a verify counterexample" : "an automaton's",
                o->pos[1], vb ? "a verify counterexample" : "an automaton's");
    rep_free(a);
    rep_free(b);
    return ST_BAD_INPUT;
  }
  bool changed = !a->program_sha256 || !b->program_sha256 ||
                 strcmp(a->program_sha256, b->program_sha256);
  if (changed && !o->allow_program_change) {
    esc_fprintf(
        stderr, 0,
        "erep diff: the reports are of different programs (%s: %s, sha256 "
        "%.12s; %s: %s, "
        "sha256 %.12s); --allow-program-change compares them by function "
        "and source "
        "text\n",
        o->pos[0], a->program_path ? a->program_path : "?",
        a->program_sha256 ? a->program_sha256 : "none", o->pos[1],
        b->program_path ? b->program_path : "?",
        b->program_sha256 ? b->program_sha256 : "none");
    rep_free(a);
    rep_free(b);
    return ST_BAD_INPUT;
  }
  df_result d;
  df_compare(a, b, changed, &d);
  if (o->json) {
    json_t *j = df_to_json(&d);
    json_dumpf(j, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    fputc('\n', stdout);
    json_decref(j);
  } else
    df_print(&d, stdout);
  erep_status rc = df_regressed(&d) ? ST_REGRESSED : ST_OK;
  df_free(&d);
  rep_free(a);
  rep_free(b);
  return rc;
}
