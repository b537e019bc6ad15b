#include "options.h"

#include "analysis/analyses.h"
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
  opt_type type;
  unsigned long lo, hi;
  const char *dflt; /* the default as given on the command line, or NULL */
  unsigned cmds;
  const char *help;
  size_t text, val; /* offsets of the text and of the checked value */
} opt_desc;

static const opt_desc opt_table[] = {
#define EREP_OPT_DESC(field, name, letter, arg, type, lo, hi, dflt, cmds,      \
                      help)                                                    \
  {name,                                                                       \
   letter,                                                                     \
   arg,                                                                        \
   type,                                                                       \
   lo,                                                                         \
   hi,                                                                         \
   dflt,                                                                       \
   cmds,                                                                       \
   help,                                                                       \
   offsetof(erep_opts, field),                                                 \
   offsetof(erep_opts, val.field)},
    EREP_OPTIONS(EREP_OPT_DESC)
#undef EREP_OPT_DESC
};
#define OPT_COUNT (sizeof opt_table / sizeof *opt_table)

static erep_status opt_usage(const char *cmdname, const char *msg,
                             const char *what) {
  /* `what` is a command-line word: escaped like any foreign text */
  esc_fprintf(stderr, 0, "erep %s: %s '%s' (see 'erep %s --help')\n", cmdname,
              msg, what, cmdname);
  return ST_BAD_INPUT;
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

/* The index of the word w[0..n) among the words of `choices` ("a|b|c"),
 * or -1. */
static int opt_choice_index(const char *choices, const char *w, size_t n) {
  int k = 0;
  for (const char *c = choices; *c; k++) {
    size_t m = strcspn(c, "|");
    if (m == n && !strncmp(c, w, n)) return k;
    c += m + (c[m] == '|');
  }
  return -1;
}

/* The analysis table's bit of the commands of row d (AN_REPORT,
 * AN_VERIFY). */
static unsigned opt_an_bits(const opt_desc *d) {
  return (d->cmds & CMD_report ? AN_REPORT : 0u) |
         (d->cmds & (CMD_verify | CMD_swarm) ? AN_VERIFY : 0u);
}

/* "explicit|predicate": the names of the analyses of row d (in buf). */
static const char *opt_an_words(const opt_desc *d, char *buf, size_t size) {
  size_t n = 0;
  buf[0] = 0;
  for (size_t k = 0; k < an_count; k++)
    if (an_table[k].commands & opt_an_bits(d))
      n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s",
                            n ? "|" : "", an_table[k].name);
  return buf;
}

/* Check `text` against d's type and range into v. */
static erep_status opt_check(const char *cmdname, const opt_desc *d,
                             const char *text, opt_value *v) {
  v->set = true;
  switch (d->type) {
  case OPT_FLAG:
    return ST_OK;
  case OPT_TEXT:
    v->text = text;
    return ST_OK;
  case OPT_UINT: {
    char *end = (char *)text;
    unsigned long n = 0;
    errno = 0;
    /* digits only: strtoul would take a sign and blanks */
    if (text[0] >= '0' && text[0] <= '9') n = strtoul(text, &end, 10);
    if (errno || end == text || *end || n < d->lo || n > d->hi) {
      esc_fprintf(stderr, 0,
                  "erep %s: --%s wants a whole number from %lu to %lu, not "
                  "'%s'\n",
                  cmdname, d->name, d->lo, d->hi, text);
      return ST_BAD_INPUT;
    }
    v->num = n;
    return ST_OK;
  }
  case OPT_SECONDS: {
    errno = 0;
    double x = opt_decimal(text) ? strtod(text, NULL) : NAN;
    if (errno || !isfinite(x) || x <= 0 || x > (double)d->hi) {
      esc_fprintf(stderr, 0,
                  "erep %s: --%s wants a positive decimal number of seconds, "
                  "at most %lu, not '%s'\n",
                  cmdname, d->name, d->hi, text);
      return ST_BAD_INPUT;
    }
    v->sec = x;
    return ST_OK;
  }
  case OPT_ANALYSIS: {
    const an_analysis *a = an_find(text);
    if (!a || !(a->commands & opt_an_bits(d))) {
      char words[256];
      esc_fprintf(stderr, 0, "erep %s: --%s must be one of %s, not '%s'\n",
                  cmdname, d->name, opt_an_words(d, words, sizeof words),
                  text);
      return ST_BAD_INPUT;
    }
    v->analysis = a;
    return ST_OK;
  }
  case OPT_CHOICES:  /* words joined by commas: a set */
  case OPT_CHOICE: { /* one word */
    v->num = 0;
    for (const char *w = text;; w++) {
      size_t n = d->type == OPT_CHOICES ? strcspn(w, ",") : strlen(w);
      int k = opt_choice_index(d->arg, w, n);
      if (k < 0) {
        esc_fprintf(stderr, 0, "erep %s: --%s must be %s %s, not '%s'\n",
                    cmdname, d->name,
                    d->type == OPT_CHOICES ? "one or more (joined by commas) of"
                                           : "one of",
                    d->arg, text);
        return ST_BAD_INPUT;
      }
      v->choice = k;
      v->num |= 1ul << k;
      w += n;
      if (!*w) break;
    }
    return ST_OK;
  }
  }
  return ST_FAILED;
}

