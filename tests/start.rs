//! What the start of a `dance` process loads (docs/design.md, "The start of
//! a process"): on x86-64 Linux with glibc the binary needs the C library
//! (and the loader, which is there anyway) and nothing else — not
//! `libgcc_s.so.1` (the unwinder is linked in, `build.rs`) and not
//! `libm.so.6` (`pow` and `log2` are served in the binary, `src/math.rs`).
//! A dependency that starts calling another function of C's math library
//! brings `libm.so.6` back, and this test says so.

/// The shared libraries an ELF executable names as needed (`DT_NEEDED`), read
/// from its dynamic section (none without one); `None` if the file is not a
/// 64-bit little-endian ELF file, or one this reader cannot follow.
fn needed_libraries(elf: &[u8]) -> Option<Vec<String>> {
    let u16_at = |at: usize| Some(u16::from_le_bytes(elf.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_le_bytes(elf.get(at..at + 4)?.try_into().ok()?));
    let u64_at = |at: usize| Some(u64::from_le_bytes(elf.get(at..at + 8)?.try_into().ok()?));
    if elf.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    // Program headers: (type, file offset, address, size in the file).
    let (table, size, count) = (u64_at(0x20)?, u16_at(0x36)?, u16_at(0x38)?);
    let headers: Vec<(u32, u64, u64, u64)> = (0..u64::from(count))
        .map(|index| {
            let at = usize::try_from(table + index * u64::from(size)).ok()?;
            Some((
                u32_at(at)?,
                u64_at(at + 8)?,
                u64_at(at + 16)?,
                u64_at(at + 32)?,
            ))
        })
        .collect::<Option<_>>()?;
    const LOAD: u32 = 1;
    const DYNAMIC: u32 = 2;
    let file_offset = |address: u64| {
        headers
            .iter()
            .find(|&&(kind, _, start, size)| {
                kind == LOAD && (start..start + size).contains(&address)
            })
            .map(|&(_, offset, start, _)| address - start + offset)
    };
    // A statically linked executable has no dynamic section: it needs nothing.
    let Some(&(_, dynamic, _, dynamic_size)) = headers.iter().find(|header| header.0 == DYNAMIC)
    else {
        return Some(Vec::new());
    };
    // Dynamic entries: (tag, value) pairs up to DT_NULL.
    let entries: Vec<(u64, u64)> = (dynamic..dynamic + dynamic_size)
        .step_by(16)
        .map(|at| {
            Some((
                u64_at(usize::try_from(at).ok()?)?,
                u64_at(usize::try_from(at + 8).ok()?)?,
            ))
        })
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .take_while(|&(tag, _)| tag != 0)
        .collect();
    const NEEDED: u64 = 1;
    const STRING_TABLE: u64 = 5;
    let strings = file_offset(entries.iter().find(|entry| entry.0 == STRING_TABLE)?.1)?;
    entries
        .iter()
        .filter(|entry| entry.0 == NEEDED)
        .map(|&(_, name)| {
            let start = usize::try_from(strings + name).ok()?;
            let length = elf.get(start..)?.iter().position(|&byte| byte == 0)?;
            Some(String::from_utf8_lossy(&elf[start..start + length]).into_owned())
        })
        .collect()
}

#[cfg(all(target_os = "linux", target_env = "gnu", target_arch = "x86_64"))]
#[test]
fn the_binary_needs_the_c_library_alone() {
    let binary = std::fs::read(env!("CARGO_BIN_EXE_dance")).expect("the dance binary is built");
    let needed = needed_libraries(&binary).expect("a 64-bit little-endian ELF executable");
    // A statically linked build (`crt-static`) needs nothing at all; the
    // loader is named when thread-locals are reached through it (a debug
    // build), at no cost: it is the program's interpreter.
    let expected = ["libc.so.6", "ld-linux-x86-64.so.2"];
    assert!(
        needed
            .iter()
            .all(|library| expected.contains(&library.as_str())),
        "dance needs {needed:?}; only {expected:?} were expected"
    );
}

/// The reader itself: this test's own executable needs the C library, and a
/// file that is not ELF has no libraries to read.
#[cfg(all(target_os = "linux", target_env = "gnu", target_arch = "x86_64"))]
#[test]
fn the_reader_finds_the_libraries_a_test_binary_needs() {
    let test = std::fs::read(std::env::current_exe().expect("the test's path")).expect("readable");
    let needed = needed_libraries(&test).expect("a 64-bit little-endian ELF executable");
    assert!(
        needed.iter().any(|library| library == "libc.so.6"),
        "{needed:?}"
    );
    assert!(needed_libraries(b"#!/bin/sh\n").is_none());
}
