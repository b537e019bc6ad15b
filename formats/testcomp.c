/* testcomp: test vectors as Test-Comp suites, C harnesses, instrumented
 * programs and a runner script (see testcomp.h). */
#include "formats/testcomp.h"
#include "lib/esc.h"

#include <errno.h>
#include <libxml/xmlwriter.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------- the suite ---------- */

tc_suite *tc_suite_new(void) {
  tc_suite *s = mem_calloc(1, sizeof *s);
  s->arena = mem_arena_new();
  s->data_model = "ILP32";
  return s;
}

void tc_suite_free(tc_suite *s) {
  if (!s) return;
  for (size_t i = 0; i < s->tests.len; i++) {
    VEC_FREE(s->tests.data[i].lines);
    VEC_FREE(s->tests.data[i].back);
    VEC_FREE(s->tests.data[i].soft);
    VEC_FREE(s->tests.data[i].inputs);
  }
  VEC_FREE(s->tests);
  for (size_t i = 0; i < s->warnings.len; i++)
    mem_free(s->warnings.data[i]);
  VEC_FREE(s->warnings);
  mem_arena_free(s->arena);
  mem_free(s);
}

const char *tc_strdup(tc_suite *s, const char *str) {
  return str ? mem_arena_strdup(s->arena, str) : NULL;
}