/* The values of cmd's options from the defaults of their rows (not
 * `set`: not given). */
static erep_status opt_defaults(unsigned cmd, const char *cmdname,
                                erep_opts *o) {
  for (size_t k = 0; k < OPT_COUNT; k++) {
    const opt_desc *d = &opt_table[k];
    if (!d->dflt || !(d->cmds & cmd)) continue;
    opt_value *v = (opt_value *)((char *)o + d->val);
    erep_status st = opt_check(cmdname, d, d->dflt, v);
    if (st != ST_OK) return st; /* a wrong table: tests/cli_help.sh */
    v->set = false;
  }
  return ST_OK;
}

erep_status opt_parse(unsigned cmd, const char *cmdname, int argc, char **argv,
                      erep_opts *o) {
  memset(o, 0, sizeof *o);
  erep_status dst = opt_defaults(cmd, cmdname, o);
  if (dst != ST_OK) return dst;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) return ST_HELP;
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
      /* the row of this command when a name has several */
      for (size_t k = 0; k < OPT_COUNT; k++)
        if (strlen(opt_table[k].name) == n &&
            !strncmp(opt_table[k].name, name, n) &&
            (!d || (opt_table[k].cmds & cmd)))
          d = &opt_table[k];
      if (d && eq) {
        if (d->type == OPT_FLAG)
          return opt_usage(cmdname, "option takes no value", a);
        val = eq + 1;
      }
    } else {
      for (size_t k = 0; k < OPT_COUNT; k++)
        if (opt_table[k].letter == a[1] && (!d || (opt_table[k].cmds & cmd)))
          d = &opt_table[k];
      /* a value may follow the letter as in dot's own -Tsvg */
      if (d && a[2]) {
        if (d->type == OPT_FLAG) return opt_usage(cmdname, "unknown option", a);
        val = a + 2;
      }
    }
    if (!d || !(d->cmds & cmd)) return opt_usage(cmdname, "unknown option", a);
    if (d->type != OPT_FLAG && !val) {
      if (i + 1 >= argc) return opt_usage(cmdname, "missing value for", a);
      val = argv[++i];
    }
    *(const char **)((char *)o + d->text) = d->type == OPT_FLAG ? "1" : val;
    erep_status st = opt_check(cmdname, d, d->type == OPT_FLAG ? "1" : val,
                               (opt_value *)((char *)o + d->val));
    if (st != ST_OK) return st;
  }
  return ST_OK;
}

/* ---------- help and man page ---------- */

typedef struct {
  size_t text; /* the option's field, as in opt_desc */
  unsigned cmds;
  const char *arg, *help;
} opt_words_row;

static const opt_words_row opt_words[] = {
#define EREP_OPT_WORDS(field, cmds, arg, help)                                 \
  {offsetof(erep_opts, field), cmds, arg, help},
    EREP_OPTION_WORDS(EREP_OPT_WORDS)
#undef EREP_OPT_WORDS
};

/* d's argument name (NULL for a flag) and help text for command cmd, with
 * the default of d's row: "TEXT (default D)" (in buf); an analysis's
 * words and their help come from the analysis table (in abuf) */
static void opt_words_of(const opt_desc *d, unsigned cmd, const char **arg,
                         const char **help, char *buf, size_t size,
                         char *abuf, size_t asize) {
  *arg = d->type == OPT_FLAG ? 0 : d->arg;
  *help = d->help;
  if (d->type == OPT_ANALYSIS) {
    *arg = opt_an_words(d, abuf, asize);
    /* "the analysis: explicit (its help); predicate (its help)" */
    size_t n = (size_t)snprintf(buf, size, "%s:", d->help);
    const char *sep = "";
    for (size_t k = 0; k < an_count && n < size; k++)
      if (an_table[k].commands & opt_an_bits(d)) {
        n += (size_t)snprintf(buf + n, size - n, "%s %s (%s)", sep,
                              an_table[k].name, an_table[k].help);
        sep = ";";
      }
    *help = buf;
    if (d->dflt) {
      size_t m = strlen(buf);
      snprintf(buf + m, size - m, " (default %s)", d->dflt);
    }
    return;
  }
  for (size_t k = 0; k < sizeof opt_words / sizeof *opt_words; k++)
    if (opt_words[k].text == d->text && (opt_words[k].cmds & cmd)) {
      *arg = d->type == OPT_FLAG ? 0 : opt_words[k].arg;
      *help = opt_words[k].help;
      break;
    }
  if (d->dflt) {
    snprintf(buf, size, "%s (default %s)", *help, d->dflt);
    *help = buf;
  }
}

