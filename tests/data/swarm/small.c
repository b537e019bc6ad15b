/* samples/stack.c made small for tests/swarm.sh (16 cells, 40 actions):
 * the overflow needs 17 pushes, more program edges than a bound of 100
 * allows. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define SIZE 16
int s = 0;
int stack[SIZE];
int top(void) { return stack[s - 1]; }
void push(int i) {
  if (s >= SIZE)
    reach_error(); /* the overflow (a replay goes on: no write) */
  else
    stack[s++] = i;
}
void pop(void) {
  if (s > 0) s--;
}
int main(void) {
  int v;
  for (int i = 0; i < 40; i++) {
    int action = __VERIFIER_nondet_int();
    if (action == 0) {
      if (s > 0) v = top();
    } else if (action == 1) {
      v = __VERIFIER_nondet_int();
      push(v);
    } else {
      pop();
    }
  }
  return 0;
}
