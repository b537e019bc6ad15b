#include <stdlib.h>
extern void reach_error(void);
int flag = 0;
static int cmp(const void *a, const void *b) {
  flag = 1;
  return *(const int *)a - *(const int *)b;
}
int main(void) {
  int v[2] = {2, 1};
  qsort(v, 2, sizeof v[0], cmp);
  if (flag) reach_error();
  return 0;
}
