#include <pthread.h>
extern void reach_error(void);
int flag = 0;
void *worker(void *arg) { (void)arg; flag = 1; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  if (flag) reach_error();
  return 0;
}
