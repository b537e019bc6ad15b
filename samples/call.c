/* The verifier explored main but never entered check(). */
int __VERIFIER_nondet_int();

int check(int v) {
  if (v < 0) {
    return -v;
  }
  return v;
}

int main() {
  int a = __VERIFIER_nondet_int();
  int r = 0;
  if (a != 0) {
    r = check(a);
  }
  return r;
}
