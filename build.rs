//! Link options of the `dance` binary alone: the library crates, the tests
//! and the proc-macros never see them.
//!
//! On x86-64 Linux with glibc the binary is linked at a fixed address
//! (`-no-pie`): a position-independent one carries some 4,500 relocations
//! that the dynamic loader applies at every start, dirtying the pages they
//! touch — a fifth of the start of a `dance cover` run that lasts a
//! millisecond (docs/design.md, "The start of a process").

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux"
        && target("CARGO_CFG_TARGET_ENV") == "gnu"
        && target("CARGO_CFG_TARGET_ARCH") == "x86_64"
    {
        println!("cargo:rustc-link-arg-bin=dance=-no-pie");
    }
}
