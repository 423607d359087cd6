//! The first stages: bytes to text ([`decode`]: compression, encoding) and
//! text cut into games ([`split`]); documents (web pages, e-books, PDF) to
//! the text a person reads of them ([`document`]). Nothing here knows chess.

pub mod decode;
pub mod document;
pub mod split;
