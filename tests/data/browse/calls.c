/* Calls two deep, twice: the steps of inner() fold under their call in
 * outer(), those of outer() under their calls in main(). */
int __VERIFIER_nondet_int();

int inner(int v) {
  int w = v + 1;
  return w;
}

int outer(int v) {
  int r = inner(v);
  return r * 2;
}

int main() {
  int a = __VERIFIER_nondet_int();
  int b = outer(a);
  int c = outer(b);
  return c;
}
