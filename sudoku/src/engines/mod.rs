//! The Sudoku engines, and the one place that chooses among them.
//!
//! A [`Request`](crate::Request) names an [`Engine`]: what the caller
//! wants — the fastest search for the shape (`fast`), the generic Dancing
//! Links engine (`dlx`) or the naive depth-first search (`dfs`). An
//! [`EngineKind`] is what serves it: one of the six engines below. Each
//! engine says what it serves ([`EngineKind::serves`]: the shapes and
//! variants, pencilmark puzzles; [`EngineKind::shuffles`]: random option
//! orders) and which tree it walks ([`EngineKind::walks_algorithm_x`]); every engine answers every
//! [`Goal`](crate::Goal), through the same [`Tally`](dance_dlx::Tally).
//! `choose` picks, as the meta strategy of a regex engine does: the first
//! engine of the requested [`Engine`]'s family, fastest first, that serves
//! the puzzle and walks the [`Tree`] asked for. Nothing else in the crate
//! decides ([`Solver::engine_kind`](crate::Solver::engine_kind) asks it in
//! public), and every [`Answer`](crate::Answer) says which engine served
//! ([`Answer::engine`](dance_dlx::Answer::engine)).
//!
//! What each engine serves and which tree it walks is described once, in
//! the engine table of `docs/design.md` ("The engines"); in short:
//! [`Deductions`](EngineKind::Deductions), [`Bands`](EngineKind::Bands),
//! [`Bitboards`](EngineKind::Bitboards), [`Kernel`](EngineKind::Kernel),
//! [`Dlx`](EngineKind::Dlx) (the generic engine), [`Dfs`](EngineKind::Dfs)
//! (the naive search).
//!
//! `fast` is every engine but the last, in that order; `dlx` is the generic
//! engine alone; `dfs` the naive search alone. Asking `fast` for
//! [`Tree::AlgorithmX`] skips the deductions engine. Nothing falls back
//! silently: each family ends with an engine that serves every puzzle
//! (the generic engine, or the naive search), which serves what the faster
//! ones do not; the one substitute is the naive search asked for
//! [`Tree::AlgorithmX`], which walks its own tree whatever the tree asked —
//! the answer's [`Answer::engine`](dance_dlx::Answer::engine) says which served.
//! Only the generic engine can search in a random option order
//! ([`EngineKind::shuffles`]): the generator's random grids ask for it.
//!
//! The engines without their own loop — all but the naive search — are
//! matrices walked by the one search driver of `dlx`
//! ([`dance_dlx::driver`]): `engines/search.rs` says what the solver asks of them.

pub(crate) mod bands;
pub(crate) mod bitboards;
pub(crate) mod deductions;
pub mod dfs;
pub(crate) mod dlx;
pub(crate) mod kernel;
pub(crate) mod search;

use std::fmt;

use crate::{Engine, Puzzle, Shape, Variant};
use bands::Bands;
use bitboards::Bitboards;
use deductions::Deductions;
use dlx::Generic;
use kernel::Kernel;
use search::{Driven, ShapeSearch};

/// The engine that serves a puzzle: what `choose` picks for a request's
/// [`Engine`], and what an [`Answer`](crate::Answer) reports
/// ([`Answer::engine`](dance_dlx::Answer::engine)), so that a figure can name
/// what did the work. See the [module docs](self) for what each serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum EngineKind {
    /// Bands of bits with deductions of their own (singles, locked
    /// candidates both ways, triads) and a search tree of their own, not
    /// Algorithm X's, without dancing links: `fast` on the classic 9×9
    /// shape ([`Tree::Deductions`]).
    Deductions,
    /// Algorithm X on bands of bits, forced choices made in bulk with word
    /// operations, without dancing links: the classic 9×9 shape on
    /// [`Tree::AlgorithmX`], and the rating's engine there.
    Bands,
    /// Algorithm X on bitboards, without dancing links: 9×9 jigsaw shapes.
    Bitboards,
    /// Dancing Links specialised for options of exactly four items:
    /// standard and jigsaw sizes up to 8, and 25.
    Kernel,
    /// The generic Dancing Links engine of the `dlx` crate on the shape's
    /// exact cover: every other shape, the variants, pencilmark puzzles,
    /// and every puzzle under [`Engine::Dlx`].
    Dlx,
    /// The naive depth-first search of [`dfs`] ([`Engine::Dfs`]).
    Dfs,
}

