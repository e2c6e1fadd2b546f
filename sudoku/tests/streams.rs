//! Streaming readers through the public API: line endings, the end of
//! input, bad bytes, huge lines, and bad records among good ones.

use std::io::{BufReader, Read};

use dance_sudoku::format::{self, Format, LINE_CAP, ParseOptions, Record};

use crate::util::collect;

const FORMATS: [Format; 6] = [
    Format::Line,
    Format::Grid,
    Format::Numbers,
    Format::Poj,
    Format::Pencilmark,
    Format::Csv,
];

/// Three 4×4 puzzles (three 9×9 ones for POJ) in each format; the middle
/// one is fine too, so tests can damage it.
fn sample(format: Format) -> String {
    match format {
        Format::Line => "1.3.............\n.2..............\n..3.............\n".into(),
        Format::Grid => "1 . |3 .\n. . |. .\n----+----\n. . |. .\n. . |. .\n\n\
                         . 2 |. .\n. . |. .\n----+----\n. . |. .\n. . |. .\n\n\
                         . . |3 .\n. . |. .\n----+----\n. . |. .\n. . |. .\n"
            .into(),
        Format::Numbers => "1 0 3 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n\
                            0 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n\
                            0 0 3 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
            .into(),
        Format::Poj => {
            let rows = "000000000\n".repeat(8);
            format!("3\n100000000\n{rows}020000000\n{rows}003000000\n{rows}")
        }
        Format::Csv => {
            "id,puzzle\n1,1.3.............\n2,\".2..............\"\n3,..3.............\n".into()
        }
        Format::Pencilmark => {
            let open = "1234".repeat(15);
            format!("1...{open}\n.2..{open}\n..3.{open}\n")
        }
    }
}

fn read(format: Format, bytes: &[u8]) -> Vec<Record> {
    collect(format::read(bytes, format, ParseOptions::default()))
}

fn puzzles(records: &[Record]) -> Vec<String> {
    records
        .iter()
        .map(|r| match &r.puzzle {
            Ok(puzzle) => puzzle.to_string(),
            Err(err) => format!("error {err}"),
        })
        .collect()
}

#[test]
fn samples_read_three_puzzles() {
    for format in FORMATS {
        let records = read(format, sample(format).as_bytes());
        assert_eq!(records.len(), 3, "{format:?}");
        assert!(records.iter().all(|r| r.puzzle.is_ok()), "{format:?}");
    }
}

#[test]
fn windows_line_endings_read_the_same() {
    for format in FORMATS {
        let unix = sample(format);
        let windows = unix.replace('\n', "\r\n");
        let (a, b) = (
            read(format, unix.as_bytes()),
            read(format, windows.as_bytes()),
        );
        assert_eq!(puzzles(&a), puzzles(&b), "{format:?}");
        let lines: Vec<usize> = b.iter().map(|r| r.line).collect();
        assert_eq!(lines, a.iter().map(|r| r.line).collect::<Vec<_>>());
        assert!(b.iter().all(|r| !r.input.contains('\r')));
    }
}

#[test]
fn a_final_line_without_newline_is_read() {
    for format in FORMATS {
        let text = sample(format);
        let trimmed = text.trim_end();
        assert_eq!(
            puzzles(&read(format, trimmed.as_bytes())),
            puzzles(&read(format, text.as_bytes())),
            "{format:?}"
        );
    }
}

#[test]
fn empty_input_has_no_records() {
    for format in FORMATS {
        assert!(read(format, b"").is_empty(), "{format:?}");
        assert!(read(format, b"\n\r\n  \n").is_empty(), "{format:?}");
    }
    let (format, records) = format::read_auto(&b""[..], ParseOptions::default()).unwrap();
    assert_eq!(format, Format::Line);
    assert_eq!(records.count(), 0);
}

/// Replaces the first occurrence of `from` after `after` in the sample.
fn damage(format: Format, after: &str, from: &str, to: &[u8]) -> Vec<u8> {
    let text = sample(format);
    let start = text.find(after).unwrap() + after.len();
    let at = start + text[start..].find(from).unwrap();
    [
        &text.as_bytes()[..at],
        to,
        &text.as_bytes()[at + from.len()..],
    ]
    .concat()
}

