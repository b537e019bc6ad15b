/* floats.c without the reachable error: TRUE, decided by the symbolic
 * execution (every path's floats decided by the solver). The previous
 * build: UNKNOWN (float arithmetic). */
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = 1e8f, y = x + 1.f, z = x - 1.f, r = y - z;
  if (r != 0.f) reach_error();
  double a = 0.1, b = 0.2;
  if (a + b == 0.3) reach_error();
  float u = __VERIFIER_nondet_float();
  if (u > 2.5f && u < 2.75f && (int)u != 2) reach_error();
  return 0;
}
