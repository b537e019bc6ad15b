/* The CMC chain (tests/cmc.sh): the explicit analysis, every variable
 * tracked, enumerates the rounds but cannot relate a and b (an input), so
 * the path to the error location is left open; the predicate analysis,
 * restricted to that path by the first run's automaton, proves a == b. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int a = __VERIFIER_nondet_int();
  int b = a;
  int mode = 0;
  for (int round = 0; round < 20; round++) {
    if (__VERIFIER_nondet_int())
      mode = 1 - mode;
    if (mode)
      b = b + 1;
    else
      b = b - 1;
    if (mode)
      b = b - 1;
    else
      b = b + 1;
  }
  if (a != b)
    reach_error();
  return 0;
}