/// Which search tree [`Engine::Fast`] walks where the shape gives it the
/// choice ([`Solver::set_tree`](crate::Solver::set_tree)). Both give the
/// same counts and verdicts; a puzzle with several solutions may get a
/// different first one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tree {
    /// The deductions engine's tree where it serves (the classic 9×9
    /// shape), Algorithm X's elsewhere: the fastest. Its deductions remove
    /// candidates that Algorithm X keeps and it branches on configurations
    /// of a digit in a band, so it makes 0.14–0.40 of Algorithm X's guesses
    /// for a first solution on the shipped sets (`benches/ref_guesses.sh`;
    /// [`EngineKind::Deductions`]).
    #[default]
    Deductions,
    /// Algorithm X's, as the generic engine walks it with the MRV rule: the
    /// same guesses, and the same solutions in the same order, on every
    /// shape. The rating ([`crate::rate`]) is defined on it.
    AlgorithmX,
}

/// What a search asks of an engine beyond the puzzle: the [`Engine`] of
/// the request and the [`Tree`] of the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ask {
    /// The family to choose from.
    pub(crate) engine: Engine,
    /// The tree `fast` may walk.
    pub(crate) tree: Tree,
    /// Whether the search needs a random option order (the generator's
    /// random grids).
    pub(crate) shuffled: bool,
}

impl EngineKind {
    /// Every engine, in the order `choose` prefers them: fastest first.
    pub const ALL: [EngineKind; 6] = [
        EngineKind::Deductions,
        EngineKind::Bands,
        EngineKind::Bitboards,
        EngineKind::Kernel,
        EngineKind::Dlx,
        EngineKind::Dfs,
    ];

