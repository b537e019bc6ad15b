/* Unit tests of the assumption-automaton readers and writers: every dialect
 * formats/aa.h names on small inline automata, the lexer's corner
 * cases, error messages with line and column, the GraphML form, and the
 * atomic output files. */
#include "formats/aa.h"
#include "lib/outfile.h"

#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static aa_automaton *parse(const char *src) {
  char *err = NULL;
  aa_automaton *a = aa_parse_text(src, strlen(src), "t.txt", &err);
  if (!a) ck_abort_msg("parse failed: %s", err);
  ck_assert_ptr_null(err);
  return a;
}

/* The error message of a text that must not parse. */
static char *parse_err(const char *src, size_t len) {
  char *err = NULL;
  aa_automaton *a = aa_parse_text(src, len, "t.txt", &err);
  ck_assert_msg(!a, "parsed, but should not have: %s", src);
  ck_assert_ptr_nonnull(err);
  return err;
}

#define ERR_IS(src, want)                                                      \
  do {                                                                         \
    char *e_ = parse_err(src, strlen(src));                                    \
    ck_assert_str_eq(e_, want);                                                \
    mem_free(e_);                                                              \
  } while (0)

#define ERR_HAS(src, part)                                                     \
  do {                                                                         \
    char *e_ = parse_err(src, strlen(src));                                    \
    ck_assert_msg(strstr(e_, part), "message '%s' lacks '%s'", e_, part);      \
    mem_free(e_);                                                              \
  } while (0)

static char *to_text(const aa_automaton *a) {
  char *buf = NULL, *err = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  ck_assert_int_eq(aa_write_text(a, f, &err), 0);
  fclose(f);
  return buf;
}

static char *to_graphml(const aa_automaton *a) {
  char *buf = NULL, *err = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  int r = aa_write_graphml(a, f, &err);
  fclose(f);
  if (r) ck_abort_msg("graphml: %s", err);
  return buf;
}

static aa_automaton *from_graphml(const char *xml) {
  char *err = NULL;
  aa_automaton *a = aa_parse_graphml(xml, strlen(xml), "t.graphml", &err);
  if (!a) ck_abort_msg("graphml parse failed: %s", err);
  return a;
}

/* text -> text is stable and text -> GraphML -> text gives the same. */
static void check_round_trip(const char *src) {
  aa_automaton *a = parse(src);
  char *t1 = to_text(a);
  aa_automaton *b = parse(t1);
  char *t2 = to_text(b);
  ck_assert_str_eq(t1, t2);
  char *g = to_graphml(a);
  aa_automaton *c = from_graphml(g);
  char *t3 = to_text(c);
  ck_assert_str_eq(t1, t3);
  ck_assert_str_eq(a->dialect, c->dialect);
  free(t1), free(t2), free(t3), free(g);
  aa_free(a), aa_free(b), aa_free(c);
}

static const aa_transition *tr(const aa_automaton *a, const char *state,
                               uint32_t k) {
  int32_t s = aa_state_index(a, state);
  ck_assert_int_ne(s, AA_NONE);
  ck_assert_uint_lt(k, a->states[s].count);
  return &a->transitions[a->states[s].first + k];
}

static const char *target(const aa_automaton *a, const aa_transition *t) {
  ck_assert_int_eq(t->go, AA_GOTO_STATE);
  return a->states[t->target].name;
}

/* ---- dialects ----------------------------------------------------------- */

static const char *old_aa =
    "OBSERVER AUTOMATON AssumptionAutomaton\n"
    "\n"
    "INITIAL STATE ARG0;\n"
    "\n"
    "STATE __TRUE :\n"
    "    TRUE -> ASSUME {true} GOTO __TRUE;\n"
    "\n"
    "STATE __FALSE :\n"
    "    TRUE -> ASSUME {false} GOTO __FALSE;\n"
    "\n"
    "STATE USEFIRST ARG0 :\n"
    "    MATCH \"\" -> ASSUME {true} GOTO ARG1;\n"
    "    TRUE -> GOTO __TRUE;\n"
    "\n"
    "STATE USEFIRST ARG1 :\n"
    "    MATCH \"int x = __VERIFIER_nondet_int();\" -> GOTO ARG1M0;\n"
    "    TRUE -> GOTO __TRUE;\n"
    "\n"
    "STATE USEFIRST ARG1M0 :\n"
    "    MATCH \"int x = __VERIFIER_nondet_int();\" -> ASSUME {true} GOTO "
    "ARG2;\n"
    "    TRUE -> GOTO __TRUE;\n"
    "\n"
    "STATE USEFIRST ARG2 :\n"
    "    MATCH \"[((int)m_run_i) == 1]\" -> ASSUME {true} GOTO __FALSE;\n"
    "    MATCH \"[!(((int)m_run_i) == 1)]\" -> ASSUME {true} GOTO ARG2;\n"
    "    MATCH \"L1:\\n        x = 111;\" -> GOTO ARG0;\n"
    "    MATCH \"\" -> GOTO __TRUE;\n"
    "    TRUE -> GOTO __TRUE;\n"
    "\n"
    "END AUTOMATON\n";

START_TEST(old_dialect) {
  aa_automaton *a = parse(old_aa);
  ck_assert_str_eq(a->dialect, "assumption-collector-old");
  ck_assert_str_eq(a->name, "AssumptionAutomaton");
  ck_assert_int_eq(a->kind, AA_KIND_OBSERVER);
  ck_assert_uint_eq(a->nstates, 6);
  ck_assert_uint_eq(a->ntransitions, 13);
  ck_assert_str_eq(a->states[a->initial].name, "ARG0");
  ck_assert_int_eq(a->states[a->true_sink].sink, AA_SINK_TRUE);
  ck_assert_int_eq(a->states[a->false_sink].sink, AA_SINK_FALSE);
  ck_assert_str_eq(a->states[a->true_sink].name, "__TRUE");
  ck_assert_int_eq(a->states[a->true_sink].mode, AA_MODE_DEFAULT);
  int32_t s1m0 = aa_state_index(a, "ARG1M0");
  ck_assert_int_eq(a->states[s1m0].mode, AA_MODE_USEFIRST);
  ck_assert_int_eq(a->states[s1m0].sink, AA_SINK_NONE);
  ck_assert_uint_eq(a->states[s1m0].line, 19);
  /* file order, contiguous ranges, sources and targets */
  for (uint32_t i = 0; i < a->nstates; i++)
    for (uint32_t k = 0; k < a->states[i].count; k++)
      ck_assert_int_eq(a->transitions[a->states[i].first + k].source, (int)i);
  const aa_transition *t = tr(a, "ARG2", 2);
  ck_assert_int_eq(t->trigger->kind, AA_X_MATCH);
  ck_assert_str_eq(t->trigger->text, "L1:\n        x = 111;");
  ck_assert_str_eq(target(a, t), "ARG0");
  ck_assert_ptr_null(t->assume);
  ck_assert_uint_eq(t->line, 26);
  ck_assert_str_eq(tr(a, "ARG2", 0)->assume, "true");
  ck_assert_str_eq(target(a, tr(a, "ARG2", 0)), "__FALSE");
  /* interning: one node per distinct MATCH text */
  ck_assert_ptr_eq(tr(a, "ARG1", 0)->trigger, tr(a, "ARG1M0", 0)->trigger);
  ck_assert_ptr_eq(tr(a, "ARG0", 0)->trigger, tr(a, "ARG2", 3)->trigger);
  ck_assert_uint_eq(a->nmatches, 5);
  ck_assert_uint_eq(tr(a, "ARG1", 0)->trigger->id,
                    tr(a, "ARG1M0", 0)->trigger->id);
  ck_assert_ptr_eq(a->matches[tr(a, "ARG2", 2)->trigger->id],
                   tr(a, "ARG2", 2)->trigger);
  ck_assert_ptr_eq(tr(a, "ARG0", 0)->assume, tr(a, "ARG2", 1)->assume);
  /* catch-alls */
  ck_assert(aa_transition_is_catchall(tr(a, "ARG2", 4)));
  ck_assert(!aa_transition_is_catchall(tr(a, "ARG2", 3)));
  ck_assert(aa_state_has_catchall(a, aa_state_index(a, "ARG1")));
  ck_assert_int_eq(aa_state_index(a, "ARG77"), AA_NONE);
  ck_assert_uint_gt(aa_memory(a), 0);
  /* CPAchecker's own output comes back byte for byte */
  char *t1 = to_text(a);
  ck_assert_str_eq(t1, old_aa);
  free(t1);
  aa_free(a);
  check_round_trip(old_aa);
}
END_TEST

