/* FALSE for z == 0 and k <= 1, a short path out of the loop; but the
 * check of the loop's test one round in multiplies 64-bit unknowns
 * ((z + 1) * z - (z + 1) - z * z + 1 == 0, which holds for every z), and
 * a bit-blasting solver does not prove that in seconds. With checks of
 * 10 s both predicate analyses of auto's portfolio spend a 20 s limit on
 * such checks (the previous build: UNKNOWN, stopped by time); the one
 * whose checks get a twentieth of its time (an_phase.check_share) gives
 * up on them and reaches the error (tests/verify_portfolio.sh). */
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
void check(int cond) {
  if (!cond) {
  ERROR:
    reach_error();
  }
}
int main(void) {
  unsigned int z = __VERIFIER_nondet_uint();
  unsigned int k = __VERIFIER_nondet_uint();
  long long x = 1, y = z, c = 1;
  for (;;) {
    check(x * z - x - y + 1 == 0); /* x = 1 + z + ... + z^(c-1), y = z^c */
    if (!(c < k)) break;
    c = c + 1;
    x = x * z + 1;
    y = y * z;
  }
  x = x * (z - 1); /* z - 1 in 32 bits: 0xffffffff for z == 0 */
  check(1 + x - y == 0);
  return 0;
}
