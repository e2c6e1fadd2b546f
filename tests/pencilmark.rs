//! Pencilmark (Sukaku) puzzles end to end: detected by length, solved,
//! rated, written by generate, and errors located.

use predicates::prelude::*;

use crate::util::{dance, data, stdout_of};

#[test]
fn shipped_pencilmark_puzzles_solve_by_detection_and_by_name() {
    let expected = "unique 943178625586492731271563849692784513134956287857231496718649352469325178325817964\n\
                    unique 943178625528496731671523849295781364136249587784635192857962413319854276462317958\n\
                    unique 875932164391456782246718593684271935517389426923564817152697348769843251438125679\n";
    for format in ["auto", "pencilmark"] {
        dance(&[
            "solve",
            "-q",
            "--unique",
            "--format",
            format,
            &data("pencilmark.txt"),
        ])
        .assert()
        .success()
        .stdout(expected);
    }
    let rated = stdout_of(
        dance(&["rate", "-q", &data("pencilmark.txt")])
            .assert()
            .success(),
    );
    assert_eq!(rated.lines().count(), 3, "{rated}");
}

#[test]
fn generate_writes_pencilmarks_that_solve_reads_back() {
    for args in [
        &["--size", "4"][..],
        &["--size", "6", "--variant", "anti-king"][..],
        &["--jigsaw", "--size", "5"][..],
    ] {
        let mut generate = vec!["generate", "-q", "-n", "3", "--seed", "2"];
        generate.extend_from_slice(args);
        let lines = stdout_of(dance(&generate).assert().success());
        generate.extend_from_slice(&["--output", "pencilmark"]);
        let marks = stdout_of(dance(&generate).assert().success());
        let variant: Vec<&str> = args
            .windows(2)
            .filter(|pair| pair[0] == "--variant")
            .flatten()
            .copied()
            .collect();
        let mut solve = vec!["solve", "-q", "--unique"];
        solve.extend_from_slice(&variant);
        let from_lines = stdout_of(dance(&solve).write_stdin(lines).assert().success());
        solve.extend_from_slice(&["--format", "pencilmark"]);
        let from_marks = stdout_of(dance(&solve).write_stdin(marks).assert().success());
        assert_eq!(from_lines, from_marks);
    }
}

#[test]
fn pencilmark_errors_are_located() {
    let good = format!("{}\n", "1234".repeat(16));
    let bad = format!("{}5{}\n", "1234".repeat(3), &"1234".repeat(13)[1..]);
    dance(&["solve", "-q", "--format", "pencilmark"])
        .write_stdin(format!("{good}{bad}"))
        .assert()
        .code(1)
        .stdout(predicate::str::ends_with("error\n"))
        .stderr(predicate::str::contains(
            "<stdin>:2:13: unexpected character '5' at the place of digit '1'",
        ));
}
