#include "outfile.h"

#include "lib/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct outfile {
  FILE *f;
  char *path, *tmp, *dir;
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
  mem_free(o->tmp);
  mem_free(o->dir);
  mem_free(o);
}

outfile *outfile_open(const char *path, char **err) {
  *err = NULL;
  struct stat st;
  if (!*path) {
    *err = mem_printf("empty output file name");
    return NULL;
  }
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    *err = mem_printf("%s: is a directory", path);
    return NULL;
  }
  outfile *o = mem_calloc(1, sizeof *o);
  o->path = mem_strdup(path);
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  if (!*base) {
    *err = mem_printf("%s: names a directory, not a file", path);
    outfile_free(o);
    return NULL;
  }
  o->dir = slash ? mem_strndup(path, slash == path ? 1 : (size_t)(slash - path))
                 : mem_strdup(".");
  /* hidden, in the same directory: rename is then atomic */
  size_t n = strlen(path) + 16;
  o->tmp = mem_alloc(n);
  snprintf(o->tmp, n, "%.*s.%s.XXXXXX", (int)(base - path), path, base);
  int fd = mkstemp(o->tmp);
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
  unlink(o->tmp);
  outfile_untrack(o->slot);
  outfile_free(o);
}

int outfile_commit(outfile *o, char **err) {
  *err = NULL;
  int e = 0;
  const char *what = "writing";
  if (fflush(o->f) || ferror(o->f)) e = errno ? errno : EIO;
  /* pipes and some file systems cannot fsync; that is not a write error */
  if (!e && fsync(fileno(o->f)) && errno != EINVAL && errno != EROFS) {
    e = errno;
    what = "syncing";
  }
  if (fclose(o->f) && !e) e = errno ? errno : EIO;
  o->f = NULL;
  if (!e && rename(o->tmp, o->path)) {
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
