extern void reg(int *);
int main() {
  int x = 0, c = 0;
  reg(&x);
  if (c) { if (x == 0) reach_error(); }
  return 0;
}
