/* The browser's model without a terminal: what the sanitiser lets through
 * and how it shows the rest, the filter language, smart-case search,
 * steps folding under their calls (levels, toggles, reveal, the filter),
 * trace lists grouped by end function, program lines, and the key table
 * (every action has a key and a help line). */
#include "config.h"

#include "report/report.h"
#include "tui/filter.h"
#include "tui/keys.h"
#include "tui/search.h"
#include "tui/source.h"
#include "tui/steps.h"
#include "tui/text.h"
#include "tui/tlist.h"

#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The text as drawn: every piece's `out`, tabs and newlines as ^I ^J. */
static void shown(const char *s, size_t n, bool utf8, char *out, size_t cap,
                  unsigned *width) {
  size_t o = 0, i = 0;
  *width = 0;
  while (i < n) {
    tx_piece p;
    size_t k = tx_next(s + i, n - i, utf8, &p);
    ck_assert_uint_ge(k, 1);
    ck_assert_uint_lt(o + p.len, cap);
    memcpy(out + o, p.out, p.len);
    o += p.len;
    *width += p.width;
    i += k;
  }
  out[o] = 0;
}

START_TEST(sanitiser) {
  ck_assert_ptr_nonnull(setlocale(LC_CTYPE, "C.UTF-8"));
  static const struct {
    const char *in;
    size_t len;
    bool utf8;
    const char *out;
    unsigned width;
  } cases[] = {
      {"plain text", 10, true, "plain text", 10},
      {"\x1b]0;title\x07", 10, true, "^[]0;title^G", 12},
      {"\x1b[2J", 4, true, "^[[2J", 5},
      {"a\x7f"
       "b",
       3, true, "a^?b", 4},
      {"nul\0x", 5, true, "nul^@x", 6},
      {"tab\tnl\ncr\r", 10, true, "tab^Inl^Jcr^M", 13},
      {"\xc2\x9b"
       "31m",
       5, true, "<U+009B>31m", 11}, /* C1 CSI */
      {"\xe2\x80\xae"
       "evil",
       7, true, "<U+202E>evil", 12}, /* RLO */
      {"zero\xe2\x80\x8bwidth", 12, true, "zero<U+200B>width", 17},
      {"\xff\xfe", 2, true, "<FF><FE>", 8},
      {"\xc0\xaf", 2, true, "<C0><AF>", 8},          /* overlong '/' */
      {"\xed\xa0\x80", 3, true, "<ED><A0><80>", 12}, /* surrogate */
      {"\xe2\x82", 2, true, "<E2><82>", 8},          /* cut short */
      {"caf\xc3\xa9", 5, true, "caf\xc3\xa9", 4},
      {"\xe4\xb8\xad", 3, true, "\xe4\xb8\xad", 2}, /* wide */
      {"caf\xc3\xa9", 5, false, "caf<C3><A9>", 11}, /* not a UTF-8 terminal */
      {"e\xcc\x81", 3, true, "e<U+0301>", 9},       /* combining: width 0 */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char out[128];
    unsigned w;
    shown(cases[i].in, cases[i].len, cases[i].utf8, out, sizeof out, &w);
    ck_assert_msg(!strcmp(out, cases[i].out), "case %zu: \"%s\", want \"%s\"",
                  i, out, cases[i].out);
    ck_assert_msg(w == cases[i].width, "case %zu: width %u, want %u", i, w,
                  cases[i].width);
  }
  /* no byte below 0x20, DEL or C1 ever passes, for any input byte pair */
  for (unsigned a = 0; a < 256; a++)
    for (unsigned b = 0; b < 256; b += 7) {
      char in[2] = {(char)a, (char)b}, out[64];
      unsigned w;
      shown(in, 2, true, out, sizeof out, &w);
      for (const unsigned char *c = (const unsigned char *)out; *c; c++) {
        ck_assert_msg(*c >= 0x20 && *c != 0x7f, "byte %02x %02x", a, b);
        if (*c == 0xc2) ck_assert_msg(c[1] < 0x80 || c[1] > 0x9f, "C1");
      }
    }
}
END_TEST

