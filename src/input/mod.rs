//! The first stages: bytes to text ([`decode`]: compression, encoding) and
//! text cut into games ([`split`]). Nothing here knows chess.

pub mod decode;
pub mod split;
