/* One of each construct the front end handles, as a fuzzing seed. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void exit(int);
void reach_error(void) {}
typedef unsigned long size_t;
enum color { RED, GREEN = 5, BLUE };
struct node { int val; struct node *next; unsigned flag : 3; int : 0; };
union u { int i; char c[4]; };
typedef struct node node_t;
static int counter = 0;
int table[4] = {1, 2, [3] = 4};
const char *msg = "hi\n";
struct node global_node = {.val = 1, .next = 0};
int (*fp)(int);
int sq(int v) { return v * v; }
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
void bump(int *p) { (*p)++; counter += 1; }
int main(void) {
  int x = __VERIFIER_nondet_int(), y, i;
  unsigned int u = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x > -100 && x < 100);
  char buf[8];
  node_t n1 = {0}, *p = &n1;
  union u un;
  enum color c = GREEN;
  long long big = (long long)x << 20;
  y = x, y += 2, y *= 3;
  y = (x > 0) ? sq(x) : -x;
  y = sizeof(struct node) + sizeof y + _Alignof(int);
  p->val = y;
  p->next = &global_node;
  p->flag = 5;
  un.i = 0x41424344;
  buf[0] = un.c[0];
  fp = sq;
  y = fp(3);
  for (i = 0; i < 4; i++) {
    if (table[i] == 2) continue;
    if (i == 3) break;
    y += table[i];
  }
  for (;;) { if (y > 10) break; y++; }
  while (x > 0 && !(x & 1)) x >>= 1;
  do { u--; } while (u > 10u);
  switch (c) {
  case RED: y = 1; break;
  case GREEN:
  case BLUE: y = 2;
  default: y++;
  }
  if (x == 7) goto out;
  bump(&y);
  if (fact(3) != 6) { reach_error(); abort(); }
  if (x < -50 || x > 50) exit(0);
  {
    int n = x & 3, vla[n + 1];
    vla[0] = n;
    y += vla[0];
  }
  static int calls;
  calls++;
out:
  y = y % 5 - ~x ^ (x | 1);
  return y + (int)big + counter + (msg[0] == 'h');
}
