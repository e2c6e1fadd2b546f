//! The progress bar of long runs: on stderr, only when stderr is a terminal,
//! and only once a run has taken more than a moment. Answers written to a
//! terminal stdout would land in the middle of the bar's line, so commands
//! that stream answers draw it only when stdout goes elsewhere
//! ([`beside_answers`]), and `generate`, whose puzzles come slowly, clears
//! it around each write ([`Bar::suspend`]).

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its bar appears: short runs stay quiet.
const DELAY: Duration = Duration::from_millis(500);

/// Whether a command that streams answers to stdout draws a bar: not
/// `--quiet`, stderr a terminal, and stdout not a terminal (where answers
/// are their own progress).
pub fn beside_answers(quiet: bool) -> bool {
    !quiet && io::stderr().is_terminal() && !io::stdout().is_terminal()
}

/// Whether a command that writes only at the end (or clears the bar
/// around its writes) draws a bar: not `--quiet`, stderr a terminal.
pub fn on_terminal(quiet: bool) -> bool {
    !quiet && io::stderr().is_terminal()
}

/// The progress bar of a run over inputs whose total size may be known.
pub struct Bar {
    /// The bar once it is on the screen.
    drawn: Option<ProgressBar>,
    enabled: bool,
    started: Instant,
    consumed: Arc<AtomicU64>,
    total_bytes: Option<u64>,
    noun: &'static str,
}

impl Bar {
    /// A bar that may appear later. `enabled` is false for pipes, JSON output
    /// and `--quiet`; `consumed` counts input bytes read so far.
    pub fn new(
        enabled: bool,
        total_bytes: Option<u64>,
        consumed: Arc<AtomicU64>,
        noun: &'static str,
    ) -> Bar {
        Bar {
            drawn: None,
            enabled,
            started: Instant::now(),
            consumed,
            total_bytes,
            noun,
        }
    }

    /// Reports `done` items so far.
    pub fn update(&mut self, done: u64) {
        if !self.enabled {
            return;
        }
        let elapsed = self.started.elapsed();
        if self.drawn.is_none() && elapsed >= DELAY {
            self.drawn = Some(self.make_bar());
        }
        let Some(bar) = &self.drawn else { return };
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!("{done} {}, {rate:.0}/s", self.noun));
        if self.total_bytes.is_some() {
            bar.set_position(self.consumed.load(Ordering::Relaxed));
        } else {
            bar.tick();
        }
    }

    fn make_bar(&self) -> ProgressBar {
        let target = ProgressDrawTarget::stderr_with_hz(4);
        match self.total_bytes {
            Some(total) => {
                let bar = ProgressBar::with_draw_target(Some(total), target);
                let style = ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:30}] {percent:>3}%  {msg}  ETA {eta}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
                bar.set_style(style);
                bar
            }
            None => {
                let bar = ProgressBar::with_draw_target(None, target);
                let style = ProgressStyle::with_template("{spinner} {elapsed_precise}  {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner());
                bar.set_style(style);
                bar
            }
        }
    }

    /// Shows the bar from now on, redrawn four times a second even when no
    /// [`update`](Self::update) comes (a 25×25 puzzle can take minutes).
    pub fn show_now(&mut self) {
        if self.enabled && self.drawn.is_none() {
            let bar = self.make_bar();
            bar.set_message(format!("0 {}", self.noun));
            bar.enable_steady_tick(Duration::from_millis(250));
            self.drawn = Some(bar);
        }
    }

    /// Runs `write` with the bar cleared from the terminal, then redraws it.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.drawn {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Removes the bar, if shown.
    pub fn finish(&self) {
        if let Some(bar) = &self.drawn {
            bar.finish_and_clear();
        }
    }
}
