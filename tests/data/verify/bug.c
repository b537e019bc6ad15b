/* FALSE: the error is reached for x == 42 through a call; the
 * counterexample replays under gcc (tests/replay.sh). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g;
int step(int a) {
  g = g + 1;
  return a - 2;
}
int main() {
  int x = __VERIFIER_nondet_int();
  int r = step(x);
  if (g == 1 && r == 40) {
  ERROR:
    reach_error();
  }
  return 0;
}
