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
//! cover it between `min` and `max` times ("MCC" problems: choose 2 of these
//! options, use each piece 1 to 3 times). Build a problem with a
//! [`ProblemBuilder`], or read one in Knuth's text format (what DLX1, DLX2 and
//! DLX3 read) with [`read_problem`] (or `str::parse`) — a problem displays as
//! that text, so `problem.to_string().parse()` gives it back, and names that
//! the format could not write are refused when the problem is built; then make
//! a [`Solver`] and [`run`](Solver::run) a [`Request`] (see below), or ask
//! it directly for the [`first`](Solver::first) solution, the
//! [`count`](Solver::count), a lazy iterator of
//! [`solutions`](Solver::solutions) or a [`search`](Solver::search) with a
//! visitor that may stop early.
//!
//! [`Solver::new`] picks the search once: Algorithms X and C when every primary
//! item is covered exactly once — the fast path, untouched by multiplicities —
//! and Algorithm M otherwise; both answer the same API.
//!
//! A solver can be reused: [`Solver::select`] puts an option into every solution
//! (as the search itself would try it) and [`Solver::unselect`] takes it back,
//! so one matrix serves any number of related problems — a Sudoku solver selects
//! the givens of each puzzle on a matrix built once. [`Solver::with_seed`] (or
//! [`Solver::shuffle`]) puts each item's options in a random order fixed by a
//! seed, the same on every machine: the solutions are the same, found in another
//! order, so the first one is a random sample — what a puzzle generator needs.
//!
//! The tree can also be looked at from outside: [`Solver::branch`] tells which
//! options the search would try next, [`Solver::split`] cuts the tree at a depth
//! into subproblems (lists of options to select) whose counts add up to the
//! whole — the unit of work of parallel and distributed searches: the
//! [`threads`] module answers every request and the memo's count on several
//! threads, as one thread answers them — and [`Solver::estimate`] is Knuth's
//! estimate of the tree's size by random probes, to tell before a count whether
//! it takes seconds or years.
//!
//! Counting can also merge identical subproblems: [`MemoCounter`] (and
//! [`Solver::count_memo`]) keeps the exact count of every state of the links
//! it has finished — the items still open, and with colors the secondary
//! items' colors — and adds it when the state comes back, which turns the
//! tilings of a 16×16 board from years into seconds. Its counts are
//! [`ExactCount`]s, of any size. Threads that count subproblems of one
//! problem can share one memo, within one budget: [`SharedMemo`].
//!
//! # One request, one answer
//!
//! Every caller that wants an answer rather than a raw walk asks through a
//! [`Request`] — a [`Goal`] (the first solution, unique or not, a count up
//! to a limit, every solution) and a [`Stop`] (a timeout per search, a
//! shared deadline, a flag raised from another thread such as a Ctrl-C
//! handler's) — and reads an [`Answer`]: its [`Status`] in the words every
//! output prints (`solved`, `unique`, `multiple`, `none`, `timeout`), a
//! [`Count`] that says whether it is exact or a lower bound (`N` or `N+`),
//! the solution when the goal keeps one, and the [`Stats`].
//! [`Solver::run`] answers one; [`Solver::run_with`] also streams the
//! solutions to a visitor. The rules — a count limited to N looks for N + 1
//! solutions to tell exactly N from more, which status each finding gets —
//! live in one place, the [`Pursuit`], which other engines (the Sudoku
//! solver, its naive depth-first search) drive the same way; the
//! [`request`] module documents them, and how a [`Stop`] works on targets
//! without a clock (WebAssembly).
//!
//! [`Solver::run_in_threads`] and [`Solver::run_with_threads`] answer the
//! same requests on several threads (the command line's `-j`), with one
//! stop and one limit for all of them, and [`MemoCounter::count_in_threads`]
//! counts with one shared memo: the [`threads`] module.
//!
//! Words that look alike name different things. A [`Count`] is a number of
//! solutions that says whether it is exact — a `u64` for the searches, an
//! [`ExactCount`] for the memo's counts: a number of any size, which is
//! what they outgrow `u64` into. A [`Stop`] is when a request gives up,
//! the same for any number of searches; an [`Alarm`] is a stop started for
//! one search, its timeout turned into a deadline from the moment the
//! search began; a [`Flag`] is one way a stop comes, raised from another
//! thread. [`Stats`] are the work of any search, the Sudoku engines'
//! included; [`MemoStats`] hold a memo count's `Stats` beside what the
//! memo did. An [`Answer`] names the engine that served it where a crate
//! has several.
//!
//! ```
//! use dance_dlx::{Goal, Request, Solver, Status, Stop, problems::n_queens};
//! use std::time::Duration;
//!
//! let request = Request::new(Goal::Count { limit: 10 }).with_stop(Stop::after(Duration::from_secs(60)));
//! let answer = Solver::new(&n_queens(6)).run(&request);
//! assert_eq!((answer.status, answer.count.to_string()), (Status::Multiple, "4".to_owned()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
//! Algorithm M). It is iterative with a stack of
//! levels allocated up front (`primary + 1` for Algorithm X), chooses the
//! primary item with the fewest options (MRV), and counts its work in [`Stats`]
//! (options tried, link updates) so runs can be compared across machines.
//! Cutting the tree into subproblems ([`Solver::split`]) and counting with a
//! memo ([`MemoCounter`]) are the same walk, over matrices wrapped around
//! Algorithm X's: `dlx` has one loop.
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
//! let mut solution = solver.first().expect("one solution");
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

mod answer;
mod bitsets;
mod cost;
pub mod driver;
mod exact;
mod ids;
mod links;
mod memo;
mod model;
mod multiplicity;
mod names;
pub mod ordered;
mod preprocess;
pub mod problems;
pub mod request;
mod rng;
mod run;
mod search;
mod split;
mod verify;
pub mod zdd;

mod text;
pub mod threads;

pub use answer::{Answer, Status};
pub use cost::LOOK_AHEAD;
pub use driver::{Choice, Event, Stats};
pub use ids::{ColorId, ItemId, OptionId};
pub use memo::{
    DEFAULT_MEMORY_LIMIT, DEFAULT_MEMORY_MB, ExactCount, MAX_MEMORY_MB, MemoCounter, MemoError,
    MemoStats, OptionOrder, SharedMemo, memory_of_mb,
};
pub use model::{BuildError, Entry, ItemKind, Problem, ProblemBuilder};
pub use preprocess::{PreprocessError, Reduction, preprocess};
pub use request::{
    Alarm, CHECK_INTERVAL, Flag, Goal, MAX_BEST, Pursuit, Request, Resume, Stop, TimeoutError,
    WORK_PER_LOOK, deadline_in, nodes_per_look, timeout_from_secs,
};
pub use rng::SplitMix64;
pub use search::{Count, DeadEnds, Next, Representation, SelectError, Solutions, Solver};
pub use split::{
    DEFAULT_PROBES, Estimate, PARTS_COST_PER_ENTRY, PARTS_MAX_DEPTH, PARTS_PER_THREAD, SplitError,
};
pub use text::{
    LINE_CAP, OptionDisplay, SyntaxError, TextError, WriteError, parse_problem, read_problem,
    write_problem,
};
pub use threads::Progress;
pub use verify::Defect;
pub use zdd::{Zdd, ZddError, ZddNode, ZddReadError, ZddSolutions, ZddSyntax};
