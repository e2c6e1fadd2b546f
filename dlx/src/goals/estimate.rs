//! [`Goal::Estimate`](crate::Goal::Estimate): Knuth's estimate of the size
//! of a search by random probes.
//!
//! A probe follows one random path from the root: at each node it tries an
//! option picked uniformly among the node's branches. Along a path with
//! branching degrees d₁, d₂, … the tree has about d₁ + d₁d₂ + … nodes, and
//! d₁d₂…dₖ solutions if the path ends in one; the estimate is the mean over
//! the probes (unbiased, but with a large spread on irregular trees — see
//! [`Estimate::nodes_error`]). The same seed gives the same estimate.
//!
//! On Algorithms X and C a node's branches are the options of the item the
//! search chooses ([`branch`]), and a probe selects the one it picks. On
//! Algorithm M a node's branches are the matrix's own — "the first option
//! of the item still to use is this one", then the null move — so a probe
//! walks the matrix, counting a level's branches by stepping through them
//! before it takes the one it picks.

use crate::contract::stats::Estimate;
use crate::contract::stop::Alarm;
use crate::goals::split::branch;
use crate::machine::algorithm::{OnColors, on_colors};
use crate::machine::driver::{Choice, Matrix};
use crate::machine::multiplicity::Bounded;
use crate::machine::solver::Solver;
use crate::rng::SplitMix64;

/// Knuth's estimate of the search below `solver`'s selected options, from
/// `probes` random paths (the same for the same `seed`), until `alarm`
/// rings: the estimate of the probes finished by then
/// ([`Estimate::probes`] says how many; a probe cut short is dropped). A
/// probe looks at the alarm at every level, each of which scans the items
/// to choose one. The solver is left as it was.
pub(crate) fn estimate(solver: &mut Solver, probes: u32, seed: u64, alarm: &Alarm<'_>) -> Estimate {
    let mut rng = SplitMix64::new(seed);
    // Scaled by powers of 2²⁵⁶: a probe of a deep tree multiplies past
    // what an `f64` holds (a 1×20,000 strip's paths branch in two at every
    // level), and the squares of the probes' estimates overflow long
    // before (a 1×1,000 strip's): see `mean_and_error`.
    let (mut nodes_of_probes, mut solutions) = (Vec::new(), Vec::new());
    let mut options = Vec::new();
    let mut made = 0;
    solver.rewind();
    while made < probes {
        let probe = if solver.multiplicities.is_some() {
            let colored = solver.links.is_colored();
            on_colors(
                colored,
                BoundedProbe {
                    solver: &mut *solver,
                    rng: &mut rng,
                    alarm,
                },
            )
        } else {
            probe(solver, &mut options, &mut rng, alarm)
        };
        let Some((nodes, solved)) = probe else {
            // A probe cut short is dropped (it found no solution).
            break;
        };
        made += 1;
        nodes_of_probes.push(nodes);
        solutions.extend(solved);
    }
    let (nodes, nodes_error) = mean_and_error(&nodes_of_probes, made);
    let (solutions, _) = mean_and_error(&solutions, made);
    Estimate {
        probes: made,
        nodes,
        solutions,
        nodes_error,
    }
}

/// A probe of Algorithm X's (or C's) tree: the nodes it stands for, and
/// the solutions when it ends in one; `None` when `alarm` rang.
fn probe(
    solver: &mut Solver,
    options: &mut Vec<crate::model::ids::OptionId>,
    rng: &mut SplitMix64,
    alarm: &Alarm<'_>,
) -> Option<(Scaled, Option<Scaled>)> {
    let (mut product, mut nodes, mut depth) = (Scaled::ONE, Scaled::ZERO, 0);
    let mut solved = None;
    let mut stopped = false;
    loop {
        if alarm.rung() {
            stopped = true;
            break;
        }
        match branch(solver, options) {
            Choice::Solved => {
                solved = Some(product);
                break;
            }
            Choice::Item => {
                product = product.times(options.len() as f64);
                nodes = nodes.plus(product);
                let pick = options[rng.below(options.len() as u64) as usize];
                let selected = solver.select(pick);
                debug_assert!(selected.is_ok(), "a branch offers available options");
                depth += 1;
            }
            Choice::DeadEnd | Choice::Accounted => break,
        }
    }
    for _ in 0..depth {
        solver.unselect();
    }
    (!stopped).then_some((nodes, solved))
}

