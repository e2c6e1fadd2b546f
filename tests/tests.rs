//! End-to-end tests of the `dance` command line, one module per subcommand.

mod cover;
mod util;
