int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    double d = 2.0 * x;
    if (d > 3.0) reach_error();
  }
  if (x == 7) reach_error();
  return 0;
}
