#include "outfile.h"

#include "lib/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct outfile {
  FILE *f;
  char *path; /* the target as given */
  char *real; /* what is renamed over: path, or where its link points */
  char *tmp;  /* NULL when written directly (FIFO, character device) */
  char *dir;
  int slot;
};

/* Temporary files not yet committed or aborted, for signal handlers. The
 * table changes only with signals blocked. */
#define OUTFILE_SLOTS 64
static char *volatile outfile_live[OUTFILE_SLOTS];

static int outfile_track(char *tmp) {
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  int slot = -1;
  for (int i = 0; i < OUTFILE_SLOTS && slot < 0; i++)
    if (!outfile_live[i]) {
      outfile_live[i] = tmp;
      slot = i;
    }
  sigprocmask(SIG_SETMASK, &old, NULL);
  return slot; /* -1: more files than slots; only signal cleanup is lost */
}

static void outfile_untrack(int slot) {
  if (slot < 0) return;
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  outfile_live[slot] = NULL;
  sigprocmask(SIG_SETMASK, &old, NULL);
}

void outfile_unlink_all(void) {
  for (int i = 0; i < OUTFILE_SLOTS; i++) {
    char *p = outfile_live[i];
    if (p) unlink(p);
  }
}

static void outfile_on_signal(int sig) {
  outfile_unlink_all();
  signal(sig, SIG_DFL);
  raise(sig);
}

void outfile_cleanup_on_signals(void) {
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
    struct sigaction sa, old;
    if (sigaction(sigs[i], NULL, &old) || old.sa_handler != SIG_DFL)
      continue; /* keep SIG_IGN (nohup) and handlers of others */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = outfile_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sigs[i], &sa, NULL);
  }
}

static void outfile_free(outfile *o) {
  mem_free(o->path);
  mem_free(o->real);
  mem_free(o->tmp);
  mem_free(o->dir);
  mem_free(o);
}

/* Written in place, never renamed over: a rename would replace the device
 * node or FIFO itself (as root, -o /dev/null replaced the system's). */
static bool outfile_direct(mode_t m) { return S_ISFIFO(m) || S_ISCHR(m); }

static const char *outfile_kind(mode_t m) {
  return S_ISSOCK(m)  ? "a socket"
         : S_ISBLK(m) ? "a block device"
                      : "not a regular file";
}

/* The directory part of path ("." when there is none). */
static char *outfile_dirname(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? mem_strndup(path, slash == path ? 1 : (size_t)(slash - path))
               : mem_strdup(".");
}

/* The descriptor named by /dev/std{in,out,err}, /dev/fd/N or
 * /proc/self/fd/N, or -1. Such a name is written through the descriptor
 * erep already has: opening the name again would start at offset 0 of a
 * redirected file, and renaming over it would replace the link in /dev. */
static int outfile_fd_name(const char *path) {
  if (!strcmp(path, "/dev/stdin")) return 0;
  if (!strcmp(path, "/dev/stdout")) return 1;
  if (!strcmp(path, "/dev/stderr")) return 2;
  const char *n = !strncmp(path, "/dev/fd/", 8)          ? path + 8
                  : !strncmp(path, "/proc/self/fd/", 14) ? path + 14
                                                         : NULL;
  if (!n || *n < '0' || *n > '9') return -1;
  char *end;
  long fd = strtol(n, &end, 10);
  return *end || fd > INT_MAX ? -1 : (int)fd;
}

/* The checks shared by outfile_check and outfile_open. *st gets the
 * target's status (st_mode 0 when it does not exist) and *real the file
 * that will be replaced (symbolic links resolved), or NULL when the target
 * is written directly: through descriptor *fd when that is >= 0, else by
 * opening it. 0, or -1 with *err. */
