/* report/dot without files: a report model made here, drawn as DOT into
 * memory. Foreign text is escaped and cut on a character boundary, inputs
 * sit on their steps, a trace is found by id and by key, the same model
 * gives the same bytes, and bad views name what is wrong. (The views of
 * real reports, rendered by Graphviz: tests/dot_views.sh.) */
#include "report/dot.h"
#include "report/report.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 70 letters, then a euro sign across the cut at 72 bytes */
#define LONG_TEXT                                                              \
  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"     \
  "\xe2\x82\xac tail"

static rep_report *model(void) {
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, "p.c");
  rep_trace *t = rep_trace_new(r, REP_FRONTIER, true, NULL);
  rep_step s0 = {3,
                 rep_strdup(r, "main"),
                 REP_STEP_STATEMENT,
                 rep_strdup(r, "x = __VERIFIER_nondet_int();"),
                 rep_strdup(r, "A0"),
                 rep_strdup(r, "A1"),
                 4,
                 5,
                 6};
  /* ESC, two backslashes, a byte outside UTF-8, a bidirectional override */
  rep_step s1 = {4,
                 rep_strdup(r, "main"),
                 REP_STEP_STATEMENT,
                 rep_strdup(r, "s = \"\x1b[2J\\\\\xff\xe2\x80\xae\";"),
                 rep_strdup(r, "A1"),
                 rep_strdup(r, "A1"),
                 7,
                 6,
                 8};
  rep_step s2 = {5,
                 rep_strdup(r, "main"),
                 REP_STEP_ASSUME,
                 rep_strdup(r, LONG_TEXT),
                 rep_strdup(r, "A1"),
                 rep_strdup(r, "__FALSE"),
                 9,
                 8,
                 10};
  VEC_PUSH(t->steps, s0);
  VEC_PUSH(t->steps, s1);
  VEC_PUSH(t->steps, s2);
  t->end_line = 5;
  t->end_node = 10;
  t->end_function = rep_strdup(r, "main");
  t->end_file = r->program_path;
  rep_input_add(r, t, 0, "__VERIFIER_nondet_int", 3, "int", "-42", 0);
  rep_trace_seal(t);
  return r;
}

/* The view drawn as DOT (malloc'd), or NULL with the status in *st and
 * the message in *err. */
static char *draw(const rep_report *r, const char *view, dot_status *st,
                  char **err) {
  dot_options o = {view, false, 0, 0, false};
  dot_graph *g = NULL;
  char *warning = NULL;
  *err = NULL;
  *st = dot_build(r, &o, &g, &warning, err);
  ck_assert_ptr_null(warning);
  if (*st != DOT_OK) return NULL;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ck_assert_ptr_nonnull(f);
  char *rerr = NULL;
  ck_assert_int_eq(dot_render(g, DOT_FMT_DOT, f, &rerr), DOT_OK);
  fclose(f);
  dot_free(g);
  return buf;
}

START_TEST(formats) {
  dot_format f;
  ck_assert_int_eq(dot_format_parse("svg", &f), 0);
  ck_assert_int_eq(f, DOT_FMT_SVG);
  ck_assert_int_eq(dot_format_parse("gv", &f), 0);
  ck_assert_int_eq(f, DOT_FMT_DOT);
  ck_assert_int_eq(dot_format_parse("bmp", &f), -1);
  ck_assert_int_eq(dot_format_of_path("out/x.png", &f), 0);
  ck_assert_int_eq(f, DOT_FMT_PNG);
  ck_assert_int_eq(dot_format_of_path("out.svg/x", &f), -1);
  ck_assert_int_eq(dot_format_of_path("x", &f), -1);
}
END_TEST

START_TEST(trace_labels) {
  rep_report *r = model();
  dot_status st;
  char *err;
  char *d = draw(r, "trace:F1", &st, &err);
  ck_assert_ptr_nonnull(d);
  /* no raw control byte, invalid byte or bidi control reaches the file */
  for (const unsigned char *p = (const unsigned char *)d; *p; p++) {
    ck_assert_msg(*p >= 0x20 || *p == '\n' || *p == '\t', "raw byte %#x", *p);
    ck_assert_msg(*p != 0x7f && *p != 0xff, "raw byte %#x", *p);
  }
  ck_assert_ptr_null(strstr(d, "\xe2\x80\xae"));
  /* escaped, then every backslash doubled for Graphviz (agwrite adds the
   * backslash before each quote) */
  ck_assert_ptr_nonnull(
      strstr(d, "s = \\\"\\\\e[2J\\\\\\\\\\\\xff\\\\u202e\\\";"));
  ck_assert_ptr_nonnull(
      strstr(d, "input 0: __VERIFIER_nondet_int = -42 (int)"));
  ck_assert_ptr_nonnull(strstr(d, "automaton A0 -> A1"));
  ck_assert_ptr_nonnull(strstr(d, "automaton A1 (stays)"));
  ck_assert_ptr_nonnull(strstr(d, "automaton A1 -> __FALSE"));
  /* cut before the euro sign, not inside it; the tooltip has it whole */
  char cut[80];
  snprintf(cut, sizeof cut, "%.70s...", LONG_TEXT);
  ck_assert_ptr_nonnull(strstr(d, cut));
  ck_assert_ptr_nonnull(strstr(d, "\xe2\x82\xac tail"));
  /* by key, and again: the same bytes */
  char view[64];
  snprintf(view, sizeof view, "trace:%s",
           r->comp[REP_FRONTIER].traces.data[0]->key);
  char *k = draw(r, view, &st, &err);
  ck_assert_str_eq(k, d);
  char *again = draw(r, "trace:F1", &st, &err);
  ck_assert_str_eq(again, d);
  free(d);
  free(k);
  free(again);
  rep_free(r);
}
END_TEST

START_TEST(bad_views) {
  rep_report *r = model();
  dot_status st;
  char *err;
  ck_assert_ptr_null(draw(r, "nope", &st, &err));
  ck_assert_int_eq(st, DOT_BAD_INPUT);
  ck_assert_ptr_nonnull(strstr(err, "unknown view 'nope'"));
  mem_free(err);
  ck_assert_ptr_null(draw(r, "trace:F9", &st, &err));
  ck_assert_int_eq(st, DOT_BAD_INPUT);
  ck_assert_ptr_nonnull(strstr(err, "'F9' (it has F1)"));
  mem_free(err);
  /* a terminal message escapes the id it quotes */
  ck_assert_ptr_null(draw(r, "trace:\x1b]0;x\x07", &st, &err));
  ck_assert_ptr_nonnull(strstr(err, "'\\e]0;x\\a'"));
  mem_free(err);
  /* the views that need the automaton or the program say which */
  ck_assert_ptr_null(draw(r, "aa", &st, &err));
  ck_assert_int_eq(st, DOT_BAD_INPUT);
  ck_assert_ptr_nonnull(strstr(err, "no automaton"));
  mem_free(err);
  r->program_path = rep_strdup(r, "/nonexistent/p.c");
  ck_assert_ptr_null(draw(r, "cfa", &st, &err));
  ck_assert_int_eq(st, DOT_BAD_INPUT);
  ck_assert_ptr_nonnull(strstr(err, "/nonexistent/p.c cannot be read"));
  mem_free(err);
  rep_free(r);
}
END_TEST

int main(void) {
  Suite *s = suite_create("dot");
  TCase *t = tcase_create("dot");
  tcase_add_test(t, formats);
  tcase_add_test(t, trace_labels);
  tcase_add_test(t, bad_views);
  suite_add_tcase(s, t);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
