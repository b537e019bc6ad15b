/* erep tests REPORT.json -o DIR [--component frontier|safe|both] [--force]:
 * the traces of a report (frontier by default) as a Test-Comp suite with a
 * C harness (report/testvec.h fills formats/testcomp.h's vectors from the
 * report model).
 *
 * DIR gets metadata.xml, one <trace-id>.xml per trace, harness.c (one
 * file for all tests; EREP_TEST=<trace-id> selects one at run time),
 * <program>.erep.c (the program with its uninitialised locals set from the
 * harness; same line numbers) when the program is found, run.sh (builds
 * all that with gcov, runs each test and says whether it reached its end
 * line), tests.tsv (what run.sh runs) and trace-lines.txt (the lines each
 * test must execute, for tests/replay.sh).
 *
 * DIR must be new or empty; a non-empty one is replaced only with --force,
 * and never when it holds the report or the program. Everything is first
 * written to a hidden directory next to DIR (lib/outdir.h) and renamed
 * into place at the end, so a failure, a bad report or a signal leaves DIR
 * as it was and no staging directory behind. */
#include "commands.h"
#include "config.h"
#include "formats/testcomp.h"
#include "lib/esc.h"
#include "lib/file.h"
#include "lib/outdir.h"
#include "report/rjson.h"
#include "report/testvec.h"
#include "setup.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TESTS_MAX_PROGRAM ((size_t)256 << 20)

static volatile sig_atomic_t tests_signal;

static void tests_on_signal(int sig) { tests_signal = sig; }

static char *tests_join(const char *dir, const char *name) {
  return mem_printf("%s/%s", dir, name);
}

static int tests_close(FILE *f, const char *path) {
  int e = 0;
  if (fflush(f) || ferror(f)) e = errno ? errno : EIO;
  if (!e && fsync(fileno(f)) && errno != EINVAL && errno != EROFS) e = errno;
  if (fclose(f) && !e) e = errno ? errno : EIO;
  if (e)
    esc_fprintf(stderr, 0, "erep tests: writing %s: %s\n", path, strerror(e));
  return e ? -1 : 0;
}

/* The program the report was made from: its path as recorded (relative to
 * where `erep report` ran), else next to the report. */
static char *tests_find_program(const char *p, const char *report) {
  struct stat st;
  if (!p || !*p) return NULL;
  if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) return mem_strdup(p);
  const char *slash = strrchr(report, '/');
  char *rdir = slash ? mem_strndup(report, (size_t)(slash - report) + 1)
                     : mem_strdup("");
  char *cand[2] = {0, 0};
  if (*p != '/') cand[0] = tests_join(*rdir ? rdir : ".", p);
  const char *base = strrchr(p, '/');
  cand[1] = tests_join(*rdir ? rdir : ".", base ? base + 1 : p);
  mem_free(rdir);
  char *found = NULL;
  for (int i = 0; i < 2; i++) {
    if (!found && cand[i] && stat(cand[i], &st) == 0 && S_ISREG(st.st_mode))
      found = cand[i];
    else
      mem_free(cand[i]);
  }
  return found;
}

static time_t tests_now(void) {
  const char *e = getenv("SOURCE_DATE_EPOCH"); /* reproducible builds */
  if (e && *e) {
    char *end;
    long long v = strtoll(e, &end, 10);
    if (!*end && v >= 0) return (time_t)v;
  }
  return time(NULL);
}

/* Write every file into the staging directory. 0, or 1 (I/O failure,
 * message printed), or -signal. */
