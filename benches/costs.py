#!/usr/bin/env python3
"""Writes the problems with costs that benches/vs_knuth.sh races for
`dance cover --best` against Knuth's DLX5, into benches/data:

  queens12_costs.dlx       12 queens, every option a cost from 0 to 99
                           (small: for the tests)
  queens20_costs.dlx       20 queens, the same
  pentominoes6x10_costs.dlx the 12 pentominoes in a 6x10 box
                           (benches/data/pentominoes6x10.dlx), every
                           option a cost from 0 to 99
  pentominoes5x12_corner.dlx the 12 pentominoes in a 5x12 box
                           (benches/data/pentominoes5x12.dlx), a placement
                           costing (piece number) x (the row + column of its
                           cell nearest the top left corner): the cheapest
                           tiling puts the later pieces near that corner
  pentominoes7x8_costs.dlx a 7x8 box filled by 11 of the 12 pentominoes and
                           a monomino: the cells are primary items, the
                           pieces secondary (each at most once), every
                           placement a cost from 0 to 99
  queens22_costs.dlx       22 queens, every option a cost from 0 to 99
                           (16 queens, a tenth of a second for DLX5, is
                           too quick to time)

The costs come from a 64-bit linear congruential generator with a fixed
seed per file (Knuth's MMIX constants), so every run writes the same files.

  python3 benches/costs.py       # from anywhere; rewrites the six files
"""
import os
import re

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


class Lcg:
    """x <- 6364136223846793005 x + 1442695040888963407 (mod 2^64)."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def queens(n):
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diagonals = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    lines = [" ".join(rows + cols) + " | " + " ".join(diagonals)]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{n - 1 - i + j}")
    return lines


# Conway's pentominoes, as pictures.
PENTOMINOES = {
    "F": [".##", "##.", ".#."],
    "I": ["#####"],
    "L": ["####", "#..."],
    "N": ["###.", "..##"],
    "P": ["###", "##."],
    "T": ["###", ".#.", ".#."],
    "U": ["#.#", "###"],
    "V": ["#..", "#..", "###"],
    "W": ["#..", "##.", ".##"],
    "X": [".#.", "###", ".#."],
    "Y": ["####", ".#.."],
    "Z": ["##.", ".#.", ".##"],
}


def orientations(picture):
    """The piece's distinct rotations and reflections, each its cells
    (row, column) from (0, 0), sorted."""
    cells = [(r, c) for r, row in enumerate(picture) for c, ch in enumerate(row) if ch == "#"]
    shapes = set()
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]
        for shape in (cells, [(r, -c) for r, c in cells]):
            top = min(r for r, _ in shape)
            left = min(c for _, c in shape)
            shapes.add(tuple(sorted((r - top, c - left) for r, c in shape)))
    return sorted(shapes)


def placements(picture, rows, cols):
    """Every placement of a piece in a rows x cols box, each its cells'
    names in row order."""
    found = []
    for shape in orientations(picture):
        height = 1 + max(r for r, _ in shape)
        width = 1 + max(c for _, c in shape)
        for top in range(rows - height + 1):
            for left in range(cols - width + 1):
                found.append(" ".join(f"r{top + r}c{left + c}" for r, c in shape))
    return found


def options_of(path):
    """The items line and the options of a file of benches/data."""
    with open(os.path.join(DATA, path)) as f:
        lines = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("|")]
    return lines[0], lines[1:]


def write(name, comment, items, options):
    with open(os.path.join(DATA, name), "w") as f:
        f.write(f"| {comment}\n{items}\n")
        for option in options:
            f.write(option + "\n")


def main():
    for n in (12, 20, 22):
        rng = Lcg(n)
        items, *options = queens(n)
        write(
            f"queens{n}_costs.dlx",
            f"{n} queens, each option a cost 0-99 (benches/costs.py, seed {n}).",
            items,
            [f"{o} |{rng.below(100)}" for o in options],
        )

    rng = Lcg(610)
    items, options = options_of("pentominoes6x10.dlx")
    write(
        "pentominoes6x10_costs.dlx",
        "The 12 pentominoes in a 6x10 box, each option a cost 0-99 (benches/costs.py, seed 610).",
        items,
        [f"{o} |{rng.below(100)}" for o in options],
    )

    rows, cols = 7, 8
    rng = Lcg(78)
    cells = [f"r{r}c{c}" for r in range(rows) for c in range(cols)]
    options = [
        f"{name} {placed}"
        for name, picture in PENTOMINOES.items()
        for placed in placements(picture, rows, cols)
    ]
    options += [f"mono {cell}" for cell in cells]
    write(
        "pentominoes7x8_costs.dlx",
        "A 7x8 box filled by 11 of the 12 pentominoes and a monomino (the pieces secondary: "
        "each at most once), each placement a cost 0-99 (benches/costs.py, seed 78).",
        " ".join(cells) + " | " + " ".join(list(PENTOMINOES) + ["mono"]),
        [f"{o} |{rng.below(100)}" for o in options],
    )

    items, options = options_of("pentominoes5x12.dlx")
    pieces = items.split()[:12]
    priced = []
    for o in options:
        piece, *cells = o.split()
        nearest = min(int(r) + int(c) for r, c in (re.fullmatch(r"r(\d+)c(\d+)", x).groups() for x in cells))
        priced.append(f"{o} |{(pieces.index(piece) + 1) * nearest}")
    write(
        "pentominoes5x12_corner.dlx",
        "The 12 pentominoes in a 5x12 box, a placement costing (piece number 1-12) x "
        "(row + column of its cell nearest the top left corner) (benches/costs.py).",
        items,
        priced,
    )


if __name__ == "__main__":
    main()
