/* formats/testcomp: the instrumented copy of a program. This test
 * includes testcomp.c itself and is built with UBSan (tests/local.mk), so
 * that undefined behaviour in the writer fails plain `make check`, not
 * only check-asan. */
#include "formats/testcomp.c"

#include <check.h>
#include <stdlib.h>

/* The instrumented text of src with an empty suite. */
static char *instrumented(const char *src) {
  tc_suite *s = tc_suite_new();
  char *buf = NULL, *err = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(tc_instrument(s, src, strlen(src), f, &err), 0);
  ck_assert_ptr_null(err);
  fclose(f);
  tc_suite_free(s);
  return buf;
}

/* A program without C code (nothing to edit) comes out as it is; qsort
 * was called with a null array there (UBSan: nonnull argument). */
START_TEST(no_code) {
  static const char *const srcs[] = {"", "/* only a comment */\n",
                                     "int x;\n", "\n\n"};
  for (size_t i = 0; i < sizeof srcs / sizeof *srcs; i++) {
    char *got = instrumented(srcs[i]);
    ck_assert_str_eq(got, srcs[i]);
    free(got);
  }
}
END_TEST

/* A function body gets its tick; the line count stays. */
START_TEST(with_code) {
  char *got = instrumented("int main(void) {\n  return 0;\n}\n");
  ck_assert_ptr_nonnull(strstr(got, "__erep_tick"));
  size_t lines = 0;
  for (const char *p = got; *p; p++)
    lines += *p == '\n';
  ck_assert_uint_eq(lines, 3);
  free(got);
}
END_TEST

int main(void) {
  Suite *s = suite_create("testcomp");
  TCase *t = tcase_create("instrument");
  tcase_add_test(t, no_code);
  tcase_add_test(t, with_code);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
