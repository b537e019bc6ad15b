/* lib/esc: what reaches a terminal has no control bytes and what reaches
 * jansson is valid UTF-8, while valid text (UTF-8 included) is kept. */
#include "lib/esc.h"
#include "lib/mem.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static void is(const char *in, unsigned flags, const char *want) {
  char *got = esc_text(in, flags);
  ck_assert_str_eq(got, want);
  mem_free(got);
}

START_TEST(controls) {
  is("plain text", 0, "plain text");
  is("", 0, "");
  ck_assert_ptr_null(esc_text(NULL, 0));
  /* a window title (OSC), a colour, a bell, a clear screen */
  is("\x1b]0;owned\x07", 0, "\\e]0;owned\\a");
  is("\x1b[31mred\x1b[0m", 0, "\\e[31mred\\e[0m");
  is("a\x01z\x1f\x7f", 0, "a\\x01z\\x1f\\x7f");
  is("\b\v\f\r", 0, "\\b\\v\\f\\r");
  is("a\tb\nc", 0, "a\\tb\\nc");
  is("a\tb\nc", ESC_KEEP_TAB, "a\tb\\nc");
  is("a\tb\nc", ESC_KEEP_TAB | ESC_KEEP_NL, "a\tb\nc");
}
END_TEST

START_TEST(unicode) {
  /* valid UTF-8 stays, also 4-byte sequences and the last code point */
  is("gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf", 0,
     "gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf");
  /* C1 controls: CSI (U+009B) and NEL (U+0085) */
  is("a\xc2\x9b"
     "31mb\xc2\x85",
     0, "a\\u009b31mb\\u0085");
  /* bidirectional override and isolate (Trojan Source) */
  is("x\xe2\x80\xae y\xe2\x81\xa6", 0, "x\\u202e y\\u2066");
  /* invalid: stray continuation, lone lead byte, 8-bit CSI, overlong,
   * surrogate, above U+10FFFF, cut short at the end */
  is("\x80", 0, "\\x80");
  is("a\xc3z", 0, "a\\xc3z");
  is("\x9b"
     "2J",
     0, "\\x9b2J");
  is("\xc0\xaf", 0, "\\xc0\\xaf");
  is("\xed\xa0\x80", 0, "\\xed\\xa0\\x80");
  is("\xf4\x90\x80\x80", 0, "\\xf4\\x90\\x80\\x80");
  is("\xe2\x82", 0, "\\xe2\\x82");
  is("\xff\xfe", 0, "\\xff\\xfe");
}
END_TEST

START_TEST(quoting) {
  is("printf(\"%d\\n\", x);", 0, "printf(\"%d\\n\", x);");
  is("printf(\"%d\\n\", x);", ESC_QUOTE, "printf(\\\"%d\\\\n\\\", x);");
  is("\"\x1b\"", ESC_QUOTE, "\\\"\\e\\\"");
}
END_TEST

START_TEST(utf8_for_json) {
  ck_assert(esc_utf8_valid(""));
  ck_assert(esc_utf8_valid("ok \xc3\xa4 \x1b[0m"));
  ck_assert(!esc_utf8_valid("bad \xe4"));
  ck_assert(!esc_utf8_valid("\xed\xa0\x80"));
  char *u = esc_utf8("x = \"\xe4\x1b\";\tA");
  /* control characters are left to the JSON writer; the byte is not */
  ck_assert_str_eq(u, "x = \"\\xe4\x1b\";\tA");
  ck_assert(esc_utf8_valid(u));
  mem_free(u);
  ck_assert_ptr_null(esc_utf8(NULL));
}
END_TEST

START_TEST(stream) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  ck_assert_ptr_nonnull(f);
  esc_fputs("a\x07", 0, f);
  esc_fputs(NULL, 0, f);
  esc_fprintf(f, 0, " %s:%d\n", "\x1b[2J\n", 7);
  fclose(f);
  /* only the newline that ends the message stays */
  ck_assert_str_eq(buf, "a\\a \\e[2J\\n:7\n");
  free(buf);
}
END_TEST

int main(void) {
  Suite *s = suite_create("esc");
  TCase *t = tcase_create("esc");
  tcase_add_test(t, controls);
  tcase_add_test(t, unicode);
  tcase_add_test(t, quoting);
  tcase_add_test(t, utf8_for_json);
  tcase_add_test(t, stream);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
