//! How a command that ran to the end went, as `main` turns it into an exit
//! status: 0, 1 or 2.

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
}

impl Exit {
    /// The process's exit status.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Shortfall => 1,
            Exit::Failure => 2,
        }
    }
}