/* Add a warning (printf format). */
static void tc_warn(tc_suite *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void tc_warn(tc_suite *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  VEC_PUSH(s->warnings, m);
}

void tc_unfed(tc_suite *s, tc_test *t, const char *fmt, ...) {
  if (t->unfed) return;
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  t->unfed = tc_strdup(s, m);
  mem_free(m);
}

/* ---------- small helpers ---------- */

static bool tc_is_ident_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool tc_is_ident_char(int c) {
  return tc_is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool tc_is_ident(const char *s) {
  if (!tc_is_ident_start((unsigned char)*s)) return false;
  for (s++; *s; s++)
    if (!tc_is_ident_char((unsigned char)*s)) return false;
  return true;
}

/* How a C type spelling (canonical, as the front end writes it) is
 * returned by a harness function. */
typedef enum { TC_INT, TC_BOOL, TC_FLOAT, TC_PTR, TC_OTHER } tc_tkind;

static const char *const tc_int_types[] = {
    "char",           "signed char", "unsigned char",      "short",
    "unsigned short", "int",         "unsigned int",       "long",
    "unsigned long",  "long long",   "unsigned long long", 0};

static tc_tkind tc_type_kind(const char *t) {
  if (strchr(t, '*') || strchr(t, '(')) return TC_PTR;
  if (!strcmp(t, "_Bool")) return TC_BOOL;
  if (!strcmp(t, "float") || !strcmp(t, "double") || !strcmp(t, "long double"))
    return TC_FLOAT;
  for (int i = 0; tc_int_types[i]; i++)
    if (!strcmp(t, tc_int_types[i])) return TC_INT;
  if (!strncmp(t, "enum ", 5)) return TC_INT;
  return TC_OTHER;
}

/* The return type a harness function is defined with. Pointers become
 * void * and enums int: the same registers, and no struct names needed. */
static const char *tc_ret_type(const char *t) {
  switch (tc_type_kind(t)) {
  case TC_PTR:
    return "void *";
  case TC_BOOL:
    return "_Bool";
  case TC_FLOAT:
    return t;
  case TC_INT:
    return strncmp(t, "enum ", 5) ? t : "int";
  default:
    return "long long";
  }
}

bool tc_type_returnable(const char *type) {
  return tc_type_kind(type) != TC_OTHER;
}

bool tc_type_float(const char *type) { return tc_type_kind(type) == TC_FLOAT; }

/* ---------- Test-Comp XML ---------- */

#define TC_TESTCASE_PUBID                                                      \
  "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN"
#define TC_TESTCASE_SYSID "https://sosy-lab.org/test-format/testcase-1.1.dtd"
#define TC_METADATA_PUBID                                                      \
  "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN"
#define TC_METADATA_SYSID                                                      \
  "https://sosy-lab.org/test-format/test-metadata-1.1.dtd"
#define TC_SPEC "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )"

/* The specification: for a verification report, Test-Comp's error
 * coverage (coverage-error-call.prp, as TestCov reads it) when a test
 * calls reach_error or __VERIFIER_error; else branch coverage (an
 * automaton's report is about the paths it leaves). Allocated. */
static char *tc_spec(const tc_suite *s) {
  for (size_t i = 0; i < s->tests.len && s->verification; i++) {
    const char *e = s->tests.data[i].error;
    if (e && (!strcmp(e, "reach_error") || !strcmp(e, "__VERIFIER_error")))
      return mem_printf("COVER( init(main()), FQL(COVER EDGES(@CALL(%s))) )",
                        e);
  }
  return mem_strdup(TC_SPEC);
}

typedef struct {
  xmlBufferPtr buf;
  xmlTextWriterPtr w;
  int failed;
} tc_xml;

#define TC_X(x, call)                                                          \
  do {                                                                         \
    if (!(x)->failed && (call) < 0) (x)->failed = 1;                           \
  } while (0)

/* Text for XML 1.0, which cannot carry most control characters: they
 * become visible escapes (lib/esc), as on the terminal. */
static char *tc_xml_text(const char *s) {
  return esc_text(s, ESC_KEEP_TAB | ESC_KEEP_NL);
}

static void tc_xml_comment(tc_xml *x, const char *text);

static bool tc_xml_start(tc_xml *x, const char *root, const char *pubid,
                         const char *sysid, const char *caution) {
  x->failed = 0;
  x->buf = xmlBufferCreate();
  x->w = x->buf ? xmlNewTextWriterMemory(x->buf, 0) : NULL;
  if (!x->w) return false;
  TC_X(x, xmlTextWriterStartDocument(x->w, "1.0", "UTF-8", "no"));
  /* the DOCTYPE on one line, as every Test-Comp producer writes it
   * (with indentation on, libxml2 breaks it before the system id) */
  TC_X(x, xmlTextWriterWriteDTD(x->w, BAD_CAST root, BAD_CAST pubid,
                                BAD_CAST sysid, NULL));
  TC_X(x, xmlTextWriterWriteRaw(x->w, BAD_CAST "\n"));
  TC_X(x, xmlTextWriterSetIndent(x->w, 1));
  TC_X(x, xmlTextWriterSetIndentString(x->w, BAD_CAST "  "));
  if (caution) {
    char *c = mem_printf(" erep: warning: %s ", caution);
    tc_xml_comment(x, c);
    mem_free(c);
    TC_X(x, xmlTextWriterWriteRaw(x->w, BAD_CAST "\n"));
  }
  TC_X(x, xmlTextWriterStartElement(x->w, BAD_CAST root));
  return true;
}

static void tc_xml_elem(tc_xml *x, const char *name, const char *text) {
  char *t = tc_xml_text(text);
  TC_X(x, xmlTextWriterWriteElement(x->w, BAD_CAST name, BAD_CAST t));
  mem_free(t);
}

static int tc_xml_finish(tc_xml *x, FILE *out, const char *what, char **err) {
  int rc = 0;
  if (x->w) {
    TC_X(x, xmlTextWriterEndElement(x->w));
    TC_X(x, xmlTextWriterEndDocument(x->w));
    xmlFreeTextWriter(x->w); /* flushes into buf */
  }
  if (!x->w || !x->buf || x->failed) {
    *err = mem_printf("writing the XML of %s failed (libxml2)", what);
    rc = -1;
  } else {
    size_t n = (size_t)xmlBufferLength(x->buf);
    if (fwrite(xmlBufferContent(x->buf), 1, n, out) != n) {
      *err = mem_printf("writing %s: %s", what, strerror(errno));
      rc = -1;
    }
  }
  if (x->buf) xmlBufferFree(x->buf);
  return rc;
}

int tc_write_metadata(const tc_suite *s, FILE *out, const char *producer,
                      time_t created, char **err) {
  *err = NULL;
  tc_xml x;
  if (!tc_xml_start(&x, "test-metadata", TC_METADATA_PUBID, TC_METADATA_SYSID,
                    s->caution))
    x.failed = 1;
  if (x.w) {
    char when[32];
    struct tm tm;
    gmtime_r(&created, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    tc_xml_elem(&x, "sourcecodelang", "C");
    tc_xml_elem(&x, "producer", producer);
    char *spec = tc_spec(s);
    tc_xml_elem(&x, "specification", spec);
    mem_free(spec);
    tc_xml_elem(&x, "programfile", s->program_path);
    tc_xml_elem(&x, "programhash", s->program_sha256 ? s->program_sha256 : "");
    tc_xml_elem(&x, "entryfunction", "main");
    tc_xml_elem(&x, "architecture",
                !strcmp(s->data_model, "LP64") ? "64bit" : "32bit");
    tc_xml_elem(&x, "creationtime", when);
  }
  return tc_xml_finish(&x, out, "metadata.xml", err);
}

/* An XML comment: foreign text escaped, and no "--" (which would end
 * it, or make the document ill-formed). */
static void tc_xml_comment(tc_xml *x, const char *text) {
  char *t = tc_xml_text(text);
  for (char *p = t; *p; p++)
    if (p[0] == '-' && (p[1] == '-' || !p[1])) *p = '_';
  TC_X(x, xmlTextWriterWriteComment(x->w, BAD_CAST t));
  mem_free(t);
}

int tc_write_testcase(const tc_suite *s, const tc_test *t, FILE *out,
                      char **err) {
  *err = NULL;
  tc_xml x;
  if (!tc_xml_start(&x, "testcase", TC_TESTCASE_PUBID, TC_TESTCASE_SYSID,
                    s->caution))
    x.failed = 1;
  size_t uninit = 0, written = 0;
  if (x.w) {
    TC_X(&x, xmlTextWriterWriteAttribute(x.w, BAD_CAST "coversError",
                                         BAD_CAST(t->error ? "true" : "false")));
    if (t->unfed) {
      char *c = mem_printf(" cannot be fed: %s ", t->unfed);
      tc_xml_comment(&x, c);
      mem_free(c);
    }
    if (t->undefined) {
      char *c = mem_printf(" reaches undefined behaviour at line %u: %s (a "
                           "build with -fsanitize=address,undefined shows "
                           "it) ",
                           t->end_line, t->undefined);
      tc_xml_comment(&x, c);
      mem_free(c);
    }
    for (size_t i = 0; i < t->inputs.len; i++) {
      const tc_input *in = &t->inputs.data[i];
      if (in->uninit) {
        uninit++;
        continue;
      }
      if (in->written) {
        written++;
        continue;
      }
      char *ty = tc_xml_text(in->type);
      TC_X(&x, xmlTextWriterStartElement(x.w, BAD_CAST "input"));
      TC_X(&x, xmlTextWriterWriteAttribute(x.w, BAD_CAST "type", BAD_CAST ty));
      if (in->variable) {
        char *v = tc_xml_text(in->variable);
        TC_X(&x,
             xmlTextWriterWriteAttribute(x.w, BAD_CAST "variable", BAD_CAST v));
        mem_free(v);
      }
      char *v = tc_xml_text(in->text ? in->text : "");
      TC_X(&x, xmlTextWriterWriteString(x.w, BAD_CAST v));
      mem_free(v);
      TC_X(&x, xmlTextWriterEndElement(x.w));
      mem_free(ty);
    }
    if (uninit) {
      char c[160];
      snprintf(c, sizeof c,
               " and %zu value%s of uninitialised locals: set by the "
               "instrumented program with harness.c ",
               uninit, uninit == 1 ? "" : "s");
      tc_xml_comment(&x, c);
    }
    if (written) {
      char c[200];
      snprintf(c, sizeof c,
               " and %zu value%s written through pointer arguments by "
               "functions without a body: written by harness.c's "
               "definitions of them ",
               written, written == 1 ? "" : "s");
      tc_xml_comment(&x, c);
    }
  }
  char what[96];
  snprintf(what, sizeof what, "%s.xml", t->id);
  return tc_xml_finish(&x, out, what, err);
}

/* The caution as a "# " line (files read line by line skip those). */
static void tc_hash_caution(const tc_suite *s, FILE *out) {
  if (!s->caution) return;
  fputs("# erep: warning: ", out);
  esc_fputs(s->caution, 0, out);
  fputc('\n', out);
}

/* ---------- the lines each test must execute ---------- */

int tc_write_lines(const tc_suite *s, FILE *out, char **err) {
  *err = NULL;
  fprintf(out, "# erep tests: per test that can be fed, the lines of its "
               "steps inside functions,\n# in trace order (tests/replay.sh "
               "checks that a run of the test executes each);\n# ~N: a "
               "line the trace passes by blank edges only, which gcc may "
               "give no code\n");
  tc_hash_caution(s, out);
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    if (t->unfed) continue;
    fputs(t->id, out);
    for (size_t j = 0; j < t->lines.len; j++) {
      bool soft = false;
      for (size_t k = 0; k < t->soft.len && !soft; k++)
        soft = t->soft.data[k] == t->lines.data[j];
      fprintf(out, " %s%u", soft ? "~" : "", t->lines.data[j]);
    }
    fputc('\n', out);
  }
  if (ferror(out)) {
    *err = mem_printf("writing trace-lines.txt: %s", strerror(errno));
    return -1;
  }
  return 0;
}

/* ---------- the C harness ---------- */

/* A C string literal for s. */
static void tc_cstr(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(out, "\\%c", *p);
    else if (*p < 0x20 || *p >= 0x7f || *p == '?')
      fprintf(out, "\\%03o", *p); /* '?': no trigraphs */
    else
      fputc(*p, out);
  }
  fputc('"', out);
}

/* A comment body: foreign text escaped (lib/esc), no "*\/" inside. */
static void tc_ccomment(FILE *out, const char *s) {
  char *e = esc_text(s, 0);
  for (const char *p = e; *p; p++) {
    fputc(*p, out);
    if (*p == '*' && p[1] == '/') fputc(' ', out);
  }
  mem_free(e);
}

/* The caution as a C comment, then `after`. */
static void tc_c_caution(const tc_suite *s, FILE *out, const char *after) {
  if (!s->caution) return;
  fputs("/* erep: warning: ", out);
  tc_ccomment(out, s->caution);
  fputs(" */", out);
  fputs(after, out);
}

/* The standard nondeterministic functions (SV-COMP rules), defined weakly
 * so that any program links. */
static const char *const tc_std_nondet[][2] = {
    {"bool", "_Bool"},
    {"char", "char"},
    {"uchar", "unsigned char"},
    {"short", "short"},
    {"ushort", "unsigned short"},
    {"int", "int"},
    {"uint", "unsigned int"},
    {"unsigned", "unsigned int"},
    {"long", "long"},
    {"ulong", "unsigned long"},
    {"longlong", "long long"},
    {"ulonglong", "unsigned long long"},
    {"float", "float"},
    {"double", "double"},
    {"pointer", "void *"},
    {"pchar", "char *"},
    {"size_t", "unsigned long"},
    {"loff_t", "long long"},
    {"sector_t", "unsigned long"},
    {"pthread_t", "unsigned long"},
    {"u8", "unsigned char"},
    {"u16", "unsigned short"},
    {"u32", "unsigned int"},
    {0, 0}};

/* Functions the harness must never define: the C runtime, libgcov and the
 * harness itself use them. Their inputs stay with the real function. */
static const char *const tc_keep[] = {
    "malloc",  "calloc",    "realloc",  "free",     "getenv",   "strcmp",
    "strlen",  "memcpy",    "memset",   "memmove",  "memcmp",   "fopen",
    "fclose",  "fwrite",    "fread",    "fflush",   "fputs",    "fputc",
    "fprintf", "printf",    "sprintf",  "snprintf", "vfprintf", "write",
    "read",    "open",      "close",    "lseek",    "fcntl",    "getpid",
    "signal",  "sigaction", "raise",    "kill",     "exit",     "_exit",
    "abort",   "atexit",    "strtoull", "strtoll",  "strtol",   "strtoul",
    "mkdir",   "access",    "unlink",   "rename",   "fdopen",   "fileno",
    "setvbuf", "puts",      "putchar",  0};

static bool tc_kept(const char *fn) {
  for (int i = 0; tc_keep[i]; i++)
    if (!strcmp(tc_keep[i], fn)) return true;
  return false;
}

typedef struct {
  const char *fn, *type;
} tc_fndef;

typedef struct {
  const char *var, *path;
  unsigned line;
} tc_key;

/* A function the traces take written values from: its parameters. */
typedef struct {
  const char *fn;
  size_t nparams;
  const char *const *params;
} tc_wfn;

static const char tc_harness_head[] =
    "/* Runs the program along one trace of the report: every\n"
    " * __VERIFIER_nondet_* function and every undefined function whose\n"
    " * result a trace uses returns the selected test's next value, in trace\n"
    " * order; the instrumented copy of the program (if any) takes the values\n"
    " * of uninitialised locals from here too.\n"
    " *\n"
    " *   gcc -c harness.c && gcc PROGRAM.erep.c harness.o -o prog\n"
    " *   EREP_TEST=F1 ./prog\n"
    " *\n"
    " * (run.sh next to this file does that, with gcov, for every test.)\n"
    " *\n"
    " * For coverage, compile the program with --coverage and link with\n"
    " * --coverage -Wl,-u,__gcov_dump (libgcov's dump is then linked in and\n"
    " * called even when the run ends by a signal).\n"
    " *\n"
    " * EREP_TEST names the test (a trace id; required). The run ends when\n"
    " * the program asks for a value after the test's last one (the trace\n"
    " * is over): stdio and coverage data are flushed (__gcov_dump when\n"
    " * linked with --coverage) and the process exits with status 0. It\n"
    " * also flushes coverage data on SIGABRT, SIGTERM, SIGINT, SIGSEGV,\n"
    " * SIGFPE, SIGBUS, SIGALRM and SIGHUP (abort(), a timeout) before dying\n"
    " * of the signal (SIGTERM, SIGINT, SIGALRM, SIGHUP: at the instrumented\n"
    " * program's next block, see erep_on_stop). Exit status 3: the program "
    "asked for another function's\n"
    " * value than the trace does, an assumption failed before the end of\n"
    " * the trace, or the program ended with values left (the run left the\n"
    " * trace); 2: no or unknown EREP_TEST; 4: the test cannot be fed\n"
    " * (its inputs hold values the harness cannot give; the reason is\n"
    " * printed);\n"
    " * 1: __VERIFIER_error was called (unless the program defines it).\n"
    " * EREP_HARNESS_VERBOSE=1 reports how the run ended on stderr.\n"
    " * The functions the program takes values from are weak: the program's\n"
    " * own definitions win. */\n"
    "#include <signal.h>\n"
    "#include <stddef.h>\n"
    "#include <stdint.h>\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "#include <unistd.h>\n"
    "\n"
    "typedef struct {\n"
    "  const char *fn;\n"
    "  unsigned index, line;\n"
    "  unsigned long long bits;\n"
    "} erep_call_t;\n"
    "typedef struct {\n"
    "  unsigned long long k, bits;\n"
    "} erep_elem_t;\n"
    "typedef struct {\n"
    "  const char *var, *path;\n"
    "  unsigned line;\n"
    "  unsigned long exec;\n"
    "  unsigned long long bits; /* scalar, or the default of an array */\n"
    "  const erep_elem_t *elems;\n"
    "  size_t nelems;\n"
    "} erep_uninit_t;\n"
    "/* a value the n-th call of fn writes: p = argument arg, then\n"
    " * p = *(char **)(p + via[i]) for i < nvia - 1, and the scalar (size\n"
    " * bytes, or each element of an array: k at the sum of its indices\n"
    " * times the strides) at p + via[nvia - 1] */\n"
    "typedef struct {\n"
    "  const char *fn;\n"
    "  unsigned call, arg;\n"
    "  const long long *via;\n"
    "  size_t nvia, size;\n"
    "  unsigned long long bits;\n"
    "  const erep_elem_t *elems;\n"
    "  size_t nelems;\n"
    "  const unsigned long long *dims; /* count, stride pairs */\n"
    "  unsigned ndims;\n"
    "} erep_write_t;\n"
    "typedef struct {\n"
    "  const char *id;\n"
    "  const erep_call_t *calls;\n"
    "  size_t ncalls;\n"
    "  const erep_uninit_t *uninit;\n"
    "  size_t nuninit;\n"
    "  const char *unfed; /* why the test cannot be fed, or NULL */\n"
    "  const erep_write_t *writes;\n"
    "  size_t nwrites;\n"
    "} erep_test_t;\n"
    "typedef struct {\n"
    "  const char *var;\n"
    "  unsigned line;\n"
    "  unsigned long count;\n"
    "} erep_decl_t;\n\n";

static const char tc_harness_runtime[] =
    "\nstatic const erep_test_t *erep_test;\n"
    "static size_t erep_next;\n"
    "static int erep_verbose;\n"
    "extern void __gcov_dump(void) __attribute__((weak));\n"
    "\n"
    "static void erep_end(int status, const char *why, const char *fn) {\n"
    "  if (erep_verbose || status == 3)\n"
    "    fprintf(stderr, \"erep harness: test %s: %s%s%s\\n\",\n"
    "            erep_test ? erep_test->id : \"?\", why, fn ? \" \" : \"\",\n"
    "            fn ? fn : \"\");\n"
    "  static int ending;\n"
    "  fflush(NULL);\n"
    "  if (__gcov_dump) {\n"
    "    __gcov_dump();\n"
    "    _exit(status);\n"
    "  }\n"
    "  /* libgcov not linked in (no -u __gcov_dump): exit() still writes the\n"
    "   * coverage data of --coverage builds */\n"
    "  if (ending++) _exit(status);\n"
    "  exit(status);\n"
    "}\n"
    "\n"
    "/* Coverage data written in the middle of a basic block is not\n"
    " * consistent: gcov derives the counts of uninstrumented arcs from the\n"
    " * others, and a block entered but not left can turn an executed line "
    "into\n"
    " * 0. A block that makes a call is safe (gcc gives it a fake arc to the\n"
    " * exit). So a stop signal (a timeout) only sets erep_stop, and the\n"
    " * instrumented program, which calls __erep_tick at the start of every\n"
    " * block and after every label, writes the data and dies of the signal\n"
    " * there. When no tick comes within a second (a loop without a block,\n"
    " * `while (1);`), or the program has no ticks, the data is written at "
    "once. */\n"
    "static volatile sig_atomic_t erep_stop, erep_ticked;\n"
    "\n"
    "static void erep_die(int sig) {\n"
    "  if (__gcov_dump) __gcov_dump();\n"
    "  signal(sig, SIG_DFL);\n"
    "  raise(sig);\n"
    "}\n"
    "\n"
    "static void erep_on_stop(int sig) {\n"
    "  if (erep_stop) {\n"
    "    erep_die(erep_stop);\n"
    "    return;\n"
    "  }\n"
    "  if (!erep_ticked) {\n"
    "    erep_die(sig);\n"
    "    return;\n"
    "  }\n"
    "  erep_stop = sig;\n"
    "  alarm(1);\n"
    "}\n"
    "\n"
    "void __erep_tick(void) {\n"
    "  erep_ticked = 1;\n"
    "  if (erep_stop) {\n"
    "    alarm(0);\n"
    "    erep_die(erep_stop);\n"
    "  }\n"
    "}\n"
    "\n"
    "static void erep_on_crash(int sig) { erep_die(sig); }\n"
    "\n"
    "__attribute__((constructor)) static void erep_init(void) {\n"
    "  const char *v = getenv(\"EREP_HARNESS_VERBOSE\");\n"
    "  erep_verbose = v && *v && strcmp(v, \"0\");\n"
    "  const char *id = getenv(\"EREP_TEST\");\n"
    "  for (size_t i = 0; id && i < erep_ntests; i++)\n"
    "    if (!strcmp(erep_tests[i].id, id)) erep_test = &erep_tests[i];\n"
    "  if (!erep_test) {\n"
    "    fprintf(stderr, \"erep harness: %s; the tests are:\",\n"
    "            id ? \"EREP_TEST names no test\" : \"set EREP_TEST\");\n"
    "    for (size_t i = 0; i < erep_ntests; i++)\n"
    "      fprintf(stderr, \" %s\", erep_tests[i].id);\n"
    "    fprintf(stderr, \"\\n\");\n"
    "    _exit(2);\n"
    "  }\n"
    "  if (erep_test->unfed) {\n"
    "    fprintf(stderr, \"erep harness: test %s cannot be fed: %s\\n\",\n"
    "            erep_test->id, erep_test->unfed);\n"
    "    _exit(4);\n"
    "  }\n"
    "  static const int crash[] = {SIGABRT, SIGSEGV, SIGFPE, SIGBUS};\n"
    "  static const int stop[] = {SIGTERM, SIGINT, SIGALRM, SIGHUP};\n"
    "  for (size_t i = 0; i < sizeof crash / sizeof *crash; i++)\n"
    "    signal(crash[i], erep_on_crash);\n"
    "  for (size_t i = 0; i < sizeof stop / sizeof *stop; i++)\n"
    "    signal(stop[i], erep_on_stop);\n"
    "}\n"
    "\n"
    "/* A normal exit with values left: the run did not follow the trace. */\n"
    "__attribute__((destructor)) static void erep_fini(void) {\n"
    "  if (!erep_test || erep_next >= erep_test->ncalls) return;\n"
    "  fprintf(stderr,\n"
    "          \"erep harness: test %s: the program ended with %zu of %zu \"\n"
    "          \"inputs unused (next: %s at line %u)\\n\",\n"
    "          erep_test->id, erep_test->ncalls - erep_next, "
    "erep_test->ncalls,\n"
    "          erep_test->calls[erep_next].fn, "
    "erep_test->calls[erep_next].line);\n"
    "  if (__gcov_dump) { /* else exit's own coverage dump follows */\n"
    "    fflush(NULL);\n"
    "    __gcov_dump();\n"
    "    _exit(3);\n"
    "  }\n"
    "}\n"
    "\n"
    "static const erep_call_t *erep_take(const char *fn) {\n"
    "  if (erep_next >= erep_test->ncalls)\n"
    "    erep_end(0, \"inputs exhausted (end of the trace) at a call of\", "
    "fn);\n"
    "  const erep_call_t *c = &erep_test->calls[erep_next];\n"
    "  if (strcmp(c->fn, fn)) {\n"
    "    fprintf(stderr,\n"
    "            \"erep harness: test %s: input %u is a call of %s at line "
    "%u, \"\n"
    "            \"but the program called %s\\n\",\n"
    "            erep_test->id, c->index, c->fn, c->line, fn);\n"
    "    erep_end(3, \"left the trace\", NULL);\n"
    "  }\n"
    "  erep_next++;\n"
    "  return c;\n"
    "}\n"
    "\n"
    "__attribute__((weak)) void __VERIFIER_error(void) {\n"
    "  erep_end(1, \"__VERIFIER_error reached\", NULL);\n"
    "}\n"
    "\n"
    "__attribute__((weak)) void __VERIFIER_assume(int cond) {\n"
    "  if (cond) return;\n"
    "  if (erep_next < erep_test->ncalls)\n"
    "    erep_end(3, \"an assumption failed before the end of the trace\", "
    "NULL);\n"
    "  erep_end(0, \"an assumption failed after the trace\", NULL);\n"
    "}\n"
    "\n"
    "/* Uninitialised locals: the instrumented program calls __erep_decl\n"
    " * once per execution of the declaration, then __erep_value for each\n"
    " * scalar it holds (k: element number in arrays, row-major). Values "
    "the\n"
    " * trace does not read are 0. */\n"
    "unsigned long __erep_decl(const char *var, unsigned line) {\n"
    "  for (size_t i = 0; erep_decls[i].var; i++)\n"
    "    if (erep_decls[i].line == line && !strcmp(erep_decls[i].var, var))\n"
    "      return ++erep_decls[i].count;\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "unsigned long long __erep_value(const char *var, unsigned line,\n"
    "                                unsigned long exec, const char *path,\n"
    "                                unsigned long long k) {\n"
    "  for (size_t i = 0; i < erep_test->nuninit; i++) {\n"
    "    const erep_uninit_t *u = &erep_test->uninit[i];\n"
    "    if (u->line != line || u->exec != exec || strcmp(u->var, var) ||\n"
    "        strcmp(u->path, path))\n"
    "      continue;\n"
    "    for (size_t j = 0; j < u->nelems; j++)\n"
    "      if (u->elems[j].k == k) return u->elems[j].bits;\n"
    "    return u->bits;\n"
    "  }\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "static void erep_store(char *at, unsigned long long bits, size_t size) {\n"
    "  for (size_t i = 0; i < size; i++) /* little endian */\n"
    "    at[i] = (char)(bits >> (8 * (i < 8 ? i : 7)));\n"
    "}\n"
    "\n"
    "/* The call-th call of fn with arguments args: the values the trace says\n"
    " * it wrote. */\n"
    "__attribute__((unused)) static void erep_write(const char *fn,\n"
    "                                               unsigned call,\n"
    "                                               void *const *args) {\n"
    "  for (size_t i = 0; i < erep_test->nwrites; i++) {\n"
    "    const erep_write_t *w = &erep_test->writes[i];\n"
    "    if (w->call != call || strcmp(w->fn, fn)) continue;\n"
    "    char *p = (char *)args[w->arg];\n"
    "    for (size_t j = 0; j + 1 < w->nvia; j++)\n"
    "      p = *(char **)(p + w->via[j]);\n"
    "    p += w->via[w->nvia - 1];\n"
    "    if (!w->ndims) {\n"
    "      erep_store(p, w->bits, w->size);\n"
    "      continue;\n"
    "    }\n"
    "    for (size_t e = 0; e < w->nelems; e++) {\n"
    "      unsigned long long k = w->elems[e].k, off = 0;\n"
    "      for (unsigned d = w->ndims; d-- > 0;) {\n"
    "        off += (k % w->dims[2 * d]) * w->dims[2 * d + 1];\n"
    "        k /= w->dims[2 * d];\n"
    "      }\n"
    "      erep_store(p + off, w->elems[e].bits, w->size);\n"
    "    }\n"
    "  }\n"
    "}\n";

static void tc_emit_bits(FILE *out, unsigned long long bits) {
  fprintf(out, "0x%llxULL", bits);
}

/* The body of a harness function returning `type` after taking the
 * next value of the test (named fn). */
static void tc_emit_return(FILE *out, const char *fn, const char *type) {
  tc_tkind tk = tc_type_kind(type);
  const char *rt = tc_ret_type(type);
  if (tk == TC_FLOAT) {
    /* float and double: the value's IEEE bits (a test with another
     * floating type is not fed, so a run that gets here left its trace) */
    bool f = !strcmp(type, "float"), d = !strcmp(type, "double");
    if (!f && !d) {
      fprintf(out, "  (void)erep_take(\"%s\");\n  return 0;\n}\n", fn);
      return;
    }
    fprintf(out,
            "  const erep_call_t *c = erep_take(\"%s\");\n"
            "  %s v;\n  %s b = (%s)c->bits;\n"
            "  memcpy(&v, &b, sizeof v);\n  return v;\n}\n",
            fn, type, f ? "uint32_t" : "uint64_t", f ? "uint32_t" : "uint64_t");
    return;
  }
  fprintf(out, "  const erep_call_t *c = erep_take(\"%s\");\n", fn);
  if (tk == TC_PTR)
    fprintf(out, "  return (void *)(uintptr_t)c->bits;\n}\n");
  else if (tk == TC_BOOL)
    fprintf(out, "  return c->bits != 0;\n}\n");
  else
    fprintf(out, "  return (%s)c->bits;\n}\n", rt);
}

/* Does the harness give this input (a call input of a test that can be
 * fed, of a function the harness may define)? */
static bool tc_fed_call(const tc_test *t, const tc_input *in) {
  return !t->unfed && !in->uninit && !in->written && !tc_kept(in->function);
}

/* Does the harness write this input (a written input of a test that can be
 * fed)? */
static bool tc_fed_written(const tc_test *t, const tc_input *in) {
  return !t->unfed && in->written && in->written->arg >= 0 &&
         !tc_kept(in->function);
}

bool tc_can_define(const char *fn) { return !tc_kept(fn); }

/* The C type of an element of an array type spelling "T[]" (a copy in the
 * suite's arena), or the type itself. */
static const char *tc_elem_type(const char *t, char *buf, size_t n) {
  size_t len = strlen(t);
  if (len > 2 && !strcmp(t + len - 2, "[]")) {
    snprintf(buf, n, "%.*s", (int)(len - 2), t);
    return buf;
  }
  return t;
}

/* Does the harness give this input (an uninitialised input that can be
 * set, of a test that can be fed)? */
static bool tc_fed_uninit(const tc_test *t, const tc_input *in) {
  return !t->unfed && in->uninit && in->var && in->exec;
}

/* The functions a harness defines: those the inputs take values from
 * (fns: returned values; wfns: values written through arguments) and the
 * declarations of uninitialised variables it sets (keys). */
typedef struct {
  VEC(tc_fndef) fns;
  VEC(tc_key) keys;
  VEC(tc_wfn) wfns;
} tc_hdefs;

/* Note in d what input in of test t needs defined. */
static void tc_hdefs_add(tc_hdefs *d, const tc_test *t, const tc_input *in) {
  if (tc_fed_uninit(t, in)) {
    size_t k = 0;
    while (k < d->keys.len && !(d->keys.data[k].line == in->line &&
                                !strcmp(d->keys.data[k].var, in->var)))
      k++;
    if (k == d->keys.len) {
      tc_key key = {in->var, in->path, in->line};
      VEC_PUSH(d->keys, key);
    }
    return;
  }
  if (in->written) {
    if (tc_kept(in->function) || !tc_is_ident(in->function)) return;
    size_t k = 0;
    while (k < d->wfns.len && strcmp(d->wfns.data[k].fn, in->function))
      k++;
    if (k == d->wfns.len) {
      tc_wfn w = {in->function, 0, 0};
      VEC_PUSH(d->wfns, w);
    }
    if (in->written->arg >= 0 &&
        in->written->nparams > d->wfns.data[k].nparams) {
      d->wfns.data[k].nparams = in->written->nparams;
      d->wfns.data[k].params = in->written->params;
    }
    return;
  }
  /* an unfed test's functions too: the program must link */
  if (in->uninit || tc_kept(in->function) || !tc_type_returnable(in->type) ||
      !tc_is_ident(in->function))
    return;
  size_t k = 0;
  while (k < d->fns.len && strcmp(d->fns.data[k].fn, in->function))
    k++;
  if (k == d->fns.len) {
    tc_fndef f = {in->function, in->type};
    VEC_PUSH(d->fns, f);
  }
}

/* The harness's opening comment. */
static void tc_harness_comment(const tc_suite *s, FILE *out,
                               const char *instrumented) {
  tc_c_caution(s, out, "\n");
  fprintf(out, "/* erep test harness: generated by erep from ");
  tc_ccomment(out, s->report_path);
  fprintf(out, ",\n * the report of ");
  tc_ccomment(out, s->program_path);
  fprintf(out, " (%zu test%s, data model %s). */\n", s->tests.len,
          s->tests.len == 1 ? "" : "s", s->data_model);
  if (instrumented) {
    fprintf(out, "/* Link with ");
    tc_ccomment(out, instrumented);
    fprintf(out, " (uninitialised locals set from here). */\n");
  }
}

/* The system headers may declare a function the program has without a
 * body (`random`) with another type: their declarations are renamed away
 * around the runtime's head, so the harness's definition has the
 * program's type. */
static void tc_harness_renamed_head(FILE *out, const tc_hdefs *d) {
  size_t nf = d->fns.len, n = nf + d->wfns.len;
  for (size_t k = 0; k < n; k++) {
    const char *fn = k < nf ? d->fns.data[k].fn : d->wfns.data[k - nf].fn;
    if (tc_is_ident(fn)) fprintf(out, "#define %s erep_hidden_%s\n", fn, fn);
  }
  fputs(tc_harness_head, out);
  for (size_t k = 0; k < n; k++) {
    const char *fn = k < nf ? d->fns.data[k].fn : d->wfns.data[k - nf].fn;
    if (tc_is_ident(fn)) fprintf(out, "#undef %s\n", fn);
  }
}

/* Test i's call values: erep_calls_<i>. */
static void tc_harness_calls(FILE *out, const tc_test *t, size_t i) {
  fprintf(out, "/* %s (%s)%s */\n", t->id, t->component,
          t->unfed ? ": cannot be fed" : "");
  if (t->values) {
    fprintf(out, "/* values along %s: ", t->id);
    tc_ccomment(out, t->values);
    fprintf(out, " */\n");
  }
  fprintf(out, "static const erep_call_t erep_calls_%zu[] = {\n", i);
  for (size_t j = 0; j < t->inputs.len && !t->unfed; j++) {
    const tc_input *in = &t->inputs.data[j];
    if (in->uninit || in->written) continue;
    if (!tc_fed_call(t, in)) {
      fprintf(out, "    /* input %u: ", in->index);
      tc_ccomment(out, in->function);
      fprintf(out, " is not fed (the runtime needs it) */\n");
      continue;
    }
    fprintf(out, "    {\"%s\", %u, %u, ", in->function, in->index, in->line);
    tc_emit_bits(out, in->bits);
    fprintf(out, "}, /* ");
    tc_ccomment(out, in->text ? in->text : "");
    fprintf(out, " */\n");
  }
  fprintf(out, "    {0, 0, 0, 0}};\n");
}

/* Test i's array elements (erep_elems_<i>_<j>) and uninitialised
 * variables (erep_uninit_<i>). */
static void tc_harness_uninit(FILE *out, const tc_test *t, size_t i) {
  for (size_t j = 0; j < t->inputs.len; j++) {
    const tc_input *in = &t->inputs.data[j];
    if (!(tc_fed_uninit(t, in) || tc_fed_written(t, in)) || !in->array ||
        !in->nelems)
      continue;
    fprintf(out, "static const erep_elem_t erep_elems_%zu_%zu[] = {\n", i, j);
    for (size_t e = 0; e < in->nelems; e++) {
      fprintf(out, "    {%lluULL, ", (unsigned long long)in->elems[e].k);
      tc_emit_bits(out, in->elems[e].bits);
      fprintf(out, "},\n");
    }
    fprintf(out, "    {0, 0}};\n");
  }
  fprintf(out, "static const erep_uninit_t erep_uninit_%zu[] = {\n", i);
  for (size_t j = 0; j < t->inputs.len; j++) {
    const tc_input *in = &t->inputs.data[j];
    if (!tc_fed_uninit(t, in)) continue;
    fprintf(out, "    {\"%s\", \"%s\", %u, %lu, ", in->var, in->path, in->line,
            in->exec);
    tc_emit_bits(out, in->array ? 0 : in->bits);
    if (in->array && in->nelems)
      fprintf(out, ", erep_elems_%zu_%zu, %zu}, /* ", i, j, in->nelems);
    else
      fprintf(out, ", 0, 0}, /* ");
    tc_ccomment(out, in->text ? in->text : "");
    fprintf(out, " */\n");
  }
  fprintf(out, "    {0, 0, 0, 0, 0, 0, 0}};\n");
}

/* Test i's written values: the ways to them (erep_via_<i>_<j>,
 * erep_dims_<i>_<j>) and erep_writes_<i>. */
static void tc_harness_writes(FILE *out, const tc_test *t, size_t i) {
  for (size_t j = 0; j < t->inputs.len; j++) {
    const tc_input *in = &t->inputs.data[j];
    if (!tc_fed_written(t, in)) continue;
    const tc_written *w = in->written;
    fprintf(out, "static const long long erep_via_%zu_%zu[] = {", i, j);
    for (size_t k = 0; k < w->nvia; k++)
      fprintf(out, "%s%lldLL", k ? ", " : "", (long long)w->via[k]);
    fprintf(out, "};\n");
    fprintf(out, "static const unsigned long long erep_dims_%zu_%zu[] = {", i,
            j);
    for (unsigned d = 0; d < w->ndims; d++)
      fprintf(out, "%s%lluULL, %lluULL", d ? ", " : "",
              (unsigned long long)w->count[d],
              (unsigned long long)w->stride[d]);
    fprintf(out, "%s};\n", w->ndims ? "" : "0");
  }
  fprintf(out, "static const erep_write_t erep_writes_%zu[] = {\n", i);
  for (size_t j = 0; j < t->inputs.len; j++) {
    const tc_input *in = &t->inputs.data[j];
    if (!tc_fed_written(t, in)) continue;
    const tc_written *w = in->written;
    char eb[256];
    const char *et = tc_elem_type(in->type, eb, sizeof eb);
    fprintf(out, "    {\"%s\", %u, %d, erep_via_%zu_%zu, %zu, sizeof(%s), ",
            in->function, w->call, w->arg, i, j, w->nvia, tc_ret_type(et));
    tc_emit_bits(out, in->array ? 0 : in->bits);
    if (in->array && in->nelems)
      fprintf(out, ", erep_elems_%zu_%zu, %zu", i, j, in->nelems);
    else
      fprintf(out, ", 0, 0");
    fprintf(out, ", erep_dims_%zu_%zu, %u}, /* ", i, j, w->ndims);
    tc_ccomment(out, w->object);
    fprintf(out, " = ");
    tc_ccomment(out, in->text ? in->text : "");
    fprintf(out, " */\n");
  }
  fprintf(out, "    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};\n\n");
}

/* The table of the tests (erep_tests) and the declarations the harness
 * sets (erep_decls). */
static void tc_harness_tables(const tc_suite *s, FILE *out, const tc_hdefs *d) {
  fprintf(out, "static const erep_test_t erep_tests[] = {\n");
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    size_t ncalls = 0, nun = 0, nw = 0;
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      nun += tc_fed_uninit(t, in);
      ncalls += tc_fed_call(t, in);
      nw += tc_fed_written(t, in);
    }
    fprintf(out, "    {");
    tc_cstr(out, t->id);
    fprintf(out, ", erep_calls_%zu, %zu, erep_uninit_%zu, %zu, ", i, ncalls, i,
            nun);
    if (t->unfed) {
      char *e = esc_text(t->unfed, 0);
      tc_cstr(out, e);
      mem_free(e);
    } else {
      fprintf(out, "0");
    }
    fprintf(out, ", erep_writes_%zu, %zu},\n", i, nw);
  }
  fprintf(out, "    {0, 0, 0, 0, 0, 0, 0, 0}};\n");
  fprintf(out, "static const size_t erep_ntests = %zu;\n\n", s->tests.len);
  fprintf(out, "static erep_decl_t erep_decls[] = {\n");
  for (size_t k = 0; k < d->keys.len; k++)
    fprintf(out, "    {\"%s\", %u, 0},\n", d->keys.data[k].var,
            d->keys.data[k].line);
  fprintf(out, "    {0, 0, 0}};\n");
}

/* The functions the traces take values from: those that write through
 * their arguments at the trace's n-th call (then return the result, if
 * the traces take one), then those that only return one. */
static void tc_harness_fns(FILE *out, const tc_hdefs *d) {
  for (size_t k = 0; k < d->wfns.len; k++) {
    const tc_wfn *w = &d->wfns.data[k];
    const char *rt = 0;
    for (size_t q = 0; q < d->fns.len && !rt; q++)
      if (!strcmp(d->fns.data[q].fn, w->fn)) rt = d->fns.data[q].type;
    fprintf(out, "__attribute__((weak)) %s %s(", rt ? tc_ret_type(rt) : "void",
            w->fn);
    for (size_t q = 0; q < w->nparams; q++) {
      const char *pt = w->params[q];
      fprintf(out, "%s%s a%zu", q ? ", " : "",
              tc_type_returnable(pt) ? tc_ret_type(pt) : "long long", q);
    }
    fprintf(out, "%s) {\n", w->nparams ? "" : "void");
    fprintf(out, "  static unsigned n;\n");
    fprintf(out, "  void *args[] = {");
    for (size_t q = 0; q < w->nparams; q++)
      fprintf(out, "%s(void *)(uintptr_t)a%zu", q ? ", " : "", q);
    fprintf(out, "%s};\n", w->nparams ? "" : "0");
    fprintf(out, "  erep_write(\"%s\", ++n, args);\n", w->fn);
    if (rt)
      tc_emit_return(out, w->fn, rt);
    else
      fprintf(out, "}\n");
  }
  for (size_t k = 0; k < d->fns.len; k++) {
    bool done = false;
    for (size_t q = 0; q < d->wfns.len && !done; q++)
      done = !strcmp(d->wfns.data[q].fn, d->fns.data[k].fn);
    if (done) continue;
    fprintf(out, "__attribute__((weak)) %s %s(void) { /* returns ",
            tc_ret_type(d->fns.data[k].type), d->fns.data[k].fn);
    tc_ccomment(out, d->fns.data[k].type);
    fprintf(out, " */\n");
    tc_emit_return(out, d->fns.data[k].fn, d->fns.data[k].type);
  }
}

/* The standard nondeterministic functions the traces take no value from. */
static void tc_harness_std(FILE *out, const tc_hdefs *d) {
  for (int i = 0; tc_std_nondet[i][0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "__VERIFIER_nondet_%s", tc_std_nondet[i][0]);
    bool done = false;
    for (size_t k = 0; k < d->fns.len && !done; k++)
      done = !strcmp(d->fns.data[k].fn, name);
    if (done) continue;
    const char *t = tc_std_nondet[i][1];
    fprintf(out, "__attribute__((weak)) %s %s(void) {\n", tc_ret_type(t), name);
    tc_emit_return(out, name, t);
  }
}

int tc_write_harness(const tc_suite *s, FILE *out, const char *instrumented,
                     char **err) {
  *err = NULL;
  /* functions to define: the inputs' first, then the standard ones */
  tc_hdefs d = {{0}, {0}, {0}};
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    for (size_t j = 0; j < t->inputs.len; j++)
      tc_hdefs_add(&d, t, &t->inputs.data[j]);
  }
  tc_harness_comment(s, out, instrumented);
  tc_harness_renamed_head(out, &d);
  /* the tests' values */
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    tc_harness_calls(out, t, i);
    tc_harness_uninit(out, t, i);
    tc_harness_writes(out, t, i);
  }
  tc_harness_tables(s, out, &d);
  fputs(tc_harness_runtime, out);
  fprintf(out, "\n/* the functions the traces take values from */\n");
  tc_harness_fns(out, &d);
  fprintf(out, "\n/* the other standard nondeterministic functions */\n");
  tc_harness_std(out, &d);
  VEC_FREE(d.fns);
  VEC_FREE(d.keys);
  VEC_FREE(d.wfns);
  if (ferror(out)) {
    *err = mem_printf("writing harness.c: %s", strerror(errno));
    return -1;
  }
  return 0;
}

