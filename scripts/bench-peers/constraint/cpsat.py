"""OR-Tools CP-SAT models of the constraint benchmarks (issue 49), the same models as the
MiniZinc files beside this one. Nothing is fetched: run with a Python that has `ortools`
(`pip install ortools`, in a virtual environment if you like).

    python cpsat.py PUZZLE [--workers W] [--n N]

PUZZLE is golomb (--n marks, minimised), magic-hexagon (all 12 counted), magic-square-4 (all
7,040 counted), sudoku-inkala (all counted: 1) or send-most-money (maximised). Counting
enumerates every solution, which CP-SAT does on one worker only, so counts ignore --workers.
Prints the answer (a count or the optimum) and the solver's status."""

import argparse

from ortools.sat.python import cp_model

HEXAGON_LINES = [
    [0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15], [16, 17, 18],
    [7, 12, 16], [3, 8, 13, 17], [0, 4, 9, 14, 18], [1, 5, 10, 15], [2, 6, 11],
    [11, 15, 18], [6, 10, 14, 17], [2, 5, 9, 13, 16], [1, 4, 8, 12], [0, 3, 7],
]

INKALA = [
    "800000000", "003600000", "070090200", "050007000", "000045700",
    "000100030", "001000068", "008500010", "090000400",
]


class Counter(cp_model.CpSolverSolutionCallback):
    """Counts the solutions CP-SAT enumerates."""

    def __init__(self):
        super().__init__()
        self.count = 0

    def on_solution_callback(self):
        self.count += 1


def golomb(m, n):
    longest = n * (n - 2)
    mark = [m.NewIntVar(0, longest, f"mark{i}") for i in range(n)]
    m.Add(mark[0] == 0)
    for i in range(n - 1):
        m.Add(mark[i] < mark[i + 1])
    diffs = []
    for i in range(n):
        for j in range(i + 1, n):
            d = m.NewIntVar(1, longest, f"d{i}_{j}")
            m.Add(d == mark[j] - mark[i])
            diffs.append(d)
    m.AddAllDifferent(diffs)
    m.Add(mark[1] - mark[0] < mark[n - 1] - mark[n - 2])
    m.Minimize(mark[n - 1])


def magic_hexagon(m):
    cell = [m.NewIntVar(1, 19, f"c{i}") for i in range(19)]
    m.AddAllDifferent(cell)
    for line in HEXAGON_LINES:
        m.Add(sum(cell[i] for i in line) == 38)


def magic_square_4(m):
    n, s = 4, 34
    x = [[m.NewIntVar(1, n * n, f"x{i}{j}") for j in range(n)] for i in range(n)]
    m.AddAllDifferent([v for row in x for v in row])
    for i in range(n):
        m.Add(sum(x[i]) == s)
        m.Add(sum(x[j][i] for j in range(n)) == s)
    m.Add(sum(x[i][i] for i in range(n)) == s)
    m.Add(sum(x[i][n - 1 - i] for i in range(n)) == s)


def sudoku_inkala(m):
    x = [[m.NewIntVar(1, 9, f"x{i}{j}") for j in range(9)] for i in range(9)]
    for i, row in enumerate(INKALA):
        for j, c in enumerate(row):
            if c != "0":
                m.Add(x[i][j] == int(c))
    for i in range(9):
        m.AddAllDifferent(x[i])
        m.AddAllDifferent([x[j][i] for j in range(9)])
    for a in range(3):
        for b in range(3):
            m.AddAllDifferent([x[3 * a + i][3 * b + j] for i in range(3) for j in range(3)])


def send_most_money(m):
    s, e, n, d, mm, o, t, y = (m.NewIntVar(0, 9, c) for c in "SENDMOTY")
    m.AddAllDifferent([s, e, n, d, mm, o, t, y])
    m.Add(s != 0)
    m.Add(mm != 0)
    money = 10000 * mm + 1000 * o + 100 * n + 10 * e + y
    m.Add(1000 * s + 100 * e + 10 * n + d + 1000 * mm + 100 * o + 10 * s + t == money)
    m.Maximize(money)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzle")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--n", type=int, default=9)
    args = parser.parse_args()
    m = cp_model.CpModel()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = args.workers
    if args.puzzle == "golomb":
        golomb(m, args.n)
    elif args.puzzle == "send-most-money":
        send_most_money(m)
    else:
        {"magic-hexagon": magic_hexagon, "magic-square-4": magic_square_4,
         "sudoku-inkala": sudoku_inkala}[args.puzzle](m)
        solver.parameters.num_workers = 1
        solver.parameters.enumerate_all_solutions = True
        counter = Counter()
        status = solver.Solve(m, counter)
        print(f"count: {counter.count} ({solver.StatusName(status)})")
        return
    status = solver.Solve(m)
    print(f"objective: {int(solver.ObjectiveValue())} ({solver.StatusName(status)})")


if __name__ == "__main__":
    main()
