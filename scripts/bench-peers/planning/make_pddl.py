#!/usr/bin/env python3
"""Writes PDDL models of the shipped rules specs, for the side-by-side with Fast Downward
(scripts/bench-peers/planning.sh). Each puzzle is the same instance as its spec:

    make_pddl.py OUTDIR        -> OUTDIR/NAME-domain.pddl, OUTDIR/NAME-problem.pddl

STRIPS with action costs (the bridge's minutes; elsewhere every move costs 1 and a final
`reach-goal` action costs 0 where the goal is a disjunction), so that lmcut and ipdb apply.
Arithmetic the planner lacks (a pour's amounts, a crossing's counts) is written out as one
action per case: the planner's grounding would make the same actions from a lifted model.
"""
import itertools
import os
import sys


def domain(name, predicates, actions, costs=True):
    reqs = ":strips :typing" + (" :action-costs" if costs else "")
    out = [f"(define (domain {name})", f"  (:requirements {reqs})"]
    out.append("  (:predicates " + " ".join(predicates) + ")")
    if costs:
        out.append("  (:functions (total-cost) - number)")
    for a in actions:
        out.append(a)
    out.append(")")
    return "\n".join(out) + "\n"


def action(name, params, pre, add, delete, cost=1):
    eff = [f"({p})" for p in add] + [f"(not ({p}))" for p in delete]
    if cost:
        eff.append(f"(increase (total-cost) {cost})")
    return (f"  (:action {name}\n    :parameters ({params})\n"
            f"    :precondition (and {' '.join(f'({p})' for p in pre)})\n"
            f"    :effect (and {' '.join(eff)}))")


def problem(name, dom, objects, init, goal, costs=True):
    out = [f"(define (problem {name}) (:domain {dom})"]
    if objects:
        out.append(f"  (:objects {objects})")
    init = [f"({p})" for p in init] + (["(= (total-cost) 0)"] if costs else [])
    out.append("  (:init " + " ".join(init) + ")")
    out.append(f"  (:goal (and {' '.join(f'({g})' for g in goal)}))")
    if costs:
        out.append("  (:metric minimize (total-cost))")
    out.append(")")
    return "\n".join(out) + "\n"


def water_jugs():
    """specs/water-jugs-rules.toml: jugs of 8 and 5 L, empty, measure 4 L in either."""
    cap = [8, 5]
    acts, lv = [], lambda j, l: f"level-{j}-{l}"
    for j in range(2):
        for a in range(cap[j] + 1):
            if a != cap[j]:
                acts.append(action(f"fill-{j}-{a}", "", [lv(j, a)], [lv(j, cap[j])], [lv(j, a)]))
            if a != 0:
                acts.append(action(f"empty-{j}-{a}", "", [lv(j, a)], [lv(j, 0)], [lv(j, a)]))
    for i, j in [(0, 1), (1, 0)]:
        for a in range(cap[i] + 1):
            for b in range(cap[j] + 1):
                t = min(a, cap[j] - b)
                if t:
                    acts.append(action(f"pour-{i}-{j}-{a}-{b}", "", [lv(i, a), lv(j, b)],
                                       [lv(i, a - t), lv(j, b + t)], [lv(i, a), lv(j, b)]))
    for j in range(2):
        acts.append(action(f"reach-{j}", "", [lv(j, 4)], ["done"], [], cost=0))
    preds = ["(done)"] + [f"({lv(j, l)})" for j in range(2) for l in range(cap[j] + 1)]
    return (domain("jugs", preds, acts),
            problem("jugs-8-5", "jugs", "", [lv(0, 0), lv(1, 0)], ["done"]))


def missionaries():
    """specs/missionaries-rules.toml: 3 missionaries, 3 cannibals, a boat for 2."""
    n, seats = 3, 2
    safe = lambda m, c: (m == 0 or c <= m) and (n - m == 0 or n - c <= n - m)
    st = lambda m, c, b: f"at-{m}-{c}-{b}"
    acts = []
    for m0, c0, b in itertools.product(range(n + 1), range(n + 1), range(2)):
        if not safe(m0, c0):
            continue
        for m, c in itertools.product(range(seats + 1), repeat=2):
            if not 1 <= m + c <= seats:
                continue
            m1, c1 = (m0 - m, c0 - c) if b == 0 else (m0 + m, c0 + c)
            if 0 <= m1 <= n and 0 <= c1 <= n and safe(m1, c1):
                acts.append(action(f"cross-{m0}-{c0}-{b}-{m}-{c}", "", [st(m0, c0, b)],
                                   [st(m1, c1, 1 - b)], [st(m0, c0, b)]))
    for b in range(2):
        acts.append(action(f"reach-{b}", "", [st(0, 0, b)], ["done"], [], cost=0))
    preds = ["(done)"] + [f"({st(m, c, b)})" for m in range(n + 1) for c in range(n + 1)
                          for b in range(2)]
    return (domain("river", preds, acts),
            problem("missionaries-3-3", "river", "", [st(n, n, 0)], ["done"]))


