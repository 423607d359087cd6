//! The one place where a written move meets the board.
//!
//! [`resolve`] matches a [`MoveToken`] against the legal moves of a position
//! (shakmaty generates them; nothing here decides legality) and returns the
//! unique move it names, with its minimal SAN, or says why there is none.

use shakmaty::{
    CastlingMode, CastlingSide, Chess, Move, MoveList, Position, Role, Square, san::San,
};

use crate::notation::algebraic::{MoveToken, ParsedMove, Target};

/// A token matched to exactly one legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    pub mv: Move,
    /// The move's SAN with the disambiguation the position requires.
    pub san: San,
}

/// Why a token names no unique legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal move matches.
    Illegal,
    /// Several legal moves match; they are listed.
    Ambiguous(Vec<Move>),
    /// A null move cannot be replayed in standard chess.
    Null,
}

/// The legal move a descriptive move names: all the readings of an
/// ambiguous one are listed.
fn descriptive(
    pos: &Chess,
    mv: crate::notation::descriptive::DescMove,
    en_passant: bool,
) -> Result<Resolved, ResolveError> {
    match mv {
        crate::notation::descriptive::DescMove::Castle(side) => return castle(pos, side),
        // The side not written: the one the board allows, the king's first.
        crate::notation::descriptive::DescMove::CastleEither => {
            return castle(pos, CastlingSide::KingSide)
                .or_else(|_| castle(pos, CastlingSide::QueenSide));
        }
        crate::notation::descriptive::DescMove::Piece { .. } => {}
    }
    use crate::notation::descriptive::{DescResolveError, Descriptive};
    let d = Descriptive {
        mv,
        en_passant,
        check: None,
        nag: None,
    };
    match crate::notation::descriptive::resolve(pos, &d) {
        Ok(mv) => Ok(Resolved {
            mv,
            san: minimal_san(mv, &pos.san_candidates(mv.role(), mv.to())),
        }),
        Err(DescResolveError::Illegal) => Err(ResolveError::Illegal),
        Err(DescResolveError::Ambiguous(moves)) => Err(ResolveError::Ambiguous(moves)),
    }
}

