/* erep tests REPORT.json -o DIR: the report's feasible traces (both
 * components) as a Test-Comp suite with a C harness (formats/testcomp.h).
 *
 * DIR gets metadata.xml, one <trace-id>.xml per feasible trace, harness.c
 * (one file for all tests; EREP_TEST=<trace-id> selects one at run time),
 * <program>.erep.c (the program with its uninitialised locals set from the
 * harness; same line numbers) when the program is found, trace-lines.txt
 * (the lines each test must execute, for tests/replay.sh) and .erep-tests,
 * the list of what erep wrote.
 *
 * DIR may be new, an empty directory, or a directory an earlier `erep
 * tests` wrote (it has .erep-tests): then erep's files in it are replaced
 * and the ones the new report no longer has are removed; other files stay.
 * Any other existing DIR is refused (exit 2), so that a typo cannot mix a
 * suite into unrelated files. Everything is first written to a hidden
 * directory next to DIR and then renamed into place, so a failure, a bad
 * report or a signal leaves DIR as it was. */
#include "commands.h"
#include "config.h"
#include "formats/testcomp.h"
#include "lib/esc.h"
#include "lib/file.h"
#include "report/report.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TESTS_MARKER ".erep-tests"
#define TESTS_MAX_PROGRAM ((size_t)256 << 20)
#define TESTS_MAX_MARKER ((size_t)16 << 20)

static volatile sig_atomic_t tests_signal;

typedef VEC(char *) tests_names;

static void tests_on_signal(int sig) { tests_signal = sig; }

typedef struct {
  char *dir;         /* DIR without trailing slashes */
  char *stage;       /* the hidden staging directory */
  tests_names files; /* names written into stage */
} tests_out;

static char *tests_join(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = mem_alloc(n);
  snprintf(p, n, "%s/%s", dir, name);
  return p;
}

static void tests_remove_stage(tests_out *w) {
  if (!w->stage) return;
  for (size_t i = 0; i < w->files.len; i++) {
    char *p = tests_join(w->stage, w->files.data[i]);
    unlink(p);
    mem_free(p);
  }
  /* a file we failed to finish may be there under its name */
  DIR *d = opendir(w->stage);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)))
      if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
        char *p = tests_join(w->stage, e->d_name);
        unlink(p);
        mem_free(p);
      }
    closedir(d);
  }
  rmdir(w->stage);
}

/* Open stage/name for writing; remembers the name. */
static FILE *tests_open(tests_out *w, const char *name, char **path_out) {
  char *p = tests_join(w->stage, name);
  FILE *f = fopen(p, "w");
  if (!f) {
    mem_free(p);
    return NULL;
  }
  VEC_PUSH(w->files, mem_strdup(name));
  *path_out = p;
  return f;
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

/* Is the directory empty (0), erep's (1), or anything else (-1)? */
static int tests_dir_kind(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int kind = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (!strcmp(e->d_name, TESTS_MARKER)) {
      kind = 1;
      break;
    }
    kind = -1;
  }
  closedir(d);
  return kind;
}

/* The names listed in DIR's marker (plain file names only). */
static void tests_old_files(const char *dir, tests_names *out) {
  char *p = tests_join(dir, TESTS_MARKER), *err;
  size_t len;
  char *buf = file_read(p, TESTS_MAX_MARKER, &len, &err);
  mem_free(p);
  if (!buf) {
    mem_free(err); /* no marker (or not one of ours): nothing to remove */
    return;
  }
  for (char *line = buf, *next; line < buf + len; line = next) {
    char *nl = memchr(line, '\n', (size_t)(buf + len - line));
    next = nl ? nl + 1 : buf + len;
    if (nl) *nl = 0;
    if (!*line || *line == '#' || strchr(line, '/') || !strcmp(line, ".") ||
        !strcmp(line, ".."))
      continue;
    VEC_PUSH(*out, mem_strdup(line));
  }
  mem_free(buf);
}

