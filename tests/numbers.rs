//! The large sizes as people write them: 16×16 and 25×25 grids of
//! space-separated numbers with `0` blanks (read by `--format auto`), the
//! letters alphabet (`A`–`P` for 16×16, `A`–`Y` for 25×25), and errors that
//! name the alphabet a line is probably in and keep one size per input.

use predicates::prelude::*;

use crate::util::{dance, data, stdout_of};

/// The content lines of a fixture file (no comments, no blank lines).
fn content(name: &str) -> Vec<String> {
    std::fs::read_to_string(data(name))
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.trim().to_string())
        .collect()
}

/// A line of `1`–`9` and `A`–`Y` (standard digits) spelled in letters from
/// `A` for 1; `.` stays.
fn to_letters(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(36) {
            Some(value @ 1..=25) => char::from(b'A' + value as u8 - 1),
            _ => c,
        })
        .collect()
}

/// The records of a file of rows of numbers as lines of the line format.
fn numbers_as_lines(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(data(name)).unwrap();
    let records = text
        .split("\n\n")
        .map(|record| {
            let cells: Vec<u32> = record
                .lines()
                .filter(|line| !line.starts_with('#'))
                .flat_map(str::split_whitespace)
                .map(|number| number.parse().unwrap())
                .collect();
            cells
                .iter()
                .map(|&n| match n {
                    0 => '.',
                    n => char::from_digit(n, 36).unwrap().to_ascii_uppercase(),
                })
                .collect::<String>()
        })
        .filter(|line| !line.is_empty());
    records.collect()
}

/// Three 16×16 puzzles as rows of numbers: recognised without `--format`,
/// solved as in the line format, and answered in rows of numbers that read
/// back.
#[test]
fn rows_of_numbers_are_read_by_auto_and_answered_alike() {
    let file = data("numbers_16x16.txt");
    assert_eq!(
        numbers_as_lines("numbers_16x16.txt"),
        content("puzzles_16x16.txt")
    );
    let solutions = content("solutions_16x16.txt").join("\n") + "\n";
    for format in ["auto", "numbers", "grid"] {
        dance(&["solve", "--format", format, "--output", "line", &file])
            .assert()
            .success()
            .stdout(solutions.clone())
            .stderr("");
    }
    let rows = stdout_of(dance(&["solve", &file]).assert().success());
    let first = rows.lines().next().unwrap();
    assert_eq!(first.split_whitespace().count(), 16, "{rows}");
    assert!(
        first.split_whitespace().any(|cell| cell.len() == 2),
        "{rows}"
    );
    dance(&["solve", "--output", "line"])
        .write_stdin(rows)
        .assert()
        .success()
        .stdout(solutions);
    // `dance rate` reads them too.
    dance(&["rate", &file]).assert().success();
}

/// A 25×25 puzzle as rows of numbers has the one solution of the same
/// puzzle in the line format; the whole puzzle on one line reads the same.
#[test]
fn a_twenty_five_by_twenty_five_grid_of_numbers() {
    let file = data("numbers_25x25.txt");
    let line = numbers_as_lines("numbers_25x25.txt").remove(0);
    assert_eq!(line.len(), 625);
    let unique = |input: Option<String>| {
        let mut command = dance(&["solve", "--unique", "--output", "line"]);
        match input {
            Some(text) => command.write_stdin(text),
            None => command.arg(&file),
        };
        stdout_of(command.assert().success())
    };
    let answer = unique(Some(format!("{line}\n")));
    assert!(answer.starts_with("unique "), "{answer}");
    assert_eq!(unique(None), answer);
    let text = std::fs::read_to_string(&file).unwrap();
    let one_line: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(str::split_whitespace)
        .collect();
    assert_eq!(unique(Some(one_line.join(" "))), answer);
}

