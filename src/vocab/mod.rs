//! The vocabulary every stage shares, depending on shakmaty alone: the
//! letter sets and their look-alikes ([`letters`]), the signs written with
//! moves ([`signs`]), the piece names a word is written with ([`words`]),
//! the commonest words of each language's prose ([`language`]), a game's
//! heading read as tags ([`heading`]), results
//! ([`result`]) and the words of a resignation ([`resign`]), a move as
//! played ([`moves`]), the scripts no move is written in ([`scripts`]),
//! diagnostics ([`diag`]), where the text read from a document came from
//! ([`origin`]), and the hasher of the small tables keyed by short words
//! ([`hash`]).
pub mod diag;
pub mod hash;
pub mod heading;
pub mod language;
pub mod letters;
pub mod moves;
pub mod origin;
pub mod resign;
pub mod result;
pub mod scripts;
pub mod signs;
pub mod words;
