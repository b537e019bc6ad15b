/* 22 independent branches before the check: 4 million explicit states, so
 * that auto's first phase stops by time at --time-limit 20 and both
 * analyses of the portfolio (tests/verify_portfolio.sh) find the bug. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned h = 0;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (__VERIFIER_nondet_int()) h = h * 3u + 1u; else h = h * 3u + 2u;
  if (h == 2805627916u) reach_error();
  return 0;
}