START_TEST(filter_language) {
  flt_filter f;
  char err[200];
  ck_assert(flt_parse("", &f, err, sizeof err));
  ck_assert(!flt_active(&f));
  ck_assert_int_eq(f.comp, FLT_NONE);
  ck_assert(flt_parse("main 10-20 frontier", &f, err, sizeof err));
  ck_assert_str_eq(f.fn, "main");
  ck_assert_uint_eq(f.lo, 10);
  ck_assert_uint_eq(f.hi, 20);
  ck_assert_int_eq(f.comp, FLT_FRONTIER);
  ck_assert_str_eq(f.text, "main 10-20 frontier");
  ck_assert(flt_parse("fn:safe line:7 comp:all", &f, err, sizeof err));
  ck_assert_str_eq(f.fn, "safe"); /* fn: makes a component name a function */
  ck_assert_uint_eq(f.lo, 7);
  ck_assert_uint_eq(f.hi, 7);
  ck_assert_int_eq(f.comp, FLT_ALL);
  flt_filter keep = f;
  ck_assert(!flt_parse("20-10", &f, err, sizeof err));
  ck_assert(!flt_parse("a-b", &f, err, sizeof err));
  ck_assert(!flt_parse("0", &f, err, sizeof err));
  ck_assert(!flt_parse("comp:main", &f, err, sizeof err));
  ck_assert(!flt_parse("\x1b[2J", &f, err, sizeof err));
  ck_assert(strstr(err, "not a function name") != NULL);
  ck_assert(!memcmp(&f, &keep, sizeof f)); /* unchanged on error */
  ck_assert(flt_parse("undefined", &f, err, sizeof err));
  ck_assert_int_eq(f.comp, FLT_UNDEFINED);

  /* line numbers (:N, a search of digits) */
  unsigned long n;
  ck_assert(flt_number(" 714 ", true, &n) && n == 714);
  ck_assert(!flt_number(" 714", false, &n));
  ck_assert(flt_number("3714", false, &n) && n == 3714);
  ck_assert(!flt_number("", true, &n));
  ck_assert(!flt_number("12a", true, &n));
  ck_assert(!flt_number("1234567890", true, &n)); /* 10 digits */

  rep_step s = {12, "check_all", REP_STEP_STATEMENT, "x = 1;", 0, 0, 0, 0, 0};
  ck_assert(flt_parse("check 10-12", &f, err, sizeof err));
  ck_assert(flt_step(&f, &s));
  s.line = 13;
  ck_assert(!flt_step(&f, &s));
  s.line = 11;
  s.function = NULL; /* global declarations are in no function */
  ck_assert(!flt_step(&f, &s));
}
END_TEST

START_TEST(smart_case_search) {
  se_pattern p = se_make("abc");
  ck_assert(p.icase);
  ck_assert_int_eq(se_find(&p, "xxABCabc", 8, 0), 2);
  ck_assert_int_eq(se_find(&p, "xxABCabc", 8, 3), 5);
  ck_assert_int_eq(se_find(&p, "xxABCabc", 8, 6), -1);
  p = se_make("aBc");
  ck_assert(!p.icase);
  ck_assert_int_eq(se_find(&p, "abc aBc", 7, 0), 4);
  ck_assert(se_in(&p, "xaBc"));
  ck_assert(!se_in(&p, NULL));
  p = se_make("");
  ck_assert_int_eq(se_find(&p, "abc", 3, 0), -1);
}
END_TEST

/* A trace from a compact description: one letter a step (c call, r
 * return, s statement, g global declaration), functions from the depth. */
static rep_trace *make_trace(rep_report *r, const char *shape) {
  rep_trace *t = rep_trace_new(r, REP_FRONTIER, true, NULL);
  unsigned d = 0;
  char fn[16];
  for (const char *c = shape; *c; c++) {
    rep_step s = {
        (unsigned)(c - shape + 1), 0, REP_STEP_STATEMENT, "x;", 0, 0, 0, 0, 0};
    snprintf(fn, sizeof fn, "f%u", d);
    s.function = *c == 'g' ? NULL : rep_strdup(r, fn);
    if (*c == 'g') s.kind = REP_STEP_DECLARATION;
    if (*c == 'c') s.kind = REP_STEP_CALL, d++;
    if (*c == 'r') s.kind = REP_STEP_RETURN, d = d ? d - 1 : 0;
    VEC_PUSH(t->steps, s);
  }
  return t;
}

