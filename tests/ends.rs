//! How `dance cover` runs end when used as a hostile user would: an output
//! that would overwrite the problem is refused, a signal while writing is
//! reported with the signal's status, no run ends with a non-zero status and
//! nothing said, a flag that would change nothing is refused, and options
//! print as the help says.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use predicates::prelude::*;

use crate::util::{bench_data, dance, dance_process, data, signal, stdout_of};

/// A folder of this test's own under the system's temporary folder.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dance-ends-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> String {
    path.display().to_string()
}

/// `--zdd x.dlx x.dlx` (and the same file by another name: a `..`, a hard
/// link, standard input redirected from it) is refused before anything is
/// written, the problem left as it was; another path is written.
#[test]
fn a_zdd_path_that_names_the_problem_is_refused() {
    let dir = scratch("overwrite");
    let problem = dir.join("x.dlx");
    let original = std::fs::read_to_string(data("queens8.dlx")).unwrap();
    std::fs::write(&problem, &original).unwrap();
    let linked = dir.join("linked.dlx");
    std::fs::hard_link(&problem, &linked).unwrap();
    let roundabout = dir.join("..").join(dir.file_name().unwrap()).join("x.dlx");
    for zdd in [&problem, &roundabout, &linked] {
        dance(&["cover", "--zdd", &text(zdd), &text(&problem)])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("is the problem's own file"));
    }
    let redirected = dance_process()
        .args(["cover", "--zdd", &text(&problem)])
        .stdin(std::fs::File::open(&problem).unwrap())
        .output()
        .unwrap();
    assert_eq!(redirected.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&redirected.stderr);
    assert!(stderr.contains("(<stdin>)"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&problem).unwrap(), original);
    let elsewhere = dir.join("x.zdd");
    dance(&["cover", "--zdd", &text(&elsewhere), &text(&problem)])
        .assert()
        .success()
        .stdout("92\n");
    assert!(
        std::fs::read_to_string(&elsewhere)
            .unwrap()
            .contains("(~0?0:")
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// SIGTERM while the ZDD is being written (held up by a reader that waits)
/// stops the writing: stderr says so, the status is 143, and the output
/// does not end in the root. A FIFO stands for a file, so that the writer
/// can be held up there too.
#[test]
fn a_signal_while_writing_the_zdd_is_reported() {
    let dir = scratch("signal");
    let fifo = dir.join("zdd.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let targets: Vec<String> = match made {
        Ok(status) if status.success() => vec!["-".to_owned(), text(&fifo)],
        _ => vec!["-".to_owned()],
    };
    let problem = bench_data("dominoes12x12.dlx");
    for target in targets {
        let mut child = dance_process()
            .args(["cover", "--zdd", &target, &problem])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut zdd: Box<dyn Read> = match target.as_str() {
            "-" => Box::new(child.stdout.take().unwrap()),
            fifo => Box::new(std::fs::File::open(fifo).unwrap()),
        };
        // The first bytes: the ZDD is built and being written; then the
        // pipe fills while nobody reads.
        let mut first = [0; 4096];
        zdd.read_exact(&mut first).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        signal(&child, "TERM");
        let mut rest = Vec::new();
        zdd.read_to_end(&mut rest).unwrap();
        drop(zdd);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(143), "{target}: {stderr}");
        assert!(
            stderr.contains("interrupted by SIGTERM") && stderr.contains("while writing the ZDD"),
            "{target}: {stderr}"
        );
        let written = String::from_utf8_lossy(&rest);
        assert!(
            !written.contains("(~0?0:"),
            "{target}: the root was written"
        );
        assert!(output.stdout.is_empty(), "{target}: no count after a cut");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// On a problem without solutions every mode says something — the count
/// (on stderr with `--zdd -`), or on stderr why nothing was printed —
/// whatever its exit status.
#[test]
fn no_run_ends_non_zero_with_nothing_said() {
    let dir = scratch("silent");
    let problem = dir.join("none.dlx");
    std::fs::write(&problem, "a b\na\n").unwrap();
    let problem = text(&problem);
    let modes: [&[&str]; 11] = [
        &[],
        &["--all"],
        &["--first"],
        &["--all", "-j2"],
        &["--limit", "2"],
        &["--best", "1"],
        &["--split", "3"],
        &["--memo"],
        &["--zdd", "-"],
        &["--sample", "3"],
        &["--reduce", "--all"],
    ];
    for mode in modes {
        let mut args = vec!["cover", "-q"];
        args.extend_from_slice(mode);
        args.push(&problem);
        let output = dance(&args).output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{mode:?}: {stderr}");
        assert!(
            stdout.trim() == "0" || stderr.trim() == "0" || stderr.contains("no solution"),
            "{mode:?}: stdout {stdout:?}, stderr {stderr:?}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A flag that would change nothing in a mode is refused with a usage
/// error, naming both.
#[test]
fn flags_that_change_nothing_are_refused() {
    let queens = data("queens8.dlx");
    let refused: [&[&str]; 12] = [
        &["--memo", "--seed", "1"],
        &["--memo", "--representation", "bitsets"],
        &["--preprocess", "--seed", "1"],
        &["--preprocess", "--reduce"],
        &["--preprocess", "--representation", "links"],
        &["--zdd", "-", "--representation", "bitsets"],
        &["--sample", "2", "--representation", "links"],
        &["--first", "--limit", "2"],
        &["--estimate", "--limit", "2"],
        &["--split", "2", "--limit", "2"],
        &["--estimate", "--stats"],
        &["--split", "2", "--stats"],
    ];
    for flags in refused {
        let mut args = vec!["cover"];
        args.extend_from_slice(flags);
        args.push(&queens);
        dance(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("cannot be used with"));
    }
    // What each of them does have an effect with is still accepted.
    for flags in [
        &["--seed", "1", "--first"][..],
        &["--seed", "1", "--zdd", "/dev/null"],
        &["--representation", "bitsets", "--limit", "2"],
        &["--preprocess", "--stats"],
    ] {
        let mut args = vec!["cover"];
        args.extend_from_slice(flags);
        args.push(&queens);
        dance(&args).assert().success();
    }
}

/// `-j` in a mode that runs on one thread is warned about (the run goes
/// on: a script that passes `-j` to every run keeps working); `-j1` and no
/// `-j` are not.
#[test]
fn threads_in_a_mode_of_one_thread_are_warned_about() {
    let queens = data("queens8.dlx");
    for mode in [
        &["--zdd", "/dev/null"][..],
        &["--sample", "2"],
        &["--estimate"],
        &["--split", "2"],
    ] {
        let mut args = vec!["cover", "-j2"];
        args.extend_from_slice(mode);
        args.push(&queens);
        dance(&args)
            .assert()
            .success()
            .stderr(predicate::str::contains(format!(
                "dance: warning: {} runs on one thread; -j 2 changes nothing",
                mode[0]
            )));
        for threads in [&["-j1"][..], &[]] {
            let mut args = vec!["cover"];
            args.extend_from_slice(threads);
            args.extend_from_slice(mode);
            args.push(&queens);
            dance(&args)
                .assert()
                .success()
                .stderr(predicate::str::contains("warning").not());
        }
    }
}

/// Options print as `--help` says: the items in the order written, one
/// space apart, then the costs added up as one `|n` (none for 0).
#[test]
fn options_print_as_the_help_says() {
    let help = stdout_of(dance(&["cover", "--help"]).assert().success());
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("`a b |5 |2` prints as `a b |7`"), "{help}");
    let problem = "a b c | x\nc  a |2 |3 x:red\nb   |0\nc\n";
    let all = stdout_of(
        dance(&["cover", "--all", "-"])
            .write_stdin(problem)
            .assert(),
    );
    assert_eq!(all, "c a x:red |5\nb\n\n");
    let best = stdout_of(
        dance(&["cover", "--best", "1", "-"])
            .write_stdin(problem)
            .assert(),
    );
    assert_eq!(best, "cost 5\nc a x:red |5\nb\n\n");
}
