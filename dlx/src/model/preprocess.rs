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
//! not change. The rules are DLX-PRE's, tried on every item and every
//! option in turn as it does, but the tests are cheaper than its hiding and
//! unhiding: a primary item is tested only when its first option (its
//! *witness*) passes the test, and the items whose witness has a given item
//! are listed, so a test walks a few short lists rather than whole columns.
//!
//! With multiplicities neither rule is sound as it stands — an item with
//! bounds may be covered several times, or not at all — so such problems
//! are refused ([`PreprocessError::Multiplicities`]) rather than reduced by
//! a guess.

use crate::model::ids::{ColorId, OptionId};
use crate::model::problem::{Entry, ItemKind, Problem, ProblemBuilder};

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
    /// original order, each option with the cost it had; the colors the
    /// options left use, in the order they first use them. When the rules
    /// remove nothing it is the original problem, colors and all.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The reduced problem, owned: for a caller that has no more use for
    /// the way back ([`original`](Self::original)).
    pub fn into_problem(self) -> Problem {
        self.problem
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
/// let solution = Solver::new(reduction.problem()).solutions().next().unwrap();
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
    let rounds = state.reduce();
    Ok(state.finish(problem, rounds))
}

/// The problem as the rules see it, in flat arrays: every option's items
/// (with colors, 0 for none) and every item's column of alive options, both
/// in their original order, and the stamps of the tests.
///
/// Both rules ask of a primary item `p` whether every option of `p` has
/// some property, which its first option (its *witness*) must have too:
/// the first rule (does every option of `p` have `c`?) tests only the items
/// whose witness has `c`, and the second (does every option of `p` clash
/// with `r`?) only those whose witness shares an item with `r`. Every item
/// lists the primary items whose witness has it (its *watchers*), so a
/// test walks a few short lists, not whole columns.
struct State {
    primary: Vec<bool>,
    /// The items of option `r`, with their colors, are `entries[from..to]`
    /// where `(from, to)` is `span[r]`; an option that loses an item closes
    /// up.
    entries: Vec<(u32, u32)>,
    span: Vec<(u32, u32)>,
    /// Per option: the bit of every item it has (or had), item `i` on bit
    /// `i % 64`; two options whose signatures share no bit share no item.
    signature: Vec<u64>,
    /// The alive options of item `i`, with the color they give it, are
    /// `column[top[i]..bottom[i]]`, in option order: a deleted option
    /// leaves every column it was in.
    column: Vec<(u32, u32)>,
    top: Vec<u32>,
    bottom: Vec<u32>,
    alive: Vec<bool>,
    item_alive: Vec<bool>,
    /// Per item: the first of the linked list of its watchers in `watch`
    /// (`NONE` for none). A watcher whose witness has moved on stays
    /// listed: it is tested in vain, never missed.
    watchers: Vec<u32>,
    /// The lists' cells: a primary item and the next cell.
    watch: Vec<(u32, u32)>,
    /// Per item: the test that last marked it as an item of the option
    /// under test, and the color it has there.
    mark: Vec<(u32, u32)>,
    /// Per item: the test that last tried it, or left it out as an item of
    /// the option under test.
    tried: Vec<u32>,
    /// Per primary item: where in its column the option was that did not
    /// clash with the option under the last test that found one.
    refuter: Vec<u32>,
    test: u32,
    infeasible: Option<u32>,
}

/// Item `i`'s bit in a signature.
fn bit(i: u32) -> u64 {
    1 << (i % 64)
}

/// The end of a list of watchers.
const NONE: u32 = u32::MAX;

