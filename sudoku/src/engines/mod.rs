//! The Sudoku engines, and the one place that chooses among them.
//!
//! A [`Request`](crate::Request) names an [`EngineChoice`]: what the caller
//! wants — the fastest search for the shape (`fast`), the generic Dancing
//! Links engine (`dlx`) or the naive depth-first search (`dfs`). An
//! [`Engine`] is what serves it: one of the six engines below. Each
//! engine says what it serves ([`Engine::serves`]: the shapes and
//! variants, pencilmark puzzles; [`Engine::shuffles`]: random option
//! orders) and which tree it walks ([`Engine::walks_algorithm_x`]); every engine answers every
//! [`Goal`](crate::Goal), through the same [`Tally`](dance_dlx::Tally).
//! `choose` picks, as the meta strategy of a regex engine does: the first
//! engine of the requested [`EngineChoice`]'s family, fastest first, that serves
//! the puzzle and walks the [`Tree`] asked for. Nothing else in the crate
//! decides ([`Solver::engine_for`](crate::Solver::engine_for) asks it in
//! public), and every [`Answer`](crate::Answer) says which engine served
//! ([`Answer::engine`](dance_dlx::Answer::engine)).
//!
//! What each engine serves and which tree it walks is described once, in
//! the engine table of `docs/design.md` ("The engines"); in short:
//! [`Deductions`](Engine::Deductions), [`Bands`](Engine::Bands),
//! [`Bitboards`](Engine::Bitboards), [`Kernel`](Engine::Kernel),
//! [`Dlx`](Engine::Dlx) (the generic engine), [`Dfs`](Engine::Dfs)
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
//! ([`Engine::shuffles`]): the generator's random grids ask for it.
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

use crate::{EngineChoice, Puzzle, Shape, Variant};
use bands::Bands;
use bitboards::Bitboards;
use deductions::Deductions;
use dlx::Dlx;
use kernel::Kernel;
use search::{Driven, ShapeSearch};

/// The engine that serves a puzzle: what `choose` picks for a request's
/// [`EngineChoice`], and what an [`Answer`](crate::Answer) reports
/// ([`Answer::engine`](dance_dlx::Answer::engine)), so that a figure can name
/// what did the work. See the [module docs](self) for what each serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Engine {
    /// Bands of bits with deductions of their own (singles, locked
    /// candidates both ways, triads) and a search tree of their own, not
    /// Algorithm X's, without dancing links: `fast` on the classic 9×9
    /// shape ([`Tree::Fastest`]).
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
    /// and every puzzle under [`EngineChoice::Dlx`].
    Dlx,
    /// The naive depth-first search of [`dfs`] ([`EngineChoice::Dfs`]).
    Dfs,
}

/// Which search tree [`EngineChoice::Fast`] walks where the shape gives it the
/// choice ([`Solver::set_tree`](crate::Solver::set_tree)). Both give the
/// same counts and verdicts; a puzzle with several solutions may get a
/// different first one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tree {
    /// The fastest tree of the shape: the deductions engine's where it
    /// serves (the classic 9×9 shape), Algorithm X's elsewhere. Its deductions remove
    /// candidates that Algorithm X keeps and it branches on configurations
    /// of a digit in a band, so it makes 0.14–0.40 of Algorithm X's guesses
    /// for a first solution on the shipped sets (`benches/ref_guesses.sh`;
    /// [`Engine::Deductions`]).
    #[default]
    Fastest,
    /// Algorithm X's, as the generic engine walks it with the MRV rule: the
    /// same guesses, and the same solutions in the same order, on every
    /// shape. The rating ([`crate::rate`]) is defined on it.
    AlgorithmX,
}

/// What a search asks of an engine beyond the puzzle: the [`EngineChoice`] of
/// the request and the [`Tree`] of the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ask {
    /// The family to choose from.
    pub(crate) engine: EngineChoice,
    /// The tree `fast` may walk.
    pub(crate) tree: Tree,
    /// Whether the search needs a random option order (the generator's
    /// random grids).
    pub(crate) shuffled: bool,
}

impl Engine {
    /// Every engine, in the order `choose` prefers them: fastest first.
    pub const ALL: [Engine; 6] = [
        Engine::Deductions,
        Engine::Bands,
        Engine::Bitboards,
        Engine::Kernel,
        Engine::Dlx,
        Engine::Dfs,
    ];

