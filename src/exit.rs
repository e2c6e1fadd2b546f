//! How a command that ran to the end went, as `main` turns it into an exit
//! status: 0, 1 or 2 — or 128 + a signal's number for a run that a signal
//! interrupted.

/// How a command that ran to the end went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Everything asked for was found: exit status 0.
    Success,
    /// The command ran, but found no solution, or some records failed:
    /// exit status 1.
    Shortfall,
    /// The command ran to the end, but some inputs could not be read (each
    /// already reported on stderr): exit status 2, as `grep` and `cat` do.
    Failure,
    /// SIGINT or SIGTERM stopped the command after it wrote what it had
    /// ([`crate::signal`]): exit status 128 + the signal's number, as a shell
    /// reports a process that the signal ended.
    Interrupted {
        /// The exit status: 130 for SIGINT, 143 for SIGTERM.
        status: u8,
        /// The signal's name.
        name: &'static str,
    },
}

impl Exit {
    /// The process's exit status.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Shortfall => 1,
            Exit::Failure => 2,
            Exit::Interrupted { status, .. } => status,
        }
    }
}
