//! Where the pieces of a game's main line started. Old books name a rook or
//! a knight by the wing it started on (`Q. R.`, `K. Kt.`) wherever it has
//! gone since, which the board does not keep: where such a descriptive move
//! fits two pieces, the one that started on the wing named is the one
//! meant. The main line's moves are followed from the game's start as they
//! are read, each once (a change behind them, a move taken back, has them
//! followed again from the start).

use shakmaty::san::San;
use shakmaty::{Chess, Move, Position, Role, Square};

use super::{Replayer, Side};
use crate::game::{Event, Game};
use crate::notation::algebraic::{MoveToken, ParsedMove};
use crate::notation::descriptive::{DescMove, DescTarget, Descriptive, PieceSpec, Wing};
use crate::notation::resolve::Resolved;

/// The starting square of the piece on each square of a main line's
/// position, after the first `events` of the game's events.
#[derive(Clone)]
pub(super) struct Origins {
    events: usize,
    /// How deep in side lines the events followed end.
    depth: usize,
    pos: Chess,
    start: [Option<Square>; 64],
}

impl Origins {
    /// The pieces of `pos`, each on its own starting square.
    fn at(pos: &Chess) -> Origins {
        let mut start = [None; 64];
        for square in pos.board().occupied() {
            start[usize::from(square)] = Some(square);
        }
        Origins {
            events: 0,
            depth: 0,
            pos: pos.clone(),
            start,
        }
    }

    /// Follows `events`, the game's, from where these stopped: `false`
    /// where a main-line move does not play (the events changed).
    fn follow(&mut self, events: &[Event]) -> bool {
        for event in &events[self.events.min(events.len())..] {
            self.events += 1;
            match event {
                Event::StartVariation => self.depth += 1,
                Event::EndVariation => self.depth = self.depth.saturating_sub(1),
                Event::Move(record) if self.depth == 0 => {
                    let Some(mv) = record.mv.filter(|m| self.pos.is_legal(*m)) else {
                        return false;
                    };
                    self.play(mv);
                }
                _ => {}
            }
        }
        true
    }

    /// Plays `mv`, carrying each piece's starting square with it (a
    /// promoted piece started nowhere a book names).
    fn play(&mut self, mv: Move) {
        match mv {
            Move::Castle { king, rook } => {
                let side = mv.castling_side().expect("a castling has a side");
                let rank = king.rank();
                let (k, r) = (self.take(king), self.take(rook));
                self.start[usize::from(Square::from_coords(side.king_to_file(), rank))] = k;
                self.start[usize::from(Square::from_coords(side.rook_to_file(), rank))] = r;
            }
            Move::EnPassant { from, to } => {
                self.take(Square::from_coords(to.file(), from.rank()));
                self.start[usize::from(to)] = self.take(from);
            }
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let piece = self.take(from);
                self.start[usize::from(to)] = piece.filter(|_| promotion.is_none());
            }
            Move::Put { .. } => {}
        }
        self.pos.play_unchecked(mv);
    }

    /// Follows `events` and says whether they lead to `pos`'s board.
    fn reaches(&mut self, events: &[Event], pos: &Chess) -> bool {
        self.follow(events) && self.pos.board() == pos.board() && self.pos.turn() == pos.turn()
    }

    fn take(&mut self, square: Square) -> Option<Square> {
        self.start[usize::from(square)].take()
    }

    /// Whether the piece on `square`, a rook or knight of `spec`'s naming a
    /// wing, started on that wing (any other piece fits).
    fn fits(&self, spec: &PieceSpec, square: Square) -> bool {
        let Some(wing) = spec.wing else { return true };
        if !matches!(spec.role, Role::Rook | Role::Knight) {
            return true;
        }
        self.start[usize::from(square)].is_some_and(|s| Wing::of(s.file()) == wing)
    }
}

