/* Two locks taken and released under constant conditions (test_locks of
 * the LBE paper, shortened): every path through the loop body has another
 * number of conditions, so an automaton that counts conditions leaves the
 * body's large block in several states and enters its sinks inside it. */
int __VERIFIER_nondet_int(void);

int main(void) {
  int p1 = __VERIFIER_nondet_int();
  int p2 = __VERIFIER_nondet_int();
  int lk1, lk2, n = 0;
  while (__VERIFIER_nondet_int()) {
    lk1 = 0;
    lk2 = 0;
    if (p1 != 0) {
      lk1 = 1;
    }
    if (p2 != 0) {
      lk2 = 1;
    }
    if (p1 != 0) {
      if (lk1 != 1) goto ERROR;
      lk1 = 0;
    }
    if (p2 != 0) {
      if (lk2 != 1) goto ERROR;
      lk2 = 0;
    }
    n++;
  }
  return n;
ERROR:
  return -1;
}
