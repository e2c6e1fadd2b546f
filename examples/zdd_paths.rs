//! Reads a ZDD in DLX6's text format on stdin (DLX6's own output, or
//! `dance cover --zdd`'s) with the library's reader and prints the number
//! of its paths to the 1 sink (the number of solutions it holds), then its
//! size in nodes once reduced. Used by benches/vs_dlx6.sh to check DLX6's
//! diagram against dance's count and to size it reduced.

use std::io::Read;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text)?;
    let zdd: dance_dlx::Zdd = text.parse()?;
    println!("{} {}", zdd.count(), zdd.node_count());
    Ok(())
}
