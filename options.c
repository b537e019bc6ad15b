#include "options.h"

#include "lib/esc.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;
  char letter;
  const char *arg;
  unsigned cmds;
  const char *help;
  size_t offset;
} opt_desc;

static const opt_desc opt_table[] = {
#define EREP_OPT_DESC(field, name, letter, arg, cmds, help)                    \
  {name, letter, arg, cmds, help, offsetof(erep_opts, field)},
    EREP_OPTIONS(EREP_OPT_DESC)
#undef EREP_OPT_DESC
};
#define OPT_COUNT (sizeof opt_table / sizeof *opt_table)

static const char **opt_slot(erep_opts *o, const opt_desc *d) {
  return (const char **)((char *)o + d->offset);
}

static int opt_usage(const char *cmdname, const char *msg, const char *what) {
  /* `what` is a command-line word: escaped like any foreign text */
  esc_fprintf(stderr, 0, "erep %s: %s '%s' (see 'erep %s --help')\n", cmdname,
              msg, what, cmdname);
  return 2;
}

int opt_parse(unsigned cmd, const char *cmdname, int argc, char **argv,
              erep_opts *o) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) return 1;
    if (a[0] != '-' || !a[1]) {
      if (o->npos == (int)(sizeof o->pos / sizeof *o->pos))
        return opt_usage(cmdname, "too many arguments at", a);
      o->pos[o->npos++] = a;
      continue;
    }
    const opt_desc *d = 0;
    const char *val = 0;
    if (a[1] == '-') {
      const char *name = a + 2, *eq = strchr(name, '=');
      size_t n = eq ? (size_t)(eq - name) : strlen(name);
      for (size_t k = 0; k < OPT_COUNT; k++)
        if (strlen(opt_table[k].name) == n &&
            !strncmp(opt_table[k].name, name, n) &&
            (!d || (opt_table[k].cmds & cmd)))
          d = &opt_table[k];
      if (d && eq) {
        if (!d->arg) return opt_usage(cmdname, "option takes no value", a);
        val = eq + 1;
      }
    } else if (!a[2]) {
      for (size_t k = 0; k < OPT_COUNT; k++)
        if (opt_table[k].letter == a[1] && (!d || (opt_table[k].cmds & cmd)))
          d = &opt_table[k];
    }
    if (!d || !(d->cmds & cmd)) return opt_usage(cmdname, "unknown option", a);
    if (d->arg && !val) {
      if (i + 1 >= argc) return opt_usage(cmdname, "missing value for", a);
      val = argv[++i];
    }
    *opt_slot(o, d) = d->arg ? val : "1";
  }
  return 0;
}

void opt_print_help(unsigned cmd, const char *cmdname, const char *synopsis,
                    const char *what) {
  printf("usage: erep %s %s\n\n%s\n\noptions:\n", cmdname, synopsis, what);
  for (size_t k = 0; k < OPT_COUNT; k++) {
    const opt_desc *d = &opt_table[k];
    if (!(d->cmds & cmd)) continue;
    char left[64];
    snprintf(left, sizeof left, "%s%c%s--%s%s%s", d->letter ? "-" : "",
             d->letter ? d->letter : ' ', d->letter ? ", " : "  ", d->name,
             d->arg ? " " : "", d->arg ? d->arg : "");
    printf("  %-34s %s\n", d->letter ? left : left + 1, d->help);
  }
  printf("  %-34s %s\n", "-h, --help", "show this help");
}

long opt_long(const char *cmdname, const char *name, const char *val, long dflt,
              long min, long max) {
  if (!val) return dflt;
  char *end;
  errno = 0;
  long v = strtol(val, &end, 10);
  if (errno || end == val || *end || v < min || v > max) {
    esc_fprintf(
        stderr, 0,
        "erep %s: --%s wants a whole number from %ld to %ld, not '%s'\n",
        cmdname, name, min, max, val);
    exit(2);
  }
  return v;
}

/* Decimal digits, a point, an exponent: strtod alone would also take
 * "nan", "inf", hexadecimal floats and leading blanks. */
static bool opt_decimal(const char *s) {
  size_t digits = 0;
  while (*s >= '0' && *s <= '9')
    s++, digits++;
  if (*s == '.')
    for (s++; *s >= '0' && *s <= '9'; s++)
      digits++;
  if (!digits) return false;
  if (*s == 'e' || *s == 'E') {
    s++;
    if (*s == '+' || *s == '-') s++;
    if (*s < '0' || *s > '9') return false;
    while (*s >= '0' && *s <= '9')
      s++;
  }
  return !*s;
}

double opt_seconds(const char *cmdname, const char *name, const char *val,
                   double max) {
  if (!val) return 0;
  errno = 0;
  double v = opt_decimal(val) ? strtod(val, NULL) : NAN;
  if (errno || !isfinite(v) || v <= 0 || v > max) {
    esc_fprintf(stderr, 0,
                "erep %s: --%s wants a positive decimal number of seconds, at "
                "most %.0f, not '%s'\n",
                cmdname, name, max, val);
    exit(2);
  }
  return v;
}
