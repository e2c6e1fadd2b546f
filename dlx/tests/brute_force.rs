//! Random small problems: every way of searching agrees with brute force over
//! all subsets of options — exactly-once problems (Algorithms X and C) and
//! problems with random bounds on their primary items (Algorithm M), colors
//! on secondary items in both; and the memo's counts (Algorithms X and C).

use std::collections::BTreeSet;

use dance_dlx::{ColorId, Entry, ItemId, OptionId, Problem, Solver};
use proptest::prelude::*;

use crate::util::{first, memo_answer, memo_count_within, memo_findings, search, seeded, split};

/// A random problem: item count, how many are primary, the bounds of the
/// primary items, and options as (item, color) lists; color 0 means none.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    pub(crate) items: usize,
    pub(crate) primary: usize,
    pub(crate) bounds: Vec<(u32, u32)>,
    pub(crate) options: Vec<Vec<(usize, u32)>>,
}

/// Problems whose primary items are covered exactly once.
pub(crate) fn spec() -> impl Strategy<Value = Spec> {
    spec_with(Just(vec![]))
}

/// Problems whose primary items have random bounds `min:max`, `max` ≤ 3.
pub(crate) fn spec_with_bounds() -> impl Strategy<Value = Spec> {
    let bound = (1u32..=3).prop_flat_map(|max| (0..=max, Just(max)));
    spec_with(proptest::collection::vec(bound, 10))
}

/// Random problems, the primary items taking their bounds from the front of
/// `bounds` (`1:1` when it runs out).
fn spec_with(
    bounds: impl Strategy<Value = Vec<(u32, u32)>> + Clone,
) -> impl Strategy<Value = Spec> {
    (1usize..=10).prop_flat_map(move |items| {
        let bounds = bounds.clone();
        (1..=items).prop_flat_map(move |primary| {
            let option = proptest::collection::btree_map(0..items, 0u32..3, 1..=4).prop_map(
                move |entries| {
                    entries
                        .into_iter()
                        .map(|(item, color)| (item, if item < primary { 0 } else { color }))
                        .collect::<Vec<_>>()
                },
            );
            let options = proptest::collection::vec(option, 0..=14);
            (options, bounds.clone()).prop_map(move |(options, bounds)| Spec {
                items,
                primary,
                bounds: (0..primary)
                    .map(|i| bounds.get(i).copied().unwrap_or((1, 1)))
                    .collect(),
                options: options
                    .into_iter()
                    .filter(|o| o.iter().any(|&(item, _)| item < primary))
                    .collect(),
            })
        })
    })
}

pub(crate) fn build(spec: &Spec) -> Problem {
    let mut b = Problem::builder();
    for i in 0..spec.items {
        if i < spec.primary {
            let (min, max) = spec.bounds[i];
            b.primary_with_bounds(format!("p{i}"), min, max).unwrap();
        } else {
            b.secondary(format!("s{i}")).unwrap();
        }
    }
    let colors = [b.color("A").unwrap(), b.color("B").unwrap()];
    for option in &spec.options {
        let entries = option.iter().map(|&(item, color)| Entry {
            item: ItemId::new(item as u32),
            color: (color > 0).then(|| colors[color as usize - 1]),
        });
        b.option(entries).unwrap();
    }
    b.build()
}

/// Whether a set of options is a solution: primary items within their
/// bounds, secondary items at most once or always with one color.
fn is_solution(spec: &Spec, chosen: &[usize]) -> bool {
    let mut uses: Vec<Vec<u32>> = vec![Vec::new(); spec.items];
    for &o in chosen {
        for &(item, color) in &spec.options[o] {
            uses[item].push(color);
        }
    }
    uses.iter().enumerate().all(|(item, colors)| {
        if item < spec.primary {
            let (min, max) = spec.bounds[item];
            (min..=max).contains(&(colors.len() as u32))
        } else {
            colors.len() <= 1 || colors.iter().all(|&c| c != 0 && c == colors[0])
        }
    })
}

