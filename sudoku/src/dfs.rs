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

use std::convert::Infallible;
use std::time::Instant;

pub use crate::TimedOut;
use crate::cover::{KING_MOVES, KNIGHT_MOVES, ORTHOGONAL_MOVES, step};
use crate::{Count, Digit, Grid, Puzzle, Shape, Stats, Variant, Verdict};

/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u64 = 4096;

/// A search result and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run<T> {
    /// What the search found.
    pub value: T,
    /// The work it did.
    pub stats: Stats,
}

/// The naive solver, optionally with a deadline.
///
/// ```
/// use std::time::{Duration, Instant};
/// use dance_sudoku::dfs::Dfs;
///
/// let puzzle: dance_sudoku::Puzzle = "1...........4...".parse()?;
/// let dfs = Dfs::new().with_deadline(Instant::now() + Duration::from_secs(10));
/// let run = dfs.count(&puzzle, 1000)?;
/// assert_eq!((run.value.solutions, run.value.complete), (24, true));
/// assert!(run.stats.nodes > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dfs {
    deadline: Option<Instant>,
}

impl Dfs {
    /// A solver with no deadline.
    pub fn new() -> Dfs {
        Dfs::default()
    }

    /// The same solver, stopping with [`TimedOut`] once `deadline` has
    /// passed. The clock is read every few thousand nodes, so a search may
    /// run a little past it.
    pub fn with_deadline(self, deadline: Instant) -> Dfs {
        Dfs {
            deadline: Some(deadline),
        }
    }

    /// The first solution in search order, or `None` when there is none.
    ///
    /// # Errors
    /// [`TimedOut`] when the deadline passed first.
    pub fn solve(&self, puzzle: &Puzzle) -> Result<Run<Option<Grid>>, TimedOut> {
        match self.deadline {
            Some(deadline) => solve_with(&deadline, puzzle),
            None => solve_with(&Unlimited, puzzle).map_err(|never| match never {}),
        }
    }

    /// Counts solutions, stopping once `limit` are found.
    ///
    /// A search stopped by the limit reports `complete: false` (there are at
    /// least `limit` solutions); a limit of 0 stops before searching.
    ///
    /// # Errors
    /// [`TimedOut`] when the deadline passed first.
    pub fn count(&self, puzzle: &Puzzle, limit: u64) -> Result<Run<Count>, TimedOut> {
        match self.deadline {
            Some(deadline) => count_with(&deadline, puzzle, limit),
            None => count_with(&Unlimited, puzzle, limit).map_err(|never| match never {}),
        }
    }

    /// Whether the puzzle has one, several or no solutions: searches until a
    /// second solution turns up or the tree is exhausted.
    ///
    /// # Errors
    /// [`TimedOut`] when the deadline passed first.
    pub fn verdict(&self, puzzle: &Puzzle) -> Result<Run<Verdict>, TimedOut> {
        match self.deadline {
            Some(deadline) => verdict_with(&deadline, puzzle),
            None => verdict_with(&Unlimited, puzzle).map_err(|never| match never {}),
        }
    }
}

/// The first solution in search order, or `None`, with no deadline.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    let Ok(run) = solve_with(&Unlimited, puzzle);
    run.value
}

/// The number of solutions up to `limit`, with no deadline; see
/// [`Dfs::count`].
pub fn count(puzzle: &Puzzle, limit: u64) -> Count {
    let Ok(run) = count_with(&Unlimited, puzzle, limit);
    run.value
}

/// The uniqueness verdict, with no deadline.
pub fn verdict(puzzle: &Puzzle) -> Verdict {
    let Ok(run) = verdict_with(&Unlimited, puzzle);
    run.value
}

/// When to give up: never, or at an [`Instant`].
trait Clock {
    type Error;

    fn check(&self, found: u64, stats: Stats) -> Result<(), Self::Error>;
}

/// The clock of a search without deadline.
struct Unlimited;

impl Clock for Unlimited {
    type Error = Infallible;

    fn check(&self, _: u64, _: Stats) -> Result<(), Infallible> {
        Ok(())
    }
}

impl Clock for Instant {
    type Error = TimedOut;

