#include "config.h"

#include "load.h"

#include "report/rjson.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

struct ld_job {
  char *path;
  bool no_hash_check, threaded;
  pthread_t thread;
  int pipe[2]; /* the thread writes one byte when done */
  rep_report *r;
  char *warning, *err;
};

static void *ld_run(void *arg) {
  ld_job *j = arg;
  j->r = rj_open(j->path, j->no_hash_check, &j->warning, &j->err);
  char c = 1;
  while (write(j->pipe[1], &c, 1) < 0 && errno == EINTR) {
  }
  return NULL;
}

ld_job *ld_start(const char *path, bool no_hash_check) {
  ld_job *j = mem_calloc(1, sizeof *j);
  j->path = mem_strdup(path);
  j->no_hash_check = no_hash_check;
  j->pipe[0] = j->pipe[1] = -1;
  if (pipe(j->pipe)) j->pipe[0] = j->pipe[1] = -1;
  if (j->pipe[0] >= 0 && !pthread_create(&j->thread, NULL, ld_run, j)) {
    j->threaded = true;
    return j;
  }
  ld_run(j); /* no thread: read it now (the write to no pipe is harmless) */
  return j;
}

int ld_fd(const ld_job *j) { return j->pipe[0]; }

bool ld_wait(ld_job *j, int timeout_ms) {
  if (!j->threaded) return true;
  struct pollfd p = {j->pipe[0], POLLIN, 0};
  int k;
  while ((k = poll(&p, 1, timeout_ms)) < 0 && errno == EINTR) {
  }
  return k > 0;
}

static void ld_close(ld_job *j) {
  for (int i = 0; i < 2; i++)
    if (j->pipe[i] >= 0) close(j->pipe[i]);
  mem_free(j->path);
  mem_free(j);
}

rep_report *ld_finish(ld_job *j, char **warning, char **err) {
  if (j->threaded) pthread_join(j->thread, NULL);
  rep_report *r = j->r;
  *warning = j->warning;
  *err = j->err;
  ld_close(j);
  return r;
}

void ld_abandon(ld_job *j) {
  if (!j->threaded) {
    char *w, *e;
    rep_free(ld_finish(j, &w, &e));
    mem_free(w);
    mem_free(e);
    return;
  }
  /* the thread still uses j: it goes with the process */
  pthread_detach(j->thread);
}