START_TEST(new_dialect) {
  const char *src =
      "OBSERVER AUTOMATON AssumptionAutomaton\n\n"
      "INITIAL STATE ARG0;\n\n"
      "STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\n"
      "STATE __FALSE :\n    TRUE -> ASSUME {false} GOTO __FALSE;\n\n"
      "STATE USEFIRST ARG0 :\n"
      "    MATCH \"[i]\" -> GOTO __FALSE;\n"
      "    MATCH \"[!(i)]\" -> ASSUME {x == 1} GOTO __TRUE;\n"
      "    MATCH \"a\\rb\" -> GOTO __TRUE;\n"
      "    TRUE -> GOTO __TRUE;\n\nEND AUTOMATON\n";
  aa_automaton *a = parse(src);
  ck_assert_str_eq(a->dialect, "assumption-collector-new");
  ck_assert_str_eq(tr(a, "ARG0", 2)->trigger->text, "a\rb");
  aa_free(a);
  check_round_trip(src);
  /* nothing relevant: the initial state is __TRUE */
  const char *all = "OBSERVER AUTOMATON AssumptionAutomaton\n\n"
                    "INITIAL STATE __TRUE;\n\n"
                    "STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\n"
                    "END AUTOMATON\n";
  a = parse(all);
  ck_assert_int_eq(a->initial, a->true_sink);
  ck_assert_int_eq(a->false_sink, AA_NONE);
  ck_assert_str_eq(a->dialect, "assumption-collector-new");
  aa_free(a);
  check_round_trip(all);
}
END_TEST

START_TEST(ignore_assumptions_and_swapped) {
  const char *ign = "OBSERVER AUTOMATON AssumptionAutomaton\n"
                    "INITIAL STATE ARG0;\n"
                    "STATE __TRUE : TRUE -> GOTO __TRUE;\n"
                    "STATE __FALSE : TRUE -> GOTO __FALSE;\n"
                    "STATE USEFIRST ARG0 : MATCH \"\" -> GOTO __FALSE; "
                    "TRUE -> GOTO __TRUE;\n"
                    "END AUTOMATON";
  aa_automaton *a = parse(ign);
  ck_assert_str_eq(a->dialect, "ignore-assumptions");
  aa_free(a);
  check_round_trip(ign);
  const char *sw = "OBSERVER AUTOMATON AssumptionAutomaton\n"
                   "INITIAL STATE ARG0;\n"
                   "STATE __TRUE : TRUE -> ASSUME {true} GOTO __TRUE;\n"
                   "STATE __FALSE : TRUE -> ASSUME {false} GOTO __FALSE;\n"
                   "STATE USEFIRST ARG0 : MATCH \"\" -> ASSUME {true} GOTO "
                   "ARG1; TRUE -> GOTO __FALSE;\n"
                   "STATE USEFIRST ARG1 : MATCH \"x;\" -> GOTO __TRUE; "
                   "TRUE -> GOTO __FALSE;\n"
                   "END AUTOMATON";
  a = parse(sw);
  ck_assert_str_eq(a->dialect, "swapped");
  aa_free(a);
  check_round_trip(sw);
}
END_TEST

START_TEST(counterexample_derived) {
  /* the chain states have no catch-all ("no match = stay") */
  const char *src =
      "OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE ARG0;\n\n"
      "STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\n"
      "STATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n"
      "STATE USEFIRST ARG0 :\n    MATCH \"\" -> GOTO ARG1;\n"
      "    TRUE -> GOTO __TRUE;\n\n"
      "STATE USEFIRST ARG1 :\n"
      "    MATCH \"int __VERIFIER_nondet_int();\" -> GOTO ARG2_1_1;\n"
      "STATE USEFIRST ARG2_0_1 :\n"
      "    MATCH \"int __VERIFIER_nondet_int();\" -> GOTO ARG2_1_1;\n"
      "STATE USEFIRST ARG2_1_1 :\n    MATCH \"int main()\" -> GOTO ARG2;\n"
      "STATE USEFIRST ARG2 :\n    MATCH \"[i]\" -> GOTO __FALSE;\n"
      "    TRUE -> GOTO __TRUE;\n\nEND AUTOMATON\n";
  aa_automaton *a = parse(src);
  ck_assert_str_eq(a->dialect, "counterexample-derived");
  ck_assert(!aa_state_has_catchall(a, aa_state_index(a, "ARG2_1_1")));
  ck_assert_str_eq(target(a, tr(a, "ARG1", 0)), "ARG2_1_1");
  aa_free(a);
  check_round_trip(src);
}
END_TEST

START_TEST(initial_false) {
  const char *src =
      "OBSERVER AUTOMATON AssumptionAutomaton\n\n"
      "INITIAL STATE __FALSE;\n\n"
      "STATE __FALSE :\n    TRUE -> ASSUME {false} GOTO __FALSE;\n"
      "\nEND AUTOMATON\n";
  aa_automaton *a = parse(src);
  ck_assert_str_eq(a->dialect, "initial-false");
  ck_assert_uint_eq(a->nstates, 1);
  ck_assert_int_eq(a->initial, a->false_sink);
  ck_assert_int_eq(a->true_sink, AA_NONE);
  char *t = to_text(a);
  ck_assert_str_eq(t, src);
  free(t);
  aa_free(a);
  check_round_trip(src);
}
END_TEST

