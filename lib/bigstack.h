/* bigstack: run work on a thread with a deep stack, and end cleanly when
 * even that is not deep enough.
 *
 * Parsing and walking C recurse once per nesting level: libclang's parser
 * and semantic checks, erep's CFA builder, its value and SMT encodings of
 * an expression. A valid program with one 50 000-term sum needs about
 * 64 MiB of stack; the main thread has 8 MiB and libclang's own parsing
 * thread 8 MiB, and overflowing them killed erep with SIGSEGV (exit 139).
 * Input nesting is bounded only by the file size, so no stack is always
 * enough: an overflow that remains is caught on an alternate signal stack
 * and turned into a message and exit 2 (bad input), with no temporary
 * output file left behind. */
#ifndef EREP_BIGSTACK_H
#define EREP_BIGSTACK_H

#include <stddef.h>

/* Address space reserved for a big stack; pages are committed (and count
 * as memory) only when touched. */
#define BIGSTACK_BYTES ((size_t)512 << 20)

/* Runs fn(arg) on a new thread with a BIGSTACK_BYTES stack and waits for
 * it. Runs fn(arg) directly when called on such a thread already, or when
 * no thread can be made (address space limit): then only the caller's
 * stack is there. */
void bigstack_run(void (*fn)(void *), void *arg);

/* Catches SIGSEGV, SIGBUS, SIGILL and SIGFPE on an alternate stack (in
 * every big-stack thread and the calling one); for a program, not a
 * library. A stack overflow, or any of these while a note is set, prints
 * "erep: NOTE (out of stack: nested too deeply)" or "erep: NOTE (SIGNAME)"
 * (without a note: "erep: out of stack: the input is nested too deeply"),
 * unlinks the temporary output files (outfile_unlink_all) and _exits 2: a
 * bad input. Other crashes go to the handler that was there before (the
 * default: a core dump; ASan's report). */
void bigstack_catch_crashes(void);

/* The crash message of the work in progress, e.g. "the C front end
 * crashed on prog.c" (copied, at most 1 KiB); NULL clears it. */
void bigstack_note(const char *msg);

#endif
