//! Every `console` example in README.md runs, and prints what README shows:
//! a sample that drifts from the program fails CI.
//!
//! Each block runs as one bash script in a scratch folder that sees the
//! repository's `benches/` and `tests/` (so the paths in README work and
//! the files a block writes, like `solutions.txt`, land in the scratch
//! folder), with the `dance` under test first on `PATH`. A `$ ` line is a
//! command; the lines up to the next `$ ` line are what it prints: its
//! standard output, then its standard error (the order a reader expects,
//! and the one README keeps: answers first, then the errors and the
//! summary; a terminal may interleave them otherwise). `$ echo $?` sees
//! the status of the command before it.
//!
//! What moves from run to run is masked on both sides before they are
//! compared ([`mask`]): wall and CPU times, rates, and the timing columns of
//! `dance bench`'s tables. Counts, nodes, guesses and updates are exact and
//! compared as they are. A block preceded by `<!-- not run: REASON -->` is
//! skipped (a Ctrl-C that a script cannot press, a program README does not
//! ship) — the reason is in README for a reader to see.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `console` block of README.md.
struct Block {
    /// The line of README.md its fence opens on, 1-based.
    line: usize,
    /// Its lines, without the fences.
    lines: Vec<String>,
    /// Why it is not run, when README says so.
    not_run: Option<String>,
}

/// The `console` blocks of `text`, in order.
fn console_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut lines = text.lines().enumerate();
    let mut not_run = None;
    while let Some((number, line)) = lines.next() {
        if let Some(reason) = line
            .trim()
            .strip_prefix("<!-- not run:")
            .and_then(|rest| rest.strip_suffix("-->"))
        {
            not_run = Some(reason.trim().to_string());
            continue;
        }
        if line.trim_start().starts_with("```") {
            let console = line.trim() == "```console";
            let body: Vec<String> = lines
                .by_ref()
                .map(|(_, line)| line)
                .take_while(|line| !line.trim_start().starts_with("```"))
                .map(str::to_string)
                .collect();
            if console {
                blocks.push(Block {
                    line: number + 1,
                    lines: body,
                    not_run: not_run.take(),
                });
            }
            not_run = None;
        } else if !line.trim().is_empty() {
            // A marker holds for the block right after it only.
            not_run = None;
        }
    }
    blocks
}

/// The bash script that runs `block`'s commands and prints each one as README
/// writes it, before its output, keeping `$?` for the next command.
fn script(block: &Block) -> String {
    let mut script = String::from("exec 2>&1\n__status=0\n__err=$(mktemp)\n");
    for line in &block.lines {
        if let Some(command) = line.strip_prefix("$ ") {
            let quoted = command.replace('\'', r"'\''");
            script.push_str(&format!(
                "printf '%s\\n' '$ {quoted}'; (exit $__status); {{ {command}\n}} 2>\"$__err\"; \
                 __status=$?; cat \"$__err\"\n"
            ));
        }
    }
    script.push_str("rm -f \"$__err\"\n");
    script
}

