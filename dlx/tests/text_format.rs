//! Knuth's text format: every error names its position; writing reads back.

use dance_dlx::{Problem, SyntaxError, TextError, parse_problem, write_problem};

fn error(text: &str) -> (usize, usize, String) {
    match parse_problem(text) {
        Err(TextError::Syntax { line, column, kind }) => (line, column, kind.to_string()),
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

#[test]
fn every_error_names_its_line_and_column() {
    let cases: &[(&str, (usize, usize, &str))] = &[
        (
            "",
            (
                1,
                1,
                "expected a line naming the items, found the end of the input",
            ),
        ),
        (
            "| only a comment\n\n",
            (
                3,
                1,
                "expected a line naming the items, found the end of the input",
            ),
        ),
        ("a b a\n", (1, 5, "item `a` is declared twice")),
        (
            "a | b | c\n",
            (
                1,
                7,
                "`|` may separate primary from secondary items only once",
            ),
        ),
        (
            "| comment\n  | x\n",
            (2, 3, "expected at least one primary item before `|`"),
        ),
        ("a b:c\n", (1, 3, "item name `b:c` may not contain `:`")),
        (
            "a b|c\n",
            (
                1,
                3,
                "expected bounds `max|` or `min:max|` in decimal, found `b|`",
            ),
        ),
        ("a b\na z\n", (2, 3, "unknown item `z`")),
        (
            "a b\n\tb a  b\n",
            (2, 7, "item `b` appears twice in one option"),
        ),
        (
            "a | x\nx\n",
            (2, 1, "an option must contain at least one primary item"),
        ),
        (
            "a | x\na:red x\n",
            (2, 1, "primary item `a` cannot have a color"),
        ),
        (
            "a | x\na x:\n",
            (2, 3, "expected `item` or `item:color`, found `x:`"),
        ),
        (
            "a | x\na :red\n",
            (2, 3, "expected `item` or `item:color`, found `:red`"),
        ),
        (
            "a | x\na x:r:g\n",
            (2, 3, "expected `item` or `item:color`, found `x:r:g`"),
        ),
        (
            "é a\né a:x\n",
            (2, 3, "primary item `a` cannot have a color"),
        ),
        // Multiplicities (DLX3).
        (
            "3:2|x\n",
            (
                1,
                1,
                "the lower bound 3 of item `x` exceeds its upper bound 2",
            ),
        ),
        ("a 0|x\n", (1, 3, "the upper bound of item `x` is zero")),
        ("a 0:0|x\n", (1, 3, "the upper bound of item `x` is zero")),
        (
            "a 2:3|\n",
            (1, 3, "expected an item name after the bounds `2:3|`"),
        ),
        (
            "a b:2|x\n",
            (
                1,
                3,
                "expected bounds `max|` or `min:max|` in decimal, found `b:2|`",
            ),
        ),
        (
            "a 2:b|x\n",
            (
                1,
                5,
                "expected bounds `max|` or `min:max|` in decimal, found `2:b|`",
            ),
        ),
        (
            "a :2|x\n",
            (
                1,
                3,
                "expected bounds `max|` or `min:max|` in decimal, found `:2|`",
            ),
        ),
        (
            "a +2|x\n",
            (
                1,
                3,
                "expected bounds `max|` or `min:max|` in decimal, found `+2|`",
            ),
        ),
        (
            "a 1:99999999999|x\n",
            (
                1,
                5,
                "expected bounds `max|` or `min:max|` in decimal, found `1:99999999999|`",
            ),
        ),
        (
            "a 1:2:3|x\n",
            (
                1,
                5,
                "expected bounds `max|` or `min:max|` in decimal, found `1:2:3|`",
            ),
        ),
        ("a | 2|x\n", (1, 5, "secondary item `x` cannot have bounds")),
        (
            "a | y 0:1|x\n",
            (1, 7, "secondary item `x` cannot have bounds"),
        ),
        ("a 2|x:y\n", (1, 5, "item name `x:y` may not contain `:`")),
        ("a 2|3|x\n", (1, 5, "item name `3|x` may not contain `|`")),
        ("a 2|x 1|x\n", (1, 7, "item `x` is declared twice")),
        (
            "a |x |y\n",
            (
                1,
                6,
                "`|` may separate primary from secondary items only once",
            ),
        ),
    ];
    for (text, (line, column, message)) in cases {
        assert_eq!(
            error(text),
            (*line, *column, message.to_string()),
            "input {text:?}"
        );
    }
}

#[test]
fn errors_display_as_line_colon_column() {
    let error = parse_problem("a b\na z\n").unwrap_err();
    assert_eq!(error.to_string(), "2:3: unknown item `z`");
}

#[test]
fn invalid_utf8_is_an_error_at_its_column() {
    let error = dance_dlx::read_problem(&b"a b\na \xff b\n"[..]).unwrap_err();
    match error {
        TextError::Syntax { line, column, kind } => {
            assert_eq!((line, column, kind), (2, 3, SyntaxError::NotUtf8));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn comments_blank_lines_tabs_and_crlf_are_accepted() {
    let text = "| Knuth's toy\r\n\r\n a\tb  c \r\n| options\r\na b\r\n\r\nc\r\n";
    let problem = parse_problem(text).unwrap();
    assert_eq!(problem.item_count(), 3);
    assert_eq!(problem.option_count(), 2);
    assert_eq!(problem.item_name(problem.item("c").unwrap()), "c");
}

#[test]
fn writing_then_reading_gives_the_same_problem() {
    let text = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    let problem = parse_problem(text).unwrap();
    let mut written = Vec::new();
    write_problem(&problem, &mut written).unwrap();
    assert_eq!(String::from_utf8(written.clone()).unwrap(), text);
    assert_eq!(
        parse_problem(std::str::from_utf8(&written).unwrap()).unwrap(),
        problem
    );
    for generated in [
        dance_dlx::problems::n_queens(5),
        dance_dlx::problems::pentominoes(3, 20),
    ] {
        let mut written = Vec::new();
        write_problem(&generated, &mut written).unwrap();
        assert_eq!(dance_dlx::read_problem(&written[..]).unwrap(), generated);
    }
}

#[test]
fn bounds_are_read_as_knuths_dlx3_reads_them() {
    let problem = parse_problem("a 2|b 0:3|c 1:1|d |x y\na b x\n").unwrap();
    let bounds: Vec<_> = problem.items().map(|i| problem.item_bounds(i)).collect();
    assert_eq!(
        bounds,
        [
            Some(1..=1),
            Some(2..=2),
            Some(0..=3),
            Some(1..=1),
            None,
            None
        ]
    );
    assert_eq!(problem.item_name(problem.items().nth(4).unwrap()), "x");
    assert!(problem.has_multiplicities());
    // Names may start with digits: without `|` they are names.
    let problem = parse_problem("1 2:3|4\n1 4\n").unwrap();
    assert_eq!(problem.item_bounds(problem.item("4").unwrap()), Some(2..=3));
}

#[test]
fn bounds_are_written_back() {
    let text = "A 2|B 2:3|C 0:1|D | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC D X:0\nB X:1\nC Y:1\n";
    let problem = parse_problem(text).unwrap();
    let mut written = Vec::new();
    write_problem(&problem, &mut written).unwrap();
    assert_eq!(String::from_utf8(written).unwrap(), text);
    // Bounds of 1:1 are the default and are not written.
    let problem = parse_problem("1:1|a 1|b\na b\n").unwrap();
    let mut written = Vec::new();
    write_problem(&problem, &mut written).unwrap();
    assert_eq!(String::from_utf8(written).unwrap(), "a b\na b\n");
    for generated in [
        dance_dlx::problems::rooks(4, 2),
        dance_dlx::problems::rooks(3, 3),
    ] {
        let mut written = Vec::new();
        write_problem(&generated, &mut written).unwrap();
        assert_eq!(dance_dlx::read_problem(&written[..]).unwrap(), generated);
    }
}

#[test]
fn unwritable_names_are_refused_when_the_problem_is_built() {
    let mut b = Problem::builder();
    let error = b.primary("has space").unwrap_err();
    assert_eq!(error.to_string(), "name `has space` may not contain ' '");
    // The reader refuses them too, at the name: other whitespace than spaces
    // and tabs, and a second byte-order mark (the first one is skipped).
    for (text, column, character) in [
        ("a b\u{a0}c\n", 3, '\u{a0}'),
        ("\u{feff}\u{feff}a\n", 1, '\u{feff}'),
    ] {
        match parse_problem(text) {
            Err(TextError::Syntax {
                line: 1,
                column: c,
                kind: SyntaxError::BadItemName { character: ch, .. },
            }) => assert_eq!((c, ch), (column, character)),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    let error = parse_problem("a | x\na x:r\u{2003}d\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "2:3: name `r\u{2003}d` may not contain '\\u{2003}'"
    );
}

#[test]
fn display_is_the_text_format_and_never_fails() {
    let text = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    let problem = parse_problem(text).unwrap();
    assert_eq!(problem.to_string(), text);
    assert_eq!(problem.to_string().parse::<Problem>().unwrap(), problem);
    // Ids numbered otherwise than the reader numbers them: the same problem
    // by name, not `==`.
    let mut b = Problem::builder();
    let x = b.secondary("x").unwrap();
    let a = b.primary("a").unwrap();
    b.color("unused").unwrap();
    let red = b.color("red").unwrap();
    b.option([a.into(), x.colored(red)]).unwrap();
    let built = b.build();
    let read: Problem = built.to_string().parse().unwrap();
    assert_eq!(built.to_string(), "a | x\na x:red\n");
    assert_eq!(read.to_string(), built.to_string());
    assert_ne!(read, built);
    // No primary item: a comment, which reads as an error, not a problem.
    let mut b = Problem::builder();
    b.secondary("x").unwrap();
    for empty in [Problem::default(), b.build()] {
        let text = empty.to_string();
        assert!(text.starts_with('|'), "{text}");
        assert!(matches!(
            text.parse::<Problem>(),
            Err(TextError::Syntax {
                kind: SyntaxError::NoItems,
                ..
            })
        ));
        assert!(matches!(
            write_problem(&empty, Vec::new()),
            Err(dance_dlx::WriteError::NoPrimaryItems)
        ));
    }
}

#[test]
fn costs_are_read_as_knuths_dlx5_reads_them() {
    // Several `|n` entries add up, wherever they stand after an item.
    let problem: Problem = "a b | x\na |3 b |4\nb x:A |10\na\n".parse().unwrap();
    let costs: Vec<u64> = problem
        .options()
        .map(|(o, _)| problem.option_cost(o))
        .collect();
    assert_eq!(costs, [7, 10, 0]);
    assert!(problem.has_costs());
    assert!(!"a\na\n".parse::<Problem>().unwrap().has_costs());
    // Written back as one entry after the items, none for 0.
    assert_eq!(problem.to_string(), "a b | x\na b |7\nb x:A |10\na\n");
    let max = format!("a\na |{}\n", u64::MAX);
    assert_eq!(max.parse::<Problem>().unwrap().to_string(), max);
}

#[test]
fn bad_costs_name_their_line_and_column() {
    assert_eq!(
        error("a b\na |x\n"),
        (
            2,
            3,
            "expected an option cost `|n` in decimal, found `|x`".to_owned()
        )
    );
    assert_eq!(
        error("a b\na b |\n"),
        (
            2,
            5,
            "expected an option cost `|n` in decimal, found `|`".to_owned()
        )
    );
    assert_eq!(
        error("a b\na |-1\n"),
        (
            2,
            3,
            "expected an option cost `|n` in decimal, found `|-1`".to_owned()
        )
    );
    let over = format!("a\na |{} |1\n", u64::MAX);
    let (line, column, message) = error(&over);
    assert_eq!(
        (line, message.as_str()),
        (
            2,
            "the option's costs add up to more than 18446744073709551615"
        )
    );
    assert_eq!(column, over.lines().nth(1).unwrap().rfind('|').unwrap() + 1);
    assert_eq!(
        error("a\na |99999999999999999999\n"),
        (
            2,
            3,
            "the option's costs add up to more than 18446744073709551615".to_owned()
        )
    );
}