START_TEST(hand_written) {
  /* USEALL, LOCAL/DO counters, ASSUME C code, comments of both kinds,
   * lower-case booleans and no CONTROL/OBSERVER keyword */
  const char *src =
      "// a condition written by hand\n"
      "AUTOMATON Cond /* inline */\n"
      "LOCAL int count = 0;\n"
      "LOCAL int limit;\n"
      "INITIAL STATE init;\n"
      "STATE USEALL init :\n"
      "  MATCH \"x = f();\" -> ASSUME {x < 10} DO count = count + 1 GOTO "
      "init;\n"
      "  MATCH \"x = f();\" -> ASSUME {x >= 10} GOTO init; // other half\n"
      "  count == 3 -> PRINT \"three\" count GOTO done;\n"
      "  true -> GOTO init;\n"
      "STATE done :\n  false -> STOP;\n"
      "END AUTOMATON\n";
  aa_automaton *a = parse(src);
  ck_assert_str_eq(a->dialect, "hand-written");
  ck_assert_int_eq(a->kind, AA_KIND_IMPLICIT);
  ck_assert_uint_eq(a->nlocals, 2);
  ck_assert_str_eq(a->locals[0].name, "count");
  ck_assert_str_eq(a->locals[0].value, "0");
  ck_assert_ptr_null(a->locals[1].value);
  ck_assert_int_eq(a->states[0].mode, AA_MODE_USEALL);
  const aa_transition *t = tr(a, "init", 0);
  ck_assert_str_eq(t->assume, "x < 10");
  ck_assert_uint_eq(t->more->nactions, 1);
  ck_assert_int_eq(t->more->actions[0].kind, AA_ACT_DO);
  ck_assert_str_eq(t->more->actions[0].name, "count");
  ck_assert_int_eq(t->more->actions[0].value->kind, AA_X_PLUS);
  t = tr(a, "init", 2);
  ck_assert_int_eq(t->trigger->kind, AA_X_EQ);
  ck_assert(t->trigger->a->is_int);
  ck_assert_int_eq(t->more->actions[0].kind, AA_ACT_PRINT);
  ck_assert_uint_eq(t->more->actions[0].nargs, 2);
  ck_assert(aa_transition_is_catchall(tr(a, "init", 3)));
  ck_assert_int_eq(tr(a, "done", 0)->go, AA_GOTO_STOP);
  ck_assert_int_eq(tr(a, "done", 0)->target, AA_NONE);
  char *txt = to_text(a);
  ck_assert_str_eq(
      txt, "AUTOMATON Cond\n\nLOCAL int count = 0;\nLOCAL int limit;\n\n"
           "INITIAL STATE init;\n\n"
           "STATE USEALL init :\n"
           "    MATCH \"x = f();\" -> ASSUME {x < 10} DO count = count + 1 "
           "GOTO init;\n"
           "    MATCH \"x = f();\" -> ASSUME {x >= 10} GOTO init;\n"
           "    count == 3 -> PRINT \"three\" count GOTO done;\n"
           "    TRUE -> GOTO init;\n\n"
           "STATE done :\n    FALSE -> STOP;\n\nEND AUTOMATON\n");
  free(txt);
  aa_free(a);
  check_round_trip(src);
}
END_TEST

START_TEST(gia) {
  const char *src =
      "OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE A0;\n\n"
      "STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\n"
      "STATE __qTEMP :\n    TRUE -> ASSUME {false} GOTO __qTEMP;\n\n"
      "TARGET STATE __qERROR :\n    TRUE -> ASSUME {true} GOTO __qERROR;\n\n"
      "NON_TARGET STATE USEALL A0 :\n"
      "    MATCH FUNCTIONCALL \"main\" -> GOTO A1;\n    TRUE -> GOTO A0;\n\n"
      "UNKNOWN STATE USEALL A1 :\n"
      "    MATCH \"[!(cond)]\" -> GOTO __qERROR;\n    TRUE -> GOTO A1;\n\n"
      "END AUTOMATON\n";
  aa_automaton *a = parse(src);
  ck_assert_str_eq(a->dialect, "gia");
  ck_assert_int_eq(a->states[aa_state_index(a, "__qERROR")].type,
                   AA_STYPE_TARGET);
  ck_assert_int_eq(a->states[aa_state_index(a, "A0")].type,
                   AA_STYPE_NON_TARGET);
  ck_assert_int_eq(a->states[aa_state_index(a, "A1")].type, AA_STYPE_UNKNOWN);
  ck_assert_int_eq(tr(a, "A0", 0)->trigger->kind, AA_X_MATCH_CALL);
  ck_assert_str_eq(tr(a, "A0", 0)->trigger->text, "main");
  char *t = to_text(a);
  ck_assert_str_eq(t, src);
  free(t);
  aa_free(a);
  check_round_trip(src);
}
END_TEST

START_TEST(counterexample) {
  const char *src =
      "CONTROL AUTOMATON ErrorPath0\n\nINITIAL STATE ARG0;\n\n"
      "STATE USEFIRST ARG0 :\n    MATCH \"\" -> GOTO ARG2_4_1;\n"
      "    TRUE -> STOP;\n\n"
      "STATE USEFIRST ARG2_4_1 :\n"
      "    MATCH \"int x = __VERIFIER_nondet_int();\" -> ASSUME {x == (5);} "
      "GOTO ARG2;\n    TRUE -> STOP;\n\n"
      "STATE USEFIRST ARG2 :\n    MATCH \"[(x * x) > 3]\" -> ERROR;\n"
      "    MATCH EXIT -> ERROR(\"Found covering test case\");\n"
      "    MATCH \"b\" -> BREAK;\n    TRUE -> STOP;\n\n"
      "END AUTOMATON\n";
  aa_automaton *a = parse(src);
  ck_assert_str_eq(a->dialect, "counterexample");
  ck_assert_int_eq(a->kind, AA_KIND_CONTROL);
  ck_assert_str_eq(a->name, "ErrorPath0");
  ck_assert_int_eq(a->true_sink, AA_NONE);
  const aa_transition *t = tr(a, "ARG2", 0);
  ck_assert_int_eq(t->go, AA_GOTO_ERROR);
  ck_assert_ptr_null(t->more);
  t = tr(a, "ARG2", 1);
  ck_assert_int_eq(t->trigger->kind, AA_X_MATCH_EXIT);
  ck_assert_str_eq(t->more->property, "Found covering test case");
  ck_assert_int_eq(tr(a, "ARG2", 2)->go, AA_GOTO_BREAK);
  ck_assert_str_eq(tr(a, "ARG2_4_1", 0)->assume, "x == (5);");
  char *txt = to_text(a);
  ck_assert_str_eq(txt, src);
  free(txt);
  aa_free(a);
  check_round_trip(src);
}
END_TEST