impl Replayer<'_> {
    /// Of `moves`, the moves a descriptive `token` that names a rook or
    /// knight by its wing (`QR-KKt1`, `KKtxKt`) fits in `pos` where the
    /// pieces' places leave it ambiguous, the only one whose piece (and
    /// piece taken) started on the wing named, in the main line of a game
    /// from the standard start; `None` where not one.
    pub(super) fn by_origin(
        &self,
        pos: &Chess,
        moves: &[Move],
        token: &MoveToken,
        game: &Game,
    ) -> Option<Move> {
        let MoveToken::Descriptive {
            mv: DescMove::Piece { mover, target, .. },
            ..
        } = *token
        else {
            return None;
        };
        let taken = match target {
            DescTarget::Capture(taken) => Some(taken),
            _ => None,
        };
        let named = |spec: &PieceSpec| {
            spec.wing.is_some() && matches!(spec.role, Role::Rook | Role::Knight)
        };
        let names_one = named(&mover) || taken.is_some_and(|t| named(&t));
        if !names_one || !self.stack.is_empty() || game.from_fen {
            return None;
        }
        let mut cached = self.origins.borrow_mut();
        let origins = cached.get_or_insert_with(|| Origins::at(&game.start));
        if !origins.reaches(&game.events, pos) {
            // The events changed behind those followed: again from the start.
            *origins = Origins::at(&game.start);
            if !origins.reaches(&game.events, pos) {
                return None;
            }
        }
        let mut fitting = moves.iter().filter(|m| {
            m.from().is_some_and(|from| origins.fits(&mover, from))
                && taken.is_none_or(|t| origins.fits(&t, m.to()))
        });
        let one = *fitting.next()?;
        fitting.next().is_none().then_some(one)
    }

    /// Where a descriptive `token` names its rook or knight by a wing
    /// (`K. Kt.`) and the board's places gave `chosen` (the one on that
    /// wing's home file, or on that wing), the other move of its role that
    /// the words fit whose piece started on the wing named, in the main
    /// line of a game from the standard start: the books name a piece
    /// either way, and the reading is a choice to say. `None` where the
    /// places and the start agree.
    pub(super) fn origin_differs(
        &self,
        pos: &Chess,
        chosen: Move,
        token: &MoveToken,
        game: &Game,
    ) -> Option<Move> {
        let MoveToken::Descriptive {
            mv:
                DescMove::Piece {
                    mover,
                    target,
                    promotion,
                },
            en_passant,
        } = *token
        else {
            return None;
        };
        if mover.wing.is_none() || !matches!(mover.role, Role::Rook | Role::Knight) {
            return None;
        }
        let unwinged = Descriptive {
            mv: DescMove::Piece {
                mover: PieceSpec {
                    wing: None,
                    ..mover
                },
                target,
                promotion,
            },
            en_passant,
            check: None,
            nag: None,
        };
        let moves = crate::notation::descriptive::candidates(pos, &unwinged);
        if moves.len() < 2 {
            return None;
        }
        self.by_origin(pos, &moves, token, game)
            .filter(|&started| started != chosen)
    }

    /// Says where a descriptive move's rook or knight, named by its wing,
    /// is read by its place while another started on that wing (see
    /// [`Self::origin_differs`]): a warning naming both.
    pub(super) fn say_origin_differs(
        &self,
        word: &str,
        offset: usize,
        side: Side,
        pos: &Chess,
        (parsed, resolved): &(ParsedMove, Option<Resolved>),
        game: &mut Game,
    ) {
        let Some(resolved) = resolved else { return };
        if self.settings.descriptive.is_none() {
            return;
        }
        let Some(started) = self.origin_differs(pos, resolved.mv, &parsed.token, game) else {
            return;
        };
        let other = San::disambiguate(started, &pos.san_candidates(started.role(), started.to()));
        let read = &resolved.san;
        self.repair(
            game,
            offset,
            format!(
                "`{word}` at {side} could be {read} or {other}; read as {read}, by the pieces' \
                 places, not {other}, by where they started"
            ),
            pos,
        );
    }
}
