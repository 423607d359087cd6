//! Notations, reading and writing together: algebraic in any letter set
//! ([`algebraic`], with ICCF numeric), descriptive ([`descriptive`]), the
//! match of a move read against the legal moves ([`resolve`]), and the
//! styles moves are written in ([`style`], spelled by [`spelling`]).

pub mod algebraic;
pub mod descriptive;
pub mod resolve;
pub mod spelling;
pub mod style;
