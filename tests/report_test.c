/* The execution reports of the samples: S and F asserted exactly (end
 * lines of the traces, completeness, inputs that satisfy the branches). */
#include "analysis/aamap.h"
#include "program/aastep.h"
#include "program/cfa.h"
#include "formats/aa.h"
#include "report/run.h"
#include "report/report.h"
#include "report/rjson.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *srcdir(void) {
  const char *s = getenv("EREP_SRCDIR");
  return s ? s : ".";
}

/* The report of dir/name.c against dir/name.aa.txt (dir under the source
 * tree). */
static rep_report *run_in(const char *dir, const char *name, rn_options *o) {
  char prog[4096], aap[4096];
  snprintf(prog, sizeof prog, "%s/%s/%s.c", srcdir(), dir, name);
  snprintf(aap, sizeof aap, "%s/%s/%s.aa.txt", srcdir(), dir, name);
  char *err = 0;
  cfa *g = cfa_build(prog, CFA_ILP32, &err);
  ck_assert_msg(g != 0, "%s", err ? err : "");
  aa_automaton *A = aa_load(aap, &err);
  ck_assert_msg(A != 0, "%s", err ? err : "");
  as_view *v = as_view_new(A);
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, prog);
  rn_options def = {0};
  if (!o) {
    def.want[0] = def.want[1] = true;
    def.traces_per_location = 1;
    def.max_refinements = 50;
    def.solver_timeout_ms = 10000;
    o = &def;
  }
  rn_run(g, v, o, r, 0);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
  return r;
}

static rep_report *run(const char *name, rn_options *o) {
  return run_in("samples", name, o);
}

/* End lines of a component's traces, sorted, as "7,9". */
static char *ends(const rep_report *r, rep_component_kind k) {
  static char buf[256];
  unsigned lines[64];
  size_t n = r->comp[k].traces.len;
  ck_assert_uint_le(n, 64);
  for (size_t i = 0; i < n; i++)
    lines[i] = r->comp[k].traces.data[i]->end_line;
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && lines[j - 1] > lines[j]; j--) {
      unsigned t = lines[j];
      lines[j] = lines[j - 1];
      lines[j - 1] = t;
    }
  buf[0] = 0;
  for (size_t i = 0; i < n; i++)
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%u", i ? "," : "",
             lines[i]);
  return buf;
}

static long input0(const rep_trace *t) {
  ck_assert_uint_ge(t->inputs.len, 1);
  return strtol(t->inputs.data[0].value, 0, 10);
}

START_TEST(ifelse) {
  rep_report *r = run("ifelse", 0);
  ck_assert_str_eq(ends(r, REP_SAFE), "7");
  ck_assert_str_eq(ends(r, REP_FRONTIER), "7");
  ck_assert(r->comp[REP_SAFE].full);
  ck_assert(r->comp[REP_FRONTIER].full);
  ck_assert_int_gt(input0(r->comp[REP_SAFE].traces.data[0]), 10);
  ck_assert_int_le(input0(r->comp[REP_FRONTIER].traces.data[0]), 10);
  ck_assert_uint_eq(r->unknown.len, 0);
  /* the last step enters the sink; it names the automaton states */
  const rep_trace *t = r->comp[REP_FRONTIER].traces.data[0];
  const rep_step *last = &t->steps.data[t->steps.len - 1];
  ck_assert_str_eq(last->text, "[!(x > 10)]");
  ck_assert_str_eq(last->aa_from, "ARG3");
  ck_assert_str_eq(last->aa_to, "__FALSE");
  ck_assert_str_eq(t->steps.data[0].aa_from, "ARG0");
  rep_free(r);
}
END_TEST

START_TEST(loop) {
  rep_report *r = run("loop", 0);
  /* exits verified in the first iteration: `if (!x)` (line 9) and
   * `if (x > 1000)` (line 10); the second iteration ends at the same
   * locations; the third was never explored: back to the head (line 13) */
  ck_assert_str_eq(ends(r, REP_SAFE), "9,10");
  ck_assert_str_eq(ends(r, REP_FRONTIER), "13");
  ck_assert(r->comp[REP_SAFE].full);
  ck_assert(r->comp[REP_FRONTIER].full);
  const rep_trace *f = r->comp[REP_FRONTIER].traces.data[0];
  ck_assert_uint_eq(f->inputs.len, 2);
  for (size_t i = 0; i < 2; i++) {
    long v = strtol(f->inputs.data[i].value, 0, 10);
    ck_assert(v != 0 && v <= 1000);
    ck_assert_str_eq(f->inputs.data[i].function, "__VERIFIER_nondet_int");
  }
  rep_free(r);
}
END_TEST

