/* erep match PROGRAM AA [--json]: how the automaton's transitions map onto
 * the program's CFA along their product. */
#include "analysis/aamap.h"
#include "program/cfa.h"
#include "commands.h"
#include "formats/aa.h"
#include "lib/esc.h"
#include "report/rjson.h"
#include "setup.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static double pct(unsigned long a, unsigned long b) {
  return b ? 100.0 * (double)a / (double)b : 100.0;
}

static void print_text(const char *prog, const char *aap, const aa_automaton *A,
                       const am_result *r, FILE *out) {
  esc_fprintf(out, 0, "program: %s\n", prog);
  esc_fprintf(out, 0, "automaton: %s (%s)\n", aap, A->dialect);
  fprintf(out, "states: %lu\ntransitions: %lu\n", r->states, r->transitions);
  fprintf(out, "product states: %lu%s\n", r->product_states,
          r->complete ? "" : " (cut)");
  fprintf(out,
          "MATCH transitions of reached states: %lu, matched: %lu (%.2f%%)\n",
          r->match_reached, r->match_matched,
          pct(r->match_matched, r->match_reached));
  fprintf(out,
          "  by rule: exact %lu, exact (older text form) %lu, normalised %lu\n",
          r->by_rule[RM_EXACT], r->by_rule[RM_EXACT_OLD],
          r->by_rule[RM_NORMALISED]);
  fprintf(out,
          "  \"\" transitions taken without an edge: %lu; our \"\" edges "
          "stuttered on: %lu\n",
          r->epsilon, r->stutters);
  fprintf(out, "locations where the product enters __TRUE: %lu, __FALSE: %lu\n",
          r->sink_locations[0], r->sink_locations[1]);
  fprintf(
      out,
      "catch-all firings: %lu, of them near a MATCH of the same state: %lu\n",
      r->catchalls, r->near_misses);
  fprintf(out, "automaton states reached: %lu of %lu\n", r->states_reached,
          r->states);
  fprintf(out,
          "unmatched: %zu (%lu in the declaration chain, %lu edits of "
          "a line)\n",
          r->unmatched.len, r->in_chain, r->edits);
  for (size_t i = 0; i < r->unmatched.len && i < 50; i++) {
    const am_unmatched *u = &r->unmatched.data[i];
    esc_fprintf(out, 0, "  %s (line %u): ", u->state, u->aa_line);
    cfa_print_quoted(u->text, out);
    if (u->met) {
      fprintf(out, " met ");
      cfa_print_quoted(u->met, out);
      fprintf(out, " (program line %u%s)", u->met_line,
              u->in_chain ? ", declarations" : "");
    }
    if (u->edit) fprintf(out, ", an edit");
    fputc('\n', out);
  }
  if (r->unmatched.len > 50)
    fprintf(out, "  ... %zu more (see --json)\n", r->unmatched.len - 50);
  fprintf(out, "fit: %s\n", am_fit_name(am_fit_of(r)));
  fprintf(out, "warnings: %zu\n", r->warnings.len);
  for (size_t i = 0; i < r->warnings.len && i < 50; i++) {
    /* program and automaton text inside */
    esc_fprintf(out, 0, "  %s: %s\n", r->warnings.data[i].kind,
                r->warnings.data[i].message);
  }
}

/* esc_json_string for every text: jansson refuses invalid UTF-8 and the
 * field would be missing. */