/// The plainest of a word's readings that names a legal move (readings
/// come plainest first, see [`ParsedMove::readings`]): that reading and its
/// move, `None` for a null move. Where none does, the first reading's error.
#[inline]
pub fn first_legal(
    pos: &Chess,
    readings: &[ParsedMove],
) -> Result<(ParsedMove, Option<Resolved>), ResolveError> {
    let mut first_error = None;
    for reading in readings {
        match resolve(pos, &reading.token) {
            Ok(resolved) => return Ok((*reading, Some(resolved))),
            Err(ResolveError::Null) => return Ok((*reading, None)),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or(ResolveError::Illegal))
}

/// The one move a word's readings name in `pos`: the first legal reading
/// and its move, where every other legal reading names that same move;
/// `None` where none is legal or two name different moves (a null move is
/// none).
pub fn unique_legal(pos: &Chess, readings: &[ParsedMove]) -> Option<(ParsedMove, Resolved)> {
    let mut legal = readings
        .iter()
        .filter_map(|r| Some((*r, resolve(pos, &r.token).ok()?)));
    let first = legal.next()?;
    legal
        .all(|(_, other)| other.mv == first.1.mv)
        .then_some(first)
}

/// Finds the legal move `token` names in `pos`.
pub fn resolve(pos: &Chess, token: &MoveToken) -> Result<Resolved, ResolveError> {
    match *token {
        MoveToken::Null => Err(ResolveError::Null),
        MoveToken::Castle(side) => castle(pos, side),
        MoveToken::Descriptive { mv, en_passant } => descriptive(pos, mv, en_passant),
        MoveToken::Normal {
            role,
            from_file,
            from_rank,
            to,
            promotion,
            capture: _,
        } => {
            let Some(role) = role_of(pos, role, from_file, from_rank) else {
                return Err(ResolveError::Illegal);
            };
            let candidates = candidates(pos, role, to);
            let fits = |m: &Move| fits(m, from_file, from_rank, promotion);
            match pick(&candidates, fits) {
                Pick::One(mv) => Ok(Resolved {
                    mv,
                    san: san_among(mv, &candidates),
                }),
                Pick::Several => Err(ResolveError::Ambiguous(
                    candidates.iter().copied().filter(fits).collect(),
                )),
                Pick::None if role == Role::King && from_file.is_some() && from_rank.is_some() => {
                    king_move_castle(pos, from_file, from_rank, to)
                }
                Pick::None => Err(ResolveError::Illegal),
            }
        }
    }
}

/// [`resolve`] where only a unique move matters: `None` for an illegal or
/// ambiguous token, with no list of the moves it fits built. Inlined into
/// the plain lane's loop: the common token, a piece or pawn to a square,
/// is matched there and its answer kept in registers; others go the whole
/// way.
#[inline(always)]
pub(crate) fn resolve_unique(pos: &Chess, token: &MoveToken) -> Option<Resolved> {
    match *token {
        MoveToken::Normal {
            role,
            from_file,
            from_rank,
            to: to @ Target::Square(_),
            promotion,
            capture: _,
        } => {
            // With no letter, a full origin square names its piece
            // (`e2-e4`, `g1f3`), as in `resolve`.
            let role = role_of(pos, role, from_file, from_rank)?;
            let candidates = candidates(pos, role, to);
            match pick(&candidates, |m| fits(m, from_file, from_rank, promotion)) {
                Pick::One(mv) => Some(Resolved {
                    mv,
                    san: san_among(mv, &candidates),
                }),
                // A king's move that fits none may still be castling.
                Pick::None if role == Role::King => resolve(pos, token).ok(),
                Pick::None | Pick::Several => None,
            }
        }
        _ => resolve(pos, token).ok(),
    }
}

/// The role a token's move is made with: its letter; with none, whatever
/// stands on a full origin square it names (`None` if nothing does); else a
/// pawn. Inlined: the plain lane asks it for every move, and where the
/// compiler left it a call, the SAN read took 0.9% more instructions.
#[inline(always)]
fn role_of(
    pos: &Chess,
    role: Option<Role>,
    from_file: Option<shakmaty::File>,
    from_rank: Option<shakmaty::Rank>,
) -> Option<Role> {
    match (role, from_file, from_rank) {
        (Some(role), _, _) => Some(role),
        (None, Some(f), Some(r)) => pos.board().role_at(Square::from_coords(f, r)),
        (None, _, _) => Some(Role::Pawn),
    }
}

/// The legal moves of `role` to `to`: shakmaty's SAN candidates, or for a
/// target file (`ed`), the pawn captures onto it.
#[inline(always)]
fn candidates(pos: &Chess, role: Role, to: Target) -> MoveList {
    match to {
        Target::Square(to) => pos.san_candidates(role, to),
        Target::File(file) => {
            let mut moves = pos.capture_moves();
            moves.retain(|m| m.role() == Role::Pawn && m.to().file() == file);
            moves
        }
    }
}

/// Whether a candidate leaves from the origin a token names, as far as it
/// names one, and promotes as the token says.
#[inline(always)]
fn fits(
    m: &Move,
    from_file: Option<shakmaty::File>,
    from_rank: Option<shakmaty::Rank>,
    promotion: Option<Role>,
) -> bool {
    m.from().is_some_and(|from| {
        from_file.is_none_or(|f| f == from.file())
            && from_rank.is_none_or(|r| r == from.rank())
            && m.promotion() == promotion
    })
}

/// How many candidates a token fits.
#[derive(Clone, Copy)]
enum Pick {
    None,
    One(Move),
    Several,
}

/// Walks the candidates once. The move found is read whole only after the
/// walk: the list was just copied into place by shakmaty, and a wide load
/// of a move inside the walk waits on that copy's stores (measured: 4% of
/// a long-algebraic conversion's time at that one load).
#[inline(always)]
fn pick(candidates: &MoveList, fits: impl Fn(&Move) -> bool) -> Pick {
    let mut found = None;
    for (i, m) in candidates.iter().enumerate() {
        if fits(m) {
            if found.is_some() {
                return Pick::Several;
            }
            found = Some(i);
        }
    }
    found.map_or(Pick::None, |i| Pick::One(candidates[i]))
}

/// The SAN of `mv` among the legal `candidates` that share its role and
/// destination: shakmaty's disambiguation, short-cut for the usual case of
/// a move no other can be confused with.
#[inline]
pub fn minimal_san(mv: Move, candidates: &MoveList) -> San {
    match candidates.as_slice() {
        [only] if *only == mv => san_among(mv, candidates),
        _ => San::disambiguate(mv, candidates),
    }
}

/// [`minimal_san`] for a move known to be one of the `candidates`: when it
/// is the only one, no move is compared.
#[inline(always)]
fn san_among(mv: Move, candidates: &MoveList) -> San {
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } if candidates.len() == 1 => San::Normal {
            role,
            // A pawn's capture always names the file it leaves.
            file: (role == Role::Pawn && capture.is_some()).then(|| from.file()),
            rank: None,
            capture: capture.is_some(),
            to,
            promotion,
        },
        _ => San::disambiguate(mv, candidates),
    }
}

fn castle(pos: &Chess, side: CastlingSide) -> Result<Resolved, ResolveError> {
    pos.castling_moves(side)
        .first()
        .map(|&mv| Resolved {
            mv,
            san: San::Castle(side),
        })
        .ok_or(ResolveError::Illegal)
}

