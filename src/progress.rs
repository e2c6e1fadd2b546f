//! The progress bar of long runs, on stderr.
//!
//! A [`Bar`] is started with its command and drawn by a thread of its own:
//! it appears [`DELAY`] after the start (a run shorter than that shows
//! nothing) and is redrawn every [`TICK`] however long one record, puzzle
//! or search takes, with the elapsed time, what is done — records, puzzles,
//! solutions — and, where the total is known, of how many. The command only
//! stores its counts ([`Bar::set`], a relaxed atomic store, cheap enough for
//! every record) and says what it is working on ([`Bar::set_label`]).
//!
//! Where it is drawn ([`draw`]): nowhere with `--quiet`; on stderr when
//! stderr is a terminal. With `DANCE_PROGRESS=always` in the environment
//! it is drawn on stderr whatever stderr is (for tests, and for logs
//! watched with `tail -f`); `--quiet` still wins.
//!
//! While a bar is on the screen, whatever else reaches the terminal clears
//! it, writes, and draws it again below ([`suspend`]), so neither cuts the
//! other: diagnostics ([`crate::stderr`]), the answers of `solve` and
//! `rate` (`print/output.rs`) and `generate`'s puzzles
//! ([`Bar::suspend`]). `cover` writes its streamed solutions
//! (`--all`, `--first`, `--sample`) beside the bar, so it draws the bar
//! with them only when stdout is not the terminal ("beside answers").

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// How long a run goes before its bar appears: short runs stay quiet.
pub const DELAY: Duration = Duration::from_millis(200);

/// How often the bar is redrawn.
pub const TICK: Duration = Duration::from_millis(200);

/// The environment variable that draws the bar on stderr whatever it is.
pub const FORCE: &str = "DANCE_PROGRESS";

/// Where a bar is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// On stderr, a terminal.
    Terminal,
    /// On stderr, whatever it is (`DANCE_PROGRESS=always`).
    Forced,
}

/// Where the bar of a command is drawn, if anywhere: never when `quiet`
/// (`-q`); `beside_answers` for a command that streams its answers to
/// stdout as it goes.
pub fn draw(quiet: bool, beside_answers: bool) -> Option<Draw> {
    if quiet {
        None
    } else if std::env::var_os(FORCE).is_some_and(|value| value == "always") {
        Some(Draw::Forced)
    } else if io::stderr().is_terminal() && !(beside_answers && io::stdout().is_terminal()) {
        Some(Draw::Terminal)
    } else {
        None
    }
}

