"""The measurements of benches/python_dask.sh (which builds the batch file
and the command line's count, and runs this with them): one Dask worker
against two, and Dask against in-process dance.solve.

Worker processes are started by spawning, which imports this file again:
the run is under `if __name__ == "__main__"`.
"""

import logging
import multiprocessing
import statistics
import sys
import time

import distributed

import dance
import dance.dask

BLOCK = 8 << 20


def solved_count(pairs):
    """One partition's answers, checked: how many puzzles were solved."""
    statuses = [status for _, status in pairs]
    assert all(status == "solved" for status in statuses), "a puzzle was not solved"
    return [len(statuses)]


def cpu_of(client):
    """CPU seconds of this process and of the client's workers so far."""
    return time.process_time() + sum(client.run(time.process_time).values())


def timed(work, client=None):
    cpu, wall = (cpu_of(client) if client else time.process_time()), time.perf_counter()
    answer = work()
    wall = time.perf_counter() - wall
    cpu = (cpu_of(client) if client else time.process_time()) - cpu
    return answer, wall, cpu


def in_process(batch):
    """dance.solve on the batch's blocks of lines, one thread."""
    solved = 0
    with open(batch) as file:
        while block := file.readlines(BLOCK):
            solutions, status = dance.solve([line.rstrip("\n") for line in block], threads=1)
            solved += solved_count(zip(solutions, status))[0]
    return solved


def copy_in_process(batch):
    """`in_process` in a process of the copies' pool: (solved, its CPU)."""
    cpu = time.process_time()
    solved = in_process(batch)
    return solved, time.process_time() - cpu


def dask_batch(client, batch):
    """dance.dask.solve on the batch as a bag of lines; the count solved."""
    bag = dance.dask.solve(dance.dask.read_lines(batch, blocksize=BLOCK))
    return sum(client.compute(bag.map_partitions(solved_count)).result())


def dask_count(client, cover, parts):
    """dance.dask.count of `cover` in at least `parts` parts."""
    count = dance.dask.count(cover, parts=parts, scheduler=client)
    assert count.exact
    return int(count)


def main():
    batch, cover_path, parts, rounds, expected = sys.argv[1:6]
    parts, rounds, expected = int(parts), int(rounds), int(expected)
    # The scheduler runs in this process: its notices of workers closing
    # are not results.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    cover = dance.ExactCover.parse(open(cover_path).read())
    puzzles = sum(1 for _ in open(batch))
    print(f"batch: {puzzles} puzzles ({batch}), partitions of {BLOCK >> 20} MiB")
    print(f"count: {cover_path} split into at least {parts} parts, {expected} solutions")
    print(f"dance {dance.__version__}, distributed {distributed.__version__}, {rounds} rounds")

    clusters = {
        workers: distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        for workers in (1, 2)
    }
    clients = {workers: distributed.Client(cluster) for workers, cluster in clusters.items()}

    # What the machine itself allows two processes: two copies of the
    # in-process run at once, each on the whole batch.
    copies = multiprocessing.get_context("spawn").Pool(2)

    def two_copies():
        (one, cpu_one), (two, cpu_two) = copies.map(copy_in_process, [batch, batch])
        return one if one == two else None, cpu_one + cpu_two

    # Warm up: every worker imports dance and reads its first puzzles.
    for client in clients.values():
        client.run(lambda: dance.solve(["." * 81], threads=1))
    copies.map(dance.solve, [["." * 81]] * 2)

    jobs = [
        ("batch in process", lambda: in_process(batch), None),
        ("batch 2 copies", two_copies, None),
        ("batch 1 worker", lambda: dask_batch(clients[1], batch), clients[1]),
        ("batch 2 workers", lambda: dask_batch(clients[2], batch), clients[2]),
        ("count 1 worker", lambda: dask_count(clients[1], cover, parts), clients[1]),
        ("count 2 workers", lambda: dask_count(clients[2], cover, parts), clients[2]),
    ]
    runs = {name: [] for name, _, _ in jobs}
    for round_ in range(rounds):
        for name, work, client in jobs:
            answer, wall, cpu = timed(work, client)
            if name == "batch 2 copies":
                # The copies' CPU, not this process's (which waits).
                answer, cpu = answer
            assert answer == (expected if name.startswith("count") else puzzles), (name, answer)
            runs[name].append((wall, cpu))
            print(f"  round {round_ + 1} {name:<17} wall {wall:8.3f} s  cpu {cpu:8.3f} s", flush=True)

    medians = {
        name: (statistics.median(w for w, _ in times), statistics.median(c for _, c in times))
        for name, times in runs.items()
    }
    print()
    for name, (wall, cpu) in medians.items():
        print(f"{name:<17} wall median {wall:8.3f} s  cpu median {cpu:8.3f} s")
    for what in ("batch", "count"):
        one, two = medians[f"{what} 1 worker"], medians[f"{what} 2 workers"]
        print(
            f"{what}: 2 workers / 1 worker speedup (wall) {one[0] / two[0]:.2f}x,"
            f" cpu ratio {two[1] / one[1]:.2f}x"
        )
    ceiling = 2 * medians["batch in process"][0] / medians["batch 2 copies"][0]
    speedup = medians["batch 1 worker"][0] / medians["batch 2 workers"][0]
    print(
        f"batch: the machine's ceiling for two processes (2 x in process / 2 copies, wall)"
        f" {ceiling:.2f}x; two workers reach {speedup / ceiling:.0%} of it"
    )
    base, dask1 = medians["batch in process"], medians["batch 1 worker"]
    print(
        f"batch: Dask (1 worker) / in process: cpu {dask1[1] / base[1]:.3f}x,"
        f" wall {dask1[0] / base[0]:.3f}x"
    )

    copies.close()
    for client in clients.values():
        client.close()
    for cluster in clusters.values():
        cluster.close()


if __name__ == "__main__":
    main()
