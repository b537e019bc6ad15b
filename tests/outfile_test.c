/* lib/outfile: the early check (inputs, directories, links) and how
 * targets that are not regular files are written (FIFOs, devices, the
 * standard descriptors): never renamed over. lib/outdir: directories
 * written as a whole (staging, --force, abort). */
#include "lib/mem.h"
#include "lib/outdir.h"
#include "lib/outfile.h"

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static char dir[] = "/tmp/outfile_test_XXXXXX";
static char buf[512];

static const char *at(const char *name) {
  static char p[4][256];
  static int k;
  k = (k + 1) % 4;
  snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
  return p[k];
}

static void put(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

static const char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  fclose(f);
  return buf;
}

/* outfile_check's error for path, or NULL when it accepts it */
static char *check_err(const char *path, const char *in0, const char *in1) {
  const char *inputs[2] = {in0, in1};
  char *err = NULL;
  int rc = outfile_check(path, inputs, in1 ? 2 : 1, &err);
  ck_assert_int_eq(rc, err ? -1 : 0);
  if (err) {
    snprintf(buf, sizeof buf, "%s", err);
    mem_free(err);
    return buf;
  }
  return NULL;
}

static void setup(void) {
  ck_assert_ptr_nonnull(mkdtemp(dir));
  put(at("prog.c"), "int main() { return 0; }\n");
  put(at("aa.txt"), "automaton\n");
}

static void teardown(void) {
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cmd), 0);
  strcpy(dir, "/tmp/outfile_test_XXXXXX");
}

START_TEST(check_inputs) {
  char prog[256], aa[256]; /* at() reuses its buffers */
  snprintf(prog, sizeof prog, "%s", at("prog.c"));
  snprintf(aa, sizeof aa, "%s", at("aa.txt"));
  /* the same name, another spelling, a symbolic link, a hard link */
  ck_assert(strstr(check_err(prog, prog, aa), "is an input"));
  ck_assert(strstr(check_err(aa, prog, aa), "is an input"));
  char other[300];
  snprintf(other, sizeof other, "%s/./prog.c", dir);
  ck_assert(strstr(check_err(other, prog, aa), "is the input"));
  ck_assert_int_eq(symlink("prog.c", at("link.c")), 0);
  ck_assert(strstr(check_err(at("link.c"), prog, aa), "is the input"));
  ck_assert_int_eq(link(aa, at("hard.txt")), 0);
  ck_assert(strstr(check_err(at("hard.txt"), prog, aa), "(the same file)"));
  /* an input that does not exist yet is compared by name */
  ck_assert(strstr(check_err(at("new.c"), at("new.c"), aa), "is an input"));
  /* anything else is fine, and nothing was changed */
  ck_assert_ptr_null(check_err(at("out.json"), prog, aa));
  ck_assert_ptr_null(check_err(aa, prog, NULL));
  ck_assert_str_eq(slurp(prog), "int main() { return 0; }\n");
  ck_assert_int_eq(access(at("out.json"), F_OK), -1);
}
END_TEST

START_TEST(check_places) {
  char prog[256];
  snprintf(prog, sizeof prog, "%s", at("prog.c"));
  ck_assert(strstr(check_err("", prog, NULL), "empty output file name"));
  ck_assert(strstr(check_err(dir, prog, NULL), "is a directory"));
  ck_assert(strstr(check_err(at("sub/"), prog, NULL), "names a directory"));
  ck_assert(strstr(check_err(at("no/such/out.json"), prog, NULL),
                   "cannot create a file in"));
  ck_assert(
      strstr(check_err(at("prog.c/out.json"), prog, NULL), "Not a directory"));
  ck_assert_int_eq(symlink("missing", at("dangling")), 0);
  ck_assert(strstr(check_err(at("dangling"), prog, NULL), "does not exist"));
  /* a socket is refused; a FIFO and /dev/null are written as they are */
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  snprintf(a.sun_path, sizeof a.sun_path, "%s", at("sock"));
  ck_assert_int_eq(bind(s, (struct sockaddr *)&a, sizeof a), 0);
  ck_assert(strstr(check_err(at("sock"), prog, NULL), "a socket"));
  close(s);
  ck_assert_int_eq(mkfifo(at("fifo"), 0600), 0);
  ck_assert_ptr_null(check_err(at("fifo"), prog, NULL));
  ck_assert_ptr_null(check_err("/dev/null", prog, NULL));
  /* permissions mean nothing to root */
  if (geteuid() != 0) {
    ck_assert_int_eq(mkdir(at("ro"), 0500), 0);
    ck_assert(strstr(check_err(at("ro/out.json"), prog, NULL),
                     "cannot create a file in"));
    chmod(prog, 0400);
    ck_assert(strstr(check_err(prog, at("aa.txt"), NULL), "not writable"));
  }
}
END_TEST

