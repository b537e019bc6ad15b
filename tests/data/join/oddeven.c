/* An odd and an even input meet at the join after the first if; only an
 * odd one (3) makes the second condition true. */
int __VERIFIER_nondet_int();

int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x * x == 2) {
    y = 3;
  }
  if (x & 1) {
    y = 1;
  } else {
    y = 2;
  }
  if (x * 2 == 6) {
    return 1;
  }
  return y;
}