pub(crate) fn brute_force(spec: &Spec, required: &[usize]) -> BTreeSet<Vec<usize>> {
    let m = spec.options.len();
    (0u32..1 << m)
        .map(|mask| (0..m).filter(|&o| mask & (1 << o) != 0).collect::<Vec<_>>())
        .filter(|chosen| required.iter().all(|r| chosen.contains(r)))
        .filter(|chosen| is_solution(spec, chosen))
        .collect()
}

fn sorted(solution: &[OptionId]) -> Vec<usize> {
    let mut s: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    s.sort_unstable();
    s
}

/// Whether option `o` can join the `selected` ones: it is not one of them,
/// it agrees with each on their secondary items, and none of its primary
/// items is covered by them as often as its upper bound allows already.
fn fits(spec: &Spec, selected: &[usize], o: usize) -> bool {
    let secondary_ok = |a: usize| {
        spec.options[o].iter().all(|&(item, color)| {
            item < spec.primary
                || spec.options[a].iter().all(|&(other, other_color)| {
                    other != item || (color != 0 && color == other_color)
                })
        })
    };
    let room = |item: usize| {
        let uses = selected
            .iter()
            .filter(|&&a| spec.options[a].iter().any(|&(i, _)| i == item))
            .count() as u32;
        uses < spec.bounds[item].1
    };
    !selected.contains(&o)
        && selected.iter().all(|&a| secondary_ok(a))
        && spec.options[o]
            .iter()
            .all(|&(item, _)| item >= spec.primary || room(item))
}

/// Every way of searching `spec`'s problem finds exactly `expected`, each
/// solution once.
fn check_searches(spec: &Spec, solver: &mut Solver) -> Result<(), TestCaseError> {
    let expected = brute_force(spec, &[]);
    let found: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
    let as_set: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
    prop_assert_eq!(found.len(), as_set.len(), "a solution was reported twice");
    prop_assert_eq!(&as_set, &expected);

    prop_assert_eq!(solver.count(), expected.len() as u64);
    match first(solver) {
        Some(first) => prop_assert!(expected.contains(&sorted(&first))),
        None => prop_assert!(expected.is_empty()),
    }
    let mut visited = BTreeSet::new();
    let answer = search(solver, |s| {
        visited.insert(sorted(s));
        std::ops::ControlFlow::Continue(())
    });
    prop_assert_eq!(&visited, &expected);
    prop_assert_eq!(answer.count.solutions, expected.len() as u64);
    prop_assert!(answer.count.complete);
    Ok(())
}