/* ---- lexer and triggers ---------------------------------------------------
 */

static aa_automaton *one(const char *transition) {
  static char buf[4096];
  snprintf(buf, sizeof buf,
           "OBSERVER AUTOMATON A\nINITIAL STATE S;\nSTATE S :\n%s\n"
           "END AUTOMATON\n",
           transition);
  return parse(buf);
}

static void trigger_is(const char *transition, const char *printed) {
  aa_automaton *a = one(transition);
  char *s = aa_expr_string(a->transitions[0].trigger);
  ck_assert_str_eq(s, printed);
  mem_free(s);
  aa_free(a);
}

START_TEST(escapes) {
  aa_automaton *a = one(
      "MATCH \"a\\nb\\tc\\rd\\\"e\\\\f\" -> ASSUME {g\\}h\\\\i\\nj\\tk\\rl} "
      "GOTO S;\n MATCH [x\\]y\\\\z] -> ASSUME {raw\nnewline} GOTO S;\n"
      " MATCH \"tab\there\" -> GOTO S;");
  ck_assert_str_eq(a->transitions[0].trigger->text, "a\nb\tc\rd\"e\\f");
  ck_assert_uint_eq(a->transitions[0].trigger->len, 11);
  ck_assert_str_eq(a->transitions[0].assume, "g}h\\i\nj\tk\rl");
  ck_assert_int_eq(a->transitions[1].trigger->kind, AA_X_MATCH_REGEX);
  ck_assert_str_eq(a->transitions[1].trigger->text, "x]y\\z");
  ck_assert_str_eq(a->transitions[1].assume, "raw\nnewline");
  ck_assert_uint_eq(a->transitions[2].line, 7); /* after the raw newline */
  ck_assert_str_eq(a->transitions[2].trigger->text, "tab\there");
  char *t = to_text(a);
  ck_assert(strstr(t, "MATCH \"a\\nb\\tc\\rd\\\"e\\\\f\" -> ASSUME "
                      "{g\\}h\\\\i\\nj\\tk\\rl} GOTO S;"));
  ck_assert(strstr(t, "MATCH [x\\]y\\\\z] -> ASSUME {raw\\nnewline} GOTO S;"));
  ck_assert(strstr(t, "MATCH \"tab\\there\""));
  free(t);
  aa_free(a);
  /* CRLF line ends, a BOM, comments everywhere */
  const char *crlf = "\xef\xbb\xbfOBSERVER AUTOMATON A\r\n/* c\r\n */\r\n"
                     "INITIAL STATE S; // x\r\nSTATE S :\r\n"
                     "  MATCH \"s\" -> GOTO S;\r\nEND AUTOMATON\r\n";
  a = parse(crlf);
  ck_assert_uint_eq(a->transitions[0].line, 6);
  aa_free(a);
}
END_TEST

START_TEST(triggers) {
  trigger_is("MATCH {$1 = f($?);} -> GOTO S;", "MATCH {$1 = f($?);}");
  trigger_is("MATCH [f\\\\(.*\\\\)] -> GOTO S;", "MATCH [f\\\\(.*\\\\)]");
  trigger_is("MATCH LABEL \"ERROR\" -> GOTO S;", "MATCH LABEL \"ERROR\"");
  trigger_is("MATCH LABEL [L.*] -> GOTO S;", "MATCH LABEL [L.*]");
  trigger_is("MATCH ASSERT -> GOTO S;", "MATCH ASSERT");
  trigger_is("MATCH EXIT -> GOTO S;", "MATCH EXIT");
  trigger_is("MATCH ENTRY -> GOTO S;", "MATCH ENTRY");
  trigger_is("CHECK(AutomatonAnalysis_A, \"state == __FALSE\") -> GOTO S;",
             "CHECK(AutomatonAnalysis_A, \"state == __FALSE\")");
  trigger_is("CHECK(location(\"nodenumber==3\")) -> GOTO S;",
             "CHECK(location, \"nodenumber==3\")");
  trigger_is("CHECK(\"q\") -> GOTO S;", "CHECK(\"q\")");
  trigger_is("CHECK(IS_TARGET_STATE) -> STOP;", "CHECK(IS_TARGET_STATE)");
  trigger_is("IS_CALL && IS_FEASIBLE -> PRINT_CALLS BREAK;",
             "IS_CALL && IS_FEASIBLE");
  trigger_is("!(MATCH \"a\" || MATCH \"b\") && TRUE != FALSE -> GOTO S;",
             "!(MATCH \"a\" || MATCH \"b\") && TRUE != FALSE");
  trigger_is("EVAL(cpa, \"v\") + 1 == (x - 2) -> GOTO S;",
             "EVAL(cpa, \"v\") + 1 == (x - 2)");
  /* && and || share one precedence level, left-associative (parser.cup) */
  aa_automaton *a = one("MATCH \"a\" || MATCH \"b\" && MATCH \"c\" -> GOTO S;");
  const aa_expr *e = a->transitions[0].trigger;
  ck_assert_int_eq(e->kind, AA_X_AND);
  ck_assert_int_eq(e->a->kind, AA_X_OR);
  aa_free(a);
  /* ! binds tighter than ==, except that "!x == 1" negates the comparison */
  a = one("!MATCH \"a\" == TRUE -> GOTO S;\n !x == 1 -> GOTO S;");
  e = a->transitions[0].trigger;
  ck_assert_int_eq(e->kind, AA_X_EQ);
  ck_assert_int_eq(e->a->kind, AA_X_NOT);
  e = a->transitions[1].trigger;
  ck_assert_int_eq(e->kind, AA_X_NOT);
  ck_assert_int_eq(e->a->kind, AA_X_EQ);
  aa_free(a);
  /* actions and ASSERTs */
  a = one("MATCH \"a\" -> ASSERT x == 1 ASSERT !MATCH \"b\" ASSUME {y} DO x = "
          "EVAL(c, \"q\") MODIFY(cpa(\"m\")) PRINT GOTO S;");
  const aa_transition *t = &a->transitions[0];
  ck_assert_uint_eq(t->more->nasserts, 2);
  ck_assert_uint_eq(t->more->nactions, 3);
  char *s = aa_asserts_string(t);
  ck_assert_str_eq(s, "ASSERT x == 1 ASSERT !MATCH \"b\"");
  mem_free(s);
  s = aa_actions_string(t);
  ck_assert_str_eq(s, "DO x = EVAL(c, \"q\") MODIFY(cpa, \"m\") PRINT");
  mem_free(s);
  ck_assert_ptr_null(aa_goto_string(t));
  aa_free(a);
  check_round_trip("OBSERVER AUTOMATON A\nLOCAL int x = 7;\nINITIAL STATE S;\n"
                   "STATE S : MATCH \"a\" -> ASSERT x == 1 ASSERT !MATCH \"b\" "
                   "ASSUME {y} DO x = x - 1 PRINT \"s\" x MATCH \"q\" GOTO S;\n"
                   "  (x + 1) != 2 || !!CHECK(IS_TARGET_STATE) -> "
                   "ERROR(\"p \\\"q\\\"\");\n"
                   "  MATCH {$? = f();} -> BREAK;\n"
                   "END AUTOMATON");
}
END_TEST