START_TEST(fifo_written_in_place) {
  const char *fifo = at("fifo");
  ck_assert_int_eq(mkfifo(fifo, 0600), 0);
  /* a reader first, so that opening for writing does not wait */
  int rd = open(fifo, O_RDONLY | O_NONBLOCK);
  ck_assert_int_ge(rd, 0);
  char *err = NULL;
  outfile *o = outfile_open(fifo, &err);
  ck_assert_ptr_nonnull(o);
  fputs("{}\n", outfile_stream(o));
  ck_assert_int_eq(outfile_commit(o, &err), 0);
  char got[8] = {0};
  ck_assert_int_eq(read(rd, got, sizeof got - 1), 3);
  ck_assert_str_eq(got, "{}\n");
  close(rd);
  struct stat st;
  ck_assert_int_eq(lstat(fifo, &st), 0);
  ck_assert(S_ISFIFO(st.st_mode)); /* not replaced by a regular file */
  /* no temporary file was made next to it */
  snprintf(buf, sizeof buf, "ls -A '%s' | grep -q '^\\.fifo'", dir);
  ck_assert_int_ne(system(buf), 0);
}
END_TEST

START_TEST(dev_null_stays) {
  char *err = NULL;
  outfile *o = outfile_open("/dev/null", &err);
  ck_assert_ptr_nonnull(o);
  fputs("{}\n", outfile_stream(o));
  ck_assert_int_eq(outfile_commit(o, &err), 0);
  o = outfile_open("/dev/null", &err);
  ck_assert_ptr_nonnull(o);
  outfile_abort(o);
  struct stat st;
  ck_assert_int_eq(lstat("/dev/null", &st), 0);
  ck_assert(S_ISCHR(st.st_mode));
}
END_TEST

START_TEST(descriptor_names) {
  /* /dev/fd/N continues where the descriptor stands */
  int fd = open(at("log"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, "before\n", 7), 7);
  char name[32];
  snprintf(name, sizeof name, "/dev/fd/%d", fd);
  char *err = NULL;
  outfile *o = outfile_open(name, &err);
  ck_assert_ptr_nonnull(o);
  fputs("report\n", outfile_stream(o));
  ck_assert_int_eq(outfile_commit(o, &err), 0);
  ck_assert_int_eq(write(fd, "after\n", 6), 6);
  close(fd);
  ck_assert_str_eq(slurp(at("log")), "before\nreport\nafter\n");
  /* a descriptor that is not open for writing is refused */
  fd = open(at("log"), O_RDONLY);
  snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
  ck_assert(
      strstr(check_err(name, at("prog.c"), NULL), "not open for writing"));
  ck_assert_ptr_null(outfile_open(name, &err));
  mem_free(err);
  close(fd);
}
END_TEST

START_TEST(symlink_followed) {
  /* the file the link points to is replaced; the link stays */
  put(at("real.json"), "old\n");
  ck_assert_int_eq(symlink("real.json", at("latest.json")), 0);
  char *err = NULL;
  outfile *o = outfile_open(at("latest.json"), &err);
  ck_assert_ptr_nonnull(o);
  ck_assert_str_eq(outfile_path(o), at("latest.json"));
  fputs("new\n", outfile_stream(o));
  ck_assert_int_eq(outfile_commit(o, &err), 0);
  struct stat st;
  ck_assert_int_eq(lstat(at("latest.json"), &st), 0);
  ck_assert(S_ISLNK(st.st_mode));
  ck_assert_str_eq(slurp(at("real.json")), "new\n");
}
END_TEST

/* the number of entries of directory d (without . and ..), -1 if none */
static int entries(const char *d) {
  DIR *h = opendir(d);
  if (!h) return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(h)))
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  closedir(h);
  return n;
}

static int outdir_check_rc(const char *d, bool force, const char *input) {
  const char *inputs[1] = {input};
  char *err = NULL;
  int rc = outdir_check(d, force, inputs, input ? 1 : 0, &err);
  ck_assert_int_eq(rc != 0, err != NULL);
  mem_free(err);
  return rc;
}

