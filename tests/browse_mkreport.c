/* browse_mkreport: reports for tests/browse_tui.sh that real runs do not
 * make, built with the report model's own API (so that keys and fields are
 * right): one frontier trace of N steps with calls nested up to 4 deep,
 * an input every 100 steps, and texts, function names and input values
 * holding terminal control sequences (ESC, OSC title, BEL, C1, DEL).
 * usage: browse_mkreport PROGRAM N OUT.json */
#include "config.h"
#include "report/rjson.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: browse_mkreport PROGRAM N OUT.json\n");
    return 2;
  }
  long n = strtol(argv[2], NULL, 10);
  if (n < 1) return 2;
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, argv[1]);
  char *h = rep_sha256_file(argv[1]);
  if (!h) {
    perror(argv[1]);
    return 2;
  }
  r->program_sha256 = rep_strdup(r, h);
  mem_free(h);
  r->aa_path = rep_strdup(r, "made-up.aa.txt");
  r->aa_dialect = rep_strdup(r, "\x1b]0;PWNED-DIALECT\x07");
  r->analysis = rep_strdup(r, "explicit");
  r->limits.has_time = r->limits.has_traces = true; /* time_limit null */
  r->limits.traces_per_location = 1;
  r->want[REP_SAFE] = r->want[REP_FRONTIER] = true;
  r->comp[REP_FRONTIER].full = false;
  r->comp[REP_FRONTIER].stopped_by = STOP_TIME;
  rep_trace *t = rep_trace_new(r, REP_FRONTIER, true, NULL);
  static const char *const texts[] = {"x = \x1b]0;PWNED-STEP\x07 + 1;",
                                      "y = \x1b[2J\x1b[H;",
                                      "z = \xc2\x9b"
                                      "31m;",
                                      "w = \x7f\x07;", "v = 1;"};
  unsigned depth = 0;
  char fn[32], aa_from[32], aa_to[32];
  for (long i = 0; i < n; i++) {
    rep_step s = {0};
    s.line = (unsigned)(1 + i % 20);
    snprintf(fn, sizeof fn, depth ? "f%u" : "main", depth);
    s.function = rep_strdup(r, fn);
    s.kind = REP_STEP_STATEMENT;
    s.text = texts[i % 5];
    if (i + 1 < n && i % 8 == 3 && depth < 4) {
      s.kind = REP_STEP_CALL;
      s.text = "f();";
      depth++;
    } else if (i + 1 < n && i % 8 == 7 && depth > 0) {
      s.kind = REP_STEP_RETURN;
      s.text = "";
      depth--;
    }
    snprintf(aa_from, sizeof aa_from, "ARG%ld", i);
    snprintf(aa_to, sizeof aa_to, "ARG%ld", i + 1);
    s.aa_from = rep_strdup(r, aa_from);
    s.aa_to = rep_strdup(r, i + 1 == n ? "__FALSE" : aa_to);
    s.edge = (unsigned)i;
    s.from = (unsigned)i;
    s.to = (unsigned)i + 1;
    s.text = rep_strdup(r, s.text);
    VEC_PUSH(t->steps, s);
    if (i % 100 == 50)
      rep_input_add(r, t, (unsigned)t->inputs.len, "__VERIFIER_nondet_int",
                    s.line, "int", "-42", (unsigned)i);
  }
  const rep_step *last = &t->steps.data[t->steps.len - 1];
  t->end_file = r->program_path;
  t->end_line = last->line;
  t->end_function = last->function;
  t->end_node = last->to;
  rep_trace_seal(t);
  char *err = NULL;
  if (rj_write(r, argv[3], &err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  rep_free(r);
  return 0;
}
