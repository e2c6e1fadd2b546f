//! The layout's reason in numbers: `dlx`'s index-based toroidal list (two
//! flat vectors, 32-bit links, consecutive option nodes) against a
//! pointer-based Dancing Links whose nodes live in a `typed_arena::Arena`
//! with links as `Cell<Option<&Node>>` — the design the brief named, in safe
//! Rust. Both count every solution of the same problems from
//! `dance_dlx::problems`, single-threaded, with the same algorithm: Knuth's DLX1
//! (Algorithm X, secondary items covered like primary ones but never
//! chosen), the same MRV rule (the first item of fewest options, stopping at
//! a length of 1), options tried top to bottom, items in the same order. So
//! both make the same search tree and the same link updates, which the bench
//! checks (solutions, options tried and updates equal) before timing.
//!
//! Both matrices are built **outside** the timed loop and each iteration is
//! one full count, which leaves each matrix as it found it: the figure is the
//! search alone.
//!
//! `cargo bench --bench arena`; `cargo bench --bench arena -- queens` for some
//! groups. For an instruction count of one search, set `ARENA_ONE` to a
//! problem and a side and run the bench binary under callgrind, collecting
//! only inside the count:
//!
//! ```sh
//! cargo bench --bench arena --no-run   # prints the binary's path
//! ARENA_ONE=queens11/arena valgrind --tool=callgrind \
//!     --toggle-collect='*count_once*' target/release/deps/arena-HASH
//! ```

use std::cell::Cell;
use std::hint::black_box;
use std::ptr;
use std::time::Duration;

use criterion::Criterion;
use dance_dlx::problems::{langford, n_queens, pentominoes};
use dance_dlx::{ItemKind, Problem, Solver};
use typed_arena::Arena;

/// A link: `None` only between a node's allocation and its linking, since
/// safe Rust cannot allocate a node that already points at itself.
type Link<'a> = Cell<Option<&'a Node<'a>>>;

/// A node of the pointer-based list: an item's header (its column's head,
/// and a member of the list of active items) or one item of an option (in
/// its item's column and in its option's circular row). 48 bytes on a
/// 64-bit machine, against 12 for a node of `dlx`'s list.
struct Node<'a> {
    left: Link<'a>,
    right: Link<'a>,
    up: Link<'a>,
    down: Link<'a>,
    /// The header of the node's item (`None` in a header).
    top: Option<&'a Node<'a>>,
    /// How many options are active in the column (headers only).
    len: Cell<u32>,
}

/// Follows a link set by [`build`].
#[inline(always)]
fn at<'a>(link: &Link<'a>) -> &'a Node<'a> {
    link.get().expect("every link is set by build")
}

impl<'a> Node<'a> {
    fn new(top: Option<&'a Node<'a>>) -> Node<'a> {
        Node {
            left: Cell::new(None),
            right: Cell::new(None),
            up: Cell::new(None),
            down: Cell::new(None),
            top,
            len: Cell::new(0),
        }
    }

    #[inline(always)]
    fn top(&self) -> &'a Node<'a> {
        self.top.expect("a node of an option has an item")
    }
}

/// The work of a search, as `dance_dlx::Stats` counts it.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    solutions: u64,
    /// Options tried.
    nodes: u64,
    /// Nodes unlinked from their columns.
    updates: u64,
}

/// Builds the pointer-based list of `problem` in `arena` and returns its
/// root: primary items in the root's list in declaration order, secondary
/// items with headers linked to themselves (never chosen), options in order
/// at the bottom of their columns.
fn build<'a>(arena: &'a Arena<Node<'a>>, problem: &Problem) -> &'a Node<'a> {
    let root: &Node = arena.alloc(Node::new(None));
    for link in [&root.left, &root.right, &root.up, &root.down] {
        link.set(Some(root));
    }
    let mut headers: Vec<Option<&Node>> = vec![None; problem.item_count()];
    for kind in [ItemKind::Primary, ItemKind::Secondary] {
        for item in problem.items().filter(|&i| problem.item_kind(i) == kind) {
            let header: &Node = arena.alloc(Node::new(None));
            header.up.set(Some(header));
            header.down.set(Some(header));
            if kind == ItemKind::Primary {
                let last = at(&root.left);
                header.left.set(Some(last));
                header.right.set(Some(root));
                last.right.set(Some(header));
                root.left.set(Some(header));
            } else {
                header.left.set(Some(header));
                header.right.set(Some(header));
            }
            headers[item.index()] = Some(header);
        }
    }
    for (_, entries) in problem.options() {
        let mut first: Option<&Node> = None;
        for entry in entries {
            assert!(entry.color.is_none(), "the pointer version has no colors");
            let header = headers[entry.item.index()].expect("every item has a header");
            let node: &Node = arena.alloc(Node::new(Some(header)));
            let bottom = at(&header.up);
            node.up.set(Some(bottom));
            node.down.set(Some(header));
            bottom.down.set(Some(node));
            header.up.set(Some(node));
            header.len.set(header.len.get() + 1);
            match first {
                None => {
                    node.left.set(Some(node));
                    node.right.set(Some(node));
                    first = Some(node);
                }
                Some(first) => {
                    let last = at(&first.left);
                    node.left.set(Some(last));
                    node.right.set(Some(first));
                    last.right.set(Some(node));
                    first.left.set(Some(node));
                }
            }
        }
    }
    root
}

