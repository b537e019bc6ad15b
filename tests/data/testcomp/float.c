/* A float input: the safe trace passes the call of
 * __VERIFIER_nondet_float, the frontier traces compare it; each test gives
 * its value by its IEEE bits and reaches its end line. */
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