/* ---------- the instrumented program ---------- */

typedef enum { TK_IDENT, TK_PUNCT } tc_tok_kind;

typedef struct {
  tc_tok_kind kind;
  size_t off, len;
  unsigned line;
} tc_tok;

typedef struct {
  size_t off;
  char *text; /* inserted before src[off] */
  size_t del; /* bytes of src replaced (line markers) */
} tc_edit;

typedef VEC(tc_tok) tc_toks;
typedef VEC(tc_edit) tc_edits;

/* Tokens of src outside comments, strings, character constants and
 * preprocessor directives; line-marker directives ("# 12 \"f.c\"",
 * "#line 12") become edits that blank them. */
static void tc_lex(const char *src, size_t len, tc_toks *toks,
                   tc_edits *edits) {
  size_t i = 0;
  unsigned line = 1;
  bool line_start = true;
  while (i < len) {
    char c = src[i];
    if (c == '\n') {
      line++;
      i++;
      line_start = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      i++;
      continue;
    }
    if (c == '\\' && i + 1 < len && src[i + 1] == '\n') { /* splice */
      i += 2;
      line++;
      continue;
    }
    if (c == '/' && i + 1 < len && src[i + 1] == '*') {
      for (i += 2;
           i < len && !(src[i] == '*' && i + 1 < len && src[i + 1] == '/'); i++)
        if (src[i] == '\n') line++;
      i = i + 2 <= len ? i + 2 : len;
      continue;
    }
    if (c == '/' && i + 1 < len && src[i + 1] == '/') {
      while (i < len && src[i] != '\n') {
        if (src[i] == '\\' && i + 1 < len && src[i + 1] == '\n') line++, i++;
        i++;
      }
      continue;
    }
    if (c == '#' && line_start) { /* a directive, up to its end of line */
      size_t start = i, j = i + 1;
      while (j < len && (src[j] == ' ' || src[j] == '\t'))
        j++;
      bool marker = j < len && src[j] >= '0' && src[j] <= '9';
      if (!marker && len - j >= 4 && !strncmp(src + j, "line", 4) &&
          j + 4 < len && (src[j + 4] == ' ' || src[j + 4] == '\t'))
        marker = true;
      while (i < len && src[i] != '\n') {
        if (src[i] == '\\' && i + 1 < len && src[i + 1] == '\n') line++, i++;
        i++;
      }
      if (marker) {
        tc_edit e = {start, mem_strdup(""), i - start};
        VEC_PUSH(*edits, e);
      }
      continue;
    }
    line_start = false;
    if (c == '"' || c == '\'') {
      for (i++; i < len && src[i] != c && src[i] != '\n'; i++)
        if (src[i] == '\\' && i + 1 < len) {
          if (src[i + 1] == '\n') line++;
          i++;
        }
      if (i < len && src[i] == c) i++;
      continue;
    }
    tc_tok t = {TK_PUNCT, i, 1, line};
    if (tc_is_ident_start((unsigned char)c)) {
      t.kind = TK_IDENT;
      while (i + t.len < len && tc_is_ident_char((unsigned char)src[i + t.len]))
        t.len++;
    } else if (c >= '0' && c <= '9') {
      while (i + t.len < len &&
             (tc_is_ident_char((unsigned char)src[i + t.len]) ||
              src[i + t.len] == '.'))
        t.len++;
    } else if (c == '-' && i + 1 < len && src[i + 1] == '>') {
      t.len = 2;
    }
    VEC_PUSH(*toks, t);
    i += t.len;
  }
}