static void rows_are(const sp_tree *s, const char *want) {
  char got[256] = "";
  size_t o = 0;
  for (size_t i = 0; i < s->rows.len && o + 8 < sizeof got; i++) {
    if (s->rows.data[i] == SP_GLOBALS)
      o += (size_t)snprintf(got + o, sizeof got - o, "%sG", i ? " " : "");
    else
      o += (size_t)snprintf(got + o, sizeof got - o, "%s%zu", i ? " " : "",
                            s->rows.data[i]);
  }
  ck_assert_msg(!strcmp(got, want), "rows \"%s\", want \"%s\"", got, want);
}

START_TEST(steps_fold) {
  rep_report *r = rep_new();
  /*                       0123456789012 */
  rep_trace *t = make_trace(r, "ggsscscsrsrss");
  sp_tree s;
  sp_init(&s, t);
  ck_assert_uint_eq(s.nglobals, 2);
  ck_assert_uint_eq(s.max_call_depth, 2);
  ck_assert(sp_is_call(&s, 4) && sp_is_call(&s, 6));
  ck_assert_uint_eq(s.end[4], 11); /* past the return at 10 */
  ck_assert_uint_eq(s.end[6], 9);
  ck_assert_uint_eq(s.depth[5], 1);
  ck_assert_uint_eq(s.depth[8], 2); /* a return belongs to its callee */
  ck_assert_uint_eq(s.depth[11], 0);
  rows_are(&s, "G 2 3 4 5 6 7 8 9 10 11 12"); /* globals folded at first */
  sp_set_level(&s, sp_level_less(&s));
  sp_rows(&s, NULL);
  ck_assert_uint_eq(s.level, 1);
  rows_are(&s, "G 2 3 4 5 6 9 10 11 12");
  sp_set_level(&s, sp_level_less(&s));
  sp_rows(&s, NULL);
  rows_are(&s, "G 2 3 4 11 12");
  ck_assert_uint_eq(sp_row_of(&s, 7), 3); /* hidden: its folded call */
  sp_set_level(&s, sp_level_less(&s));    /* cannot fold more */
  ck_assert_uint_eq(s.level, 0);
  sp_reveal(&s, 7);
  sp_rows(&s, NULL);
  rows_are(&s, "G 2 3 4 5 6 7 8 9 10 11 12");
  ck_assert_uint_eq(sp_parent(&s, 7), 6);
  ck_assert_uint_eq(sp_parent(&s, 5), 4);
  ck_assert_uint_eq(sp_parent(&s, 3), SP_GLOBALS);
  /* Space on a step inside a call folds the call */
  ck_assert_uint_eq(sp_toggle(&s, 7), 6);
  sp_rows(&s, NULL);
  rows_are(&s, "G 2 3 4 5 6 9 10 11 12");
  ck_assert_uint_eq(sp_toggle(&s, SP_GLOBALS), SP_GLOBALS);
  sp_rows(&s, NULL);
  rows_are(&s, "G 0 1 2 3 4 5 6 9 10 11 12");
  ck_assert_uint_eq(sp_toggle(&s, 3), 3); /* nothing to fold at depth 0 */
  /* the filter shows matching steps flat */
  flt_filter f;
  char err[100];
  ck_assert(flt_parse("f1", &f, err, sizeof err));
  sp_rows(&s, &f);
  ck_assert(s.filtered);
  rows_are(&s, "5 6 9 10");
  sp_free(&s);

  /* a trace that ends inside a call, and one whose return has no call */
  sp_init(&s, make_trace(r, "scss"));
  ck_assert_uint_eq(s.end[1], 4);
  sp_free(&s);
  sp_init(&s, make_trace(r, "srrs"));
  ck_assert_uint_eq(s.depth[3], 0);
  ck_assert_uint_eq(s.max_call_depth, 0);
  sp_free(&s);
  sp_init(&s, make_trace(r, "sc")); /* a call as the last step folds nothing */
  ck_assert(!sp_is_call(&s, 1));
  sp_free(&s);
  rep_free(r);
}
END_TEST

