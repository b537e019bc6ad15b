/* Two locks taken and released under constant conditions (test_locks of
 * the LBE paper, shortened): every path through the loop body has another
 * number of conditions, so an automaton that counts conditions leaves the
 * body's large block in several states and enters its sinks inside it.
 * The empty `else {}` are test_locks' own: gcc gives the jump over one to
 * another line, so a trace passes their line with no code counted. */
int __VERIFIER_nondet_int(void);

int main(void) {
  int p1 = __VERIFIER_nondet_int();
  int p2 = __VERIFIER_nondet_int();
  int lk1, lk2;
  while (__VERIFIER_nondet_int()) {
    lk1 = 0;
    lk2 = 0;
    if (p1 != 0) {
      lk1 = 1;
    } else {}
    if (p2 != 0) {
      lk2 = 1;
    } else {}
    if (p1 != 0) {
      if (lk1 != 1) goto ERROR;
      lk1 = 0;
    } else {}
    if (p2 != 0) {
      if (lk2 != 1) goto ERROR;
      lk2 = 0;
    } else {}
  }
  return 0;
ERROR:
  return -1;
}
