"""One contract through Python: a limit, a deadline and a raised stop give
the same statuses and counts on one thread and several, as the library and
the command line give them (`count` runs the library's search on threads)."""

import os
import signal
import subprocess
import sys

import dance


def queens(n):
    rows = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [f"r{i} c{j} a{i + j} b{i - j + n - 1}" for i in range(n) for j in range(n)]
    return dance.ExactCover(rows, options, secondary=diagonals)


def dominoes(rows, cols):
    cells = [f"{r},{c}" for r in range(rows) for c in range(cols)]
    options = [f"{r},{c} {r},{c + 1}" for r in range(rows) for c in range(cols - 1)]
    options += [f"{r},{c} {r + 1},{c}" for r in range(rows - 1) for c in range(cols)]
    return dance.ExactCover(cells, options)


def test_limits_answer_alike_on_every_thread_count():
    problem = queens(10)
    for threads in [1, 2, 4]:
        for limit, value, exact in [(1, 1, False), (100, 100, False), (723, 723, False),
                                    (724, 724, True), (5000, 724, True), (None, 724, True)]:
            count = problem.count(limit, threads=threads)
            assert (int(count), count.exact, count.timed_out) == (value, exact, False), (
                limit, threads)
            assert str(count) == f"{value}{'' if exact else '+'}"


def test_a_deadline_answers_a_lower_bound_on_every_thread_count():
    # The 18 queens take minutes: a 0.2 s timeout stops them.
    problem = queens(18)
    for threads in [1, 2, 4]:
        for limit in [None, 100_000_000]:
            count = problem.count(limit, threads=threads, timeout=0.2)
            assert (count.exact, count.timed_out) == (False, True), (limit, threads)
            assert str(count) == f"{int(count)}+"
    memo = dominoes(30, 30).count_memo(memory_mb=1, timeout=0.2)
    assert (memo.exact, memo.timed_out) == (False, True)


# A raised stop: Ctrl-C (the stop's flag) half a second into a count that
# runs for minutes, in a child process; it prints what the count raised.
SCRIPT = """
import os, signal, sys, threading, time
import dance

def queens(n):
    rows = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [f"r{i} c{j} a{i + j} b{i - j + n - 1}" for i in range(n) for j in range(n)]
    return dance.ExactCover(rows, options, secondary=diagonals)

problem = queens(18)
def interrupt():
    time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=interrupt, daemon=True).start()
try:
    problem.count(threads=int(sys.argv[1]))
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
"""


def test_a_raised_stop_ends_the_count_on_every_thread_count():
    for threads in [1, 2, 4]:
        done = subprocess.run([sys.executable, "-c", SCRIPT, str(threads)],
                              capture_output=True, text=True, timeout=120)
        assert done.stdout.strip() == "interrupted", (threads, done.stderr)