/// A probe of Algorithm M's tree, on either color.
struct BoundedProbe<'a, 'b> {
    solver: &'a mut Solver,
    rng: &'a mut SplitMix64,
    alarm: &'a Alarm<'b>,
}

impl OnColors for BoundedProbe<'_, '_> {
    type Output = Option<(Scaled, Option<Scaled>)>;

    fn run<const COLORED: bool>(self) -> Self::Output {
        let solver = self.solver;
        let base = solver.driver.base();
        let m = solver
            .multiplicities
            .as_mut()
            .expect("a bounded probe has multiplicities");
        let mut matrix = Bounded::<COLORED>::new(m, &mut solver.links, &mut solver.stack[..]);
        let (mut product, mut nodes) = (Scaled::ONE, Scaled::ZERO);
        let mut solved = None;
        let mut stopped = false;
        let mut level = base;
        loop {
            if self.alarm.rung() {
                stopped = true;
                break;
            }
            match matrix.choose(level) {
                Choice::Solved => {
                    solved = Some(product);
                    break;
                }
                Choice::Item => {
                    // The level's branches, stepped through: each tried
                    // and taken back, the last restoring the item.
                    let mut branches = 1u64;
                    loop {
                        matrix.try_option(level);
                        if !matrix.retract(level) {
                            break;
                        }
                        branches += 1;
                    }
                    product = product.times(branches as f64);
                    nodes = nodes.plus(product);
                    let pick = self.rng.below(branches);
                    let again = matrix.choose(level);
                    debug_assert_eq!(again, Choice::Item, "a level chooses the same again");
                    for _ in 0..pick {
                        matrix.try_option(level);
                        matrix.retract(level);
                    }
                    matrix.try_option(level);
                    level += 1;
                }
                Choice::DeadEnd | Choice::Accounted => break,
            }
        }
        // Back out of the path, as the driver unwinds.
        while level > base {
            level -= 1;
            if matrix.retract(level) {
                matrix.unchoose(level);
            }
        }
        (!stopped).then_some((nodes, solved))
    }
}

/// `2^256`: the step of [`Scaled`]'s scale.
const SCALE: f64 = 1.157_920_892_373_162e77;

/// A number `m · 2^(256·k)` with `m` below [`SCALE`]: a product of
/// branching degrees of any depth, scaled only by powers of two, so that
/// the arithmetic of numbers an `f64` holds is the `f64`'s own.
#[derive(Clone, Copy, Debug)]
struct Scaled {
    m: f64,
    k: i32,
}

impl Scaled {
    const ZERO: Scaled = Scaled { m: 0.0, k: 0 };
    const ONE: Scaled = Scaled { m: 1.0, k: 0 };

    fn normalized(mut self) -> Scaled {
        while self.m >= SCALE {
            self.m /= SCALE;
            self.k += 1;
        }
        self
    }

    fn times(self, factor: f64) -> Scaled {
        Scaled {
            m: self.m * factor,
            k: self.k,
        }
        .normalized()
    }

    /// The `m` of this number at scale `k` (at least its own).
    fn at(self, k: i32) -> f64 {
        (0..k - self.k).fold(self.m, |m, _| m / SCALE)
    }

    fn plus(self, other: Scaled) -> Scaled {
        let k = self.k.max(other.k);
        Scaled {
            m: self.at(k) + other.at(k),
            k,
        }
        .normalized()
    }
}

