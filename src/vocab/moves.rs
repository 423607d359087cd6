//! A move as played: the [`MoveRecord`] every notation writes from, the
//! [`Check`] it gives found on the board, and playing it (or a null move).

use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, san::San, uci::UciMove,
};

/// The check a move gives, computed on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Check,
    /// Two pieces give check at once.
    DoubleCheck,
    Mate,
}

/// Which moves have the check they give found on the board while a game
/// is read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Checks {
    /// Every move: [`MoveRecord::check`] is always the board's answer.
    #[default]
    All,
    /// Only the moves written with a check or mate sign, whose sign is
    /// checked against the board; every other move carries `None`. For
    /// output that never shows check (UCI, ICCF, EPD): it spares a look
    /// for checkers, after every move, that nothing would use.
    Written,
}

/// One move, resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRecord {
    /// The move; `None` for a null move (`--`, a pass used in analysis).
    pub mv: Option<Move>,
    /// Minimal SAN in the position before the move.
    pub san: San,
    /// The check the move gives. `None` also for a move written without a
    /// check sign when the game was read with [`Checks::Written`].
    pub check: Option<Check>,
    /// Who moved.
    pub color: Color,
    /// The full move number of the move.
    pub number: u32,
}

impl MoveRecord {
    /// The record of `mv`, a legal move in `pos`: its minimal SAN there,
    /// the check it gives, who makes it and its number.
    ///
    /// ```
    /// use notate::game::{Check, MoveRecord};
    /// use shakmaty::{Chess, Position, Square, uci::UciMove};
    ///
    /// let pos = Chess::default();
    /// let mv = UciMove::from_ascii(b"g1f3").unwrap().to_move(&pos).unwrap();
    /// let record = MoveRecord::new(&pos, mv);
    /// assert_eq!(record.san.to_string(), "Nf3");
    /// assert_eq!((record.number, record.check), (1, None));
    /// ```
    pub fn new(pos: &Chess, mv: Move) -> MoveRecord {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        MoveRecord {
            mv: Some(mv),
            san: San::disambiguate(mv, &pos.san_candidates(mv.role(), mv.to())),
            check: check_of(&after),
            color: pos.turn(),
            number: pos.fullmoves().get(),
        }
    }

    /// The move in UCI (`0000` for a null move).
    pub fn uci(&self, mode: CastlingMode) -> UciMove {
        match self.mv {
            Some(m) => m.to_uci(mode),
            None => UciMove::Null,
        }
    }
}

/// The check a position's side to move is in.
pub fn check_of(pos: &Chess) -> Option<Check> {
    check_short_of_mate(pos).map(|check| {
        if pos.legal_moves().is_empty() {
            Check::Mate
        } else {
            check
        }
    })
}

/// [`check_of`] short of its costly look for a legal move, for a position
/// some legal move is known to follow, which is no mate: whether the side
/// to move is in check, and by how many pieces.
#[inline]
pub(crate) fn check_short_of_mate(pos: &Chess) -> Option<Check> {
    // Not `count`: without a popcount instruction in the target's
    // baseline, a count is a dozen instructions, and two is enough. The
    // checkers are what `Position::checkers` finds for standard chess,
    // asked of the board's `attacks_to`, which is marked to be inlined
    // where `checkers` itself is only where the compiler chooses.
    let board = pos.board();
    let king = (board.kings() & board.by_color(pos.turn())).first()?;
    let checkers = board.attacks_to(king, !pos.turn(), board.occupied());
    if checkers.is_empty() {
        None
    } else if checkers.more_than_one() {
        Some(Check::DoubleCheck)
    } else {
        Some(Check::Check)
    }
}

/// Plays `record` on `pos`: its move, or for a null move a pass. `None`
/// where the move is not legal in `pos`, or a pass is impossible (the side
/// to move is in check).
pub fn play(pos: &Chess, record: &MoveRecord) -> Option<Chess> {
    match record.mv {
        Some(m) if !pos.is_legal(m) => None,
        Some(m) => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            Some(after)
        }
        None => pass(pos),
    }
}

/// A null move: the other side moves, the clocks run on, and after Black's
/// pass the move number goes up as after any Black move. `None` where the
/// side to move is in check.
pub fn pass(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    Chess::from_setup(setup, pos.castles().mode()).ok()
}
