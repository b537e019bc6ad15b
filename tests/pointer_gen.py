"""Random small C programs with pointers into variables, the heap and an
array, a loop of at most 3 rounds, writes through pointers and calls that
take pointers, and one error location (tests/pointer_diff.sh).

usage: pointer_gen.py SEED   (the program on stdout)
       pointer_gen.py --truth PROGRAM   (TRUE, FALSE or UB: every input
         tried, compiled by gcc with ASan and UBSan)"""
import os
import random
import subprocess
import sys
import tempfile

HEAD = """extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
extern void *malloc(unsigned long);
struct node { int v; struct node *next; };
int g;
void set(int *p, int v) { *p = v; }
int get(int *p) { return *p; }
int main(void) {
  int x = 0, y = 1, z = 2; int a[3] = {0, 0, 0};
  struct node *h = malloc(sizeof *h); h->v = 0; h->next = 0;
  struct node *k = malloc(sizeof *k); k->v = 5; k->next = h;
  int *p = &x, *q = &y; struct node *m = h;
  int n = __VERIFIER_nondet_int(); if (n < 0 || n > 3) return 0;
  int c = __VERIFIER_nondet_int(); if (c < 0 || c > 2) return 0;
"""
LV = ['*p', '*q', 'x', 'y', 'z', 'g', 'h->v', 'k->v', 'm->v', 'a[c]', 'a[1]',
      'p[0]']
RV = ['x', 'y', 'z', 'g', '*p', '*q', 'h->v', 'm->v', 'a[0]', 'a[c]', 'c',
      'n', '1', '2']


def statement(r):
    t = r.randrange(9)
    if t == 0:
        return '%s = %s;' % (r.choice(['p', 'q']), r.choice(
            ['&x', '&y', '&z', '&g', '&h->v', '&k->v', '&a[1]', 'a + c',
             '&m->v']))
    if t == 1:
        return 'm = %s;' % r.choice(['h', 'k', 'm->next ? m->next : m',
                                     'k->next'])
    if t == 2:
        return 'set(%s, %s);' % (r.choice(['p', 'q', '&x', '&g', '&h->v']),
                                 r.choice(RV))
    if t == 3:
        return '%s = get(%s);' % (r.choice(['x', 'y', 'z']),
                                  r.choice(['p', 'q', '&h->v']))
    if t == 4:
        return 'if (%s) %s = %s;' % (
            r.choice(['c == 1', 'x < y', '*p == 0', 'h->v > 0']),
            r.choice(LV), r.choice(RV))
    return '%s = %s %s %s;' % (r.choice(LV), r.choice(RV),
                               r.choice(['+', '-']), r.choice(RV))


def program(seed):
    r = random.Random(seed)
    out = [HEAD.rstrip('\n')]
    out += ['  ' + statement(r) for _ in range(r.randrange(1, 4))]
    out.append('  while (n-- > 0) {')
    out += ['    ' + statement(r) for _ in range(r.randrange(1, 4))]
    out.append('  }')
    out += ['  ' + statement(r) for _ in range(r.randrange(0, 3))]
    out.append('  if (%s %s %s) reach_error();' % (
        r.choice(RV), r.choice(['==', '!=', '<', '>']), r.choice(RV)))
    out += ['  return 0;', '}']
    return '\n'.join(out) + '\n'


def truth(path):
    src = open(path).read()
    for decl in HEAD.splitlines()[:3]:
        src = src.replace(decl, '')
    d = tempfile.mkdtemp()
    c, exe = os.path.join(d, 'p.c'), os.path.join(d, 'p')
    with open(c, 'w') as f:
        f.write('#include <stdlib.h>\nint in_[2], k_;\n'
                'int __VERIFIER_nondet_int(void) { return in_[k_++]; }\n'
                'void reach_error(void) { exit(42); }\n')
        f.write(src.replace('int main(void) {', 'int main_(void) {'))
        f.write('int main(int argc, char **argv) { in_[0] = atoi(argv[1]); '
                'in_[1] = atoi(argv[2]); return main_(); }\n')
    if subprocess.run(['gcc', '-w', '-fwrapv', '-fsanitize=address,undefined',
                       '-fno-sanitize-recover=all', '-o', exe, c],
                      capture_output=True).returncode:
        return 'NOCOMPILE'
    env = dict(os.environ, ASAN_OPTIONS='detect_leaks=0')
    reach = ub = False
    for n in range(4):
        for k in range(3):
            rc = subprocess.run([exe, str(n), str(k)], capture_output=True,
                                env=env).returncode
            reach |= rc == 42
            ub |= rc not in (0, 42)
    return 'UB' if ub else 'FALSE' if reach else 'TRUE'


if __name__ == '__main__':
    if sys.argv[1] == '--truth':
        print(truth(sys.argv[2]))
    else:
        sys.stdout.write(program(int(sys.argv[1])))