START_TEST(loop_more_traces_per_location) {
  rn_options o = {0};
  o.want[0] = o.want[1] = true;
  o.traces_per_location = 2;
  o.max_refinements = 50;
  rep_report *r = run("loop", &o);
  /* both iterations reach each verified exit */
  ck_assert_str_eq(ends(r, REP_SAFE), "9,9,10,10");
  rep_free(r);
}
END_TEST

START_TEST(call_never_entered) {
  rep_report *r = run("call", 0);
  ck_assert_str_eq(ends(r, REP_FRONTIER), "15");
  ck_assert_str_eq(ends(r, REP_SAFE), "17");
  const rep_trace *f = r->comp[REP_FRONTIER].traces.data[0];
  ck_assert_int_ne(input0(f), 0);
  ck_assert_int_eq(f->steps.data[f->steps.len - 1].kind, REP_STEP_CALL);
  ck_assert_int_eq(input0(r->comp[REP_SAFE].traces.data[0]), 0);
  ck_assert(r->comp[REP_FRONTIER].full);
  rep_free(r);
}
END_TEST

START_TEST(infeasible_frontier) {
  rep_report *r = run("infeasible", 0);
  ck_assert_str_eq(ends(r, REP_FRONTIER), "");
  ck_assert_str_eq(ends(r, REP_SAFE), "7,8");
  ck_assert(r->comp[REP_FRONTIER].full);
  ck_assert(r->comp[REP_SAFE].full);
  ck_assert_uint_ge(r->infeasible_candidates, 1);
  rep_free(r);
}
END_TEST

START_TEST(component_choice_and_state_limit) {
  rn_options o = {0};
  o.want[REP_FRONTIER] = true;
  o.traces_per_location = 1;
  o.max_refinements = 50;
  rep_report *r = run("ifelse", &o);
  ck_assert_uint_eq(r->comp[REP_SAFE].traces.len, 0);
  ck_assert_uint_eq(r->comp[REP_FRONTIER].traces.len, 1);
  rep_free(r);
  o.want[REP_SAFE] = true;
  o.max_states = 3;
  r = run("loop", &o);
  ck_assert(!r->comp[REP_SAFE].full);
  ck_assert_int_eq(r->comp[REP_SAFE].stopped_by, STOP_STATES);
  rep_free(r);
}
END_TEST

/* No feasible trace calls `name` (its prototype is no call). */
static void assert_no_feasible_through(const rep_report *r, const char *name) {
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < r->comp[k].traces.len; i++) {
      const rep_trace *t = r->comp[k].traces.data[i];
      for (size_t j = 0; j < t->steps.len; j++)
        ck_assert_msg(t->steps.data[j].kind == REP_STEP_DECLARATION ||
                          !strstr(t->steps.data[j].text, name),
                      "%s is feasible through %s", t->id,
                      t->steps.data[j].text);
    }
}

START_TEST(setjmp_longjmp) {
  /* the automaton goes on after longjmp to x = 42 and stops there: that
   * frontier trace, and every trace through setjmp, is unknown */
  rep_report *r = run_in("tests/data/flow", "setjmp", 0);
  assert_no_feasible_through(r, "setjmp");
  assert_no_feasible_through(r, "longjmp");
  ck_assert_uint_eq(r->comp[REP_FRONTIER].traces.len, 0);
  ck_assert_uint_ge(r->unknown.len, 1);
  bool f16 = false;
  for (size_t i = 0; i < r->unknown.len; i++) {
    const rep_trace *t = r->unknown.data[i];
    ck_assert_ptr_nonnull(strstr(t->reason, "setjmp"));
    f16 |= t->component == REP_FRONTIER && t->end_line == 16;
  }
  ck_assert_msg(
      f16, "the frontier trace after longjmp is not among the unknown ones");
  for (int k = 0; k < 2; k++) {
    ck_assert(!r->comp[k].full);
    ck_assert_int_eq(r->comp[k].stopped_by, STOP_UNSUPPORTED);
  }
  rep_free(r);
  /* longjmp alone: the trace around it stays feasible, the one through it
   * is unknown, and neither component is complete */
  r = run_in("tests/data/flow", "longjmp", 0);
  assert_no_feasible_through(r, "longjmp");
  ck_assert_str_eq(ends(r, REP_SAFE), "12");
  ck_assert_str_eq(ends(r, REP_FRONTIER), "");
  ck_assert_uint_eq(r->unknown.len, 1);
  ck_assert_ptr_nonnull(strstr(r->unknown.data[0]->reason, "longjmp"));
  ck_assert_uint_eq(r->unknown.data[0]->end_line, 13);
  for (int k = 0; k < 2; k++)
    ck_assert(!r->comp[k].full);
  rep_free(r);
}
END_TEST

