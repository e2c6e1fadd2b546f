//! The Sudoku solver against the crates.io `sudoku` crate 0.8.0 (here
//! `refsudoku`, a JCZSolve port and the fastest Rust Sudoku solver we know),
//! on the shipped puzzle sets, single-threaded, in two modes: the first
//! solution, and counting solutions up to two (what a uniqueness check
//! costs). `dance` is `Solver::new()`: for 9×9 the fast engine, with its
//! own deductions and its own search tree; `algorithm-x` is the band engine
//! on Algorithm X's tree (`Tree::AlgorithmX`, what the rating runs on),
//! `bitboards` Algorithm X on bitboards on the same tree (the same puzzles
//! as jigsaw puzzles whose regions are the boxes: the same matrix, item for
//! item, which the bitboards serve), and `generic` the generic exact-cover
//! engine (`Solver::generic`) on the same tree; the naive DFS runs on top95
//! only. `cargo bench --bench sudoku -- 'count2/(algorithm-x|bitboards)'`
//! races the two engines that could serve the rating.
//!
//! `cargo bench --bench sudoku`; `cargo bench --bench sudoku -- top95/` for
//! one set. Every group benches the solvers on the identical puzzles with
//! `Throughput::Elements(puzzles)`, so the ratio of two medians is the figure
//! to quote. Before each set the bench prints the nodes and guesses per
//! puzzle of both trees (`algorithm-x` and `generic` make the same guesses).
//!
//! The `kernel/N` groups race the four-node kernel (`Solver::new` on
//! sizes other than 9×9) against the generic engine (`Solver::generic`) on
//! the generated sets `benches/data/generatedN.txt` for N = 4, 6, 8, 12, 16
//! and 25, counting solutions up to two: `cargo bench --bench sudoku --
//! kernel/`.
//!
//! `refsudoku` is AGPL-3.0: it is a dev-dependency of the benches only and
//! never part of a library or the binary.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use dance_sudoku::{Engine, Goal, Puzzle, Request, Shape, Solver, Stats, Tree};
use std::hint::black_box;
use std::time::Duration;

/// The sets raced, under `benches/data/`.
const SETS: [&str; 5] = [
    "top95",
    "top1465",
    "17clue_sample",
    "forum_hardest",
    "forum_hardest_1106",
];

/// What a run asks of each puzzle.
#[derive(Clone, Copy)]
enum Mode {
    /// The first solution.
    First,
    /// Solutions counted up to two.
    CountTwo,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::CountTwo => "count2",
        }
    }

    /// Runs our solver on every puzzle; returns how many solutions it found
    /// in all.
    fn ours(self, solver: &mut Solver, puzzles: &[Puzzle]) -> usize {
        puzzles
            .iter()
            .map(|puzzle| match self {
                Mode::First => usize::from(solver.solve(puzzle).is_some()),
                Mode::CountTwo => solver.count(puzzle, 2).solutions as usize,
            })
            .sum()
    }

    /// The same with the reference crate.
    fn reference(self, puzzles: &[refsudoku::Sudoku]) -> usize {
        puzzles
            .iter()
            .map(|&puzzle| match self {
                Mode::First => usize::from(puzzle.some_solution().is_some()),
                Mode::CountTwo => puzzle.solutions_count_up_to(2),
            })
            .sum()
    }

    /// The same with the naive DFS.
    fn dfs(self, puzzles: &[Puzzle]) -> usize {
        puzzles
            .iter()
            .map(|puzzle| match self {
                Mode::First => usize::from(dance_sudoku::dfs::solve(puzzle).is_some()),
                // A count to one that looks for a second solution: the
                // search of a count up to two.
                Mode::CountTwo => {
                    let request = Request::new(Goal::Count { limit: 1 });
                    dance_sudoku::dfs::run(puzzle, &request).count.solutions as usize
                }
            })
            .sum()
    }
}

