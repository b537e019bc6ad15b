int *f(void) { int l = 3; return &l; }
int main() {
  int *p = f();
  if (*p == 3) reach_error();
  return 0;
}
