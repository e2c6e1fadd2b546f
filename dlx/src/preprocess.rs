//! [`preprocess`]: Knuth's DLX-PRE reductions, and the way back.
//!
//! Two rules turn a problem into an equivalent smaller one, applied in
//! rounds until neither changes anything:
//!
//! * **An item that comes along.** When every option containing a primary
//!   item `p` also contains an uncolored item `c`, covering `p` covers `c`:
//!   item `c` goes, and so does every option with `c` but not `p` (choosing
//!   one would leave `p` uncoverable); the options with both lose `c`.
//! * **An option that blocks.** When every option containing a primary
//!   item `p` clashes with an option `r` that lacks `p` (shares an item
//!   with it, uncolored or of another color), `r` can never be chosen: it
//!   goes.
//!
//! A primary item left with no option means no solution: the reduced
//! problem is that item alone. Secondary items left in no option go.
//!
//! Every option of the reduced problem is an option of the original, maybe
//! without some items, so its solutions are sets of original options — and
//! they are exactly the original's solutions: [`Reduction::original`] maps
//! each option back (the way back that DLX-PRE lacks), and the count does
//! not change. The work is that of DLX-PRE's tests: for each item and each
//! option, one look at the options they clash with, counted per primary
//! item with stamps rather than hidden and unhidden.
//!
//! With multiplicities neither rule is sound as it stands — an item with
//! bounds may be covered several times, or not at all — so such problems
//! are refused ([`PreprocessError::Multiplicities`]) rather than reduced by
//! a guess.

use crate::ids::{ColorId, ItemId, OptionId};
use crate::model::{Entry, ItemKind, Problem};

/// Why a problem cannot be preprocessed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PreprocessError {
    /// A primary item has bounds (`min:max|item`): the reductions assume
    /// every primary item is covered exactly once.
    #[error(
        "item `{0}` has bounds (multiplicities): the reductions hold only when every primary \
         item is covered exactly once"
    )]
    Multiplicities(String),
}

/// A problem reduced by [`preprocess`], and the way back to the original.
#[derive(Clone, Debug)]
pub struct Reduction {
    problem: Problem,
    /// The original option of every option of the reduced problem.
    original: Vec<OptionId>,
    items_removed: usize,
    options_removed: usize,
    rounds: usize,
}

impl Reduction {
    /// The reduced problem: the items and options that are left, in their
    /// original order, each option with the cost it had.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option of the original problem that `option` of the reduced one
    /// is (maybe without some items).
    ///
    /// # Panics
    /// If `option` is not an option of the reduced problem.
    pub fn original(&self, option: OptionId) -> OptionId {
        self.original[option.index()]
    }

    /// A solution of the reduced problem as the solution of the original
    /// that it is.
    ///
    /// # Panics
    /// If an option is not one of the reduced problem's.
    pub fn solution_of_original(&self, solution: &[OptionId]) -> Vec<OptionId> {
        solution
            .iter()
            .map(|&option| self.original(option))
            .collect()
    }

    /// How many items the reduction removed.
    pub fn items_removed(&self) -> usize {
        self.items_removed
    }

    /// How many options the reduction removed.
    pub fn options_removed(&self) -> usize {
        self.options_removed
    }

    /// How many rounds of both rules ran, the last of which changed nothing.
    pub fn rounds(&self) -> usize {
        self.rounds
    }
}

