//! The cheapest with multiplicities: Algorithm M's own walk with a plain
//! bound, on one thread — a level whose options so far cost the cutoff
//! (the `k`-th cost itself) or more is cut. That walk's tree is the plain
//! search's whatever the bound, so its first found among ties is the plain
//! search's first, and a later solution as cheap as the `k`-th kept is cut.

use std::ops::ControlFlow;

use crate::contract::stats::Stats;
use crate::contract::stop::Alarm;
use crate::goals::best::{Cheapest, Kept, NO_CUTOFF, cost_of};
use crate::machine::algorithm::{OnColors, on_colors};
use crate::machine::driver::{Choice, Driver, Ended, Fold, Matrix, Walking, Work, drive};
use crate::machine::links::Links;
use crate::machine::multiplicity::{Bounded, Multiplicities};
use crate::machine::solver::Solver;
use crate::model::ids::OptionId;

/// The cheapest with multiplicities: Algorithm M's own walk, on one
/// thread, with a plain bound. Its tree does not depend on the bound, so
/// it meets ties in the plain search's order, and a later solution as
/// cheap as the `k`-th kept is cut.
pub(crate) fn bounded(solver: &mut Solver, k: u64, alarm: &Alarm<'_>) -> Cheapest {
    let selected: Vec<OptionId> = solver.selected().collect();
    let fixed = cost_of(&solver.costs, &selected);
    let costs = std::sync::Arc::clone(&solver.costs);
    let depth = solver.stack.len();
    let before = solver.links.updates;
    let colored = solver.links.is_colored();
    let mut driver = Driver::new();
    let mut spent = vec![0u128; depth + 1];
    let mut stack = vec![0; depth];
    let mut capping = Capping {
        kept: Kept::new(k, false),
        selected,
        work: 0,
    };
    let Solver {
        links,
        multiplicities,
        per_look,
        ..
    } = &mut *solver;
    let m = multiplicities
        .as_mut()
        .expect("a bounded search has multiplicities");
    let walk = CappedWalk {
        m,
        links,
        stack: &mut stack,
        spent: &mut spent,
        costs: &costs,
        driver: &mut driver,
        per_look: *per_look,
        capping: &mut capping,
        alarm,
    };
    let (ended, cut) = on_colors(colored, walk);
    let updates = solver.links.updates - before;
    Cheapest {
        solutions: capping.kept.shifted(fixed).into_sorted(),
        proven: ended != Ended::Stopped,
        stats: Stats {
            cut,
            updates,
            ..driver.stats()
        },
    }
}

/// Algorithm M's walk with a plain bound, on either color.
struct CappedWalk<'a, 'b> {
    m: &'a mut Multiplicities,
    links: &'a mut Links,
    stack: &'a mut [u32],
    spent: &'a mut [u128],
    costs: &'a [u64],
    driver: &'a mut Driver,
    per_look: u64,
    capping: &'a mut Capping,
    alarm: &'a Alarm<'b>,
}

impl OnColors for CappedWalk<'_, '_> {
    type Output = (Ended, u64);

    fn run<const COLORED: bool>(self) -> (Ended, u64) {
        let matrix = Capped::<COLORED> {
            bounded: Bounded::new(self.m, self.links, self.stack),
            costs: self.costs,
            spent: self.spent,
            cutoff: NO_CUTOFF,
            cut: 0,
        };
        let mut walking = Walking {
            driver: self.driver,
            matrix,
            per_look: self.per_look,
        };
        let ended = drive(&mut walking, self.alarm, self.capping);
        if ended == Ended::Stopped {
            walking.unwind();
        }
        (ended, walking.matrix.cut)
    }
}

/// The fold of Algorithm M's capped walk: keeps the `k` cheapest, and
/// lowers the matrix's bound as they come.
struct Capping {
    kept: Kept,
    /// The solver's selection, in every solution.
    selected: Vec<OptionId>,
    /// The upkeep of the solutions kept.
    work: u64,
}

impl<const COLORED: bool> Fold<Walking<'_, Capped<'_, COLORED>>> for Capping {
    fn solution(&mut self, walk: &mut Walking<'_, Capped<'_, COLORED>>) -> ControlFlow<()> {
        let level = walk.driver.level();
        let matrix = &walk.matrix;
        let links = matrix.bounded.links();
        let moves = matrix.bounded.stack()[..level]
            .iter()
            .filter(|&&p| !links.is_header(p));
        let mut solution = self.selected.clone();
        solution.extend(moves.map(|&p| links.option_of(p)));
        self.work += solution.len() as u64;
        self.kept.offer(matrix.spent[level], Vec::new(), solution);
        walk.matrix.cutoff = self.kept.cutoff();
        ControlFlow::Continue(())
    }

    fn work(&self) -> u64 {
        self.work
    }
}

/// Algorithm M's matrix with a plain bound: a level whose options so far
/// cost the cutoff or more is cut.
struct Capped<'a, const COLORED: bool> {
    bounded: Bounded<'a, COLORED>,
    /// The cost of every option, by number.
    costs: &'a [u64],
    spent: &'a mut [u128],
    cutoff: u128,
    cut: u64,
}

impl<const COLORED: bool> Matrix for Capped<'_, COLORED> {
    fn choose(&mut self, level: usize) -> Choice {
        if self.spent[level] >= self.cutoff {
            self.cut += 1;
            return Choice::DeadEnd;
        }
        self.bounded.choose(level)
    }

    fn try_option(&mut self, level: usize) -> Work {
        let cost = self
            .bounded
            .staged_option(level)
            .map_or(0, |option| self.costs[option.index()]);
        self.spent[level + 1] = self.spent[level] + u128::from(cost);
        self.bounded.try_option(level)
    }

    fn retract(&mut self, level: usize) -> bool {
        self.bounded.retract(level)
    }

    fn unchoose(&mut self, level: usize) {
        self.bounded.unchoose(level);
    }
}
