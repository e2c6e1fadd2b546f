"""Ctrl-C stops every long call within a second, raising KeyboardInterrupt:
batches, generation, rating, and every exact-cover search (`count` on one
thread and on several, `count_memo`, `zdd`, `sample`, `first`, waiting for the next of
`solutions`)."""

import os
import signal
import subprocess
import sys

import pytest

# Each call runs in a child process, which a thread of its own interrupts
# half a second in; the child prints how long the call took to stop.
SCRIPT = """
import os, signal, sys, threading, time
import numpy as np
import dance

def queens(n):
    rows = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [f"r{i} c{j} a{i + j} b{i - j + n - 1}" for i in range(n) for j in range(n)]
    return dance.ExactCover(rows, options, secondary=diagonals)

def langford(n):
    # No Langford pairing exists for n = 14: the search ends only after a
    # minute, without a solution.
    items = [str(k) for k in range(1, n + 1)] + [f"s{s}" for s in range(2 * n)]
    options = [f"{k} s{s} s{s + k + 1}" for k in range(1, n + 1) for s in range(2 * n - k - 1)]
    return dance.ExactCover(items, options)

def wide():
    # 50,000 items and 300,000 random options of three: every node scans
    # tens of thousands of items, and the search never ends by itself.
    import random
    rng = random.Random(1)
    items = [f"i{k}" for k in range(50_000)]
    options = [" ".join(f"i{k}" for k in rng.sample(range(50_000), 3)) for _ in range(300_000)]
    return dance.ExactCover(items, options)

TOP95 = open(sys.argv[1]).read().split()
# Built before the interrupting thread starts, for the calls that use it.
WIDE = wide() if "WIDE" in CALL_TEXT else None
sent = None

def interrupt():
    global sent
    time.sleep(0.5)
    sent = time.monotonic()
    os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=interrupt, daemon=True).start()
try:
    CALL
    print("finished")
except KeyboardInterrupt:
    print(f"interrupted {time.monotonic() - sent:.3f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
@pytest.mark.parametrize(
    "call",
    [
        # The exact call of the issue, which only SIGKILL stopped.
        'dance.solve(["." * 81] * 2, mode="count")',
        'dance.solve(["." * 81] * 2, mode="count", threads=1)',
        # Reading millions of puzzles takes seconds before any search
        # starts: strings (converted, then parsed) and an array's rows.
        "dance.solve(TOP95 * 40000)",
        "dance.solve(TOP95 * 40000, format='line', threads=1)",
        "dance.solve(np.zeros((4_000_000, 81), np.uint8), threads=1)",
        "dance.generate(10**7)",
        # One 25x25 puzzle takes seconds to make: the generator's stop ends it.
        "dance.generate(4, size=25)",
        "dance.rate(TOP95 * 1000)",
        "queens(20).count()",
        "queens(20).count(threads=2)",
        "queens(20).count(threads=1)",
        # It ran to the end before raising.
        "queens(20).count_memo()",
        # Building the ZDD of every solution: the memo's search, stopped.
        "queens(20).zdd()",
        "queens(20).sample(1)",
        "langford(14).first()",
        "next(iter(langford(14)))",
        "next(langford(14).solutions(names=True))",
        # A wide problem: slices of the search bounded by work, not nodes
        # (65,536 nodes were seconds here).
        "next(WIDE.solutions())",
        "WIDE.count()",
    ],
)
def test_ctrl_c_stops_the_call_within_a_second(call):
    from conftest import BENCH_DATA

    child = subprocess.run(
        [
            sys.executable,
            "-c",
            SCRIPT.replace("CALL_TEXT", repr(call)).replace("CALL", call),
            str(BENCH_DATA / "top95.txt"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ),
    )
    assert child.returncode == 0, child.stderr
    word, seconds = child.stdout.split()
    assert word == "interrupted"
    assert float(seconds) < 1.0, f"{call} took {seconds} s to stop"
