#include "bigstack.h"

#include "lib/outfile.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Inaccessible pages below a big stack: an overflow faults there instead
 * of writing into whatever is mapped below. Generous, since one frame
 * (a big local array) can step over a small guard. */
#define BIGSTACK_GUARD ((size_t)1 << 20)
/* The signal handler's own stack: the overflowed one has no room left. */
#define BIGSTACK_ALT ((size_t)64 << 10)
/* Below this, a thread is no better than the main stack. */
#define BIGSTACK_MIN ((size_t)32 << 20)

/* The usable stack of this thread when it is a big-stack thread (NULL
 * otherwise); read by the signal handler. */
static _Thread_local char *bigstack_lo;

static const int bigstack_sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
#define BIGSTACK_NSIGS (sizeof bigstack_sigs / sizeof *bigstack_sigs)
static struct sigaction bigstack_old[BIGSTACK_NSIGS];
static bool bigstack_catching;

static char bigstack_msg[1024];
static volatile sig_atomic_t bigstack_has_msg;

void bigstack_note(const char *msg) {
  bigstack_has_msg = 0;
  atomic_signal_fence(memory_order_seq_cst);
  if (!msg) return;
  size_t n = strlen(msg);
  if (n >= sizeof bigstack_msg) n = sizeof bigstack_msg - 1;
  memcpy(bigstack_msg, msg, n);
  bigstack_msg[n] = 0;
  atomic_signal_fence(memory_order_seq_cst); /* the text before the flag */
  bigstack_has_msg = 1;
}

static void bigstack_write(const char *s) {
  size_t n = strlen(s);
  while (n) {
    ssize_t w = write(STDERR_FILENO, s, n);
    if (w <= 0) return;
    s += w;
    n -= (size_t)w;
  }
}

static const char *bigstack_signame(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGILL:
    return "SIGILL";
  default:
    return "SIGFPE";
  }
}

/* Async-signal-safe throughout: write, unlink, sigaction, raise, _exit. */
static void bigstack_on_crash(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  const char *a = si->si_addr;
  /* a fault in the guard, or just below it (a frame larger than the
   * guard), of this thread's big stack */
  bool overflow = (sig == SIGSEGV || sig == SIGBUS) && bigstack_lo &&
                  a < bigstack_lo + 4096 &&
                  a >= bigstack_lo - 2 * BIGSTACK_GUARD;
  if (!overflow && !bigstack_has_msg) {
    /* not ours to explain: put the previous handling back; a fault then
     * happens again under it, a sent signal is sent again */
    for (size_t i = 0; i < BIGSTACK_NSIGS; i++)
      if (bigstack_sigs[i] == sig) sigaction(sig, &bigstack_old[i], NULL);
    if (si->si_code <= 0) raise(sig);
    return;
  }
  outfile_unlink_all();
  bigstack_write("erep: ");
  if (bigstack_has_msg) {
    bigstack_write(bigstack_msg);
    bigstack_write(overflow ? " (out of stack: nested too deeply)" : " (");
    if (!overflow) {
      bigstack_write(bigstack_signame(sig));
      bigstack_write(")");
    }
  } else {
    bigstack_write("out of stack: the input is nested too deeply");
  }
  bigstack_write("\n");
  _exit(2);
}

/* Gives the calling thread an alternate signal stack; NULL if it cannot. */
static void *bigstack_altstack(void) {
  void *p = mmap(NULL, BIGSTACK_ALT, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return NULL;
  stack_t ss = {.ss_sp = p, .ss_size = BIGSTACK_ALT, .ss_flags = 0};
  if (sigaltstack(&ss, NULL)) {
    munmap(p, BIGSTACK_ALT);
    return NULL;
  }
  return p;
}

void bigstack_catch_crashes(void) {
  if (bigstack_catching) return;
  (void)bigstack_altstack(); /* lives as long as the calling thread */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = bigstack_on_crash;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < BIGSTACK_NSIGS; i++)
    sigaction(bigstack_sigs[i], &sa, &bigstack_old[i]);
  bigstack_catching = true;
}

typedef struct {
  void (*fn)(void *);
  void *arg;
  char *lo;
  sigset_t mask; /* the caller's signal mask, for the job's thread */
} bigstack_job;

static void *bigstack_main(void *p) {
  bigstack_job *j = p;
  bigstack_lo = j->lo;
  pthread_sigmask(SIG_SETMASK, &j->mask, NULL); /* the caller's, see below */
  void *alt = bigstack_catching ? bigstack_altstack() : NULL;
  j->fn(j->arg);
  if (alt) {
    stack_t ss = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    munmap(alt, BIGSTACK_ALT);
  }
  bigstack_lo = NULL;
  return NULL;
}

void bigstack_run(void (*fn)(void *), void *arg) {
  if (bigstack_lo) {
    fn(arg);
    return;
  }
  /* reserved, not committed (MAP_NORESERVE): untouched pages cost
   * nothing; smaller tries for a tight address space limit (ulimit -v) */
  for (size_t size = BIGSTACK_BYTES; size >= BIGSTACK_MIN; size /= 2) {
    char *base =
        mmap(NULL, size, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (base == MAP_FAILED) continue;
    pthread_attr_t at;
    pthread_t t;
    bigstack_job j;
    memset(&j, 0, sizeof j);
    j.fn = fn;
    j.arg = arg;
    j.lo = base + BIGSTACK_GUARD;
    bool started = false;
    /* The job's thread alone takes the asynchronous signals, with the
     * caller's mask: the stop signals (it handles them or not; lib/sigwatch
     * blocks them there and waits for them on a thread of its own) and
     * SIGWINCH (the browser's read() must see it). This thread, idle in
     * join, blocks them before the job's thread exists. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP);
    sigaddset(&stop, SIGQUIT);
    sigaddset(&stop, SIGWINCH);
    sigaddset(&stop, SIGCHLD);
    pthread_sigmask(SIG_BLOCK, &stop, &j.mask);
    if (!mprotect(base, BIGSTACK_GUARD, PROT_NONE) && !pthread_attr_init(&at)) {
      started = !pthread_attr_setstack(&at, j.lo, size - BIGSTACK_GUARD) &&
                !pthread_create(&t, &at, bigstack_main, &j);
      pthread_attr_destroy(&at);
    }
    if (started) pthread_join(t, NULL);
    pthread_sigmask(SIG_SETMASK, &j.mask, NULL);
    munmap(base, size);
    if (started) return;
  }
  fn(arg);
}
