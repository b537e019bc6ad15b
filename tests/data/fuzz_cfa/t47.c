extern void reg(int *);
int main() {
  int x = 0;
  reg(&x);
  x = 3;
  if (x == 3) reach_error();
  return 0;
}