static const rep_trace *tr(rep_report *r, rep_component_kind k, bool feasible,
                           const char *fn, unsigned line) {
  rep_trace *t = rep_trace_new(r, k, feasible, feasible ? NULL : "why");
  t->end_function = rep_strdup(r, fn);
  t->end_line = line;
  return t;
}

START_TEST(trace_lists) {
  rep_report *r = rep_new();
  const rep_trace *ts[] = {
      tr(r, REP_FRONTIER, true, "main", 30),  /* F1 */
      tr(r, REP_SAFE, true, "check", 5),      /* S1 */
      tr(r, REP_FRONTIER, true, "check", 7),  /* F2 */
      tr(r, REP_FRONTIER, false, "check", 5), /* U1 */
      tr(r, REP_FRONTIER, true, "check", 5),  /* F3 */
  };
  tl_list l = {0};
  tl_build(&l, ts, 5, NULL, true);
  /* check (first line 5) before main (30); by line, component, id */
  ck_assert_uint_eq(l.groups.len, 2);
  ck_assert_str_eq(l.groups.data[0].function, "check");
  const char *order[] = {"S1", "F3", "U1", "F2", "F1"};
  for (size_t i = 0; i < 5; i++)
    ck_assert_str_eq(l.traces.data[i]->id, order[i]);
  ck_assert_uint_eq(l.rows.len, 7);
  ck_assert(l.rows.data[0].is_group && l.rows.data[5].is_group);
  ck_assert_ptr_null(tl_trace_at(&l, 0));
  ck_assert_str_eq(tl_trace_at(&l, 1)->id, "S1");
  l.groups.data[0].folded = true;
  tl_rows(&l);
  ck_assert_uint_eq(l.rows.len, 3);
  ck_assert_uint_eq(tl_reveal(&l, 2), 3); /* U1 unfolds its group */
  ck_assert(!l.groups.data[0].folded);
  /* folds survive a rebuild; the filter keeps end function and line */
  l.groups.data[1].folded = true;
  flt_filter f;
  char err[100];
  ck_assert(flt_parse("5-30", &f, err, sizeof err));
  tl_build(&l, ts, 5, &f, true);
  ck_assert(l.groups.data[1].folded);
  ck_assert(flt_parse("check 6-9", &f, err, sizeof err));
  tl_build(&l, ts, 5, &f, true);
  ck_assert_uint_eq(l.traces.len, 1);
  ck_assert_str_eq(l.traces.data[0]->id, "F2");
  tl_build(&l, ts, 5, NULL, false); /* flat: as given */
  ck_assert_uint_eq(l.rows.len, 5);
  ck_assert_str_eq(tl_trace_at(&l, 0)->id, "F1");
  tl_free(&l);
  rep_free(r);
}
END_TEST

START_TEST(program_lines) {
  char path[] = "/tmp/erep-tui-test-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  static const char text[] = "one\r\ntwo\n\nfour";
  ck_assert_int_eq(write(fd, text, sizeof text - 1), (int)sizeof text - 1);
  close(fd);
  src_file f;
  char *err = NULL;
  ck_assert_int_eq(src_read(&f, path, &err), 0);
  ck_assert_uint_eq(f.nlines, 4);
  size_t n;
  const char *l = src_line(&f, 1, &n);
  ck_assert(n == 3 && !memcmp(l, "one", 3)); /* without \r\n */
  l = src_line(&f, 3, &n);
  ck_assert(l && n == 0);
  l = src_line(&f, 4, &n);
  ck_assert(n == 4 && !memcmp(l, "four", 4));
  ck_assert_ptr_null(src_line(&f, 5, &n));
  ck_assert_ptr_null(src_line(&f, 0, &n));
  src_free(&f);
  /* a final newline starts no line */
  FILE *fp = fopen(path, "w");
  fputs("a\nb\n", fp);
  fclose(fp);
  ck_assert_int_eq(src_read(&f, path, &err), 0);
  ck_assert_uint_eq(f.nlines, 2);
  l = src_line(&f, 2, &n);
  ck_assert(n == 1 && *l == 'b');
  src_free(&f);
  unlink(path);
  ck_assert_int_eq(src_read(&f, path, &err), -1);
  ck_assert(strstr(err, "No such file") != NULL);
  mem_free(err);
}
END_TEST

