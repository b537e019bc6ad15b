/* The motivating example of Alipour and Groce, "Bounded model checking and
 * feature omission diversity": a stack whose push does not check for
 * overflow, driven by a harness that calls top, push or pop at random.
 * Only pushes lead to the overflow; pops delay it and tops do nothing for
 * it (the paper's switch is an if-else chain here). `erep swarm samples/stack.c` runs bounded erep verify runs with
 * random sets of these functions omitted (a call of an omitted function
 * cuts its path); the first counterexample is proved again on the whole
 * program. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#define SIZE 64
#define TLEN 100

int s = 0;
int stack[SIZE];

int top(void) { return stack[s]; } /* one above the top: a fault with no
                                      property to show it */
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
  for (int i = 0; i < TLEN; i++) {
    int action = __VERIFIER_nondet_int();
    if (action == 0) {
      v = top();
    } else if (action == 1) {
      v = __VERIFIER_nondet_int();
      push(v);
    } else if (action == 2) {
      pop();
    } else {
      return 0;
    }
  }
  return 0;
}
