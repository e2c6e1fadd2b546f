//! The naive depth-first search every faster solver is measured against.
//!
//! This is the textbook backtracking of POJ 2676 solutions: visit the empty
//! cells left to right, top to bottom, try the digits in increasing order,
//! and keep one "used" bitmask per row, column and region (and diagonal,
//! window and disjoint group for those variants) so a digit is legal when
//! no mask holds it. The pair rules of a [`Variant`] are checked against the
//! neighbours already filled: a knight's or king's move away the same digit
//! is not legal, side by side (non-consecutive) neither are the digits one
//! above and one below. There is no candidate ordering, no
//! most-constrained-cell choice and no propagation: it is deliberately the
//! baseline, and it handles every [`Shape`] and [`Variant`] the crate
//! supports, in every combination, jigsaw included — which makes it the
//! reference the exact-cover solvers are tested against. A pencilmark
//! puzzle's cells only try their candidates.
//!
//! Its [`Stats`] count a *node* for every digit placed (a legal digit
//! written into a cell) and a *guess* for every placement into a cell that
//! had more than one legal digit when the search reached it.

use std::ops::ControlFlow;

use dance_dlx::{Goal, Tally};

use crate::cover::{KING_MOVES, KNIGHT_MOVES, ORTHOGONAL_MOVES, step};
use crate::values::Values;
use crate::{Answer, Digit, Engine, Grid, Puzzle, Request, Shape, Stats, Variant};

/// Answers `request` with the naive search — what
/// [`Solver::run`](crate::Solver::run) does for [`EngineChoice::Dfs`](crate::EngineChoice::Dfs),
/// whatever engine the request names: the same statuses and counts as the
/// exact-cover engines, by the same rules. The stop is looked at every
/// [`Tally::NODES_PER_LOOK`] nodes and at every solution.
///
/// ```
/// use dance_sudoku::{Goal, Request, Status, dfs};
///
/// let puzzle: dance_sudoku::Puzzle = "1...........4...".parse()?;
/// let answer = dfs::run(&puzzle, &Request::new(Goal::Count { limit: 1000 }));
/// assert_eq!((answer.status, answer.count.to_string()), (Status::Multiple, "24".to_owned()));
/// assert!(answer.stats.nodes > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(puzzle: &Puzzle, request: &Request) -> Answer {
    let mut tally = Tally::new(request);
    if tally.checkpoint().is_break() {
        return tally.answer(None, Stats::default(), Engine::Dfs);
    }
    let keep = request.goal.keeps_solution();
    let mut kept = None;
    let stats = search(&mut tally, puzzle, |board, tally| {
        if keep && tally.wants_next() {
            kept = Some(board.grid());
        }
        // The stop is looked at every solution too.
        if tally.solution().is_break() {
            return ControlFlow::Break(());
        }
        tally.checkpoint()
    });
    tally.answer(kept, stats, Engine::Dfs)
}

/// The first solution in search order, or `None` when there is none: the
/// solution of [`run`] with [`Goal::First`].
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    run(puzzle, &Request::new(Goal::First)).solution
}

/// The mask index of a cell outside every window or group.
const OUTSIDE: u8 = u8::MAX;

/// The value of a cell not filled yet.
const EMPTY: u8 = u8::MAX;

/// Where a cell sits: the indices of its row, column and region masks,
/// whether it is on a diagonal that X-Sudoku constrains, its window and
/// group masks ([`OUTSIDE`] when none), and the ranges of
/// [`Board::apart`] and [`Board::beside`] that hold its neighbours under
/// the pair rules.
///
/// Small fields (sizes are at most 25, a cell has at most eight
/// neighbours under the pair rules): the search copies a `Place` at every
/// node, as the textbook solver copies its row, column and box numbers.
#[derive(Clone, Copy)]
struct Place {
    row: u8,
    col: u8,
    region: u8,
    diagonal: bool,
    anti_diagonal: bool,
    window: u8,
    group: u8,
    apart: (u16, u16),
    beside: (u16, u16),
    /// The cell's candidates (every digit unless the puzzle is pencilmark).
    allowed: u32,
}

