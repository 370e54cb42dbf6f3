#!/usr/bin/env python3
"""Times `backtrack queens N --count` beside the yardstick C counter and prints the tables
at the head of BENCHMARKS.md (the rest of that file is written by hand).

Usage (from the repository root; needs a C compiler, `cc`):
  scripts/bench_queens.py [--runs R] [N ...]   > tables.md
  scripts/bench_queens.py --speedup [--runs R] [--pause S] [N ...]

N defaults to 12 13 14 15 16 17. The yardstick is the classic recursive bitwise C counter
in scripts/ref_queens.c, built with `cc -O3 -march=native`. For each size and each
configuration below, both programs run alternately R times (default 3) after one
warm-up each, and the median ratio is reported (our time over the C counter's: lower is
better); one more run with --stats gives the nodes searched and the nodes per second.

Configurations, each against the C counter doing the same amount of symmetry:
  halves, 1 thread --count --symmetry halves --threads 1     vs  C with mirror halving
  halves, 2 threads --count --symmetry halves --threads 2    vs  C with mirror halving
  (halves is the default count from n = 13 to 27, full below and with --unique)
  full, 1 thread   --count --symmetry full --threads 1       vs  C with mirror halving
  full, 2 threads  --count --symmetry full --threads 2       vs  C with mirror halving
  mirror, 1 thread --count --symmetry mirror --threads 1     vs  C with mirror halving
  none, 1 thread   --count --symmetry none --threads 1       vs  C, whole tree (--full)

--speedup prints instead how much faster `queens N --count` runs on two threads than on
one (N defaults to 16 17, R to 10 rounds), beside the machine's own ceiling: how much
faster two copies of the C counter (at 15, a second each) finish side by side than one
after the other, which no shared memory, no split and no idle thread limits. Each round
runs one thread, two, two, one (and the C counter alone, in pairs, in pairs, alone), so
that a machine slowing down or speeding up during a round weighs on both sides alike;
the table gives the median of the rounds' ratios, the ratio of the times summed, and our
median over the C counters'. --pause S sleeps S seconds before each timed run: a core
that has idled runs a lone thread faster than one kept busy, which can lower both
speed-ups (on the machine of BENCHMARKS.md, 8 rounds paused 4 s against none: ours at 16
queens 1.82 against 1.97, the C counters' 1.89 against 2.02; other batches differ).
"""
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "target", "release", "backtrack")

CONFIGS = [
    ("halves, 1 thread", ["--symmetry", "halves", "--threads", "1"], []),
    ("halves, 2 threads", ["--symmetry", "halves", "--threads", "2"], []),
    ("full, 1 thread", ["--symmetry", "full", "--threads", "1"], []),
    ("full, 2 threads", ["--symmetry", "full", "--threads", "2"], []),
    ("mirror, 1 thread", ["--symmetry", "mirror", "--threads", "1"], []),
    ("none, 1 thread", ["--symmetry", "none", "--threads", "1"], ["--full"]),
]


def yardstick():
    source = os.path.join(ROOT, "scripts", "ref_queens.c")
    exe = os.path.join(tempfile.gettempdir(), "backtrack-bench-ref-queens")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(source):
        subprocess.run(["cc", "-O3", "-march=native", "-o", exe, source], check=True)
    return exe


def timed(command):
    start = time.perf_counter()
    proc = subprocess.run(command, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True)
    return time.perf_counter() - start, int(re.findall(r"\d+", proc.stdout)[-1])


def ratio(yard, n, runs, flags, yard_flags):
    ours = [BINARY, "queens", str(n), "--count", *flags]
    theirs = [yard, str(n), *yard_flags]
    timed(theirs)
    timed(ours)
    yard_times, our_times, ratios = [], [], []
    for _ in range(runs):
        yard_s, yard_count = timed(theirs)
        ours_s, count = timed(ours)
        if count != yard_count:
            sys.exit(f"bench_queens: the counts disagree for n = {n}: {count} against {yard_count}")
        yard_times.append(yard_s)
        our_times.append(ours_s)
        ratios.append(ours_s / yard_s)
    return statistics.median(yard_times), statistics.median(our_times), statistics.median(ratios)


