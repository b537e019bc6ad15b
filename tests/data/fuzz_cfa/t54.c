int main() {
  int a[2]; int b = 0;
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 2) {
    a[i] = 5;
    if (b == 5) reach_error();
  }
  a[i] = 5;
  if (b == 5) reach_error();
  return 0;
}
