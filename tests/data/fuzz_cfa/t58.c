int main() {
  int a[8] = {0};
  int x = __VERIFIER_nondet_int();
  for (int i = 0; i < 8; i++) a[i] = x + i;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 8 && a[k] == 12) reach_error();
  return 0;
}