static bool tc_tok_is(const char *src, const tc_tok *t, const char *s) {
  return t->len == strlen(s) && !strncmp(src + t->off, s, t->len);
}

static int tc_edit_cmp(const void *a, const void *b) {
  const tc_edit *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* Code of the statement that sets path `path` of aggregate var. */
static void tc_agg_code(char **code, size_t *n, const char *var, unsigned line,
                        const char *path) {
  char *expr = mem_printf("(%s)", var);
  char *loops = mem_strdup("");
  unsigned depth = 0;
  for (const char *p = path; *p;) {
    char *next;
    if (p[0] == '[') {
      char *l = mem_printf("%sfor (unsigned long __erep_i%u = 0; __erep_i%u < "
                           "sizeof(%s) / sizeof((%s)[0]); __erep_i%u++) ",
                           loops, depth, depth, expr, expr, depth);
      mem_free(loops);
      loops = l;
      next = mem_printf("(%s)[__erep_i%u]", expr, depth);
      depth++;
      p += 2;
    } else { /* .name */
      const char *q = p + 1;
      while (tc_is_ident_char((unsigned char)*q))
        q++;
      next = mem_printf("%s%.*s", expr, (int)(q - p), p);
      p = q;
    }
    mem_free(expr);
    expr = next;
  }
  char *stmt =
      mem_printf("__erep_k = 0; %s%s = (__typeof__(%s))__erep_value(\"%s\","
                 " %u, __erep_n, \"%s\", __erep_k++); ",
                 loops, expr, expr, var, line, path);
  size_t sl = strlen(stmt);
  *code = mem_realloc(*code, *n + sl + 1);
  memcpy(*code + *n, stmt, sl + 1);
  *n += sl;
  mem_free(stmt);
  mem_free(loops);
  mem_free(expr);
}

/* Where the instrumented copy calls __erep_tick (see the harness): after
 * every `{` that opens a compound statement of a function, and after every
 * statement label. Braces of initialisers, compound literals, statement
 * expressions and struct/union/enum bodies are told apart by the token
 * before them (and, for `)`, the token before the matching `(`). */
typedef enum { TC_BR_BLOCK, TC_BR_INIT, TC_BR_OTHER } tc_brace;
typedef VEC(unsigned char) tc_bytes;
typedef VEC(size_t) tc_sizes;

#define TC_TICK " { extern void __erep_tick(void); __erep_tick(); }"

static bool tc_tok_any(const char *src, const tc_tok *t,
                       const char *const *set) {
  for (int i = 0; set[i]; i++)
    if (tc_tok_is(src, t, set[i])) return true;
  return false;
}

static void tc_ticks(const char *src, const tc_toks *toks, tc_edits *edits) {
  static const char *const ctl[] = {"if", "while", "for", "switch", 0};
  static const char *const stmt_end[] = {"{", "}", ";", ":", 0};
  static const char *const attr[] = {
      "__attribute__", "__attribute", "__declspec", "__asm__", "asm", 0};
  static const char *const notlabel[] = {"default", "case", "public", 0};
  tc_bytes braces = {0};
  tc_sizes parens = {0};
  size_t *match = mem_calloc(toks->len + 1, sizeof *match);
  for (size_t i = 0; i < toks->len; i++) {
    const tc_tok *t = &toks->data[i];
    const tc_tok *prev = i ? &toks->data[i - 1] : NULL;
    int encl = braces.len ? braces.data[braces.len - 1] : -1;
    if (tc_tok_is(src, t, "(")) {
      VEC_PUSH(parens, i);
    } else if (tc_tok_is(src, t, ")")) {
      match[i] = parens.len ? parens.data[--parens.len] : SIZE_MAX;
    } else if (tc_tok_is(src, t, "}")) {
      if (braces.len) braces.len--;
    } else if (tc_tok_is(src, t, "{")) {
      tc_brace k = TC_BR_OTHER;
      if (encl == TC_BR_INIT || !prev || tc_tok_is(src, prev, "=") ||
          tc_tok_is(src, prev, ",") || tc_tok_is(src, prev, "(")) {
        k = prev ? TC_BR_INIT : TC_BR_OTHER;
      } else if (tc_tok_is(src, prev, ")")) {
        size_t o = match[i - 1];
        const tc_tok *before = o != SIZE_MAX && o ? &toks->data[o - 1] : NULL;
        if (before && tc_tok_any(src, before, attr))
          k = TC_BR_OTHER;
        else if (encl < 0)
          k = TC_BR_BLOCK; /* a function body */
        else if (encl == TC_BR_BLOCK && before && tc_tok_any(src, before, ctl))
          k = TC_BR_BLOCK;
        else
          k = TC_BR_INIT; /* a compound literal */
      } else if (tc_tok_is(src, prev, "else") || tc_tok_is(src, prev, "do")) {
        k = encl == TC_BR_BLOCK ? TC_BR_BLOCK : TC_BR_OTHER;
      } else if (encl == TC_BR_BLOCK && tc_tok_any(src, prev, stmt_end)) {
        k = TC_BR_BLOCK;
      } else if (encl < 0 && tc_tok_is(src, prev, ";")) {
        k = TC_BR_BLOCK; /* K&R parameter declarations, then the body */
      }
      VEC_PUSH(braces, (unsigned char)k);
      if (k == TC_BR_BLOCK) {
        tc_edit e = {t->off + 1, mem_strdup(TC_TICK), 0};
        VEC_PUSH(*edits, e);
      }
    } else if (encl == TC_BR_BLOCK && t->kind == TK_IDENT && prev &&
               tc_tok_any(src, prev, stmt_end) && i + 1 < toks->len &&
               tc_tok_is(src, &toks->data[i + 1], ":") &&
               !(i + 2 < toks->len &&
                 tc_tok_is(src, &toks->data[i + 2], ":")) &&
               !tc_tok_any(src, t, notlabel)) {
      /* `L: stmt` becomes `L: { tick } stmt`: the same jumps, one call */
      tc_edit e = {toks->data[i + 1].off + 1, mem_strdup(TC_TICK), 0};
      VEC_PUSH(*edits, e);
    }
  }
  mem_free(match);
  VEC_FREE(braces);
  VEC_FREE(parens);
}

#define TC_PROTOS                                                              \
  "extern unsigned long __erep_decl(const char *, unsigned); "                 \
  "extern unsigned long long __erep_value(const char *, unsigned, "            \
  "unsigned long, const char *, unsigned long long); "

/* The declaration of var at line cannot be instrumented: the tests that
 * read its uninitialised value cannot be fed. */
static void tc_unset(tc_suite *s, const char *var, unsigned line,
                     const char *why) {
  tc_warn(s,
          "the declaration of %s at line %u %s: its uninitialised value "
          "cannot be set",
          var, line, why);
  for (size_t i = 0; i < s->tests.len; i++) {
    tc_test *t = &s->tests.data[i];
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      if (in->uninit && in->var && in->line == line && !strcmp(in->var, var))
        tc_unfed(s, t,
                 "input %u: the declaration of %s at line %u %s, so its "
                 "uninitialised value cannot be set",
                 in->index, var, line, why);
    }
  }
}

