"""The Python package against Python peers from the package registry.

Two roles, chosen by the first argument:

  python_peers.py run SOLVER TASK
      Builds TASK for SOLVER and solves it in this process; prints one JSON
      line: the answer (a count, or a digest of the solutions) and the CPU
      time (time.process_time) of building and solving, imports excluded
      (xcover's numba functions compile, or load from numba's cache, when
      imported).

  python_peers.py race ROUNDS DANCE_PYTHON PEERS_PYTHON PEER...
      Races each named peer against dance on the tasks both can run: every
      run is a fresh process of `run`, dance and the peer alternate, the
      answers must be equal; prints every run, then a Markdown table of
      median CPU times and the ratio peer / dance (above 1: dance faster).

Tasks: 12 queens (count all), pentominoes 6x10 (count all, from
benches/data/pentominoes6x10.dlx), and the first 1,000 puzzles of
benches/data/top1465.txt (first solution each; the first 100 for
py-sudoku), which dance solves twice: with its default engine ("fast": its
own deductions and search tree, not Dancing Links) and with engine="dlx".
dance runs on one thread.
"""

import hashlib
import json
import os
import statistics
import subprocess
import sys
import time

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
SUDOKU_PUZZLES = 1000

# py-sudoku (plain Python backtracking) takes about a second per ten hard
# puzzles: it gets the first hundred.
FEW_PUZZLES = 100

TASKS = {
    "queens12": "12 queens, count all",
    "pentominoes6x10": "pentominoes 6×10, count all",
    "top1465": f"first {SUDOKU_PUZZLES:,} of top1465, first solution",
    "top1465-dlx": f"first {SUDOKU_PUZZLES:,} of top1465, first solution",
    "top1465-few": f"first {FEW_PUZZLES:,} of top1465, first solution",
    "top1465-few-dlx": f"first {FEW_PUZZLES:,} of top1465, first solution",
}

# Which dance call each peer is raced against, per task.
PEER_TASKS = {
    "xcover": ("queens12", "pentominoes6x10"),
    "exact-cover": ("queens12", "pentominoes6x10"),
    "rustoku": ("top1465", "top1465-dlx"),
    "lib-sudoku": ("top1465", "top1465-dlx"),
    "py-sudoku": ("top1465-few", "top1465-few-dlx"),
}
DANCE_LABEL = {
    "queens12": "`ExactCover.count(threads=1)`",
    "pentominoes6x10": "`ExactCover.count(threads=1)`",
    "top1465": '`dance.solve(threads=1)` (engine `"fast"`, the default)',
    "top1465-dlx": '`dance.solve(threads=1, engine="dlx")` (Dancing Links)',
    "top1465-few": '`dance.solve(threads=1)` (engine `"fast"`, the default)',
    "top1465-few-dlx": '`dance.solve(threads=1, engine="dlx")` (Dancing Links)',
}


def queens(n):
    """n queens as dlx/src/problems.rs builds them: rows and columns primary,
    both kinds of diagonals secondary, one option per square."""
    diagonals = 2 * n - 1
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{k}" for k in range(diagonals)] + [f"b{k}" for k in range(diagonals)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i + n - 1 - j}"] for i in range(n) for j in range(n)
    ]
    return primary, secondary, options


def read_dlx(path):
    """(primary, secondary, options) of a file in Knuth's text format without
    colors or bounds; `|` lines are comments."""
    with open(path) as file:
        lines = [line.split() for line in file if line.strip() and not line.startswith("|")]
    header, options = lines[0], lines[1:]
    bar = header.index("|") if "|" in header else len(header)
    return header[:bar], header[bar + 1 :], options


def cover(task):
    if task == "queens12":
        return queens(12)
    return read_dlx(os.path.join(DATA, f"{task}.dlx"))


def sudoku_puzzles(task):
    count = FEW_PUZZLES if task.startswith("top1465-few") else SUDOKU_PUZZLES
    with open(os.path.join(DATA, "top1465.txt")) as file:
        return [line.strip() for line in file if line.strip()][:count]


def cells(puzzle):
    """A line-format puzzle's 81 cells as ints, 0 for a blank."""
    return [0 if c in ".0" else int(c) for c in puzzle]


def digest(solutions):
    """A digest of the solutions' digits, in order, that every solver's
    answer is compared by."""
    return hashlib.sha256("\n".join(solutions).encode()).hexdigest()[:16]


def run_dance(task):
    import dance

    if task.startswith("top1465"):
        engine = "dlx" if task.endswith("-dlx") else "fast"
        puzzles = sudoku_puzzles(task)
        start = time.process_time()
        solutions, status = dance.solve(puzzles, mode="first", threads=1, engine=engine)
        cpu = time.process_time() - start
        assert set(status) == {"solved"}, set(status)
        return digest(solutions), cpu
    primary, secondary, options = cover(task)
    start = time.process_time()
    count = dance.ExactCover(primary, options, secondary=secondary).count(threads=1)
    return int(count), time.process_time() - start


