/* race: see race.h. */
#include "race.h"

#include "mem.h"
#include "sigwatch.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static bool race_child;
/* the child's pipes: up to the parent, down from it (race_yield) */
static int race_up = -1, race_down = -1;

bool race_in_child(void) { return race_child; }

_Noreturn void race_exit(int status) {
  fflush(stdout);
  fflush(stderr);
  _exit(status);
}

static double race_tv(struct timeval t) {
  return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

static double race_usage(const struct rusage *u) {
  return race_tv(u->ru_utime) + race_tv(u->ru_stime);
}

double race_cpu_self(void) {
  struct rusage u;
  return getrusage(RUSAGE_SELF, &u) ? 0 : race_usage(&u);
}

void race_said_free(race_said said[], size_t n) {
  for (size_t i = 0; i < n; i++) {
    mem_free(said[i].text);
    said[i].text = 0;
  }
}

/* text as one line of at most RACE_TEXT_MAX bytes (a copy) */
static char *race_line(const char *text) {
  size_t n = text ? strlen(text) : 0;
  if (n > RACE_TEXT_MAX) n = RACE_TEXT_MAX;
  char *s = mem_alloc(n + 1);
  for (size_t i = 0; i < n; i++)
    s[i] = text[i] == '\t' || text[i] == '\n' || text[i] == '\r' ? ' '
                                                                  : text[i];
  s[n] = 0;
  return s;
}

static bool race_write(int fd, const char *buf, size_t len) {
  while (len) {
    ssize_t w = write(fd, buf, len);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    buf += w;
    len -= (size_t)w;
  }
  return true;
}

/* "<kind>\t<cpu>\t<text>\n" */
static char *race_record(char kind, double cpu, const char *text) {
  char *t = race_line(text);
  char *r = mem_printf("%c\t%.3f\t%s\n", kind, cpu, t);
  mem_free(t);
  return r;
}

/* Parses one record line (without its newline) into *s; its kind. */
static char race_parse(char *line, race_said *s) {
  char kind = line[0];
  char *cpu = strchr(line, '\t');
  char *text = cpu ? strchr(cpu + 1, '\t') : 0;
  if (!cpu || !text) return 0;
  *text++ = 0;
  s->cpu = strtod(cpu + 1, 0);
  mem_free(s->text);
  s->text = race_line(text);
  s->said = kind == 'D' || kind == 'S';
  s->decisive = kind == 'D';
  s->killed = kind == 'K';
  return kind;
}

typedef struct {
  pid_t pid;
  int rd, wr;
  char *buf; /* what it wrote so far */
  size_t len;
  bool said, ended; /* a whole record; its process reaped */
  bool paused;      /* waits in race_yield for its turn */
  int status;
} race_kid;

size_t race_yield(void) {
  if (!race_child || race_up < 0) return 0;
  if (!race_write(race_up, "P\t0\t\n", 5)) _exit(1);
  /* the parent's "G<n>": go on, n branches running; end of file: the race
   * is over (a kill follows), nothing more to do */
  size_t n = 0;
  for (;;) {
    char c;
    ssize_t r = read(race_down, &c, 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) _exit(0);
    if (c == '\n') return n ? n : 1;
    if (c >= '0' && c <= '9') n = n * 10 + (size_t)(c - '0');
  }
}

/* ---------- the child ---------- */

static race_role race_in(size_t n, size_t k, race_branch *branch, void *arg,
                         int rd, int wr, race_said said[]) {
  race_child = true;
  sigwatch_forked();
  /* for tests: EREP_RACE_TEST_KILL=K... (digits) makes the processes of
   * those branches die by SIGKILL before they start, as a crash or the
   * OOM killer would */
  const char *t = getenv("EREP_RACE_TEST_KILL");
  if (t && k < 10 && strchr(t, (int)('0' + k))) raise(SIGKILL);
  bool decisive = false;
  char *text = 0;
  race_up = wr;
  race_down = rd;
  branch(arg, k, &decisive, &text);
  race_up = race_down = -1;
  char *rec = race_record(decisive ? 'D' : 'S', race_cpu_self(), text);
  mem_free(text);
  bool ok = race_write(wr, rec, strlen(rec));
  mem_free(rec);
  close(wr);
  if (!ok) _exit(1);
  /* the parent's answer: every branch's record, then "E": this one won;
   * end of file or SIGKILL: it lost */
  size_t cap = n * (RACE_TEXT_MAX + 64) + 16, len = 0;
  char *buf = mem_alloc(cap + 1);
  for (;;) {
    ssize_t r = read(rd, buf + len, cap - len);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    len += (size_t)r;
    if (len == cap) break;
  }
  buf[len] = 0;
  close(rd);
  char *end = strstr(buf, "\nE\n");
  if (!end) _exit(0);
  char *line = buf;
  for (size_t i = 0; i < n && line && *line != 'E'; i++) {
    char *nl = strchr(line, '\n');
    if (!nl) break;
    *nl = 0;
    race_parse(line, &said[i]);
    line = nl + 1;
  }
  mem_free(buf);
  return RACE_WON;
}

/* ---------- the parent ---------- */

static void race_reap(race_kid *c, race_said *s, bool kill_it) {
  if (c->ended) return;
  if (kill_it) kill(c->pid, SIGKILL);
  int st = 0;
  struct rusage u;
  memset(&u, 0, sizeof u);
  while (wait4(c->pid, &st, 0, &u) < 0 && errno == EINTR) {
  }
  c->ended = true;
  c->status = WIFEXITED(st) ? WEXITSTATUS(st)
              : WIFSIGNALED(st) ? 128 + WTERMSIG(st)
                                : 1;
  s->cpu = race_usage(&u);
  if (!c->said && !kill_it) {
    mem_free(s->text);
    s->text = WIFSIGNALED(st)
                  ? mem_printf("its process ended by signal %d (%s)",
                               WTERMSIG(st), strsignal(WTERMSIG(st)))
                  : mem_printf("its process ended with status %d without "
                               "a result",
                               c->status);
  }
  if (!c->said && kill_it) s->killed = true;
}

/* Reads what child c wrote; true when its record is complete or it ended. */
static void race_read(race_kid *c, race_said *s) {
  char tmp[4096];
  ssize_t r = read(c->rd, tmp, sizeof tmp);
  if (r < 0 && errno == EINTR) return;
  if (r > 0) {
    c->buf = mem_realloc(c->buf, c->len + (size_t)r + 1);
    memcpy(c->buf + c->len, tmp, (size_t)r);
    c->len += (size_t)r;
    c->buf[c->len] = 0;
    /* "P" lines first: the child waits in race_yield */
    while (c->len >= 2 && c->buf[0] == 'P') {
      char *pl = memchr(c->buf, '\n', c->len);
      if (!pl) break;
      size_t drop = (size_t)(pl - c->buf) + 1;
      memmove(c->buf, c->buf + drop, c->len - drop + 1);
      c->len -= drop;
      c->paused = true;
    }
    char *nl = memchr(c->buf, '\n', c->len);
    if (nl && !c->said) {
      *nl = 0;
      char kind = race_parse(c->buf, s);
      c->said = kind == 'D' || kind == 'S';
    }
    /* a line that is no record, or no line at all: the child would wait
     * for an answer for ever (no hang: it is killed, and said so) */
    if (!c->said && (nl || c->len > 2 * RACE_TEXT_MAX + 64)) {
      race_reap(c, s, true);
      s->killed = false;
      mem_free(s->text);
      s->text = mem_strdup("its process sent no result erep understands");
    }
  }
  if (r <= 0 && !c->said) race_reap(c, s, false); /* ended (EOF) */
}

/* Kid c goes on from race_yield, `running` branches with it. */
static void race_resume(race_kid *c, size_t running) {
  struct sigaction ign = {.sa_handler = SIG_IGN}, old;
  sigemptyset(&ign.sa_mask);
  sigaction(SIGPIPE, &ign, &old);
  char go[32];
  int len = snprintf(go, sizeof go, "G%zu\n", running);
  race_write(c->wr, go, (size_t)len);
  sigaction(SIGPIPE, &old, 0);
  c->paused = false;
}

race_role race_run(size_t n, size_t cores, race_branch *branch,
                   race_goes_on *goes_on, void *arg, const atomic_int *stop,
                   race_said said[], size_t *winner, int *status,
                   double *cpu_before) {
  race_kid kid[RACE_MAX];
  memset(kid, 0, sizeof kid);
  memset(said, 0, n * sizeof *said);
  *winner = n;
  *status = 1;
  *cpu_before = race_cpu_self();
  if (n < 2 || n > RACE_MAX) return RACE_UNFORKED;
  fflush(stdout);
  fflush(stderr);
  pid_t parent = getpid();
  size_t made = 0;
  for (size_t k = 0; k < n; k++) {
    int up[2], down[2];
    if (pipe(up)) break;
    if (pipe(down)) {
      close(up[0]);
      close(up[1]);
      break;
    }
    pid_t pid = fork();
    if (pid < 0) {
      close(up[0]);
      close(up[1]);
      close(down[0]);
      close(down[1]);
      break;
    }
    if (!pid) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(1);
      for (size_t j = 0; j < k; j++) {
        close(kid[j].rd);
        close(kid[j].wr);
      }
      close(up[0]);
      close(down[1]);
      *winner = k;
      return race_in(n, k, branch, arg, down[0], up[1], said);
    }
    close(up[1]);
    close(down[0]);
    kid[k] = (race_kid){.pid = pid, .rd = up[0], .wr = down[1]};
    made++;
  }
  if (made < n) { /* no race: the children made end at once */
    for (size_t k = 0; k < made; k++) {
      close(kid[k].rd);
      close(kid[k].wr);
      race_reap(&kid[k], &said[k], true);
    }
    race_said_free(said, n);
    memset(said, 0, n * sizeof *said);
    return RACE_UNFORKED;
  }
  bool forwarded = false;
  size_t won = n;
  for (;;) {
    struct pollfd p[RACE_MAX];
    size_t at[RACE_MAX], np = 0;
    for (size_t k = 0; k < n; k++) {
      if (!kid[k].said && !kid[k].ended) {
        p[np] = (struct pollfd){.fd = kid[k].rd, .events = POLLIN};
        at[np++] = k;
      }
    }
    if (!np) break; /* every branch said something or ended */
    if (stop && atomic_load(stop) && !forwarded) {
      int sig = atomic_load(stop); /* the signal the parent got */
      for (size_t k = 0; k < n; k++)
        if (!kid[k].ended) kill(kid[k].pid, sig > 0 ? sig : SIGTERM);
      forwarded = true;
    }
    /* a branch that yielded goes on once fewer than `cores` run (at
     * once after a signal: it stops as the others do) */
    size_t running = 0;
    for (size_t k = 0; k < n; k++)
      running += !kid[k].said && !kid[k].ended && !kid[k].paused;
    for (size_t k = 0; k < n; k++)
      if (kid[k].paused && !kid[k].said && !kid[k].ended &&
          (running < cores || !cores || forwarded)) {
        running++;
        race_resume(&kid[k], running);
      }
    int r = poll(p, (nfds_t)np, 50);
    if (r < 0 && errno != EINTR) break;
    for (size_t i = 0; r > 0 && i < np; i++)
      if (p[i].revents) race_read(&kid[at[i]], &said[at[i]]);
    for (size_t k = 0; k < n && won == n; k++)
      if (kid[k].said && said[k].decisive) won = k;
    if (won < n) break;
  }
  bool parent_on = won == n && goes_on && goes_on(arg, said, n);
  if (won == n && !parent_on) /* none decisive: the last that said */
    for (size_t k = n; k-- > 0;)
      if (kid[k].said && !kid[k].ended) {
        won = k;
        break;
      }
  for (size_t k = 0; k < n; k++)
    if (k != won) {
      close(kid[k].wr);
      race_reap(&kid[k], &said[k], true);
    }
  if (won < n) {
    char *msg = mem_strdup("");
    for (size_t k = 0; k < n; k++) {
      const race_said *s = &said[k];
      char kind = s->decisive ? 'D' : s->said ? 'S' : s->killed ? 'K' : 'X';
      char *rec = race_record(kind, s->cpu, s->text);
      char *m = mem_printf("%s%s", msg, rec);
      mem_free(rec);
      mem_free(msg);
      msg = m;
    }
    char *m = mem_printf("%sE\n", msg);
    mem_free(msg);
    /* a winner that died meanwhile: its end is its status (no SIGPIPE) */
    struct sigaction ign = {.sa_handler = SIG_IGN}, old;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old);
    race_write(kid[won].wr, m, strlen(m));
    sigaction(SIGPIPE, &old, 0);
    mem_free(m);
    close(kid[won].wr);
    race_reap(&kid[won], &said[won], false);
    *status = kid[won].status;
  }
  for (size_t k = 0; k < n; k++) {
    close(kid[k].rd);
    mem_free(kid[k].buf);
  }
  *winner = won;
  return RACE_OVER;
}
