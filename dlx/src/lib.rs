//! Knuth's Dancing Links: exact cover (Algorithm X), exact cover with colors
//! (Algorithm C) and with multiplicities (Algorithm M), on an index-based
//! toroidal list.
//!
//! # Brief overview
//!
//! A [`Problem`] is a set of *items* and a list of *options*, each option a set of
//! items. A solution is a set of options that covers every *primary* item exactly
//! once and every *secondary* item at most once — or, when options give a
//! secondary item a *color*, any number of times as long as they all agree on the
//! color (Knuth's "XCC" problems). A primary item may instead have *bounds*
//! `[min, max]` ([`ProblemBuilder::primary_with_bounds`]): the solution's options
//! cover it between `min` and `max` times ("MCC" problems). An option may
//! have a cost. Build a problem with a [`ProblemBuilder`], or read one in
//! Knuth's text format (what DLX1, DLX2, DLX3 and DLX5 read) with
//! [`read_problem`] (or `str::parse`) — a problem displays as that text.
//!
//! Then make a [`Solver`] and ask it a [`Request`]: a [`Goal`] — the first
//! solution, uniqueness, a count up to a limit, every solution, the `k`
//! cheapest, an exact count of any size with a memo, the diagram (ZDD) of
//! every solution, uniform samples, Knuth's estimate of the tree, the tree
//! cut into subproblems — and a [`Stop`] (a timeout, a deadline, a flag
//! another thread raises). [`Solver::run`] answers on this thread, an
//! [`Executor`](threads::Executor) on as many as asked, with the same
//! [`Answer`]: a [`Status`] in the words every output prints (`solved`,
//! `unique`, `multiple`, `none`, `timeout`), a [`Count`] that says whether
//! it is exact (`N` or `N+`), the solution when the goal keeps one, the
//! [`Stats`], and the goal's [`Findings`] (the cheapest with their costs, a
//! count of any size, a diagram, an estimate, the subproblems).
//! [`Solver::run_with`] also hands each solution to a visitor as it comes,
//! [`Solver::solutions`] is a lazy iterator, and [`Solver::count`] the
//! number of solutions.
//!
//! A solver can be reused: [`Solver::select`] puts an option into every
//! solution (as the search itself would try it) and [`Solver::unselect`]
//! takes it back, so one matrix serves any number of related problems — a
//! Sudoku solver selects the givens of each puzzle on a matrix built once.
//! [`Solver::shuffle`] puts each item's options in a random order fixed by
//! a seed, the same on every machine: the same solutions, found in another
//! order. [`Solver::tune`] chooses where dead ends are found and how the
//! matrix is kept ([`Tuning`]): neither changes the solutions.
//!
//! # The layers
//!
//! The crate is built in layers, each importing only those below it:
//!
//! | layer | folder | what it holds |
//! |---|---|---|
//! | the problem model | `model/` | items, options, names, costs and bounds; Knuth's text format; checking a solution; problems from the literature; Knuth's preprocessing |
//! | the contract | `contract/` | [`Request`], [`Goal`], [`Stop`], [`Threads`]; [`Answer`], [`Status`], [`Count`], [`Findings`], [`Stats`], [`BigCount`], the [`Zdd`] |
//! | the search machine | `machine/` | the [`driver`] and its one drive loop; the links, Algorithms X/C and M, the bitsets; the one place that tells the algorithms apart; the [`Solver`]; the memoized walk and its stores |
//! | the goals | `goals/` | each goal a fold over the drive loop's events: the [`Tally`] of solutions and counts, the cheapest, the memo's count, the diagram and samples, the cut and the estimate |
//! | the runtime | `runtime/` | the one [executor](threads) of every goal on any number of threads, and the [ordered stream](ordered) |
//!
//! **One drive loop.** [`driver::drive`] is the only loop around the
//! driver's [`resume`](Resume::resume): it paces the walk by the work done
//! (nodes, one per solution, and a goal's own upkeep), looks at the stop
//! between slices, and hands each solution and each look to the goal's
//! [`Fold`](driver::Fold). A goal never loops; a new goal is a new fold.
//! **One executor.** Every goal runs on N threads through
//! [`threads::Executor`] — the only code of the crate that starts threads —
//! with one stop, one limit, one bound (for the cheapest) and one
//! [`Progress`]; one thread is the same code with one part. **One
//! memoized walk.** The memo's count and the ZDD are one walk with two
//! folds (a sum of counts; DLX6's chain of nodes), over either algorithm,
//! storing in one byte-budgeted table.
//!
//! Words that look alike name different things. A [`Count`] is a number of
//! solutions that says whether it is exact; a [`BigCount`] a number of any
//! size, which the memo's counts outgrow `u64` into. A [`Stop`] is when a
//! request gives up, for any number of searches; an [`Alarm`] is a stop
//! armed for one search, its timeout turned into a deadline; a [`Flag`] is
//! one way a stop comes, raised from another thread.
//!
//! # The layout
//!
//! Knuth's layout from DLX1 and DLX2 (TAOCP 7.2.2.1), in flat vectors with
//! 32-bit links — no pointers, no `Rc`, no `unsafe`. For the toy problem with
//! items `a b c` and options `a b` and `b c`:
//!
//! ```text
//! items (left, right)             0:root  1:a  2:b  3:c   4:root of secondaries
//!                                  ↑______________________↓   (circular list)
//!
//! nodes (up, down), and beside them top and color
//!   index   0   1   2   3  |  4    5   6  |  7    8   9  | 10
//!   role    -   a   b   c  | spc   a   b  | spc   b   c  | spc
//!   top     -   1   2   1  |  0    1   2  | -1    2   3  | -2
//!             headers: len |   option 0   |   option 1   |
//! ```
//!
//! * Node `i` for `1 ≤ i ≤ items` heads item `i`'s column: a circular up/down
//!   list through every node of that item (`b`'s column is 2 → 6 → 8 → 2), and
//!   its `top` is the column's `len`, the number of options left in it — where
//!   Knuth keeps it, so that a hide and the scan for the shortest column touch
//!   the node vector only.
//! * An option's nodes are consecutive, so they need no left/right links: the
//!   *spacer* after an option has `top` = minus its 1-based number and `up` =
//!   the option's first node; the spacer before it has `down` = its last node.
//!   Walking right from any node until a spacer, then jumping back, visits the
//!   option cyclically.
//! * Primary items come first (`1..=N1`), then secondary items; each kind has its
//!   own circular list of *active* items. Colors live beside the nodes
//!   (0 = none).
//!
//! Covering an item unlinks every other node of every option in its column;
//! because unlinked nodes keep their own links, uncovering in reverse order puts
//! everything back ("dancing links"). The search is the [`driver`]'s walk —
//! Knuth's steps X2–X8, written once for every matrix of both crates — over
//! these links (`exact.rs` for Algorithms X and C, `multiplicity.rs` for
//! Algorithm M). It is iterative with a stack of levels allocated up front
//! (`primary + 1` for Algorithm X), chooses the primary item with the
//! fewest options (MRV), and counts its work in [`Stats`] (options tried,
//! link updates) so runs can be compared across machines.
//!
//! A dead end — a primary item left with no option — is found while the
//! option that makes it is committed: the hide that empties the column stops
//! the commit, which undoes itself, and the option counts as one node without
//! a level below it ([`DeadEnds::AtCommit`], as Knuth's SSXCC finds them).
//! The tree is then exactly that of Knuth's DLX1 and DLX2, whose node counts
//! are one more than ours (they count the root). [`DeadEnds::AtChoice`]
//! commits such an option whole and lets the next level find the empty
//! column; its choice stops at the first item with at most one option, so
//! it may make forced moves first — Algorithm X as written, and the tree the
//! Sudoku crate's rating counts. Both find the same solutions in the same
//! order and make the same guesses.
//!
//! With dead ends found at the commit, the same tree can be walked on a
//! second [`Representation`] of the matrix, behind the same driver: bitsets
//! (`bitsets.rs`) — a bit per entry of every item's list and a count per
//! primary item, a removal a few read-modify-writes in arrays that stay in
//! the first-level cache, the way back a copy of them per level that
//! branches. [`Solver::new`] picks it where a commit clears more bits than
//! such a copy takes words (queens, Langford pairs, polyomino packings,
//! MacMahon's squares), and keeps the links where the copy would dominate
//! (domino tilings, large problems) or cannot serve (Algorithm M, the
//! Sudoku tree); nodes, guesses and solutions are the same either way.
//!
//! Algorithm M (DLX3) keeps two more numbers per primary item beside the links —
//! `bound`, how many more options may cover it, and `slack`, `max − min` — and
//! adds one dance step, *tweaking*: taking the topmost option out of an item's
//! column so that the levels above choose only among the options below it. It
//! branches on the item with the smallest `len + min(slack, bound) − bound + 1`.
//!
//! # Example
//!
//! Knuth's toy problem: the only exact cover is `{a d f}`, `{b g}`, `{c e}`.
//!
//! ```
//! use dance_dlx::{Problem, Solver};
//!
//! let mut builder = Problem::builder();
//! let [a, b, c, d, e, f, g] = ["a", "b", "c", "d", "e", "f", "g"]
//!     .map(|name| builder.primary(name).unwrap());
//! for option in [vec![c, e], vec![a, d, g], vec![b, c, f], vec![a, d, f], vec![b, g], vec![d, e, g]] {
//!     builder.option(option)?;
//! }
//! let problem = builder.build();
//!
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count(), 1);
//! let mut solution = solver.solutions().next().expect("one solution");
//! solution.sort();
//! let names: Vec<String> = solution
//!     .iter()
//!     .map(|&option| {
//!         let items = problem.option(option).iter().map(|entry| problem.item_name(entry.item));
//!         items.collect::<Vec<_>>().join(" ")
//!     })
//!     .collect();
//! assert_eq!(names, ["c e", "a d f", "b g"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Eight queens through a request, on four threads:
//!
//! ```
//! use dance_dlx::threads::Executor;
//! use dance_dlx::{Goal, Request, Solver, Status, Threads, problems::n_queens};
//!
//! let mut solver = Solver::new(&n_queens(8));
//! let answer = Executor::new(Threads::new(4)?).run(&mut solver, &Request::new(Goal::All));
//! assert_eq!((answer.status, answer.count.to_string()), (Status::Multiple, "92".to_owned()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Examples
//!
//! Whole programs in the crate's `examples/` folder, each run by the
//! project's CI (`cargo run --release -p dance-dlx --example NAME`):
//! `queens` counts the n-queens solutions and draws one; `pentominoes`
//! packs the twelve pentominoes into a rectangle; `costs` finds the
//! cheapest solutions of a problem whose options cost something (DLX5);
//! `zdd` builds every domino tiling of a board as a ZDD (DLX6) and draws
//! tilings uniformly at random from it.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod contract;
mod goals;
mod hash;
mod machine;
mod model;
mod rng;
mod runtime;