/// Castling written as the king's move from its square: `e1g1` (standard
/// chess only), `e1h1` (king takes rook, as UCI writes Chess960 castling),
/// `Ke1-g1`.
fn king_move_castle(
    pos: &Chess,
    from_file: Option<shakmaty::File>,
    from_rank: Option<shakmaty::Rank>,
    to: Target,
) -> Result<Resolved, ResolveError> {
    let Target::Square(to) = to else {
        return Err(ResolveError::Illegal);
    };
    let standard = pos.castles().mode() == CastlingMode::Standard;
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        for &mv in &pos.castling_moves(side) {
            let Move::Castle { king, rook } = mv else {
                continue;
            };
            let king_to = Square::from_coords(side.king_to_file(), king.rank());
            let to_matches = to == rook || (standard && to == king_to);
            if to_matches
                && from_file.is_none_or(|f| f == king.file())
                && from_rank.is_none_or(|r| r == king.rank())
            {
                return Ok(Resolved {
                    mv,
                    san: San::Castle(side),
                });
            }
        }
    }
    Err(ResolveError::Illegal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::algebraic::{Alphabet, ParsedMove};
    use crate::vocab::letters::ENGLISH;
    use shakmaty::{fen::Fen, uci::UciMove};

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    fn uci(pos: &Chess, text: &str) -> Result<String, ResolveError> {
        let parsed = ParsedMove::parse(text, &Alphabet::new(&[&ENGLISH])).unwrap();
        resolve(pos, &parsed.token).map(|r| UciMove::from_standard(r.mv).to_string())
    }

    #[test]
    fn every_form_of_one_move() {
        let start = Chess::default();
        for text in ["Nf3", "Ng1f3", "Ng1-f3", "g1f3", "Ngf3", "N1f3", "Ng1xf3"] {
            assert_eq!(uci(&start, text).unwrap(), "g1f3", "{text}");
        }
        assert_eq!(uci(&start, "e2e4").unwrap(), "e2e4");
        assert_eq!(uci(&start, "e4").unwrap(), "e2e4");
        assert_eq!(uci(&start, "Nf4"), Err(ResolveError::Illegal));
    }

    #[test]
    fn minimal_san_agrees_with_shakmaty() {
        // Promotions with and without capture, pawn captures, pieces that
        // need a file, a rank or both, en passant, a pinned knight.
        for fen in [
            "r3k2r/1P4P1/8/3pP3/8/2N1N3/8/R3K2R w KQkq d6 0 1",
            "7k/8/8/1Q1Q4/8/1Q6/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/4n3/R3K2R b KQ - 0 1",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
        ] {
            let p = pos(fen);
            let moves = p.legal_moves();
            for &mv in &moves {
                let candidates = p.san_candidates(mv.role(), mv.to());
                let expected = San::disambiguate(mv, &candidates);
                assert_eq!(minimal_san(mv, &candidates), expected, "{fen} {mv:?}");
                assert_eq!(san_among(mv, &candidates), expected, "{fen} {mv:?}");
                // Against a list of one other move, the short cut is not taken.
                for &other in &moves {
                    let list: MoveList = [other].into_iter().collect();
                    if other != mv {
                        assert_eq!(
                            minimal_san(mv, &list),
                            San::disambiguate(mv, &list),
                            "{fen} {mv:?} {other:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn castling_as_king_move() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for text in ["O-O", "e1g1", "e1h1", "Ke1g1", "0-0"] {
            assert_eq!(uci(&p, text).unwrap(), "e1g1", "{text}");
        }
        assert_eq!(uci(&p, "e1c1").unwrap(), "e1c1");
    }

    #[test]
    fn ambiguity_lists_the_moves() {
        let p = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        match uci(&p, "Rf1") {
            Err(ResolveError::Ambiguous(moves)) => assert_eq!(moves.len(), 2),
            other => panic!("{other:?}"),
        }
        assert_eq!(uci(&p, "Rhf1").unwrap(), "h1f1");
    }

    /// The plain lane's short way agrees with the whole one: the same move
    /// where the token names one, nothing where it names none or several.
    #[test]
    fn resolve_unique_agrees_with_resolve() {
        let alphabet = Alphabet::new(&[&ENGLISH]);
        for fen in [
            "r3k2r/1P4P1/8/3pP3/8/2N1N3/8/R3K2R w KQkq d6 0 1",
            "7k/8/8/1Q1Q4/8/1Q6/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/4K3/R6R w - - 0 1",
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        ] {
            let p = pos(fen);
            let mut texts: Vec<String> = p
                .legal_moves()
                .iter()
                .flat_map(|&mv| {
                    let uci = UciMove::from_standard(mv).to_string();
                    [San::from_move(&p, mv).to_string(), uci]
                })
                .collect();
            // Illegal, ambiguous, by file, castling as the king's move, from
            // an empty square, a piece's move with no letter.
            texts.extend(
                [
                    "Nf4", "Rf1", "Qc4", "ed", "e1g1", "Ke1g1", "e8=K", "e1c1", "a4a5", "c3-e4",
                ]
                .map(String::from),
            );
            for text in texts {
                let Ok(parsed) = ParsedMove::parse(&text, &alphabet) else {
                    continue;
                };
                assert_eq!(
                    resolve_unique(&p, &parsed.token),
                    resolve(&p, &parsed.token).ok(),
                    "{fen} {text}"
                );
            }
        }
    }

    #[test]
    fn pawn_capture_by_files() {
        let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(uci(&p, "ed").unwrap(), "e4d5");
        assert_eq!(uci(&p, "ef"), Err(ResolveError::Illegal));
    }

    #[test]
    fn promotion_must_be_named() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(uci(&p, "e8"), Err(ResolveError::Illegal));
        assert_eq!(uci(&p, "e8=N").unwrap(), "e7e8n");
    }
}
