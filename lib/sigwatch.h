/* sigwatch: SIGINT, SIGTERM and SIGHUP for a command that stops cleanly.
 *
 * The signals are blocked in every thread and taken by a watcher thread of
 * their own (sigwait), so nothing runs in signal-handler context: the
 * watcher may print, take locks and interrupt a solver (Z3_interrupt takes
 * a mutex, which a handler could deadlock on). Threads made later (Z3's,
 * libclang's) inherit the blocked mask. A signal that is ignored when
 * watching starts (nohup, the SIGINT of a background job) stays ignored.
 *
 * Two modes. From sigwatch_start, nothing is worth keeping yet: a signal
 * ends the process at once, after a message on stderr and removing
 * outfile's temporary files, by the same signal (a shell sees 128+N: 130
 * SIGINT, 143 SIGTERM, 129 SIGHUP). From sigwatch_catch, a signal is a
 * request to stop that the command polls (sigwatch_flag); a second SIGINT
 * (Ctrl-C again) still ends the process at once, for a stop that hangs. */
#ifndef EREP_SIGWATCH_H
#define EREP_SIGWATCH_H

#include <stdatomic.h>

/* Block the signals and start the watcher. `prefix` and `note` make the
 * message of the first mode: "<prefix>: <SIGNAME> <note>". Returns 0, or
 * -1 with *err (allocated, mem_free). */
int sigwatch_start(const char *prefix, const char *note, char **err);

/* Switch to stopping: a signal sets the flag, and interrupt(arg) (may be
 * NULL; lim_interrupt with the run's context, lib/lim.h) is called from the
 * watcher at once and then every 50 ms while the flag
 * is set, so that a solver check that began just after the signal is
 * interrupted too. sigwatch_catch(NULL) ends the calls; when it returns
 * the previous interrupt function is no longer running. */
void sigwatch_catch(void (*interrupt)(void *), void *arg);

/* The first signal received in the stopping mode, 0 if none. */
const atomic_int *sigwatch_flag(void);

/* End the process by sig, as its default action would (a shell sees
 * 128+N), from any thread: for a command that stopped on a signal and has
 * cleaned up (erep tests). Flushes nothing: flush stdout first. */
_Noreturn void sigwatch_end_by(int sig);

/* In a child made by fork (lib/race.h): the watcher again, in the mode
 * and with the interrupt function of the parent (its thread is not in the
 * child), and no signal seen yet. */
void sigwatch_forked(void);

/* Stop the watcher. The signals stay blocked (one arriving while the
 * command ends is not acted on): call it when the command is done. */
void sigwatch_end(void);

#endif