#[test]
fn non_utf8_fails_its_record_only() {
    let cases = [
        (
            Format::Line,
            damage(Format::Line, "\n", "..", b".\xff"),
            "2:4: invalid UTF-8; expected text",
        ),
        (
            Format::Grid,
            damage(Format::Grid, "\n\n. 2 |. .\n", ". .", b". \xfe"),
            "8:3: invalid UTF-8; expected text",
        ),
        (
            Format::Poj,
            damage(Format::Poj, "\n02", "0", b"\xc3"),
            "11:3: invalid UTF-8; expected text",
        ),
    ];
    for (format, bytes, message) in cases {
        let records = read(format, &bytes);
        let found = puzzles(&records);
        assert_eq!(found.len(), 3, "{format:?}: {found:?}");
        assert!(
            records[0].puzzle.is_ok() && records[2].puzzle.is_ok(),
            "{format:?}"
        );
        assert_eq!(found[1], format!("error {message}"), "{format:?}");
        assert!(records[1].input.contains('\u{fffd}'));
    }
}

#[test]
fn a_bad_record_in_the_middle_keeps_its_neighbours() {
    let cases = [
        (
            Format::Line,
            damage(Format::Line, "\n", ".2", b".9"),
            "2:2: digit '9' stands for 9, out of range for size 4",
        ),
        (
            Format::Grid,
            damage(Format::Grid, "\n\n. 2 |. .\n", ". . |. .", b". . |."),
            "8:7: row has 3 cells, expected 4",
        ),
        (
            Format::Poj,
            damage(Format::Poj, "\n", "020000000", b"02000000"),
            "11:9: row has 8 cells, expected 9",
        ),
    ];
    for (format, bytes, message) in cases {
        let records = read(format, &bytes);
        let found = puzzles(&records);
        assert_eq!(found.len(), 3, "{format:?}: {found:?}");
        assert_eq!(found[1], format!("error {message}"), "{format:?}");
        assert_eq!(
            puzzles(&read(format, sample(format).as_bytes()))[2],
            found[2]
        );
    }
}

/// `before`, then `len` bytes of `fill` produced lazily, then `after`.
fn huge_line(before: &str, fill: u8, len: u64, after: &str) -> impl std::io::BufRead {
    let source = before
        .as_bytes()
        .chain(std::io::repeat(fill).take(len))
        .chain(after.as_bytes());
    BufReader::new(source)
}

#[test]
fn an_over_long_line_is_one_bounded_error() {
    const LEN: u64 = 32 << 20;
    let cases = [
        (
            Format::Line,
            "1.3.............\n",
            "\n..3.............\n",
            2,
        ),
        (
            Format::Grid,
            "1 . |3 .\n. . |. .\n",
            "\n. . |. .\n\n1234\n3412\n2143\n4321\n",
            3,
        ),
        (
            Format::Poj,
            "1\n100000000\n",
            "\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n",
            3,
        ),
    ];
    for (format, before, after, line) in cases {
        let reader = huge_line(before, b'1', LEN, after);
        let records = collect(format::read(reader, format, ParseOptions::default()));
        let bad = records
            .iter()
            .find(|r| r.puzzle.is_err())
            .unwrap_or_else(|| panic!("{format:?}: no error"));
        let err = bad.puzzle.as_ref().unwrap_err();
        assert!(
            bad.input.len() <= LINE_CAP + before.len() + after.len(),
            "{format:?}"
        );
        assert_eq!(err.line(), line, "{format:?}");
        assert_eq!(err.column(), LINE_CAP + 1, "{format:?}");
        assert_eq!(
            err.to_string(),
            format!("{line}:65537: line longer than 65536 bytes; no valid record is that long")
        );
        if format != Format::Poj {
            assert!(records.last().unwrap().puzzle.is_ok(), "{format:?}");
        }
    }
}

#[test]
fn a_huge_line_of_blanks_is_an_error_not_a_skip() {
    let reader = huge_line("", b' ', 1 << 20, "x\n1.3.............\n");
    let records = collect(format::read(reader, Format::Line, ParseOptions::default()));
    assert_eq!(records.len(), 2);
    assert!(records[0].puzzle.is_err());
    assert_eq!(records[1].line, 2);
}
