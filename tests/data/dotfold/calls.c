extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int step(int x, int k) {
  if (x > k) return x - k;
  if (x < -k) return x + k;
  return 0;
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < 12; i++) {
    s += step(a, i);
    if (s > 1000) return 1;
  }
  if (s == 77) reach_error();
  return 0;
}
