/* A swarm's slow run (tests/swarm.sh: a killed worker, SIGINT): the run
 * that omits neither left nor right reaches the hash check, and Z3 takes
 * minutes to say whether the error is reachable (64-bit products of four
 * inputs); a run that omits either is cut before it, at once. */
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void reach_error(void);
int used;
void left(void) { used = used + 1; }
void right(void) { used = used + 2; }
int main(void) {
  unsigned long long x0 = __VERIFIER_nondet_ulonglong();
  unsigned long long x1 = __VERIFIER_nondet_ulonglong();
  unsigned long long x2 = __VERIFIER_nondet_ulonglong();
  unsigned long long x3 = __VERIFIER_nondet_ulonglong();
  unsigned long long h = 1469598103934665603ull;
  left();
  right();
  h = (h ^ x1) * (h + x2);
  h = (h ^ x2) * (h + x3);
  h = (h ^ x3) * (h + x0);
  h = (h ^ x0) * (h + x1);
  h = (h ^ x1) * (h + x2);
  h = (h ^ x2) * (h + x3);
  h = (h ^ x3) * (h + x0);
  h = (h ^ x0) * (h + x1);
  h = (h ^ x1) * (h + x2);
  h = (h ^ x2) * (h + x3);
  h = (h ^ x3) * (h + x0);
  h = (h ^ x0) * (h + x1);
  h = (h ^ x1) * (h + x2);
  h = (h ^ x2) * (h + x3);
  h = (h ^ x3) * (h + x0);
  h = (h ^ x0) * (h + x1);
  if (h == 0x123456789abcdefull && used == 3) reach_error();
  return 0;
}