int tc_instrument(tc_suite *s, const char *src, size_t len, FILE *out,
                  char **err) {
  *err = NULL;
  tc_toks toks = {0};
  tc_edits edits = {0};
  tc_lex(src, len, &toks, &edits);
  tc_c_caution(s, out, " "); /* on line 1: every line keeps its number */

  /* the (variable, line) pairs to set, with the paths the tests read */
  typedef struct {
    const char *var;
    unsigned line;
    VEC(const char *) paths;
    bool aggregate;
  } want;
  VEC(want) ws = {0};
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    for (size_t j = 0; j < t->inputs.len; j++) {
      const tc_input *in = &t->inputs.data[j];
      if (t->unfed || !in->uninit || !in->var || !in->exec) continue;
      size_t k = 0;
      while (k < ws.len &&
             !(ws.data[k].line == in->line && !strcmp(ws.data[k].var, in->var)))
        k++;
      if (k == ws.len) {
        want w;
        memset(&w, 0, sizeof w);
        w.var = in->var;
        w.line = in->line;
        VEC_PUSH(ws, w);
      }
      want *w = &ws.data[k];
      size_t p = 0;
      while (p < w->paths.len && strcmp(w->paths.data[p], in->path))
        p++;
      if (p == w->paths.len) VEC_PUSH(w->paths, in->path);
      if (*in->path) w->aggregate = true;
    }
  }

  for (size_t k = 0; k < ws.len; k++) {
    want *w = &ws.data[k];
    size_t found = SIZE_MAX;
    for (size_t i = 0; i < toks.len && found == SIZE_MAX; i++) {
      const tc_tok *t = &toks.data[i];
      if (t->line != w->line || t->kind != TK_IDENT ||
          !tc_tok_is(src, t, w->var) || i == 0 || i + 1 >= toks.len)
        continue;
      const tc_tok *prev = &toks.data[i - 1], *next = &toks.data[i + 1];
      if (tc_tok_is(src, prev, ".") || tc_tok_is(src, prev, "->")) continue;
      if (tc_tok_is(src, next, ";") || tc_tok_is(src, next, ",") ||
          (w->aggregate && tc_tok_is(src, next, "[")))
        found = i;
    }
    if (found == SIZE_MAX) {
      tc_unset(s, w->var, w->line, "was not found in the program");
      continue;
    }
    tc_edit e = {0, NULL, 0};
    if (!w->aggregate) {
      const tc_tok *t = &toks.data[found];
      e.off = t->off + t->len;
      e.text =
          mem_printf(" = ({ " TC_PROTOS "(__typeof__(%s))__erep_value(\"%s\", "
                     "%u, __erep_decl(\"%s\", %u), \"\", 0); })",
                     w->var, w->var, w->line, w->var, w->line);
    } else {
      /* after the declaration's ';' (nesting depth 0) */
      int depth = 0;
      size_t i = found + 1;
      for (; i < toks.len; i++) {
        const tc_tok *t = &toks.data[i];
        if (tc_tok_is(src, t, "(") || tc_tok_is(src, t, "[") ||
            tc_tok_is(src, t, "{"))
          depth++;
        else if (tc_tok_is(src, t, ")") || tc_tok_is(src, t, "]") ||
                 tc_tok_is(src, t, "}"))
          depth--;
        else if (depth == 0 && tc_tok_is(src, t, ";"))
          break;
        if (depth < 0) break;
      }
      if (i >= toks.len || depth < 0) {
        tc_unset(s, w->var, w->line, "has no end in the program");
        continue;
      }
      char *code = mem_printf(
          " { " TC_PROTOS "unsigned long __erep_n = __erep_decl(\"%s\", %u); "
          "unsigned long long __erep_k; ",
          w->var, w->line);
      size_t n = strlen(code);
      for (size_t p = 0; p < w->paths.len; p++)
        tc_agg_code(&code, &n, w->var, w->line, w->paths.data[p]);
      e.off = toks.data[i].off + 1;
      e.text = mem_printf("%s(void)__erep_k; }", code);
      mem_free(code);
    }
    VEC_PUSH(edits, e);
  }

  tc_ticks(src, &toks, &edits);
  if (edits.len) /* none: no C code at all, and edits.data is NULL */
    qsort(edits.data, edits.len, sizeof *edits.data, tc_edit_cmp);
  size_t pos = 0;
  for (size_t i = 0; i < edits.len; i++) {
    const tc_edit *e = &edits.data[i];
    if (e->off < pos) continue; /* overlapping: inside a blanked marker */
    fwrite(src + pos, 1, e->off - pos, out);
    fputs(e->text, out);
    pos = e->off + e->del;
  }
  fwrite(src + pos, 1, len - pos, out);
  for (size_t i = 0; i < edits.len; i++)
    mem_free(edits.data[i].text);
  for (size_t k = 0; k < ws.len; k++)
    VEC_FREE(ws.data[k].paths);
  VEC_FREE(ws);
  VEC_FREE(edits);
  VEC_FREE(toks);
  if (ferror(out)) {
    *err = mem_printf("writing the instrumented program: %s", strerror(errno));
    return -1;
  }
  return 0;
}

