//! A Sudoku search request and its answer: the request and answer of
//! [`dance_dlx`] ([`Goal`](dance_dlx::Goal), [`Stop`](dance_dlx::Stop),
//! [`Status`](dance_dlx::Status), [`Count`](dance_dlx::Count)), with the
//! [`EngineChoice`] that searches, a [`Grid`] for a solution and the Sudoku
//! engines' [`Stats`].
//!
//! Every engine — the fast ones, the generic Dancing Links engine and the
//! naive depth-first search — answers a [`Request`] through
//! [`Solver::run`](crate::Solver::run), by the rules of
//! [`dance_dlx::request`]: the same goal gives the same status and count
//! on every engine.

use std::fmt;
use std::str::FromStr;

use crate::{Engine, Grid};

/// A Sudoku search request: what to find, when to give up, and which
/// [`EngineChoice`] searches.
///
/// ```
/// use dance_sudoku::{EngineChoice, Goal, Request, Solver, Status};
///
/// let puzzle: dance_sudoku::Puzzle = format!("12..{}", ".".repeat(12)).parse()?;
/// let mut solver = Solver::new();
/// for engine in [EngineChoice::Fast, EngineChoice::Dlx, EngineChoice::Dfs] {
///     let request = Request::new(Goal::Count { limit: 30 }).with_engine(engine);
///     let answer = solver.run(&puzzle, &request);
///     assert_eq!((answer.status, answer.count.to_string()), (Status::Multiple, "24".to_owned()));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Request = dance_dlx::Request<EngineChoice>;

/// The answer to a [`Request`]: its status, its count (exact or a lower
/// bound), the solution when the goal keeps one, the work done
/// ([`dance_dlx::Stats`]) and the engine that did it ([`Engine`], so
/// that a figure can name what did the work).
///
/// Every Sudoku engine counts nodes and guesses; the engines with dancing
/// links count link updates too (the others leave them 0), and the count
/// holds the solutions. What a node and a guess are depends on the
/// engine's tree ([`Engine::walks_algorithm_x`]): on Algorithm X's, a
/// node is an option tried and a guess an option tried where the item had
/// more than one; the deductions engine and the naive search document
/// their own. The engines on Algorithm X's tree make the same guesses, and
/// all but the bands count the same nodes (see [`Engine::Bands`]).
pub type Answer = dance_dlx::Answer<Grid, Engine, ()>;

/// Which search answers a [`Request`] — the choice of the command line's
/// `--engine`, each [described](EngineChoice::describe) there. The answers are
/// the same; the work differs. Each names a family of engines
/// ([`Engine`]), of which one serves each puzzle: see
/// [`engines`](crate::engines) for which, and the answer's
/// [`Answer::engine`](dance_dlx::Answer::engine) for the one that served.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineChoice {
    /// The fastest engine for each shape (`fast`).
    #[default]
    Fast,
    /// The generic Dancing Links engine of [`dance_dlx`] (`dlx`): the
    /// reference tree the others are checked against.
    Dlx,
    /// The naive depth-first search of [`dfs`](crate::dfs) (`dfs`).
    Dfs,
}

impl EngineChoice {
    /// Every engine, fastest first.
    pub const ALL: [EngineChoice; 3] = [EngineChoice::Fast, EngineChoice::Dlx, EngineChoice::Dfs];

    /// Its name: `fast`, `dlx` or `dfs`.
    pub fn name(self) -> &'static str {
        match self {
            EngineChoice::Fast => "fast",
            EngineChoice::Dlx => "dlx",
            EngineChoice::Dfs => "dfs",
        }
    }

    /// What it is, for help texts.
    pub fn describe(self) -> &'static str {
        match self {
            EngineChoice::Fast => {
                "The fastest engine for the shape (plain 9×9: its own deductions and tree, \
                 not Algorithm X's, no dancing links; docs/design.md, \"The engines\")"
            }
            EngineChoice::Dlx => {
                "The generic Dancing Links engine (`dlx`) on the exact-cover matrix (324 items for \
                 9×9), for every shape and variant"
            }
            EngineChoice::Dfs => {
                "The naive depth-first search (cells in row-major order, digits in \
                 increasing order): the textbook baseline"
            }
        }
    }
}

impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EngineChoice {
    type Err = EngineError;

    /// `fast`, `dlx` or `dfs`, case-insensitive.
    fn from_str(text: &str) -> Result<EngineChoice, EngineError> {
        let name = text.trim().to_ascii_lowercase();
        EngineChoice::ALL
            .into_iter()
            .find(|engine| engine.name() == name)
            .ok_or_else(|| EngineError {
                name: text.trim().to_owned(),
            })
    }
}

/// An engine name that is not `fast`, `dlx` or `dfs`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine `{name}`; expected fast, dlx or dfs")]
pub struct EngineError {
    /// The name that was not recognised.
    pub name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_read_back_their_names() {
        for engine in EngineChoice::ALL {
            assert_eq!(engine.to_string().parse::<EngineChoice>(), Ok(engine));
        }
        assert_eq!(" DLX ".parse::<EngineChoice>(), Ok(EngineChoice::Dlx));
        let error = "bands".parse::<EngineChoice>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown engine `bands`; expected fast, dlx or dfs"
        );
    }
}
