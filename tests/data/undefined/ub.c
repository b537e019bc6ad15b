/* A dereference of NULL on one branch: the path to `y = 2;` reaches
 * undefined behaviour there, the other ends are feasible
 * (tests/report_undefined.sh). */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = 0;
  int y = 0;
  int x = __VERIFIER_nondet_int();
  if (x > 5) {
    x = *p;
    y = 2;
  }
  if (x == 3)
    y = 1;
  return y;
}
