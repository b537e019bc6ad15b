/* a function handed to a function with a body is modelled as before */
extern void reach_error(void);
int flag = 0;
static void set(void) { flag = 1; }
static void run(void (*f)(void)) { f(); }
int main(void) {
  int a[4];
  __builtin_memset(a, 0, sizeof a);
  run(set);
  if (!flag) reach_error();
  return 0;
}