static int outfile_target(const char *path, struct stat *st, char **real,
                          int *fd, char **err) {
  *real = NULL;
  *fd = -1;
  memset(st, 0, sizeof *st);
  if (!*path) {
    *err = mem_printf("empty output file name");
    return -1;
  }
  int n = outfile_fd_name(path);
  if (n >= 0) {
    int fl = fcntl(n, F_GETFL);
    if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY) {
      *err = mem_printf("%s: descriptor %d is not open for writing", path, n);
      return -1;
    }
    *fd = n;
    return 0;
  }
  if (path[strlen(path) - 1] == '/') {
    *err = mem_printf("%s: names a directory, not a file", path);
    return -1;
  }
  if (stat(path, st) == 0) {
    if (S_ISDIR(st->st_mode)) {
      *err = mem_printf("%s: is a directory", path);
      return -1;
    }
    if (outfile_direct(st->st_mode)) return 0;
    if (!S_ISREG(st->st_mode)) {
      *err = mem_printf("%s: is %s; refusing to write to it", path,
                        outfile_kind(st->st_mode));
      return -1;
    }
    struct stat lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
      /* replace the file the link points to, not the link */
      *real = realpath(path, NULL);
      if (!*real) {
        *err = mem_printf("%s: %s", path, strerror(errno));
        return -1;
      }
      char *copy = mem_strdup(*real); /* realpath's memory is malloc's */
      free(*real);
      *real = copy;
    } else {
      *real = mem_strdup(path);
    }
    return 0;
  }
  int e = errno;
  struct stat lst;
  if (e == ENOENT && lstat(path, &lst) == 0) {
    *err = mem_printf("%s: is a symbolic link to a file that does not exist",
                      path);
    return -1;
  }
  if (e != ENOENT) {
    *err = mem_printf("%s: %s", path, strerror(e));
    return -1;
  }
  st->st_mode = 0;
  *real = mem_strdup(path);
  return 0;
}

int outfile_check(const char *path, const char *const *inputs, size_t ninputs,
                  char **err) {
  *err = NULL;
  struct stat st;
  char *real;
  int fd;
  if (outfile_target(path, &st, &real, &fd, err)) return -1;
  if (!real) return 0; /* written directly: nothing is replaced */
  int rc = 0;
  for (size_t i = 0; i < ninputs && !rc; i++) {
    struct stat in;
    bool same = st.st_mode && stat(inputs[i], &in) == 0
                    ? in.st_dev == st.st_dev && in.st_ino == st.st_ino
                    : !strcmp(inputs[i], path);
    if (same) {
      *err =
          strcmp(inputs[i], path)
              ? mem_printf("%s: is the input %s (the same file); refusing "
                           "to overwrite it",
                           path, inputs[i])
              : mem_printf("%s: is an input; refusing to overwrite it", path);
      rc = -1;
    }
  }
  if (!rc && st.st_mode && access(path, W_OK)) {
    *err = mem_printf("%s: not writable: %s", path, strerror(errno));
    rc = -1;
  }
  if (!rc) {
    /* the temporary file is made next to the file that is replaced */
    char *dir = outfile_dirname(real);
    struct stat ds;
    int e = 0;
    if (stat(dir, &ds))
      e = errno;
    else if (!S_ISDIR(ds.st_mode))
      e = ENOTDIR;
    else if (access(dir, W_OK | X_OK))
      e = errno;
    if (e) {
      *err = mem_printf("%s: cannot create a file in %s: %s", path, dir,
                        strerror(e));
      rc = -1;
    }
    mem_free(dir);
  }
  mem_free(real);
  return rc;
}

/* Open a FIFO or character device as it is, or duplicate descriptor
 * `dup_fd` (>= 0) so that the output continues where it stands. */