START_TEST(deep_expressions) {
  /* nesting is bounded ... */
  char buf[2048];
  strcpy(buf, "OBSERVER AUTOMATON A INITIAL STATE S; STATE S : ");
  for (int i = 0; i < 250; i++)
    strcat(buf, "(");
  strcat(buf, "TRUE");
  for (int i = 0; i < 250; i++)
    strcat(buf, ")");
  strcat(buf, " -> GOTO S; END AUTOMATON");
  ERR_HAS(buf, "nested too deeply");
  /* ... but a long flat chain is fine and written without recursion */
  size_t n = 200000;
  char *big = malloc(16 * n + 200);
  strcpy(big, "OBSERVER AUTOMATON A INITIAL STATE S; STATE S : TRUE");
  char *p = big + strlen(big);
  for (size_t i = 0; i < n; i++)
    p += sprintf(p, " && TRUE");
  strcpy(p, " -> GOTO S; END AUTOMATON");
  aa_automaton *a = parse(big);
  char *s = aa_expr_string(a->transitions[0].trigger);
  ck_assert_uint_eq(strlen(s), 4 + 8 * n);
  mem_free(s);
  aa_free(a);
  free(big);
}
END_TEST

/* ---- errors
 * ------------------------------------------------------------------ */

#define HEAD "OBSERVER AUTOMATON A\nINITIAL STATE S;\nSTATE S :\n"

START_TEST(errors) {
  ERR_IS("", "t.txt:1:1: no automaton in the input (the file is empty)");
  ERR_IS(" // only\n", "t.txt:2:1: no automaton in the input (only blanks and "
                       "comments)");
  ERR_IS(HEAD "  MATCH \"abc -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:9: unterminated string: line break inside it (write \\n)");
  ERR_IS(HEAD "  MATCH \"abc", "t.txt:4:9: unterminated string (no closing "
                               "'\"')");
  ERR_IS(HEAD "  MATCH \"a\\xb\" -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:11: unknown escape '\\x' in a string (only \\n \\t \\r \\\\ "
         "\\\")");
  ERR_IS(HEAD "  TRUE -> ASSUME {a \\\" b} GOTO S;\nEND AUTOMATON",
         "t.txt:4:21: unknown escape '\\\"' in a {...} expression (only \\n "
         "\\t \\r \\\\ \\})");
  ERR_IS(HEAD "  TRUE -> ASSUME {a GOTO S;\nEND AUTOMATON",
         "t.txt:4:18: unterminated {...} expression (no closing '}')");
  ERR_IS(HEAD "  MATCH [a\nb] -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:9: unterminated [...] expression: line break inside it "
         "(write \\n)");
  ERR_IS(HEAD "  TRUE -> GOTO T;\nEND AUTOMATON",
         "t.txt:4:16: GOTO to undefined state 'T'");
  ERR_IS("OBSERVER AUTOMATON A\nINITIAL STATE X;\nSTATE S : TRUE -> GOTO S;\n"
         "END AUTOMATON",
         "t.txt:2:15: INITIAL STATE 'X' is not defined");
  ERR_IS(HEAD "  TRUE -> GOTO S;\nSTATE S : TRUE -> GOTO S;\nEND AUTOMATON",
         "t.txt:5:7: state 'S' is defined twice (first at line 3)");
  ERR_IS(HEAD "  TRUE -> GOTO S;\nEND AUTOMATON\nOBSERVER AUTOMATON B",
         "t.txt:6:1: a second automaton: erep reads one automaton per file");
  ERR_IS(HEAD "  TRUE -> GOTO S;\n", "t.txt:5:1: END AUTOMATON missing (the "
                                     "file ends early)");
  ERR_IS(HEAD "  TRUE -> GOTO S\nEND AUTOMATON",
         "t.txt:5:1: expected ';' at the end of the transition, found 'END'");
  ERR_IS(HEAD "  TRUE GOTO S;\nEND AUTOMATON",
         "t.txt:4:8: expected '->' after the trigger, found 'GOTO'");
  ERR_IS(HEAD "  TRUE -> S;\nEND AUTOMATON",
         "t.txt:4:11: expected GOTO, ERROR, STOP, BREAK or an action (ASSERT, "
         "ASSUME, DO, PRINT), found 'S'");
  ERR_IS(HEAD "  TRUE & TRUE -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:8: unexpected character '&' (did you mean '&&'?)");
  ERR_IS(HEAD "  x && TRUE -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:5: '&&' needs conditions, the left operand is an integer");
  ERR_IS(HEAD "  x + 1 -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:3: a trigger must be a condition, not an integer");
  /* a misspelt keyword is named, not taken for an integer variable */
  ERR_IS(HEAD "  TRUE -> GOTO S;\nSTAT T : TRUE -> GOTO S;\nEND AUTOMATON",
         "t.txt:5:1: unknown word 'STAT' (did you mean STATE?) where a "
         "trigger was expected");
  ERR_IS(HEAD "  MATHC \"a\" -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:3: unknown word 'MATHC' (did you mean MATCH?) where a "
         "trigger was expected");
  ERR_IS(HEAD "  TRUE -> GOTO S;\nEDN AUTOMATON",
         "t.txt:5:1: unknown word 'EDN' (did you mean END?) where a trigger "
         "was expected");
  ERR_IS(HEAD "  foo -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:3: unknown word 'foo' where a trigger was expected (it is "
         "neither a keyword nor a LOCAL variable)");
  ERR_IS("OBSERVER AUTOMATON A\nLOCAL int x = 0;\nINITIAL STATE S;\n"
         "STATE S :\n  x -> GOTO S;\nEND AUTOMATON",
         "t.txt:5:3: a trigger must be a condition, not an integer");
  ERR_IS(HEAD "  MATCH \"a\" == 3 -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:13: '==' compares a condition with an integer");
  ERR_IS(HEAD "  ; -> GOTO S;\nEND AUTOMATON",
         "t.txt:4:3: expected a transition, STATE or END AUTOMATON, found ';'");
  ERR_IS("#include <x.spc>\n", "t.txt:1:1: '#' lines (#include) are not "
                               "supported: the automaton must be in one file");
  ERR_IS("garbage here", "t.txt:1:1: expected an automaton ([OBSERVER|CONTROL] "
                         "AUTOMATON name), found 'garbage'");
  ERR_IS(HEAD "  TRUE -> GOTO S; /* open", "t.txt:4:19: unterminated comment "
                                           "(no closing '*/')");
  ERR_IS(HEAD "  \x01", "t.txt:4:3: unexpected control character 0x01");
  {
    static const char nul[] = HEAD "  MATCH \"a\0b\" -> GOTO S;";
    char *e = parse_err(nul, sizeof nul - 1);
    ck_assert_str_eq(e, "t.txt:4:11: NUL byte inside a string");
    mem_free(e);
  }
  /* the input size limit is checked before anything is read */
  {
    char *e = NULL;
    ck_assert_ptr_null(
        aa_parse_text("x", AA_MAX_FILE_BYTES + 1, "big.txt", &e));
    ck_assert_str_eq(e, "big.txt: input larger than 256 MiB (268435457 "
                        "bytes)");
    mem_free(e);
    ck_assert_ptr_null(
        aa_parse_graphml("<", AA_MAX_FILE_BYTES + 1, "big.graphml", &e));
    ck_assert_str_eq(e, "big.graphml: input larger than 256 MiB (268435457 "
                        "bytes)");
    mem_free(e);
  }
  /* a literal of more than 1 MiB */
  size_t n = AA_MAX_LITERAL_BYTES + 10;
  char *big = malloc(n + 100);
  strcpy(big, HEAD "  MATCH \"");
  size_t h = strlen(big);
  memset(big + h, 'x', n);
  strcpy(big + h + n, "\" -> GOTO S;\nEND AUTOMATON");
  ERR_IS(big, "t.txt:4:9: string longer than 1 MiB");
  /* exactly 1 MiB is fine */
  memset(big + h, 'x', AA_MAX_LITERAL_BYTES);
  strcpy(big + h + AA_MAX_LITERAL_BYTES, "\" -> GOTO S;\nEND AUTOMATON");
  aa_automaton *a = parse(big);
  ck_assert_uint_eq(a->transitions[0].trigger->len, AA_MAX_LITERAL_BYTES);
  aa_free(a);
  free(big);
}
END_TEST

