//! The generic exact-cover engine against the fastest Rust DLX crate on
//! crates.io (`dlx` 0.8.5, here `dlx085`), counting every solution of the same
//! problems, single-threaded.
//!
//! `cargo bench --bench engine`; `cargo bench --bench engine -- queens` for one
//! group. Each group benches both engines on the identical option list, so the
//! ratio of the two medians is the figure to quote.

use criterion::{Criterion, criterion_group, criterion_main};
use dlx::problems::{langford, n_queens, pentominoes};
use dlx::{ItemKind, Problem, Solver};
use std::hint::black_box;
use std::time::Duration;

/// The same problem in `dlx085`'s input form: primary items first, then
/// secondary, 0-based.
fn to_dlx085(problem: &Problem) -> dlx085::x::Problem {
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
    let options: Vec<Vec<dlx085::Uint>> = problem
        .options()
        .map(|(_, entries)| entries.iter().map(|e| position[e.item.index()]).collect())
        .collect();
    let secondary = problem.item_count() - primary;
    dlx085::x::make_problem(
        primary as dlx085::Uint,
        secondary as dlx085::Uint,
        &options,
        dlx085::OptOrder::Seq,
    )
}

fn count_dlx085(problem: &mut dlx085::x::Problem) -> u64 {
    use dlx085::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let mut solver = dlx085::Solver::new(problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

fn race(c: &mut Criterion, name: &str, problem: Problem, expected: u64, samples: usize) {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(samples)
        .warm_up_time(Duration::from_millis(100));
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), expected);
    group.bench_function("dance", |b| b.iter(|| black_box(solver.count())));
    group.bench_function("dlx085", |b| {
        b.iter(|| {
            let mut theirs = to_dlx085(&problem);
            black_box(count_dlx085(&mut theirs))
        })
    });
    group.finish();
}

fn engine(c: &mut Criterion) {
    race(c, "queens12", n_queens(12), 14_200, 10);
    race(c, "queens13", n_queens(13), 73_712, 10);
    race(c, "queens14", n_queens(14), 365_596, 10);
    race(c, "langford12", langford(12), 216_288, 10);
    race(c, "pentominoes6x10", pentominoes(6, 10), 9_356, 10);
}

criterion_group!(benches, engine);
criterion_main!(benches);
