//! The generic exact-cover engine against the fastest Rust DLX crate on
//! crates.io (`dlx` 0.8.5, here `dlx085`), counting every solution of the same
//! problems, single-threaded.
//!
//! `cargo bench --bench engine`; `cargo bench --bench engine -- queens` for one
//! group. Each group benches both engines on the identical option list, so the
//! ratio of the two medians is the figure to quote. Both sides build their
//! matrix **inside** the timed loop — each iteration is what a user's program
//! does, build then count — and the build is small next to the count. The `rooks` groups have
//! multiplicities: Algorithm M in both engines (`dlx085::m`, with its
//! `knuth_tiebreak` chooser, which follows DLX3's choice of item).
//!
//! The `representation` groups race our two representations of the matrix
//! against each other on the same tree (`cargo bench --bench engine --
//! representation`): the links and the bitsets, each forced with
//! `Solver::set_representation`, counting a problem of each family that
//! `Solver::new`'s rule sends one way or the other (see
//! `dance_dlx::Representation`).

use criterion::{Criterion, criterion_group, criterion_main};
use dance_dlx::problems::{
    PieceSet, PieceUse, domino_tilings, langford, macmahon_squares, n_queens, pentominoes,
    polyomino_tilings, rooks,
};
use dance_dlx::{ItemKind, Problem, Representation, Solver};
use std::hint::black_box;
use std::time::Duration;

/// The options of `problem` in `dlx085`'s input form: primary items first,
/// then secondary, 0-based.
fn dlx085_options(problem: &Problem) -> Vec<Vec<dlx085::Uint>> {
    let mut position = vec![0; problem.item_count()];
    let primary = problem.primary_count();
    let (mut next_primary, mut next_secondary) = (0, primary);
    for item in problem.items() {
        let slot = match problem.item_kind(item) {
            ItemKind::Primary => &mut next_primary,
            ItemKind::Secondary => &mut next_secondary,
        };
        position[item.index()] = *slot as dlx085::Uint;
        *slot += 1;
    }
    problem
        .options()
        .map(|(_, entries)| entries.iter().map(|e| position[e.item.index()]).collect())
        .collect()
}

/// The same problem in `dlx085`'s Algorithm X form.
fn to_dlx085(problem: &Problem) -> dlx085::x::Problem {
    let primary = problem.primary_count();
    let secondary = problem.item_count() - primary;
    dlx085::x::make_problem(
        primary as dlx085::Uint,
        secondary as dlx085::Uint,
        &dlx085_options(problem),
        dlx085::OptOrder::Seq,
    )
}

/// The same problem in `dlx085`'s Algorithm M form, with the bounds of the
/// primary items.
fn to_dlx085_m(problem: &Problem) -> dlx085::m::Problem {
    let primary = problem.primary_count() as dlx085::Uint;
    let items = problem.item_count() as dlx085::Uint;
    let bounds = problem
        .items()
        .filter_map(|item| problem.item_bounds(item))
        .map(|bounds| (*bounds.start() as dlx085::Int, *bounds.end() as dlx085::Int));
    dlx085::m::Problem::new(
        dlx085::m::INodes::new(bounds, items - primary),
        dlx085::x::ONodes::new(
            items,
            primary,
            &dlx085_options(problem),
            dlx085::OptOrder::Seq,
        ),
    )
}

/// Counts every solution with `dlx085`'s MRV chooser and `tiebreak`.
fn count_dlx085<P: dlx085::Solve, T: dlx085::choose::Tiebreak<D = P>>(
    problem: &mut P,
    tiebreak: T,
) -> u64 {
    use dlx085::choose::{mrv_chooser, prefer_any};
    let mut solver = dlx085::Solver::new(problem);
    let mut chooser = mrv_chooser(prefer_any(), tiebreak);
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

/// Benches both engines building their matrix of `problem` and counting it;
/// `theirs` builds `dlx085`'s copy and counts it, as [`ours`] does with a
/// [`Solver`]. Both counts are checked first.
fn race(
    c: &mut Criterion,
    name: &str,
    problem: Problem,
    expected: u64,
    theirs: impl Fn(&Problem) -> u64,
) {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100));
    assert_eq!(ours(&problem), expected);
    assert_eq!(theirs(&problem), expected);
    group.bench_function("dance", |b| b.iter(|| black_box(ours(&problem))));
    group.bench_function("dlx085", |b| b.iter(|| black_box(theirs(&problem))));
    group.finish();
}

/// Our engine: a [`Solver`] built and counting (Algorithm X, or M for
/// bounds).
fn ours(problem: &Problem) -> u64 {
    Solver::new(problem).count()
}

/// `dlx085`'s Algorithm X, ties to the first item as in DLX1.
fn dlx085_x(problem: &Problem) -> u64 {
    count_dlx085(&mut to_dlx085(problem), dlx085::choose::no_tiebreak())
}

/// `dlx085`'s Algorithm M, with DLX3's choice of item.
fn dlx085_m(problem: &Problem) -> u64 {
    count_dlx085(&mut to_dlx085_m(problem), dlx085::choose::knuth_tiebreak())
}

/// Benches counting `problem` on each representation (built inside the
/// timed loop, as [`ours`] does); both counts are checked first.
fn representations(c: &mut Criterion, name: &str, problem: Problem, expected: u64) {
    let mut group = c.benchmark_group(format!("representation/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100));
    for (label, representation) in [
        ("links", Representation::Links),
        ("bitsets", Representation::Bitsets),
    ] {
        let count = || {
            let mut solver = Solver::new(&problem);
            solver.tune(dance_dlx::Tuning {
                representation: Some(representation),
                ..solver.tuning()
            });
            solver.count()
        };
        assert_eq!(count(), expected);
        group.bench_function(label, |b| b.iter(|| black_box(count())));
    }
    group.finish();
}

fn engine(c: &mut Criterion) {
    race(c, "queens12", n_queens(12), 14_200, dlx085_x);
    race(c, "queens13", n_queens(13), 73_712, dlx085_x);
    race(c, "queens14", n_queens(14), 365_596, dlx085_x);
    race(c, "langford12", langford(12), 216_288, dlx085_x);
    race(c, "pentominoes6x10", pentominoes(6, 10), 9_356, dlx085_x);
    race(c, "rooks6x2", rooks(6, 2), 67_950, dlx085_m);
    race(c, "rooks6x3", rooks(6, 3), 297_200, dlx085_m);
    representations(c, "queens11", n_queens(11), 2_680);
    representations(c, "langford11", langford(11), 35_584);
    representations(c, "pentominoes3x20", pentominoes(3, 20), 8);
    let macmahon = macmahon_squares(3, 4, PieceUse::AtMostOnce);
    representations(c, "macmahon3x4", macmahon, 240_352);
    let trominoes = polyomino_tilings(6, 6, PieceSet::Trominoes, PieceUse::Unlimited);
    representations(c, "trominoes6x6", trominoes, 80_092);
    representations(c, "dominoes6x7", domino_tilings(6, 7), 31_529);
}

criterion_group!(benches, engine);
criterion_main!(benches);