/* ---------- run.sh and its list of tests ---------- */

/* A list field: foreign text escaped (no tabs, no newlines), never empty
 * (an empty field would vanish when sh splits on tabs). */
static void tc_field(FILE *out, const char *s) {
  if (!s || !*s) {
    fputc('-', out);
    return;
  }
  esc_fputs(s, 0, out);
}

int tc_write_list(const tc_suite *s, FILE *out, char **err) {
  *err = NULL;
  fprintf(out, "# erep tests: what run.sh runs. Per test, tab-separated: id, "
               "component, end function,\n# end line, the trace's lines from "
               "its end backwards (~N: passed by blank edges only, gcc may "
               "give it no code),\n# why it cannot be fed (-: it can), the "
               "undefined behaviour it ends at (-: none)\n");
  tc_hash_caution(s, out);
  for (size_t i = 0; i < s->tests.len; i++) {
    const tc_test *t = &s->tests.data[i];
    fprintf(out, "%s\t%s\t", t->id, t->component);
    tc_field(out, t->end_function);
    fprintf(out, "\t%u\t", t->end_line);
    for (size_t j = 0; j < t->back.len; j++) {
      bool soft = false;
      for (size_t k = 0; k < t->soft.len && !soft; k++)
        soft = t->soft.data[k] == t->back.data[j];
      fprintf(out, "%s%s%u", j ? " " : "", soft ? "~" : "", t->back.data[j]);
    }
    if (!t->back.len) fputc('-', out);
    fputc('\t', out);
    tc_field(out, t->unfed);
    fputc('\t', out);
    tc_field(out, t->undefined);
    fputc('\n', out);
  }
  if (ferror(out)) {
    *err = mem_printf("writing tests.tsv: %s", strerror(errno));
    return -1;
  }
  return 0;
}

