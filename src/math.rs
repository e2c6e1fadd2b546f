//! The two functions of C's math library that the binary's dependencies
//! call — `pow` (indicatif's rate estimate) and `log2` (num-bigint's
//! conversion to decimal) — defined in the binary itself, computed by the
//! `libm` crate (the Rust port of musl's math library).
//!
//! A symbol an executable defines is the one every reference inside it binds
//! to at link time, so no undefined `pow` or `log2` is left, `--as-needed`
//! drops `libm.so.6`, and the dynamic loader no longer finds, maps and
//! relocates a library at every start for two calls that a millisecond-long
//! `dance cover` never makes: 10 of the page faults of such a run
//! (docs/design.md, "The start of a process"). `tests/start.rs` checks that
//! the binary needs no `libm.so.6`, so a dependency that starts calling
//! another libm function shows up there.
//!
//! musl's `pow` and `log2` are exact to within one unit in the last place,
//! as glibc's are; neither figure reaches an answer (a progress bar's rate,
//! the length of a buffer for a big number's digits).

/// `x` raised to the power `y`: C's `pow`.
#[unsafe(no_mangle)]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// The base-2 logarithm of `x`: C's `log2`.
#[unsafe(no_mangle)]
pub extern "C" fn log2(x: f64) -> f64 {
    libm::log2(x)
}

#[cfg(test)]
mod tests {
    /// Values exact in binary, and two that are not, against their correctly
    /// rounded results; and `f64`'s own methods, which call these symbols
    /// in this binary.
    #[test]
    fn pow_and_log2_agree_with_known_values() {
        assert_eq!(super::pow(2.0, 10.0), 1024.0);
        assert_eq!(super::pow(0.5, -3.0), 8.0);
        assert_eq!(super::pow(9.0, 0.5), 3.0);
        assert_eq!(super::pow(0.1, 2.0), 0.010000000000000002);
        assert_eq!(super::log2(1024.0), 10.0);
        assert_eq!(super::log2(0.125), -3.0);
        assert_eq!(super::log2(10.0), std::f64::consts::LOG2_10);
        assert_eq!(2f64.powf(0.5), std::f64::consts::SQRT_2);
        assert_eq!(std::f64::consts::E.log2(), std::f64::consts::LOG2_E);
        assert!(super::log2(-1.0).is_nan());
        assert_eq!(super::log2(0.0), f64::NEG_INFINITY);
    }
}
