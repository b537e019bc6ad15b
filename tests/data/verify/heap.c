/* A list built with malloc (typed by the assignment) and walked: FALSE
 * once the list holds 0, 1 and 2 (sum 3). Before malloc was modelled,
 * every access through a node was undefined behaviour and the verdict
 * UNKNOWN. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = 0;
  while (__VERIFIER_nondet_int() && n < 3) {
    struct node *t = malloc(sizeof(struct node));
    if (!t) abort();
    t->v = n;
    t->next = head;
    head = t;
    n++;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->v;
  if (sum == 3) reach_error();
  while (head) { struct node *x = head->next; free(head); head = x; }
  return 0;
}
