//! Formats a user meets: POJ files without `--format`, byte-order marks,
//! old Mac line endings, first lines that mislead detection, and Knuth-format
//! lines and names of any length.

use predicates::prelude::*;

use crate::util::{NORVIG, NORVIG_SOLVED};
use crate::util::{dance, data, stdout_of};

/// A first line that is only a count, then rows of 9 digits.
#[test]
fn poj_files_are_recognised() {
    let asked = stdout_of(
        dance(&["solve", "--format", "poj", &data("puzzles_poj.txt")])
            .assert()
            .success(),
    );
    dance(&["solve", &data("puzzles_poj.txt")])
        .assert()
        .success()
        .stdout(asked)
        .stderr("");
}

/// A UTF-8 byte-order mark before the first record.
#[test]
fn a_byte_order_mark_is_skipped() {
    dance(&["solve"])
        .write_stdin(format!("\u{feff}{NORVIG}\n{NORVIG}\n"))
        .assert()
        .success()
        .stdout(format!("{NORVIG_SOLVED}\n{NORVIG_SOLVED}\n"))
        .stderr("");
    dance(&["cover"])
        .write_stdin("\u{feff}a b\na\nb\n")
        .assert()
        .success()
        .stdout("1\n");
    dance(&["cover"])
        .write_stdin("\u{feff}a b\na\nc\n")
        .assert()
        .code(2)
        .stderr("dance: <stdin>:3:1: unknown item `c`\n");
}

/// Lines ended by a lone `\r`.
#[test]
fn classic_mac_line_endings() {
    dance(&["solve"])
        .write_stdin(format!("{NORVIG}\r{NORVIG}\r"))
        .assert()
        .success()
        .stdout(format!("{NORVIG_SOLVED}\n{NORVIG_SOLVED}\n"));
    let grid = "1 2 | . .\r. . | 1 2\r----+----\r2 1 | . .\r. . | 2 1\r";
    dance(&["solve", "--output", "line"])
        .write_stdin(grid)
        .assert()
        .success()
        .stdout("1234341221434321\n");
    dance(&["cover"])
        .write_stdin("a b\ra\rb\r")
        .assert()
        .success()
        .stdout("1\n");
}

/// A jigsaw line whose map is a label short is a line record with
/// a bad map, not a grid row of a size without boxes.
#[test]
fn a_first_line_with_a_short_region_map_is_diagnosed_as_such() {
    let jigsaw = "....2....3.6..4...4...3..5.........1 aaabbbaaccbbacccbdeecfddeeffddeefffd";
    let short = &jigsaw[..jigsaw.len() - 1];
    dance(&["solve"])
        .write_stdin(format!("{short}\n{jigsaw}\n"))
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("error\n"))
        .stdout(predicate::str::contains("error\n").count(1))
        .stderr("<stdin>:1:73: region map has 35 labels, expected 36 (one per cell)\n");
}

/// A stray short line before line puzzles does not switch the
/// whole input to grids.
#[test]
fn a_stray_first_line_does_not_make_a_grid() {
    for between in ["\n", "\n\n"] {
        dance(&["solve"])
            .write_stdin(format!("4.....8.5{between}{NORVIG}\n{NORVIG}\n"))
            .assert()
            .code(1)
            .stdout(format!("error\n{NORVIG_SOLVED}\n{NORVIG_SOLVED}\n"))
            .stderr(
                predicate::str::starts_with("<stdin>:1:")
                    .and(predicate::str::contains("\n").count(1)),
            );
    }
}