#define OPT_WIDTH 80u
#define OPT_HELP_COL 30u /* where the options' help texts start */

/* The length of the word at s: up to a blank outside brackets. */
static size_t opt_word_len(const char *s) {
  size_t n = 0;
  int depth = 0;
  for (; s[n] && (depth > 0 || s[n] != ' '); n++)
    depth += (s[n] == '[' || s[n] == '{') - (s[n] == ']' || s[n] == '}');
  return n;
}

void opt_wrap(FILE *out, const char *text, unsigned col, unsigned indent) {
  bool first = true;
  for (const char *s = text; *s;) {
    while (*s == ' ')
      s++;
    if (!*s) break;
    size_t n = opt_word_len(s);
    if (!first && col + 1 + n > OPT_WIDTH) {
      fprintf(out, "\n%*s", (int)indent, "");
      col = indent;
    } else if (!first) {
      fputc(' ', out);
      col++;
    }
    fprintf(out, "%.*s", (int)n, s);
    col += (unsigned)n;
    s += n;
    first = false;
  }
  fputc('\n', out);
}

/* "-o, --output FILE" or "    --sbe" */
static void opt_left(const opt_desc *d, const char *arg, char *buf,
                     size_t size) {
  snprintf(buf, size, "%c%c%s--%s%s%s", d->letter ? '-' : ' ',
           d->letter ? d->letter : ' ', d->letter ? ", " : "  ", d->name,
           arg ? " " : "", arg ? arg : "");
}

static void opt_help_row(const char *left, const char *help) {
  int n = printf("  %s", left);
  if ((unsigned)n + 1 > OPT_HELP_COL) {
    printf("\n%*s", (int)OPT_HELP_COL, "");
  } else {
    printf("%*s", (int)(OPT_HELP_COL - (unsigned)n), "");
  }
  opt_wrap(stdout, help, OPT_HELP_COL, OPT_HELP_COL);
}

void opt_print_help(unsigned cmd, const char *cmdname, const char *synopsis,
                    const char *what) {
  unsigned col = (unsigned)printf("usage: erep %s ", cmdname);
  opt_wrap(stdout, synopsis, col, col);
  putchar('\n');
  opt_wrap(stdout, what, 0, 0);
  printf("\noptions:\n");
  for (size_t k = 0; k < OPT_COUNT; k++) {
    const opt_desc *d = &opt_table[k];
    if (!(d->cmds & cmd)) continue;
    const char *arg, *help;
    char text[512], words[128];
    opt_words_of(d, cmd, &arg, &help, text, sizeof text, words, sizeof words);
    char left[96];
    opt_left(d, arg, left, sizeof left);
    opt_help_row(left, help);
  }
  opt_help_row("-h, --help", "show this help");
}

/* roff: a line that starts with a dot or a quote would be a request, and
 * a backslash an escape */
static void opt_roff(const char *s) {
  if (*s == '.' || *s == '\'') printf("\\&");
  for (; *s; s++) {
    if (*s == '\\')
      printf("\\e");
    else if (*s == '-')
      printf("\\-");
    else
      putchar(*s);
  }
}

void opt_print_man(unsigned cmd, const char *cmdname, const char *synopsis,
                   const char *what) {
  printf(".SS erep %s\n.B erep %s\n", cmdname, cmdname);
  opt_roff(synopsis);
  printf("\n.PP\n");
  opt_roff(what);
  putchar('\n');
  for (size_t k = 0; k < OPT_COUNT; k++) {
    const opt_desc *d = &opt_table[k];
    if (!(d->cmds & cmd)) continue;
    const char *arg, *help;
    char text[512], words[128];
    opt_words_of(d, cmd, &arg, &help, text, sizeof text, words, sizeof words);
    printf(".TP\n");
    if (d->letter) printf("\\fB\\-%c\\fR, ", d->letter);
    printf("\\fB\\-\\-");
    opt_roff(d->name);
    printf("\\fR");
    if (arg) {
      printf(" \\fI");
      opt_roff(arg);
      printf("\\fR");
    }
    putchar('\n');
    opt_roff(help);
    putchar('\n');
  }
}
