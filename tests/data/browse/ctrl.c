/* Program text with terminal control sequences in it: erep browse must
 * show them, never send them. Raw bytes in this comment: ]0;PWNED-COMMENT
 * [2J[H (clear screen), a bell  and a byte that is not UTF-8: �. */
int __VERIFIER_nondet_int();

int main() {
  char *t = "]0;PWNED-TITLE[31m red 31m C1 ‮ RLO ";
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    return 1;
  }
  return 0;
}
