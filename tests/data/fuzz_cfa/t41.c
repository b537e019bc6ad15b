int main() {
  int x = 0, y = 0;
  int *p = __VERIFIER_nondet_int() ? &x : &y;
  *p = 5;
  p[0]++;
  if (x == 6 && y == 0) reach_error();
  return 0;
}
