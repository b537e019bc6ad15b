/* aunion_test: the union of automata erep verify writes (analysis/aunion.h)
 * against a brute force: on every word up to a length, the union reaches
 * __TRUE when and only when one of the automata has, and __FALSE when all
 * of them are at __FALSE or have no transition; random automata of
 * collect's form, and forms it refuses. */
#include "analysis/aunion.h"
#include "lib/mem.h"
#include "lib/sbuf.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static aa_automaton *parse(const char *text) {
  char *err = NULL;
  aa_automaton *A = aa_parse_text(text, strlen(text), "t.txt", &err);
  if (!A) ck_abort_msg("parse: %s", err);
  return A;
}

/* A state's fate on a word: 1 __TRUE, 0 __FALSE or no transition, 2
 * neither yet; USEFIRST, the first transition whose MATCH text or TRUE
 * takes the letter. */
enum { DEAD = 0, TRUE_ = 1, ON = 2 };

static int fate(const aa_automaton *A, const char *const *word, size_t n) {
  int32_t q = A->initial;
  for (size_t i = 0;; i++) {
    if (A->states[q].sink == AA_SINK_TRUE) return TRUE_;
    if (A->states[q].sink == AA_SINK_FALSE) return DEAD;
    if (i == n) return ON;
    const aa_state *st = &A->states[q];
    int32_t next = -1;
    for (uint32_t k = st->first; k < st->first + st->count && next < 0; k++) {
      const aa_transition *t = &A->transitions[k];
      if (aa_transition_is_catchall(t) ||
          (t->trigger->kind == AA_X_MATCH && !strcmp(t->trigger->text, word[i])))
        next = t->target;
    }
    if (next < 0) return DEAD;
    q = next;
  }
}

static const char *const letters[] = {"a", "b", "c", "[x > 0]"};
#define NLETTERS 4

/* Every word up to length max: the union's fate is the best of theirs. */
static void check_words(aa_automaton *const *as, size_t n,
                        const aa_automaton *U, size_t max) {
  const char *word[8];
  size_t idx[8] = {0};
  for (size_t len = 0; len <= max; len++) {
    memset(idx, 0, sizeof idx);
    for (;;) {
      for (size_t i = 0; i < len; i++) word[i] = letters[idx[i]];
      int best = DEAD;
      for (size_t k = 0; k < n; k++) {
        int f = fate(as[k], word, len);
        if (f == TRUE_ || (f == ON && best == DEAD)) best = f;
      }
      ck_assert_int_eq(fate(U, word, len), best);
      size_t i = 0;
      while (i < len && ++idx[i] == NLETTERS) idx[i++] = 0;
      if (i == len) break;
    }
  }
}

/* A random automaton of collect's form: states S0..S(m-1), each with a
 * few MATCH transitions (distinct texts) into states or sinks and a
 * catch-all into a sink. */
static aa_automaton *random_aa(unsigned *seed, unsigned m) {
  sbuf b = {0};
  sb_put(&b, "OBSERVER AUTOMATON A\nINITIAL STATE S0;\n"
             "STATE __TRUE :\n  TRUE -> GOTO __TRUE;\n"
             "STATE __FALSE :\n  TRUE -> ASSUME {false} GOTO __FALSE;\n");
  for (unsigned s = 0; s < m; s++) {
    sb_printf(&b, "STATE USEFIRST S%u :\n", s);
    for (unsigned l = 0; l < NLETTERS; l++) {
      if (rand_r(seed) % 2) continue;
      unsigned r = (unsigned)rand_r(seed) % (m + 2);
      if (r < m)
        sb_printf(&b, "  MATCH \"%s\" -> GOTO S%u;\n", letters[l], r);
      else
        sb_printf(&b, "  MATCH \"%s\" -> GOTO %s;\n", letters[l],
                  r == m ? "__TRUE" : "__FALSE");
    }
    sb_printf(&b, "  TRUE -> GOTO %s;\n",
              rand_r(seed) % 3 ? "__TRUE" : "__FALSE");
  }
  sb_put(&b, "END AUTOMATON\n");
  aa_automaton *A = parse(b.s);
  sb_free(&b);
  return A;
}

