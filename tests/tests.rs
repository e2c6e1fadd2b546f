//! End-to-end tests of the `dance` command line, one module per subcommand.

mod bench;
mod cover;
mod reliability;
mod solve;
mod util;