    fn check(&self, found: u64, stats: Stats) -> Result<(), TimedOut> {
        if Instant::now() >= *self {
            Err(TimedOut { found, stats })
        } else {
            Ok(())
        }
    }
}

fn solve_with<C: Clock>(clock: &C, puzzle: &Puzzle) -> Result<Run<Option<Grid>>, C::Error> {
    let mut value = None;
    let stats = search(clock, puzzle, |board| {
        value = Some(board.grid());
        false
    })?;
    Ok(Run { value, stats })
}

fn count_with<C: Clock>(clock: &C, puzzle: &Puzzle, limit: u64) -> Result<Run<Count>, C::Error> {
    if limit == 0 {
        return Ok(Run {
            value: Count {
                solutions: 0,
                complete: false,
            },
            stats: Stats::default(),
        });
    }
    let mut count = 0;
    let stats = search(clock, puzzle, |_| {
        count += 1;
        count < limit
    })?;
    Ok(Run {
        value: Count {
            solutions: count,
            complete: count < limit,
        },
        stats,
    })
}

fn verdict_with<C: Clock>(clock: &C, puzzle: &Puzzle) -> Result<Run<Verdict>, C::Error> {
    let mut first = None;
    let mut more = false;
    let stats = search(clock, puzzle, |board| {
        if first.is_none() {
            first = Some(board.grid());
            true
        } else {
            more = true;
            false
        }
    })?;
    let value = match first {
        None => Verdict::NoSolution,
        Some(_) if more => Verdict::Multiple,
        Some(grid) => Verdict::Unique(grid),
    };
    Ok(Run { value, stats })
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
        let digits = self.values.iter().filter_map(|&v| Digit::new(v)).collect();
        Grid::from_solver(self.shape.clone(), digits)
    }
}

