/* --assumptions with the predicate analysis (tests/cmc.sh): y == 1 only
 * when x > 5, the error needs y == 1 and x <= 5; the loop cut by
 * --repeat-locations 1 leaves the automaton's states with ASSUMEs over the
 * predicates refinement found. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 5)
    y = 1;
  while (__VERIFIER_nondet_int()) {
    if (y == 1) {
      if (x <= 5)
        reach_error();
    }
  }
  return 0;
}
