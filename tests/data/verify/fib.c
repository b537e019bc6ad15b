/* Recursion on an input: the error needs x >= 6 and fib(x) < 13, which
 * x = 6 gives (fib(6) = 8). FALSE, found by erep verify's symbolic pass
 * with calls bounded at 8 deep (the previous build: its one pass at 64
 * calls deep spent the time limit, UNKNOWN). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int fib(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = fib(x);
  if (x >= 6 && r < 13) reach_error();
  return 0;
}