impl State {
    fn new(problem: &Problem) -> State {
        let items = problem.item_count();
        let options = problem.option_count();
        let primary = problem
            .items()
            .map(|i| problem.item_kind(i) == ItemKind::Primary)
            .collect();
        let mut entries = Vec::with_capacity(problem.entry_count());
        let mut span = Vec::with_capacity(options);
        let mut signature = Vec::with_capacity(options);
        let mut top = vec![0u32; items];
        for (_, option) in problem.options() {
            let from = entries.len() as u32;
            for entry in option {
                let color = entry.color.map_or(0, |c| c.index() as u32 + 1);
                top[entry.item.index()] += 1;
                entries.push((entry.item.index() as u32, color));
            }
            span.push((from, entries.len() as u32));
            signature.push(
                option
                    .iter()
                    .fold(0, |bits, e| bits | bit(e.item.index() as u32)),
            );
        }
        let mut total = 0;
        for slot in &mut top {
            let len = *slot;
            *slot = total;
            total += len;
        }
        let mut bottom = top.clone();
        let mut column = vec![(0, 0); entries.len()];
        for (r, &(from, to)) in span.iter().enumerate() {
            for &(item, color) in &entries[from as usize..to as usize] {
                column[bottom[item as usize] as usize] = (r as u32, color);
                bottom[item as usize] += 1;
            }
        }
        let mut state = State {
            primary,
            entries,
            span,
            signature,
            column,
            top,
            bottom,
            alive: vec![true; options],
            item_alive: vec![true; items],
            watchers: vec![NONE; items],
            watch: Vec::new(),
            mark: vec![(0, 0); items],
            tried: vec![0; items],
            refuter: vec![0; items],
            test: 0,
            infeasible: None,
        };
        for item in 0..items {
            if state.len(item) == 0 {
                state.emptied(item as u32);
            } else if state.primary[item] {
                state.watch_witness(item as u32);
            }
        }
        state
    }