START_TEST(load_by_content) {
  char dir[] = "/tmp/aa_test_XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char path[256];
  /* GraphML content in a .txt file: the content decides */
  aa_automaton *a = parse(old_aa);
  char *g = to_graphml(a);
  snprintf(path, sizeof path, "%s/looks-like.txt", dir);
  FILE *f = fopen(path, "w");
  fputs("\n  ", f);
  fputs(g, f);
  fclose(f);
  char *err = NULL;
  aa_automaton *b = aa_load(path, &err);
  ck_assert_ptr_nonnull(b);
  ck_assert_uint_eq(b->ntransitions, a->ntransitions);
  ck_assert_str_eq(b->path, path);
  aa_free(b);
  unlink(path);
  snprintf(path, sizeof path, "%s/missing.txt", dir);
  ck_assert_ptr_null(aa_load(path, &err));
  ck_assert(strstr(err, "missing.txt: cannot open: No such file"));
  mem_free(err);
  ck_assert_ptr_null(aa_load(dir, &err));
  ck_assert(strstr(err, "not a regular file (a directory)"));
  mem_free(err);
  /* a FIFO without a writer is refused at once, not waited on */
  snprintf(path, sizeof path, "%s/fifo", dir);
  ck_assert_int_eq(mkfifo(path, 0600), 0);
  ck_assert_ptr_null(aa_load(path, &err));
  ck_assert(strstr(err, "fifo: not a regular file (a FIFO)"));
  mem_free(err);
  unlink(path);
  rmdir(dir);
  ck_assert(aa_is_xml("\xef\xbb\xbf <?xml", 8));
  ck_assert(!aa_is_xml("OBSERVER", 8));
  ck_assert(!aa_is_xml("", 0));
  free(g);
  aa_free(a);
}
END_TEST

/* ---- GraphML --------------------------------------------------------------
 */

static char *gml_err(const char *xml) {
  char *err = NULL;
  aa_automaton *a = aa_parse_graphml(xml, strlen(xml), "t.graphml", &err);
  ck_assert_msg(!a, "parsed, but should not have");
  return err;
}

#define GML_HEAD                                                               \
  "<?xml version=\"1.0\"?>\n<graphml "                                         \
  "xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
#define GML_GRAPH                                                              \
  "<graph edgedefault=\"directed\">\n"                                         \
  "<data key=\"witness-type\">assumption_automaton</data>\n"

START_TEST(graphml_form) {
  aa_automaton *a = parse(old_aa);
  char *g = to_graphml(a);
  ck_assert(
      strstr(g, "<data key=\"witness-type\">assumption_automaton</data>"));
  ck_assert(
      strstr(g, "<key id=\"entry\" for=\"node\" attr.name=\"isEntryNode\""));
  ck_assert(
      strstr(g, "<node id=\"ARG0\">\n   <data key=\"entry\">true</data>"));
  ck_assert(strstr(g, "<data key=\"aa.sink\">false</data>"));
  ck_assert(strstr(g, "<data key=\"sourcecode\">[((int)m_run_i) == 1]</data>"));
  ck_assert(strstr(g, "<data key=\"aa.catchall\">true</data>"));
  ck_assert(strstr(g, "<data key=\"aa.assume\">true</data>"));
  ck_assert(strstr(g, "<data key=\"programhash\"></data>"));
  /* one edge per transition, in file order */
  size_t edges = 0;
  for (const char *p = g; (p = strstr(p, "<edge ")); p++)
    edges++;
  ck_assert_uint_eq(edges, a->ntransitions);
  ck_assert(strstr(g, "<edge id=\"E0\" source=\"__TRUE\" target=\"__TRUE\">"));
  free(g);
  aa_free(a);
}
END_TEST

