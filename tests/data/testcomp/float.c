/* A float input erep does not decide: the safe trace passes the call of
 * __VERIFIER_nondet_float (its value is shown as 0.0, never solved for),
 * and the frontier traces compare it (unknown: float arithmetic). */
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  float f = __VERIFIER_nondet_float();
  if (n > 3) {
    if (f > 1.0f)
      return 1;
    return 2;
  }
  return 0;
}