def hanoi(n):
    """specs/hanoi-rules.toml with params.n = n: the tower from peg 0 to peg 2."""
    discs = [f"d{i}" for i in range(n)]
    pegs = ["p0", "p1", "p2"]
    acts = [action("move", "?d ?from ?to",
                   ["disc ?d", "on ?d ?from", "clear ?d", "clear ?to", "smaller ?to ?d"],
                   ["on ?d ?to", "clear ?from"], ["on ?d ?from", "clear ?to"])]
    preds = ["(disc ?d)", "(on ?x ?y)", "(clear ?x)", "(smaller ?x ?y)"]
    init = [f"disc {d}" for d in discs]
    # A peg is larger than every disc; disc i is smaller than disc j > i.
    init += [f"smaller {p} {d}" for p in pegs for d in discs]
    init += [f"smaller {discs[j]} {discs[i]}" for i in range(n) for j in range(i + 1, n)]
    init += [f"on {discs[i]} {discs[i + 1]}" for i in range(n - 1)] + [f"on {discs[-1]} p0"]
    init += [f"clear {discs[0]}", "clear p1", "clear p2"]
    goal = [f"on {discs[i]} {discs[i + 1]}" for i in range(n - 1)] + [f"on {discs[-1]} p2"]
    return (domain("hanoi", preds, acts),
            problem(f"hanoi-{n}", "hanoi", " ".join(discs + pegs), init, goal))


