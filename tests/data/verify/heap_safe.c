/* heap.c with `(struct node *)malloc(...)` (the front end moves the call
 * into a temporary; the cast gives the object its type) and a sum it never
 * reaches: TRUE (the sums are 0, 0, 1 and 3), decided by the symbolic
 * execution, which the solver keeps finite. Before malloc was modelled,
 * UNKNOWN. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = 0;
  while (__VERIFIER_nondet_int() && n < 3) {
    struct node *t = (struct node *)malloc(sizeof(struct node));
    if (!t) abort();
    t->v = n;
    t->next = head;
    head = t;
    n++;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->v;
  if (sum == 4) reach_error();
  while (head) { struct node *x = head->next; free(head); head = x; }
  return 0;
}
