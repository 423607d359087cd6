//! The spelling of every style: each convention as chosen, every
//! letter set within its tables.

use super::words::{Buf, Word, push_square};
use super::*;

#[test]
fn every_square_is_named_as_shakmaty_names_it() {
    for square in shakmaty::Square::ALL {
        let mut out = Vec::new();
        push_square(&mut out, square);
        assert_eq!(out, square.to_string().into_bytes());
    }
}

/// Each convention written as its choice says, in each form, for an en
/// passant capture, a capturing promotion that checks, castling long
/// and a knight's move.
#[test]
fn every_convention_is_spelled_as_chosen() {
    use crate::notation::style::Conventions;
    use crate::vocab::letters::LetterSet;
    use shakmaty::{fen::Fen, uci::UciMove};

    let fen: Fen = "r3k3/1P6/8/3pP3/8/8/8/R3K1N1 w Q d6 0 1".parse().unwrap();
    let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    let records: Vec<MoveRecord> = ["e5d6", "b7a8q", "e1c1", "g1f3"]
        .iter()
        .map(|uci| {
            let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            MoveRecord::new(&pos, mv)
        })
        .collect();
    let write = |form, letters: &str, conventions| {
        let style = Style {
            form,
            letters: LetterSet::by_code(letters).unwrap(),
            conventions,
        };
        let spelling = Spelling::new(style);
        let mut moves = Vec::new();
        for record in &records {
            let mut text = String::new();
            spelling.write_move_at(record, Some(&pos), CastlingMode::Standard, &mut text);
            moves.push(text);
        }
        moves
    };
    let pgn = Conventions::PGN;
    let classic = Conventions {
        capture: CaptureSign::Colon,
        castling: CastlingSign::Zero,
        promotion: PromotionSign::Parens,
        en_passant: EnPassantSuffix::CyrillicEp,
        ..pgn
    };
    let bare = Conventions {
        capture: CaptureSign::None,
        promotion: PromotionSign::Slash,
        en_passant: EnPassantSuffix::Ap,
        ..pgn
    };
    let nothing = Conventions {
        separator: Separator::None,
        promotion: PromotionSign::Bare,
        en_passant: EnPassantSuffix::Ep,
        ..bare
    };
    let cases = [
        (Form::San, "en", pgn, ["exd6", "bxa8=Q+", "O-O-O", "Nf3"]),
        (
            Form::Lan,
            "en",
            pgn,
            ["e5xd6", "b7xa8=Q+", "O-O-O", "Ng1-f3"],
        ),
        (Form::Uci, "ru", pgn, ["e5d6", "b7a8q", "e1c1", "g1f3"]),
        (Form::Iccf, "en", pgn, ["5546", "27181", "5131", "7163"]),
        (
            Form::Lan,
            "ru",
            classic,
            ["e5:d6 е.р.", "b7:a8(Ф)+", "0-0-0", "Кg1-f3"],
        ),
        (
            Form::San,
            "es",
            bare,
            ["ed6 a.p.", "ba8/D+", "O-O-O", "Cf3"],
        ),
        // A long-form capture with no capture sign keeps the dash,
        // unless there is none either.
        (
            Form::Lan,
            "de",
            bare,
            ["e5-d6 a.p.", "b7-a8/D+", "O-O-O", "Sg1-f3"],
        ),
        (
            Form::Lan,
            "figurine",
            nothing,
            ["e5d6 e.p.", "b7a8♕+", "O-O-O", "♘g1f3"],
        ),
    ];
    for (form, letters, conventions, expected) in cases {
        assert_eq!(
            write(form, letters, conventions),
            expected,
            "{form:?} {letters}"
        );
    }
}

/// Every letter set spells with every convention (no word is too long
/// for its table), and the longest move fits the room made for it.
#[test]
fn every_style_fits_its_tables() {
    let mut longest = 0;
    for letters in crate::vocab::letters::LETTER_SETS {
        for &(en_passant, _) in EnPassantSuffix::ALL {
            for &(promotion, _) in PromotionSign::ALL {
                for &(mate, _) in MateSign::ALL {
                    for &(capture, _) in CaptureSign::ALL {
                        let style = Style {
                            form: Form::Lan,
                            letters,
                            conventions: crate::notation::style::Conventions {
                                en_passant,
                                promotion,
                                mate,
                                capture,
                                ..crate::notation::style::Conventions::PGN
                            },
                        };
                        let s = Spelling::new(style);
                        let words = [
                            s.pieces.iter().flatten().map(|w| w.len).max().unwrap(),
                            s.capture.len.max(s.long_capture.len).max(s.long_quiet.len),
                            s.promotion_open.len + s.promotion_close.len,
                            s.checks.iter().map(|w| w.len).max().unwrap(),
                            s.en_passant.len,
                        ];
                        // Piece, sign, promotion and its piece, check and
                        // mark, and the two squares.
                        let move_len =
                            usize::from(2 * words[0] + words[1] + words[2] + words[3] + words[4])
                                + 4;
                        longest = longest.max(move_len);
                    }
                }
            }
        }
    }
    assert!(longest + Word::SIZE <= Buf::ROOM, "{longest}");
}
