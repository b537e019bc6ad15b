struct S { int *p; int n; };
extern void reg(struct S *);
int main() {
  int y = 0;
  struct S s = {&y, 1};
  reg(&s);
  if (y == 0) reach_error();
  return 0;
}
