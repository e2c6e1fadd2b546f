//! Every solution of a problem as a ZDD (a zero-suppressed decision
//! diagram), as Knuth's DLX6 makes it ([`Goal::Zdd`](crate::Goal::Zdd)):
//! the memo's search, where a state's
//! result is the node of its subproblem's solutions rather than their
//! number (after Nishino, Yasuda, Minato and Nagata, *Dancing with Decision
//! Diagrams*, AAAI 2017).
//!
//! A node is `(OPT, LO, HI)`: the solutions it stands for are those of `LO`
//! (option `OPT` not taken) and those of `HI` with `OPT` added (taken). The
//! sinks are node 0 (no solution) and node 1 (one solution, the empty set).
//! The search builds, at each state, DLX6's chain: one node per option of
//! the chosen item whose subtree has a solution, the last option tried on
//! top, each node's `LO` the node of the options tried before it. The
//! diagram is *reduced*: no node has `HI = 0` (an option with no solution
//! below it makes no node), and no two nodes are alike (a unique table
//! gives every `(OPT, LO, HI)` one node) — DLX6 makes a node per option
//! and per state searched, so its diagram has a node for each copy. Like
//! DLX6's, it is not *ordered*: the options along a path come in the
//! search's order, which is not one order for every path. Counting,
//! listing and sampling do not need an order.
//!
//! Problems with multiplicities (Algorithm M's bounds) are built as DLX6
//! builds them: a level on item `p` tries "the first option of `p` still
//! to be used is `x_j`" for `j = 1, 2, …`, then the null move (no further
//! option of `p`) when `p`'s lower bound is met; its chain is the nodes
//! `(x_j, LO, HI = x_j's child)` whose bottom `LO` is the null move's child
//! (the 0 sink when there is none). A solution is still a set of options.
//! The states are keyed as the memo keys them (see
//! [`Goal::MemoCount`](crate::Goal::MemoCount)).
//!
//! From the diagram, without searching again: the [number of
//! solutions](Zdd::count) (the paths to node 1, added up from the sinks,
//! exactly, whatever their size), the [number through each
//! option](Zdd::count_through), the [solutions one by
//! one](Zdd::solutions), and [uniformly random ones](Zdd::sample): a
//! number `r` drawn uniformly below the count names one solution, and a
//! walk from the top takes `HI` when `r` is below `HI`'s count, else
//! subtracts that count and takes `LO`.
//!
//! The text format is that of DLX6 and of Knuth's ZDDREAD and BDD15: one
//! line per node, `ID: (~OPT?LO:HI)`, ids in hexadecimal, options numbered
//! from 1 in the problem's order, children before their parents, and a
//! dummy root `(~0?0:TOP)` last. [`Zdd::read_dlx6`] reads it back — DLX6's
//! own output too, which it reduces.
//!
//! ```
//! use dance_dlx::{Goal, Request, Solver, SplitMix64, problems::domino_tilings};
//!
//! let problem = domino_tilings(4, 4);
//! let answer = Solver::new(&problem).run(&Request::new(Goal::Zdd { memory: 64 << 20 }));
//! let zdd = answer.findings.into_zdd().expect("a diagram");
//! assert_eq!(*zdd.count(), 36);
//! let mut rng = SplitMix64::new(7);
//! let tiling = zdd.sample(&mut rng).expect("a tiling");
//! assert!(problem.check(&tiling).is_ok());
//! assert_eq!(zdd.solutions().count(), 36);
//! let text = zdd.to_string();
//! assert_eq!(text.parse::<dance_dlx::Zdd>()?, zdd);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod text;

use std::fmt;

use num_bigint::BigUint;

use crate::contract::count::BigCount;
use crate::hash::MixMap;
use crate::model::ids::OptionId;
use crate::rng::SplitMix64;
pub use text::{ZddReadError, ZddSyntax};

/// Why no ZDD was built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ZddError {
    /// The [`Stop`](crate::Stop) came before the search was over: a part of the
    /// diagram is not one.
    #[error("the search was stopped before the ZDD was complete")]
    Stopped,
    /// The diagram needs more than 2³² − 2 nodes.
    #[error("the ZDD needs more than 4294967294 nodes")]
    TooManyNodes,
}

