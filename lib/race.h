/* race: branches of one computation side by side, each in a forked child of
 * this process, the first decisive one wins (a parallel portfolio).
 *
 * race_run forks one child per branch. Each child runs its branch, says
 * on a pipe whether the result is decisive and one line of text, and
 * waits. The parent waits for the first decisive result, kills the
 * other children (SIGKILL; they may be in the middle of their work) and
 * lets the winner go on: race_run returns RACE_WON in that child, with
 * what every branch said, and the child finishes the command (its
 * output, its files) and ends by race_exit. When no branch is decisive,
 * the winner is the last branch in order that said something, unless
 * goes_on (may be NULL) keeps the parent going. The parent
 * gets RACE_OVER with the winner's exit status, or with winner == n when
 * no child said anything (each crashed or could not be made): then the
 * parent goes on with said[] (each branch's end) and the command fails as
 * it would have.
 *
 * Children are processes of this binary made by fork (no exec): they
 * share what was loaded, copy on write. Before race_run the caller joins
 * its own threads (other than sigwatch's, which race_run remakes in each
 * child) and flushes stdout. A stop request (the flag `stop`, set by
 * sigwatch to the signal) is forwarded to the children, each of which
 * stops as the command would; a child ends when the parent dies
 * (PR_SET_PDEATHSIG). Texts are one line of at most RACE_TEXT_MAX bytes
 * (tabs and newlines become spaces). For tests, EREP_RACE_TEST_KILL=K...
 * (digits) kills those branches' processes (SIGKILL) as they start.
 *
 * Cores: a branch may leave its core to the others for a while
 * (race_yield, from its child); the parent lets it go on as soon as fewer
 * than `cores` branches run (those that have not said anything and do not
 * wait), at once when a signal came. So on two cores a branch that
 * yields after its share of the time waits while the two others run, and
 * takes the core of the first that ends without a decision, where it
 * left off. */
#ifndef EREP_RACE_H
#define EREP_RACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define RACE_MAX 8
#define RACE_TEXT_MAX 2000

typedef struct {
  bool said;     /* the branch said something (decisive, text) */
  bool decisive; /* its result ends the race */
  char *text;    /* what it said, or how its process ended (owned) */
  bool killed;   /* stopped by the race: another branch won */
  double cpu;    /* CPU seconds of its process (user + system) */
} race_said;

typedef enum {
  RACE_UNFORKED, /* no child could be made: run the branches in turn */
  RACE_WON,      /* this is the winning child */
  RACE_OVER      /* this is the parent; the race is over */
} race_role;

/* A branch: does branch k's work in the child and sets *decisive and
 * *text (mem_alloc'ed; may be NULL). */
typedef void race_branch(void *arg, size_t k, bool *decisive, char **text);

/* When no branch was decisive, in the parent, with what each said:
 * whether the parent goes on itself (every child is stopped; race_run
 * returns RACE_OVER with winner n) instead of the last branch that said
 * something. */
typedef bool race_goes_on(void *arg, const race_said said[], size_t n);

/* Runs n branches (2 <= n <= RACE_MAX) as above, at most `cores` of them
 * at once among those that yielded (0: no bound). said[] (n entries) is
 * filled in the winner and in the parent; free with race_said_free. In the
 * winner *winner is its branch; in the parent the winner's branch (n:
 * none) and *status its exit status (128 + N when a signal N ended it).
 * *cpu_before: the CPU seconds of this process before the race (in the
 * winner: of the parent, which its own do not count). */
race_role race_run(size_t n, size_t cores, race_branch *branch,
                   race_goes_on *goes_on, void *arg, const atomic_int *stop,
                   race_said said[], size_t *winner, int *status,
                   double *cpu_before);

/* In a branch's child: tell the parent that this branch waits, and wait
 * until it lets it go on (above); nothing outside a race (0). Returns how
 * many branches run from then on, this one included (at least 1: its share
 * of what the branches may use together). Ends the process when the race
 * is over meanwhile. */
size_t race_yield(void);

void race_said_free(race_said said[], size_t n);

/* Whether this process is a race's winning child (it ends by race_exit,
 * not by returning from its thread). */
bool race_in_child(void);

/* The winner's end: flushes stdout and stderr and exits with status,
 * without the exit handlers of the parent's process (they belong to it). */
_Noreturn void race_exit(int status);

/* CPU seconds of this process so far (user + system). */
double race_cpu_self(void);

#endif