/* The fit of an automaton to a program (aamap), on the samples. The
 * result borrows texts from the CFA and the automaton: fit_done frees all. */
typedef struct {
  cfa *g;
  aa_automaton *A;
  am_result m;
} fit_run;

static am_fit fit_of(const char *prog, const char *aa, fit_run *f) {
  char p[4096], a[4096];
  snprintf(p, sizeof p, "%s/samples/%s.c", srcdir(), prog);
  snprintf(a, sizeof a, "%s/samples/%s.aa.txt", srcdir(), aa);
  char *err = 0;
  f->g = cfa_build(p, CFA_ILP32, &err);
  ck_assert_msg(f->g != 0, "%s", err ? err : "");
  f->A = aa_load(a, &err);
  ck_assert_msg(f->A != 0, "%s", err ? err : "");
  as_view *v = as_view_new(f->A);
  am_run(f->g, v, 0, &f->m);
  as_view_free(v);
  return am_fit_of(&f->m);
}

static void fit_done(fit_run *f) {
  am_result_free(&f->m);
  aa_free(f->A);
  cfa_free(f->g);
}

START_TEST(automaton_fit) {
  static const char *own[] = {"loop", "ifelse", "call", "infeasible"};
  fit_run f;
  for (size_t i = 0; i < 4; i++) {
    ck_assert_int_eq(fit_of(own[i], own[i], &f), AM_FITS);
    ck_assert_uint_eq(f.m.match_matched, f.m.match_reached);
    ck_assert_int_eq(f.m.first, -1);
    fit_done(&f);
  }
  /* call.c declares check() before main: loop's automaton expects
   * `int main()` there, in the declarations every execution runs */
  ck_assert_int_eq(fit_of("call", "loop", &f), AM_MISFIT_CHAIN);
  const am_unmatched *u = &f.m.unmatched.data[f.m.first];
  ck_assert_str_eq(u->text, "int main()");
  ck_assert_str_eq(u->met, "int check(int v)");
  ck_assert(u->in_chain);
  fit_done(&f);
  /* same declarations, then main's first statement differs with nothing
   * alike: 1 of 5 reached MATCH transitions, above 5% */
  ck_assert_int_eq(fit_of("ifelse", "loop", &f), AM_MISFIT_SHARE);
  u = &f.m.unmatched.data[f.m.first];
  ck_assert_str_eq(u->text, "int n = 0;");
  ck_assert_str_eq(u->met, "int x = __VERIFIER_nondet_int();");
  ck_assert_uint_eq(u->met_line, 5);
  ck_assert(!u->in_chain && !u->edit);
  ck_assert_uint_eq(f.m.match_reached, 5);
  ck_assert_uint_eq(f.m.match_matched, 4);
  fit_done(&f);
  /* infeasible.c is ifelse.c with `int y = x;` for `int y = 0;` first:
   * the mismatch is an edit of that line */
  ck_assert_int_eq(fit_of("infeasible", "ifelse", &f), AM_FITS_NEARLY);
  u = &f.m.unmatched.data[f.m.first];
  ck_assert_str_eq(u->text, "int y = 0;");
  ck_assert_str_eq(u->met, "int y = x;");
  ck_assert(u->edit);
  ck_assert_uint_eq(f.m.edits, 1);
  fit_done(&f);
}
END_TEST

/* am_run_until: a limit met (here at the first poll) cuts the measurement,
 * which says so and is incomplete */
static stop_reason fit_time_up(void *arg) {
  (*(int *)arg)++;
  return STOP_TIME;
}

