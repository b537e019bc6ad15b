extern void *malloc(unsigned long);
int main() {
  int *p = malloc(4);
  if (p) { *p = 1; if (*p == 1) reach_error(); }
  return 0;
}