    /// The word printed for it (`--stats`, `--output json`, Python):
    /// `deductions`, `bands`, `bitboards`, `kernel`, `dlx` or `dfs`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Deductions => "deductions",
            Engine::Bands => "bands",
            Engine::Bitboards => "bitboards",
            Engine::Kernel => "kernel",
            Engine::Dlx => "dlx",
            Engine::Dfs => "dfs",
        }
    }

    /// A short description of the engine, for labels.
    pub fn describe(self) -> &'static str {
        match self {
            Engine::Deductions => {
                "bands with own deductions and own search tree, not Algorithm X's (no dancing links)"
            }
            Engine::Bands => "Algorithm X on bands, forced choices in bulk (no dancing links)",
            Engine::Bitboards => "Algorithm X on bitboards (no dancing links)",
            Engine::Kernel => "Dancing Links, the four-item Sudoku kernel",
            Engine::Dlx => "Dancing Links, the generic engine",
            Engine::Dfs => "naive depth-first search",
        }
    }

    /// Whether it serves puzzles of `shape` (pencilmark puzzles when
    /// `pencilmark`). The generic engine and the naive search serve every
    /// puzzle.
    pub fn serves(self, shape: &Shape, pencilmark: bool) -> bool {
        let plain = shape.variant() == Variant::Standard && !pencilmark;
        match self {
            Engine::Deductions | Engine::Bands => plain && Bands::serves(shape),
            Engine::Bitboards => plain && Bitboards::serves(shape),
            Engine::Kernel => plain && Kernel::serves(shape),
            Engine::Dlx | Engine::Dfs => true,
        }
    }

    /// Whether it can search in a random option order (the generator's
    /// random grids): the generic engine alone.
    pub fn shuffles(self) -> bool {
        self == Engine::Dlx
    }

    /// Whether it walks Algorithm X's tree: the generic engine's guesses,
    /// and its solutions in its order. All but the deductions engine and
    /// the naive search do.
    pub fn walks_algorithm_x(self) -> bool {
        !matches!(self, Engine::Deductions | Engine::Dfs)
    }

    /// The engines `engine` chooses from: the faster ones that serve some
    /// puzzles, in order of preference, and the one that serves every
    /// puzzle.
    fn family(engine: EngineChoice) -> (&'static [Engine], Engine) {
        match engine {
            EngineChoice::Fast => (&Engine::ALL[..4], Engine::Dlx),
            EngineChoice::Dlx => (&[], Engine::Dlx),
            EngineChoice::Dfs => (&[], Engine::Dfs),
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The one choice of engine: the first of `ask.engine`'s family that
/// serves `shape` (`pencilmark` for a pencilmark puzzle) and walks
/// `ask.tree` — every engine walks the tree of [`Tree::Fastest`], which
/// only prefers the fastest — and shuffles its options if `ask.shuffled`;
/// or else the family's last, which serves every puzzle (and walks
/// Algorithm X's tree and shuffles, but for the naive search). See the
/// [module docs](self).
pub(crate) fn choose(shape: &Shape, pencilmark: bool, ask: Ask) -> Engine {
    let (faster, last) = Engine::family(ask.engine);
    faster
        .iter()
        .copied()
        .find(|kind| {
            kind.serves(shape, pencilmark)
                && (ask.tree == Tree::Fastest || kind.walks_algorithm_x())
                && (!ask.shuffled || kind.shuffles())
        })
        .unwrap_or(last)
}

/// The engine of `kind` for `puzzle`, as `choose` picked it; `None` for
/// the naive search, which keeps no matrix (and, never, for an engine
/// that does not serve the puzzle: a test holds `choose` to that).
pub(crate) fn build(puzzle: &Puzzle, kind: Engine) -> Option<Box<dyn ShapeSearch>> {
    let shape = puzzle.shape();
    match kind {
        Engine::Deductions => Deductions::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        Engine::Bands => Bands::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        Engine::Bitboards => Bitboards::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        Engine::Kernel => Kernel::new(shape).map(|m| Box::new(Driven::new(m)) as _),
        Engine::Dlx if puzzle.is_pencilmark() => Some(Box::new(Dlx::pencilmark(puzzle))),
        Engine::Dlx => Some(Box::new(Dlx::new(shape))),
        Engine::Dfs => None,
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

    fn ask(engine: EngineChoice, tree: Tree) -> Ask {
        Ask {
            engine,
            tree,
            shuffled: false,
        }
    }

    /// The engines of a family, the last included.
    fn members(engine: EngineChoice) -> Vec<Engine> {
        let (faster, last) = Engine::family(engine);
        faster.iter().copied().chain([last]).collect()
    }

    #[test]
    fn each_shape_gets_the_engine_the_table_names() {
        let pick = |shape: &Shape, engine, tree| choose(shape, false, ask(engine, tree));
        let nine = Shape::boxed(9).unwrap();
        assert_eq!(
            pick(&nine, EngineChoice::Fast, Tree::Fastest),
            Engine::Deductions
        );
        assert_eq!(
            pick(&nine, EngineChoice::Fast, Tree::AlgorithmX),
            Engine::Bands
        );
        assert_eq!(pick(&nine, EngineChoice::Dlx, Tree::Fastest), Engine::Dlx);
        let jigsaw = &Shape::jigsaw(9, &JIGSAW.map(|b| b - b'a')).unwrap();
        assert_eq!(
            pick(jigsaw, EngineChoice::Fast, Tree::Fastest),
            Engine::Bitboards
        );
        for n in [4, 8, 25] {
            let shape = Shape::boxed(n).unwrap();
            assert_eq!(
                pick(&shape, EngineChoice::Fast, Tree::Fastest),
                Engine::Kernel
            );
        }
        for n in [10, 16] {
            let shape = Shape::boxed(n).unwrap();
            assert_eq!(
                pick(&shape, EngineChoice::Fast, Tree::AlgorithmX),
                Engine::Dlx
            );
        }
        let x = nine.clone().with_variant(Variant::X);
        assert_eq!(pick(&x, EngineChoice::Fast, Tree::Fastest), Engine::Dlx);
        let marks = choose(&nine, true, ask(EngineChoice::Fast, Tree::Fastest));
        assert_eq!(marks, Engine::Dlx);
    }

    #[test]
    fn every_request_is_served_by_its_family_on_the_tree_asked_where_one_walks_it() {
        for shape in shapes() {
            for pencilmark in [false, true] {
                for engine in EngineChoice::ALL {
                    for tree in [Tree::Fastest, Tree::AlgorithmX] {
                        let kind = choose(&shape, pencilmark, ask(engine, tree));
                        assert!(members(engine).contains(&kind), "{kind}");
                        assert!(kind.serves(&shape, pencilmark), "{kind} {shape:?}");
                        if tree == Tree::AlgorithmX && engine != EngineChoice::Dfs {
                            assert!(kind.walks_algorithm_x(), "{kind}");
                        }
                        // What serves is built: nothing falls back to
                        // another engine.
                        let puzzle = Puzzle::empty(shape.clone());
                        if !pencilmark && kind != Engine::Dfs {
                            assert!(build(&puzzle, kind).is_some(), "{kind}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_last_of_each_family_serves_every_puzzle() {
        for engine in EngineChoice::ALL {
            let (_, last) = Engine::family(engine);
            for shape in shapes() {
                assert!(last.serves(&shape, true) && last.serves(&shape, false));
            }
        }
        // The naive search walks no tree but its own: asked for Algorithm
        // X's, it serves anyway, and says so as the engine that served.
        let nine = Shape::boxed(9).unwrap();
        let naive = choose(&nine, false, ask(EngineChoice::Dfs, Tree::AlgorithmX));
        assert_eq!(naive, Engine::Dfs);
        assert!(!naive.walks_algorithm_x());
        let shufflers: Vec<Engine> = Engine::ALL
            .into_iter()
            .filter(|kind| kind.shuffles())
            .collect();
        assert_eq!(shufflers, [Engine::Dlx]);
        // The generator's random grids, on every shape.
        for shape in shapes() {
            let random = Ask {
                shuffled: true,
                ..ask(EngineChoice::Fast, Tree::AlgorithmX)
            };
            assert_eq!(choose(&shape, false, random), Engine::Dlx);
        }
    }

    #[test]
    fn names_are_distinct_words() {
        let names: std::collections::BTreeSet<&str> =
            Engine::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(names.len(), Engine::ALL.len());
        assert!(
            Engine::ALL
                .iter()
                .all(|kind| kind.to_string() == kind.name())
        );
    }
}
