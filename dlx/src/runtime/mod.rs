//! Searches on several threads ([`threads`]) and the ordered stream that
//! hands their results on in order ([`ordered`]).

pub mod ordered;
pub mod threads;