/* The program the report was made from: its path as recorded (relative to
 * where `erep report` ran), else next to the report. */
static char *tests_find_program(const tc_suite *s) {
  const char *p = s->program_path;
  struct stat st;
  if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) return mem_strdup(p);
  const char *slash = strrchr(s->report_path, '/');
  char *rdir =
      slash ? mem_strndup(s->report_path, (size_t)(slash - s->report_path) + 1)
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

/* "dir/prog.c" -> "prog.erep.c" */
static char *tests_instrumented_name(const char *program) {
  const char *b = strrchr(program, '/');
  b = b ? b + 1 : program;
  size_t n = strlen(b);
  if (n > 2 && (!strcmp(b + n - 2, ".c") || !strcmp(b + n - 2, ".i"))) n -= 2;
  if (!n) return mem_strdup("program.erep.c");
  size_t size = n + 8;
  char *r = mem_alloc(size);
  snprintf(r, size, "%.*s.erep.c", (int)n, b);
  return r;
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
static int tests_write_all(tests_out *w, tc_suite *s, const char *program,
                           const char *iname) {
  char *err = NULL, *path = NULL;
  FILE *f;
#define TESTS_OPEN(name)                                                       \
  do {                                                                         \
    if (tests_signal) return -tests_signal;                                    \
    if (!(f = tests_open(w, name, &path))) {                                   \
      esc_fprintf(stderr, 0, "erep tests: cannot create %s in %s: %s\n", name, \
                  w->stage, strerror(errno));                                  \
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

  char producer[64];
  snprintf(producer, sizeof producer, "erep %s", PACKAGE_VERSION);
  TESTS_OPEN("metadata.xml");
  TESTS_DONE(tc_write_metadata(s, f, producer, tests_now(), &err));
  for (size_t i = 0; i < s->tests.len; i++) {
    char name[80];
    snprintf(name, sizeof name, "%s.xml", s->tests.data[i].id);
    TESTS_OPEN(name);
    TESTS_DONE(tc_write_testcase(&s->tests.data[i], f, &err));
  }
  if (program) {
    size_t len;
    char *src = file_read(program, TESTS_MAX_PROGRAM, &len, &err);
    if (!src) {
      esc_fprintf(stderr, 0, "erep tests: %s\n", err);
      mem_free(err);
      return 1;
    }
    TESTS_OPEN(iname);
    int rc = tc_instrument(s, src, len, f, &err);
    mem_free(src);
    TESTS_DONE(rc);
  }
  TESTS_OPEN("harness.c");
  TESTS_DONE(tc_write_harness(s, f, program ? iname : NULL, &err));
  TESTS_OPEN("trace-lines.txt");
  TESTS_DONE(tc_write_lines(s, f, &err));
  TESTS_OPEN(TESTS_MARKER);
  esc_fprintf(f, 0,
              "# written by erep tests from %s; erep replaces these files\n",
              s->report_path);
  for (size_t i = 0; i + 1 < w->files.len; i++)
    fprintf(f, "%s\n", w->files.data[i]);
  TESTS_DONE(0);
  return 0;
#undef TESTS_OPEN
#undef TESTS_DONE
}

/* Would replacing DIR/name overwrite one of the inputs (the report, the
 * program)? Said as a usage error before anything is written: the
 * program may well sit in an earlier suite's directory, and a program
 * called harness.c there would be replaced by the harness. */
static bool tests_clobbers(const char *dir, const char *name,
                           const char *const *inputs, size_t n) {
  char *p = tests_join(dir, name);
  struct stat st, in;
  bool hit = false;
  if (stat(p, &st) == 0)
    for (size_t i = 0; i < n && !hit; i++)
      if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == st.st_dev &&
          in.st_ino == st.st_ino) {
        fprintf(stderr,
                "erep tests: %s is the input %s; refusing to overwrite it\n", p,
                inputs[i]);
        hit = true;
      }
  mem_free(p);
  return hit;
}

static int tests_check_inputs(const tests_out *w, const tc_suite *s,
                              const char *report, const char *program,
                              const char *iname) {
  const char *inputs[2] = {report, program};
  const char *fixed[] = {"metadata.xml", "harness.c", "trace-lines.txt",
                         TESTS_MARKER, iname};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    if (fixed[i] && tests_clobbers(w->dir, fixed[i], inputs, 2)) return 2;
  for (size_t i = 0; i < s->tests.len; i++) {
    char name[80];
    snprintf(name, sizeof name, "%s.xml", s->tests.data[i].id);
    if (tests_clobbers(w->dir, name, inputs, 2)) return 2;
  }
  return 0;
}

/* Move the staged files into place. */
static int tests_commit(tests_out *w, bool update) {
  if (!update) {
    mode_t mask = umask(0);
    umask(mask);
    chmod(w->stage, 0777 & ~mask);
    if (rename(w->stage, w->dir)) {
      esc_fprintf(stderr, 0, "erep tests: %s: %s\n", w->dir, strerror(errno));
      return 1;
    }
    mem_free(w->stage);
    w->stage = NULL;
    return 0;
  }
  tests_names old = {0};
  tests_old_files(w->dir, &old);
  int rc = 0;
  /* the marker last: until then the old one still lists the old files */
  for (size_t i = 0; i < w->files.len && !rc; i++) {
    char *from = tests_join(w->stage, w->files.data[i]);
    char *to = tests_join(w->dir, w->files.data[i]);
    if (rename(from, to)) {
      esc_fprintf(stderr, 0, "erep tests: %s: %s\n", to, strerror(errno));
      rc = 1;
    }
    mem_free(from);
    mem_free(to);
  }
  for (size_t i = 0; i < old.len; i++) {
    bool keep = false;
    for (size_t j = 0; j < w->files.len && !keep; j++)
      keep = !strcmp(old.data[i], w->files.data[j]);
    if (!keep && !rc) {
      char *p = tests_join(w->dir, old.data[i]);
      unlink(p);
      mem_free(p);
    }
    mem_free(old.data[i]);
  }
  VEC_FREE(old);
  tests_remove_stage(w);
  mem_free(w->stage);
  w->stage = NULL;
  return rc;
}

erep_status cmd_tests(const erep_opts *o) {
  if (!o->output) {
    esc_fprintf(stderr, 0,
                "erep tests: missing -o DIR (see 'erep tests --help')\n");
    return ST_BAD_INPUT;
  }
  char *err = NULL;
  tc_suite *s = tc_suite_read(o->pos[0], &err);
  if (!s) {
    esc_fprintf(stderr, 0, "erep tests: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }

  tests_out w;
  memset(&w, 0, sizeof w);
  w.dir = mem_strdup(o->output);
  size_t dl = strlen(w.dir);
  while (dl > 1 && w.dir[dl - 1] == '/')
    w.dir[--dl] = 0;
  erep_status rc = ST_OK;
  bool update = false;
  struct stat st;
  if (!*w.dir) {
    esc_fprintf(stderr, 0, "erep tests: empty output directory name\n");
    rc = 2;
  } else if (stat(w.dir, &st) == 0) {
    int kind = S_ISDIR(st.st_mode) ? tests_dir_kind(w.dir) : -2;
    if (kind == -2)
      esc_fprintf(stderr, 0, "erep tests: %s exists and is not a directory\n",
                  w.dir);
    else if (kind < 0)
      esc_fprintf(stderr, 0,
                  "erep tests: %s exists, is not empty and was not written by "
                  "erep tests (no %s in it): choose a new directory\n",
                  w.dir, TESTS_MARKER);
    if (kind < 0) rc = 2;
    update = kind == 1;
  } else if (errno != ENOENT) {
    esc_fprintf(stderr, 0, "erep tests: %s: %s\n", w.dir, strerror(errno));
    rc = 2;
  }
  if (!rc) {
    const char *slash = strrchr(w.dir, '/');
    char *parent =
        slash ? mem_strndup(w.dir, slash == w.dir ? 1 : (size_t)(slash - w.dir))
              : mem_strdup(".");
    const char *base = slash ? slash + 1 : w.dir;
    size_t n = strlen(parent) + strlen(base) + 32;
    w.stage = mem_alloc(n);
    snprintf(w.stage, n, "%s/.%s.erep-XXXXXX", parent, base);
    if (!mkdtemp(w.stage)) {
      esc_fprintf(stderr, 0,
                  "erep tests: cannot create a directory in %s: %s\n", parent,
                  strerror(errno));
      mem_free(w.stage);
      w.stage = NULL;
      rc = 2;
    }
    mem_free(parent);
  }

  char *program = NULL, *iname = NULL;
  if (!rc) {
    program = tests_find_program(s);
    if (!program) {
      esc_fprintf(stderr, 0,
                  "erep tests: warning: program %s not found (nor next to the "
                  "report): no instrumented copy, %s\n",
                  s->program_path,
                  tc_has_uninit(s) ? "so uninitialised locals cannot be set"
                                   : "the harness alone feeds the inputs");
    } else {
      char *h = rep_sha256_file(program);
      if (h && s->program_sha256 && strcmp(h, s->program_sha256))
        esc_fprintf(stderr, 0,
                    "erep tests: warning: %s has changed since the report was "
                    "made (SHA-256 differs): lines may not match\n",
                    program);
      mem_free(h);
      iname = tests_instrumented_name(program);
    }
  }

  /* only an earlier suite's directory has files that get replaced */
  if (!rc && update) rc = tests_check_inputs(&w, s, o->pos[0], program, iname);

  struct sigaction sa, old[3];
  static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = tests_on_signal;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 3; i++)
    sigaction(sigs[i], &sa, &old[i]);
  if (!rc) {
    int wr = tests_write_all(&w, s, program, iname);
    if (!wr && !tests_signal) {
      sigset_t all, prev;
      sigfillset(&all);
      sigprocmask(SIG_BLOCK, &all, &prev);
      rc = tests_commit(&w, update);
      sigprocmask(SIG_SETMASK, &prev, NULL);
    } else {
      rc = wr > 0 ? 1 : 0;
    }
  }
  tests_remove_stage(&w);
  for (int i = 0; i < 3; i++)
    sigaction(sigs[i], &old[i], NULL);
  if (tests_signal) {
    esc_fprintf(stderr, 0, "erep tests: stopped by a signal; %s is unchanged\n",
                w.dir);
    raise(tests_signal);
    rc = ST_FAILED;
  }

  for (size_t i = 0; i < s->warnings.len; i++)
    esc_fprintf(stderr, 0, "erep tests: warning: %s\n", s->warnings.data[i]);
  if (!rc) {
    size_t nf = 0, ns = 0;
    for (size_t i = 0; i < s->tests.len; i++) {
      if (*s->tests.data[i].component == 'f')
        nf++;
      else
        ns++;
    }
    esc_fprintf(stdout, 0, "%zu test%s (%zu frontier, %zu safe) written to %s",
                s->tests.len, s->tests.len == 1 ? "" : "s", nf, ns, w.dir);
    if (s->unknown)
      printf("; %zu unknown trace%s left out", s->unknown,
             s->unknown == 1 ? "" : "s");
    putchar('\n');
    esc_fprintf(stdout, 0,
                "run one: gcc %s/%s %s/harness.c -o prog && EREP_TEST=%s "
                "./prog\n",
                w.dir, iname ? iname : "PROGRAM.c", w.dir,
                s->tests.len ? s->tests.data[0].id : "F1");
  }
  for (size_t i = 0; i < w.files.len; i++)
    mem_free(w.files.data[i]);
  VEC_FREE(w.files);
  mem_free(w.stage);
  mem_free(w.dir);
  mem_free(program);
  mem_free(iname);
  tc_suite_free(s);
  return rc;
}
