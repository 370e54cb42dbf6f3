#!/usr/bin/env python3
"""Times `backtrack exact-cover` beside an anchor, Python's `exact-cover` package (Algorithm
X in a C extension), on the same instances, and beside the hand-tuned `queens` and `sudoku`
subcommands; prints the tables of BENCHMARKS.md's exact cover section.

Usage (from the repository root; needs python3 with venv, and network for pip):
  scripts/bench_exact_cover.py [--bin target/release/backtrack] [--runs R] > tables.md

The anchor is installed into a temporary virtual environment, removed at the end; the
project itself never depends on it. It solves plain exact cover (no secondary items, no
colours): each secondary item is given to it as a primary item with one more option, the
item alone (a slack option), which keeps the count. Both sides search the same file: the
instance as `--generate` writes it, its secondary items turned primary with their slack
options. Ours also searches the instance as written (with secondary items), its own tree.

Instances: the 6x10 pentomino count, N-Queens 12 and 14 counts, the 95 hard puzzles of
benches/sudoku/top95.sudoku and the 1,000 of benches/sudoku/hard1000.sudoku (made by
scripts/hard_sudokus.rs), each puzzle counted (one solution each). Times: the anchor's is
its `get_solution_count` call, the matrix already built; ours is the search's `elapsed` of
`--stats` (the file read and parsed before it), one thread. For the sudokus, the sums over
the puzzles. Each side runs R times (default 3), alternately; the medians are reported.
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

# Runs inside the anchor's venv: reads problem files, counts each, prints the count and
# the seconds of the counts.
ANCHOR = r"""
import json, sys, time
import numpy as np
import exact_cover

def matrix(path):
    lines = [l.split() for l in open(path) if l.strip() and not l.lstrip().startswith('|')]
    items = lines[0]
    index = {name: i for i, name in enumerate(items)}
    m = np.zeros((len(lines) - 1, len(items)), dtype=np.int32)
    for row, option in enumerate(lines[1:]):
        m[row, [index[token] for token in option]] = 1
    return m

matrices = [matrix(path) for path in sys.argv[1:]]
count, seconds = 0, 0.0
for m in matrices:
    start = time.perf_counter()
    count += int(exact_cover.get_solution_count(m))
    seconds += time.perf_counter() - start
