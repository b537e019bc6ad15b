extern void reg(int *);
int main() {
  int x = 0;
  reg(&x);
  x = __VERIFIER_nondet_int();
  if (x == 1) reach_error();
  return 0;
}
