//! Streams: answers reach a pipe as soon as they are in order; a signal
//! stops a run with every finished answer written; a stderr that is full
//! (`/dev/full`) or closed early loses the diagnostics only — every answer
//! still reaches stdout and the exit status is what it would have been.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use crate::util::{NORVIG, NORVIG_SOLVED};
use crate::util::{dance_process, data, signal, spawn_piped};

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
        let mut child = spawn_piped(&["solve", threads]);
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
    let mut child = dance_process()
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

/// Ctrl-C during `cover --all` leaves whole solutions only: every
/// solution's 13 rows and its closing blank line, or nothing of it.
#[test]
fn an_interrupted_cover_prints_whole_solutions_only() {
    for threads in ["-j1", "-j2"] {
        let mut child = dance_process()
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
        signal(&child, "INT");
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

/// On a terminal, answers and the bar share the screen: the bar is
/// cleared around every write, so every answer line is whole and no bar
/// is left among them; with stdout elsewhere the bar is drawn on stderr's
/// terminal (here a count of the empty grid stopped after 1.5 s, however
/// fast the build).
#[test]
fn no_progress_bar_among_answers_on_a_terminal() {
    let dance = env!("CARGO_BIN_EXE_dance");
    let top = crate::util::bench_data("top1465.txt");
    let command = format!("{dance} solve -j1 {top} {top} {top}");
    let Some(screen) = on_a_terminal(&command) else {
        return;
    };
    // The bar's draws, each cleared before the next write.
    let lines: Vec<String> = screen_lines(&screen)
        .into_iter()
        .filter(|line| !line.contains(" puzzles ("))
        .collect();
    assert_eq!(lines.len(), 3 * 1465, "{:?}", &lines[..3.min(lines.len())]);
    assert!(lines.iter().all(|line| line.len() == 81), "{lines:?}");
    let empty = ".".repeat(81);
    let slow = format!("echo {empty} | {dance} solve -j1 --count --timeout 1.5 > /dev/null");
    let Some(screen) = on_a_terminal(&slow) else {
        return;
    };
    assert!(screen.contains("0 puzzles ("), "{screen}");
}

/// `generate` shows its bar from the start, clears it around every
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

/// A run of `dance` whose standard output is read line by line as it comes.
struct Running {
    child: Child,
    lines: Receiver<String>,
    stderr: std::thread::JoinHandle<String>,
}

/// Longer than any line should take to come on a loaded machine: waiting
/// this long means it was not going to come.
const PATIENCE: Duration = Duration::from_secs(60);

impl Running {
    /// Starts `dance ARGS` with `input` on its standard input.
    fn start(args: &[&str], input: &str) -> Running {
        Running::start_open(args, input).0
    }

    /// [`start`](Self::start), the standard input left open after `input`
    /// until the handle returned is dropped.
    fn start_open(args: &[&str], input: &str) -> (Running, std::process::ChildStdin) {
        let mut child = spawn_piped(args);
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let (sender, lines) = mpsc::channel();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if sender.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let mut stderr = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            stderr
                .read_to_string(&mut text)
                .map(|_| text)
                .unwrap_or_default()
        });
        let running = Running {
            child,
            lines,
            stderr,
        };
        (running, stdin)
    }

    /// The next line of output, while the run goes on.
    fn line(&mut self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => line,
            Err(_) => {
                let _ = self.child.kill();
                panic!("no line of output came within {PATIENCE:?}");
            }
        }
    }

    /// Sends the signal `name` (`INT`, `TERM`) with `kill`, as a user would.
    fn signal(&self, name: &str) {
        crate::util::signal(&self.child, name);
    }

    /// Waits for the end: the exit code, the lines not read yet, stderr.
    fn finish(mut self) -> (Option<i32>, Vec<String>, String) {
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the run did not end within {PATIENCE:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let rest = self.lines.iter().collect();
        (status.code(), rest, self.stderr.join().unwrap())
    }
}

/// Waits for the end of an interrupted count: status 130 and one last line
/// of output, a count as a lower bound (`N+`); returns stderr.
fn ends_with_a_lower_bound(run: Running, threads: &str) -> String {
    let (code, rest, stderr) = run.finish();
    assert_eq!(code, Some(130), "{threads}: {stderr}");
    assert_eq!(rest.len(), 1, "{threads}: {rest:?}");
    let count = rest[0].strip_suffix('+').expect("a lower bound");
    assert!(count.parse::<u64>().is_ok(), "{count}");
    stderr
}