static outfile *outfile_open_direct(const char *path, int dup_fd, char **err) {
  int fd;
  if (dup_fd >= 0) {
    /* what erep printed there so far must come first */
    fflush(dup_fd == 1 ? stdout : dup_fd == 2 ? stderr : NULL);
    fd = fcntl(dup_fd, F_DUPFD_CLOEXEC, 3);
  } else {
    /* no O_NONBLOCK: a FIFO waits for its reader, as with `>` */
    fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
  }
  if (fd < 0) {
    *err = mem_printf("%s: %s", path, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (dup_fd < 0 && (fstat(fd, &st) || !outfile_direct(st.st_mode))) {
    /* replaced by something else since the stat */
    *err = mem_printf("%s: changed while it was opened", path);
    close(fd);
    return NULL;
  }
  outfile *o = mem_calloc(1, sizeof *o);
  o->path = mem_strdup(path);
  o->slot = -1;
  o->f = fdopen(fd, "w");
  if (!o->f) {
    *err = mem_printf("%s: %s", path, strerror(errno));
    close(fd);
    outfile_free(o);
    return NULL;
  }
  return o;
}

outfile *outfile_open(const char *path, char **err) {
  *err = NULL;
  struct stat st;
  char *real;
  int fd;
  if (outfile_target(path, &st, &real, &fd, err)) return NULL;
  if (!real) return outfile_open_direct(path, fd, err);
  outfile *o = mem_calloc(1, sizeof *o);
  o->path = mem_strdup(path);
  o->real = real;
  o->dir = outfile_dirname(real);
  const char *slash = strrchr(real, '/');
  const char *base = slash ? slash + 1 : real;
  /* hidden, in the same directory: rename is then atomic */
  size_t n = strlen(real) + 16;
  o->tmp = mem_alloc(n);
  snprintf(o->tmp, n, "%.*s.%s.XXXXXX", (int)(base - real), real, base);
  fd = mkstemp(o->tmp);
  if (fd < 0) {
    *err = mem_printf("%s: cannot create a file in %s: %s", path, o->dir,
                      strerror(errno));
    outfile_free(o);
    return NULL;
  }
  o->slot = outfile_track(o->tmp);
  mode_t mask = umask(0);
  umask(mask);
  (void)fchmod(fd, 0666 & ~mask); /* mkstemp makes 0600 */
  o->f = fdopen(fd, "w");
  if (!o->f) {
    *err = mem_printf("%s: %s", path, strerror(errno));
    close(fd);
    unlink(o->tmp);
    outfile_untrack(o->slot);
    outfile_free(o);
    return NULL;
  }
  return o;
}

FILE *outfile_stream(outfile *o) { return o->f; }
const char *outfile_path(const outfile *o) { return o->path; }

void outfile_abort(outfile *o) {
  if (!o) return;
  fclose(o->f);
  if (o->tmp) { /* a direct write cannot be taken back */
    unlink(o->tmp);
    outfile_untrack(o->slot);
  }
  outfile_free(o);
}

int outfile_commit(outfile *o, char **err) {
  *err = NULL;
  int e = 0;
  const char *what = "writing";
  if (fflush(o->f) || ferror(o->f)) e = errno ? errno : EIO;
  /* some file systems cannot fsync; that is not a write error. A FIFO or
   * device written directly has nothing to make durable. */
  if (!e && o->tmp && fsync(fileno(o->f)) && errno != EINVAL &&
      errno != EROFS) {
    e = errno;
    what = "syncing";
  }
  if (fclose(o->f) && !e) e = errno ? errno : EIO;
  o->f = NULL;
  if (!o->tmp) { /* written directly: nothing to rename */
    if (e) *err = mem_printf("%s %s: %s", what, o->path, strerror(e));
    outfile_free(o);
    return e ? -1 : 0;
  }
  if (!e && rename(o->tmp, o->real)) {
    e = errno;
    what = "renaming the finished file onto";
  }
  if (e) {
    *err = mem_printf("%s %s: %s", what, o->path, strerror(e));
    unlink(o->tmp);
    outfile_untrack(o->slot);
    outfile_free(o);
    return -1;
  }
  outfile_untrack(o->slot);
  int dfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) { /* make the rename durable; best effort */
    (void)fsync(dfd);
    close(dfd);
  }
  outfile_free(o);
  return 0;
}