START_TEST(key_table) {
  /* the keys users of tig, ncdu, htop and lazygit reach for */
  ck_assert_int_eq(key_lookup('j', KC_STEPS), KA_DOWN);
  ck_assert_int_eq(key_lookup('k', KC_TRACES), KA_UP);
  ck_assert_int_eq(key_lookup('G', KC_SOURCE), KA_BOTTOM);
  ck_assert_int_eq(key_lookup(4, KC_STEPS), KA_HALF_DOWN); /* Ctrl-d */
  ck_assert_int_eq(key_lookup(21, KC_STEPS), KA_HALF_UP);  /* Ctrl-u */
  ck_assert_int_eq(key_lookup('\r', KC_TRACES), KA_OPEN);
  ck_assert_int_eq(key_lookup('l', KC_TRACES), KA_OPEN);
  ck_assert_int_eq(key_lookup('h', KC_STEPS), KA_BACK);
  ck_assert_int_eq(key_lookup(27, KC_HELP), KA_BACK);
  ck_assert_int_eq(key_lookup('q', KC_COMP), KA_CLOSE);
  ck_assert_int_eq(key_lookup('\t', KC_COMP), KA_NEXT_PANE);
  ck_assert_int_eq(key_lookup('/', KC_SOURCE), KA_SEARCH);
  ck_assert_int_eq(key_lookup('N', KC_STEPS), KA_SEARCH_PREV);
  ck_assert_int_eq(key_lookup('z', KC_STEPS), KA_FOLD_LESS);
  ck_assert_int_eq(key_lookup('Z', KC_STEPS), KA_FOLD_MORE);
  ck_assert_int_eq(key_lookup(' ', KC_STEPS), KA_TOGGLE);
  ck_assert_int_eq(key_lookup('z', KC_COMP), KA_NONE); /* nothing folds */
  ck_assert_int_eq(key_lookup('T', KC_COMP), KA_NONE); /* no trace there */
  ck_assert_int_eq(key_lookup('T', KC_STEPS), KA_TESTS);
  /* every action has a help line with its keys */
  char all[8192] = "";
  for (size_t i = 0; i < key_help_count(); i++) {
    strncat(all, key_help_line(i), sizeof all - strlen(all) - 2);
    strcat(all, "\n");
  }
  static const char *const want[] = {
      "j Down ",     "Ctrl-d ", "g Home ", "Enter l Right ",
      "h Left Esc ", "Tab ",    "Space ",  "z - ",
      "Z + ",        "/ ",      "n ",      "N ",
      "f ",          "T ",      "D ",      "? F1 "};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    ck_assert_msg(strstr(all, want[i]) != NULL, "no help for \"%s\"", want[i]);
  char hints[200];
  key_hints(KC_STEPS, hints, sizeof hints, 80);
  ck_assert_msg(strlen(hints) <= 80, "%s", hints);
  ck_assert(strstr(hints, "? help") == hints);
  ck_assert(strstr(hints, "z/Z depth") != NULL);
  key_hints(KC_TRACES, hints, sizeof hints, 80);
  ck_assert(strstr(hints, "q quit") != NULL);
  ck_assert(strstr(hints, "z/Z") == NULL);
}
END_TEST

int main(void) {
  Suite *s = suite_create("tui");
  TCase *t = tcase_create("model");
  tcase_add_test(t, sanitiser);
  tcase_add_test(t, filter_language);
  tcase_add_test(t, smart_case_search);
  tcase_add_test(t, steps_fold);
  tcase_add_test(t, trace_lists);
  tcase_add_test(t, program_lines);
  tcase_add_test(t, key_table);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
