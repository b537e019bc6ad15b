/* tests/verify_report.sh: the block under a == 1 && a == 2 is no
 * execution, but the explicit analysis without a tracked a explores its
 * tree of 2^12 paths; cut by --state-limit, the wait list there is the
 * frontier of the automaton. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int s = 0;
  if (a == 1) {
    if (a == 2) {
      if (b == 1) s += 1;
      if (b == 2) s += 2;
      if (b == 3) s += 4;
      if (b == 4) s += 8;
      if (b == 5) s += 16;
      if (b == 6) s += 32;
      if (b == 7) s += 64;
      if (b == 8) s += 128;
      if (b == 9) s += 256;
      if (b == 10) s += 512;
      if (b == 11) s += 1024;
      if (b == 12) s += 2048;
    }
  }
  s = s + 1;
  s = s + 1;
  s = s + 1;
  s = s + 1;
  s = s + 1;
  s = s + 1;
  if (s == 100000) reach_error();
  return 0;
}
