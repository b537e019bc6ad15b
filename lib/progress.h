/* progress: one status line on a terminal ("erep verify: predicate
 * analysis: 5120 abstract states, 3 refinements, 2.4 s") that a long run
 * rewrites in place. It is shown only when the stream is a terminal, at
 * most PROGRESS_HZ times a second, cut to the terminal's width so that
 * '\r' returns to its start, and erased (progress_end) before anything
 * else is written to the terminal, so that it never mixes with messages or
 * results. Callers pass only text erep wrote itself (no file names): the
 * line is not escaped. */
#ifndef EREP_PROGRESS_H
#define EREP_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

#define PROGRESS_HZ 4

typedef struct {
  FILE *out;
  bool on;       /* out is a terminal */
  size_t shown;  /* columns of the line on screen now, 0: none */
  double next;   /* monotonic seconds of the next allowed update */
  unsigned cols; /* the terminal's width */
} progress;

/* Starts p on out: on only when out is a terminal. */
void progress_init(progress *p, FILE *out);
/* Whether an update now would be shown (p on and the interval passed):
 * callers check before they format the line. */
bool progress_due(const progress *p);
/* Shows the line (printf format) in place of the previous one, when due;
 * `force` shows it even before the interval has passed (a new phase). */
void progress_show(progress *p, bool force, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Erases the line, if one is shown, leaving the cursor at column 0. */
void progress_end(progress *p);
/* Erases a line shown on stderr from another thread (lib/sigwatch, before
 * its message on a signal): write(2) only, no stdio lock taken. */
void progress_erase_stderr(void);

#endif