/// Runs the search, calling `on_solution` for each solution until it
/// returns `false`.
fn search<C: Clock>(
    clock: &C,
    puzzle: &Puzzle,
    on_solution: impl FnMut(&Board<'_>) -> bool,
) -> Result<Stats, C::Error> {
    let variant = puzzle.shape().variant();
    if variant.rules().any(|rule| rule != Variant::X) {
        search_with::<C, true>(clock, puzzle, on_solution)
    } else {
        search_with::<C, false>(clock, puzzle, on_solution)
    }
}

/// [`search`], compiled for shapes with rules beyond rows, columns,
/// regions and diagonals (`RULES`) or without.
fn search_with<C: Clock, const RULES: bool>(
    clock: &C,
    puzzle: &Puzzle,
    mut on_solution: impl FnMut(&Board<'_>) -> bool,
) -> Result<Stats, C::Error> {
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
    let mut found = 0;
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
                    return Ok(stats);
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
            found += 1;
            if !on_solution(&board) || !backtrack::<RULES>(&mut board, &empty, &mut depth) {
                return Ok(stats);
            }
            continue;
        };
        let used = board.used::<RULES>(place);
        let free = full & !used & !((1u32 << next[depth]) - 1);
        if free == 0 {
            next[depth] = 0;
            if !backtrack::<RULES>(&mut board, &empty, &mut depth) {
                return Ok(stats);
            }
            continue;
        }
        let digit = free.trailing_zeros() as u8;
        stats.nodes += 1;
        if (full & !used).count_ones() > 1 {
            stats.guesses += 1;
        }
        if stats.nodes % CLOCK_INTERVAL == 0 {
            clock.check(found, stats)?;
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
    use std::time::Duration;

    use super::*;
    use crate::format::{ParseOptions, line};
    use crate::verify;

    const NORVIG: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn parse(text: &str) -> Puzzle {
        text.parse().unwrap()
    }

    #[test]
    fn empty_four_by_four_has_288_solutions() {
        let empty = Puzzle::empty(Shape::boxed(4).unwrap());
        assert_eq!(
            count(&empty, 1000),
            Count {
                solutions: 288,
                complete: true
            }
        );
        assert_eq!(
            count(&empty, 288),
            Count {
                solutions: 288,
                complete: false
            }
        );
        assert_eq!(verdict(&empty), Verdict::Multiple);
    }

    #[test]
    fn empty_nine_by_nine_stops_at_the_limit() {
        let empty = Puzzle::empty(Shape::boxed(9).unwrap());
        assert_eq!(
            count(&empty, 3),
            Count {
                solutions: 3,
                complete: false
            }
        );
        assert_eq!(
            count(&empty, 0),
            Count {
                solutions: 0,
                complete: false
            }
        );
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
        let run = Dfs::new().verdict(&puzzle).unwrap();
        let Verdict::Unique(grid) = run.value else {
            panic!("expected a unique solution, got {:?}", run.value);
        };
        assert_eq!(verify(&puzzle, &grid), Ok(()));
        assert_eq!(run.stats.nodes, 142_738_235);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let puzzle = parse("11..............");
        assert_eq!(solve(&puzzle), None);
        assert_eq!(verdict(&puzzle), Verdict::NoSolution);
        assert_eq!(
            count(&puzzle, 10),
            Count {
                solutions: 0,
                complete: true
            }
        );
        let run = Dfs::new().count(&puzzle, 10).unwrap();
        assert_eq!(run.stats, Stats::default());
    }

    #[test]
    fn unsolvable_without_clash_has_no_solution() {
        // Row 1 needs a 4 in its last cell, which column 4 already has.
        let puzzle = parse(
            "123.............................................................4.......4........",
        );
        assert_eq!(verdict(&puzzle), Verdict::NoSolution);
    }

    #[test]
    fn jigsaw_six_by_six() {
        let puzzle =
            parse("....5.4...2..3.51.2........1........ aaabbbaaccbbacccbdeecfddeeffddeefffd");
        let Verdict::Unique(grid) = verdict(&puzzle) else {
            panic!("expected a unique solution");
        };
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
        let Verdict::Unique(grid) = verdict(&x) else {
            panic!("expected a unique solution");
        };
        assert_eq!(verify(&x, &grid), Ok(()));
        assert_eq!(
            grid.to_string(),
            "123456789456789123789123456214365897368972514597814632941638275832547961675291348"
        );
        // Without the diagonals the same givens allow more solutions.
        assert_eq!(verdict(&parse(text)), Verdict::Multiple);
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
                count(&puzzle, 100),
                Count {
                    solutions: expected as u64,
                    complete: true
                }
            );
            match verdict(&puzzle) {
                Verdict::Unique(grid) => assert_eq!(brute, [grid]),
                Verdict::Multiple => assert!(brute.len() > 1),
                Verdict::NoSolution => assert!(brute.is_empty()),
            }
        }
        let Verdict::Unique(grid) = verdict(&parse("*2*1*2*** aababbccc")) else {
            panic!("expected a unique solution");
        };
        assert_eq!(grid.to_string(), "321132213 aababbccc");
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
        let run = Dfs::new().verdict(&full).unwrap();
        assert_eq!(run.stats, Stats::default());
        assert!(matches!(run.value, Verdict::Unique(_)));
        let one_blank = parse("123434124321214.");
        let run = Dfs::new().solve(&one_blank).unwrap();
        assert_eq!(
            run.stats,
            Stats {
                nodes: 1,
                guesses: 0
            }
        );
        let two_ways = parse("12..34..........");
        let run = Dfs::new().count(&two_ways, 100).unwrap();
        assert!(run.stats.guesses > 0 && run.stats.guesses < run.stats.nodes);
    }

    #[test]
    fn deadline_stops_the_search() {
        let puzzle = parse(NORVIG);
        let err = Dfs::new()
            .with_deadline(Instant::now())
            .verdict(&puzzle)
            .unwrap_err();
        assert_eq!(err.stats.nodes, CLOCK_INTERVAL);
        assert_eq!(err.found, 0);
        assert_eq!(
            err.to_string(),
            "search timed out after 0 solutions and 4096 nodes"
        );
        let generous = Dfs::new().with_deadline(Instant::now() + Duration::from_secs(600));
        let run = generous.count(&parse("1..............."), 1000).unwrap();
        assert_eq!(
            run.value,
            Count {
                solutions: 72,
                complete: true
            }
        );
    }
}
