//! `write_problem` then `read_problem` gives the problem back, and so does
//! `to_string` then `parse`, on random problems with secondary items, colors,
//! bounds and costs.

use dance_dlx::{ItemKind, Problem, Solver, read_problem, write_problem};
use proptest::prelude::*;

/// A random problem: up to 5 primary items (some with bounds), up to 3
/// secondary items, up to 3 colors, up to 8 options of distinct items with
/// at least one primary item each, colors on some secondary entries, some
/// options with a cost (DLX5's `|n`, up to the largest `u64`). Colors
/// are named as the options first use them, as the reader names them, so the
/// problem read back is `==` to this one.
fn problems() -> impl Strategy<Value = Problem> {
    let bounds = prop::option::of((0u32..3, 1u32..4).prop_map(|(low, span)| (low, low + span)));
    let primaries = prop::collection::vec(bounds, 1..=5);
    (primaries, 0usize..=3, 1usize..=3)
        .prop_flat_map(|(primaries, secondary, colors)| {
            let items = primaries.len() + secondary;
            let entry = (0..items, prop::option::of(0..colors));
            let option = prop::collection::vec(entry, 1..=items);
            let cost = prop_oneof![Just(0u64), 0u64..100, Just(u64::MAX)];
            let options = prop::collection::vec((option, cost), 0..=8);
            (Just(primaries), Just(secondary), Just(colors), options)
        })
        .prop_map(|(primaries, secondary, _, options)| {
            let mut builder = Problem::builder();
            let mut items = Vec::new();
            for (k, bounds) in primaries.iter().enumerate() {
                let name = format!("p{k}");
                let item = match bounds {
                    Some((low, high)) => builder.primary_with_bounds(name, *low, *high),
                    None => builder.primary(name),
                };
                items.push(item.unwrap());
            }
            for k in 0..secondary {
                items.push(builder.secondary(format!("s{k}")).unwrap());
            }
            for (entries, cost) in options {
                let mut seen = vec![false; items.len()];
                let mut chosen = Vec::new();
                for (item, color) in entries {
                    if std::mem::replace(&mut seen[item], true) {
                        continue;
                    }
                    let is_secondary = item >= primaries.len();
                    chosen.push((item, color.filter(|_| is_secondary)));
                }
                // Knuth's format needs a primary item in every option.
                if !chosen.iter().any(|&(item, _)| item < primaries.len()) {
                    continue;
                }
                let option: Vec<dance_dlx::Entry> = chosen
                    .into_iter()
                    .map(|(item, color)| match color {
                        Some(k) => items[item].colored(builder.color(&format!("C{k}")).unwrap()),
                        None => dance_dlx::Entry::from(items[item]),
                    })
                    .collect();
                builder.option_with_cost(option, cost).unwrap();
            }
            builder.build()
        })
}

/// Everything a problem says, by name: items with kinds and bounds, and
/// options as item names with color names.
fn describe(problem: &Problem) -> (Vec<String>, Vec<Vec<String>>) {
    let items = problem
        .items()
        .map(|item| {
            let kind = match problem.item_kind(item) {
                ItemKind::Primary => "primary",
                ItemKind::Secondary => "secondary",
            };
            format!(
                "{} {kind} {:?}",
                problem.item_name(item),
                problem.item_bounds(item)
            )
        })
        .collect();
    let options = problem
        .options()
        .map(|(option, entries)| {
            entries
                .iter()
                .map(|entry| match entry.color {
                    Some(color) => {
                        format!(
                            "{}:{}",
                            problem.item_name(entry.item),
                            problem.color_name(color)
                        )
                    }
                    None => problem.item_name(entry.item).to_string(),
                })
                .chain([format!("|{}", problem.option_cost(option))])
                .collect()
        })
        .collect();
    (items, options)
}

proptest! {
    #[test]
    fn written_problems_read_back(problem in problems()) {
        let mut text = Vec::new();
        write_problem(&problem, &mut text).unwrap();
        let read = read_problem(&text[..]).unwrap();
        prop_assert_eq!(describe(&read), describe(&problem));
        prop_assert_eq!(Solver::new(&read).count(), Solver::new(&problem).count());
        // And through `FromStr`.
        let parsed: Problem = std::str::from_utf8(&text).unwrap().parse().unwrap();
        prop_assert_eq!(describe(&parsed), describe(&problem));
    }

    #[test]
    fn displayed_problems_parse_back(problem in problems()) {
        let text = problem.to_string();
        let parsed: Problem = text.parse().unwrap();
        prop_assert_eq!(&parsed, &problem);
        prop_assert_eq!(parsed.to_string(), text);
    }
}