static const char tc_runner_doc[] =
    "# Builds the program with the test harness and gcov, runs each test of\n"
    "# this suite (EREP_TEST=<id>, under a timeout) and says whether the run\n"
    "# reached the end line of the test's trace.\n"
    "#\n"
    "# usage: sh run.sh [PROGRAM.c]\n"
    "#   PROGRAM.c: the program to build (default: the instrumented copy\n"
    "#   next to this script, which also sets uninitialised locals).\n"
    "# Environment: CC (default gcc), GCOV (default gcov), EREP_RUN_TIMEOUT\n"
    "# (seconds per test, default 10), EREP_RUN_KEEP=1 (keep the build\n"
    "# directory and say where), EREP_RUN_VERBOSE=1 (how each run ended),\n"
    "# EREP_SANITIZE=1 (build with -fsanitize=address,undefined: a test whose\n"
    "# trace ends at undefined behaviour then shows the sanitizer's report).\n"
    "#\n"
    "# Prints one line per test, then a total:\n"
    "#   F1: reached main:27 (frontier)\n"
    "#   F2: NOT reached main:31 (frontier; line 31 not executed; ...)\n"
    "#   F3: cannot be fed: ... (frontier, ends at main:12)\n"
    "#   1 of 3 tests reached their end line\n"
    "# A test reaches its end line when, in the test's own run (a fresh .gcda\n"
    "# for each), gcov counts that line as executed, and every other line of\n"
    "# the trace that has code too (else the run got there another way), and\n"
    "# the harness did not see the run leave the trace (a call of another\n"
    "# input function than the trace's next one, a failed assumption, inputs\n"
    "# left unused). Where the end line has no code of its own (a declaration\n"
    "# without initialiser, a label), the last line of the trace before it\n"
    "# that has code is checked instead, and the line says so. Lines cannot\n"
    "# tell the two branches of one condition apart: a trace that ends at a\n"
    "# condition reaches its end line whichever way the run then goes.\n"
    "# A test that cannot be fed (tests.tsv says why) is not run and does not\n"
    "# count as reached.\n"
    "# Exit status: 0 every test reached its end line, 1 some did not, 2 the\n"
    "# build failed.\n"
    "#\n"
    "# Data model: a suite for ILP32 is built with -m32 when that works here\n"
    "# (Debian: gcc-multilib); otherwise natively, which is said once.\n";