    /// The word printed for it (`--stats`, `--output json`, Python):
    /// `deductions`, `bands`, `bitboards`, `kernel`, `dlx` or `dfs`.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Deductions => "deductions",
            EngineKind::Bands => "bands",
            EngineKind::Bitboards => "bitboards",
            EngineKind::Kernel => "kernel",
            EngineKind::Dlx => "dlx",
            EngineKind::Dfs => "dfs",
        }
    }

    /// A short description of the engine, for labels.
    pub fn describe(self) -> &'static str {
        match self {
            EngineKind::Deductions => {
                "bands with own deductions and own search tree, not Algorithm X's (no dancing links)"
            }
            EngineKind::Bands => "Algorithm X on bands, forced choices in bulk (no dancing links)",
            EngineKind::Bitboards => "Algorithm X on bitboards (no dancing links)",
            EngineKind::Kernel => "Dancing Links, the four-item Sudoku kernel",
            EngineKind::Dlx => "Dancing Links, the generic engine",
            EngineKind::Dfs => "naive depth-first search",
        }
    }

    /// Whether it serves puzzles of `shape` (pencilmark puzzles when
    /// `pencilmark`). The generic engine and the naive search serve every
    /// puzzle.
    pub fn serves(self, shape: &Shape, pencilmark: bool) -> bool {
        let plain = shape.variant() == Variant::Standard && !pencilmark;
        match self {
            EngineKind::Deductions | EngineKind::Bands => plain && Bands::serves(shape),
            EngineKind::Bitboards => plain && Bitboards::serves(shape),
            EngineKind::Kernel => plain && Kernel::serves(shape),
            EngineKind::Dlx | EngineKind::Dfs => true,
        }
    }

    /// Whether it can search in a random option order (the generator's
    /// random grids): the generic engine alone.
    pub fn shuffles(self) -> bool {
        self == EngineKind::Dlx
    }

    /// Whether it walks Algorithm X's tree: the generic engine's guesses,
    /// and its solutions in its order. All but the deductions engine and
    /// the naive search do.
    pub fn walks_algorithm_x(self) -> bool {
        !matches!(self, EngineKind::Deductions | EngineKind::Dfs)
    }

    /// The engines `engine` chooses from: the faster ones that serve some
    /// puzzles, in order of preference, and the one that serves every
    /// puzzle.
    fn family(engine: Engine) -> (&'static [EngineKind], EngineKind) {
        match engine {
            Engine::Fast => (&EngineKind::ALL[..4], EngineKind::Dlx),
            Engine::Dlx => (&[], EngineKind::Dlx),
            Engine::Dfs => (&[], EngineKind::Dfs),
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The one choice of engine: the first of `ask.engine`'s family that
/// serves `shape` (`pencilmark` for a pencilmark puzzle) and walks
/// `ask.tree` — every engine walks the tree of [`Tree::Deductions`], which
/// only prefers the fastest — and shuffles its options if `ask.shuffled`;
/// or else the family's last, which serves every puzzle (and walks
/// Algorithm X's tree and shuffles, but for the naive search). See the
/// [module docs](self).
pub(crate) fn choose(shape: &Shape, pencilmark: bool, ask: Ask) -> EngineKind {
    let (faster, last) = EngineKind::family(ask.engine);
    faster
        .iter()
        .copied()
        .find(|kind| {
            kind.serves(shape, pencilmark)
                && (ask.tree == Tree::Deductions || kind.walks_algorithm_x())
                && (!ask.shuffled || kind.shuffles())
        })
        .unwrap_or(last)
}

/// The engine of `kind` for `puzzle`, as `choose` picked it; `None` for
/// the naive search, which keeps no matrix (and, never, for an engine
/// that does not serve the puzzle: a test holds `choose` to that).
pub(crate) fn build(puzzle: &Puzzle, kind: EngineKind) -> Option<Box<dyn ShapeSearch>> {
    let shape = puzzle.shape();
    match kind {
        EngineKind::Deductions => Deductions::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        EngineKind::Bands => Bands::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        EngineKind::Bitboards => Bitboards::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        EngineKind::Kernel => Kernel::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        EngineKind::Dlx if puzzle.is_pencilmark() => Some(Box::new(Generic::pencilmark(puzzle))),
        EngineKind::Dlx => Some(Box::new(Generic::new(shape))),
        EngineKind::Dfs => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9×9 region map.
    const JIGSAW: [u8; 81] =
        *b"aaaabbcccaabbbbcccaaaebbcccdddebffffdddeeeeffdgdeeeiffggdhhhifiggghhiiiiggghhhhii";

    fn shapes() -> Vec<Shape> {
        let labels = JIGSAW.map(|b| b - b'a');
        // Every size that has boxes.
        let mut shapes: Vec<Shape> = (1..=25).filter_map(|n| Shape::boxed(n).ok()).collect();
        shapes.push(Shape::jigsaw(9, &labels).unwrap());
        shapes.push(Shape::boxed(9).unwrap().with_variant(Variant::X));
        shapes.push(Shape::boxed(6).unwrap().with_variant(Variant::AntiKnight));
        shapes
    }

    fn ask(engine: Engine, tree: Tree) -> Ask {
        Ask {
            engine,
            tree,
            shuffled: false,
        }
    }

    /// The engines of a family, the last included.
    fn members(engine: Engine) -> Vec<EngineKind> {
        let (faster, last) = EngineKind::family(engine);
        faster.iter().copied().chain([last]).collect()
    }

    #[test]
    fn each_shape_gets_the_engine_the_table_names() {
        let pick = |shape: &Shape, engine, tree| choose(shape, false, ask(engine, tree));
        let nine = Shape::boxed(9).unwrap();
        assert_eq!(
            pick(&nine, Engine::Fast, Tree::Deductions),
            EngineKind::Deductions
        );
        assert_eq!(
            pick(&nine, Engine::Fast, Tree::AlgorithmX),
            EngineKind::Bands
        );
        assert_eq!(pick(&nine, Engine::Dlx, Tree::Deductions), EngineKind::Dlx);
        let jigsaw = &Shape::jigsaw(9, &JIGSAW.map(|b| b - b'a')).unwrap();
        assert_eq!(
            pick(jigsaw, Engine::Fast, Tree::Deductions),
            EngineKind::Bitboards
        );
        for n in [4, 8, 25] {
            let shape = Shape::boxed(n).unwrap();
            assert_eq!(
                pick(&shape, Engine::Fast, Tree::Deductions),
                EngineKind::Kernel
            );
        }
        for n in [10, 16] {
            let shape = Shape::boxed(n).unwrap();
            assert_eq!(
                pick(&shape, Engine::Fast, Tree::AlgorithmX),
                EngineKind::Dlx
            );
        }
        let x = nine.clone().with_variant(Variant::X);
        assert_eq!(pick(&x, Engine::Fast, Tree::Deductions), EngineKind::Dlx);
        let marks = choose(&nine, true, ask(Engine::Fast, Tree::Deductions));
        assert_eq!(marks, EngineKind::Dlx);
    }

    #[test]
    fn every_request_is_served_by_its_family_on_the_tree_asked_where_one_walks_it() {
        for shape in shapes() {
            for pencilmark in [false, true] {
                for engine in Engine::ALL {
                    for tree in [Tree::Deductions, Tree::AlgorithmX] {
                        let kind = choose(&shape, pencilmark, ask(engine, tree));
                        assert!(members(engine).contains(&kind), "{kind}");
                        assert!(kind.serves(&shape, pencilmark), "{kind} {shape:?}");
                        if tree == Tree::AlgorithmX && engine != Engine::Dfs {
                            assert!(kind.walks_algorithm_x(), "{kind}");
                        }
                        // What serves is built: nothing falls back to
                        // another engine.
                        let puzzle = Puzzle::empty(shape.clone());
                        if !pencilmark && kind != EngineKind::Dfs {
                            assert!(build(&puzzle, kind).is_some(), "{kind}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_last_of_each_family_serves_every_puzzle() {
        for engine in Engine::ALL {
            let (_, last) = EngineKind::family(engine);
            for shape in shapes() {
                assert!(last.serves(&shape, true) && last.serves(&shape, false));
            }
        }
        // The naive search walks no tree but its own: asked for Algorithm
        // X's, it serves anyway, and says so as the engine that served.
        let nine = Shape::boxed(9).unwrap();
        let naive = choose(&nine, false, ask(Engine::Dfs, Tree::AlgorithmX));
        assert_eq!(naive, EngineKind::Dfs);
        assert!(!naive.walks_algorithm_x());
        let shufflers: Vec<EngineKind> = EngineKind::ALL
            .into_iter()
            .filter(|kind| kind.shuffles())
            .collect();
        assert_eq!(shufflers, [EngineKind::Dlx]);
        // The generator's random grids, on every shape.
        for shape in shapes() {
            let random = Ask {
                shuffled: true,
                ..ask(Engine::Fast, Tree::AlgorithmX)
            };
            assert_eq!(choose(&shape, false, random), EngineKind::Dlx);
        }
    }

    #[test]
    fn names_are_distinct_words() {
        let names: std::collections::BTreeSet<&str> =
            EngineKind::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(names.len(), EngineKind::ALL.len());
        assert!(
            EngineKind::ALL
                .iter()
                .all(|kind| kind.to_string() == kind.name())
        );
    }
}
