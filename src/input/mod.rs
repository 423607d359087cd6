//! The first stages: bytes to text ([`decode`]: compression, encoding) and
//! text cut into games ([`split`]); documents (web pages, e-books, PDF) to
//! the text a person reads of them ([`document`]); lines ended by a
//! carriage return alone read as lines ([`line_ends`]). Nothing here knows
//! chess.

pub mod decode;
pub mod document;
pub mod line_ends;
pub mod split;
