//! Reading a game's text: tokens with spans ([`lexer`]), one replay of them
//! on the board ([`replay`]), the letter set told from the letters
//! ([`detect`]) and the choice among readings ([`reader`]), and what a move
//! that matched nothing may have meant ([`suggest`]).

pub mod detect;
pub mod lexer;
pub mod reader;
pub mod replay;
pub mod suggest;
