//! The difficulty measure: the same rating every time, ratings for every
//! kind of shape, and levels that rise from the easy set to the forum's
//! hardest.

use std::fs;
use std::path::PathBuf;

use dance_sudoku::generate::{Layout, Options, generate};
use dance_sudoku::rate::{Level, RateError, SAMPLES, rate, samples};
use dance_sudoku::{Engine, EngineChoice, Goal, Puzzle, Request, Shape, Solver, Tree, Variant};

/// Every `step`-th puzzle of a set under `benches/data/`, from the first;
/// `puzzle:solution` lines give their puzzle.
fn shipped(name: &str, step: usize) -> Vec<Puzzle> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "benches", "data", name]
        .iter()
        .collect();
    fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .step_by(step)
        .map(|line| line.split(':').next().unwrap().parse().unwrap())
        .collect()
}

/// How many puzzles fall in each level, easiest first, and the mean
/// guesses.
fn levels(puzzles: &[Puzzle]) -> ([usize; 5], f64) {
    let mut solver = Solver::new();
    let mut counts = [0; 5];
    let mut guesses = 0.0;
    for puzzle in puzzles {
        let rating = rate(&mut solver, puzzle).unwrap();
        counts[Level::ALL.iter().position(|&l| l == rating.level).unwrap()] += 1;
        guesses += rating.guesses();
    }
    (counts, guesses / puzzles.len() as f64)
}

#[test]
fn a_rating_is_a_function_of_the_puzzle() {
    let puzzle: Puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let once = rate(&mut Solver::new(), &puzzle).unwrap();
    let mut solver = Solver::new();
    solver.count(&Puzzle::empty(Shape::boxed(16).unwrap()), 3);
    assert_eq!(rate(&mut solver, &puzzle).unwrap(), once);
    assert_eq!(once.samples, SAMPLES);
    assert!(once.level >= Level::Hard, "Norvig's hardest rated {once}");
}

#[test]
fn every_kind_of_shape_can_be_rated() {
    let mut solver = Solver::new();
    let layouts = [
        Layout::Shape(Shape::boxed(6).unwrap()),
        Layout::Shape(Shape::boxed(12).unwrap()),
        Layout::Shape(Shape::boxed(9).unwrap().with_variant(Variant::X)),
        Layout::RandomJigsaw {
            size: 7,
            variant: Variant::Standard,
        },
        Layout::RandomJigsaw {
            size: 9,
            variant: Variant::X,
        },
    ];
    for layout in layouts {
        let mut options = Options::new(Shape::boxed(4).unwrap());
        options.layout = layout;
        let made = generate(&mut solver, &options, 3).unwrap();
        let rating = rate(&mut solver, &made.puzzle).unwrap();
        // Each search fills every blank at least once.
        let blanks = made.puzzle.cells().iter().filter(|c| c.is_none()).count();
        assert!(rating.nodes() >= blanks as f64, "{}: {rating}", made.puzzle);
        assert_eq!(rating.level == Level::Easy, rating.total.guesses == 0);
    }
}

#[test]
fn only_unique_puzzles_are_rated() {
    let mut solver = Solver::new();
    let two: Puzzle =
        ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
            .parse()
            .unwrap();
    assert_eq!(rate(&mut solver, &two), Err(RateError::Multiple));
    let none: Puzzle =
        "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
            .parse()
            .unwrap();
    assert_eq!(rate(&mut solver, &none), Err(RateError::NoSolution));
}

#[test]
fn easy_puzzles_rate_below_the_forum_hardest() {
    let (easy, easy_mean) = levels(&shipped("easy_with_solutions.txt", 100));
    let (clues, clues_mean) = levels(&shipped("17clue_sample.txt", 250));
    let (hardest, hardest_mean) = levels(&shipped("forum_hardest.txt", 250));
    assert!(easy_mean < clues_mean && clues_mean < hardest_mean);
    assert!(easy[0] >= 18, "{easy:?}");
    assert!(hardest[4] >= 11, "{hardest:?}");
    assert_eq!(clues.iter().sum::<usize>(), 20);
}

