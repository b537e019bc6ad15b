extern void reg(int *);
int main() {
  int x = 0; int *q = &x;
  reg(0);
  if (*q == 0) reach_error();
  return 0;
}