/// Selecting random options succeeds exactly when they fit, and restricts the
/// solutions to those containing them.
fn check_selections(spec: &Spec, picks: &[prop::sample::Index]) -> Result<(), TestCaseError> {
    let problem = build(spec);
    let mut solver = Solver::new(&problem);
    let mut required: Vec<usize> = Vec::new();
    for pick in picks {
        let o = pick.index(spec.options.len());
        let fits = fits(spec, &required, o);
        match solver.select(OptionId::new(o as u32)) {
            Ok(()) => {
                prop_assert!(
                    fits,
                    "selected {} despite a conflict with {:?}",
                    o,
                    required
                );
                required.push(o);
            }
            Err(_) => prop_assert!(!fits, "refused {} though it fits {:?}", o, required),
        }
    }
    let expected = brute_force(spec, &required);
    let found: BTreeSet<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
    prop_assert_eq!(&found, &expected);
    prop_assert_eq!(solver.count(), expected.len() as u64);
    solver.reset();
    prop_assert_eq!(solver.count(), brute_force(spec, &[]).len() as u64);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_search_agrees_with_brute_force(spec in spec()) {
        check_searches(&spec, &mut Solver::new(&build(&spec)))?;
    }

    #[test]
    fn selections_restrict_to_the_solutions_containing_them(
        spec in spec(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        prop_assume!(!spec.options.is_empty());
        check_selections(&spec, &picks)?;
    }

    /// The memo's count, within a budget that holds nothing and one that
    /// holds every state, with and without selected options.
    #[test]
    fn the_memo_agrees_with_brute_force(
        spec in spec(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..3),
        max_bytes in prop_oneof![Just(200usize), Just(1usize << 20)],
    ) {
        let problem = build(&spec);
        let mut solver = Solver::new(&problem);
        prop_assert_eq!(
            memo_count_within(&mut solver, max_bytes),
            brute_force(&spec, &[]).len() as u128
        );
        // With options selected, whose colors the memo must take into account.
        let mut required = Vec::new();
        for pick in &picks {
            let o = pick.index(spec.options.len().max(1));
            if o < spec.options.len() && solver.select(OptionId::new(o as u32)).is_ok() {
                required.push(o);
            }
        }
        let expected = brute_force(&spec, &required).len() as u128;
        prop_assert_eq!(memo_count_within(&mut solver, max_bytes), expected);
    }

    /// The memo's count on two threads — one shared memo, the tree cut in
    /// the memo's order, one thread counting top down, the other bottom
    /// up, in whatever order they take the parts — agrees with brute
    /// force: for the whole problem, and added up over the subproblems of
    /// a split, each counted so with its options selected.
    #[test]
    fn a_shared_memo_on_threads_agrees_with_brute_force(
        spec in spec(),
        depth in 0usize..3,
        max_bytes in prop_oneof![Just(200usize), Just(1usize << 20)],
    ) {
        let problem = build(&spec);
        let mut solver = Solver::new(&problem);
        let expected = brute_force(&spec, &[]).len() as u128;
        let (whole, _) = memo_findings(&memo_answer(&mut solver, max_bytes, 2));
        prop_assert!(whole.complete);
        prop_assert_eq!(whole.solutions, expected);
        let mut total = 0u128;
        for subproblem in split(&mut solver, depth) {
            for &option in &subproblem {
                solver.select(option).unwrap();
            }
            let (count, _) = memo_findings(&memo_answer(&mut solver, max_bytes, 2));
            prop_assert!(count.complete);
            total += count.solutions.to_u128().unwrap();
            solver.reset();
        }
        prop_assert_eq!(total, expected);
    }

    #[test]
    fn check_tells_solutions_as_brute_force_does(spec in spec_with_bounds()) {
        // Every subset of the options, colors and bounds included.
        let problem = build(&spec);
        let m = spec.options.len();
        for mask in 0u32..1 << m {
            let chosen: Vec<usize> = (0..m).filter(|&o| mask & (1 << o) != 0).collect();
            let ids: Vec<OptionId> = chosen.iter().map(|&o| OptionId::new(o as u32)).collect();
            prop_assert_eq!(problem.check(&ids).is_ok(), is_solution(&spec, &chosen), "{:?}", chosen);
        }
    }

    #[test]
    fn algorithm_m_agrees_with_brute_force(spec in spec_with_bounds(), seed in any::<u64>()) {
        let problem = build(&spec);
        check_searches(&spec, &mut Solver::new(&problem))?;
        check_searches(&spec, &mut seeded(&problem, seed))?;
    }

    #[test]
    fn selections_count_towards_the_bounds(
        spec in spec_with_bounds(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
    ) {
        prop_assume!(!spec.options.is_empty());
        check_selections(&spec, &picks)?;
    }
}

#[test]
fn colors_are_not_confused_across_items() {
    // Two secondary items colored A by different options do not interact.
    let mut b = Problem::builder();
    let p = b.primary("p").unwrap();
    let q = b.primary("q").unwrap();
    let x = b.secondary("x").unwrap();
    let y = b.secondary("y").unwrap();
    let a = b.color("A").unwrap();
    let bb: ColorId = b.color("B").unwrap();
    b.option([p.into(), x.colored(a), y.colored(bb)]).unwrap();
    b.option([q.into(), x.colored(a), y.colored(a)]).unwrap();
    b.option([q.into(), x.colored(bb)]).unwrap();
    assert_eq!(Solver::new(&b.build()).count(), 0);
}
