extern void reg(int *);
int main() {
  int x = 0, y = 1;
  reg(&x);
  if (y == 0) reach_error();
  return 0;
}