/// `--alphabet letters` reads 16×16 and 25×25 puzzles written from `A` for
/// 1, and prints their solutions so.
#[test]
fn the_letters_alphabet() {
    let puzzles: Vec<String> = content("puzzles_16x16.txt")
        .iter()
        .map(|p| to_letters(p))
        .collect();
    let solutions: Vec<String> = content("solutions_16x16.txt")
        .iter()
        .map(|s| to_letters(s))
        .collect();
    assert!(
        puzzles
            .iter()
            .all(|p| !p.contains(|c: char| c.is_ascii_digit()))
    );
    dance(&["solve", "--alphabet", "letters"])
        .write_stdin(puzzles.join("\n"))
        .assert()
        .success()
        .stdout(solutions.join("\n") + "\n");
    // The grid output and rating take the alphabet too.
    let grid = stdout_of(
        dance(&["solve", "--alphabet", "letters", "--output", "grid"])
            .write_stdin(puzzles[0].clone())
            .assert()
            .success(),
    );
    assert!(grid.starts_with(&solutions[0][..1]), "{grid}");
    dance(&["solve", "--alphabet", "letters", "--output", "line"])
        .write_stdin(grid)
        .assert()
        .success()
        .stdout(format!("{}\n", solutions[0]));
    dance(&["rate", "--alphabet", "letters"])
        .write_stdin(puzzles[0].clone())
        .assert()
        .success();
    // Without it, the first letter past G says which alphabet reads it.
    dance(&["solve"])
        .write_stdin(puzzles[0].clone())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "out of range for size 16; if the letters A-P are the digits, use the letters alphabet (--alphabet letters)",
        ));
    // 25×25: A-Y.
    let line = to_letters(&numbers_as_lines("numbers_25x25.txt")[0]);
    let answer = stdout_of(
        dance(&["solve", "--unique", "--alphabet", "letters"])
            .write_stdin(line)
            .assert()
            .success(),
    );
    let solution = answer.trim().strip_prefix("unique ").unwrap();
    assert_eq!(solution.len(), 625);
    assert!(
        solution.chars().all(|c| ('A'..='Y').contains(&c)),
        "{solution}"
    );
}

/// A 16×16 line in hexadecimal read without `--alphabet hex` fails at its
/// first `0`, and the error says which alphabet reads it.
#[test]
fn a_zero_in_a_sixteen_by_sixteen_line_suggests_the_hex_alphabet() {
    let line = format!("0123456789ABCDEF{}\n", ".".repeat(240));
    dance(&["solve"])
        .write_stdin(line)
        .assert()
        .code(1)
        .stdout("error\n")
        .stderr(
            "<stdin>:1:1: unexpected character '0'; expected a digit 1-9 or A-G or a blank ('.', '_' or '*'); \
             if 0-F are the digits, use the hex alphabet (--alphabet hex)\n",
        );
}

/// Bad cells in several records of rows of numbers are reported at their
/// file, line and column, each for the size of its record — 16 — however
/// many characters its first row has; the good records are solved.
#[test]
fn bad_numbers_are_located_and_keep_the_size() {
    let mut records: Vec<String> = std::fs::read_to_string(data("numbers_16x16.txt"))
        .unwrap()
        .split("\n\n")
        .map(str::to_string)
        .collect();
    // A blank of record 2 made 17, one of record 3 an `x`: their first
    // rows, whose characters would make other sizes.
    records[1] = records[1].replacen(" 0 ", "17 ", 1);
    records[2] = records[2].replacen(" 0 ", " x ", 1);
    let text = records.join("\n\n");
    let path = std::env::temp_dir().join(format!("dance-numbers-{}.txt", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let name = path.display().to_string();
    let output = dance(&["solve", "--output", "line", &name])
        .assert()
        .code(1);
    let output = output.get_output();
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], content("solutions_16x16.txt")[0]);
    assert_eq!(&lines[1..], ["error", "error"]);
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{stderr}");
    let at = |needle: &str| {
        let (row, line) = text
            .lines()
            .enumerate()
            .find(|(_, line)| line.contains(needle))
            .unwrap();
        let column = line.find(needle).unwrap() + 1 + usize::from(needle.starts_with(' '));
        format!("{name}:{}:{column}", row + 1)
    };
    assert_eq!(
        errors[0],
        format!(
            "{}: unexpected \"17\"; expected a number 1-16 or a blank (0, '.', '_' or '*')",
            at("17 ")
        )
    );
    assert_eq!(
        errors[1],
        format!(
            "{}: unexpected \"x\"; expected a number 1-16 or a blank (0, '.', '_' or '*')",
            at(" x ")
        )
    );
    std::fs::remove_file(path).unwrap();
}
