#!/usr/bin/env python3
"""What folding states on cycles could still gain (issue #25): the states of
an automaton erep wrote (automaton.txt) against the classes of its coarsest
bisimulation (states with the same transitions, in order, to equivalent
states), computed by refinement until stable. erep's own fold
(analysis/fold.c) joins the equal states outside cycles; this counts what a
partition refinement over the cycles would add.
usage: bench/fold_classes.py AUTOMATON.txt"""
import re
import sys
import time

text = open(sys.argv[1]).read()
states, order, cur = {}, [], None
for line in text.splitlines():
    m = re.match(r'\s*STATE\s+(?:USEFIRST\s+|USEALL\s+)?(\w+)\s*:', line)
    if m:
        cur = m.group(1)
        states[cur] = []
        order.append(cur)
        continue
    m = re.match(r'\s*(MATCH "((?:[^"\\]|\\.)*)"|TRUE)\s*->\s*'
                 r'(?:ASSUME \{(.*?)\}\s*)?GOTO\s+(\w+)', line)
    if m and cur is not None:
        label = m.group(2) if m.group(2) is not None else '*'
        states[cur].append((label, m.group(3), m.group(4)))
sinks = {'__TRUE', '__FALSE'}
names = [s for s in order if s not in sinks]
idx = {s: i for i, s in enumerate(names)}
cls, seen = [0] * len(names), {}
for i, s in enumerate(names):
    key = tuple((a, b, d if d in sinks else None) for a, b, d in states[s])
    cls[i] = seen.setdefault(key, len(seen))
t0, rounds = time.time(), 0
while True:
    rounds += 1
    new, ncls = {}, [0] * len(names)
    for i, s in enumerate(names):
        key = (cls[i],) + tuple(d if d in sinks else cls[idx[d]]
                                for _, _, d in states[s])
        ncls[i] = new.setdefault(key, len(new))
    if len(new) == len(set(cls)):
        break
    cls = ncls
n, c = len(names), len(set(cls))
print("%d states, %d classes of the coarsest bisimulation (%.1f %% fewer), "
      "%d rounds, %.1f s" % (n, c, 100.0 * (n - c) / max(n, 1), rounds,
                            time.time() - t0))
