//! Closed and full streams: a stderr that is full (`/dev/full`) or closed
//! early loses the diagnostics only — every answer still reaches stdout and
//! the exit status is what it would have been.

use std::fs::File;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::util::data;

const NORVIG: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const NORVIG_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn dance() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dance"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// 3,000 good puzzles and 3,000 bad lines, alternating: a diagnostic for
/// every other record, far more than a pipe buffer holds.
fn good_and_bad() -> String {
    let mut input = String::new();
    for _ in 0..3000 {
        input.push_str(NORVIG);
        input.push('\n');
        input.push_str(&NORVIG[..80]);
        input.push('\n');
    }
    input
}

fn check_answers(stdout: &str) {
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6000);
    for pair in lines.chunks(2) {
        assert_eq!(pair, [NORVIG_SOLVED, "error"]);
    }
}

/// `… | dance solve 2> >(head -c 10 >/dev/null)`: the reader of stderr
/// goes away after 10 bytes.
#[test]
fn a_stderr_closed_early_loses_no_answer() {
    for threads in ["-j1", "-j2"] {
        let mut child = dance()
            .args(["solve", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || stdin.write_all(good_and_bad().as_bytes()));
        let mut stderr = child.stderr.take().unwrap();
        let mut head = [0; 10];
        stderr.read_exact(&mut head).unwrap();
        drop(stderr);
        let mut stdout = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut stdout)
            .unwrap();
        let status = child.wait().unwrap();
        feeder.join().unwrap().unwrap();
        assert_eq!(status.code(), Some(1), "{threads}");
        check_answers(&stdout);
    }
}

/// Runs `dance ARGS` with `input` on stdin and stderr on `/dev/full`;
/// returns the exit code and stdout.
fn with_full_stderr(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = dance()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(File::create("/dev/full").unwrap())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

#[test]
fn a_full_stderr_loses_no_answer() {
    for threads in ["-j1", "-j2"] {
        let (code, stdout) = with_full_stderr(&["solve", threads, "--stats"], &good_and_bad());
        assert_eq!(code, Some(1));
        check_answers(&stdout);
    }
    let (code, stdout) = with_full_stderr(&["solve", "--stats"], &format!("{NORVIG}\n"));
    assert_eq!((code, stdout), (Some(0), format!("{NORVIG_SOLVED}\n")));

    let queens = data("queens8.dlx");
    let (code, stdout) = with_full_stderr(&["cover", "--stats", &queens], "");
    assert_eq!((code, stdout.as_str()), (Some(0), "92\n"));
    let (code, stdout) = with_full_stderr(&["cover", "--memo", "--stats", &queens], "");
    assert_eq!((code, stdout.as_str()), (Some(0), "92\n"));

    let (code, stdout) = with_full_stderr(&["generate", "--size", "4"], "");
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().count(), 1);

    let (code, stdout) = with_full_stderr(&["rate"], &format!("{NORVIG}\nbad\n"));
    assert_eq!(code, Some(1));
    assert!(stdout.ends_with("\nerror\n"), "{stdout}");

    // Errors and usage errors keep their exit status.
    let (code, _) = with_full_stderr(&["solve", "missing-file.txt"], "");
    assert_eq!(code, Some(2));
    let (code, _) = with_full_stderr(&["solve", "--no-such-flag"], "");
    assert_eq!(code, Some(2));
}

/// Item 12: Ctrl-C during `cover --all` leaves whole solutions only: every
/// solution's 13 rows and its closing blank line, or nothing of it.
#[test]
fn an_interrupted_cover_prints_whole_solutions_only() {
    for threads in ["-j1", "-j2"] {
        let mut child = dance()
            .args(["cover", "--all", threads])
            .arg(crate::util::bench_data("queens13.dlx"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            stdout.read_to_string(&mut text).map(|_| text)
        });
        std::thread::sleep(std::time::Duration::from_millis(300));
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        child.wait().unwrap();
        let text = reader.join().unwrap().unwrap();
        assert!(text.is_empty() || text.ends_with("\n\n"), "{threads}");
        for block in text.split_terminator("\n\n") {
            assert_eq!(block.lines().count(), 13, "{threads}: {block}");
        }
    }
}

/// Runs `command` (a shell command line) with stdin, stdout and stderr on
/// a terminal, by `script`; `None` when `script` is not installed.
fn on_a_terminal(command: &str) -> Option<String> {
    let output = Command::new("script")
        .args(["-qfec", command, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The text without terminal escapes, split at `\r` and `\n`.
fn screen_lines(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters final-letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
        .split(['\r', '\n'])
        .filter(|line| !line.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// Item 13: on a terminal stdout, answers stream and no bar is drawn among
/// them; with stdout elsewhere the bar is drawn on stderr's terminal.
#[test]
fn no_progress_bar_among_answers_on_a_terminal() {
    let dance = env!("CARGO_BIN_EXE_dance");
    let top = crate::util::bench_data("top1465.txt");
    let command = format!("{dance} solve -j1 {top} {top} {top}");
    let Some(screen) = on_a_terminal(&command) else {
        return;
    };
    let lines = screen_lines(&screen);
    assert_eq!(lines.len(), 3 * 1465, "{:?}", &lines[..3.min(lines.len())]);
    assert!(lines.iter().all(|line| line.len() == 81));
    let Some(screen) = on_a_terminal(&format!("{command} > /dev/null")) else {
        return;
    };
    assert!(
        screen.contains("puzzles/s") || screen.contains("puzzles,"),
        "{screen}"
    );
}

/// Item 16: `generate` shows its bar from the start, clears it around every
/// puzzle it writes, and each puzzle line arrives whole.
#[test]
fn generate_clears_its_bar_around_each_puzzle() {
    let dance = env!("CARGO_BIN_EXE_dance");
    let Some(screen) = on_a_terminal(&format!("{dance} generate -n 4 --seed 5 -j1")) else {
        return;
    };
    let puzzles: Vec<String> = screen_lines(&screen)
        .into_iter()
        .filter(|line| !line.contains("puzzles") && !line.starts_with("dance: seed"))
        .collect();
    assert_eq!(puzzles.len(), 4, "{screen:?}");
    for puzzle in puzzles {
        assert_eq!(puzzle.len(), 81, "{puzzle:?}");
    }
}