def speedups(yard, n, runs, pause):
    """Two threads against one at `n`, and two copies of the C counter at 15 against one,
    each over `runs` rounds, `pause` seconds slept before each timed run: (median of the
    rounds' speed-ups, speed-up of the sums), for ours and then for the C counter's."""
    ours = lambda threads: [BINARY, "queens", str(n), "--count", "--threads", str(threads)]

    def timed_after_pause(command):
        time.sleep(pause)
        return timed(command)

    def pair():
        time.sleep(pause)
        start = time.perf_counter()
        copies = [subprocess.Popen([yard, "15"], stdout=subprocess.DEVNULL) for _ in range(2)]
        if any(copy.wait() != 0 for copy in copies):
            sys.exit("bench_queens: the C counter failed")
        return time.perf_counter() - start

    timed(ours(2))
    rounds = []
    for _ in range(runs):
        alone = timed_after_pause([yard, "15"])[0]
        paired = pair() + pair()
        alone += timed_after_pause([yard, "15"])[0]
        (one_a, count), (two_a, count_2) = timed_after_pause(ours(1)), timed_after_pause(ours(2))
        (two_b, _), (one_b, _) = timed_after_pause(ours(2)), timed_after_pause(ours(1))
        if count != count_2:
            sys.exit(f"bench_queens: one thread counts {count} and two {count_2} at n = {n}")
        # `paired` ran the work of four single runs: twice `alone`'s.
        rounds.append((one_a + one_b, two_a + two_b, 2 * alone, paired))
    median = lambda k, j: statistics.median(r[k] / r[j] for r in rounds)
    summed = lambda k, j: sum(r[k] for r in rounds) / sum(r[j] for r in rounds)
    return (median(0, 1), summed(0, 1)), (median(2, 3), summed(2, 3))


def speedup_table(yard, sizes, runs, pause):
    paused = f" --pause {pause:g}" if pause else ""
    print(f"Two threads against one: `scripts/bench_queens.py --speedup --runs {runs}{paused} "
          f"{' '.join(map(str, sizes))}` on {datetime.date.today()}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start.\n")
    print("| n | rounds | `--threads 2` speed-up: median | of the sums | two C counters side by "
          "side: median | of the sums | ours over theirs (medians) |")
    print("|---|---|---|---|---|---|---|")
    for n in sizes:
        (ours, ours_sum), (ceiling, ceiling_sum) = speedups(yard, n, runs, pause)
        print(f"| {n} | {runs} | {ours:.3f} | {ours_sum:.3f} | {ceiling:.3f} | "
              f"{ceiling_sum:.3f} | {ours / ceiling:.3f} |")
        sys.stdout.flush()
    return 0


def stats(n, flags):
    proc = subprocess.run(
        [BINARY, "queens", str(n), "--count", "--stats", "--format", "json", *flags],
        check=True, capture_output=True, text=True,
    )
    count = json.loads(proc.stdout)["count"]
    figures = json.loads(proc.stderr.strip().splitlines()[-1])
    return count, figures["nodes"], figures["nodes_per_sec"]


def main(argv):
    runs = None
    speedup = False
    pause = 0.0
    sizes = []
    args = iter(argv)
    for arg in args:
        if arg == "--runs":
            value = next(args, "")
            if not re.fullmatch(r"[1-9]\d*", value):
                sys.exit(f"bench_queens: --runs needs a number of runs, at least 1, not {value!r}")
            runs = int(value)
        elif arg == "--speedup":
            speedup = True
        elif arg == "--pause":
            value = next(args, "")
            if not re.fullmatch(r"\d+(\.\d+)?", value):
                sys.exit(f"bench_queens: --pause needs a number of seconds, not {value!r}")
            pause = float(value)
        elif re.fullmatch(r"\d+", arg):
            sizes.append(int(arg))
        else:
            print(__doc__)
            return 2
    if speedup:
        sizes = sizes or [16, 17]
        runs = runs or 10
    else:
        sizes = sizes or [12, 13, 14, 15, 16, 17]
        runs = runs or 3
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    yard = yardstick()
    if speedup:
        return speedup_table(yard, sizes, runs, pause)
    load = os.getloadavg()[0]
    print("# Benchmarks: counting N-Queens against the yardstick\n")
    print(f"Made by `scripts/bench_queens.py --runs {runs} {' '.join(map(str, sizes))}` on "
          f"{datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {load:.2f} at the start.\n")
    print("Ratio: our time over the yardstick's (the classic recursive bitwise C counter "
          "in `scripts/ref_queens.c`, `cc -O3 -march=native`), both run alternately in "
          "one run, median of "
          f"{runs}; lower is better. The C counter halves by mirror symmetry, except "
          "against `none`, where it counts the whole tree too. Nodes: the tree we search "
          "(for `full`, the reduced tree; for `halves`, the half boards' searches), from "
          "`--stats`.\n")
    for name, flags, yard_flags in CONFIGS:
        print(f"## {name}: `backtrack queens N --count {' '.join(flags)}`\n")
        print("| n | count | yardstick s | ours s | ratio | nodes | nodes/s |")
        print("|---|---|---|---|---|---|---|")
        for n in sizes:
            yard_s, ours_s, r = ratio(yard, n, runs, flags, yard_flags)
            count, nodes, per_sec = stats(n, flags)
            print(f"| {n} | {count} | {yard_s:.3f} | {ours_s:.3f} | {r:.3f} | {nodes} | "
                  f"{per_sec / 1e6:.0f}M |")
            sys.stdout.flush()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