START_TEST(test_small) {
  aa_automaton *as[2];
  as[0] = parse("OBSERVER AUTOMATON A\nINITIAL STATE S0;\n"
                "STATE __TRUE :\n  TRUE -> GOTO __TRUE;\n"
                "STATE __FALSE :\n  TRUE -> ASSUME {false} GOTO __FALSE;\n"
                "STATE USEFIRST S0 :\n  MATCH \"a\" -> GOTO __TRUE;\n"
                "  MATCH \"b\" -> GOTO __FALSE;\n  MATCH \"c\" -> GOTO __FALSE;\n"
                "  TRUE -> GOTO __TRUE;\nEND AUTOMATON\n");
  as[1] = parse("OBSERVER AUTOMATON A\nINITIAL STATE S0;\n"
                "STATE __TRUE :\n  TRUE -> GOTO __TRUE;\n"
                "STATE __FALSE :\n  TRUE -> ASSUME {false} GOTO __FALSE;\n"
                "STATE USEFIRST S0 :\n  MATCH \"a\" -> GOTO __FALSE;\n"
                "  MATCH \"b\" -> GOTO __TRUE;\n  MATCH \"c\" -> GOTO __FALSE;\n"
                "  TRUE -> GOTO __TRUE;\nEND AUTOMATON\n");
  char *err = NULL;
  au_figures f;
  aa_automaton *U = au_union((const aa_automaton *const *)as, 2, 0, &f, &err);
  ck_assert_msg(U != NULL, "%s", err);
  ck_assert_uint_eq(f.states, 1);
  const char *w[1] = {"a"};
  ck_assert_int_eq(fate(U, w, 1), TRUE_);
  w[0] = "b";
  ck_assert_int_eq(fate(U, w, 1), TRUE_);
  w[0] = "c";
  ck_assert_int_eq(fate(U, w, 1), DEAD);
  check_words(as, 2, U, 3);
  aa_free(U);
  aa_free(as[0]);
  aa_free(as[1]);
}
END_TEST

/* 300 random pairs and triples, every word up to length 5. */
START_TEST(test_random) {
  unsigned seed = 12345;
  for (int round = 0; round < 300; round++) {
    size_t n = 1 + (size_t)(round % 3);
    aa_automaton *as[3];
    for (size_t k = 0; k < n; k++)
      as[k] = random_aa(&seed, 2 + (unsigned)round % 4);
    char *err = NULL;
    au_figures f;
    aa_automaton *U =
        au_union((const aa_automaton *const *)as, n, 0, &f, &err);
    ck_assert_msg(U != NULL, "%s", err);
    check_words(as, n, U, 5);
    aa_free(U);
    for (size_t k = 0; k < n; k++) aa_free(as[k]);
  }
}
END_TEST

/* What collect never writes is refused with its line; a bound is kept. */
START_TEST(test_refused) {
  static const char *const bad[] = {
      "  MATCH \"a\" -> ASSUME {x > 0} GOTO __TRUE;\n",
      "  MATCH {x = $1} -> GOTO __TRUE;\n",
      "  MATCH \"a\" -> ERROR;\n",
      "  MATCH \"a\" -> DO n = 1 GOTO __TRUE;\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char *t = mem_printf("OBSERVER AUTOMATON A\nLOCAL int n = 0;\n"
                         "INITIAL STATE S0;\n"
                         "STATE __TRUE :\n  TRUE -> GOTO __TRUE;\n"
                         "STATE USEFIRST S0 :\n%s  TRUE -> GOTO __TRUE;\n"
                         "END AUTOMATON\n",
                         bad[i]);
    aa_automaton *A = parse(t);
    char *err = NULL;
    aa_automaton *U =
        au_union((const aa_automaton *const *)&A, 1, 0, NULL, &err);
    ck_assert_msg(U == NULL, "accepted: %s", bad[i]);
    ck_assert_msg(strstr(err, "t.txt:7:") != NULL, "%s", err);
    mem_free(err);
    aa_free(A);
    mem_free(t);
  }
  /* a chain longer than the bound */
  unsigned seed = 7;
  aa_automaton *as[2] = {random_aa(&seed, 6), random_aa(&seed, 6)};
  char *err = NULL;
  aa_automaton *U = au_union((const aa_automaton *const *)as, 2, 1, NULL,
                             &err);
  if (!U) {
    ck_assert(strstr(err, "grows past 1 states") != NULL);
    mem_free(err);
  }
  aa_free(U);
  aa_free(as[0]);
  aa_free(as[1]);
}
END_TEST

int main(void) {
  Suite *s = suite_create("aunion");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_small);
  tcase_add_test(tc, test_random);
  tcase_add_test(tc, test_refused);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int nf = srunner_ntests_failed(sr);
  srunner_free(sr);
  return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
