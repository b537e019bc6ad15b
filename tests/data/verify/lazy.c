/* TRUE after refinements, which cut the abstract reachability graph back
 * (lazy refinement, analysis/product.h) rather than starting over. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int i = 0, s = 0;
  int n = __VERIFIER_nondet_int();
  while (i < 3) { i++; s = s + 2; }
  if (n > 0) s = s + 0;
  if (s == 5) reach_error();
  if (i != 3) reach_error();
  return 0;
}
