/* ASSUME {x > 3} on the input: a frontier where x <= 3, safe cones past it
 * with x > 3 (tests/report_assume.sh) */
extern int __VERIFIER_nondet_int(void);
int g = 0;
int main(void) {
  int x;
  x = __VERIFIER_nondet_int();
  if (x > 5) {
    g = 1;
  } else {
    g = 2;
  }
  return 0;
}
