/* The verifier proved the then-branch and never looked at the else-branch.
 * q may point into the union u (modelled byte by byte): the else-branch
 * is feasible when q points to g.a (x > 10). */
int __VERIFIER_nondet_int();

struct S { int a; union { int i; char c[4]; } u; };
struct S g = {1, {2}};

int main() {
  int x = __VERIFIER_nondet_int();
  int *q = x > 10 ? &g.a : &g.u.i;
  if (*q == 2) {
    return 0;
  } else {
    return *q;
  }
}
