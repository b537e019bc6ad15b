int main() {
  int a[4] = {0};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  a[i] = 7;
  int *p = a + 1;
  *(p + 2) = 9;
  if (a[2] == 7 && a[3] == 9 && p - a == 1) reach_error();
  return 0;
}