START_TEST(automaton_fit_cut_by_a_limit) {
  fit_run f;
  ck_assert_int_eq(fit_of("loop", "loop", &f), AM_FITS);
  ck_assert(f.m.complete && !f.m.stopped_by);
  am_result_free(&f.m);
  int asked = 0;
  as_view *v = as_view_new(f.A);
  am_run_until(f.g, v, 0, fit_time_up, &asked, &f.m);
  as_view_free(v);
  ck_assert_int_eq(asked, 1);
  ck_assert_int_eq(f.m.stopped_by, STOP_TIME);
  ck_assert(!f.m.complete);
  ck_assert_uint_eq(f.m.match_matched, 0);
  fit_done(&f);
}
END_TEST

START_TEST(json_contract) {
  rep_report *r = run("ifelse", 0);
  json_t *j = rj_to_json(r);
  ck_assert_str_eq(json_string_value(json_object_get(j, "format")),
                   "erep-report");
  ck_assert_int_eq(json_integer_value(json_object_get(j, "version")), 1);
  json_t *f = json_object_get(json_object_get(j, "components"), "frontier");
  ck_assert(json_is_true(json_object_get(f, "full")));
  ck_assert(json_is_null(json_object_get(f, "stopped_by")));
  json_t *t = json_array_get(json_object_get(f, "traces"), 0);
  ck_assert_str_eq(json_string_value(json_object_get(t, "id")), "F1");
  ck_assert_str_eq(json_string_value(json_object_get(t, "feasibility")),
                   "feasible");
  ck_assert(
      json_is_integer(json_object_get(json_object_get(t, "end"), "line")));
  json_t *in = json_array_get(json_object_get(t, "inputs"), 0);
  ck_assert_str_eq(json_string_value(json_object_get(in, "type")), "int");
  ck_assert(json_is_array(json_object_get(j, "unknown")));
  ck_assert(json_is_object(json_object_get(j, "stats")));
  /* no fit measured: no match object */
  ck_assert_ptr_null(json_object_get(json_object_get(j, "automaton"), "match"));
  json_decref(j);
  r->fit.measured = true;
  r->fit.match_reached = 5;
  r->fit.match_matched = 4;
  r->fit.verdict = "fits-nearly";
  r->fit.aa_line = 28;
  r->fit.match = "int x = __VERIFIER_nondet_int();";
  r->fit.met = "int x = 5;";
  r->fit.line = 3;
  j = rj_to_json(r);
  json_t *m = json_object_get(json_object_get(j, "automaton"), "match");
  ck_assert_int_eq(
      json_integer_value(json_object_get(m, "match_transitions_reached")), 5);
  ck_assert_int_eq(
      json_integer_value(json_object_get(m, "match_transitions_matched")), 4);
  ck_assert(json_is_integer(json_object_get(m, "catchall_firings")));
  ck_assert_str_eq(json_string_value(json_object_get(m, "fit")), "fits-nearly");
  json_t *fm = json_object_get(m, "first_mismatch");
  ck_assert_int_eq(json_integer_value(json_object_get(fm, "aa_line")), 28);
  ck_assert_str_eq(json_string_value(json_object_get(fm, "met")), "int x = 5;");
  ck_assert_int_eq(json_integer_value(json_object_get(fm, "line")), 3);
  json_decref(j);
  rep_free(r);
}
END_TEST

/* The coverage of a report as "line:flags ..." with V visited, S/F on a
 * safe/frontier trace, R reachable from a safe end (verified), U only from
 * frontier ends (unexplored). */
static const char *coverage(const rep_report *r) {
  static char buf[512];
  size_t n = 0;
  buf[0] = 0;
  for (size_t i = 0; i < r->coverage.lines.len; i++) {
    const rep_line *l = &r->coverage.lines.data[i];
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%u:%s%s%s%s%s",
                          i ? " " : "", l->line,
                          l->flags & REP_COV_VISITED ? "V" : "",
                          l->flags & REP_COV_SAFE_TRACE ? "S" : "",
                          l->flags & REP_COV_FRONTIER_TRACE ? "F" : "",
                          l->flags & REP_COV_VERIFIED ? "R" : "",
                          l->flags & REP_COV_UNEXPLORED ? "U" : "");
  }
  return buf;
}

