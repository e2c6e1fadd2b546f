//! The contract between a caller and every search: what to find
//! ([`request`]), when to give up ([`stop`]), on how many threads
//! ([`threads`]), and what was found ([`answer`]): the work done
//! ([`stats`]), in numbers of any size ([`count`]), and the diagram of
//! every solution ([`zdd`]). It knows no engine and no goal's search.

pub mod answer;
pub mod count;
pub mod request;
pub mod stats;
pub mod stop;
pub mod threads;
pub mod zdd;
