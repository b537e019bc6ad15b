#include "config.h"

#include "term.h"

#include "lib/mem.h"

#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int term_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV,
                                   SIGBUS, SIGFPE,  SIGILL, SIGABRT};
#define TERM_NSIG (sizeof term_signals / sizeof *term_signals)

static SCREEN *term_screen;
static volatile sig_atomic_t term_live;
static struct termios term_saved;
static bool term_have_saved;
static char term_reset[256]; /* reset strings, fetched while it is safe */
static size_t term_reset_len;
static struct sigaction term_old[TERM_NSIG];
static attr_t term_roles[TA__COUNT];
static bool term_is_utf8;

static void term_on_signal(int sig) {
  if (term_live) {
    term_live = 0;
    /* write(2) and tcsetattr(3) are async-signal-safe; curses is not */
    ssize_t k = write(STDOUT_FILENO, term_reset, term_reset_len);
    (void)k;
    if (term_have_saved) tcsetattr(STDOUT_FILENO, TCSANOW, &term_saved);
  }
  /* SA_RESETHAND restored the default action: die of the same signal
   * once the handler returns (a fault re-executes and dumps core) */
  raise(sig);
}

static void term_add_reset(const char *cap) {
  char *s = tigetstr(cap);
  if (!s || s == (char *)-1) return;
  size_t n = strlen(s);
  if (term_reset_len + n >= sizeof term_reset) return;
  memcpy(term_reset + term_reset_len, s, n);
  term_reset_len += n;
}

static void term_colours(void) {
  bool colour = has_colors() && !(getenv("NO_COLOR") && *getenv("NO_COLOR"));
  attr_t a[TA__COUNT] = {0};
  a[TA_HEADER] = A_BOLD;
  a[TA_TITLE] = A_REVERSE;
  a[TA_TITLE_FOCUS] = A_REVERSE | A_BOLD;
  a[TA_SELECT] = A_REVERSE;
  a[TA_SELECT_IDLE] = A_UNDERLINE;
  a[TA_HINT_KEY] = A_BOLD;
  a[TA_ERROR] = A_BOLD;
  a[TA_UNEXPLORED] = A_BOLD;
  a[TA_DIM] = A_DIM;
  a[TA_ESCAPE] = A_BOLD | A_UNDERLINE;
  a[TA_MATCH] = A_STANDOUT;
  a[TA_MARK] = A_BOLD;
  if (colour && start_color() == OK) {
    use_default_colors();
    static const struct {
      term_attr_id id;
      short fg, bg;
      attr_t extra;
    } pairs[] = {
        {TA_TITLE_FOCUS, COLOR_BLACK, COLOR_CYAN, A_BOLD},
        {TA_HINT_KEY, COLOR_CYAN, -1, A_BOLD},
        {TA_ERROR, COLOR_RED, -1, A_BOLD},
        {TA_SAFE, COLOR_GREEN, -1, 0},
        {TA_FRONTIER, COLOR_RED, -1, 0},
        {TA_UNKNOWN, COLOR_YELLOW, -1, 0},
        {TA_VERIFIED, COLOR_GREEN, -1, 0},
        {TA_UNEXPLORED, COLOR_RED, -1, A_BOLD},
        {TA_ONTRACE, COLOR_CYAN, -1, 0},
        {TA_VISITED, COLOR_BLUE, -1, 0},
        {TA_ESCAPE, COLOR_MAGENTA, -1, A_BOLD},
        {TA_MATCH, COLOR_BLACK, COLOR_YELLOW, 0},
        {TA_MARK, COLOR_YELLOW, -1, A_BOLD},
    };
    for (short i = 0; i < (short)(sizeof pairs / sizeof *pairs); i++) {
      init_pair((short)(i + 1), pairs[i].fg, pairs[i].bg);
      a[pairs[i].id] = (attr_t)COLOR_PAIR(i + 1) | pairs[i].extra;
    }
  }
  memcpy(term_roles, a, sizeof a);
}

int term_start(char **err) {
  const char *cs = nl_langinfo(CODESET);
  term_is_utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
  term_have_saved = tcgetattr(STDOUT_FILENO, &term_saved) == 0;
  /* before newterm, which installs curses' own handlers over defaults */
  for (size_t i = 0; i < TERM_NSIG; i++)
    sigaction(term_signals[i], NULL, &term_old[i]);
  term_screen = newterm(NULL, stdout, stdin);
  if (!term_screen) {
    const char *t = getenv("TERM");
    *err = mem_printf("cannot use the terminal (TERM=%s)", t ? t : "unset");
    return -1;
  }
  set_term(term_screen);
  /* the browser moves the cursor: a terminal that cannot (TERM=dumb, a
   * printing terminal) would show one garbled line. Nothing is drawn yet. */
  const char *cup = tigetstr("cup");
  if (!cup || cup == (const char *)-1) {
    const char *t = getenv("TERM");
    endwin();
    delscreen(term_screen);
    term_screen = NULL;
    for (size_t i = 0; i < TERM_NSIG; i++)
      sigaction(term_signals[i], &term_old[i], NULL);
    *err = mem_printf("needs a terminal that can move the cursor (TERM=%s "
                      "cannot); 'erep report' prints a summary, 'erep dot' "
                      "and 'erep tests' export",
                      t ? t : "unset");
    return -1;
  }
  cbreak();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  set_escdelay(25); /* Esc alone is a key here, not the start of one */
  curs_set(0);
  term_colours();
  term_reset_len = 0;
  term_add_reset("sgr0");
  term_add_reset("cnorm");
  term_add_reset("rmkx");
  term_add_reset("rmcup");
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = term_on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = (int)SA_RESETHAND;
  for (size_t i = 0; i < TERM_NSIG; i++)
    sigaction(term_signals[i], &sa, NULL);
  term_live = 1;
  return 0;
}

void term_stop(void) {
  if (!term_screen) return;
  term_live = 0;
  endwin();
  delscreen(term_screen);
  term_screen = NULL;
  for (size_t i = 0; i < TERM_NSIG; i++)
    sigaction(term_signals[i], &term_old[i], NULL);
}

attr_t term_attr(term_attr_id a) { return term_roles[a]; }

bool term_utf8(void) { return term_is_utf8; }
