#include "sigwatch.h"

#include "lib/mem.h"
#include "lib/outfile.h"
#include "lib/progress.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static sigset_t sw_set; /* the signals watched */
static pthread_t sw_thread;
static bool sw_running;
static const char *sw_prefix, *sw_note;
/* mode and interrupt function; the watcher holds it while it acts */
static pthread_mutex_t sw_lock = PTHREAD_MUTEX_INITIALIZER;
static bool sw_catching;
static void (*sw_interrupt)(void *);
static void *sw_interrupt_arg;
static atomic_int sw_signal;
static bool sw_done; /* sigwatch_end: the next wake-up ends the watcher */
static int sw_wake;  /* a watched signal, sent to the watcher to wake it */

static const char *sw_name(int sig) {
  return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* End the process by sig, as its default action would. */
static _Noreturn void sw_quit(int sig, const char *note) {
  char msg[512];
  int n =
      snprintf(msg, sizeof msg, "%s: %s %s\n", sw_prefix, sw_name(sig), note);
  progress_erase_stderr(); /* the message on a line of its own */
  if (n > 0) {
    ssize_t w =
        write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    (void)w; /* nothing to do about a failed message */
  }
  outfile_unlink_all();
  sigwatch_end_by(sig);
}

void sigwatch_end_by(int sig) {
  signal(sig, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, sig);
  pthread_sigmask(SIG_UNBLOCK, &one, NULL);
  raise(sig);
  _exit(128 + sig); /* not reached */
}

static void sw_act(int sig) {
  pthread_mutex_lock(&sw_lock);
  if (sw_done) { /* the wake-up of sigwatch_end, or a signal after it */
    pthread_mutex_unlock(&sw_lock);
    return;
  }
  /* sw_quit ends the process with the lock held: a command that switches
   * to stopping (sigwatch_catch) at this moment waits for the end instead
   * of making files (a staging directory) that no one would remove */
  if (!sw_catching) sw_quit(sig, sw_note);
  if (sig == SIGINT && atomic_load(&sw_signal))
    sw_quit(sig, "again: stopping at once, nothing more is written");
  int none = 0;
  atomic_compare_exchange_strong(&sw_signal, &none, sig);
  if (sw_interrupt) sw_interrupt(sw_interrupt_arg);
  pthread_mutex_unlock(&sw_lock);
}

/* The watcher ends by returning, never by pthread_cancel: a cancelled
 * thread unwinds past frames that AddressSanitizer then misreads. */
static void *sw_main(void *arg) {
  (void)arg;
  for (;;) {
    int sig = -1;
    pthread_mutex_lock(&sw_lock);
    bool done = sw_done;
    bool poll = sw_interrupt && atomic_load(&sw_signal);
    pthread_mutex_unlock(&sw_lock);
    if (done) return NULL;
    if (poll) {
      /* a check may have started after the last interrupt: repeat it */
      struct timespec ts = {0, 50 * 1000 * 1000};
      sig = sigtimedwait(&sw_set, NULL, &ts);
      if (sig < 0 && errno == EAGAIN) {
        pthread_mutex_lock(&sw_lock);
        if (sw_interrupt && !sw_done) sw_interrupt(sw_interrupt_arg);
        pthread_mutex_unlock(&sw_lock);
      }
    } else if (sigwait(&sw_set, &sig)) {
      sig = -1;
    }
    if (sig > 0) sw_act(sig);
  }
}

int sigwatch_start(const char *prefix, const char *note, char **err) {
  *err = NULL;
  if (sw_running) return 0;
  sw_prefix = prefix;
  sw_note = note;
  sw_catching = false;
  sw_done = false;
  sw_interrupt = NULL;
  atomic_store(&sw_signal, 0);
  sigemptyset(&sw_set);
  int nwatched = 0;
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
    struct sigaction old;
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
      continue; /* nohup, background job: keep it ignored */
    sigaddset(&sw_set, sigs[i]);
    sw_wake = sigs[i];
    nwatched++;
  }
  if (!nwatched) return 0; /* all ignored: nothing to watch */
  /* blocked before the thread exists, so that it and every later thread
   * inherit the mask and only sigwait takes the signals */
  int e = pthread_sigmask(SIG_BLOCK, &sw_set, NULL);
  if (!e) e = pthread_create(&sw_thread, NULL, sw_main, NULL);
  if (e) {
    *err = mem_printf("cannot watch for signals: %s", strerror(e));
    return -1;
  }
  sw_running = true;
  return 0;
}

void sigwatch_catch(void (*interrupt)(void *), void *arg) {
  pthread_mutex_lock(&sw_lock);
  sw_catching = true;
  sw_interrupt = interrupt;
  sw_interrupt_arg = arg;
  pthread_mutex_unlock(&sw_lock);
}

void sigwatch_forked(void) {
  /* the parent's watcher may have held the lock at the fork */
  pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
  sw_lock = fresh;
  atomic_store(&sw_signal, 0);
  if (!sw_running || sw_done) return;
  if (pthread_create(&sw_thread, NULL, sw_main, NULL)) sw_running = false;
}

const atomic_int *sigwatch_flag(void) { return &sw_signal; }

void sigwatch_end(void) {
  if (!sw_running) return;
  pthread_mutex_lock(&sw_lock);
  sw_done = true;
  pthread_mutex_unlock(&sw_lock);
  /* blocked in every thread, so it stays for the watcher's sigwait */
  pthread_kill(sw_thread, sw_wake);
  pthread_join(sw_thread, NULL);
  sw_running = false;
}
