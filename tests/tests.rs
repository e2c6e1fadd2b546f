//! End-to-end tests of the `dance` command line, one module per subcommand.

mod arguments;
mod bench;
mod contracts;
mod costs;
mod cover;
mod csv;
mod engine;
mod formats;
mod generate;
mod memo_budget;
mod modules;
mod pencilmark;
mod preprocess;
mod rate;
mod readme;
mod reliability;
mod request;
mod soak;
mod solve;
mod stops;
mod streams;
mod threads;
mod util;
mod variants;
mod wide;
mod zdd;
