//! The ZDD of all solutions: its solutions are brute force's on random
//! problems with colors, secondary items and bounds (Algorithm M's
//! multiplicities), its count the memo's and the
//! plain search's, it is reduced, every sample checks, the samples are
//! uniform (a seeded chi-square test), and its text reads back.

use std::collections::{BTreeSet, HashSet};

use dance_dlx::problems::{domino_tilings, langford, n_queens, pentominoes, rooks};
use dance_dlx::{
    BigCount, Findings, Goal, OptionId, Problem, Request, Solver, SplitMix64, Status, Stop, Zdd,
    ZddReadError, ZddSyntax, parse_problem,
};
use proptest::prelude::*;

use crate::brute_force::{brute_force, build, spec, spec_with_bounds};
use crate::util::{memo_count, memo_count_within, zdd_of, zdd_within};

fn sorted(solution: &[OptionId]) -> Vec<usize> {
    let mut s: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    s.sort_unstable();
    s
}

/// Fails unless no node has HI = 0, no two nodes are alike, and every
/// node's children come before it.
fn assert_reduced(zdd: &Zdd) {
    let mut seen = HashSet::new();
    for node in zdd.nodes() {
        assert_ne!(node.hi, 0, "node {:x} has HI = 0", node.id);
        assert!(node.lo < node.id && node.hi < node.id);
        assert!(
            seen.insert((node.option, node.lo, node.hi)),
            "two nodes alike: {node:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The diagram holds brute force's solutions, counts them and the
    /// solutions through each option, is reduced, reads back from its text,
    /// and samples solutions; with a selected option too.
    #[test]
    fn the_zdd_holds_exactly_the_solutions(spec in spec(), pick in 0usize..14, seed: u64) {
        let problem = build(&spec);
        let mut solver = Solver::new(&problem);
        let zdd = zdd_of(&mut solver);
        let expected = brute_force(&spec, &[]);
        prop_assert_eq!(zdd.count().to_u64(), Some(expected.len() as u64));
        prop_assert_eq!(zdd.count().to_u64(), Some(solver.count()));
        prop_assert_eq!(&memo_count_within(&mut solver, 1 << 20), zdd.count());
        let listed: BTreeSet<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
        prop_assert_eq!(zdd.solutions().count(), expected.len());
        prop_assert_eq!(&listed, &expected);
        assert_reduced(&zdd);
        let through = zdd.count_through();
        prop_assert_eq!(through.len(), problem.option_count());
        for (option, count) in through.iter().enumerate() {
            let brute = expected.iter().filter(|s| s.contains(&option)).count() as u64;
            prop_assert_eq!(count.to_u64(), Some(brute));
        }
        let read: Zdd = zdd.to_string().parse().unwrap();
        prop_assert_eq!(&read, &zdd);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..5 {
            match zdd.sample(&mut rng) {
                Some(sample) => {
                    prop_assert!(problem.check(&sample).is_ok());
                    prop_assert!(expected.contains(&sorted(&sample)));
                }
                None => prop_assert!(expected.is_empty()),
            }
        }
        // With an option selected: the solutions that contain it.
        if !spec.options.is_empty() {
            let option = pick % spec.options.len();
            if solver.select(OptionId::new(option as u32)).is_ok() {
                let zdd = zdd_of(&mut solver);
                let expected = brute_force(&spec, &[option]);
                let listed: BTreeSet<Vec<usize>> =
                    zdd.solutions().map(|s| sorted(&s)).collect();
                prop_assert_eq!(listed, expected);
                assert_reduced(&zdd);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// With bounds on the primary items (Algorithm M), colors and secondary
    /// items: the memo's count, the plain search's and the diagram's are
    /// brute force's, the diagram holds exactly its solutions, is reduced,
    /// reads back, and every sample checks; with a selected option too.
    #[test]
    fn the_zdd_and_the_memo_hold_the_solutions_with_bounds(
        spec in spec_with_bounds(),
        pick in 0usize..14,
        seed: u64,
    ) {
        let problem = build(&spec);
        let mut solver = Solver::new(&problem);
        let expected = brute_force(&spec, &[]);
        prop_assert_eq!(solver.count(), expected.len() as u64);
        let counted = memo_count_within(&mut solver, 1 << 20);
        prop_assert_eq!(counted.to_u64(), Some(expected.len() as u64));
        // Again, from the start.
        prop_assert_eq!(&memo_count_within(&mut solver, 1 << 20), &counted);
        let zdd = zdd_of(&mut solver);
        prop_assert_eq!(zdd.count(), &counted);
        let listed: BTreeSet<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
        prop_assert_eq!(zdd.solutions().count(), expected.len());
        prop_assert_eq!(&listed, &expected);
        assert_reduced(&zdd);
        for (option, count) in zdd.count_through().iter().enumerate() {
            let brute = expected.iter().filter(|s| s.contains(&option)).count() as u64;
            prop_assert_eq!(count.to_u64(), Some(brute));
        }
        let read: Zdd = zdd.to_string().parse().unwrap();
        prop_assert_eq!(&read, &zdd);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..5 {
            match zdd.sample(&mut rng) {
                Some(sample) => {
                    prop_assert!(problem.check(&sample).is_ok());
                    prop_assert!(expected.contains(&sorted(&sample)));
                }
                None => prop_assert!(expected.is_empty()),
            }
        }
        // With an option selected: the solutions that contain it, then
        // without it again.
        if !spec.options.is_empty() {
            let option = pick % spec.options.len();
            if solver.select(OptionId::new(option as u32)).is_ok() {
                let expected = brute_force(&spec, &[option]);
                let counted = memo_count_within(&mut solver, 1 << 20);
                prop_assert_eq!(counted.to_u64(), Some(expected.len() as u64));
                let zdd = zdd_of(&mut solver);
                let listed: BTreeSet<Vec<usize>> =
                    zdd.solutions().map(|s| sorted(&s)).collect();
                prop_assert_eq!(listed, expected);
                assert_reduced(&zdd);
                solver.unselect();
                prop_assert_eq!(
                    memo_count_within(&mut solver, 1 << 20).to_u64(),
                    Some(brute_force(&spec, &[]).len() as u64)
                );
            }
        }
    }
}

/// Problems with primary items only, secondary items and colors.
fn suite() -> Vec<(&'static str, Problem)> {
    let colored = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    let paint = "a b c d | x y z\na x:R\na x:G y:R\nb x:R z:G\nb y:G\nc x:G z:G\nc y:R z:R\n\
                 d x:R\nd z:G\nd x:G y:R\nb c x:R\na d z:R\n";
    vec![
        ("colored", parse_problem(colored).unwrap()),
        ("paint", parse_problem(paint).unwrap()),
        ("pentominoes 3x20", pentominoes(3, 20)),
        ("dominoes 6x6", domino_tilings(6, 6)),
        ("queens 8", n_queens(8)),
        ("langford 8", langford(8)),
    ]
}

#[test]
fn the_zdd_counts_what_the_memo_and_the_plain_search_count() {
    for (name, problem) in suite() {
        let mut solver = Solver::new(&problem);
        let zdd = zdd_of(&mut solver);
        assert_eq!(zdd.count().to_u64(), Some(solver.count()), "{name}");
        assert_eq!(zdd.count(), &memo_count(&mut solver), "{name}");
        assert_reduced(&zdd);
        // A budget too small for any state: the same diagram, searched longer.
        let (small, stats) = zdd_within(&mut solver, 0);
        assert_eq!(small, zdd, "{name}");
        assert_eq!(stats.entries, 0);
    }
}

#[test]
fn the_zdd_of_a_large_board_counts_past_u64() {
    let problem = domino_tilings(10, 10);
    let zdd = zdd_of(&mut Solver::new(&problem));
    assert_eq!(zdd.count(), &BigCount::from(258_584_046_368u64));
    let mut rng = SplitMix64::new(1);
    for _ in 0..20 {
        let tiling = zdd.sample(&mut rng).unwrap();
        assert_eq!(tiling.len(), 50);
        problem.check(&tiling).unwrap();
    }
    let big = zdd_of(&mut Solver::new(&domino_tilings(12, 12)));
    assert_eq!(big.count().to_string(), "53060477521960000");
}

/// A chi-square test of the samples' uniformity on the 4×4 board's 36
/// tilings: 36,000 samples, 1,000 expected per tiling. The seed is fixed,
/// so the test cannot flake; the bound is the 0.1% point of the
/// chi-square distribution with 35 degrees of freedom (66.6).
#[test]
fn samples_are_uniform() {
    let problem = domino_tilings(4, 4);
    let zdd = zdd_of(&mut Solver::new(&problem));
    assert_eq!(*zdd.count(), 36);
    let tilings: Vec<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
    let mut seen = vec![0u64; tilings.len()];
    let mut rng = SplitMix64::new(2026);
    let draws = 36_000u64;
    for _ in 0..draws {
        let sample = sorted(&zdd.sample(&mut rng).unwrap());
        let k = tilings.iter().position(|t| *t == sample).unwrap();
        seen[k] += 1;
    }
    let expected = draws as f64 / tilings.len() as f64;
    let chi2: f64 = seen
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    assert!(
        chi2 < 66.6,
        "chi-square {chi2:.1} over 35 degrees of freedom"
    );
    // And not suspiciously perfect: the 0.1% point from below is 14.7.
    assert!(
        chi2 > 14.7,
        "chi-square {chi2:.1} is too small to be random"
    );
}

#[test]
fn samples_are_the_same_for_the_same_seed() {
    let zdd = zdd_of(&mut Solver::new(&domino_tilings(6, 6)));
    let draw = |seed| {
        let mut rng = SplitMix64::new(seed);
        (0..10)
            .map(|_| zdd.sample(&mut rng).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(draw(5), draw(5));
    assert_ne!(draw(5), draw(6));
}

#[test]
fn the_text_is_dlx6s() {
    // Knuth's toy problem: the one solution is options 4, 5 and 1 (1-based).
    let toy = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
    let zdd = zdd_of(&mut Solver::new(&parse_problem(toy).unwrap()));
    let text = zdd.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(*lines.last().unwrap(), "5: (~0?0:4)");
    let options: BTreeSet<&str> = lines[..3]
        .iter()
        .map(|l| l.split(['~', '?']).nth(1).unwrap())
        .collect();
    assert_eq!(options, BTreeSet::from(["1", "4", "5"]));
    // No solution: the root alone.
    let none = zdd_of(&mut Solver::new(&parse_problem("a b\na\n").unwrap()));
    assert_eq!(none.to_string(), "2: (~0?0:0)\n");
    assert!(none.count().is_zero());
    assert_eq!(none.solutions().next(), None);
    assert_eq!(none.sample(&mut SplitMix64::new(0)), None);
}

#[test]
fn dlx6s_unreduced_output_reads_reduced() {
    // Two alike chains for one subproblem, a node with HI = 0, ids out of
    // order and in capitals, blanks where sscanf skips them.
    let text = "\
        2: (~3?0:1)\n\
        3: (~2?0:2)\n\
        \n\
        4: (~3?0:1)\n\
        5: (~2?0:4)\n\
        7: (~1?5:3)\n\
        A:(~4? 7 : 0)\n\
        8: (~0?0:a)\n";
    let zdd: Zdd = text.parse().unwrap();
    assert_eq!(*zdd.count(), 2);
    assert_eq!(zdd.node_count(), 3);
    assert_reduced(&zdd);
    let solutions: BTreeSet<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
    assert_eq!(solutions, BTreeSet::from([vec![1, 2], vec![0, 1, 2]]));
    assert_eq!(zdd.option_count(), 4);
}

#[test]
fn bad_text_is_refused_with_its_line_and_column() {
    let error = |text: &str| match text.parse::<Zdd>() {
        Err(ZddReadError::Syntax { line, column, kind }) => (line, column, kind),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        error("2: (~1?0:1)\n3: (~0?0:2\n"),
        (2, 11, ZddSyntax::Expected("`)` after HI"))
    );
    assert_eq!(
        error("2: (~1?0:9)\n3: (~0?0:2)\n"),
        (1, 10, ZddSyntax::Unknown(9))
    );
    assert_eq!(
        error("2: (~1?0:1)\n2: (~2?0:1)\n3: (~0?0:2)\n"),
        (2, 1, ZddSyntax::Duplicate { id: 2, first: 1 })
    );
    assert_eq!(
        error("2: (~1?3:1)\n3: (~2?2:1)\n4: (~0?0:2)\n"),
        (2, 8, ZddSyntax::Cycle(2))
    );
    assert_eq!(error("1: (~1?0:1)\n"), (1, 1, ZddSyntax::Sink(1)));
    assert_eq!(error("2: (~0?1:1)\n"), (1, 8, ZddSyntax::RootLo));
    assert_eq!(
        error("2: (~0?0:1)\n3: (~0?0:1)\n"),
        (2, 1, ZddSyntax::SecondRoot(1))
    );
    assert_eq!(
        error("2: (~1?0:1)\nx3: (~0?0:2)\n"),
        (2, 1, ZddSyntax::Expected("a hexadecimal node id"))
    );
    assert_eq!(error("100000000: (~0?0:1)\n"), (1, 1, ZddSyntax::TooLarge));
    assert_eq!(
        error("2: (~1?0:1)\n3: (~2?0:4)\n4: (~0?0:2)\n"),
        (2, 10, ZddSyntax::RootChild(4))
    );
    assert_eq!("2: (~1?0:1)\n".parse::<Zdd>(), Err(ZddReadError::NoRoot));
    assert!(
        error("2: (~1?0:1)\n3: (~0?0:2) junk\n").2 == ZddSyntax::Expected("the end of the line")
    );
}

#[test]
fn problems_with_multiplicities_have_their_zdd() {
    // `a` two or three times, `b` once: only {a, a b}.
    let bounded = parse_problem("2:3|a b\na\nb\na b\n").unwrap();
    let zdd = zdd_of(&mut Solver::new(&bounded));
    let solutions: Vec<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
    assert_eq!(solutions, vec![vec![0, 2]]);
    // Two rooks in every row and column of a 6×6 board, as the plain
    // search and the memo count them.
    let problem = rooks(6, 2);
    let mut solver = Solver::new(&problem);
    let zdd = zdd_of(&mut solver);
    assert_eq!(zdd.count().to_u64(), Some(67950));
    assert_eq!(memo_count(&mut solver).to_u64(), Some(67950));
    assert_eq!(solver.count(), 67950);
    let mut rng = SplitMix64::new(36);
    for _ in 0..20 {
        assert!(problem.check(&zdd.sample(&mut rng).unwrap()).is_ok());
    }
}

/// A stopped build has no diagram: the answer is `timeout`, with no
/// findings.
#[test]
fn stops_are_refused() {
    let mut solver = Solver::new(&domino_tilings(12, 12));
    let request =
        Request::new(Goal::Zdd { memory: 1 << 20 }).with_stop(Stop::at(std::time::Instant::now()));
    let stopped = solver.run(&request);
    assert_eq!(stopped.status, Status::Timeout);
    assert_eq!(stopped.findings, Findings::None);
    // The links are as they were.
    assert_eq!(zdd_of(&mut solver).count().to_string(), "53060477521960000");
}
