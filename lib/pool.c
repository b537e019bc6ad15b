#include "pool.h"

#include "mem.h"
#include "sbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  pid_t pid;
  int fd; /* the read end of its stdout pipe; -1 at end of file */
  int tag;
  sbuf out;
  double start;
  bool ended; /* reaped: status below */
  int wstatus;
} pool_job;

struct pool {
  VEC(pool_job) jobs; /* running or not yet handed back */
};

static double pool_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

pool *pool_new(void) { return mem_calloc(1, sizeof(pool)); }

unsigned pool_running(const pool *p) { return (unsigned)p->jobs.len; }

char *pool_self(void) {
  char buf[PATH_MAX + 1];
  ssize_t n = readlink("/proc/self/exe", buf, PATH_MAX);
  if (n <= 0) return NULL;
  buf[n] = 0;
  return mem_strdup(buf);
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static _Noreturn void pool_child(const char *path, char *const argv[],
                                 int out, int err) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL); /* sigwatch blocks them */
  int in = open("/dev/null", O_RDONLY);
  if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 ||
      (err >= 0 && dup2(err, 2) < 0))
    _exit(127);
  execv(path, argv);
  _exit(127);
}

int pool_start(pool *p, const char *path, char *const argv[],
               const char *err_path, int tag, char **err) {
  int fds[2];
  if (pipe(fds) || fcntl(fds[0], F_SETFD, FD_CLOEXEC) ||
      fcntl(fds[1], F_SETFD, FD_CLOEXEC) ||
      fcntl(fds[0], F_SETFL, O_NONBLOCK)) {
    *err = mem_printf("cannot make a pipe: %s", strerror(errno));
    return -1;
  }
  int efd = -1;
  if (err_path) {
    efd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (efd < 0) {
      *err = mem_printf("%s: %s", err_path, strerror(errno));
      close(fds[0]);
      close(fds[1]);
      return -1;
    }
  }
  pid_t pid = fork();
  if (pid == 0) pool_child(path, argv, fds[1], efd);
  int e = errno;
  close(fds[1]);
  if (efd >= 0) close(efd);
  if (pid < 0) {
    close(fds[0]);
    *err = mem_printf("cannot start %s: %s", path, strerror(e));
    return -1;
  }
  pool_job j = {.pid = pid, .fd = fds[0], .tag = tag, .start = pool_now()};
  VEC_PUSH(p->jobs, j);
  return 0;
}

/* Reads what job j wrote so far; closes its end at end of file. */
static void pool_read(pool_job *j) {
  char buf[4096];
  for (;;) {
    ssize_t n = read(j->fd, buf, sizeof buf);
    if (n > 0) {
      sb_putn(&j->out, buf, (size_t)n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    close(j->fd); /* end of file, or an error: nothing more to read */
    j->fd = -1;
    return;
  }
}

/* Hands back job i, reaped: what is left in its pipe is read (a child it
 * left behind may hold the pipe open: not waited for). */
static void pool_hand(pool *p, size_t i, pool_done *d) {
  pool_job *j = &p->jobs.data[i];
  if (j->fd >= 0) pool_read(j);
  if (j->fd >= 0) close(j->fd);
  d->tag = j->tag;
  d->len = j->out.len;
  d->out = sb_take(&j->out);
  d->exited = WIFEXITED(j->wstatus);
  d->status = d->exited ? WEXITSTATUS(j->wstatus) : 0;
  d->signal = WIFSIGNALED(j->wstatus) ? WTERMSIG(j->wstatus) : 0;
  d->seconds = pool_now() - j->start;
  p->jobs.data[i] = p->jobs.data[--p->jobs.len];
}

int pool_wait(pool *p, const atomic_int *stop, int timeout_ms,
              pool_done *done) {
  if (!p->jobs.len) return -1;
  double until = timeout_ms >= 0 ? pool_now() + timeout_ms / 1000.0 : 0;
  struct pollfd *pf = mem_calloc(p->jobs.len + 1, sizeof *pf);
  int rc = 0;
  for (;;) {
    /* a child that ended and closed its output is handed back */
    for (size_t i = 0; i < p->jobs.len; i++) {
      pool_job *j = &p->jobs.data[i];
      if (!j->ended && waitpid(j->pid, &j->wstatus, WNOHANG) == j->pid)
        j->ended = true;
      if (j->ended) {
        pool_hand(p, i, done);
        rc = 1;
        goto out;
      }
    }
    if (stop && atomic_load(stop)) goto out;
    if (timeout_ms >= 0 && pool_now() >= until) goto out;
    nfds_t n = 0;
    for (size_t i = 0; i < p->jobs.len; i++)
      if (p->jobs.data[i].fd >= 0) {
        pf[n].fd = p->jobs.data[i].fd;
        pf[n].events = POLLIN;
        pf[n].revents = 0;
        n++;
      }
    /* 50 ms: the stop flag and ended children (whose grandchildren may
     * still hold the pipe) are looked at that often */
    if (poll(pf, n, 50) > 0)
      for (size_t i = 0, k = 0; i < p->jobs.len; i++) {
        pool_job *j = &p->jobs.data[i];
        if (j->fd < 0) continue;
        if (pf[k++].revents) pool_read(j);
      }
  }
out:
  mem_free(pf);
  return rc;
}

void pool_signal(pool *p, int sig) {
  for (size_t i = 0; i < p->jobs.len; i++)
    if (!p->jobs.data[i].ended) kill(p->jobs.data[i].pid, sig);
}

void pool_free(pool *p) {
  if (!p) return;
  for (size_t i = 0; i < p->jobs.len; i++) {
    pool_job *j = &p->jobs.data[i];
    if (!j->ended) {
      kill(j->pid, SIGKILL);
      while (waitpid(j->pid, &j->wstatus, 0) < 0 && errno == EINTR) {
      }
    }
    if (j->fd >= 0) close(j->fd);
    sb_free(&j->out);
  }
  VEC_FREE(p->jobs);
  mem_free(p);
}