static int tests_write_all(const outdir *od, tc_suite *s, const char *program,
                           const char *iname) {
  char *err = NULL, *path = NULL;
  FILE *f;
#define TESTS_OPEN(name)                                                       \
  do {                                                                         \
    if (tests_signal) return -tests_signal;                                    \
    path = outdir_path(od, name);                                              \
    if (!(f = fopen(path, "w"))) {                                             \
      esc_fprintf(stderr, 0, "erep tests: cannot create %s: %s\n", path,       \
                  strerror(errno));                                            \
      mem_free(path);                                                          \
      return 1;                                                                \
    }                                                                          \
  } while (0)
#define TESTS_DONE(rc)                                                         \
  do {                                                                         \
    int rc_ = (rc);                                                            \
    if (rc_) {                                                                 \
      esc_fprintf(stderr, 0, "erep tests: %s\n", err ? err : "write failed");  \
      mem_free(err);                                                           \
      fclose(f);                                                               \
      mem_free(path);                                                          \
      return 1;                                                                \
    }                                                                          \
    rc_ = tests_close(f, path);                                                \
    mem_free(path);                                                            \
    if (rc_) return 1;                                                         \
  } while (0)

  /* the instrumented copy first: a declaration it cannot find makes the
   * tests that need it unfed, which the other files then say */
  if (program) {
    size_t len;
    char *rerr = NULL;
    char *src = file_read(program, TESTS_MAX_PROGRAM, &len, &rerr);
    if (!src) {
      esc_fprintf(stderr, 0, "erep tests: %s\n", rerr);
      mem_free(rerr);
      return 1;
    }
    TESTS_OPEN(iname);
    int rc = tc_instrument(s, src, len, f, &err);
    mem_free(src);
    TESTS_DONE(rc);
  }
  char producer[64];
  snprintf(producer, sizeof producer, "erep %s", PACKAGE_VERSION);
  TESTS_OPEN("metadata.xml");
  TESTS_DONE(tc_write_metadata(s, f, producer, tests_now(), &err));
  for (size_t i = 0; i < s->tests.len; i++) {
    char name[80];
    snprintf(name, sizeof name, "%s.xml", s->tests.data[i].id);
    TESTS_OPEN(name);
    TESTS_DONE(tc_write_testcase(s, &s->tests.data[i], f, &err));
  }
  TESTS_OPEN("harness.c");
  TESTS_DONE(tc_write_harness(s, f, program ? iname : NULL, &err));
  TESTS_OPEN("trace-lines.txt");
  TESTS_DONE(tc_write_lines(s, f, &err));
  TESTS_OPEN("tests.tsv");
  TESTS_DONE(tc_write_list(s, f, &err));
  TESTS_OPEN("run.sh");
  TESTS_DONE(tc_write_runner(s, f, program ? iname : NULL, producer, &err));
  char *run = outdir_path(od, "run.sh");
  mode_t mask = umask(0);
  umask(mask);
  chmod(run, 0777 & ~mask);
  mem_free(run);
  return 0;
#undef TESTS_OPEN
#undef TESTS_DONE
}

/* --component: a TV_* bit set, or 0 when the name is none of them. */
static unsigned tests_components(const char *name) {
  if (!name || !strcmp(name, "frontier")) return TV_FRONTIER;
  if (!strcmp(name, "safe")) return TV_SAFE;
  if (!strcmp(name, "both")) return TV_SAFE | TV_FRONTIER;
  return 0;
}

/* Without the program there is no instrumented copy: the tests that read
 * uninitialised locals cannot be fed. */
static void tests_no_program(tc_suite *s) {
  for (size_t i = 0; i < s->tests.len; i++) {
    tc_test *t = &s->tests.data[i];
    for (size_t j = 0; j < t->inputs.len; j++)
      if (t->inputs.data[j].uninit)
        tc_unfed(s, t,
                 "input %u is an uninitialised local, and the program was "
                 "not found to set it",
                 t->inputs.data[j].index);
  }
}

/* Write the suite of s into DIR. 0, 1 or 2. */
static int tests_write(const erep_opts *o, tc_suite *s, const char *program,
                       const char *iname) {
  /* DIR was checked before any work (guard.h) */
  bool force = o->tests_force != NULL;
  char *err = NULL;
  struct sigaction sa, old[3];
  static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = tests_on_signal;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 3; i++)
    sigaction(sigs[i], &sa, &old[i]);
  int rc = 0;
  outdir *od = outdir_begin(o->output, force, &err);
  if (!od) {
    esc_fprintf(stderr, 0, "erep tests: %s: %s\n", o->output, err);
    mem_free(err);
    rc = 2;
  } else {
    int wr = tests_write_all(od, s, program, iname);
    if (!wr && !tests_signal) {
      sigset_t all, prev;
      sigfillset(&all);
      sigprocmask(SIG_BLOCK, &all, &prev);
      if (outdir_commit(od, &err)) {
        esc_fprintf(stderr, 0, "erep tests: %s\n", err);
        rc = 1;
      } else if (err) {
        esc_fprintf(stderr, 0, "erep tests: warning: %s\n", err);
      }
      mem_free(err);
      sigprocmask(SIG_SETMASK, &prev, NULL);
    } else {
      outdir_abort(od);
      rc = wr > 0 ? 1 : 0;
    }
  }
  for (int i = 0; i < 3; i++)
    sigaction(sigs[i], &old[i], NULL);
  if (tests_signal) {
    esc_fprintf(stderr, 0, "erep tests: stopped by a signal; %s is unchanged\n",
                o->output);
    raise(tests_signal);
    rc = 1;
  }
  return rc;
}

