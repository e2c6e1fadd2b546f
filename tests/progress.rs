//! The progress bar: drawn on stderr within half a second of the start of
//! every long-running command, and redrawn at least every half second
//! however slow a record is (forced onto a pipe with `DANCE_PROGRESS=always`,
//! as a terminal would get it); nothing drawn on a pipe, or with `-q`.

use std::io::Read;
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::util::{bench_data, dance_process};

/// The longest a bar may take to appear, and between two draws.
const HALF_SECOND: Duration = Duration::from_millis(500);

/// The 9×9 grid with no givens: counting its solutions never ends.
fn empty_grid() -> String {
    format!("{}\n", ".".repeat(81))
}

/// A run of `dance` whose stderr is read as it comes, each piece with the
/// time it came.
struct Watched {
    child: Child,
    started: Instant,
    pieces: Receiver<(Instant, String)>,
    seen: Vec<(Instant, String)>,
}

impl Watched {
    /// Starts `dance ARGS` with stdout thrown away and stdin piped (kept
    /// open until [`finish`](Self::finish) unless `input` closes it),
    /// drawing its bar on stderr when `forced`.
    fn start(args: &[&str], input: Option<&str>, forced: bool) -> Watched {
        let mut command = dance_process();
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if forced {
            command.env("DANCE_PROGRESS", "always");
        } else {
            command.env_remove("DANCE_PROGRESS");
        }
        let started = Instant::now();
        let mut child = command.spawn().expect("the dance binary starts");
        if let Some(input) = input {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(input.as_bytes()).unwrap();
        }
        let mut stderr = child.stderr.take().unwrap();
        let (sender, pieces) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0; 1 << 16];
            while let Ok(read) = stderr.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                let piece = String::from_utf8_lossy(&buffer[..read]).into_owned();
                if sender.send((Instant::now(), piece)).is_err() {
                    break;
                }
            }
        });
        Watched {
            child,
            started,
            pieces,
            seen: Vec::new(),
        }
    }

    /// Everything stderr has had so far.
    fn text(&self) -> String {
        self.seen.iter().map(|(_, piece)| piece.as_str()).collect()
    }

    /// Reads stderr until it has had `needle` (true), or for `patience`
    /// (false).
    fn wait_for(&mut self, needle: &str, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        while !self.text().contains(needle) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.pieces.recv_timeout(left) {
                Ok(piece) => self.seen.push(piece),
                Err(_) => return false,
            }
        }
        true
    }

    /// How long after the start the first piece of stderr came.
    fn first_draw(&self) -> Duration {
        let (at, _) = self.seen.first().expect("something on stderr");
        at.duration_since(self.started)
    }

    /// Ends the run (killed if it is still going) and reads the rest of
    /// stderr.
    fn finish(mut self) -> Watched {
        let _ = self.child.kill();
        self.wait()
    }

    /// Waits for the run to end on its own and reads the rest of stderr.
    fn wait(mut self) -> Watched {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
        self.seen.extend(self.pieces.try_iter());
        while let Ok(piece) = self.pieces.recv_timeout(Duration::from_secs(5)) {
            self.seen.push(piece);
        }
        self
    }
}

/// A slow record (the count of the empty grid, stopped after 2 s): the bar
/// appears within half a second, before any record is done, and is
/// redrawn at least every half second while the record goes on.
#[test]
fn the_bar_appears_at_once_and_moves_while_a_record_is_slow() {
    let mut run = Watched::start(
        &["solve", "-j1", "--count", "--timeout", "2"],
        Some(&empty_grid()),
        true,
    );
    assert!(run.wait_for("0 puzzles", Duration::from_secs(10)));
    let first = run.first_draw();
    assert!(first <= HALF_SECOND, "the bar came after {first:?}");
    let run = run.wait();
    let draws: Vec<Instant> = run
        .seen
        .iter()
        .filter(|(_, piece)| piece.contains("puzzles"))
        .map(|&(at, _)| at)
        .collect();
    assert!(draws.len() >= 3, "{} draws in 2 s", draws.len());
    let longest = draws
        .windows(2)
        .map(|pair| pair[1].duration_since(pair[0]))
        .max()
        .unwrap();
    assert!(longest <= HALF_SECOND, "no draw for {longest:?}");
    assert!(run.text().contains("<stdin>"), "{}", run.text());
}

