extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0;
  int n;
  n = __VERIFIER_nondet_int();
  int s = 0;
  while (i < n) {
    s = s + 2;
    i = i + 1;
  }
  if (s == 6) {
    return 1;
  }
  return 0;
}
