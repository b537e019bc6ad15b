int a[5] = {1, 2, 3, 4, 5};
int main() {
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 5) {
    if (a[i] == 4) reach_error();
  }
  if (a[i] == 42) reach_error();
  return 0;
}
