#!/usr/bin/env python3
"""Times `backtrack model FILE --count` beside python-constraint on the same puzzles, and
beside the hand-written subcommands of the same problems; prints the tables of
BENCHMARKS.md's models section.

Usage (from the repository root; needs python3 with pip, network for pip, and about
250 MB of room for OR-tools while it runs):
  scripts/bench_models.py [--bin target/release/backtrack] [--runs R] [--quick] > tables.md

python-constraint 1.4.0 is installed with `pip install --target` into a temporary folder,
removed at the end; the project itself never depends on it. Both sides count every
solution of the same puzzle, one thread, and the script stops if the counts differ:

  SEND+MORE=MONEY  the one solution; python-constraint: all-different, S and M not 0, the
                   sum as one function of the eight letters (its linear sum constraint
                   prunes wrongly with negative multipliers); ours: all-different and the
                   sum as one linear constraint (problems/tests/fixtures/send_more_money.model).
  latin 6          the 9408 reduced Latin squares of order 6: the first row and column
                   fixed to 1..6, an all-different a row and a column, on both sides.
  queens 10        the 724 placements: one variable a column, and for each pair a function
                   `r1 != r2 and |r1 - r2| != d` (python-constraint), three `!=` (ours).
  magic 4          the 7040 magic squares of order 4: all-different, and each row, column
                   and diagonal summing to 34 (python-constraint's exact sum); ours with
                   `order domdeg`, as python-constraint orders by degree then domain size.
                   python-constraint takes about 20 minutes: one run only, and --quick
                   leaves it out.

Times: python-constraint's is the iteration over its solutions (the problem built before
it); ours the search's `elapsed` of `--stats` (the file read and parsed before it). Each
side runs R times (default 3), alternately; the medians are reported, and the ratio is
python-constraint's time over ours (how many times faster ours is).

Then the model against the hand-written subcommand of the same problem, one thread, each
counting every solution, the same counts checked: `queens N --symmetry none` against the
pairwise model above; `coloring FILE --colors K` (DSATUR) against the model of one
variable a vertex and `u != v` an edge, `order smallest`; `sudoku FILE` against the model
of 81 variables, the givens fixed and `alldifferent domain:` on each unit, `order
smallest`. The ratio is the model's time over the subcommand's (what generality costs).

Last, the model beside a general constraint solver in C++, OR-tools 9.15's CP solver
(`ortools.constraint_solver`, installed the same way), on the puzzles where the model is
furthest from the subcommand: queens with the same three `!=` a pair, the first unfixed
variable, values ascending (the same search tree: its failures are our dead ends); the
top95 sudokus with its strongest all-different on each unit (bounds consistency, where ours
is matching), the smallest domain first, values ascending. Its time is from its
`NewSearch` to its `EndSearch`, the solutions taken one by one in Python (about half a
microsecond each, against a collector in C++ on 574,200 colourings: about 2% of queens
12); the ratio is its time over the model's.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs with python-constraint on its path: builds one puzzle, counts its solutions,
# prints the count and the seconds of the count.
ANCHOR = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from constraint import (AllDifferentConstraint, ExactSumConstraint, NotInSetConstraint,
                        Problem)

def money():
    p = Problem()
    p.addVariables("SENDMORY", range(10))
    p.addConstraint(AllDifferentConstraint())
    p.addConstraint(NotInSetConstraint([0]), "SM")
    p.addConstraint(lambda s, e, n, d, m, o, r, y: 1000 * s + 100 * e + 10 * n + d
                    + 1000 * m + 100 * o + 10 * r + e
                    == 10000 * m + 1000 * o + 100 * n + 10 * e + y, "SENDMORY")
    return p

def latin(n):
    p = Problem()
    for r in range(n):
        for c in range(n):
            p.addVariable((r, c), [r + c + 1] if r == 0 or c == 0 else list(range(1, n + 1)))
    for i in range(n):
        p.addConstraint(AllDifferentConstraint(), [(i, c) for c in range(n)])
        p.addConstraint(AllDifferentConstraint(), [(r, i) for r in range(n)])
    return p

def queens(n):
    p = Problem()
    p.addVariables(range(n), range(1, n + 1))
    for c1 in range(n):
        for c2 in range(c1 + 1, n):
            p.addConstraint(lambda r1, r2, d=c2 - c1: r1 != r2 and abs(r1 - r2) != d, (c1, c2))
    return p

def magic(n):
    p = Problem()
    cells = list(range(n * n))
    p.addVariables(cells, range(1, n * n + 1))
    p.addConstraint(AllDifferentConstraint(), cells)
    total = n * (n * n + 1) // 2
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    lines += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    for line in lines:
        p.addConstraint(ExactSumConstraint(total), line)
    return p

kind, size = sys.argv[2], int(sys.argv[3])
problem = {"money": lambda n: money(), "latin": latin, "queens": queens, "magic": magic}[kind](size)
start = time.perf_counter()
count = sum(1 for _ in problem.getSolutionIter())
print(json.dumps({"count": count, "seconds": time.perf_counter() - start}))
"""

