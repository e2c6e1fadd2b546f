//! Hostile and broken input: every kind of bad record gets its exact
//! diagnostic, and the records around it are still solved.

use predicates::prelude::*;

use crate::util::{NORVIG, NORVIG_SOLVED};
use crate::util::{dance, stdout_of};

/// Runs `dance solve` on `input` framed by Norvig's puzzle before and after;
/// checks that both are solved around the bad record and that stderr is
/// exactly `diagnostic` (a line, `<stdin>:LINE:COL: message`).
fn bad_record_between_good_ones(bad: &str, diagnostic: &str) {
    let input = format!("{NORVIG}\n{bad}\n{NORVIG}\n");
    dance(&["solve", "-j2"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("{NORVIG_SOLVED}\nerror\n{NORVIG_SOLVED}\n"))
        .stderr(format!("{diagnostic}\n"));
}

#[test]
fn wrong_length() {
    bad_record_between_good_ones(
        &NORVIG[..80],
        "<stdin>:2:81: expected N*N cells for a size N from 1 to 25 (e.g. 81 for 9x9, 256 for 16x16), found 80",
    );
}

#[test]
fn unknown_character() {
    let bad = format!("{}#{}", &NORVIG[..15], &NORVIG[16..]);
    bad_record_between_good_ones(
        &bad,
        "<stdin>:2:16: unexpected character '#'; expected a digit 1-9 or a blank ('.', '_', '*' or '0')",
    );
}

#[test]
fn digit_out_of_range_for_the_size() {
    bad_record_between_good_ones(
        "5...............",
        "<stdin>:2:1: digit '5' stands for 5, out of range for size 4",
    );
}

#[test]
fn a_region_of_the_wrong_size() {
    bad_record_between_good_ones(
        "*2*1*2*** aaaabbccc",
        "<stdin>:2:11: region 'a' has 4 cells, expected 3",
    );
}

#[test]
fn region_maps_with_the_wrong_number_of_labels() {
    bad_record_between_good_ones(
        "*2*1*2*** aaabbbcc",
        "<stdin>:2:19: region map has 8 labels, expected 9 (one per cell)",
    );
    bad_record_between_good_ones(
        "*2*1*2*** aabbccdde",
        "<stdin>:2:17: region map has 5 distinct labels, expected 3",
    );
}

#[test]
fn clashing_givens_have_no_solution_and_are_not_errors() {
    let clash = format!("44{}", &NORVIG[2..]);
    dance(&["solve"])
        .write_stdin(format!("{NORVIG}\n{clash}\n{NORVIG}\n"))
        .assert()
        .code(1)
        .stdout(format!("{NORVIG_SOLVED}\nnone\n{NORVIG_SOLVED}\n"))
        .stderr("");
}

#[test]
fn non_utf8_bytes() {
    let mut input = format!("{NORVIG}\n").into_bytes();
    input.extend_from_slice(b"..\xff\xfe..\n");
    input.extend_from_slice(format!("{NORVIG}\n").as_bytes());
    dance(&["solve"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("{NORVIG_SOLVED}\nerror\n{NORVIG_SOLVED}\n"))
        .stderr("<stdin>:2:3: invalid UTF-8; expected text\n");
}

#[test]
fn windows_line_endings_and_a_last_line_without_newline() {
    dance(&["solve"])
        .write_stdin(format!("# comment\r\n{NORVIG}\r\n\r\n{NORVIG}"))
        .assert()
        .success()
        .stdout(format!("{NORVIG_SOLVED}\n{NORVIG_SOLVED}\n"))
        .stderr("");
}

#[test]
fn a_grid_record_with_a_missing_row() {
    let input = "1 2 . .\n3 4 . .\n\n1 . . .\n. . 1 .\n. 1 . .\n. . . 1\n";
    let stdout = stdout_of(
        dance(&["solve", "--format", "grid", "--output", "line"])
            .write_stdin(input)
            .assert()
            .code(1)
            .stderr("<stdin>:3:1: record ends after 2 of 4 rows\n"),
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "error");
    assert_eq!(lines[1].len(), 16, "the second record is solved: {stdout}");
}

#[test]
fn a_poj_count_larger_than_the_puzzles_present() {
    let puzzle = "103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n";
    dance(&["solve", "--format", "poj"])
        .write_stdin(format!("2\n{puzzle}"))
        .assert()
        .code(1)
        .stdout(
            predicates::str::starts_with("143628579\n")
                .and(predicates::str::ends_with("854396127\nerror\n")),
        )
        .stderr("<stdin>:11:1: input ended after 1 of the 2 puzzles announced\n");
}

#[test]
fn an_empty_file_and_a_file_of_comments() {
    for input in ["", "\n\n", "# nothing here\n"] {
        dance(&["solve"])
            .write_stdin(input)
            .assert()
            .success()
            .stdout("")
            .stderr("");
    }
}

/// A line far longer than any record is cut off after a bounded prefix: it is
/// one error, and the record after it is read normally.
#[test]
fn an_overlong_line_is_rejected_without_being_buffered() {
    let mut input = vec![b'.'; 20 << 20];
    input.push(b'\n');
    input.extend_from_slice(format!("{NORVIG}\n").as_bytes());
    dance(&["solve"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("error\n{NORVIG_SOLVED}\n"))
        .stderr("<stdin>:1:65537: line longer than 65536 bytes; no valid record is that long\n");
}

#[test]
fn counting_an_empty_25x25_grid_stops_at_the_limit() {
    dance(&["solve", "--count", "--limit", "1000"])
        .write_stdin(format!("{}\n", ".".repeat(625)))
        .assert()
        .success()
        .stdout("1000+\n");
}

/// Thousands of records with bad ones sprinkled in: one answer per record,
/// each in its place, whatever the thread count.
#[test]
fn no_answer_is_lost_or_moved() {
    let puzzles = std::fs::read_to_string(crate::util::bench_data("top1465.txt")).unwrap();
    let mut input = String::new();
    let mut bad = Vec::new();
    for (k, line) in puzzles.lines().cycle().take(6000).enumerate() {
        if k % 97 == 13 {
            input.push_str(&line[..40]);
            bad.push(k);
        } else {
            input.push_str(line);
        }
        input.push('\n');
    }
    let stdout = stdout_of(dance(&["solve", "-j3"]).write_stdin(input).assert().code(1));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6000);
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(*line == "error", bad.contains(&k), "record {k}: {line}");
    }
}

#[test]
fn a_size_without_boxes_needs_a_region_map() {
    bad_record_between_good_ones(
        &".".repeat(49),
        "<stdin>:2:50: size 7 has no box shape; boxed sizes are 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24 and 25, other sizes need a region map",
    );
}

#[test]
fn content_after_the_poj_puzzles_announced() {
    let puzzle = "103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n";
    dance(&["solve", "--format", "poj"])
        .write_stdin(format!("1\n{puzzle}extra\n"))
        .assert()
        .code(1)
        .stdout(predicates::str::ends_with("854396127\nerror\n"))
        .stderr("<stdin>:11:1: unexpected content after the 1 puzzles announced\n");
}
