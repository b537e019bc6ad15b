#include <stdlib.h>
extern void reach_error(void);
int flag = 0;
static void bye(void) {
  if (flag) reach_error();
}
int main(void) {
  void (*h)(void) = bye;
  atexit(h); /* through a variable: still handed over */
  flag = 1;
  return 0;
}
