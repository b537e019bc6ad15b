extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4];
  int b[8];
  int n = __VERIFIER_nondet_int();
  a[0] = 1;
  b[1] = n;
  if (a[0] == 1 && b[1] == 5) reach_error();
  return 0;
}
