/* The only unexplored branch cannot be reached: y equals x, and x > 5. */
int __VERIFIER_nondet_int();

int main() {
  int x = __VERIFIER_nondet_int();
  int y = x;
  if (x > 5) {
    if (y < 3) {
      y = 0;
    }
  }
  return 0;
}
