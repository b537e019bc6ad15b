# Run inside gdb (gdb -batch -x values_gdb.py PROG): the values a trace's
# steps assign, as erep's report says (EXPECT, a JSON file: the steps of
# one trace with their values), against what the compiled program computes
# when the harness feeds that trace's inputs (EREP_TEST in the
# environment). The program is stepped line by line (the harness has no
# debug information, so gdb steps over it); after each step the values of
# the steps on the line just left are read with gdb's C evaluator in the
# frame that holds them: a call step's (parameters) in the callee just
# entered, the others where the line ends. Writes a JSON summary to OUT:
# checked, agreed, and each disagreement or value it could not read.
# (tests/trace_values_gcc.sh; issue #26)
import json
import os

import gdb

exp = json.load(open(os.environ["EXPECT"]))
items = []  # [line, lhs, value, kind, global]
for st in exp["steps"]:
    for v in st.get("values") or []:
        items.append((st["line"], v["lhs"], v["value"], st["kind"],
                      st.get("function") is None))
out = {"checked": 0, "agreed": 0, "disagree": [], "unread": [], "steps": 0,
       "skipped": []}
gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("set print address off")
gdb.execute("break main")
gdb.execute("run", to_string=True)


def alive():
    try:
        gdb.selected_frame()
        return True
    except gdb.error:
        return False


def depth():
    n, f = 0, gdb.newest_frame()
    while f is not None:
        n, f = n + 1, f.older()
    return n


def line():
    return gdb.selected_frame().find_sal().line


def number(text):
    return int(gdb.parse_and_eval(text))


def check(it):
    ln, lhs, value, kind, _ = it
    if value.startswith("(a string literal"):
        # which literal erep means cannot be named to gdb
        out["skipped"].append("%d:%s" % (ln, lhs))
        return
    out["checked"] += 1
    try:
        if value == "NULL":  # a pointer: NULL, &object[+offset], 0x...
            got, want = number("(long long)(%s)" % lhs), 0
        elif value.startswith("&"):
            name, _, off = value[1:].partition("+")
            got = number("(long long)((char *)(%s) - (char *)&%s)" % (lhs, name))
            want = int(off or "0")
        elif value.startswith("0x"):
            got, want = number("(long long)(%s)" % lhs), int(value, 16)
        else:
            got, want = number("(long long)(%s)" % lhs), int(value)
    except (gdb.error, ValueError) as e:
        out["unread"].append("%d:%s (%s)" % (ln, lhs, str(e)[:80]))
        return
    if got % 2**64 == want % 2**64:
        out["agreed"] += 1
    else:
        out["disagree"].append("%d:%s erep %s, gcc %d" % (ln, lhs, value, got))


i = 0
# the global declarations' values hold when main starts
while i < len(items) and items[i][4]:
    check(items[i])
    i += 1
limit = int(os.environ.get("MAX_STEPS", "200000"))
while i < len(items) and alive() and out["steps"] < limit:
    was_line, was_depth = line(), depth()
    try:
        gdb.execute("step", to_string=True)
    except gdb.error:
        break
    out["steps"] += 1
    if not alive():
        break
    now = depth()
    entered, returned = now > was_depth, now < was_depth
    while i < len(items):
        ln, kind = items[i][0], items[i][3]
        # a call step's parameters, in the callee just entered; a return
        # step's result, back in the caller (gdb's step may finish the
        # call's line, so not only when on that line); the rest where the
        # line just left ends
        if entered:
            ok = kind == "call" and ln == was_line
        elif returned and kind == "return":
            ok = True
        else:
            ok = kind != "call" and ln == was_line
        if not ok:
            break
        check(items[i])
        i += 1
out["left"] = ["%d:%s" % (it[0], it[1]) for it in items[i:]]
json.dump(out, open(os.environ["OUT"], "w"))
gdb.execute("kill", to_string=True) if alive() else None
