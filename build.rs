//! Link options of the `dance` binary alone: the library crates, the tests
//! and the proc-macros never see them.
//!
//! On x86-64 Linux with glibc the binary is linked at a fixed address
//! (`-no-pie`): a position-independent one carries some 4,500 relocations
//! that the dynamic loader applies at every start, dirtying the pages they
//! touch: 27 of the 153 page faults of a `dance cover` run that lasts a
//! millisecond (docs/design.md, "The start of a process"). A statically
//! linked build (`-C target-feature=+crt-static`, given in `RUSTFLAGS` with
//! `--target`, docs/benchmarks.md) is left as rustc links it: `-no-pie`
//! would break its static-pie start.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux"
        && target("CARGO_CFG_TARGET_ENV") == "gnu"
        && target("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && !target("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|feature| feature == "crt-static")
    {
        println!("cargo:rustc-link-arg-bin=dance=-no-pie");
    }
}
