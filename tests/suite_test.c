/* The Test-Comp export below the commands (report/suite.h) and the
 * browser's T key that calls it (tui/export.h): the suite of the replay
 * fixture is written whole; a stop flag already set leaves DIR unmade
 * with no staging directory and says so; the browser's export checks its
 * guard first (a refusal writes nothing), keeps every message out of the
 * process's streams (in <dir>.log) and shows the log's first line. */
#include "config.h"

#include "lib/mem.h"
#include "report/suite.h"
#include "report/testvec.h"
#include "tui/export.h"

#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmp[1024];  /* a fresh directory per test */
static char json[4096]; /* the replay fixture's report */

static void setup(void) {
  const char *s = getenv("EREP_SRCDIR");
  snprintf(json, sizeof json, "%s/tests/data/replay/demo.json", s ? s : ".");
  const char *t = getenv("TMPDIR");
  snprintf(tmp, sizeof tmp, "%s/erep-suite-XXXXXX", t && *t ? t : "/tmp");
  ck_assert(mkdtemp(tmp) != NULL);
}

static void teardown(void) {
  char *cmd = mem_printf("rm -rf '%s'", tmp);
  ck_assert_int_eq(system(cmd), 0);
  mem_free(cmd);
}

static bool exists(const char *dir, const char *name) {
  char *p = mem_printf("%s/%s", dir, name);
  struct stat st;
  bool r = stat(p, &st) == 0;
  mem_free(p);
  return r;
}

/* The names in dir, one line each (at most cap bytes). */
static void names(const char *dir, char *out, size_t cap) {
  DIR *d = opendir(dir);
  ck_assert(d != NULL);
  out[0] = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
      strncat(out, e->d_name, cap - strlen(out) - 2);
      strcat(out, "\n");
    }
  closedir(d);
}

/* The whole of a stream written so far. */
static const char *text_of(FILE *f, char *buf, size_t cap) {
  fflush(f);
  rewind(f);
  size_t n = fread(buf, 1, cap - 1, f);
  buf[n] = 0;
  return buf;
}

START_TEST(export_whole) {
  char dir[4200], out[4096], msg[4096];
  snprintf(dir, sizeof dir, "%s/suite", tmp);
  FILE *fo = tmpfile(), *fm = tmpfile();
  ts_options o = {.report = json,
                  .dir = dir,
                  .components = TV_FRONTIER,
                  .out = fo,
                  .msg = fm};
  bool stopped = true;
  ck_assert_int_eq(ts_export(&o, &stopped), ST_OK);
  ck_assert(!stopped);
  static const char *const files[] = {
      "metadata.xml",    "harness.c",   "run.sh", "tests.tsv",
      "trace-lines.txt", "demo.erep.c", "F1.xml"};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++)
    ck_assert_msg(exists(dir, files[i]), "no %s", files[i]);
  ck_assert(!exists(dir, "S1.xml")); /* frontier only */
  text_of(fo, out, sizeof out);
  ck_assert_msg(strstr(out, " (3 frontier, 0 safe) written to ") != NULL, "%s",
                out);
  ck_assert_msg(strstr(out, "run them: sh ") != NULL, "%s", out);
  /* only the suite in tmp: no staging directory left */
  names(tmp, out, sizeof out);
  ck_assert_str_eq(out, "suite\n");
  (void)text_of(fm, msg, sizeof msg);
  fclose(fo);
  fclose(fm);
}
END_TEST

START_TEST(export_stopped) {
  char dir[4200], out[4096], msg[4096];
  snprintf(dir, sizeof dir, "%s/suite", tmp);
  FILE *fo = tmpfile(), *fm = tmpfile();
  atomic_int sig = SIGTERM; /* as lib/sigwatch.h's flag after a signal */
  ts_options o = {.report = json,
                  .dir = dir,
                  .components = TV_SAFE | TV_FRONTIER,
                  .stop = &sig,
                  .out = fo,
                  .msg = fm};
  bool stopped = false;
  ck_assert_int_eq(ts_export(&o, &stopped), ST_FAILED);
  ck_assert(stopped);
  ck_assert_str_eq(text_of(fo, out, sizeof out), "");
  text_of(fm, msg, sizeof msg);
  ck_assert_msg(strstr(msg, "erep tests: stopped by a signal; ") != NULL &&
                    strstr(msg, "/suite is unchanged\n") != NULL,
                "%s", msg);
  names(tmp, out, sizeof out);
  ck_assert_str_eq(out, ""); /* neither DIR nor a staging directory */
  fclose(fo);
  fclose(fm);
}
END_TEST

static int guard_calls;

static int guard_refuses(const char *report, const char *dir, FILE *msg) {
  (void)report;
  guard_calls++;
  fprintf(msg, "erep tests: %s: refused by the guard\n", dir);
  return -1;
}

static int guard_accepts(const char *report, const char *dir, FILE *msg) {
  (void)report, (void)dir, (void)msg;
  guard_calls++;
  return 0;
}

START_TEST(browser_export) {
  char dir[4200], log[4300], *msg = NULL;
  snprintf(dir, sizeof dir, "%s/export-1-tests", tmp);
  snprintf(log, sizeof log, "%s.log", dir);
  guard_calls = 0;
  ck_assert_int_eq(bx_write_tests(json, dir, guard_refuses, &msg), -1);
  ck_assert_int_eq(guard_calls, 1);
  char want[8800];
  snprintf(want, sizeof want, "erep tests: %s: refused by the guard (log %s)",
           dir, log);
  ck_assert_str_eq(msg, want);
  ck_assert(!exists(dir, "."));
  mem_free(msg);
  msg = NULL;
  ck_assert_int_eq(bx_write_tests(json, dir, guard_accepts, &msg), 0);
  ck_assert_int_eq(guard_calls, 2);
  /* the log's first line: the summary (both components) */
  static const char sum[] = "4 tests (3 frontier, 1 safe) written to ";
  ck_assert_msg(!strncmp(msg, sum, sizeof sum - 1), "%s", msg);
  ck_assert_msg(strstr(msg, log) != NULL, "%s", msg);
  ck_assert(exists(dir, "harness.c"));
  ck_assert(exists(dir, "S1.xml"));
  mem_free(msg);
  msg = NULL;
  /* again: the browser's own directory is replaced */
  ck_assert_int_eq(bx_write_tests(json, dir, guard_accepts, &msg), 0);
  ck_assert(exists(dir, "harness.c"));
  mem_free(msg);
}
END_TEST

int main(void) {
  Suite *s = suite_create("suite");
  TCase *t = tcase_create("export");
  tcase_add_checked_fixture(t, setup, teardown);
  tcase_add_test(t, export_whole);
  tcase_add_test(t, export_stopped);
  tcase_add_test(t, browser_export);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
