/* The verifier proved the then-branch and never looked at the else-branch. */
int __VERIFIER_nondet_int();

int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 10) {
    y = 1;
  } else {
    y = 2;
  }
  return y;
}