/// Removes every option of `item`'s column from the other columns, then
/// `item` from the list of active items.
#[inline(always)]
fn cover<'a>(item: &'a Node<'a>, tally: &mut Tally) {
    let mut row = at(&item.down);
    while !ptr::eq(row, item) {
        let mut node = at(&row.right);
        while !ptr::eq(node, row) {
            let (up, down) = (at(&node.up), at(&node.down));
            up.down.set(Some(down));
            down.up.set(Some(up));
            let top = node.top();
            top.len.set(top.len.get() - 1);
            tally.updates += 1;
            node = at(&node.right);
        }
        row = at(&row.down);
    }
    let (left, right) = (at(&item.left), at(&item.right));
    left.right.set(Some(right));
    right.left.set(Some(left));
}

/// Undoes [`cover`], in the reverse order.
#[inline(always)]
fn uncover<'a>(item: &'a Node<'a>) {
    let (left, right) = (at(&item.left), at(&item.right));
    left.right.set(Some(item));
    right.left.set(Some(item));
    let mut row = at(&item.up);
    while !ptr::eq(row, item) {
        let mut node = at(&row.left);
        while !ptr::eq(node, row) {
            let top = node.top();
            top.len.set(top.len.get() + 1);
            at(&node.up).down.set(Some(node));
            at(&node.down).up.set(Some(node));
            node = at(&node.left);
        }
        row = at(&row.up);
    }
}

/// Algorithm X below the current level: counts the solutions into `tally`.
fn search<'a>(root: &'a Node<'a>, tally: &mut Tally) {
    let first = at(&root.right);
    if ptr::eq(first, root) {
        tally.solutions += 1;
        return;
    }
    let (mut best, mut best_len) = (first, first.len.get());
    let mut item = first;
    while best_len > 1 {
        item = at(&item.right);
        if ptr::eq(item, root) {
            break;
        }
        let len = item.len.get();
        if len < best_len {
            (best, best_len) = (item, len);
        }
    }
    if best_len == 0 {
        return;
    }
    cover(best, tally);
    let mut row = at(&best.down);
    while !ptr::eq(row, best) {
        tally.nodes += 1;
        let mut node = at(&row.right);
        while !ptr::eq(node, row) {
            cover(node.top(), tally);
            node = at(&node.right);
        }
        search(root, tally);
        let mut node = at(&row.left);
        while !ptr::eq(node, row) {
            uncover(node.top());
            node = at(&node.left);
        }
        row = at(&row.down);
    }
    uncover(best);
}

/// One count with the pointer-based list: what the `arena` side times.
#[inline(never)]
fn count_once_arena<'a>(root: &'a Node<'a>) -> Tally {
    let mut tally = Tally::default();
    search(root, &mut tally);
    tally
}

/// One count with `dlx`'s solver: what the `dance` side times.
#[inline(never)]
fn count_once_dance(solver: &mut Solver) -> u64 {
    solver.count()
}

/// The problems raced, with their known counts.
fn problems() -> Vec<(&'static str, Problem, u64)> {
    vec![
        ("queens11", n_queens(11), 2_680),
        ("queens12", n_queens(12), 14_200),
        ("langford10", langford(10), 0),
        ("langford11", langford(11), 35_584),
        ("pentominoes3x20", pentominoes(3, 20), 8),
    ]
}

/// Benches both sides counting `problem`, after checking that they count
/// `expected` solutions with the same options tried and the same updates.
fn race(c: &mut Criterion, name: &str, problem: &Problem, expected: u64) {
    let arena = Arena::new();
    let root = build(&arena, problem);
    let mut solver = Solver::new(problem);
    let ours = count_once_dance(&mut solver);
    let stats = solver.stats();
    let theirs = count_once_arena(root);
    assert_eq!(ours, expected, "{name}: dance");
    assert_eq!(
        theirs,
        Tally {
            solutions: expected,
            nodes: stats.nodes,
            updates: stats.updates,
        },
        "{name}: the two sides must do the same work"
    );
    let mut group = c.benchmark_group(format!("arena/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200));
    group.bench_function("dance", |b| {
        b.iter(|| black_box(count_once_dance(&mut solver)))
    });
    group.bench_function("arena", |b| {
        b.iter(|| black_box(count_once_arena(root).solutions))
    });
    group.finish();
}

fn main() {
    if let Ok(one) = std::env::var("ARENA_ONE") {
        let (name, side) = one.split_once('/').expect("ARENA_ONE=PROBLEM/dance|arena");
        let (_, problem, expected) = problems()
            .into_iter()
            .find(|(n, ..)| *n == name)
            .expect("ARENA_ONE names a problem of the bench");
        let solutions = match side {
            "dance" => count_once_dance(&mut Solver::new(&problem)),
            "arena" => count_once_arena(build(&Arena::new(), &problem)).solutions,
            other => panic!("ARENA_ONE side `{other}`: expected dance or arena"),
        };
        assert_eq!(solutions, expected);
        println!("{name}/{side}: {solutions} solutions");
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    for (name, problem, expected) in problems() {
        race(&mut criterion, name, &problem, expected);
    }
    criterion.final_summary();
}