/// The bar on the screen now, for [`suspend`]: one at a time per process.
static SHOWN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Runs `write` with the bar on the screen, if one is, cleared, then draws
/// it again: for lines written to stderr while a bar may be up.
pub fn suspend<T>(write: impl FnOnce() -> T) -> T {
    let shown = SHOWN.lock().unwrap_or_else(PoisonError::into_inner);
    match &*shown {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}

/// The progress bar of one run: counts the command stores, drawn by a
/// thread of the bar's own.
pub struct Bar {
    /// `None` when nothing is drawn: every method is then a no-op.
    shared: Option<Arc<Shared>>,
    ticker: Mutex<Option<JoinHandle<()>>>,
}

/// What the command and the bar's thread share.
struct Shared {
    draw: Draw,
    /// What the count counts: `puzzles`, `solutions`, … (empty: no count).
    noun: Mutex<&'static str>,
    done: AtomicU64,
    /// The total, [`UNKNOWN`] when it is not known.
    total: AtomicU64,
    /// What the run is working on: a file, a set and an engine, a stage.
    label: Mutex<String>,
    finished: Mutex<bool>,
    wake: Condvar,
}

/// [`Shared::total`] when there is no total.
const UNKNOWN: u64 = u64::MAX;

impl Bar {
    /// A bar counting `noun`s (none when empty) out of `total` (when
    /// known), drawn where `draw` says (nowhere for `None`) from [`DELAY`]
    /// after now.
    pub fn start(draw: Option<Draw>, noun: &'static str, total: Option<u64>) -> Bar {
        let Some(draw) = draw else {
            return Bar::hidden();
        };
        let shared = Arc::new(Shared {
            draw,
            noun: Mutex::new(noun),
            done: AtomicU64::new(0),
            total: AtomicU64::new(total.unwrap_or(UNKNOWN)),
            label: Mutex::new(String::new()),
            finished: Mutex::new(false),
            wake: Condvar::new(),
        });
        let drawn = shared.clone();
        let ticker = std::thread::Builder::new()
            .name("dance-progress".to_owned())
            .spawn(move || drawn.run())
            // Without its thread the run goes on without a bar.
            .ok();
        Bar {
            shared: Some(shared),
            ticker: Mutex::new(ticker),
        }
    }

    /// A bar that is never drawn.
    pub fn hidden() -> Bar {
        Bar {
            shared: None,
            ticker: Mutex::new(None),
        }
    }

    /// Stores how many are done.
    #[inline]
    pub fn set(&self, done: u64) {
        if let Some(shared) = &self.shared {
            shared.done.store(done, Ordering::Relaxed);
        }
    }

    /// Stores the total, or that it is not known.
    pub fn set_total(&self, total: Option<u64>) {
        if let Some(shared) = &self.shared {
            shared
                .total
                .store(total.unwrap_or(UNKNOWN), Ordering::Relaxed);
        }
    }

    /// Says what the count counts from now on (empty: no count is shown).
    pub fn set_noun(&self, noun: &'static str) {
        if let Some(shared) = &self.shared {
            *shared.noun.lock().unwrap_or_else(PoisonError::into_inner) = noun;
        }
    }

    /// Whether the bar is drawn at all (its counts are thrown away if not).
    pub fn is_drawn(&self) -> bool {
        self.shared.is_some()
    }

    /// Says what the run is working on, after the count.
    pub fn set_label(&self, label: impl Into<String>) {
        if let Some(shared) = &self.shared {
            *shared.lock_label() = label.into();
        }
    }

    /// Runs `write` with this bar cleared from the screen, then redraws it
    /// (a bar that is not drawn only runs `write`).
    #[inline]
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        if self.shared.is_some() {
            suspend(write)
        } else {
            write()
        }
    }

    /// Removes the bar from the screen for good (it is not drawn again).
    pub fn finish(&self) {
        let Some(shared) = &self.shared else { return };
        *shared.lock_finished() = true;
        shared.wake.notify_all();
        let ticker = self
            .ticker
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(ticker) = ticker {
            // The thread never panics; if it did, the run goes on.
            let _ = ticker.join();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Shared {
    fn lock_label(&self) -> MutexGuard<'_, String> {
        self.label.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn lock_finished(&self) -> MutexGuard<'_, bool> {
        self.finished.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits up to `time` for the end of the run; whether it came.
    fn wait(&self, time: Duration) -> bool {
        let finished = self.lock_finished();
        let (finished, _) = self
            .wake
            .wait_timeout_while(finished, time, |finished| !*finished)
            .unwrap_or_else(PoisonError::into_inner);
        *finished
    }

    /// The bar's thread: waits [`DELAY`], then draws every [`TICK`] until
    /// the run ends, and clears the bar.
    fn run(&self) {
        if self.wait(DELAY) {
            return;
        }
        let mut target = Some(match self.draw {
            Draw::Terminal => ProgressDrawTarget::stderr_with_hz(10),
            Draw::Forced => ProgressDrawTarget::term_like_with_hz(Box::new(Stderr), 10),
        });
        // Styled before it is drawn at all.
        let bar = ProgressBar::hidden().with_elapsed(DELAY);
        let mut style_for = None;
        loop {
            let total = self.total.load(Ordering::Relaxed);
            let total = (total != UNKNOWN).then_some(total);
            let noun = *self.noun.lock().unwrap_or_else(PoisonError::into_inner);
            if style_for != Some((total, noun)) {
                style_for = Some((total, noun));
                match total {
                    Some(total) => bar.set_length(total),
                    None => bar.unset_length(),
                }
                bar.set_prefix(noun);
                bar.set_style(style(total.is_some(), !noun.is_empty()));
            }
            let done = self.done.load(Ordering::Relaxed);
            bar.set_position(done);
            let label = self.lock_label().clone();
            bar.set_message(match (total, noun.is_empty()) {
                (None, false) => {
                    let rate = done as f64 / bar.elapsed().as_secs_f64().max(1e-3);
                    format!("({}/s)  {label}", HumanCount(rate as u64))
                }
                _ => label,
            });
            if let Some(target) = target.take() {
                bar.set_draw_target(target);
                *SHOWN.lock().unwrap_or_else(PoisonError::into_inner) = Some(bar.clone());
            }
            bar.tick();
            if self.wait(TICK) {
                break;
            }
        }
        let mut shown = SHOWN.lock().unwrap_or_else(PoisonError::into_inner);
        bar.finish_and_clear();
        *shown = None;
    }
}

/// The bar's look: a bar and its share of the total when the total is
/// known, a spinner and the rate when not; the time and the label alone
/// when nothing is counted.
fn style(with_total: bool, with_count: bool) -> ProgressStyle {
    let template = match (with_total, with_count) {
        (true, _) => "{elapsed_precise} [{bar:30}] {human_pos}/{human_len} {prefix}  {msg}",
        (false, true) => "{spinner} {elapsed_precise}  {human_pos} {prefix} {msg}",
        (false, false) => "{spinner} {elapsed_precise}  {msg}",
    };
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// Stderr as a terminal for indicatif, whatever it is: the forced target.
#[derive(Debug)]
struct Stderr;

impl Stderr {
    fn write(&self, text: std::fmt::Arguments<'_>) -> io::Result<()> {
        io::stderr().lock().write_fmt(text)
    }

    /// Moves the cursor `n` places in `direction` (`A`, `B`, `C`, `D`);
    /// not at all for 0, which a terminal reads as 1.
    fn move_cursor(&self, n: usize, direction: char) -> io::Result<()> {
        match n {
            0 => Ok(()),
            n => self.write(format_args!("\x1b[{n}{direction}")),
        }
    }
}

impl TermLike for Stderr {
    fn width(&self) -> u16 {
        100
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'A')
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'B')
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'C')
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'D')
    }

    fn write_line(&self, line: &str) -> io::Result<()> {
        self.write(format_args!("{line}\n"))
    }

    fn write_str(&self, text: &str) -> io::Result<()> {
        self.write(format_args!("{text}"))
    }

    fn clear_line(&self) -> io::Result<()> {
        self.write(format_args!("\r\x1b[2K"))
    }

    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// The label of input `k` (from 0) of `inputs`: its name, and which one it
/// is when there are several.
pub fn input_label(source: &crate::input::Source, k: usize, inputs: usize) -> String {
    match inputs {
        0 | 1 => source.name(),
        _ => format!("{} (file {} of {inputs})", source.name(), k + 1),
    }
}
