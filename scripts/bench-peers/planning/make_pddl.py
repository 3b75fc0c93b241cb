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
import tomllib
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


def tiles(n, start, goal, name):
    """An n x n sliding-tile puzzle from `start` to `goal` (tiles row by row, 0 the blank): a
    tile beside the blank slides into it."""
    cells = n * n
    adj = [(p, q) for p in range(cells) for q in range(cells)
           if abs(p // n - q // n) + abs(p % n - q % n) == 1]
    acts = [action("slide", "?t ?from ?to", ["tile ?t", "at ?t ?from", "blank ?to", "adj ?from ?to"],
                   ["at ?t ?to", "blank ?from"], ["at ?t ?from", "blank ?to"])]
    preds = ["(tile ?t)", "(at ?t ?p)", "(blank ?p)", "(adj ?p ?q)"]
    objs = " ".join([f"t{i}" for i in range(1, cells)] + [f"c{p}" for p in range(cells)])
    init = [f"tile t{i}" for i in range(1, cells)] + [f"adj c{p} c{q}" for p, q in adj]
    init += [f"at t{t} c{p}" if t else f"blank c{p}" for p, t in enumerate(start)]
    goal_ = [f"at t{t} c{p}" for p, t in enumerate(goal) if t]
    return domain(name, preds, acts), problem(f"{name}-1", name, objs, init, goal_)


def eight():
    """specs/eight-rules.toml: 8 6 7 / 2 5 4 / 3 0 1 to 1 2 3 / 4 5 6 / 7 8 0 (31 moves)."""
    return tiles(3, [8, 6, 7, 2, 5, 4, 3, 0, 1], [1, 2, 3, 4, 5, 6, 7, 8, 0], "eight")


def fifteen():
    """specs/fifteen-rules.toml: Korf's instance 1 (57 moves), the goal 0 1 2 ... 15."""
    start = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
    return tiles(4, start, list(range(16)), "fifteen")


def wolf_goat_cabbage():
    """specs/wolf-goat-cabbage-rules.toml: the farmer ferries one at a time (7 crossings)."""
    items = ["farmer", "wolf", "goat", "cabbage"]
    at = lambda i, s: f"at-{items[i]}-{s}"

    def safe(sides):  # the wolf eats the goat, the goat the cabbage, without the farmer
        return not ((sides[1] == sides[2] != sides[0]) or (sides[2] == sides[3] != sides[0]))

    acts = []
    for sides in itertools.product(range(2), repeat=4):
        for k in range(4):  # k = 0: the farmer alone; else he takes item k
            if sides[k] != sides[0]:
                continue
            after = list(sides)
            after[0] = after[k] = 1 - sides[0]
            if safe(sides) and safe(after):
                moved = sorted({0, k})
                acts.append(action(f"cross-{''.join(map(str, sides))}-{k}", "",
                                   [at(i, sides[i]) for i in range(4)],
                                   [at(i, after[i]) for i in moved],
                                   [at(i, sides[i]) for i in moved]))
    preds = [f"({at(i, s)})" for i in range(4) for s in range(2)]
    return (domain("river-wgc", preds, acts),
            problem("wgc", "river-wgc", "", [at(i, 0) for i in range(4)],
                    [at(i, 1) for i in range(4)]))


def sokoban():
    """specs/sokoban-microban1-rules.toml: Microban level 1, every walk and push costs 1."""
    level = ["####", "# .#", "#  ###", "#*@  #", "#  $ #", "#  ###", "####"]
    floor = [(r, c) for r, row in enumerate(level) for c, ch in enumerate(row) if ch != "#"]
    cell = {rc: f"c{i}" for i, rc in enumerate(floor)}
    ch = {cell[rc]: level[rc[0]][rc[1]] for rc in floor}
    steps = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
    init = []
    for (r, c) in floor:
        for d, (dr, dc) in steps.items():
            if (r + dr, c + dc) in cell:
                init.append(f"adj {cell[r, c]} {cell[r + dr, c + dc]} {d}")
    init += [f"box {x}" for x, v in ch.items() if v in "$*"]
    init += [f"clear {x}" for x, v in ch.items() if v not in "$*@"]
    init += [f"player {x}" for x, v in ch.items() if v == "@"]
    goal = [f"box {x}" for x, v in ch.items() if v in ".*"]
    acts = [action("walk", "?from ?to ?d", ["player ?from", "clear ?to", "adj ?from ?to ?d"],
                   ["player ?to", "clear ?from"], ["player ?from", "clear ?to"]),
            action("push", "?from ?b ?to ?d",
                   ["player ?from", "box ?b", "clear ?to", "adj ?from ?b ?d", "adj ?b ?to ?d"],
                   ["player ?b", "box ?to", "clear ?from"],
                   ["player ?from", "box ?b", "clear ?to"])]
    preds = ["(adj ?a ?b ?d)", "(box ?c)", "(clear ?c)", "(player ?c)"]
    objs = " ".join(cell.values()) + " " + " ".join(steps)
    return (domain("sokoban", preds, acts),
            problem("microban-1", "sokoban", objs, init, goal))


def lights_out(n=5, start=None, name="lights-5"):
    """Lights Out on an n x n board, from `start` (all on by default) to all off:
    specs/lights-out-rules.toml (5x5, 15 presses) and specs/lights-out-n-rules.toml (12x12)."""
    cells = n * n
    start = start if start is not None else [1] * cells
    nb = [[j for j in range(cells)
           if j == i or (abs(j // n - i // n) + abs(j % n - i % n) == 1)]
          for i in range(cells)]
    acts = []
    for i in range(cells):
        # One action per pattern of the pressed cells' lights: STRIPS has no toggle.
        for pattern in itertools.product([0, 1], repeat=len(nb[i])):
            pre = [f"{'on' if b else 'off'}-{j}" for j, b in zip(nb[i], pattern)]
            add = [f"{'off' if b else 'on'}-{j}" for j, b in zip(nb[i], pattern)]
            label = "".join(map(str, pattern))
            acts.append(action(f"press-{i}-{label}", "", pre, add, pre))
    preds = [f"(on-{i}) (off-{i})" for i in range(cells)]
    init = [f"{'on' if start[i] else 'off'}-{i}" for i in range(cells)]
    return (domain("lights", preds, acts),
            problem(name, "lights", "", init, [f"off-{i}" for i in range(cells)]))


def lights_out_n():
    """specs/lights-out-n-rules.toml as shipped: its params.n and [start] read from the spec."""
    with open("specs/lights-out-n-rules.toml", "rb") as f:
        spec = tomllib.load(f)
    return lights_out(spec["params"]["n"], spec["start"]["lights"], "lights-n")


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


def permutation_puzzle(name, groups, moves, turns=(1, 2, 3)):
    """A twisty puzzle as grounded atoms `<group>-<position>-<cubie>-<twist>` with one action
    per face turn whose conditional effects move each cubie: as a STRIPS model without them the
    planner must ground every combination of the turned cubies and their twists (7 x 6 x 5 x 4
    x 81 operators per pocket-cube move, 2.6e10 per 3x3x3 move), which it cannot. Fast
    Downward's blind search takes conditional effects; LM-cut and iPDB do not.

    groups: {group: (start cubies, start twists, twist modulus)}; moves: {face: {group: (cycle,
    adds)}}, as the spec's `permute`: the cubie at cycle[k] lands on cycle[k + 1] and the cubie
    landing on cycle[k] has adds[k] added to its twist."""
    atom = lambda g, p, c, o: f"{g}-{p}-{c}-{o}"
    acts = []
    for face, parts in moves.items():
        for q in turns:
            effects = []
            for g, (cycle, adds) in parts.items():
                size, mod = len(groups[g][0]), groups[g][2]
                for k, p in enumerate(cycle):
                    to = cycle[(k + q) % len(cycle)]
                    add = sum(adds[(k + s) % len(cycle)] for s in range(1, q + 1))
                    for c in range(size):
                        for o in range(mod):
                            a, b = atom(g, p, c, o), atom(g, to, c, (o + add) % mod)
                            effects.append(f"(when ({a}) (and (not ({a})) ({b})))")
            acts.append(f"  (:action {face}{q}\n    :parameters ()\n    :precondition (and)\n"
                        f"    :effect (and {' '.join(effects)} (increase (total-cost) 1)))")
    preds, init, goal = [], [], []
    for g, (cubies, twists, mod) in groups.items():
        n = len(cubies)
        preds += [f"({atom(g, p, c, o)})" for p in range(n) for c in range(n) for o in range(mod)]
        init += [atom(g, p, cubies[p], twists[p]) for p in range(n)]
        goal += [atom(g, p, p, 0) for p in range(n)]
    dom = domain(name, preds, acts).replace(":strips :typing", ":strips :conditional-effects")
    return dom, problem(f"{name}-1", name, "", init, goal)


def pocket_cube():
    """specs/pocket-cube-rules.toml: its 11-move start, half-turn metric (U, R, F turned 1-3
    quarters; the DBL corner stays)."""
    groups = {"c": ([5, 2, 6, 4, 0, 1, 3], [0, 0, 2, 1, 1, 0, 2], 3)}
    moves = {"U": {"c": ([0, 1, 2, 3], [0, 0, 0, 0])},
             "R": {"c": ([0, 3, 6, 4], [2, 1, 2, 1])},
             "F": {"c": ([0, 4, 5, 1], [1, 2, 1, 2])}}
    return permutation_puzzle("pocket", groups, moves)


def cube():
    """specs/cube-rules.toml with its default scramble (params.scramble = 1), half-turn metric."""
    groups = {"c": ([2, 4, 5, 6, 1, 3, 7, 0], [1, 0, 1, 1, 1, 1, 0, 1], 3),
              "e": ([5, 7, 3, 2, 4, 6, 10, 1, 8, 9, 11, 0], [0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1], 2)}
    none4 = [0, 0, 0, 0]
    moves = {"U": {"c": ([0, 1, 2, 3], none4), "e": ([0, 1, 2, 3], none4)},
             "R": {"c": ([0, 3, 7, 4], [2, 1, 2, 1]), "e": ([0, 11, 4, 8], none4)},
             "F": {"c": ([0, 4, 5, 1], [1, 2, 1, 2]), "e": ([1, 8, 5, 9], [1, 1, 1, 1])},
             "D": {"c": ([4, 7, 6, 5], none4), "e": ([4, 7, 6, 5], none4)},
             "L": {"c": ([1, 5, 6, 2], [1, 2, 1, 2]), "e": ([2, 9, 6, 10], none4)},
             "B": {"c": ([2, 6, 7, 3], [1, 2, 1, 2]), "e": ([3, 10, 7, 11], [1, 1, 1, 1])}}
    return permutation_puzzle("cube", groups, moves)


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
    write(outdir, "lights-out-n", lights_out_n())
    write(outdir, "bridge-torch", bridge())
    write(outdir, "pocket-cube", pocket_cube())
    write(outdir, "cube", cube())
    write(outdir, "fifteen", fifteen())
    write(outdir, "wolf-goat-cabbage", wolf_goat_cabbage())
    write(outdir, "sokoban", sokoban())


if __name__ == "__main__":
    main()