/// Two easy puzzles, then the empty 9×9 grid, whose count never ends.
fn two_easy_then_endless() -> String {
    format!("{NORVIG}\n{NORVIG}\n{}\n", ".".repeat(81))
}

/// The answers of easy records reach a pipe while a record after them is
/// still being searched (for ever, here); Ctrl-C then prints the count
/// found so far, `N+`, and ends with status 130.
#[test]
fn answers_stream_and_an_interrupted_count_prints_what_it_has() {
    for threads in ["-j1", "-j2"] {
        let mut run = Running::start(&["solve", "--count", threads], &two_easy_then_endless());
        assert_eq!([run.line(), run.line()], ["1", "1"], "{threads}");
        run.signal("INT");
        let stderr = ends_with_a_lower_bound(run, threads);
        assert!(
            stderr.contains("dance: interrupted by SIGINT after 3 records"),
            "{stderr}"
        );
    }
}

/// SIGTERM too; in JSON the interrupted record says so, with the count so
/// far, and the summary closes the stream.
#[test]
fn sigterm_stops_a_run_with_its_own_status() {
    let mut run = Running::start(
        &["solve", "--count", "--output", "json"],
        &two_easy_then_endless(),
    );
    run.line();
    run.line();
    run.signal("TERM");
    let (code, rest, _) = run.finish();
    assert_eq!(code, Some(143));
    let [record, summary] = <[String; 2]>::try_from(rest).unwrap();
    let record: serde_json::Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["status"], "interrupted");
    assert_eq!(record["complete"], false);
    assert!(record["count"].as_u64().is_some());
    let summary: serde_json::Value = serde_json::from_str(&summary).unwrap();
    assert_eq!(summary["summary"]["interrupted"], 1);
    assert_eq!(summary["summary"]["records"], 3);
}

/// Runs `dance ARGS` and sends SIGINT once its first line is out; checks
/// that it ends with status 130 and that every line written is its
/// record's answer (`expected`, over and over) or `interrupted`, none left
/// out. Returns how many lines were written and how many say
/// `interrupted`.
fn interrupted_after_its_first_line(args: &[&str], expected: &[&str]) -> (usize, usize) {
    let mut run = Running::start(args, "");
    let first = run.line();
    run.signal("INT");
    let (code, rest, _) = run.finish();
    assert_eq!(code, Some(130), "{args:?}");
    let printed: Vec<String> = std::iter::once(first).chain(rest).collect();
    for (k, line) in printed.iter().enumerate() {
        assert!(
            line == expected[k % expected.len()] || line == "interrupted",
            "{args:?}, record {}: {line}",
            k + 1
        );
    }
    let cut = printed.iter().filter(|line| *line == "interrupted").count();
    (printed.len(), cut)
}

/// A batch interrupted after its first answer: every answer before the
/// signal is written whole and right, the record cut short says
/// `interrupted`, and no record is left out in between.
#[test]
fn an_interrupted_batch_writes_every_finished_answer() {
    let top95 = crate::util::bench_data("top95.txt");
    let expected = crate::util::stdout_of(
        crate::util::dance(&["solve", "-q", &top95])
            .assert()
            .success(),
    );
    let expected: Vec<&str> = expected.lines().collect();
    for threads in ["-j1", "-j2"] {
        let args = ["solve", "-q", "--engine", "dfs", threads, &top95];
        let (printed, _) = interrupted_after_its_first_line(&args, &expected);
        assert!(
            printed < expected.len(),
            "{threads}: the run was not cut short"
        );
    }
}

