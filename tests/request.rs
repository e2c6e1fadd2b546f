//! One request, one answer: the same goals on the same puzzles
//! give the same statuses, counts and exactness through the library
//! (`Solver::run`) and through `dance solve --output json`, on every
//! engine and variant — and the counts the puzzles are known to have. The
//! Python package is held to the same answers by
//! python/tests/test_cli_equivalence.py.

use dance_sudoku::format::{ParseOptions, line};
use dance_sudoku::{Answer, Count, EngineChoice, Goal, Puzzle, Request, Solver, Status, Variant};
use serde::Deserialize;

use crate::util::{dance, data, stdout_of};

/// A puzzle of tests/data/counts.txt and its known number of solutions
/// (`None`: too many to count).
struct Case {
    text: String,
    solutions: Option<u64>,
}

/// The puzzles of tests/data/counts.txt, each with the count its comment
/// gives (`# solutions: N (source)`).
fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(data("counts.txt")).unwrap();
    let mut cases = Vec::new();
    let mut solutions = None;
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix("# solutions: ") {
            let count = comment.split_whitespace().next().unwrap();
            solutions = Some(count.parse::<u64>().ok());
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            let solutions = solutions.take().expect("a count before every puzzle");
            cases.push(Case {
                text: line.to_owned(),
                solutions,
            });
        }
    }
    cases
}

/// The goals asked, with the flags of `dance solve` that ask them.
fn goals() -> Vec<(Goal, Vec<String>)> {
    let mut goals = vec![
        (Goal::First, vec![]),
        (Goal::Unique, vec!["--unique".to_owned()]),
    ];
    for limit in 1..=3u64 {
        let flags = vec!["--count".into(), "--limit".into(), limit.to_string()];
        goals.push((Goal::Count { limit }, flags));
    }
    goals.push((Goal::All, vec!["--count".to_owned()]));
    goals
}

/// What a goal must answer for a puzzle with `solutions` solutions (`None`:
/// more than any limit), by the table of `dance_dlx::request`, derived
/// here on its own.
fn expected(goal: Goal, solutions: Option<u64>) -> (Status, Count) {
    let n = solutions.unwrap_or(u64::MAX);
    let verdict = match n {
        0 => Status::NoSolution,
        1 => Status::Unique,
        _ => Status::Multiple,
    };
    let count = |solutions, complete| Count {
        solutions,
        complete,
    };
    match goal {
        Goal::First if n == 0 => (Status::NoSolution, count(0, true)),
        Goal::First => (Status::Solved, count(1, false)),
        Goal::Unique => (verdict, count(n.min(1), n <= 1)),
        Goal::Count { limit } => (verdict, count(n.min(limit), n <= limit)),
        _ => (verdict, count(n, true)),
    }
}

/// The fields of a JSON record that the identity is about.
#[derive(Debug, Deserialize)]
struct Record {
    status: String,
    count: Option<u64>,
    complete: Option<bool>,
}

/// `dance solve --output json` on `input` with `flags`: one record per
/// puzzle (the summary line left out).
fn cli(input: &str, engine: EngineChoice, variant: Variant, flags: &[String]) -> Vec<Record> {
    let mut args = vec![
        "solve",
        "-j2",
        "--output",
        "json",
        "--engine",
        engine.name(),
    ];
    let variant = variant.to_string();
    args.extend(["--variant", variant.as_str()]);
    args.extend(flags.iter().map(String::as_str));
    let stdout = stdout_of(dance(&args).write_stdin(input.to_owned()).assert());
    let lines: Vec<&str> = stdout.lines().collect();
    let (summary, records) = lines.split_last().expect("a summary line");
    assert!(summary.starts_with("{\"summary\""), "{summary}");
    records
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The library's answer and the command line's record say the same.
fn assert_same(answer: &Answer, record: &Record, goal: Goal, context: &str) {
    assert_eq!(record.status, answer.status.name(), "{context}");
    if goal.is_count() {
        let count = (record.count, record.complete);
        let expected = (Some(answer.count.solutions), Some(answer.count.complete));
        assert_eq!(count, expected, "{context}");
    } else {
        assert_eq!((record.count, record.complete), (None, None), "{context}");
    }
}

#[test]
fn the_library_and_the_command_line_answer_alike_with_the_known_counts() {
    let cases = cases();
    assert_eq!(cases.len(), 10);
    let mut solver = Solver::new();
    for engine in EngineChoice::ALL {
        for (goal, flags) in goals() {
            // Every solution of the empty grid is more than a test can wait.
            let asked: Vec<&Case> = cases
                .iter()
                .filter(|case| goal != Goal::All || case.solutions.is_some())
                .collect();
            let input: String = asked
                .iter()
                .map(|case| format!("{}\n", case.text))
                .collect();
            let records = cli(&input, engine, Variant::Standard, &flags);
            assert_eq!(records.len(), asked.len());
            let request = Request::new(goal).with_engine(engine);
            for (case, record) in asked.iter().zip(&records) {
                let puzzle: Puzzle = case.text.parse().unwrap();
                let answer = solver.run(&puzzle, &request);
                let context = format!("{engine} {goal:?} {}", case.text);
                assert_eq!(
                    (answer.status, answer.count),
                    expected(goal, case.solutions),
                    "{context}"
                );
                assert_same(&answer, record, goal, &context);
                assert_eq!(
                    answer.solution.is_some(),
                    matches!(answer.status, Status::Solved | Status::Unique)
                        && goal.keeps_solution(),
                    "{context}"
                );
            }
        }
    }
}

/// Under variant rules the counts change, and stay the same everywhere.
#[test]
fn variants_answer_alike_too() {
    let cases = cases();
    let input: String = cases
        .iter()
        .map(|case| format!("{}\n", case.text))
        .collect();
    let mut solver = Solver::new();
    for variant in ["x", "anti-king,non-consecutive"] {
        let variant: Variant = variant.parse().unwrap();
        let options = ParseOptions {
            variant,
            ..ParseOptions::default()
        };
        for (goal, flags) in goals().into_iter().filter(|(goal, _)| *goal != Goal::All) {
            let records = cli(&input, EngineChoice::Fast, variant, &flags);
            let request = Request::new(goal);
            for (case, record) in cases.iter().zip(&records) {
                let puzzle = line::parse(&case.text, &options).unwrap();
                let answer = solver.run(&puzzle, &request);
                let context = format!("{variant} {goal:?} {}", case.text);
                assert_same(&answer, record, goal, &context);
            }
        }
    }
}

/// The three engines answer each request alike (their work differs).
#[test]
fn every_engine_answers_alike() {
    let mut solver = Solver::new();
    for case in cases() {
        let puzzle: Puzzle = case.text.parse().unwrap();
        for (goal, _) in goals().into_iter().filter(|(goal, _)| *goal != Goal::All) {
            let answers: Vec<Answer> = EngineChoice::ALL
                .into_iter()
                .map(|engine| solver.run(&puzzle, &Request::new(goal).with_engine(engine)))
                .collect();
            for answer in &answers[1..] {
                assert_eq!(
                    (answer.status, answer.count),
                    (answers[0].status, answers[0].count),
                    "{goal:?} {}",
                    case.text
                );
            }
        }
    }
}