/// `text` with what moves from run to run replaced by `#`: the numbers on
/// lines of times and rates, the timing columns of `dance bench`'s tables,
/// the ratios under them.
fn mask(text: &str) -> String {
    text.lines()
        .map(|line| mask_line(line.trim_end()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One line of [`mask`].
fn mask_line(line: &str) -> String {
    // Lines that start with a timed word, and the ratios under a race.
    const TIMED: [&str; 5] = [
        "wall time:",
        "time per puzzle:",
        "time:",
        "updates per second:",
        "cpu time:",
    ];
    let trimmed = line.trim_start();
    if TIMED.iter().any(|word| trimmed.starts_with(word)) || trimmed.contains("x the time") {
        return digits_masked(line);
    }
    // A row of `dance bench`'s table: name, puzzles, solved, timed out, then
    // puzzles/s, median, p99 and max µs (timings), then nodes per puzzle and
    // what it is (exact).
    let fields: Vec<&str> = trimmed.split_whitespace().collect();
    if fields.len() > 8
        && ["fast", "dlx", "dfs"].contains(&fields[0])
        && fields[1..4].iter().all(|f| f.parse::<u64>().is_ok())
    {
        let mut masked: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
        for field in &mut masked[4..8] {
            *field = "#".to_string();
        }
        return masked.join(" ");
    }
    line.to_string()
}

/// `line` with every run of digits (and the decimal points and exponents
/// between them) replaced by one `#`.
fn digits_masked(line: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in line.chars() {
        let numeric = c.is_ascii_digit() || (in_number && matches!(c, '.' | 'e' | '+' | '-'));
        if numeric {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

/// A scratch folder that sees the repository's `benches/` and `tests/`.
fn scratch() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("dance-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for shared in ["benches", "tests"] {
        let link = dir.join(shared);
        if !link.exists() {
            std::os::unix::fs::symlink(root.join(shared), link).unwrap();
        }
    }
    dir
}

/// Every `console` block of README.md prints what README shows, timings
/// aside.
#[test]
#[ignore = "slow: runs README's examples, `dance bench` among them; run in release"]
fn every_console_example_in_the_readme_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let blocks = console_blocks(&readme);
    assert!(
        blocks.len() >= 10,
        "README.md has {} console blocks",
        blocks.len()
    );
    let dir = scratch();
    let bin = Path::new(env!("CARGO_BIN_EXE_dance")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut drifted = Vec::new();
    for block in blocks.iter().filter(|block| block.not_run.is_none()) {
        let output = Command::new("bash")
            .args(["-c", &script(block)])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&output.stdout);
        let expected = mask(&block.lines.join("\n"));
        let actual = mask(printed.trim_end_matches('\n'));
        if expected.trim_end() != actual.trim_end() {
            drifted.push(format!(
                "README.md:{}: the block prints\n{actual}\n-- where README shows --\n{expected}",
                block.line
            ));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(drifted.is_empty(), "{}", drifted.join("\n\n"));
}

/// The masking keeps what is exact and hides what is timed.
#[test]
fn masking_hides_timings_and_keeps_counts() {
    assert_eq!(
        mask_line("wall time: 0.008 s, 182666 puzzles/s"),
        "wall time: # s, # puzzles/s"
    );
    assert_eq!(mask_line("updates: 43435554"), "updates: 43435554");
    assert_eq!(
        mask_line("  dfs/dlx: 92.4x the time (0 puzzles hit the 30s cap)"),
        "  dfs/dlx: #x the time (# puzzles hit the #s cap)"
    );
    assert_eq!(
        mask_line(
            "  fast        11      11         0      122887           5          20          20             86  bands"
        ),
        "fast 11 11 0 # # # # 86 bands"
    );
    assert_eq!(
        mask_line("per puzzle: 150.6 nodes, 10.1 guesses"),
        "per puzzle: 150.6 nodes, 10.1 guesses"
    );
}

/// Blocks are found with their lines, and a `not run` marker holds for the
/// block right after it only.
#[test]
fn console_blocks_are_found_and_markers_hold_for_one_block() {
    let text = "x\n```console\n$ a\nb\n```\n<!-- not run: needs a key -->\n```console\n$ c\n```\n```console\n$ d\n```\n";
    let blocks = console_blocks(text);
    assert_eq!(blocks.len(), 3);
    assert_eq!(
        (blocks[0].line, blocks[0].lines.clone()),
        (2, vec!["$ a".to_string(), "b".to_string()])
    );
    assert_eq!(blocks[1].not_run.as_deref(), Some("needs a key"));
    assert_eq!(blocks[2].not_run, None);
    assert!(script(&blocks[0]).contains("printf '%s\\n' '$ a'; (exit $__status); { a\n} 2>"));
}

/// Each library's README shows one of its examples whole (its doc comment
/// aside): the code a reader of the crate's page copies is code that CI
/// builds and runs (`.ci/run`).
#[test]
fn crate_readmes_show_an_example_whole() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (folder, example) in [("dlx", "queens"), ("sudoku", "one_puzzle")] {
        let readme = std::fs::read_to_string(root.join(folder).join("README.md")).unwrap();
        let shown = readme
            .split("```rust\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .unwrap_or_else(|| panic!("{folder}/README.md has no rust block"));
        let path = root.join(folder).join(format!("examples/{example}.rs"));
        let source = std::fs::read_to_string(path).unwrap();
        let body: String = source
            .lines()
            .skip_while(|line| line.starts_with("//!"))
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(shown, body, "{folder}/README.md and examples/{example}.rs");
    }
}