print(json.dumps({"count": count, "seconds": seconds}))
"""


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, check=True)


def plain(text):
    """The problem `text` as plain exact cover: every item primary, a slack option for
    each secondary one; colours dropped (the families timed here have none)."""
    lines = [l for l in text.splitlines() if l.strip() and not l.lstrip().startswith("|")]
    names = lines[0].split()
    if "|" not in names:
        return text
    bar = names.index("|")
    secondary = names[bar + 1:]
    out = [" ".join(names[:bar] + secondary)] + lines[1:] + secondary
    return "\n".join(out) + "\n"


def ours(binary, paths):
    """Our count of the problem files and the seconds of their searches, one thread."""
    count, seconds, nodes = 0, 0.0, 0
    for path in paths:
        out = run([binary, "exact-cover", path, "--count", "--threads", "1", "--stats",
                   "--format", "json"])
        count += json.loads(out.stdout.splitlines()[0])["count"]
        stats = json.loads(out.stderr.splitlines()[0])
        seconds += stats["elapsed"]
        nodes += stats["nodes"]
    return count, seconds, nodes


def subcommand(binary, args):
    """The count and seconds of a hand-tuned subcommand's search, one thread."""
    out = run([binary] + args + ["--count", "--threads", "1", "--stats", "--format", "json"])
    stats = json.loads(out.stderr.splitlines()[0])
    return json.loads(out.stdout.splitlines()[0])["count"], stats["elapsed"], stats["nodes"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "backtrack"))
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    binary = options.bin
    work = tempfile.mkdtemp(prefix="bench-exact-cover-")
    try:
        venv = os.path.join(work, "venv")
        run([sys.executable, "-m", "venv", venv])
        python = os.path.join(venv, "bin", "python")
        run([python, "-m", "pip", "install", "--quiet", "exact-cover"])
        shown = run([python, "-m", "pip", "show", "exact-cover"]).stdout.splitlines()
        version = next(l for l in shown if l.startswith("Version: "))[len("Version: "):]
        anchor = os.path.join(work, "anchor.py")
        with open(anchor, "w") as f:
            f.write(ANCHOR)

        def write(name, text):
            path = os.path.join(work, name)
            with open(path, "w") as f:
                f.write(text)
            return path

        instances = []
        for name, family in [("pentominoes", ["pentominoes"]),
                             ("queens 12", ["queens", "12"]),
                             ("queens 14", ["queens", "14"])]:
            text = run([binary, "exact-cover", "--generate"] + family).stdout
            slug = name.replace(" ", "-")
            instances.append((name, [write(slug + ".xcc", text)],
                              [write(slug + ".plain.xcc", plain(text))]))
        sudoku_sets = {}
        for set_name in ["top95", "hard1000"]:
            source = os.path.join(ROOT, "benches", "sudoku", set_name + ".sudoku")
            puzzles = [l.strip() for l in open(source) if l.strip() and not l.startswith("#")]
            files = []
            for k, puzzle in enumerate(puzzles):
                grid = write(f"{set_name}-{k}.sudoku", puzzle + "\n")
                text = run([binary, "exact-cover", "--generate", "sudoku", grid]).stdout
                files.append(write(f"{set_name}-{k}.xcc", text))
            sudoku_sets[set_name] = (source, files)
            instances.append((f"{set_name} ({len(puzzles)} sudokus)", files, files))

        print(f"Anchor: Python's exact-cover package {version.strip()}, "
              f"{options.runs} runs each, medians; one thread.\n")
        print("| instance | count | anchor s | ours s (same file) | ratio | nodes | nodes/s "
              "| ours s (secondary items) | nodes |")
        print("|---|---|---|---|---|---|---|---|---|")
        for name, xcc, plain_files in instances:
            theirs, same, own = [], [], []
            for _ in range(options.runs):
                result = json.loads(run([python, anchor] + plain_files).stdout)
                theirs.append(result["seconds"])
                count, seconds, nodes = ours(binary, plain_files)
                assert count == result["count"], (name, count, result)
                same.append(seconds)
                own_count, own_seconds, own_nodes = ours(binary, xcc)
                assert own_count == count, (name, own_count, count)
                own.append(own_seconds)
            t, s, o = (statistics.median(x) for x in (theirs, same, own))
            print(f"| {name} | {count} | {t:.3f} | {s:.3f} | {s / t:.3f} | {nodes} "
                  f"| {nodes / s / 1e6:.1f}M | {o:.3f} | {own_nodes} |")

        print("\nThe hand-tuned subcommands on the same problems, one thread, medians:\n")
        print("| problem | exact-cover s | nodes | subcommand | its s | its nodes |")
        print("|---|---|---|---|---|---|")
        queens = [(n, [i for i in instances if i[0] == f"queens {n}"][0][1]) for n in (12, 14)]
        for n, xcc in queens:
            mine = [ours(binary, xcc) for _ in range(options.runs)]
            tuned = [subcommand(binary, ["queens", str(n), "--symmetry", "none"])
                     for _ in range(options.runs)]
            print(f"| queens {n} | {statistics.median(m[1] for m in mine):.3f} | {mine[0][2]} "
                  f"| `queens {n} --symmetry none` | {statistics.median(t[1] for t in tuned):.3f} "
                  f"| {tuned[0][2]} |")
        for set_name, (source, files) in sudoku_sets.items():
            mine = [ours(binary, files) for _ in range(options.runs)]
            tuned = []
            for _ in range(options.runs):
                out = run([binary, "sudoku", source, "--count", "--threads", "1", "--stats",
                           "--format", "json"])
                stats = [json.loads(l) for l in out.stderr.splitlines() if l.startswith("{")]
                tuned.append((sum(s.get("elapsed", 0) for s in stats),
                              sum(s.get("nodes", 0) for s in stats)))
            print(f"| {set_name} | {statistics.median(m[1] for m in mine):.3f} | {mine[0][2]} "
                  f"| `sudoku {set_name}.sudoku` | {statistics.median(t[0] for t in tuned):.3f} "
                  f"| {tuned[0][1]} |")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