START_TEST(graphml_reader) {
  /* keys through the <key> table: ids other than the names, defaults,
   * unknown keys; edges of a state not adjacent in the document */
  const char *xml = GML_HEAD
      "<key id=\"k1\" for=\"edge\" attr.name=\"sourcecode\"/>\n"
      "<key id=\"k2\" for=\"node\" attr.name=\"isEntryNode\">"
      "<default>false</default></key>\n"
      "<key id=\"k3\" for=\"edge\" attr.name=\"aa.assume\"><default>true"
      "</default></key>\n"
      "<key id=\"witness-type\" for=\"graph\" attr.name=\"witness-type\"/>\n"
      "<key id=\"other\" for=\"edge\" attr.name=\"startline\"/>\n" GML_GRAPH
      "<node id=\"B\"/>\n"
      "<node id=\"A\"><data key=\"k2\">true</data></node>\n"
      "<edge source=\"A\" target=\"B\"><data key=\"k1\">a</data>"
      "<data key=\"other\">12</data></edge>\n"
      "<edge source=\"B\" target=\"B\"><data key=\"aa.catchall\">true</data>"
      "</edge>\n"
      "<edge source=\"A\" target=\"A\"><data key=\"k1\">b</data>"
      "<data key=\"k3\">x &gt; 0</data></edge>\n"
      "</graph></graphml>\n";
  aa_automaton *a = from_graphml(xml);
  ck_assert_str_eq(a->states[a->initial].name, "A");
  ck_assert_str_eq(a->name, "AssumptionAutomaton");
  ck_assert_int_eq(a->kind, AA_KIND_OBSERVER);
  const aa_transition *t = tr(a, "A", 0);
  ck_assert_str_eq(t->trigger->text, "a");
  ck_assert_str_eq(t->assume, "true"); /* the key's default */
  ck_assert_uint_eq(t->line, 12);
  ck_assert_str_eq(tr(a, "A", 1)->trigger->text, "b");
  ck_assert_str_eq(tr(a, "A", 1)->assume, "x > 0");
  ck_assert(aa_transition_is_catchall(tr(a, "B", 0)));
  ck_assert_uint_eq(a->states[aa_state_index(a, "B")].first, 0);
  ck_assert_uint_eq(a->states[aa_state_index(a, "A")].first, 1);
  aa_free(a);

  /* two <default>s: the last counts (a fuzzer found the first leaking) */
  a = from_graphml(GML_HEAD
                   "<key id=\"c\" for=\"edge\" "
                   "attr.name=\"aa.catchall\"><default>false</default>"
                   "<default>true</default></key>\n" GML_GRAPH
                   "<node id=\"A\"><data key=\"entry\">true</data></node>\n"
                   "<edge source=\"A\" target=\"A\"/>\n</graph></graphml>");
  ck_assert(aa_transition_is_catchall(&a->transitions[0]));
  aa_free(a);

  char *e = gml_err("<?xml version=\"1.0\"?>\n<!DOCTYPE g [<!ENTITY x \"y\">]>"
                    "\n<graphml><graph/></graphml>");
  ck_assert_msg(strstr(e, "DOCTYPE declares entities"), "%s", e);
  mem_free(e);
  e = gml_err("<?xml version=\"1.0\"?>\n<!DOCTYPE g [\n<!ENTITY xxe SYSTEM "
              "\"file:///etc/passwd\">]>\n<graphml>&xxe;</graphml>");
  ck_assert_str_eq(e, "t.graphml:3: the DOCTYPE declares entities; erep does "
                      "not expand XML entities (they can blow up, e.g. "
                      "'billion laughs')");
  mem_free(e);
  e = gml_err("<graphml><graph></graphml>");
  ck_assert_msg(strstr(e, "t.graphml:1:") && strstr(e, "not well-formed XML"),
                "%s", e);
  mem_free(e);
  e = gml_err("<root/>");
  ck_assert_str_eq(e, "t.graphml:1: the root element is <root>, not <graphml>");
  mem_free(e);
  e = gml_err(GML_HEAD "<graph/></graphml>");
  ck_assert_str_eq(e, "t.graphml:3: no witness-type: not an erep assumption "
                      "automaton");
  mem_free(e);
  e = gml_err(GML_HEAD GML_GRAPH "<node id=\"A\"/></graph></graphml>");
  ck_assert_str_eq(e, "t.graphml:3: no node has entry=true (the initial "
                      "state)");
  mem_free(e);
  e = gml_err(GML_HEAD GML_GRAPH
              "<node id=\"A\"><data key=\"entry\">true</data></node>\n"
              "<node id=\"B\"><data key=\"entry\">true</data></node>\n"
              "</graph></graphml>");
  ck_assert_str_eq(e, "t.graphml:6: a second entry node 'B' (the first is "
                      "'A' at line 5)");
  mem_free(e);
  e = gml_err(GML_HEAD GML_GRAPH
              "<node id=\"A\"><data key=\"entry\">true</data></node>\n"
              "<edge source=\"A\" target=\"A\"><data key=\"aa.trigger\">MATCH "
              "\"x\" &amp;&amp;</data></edge>\n</graph></graphml>");
  ck_assert_str_eq(e, "t.graphml:6: expected a condition (TRUE, FALSE, MATCH "
                      "..., CHECK(...), '(' or '!') or an integer, found end "
                      "of file (in the trigger, column 13)");
  mem_free(e);
  e = gml_err(GML_HEAD GML_GRAPH
              "<node id=\"A\"><data key=\"entry\">true</data></node>\n"
              "<edge source=\"A\" target=\"Z\"><data key=\"aa.catchall\">yes"
              "</data></edge>\n</graph></graphml>");
  ck_assert_str_eq(e, "t.graphml:6: aa.catchall must be true or false, not "
                      "'yes'");
  mem_free(e);
  e = gml_err(GML_HEAD GML_GRAPH
              "<node id=\"A\"><data key=\"entry\">true</data></node>\n"
              "<edge source=\"A\" target=\"A\"/>\n</graph></graphml>");
  ck_assert_str_eq(e, "t.graphml:6: transition without a trigger (no MATCH "
                      "text, trigger or catch-all)");
  mem_free(e);
  e = gml_err(GML_HEAD GML_GRAPH
              "<node id=\"A\"><data key=\"entry\">true</data></node>\n"
              "<edge source=\"Q\" target=\"A\"><data key=\"aa.catchall\">"
              "true</data></edge>\n</graph></graphml>");
  ck_assert_str_eq(e, "t.graphml:6: transition from undefined state 'Q'");
  mem_free(e);
  e = gml_err(GML_HEAD GML_GRAPH
              "<node id=\"A b\"><data key=\"entry\">true</data></node>\n"
              "</graph></graphml>");
  ck_assert_str_eq(e, "t.graphml:5: state name 'A b' is not an identifier");
  mem_free(e);
}
END_TEST

START_TEST(graphml_unrepresentable) {
  aa_automaton *a = one("MATCH \"a\x02\" -> GOTO S;");
  char *buf = NULL, *err = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  ck_assert_int_eq(aa_write_graphml(a, f, &err), AA_WRITE_CONTENT);
  fclose(f);
  ck_assert_str_eq(err, "t.txt: line 4: the sourcecode contains a control "
                        "character or invalid UTF-8, which XML cannot carry");
  mem_free(err);
  free(buf);
  aa_free(a);
  /* UTF-8 is fine */
  check_round_trip(HEAD "  MATCH \"s = \xc3\xa4\xe2\x82\xac;\" -> GOTO S;\n"
                        "END AUTOMATON\n");
}
END_TEST

/* ---- builder
 * ----------------------------------------------------------------- */