# Runs with OR-tools on its path: builds the queens of the size given, or the sudokus of
# the file given, counts their solutions with its CP solver, prints the count, the
# seconds of the search and its failures (summed over the sudokus).
ORTOOLS = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from ortools.constraint_solver import pywrapcp

def queens(n):
    s = pywrapcp.Solver("queens")
    q = [s.IntVar(1, n, f"q{i}") for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            d = j - i
            s.Add(q[i] != q[j])
            s.Add(q[i] != q[j] + d)
            s.Add(q[i] + d != q[j])
    return s, s.Phase(q, s.CHOOSE_FIRST_UNBOUND, s.ASSIGN_MIN_VALUE)

def sudoku(grid):
    s = pywrapcp.Solver("sudoku")
    x = [s.IntVar(1, 9, f"c{i}") for i in range(81)]
    for i, ch in enumerate(grid):
        if ch in "123456789":
            s.Add(x[i] == int(ch))
    units = [[9 * r + c for c in range(9)] for r in range(9)]
    units += [[9 * r + c for r in range(9)] for c in range(9)]
    units += [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)]
              for b in range(9)]
    for unit in units:
        s.Add(s.AllDifferent([x[i] for i in unit], True))
    return s, s.Phase(x, s.CHOOSE_MIN_SIZE, s.ASSIGN_MIN_VALUE)

def count(solver, phase):
    start = time.perf_counter()
    solver.NewSearch(phase)
    found = 0
    while solver.NextSolution():
        found += 1
    solver.EndSearch()
    return found, time.perf_counter() - start, solver.Failures()

if sys.argv[2] == "queens":
    runs = [count(*queens(int(sys.argv[3])))]
else:
    grids = [l.strip() for l in open(sys.argv[3]) if l.strip() and not l.startswith("#")]
    runs = [count(*sudoku(grid)) for grid in grids]
print(json.dumps({"count": sum(r[0] for r in runs), "seconds": sum(r[1] for r in runs),
                  "failures": sum(r[2] for r in runs)}))