/* Hand-counted from the samples (README, "Coverage"). */
START_TEST(coverage_of_the_samples) {
  rep_report *r = run("ifelse", 0);
  /* then-branch verified, else-branch never explored, return after both */
  ck_assert_str_eq(coverage(r), "5:VSF 6:VSF 7:VSF 8:R 10:U 12:R");
  ck_assert_uint_eq(r->coverage.total, 6);
  ck_assert_uint_eq(r->coverage.visited, 3);
  ck_assert_uint_eq(r->coverage.on_trace, 3);
  ck_assert_uint_eq(r->coverage.verified, 2);
  ck_assert_uint_eq(r->coverage.unexplored, 1);
  ck_assert_uint_eq(r->coverage.none, 0);
  rep_free(r);
  r = run("loop", 0);
  /* the frontier is the loop's back edge, so the loop body is unexplored;
   * `return n` is only reached through the verified exits */
  ck_assert_str_eq(coverage(r),
                   "5:VSF 6:VSF 8:VSFU 9:VSFU 10:VSFU 13:VFU 16:R");
  rep_free(r);
  r = run("call", 0);
  /* check() was never entered: its body is unexplored, and so is what
   * runs after its return */
  ck_assert_str_eq(coverage(r),
                   "5:U 6:U 8:U 12:VSF 13:VSF 14:VSF 15:VFU 17:VSU");
  rep_free(r);
  r = run("infeasible", 0);
  /* `y = 0` lies behind the infeasible frontier: in no figure */
  ck_assert_str_eq(coverage(r), "5:VS 6:VS 7:VS 8:VS 9: 12:R");
  ck_assert_uint_eq(r->coverage.none, 1);
  rep_free(r);
}
END_TEST