/// A node as stored: the option's index (`u32::MAX` for the sinks), `LO`
/// and `HI`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Node {
    pub(crate) option: u32,
    pub(crate) lo: u32,
    pub(crate) hi: u32,
}

impl Node {
    pub(crate) const SINK: Node = Node {
        option: u32::MAX,
        lo: 0,
        hi: 0,
    };
}

/// One node of a [`Zdd`], as its line in the text format names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZddNode {
    /// The node's id: 2 and up (0 and 1 are the sinks).
    pub id: u32,
    /// The option the node decides.
    pub option: OptionId,
    /// The node of the solutions without the option.
    pub lo: u32,
    /// The node of the solutions with it (never 0).
    pub hi: u32,
}

/// Every solution of a problem as a reduced ZDD: see the [module
/// docs](self). Equal diagrams have equal nodes, ids included: built or
/// read, nodes are numbered in one order (a walk from the top, `LO` before
/// `HI`, children first). The number of options of the problem is not part
/// of the diagram: a diagram read back from its text equals the one written.
#[derive(Clone, Debug)]
pub struct Zdd {
    /// `nodes[0]` and `nodes[1]` stand for the sinks; every node's children
    /// come before it.
    nodes: Vec<Node>,
    /// The node of every solution (the dummy root's `HI`).
    top: u32,
    /// The number of solutions below each node.
    counts: Vec<BigCount>,
    /// Options of the problem (one more than the highest option in a node,
    /// for a diagram read from text).
    options: usize,
}

impl PartialEq for Zdd {
    fn eq(&self, other: &Zdd) -> bool {
        self.top == other.top && self.nodes == other.nodes
    }
}

impl Eq for Zdd {}

impl Zdd {
    /// The reduced diagram of `top` in `nodes` (children before parents,
    /// `nodes[0..2]` the sinks), renumbered in the walk's order: from the
    /// top, `LO`'s nodes, then `HI`'s, then the node. A node with `HI = 0`
    /// becomes its `LO`, alike nodes become one, unreachable ones go —
    /// unless `reduced` says that `nodes` are reduced already (no node with
    /// `HI = 0`, none alike), which the renumbering keeps them.
    pub(crate) fn canonical(
        nodes: &[Node],
        top: u32,
        options: usize,
        reduced: bool,
    ) -> Result<Zdd, ZddError> {
        // The new id of each old node, once placed.
        const UNSEEN: u32 = u32::MAX;
        let mut new = vec![UNSEEN; nodes.len()];
        new[0] = 0;
        if nodes.len() > 1 {
            new[1] = 1;
        }
        let mut unique = Unique::new();
        let mut stack = vec![top];
        while let Some(&n) = stack.last() {
            if new[n as usize] != UNSEEN {
                stack.pop();
                continue;
            }
            let node = nodes[n as usize];
            let (lo, hi) = (new[node.lo as usize], new[node.hi as usize]);
            if lo == UNSEEN {
                stack.push(node.lo);
            } else if hi == UNSEEN {
                stack.push(node.hi);
            } else {
                new[n as usize] = if hi == 0 {
                    lo
                } else if reduced {
                    unique.push(Node {
                        option: node.option,
                        lo,
                        hi,
                    })
                } else {
                    unique.node(node.option, lo, hi)?
                };
                stack.pop();
            }
        }
        let nodes = unique.nodes;
        let mut counts = vec![BigCount::ZERO, BigCount::from(1u64)];
        counts.reserve(nodes.len() - 2);
        for node in &nodes[2..] {
            let mut count = counts[node.lo as usize].clone();
            count += &counts[node.hi as usize];
            counts.push(count);
        }
        Ok(Zdd {
            nodes,
            top: new[top as usize],
            counts,
            options,
        })
    }

    /// The number of solutions, exactly.
    pub fn count(&self) -> &BigCount {
        &self.counts[self.top as usize]
    }

