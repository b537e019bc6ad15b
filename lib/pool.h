/* pool: child processes that run commands (execv), their standard output
 * read through a pipe, their standard error into a file, at most a given
 * number at once; for erep swarm, whose workers are erep verify runs of
 * the same binary. No scheduler of its own: the caller starts a job when
 * pool_running() is below its bound and waits for the next one to end.
 * Ownership: argv and paths are copied by pool_start; a pool_done's text
 * is the caller's (mem_free). */
#ifndef EREP_POOL_H
#define EREP_POOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct pool pool;

typedef struct {
  int tag;       /* the caller's, from pool_start */
  char *out;     /* all it wrote on standard output (mem_free) */
  size_t len;
  bool exited;   /* exited with `status`; else killed by `signal` */
  int status, signal;
  double seconds; /* wall time from start to end */
} pool_done;

pool *pool_new(void);
/* Starts path with argv (argv[0] first, NULL-terminated), standard input
 * from /dev/null, standard error into err_path (created, 0644; NULL:
 * inherited). 0, or -1 with *err (mem_free). */
int pool_start(pool *p, const char *path, char *const argv[],
               const char *err_path, int tag, char **err);
unsigned pool_running(const pool *p);
/* Waits until a child ended (1: *done filled), until *stop is set (0), or
 * for timeout_ms (0; -1: no timeout); -1 with nothing running. stop may
 * be NULL. */
int pool_wait(pool *p, const atomic_int *stop, int timeout_ms,
              pool_done *done);
/* Sends sig to every running child. */
void pool_signal(pool *p, int sig);
/* Kills (SIGKILL) and reaps what still runs; frees p. */
void pool_free(pool *p);
/* The path of the running program (mem_free), NULL when unknown. */
char *pool_self(void);

#endif
