//! Standard output shared by the thread that prints answers and a watch
//! thread that flushes them.
//!
//! Answers are buffered (a write per answer would cost more than solving
//! an easy puzzle), but a buffer must not hold finished answers back while
//! the next record takes minutes: the watch flushes whatever waits in the
//! buffer every [`FLUSH_EVERY`], taking the same lock as the printer, so
//! it never writes half an answer. It also ends a run that a signal
//! interrupted but that cannot get to its end — blocked reading a terminal
//! or a pipe that gives nothing — after a moment's grace: whole answers
//! written, a line on stderr, the signal's exit status.
//!
//! When stdout is a terminal, the progress bar is cleared around every
//! write to it and drawn again below ([`Screen`]), so answers and the bar
//! share the screen without cutting each other.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::signal::Interrupt;
use crate::stderr::diagnose;

/// How often the watch flushes the answers waiting in the buffer.
pub const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// How long an interrupted run has to write what it has and end on its
/// own before the watch ends it. Searches look at the signal's flag every
/// few milliseconds, so a run that is not blocked on its input ends long
/// before.
const GRACE: Duration = Duration::from_secs(1);

/// A printer and the buffered standard output it writes to.
pub struct Output<P: Send + 'static> {
    shared: Arc<Shared<P>>,
    watch: Option<JoinHandle<()>>,
}

/// What the command and the watch share.
struct Shared<P> {
    state: Mutex<State<P>>,
    /// The command is done with the output: the watch ends.
    done: AtomicBool,
}

/// The printer and its output, under one lock.
struct State<P> {
    printer: P,
    out: BufWriter<Screen>,
}

/// Standard output, with the progress bar cleared around each write when
/// stdout is a terminal (where the bar may be too). The buffer above hands
/// it whole answers, and stdout's own line buffering writes whole lines to
/// a terminal, so the bar is drawn again at the start of a line.
pub struct Screen {
    stdout: Stdout,
    terminal: bool,
}

impl Screen {
    fn new() -> Screen {
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        Screen { stdout, terminal }
    }
}

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self.terminal {
            true => crate::progress::suspend(|| self.stdout.write(bytes)),
            false => self.stdout.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.terminal {
            true => crate::progress::suspend(|| self.stdout.flush()),
            false => self.stdout.flush(),
        }
    }
}

impl<P: Send + 'static> Output<P> {
    /// Output through `printer`, flushed by a watch thread that also ends
    /// a run stuck after `interrupt` was raised.
    pub fn start(printer: P, interrupt: Interrupt) -> Output<P> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                printer,
                out: BufWriter::with_capacity(1 << 16, Screen::new()),
            }),
            done: AtomicBool::new(false),
        });
        let watched = shared.clone();
        let watch = std::thread::Builder::new()
            .name("dance-output".to_owned())
            .spawn(move || watched.watch(&interrupt))
            // Without a watch, answers are flushed when the buffer fills
            // and at the end, as by any buffered writer.
            .ok();
        Output { shared, watch }
    }

    /// Runs `print` with the printer and the output, locked.
    #[inline]
    pub fn with<T>(&self, print: impl FnOnce(&mut P, &mut BufWriter<Screen>) -> T) -> T {
        let mut state = self.shared.lock();
        let State { printer, out } = &mut *state;
        print(printer, out)
    }

    /// Stops the watch and flushes the output.
    ///
    /// # Errors
    /// The error of the last write.
    pub fn finish(mut self) -> io::Result<()> {
        self.stop_watch();
        self.shared.lock().out.flush()
    }

    fn stop_watch(&mut self) {
        self.shared.done.store(true, Ordering::SeqCst);
        if let Some(watch) = self.watch.take() {
            watch.thread().unpark();
            // The watch never panics; if it did, the output is still here.
            let _ = watch.join();
        }
    }
}

impl<P: Send + 'static> Drop for Output<P> {
    /// An output dropped on an error path flushes what it can, quietly.
    fn drop(&mut self) {
        self.stop_watch();
        let _ = self.shared.lock().out.flush();
    }
}

impl<P> Shared<P> {
    fn lock(&self) -> MutexGuard<'_, State<P>> {
        // A panic while printing leaves whole answers behind it.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The watch: flushes every [`FLUSH_EVERY`] until the command is done,
    /// and ends the process [`GRACE`] after a signal if the command has
    /// not.
    fn watch(&self, interrupt: &Interrupt) {
        let mut interrupted: Option<Instant> = None;
        loop {
            std::thread::park_timeout(FLUSH_EVERY);
            if self.done.load(Ordering::SeqCst) {
                return;
            }
            let mut state = self.lock();
            if !state.out.buffer().is_empty() {
                // A failed write is the command's to report, at its next
                // write or at the end.
                let _ = state.out.flush();
            }
            let Some(exit) = interrupt.exit() else {
                continue;
            };
            let since = *interrupted.get_or_insert_with(Instant::now);
            if since.elapsed() >= GRACE && !self.done.load(Ordering::SeqCst) {
                let _ = state.out.flush();
                if let crate::exit::Exit::Interrupted { name, .. } = exit {
                    diagnose!("dance: interrupted by {name}; the answers above are whole");
                }
                std::process::exit(i32::from(exit.code()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output that is done ends at once: its watch, asleep for up to
    /// [`FLUSH_EVERY`], is woken and joined, not waited out — so a run that
    /// prints one solution ends as soon as it has it.
    #[test]
    fn finishing_does_not_wait_for_the_watch_to_wake() {
        let interrupt = Interrupt::install().unwrap();
        for _ in 0..5 {
            let output = Output::start((), interrupt.clone());
            // Let the watch fall asleep first.
            std::thread::sleep(Duration::from_millis(5));
            output.with(|_, out| out.write_all(b"")).unwrap();
            let finishing = Instant::now();
            output.finish().unwrap();
            let took = finishing.elapsed();
            assert!(took < FLUSH_EVERY / 2, "{took:?}");
        }
    }
}