START_TEST(outdir_checks) {
  ck_assert_int_eq(outdir_check_rc(at("new"), false, NULL), 0);
  ck_assert_int_eq(outdir_check_rc(at("no/such"), false, NULL), -1);
  ck_assert_int_eq(outdir_check_rc(at("prog.c"), true, NULL), -1);
  ck_assert_int_eq(outdir_check_rc("", false, NULL), -1);
  ck_assert_int_eq(outdir_check_rc(".", true, NULL), -1);
  ck_assert_int_eq(outdir_check_rc("/", true, NULL), -1);
  ck_assert_int_eq(outdir_check_rc(at("."), true, NULL), -1);
  ck_assert_int_eq(mkdir(at("empty"), 0755), 0);
  ck_assert_int_eq(outdir_check_rc(at("empty"), false, NULL), 0);
  ck_assert_int_eq(outdir_check_rc(dir, false, NULL), OUTDIR_NOT_EMPTY);
  ck_assert_int_eq(outdir_check_rc(dir, true, NULL), 0);
  /* an input inside: never replaced, also through a trailing slash */
  ck_assert_int_eq(outdir_check_rc(dir, true, at("prog.c")), -1);
  char slash[300];
  snprintf(slash, sizeof slash, "%s//", dir);
  ck_assert_int_eq(outdir_check_rc(slash, true, at("prog.c")), -1);
  ck_assert_int_eq(symlink(dir, at("link")), 0);
  ck_assert_int_eq(outdir_check_rc(at("link"), true, NULL), -1);
}
END_TEST

START_TEST(outdir_stage_commit_abort) {
  char *err = NULL;
  outdir *d = outdir_begin(at("suite"), false, &err);
  ck_assert_ptr_nonnull(d);
  char *p = outdir_path(d, "a.txt");
  put(p, "one\n");
  mem_free(p);
  ck_assert_int_eq(entries(at("suite")), -1); /* nothing there yet */
  ck_assert_int_eq(outdir_commit(d, &err), 0);
  ck_assert_ptr_null(err);
  ck_assert_str_eq(slurp(at("suite/a.txt")), "one\n");
  ck_assert_int_eq(entries(dir), 3); /* prog.c aa.txt suite: no stage */
  /* not empty now: without force the commit fails, the old stays */
  d = outdir_begin(at("suite"), false, &err);
  p = outdir_path(d, "b.txt");
  put(p, "two\n");
  mem_free(p);
  ck_assert_int_eq(outdir_commit(d, &err), -1);
  ck_assert_ptr_nonnull(err);
  mem_free(err);
  ck_assert_int_eq(entries(at("suite")), 1);
  ck_assert_int_eq(entries(dir), 3);
  /* with force the old one (subdirectory and all) is replaced */
  ck_assert_int_eq(mkdir(at("suite/sub"), 0755), 0);
  put(at("suite/sub/x"), "x\n");
  d = outdir_begin(at("suite"), true, &err);
  p = outdir_path(d, "b.txt");
  put(p, "two\n");
  mem_free(p);
  ck_assert_int_eq(outdir_commit(d, &err), 0);
  ck_assert_ptr_null(err);
  ck_assert_int_eq(entries(at("suite")), 1);
  ck_assert_str_eq(slurp(at("suite/b.txt")), "two\n");
  ck_assert_int_eq(entries(dir), 3);
  /* abort: the stage goes, the target stays */
  d = outdir_begin(at("suite"), true, &err);
  p = outdir_path(d, "c.txt");
  put(p, "three\n");
  mem_free(p);
  outdir_abort(d);
  ck_assert_int_eq(entries(dir), 3);
  ck_assert_str_eq(slurp(at("suite/b.txt")), "two\n");
}
END_TEST

int main(void) {
  Suite *s = suite_create("outfile");
  TCase *tc = tcase_create("outfile");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, check_inputs);
  tcase_add_test(tc, check_places);
  tcase_add_test(tc, fifo_written_in_place);
  tcase_add_test(tc, dev_null_stays);
  tcase_add_test(tc, descriptor_names);
  tcase_add_test(tc, symlink_followed);
  tcase_add_test(tc, outdir_checks);
  tcase_add_test(tc, outdir_stage_commit_abort);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
