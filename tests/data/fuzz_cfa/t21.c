int main() {
  int x = 0, y = 0;
  int *p = 0;
  if (__VERIFIER_nondet_int()) p = &x; else p = &y;
  if (p != 0) {
    *p = 5;
    if (x == 5) reach_error();
  }
  return 0;
}
