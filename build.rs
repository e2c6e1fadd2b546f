//! Link options of the `dance` package's binaries (`dance`, and the tests and
//! benches that link like it); the library crates and the proc-macros never
//! see them.
//!
//! On x86-64 Linux with glibc, two things come off the start of every
//! process (docs/design.md, "The start of a process"):
//!
//! * `dance` is linked at a fixed address (`-no-pie`): a position-independent
//!   binary carries some 4,500 relocations that the dynamic loader applies at
//!   every start, dirtying the pages they touch — 27 of the 153 page faults of
//!   a `dance cover` run that lasts a millisecond;
//! * the unwinder is linked in (`libgcc_eh.a`, as `-static-libgcc` does for
//!   C) rather than loaded from `libgcc_s.so.1`: one shared library fewer to
//!   find, map and relocate at every start.
//!
//! A statically linked build (`-C target-feature=+crt-static`, given in
//! `RUSTFLAGS` with `--target`, docs/benchmarks.md) is left as rustc links it:
//! it has its own unwinder, and `-no-pie` would break its static-pie start.

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
        println!("cargo:rustc-link-lib=static=gcc_eh");
    }
}