/// On several files the bar is up while the first is read, and says which
/// file of how many it is on.
#[test]
fn on_several_files_the_bar_appears_from_the_first() {
    let slow = std::env::temp_dir().join(format!("dance-progress-{}.txt", std::process::id()));
    std::fs::write(&slow, empty_grid()).unwrap();
    let slow = slow.display().to_string();
    let top = bench_data("top95.txt");
    let mut run = Watched::start(
        &[
            "solve",
            "-j1",
            "--count",
            "--timeout",
            "2",
            &slow,
            &top,
            &top,
        ],
        None,
        true,
    );
    assert!(
        run.wait_for("(file 1 of 3)", Duration::from_secs(10)),
        "{}",
        run.text()
    );
    assert!(run.first_draw() <= HALF_SECOND, "{:?}", run.first_draw());
    run.finish();
    std::fs::remove_file(slow).unwrap();
}

/// `rate`, `cover`, `generate` and `bench` draw their bar within half a
/// second too, each saying what it is on: a file, a stage, a set and the
/// engine racing on it.
#[test]
fn every_long_command_draws_its_bar_at_once() {
    let forum = bench_data("17clue_sample.txt");
    let runs: [(&[&str], &str); 5] = [
        // Waiting for records on an open stdin.
        (&["rate", "-j1"], "0 puzzles"),
        (&["cover"], "reading the problem"),
        (
            &[
                "generate", "-n", "1000", "--size", "25", "--seed", "1", "-j1",
            ],
            "0/1,000 puzzles",
        ),
        // The DFS on a 17-clue puzzle: seconds, where the others take
        // microseconds.
        (
            &[
                "bench",
                "--engines",
                "fast,dfs",
                "--dfs-timeout",
                "60",
                &forum,
            ],
            "racing dfs",
        ),
        (&["solve", "-j2"], "<stdin>"),
    ];
    for (args, needle) in runs {
        let mut run = Watched::start(args, None, true);
        let came = run.wait_for(needle, Duration::from_secs(20));
        let run = run.finish();
        assert!(came, "{args:?}: {}", run.text());
        assert!(
            run.first_draw() <= HALF_SECOND,
            "{args:?}: {:?}",
            run.first_draw()
        );
        if args[0] == "bench" {
            assert!(
                run.text().contains("17clue_sample.txt (set 1 of 1)"),
                "{}",
                run.text()
            );
        }
    }
}

/// Without a terminal (or the variable) nothing is drawn, and `-q` draws
/// nothing even when forced.
#[test]
fn nothing_is_drawn_on_a_pipe_or_with_quiet() {
    for (args, forced) in [
        (&["solve", "-j1", "--count", "--timeout", "1"][..], false),
        (
            &["solve", "-j1", "--count", "--timeout", "1", "-q"][..],
            true,
        ),
        (&["cover", "-q"][..], true),
    ] {
        let input = (args[0] == "solve").then(empty_grid);
        let mut run = Watched::start(args, input.as_deref(), forced);
        std::thread::sleep(Duration::from_millis(1500));
        if args[0] == "cover" {
            // Its stdin is still open: let it see the end of the problem.
            drop(run.child.stdin.take());
        }
        let run = run.finish();
        let text = run.text();
        assert!(
            !text.contains("puzzles") && !text.contains('\r') && !text.contains("reading"),
            "{args:?}: {text:?}"
        );
    }
}

/// `--best` counts on its bar the solutions its bound lets through, as
/// they come, not 0 until the search ends.
#[test]
fn the_cheapest_search_counts_its_solutions_on_the_bar() {
    let queens = bench_data("queens22_costs.dlx");
    let mut run = Watched::start(&["cover", "--best", "100000", "-j1", &queens], None, true);
    let counted = |text: &str| {
        text.split(['\r', '\n']).any(|draw| {
            draw.split_whitespace()
                .zip(draw.split_whitespace().skip(1))
                .any(|(count, noun)| noun == "solutions" && count != "0")
        })
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while !counted(&run.text()) && Instant::now() < deadline {
        run.wait_for("\u{1}", Duration::from_millis(200));
    }
    let run = run.finish();
    assert!(counted(&run.text()), "{}", run.text());
}
