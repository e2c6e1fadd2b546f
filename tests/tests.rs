//! End-to-end tests of the `dance` command line, one module per subcommand.

mod bench;
mod cover;
mod csv;
mod generate;
mod pencilmark;
mod rate;
mod reliability;
mod solve;
mod util;
mod variants;