/* Write -> read -> write gives the same bytes, for every sample report. */
START_TEST(reader_round_trip) {
  static const char *names[] = {"ifelse", "loop", "call", "infeasible"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    rep_report *r = run(names[i], 0);
    r->program_sha256 = rep_strdup(r, "00ff");
    rep_warn(r, "test", 3, "a warning with a line");
    json_t *ja = rj_to_json(r);
    char *a = json_dumps(ja, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(ja);
    char path[] = "/tmp/erep-rt-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char *err = 0;
    ck_assert_int_eq(rj_write(r, path, &err), 0);
    rep_report *back = rj_read(path, &err);
    ck_assert_msg(back != 0, "%s", err ? err : "");
    json_t *jb = rj_to_json(back);
    char *b = json_dumps(jb, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(jb);
    ck_assert_str_eq(a, b);
    /* the typed model came back too */
    for (size_t k = 0; k < 2; k++)
      for (size_t t = 0; t < back->comp[k].traces.len; t++) {
        const rep_trace *x = back->comp[k].traces.data[t],
                        *y = r->comp[k].traces.data[t];
        ck_assert_str_eq(x->key, y->key);
        ck_assert_uint_eq(x->steps.len, y->steps.len);
        for (size_t n = 0; n < x->inputs.len; n++) {
          ck_assert_int_eq(x->inputs.data[n].typed.kind, REP_VALUE_INT);
          ck_assert_uint_eq(x->inputs.data[n].typed.mag,
                            y->inputs.data[n].typed.mag);
        }
        for (size_t n = 0; n < x->steps.len; n++)
          ck_assert_uint_eq(x->steps.data[n].edge, y->steps.data[n].edge);
      }
    free(a);
    free(b);
    unlink(path);
    rep_free(back);
    rep_free(r);
  }
}
END_TEST

/* Reads `text` as a report; the error message (static), or NULL. */
static const char *read_text(const char *text) {
  static char msg[512];
  char path[] = "/tmp/erep-bad-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  char *err = 0;
  rep_report *r = rj_read(path, &err);
  unlink(path);
  if (r) {
    rep_free(r);
    return 0;
  }
  snprintf(msg, sizeof msg, "%s", err + strlen(path));
  mem_free(err);
  return msg;
}

START_TEST(reader_refuses_bad_reports) {
  rep_report *r = run("ifelse", 0);
  json_t *jg = rj_to_json(r);
  char *good = json_dumps(jg, JSON_PRESERVE_ORDER);
  json_decref(jg);
  rep_free(r);
  ck_assert_ptr_null(read_text(good));
  /* truncated */
  good[strlen(good) / 2] = 0;
  ck_assert_ptr_nonnull(strstr(read_text(good), "not valid JSON"));
  free(good);
  ck_assert_str_eq(read_text("[1]"), ": $: not a JSON object");
  ck_assert_str_eq(read_text("{\"format\": \"x\"}"),
                   ": $.format: not an erep report (expected \"erep-report\")");
  ck_assert_str_eq(read_text("{\"format\": \"erep-report\", \"version\": 2}"),
                   ": $.version: version 2; this erep reads version 1");
  ck_assert_ptr_nonnull(strstr(
      read_text(
          "{\"format\": \"erep-report\", \"version\": 1, \"version\": 1}"),
      "duplicate"));
  /* a field of the wrong type is named by its JSON path */
  r = run("ifelse", 0);
  json_t *j = rj_to_json(r);
  json_t *t = json_array_get(
      json_object_get(
          json_object_get(json_object_get(j, "components"), "frontier"),
          "traces"),
      0);
  json_t *st = json_array_get(json_object_get(t, "steps"), 1);
  json_object_set_new(st, "line", json_string("seven"));
  char *bad = json_dumps(j, 0);
  ck_assert_str_eq(read_text(bad),
                   ": $.components.frontier.traces[0].steps[1].line: expected "
                   "an integer, not a string");
  free(bad);
  /* an input value that is not one, and a key that does not fit */
  json_object_set_new(st, "line", json_integer(5));
  json_t *in = json_array_get(json_object_get(t, "inputs"), 0);
  json_object_set_new(in, "value", json_string("12abc"));
  bad = json_dumps(j, 0);
  ck_assert_str_eq(read_text(bad),
                   ": $.components.frontier.traces[0].inputs[0].value: "
                   "\"12abc\" is not an input value");
  free(bad);
  json_object_set_new(in, "value", json_string("12"));
  json_object_set_new(t, "key", json_string("F-0000000000000000"));
  bad = json_dumps(j, 0);
  ck_assert_ptr_nonnull(strstr(read_text(bad),
                               "traces[0].key: \"F-0000000000000000\" does "
                               "not fit the trace"));
  free(bad);
  json_decref(j);
  rep_free(r);
}
END_TEST

/* Write r, read it back: the JSON text of both (free), and the report
 * read (rep_free). */
static rep_report *write_read(const rep_report *r, char **a, char **b) {
  json_t *ja = rj_to_json(r);
  *a = json_dumps(ja, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  json_decref(ja);
  char path[] = "/tmp/erep-rt-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  char *err = 0;
  ck_assert_int_eq(rj_write(r, path, &err), 0);
  rep_report *back = rj_read(path, &err);
  unlink(path);
  ck_assert_msg(back != 0, "%s", err ? err : "");
  json_t *jb = rj_to_json(back);
  *b = json_dumps(jb, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  json_decref(jb);
  return back;
}

/* A report with one frontier trace of one step (kind k). */
static rep_report *one_step_report(rep_step_kind k) {
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, "p.c");
  r->want[REP_FRONTIER] = true;
  rep_trace *t = rep_trace_new(r, REP_FRONTIER, true, 0);
  rep_step s = {
      3, rep_strdup(r, "main"), k, rep_strdup(r, "int x;"), 0, 0, 1, 1, 2};
  VEC_PUSH(t->steps, s);
  t->end_line = 3;
  t->end_node = 2;
  return r;
}

/* Inputs of every kind keep their kind, variable and path through the
 * JSON, where an uninitialised one is "uninitialised:<var><path>". */
START_TEST(input_kinds_round_trip) {
  rep_report *r = one_step_report(REP_STEP_DECLARATION);
  rep_trace *t = r->comp[REP_FRONTIER].traces.data[0];
  rep_input_add(r, t, 0, "__VERIFIER_nondet_int", 3, "int", "7", 0);
  rep_input_add(r, t, 1, "uninitialised:x", 3, "int", "-1", 0);
  rep_input_add(r, t, 2, "uninitialised:s.f[].g", 3, "int", "2", 0);
  rep_input_add(r, t, 3, "uninitialised:f::__retval__", 3, "int", "0", 0);
  rep_input_add(r, t, 4, "get", 3, "int", "5", 0);
  int64_t via[] = {0};
  const char *params[] = {"int *"};
  rep_written w = {"x", 1, 0, 1, via, 0, 0, 0, 1, params};
  rep_input_written(r, t, &w);
  /* a callee named like an uninitialised input: written wins, as text */
  rep_input_add(r, t, 5, "uninitialised:y", 3, "int", "6", 0);
  rep_input_written(r, t, &w);
  rep_trace_seal(t);
  static const struct {
    rep_input_kind kind;
    const char *function, *var, *path;
  } want[] = {{REP_INPUT_CALL, "__VERIFIER_nondet_int", 0, 0},
              {REP_INPUT_UNINIT, 0, "x", ""},
              {REP_INPUT_UNINIT, 0, "s", ".f[].g"},
              {REP_INPUT_UNINIT, 0, "f::__retval__", ""},
              {REP_INPUT_WRITTEN, "get", 0, 0},
              {REP_INPUT_WRITTEN, "uninitialised:y", 0, 0}};
  char *a, *b;
  rep_report *back = write_read(r, &a, &b);
  ck_assert_str_eq(a, b);
  ck_assert_ptr_nonnull(strstr(a, "\"function\": \"uninitialised:s.f[].g\""));
  ck_assert_ptr_nonnull(
      strstr(a, "\"function\": \"uninitialised:f::__retval__\""));
  for (int pass = 0; pass < 2; pass++) {
    const rep_trace *x = (pass ? back : r)->comp[REP_FRONTIER].traces.data[0];
    ck_assert_uint_eq(x->inputs.len, 6);
    for (size_t i = 0; i < 6; i++) {
      const rep_input *in = &x->inputs.data[i];
      ck_assert_int_eq(in->kind, want[i].kind);
      ck_assert_pstr_eq(in->function, want[i].function);
      ck_assert_pstr_eq(in->var, want[i].var);
      ck_assert_pstr_eq(in->path, want[i].path);
      ck_assert(!in->written == (want[i].kind != REP_INPUT_WRITTEN));
      char *text = rep_input_text(in);
      static const char *const texts[] = {"__VERIFIER_nondet_int",
                                          "uninitialised:x",
                                          "uninitialised:s.f[].g",
                                          "uninitialised:f::__retval__",
                                          "get",
                                          "uninitialised:y"};
      ck_assert_str_eq(text, texts[i]);
      mem_free(text);
    }
  }
  free(a);
  free(b);
  rep_free(back);
  rep_free(r);
}
END_TEST

/* Only the limits that were set are written, in their order; absent ones
 * stay absent through the JSON, and null ones null. */
START_TEST(limits_round_trip) {
  rep_report *r = one_step_report(REP_STEP_STATEMENT);
  rep_trace_seal(r->comp[REP_FRONTIER].traces.data[0]);
  char *a, *b;
  rep_report *back = write_read(r, &a, &b);
  ck_assert_ptr_nonnull(strstr(a, "\"limits\": {}"));
  ck_assert_str_eq(a, b);
  ck_assert(!back->limits.has_time && !back->limits.has_data_model);
  free(a);
  free(b);
  rep_free(back);
  /* a verify-like set: time (null), memory, blocks, data model */
  rep_limits *l = &r->limits;
  l->has_time = l->has_memory = l->has_blocks = l->has_data_model = true;
  l->memory_limit_mb = 512;
  l->sbe = true;
  l->data_model = CFA_LP64;
  back = write_read(r, &a, &b);
  ck_assert_str_eq(a, b);
  ck_assert_ptr_nonnull(strstr(a, "\"limits\": {\n"
                                  "   \"time_limit\": null,\n"
                                  "   \"memory_limit_mb\": 512,\n"
                                  "   \"block_encoding\": \"SBE\",\n"
                                  "   \"data_model\": \"LP64\"\n"
                                  "  }"));
  const rep_limits *k = &back->limits;
  ck_assert(k->has_time && k->has_memory && k->has_blocks && k->has_data_model);
  ck_assert(!k->has_states && !k->has_traces && !k->has_order);
  ck_assert(k->time_limit == 0 && k->memory_limit_mb == 512 && k->sbe);
  ck_assert_int_eq(k->data_model, CFA_LP64);
  free(a);
  free(b);
  rep_free(back);
  /* a report-like set: every search limit, breadth or depth first */
  *l = (rep_limits){0};
  l->has_time = l->has_memory = l->has_states = l->has_traces = true;
  l->has_order = l->has_data_model = true;
  l->time_limit = 2.5;
  l->state_limit = 300000;
  l->traces_per_location = 3;
  l->dfs = true;
  back = write_read(r, &a, &b);
  ck_assert_str_eq(a, b);
  ck_assert_ptr_nonnull(strstr(a, "\"limits\": {\n"
                                  "   \"time_limit\": 2.5,\n"
                                  "   \"memory_limit_mb\": null,\n"
                                  "   \"state_limit\": 300000,\n"
                                  "   \"traces_per_location\": 3,\n"
                                  "   \"order\": \"dfs\",\n"
                                  "   \"data_model\": \"ILP32\"\n"
                                  "  }"));
  ck_assert(back->limits.time_limit == 2.5 && back->limits.dfs &&
            !back->limits.has_blocks);
  free(a);
  free(b);
  rep_free(back);
  rep_free(r);
}
END_TEST

/* The JSON of a one-step report with `edit` applied to it (a jansson
 * object, step and limits at hand), as compact text (free). */
static char *edited(void (*edit)(json_t *step, json_t *limits)) {
  rep_report *r = one_step_report(REP_STEP_STATEMENT);
  rep_trace_seal(r->comp[REP_FRONTIER].traces.data[0]);
  json_t *j = rj_to_json(r);
  rep_free(r);
  json_t *t = json_array_get(
      json_object_get(
          json_object_get(json_object_get(j, "components"), "frontier"),
          "traces"),
      0);
  edit(json_array_get(json_object_get(t, "steps"), 0),
       json_object_get(json_object_get(j, "analysis"), "limits"));
  char *s = json_dumps(j, 0);
  json_decref(j);
  return s;
}

static void edit_kind(json_t *step, json_t *limits) {
  (void)limits;
  json_object_set_new(step, "kind", json_string("block"));
}
static void edit_data_model(json_t *step, json_t *limits) {
  (void)step;
  json_object_set_new(limits, "data_model", json_string("ILP31"));
}
static void edit_order(json_t *step, json_t *limits) {
  (void)step;
  json_object_set_new(limits, "order", json_string("random"));
}
static void edit_time(json_t *step, json_t *limits) {
  (void)step;
  json_object_set_new(limits, "time_limit", json_string("60"));
}
static void edit_states(json_t *step, json_t *limits) {
  (void)step;
  json_object_set_new(limits, "state_limit", json_integer(0));
}

/* An unknown step kind and bad limits are refused with their path. */
START_TEST(reader_refuses_unknown_names) {
  static const struct {
    void (*edit)(json_t *, json_t *);
    const char *msg;
  } cases[] = {
      {edit_kind, ": $.components.frontier.traces[0].steps[0].kind: unknown "
                  "value \"block\""},
      {edit_data_model, ": $.analysis.limits.data_model: \"ILP31\" is "
                        "neither ILP32 nor LP64"},
      {edit_order, ": $.analysis.limits.order: unknown value \"random\""},
      {edit_time, ": $.analysis.limits.time_limit: expected a number or "
                  "null, not a string"},
      {edit_states, ": $.analysis.limits.state_limit: 0 is out of range [1, "
                    "9223372036854775807] (null: none)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *text = edited(cases[i].edit);
    ck_assert_str_eq(read_text(text), cases[i].msg);
    free(text);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("report");
  TCase *t = tcase_create("samples");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, ifelse);
  tcase_add_test(t, loop);
  tcase_add_test(t, loop_more_traces_per_location);
  tcase_add_test(t, call_never_entered);
  tcase_add_test(t, infeasible_frontier);
  tcase_add_test(t, component_choice_and_state_limit);
  tcase_add_test(t, json_contract);
  tcase_add_test(t, reader_round_trip);
  tcase_add_test(t, coverage_of_the_samples);
  tcase_add_test(t, reader_refuses_bad_reports);
  tcase_add_test(t, input_kinds_round_trip);
  tcase_add_test(t, limits_round_trip);
  tcase_add_test(t, reader_refuses_unknown_names);
  tcase_add_test(t, setjmp_longjmp);
  tcase_add_test(t, automaton_fit);
  tcase_add_test(t, automaton_fit_cut_by_a_limit);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