"""


def run(args):
    return subprocess.run(args, capture_output=True, text=True, check=True)


def queens_model(n):
    names = [f"q{i}" for i in range(n)]
    lines = [f"# {n}-queens: q{{c}} is the row of the queen in column c",
             f"var {' '.join(names)} in 1..{n}"]
    for i in range(n):
        for j in range(i + 1, n):
            d = j - i
            lines += [f"q{i} != q{j}", f"q{i} != q{j} + {d}", f"q{i} + {d} != q{j}"]
    return "\n".join(lines) + "\n"


def latin_model(n):
    cells = [[f"c{r}_{c}" for c in range(n)] for r in range(n)]
    lines = [f"var {' '.join(x for row in cells for x in row)} in 1..{n}"]
    lines += [f"{cells[r][c]} = {r + c + 1}" for r in range(n) for c in range(n)
              if r == 0 or c == 0]
    for i in range(n):
        lines.append("alldifferent " + " ".join(cells[i]))
        lines.append("alldifferent " + " ".join(row[i] for row in cells))
    return "\n".join(lines) + "\n"


def magic_model(n):
    cells = [f"m{i}" for i in range(n * n)]
    total = n * (n * n + 1) // 2
    lines = [f"var {' '.join(cells)} in 1..{n * n}", "alldifferent " + " ".join(cells),
             "order domdeg"]
    rows = [[cells[r * n + c] for c in range(n)] for r in range(n)]
    rows += [[cells[r * n + c] for r in range(n)] for c in range(n)]
    rows += [[cells[i * n + i] for i in range(n)], [cells[i * n + n - 1 - i] for i in range(n)]]
    lines += [" + ".join(row) + f" = {total}" for row in rows]
    return "\n".join(lines) + "\n"


def coloring_model(path, k):
    edges, vertices = [], 0
    for line in open(path):
        words = line.split()
        if words[:2] == ["p", "edge"]:
            vertices = int(words[2])
        elif words[:1] == ["e"]:
            edges.append((int(words[1]), int(words[2])))
    lines = [f"var {' '.join(f'v{i}' for i in range(1, vertices + 1))} in 1..{k}",
             "order smallest"]
    lines += [f"v{u} != v{w}" for u, w in edges]
    return "\n".join(lines) + "\n"


def sudoku_model(puzzle):
    cell = lambda r, c: f"r{r}c{c}"
    lines = [f"var {' '.join(cell(r, c) for r in range(9) for c in range(9))} in 1..9",
             "order smallest"]
    for i, ch in enumerate(puzzle):
        if ch in "123456789":
            lines.append(f"{cell(i // 9, i % 9)} = {ch}")
    units = [[(r, c) for c in range(9)] for r in range(9)]
    units += [[(r, c) for r in range(9)] for c in range(9)]
    units += [[(3 * (b // 3) + i // 3, 3 * (b % 3) + i % 3) for i in range(9)] for b in range(9)]
    lines += ["alldifferent domain: " + " ".join(cell(r, c) for r, c in unit) for unit in units]
    return "\n".join(lines) + "\n"


def stats_of(binary, args, field="nodes"):
    """The count, the search's seconds and its nodes (or another field of `--stats`), one
    thread, summed over the `--stats` lines (one a puzzle for a file of sudokus)."""
    out = run([binary] + args + ["--count", "--threads", "1", "--stats", "--format", "json"])
    count = sum(json.loads(l)["count"] for l in out.stdout.splitlines() if '"count"' in l)
    stats = [json.loads(l) for l in out.stderr.splitlines() if l.startswith("{")]
    return count, sum(s["elapsed"] for s in stats), sum(s[field] for s in stats)


def models(binary, paths, field="nodes"):
    """`stats_of` summed over model files."""
    results = [stats_of(binary, ["model", path], field) for path in paths]
    return tuple(sum(r[i] for r in results) for i in range(3))


def alternately(name, runs, theirs, ours, who):
    """Runs `theirs()` and `ours()` in turn `runs` times, each giving a count, seconds and
    one more figure; stops if the counts differ. Returns the count, the two medians of
    the seconds, and the last figures of each."""
    their_times, our_times = [], []
    for _ in range(runs):
        count, seconds, their_figure = theirs()
        their_times.append(seconds)
        our_count, seconds, our_figure = ours()
        if our_count != count:
            sys.exit(f"bench_models: {name}: the model counts {our_count}, {who} {count}")
        our_times.append(seconds)
    return (count, statistics.median(their_times), statistics.median(our_times),
            their_figure, our_figure)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "backtrack"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true",
                        help="leave out python-constraint's magic squares")
    options = parser.parse_args()
    binary = options.bin
    if options.bin == parser.get_default("bin"):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="bench-models-")
    try:
        lib = os.path.join(work, "lib")
        run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "--target", lib, "python-constraint==1.4.0", "ortools==9.15.6755"])
        anchor, ortools = os.path.join(work, "anchor.py"), os.path.join(work, "ortools.py")
        for path, text in [(anchor, ANCHOR), (ortools, ORTOOLS)]:
            with open(path, "w") as f:
                f.write(text)

        def write(name, text):
            path = os.path.join(work, name)
            with open(path, "w") as f:
                f.write(text)
            return path

        puzzles = [
            ("SEND+MORE=MONEY", "money", 0,
             os.path.join(ROOT, "problems", "tests", "fixtures", "send_more_money.model")),
            ("reduced Latin squares 6", "latin", 6, write("latin6.model", latin_model(6))),
            ("queens 10", "queens", 10, write("queens10.model", queens_model(10))),
        ]
        if not options.quick:
            puzzles.append(("magic squares 4", "magic", 4, write("magic4.model", magic_model(4))))
        print(f"python-constraint 1.4.0 against `backtrack model FILE --count --threads 1`, "
              f"alternately, {options.runs} runs each (magic squares: 1), medians.\n")
        print("| puzzle | count | python-constraint s | ours s | ours faster by | nodes | nodes/s |")
        print("|---|---|---|---|---|---|---|")
        for name, kind, size, path in puzzles:
            def anchored():
                result = json.loads(run([sys.executable, anchor, lib, kind, str(size)]).stdout)
                return result["count"], result["seconds"], None
            count, t, o, _, nodes = alternately(
                name, 1 if kind == "magic" else options.runs, anchored,
                lambda: stats_of(binary, ["model", path]), "python-constraint")
            print(f"| {name} | {count} | {t:.3f} | {o:.5f} | {t / o:.0f}x | {nodes} "
                  f"| {nodes / o / 1e6:.2f}M |")
            sys.stdout.flush()

        fixtures = os.path.join(ROOT, "problems", "tests", "fixtures")
        top95 = os.path.join(ROOT, "benches", "sudoku", "top95.sudoku")
        grids = [l.strip() for l in open(top95) if l.strip() and not l.startswith("#")]
        sudoku_files = [write(f"top95-{k}.model", sudoku_model(g)) for k, g in enumerate(grids)]
        q10, q12 = write("q10.model", queens_model(10)), write("q12.model", queens_model(12))
        petersen = os.path.join(fixtures, "petersen.col")
        myciel3 = os.path.join(fixtures, "myciel3.col")
        against = [
            ("queens 10", ["queens", "10", "--symmetry", "none"], [q10]),
            ("queens 12", ["queens", "12", "--symmetry", "none"], [q12]),
            ("Petersen graph, 6 colours", ["coloring", petersen, "--colors", "6"],
             [write("petersen6.model", coloring_model(petersen, 6))]),
            ("Mycielski 3, 5 colours", ["coloring", myciel3, "--colors", "5"],
             [write("myciel3-5.model", coloring_model(myciel3, 5))]),
            ("top95 sudokus (summed)", ["sudoku", top95], sudoku_files),
        ]
        print(f"\nThe model against the hand-written subcommand, one thread, alternately, "
              f"{options.runs} runs each, medians:\n")
        print("| problem | count | subcommand s | its nodes | model s | model nodes "
              "| model nodes/s | model over subcommand |")
        print("|---|---|---|---|---|---|---|---|")
        for name, args, files in against:
            count, h, m, hand_nodes, model_nodes = alternately(
                name, options.runs, lambda: stats_of(binary, args),
                lambda: models(binary, files), "the subcommand")
            print(f"| {name} | {count} | {h:.4f} | {hand_nodes} | {m:.4f} | {model_nodes} "
                  f"| {model_nodes / m / 1e6:.2f}M | {m / h:.1f} |")
            sys.stdout.flush()

        print(f"\nThe model against OR-tools' CP solver, one thread, alternately, "
              f"{options.runs} runs each, medians:\n")
        print("| puzzle | count | OR-tools s | its failures | model s | model dead ends "
              "| OR-tools over model |")
        print("|---|---|---|---|---|---|---|")
        for name, kind, arg, files in [
            ("queens 10", "queens", "10", [q10]),
            ("queens 12", "queens", "12", [q12]),
            ("top95 sudokus (summed)", "sudoku", top95, sudoku_files),
        ]:
            def solved():
                result = json.loads(run([sys.executable, ortools, lib, kind, arg]).stdout)
                return result["count"], result["seconds"], result["failures"]
            count, t, o, failures, dead_ends = alternately(
                name, options.runs, solved, lambda: models(binary, files, "dead_ends"),
                "OR-tools")
            print(f"| {name} | {count} | {t:.4f} | {failures} | {o:.4f} | {dead_ends} "
                  f"| {t / o:.1f} |")
            sys.stdout.flush()
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