/// The search state: one "used digits" bitmask per unit and the digit
/// (0-based, [`EMPTY`] when not filled) written in every cell.
///
/// Every `Place` index comes from the shape (rows, columns, regions and
/// groups are all below N, windows below the window count) and every cell
/// index is below N², so the direct indexing below cannot go out of bounds
/// whatever the puzzle holds.
struct Board<'a> {
    shape: &'a Shape,
    rows: Vec<u32>,
    cols: Vec<u32>,
    regions: Vec<u32>,
    diagonal: u32,
    anti_diagonal: u32,
    windows: Vec<u32>,
    groups: Vec<u32>,
    /// The cells that may not hold the same digit as a cell (anti-knight,
    /// anti-king), each cell's in the range of its `Place`.
    apart: Vec<u16>,
    /// The cells that may not hold a digit next to a cell's
    /// (non-consecutive), each cell's in the range of its `Place`.
    beside: Vec<u16>,
    values: Vec<u8>,
}

impl Board<'_> {
    /// The digits `place` may not take. `RULES` is whether the shape has
    /// any rule beyond rows, columns, regions and diagonals: without them
    /// (the classic puzzles) the test is the textbook one and costs no more.
    #[inline(always)]
    fn used<const RULES: bool>(&self, place: Place) -> u32 {
        let mut used = self.rows[usize::from(place.row)]
            | self.cols[usize::from(place.col)]
            | self.regions[usize::from(place.region)]
            | !place.allowed;
        if place.diagonal {
            used |= self.diagonal;
        }
        if place.anti_diagonal {
            used |= self.anti_diagonal;
        }
        if !RULES {
            return used;
        }
        if place.window != OUTSIDE {
            used |= self.windows[usize::from(place.window)];
        }
        if place.group != OUTSIDE {
            used |= self.groups[usize::from(place.group)];
        }
        let (start, end) = (usize::from(place.apart.0), usize::from(place.apart.1));
        for &other in &self.apart[start..end] {
            let value = self.values[usize::from(other)];
            if value != EMPTY {
                used |= 1 << value;
            }
        }
        let (start, end) = (usize::from(place.beside.0), usize::from(place.beside.1));
        for &other in &self.beside[start..end] {
            let value = self.values[usize::from(other)];
            if value != EMPTY {
                // Bit N, when the neighbour holds N−1, is masked off by
                // the caller's `full`.
                used |= (2 << value) | ((1 << value) >> 1);
            }
        }
        used
    }

    /// Flips `bit` in every mask of `place`: placing and removing a digit
    /// are the same operation.
    #[inline(always)]
    fn toggle<const RULES: bool>(&mut self, place: Place, bit: u32) {
        self.rows[usize::from(place.row)] ^= bit;
        self.cols[usize::from(place.col)] ^= bit;
        self.regions[usize::from(place.region)] ^= bit;
        if place.diagonal {
            self.diagonal ^= bit;
        }
        if place.anti_diagonal {
            self.anti_diagonal ^= bit;
        }
        if !RULES {
            return;
        }
        if place.window != OUTSIDE {
            self.windows[usize::from(place.window)] ^= bit;
        }
        if place.group != OUTSIDE {
            self.groups[usize::from(place.group)] ^= bit;
        }
    }

    fn grid(&self) -> Grid {
        let digits: Values<Digit> = self.values.iter().filter_map(|&v| Digit::new(v)).collect();
        Grid::from_solver(self.shape.clone(), digits)
    }
}

/// Runs the search, calling `on_solution` for each solution until it
/// returns `Break`, the stop comes or the tree is exhausted (which
/// `tally` is told).
fn search(
    tally: &mut Tally<'_>,
    puzzle: &Puzzle,
    on_solution: impl FnMut(&Board<'_>, &mut Tally<'_>) -> ControlFlow<()>,
) -> Stats {
    let variant = puzzle.shape().variant();
    if variant.rules().any(|rule| rule != Variant::X) {
        search_with::<true>(tally, puzzle, on_solution)
    } else {
        search_with::<false>(tally, puzzle, on_solution)
    }
}

