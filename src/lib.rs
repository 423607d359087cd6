//! `notate` reads chess game records in any notation, replays every move on
//! a board with [shakmaty], and writes the game out in the notation asked for.
//!
//! The way through is one pipeline, a module per stage:
//!
//! 1. [`split`]: bytes to text, cut into one game's text at a time;
//! 2. [`lexer`]: a game's text to tokens with spans;
//! 3. [`move_token`] and [`letters`]: a word to a move's parts, in any letter set;
//! 4. [`resolve`], [`replay`], [`detect`] and [`reader`]: tokens to a
//!    [`game::Game`] with every move matched against the legal moves, under
//!    the letter set the game is written in;
//! 5. [`style`] and [`printer`]: the game written in the chosen notation and
//!    format.
//!
//! [`convert`] runs the whole pipeline over a stream.

pub mod convert;
pub mod decode;
pub mod detect;
pub mod diag;
pub mod game;
pub mod letters;
pub mod lexer;
pub mod move_token;
pub mod printer;
pub mod reader;
pub mod replay;
pub mod resolve;
pub mod split;
pub mod style;
pub mod suggest;