static json_t *to_json(const char *prog, const char *aap, const aa_automaton *A,
                       const am_result *r) {
  json_t *o = json_object();
  json_object_set_new(o, "program", rj_text(prog));
  json_object_set_new(o, "automaton", rj_text(aap));
  json_object_set_new(o, "dialect", rj_text(A->dialect));
  json_object_set_new(o, "states", json_integer((json_int_t)r->states));
  json_object_set_new(o, "transitions",
                      json_integer((json_int_t)r->transitions));
  json_object_set_new(o, "product_states",
                      json_integer((json_int_t)r->product_states));
  json_object_set_new(o, "complete", json_boolean(r->complete));
  json_object_set_new(o, "match_transitions_reached",
                      json_integer((json_int_t)r->match_reached));
  json_object_set_new(o, "match_transitions_matched",
                      json_integer((json_int_t)r->match_matched));
  json_t *by = json_object();
  json_object_set_new(by, "exact",
                      json_integer((json_int_t)r->by_rule[RM_EXACT]));
  json_object_set_new(by, "exact_old_form",
                      json_integer((json_int_t)r->by_rule[RM_EXACT_OLD]));
  json_object_set_new(by, "normalised",
                      json_integer((json_int_t)r->by_rule[RM_NORMALISED]));
  json_object_set_new(o, "matched_by_rule", by);
  json_object_set_new(o, "epsilon_transitions",
                      json_integer((json_int_t)r->epsilon));
  json_object_set_new(o, "stutters", json_integer((json_int_t)r->stutters));
  json_object_set_new(o, "true_locations",
                      json_integer((json_int_t)r->sink_locations[0]));
  json_object_set_new(o, "false_locations",
                      json_integer((json_int_t)r->sink_locations[1]));
  json_object_set_new(o, "catchall_firings",
                      json_integer((json_int_t)r->catchalls));
  json_object_set_new(o, "near_misses",
                      json_integer((json_int_t)r->near_misses));
  json_object_set_new(o, "states_reached",
                      json_integer((json_int_t)r->states_reached));
  json_object_set_new(o, "fit", json_string(am_fit_name(am_fit_of(r))));
  json_object_set_new(o, "unmatched_in_chain",
                      json_integer((json_int_t)r->in_chain));
  json_object_set_new(o, "unmatched_edits", json_integer((json_int_t)r->edits));
  json_object_set_new(o, "first_unmatched", json_integer(r->first));
  json_t *u = json_array();
  for (size_t i = 0; i < r->unmatched.len; i++) {
    const am_unmatched *x = &r->unmatched.data[i];
    json_t *j = json_object();
    json_object_set_new(j, "state", rj_text(x->state));
    json_object_set_new(j, "line", json_integer(x->aa_line));
    json_object_set_new(j, "text", rj_text(x->text));
    json_object_set_new(j, "met", rj_text(x->met));
    json_object_set_new(j, "met_line",
                        x->met ? json_integer(x->met_line) : json_null());
    json_object_set_new(j, "in_chain", json_boolean(x->in_chain));
    json_object_set_new(j, "edit", json_boolean(x->edit));
    json_array_append_new(u, j);
  }
  json_object_set_new(o, "unmatched", u);
  json_t *w = json_array();
  for (size_t i = 0; i < r->warnings.len; i++) {
    const am_warning *x = &r->warnings.data[i];
    json_t *j = json_object();
    json_object_set_new(j, "kind", rj_text(x->kind));
    json_object_set_new(j, "state", rj_text(x->state));
    json_object_set_new(j, "aa_line",
                        x->aa_line ? json_integer(x->aa_line) : json_null());
    json_object_set_new(j, "line",
                        x->line ? json_integer(x->line) : json_null());
    json_object_set_new(j, "message", rj_text(x->message));
    json_array_append_new(w, j);
  }
  json_object_set_new(o, "warnings", w);
  return o;
}

erep_status cmd_match(const erep_opts *o) {
  su_run run;
  if (su_load(o, "match", &run) != ST_OK) return ST_BAD_INPUT;
  cfa *g = run.g;
  aa_automaton *A = run.A;
  as_view *v = as_view_new(A);
  am_result r;
  am_run(g, v, 5000000, &r);
  erep_status rc = ST_OK;
  if (o->json) {
    json_t *j = to_json(o->pos[0], o->pos[1], A, &r);
    if (json_dumpf(j, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER))
      rc = ST_FAILED;
    fputc('\n', stdout);
    json_decref(j);
  } else
    print_text(o->pos[0], o->pos[1], A, &r, stdout);
  if (fflush(stdout)) rc = ST_FAILED;
  am_result_free(&r);
  as_view_free(v);
  su_free(&run);
  return rc;
}
