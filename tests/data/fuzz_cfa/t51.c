extern void reg(int *);
extern void poke(void);
int main() {
  int x = 0;
  reg(&x);
  x = 1;
  poke();
  if (x == 1) reach_error();
  return 0;
}