pub use contract::answer::{Answer, Count, Findings, Status};
pub use contract::count::BigCount;
pub use contract::request::{
    Cut, DEFAULT_MEMORY_LIMIT, DEFAULT_MEMORY_MB, DEFAULT_PROBES, Goal, MAX_BEST, MAX_MEMORY_MB,
    Request, memory_of_mb,
};
pub use contract::stats::{Estimate, MemoStats, Stats};
pub use contract::stop::{Alarm, Flag, Stop, TimeoutError, deadline_in, timeout_from_secs};
pub use contract::threads::{MAX_THREADS, Threads, ThreadsError};
pub use contract::zdd::{Zdd, ZddError, ZddNode, ZddReadError, ZddSolutions, ZddSyntax};
pub use contract::{request, stop, zdd};
pub use goals::enumerate::Tally;
pub use machine::driver;
pub use machine::driver::{Choice, Event, Resume};
pub use machine::memo::MemoError;
pub use machine::solver::{DeadEnds, Representation, SelectError, Solutions, Solver, Tuning};
pub use model::ids::{ColorId, ItemId, OptionId};
pub use model::preprocess::{PreprocessError, Reduction, preprocess};
pub use model::problem::{BuildError, Entry, ItemKind, Problem, ProblemBuilder};
pub use model::problems;
pub use model::text::{
    LINE_CAP, OptionDisplay, SyntaxError, TextError, WriteError, parse_problem, read_problem,
    write_problem,
};
pub use model::verify::Defect;
pub use rng::SplitMix64;
pub use runtime::threads::Progress;
pub use runtime::{ordered, threads};
