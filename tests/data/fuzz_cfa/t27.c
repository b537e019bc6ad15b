int main() {
  double d = 0.5;
  int x = __VERIFIER_nondet_int();
  d = d * x;
  if (x == 3) reach_error();
  return 0;
}
