/* fold_test: equal states of a written automaton folded into one
 * (analysis/fold.h), and only equal ones. */
#include "analysis/fold.h"
#include "lib/mem.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define T FOLD_TRUE
#define F FOLD_FALSE

/* Leaves equal in text and target fold; a later one into the first. */
START_TEST(test_equal_leaves) {
  char a1[] = "x = 1;", a2[] = "x = 1;"; /* equal texts, not one pointer */
  fold_tr t[] = {{0, "[c]", 0, 1}, {0, "[!c]", 0, 2},
                 {1, a1, 0, F},    {2, a2, 0, F}};
  size_t *rep = fold_states(3, t, 4, 0);
  ck_assert_uint_eq(rep[0], 0);
  ck_assert_uint_eq(rep[1], 1);
  ck_assert_uint_eq(rep[2], 1);
  mem_free(rep);
}
END_TEST

/* Anything that tells two states apart keeps them apart: the text, the
 * ASSUME, the target, the catch-all, the order of their transitions, one
 * transition more. */
START_TEST(test_different_stay) {
  fold_tr t[] = {
      {1, "a", 0, F},                      /* 1 */
      {2, "b", 0, F},                      /* 2: other text */
      {3, "a", "x == 1", F},               /* 3: an ASSUME */
      {4, "a", "x == 2", F},               /* 4: another ASSUME */
      {5, "a", 0, T},                      /* 5: other target */
      {6, "a", 0, F},                      /* 6: catch-all to __FALSE */
      {7, "a", 0, F}, {7, "b", 0, F},      /* 7: one more */
      {8, "b", 0, F}, {8, "a", 0, F},      /* 8: 7's, other order */
      {9, "a", 0, F},                      /* 9: as 1 */
  };
  bool cf[10] = {false};
  cf[6] = true;
  size_t *rep = fold_states(10, t, sizeof t / sizeof *t, cf);
  for (size_t s = 1; s <= 8; s++) ck_assert_uint_eq(rep[s], s);
  ck_assert_uint_eq(rep[9], 1);
  mem_free(rep);
}
END_TEST

/* Equal only once their targets are folded: chains that end alike fold
 * state by state, from the end. */
START_TEST(test_chains) {
  fold_tr t[] = {{0, "l", 0, 1}, {0, "r", 0, 4}, /* */
                 {1, "s", 0, 2}, {2, "t", 0, 3}, {3, "u", 0, F},
                 {4, "s", 0, 5}, {5, "t", 0, 6}, {6, "u", 0, F}};
  size_t *rep = fold_states(7, t, sizeof t / sizeof *t, 0);
  ck_assert_uint_eq(rep[4], 1);
  ck_assert_uint_eq(rep[5], 2);
  ck_assert_uint_eq(rep[6], 3);
  mem_free(rep);
}
END_TEST

/* States on a cycle (a cover) stay themselves, even when equal; what
 * leads into equal cycles does not fold either (its targets differ). */
START_TEST(test_cycles_stay) {
  fold_tr t[] = {{0, "a", 0, 1}, {0, "b", 0, 3}, {1, "l", 0, 2},
                 {2, "m", 0, 1}, {2, "x", 0, F}, {3, "l", 0, 4},
                 {4, "m", 0, 3}, {4, "x", 0, F}, {5, "s", 0, 5}};
  size_t *rep = fold_states(6, t, sizeof t / sizeof *t, 0);
  for (size_t s = 0; s < 6; s++) ck_assert_uint_eq(rep[s], s);
  mem_free(rep);
}
END_TEST

/* No transitions at all: states with the same catch-all are one. */
START_TEST(test_empty) {
  bool cf[4] = {true, false, true, false};
  size_t *rep = fold_states(4, 0, 0, cf);
  ck_assert_uint_eq(rep[2], 0);
  ck_assert_uint_eq(rep[3], 1);
  mem_free(rep);
  rep = fold_states(0, 0, 0, 0);
  mem_free(rep);
}
END_TEST

/* A long chain does not recurse (Tarjan without the C stack). */
START_TEST(test_long_chain) {
  size_t n = 2000000;
  fold_tr *t = mem_alloc(n * sizeof *t);
  for (size_t s = 0; s < n; s++) {
    fold_tr x = {s, "x", 0, s + 1 < n ? s + 1 : F};
    t[s] = x;
  }
  size_t *rep = fold_states(n, t, n, 0);
  ck_assert_uint_eq(rep[n - 1], n - 1);
  ck_assert_uint_eq(rep[0], 0);
  mem_free(rep);
  mem_free(t);
}
END_TEST

/* fold_check accepts what fold_states gives and refuses a fold that
 * joins states a path tells apart. */
START_TEST(test_check) {
  fold_tr t[] = {{0, "[c]", 0, 1}, {0, "[!c]", 0, 2}, {1, "x", 0, 3},
                 {2, "x", 0, 4},   {3, "y", 0, F},    {4, "y", 0, T}};
  bool cf[5] = {false};
  size_t *rep = fold_states(5, t, 6, cf);
  ck_assert_uint_eq(rep[2], 2); /* 3 and 4 differ, so do 1 and 2 */
  ck_assert(fold_check(5, t, 6, cf, rep));
  size_t wrong_target[5] = {0, 1, 1, 3, 4}; /* 1 ~ 2, but 3 !~ 4 */
  ck_assert(!fold_check(5, t, 6, cf, wrong_target));
  size_t wrong_sink[5] = {0, 1, 2, 3, 3}; /* 3 ~ 4: __FALSE vs __TRUE */
  ck_assert(!fold_check(5, t, 6, cf, wrong_sink));
  size_t wrong_text[5] = {0, 0, 2, 3, 4}; /* 0 ~ 1 */
  ck_assert(!fold_check(5, t, 6, cf, wrong_text));
  size_t not_idempotent[5] = {0, 1, 2, 3, 5};
  ck_assert(!fold_check(5, t, 6, cf, not_idempotent));
  mem_free(rep);
  fold_tr u[] = {{1, "x", 0, F}, {2, "x", 0, F}};
  bool cf2[3] = {false, true, false};
  size_t wrong_catch[3] = {0, 1, 1}; /* 1's catch-all is __FALSE */
  ck_assert(!fold_check(3, u, 2, cf2, wrong_catch));
  rep = fold_states(3, u, 2, cf2);
  ck_assert_uint_eq(rep[2], 2);
  ck_assert(fold_check(3, u, 2, cf2, rep));
  mem_free(rep);
}
END_TEST

int main(void) {
  Suite *s = suite_create("fold");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_equal_leaves);
  tcase_add_test(tc, test_different_stay);
  tcase_add_test(tc, test_chains);
  tcase_add_test(tc, test_cycles_stay);
  tcase_add_test(tc, test_empty);
  tcase_add_test(tc, test_long_chain);
  tcase_add_test(tc, test_check);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int nf = srunner_ntests_failed(sr);
  srunner_free(sr);
  return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
