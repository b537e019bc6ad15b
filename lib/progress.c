#include "progress.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/* the columns of the line shown on stderr, for progress_erase_stderr */
static atomic_size_t progress_stderr_shown;

static void progress_set_shown(progress *p, size_t n) {
  p->shown = n;
  if (p->out == stderr) atomic_store(&progress_stderr_shown, n);
}

static double progress_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void progress_init(progress *p, FILE *out) {
  p->out = out;
  p->on = isatty(fileno(out));
  p->shown = 0;
  p->next = 0;
  p->cols = 80;
  struct winsize ws;
  if (p->on && !ioctl(fileno(out), TIOCGWINSZ, &ws) && ws.ws_col > 1)
    p->cols = ws.ws_col;
}

bool progress_due(const progress *p) {
  return p->on && progress_now() >= p->next;
}

void progress_show(progress *p, bool force, const char *fmt, ...) {
  if (!p->on) return;
  double now = progress_now();
  if (!force && now < p->next) return;
  p->next = now + 1.0 / PROGRESS_HZ;
  char line[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  /* one column short of the width: a full line would wrap on some
   * terminals, and '\r' would no longer reach its start */
  size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
  if (len > p->cols - 1) len = p->cols - 1;
  /* blanks over what the previous, longer line left */
  int pad = p->shown > len ? (int)(p->shown - len) : 0;
  fprintf(p->out, "\r%.*s%*s", (int)len, line, pad, "");
  if (pad) fprintf(p->out, "\r%.*s", (int)len, line);
  fflush(p->out);
  progress_set_shown(p, len);
}

void progress_end(progress *p) {
  if (!p->on || !p->shown) return;
  fprintf(p->out, "\r%*s\r", (int)p->shown, "");
  fflush(p->out);
  progress_set_shown(p, 0);
}

void progress_erase_stderr(void) {
  size_t n = atomic_exchange(&progress_stderr_shown, 0);
  if (!n) return;
  char blanks[258];
  memset(blanks, ' ', sizeof blanks);
  blanks[0] = '\r';
  if (n > sizeof blanks - 2) n = sizeof blanks - 2;
  blanks[n + 1] = '\r';
  ssize_t w = write(2, blanks, n + 2);
  (void)w; /* nothing to do about a failed erase */
}
