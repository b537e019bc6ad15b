/* A bug behind a loop (tests/cmc.sh): a run whose path length is cut
 * before the loop ends leaves it open (__FALSE), and a second run with
 * that automaton as its condition finds it. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 10)
    i++;
  if (x == 42)
    reach_error();
  return 0;
}