    /// Both rules in rounds, every item then every option, until a round
    /// changes nothing or the problem is infeasible; how many rounds ran.
    fn reduce(&mut self) -> usize {
        let mut found = Vec::new();
        let mut rounds = 0;
        while self.infeasible.is_none() {
            rounds += 1;
            let mut changed = false;
            for c in 0..self.top.len() {
                if self.infeasible.is_some() {
                    break;
                }
                if self.len(c) > 0 {
                    changed |= self.comes_along(c, &mut found);
                }
            }
            for r in 0..self.alive.len() {
                if self.infeasible.is_some() {
                    break;
                }
                if self.alive[r] && self.blocks(r as u32, &mut found) {
                    self.delete(r as u32);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        rounds
    }

    /// How many alive options contain item `i`.
    fn len(&self, i: usize) -> u32 {
        self.bottom[i] - self.top[i]
    }

    /// The alive options of item `i`, with the colors they give it.
    fn column(&self, i: u32) -> &[(u32, u32)] {
        &self.column[self.top[i as usize] as usize..self.bottom[i as usize] as usize]
    }

    /// The items of option `r`, with their colors.
    fn option(&self, r: u32) -> &[(u32, u32)] {
        let (from, to) = self.span[r as usize];
        &self.entries[from as usize..to as usize]
    }

    /// Lists primary item `p` as a watcher of every item of its witness,
    /// its first alive option.
    fn watch_witness(&mut self, p: u32) {
        let witness = self.column[self.top[p as usize] as usize].0;
        let (from, to) = self.span[witness as usize];
        for e in from..to {
            let item = self.entries[e as usize].0 as usize;
            self.watch.push((p, self.watchers[item]));
            self.watchers[item] = (self.watch.len() - 1) as u32;
        }
    }

    /// The number of a new test; every stamp of the tests before differs
    /// from it.
    fn next_test(&mut self) -> u32 {
        if self.test == u32::MAX {
            self.test = 0;
            self.mark.fill((0, 0));
            self.tried.fill(0);
        }
        self.test += 1;
        self.test
    }

    /// An item lost its last option: a secondary one goes, a primary one
    /// makes the problem infeasible.
    fn emptied(&mut self, item: u32) {
        self.item_alive[item as usize] = false;
        if self.primary[item as usize] && self.infeasible.is_none() {
            self.infeasible = Some(item);
        }
    }

    /// The watchers of item `i` that the current test has not tried yet,
    /// alive and other than `i`, each once: stamped as tried.
    fn untried_watchers(&mut self, i: u32, test: u32, found: &mut Vec<u32>) {
        let mut cell = self.watchers[i as usize];
        while cell != NONE {
            let (p, next) = self.watch[cell as usize];
            cell = next;
            if p != i && self.item_alive[p as usize] && self.tried[p as usize] != test {
                self.tried[p as usize] = test;
                found.push(p);
            }
        }
    }

    /// The first rule on item `c`; whether it removed it. Of the primary
    /// items all of whose options have `c` uncolored, the one kept is the
    /// one whose last option comes first (then the one first in it): the
    /// first whose options a count along `c`'s column, option by option,
    /// would complete.
    fn comes_along(&mut self, c: usize, found: &mut Vec<u32>) -> bool {
        let test = self.next_test();
        found.clear();
        self.untried_watchers(c as u32, test, found);
        let mut along: Option<(u32, usize, u32)> = None;
        for &p in found.iter() {
            let column = self.column(p);
            let all = column.iter().all(|&(t, _)| {
                self.option(t)
                    .iter()
                    .any(|&(i, color)| i as usize == c && color == 0)
            });
            let Some(&(last, _)) = column.last() else {
                continue;
            };
            if !all {
                continue;
            }
            let at = self.option(last).iter().position(|&(i, _)| i == p);
            let key = (last, at.unwrap_or(0), p);
            if along.is_none_or(|best| (key.0, key.1) < (best.0, best.1)) {
                along = Some(key);
            }
        }
        let Some((_, _, p)) = along else {
            return false;
        };
        let (top, bottom) = (self.top[c] as usize, self.bottom[c] as usize);
        self.item_alive[c] = false;
        self.bottom[c] = self.top[c];
        for k in top..bottom {
            let r = self.column[k].0;
            if self.option(r).iter().any(|&(i, _)| i == p) {
                self.shorten(r, c as u32);
            } else {
                self.delete(r);
            }
        }
        true
    }

    /// Option `r` loses item `c`; the rest keep their order.
    fn shorten(&mut self, r: u32, c: u32) {
        let (from, to) = self.span[r as usize];
        let (from, to) = (from as usize, to as usize);
        if let Some(at) = self.entries[from..to].iter().position(|&(i, _)| i == c) {
            self.entries.copy_within(from + at + 1..to, from + at);
            self.span[r as usize].1 -= 1;
        }
    }

    /// Whether option `t` clashes with the option under test `test`, whose
    /// items are marked: it shares an item with it, uncolored or of
    /// another color.
    fn clashes(&self, t: u32, test: u32, signature: u64) -> bool {
        self.signature[t as usize] & signature != 0
            && self.option(t).iter().any(|&(i, color)| {
                let (mark, tint) = self.mark[i as usize];
                mark == test && (tint == 0 || tint != color)
            })
    }

    /// The second rule on option `r`: whether every option of some primary
    /// item outside `r` clashes with `r`.
    fn blocks(&mut self, r: u32, found: &mut Vec<u32>) -> bool {
        let test = self.next_test();
        let (from, to) = self.span[r as usize];
        for e in from..to {
            let (i, color) = self.entries[e as usize];
            self.mark[i as usize] = (test, color);
            self.tried[i as usize] = test;
        }
        found.clear();
        for e in from..to {
            let i = self.entries[e as usize].0;
            self.untried_watchers(i, test, found);
        }
        let signature = self.signature[r as usize];
        found.iter().any(|&p| self.all_clash(p, test, signature))
    }

    /// Whether every option of primary item `p` clashes with the option
    /// under test. The option that did not last time is looked at first:
    /// options tested one after the other are alike, and so are their
    /// answers.
    fn all_clash(&mut self, p: u32, test: u32, signature: u64) -> bool {
        let column = self.column(p);
        let first = (self.refuter[p as usize] as usize).min(column.len() - 1);
        let refuter = (first..column.len())
            .chain(0..first)
            .find(|&k| !self.clashes(column[k].0, test, signature));
        match refuter {
            Some(k) => {
                self.refuter[p as usize] = k as u32;
                false
            }
            None => true,
        }
    }

    /// Deletes option `r`: it leaves the column of every alive item it
    /// has, and the items it was the witness of get another.
    fn delete(&mut self, r: u32) {
        self.alive[r as usize] = false;
        let (from, to) = self.span[r as usize];
        for e in from..to {
            let item = self.entries[e as usize].0;
            let i = item as usize;
            if !self.item_alive[i] {
                continue;
            }
            let (top, bottom) = (self.top[i] as usize, self.bottom[i] as usize);
            if let Ok(at) = self.column[top..bottom].binary_search_by_key(&r, |&(s, _)| s) {
                self.column.copy_within(top + at + 1..bottom, top + at);
                self.bottom[i] -= 1;
                if self.len(i) == 0 {
                    self.emptied(item);
                } else if at == 0 && self.primary[i] {
                    self.watch_witness(item);
                }
            }
        }
    }

    /// The reduced problem: a copy of the original when everything is
    /// alive; else built from what is: the items kept in their order, the
    /// colors in the order the options left first use them, every option
    /// left without a `Vec` of its own.
    fn finish(self, problem: &Problem, rounds: usize) -> Reduction {
        if self.infeasible.is_none()
            && self.alive.iter().all(|&alive| alive)
            && self.item_alive.iter().all(|&alive| alive)
        {
            return Reduction {
                problem: problem.clone(),
                original: (0..problem.option_count() as u32)
                    .map(OptionId::new)
                    .collect(),
                items_removed: 0,
                options_removed: 0,
                rounds,
            };
        }
        let keep = |item: usize| match self.infeasible {
            Some(p) => item == p as usize,
            None => self.item_alive[item],
        };
        let kept: Vec<u32> = if self.infeasible.is_some() {
            Vec::new()
        } else {
            (0..self.alive.len() as u32)
                .filter(|&r| self.alive[r as usize])
                .collect()
        };
        let entries = kept.iter().map(|&r| self.option(r).len()).sum();
        let items = (0..problem.item_count()).filter(|&i| keep(i)).count();
        let mut builder = ProblemBuilder::with_capacity(items, kept.len(), entries);
        let mut id = vec![None; problem.item_count()];
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
        let mut color = vec![None; problem.color_count()];
        for &r in &kept {
            for &(_, c) in self.option(r) {
                if c > 0 && color[c as usize - 1].is_none() {
                    let name = problem.color_name(ColorId::new(c - 1));
                    color[c as usize - 1] = builder.color(name).ok();
                }
            }
        }
        let mut original = Vec::with_capacity(kept.len());
        for &r in &kept {
            let option = OptionId::new(r);
            let entries = self.option(r).iter().filter_map(|&(item, c)| {
                Some(Entry {
                    item: id[item as usize]?,
                    color: c.checked_sub(1).and_then(|c| color[c as usize]),
                })
            });
            if builder
                .option_with_cost(entries, problem.option_cost(option))
                .is_ok()
            {
                original.push(option);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Tests numbered past `u32::MAX` start again from 1 with every stamp
    /// cleared: the reduction is the same as from 0.
    #[test]
    fn the_test_numbers_wrap_around() {
        let problem: Problem = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
            .parse()
            .unwrap();
        let expected = preprocess(&problem).unwrap();
        let mut state = State::new(&problem);
        state.test = u32::MAX - 3;
        let rounds = state.reduce();
        assert!(state.test < 100, "the numbers did not wrap around");
        let wrapped = state.finish(&problem, rounds);
        assert_eq!(wrapped.problem(), expected.problem());
        assert_eq!(wrapped.original, expected.original);
        assert_eq!(wrapped.rounds(), expected.rounds());
    }
}
