//! Integration tests of the `sudoku` crate, one module per area.

mod dfs;
mod dlx_solver;
mod fixtures;
mod generate;
mod rate;
mod roundtrip;
mod streams;
mod traps;
mod util;
mod variants;