/// Easy records flow by the thousand when the signal comes, at two threads
/// as at one: the lines written are the answers of the first records in
/// order, right and whole, with no record left out; the records a worker
/// had read ahead (a chunk, 64 at most) and not finished say
/// `interrupted`.
#[test]
fn an_interrupted_flow_of_easy_records_keeps_every_finished_answer() {
    let sample = crate::util::bench_data("17clue_sample.txt");
    let expected = crate::util::stdout_of(
        crate::util::dance(&["solve", "-q", "-j1", &sample])
            .assert()
            .success(),
    );
    let expected: Vec<&str> = expected.lines().collect();
    for (threads, most) in [("-j1", 1), ("-j2", 2 * 64)] {
        // The sample again and again: 40 inputs, 196,640 records.
        let args: Vec<&str> = ["solve", "-q", threads]
            .into_iter()
            .chain(std::iter::repeat_n(sample.as_str(), 40))
            .collect();
        let (printed, cut) = interrupted_after_its_first_line(&args, &expected);
        assert!(printed < 40 * expected.len(), "{threads}: not cut short");
        assert!(cut <= most, "{threads}: {cut} records interrupted");
    }
}

/// A read blocked on an input that gives nothing (a terminal, an idle
/// pipe) cannot see the signal: the run still ends, about a second later,
/// with every answer written.
#[test]
fn a_run_blocked_on_its_input_still_ends_on_a_signal() {
    let (mut run, stdin) = Running::start_open(
        &["solve", "-j1", "--format", "line"],
        &format!("{NORVIG}\n"),
    );
    assert_eq!(run.line(), NORVIG_SOLVED);
    run.signal("INT");
    // The input stays open: the reader is still blocked when the run ends.
    let (code, rest, stderr) = run.finish();
    drop(stdin);
    assert_eq!((code, rest.len()), (Some(130), 0));
    assert!(stderr.contains("interrupted by SIGINT"), "{stderr}");
}

/// `dance cover` on a count that runs for minutes (the tilings of a 12×12
/// board without the memo): Ctrl-C prints the count found so far as a lower
/// bound, `N+`, and ends with status 130, at one thread or two.
#[test]
fn an_interrupted_cover_count_prints_what_it_has() {
    let dominoes = crate::util::bench_data("dominoes12x12.dlx");
    for threads in ["-j1", "-j2"] {
        let run = Running::start(&["cover", "-q", threads, &dominoes], "");
        std::thread::sleep(Duration::from_millis(700));
        run.signal("INT");
        let stderr = ends_with_a_lower_bound(run, threads);
        assert!(
            stderr.contains("interrupted by SIGINT") && stderr.contains("found so far"),
            "{threads}: {stderr}"
        );
    }
}

/// `dance cover --all` interrupted after its first solution: the solutions
/// written are whole (each ends with its blank line), and the status is
/// 130, at one thread or two.
#[test]
fn an_interrupted_cover_stream_writes_whole_solutions() {
    let dominoes = crate::util::bench_data("dominoes12x12.dlx");
    for threads in ["-j1", "-j2"] {
        let mut run = Running::start(&["cover", "--all", "-q", threads, &dominoes], "");
        let first = run.line();
        run.signal("TERM");
        let (code, rest, stderr) = run.finish();
        assert_eq!(code, Some(143), "{threads}: {stderr}");
        let lines: Vec<String> = std::iter::once(first).chain(rest).collect();
        // 72 dominoes per tiling, then a blank line.
        assert_eq!(lines.len() % 73, 0, "{threads}: a solution cut in half");
        assert!(lines.len() >= 73, "{threads}");
        assert!(
            stderr.contains("solutions above are whole"),
            "{threads}: {stderr}"
        );
    }
}

/// Every command that streams its answers ends quietly, with status 0 and
/// nothing on stderr, when the reader of its stdout goes away: the write
/// fails with a broken pipe, and `main` ends the run there.
#[test]
fn every_stream_ends_quietly_on_a_closed_stdout() {
    let top = crate::util::bench_data("top1465.txt");
    let queens = crate::util::bench_data("queens13.dlx");
    let runs: [&[&str]; 5] = [
        &["solve", "-j2", &top, &top],
        &["rate", "-j1", &top],
        &[
            "generate", "-n", "100000", "--size", "4", "--seed", "1", "-j1",
        ],
        &["cover", "--all", "-j1", &queens],
        &["cover", "--all", "-j2", &queens],
    ];
    for args in runs {
        let mut child = spawn_piped(args);
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        // The reader is dropped here: the pipe closes while dance still writes.
        let output = child.wait_with_output().unwrap();
        assert!(!first.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}