/// A Knuth-format line past the cap is an error at once.
#[test]
fn a_cover_line_past_the_cap_is_an_error() {
    let mut input = b"a\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', (4 << 20) + 100));
    input.push(b'\n');
    dance(&["cover"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(
            "dance: <stdin>:2:4194305: line longer than 4194304 bytes; no problem line may be that long\n",
        );
}

/// Names in messages are cut with `…` and control bytes escaped.
#[test]
fn cover_messages_cut_long_names_and_escape_control_bytes() {
    let long = "n".repeat(1 << 20);
    dance(&["cover"])
        .write_stdin(format!("a\na {long}\n"))
        .assert()
        .code(2)
        .stderr(format!(
            "dance: <stdin>:2:3: unknown item `{}…`\n",
            "n".repeat(60)
        ));
    dance(&["cover"])
        .write_stdin("a\na\0\n")
        .assert()
        .code(2)
        .stderr("dance: <stdin>:2:1: unknown item `a\\0`\n");
}

/// `1`–`G` (and `.` blanks) of a 16×16 line, spelled `0`–`F`.
fn to_hex(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(17) {
            Some(value @ 1..=16) => char::from_digit(value - 1, 16)
                .unwrap()
                .to_ascii_uppercase(),
            _ => c,
        })
        .collect()
}

/// 16×16 puzzles written `0`–`F` are read with `--alphabet hex`,
/// and their solutions printed the same way.
#[test]
fn hex_sixteen_by_sixteen() {
    let puzzles = std::fs::read_to_string(data("puzzles_16x16.txt")).unwrap();
    let solutions = std::fs::read_to_string(data("solutions_16x16.txt")).unwrap();
    let content = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| to_hex(line.trim()))
            .collect()
    };
    let (puzzles, solutions) = (content(&puzzles), content(&solutions));
    assert!(puzzles.iter().any(|p| p.contains('0')));
    let mut input = puzzles.join("\n");
    input.push('\n');
    let mut expected = solutions.join("\n");
    expected.push('\n');
    dance(&["solve", "--alphabet", "hex"])
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout(expected);
    // Without it, `0` is not a digit of a 16×16 puzzle, and the message says
    // which alphabet was expected.
    dance(&["solve"])
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("unexpected character '0'"));
    dance(&["rate", "--alphabet", "hex"])
        .write_stdin(input)
        .assert()
        .success();
}

/// Under `--alphabet hex` a bad cell of a 16×16 puzzle is reported with the
/// hexadecimal digits, `0`–`F`, that the alphabet reads.
#[test]
fn a_bad_hex_digit_names_the_hex_alphabet() {
    let line = format!("0123456789ABCDEFx{}\n", ".".repeat(239));
    dance(&["solve", "--alphabet", "hex"])
        .write_stdin(line.clone())
        .assert()
        .code(1)
        .stdout("error\n")
        .stderr(
            "<stdin>:1:17: unexpected character 'x'; expected a digit 0-9 or A-F or a blank ('.', '_' or '*')\n",
        );
    // The standard alphabet reads the same line with its own digits.
    dance(&["solve"])
        .write_stdin(line)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "1:1: unexpected character '0'; expected a digit 1-9 or A-G or a blank ('.', '_' or '*')",
        ));
}

/// What `dance solve --output line`, `--output grid` and `--output csv`
/// print reads back to the same answers, for every shape: boxed 9×9 and
/// 16×16, grids of several sizes, X-Sudoku, and jigsaw (whose grid carries
/// its region map, and whose CSV row its line with the map).
#[test]
fn line_grid_and_csv_outputs_read_back_to_the_same_answers() {
    let cases: [(&str, &[&str]); 5] = [
        ("puzzles_9x9.txt", &[]),
        ("puzzles_16x16.txt", &[]),
        ("puzzles_grid.txt", &[]),
        ("puzzles_x.txt", &["-x"]),
        ("puzzles_jigsaw.txt", &[]),
    ];
    for (file, flags) in cases {
        let file = data(file);
        let answers = |input: Option<String>, output: &str| {
            let mut args = vec!["solve", "--output", output];
            args.extend_from_slice(flags);
            let mut command = dance(&args);
            match input {
                Some(text) => command.write_stdin(text),
                None => command.arg(&file),
            };
            stdout_of(command.assert().success())
        };
        let expected = answers(None, "line");
        assert!(!expected.is_empty(), "{file}");
        for output in ["line", "grid", "csv"] {
            let printed = answers(None, output);
            assert_eq!(
                answers(Some(printed), "line"),
                expected,
                "{file} --output {output}"
            );
        }
    }
}
