//! Ctrl-C (SIGINT) and SIGTERM as a flag that every search sees.
//!
//! [`Interrupt::install`] replaces the default action of the two signals —
//! end the process at once, losing every answer still buffered — with
//! `signal-hook`'s flag actions: the first signal raises a flag and
//! remembers which signal it was; nothing else runs in the handler. A
//! command passes the flag to its searches as the library's
//! [`Stop::when`](dance_sudoku::Stop::when) (searches in flight stop within
//! a few milliseconds, as for a timeout), stops taking new records, writes
//! every answer it has in order and ends with [`Exit::Interrupted`]: exit
//! status 128 + the signal's number (130 for SIGINT, 143 for SIGTERM), as
//! a shell reports a process killed by the signal, so that scripts can
//! still tell an interrupted run from a finished one.
//!
//! A second signal of either kind ends the process at once with that
//! status: a run stuck writing to a pipe nobody reads still stops.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use dance_dlx::Flag;

use signal_hook::consts::signal::{SIGINT, SIGTERM};

use crate::exit::Exit;

/// The signals that interrupt a run.
const SIGNALS: [i32; 2] = [SIGINT, SIGTERM];

/// The interrupt flag of the process: raised by SIGINT or SIGTERM.
#[derive(Clone, Debug)]
pub struct Interrupt {
    raised: Flag,
    /// The number of the last signal that came, 0 before any.
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    /// Installs the flag actions for SIGINT and SIGTERM.
    ///
    /// # Errors
    /// When the operating system refuses to install a handler.
    pub fn install() -> anyhow::Result<Interrupt> {
        let interrupt = Interrupt {
            raised: Arc::new(AtomicBool::new(false)),
            signal: Arc::new(AtomicUsize::new(0)),
        };
        for signal in SIGNALS {
            // Registered first, so that it sees the flag as the previous
            // signal left it: a second signal ends the process.
            signal_hook::flag::register_conditional_shutdown(
                signal,
                exit_status(signal),
                interrupt.raised.clone(),
            )?;
            signal_hook::flag::register_usize(signal, interrupt.signal.clone(), signal as usize)?;
            signal_hook::flag::register(signal, interrupt.raised.clone())?;
        }
        Ok(interrupt)
    }

    /// The flag, for [`Stop::when`](dance_sudoku::Stop::when).
    pub fn flag(&self) -> Flag {
        self.raised.clone()
    }

    /// Whether a signal has come.
    pub fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }

    /// The exit of an interrupted run, once a signal has come.
    pub fn exit(&self) -> Option<Exit> {
        if !self.is_raised() {
            return None;
        }
        let signal = self.signal.load(Ordering::SeqCst) as i32;
        Some(Exit::Interrupted {
            status: u8::try_from(exit_status(signal)).unwrap_or(130),
            name: name(signal),
        })
    }
}

/// The exit status of a process that `signal` interrupted: 128 + its number.
fn exit_status(signal: i32) -> i32 {
    128 + signal
}

/// The signal's name, for messages.
fn name(signal: i32) -> &'static str {
    if signal == SIGTERM {
        "SIGTERM"
    } else {
        "SIGINT"
    }
}