/// Reduces `problem` by Knuth's DLX-PRE rules, in rounds until neither
/// changes anything: when every option containing a primary item `p` also
/// contains an uncolored item `c`, item `c` goes, with every option that has
/// `c` but not `p` (the others lose `c`); when every option of a primary
/// item `p` clashes with an option `r` that lacks `p`, `r` goes. A primary
/// item left with no option leaves that item alone as the reduced problem
/// (no solution); secondary items in no option go. Every option left is an
/// original one, maybe without some items ([`Reduction::original`]), so the
/// reduced problem's solutions are the original's.
///
/// ```
/// use dance_dlx::{Solver, preprocess};
///
/// // Knuth's example: every option with A has D, so D goes, and with it
/// // `D E G`; then F and C go, then G — three singletons are left.
/// let problem = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n".parse()?;
/// let reduction = preprocess(&problem)?;
/// assert_eq!(reduction.problem().to_string(), "A B E\nE\nA\nB\n");
/// let solution = Solver::new(reduction.problem()).first().unwrap();
/// let mut original = reduction.solution_of_original(&solution);
/// original.sort();
/// assert_eq!(original.iter().map(|o| o.index()).collect::<Vec<_>>(), [0, 3, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PreprocessError::Multiplicities`] for a problem with bounds.
pub fn preprocess(problem: &Problem) -> Result<Reduction, PreprocessError> {
    if let Some(item) = problem
        .items()
        .find(|&i| problem.item_bounds(i).is_some_and(|b| b != (1..=1)))
    {
        return Err(PreprocessError::Multiplicities(
            problem.item_name(item).to_owned(),
        ));
    }
    let mut state = State::new(problem);
    let mut rounds = 0;
    while state.infeasible.is_none() {
        rounds += 1;
        let mut changed = false;
        for c in 0..state.columns.len() {
            if state.infeasible.is_some() {
                break;
            }
            if state.len[c] > 0 {
                changed |= state.comes_along(c);
            }
        }
        for r in 0..state.entries.len() {
            if state.infeasible.is_some() {
                break;
            }
            if state.alive[r] && state.blocks(r) {
                state.delete(r);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(state.finish(problem, rounds))
}

/// The problem as the rules see it: every option's items (with colors,
/// 0 for none), every item's column, and what is still alive.
struct State {
    primary: Vec<bool>,
    entries: Vec<Vec<(u32, u32)>>,
    /// Per item: the options containing it, with the color they give it.
    /// Dead options stay listed and are skipped.
    columns: Vec<Vec<(u32, u32)>>,
    alive: Vec<bool>,
    item_alive: Vec<bool>,
    /// Alive options per item.
    len: Vec<u32>,
    /// Per primary item: options counted by the current test, valid where
    /// `stamp` holds the test's number.
    count: Vec<u32>,
    stamp: Vec<u64>,
    /// Items of the option under test, and options already looked at.
    mark: Vec<u64>,
    seen: Vec<u64>,
    test: u64,
    infeasible: Option<u32>,
}

impl State {
    fn new(problem: &Problem) -> State {
        let items = problem.item_count();
        let primary = problem
            .items()
            .map(|i| problem.item_kind(i) == ItemKind::Primary)
            .collect();
        let mut columns = vec![Vec::new(); items];
        let entries: Vec<Vec<(u32, u32)>> = problem
            .options()
            .map(|(option, entries)| {
                entries
                    .iter()
                    .map(|entry| {
                        let color = entry.color.map_or(0, |c| c.index() as u32 + 1);
                        columns[entry.item.index()].push((option.index() as u32, color));
                        (entry.item.index() as u32, color)
                    })
                    .collect()
            })
            .collect();
        let len: Vec<u32> = columns.iter().map(|c| c.len() as u32).collect();
        let options = entries.len();
        let mut state = State {
            primary,
            entries,
            columns,
            alive: vec![true; options],
            item_alive: vec![true; items],
            len,
            count: vec![0; items],
            stamp: vec![0; items],
            mark: vec![0; items],
            seen: vec![0; options],
            test: 0,
            infeasible: None,
        };
        for item in 0..items {
            if state.len[item] == 0 {
                state.emptied(item as u32);
            }
        }
        state
    }

    /// An item lost its last option: a secondary one goes, a primary one
    /// makes the problem infeasible.
    fn emptied(&mut self, item: u32) {
        self.item_alive[item as usize] = false;
        if self.primary[item as usize] && self.infeasible.is_none() {
            self.infeasible = Some(item);
        }
    }

    /// Counts one more option of primary item `p` for the current test;
    /// whether that was the last of them.
    fn counts_out(&mut self, p: u32) -> bool {
        let p = p as usize;
        if self.stamp[p] != self.test {
            self.stamp[p] = self.test;
            self.count[p] = 0;
        }
        self.count[p] += 1;
        self.count[p] == self.len[p]
    }

    /// The first rule on item `c`; whether it removed it.
    fn comes_along(&mut self, c: usize) -> bool {
        self.test += 1;
        let mut along = None;
        'options: for k in 0..self.columns[c].len() {
            let (r, color) = self.columns[c][k];
            if !self.alive[r as usize] || color != 0 {
                continue;
            }
            for k in 0..self.entries[r as usize].len() {
                let (p, _) = self.entries[r as usize][k];
                if p as usize != c && self.primary[p as usize] && self.counts_out(p) {
                    along = Some(p);
                    break 'options;
                }
            }
        }
        let Some(p) = along else { return false };
        for k in 0..self.columns[c].len() {
            let (r, _) = self.columns[c][k];
            let r = r as usize;
            if !self.alive[r] {
                continue;
            }
            if self.entries[r].iter().any(|&(i, _)| i == p) {
                self.entries[r].retain(|&(i, _)| i as usize != c);
            } else {
                self.delete(r);
            }
        }
        self.len[c] = 0;
        self.item_alive[c] = false;
        true
    }

    /// The second rule on option `r`: whether every option of some primary
    /// item outside `r` clashes with `r`.
    fn blocks(&mut self, r: usize) -> bool {
        self.test += 1;
        let test = self.test;
        for &(i, _) in &self.entries[r] {
            self.mark[i as usize] = test;
        }
        self.seen[r] = test;
        for k in 0..self.entries[r].len() {
            let (item, color) = self.entries[r][k];
            for j in 0..self.columns[item as usize].len() {
                let (s, other) = self.columns[item as usize][j];
                let s = s as usize;
                if !self.alive[s] || self.seen[s] == test || (color > 0 && other == color) {
                    continue;
                }
                self.seen[s] = test;
                for m in 0..self.entries[s].len() {
                    let (p, _) = self.entries[s][m];
                    if self.primary[p as usize]
                        && self.mark[p as usize] != test
                        && self.counts_out(p)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn delete(&mut self, r: usize) {
        self.alive[r] = false;
        for k in 0..self.entries[r].len() {
            let item = self.entries[r][k].0;
            self.len[item as usize] -= 1;
            if self.len[item as usize] == 0 {
                self.emptied(item);
            }
        }
    }

    /// The reduced problem, built from what is alive.
    fn finish(self, problem: &Problem, rounds: usize) -> Reduction {
        let mut builder = Problem::builder();
        let mut id = vec![None; problem.item_count()];
        let keep = |item: usize| match self.infeasible {
            Some(p) => item == p as usize,
            None => self.item_alive[item],
        };
        for item in problem.items() {
            if !keep(item.index()) {
                continue;
            }
            let name = problem.item_name(item);
            let added = match problem.item_kind(item) {
                ItemKind::Primary => builder.primary(name),
                ItemKind::Secondary => builder.secondary(name),
            };
            id[item.index()] = added.ok();
        }
        let mut original = Vec::new();
        if self.infeasible.is_none() {
            for (r, entries) in self.entries.iter().enumerate() {
                if !self.alive[r] {
                    continue;
                }
                let option = OptionId::new(r as u32);
                let entries: Vec<Entry> = entries
                    .iter()
                    .filter_map(|&(item, color)| {
                        let item: ItemId = id[item as usize]?;
                        let color = (color > 0).then(|| {
                            let name = problem.color_name(ColorId::new(color - 1));
                            builder.color(name).ok()
                        });
                        Some(Entry {
                            item,
                            color: color.flatten(),
                        })
                    })
                    .collect();
                if builder
                    .option_with_cost(entries, problem.option_cost(option))
                    .is_ok()
                {
                    original.push(option);
                }
            }
        }
        let reduced = builder.build();
        Reduction {
            items_removed: problem.item_count() - reduced.item_count(),
            options_removed: problem.option_count() - reduced.option_count(),
            problem: reduced,
            original,
            rounds,
        }
    }
}
