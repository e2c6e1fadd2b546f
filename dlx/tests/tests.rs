//! Integration tests of the dlx engine, one module per area.

mod brute_force;
mod costs;
mod known_counts;
mod memo;
mod multiplicities;
mod preprocess;
mod roundtrip;
mod seeded;
mod selection;
mod text_format;
mod threads;
mod trees;
mod util;
mod zdd;
