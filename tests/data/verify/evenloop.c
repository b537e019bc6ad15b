/* A loop whose invariant is a condition the program states (x % 2 at the
 * assertion) but no precondition along a path gives: each refinement
 * unrolls the loop once more ((x - 2) > 0, ((x - 2) - 2) > 0, ...). The
 * predicate analysis takes the program's own conditions as predicates
 * when refinements keep coming or find nothing new (pred_seed): with
 * x % 2 == 0 and x > 0 at the loop head it proves the assertion
 * (tests/verify.sh). */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) {
  if (!cond) {
  ERROR:
    reach_error();
    abort();
  }
}
int main(void) {
  unsigned int x = 0x0ffffff0;
  unsigned int y = 0;
  while (x > 0) {
    x -= 2;
    y = 0;
    while (y < 10)
      y++;
  }
  __VERIFIER_assert(!(x % 2));
  return 0;
}
