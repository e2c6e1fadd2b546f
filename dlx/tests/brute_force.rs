//! Random small problems: every way of searching agrees with brute force over
//! all subsets of options.

use std::collections::BTreeSet;

use dlx::{ColorId, Entry, ItemId, OptionId, Problem, Solver};
use proptest::prelude::*;

/// A random problem: item count, how many are primary, and options as
/// (item, color) lists; color 0 means none.
#[derive(Clone, Debug)]
struct Spec {
    items: usize,
    primary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=10).prop_flat_map(|items| {
        (1..=items).prop_flat_map(move |primary| {
            let option = proptest::collection::btree_map(0..items, 0u32..3, 1..=4).prop_map(
                move |entries| {
                    entries
                        .into_iter()
                        .map(|(item, color)| (item, if item < primary { 0 } else { color }))
                        .collect::<Vec<_>>()
                },
            );
            proptest::collection::vec(option, 0..=14).prop_map(move |options| Spec {
                items,
                primary,
                options: options
                    .into_iter()
                    .filter(|o| o.iter().any(|&(item, _)| item < primary))
                    .collect(),
            })
        })
    })
}

fn build(spec: &Spec) -> Problem {
    let mut b = Problem::builder();
    for i in 0..spec.items {
        if i < spec.primary {
            b.primary(format!("p{i}")).unwrap();
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

/// Whether a set of options is a solution: primary items exactly once,
/// secondary items at most once or always with one color.
fn is_solution(spec: &Spec, chosen: &[usize]) -> bool {
    let mut uses: Vec<Vec<u32>> = vec![Vec::new(); spec.items];
    for &o in chosen {
        for &(item, color) in &spec.options[o] {
            uses[item].push(color);
        }
    }
    uses.iter().enumerate().all(|(item, colors)| {
        if item < spec.primary {
            colors.len() == 1
        } else {
            colors.len() <= 1 || colors.iter().all(|&c| c != 0 && c == colors[0])
        }
    })
}

fn brute_force(spec: &Spec, required: &[usize]) -> BTreeSet<Vec<usize>> {
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

/// Two options can be in one solution together.
fn compatible(spec: &Spec, a: usize, b: usize) -> bool {
    spec.options[a].iter().all(|&(item, color)| {
        spec.options[b]
            .iter()
            .all(|&(other, other_color)| other != item || (color != 0 && color == other_color))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_search_agrees_with_brute_force(spec in spec()) {
        let problem = build(&spec);
        let expected = brute_force(&spec, &[]);
        let mut solver = Solver::new(&problem);

        let found: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
        let as_set: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
        prop_assert_eq!(found.len(), as_set.len(), "a solution was reported twice");
        prop_assert_eq!(&as_set, &expected);

        prop_assert_eq!(solver.count(), expected.len() as u64);
        match solver.first() {
            Some(first) => prop_assert!(expected.contains(&sorted(&first))),
            None => prop_assert!(expected.is_empty()),
        }
        let mut visited = BTreeSet::new();
        let _ = solver.search(|s| { visited.insert(sorted(s)); std::ops::ControlFlow::Continue(()) });
        prop_assert_eq!(&visited, &expected);
    }

    #[test]
    fn selections_restrict_to_the_solutions_containing_them(
        spec in spec(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let problem = build(&spec);
        prop_assume!(!spec.options.is_empty());
        let mut solver = Solver::new(&problem);
        let mut required: Vec<usize> = Vec::new();
        for pick in picks {
            let o = pick.index(spec.options.len());
            let fits = required.iter().all(|&r| r != o && compatible(&spec, r, o));
            match solver.select(OptionId::new(o as u32)) {
                Ok(()) => {
                    prop_assert!(fits, "selected {} despite a conflict with {:?}", o, required);
                    required.push(o);
                }
                Err(_) => prop_assert!(!fits, "refused {} though it fits {:?}", o, required),
            }
        }
        let expected = brute_force(&spec, &required);
        let found: BTreeSet<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(solver.count(), expected.len() as u64);
        solver.reset();
        prop_assert_eq!(solver.count(), brute_force(&spec, &[]).len() as u64);
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