/// [`search`], compiled for shapes with rules beyond rows, columns,
/// regions and diagonals (`RULES`) or without.
fn search_with<const RULES: bool>(
    tally: &mut Tally<'_>,
    puzzle: &Puzzle,
    mut on_solution: impl FnMut(&Board<'_>, &mut Tally<'_>) -> ControlFlow<()>,
) -> Stats {
    let shape = puzzle.shape();
    let n = shape.size();
    let variant = shape.variant();
    let x = variant.contains(Variant::X);
    let windoku = variant.contains(Variant::Windoku);
    let disjoint = variant.contains(Variant::Disjoint);
    let mut apart_moves: Vec<(isize, isize)> = Vec::new();
    if variant.contains(Variant::AntiKnight) {
        apart_moves.extend(KNIGHT_MOVES);
    }
    if variant.contains(Variant::AntiKing) {
        apart_moves.extend(KING_MOVES);
    }
    let beside_moves: &[(isize, isize)] = if variant.contains(Variant::NonConsecutive) {
        &ORTHOGONAL_MOVES
    } else {
        &[]
    };
    let mut board = Board {
        shape,
        rows: vec![0; n],
        cols: vec![0; n],
        regions: vec![0; n],
        diagonal: 0,
        anti_diagonal: 0,
        windows: vec![0; shape.window_count()],
        groups: vec![0; n],
        apart: Vec::new(),
        beside: Vec::new(),
        values: vec![EMPTY; shape.cell_count()],
    };
    let mut empty = Vec::new();
    let mut stats = Stats::default();
    for (cell, given) in shape.cells().zip(puzzle.cells()) {
        let (row, col) = (cell.row(n), cell.col(n));
        let small = |index: Option<usize>| index.map_or(OUTSIDE, |i| i as u8);
        let place = Place {
            row: row as u8,
            col: col as u8,
            region: shape.region_of(cell) as u8,
            diagonal: x && shape.on_diagonal(cell),
            anti_diagonal: x && shape.on_anti_diagonal(cell),
            window: small(shape.window_of(cell).filter(|_| windoku)),
            group: small(shape.disjoint_group_of(cell).filter(|_| disjoint)),
            apart: neighbours(&mut board.apart, apart_moves.as_slice(), n, row, col),
            beside: neighbours(&mut board.beside, beside_moves, n, row, col),
            allowed: puzzle.candidates(cell),
        };
        match given {
            Some(digit) => {
                let bit = 1u32 << digit.index();
                if board.used::<RULES>(place) & bit != 0 {
                    tally.exhausted();
                    return stats;
                }
                board.toggle::<RULES>(place, bit);
                board.values[cell.index()] = digit.index() as u8;
            }
            None => empty.push((cell.index(), place)),
        }
    }

    // next[d] is the first digit still to try at depth d; the cells at
    // depths below `depth` hold placed digits.
    let full = (1u32 << n) - 1;
    let mut next = vec![0u8; empty.len()];
    let mut depth = 0;
    loop {
        let Some(&(index, place)) = empty.get(depth) else {
            if on_solution(&board, tally).is_break() {
                return stats;
            }
            if !backtrack::<RULES>(&mut board, &empty, &mut depth) {
                tally.exhausted();
                return stats;
            }
            continue;
        };
        let used = board.used::<RULES>(place);
        let free = full & !used & !((1u32 << next[depth]) - 1);
        if free == 0 {
            next[depth] = 0;
            if !backtrack::<RULES>(&mut board, &empty, &mut depth) {
                tally.exhausted();
                return stats;
            }
            continue;
        }
        let digit = free.trailing_zeros() as u8;
        stats.nodes += 1;
        if (full & !used).count_ones() > 1 {
            stats.guesses += 1;
        }
        if stats.nodes % Tally::NODES_PER_LOOK == 0 && tally.checkpoint().is_break() {
            return stats;
        }
        board.toggle::<RULES>(place, 1 << digit);
        board.values[index] = digit;
        next[depth] = digit + 1;
        depth += 1;
    }
}

/// Appends to `list` the cells one of `moves` away from (`row`, `col`) on
/// a board of size `n`, and returns the range of `list` they take. Sizes
/// are at most 25 and a cell has at most eight neighbours, so every number
/// fits a `u16`.
fn neighbours(
    list: &mut Vec<u16>,
    moves: &[(isize, isize)],
    n: usize,
    row: usize,
    col: usize,
) -> (u16, u16) {
    let start = list.len() as u16;
    list.extend(
        moves
            .iter()
            .filter_map(|&(dr, dc)| step(n, row, col, dr, dc))
            .map(|other| other as u16),
    );
    (start, list.len() as u16)
}