/// The puzzles of a set, for both crates.
fn load(set: &str) -> (Vec<Puzzle>, Vec<refsudoku::Sudoku>) {
    let path = format!("{}/benches/data/{set}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> = text.lines().filter(|line| !line.is_empty()).collect();
    let ours = lines
        .iter()
        .map(|line| line.parse().unwrap_or_else(|e| panic!("{set}: {e}")))
        .collect();
    let theirs = lines
        .iter()
        .map(|line| refsudoku::Sudoku::from_str_line(line).unwrap_or_else(|e| panic!("{set}: {e}")))
        .collect();
    (ours, theirs)
}

/// A solver on Algorithm X's tree.
fn algorithm_x() -> Solver {
    let mut solver = Solver::new();
    solver.set_tree(Tree::AlgorithmX);
    solver
}

/// The same 9×9 puzzles as jigsaw puzzles whose regions are the boxes:
/// the same exact cover, item for item, on the engine of 9×9 jigsaw shapes.
fn boxes_as_jigsaw(puzzles: &[Puzzle]) -> Vec<Puzzle> {
    let boxed = Shape::boxed(9).unwrap();
    let labels: Vec<u8> = boxed
        .cells()
        .map(|cell| boxed.region_of(cell) as u8)
        .collect();
    let shape = Shape::jigsaw(9, &labels).unwrap();
    puzzles
        .iter()
        .map(|puzzle| Puzzle::new(shape.clone(), puzzle.cells().to_vec()).unwrap())
        .collect()
}

/// Nodes and guesses per puzzle of `solver`'s search in `mode`.
fn work(mode: Mode, mut solver: Solver, puzzles: &[Puzzle]) -> (f64, f64) {
    let mut total = Stats::default();
    for puzzle in puzzles {
        mode.ours(&mut solver, std::slice::from_ref(puzzle));
        total.nodes += solver.stats().nodes;
        total.guesses += solver.stats().guesses;
    }
    let count = puzzles.len() as f64;
    (total.nodes as f64 / count, total.guesses as f64 / count)
}

fn race(c: &mut Criterion, set: &str) {
    let (ours, theirs) = load(set);
    for mode in [Mode::First, Mode::CountTwo] {
        let mut solver = Solver::new();
        let mut reference = algorithm_x();
        let mut generic = Solver::generic();
        let found = mode.ours(&mut solver, &ours);
        assert_eq!(
            found,
            mode.reference(&theirs),
            "{set}: the solvers disagree"
        );
        for engine in [&mut reference, &mut generic] {
            assert_eq!(found, mode.ours(engine, &ours), "{set}: engines disagree");
        }
        let jigsaw = boxes_as_jigsaw(&ours);
        let mut bitboards = algorithm_x();
        let served = bitboards.engine_for(&jigsaw[0], dance_sudoku::EngineChoice::Fast);
        assert_eq!(served, Engine::Bitboards);
        assert_eq!(
            found,
            mode.ours(&mut bitboards, &jigsaw),
            "{set}: bitboards disagree"
        );
        let (b_nodes, b_guesses) = work(mode, algorithm_x(), &jigsaw);
        let (nodes, guesses) = work(mode, Solver::new(), &ours);
        let (x_nodes, x_guesses) = work(mode, algorithm_x(), &ours);
        println!(
            "{set}/{}: {} puzzles, {nodes:.1} nodes and {guesses:.2} guesses per puzzle on \
             the fast engine's own tree, {x_nodes:.1} and {x_guesses:.2} on Algorithm X's \
             (bands), {b_nodes:.1} and {b_guesses:.2} (bitboards, the generic engine's count)",
            mode.name(),
            ours.len()
        );

        let mut group = c.benchmark_group(format!("{set}/{}", mode.name()));
        group
            .throughput(Throughput::Elements(ours.len() as u64))
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .sampling_mode(SamplingMode::Flat);
        group.bench_function("dance", |b| {
            b.iter(|| black_box(mode.ours(&mut solver, black_box(&ours))))
        });
        group.bench_function("algorithm-x", |b| {
            b.iter(|| black_box(mode.ours(&mut reference, black_box(&ours))))
        });
        group.bench_function("bitboards", |b| {
            b.iter(|| black_box(mode.ours(&mut bitboards, black_box(&jigsaw))))
        });
        group.bench_function("sudoku-0.8.0", |b| {
            b.iter(|| black_box(mode.reference(black_box(&theirs))))
        });
        group.bench_function("generic", |b| {
            b.iter(|| black_box(mode.ours(&mut generic, black_box(&ours))))
        });
        if set == "top95" {
            group.bench_function("dfs", |b| b.iter(|| black_box(mode.dfs(black_box(&ours)))));
        }
        group.finish();
    }
}

fn sudoku_sets(c: &mut Criterion) {
    for set in SETS {
        race(c, set);
    }
}

/// The sizes of the generated sets that the kernel races on.
const KERNEL_SIZES: [usize; 6] = [4, 6, 8, 12, 16, 25];

/// The four-node kernel against the generic engine, size by size.
fn kernel_sizes(c: &mut Criterion) {
    for n in KERNEL_SIZES {
        let path = format!(
            "{}/benches/data/generated{n}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let puzzles: Vec<Puzzle> = text
            .lines()
            .map(|line| line.parse().unwrap_or_else(|e| panic!("{path}: {e}")))
            .collect();
        let mut kernel = Solver::new();
        let mut generic = Solver::generic();
        let mode = Mode::CountTwo;
        assert_eq!(
            mode.ours(&mut kernel, &puzzles),
            mode.ours(&mut generic, &puzzles),
            "{n}x{n}: engines disagree"
        );
        let mut group = c.benchmark_group(format!("kernel/{n}"));
        group
            .throughput(Throughput::Elements(puzzles.len() as u64))
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .sampling_mode(SamplingMode::Flat);
        group.bench_function("kernel", |b| {
            b.iter(|| black_box(mode.ours(&mut kernel, black_box(&puzzles))))
        });
        group.bench_function("generic", |b| {
            b.iter(|| black_box(mode.ours(&mut generic, black_box(&puzzles))))
        });
        group.finish();
    }
}

criterion_group!(benches, sudoku_sets, kernel_sizes);
criterion_main!(benches);