    /// The nodes, sinks and dummy root aside: what [`Display`](fmt::Display)
    /// writes but the root.
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 2
    }

    /// The node of every solution: the dummy root's `HI` (0 when there is
    /// no solution, 1 when the only one is empty).
    pub fn top(&self) -> u32 {
        self.top
    }

    /// Options of the problem: for a diagram read from text, one more than
    /// the highest option index in it.
    pub fn option_count(&self) -> usize {
        self.options
    }

    /// The nodes in the order they are written (children first), sinks and
    /// dummy root aside.
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = ZddNode> + '_ {
        self.nodes[2..].iter().enumerate().map(|(k, node)| ZddNode {
            // Ids fit u32: the unique table made them.
            id: k as u32 + 2,
            option: OptionId(node.option),
            lo: node.lo,
            hi: node.hi,
        })
    }

    /// The number of solutions below node `id` (0 for an id that is not a
    /// node's).
    pub fn count_below(&self, id: u32) -> BigCount {
        self.counts
            .get(id as usize)
            .cloned()
            .unwrap_or(BigCount::ZERO)
    }

    /// The number of solutions that contain each option, indexed by the
    /// option's [`index`](OptionId::index) (of length
    /// [`option_count`](Self::option_count)).
    pub fn count_through(&self) -> Vec<BigCount> {
        let zero = BigUint::ZERO;
        // Paths from the top to each node.
        let mut paths = vec![zero.clone(); self.nodes.len()];
        let mut through = vec![zero; self.options];
        paths[self.top as usize] = BigUint::from(1u32);
        for n in (2..self.nodes.len()).rev() {
            if paths[n] == BigUint::ZERO {
                continue;
            }
            let node = self.nodes[n];
            let ways = std::mem::take(&mut paths[n]);
            through[node.option as usize] += &ways * self.counts[node.hi as usize].to_biguint();
            paths[node.lo as usize] += &ways;
            paths[node.hi as usize] += ways;
        }
        through.into_iter().map(BigCount::from).collect()
    }

    /// The solutions one by one, each as its options from the top of the
    /// diagram down; the paths from the top, `HI` before `LO`.
    pub fn solutions(&self) -> ZddSolutions<'_> {
        ZddSolutions {
            zdd: self,
            path: Vec::new(),
            descend: Some(self.top),
        }
    }

    /// A solution drawn uniformly at random with `rng` (each solution with
    /// probability 1 / [`count`](Self::count), exactly, whatever the
    /// count's size), its options from the top of the diagram down; `None`
    /// when there is no solution. The same generator state gives the same
    /// solution on every machine.
    pub fn sample(&self, rng: &mut SplitMix64) -> Option<Vec<OptionId>> {
        let total = self.count();
        if total.is_zero() {
            return None;
        }
        Some(match total.to_u128() {
            Some(total) => self.path_to(below_u128(rng, total), |count| {
                count
                    .to_u128()
                    .expect("a count below a count that fits fits")
            }),
            None => self.path_to(below_big(rng, &total.to_biguint()), BigCount::to_biguint),
        })
    }

    /// The `r`-th solution (from 0) in the order of [`solutions`](Self::solutions),
    /// counted in `T` (`u128` where the count fits, else a big integer):
    /// at each node, the solutions through `HI` come first.
    fn path_to<T: PartialOrd + std::ops::SubAssign>(
        &self,
        mut r: T,
        value: impl Fn(&BigCount) -> T,
    ) -> Vec<OptionId> {
        let mut options = Vec::new();
        let mut n = self.top;
        while n > 1 {
            let node = self.nodes[n as usize];
            let hi = value(&self.counts[node.hi as usize]);
            if r < hi {
                options.push(OptionId(node.option));
                n = node.hi;
            } else {
                r -= hi;
                n = node.lo;
            }
        }
        options
    }

    /// Reads a diagram in DLX6's text format (see the [module docs](self)):
    /// lines `ID: (~OPT?LO:HI)` in any order, one of them the root with
    /// option 0 and `LO` 0. The diagram read is reduced (DLX6's is not).
    /// Errors name the line and column.
    pub fn read_dlx6(text: &str) -> Result<Zdd, ZddReadError> {
        text::read(text)
    }
}

