//! A soak of `dance cover`'s counts:
//! random small problems — colors, secondary items, multiplicities — counted
//! by the command line with `-j1`, `-j2` and `-j4`, with and without the
//! memo, against a brute force over every set of options written here; then
//! one problem with many solutions counted again and again on four threads,
//! to catch a race that shows once in many runs.

use std::process::Stdio;

use crate::util::dance_process;

/// SplitMix64, for problems that are the same on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A problem: primary items with bounds, secondary items, and options of
/// (item, color) entries (color 0: none).
struct Spec {
    bounds: Vec<(u32, u32)>,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

impl Spec {
    fn random(random: &mut Random, with_bounds: bool) -> Spec {
        let primary = 1 + random.below(5) as usize;
        let secondary = random.below(4) as usize;
        let bounds = (0..primary)
            .map(|_| {
                if with_bounds && random.below(3) == 0 {
                    let lo = random.below(2) as u32;
                    (lo, lo + 1 + random.below(2) as u32)
                } else {
                    (1, 1)
                }
            })
            .collect();
        let items = primary + secondary;
        let options = (0..1 + random.below(12))
            .map(|_| {
                // Every option has a primary item: one without is never
                // chosen by Dancing Links, and the format allows it.
                let mut option = vec![(random.below(primary as u64) as usize, 0)];
                for _ in 0..random.below(4) {
                    let item = random.below(items as u64) as usize;
                    if option.iter().all(|&(i, _)| i != item) {
                        let color = if item >= primary {
                            random.below(3) as u32
                        } else {
                            0
                        };
                        option.push((item, color));
                    }
                }
                option
            })
            .collect();
        Spec {
            bounds,
            secondary,
            options,
        }
    }

    fn has_bounds(&self) -> bool {
        self.bounds.iter().any(|&bounds| bounds != (1, 1))
    }

    /// Knuth's text format.
    fn text(&self) -> String {
        let mut text = String::new();
        for (i, &(lo, hi)) in self.bounds.iter().enumerate() {
            if (lo, hi) == (1, 1) {
                text.push_str(&format!("p{i} "));
            } else {
                text.push_str(&format!("{lo}:{hi}|p{i} "));
            }
        }
        if self.secondary > 0 {
            text.push('|');
            for s in 0..self.secondary {
                text.push_str(&format!(" s{s}"));
            }
        }
        text.push('\n');
        let primary = self.bounds.len();
        for option in &self.options {
            let entries: Vec<String> = option
                .iter()
                .map(|&(item, color)| match (item < primary, color) {
                    (true, _) => format!("p{item}"),
                    (false, 0) => format!("s{}", item - primary),
                    (false, c) => format!("s{}:{}", item - primary, (b'A' + c as u8) as char),
                })
                .collect();
            text.push_str(&entries.join(" "));
            text.push('\n');
        }
        text
    }

    /// The number of sets of options that cover every primary item within
    /// its bounds, each secondary item at most once or by options of one
    /// color.
    fn brute_force(&self) -> u64 {
        let primary = self.bounds.len();
        let mut count = 0;
        for set in 0u32..1 << self.options.len() {
            let mut covered = vec![0u32; primary];
            let mut colors: Vec<Option<u32>> = vec![None; self.secondary];
            let mut fits = true;
            for (o, option) in self.options.iter().enumerate() {
                if set >> o & 1 == 0 {
                    continue;
                }
                for &(item, color) in option {
                    if item < primary {
                        covered[item] += 1;
                    } else {
                        let seen = &mut colors[item - primary];
                        match (*seen, color) {
                            (None, color) => *seen = Some(color),
                            (Some(before), color) if before == color && color != 0 => {}
                            _ => fits = false,
                        }
                    }
                }
            }
            let within = covered
                .iter()
                .zip(&self.bounds)
                .all(|(&n, &(lo, hi))| lo <= n && n <= hi);
            // The empty set covers nothing: a problem whose every item may
            // be covered zero times has it as a solution, as Algorithm M does.
            if fits && within {
                count += 1;
            }
        }
        count
    }
}

/// `dance cover ARGS` on `text`: the count it prints.
fn count(args: &[&str], text: &str) -> String {
    use std::io::Write;
    let mut child = dance_process()
        .args(["cover", "-q"])
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.code().is_some_and(|code| code <= 1),
        "{args:?}: {}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

/// A thousand and a half random problems, each counted six ways (bounds
/// too): every count is the brute force's.
#[test]
#[ignore = "slow: thousands of runs of dance; run in release"]
fn random_counts_agree_with_brute_force_on_every_thread_count_and_the_memo() {
    let mut random = Random(0x50A);
    let mut runs = 0;
    let mut bounded = 0;
    for case in 0..1500 {
        let spec = Spec::random(&mut random, case % 2 == 1);
        bounded += usize::from(spec.has_bounds());
        let text = spec.text();
        let expected = spec.brute_force().to_string();
        let ways: [&[&str]; 6] = [
            &["-j1"],
            &["-j2"],
            &["-j4"],
            &["--memo", "-j1"],
            &["--memo", "-j2"],
            &["--memo", "-j4"],
        ];
        for args in ways {
            assert_eq!(
                count(args, &text),
                expected,
                "case {case}, {args:?}:\n{text}"
            );
            runs += 1;
        }
    }
    assert_eq!(runs, 9000);
    assert!(bounded >= 300, "{bounded} problems with bounds");
}

/// One problem whose tree splits into many parts, counted fifty times on
/// four threads, with and without the memo: the same count every time.
#[test]
#[ignore = "slow: a hundred runs on four threads; run in release"]
fn the_same_count_on_four_threads_run_after_run() {
    let root = env!("CARGO_MANIFEST_DIR");
    let queens = std::fs::read_to_string(format!("{root}/tests/data/queens8.dlx")).unwrap();
    let dominoes = std::fs::read_to_string(format!("{root}/benches/data/dominoes8x8.dlx")).unwrap();
    for _ in 0..50 {
        assert_eq!(count(&["-j4"], &queens), "92");
        assert_eq!(count(&["--memo", "-j4"], &dominoes), "12988816");
    }
}