def eight():
    """specs/eight-rules.toml: 8 6 7 / 2 5 4 / 3 0 1 to 1 2 3 / 4 5 6 / 7 8 0 (31 moves)."""
    start, goal = [8, 6, 7, 2, 5, 4, 3, 0, 1], [1, 2, 3, 4, 5, 6, 7, 8, 0]
    adj = [(p, q) for p in range(9) for q in range(9)
           if abs(p // 3 - q // 3) + abs(p % 3 - q % 3) == 1]
    acts = [action("slide", "?t ?from ?to", ["tile ?t", "at ?t ?from", "blank ?to", "adj ?from ?to"],
                   ["at ?t ?to", "blank ?from"], ["at ?t ?from", "blank ?to"])]
    preds = ["(tile ?t)", "(at ?t ?p)", "(blank ?p)", "(adj ?p ?q)"]
    objs = " ".join([f"t{i}" for i in range(1, 9)] + [f"c{p}" for p in range(9)])
    init = [f"tile t{i}" for i in range(1, 9)] + [f"adj c{p} c{q}" for p, q in adj]
    init += [f"at t{t} c{p}" if t else f"blank c{p}" for p, t in enumerate(start)]
    goal_ = [f"at t{t} c{p}" for p, t in enumerate(goal) if t]
    return domain("eight", preds, acts), problem("eight-31", "eight", objs, init, goal_)


def lights_out():
    """specs/lights-out-rules.toml: 5x5, all on, switch all off (15 presses)."""
    nb = [[j for j in range(25) if j == i or (abs(j // 5 - i // 5) + abs(j % 5 - i % 5) == 1)]
          for i in range(25)]
    acts = []
    for i in range(25):
        # One action per pattern of the pressed cells' lights: STRIPS has no toggle.
        for pattern in itertools.product([0, 1], repeat=len(nb[i])):
            pre = [f"{'on' if b else 'off'}-{j}" for j, b in zip(nb[i], pattern)]
            add = [f"{'off' if b else 'on'}-{j}" for j, b in zip(nb[i], pattern)]
            name = "".join(map(str, pattern))
            acts.append(action(f"press-{i}-{name}", "", pre, add, pre))
    preds = [f"(on-{i}) (off-{i})" for i in range(25)]
    return (domain("lights", preds, acts),
            problem("lights-5", "lights", "", [f"on-{i}" for i in range(25)],
                    [f"off-{i}" for i in range(25)]))


def bridge():
    """specs/bridge-torch-rules.toml: 1, 2, 5 and 10 minutes; cheapest is 17."""
    time = [1, 2, 5, 10]
    acts = []
    for s in range(2):
        for a in range(4):
            acts.append(action(f"alone-{a}-{s}", "", [f"side-{a}-{s}", f"torch-{s}"],
                               [f"side-{a}-{1 - s}", f"torch-{1 - s}"],
                               [f"side-{a}-{s}", f"torch-{s}"], cost=time[a]))
            for b in range(a + 1, 4):
                acts.append(action(f"pair-{a}-{b}-{s}", "",
                                   [f"side-{a}-{s}", f"side-{b}-{s}", f"torch-{s}"],
                                   [f"side-{a}-{1 - s}", f"side-{b}-{1 - s}", f"torch-{1 - s}"],
                                   [f"side-{a}-{s}", f"side-{b}-{s}", f"torch-{s}"],
                                   cost=max(time[a], time[b])))
    preds = [f"(side-{a}-{s})" for a in range(4) for s in range(2)] + ["(torch-0) (torch-1)"]
    return (domain("bridge", preds, acts),
            problem("bridge-17", "bridge", "", [f"side-{a}-0" for a in range(4)] + ["torch-0"],
                    [f"side-{a}-1" for a in range(4)]))


def pocket_cube():
    """specs/pocket-cube-rules.toml: its 11-move start, half-turn metric (U, R, F turned 1-3
    quarters; the DBL corner stays). Lifted on the four cubies of the turned face and their
    twists: the planner grounds 7 x 6 x 5 x 4 x 81 operators per move."""
    cp, co = [5, 2, 6, 4, 0, 1, 3], [0, 0, 2, 1, 1, 0, 2]
    faces = {"U": ([0, 1, 2, 3], [0, 0, 0, 0]), "R": ([0, 3, 6, 4], [2, 1, 2, 1]),
             "F": ([0, 4, 5, 1], [1, 2, 1, 2])}
    acts = []
    for face, (cyc, add) in faces.items():
        for q in (1, 2, 3):
            # The cubie at cyc[k] goes to cyc[k + q], its twist raised by the adds it passes.
            twist = [sum(add[(k + s) % 4] for s in range(q)) % 3 for k in range(4)]
            params = " ".join(f"?c{k} - cubie ?o{k} ?n{k} - twist" for k in range(4))
            pre = [f"at ?c{k} p{cyc[k]} ?o{k}" for k in range(4)]
            pre += [f"plus{twist[k]} ?o{k} ?n{k}" for k in range(4)]
            addl = [f"at ?c{k} p{cyc[(k + q) % 4]} ?n{k}" for k in range(4)]
            dele = [f"at ?c{k} p{cyc[k]} ?o{k}" for k in range(4)]
            acts.append(action(f"{face}{q}", params, pre, addl, dele))
    dom = domain("pocket", ["(at ?c - cubie ?p - place ?o - twist)",
                            "(plus0 ?a ?b - twist) (plus1 ?a ?b - twist) (plus2 ?a ?b - twist)"],
                 acts).replace("(:predicates", "(:types cubie place twist)\n  (:constants " +
                               " ".join(f"p{p}" for p in range(7)) + " - place)\n  (:predicates")
    objs = " ".join(f"k{c}" for c in range(7)) + " - cubie t0 t1 t2 - twist"
    init = [f"at k{cp[p]} p{p} t{co[p]}" for p in range(7)]
    init += [f"plus{d} t{a} t{(a + d) % 3}" for d in range(3) for a in range(3)]
    goal = [f"at k{p} p{p} t0" for p in range(7)]
    return dom, problem("pocket-11", "pocket", objs, init, goal)


def write(outdir, name, pair):
    for part, text in zip(("domain", "problem"), pair):
        with open(os.path.join(outdir, f"{name}-{part}.pddl"), "w") as f:
            f.write(text)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(outdir, exist_ok=True)
    write(outdir, "water-jugs", water_jugs())
    write(outdir, "missionaries", missionaries())
    write(outdir, "hanoi-8", hanoi(8))
    write(outdir, "hanoi-12", hanoi(12))
    write(outdir, "eight", eight())
    write(outdir, "lights-out", lights_out())
    write(outdir, "bridge-torch", bridge())
    write(outdir, "pocket-cube", pocket_cube())


if __name__ == "__main__":
    main()