def run_xcover(task):
    import xcover

    primary, secondary, options = cover(task)
    start = time.process_time()
    count = sum(1 for _ in xcover.covers(options, primary=primary, secondary=secondary))
    return count, time.process_time() - start


def run_exact_cover(task):
    """exact-cover takes a dense 0/1 matrix of primary items only: each
    secondary item gets an option of its own (a slack row), which covers it
    exactly when no other option does, so the count is unchanged."""
    import exact_cover
    import numpy as np

    primary, secondary, options = cover(task)
    start = time.process_time()
    column = {item: index for index, item in enumerate(primary + secondary)}
    rows = options + [[item] for item in secondary]
    matrix = np.zeros((len(rows), len(column)), dtype=bool)
    for row, option in enumerate(rows):
        matrix[row, [column[item] for item in option]] = True
    count = exact_cover.get_solution_count(matrix)
    return int(count), time.process_time() - start


def run_rustoku(task):
    import rustoku

    puzzles = sudoku_puzzles(task)
    start = time.process_time()
    solutions = [rustoku.solve(puzzle) for puzzle in puzzles]
    return digest(solutions), time.process_time() - start


def run_lib_sudoku(task):
    """lib-sudoku (Rust) solves one puzzle of 81 ints at a time and answers
    its 81 digits as bytes."""
    import lib_sudoku

    puzzles = sudoku_puzzles(task)
    start = time.process_time()
    solved = [lib_sudoku.solve(cells(puzzle)) for puzzle in puzzles]
    solutions = ["".join(str(digit) for digit in grid) for grid in solved]
    return digest(solutions), time.process_time() - start


def run_py_sudoku(task):
    """py-sudoku (plain Python) takes a board of rows, 0 for a blank."""
    from sudoku import Sudoku

    puzzles = sudoku_puzzles(task)
    start = time.process_time()
    solutions = []
    for puzzle in puzzles:
        values = cells(puzzle)
        board = [values[row * 9 : row * 9 + 9] for row in range(9)]
        solved = Sudoku(3, 3, board=board).solve()
        solutions.append("".join(str(digit) for row in solved.board for digit in row))
    return digest(solutions), time.process_time() - start


RUNNERS = {
    "dance": run_dance,
    "xcover": run_xcover,
    "exact-cover": run_exact_cover,
    "rustoku": run_rustoku,
    "lib-sudoku": run_lib_sudoku,
    "py-sudoku": run_py_sudoku,
}


def run(solver, task):
    answer, cpu = RUNNERS[solver](task)
    print(json.dumps({"answer": answer, "cpu": cpu}))


def measure(python, solver, task):
    output = subprocess.run(
        [python, os.path.abspath(__file__), "run", solver, task],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result = json.loads(output)
    return result["answer"], result["cpu"]


def race(rounds, dance_python, peers_python, peers):
    rows = []
    for peer in peers:
        for task in PEER_TASKS[peer]:
            times = {"dance": [], peer: []}
            answers = set()
            for _ in range(rounds):
                for solver, python in (("dance", dance_python), (peer, peers_python)):
                    answer, cpu = measure(python, solver, task)
                    answers.add(answer)
                    times[solver].append(cpu)
            if len(answers) != 1:
                sys.exit(f"{peer} and dance disagree on {TASKS[task]}: {sorted(map(str, answers))}")
            dance_cpu = statistics.median(times["dance"])
            peer_cpu = statistics.median(times[peer])
            for solver, runs in times.items():
                shown = " ".join(f"{t:.3f}" for t in runs)
                print(f"{TASKS[task]:<40} {solver:<12} cpu runs (s): {shown}")
            rows.append((peer, task, answers.pop(), peer_cpu, dance_cpu))
    print()
    print(f"Medians of {rounds} alternating rounds, CPU time (s) of building and solving:")
    print()
    print("| peer | task | answer | peer CPU (s) | dance call | dance CPU (s) | peer ÷ dance |")
    print("|---|---|---|---:|---|---:|---:|")
    for peer, task, answer, peer_cpu, dance_cpu in rows:
        shown = f"{answer:,}" if isinstance(answer, int) else "same solutions"
        print(
            f"| `{peer}` | {TASKS[task]} | {shown} | {peer_cpu:.3f} | {DANCE_LABEL[task]}"
            f" | {dance_cpu:.3f} | {peer_cpu / dance_cpu:.1f}× |"
        )


def main(argv):
    if len(argv) == 3 and argv[0] == "run" and argv[1] in RUNNERS and argv[2] in TASKS:
        run(argv[1], argv[2])
    elif len(argv) >= 4 and argv[0] == "race" and all(peer in PEER_TASKS for peer in argv[4:]):
        race(int(argv[1]), argv[2], argv[3], argv[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