START_TEST(builder) {
  char *err = NULL;
  aa_builder *b = aa_builder_new("b.x");
  ck_assert_int_eq(aa_builder_header(b, "B", AA_KIND_CONTROL, 1, &err), 0);
  ck_assert_int_eq(aa_builder_locals(b, "LOCAL int n = 1;", 1, &err), 0);
  aa_transition_src t = {.source = "Q", .match = "m", .target = "P"};
  ck_assert_int_eq(aa_builder_transition(b, &t, 7, &err), 0); /* forward */
  ck_assert_int_eq(
      aa_builder_state(b, "P", AA_MODE_USEFIRST, AA_STYPE_NONE, 2, &err), 0);
  ck_assert_int_eq(
      aa_builder_state(b, "Q", AA_MODE_DEFAULT, AA_STYPE_TARGET, 3, &err), 0);
  aa_transition_src u = {.source = "P",
                         .trigger = "n == 1",
                         .go = "STOP",
                         .actions = "DO n = n + 1"};
  ck_assert_int_eq(aa_builder_transition(b, &u, 8, &err), 0);
  ck_assert_int_eq(
      aa_builder_state(b, "P", AA_MODE_USEFIRST, AA_STYPE_NONE, 9, &err), -1);
  ck_assert_str_eq(err, "b.x:9: state 'P' is defined twice (first at line 2)");
  mem_free(err);
  aa_builder_free(b);

  b = aa_builder_new("b.x");
  aa_builder_state(b, "P", AA_MODE_USEFIRST, AA_STYPE_NONE, 2, &err);
  aa_transition_src v = {.source = "P", .catchall = true, .go = "GOTO P"};
  ck_assert_int_eq(aa_builder_transition(b, &v, 4, &err), -1);
  ck_assert_str_eq(err, "b.x:4: expected ERROR, STOP or BREAK, found 'GOTO' "
                        "(in the goto, column 1)");
  mem_free(err);
  aa_transition_src w = {.source = "P", .catchall = true, .target = "R"};
  ck_assert_int_eq(aa_builder_transition(b, &w, 5, &err), 0);
  ck_assert_ptr_null(aa_builder_finish(b, "P", 1, &err));
  ck_assert_str_eq(err, "b.x:5: GOTO to undefined state 'R'");
  mem_free(err);
}
END_TEST

/* ---- fuzz regressions
 * ---------------------------------------------------------- */

START_TEST(fuzz_regressions) {
  const char *src = getenv("EREP_SRCDIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/tests/data/aa/fuzz", src ? src : ".");
  DIR *d = opendir(dir);
  if (!d) return; /* none recorded */
  struct dirent *de;
  int n = 0;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *buf = malloc(1 << 20);
    size_t len = fread(buf, 1, 1 << 20, f);
    fclose(f);
    char *err = NULL;
    aa_automaton *a = aa_parse_text(buf, len, path, &err);
    if (a) {
      char *t = to_text(a);
      aa_automaton *b = parse(t);
      char *t2 = to_text(b);
      ck_assert_str_eq(t, t2);
      free(t), free(t2);
      aa_free(b);
    }
    aa_free(a);
    mem_free(err);
    err = NULL;
    a = aa_parse_graphml(buf, len, path, &err);
    aa_free(a);
    mem_free(err);
    free(buf);
    n++;
  }
  closedir(d);
  ck_assert_int_ge(n, 0);
}
END_TEST

/* ---- outfile ----------------------------------------------------------------
 */

static int count_files(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *de;
  while ((de = readdir(d)))
    n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
  closedir(d);
  return n;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  static char buf[256];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  fclose(f);
  return buf;
}

START_TEST(outfile_atomic) {
  char dir[] = "/tmp/aa_outfile_XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char path[256];
  snprintf(path, sizeof path, "%s/out.txt", dir);
  char *err = NULL;
  outfile *o = outfile_open(path, &err);
  ck_assert_ptr_nonnull(o);
  ck_assert_str_eq(outfile_path(o), path);
  fputs("new", outfile_stream(o));
  ck_assert_int_eq(count_files(dir), 1);
  ck_assert_ptr_null(slurp(path)); /* not there before the commit */
  ck_assert_int_eq(outfile_commit(o, &err), 0);
  ck_assert_str_eq(slurp(path), "new");
  struct stat st;
  stat(path, &st);
  ck_assert_int_ne(st.st_mode & 0044, 0); /* not mkstemp's 0600 */
  /* abort leaves the old file as it was, and no temporary */
  o = outfile_open(path, &err);
  fputs("partial", outfile_stream(o));
  outfile_abort(o);
  ck_assert_str_eq(slurp(path), "new");
  ck_assert_int_eq(count_files(dir), 1);
  /* a second commit replaces it */
  o = outfile_open(path, &err);
  fputs("newer", outfile_stream(o));
  ck_assert_int_eq(outfile_commit(o, &err), 0);
  ck_assert_str_eq(slurp(path), "newer");
  ck_assert_int_eq(count_files(dir), 1);
  /* errors name the path */
  snprintf(path, sizeof path, "%s/no/such/out.txt", dir);
  ck_assert_ptr_null(outfile_open(path, &err));
  ck_assert(strstr(err, "no/such/out.txt: cannot create a file in"));
  mem_free(err);
  ck_assert_ptr_null(outfile_open(dir, &err));
  ck_assert(strstr(err, "is a directory"));
  mem_free(err);
  outfile_abort(NULL);
  snprintf(path, sizeof path, "%s/out.txt", dir);
  unlink(path);
  rmdir(dir);
}
END_TEST

START_TEST(outfile_signal) {
  char dir[] = "/tmp/aa_outsig_XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  pid_t pid = fork();
  if (pid == 0) {
    char path[256], *err;
    snprintf(path, sizeof path, "%s/out.txt", dir);
    /* Check's runner has a SIGTERM handler (it kills its process group);
     * a command starts with the default, which is what outfile respects */
    signal(SIGTERM, SIG_DFL);
    outfile_cleanup_on_signals();
    outfile *o = outfile_open(path, &err);
    fputs("partial", outfile_stream(o));
    fflush(outfile_stream(o));
    raise(SIGTERM);
    _exit(0); /* not reached */
  }
  int st;
  ck_assert_int_eq(waitpid(pid, &st, 0), pid);
  ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
  ck_assert_int_eq(count_files(dir), 0); /* the temporary file is gone */
  rmdir(dir);
}
END_TEST

int main(void) {
  Suite *s = suite_create("aa");
  TCase *tc = tcase_create("aa");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, old_dialect);
  tcase_add_test(tc, new_dialect);
  tcase_add_test(tc, ignore_assumptions_and_swapped);
  tcase_add_test(tc, counterexample_derived);
  tcase_add_test(tc, initial_false);
  tcase_add_test(tc, hand_written);
  tcase_add_test(tc, gia);
  tcase_add_test(tc, counterexample);
  tcase_add_test(tc, escapes);
  tcase_add_test(tc, triggers);
  tcase_add_test(tc, deep_expressions);
  tcase_add_test(tc, errors);
  tcase_add_test(tc, load_by_content);
  tcase_add_test(tc, graphml_form);
  tcase_add_test(tc, graphml_reader);
  tcase_add_test(tc, graphml_unrepresentable);
  tcase_add_test(tc, builder);
  tcase_add_test(tc, fuzz_regressions);
  tcase_add_test(tc, outfile_atomic);
  tcase_add_test(tc, outfile_signal);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