/// The calibration table of `docs/benchmarks.md`, whole sets: the counts
/// per level, easiest first, and the order of the mean guesses.
#[test]
#[ignore = "rates 11,524 puzzles: about a minute in release, far more in debug"]
fn the_shipped_sets_fall_as_documented() {
    let sets = [
        ("easy_with_solutions.txt", [1949, 51, 0, 0, 0]),
        ("17clue_sample.txt", [2165, 1387, 1054, 279, 31]),
        ("top1465.txt", [0, 0, 243, 953, 269]),
        ("top95.txt", [0, 0, 2, 61, 32]),
        ("forum_hardest.txt", [0, 0, 0, 31, 3017]),
    ];
    let mut last_mean = -1.0;
    for (name, expected) in sets {
        let (counts, mean) = levels(&shipped(name, 1));
        assert_eq!(counts, expected, "{name}");
        assert!(
            mean > last_mean,
            "{name}: mean guesses {mean} after {last_mean}"
        );
        last_mean = mean;
    }
}

/// The work of `engine`'s searches of a rating: the samples counted to
/// one, as the rating counts them.
fn samples_on(engine: EngineChoice, puzzle: &Puzzle) -> (u64, u64, Vec<Engine>) {
    let mut solver = Solver::new();
    let request = Request::new(Goal::Count { limit: 1 }).with_engine(engine);
    let (mut nodes, mut guesses, mut served) = (0, 0, Vec::new());
    for sample in samples(puzzle) {
        let answer = solver.run(&sample, &request);
        nodes += answer.stats.nodes;
        guesses += answer.stats.guesses;
        served.push(answer.engine);
    }
    (nodes, guesses, served)
}

/// What the rating counts, as its docs say: on the classic 9×9 shape the
/// band engine's searches of the samples — `--engine dlx`'s guesses
/// exactly, and nodes of its own, which differ from the generic engine's
/// where branches die (2148.6 against 2468.6 on top95's first puzzle);
/// on the shapes whose fast engine counts as the generic engine does,
/// `--engine dlx`'s nodes too.
#[test]
fn the_rating_counts_the_generic_engines_guesses_and_the_bands_nodes() {
    let top95 = shipped("top95.txt", 19);
    let mut solver = Solver::new();
    for puzzle in &top95 {
        let rating = rate(&mut solver, puzzle).unwrap();
        assert_eq!(rating.engine, Some(Engine::Bands));
        let (_, guesses, served) = samples_on(EngineChoice::Dlx, puzzle);
        assert_eq!(rating.total.guesses, guesses, "{puzzle}");
        assert!(served.iter().all(|&kind| kind == Engine::Dlx));
        // The bands on Algorithm X's tree: the same searches.
        let mut bands = Solver::new();
        bands.set_tree(Tree::AlgorithmX);
        let request = Request::new(Goal::Count { limit: 1 });
        let nodes: u64 = samples(puzzle)
            .map(|sample| bands.run(&sample, &request).stats.nodes)
            .sum();
        assert_eq!(rating.total.nodes, nodes, "{puzzle}");
    }
    let first = &top95[0];
    let rating = rate(&mut solver, first).unwrap();
    let (dlx_nodes, _, _) = samples_on(EngineChoice::Dlx, first);
    assert_eq!(rating.to_string(), "extreme 2148.6 400.0");
    assert_eq!(dlx_nodes as f64 / f64::from(SAMPLES), 2468.625);
    // A generic solver rates on the generic engine: dlx's nodes.
    let generic = rate(&mut Solver::generic(), first).unwrap();
    assert_eq!(generic.engine, Some(Engine::Dlx));
    assert_eq!(
        (generic.total.nodes, generic.level),
        (dlx_nodes, rating.level)
    );
    // A puzzle of forced moves has no branch that dies: the counts agree.
    let easy = &shipped("easy_with_solutions.txt", 1)[0];
    let rating = rate(&mut solver, easy).unwrap();
    let (nodes, guesses, _) = samples_on(EngineChoice::Dlx, easy);
    assert_eq!((rating.total.nodes, rating.total.guesses), (nodes, 0));
    assert_eq!(guesses, 0);
    // The bitboards (9×9 jigsaw) and the kernel (6×6) count node for node
    // as the generic engine does.
    for (set, kind) in [
        ("generated9_jigsaw.txt", Engine::Bitboards),
        ("generated6.txt", Engine::Kernel),
    ] {
        for puzzle in shipped(set, 7) {
            let rating = rate(&mut solver, &puzzle).unwrap();
            assert_eq!(rating.engine, Some(kind));
            let (nodes, guesses, _) = samples_on(EngineChoice::Dlx, &puzzle);
            assert_eq!((rating.total.nodes, rating.total.guesses), (nodes, guesses));
        }
    }
}
