/* Floating point as IEEE 754 (smt.h): 1e8f + 1 rounds back to 1e8f, and
 * 0.1 + 0.2 is not 0.3 in double, so neither error is reachable; a float
 * input in (2.5, 2.75) doubled passes 5.25 (FALSE, replayed under gcc with
 * the input given by its bits). The previous build: UNKNOWN (float
 * arithmetic). */
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = 1e8f, y = x + 1.f, z = x - 1.f, r = y - z;
  if (r != 0.f) reach_error();
  double a = 0.1, b = 0.2;
  if (a + b == 0.3) reach_error();
  float u = __VERIFIER_nondet_float();
  if (u > 2.5f && u < 2.75f && (int)u == 2) {
    double w = u * 2.0;
    if (w > 5.25) reach_error();
  }
  return 0;
}
