extern void init(int *);
int main() {
  int x = 0;
  init(&x);
  if (x == 0) reach_error();
  return 0;
}