erep_status cmd_tests(const erep_opts *o) {
  if (!o->output) {
    esc_fprintf(stderr, 0,
                "erep tests: missing -o DIR (see 'erep tests --help')\n");
    return ST_BAD_INPUT;
  }
  unsigned comps = tests_components(o->tests_component);
  if (!comps) {
    esc_fprintf(stderr, 0,
                "erep tests: --component must be frontier, safe or both, not "
                "'%s'\n",
                o->tests_component);
    return ST_BAD_INPUT;
  }
  char *err = NULL;
  rep_report *r = rj_read(o->pos[0], &err);
  if (!r) {
    esc_fprintf(stderr, 0, "erep tests: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  /* proved traces only, unless asked: an unknown one is no test */
  size_t left_out = 0;
  for (size_t i = 0; i < r->unknown.len; i++)
    left_out += (comps & (1u << r->unknown.data[i]->component)) != 0;
  if (o->tests_unknown) {
    comps |= TV_UNKNOWN;
    left_out = 0;
  }
  tc_suite *s = tv_suite(r, o->pos[0], comps, &err);
  if (!s) {
    esc_fprintf(stderr, 0, "erep tests: %s: %s\n", o->pos[0], err);
    mem_free(err);
    rep_free(r);
    return ST_BAD_INPUT;
  }
  char *program = tests_find_program(r->program_path, o->pos[0]);
  char *iname = NULL;
  if (!program) {
    tests_no_program(s);
    struct stat st;
    bool there = r->program_path && stat(r->program_path, &st) == 0;
    esc_fprintf(stderr, 0,
                "erep tests: warning: program %s %s: no instrumented copy; "
                "run.sh then wants the program named\n",
                r->program_path ? r->program_path : "(none)",
                there ? "is not a regular file"
                      : "not found (nor next to the report)");
  } else {
    /* as dot and browse: a changed program is refused, since its lines no
     * longer are the report's, unless --no-hash-check (then every file of
     * the suite says so) */
    char *h = rep_sha256_file(program);
    if (h && (!r->program_sha256 || strcmp(h, r->program_sha256))) {
      char *why = mem_printf("the program %s has changed since the report "
                             "was made (sha256 %.12s, the report has %.12s): "
                             "lines may not match",
                             program, h,
                             r->program_sha256 ? r->program_sha256 : "none");
      if (!o->no_hash_check) {
        esc_fprintf(stderr, 0,
                    "erep tests: %s: %s; --no-hash-check exports anyway\n",
                    o->pos[0], why);
        mem_free(why);
        mem_free(h);
        mem_free(program);
        tc_suite_free(s);
        rep_free(r);
        return ST_BAD_INPUT;
      }
      esc_fprintf(stderr, 0, "erep tests: warning: %s\n", why);
      s->caution = tc_strdup(s, why);
      mem_free(why);
    }
    mem_free(h);
    /* "dir/prog.c" -> "prog.erep.c" (run.sh names it) */
    iname = su_derived_name(program, "program", ".erep.c");
  }

  int rc = tests_write(o, s, program, iname); /* 0, 1 or 2 */

  for (size_t i = 0; i < s->warnings.len; i++)
    esc_fprintf(stderr, 0, "erep tests: warning: %s\n", s->warnings.data[i]);
  /* what cannot be fed, said here too (a few; run.sh says all) */
  size_t said = 0, more = 0;
  for (size_t i = 0; i < s->tests.len && !rc; i++) {
    const tc_test *t = &s->tests.data[i];
    if (!t->unfed) continue;
    if (said++ < 10)
      esc_fprintf(stderr, 0, "erep tests: note: %s cannot be fed: %s\n", t->id,
                  t->unfed);
    else
      more++;
  }
  if (more)
    fprintf(stderr,
            "erep tests: note: %zu more cannot be fed (run.sh says "
            "why)\n",
            more);
  if (!rc) {
    size_t nf = 0, ns = 0, unfed = 0;
    for (size_t i = 0; i < s->tests.len; i++) {
      if (*s->tests.data[i].component == 'f')
        nf++;
      else
        ns++;
      unfed += s->tests.data[i].unfed != NULL;
    }
    esc_fprintf(stdout, 0, "%zu test%s (%zu frontier, %zu safe) written to %s",
                s->tests.len, s->tests.len == 1 ? "" : "s", nf, ns, o->output);
    if (unfed) printf("; %zu cannot be fed (run.sh says why)", unfed);
    putchar('\n');
    esc_fprintf(stdout, 0, "run them: sh %s/run.sh\n", o->output);
    if (left_out)
      printf("%zu unknown trace%s (not proved feasible) left out; --unknown "
             "lists %s in the suite, marked, never run\n",
             left_out, left_out == 1 ? "" : "s", left_out == 1 ? "it" : "them");
  }
  mem_free(program);
  mem_free(iname);
  tc_suite_free(s);
  rep_free(r);
  return rc == 2 ? ST_BAD_INPUT : rc ? ST_FAILED : ST_OK;
}