/// The mean over `probes` probes of `values` (probes missing from it count
/// as 0), and its standard error: worked out at the largest value's scale,
/// so that neither overflows while the result fits an `f64` — and both
/// `inf` when the mean itself does not.
fn mean_and_error(values: &[Scaled], probes: u32) -> (f64, f64) {
    let Some(k) = values.iter().map(|value| value.k).max() else {
        return (0.0, 0.0);
    };
    let n = f64::from(probes.max(1));
    let scaled = || values.iter().map(|value| value.at(k));
    let mean = scaled().sum::<f64>() / n;
    // The probes missing from `values` are zeros: (0 − mean)² each.
    let missing = n - values.len() as f64;
    let squares = scaled().map(|x| (x - mean) * (x - mean)).sum::<f64>() + missing * mean * mean;
    let error = (squares / n / n).sqrt();
    let unscale = |x: f64| (0..k).fold(x, |x, _| x * SCALE);
    let mean = unscale(mean);
    if mean.is_infinite() {
        (f64::INFINITY, f64::INFINITY)
    } else {
        (mean, unscale(error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::problems::n_queens;

    #[test]
    fn the_estimate_is_exact_on_a_uniform_tree_and_repeatable() {
        // Choosing exactly one of four options: one level of four branches,
        // each a solution.
        let problem = crate::parse_problem("a\na\na\na\na\n").unwrap();
        let mut solver = Solver::new(&problem);
        let uniform = estimate(&mut solver, 10, 1, &Alarm::SILENT);
        assert_eq!(
            (uniform.nodes, uniform.solutions, uniform.nodes_error),
            (4.0, 4.0, 0.0)
        );
        let mut queens = Solver::new(&n_queens(8));
        let first = estimate(&mut queens, 2000, 7, &Alarm::SILENT);
        assert_eq!(estimate(&mut queens, 2000, 7, &Alarm::SILENT), first);
        // 1372 nodes and 92 solutions, within a loose margin.
        assert!((first.nodes - 1372.0).abs() < 300.0, "{first:?}");
        assert!((first.solutions - 92.0).abs() < 40.0, "{first:?}");
    }

    #[test]
    fn estimates_of_huge_trees_keep_a_finite_error_or_say_inf() {
        // About 10^206 nodes: the squares of the probes' estimates overflow
        // an f64, the estimate and its error do not.
        let huge = estimate(
            &mut Solver::new(&crate::model::problems::strip(1000)),
            20,
            1,
            &Alarm::SILENT,
        );
        assert!(huge.nodes > 1e200 && huge.nodes.is_finite(), "{huge:?}");
        assert!(
            huge.nodes_error.is_finite() && huge.nodes_error > 0.0,
            "{huge:?}"
        );
        assert!(huge.solutions > 1e150 && huge.solutions.is_finite());
        // About 2^1400 nodes: beyond any f64, and said so for both (the
        // 1×20,000 strip is tests/memo_budget.rs's, through the CLI).
        let beyond = estimate(
            &mut Solver::new(&crate::model::problems::strip(2000)),
            20,
            1,
            &Alarm::SILENT,
        );
        assert_eq!(
            (beyond.nodes, beyond.nodes_error, beyond.solutions),
            (f64::INFINITY, f64::INFINITY, f64::INFINITY),
        );
    }

    #[test]
    fn scaled_numbers_add_and_multiply_exactly_by_powers_of_two() {
        let two_to_300 = (0..300).fold(Scaled::ONE, |x, _| x.times(2.0));
        assert_eq!(two_to_300.k, 1);
        assert_eq!(two_to_300.m, 2f64.powi(44));
        let sum = two_to_300.plus(Scaled::ONE.times(3.0));
        assert_eq!(mean_and_error(&[sum], 1).0, 2f64.powi(300));
        assert_eq!(mean_and_error(&[], 5), (0.0, 0.0));
        // Two probes, one of them 0: mean 2; the error is the spread
        // √(((4−2)² + (0−2)²) / 2) = 2 over √2.
        let (mean, error) = mean_and_error(&[Scaled::ONE.times(4.0)], 2);
        assert_eq!(mean, 2.0);
        assert!((error - 2f64.sqrt()).abs() < 1e-12);
    }

    /// On Algorithm M the probes walk M's own tree: "choose 2 of 3" has
    /// three solutions on a tree whose every path is a solution, so the
    /// estimate of the solutions is exact whatever the path; the nodes'
    /// estimate is close to the count's.
    #[test]
    fn the_estimate_walks_algorithm_m_on_multiplicities() {
        let problem = crate::parse_problem("2:2|k\nk\nk\nk\n").unwrap();
        let mut solver = Solver::new(&problem);
        let estimated = estimate(&mut solver, 2000, 3, &Alarm::SILENT);
        assert_eq!(estimated.probes, 2000);
        assert_eq!(solver.count(), 3);
        let nodes = solver.stats().nodes as f64;
        assert!((estimated.solutions - 3.0).abs() < 0.5, "{estimated:?}");
        assert!(
            (estimated.nodes - nodes).abs() < 0.25 * nodes,
            "{estimated:?} against {nodes}"
        );
        // Left as it was: the count is the same again.
        assert_eq!(solver.count(), 3);
    }
}