static const char tc_runner_body[] =
    "set -u\n"
    "# foreign text (names from the report, paths) is printed with printf\n"
    "# %s only: echo would decode backslash sequences in it (dash does)\n"
    "say() {\n"
    "  printf '%s' \"$1\"; shift\n"
    "  for a; do printf ' %s' \"$a\"; done\n"
    "  printf '\\n'\n"
    "}\n"
    "HERE=$(cd \"$(dirname \"$0\")\" && pwd) || exit 2\n"
    "CC=${CC:-gcc}\n"
    "GCOV=${GCOV:-gcov}\n"
    "TIMEOUT=${EREP_RUN_TIMEOUT:-10}\n"
    "if [ $# -gt 1 ]; then\n"
    "  say \"usage: sh $0 [PROGRAM.c]\" >&2\n"
    "  exit 2\n"
    "fi\n"
    "if [ $# = 1 ]; then\n"
    "  case $1 in /*) SRC=$1 ;; *) SRC=$PWD/$1 ;; esac\n"
    "elif [ -n \"$SRC\" ]; then\n"
    "  SRC=$HERE/$SRC\n"
    "else\n"
    "  say \"run.sh: erep did not find the program when it wrote this "
    "suite:\" \\\n"
    "    \"name it (sh $0 PROGRAM.c)\" >&2\n"
    "  exit 2\n"
    "fi\n"
    "[ -r \"$SRC\" ] || { say \"run.sh: $SRC: cannot read\" >&2; exit 2; }\n"
    "for tool in \"$CC\" \"$GCOV\" timeout; do\n"
    "  command -v \"$tool\" >/dev/null 2>&1 ||\n"
    "    { say \"run.sh: $tool not found\" >&2; exit 2; }\n"
    "done\n"
    "WORK=$(mktemp -d \"${TMPDIR:-/tmp}/erep-run.XXXXXX\") || exit 2\n"
    "if [ -n \"${EREP_RUN_KEEP:-}\" ]; then\n"
    "  say \"run.sh: build directory $WORK\"\n"
    "else\n"
    "  trap 'rm -rf \"$WORK\"' EXIT\n"
    "fi\n"
    "trap 'exit 130' INT TERM\n"
    "cd \"$WORK\" || exit 2\n"
    "\n"
    "M=\n"
    "if [ \"$MODEL\" = ILP32 ]; then\n"
    "  printf 'int main(void) { return 0; }\\n' > m32.c\n"
    "  if \"$CC\" -m32 m32.c -o m32 >/dev/null 2>&1 && ./m32 2>/dev/null; then\n"
    "    # SSE: each float operation rounds to its type, as erep's encoding\n"
    "    # has it (the x87 would keep excess precision)\n"
    "    M=\"-m32 -msse2 -mfpmath=sse\"\n"
    "  else\n"
    "    say \"note: the report is for ILP32 but '$CC -m32' does not link or run\" \\\n"
    "      \"here (install gcc-multilib); building for the native data model\"\n"
    "  fi\n"
    "fi\n"
    "# -fwrapv: signed overflow wraps, as erep's encoding assumes; every\n"
    "# read of a variable named __BLAST_NONDET... (BLAST's nondeterminism)\n"
    "# is an input, as erep takes it\n"
    "BLAST=\n"
    "for n in $(grep -o '__BLAST_NONDET[A-Za-z0-9_]*' \"$SRC\" | sort -u); do\n"
    "  BLAST=\"$BLAST -D$n=__VERIFIER_nondet_int()\"\n"
    "done\n"
    "SAN=\n"
    "if [ -n \"${EREP_SANITIZE:-}\" ]; then\n"
    "  SAN=\"-fsanitize=address,undefined -fno-sanitize-recover=undefined\"\n"
    "  # a report ends the run by abort(), whose signal the harness takes to\n"
    "  # write the coverage data (an exit would lose it)\n"
    "  export UBSAN_OPTIONS=abort_on_error=1 ASAN_OPTIONS=abort_on_error=1\n"
    "fi\n"
    "if ! \"$CC\" $M -O0 -w -fwrapv $BLAST $SAN --coverage -c \"$SRC\" -o prog.o "
    "2>build.err; then\n"
    "  say \"run.sh: compiling $SRC failed:\" >&2\n"
    "  cat build.err >&2\n"
    "  exit 2\n"
    "fi\n"
    "if ! \"$CC\" $M -O0 -w -c \"$HERE/harness.c\" -o harness.o 2>>build.err; "
    "then\n"
    "  say \"run.sh: compiling harness.c failed:\" >&2\n"
    "  cat build.err >&2\n"
    "  exit 2\n"
    "fi\n"
    "# Functions the program declares but never defines and no trace takes\n"
    "# a value from get stubs returning 0.\n"
    "objs=\"prog.o harness.o\"\n"
    "link() {\n"
    "  \"$CC\" $M $SAN --coverage -Wl,-u,__gcov_dump $objs -o prog 2>link.err\n"
    "}\n"
    "if ! link; then\n"
    "  sed -n \"s/.*undefined reference to "
    "\\`\\([A-Za-z_][A-Za-z0-9_]*\\)'.*/\\1/p\" \\\n"
    "    link.err | sort -u > undef.txt\n"
    "  if [ -s undef.txt ]; then\n"
    "    : > stubs.c\n"
    "    while read -r fn; do\n"
    "      printf '__attribute__((weak)) long %s(void) { return 0; }\\n' "
    "\"$fn\" >> stubs.c\n"
    "    done < undef.txt\n"
    "    say \"note: stubs returning 0 for $(wc -l < undef.txt) undefined\" "
    "\\\n"
    "      \"function(s) no trace takes a value from: $(tr '\\n' ' ' < "
    "undef.txt)\"\n"
    "    \"$CC\" $M -O0 -w -c stubs.c -o stubs.o 2>>link.err &&\n"
    "      objs=\"$objs stubs.o\"\n"
    "  fi\n"
    "  if ! link; then\n"
    "    say \"run.sh: linking failed:\" >&2\n"
    "    cat link.err >&2\n"
    "    exit 2\n"
    "  fi\n"
    "fi\n"
    "\n"
    "# the lines of the program (not of headers) in the last run: \"line "
    "count\"\n"
    "# with count - (no code), 0 or the number of executions\n"
    "BASE=$(basename \"$SRC\")\n"
    "counts() {\n"
    "  \"$GCOV\" -t prog.o 2>/dev/null | awk -F: -v src=\"$BASE\" '\n"
    "    $3 == \"Source\" && $2 + 0 == 0 {\n"
    "      f = $0; sub(/^[^:]*:[^:]*:Source:/, \"\", f)\n"
    "      n = split(f, a, \"/\"); on = a[n] == src; next }\n"
    "    on && $2 + 0 > 0 {\n"
    "      c = $1; gsub(/[ *]/, \"\", c); l = $2 + 0\n"
    "      if (c == \"-\") print l, \"-\"; else if (c ~ /^[#=]+$/) print l, 0\n"
    "      else print l, c }'\n"
    "}\n"
    "\n"
    "TAB=$(printf '\\t')\n"
    "n=0 nok=0\n"
    "while IFS=$TAB read -r id comp fn end back unfed undef; do\n"
    "  case $id in '' | '#'*) continue ;; esac\n"
    "  n=$((n + 1))\n"
    "  if [ \"$unfed\" != - ]; then\n"
    "    say \"$id: cannot be fed: $unfed ($comp, ends at $fn:$end)\"\n"
    "    continue\n"
    "  fi\n"
    "  rm -f ./*.gcda\n"
    "  EREP_TEST=$id EREP_HARNESS_VERBOSE=${EREP_RUN_VERBOSE:-} \\\n"
    "    timeout -k 2 \"$TIMEOUT\" ./prog >run.out 2>run.err </dev/null\n"
    "  status=$?\n"
    "  counts > counts.txt\n"
    "  # the end line, or the last line of the trace before it with code;\n"
    "  # the trace's other lines with code must have been executed too\n"
    "  checked= c= missing=\n"
    "  [ \"$back\" = - ] && back=$end\n"
    "  for l in $back; do\n"
    "    # ~N: passed by blank edges only (the } of an if): no code of its own\n"
    "    # when gcov counts none\n"
    "    soft=; case $l in '~'*) soft=1; l=${l#?} ;; esac\n"
    "    lc=$(awk -v l=\"$l\" '$1 == l { print $2; exit }' counts.txt)\n"
    "    [ -n \"$soft\" ] && [ \"$lc\" = 0 ] && lc=-\n"
    "    case $lc in\n"
    "      - | '') ;;\n"
    "      *)\n"
    "        if [ -z \"$checked\" ]; then\n"
    "          checked=$l c=$lc\n"
    "        elif [ \"$lc\" = 0 ]; then\n"
    "          missing=\"$l${missing:+, }$missing\"\n"
    "        fi\n"
    "        ;;\n"
    "    esac\n"
    "  done\n"
    "  # the harness's word on how the run ended; exit status 3 is the "
    "harness\n"
    "  # seeing the run leave the trace only when it says so (the program may\n"
    "  # exit with 3 itself)\n"
    "  harness=$(sed -n '/^erep harness/{s/^erep harness: test [^:]*: "
    "//;p;q;}' \\\n"
    "    run.err | LC_ALL=C tr -c '[:print:]\\n' '?')\n"
    "  left=\n"
    "  if [ \"$status\" = 3 ]; then\n"
    "    left=$(grep -E '^erep harness: test [^:]*: (input [0-9]+ is a call "
    "of|an assumption failed before|the program ended with)' \\\n"
    "      run.err | sed -n '1s/^erep harness: test [^:]*: //p' |\n"
    "      LC_ALL=C tr -c '[:print:]\\n' '?')\n"
    "  fi\n"
    "  why=\n"
    "  case $status in\n"
    "    0) ;;\n"
    "    124 | 137) why=\"stopped by the ${TIMEOUT}s timeout\" ;;\n"
    "    *) why=\"exit status $status\" ;;\n"
    "  esac\n"
    "  [ -n \"$left\" ] && why=\"the run left the trace: $left\"\n"
    "  # a run that ends at undefined behaviour may crash inside a basic\n"
    "  # block, and gcov, which infers counts from the flow through blocks,\n"
    "  # then counts lines before it as not run: its end line is the test\n"
    "  [ \"${undef:--}\" != - ] && [ \"$checked\" = \"$end\" ] && missing=\n"
    "  note=\n"
    "  [ -n \"$checked\" ] && [ \"$checked\" != \"$end\" ] &&\n"
    "    note=\"; line $end has no code, checked line $checked\"\n"
    "  head=\"$id: NOT reached $fn:$end ($comp\"\n"
    "  if [ -z \"$checked\" ]; then\n"
    "    say \"$head; no line of the trace has code that gcov counts${why:+; "
    "$why})\"\n"
    "  elif [ \"$c\" = 0 ]; then\n"
    "    say \"$head; line $checked not executed${why:+; $why})\"\n"
    "  elif [ -n \"$left\" ]; then\n"
    "    say \"$head; line $checked executed, but $why)\"\n"
    "  elif [ -n \"$missing\" ]; then\n"
    "    say \"$head; line $checked executed, but not the trace's lines\" \\\n"
    "      \"$missing: the run took another way${why:+; $why})\"\n"
    "  elif [ \"${undef:--}\" != - ]; then\n"
    "    # the trace ends at undefined behaviour: reaching it is the test\n"
    "    nok=$((nok + 1))\n"
    "    san=$(grep -m1 -E 'runtime error:|ERROR: AddressSanitizer' run.err |\n"
    "      sed 's/^[^ ]*: //' | LC_ALL=C tr -c '[:print:]\\n' '?')\n"
    "    if [ -z \"$SAN\" ]; then\n"
    "      san=\"EREP_SANITIZE=1 sh run.sh shows it\"\n"
    "    elif [ -n \"$san\" ]; then\n"
    "      san=\"the sanitizer: $san\"\n"
    "    else\n"
    "      san=\"the sanitizer reported nothing\"\n"
    "    fi\n"
    "    say \"$id: reached undefined behaviour at $fn:$end ($undef; $san)\"\n"
    "  else\n"
    "    nok=$((nok + 1))\n"
    "    if [ -n \"${EREP_RUN_VERBOSE:-}\" ]; then\n"
    "      say \"$id: reached $fn:$end ($comp$note${why:+; $why})\"\n"
    "    else\n"
    "      say \"$id: reached $fn:$end ($comp$note)\"\n"
    "    fi\n"
    "  fi\n"
    "  [ -n \"${EREP_RUN_VERBOSE:-}\" ] && [ -n \"$harness\" ] &&\n"
    "    say \"  harness: $harness\"\n"
    "done < \"$HERE/tests.tsv\"\n"
    "say \"$nok of $n tests reached their end line\"\n"
    "[ \"$nok\" = \"$n\" ]\n";

int tc_write_runner(const tc_suite *s, FILE *out, const char *instrumented,
                    const char *producer, char **err) {
  *err = NULL;
  fprintf(out, "#!/bin/sh\n# run.sh: written by ");
  esc_fputs(producer, 0, out);
  fprintf(out, " from ");
  esc_fputs(s->report_path, 0, out);
  fprintf(out, ",\n# the report of ");
  esc_fputs(s->program_path, 0, out);
  fprintf(out, " (%zu test%s, data model %s).\n", s->tests.len,
          s->tests.len == 1 ? "" : "s", s->data_model);
  fputs(tc_runner_doc, out);
  if (s->caution) {
    /* the text escaped (no control characters), single-quoted for sh */
    char *e = esc_text(s->caution, 0);
    tc_hash_caution(s, out);
    fputs("printf '%s\\n' 'run.sh: warning: ", out);
    for (const char *p = e; *p; p++)
      if (*p == '\'')
        fputs("'\\''", out);
      else
        fputc(*p, out);
    fputs("' >&2\n", out);
    mem_free(e);
  }
  /* the name is erep's own (letters, digits, '.', '_', '-') */
  fprintf(out, "SRC='%s'\nMODEL=%s\n", instrumented ? instrumented : "",
          !strcmp(s->data_model, "LP64") ? "LP64" : "ILP32");
  fputs(tc_runner_body, out);
  if (ferror(out)) {
    *err = mem_printf("writing run.sh: %s", strerror(errno));
    return -1;
  }
  return 0;
}