/// Steps back one level, removing the digit placed there; `false` when the
/// search is back at the root and done.
fn backtrack<const RULES: bool>(
    board: &mut Board<'_>,
    empty: &[(usize, Place)],
    depth: &mut usize,
) -> bool {
    let Some(previous) = depth.checked_sub(1) else {
        return false;
    };
    *depth = previous;
    let (index, place) = empty[previous];
    board.toggle::<RULES>(place, 1 << board.values[index]);
    board.values[index] = EMPTY;
    true
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use dance_dlx::{Count, Status, Stop};

    use super::*;
    use crate::format::{ParseOptions, line};
    use crate::verify;

    const NORVIG: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn parse(text: &str) -> Puzzle {
        text.parse().unwrap()
    }

    fn ask(puzzle: &Puzzle, goal: Goal) -> Answer {
        run(puzzle, &Request::new(goal))
    }

    fn count(solutions: u64, complete: bool) -> Count {
        Count {
            solutions,
            complete,
        }
    }

    #[test]
    fn empty_four_by_four_has_288_solutions() {
        let empty = Puzzle::empty(Shape::boxed(4).unwrap());
        assert_eq!(
            ask(&empty, Goal::Count { limit: 1000 }).count,
            count(288, true)
        );
        assert_eq!(
            ask(&empty, Goal::Count { limit: 288 }).count,
            count(288, true)
        );
        assert_eq!(
            ask(&empty, Goal::Count { limit: 287 }).count,
            count(287, false)
        );
        assert_eq!(ask(&empty, Goal::Unique).status, Status::Multiple);
    }

    #[test]
    fn empty_nine_by_nine_stops_at_the_limit() {
        let empty = Puzzle::empty(Shape::boxed(9).unwrap());
        let three = ask(&empty, Goal::Count { limit: 3 });
        assert_eq!(
            (three.status, three.count),
            (Status::Multiple, count(3, false))
        );
        let zero = ask(&empty, Goal::Count { limit: 0 });
        assert_eq!((zero.status, zero.count), (Status::Solved, count(0, false)));
        let grid = solve(&empty).unwrap();
        assert_eq!(verify(&empty, &grid), Ok(()));
        assert_eq!(
            grid.to_string(),
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
        );
    }

    #[test]
    fn norvig_hardest_first_solution() {
        let puzzle = parse(NORVIG);
        let grid = solve(&puzzle).unwrap();
        assert_eq!(verify(&puzzle, &grid), Ok(()));
        assert_eq!(
            grid.to_string(),
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        );
    }

    /// The full uniqueness proof takes about 143 million nodes: seconds in
    /// release, too long for a debug test run.
    #[test]
    #[ignore = "143M nodes; run with --release -- --ignored"]
    fn norvig_hardest_is_unique() {
        let puzzle = parse(NORVIG);
        let answer = ask(&puzzle, Goal::Unique);
        assert_eq!(answer.status, Status::Unique);
        assert_eq!(verify(&puzzle, answer.solution.as_ref().unwrap()), Ok(()));
        assert_eq!(answer.stats.nodes, 142_738_235);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let puzzle = parse("11..............");
        assert_eq!(solve(&puzzle), None);
        assert_eq!(ask(&puzzle, Goal::Unique).status, Status::NoSolution);
        let counted = ask(&puzzle, Goal::Count { limit: 10 });
        assert_eq!(
            (counted.count, counted.stats, counted.engine),
            (count(0, true), Stats::default(), Engine::Dfs)
        );
    }

    #[test]
    fn unsolvable_without_clash_has_no_solution() {
        // Row 1 needs a 4 in its last cell, which column 4 already has.
        let puzzle = parse(
            "123.............................................................4.......4........",
        );
        assert_eq!(ask(&puzzle, Goal::Unique).status, Status::NoSolution);
    }

    /// The unique solution of `puzzle`, or a panic naming the status.
    fn unique(puzzle: &Puzzle) -> Grid {
        let answer = ask(puzzle, Goal::Unique);
        assert_eq!(answer.status, Status::Unique, "{puzzle}");
        answer.solution.unwrap()
    }

    #[test]
    fn jigsaw_six_by_six() {
        let puzzle =
            parse("....5.4...2..3.51.2........1........ aaabbbaaccbbacccbdeecfddeeffddeefffd");
        let grid = unique(&puzzle);
        assert_eq!(verify(&puzzle, &grid), Ok(()));
        assert_eq!(
            grid.to_string(),
            "123456451623632514214365546132365241 aaabbbaaccbbacccbdeecfddeeffddeefffd"
        );
    }

    #[test]
    fn x_sudoku() {
        let options = ParseOptions {
            variant: Variant::X,
            ..ParseOptions::default()
        };
        let text =
            ".2......9..6.8..2.7...23...214...8......7....5...........6...7.....4......5.....8";
        let x = line::parse(text, &options).unwrap();
        let grid = unique(&x);
        assert_eq!(verify(&x, &grid), Ok(()));
        assert_eq!(
            grid.to_string(),
            "123456789456789123789123456214365897368972514597814632941638275832547961675291348"
        );
        // Without the diagonals the same givens allow more solutions.
        assert_eq!(ask(&parse(text), Goal::Unique).status, Status::Multiple);
    }

    /// The 3×3 jigsaw from the seed program: grid `*2*/1*2/***`, regions
    /// {(0,0),(0,1),(1,0)}, {(0,2),(1,1),(1,2)} and the bottom row.
    #[test]
    fn seed_three_by_three_jigsaw_matches_brute_force() {
        let map = "aababbccc";
        for (cells, expected) in [
            ("*2*1*2***", 1),
            ("*********", 6),
            ("12*******", 1),
            ("11*******", 0),
        ] {
            let puzzle = parse(&format!("{cells} {map}"));
            let brute = brute_force(&puzzle);
            assert_eq!(brute.len(), expected, "{cells}");
            assert_eq!(
                ask(&puzzle, Goal::Count { limit: 100 }).count,
                count(expected as u64, true)
            );
            let verdict = ask(&puzzle, Goal::Unique);
            match verdict.status {
                Status::Unique => assert_eq!(brute, [verdict.solution.unwrap()]),
                Status::Multiple => assert!(brute.len() > 1),
                status => assert_eq!((status, brute.len()), (Status::NoSolution, 0)),
            }
        }
        assert_eq!(
            unique(&parse("*2*1*2*** aababbccc")).to_string(),
            "321132213 aababbccc"
        );
    }

    /// Every filling of a 3×3 puzzle's blanks that `verify` accepts.
    fn brute_force(puzzle: &Puzzle) -> Vec<Grid> {
        let shape = puzzle.shape();
        let mut solutions = Vec::new();
        for code in 0..3usize.pow(9) {
            let digits: Vec<Digit> = (0..9)
                .map(|i| Digit::new((code / 3usize.pow(i) % 3) as u8).unwrap())
                .collect();
            let grid = Grid::new(shape.clone(), digits).unwrap();
            if verify(puzzle, &grid).is_ok() {
                solutions.push(grid);
            }
        }
        solutions
    }

    #[test]
    fn stats_count_placements_and_guesses() {
        let full = parse("1234341243212143");
        let answer = ask(&full, Goal::Unique);
        assert_eq!(
            (answer.status, answer.stats, answer.engine),
            (Status::Unique, Stats::default(), Engine::Dfs)
        );
        let one_blank = parse("123434124321214.");
        assert_eq!(
            ask(&one_blank, Goal::First).stats,
            Stats {
                nodes: 1,
                ..Stats::default()
            }
        );
        let two_ways = parse("12..34..........");
        let stats = ask(&two_ways, Goal::Count { limit: 100 }).stats;
        assert!(stats.guesses > 0 && stats.guesses < stats.nodes);
    }

    #[test]
    fn a_stop_ends_the_search_with_a_timeout() {
        let puzzle = parse(NORVIG);
        let past = Request::new(Goal::Unique).with_stop(Stop::at(Instant::now()));
        let late = run(&puzzle, &past);
        assert_eq!(
            (late.status, late.count),
            (Status::Timeout, count(0, false))
        );
        assert_eq!(
            (late.stats, late.engine),
            (Stats::default(), Engine::Dfs),
            "a stop that has come ends it at once"
        );
        let generous = Request::new(Goal::Count { limit: 1000 })
            .with_stop(Stop::after(Duration::from_secs(600)));
        let answer = run(&parse("1..............."), &generous);
        assert_eq!(
            (answer.status, answer.count),
            (Status::Multiple, count(72, true))
        );
    }
}