impl std::str::FromStr for Zdd {
    type Err = ZddReadError;

    fn from_str(text: &str) -> Result<Zdd, ZddReadError> {
        Zdd::read_dlx6(text)
    }
}

/// DLX6's text format: a line per node, children first, then the dummy
/// root `(~0?0:TOP)`; options numbered from 1.
impl fmt::Display for Zdd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (node, id) in self.nodes[2..].iter().zip(2u32..) {
            writeln!(
                f,
                "{id:x}: (~{}?{:x}:{:x})",
                u64::from(node.option) + 1,
                node.lo,
                node.hi
            )?;
        }
        writeln!(f, "{:x}: (~0?0:{:x})", self.nodes.len(), self.top)
    }
}

/// A number drawn uniformly from `0..n`, `n > 0`: the bits of `n`'s width,
/// drawn again when they reach `n` (fewer than two draws on average).
fn below_u128(rng: &mut SplitMix64, n: u128) -> u128 {
    let bits = 128 - (n - 1).leading_zeros();
    loop {
        let r = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
        let r = if bits == 0 { 0 } else { r >> (128 - bits) };
        if r < n {
            return r;
        }
    }
}

/// [`below_u128`] for a big `n`.
fn below_big(rng: &mut SplitMix64, n: &BigUint) -> BigUint {
    let bits = n.bits();
    let words = bits.div_ceil(64) as usize;
    let spare = words as u64 * 64 - bits;
    loop {
        let mut digits = Vec::with_capacity(2 * words);
        for k in 0..words {
            let mut word = rng.next_u64();
            if k + 1 == words {
                word >>= spare;
            }
            digits.push(word as u32);
            digits.push((word >> 32) as u32);
        }
        let r = BigUint::new(digits);
        if &r < n {
            return r;
        }
    }
}

/// The solutions of a [`Zdd`], one by one: see [`Zdd::solutions`]. Fused.
#[derive(Clone, Debug)]
pub struct ZddSolutions<'a> {
    zdd: &'a Zdd,
    /// The nodes whose `HI` the current path took.
    path: Vec<u32>,
    /// The node to go down from next, if any.
    descend: Option<u32>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let nodes = &self.zdd.nodes;
        loop {
            if let Some(mut n) = self.descend.take()
                && n != 0
            {
                // Every node's HI has a solution: HI until the 1 sink.
                while n > 1 {
                    self.path.push(n);
                    n = nodes[n as usize].hi;
                }
                return Some(
                    self.path
                        .iter()
                        .map(|&n| OptionId(nodes[n as usize].option))
                        .collect(),
                );
            }
            let last = self.path.pop()?;
            self.descend = Some(nodes[last as usize].lo);
        }
    }
}

impl std::iter::FusedIterator for ZddSolutions<'_> {}

/// The nodes made so far, each once: `nodes[0]` and `nodes[1]` stand for
/// the sinks, and every node's children come before it.
#[derive(Default)]
pub(crate) struct Unique {
    pub(crate) nodes: Vec<Node>,
    table: MixMap<Node, u32>,
}

impl Unique {
    pub(crate) fn new() -> Unique {
        Unique {
            nodes: vec![Node::SINK; 2],
            table: MixMap::default(),
        }
    }

    /// Appends `node`, known to be new, without the table; its id fits,
    /// since it had one in a table as large.
    #[inline]
    pub(crate) fn push(&mut self, node: Node) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// The node `(option, lo, hi)`, made if it is new; `hi` is never 0.
    #[inline]
    pub(crate) fn node(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, ZddError> {
        debug_assert!(hi != 0, "a node with HI = 0 is its LO");
        let node = Node { option, lo, hi };
        if let Some(&id) = self.table.get(&node) {
            return Ok(id);
        }
        let id = u32::try_from(self.nodes.len()).map_err(|_| ZddError::TooManyNodes)?;
        if id == u32::MAX {
            return Err(ZddError::TooManyNodes);
        }
        self.nodes.push(node);
        self.table.insert(node, id);
        Ok(id)
    }
}

/// Hashes for the reader's map of ids.
type IdMap = MixMap<u64, u32>;
