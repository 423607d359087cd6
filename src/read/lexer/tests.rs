//! The lexer's tests: the tokens of each kind of input, with their spans.

use super::*;

fn toks(text: &str) -> Vec<Tok<'_>> {
    Lexer::new(text).map(|t| t.tok).collect()
}

#[test]
fn words_after_dots_start_after_them() {
    let offsets: Vec<(Tok<'_>, usize)> = Lexer::new(" …b3 1...Nf6 ...e5")
        .map(|t| (t.tok, t.offset))
        .collect();
    assert_eq!(
        offsets,
        [
            (Tok::Word("b3"), 4),
            (
                Tok::MoveNumber {
                    number: 1,
                    black: true
                },
                7
            ),
            (Tok::Word("Nf6"), 11),
            (Tok::Word("e5"), 18),
        ]
    );
}

#[test]
fn a_vertical_tab_ends_every_word() {
    assert_eq!(
        toks("e4\x0be5\x0b*\x0b1-0\x0b"),
        [
            Tok::Word("e4"),
            Tok::Word("e5"),
            Tok::Result(GameResult::Unknown),
            Tok::Result(GameResult::WhiteWins),
        ]
    );
}

#[test]
fn tags_in_every_spacing() {
    let tag = |name, value| Tok::Tag { name, value };
    for (text, want) in [
        ("[Event \"x\"]", vec![tag("Event", "x")]),
        ("[Event \"\"]", vec![tag("Event", "")]),
        ("[Event \"a]b\"]", vec![tag("Event", "a]b")]),
        ("[ Event  \"x\" ]", vec![tag("Event", "x")]),
        ("[White \"A \\\"B\\\"\"]", vec![tag("White", "A \\\"B\\\"")]),
        ("[Event \"x\"] e4", vec![tag("Event", "x"), Tok::Word("e4")]),
        (
            "[Event \"x\"][Site \"y\"]",
            vec![tag("Event", "x"), tag("Site", "y")],
        ),
        ("[White+ \"x\"]", vec![tag("White+", "x")]),
    ] {
        assert_eq!(toks(text), want, "{text}");
    }
}

#[test]
fn pgn_structure() {
    assert_eq!(
        toks("[White \"A \\\"B\\\"\"]\n1.e4 {best} e5 (1...c5 $1) 2. Nf3!? ; x\n%esc\n1-0"),
        vec![
            Tok::Tag {
                name: "White",
                value: "A \\\"B\\\""
            },
            Tok::MoveNumber {
                number: 1,
                black: false
            },
            Tok::Word("e4"),
            Tok::Comment("best"),
            Tok::Word("e5"),
            Tok::Open,
            Tok::MoveNumber {
                number: 1,
                black: true
            },
            Tok::Word("c5"),
            Tok::Nag(1),
            Tok::Close,
            Tok::MoveNumber {
                number: 2,
                black: false
            },
            Tok::Word("Nf3!?"),
            Tok::Comment(" x"),
            Tok::Escape("esc"),
            Tok::Result(GameResult::WhiteWins),
        ]
    );
}

#[test]
fn tag_with_unescaped_quotes() {
    assert_eq!(
        toks("[White \"\"Socrates Expert\"\"]\n1. e4"),
        vec![
            Tok::Tag {
                name: "White",
                value: "\"Socrates Expert\""
            },
            Tok::MoveNumber {
                number: 1,
                black: false
            },
            Tok::Word("e4")
        ]
    );
}

#[test]
fn scoresheet_forms() {
    assert_eq!(
        toks("1) e8(Q) 11.Rb1(=) ± = 1:0"),
        vec![
            Tok::MoveNumber {
                number: 1,
                black: false
            },
            Tok::Word("e8(Q)"),
            Tok::MoveNumber {
                number: 11,
                black: false
            },
            Tok::Word("Rb1"),
            Tok::DrawOffer,
            Tok::Nag(16),
            Tok::Nag(10),
            Tok::Result(GameResult::WhiteWins),
        ]
    );
    assert_eq!(
        toks("e4 (1. d4)"),
        vec![
            Tok::Word("e4"),
            Tok::Open,
            Tok::MoveNumber {
                number: 1,
                black: false
            },
            Tok::Word("d4"),
            Tok::Close
        ]
    );
}

#[test]
fn castling_with_zeros_is_not_a_move_number() {
    assert_eq!(
        toks("10. 0-0 0-0-0"),
        vec![
            Tok::MoveNumber {
                number: 10,
                black: false
            },
            Tok::Word("0-0"),
            Tok::Word("0-0-0")
        ]
    );
}

#[test]
fn black_ellipsis_and_bom() {
    assert_eq!(
        toks("\u{feff}3... Nf6 …e5"),
        vec![
            Tok::MoveNumber {
                number: 3,
                black: true
            },
            Tok::Word("Nf6"),
            Tok::Word("e5")
        ]
    );
}

#[test]
fn unterminated_comment() {
    assert_eq!(
        toks("e4 { open"),
        vec![Tok::Word("e4"), Tok::UnterminatedComment(" open")]
    );
}

#[test]
fn numbers_as_pages_type_them() {
    let number = |number| Tok::MoveNumber {
        number,
        black: false,
    };
    assert_eq!(toks("14,Tc2"), [number(14), Tok::Word("Tc2")]);
    assert_eq!(toks("21Bd2"), [number(21), Tok::Word("Bd2")]);
    assert_eq!(toks("1/ c4"), [number(1), Tok::Word("c4")]);
    let black = Tok::MoveNumber {
        number: 1,
        black: true,
    };
    assert_eq!(toks("1/ ... - c5"), [black, Tok::Word("c5")]);
    assert_eq!(toks("12/Cxd5"), [number(12), Tok::Word("Cxd5")]);
    assert_eq!(
        toks("１．ｅ４ ２…Ｎｆ６"),
        [
            number(1),
            Tok::Word("ｅ４"),
            Tok::MoveNumber {
                number: 2,
                black: true
            },
            Tok::Word("Ｎｆ６")
        ]
    );
    // What must not change: a scan's letters for digits, ICCF, prose.
    assert_eq!(toks("1O."), [Tok::Word("1O.")]);
    assert_eq!(toks("5254"), [Tok::Word("5254")]);
    assert_eq!(toks("12,5"), [Tok::Word("12,5")]);
    assert_eq!(toks("1990, I"), [Tok::Word("1990,"), Tok::Word("I")]);
    assert_eq!(toks("2I"), [Tok::Word("2I")]);
    assert_eq!(toks("19A"), [Tok::Word("19A")]);
}

#[test]
fn results_as_pages_type_them() {
    let draw = Tok::Result(GameResult::Draw);
    for text in ["0.5-0.5", "½:½", "½–½", "1/2:1/2", "1/2"] {
        assert_eq!(toks(text), [draw], "{text}");
    }
    assert_eq!(toks("1–0."), [Tok::Result(GameResult::WhiteWins)]);
    assert_eq!(toks("0:1"), [Tok::Result(GameResult::BlackWins)]);
    // `1/2` before more on its line is no result; castling is none.
    assert_ne!(toks("1/2 Punkt")[0], draw);
    assert_eq!(toks("0-0"), [Tok::Word("0-0")]);
    assert_eq!(toks("0–0–0"), [Tok::Word("0–0–0")]);
}

#[test]
fn a_semicolon_glued_to_a_move_separates() {
    assert_eq!(
        toks("(3/ ... fxe4; 4/ Cxe4;) Cf6; x"),
        [
            Tok::Open,
            Tok::MoveNumber {
                number: 3,
                black: true
            },
            Tok::Word("fxe4"),
            Tok::MoveNumber {
                number: 4,
                black: false
            },
            Tok::Word("Cxe4"),
            Tok::Close,
            Tok::Word("Cf6"),
            Tok::Word("x"),
        ]
    );
    // Or standing apart before a numbered move.
    assert_eq!(
        toks("e7-e6 ; 2.d2-d4"),
        [
            Tok::Word("e7-e6"),
            Tok::MoveNumber {
                number: 2,
                black: false
            },
            Tok::Word("d2-d4")
        ]
    );
    // Else, standing apart, it starts a comment to the end of the line.
    assert_eq!(
        toks("e4 ; a comment\ne5"),
        [Tok::Word("e4"), Tok::Comment(" a comment"), Tok::Word("e5")]
    );
}

#[test]
fn a_dash_for_whites_move_given_before() {
    let black = |number| Tok::MoveNumber {
        number,
        black: true,
    };
    assert_eq!(toks("13.-, e5!"), [black(13), Tok::Word("e5!")]);
    assert_eq!(toks("13. — e5"), [black(13), Tok::Word("e5")]);
    // A dash after a move is no number's: `5) 0-0 - gxf3`.
    assert_eq!(
        toks("5) 0-0 - gxf3"),
        [
            Tok::MoveNumber {
                number: 5,
                black: false
            },
            Tok::Word("0-0"),
            Tok::Word("-"),
            Tok::Word("gxf3")
        ]
    );
    // A sentence's stop with the next number glued on: `útok.6)`.
    assert_eq!(
        toks("útok.6) Dxf3"),
        [
            Tok::Word("útok."),
            Tok::MoveNumber {
                number: 6,
                black: false
            },
            Tok::Word("Dxf3")
        ]
    );
    assert_eq!(toks("e4.6)")[0], Tok::Word("e4.6"));
}

#[test]
fn prose_in_cyrillic_run_against_moves_parts_from_them() {
    let words =
        |text: &str| -> Vec<String> { toks(text).iter().map(|t| format!("{t:?}")).collect() };
    assert_eq!(
        toks("Be7вполне")[..2],
        [Tok::Word("Be7"), Tok::Word("вполне")]
    );
    assert_eq!(toks("ход3...Bc5")[0], Tok::Word("ход"));
    assert_eq!(toks("d4...возникает")[0], Tok::Word("d4..."));
    // A Russian move's own lower-case letters stay with it.
    for word in ["Кf3хе5", "Крe2", "exd6е.п.", "Ιζ3", "Лd1:d6", "Qd5и"] {
        assert_eq!(words(word).len(), 1, "{word}: {:?}", words(word));
    }
}

#[test]
fn a_number_glued_after_a_word() {
    // A page's link run into the list of moves after it.
    assert_eq!(
        toks("Bearbeiten1. e2-e4"),
        [
            Tok::Word("Bearbeiten"),
            Tok::MoveNumber {
                number: 1,
                black: false
            },
            Tok::Word("e2-e4")
        ]
    );
    assert_eq!(toks("Partie12. Sf3")[0], Tok::Word("Partie"));
    // A move with a full stop after it ends in a square, not a number.
    for word in [
        "Jxe4.", "Sbe1.", "dxe5.", "Nf6.", "Kb1.", "e4.", "1.", "ll1.", "lO1.",
    ] {
        assert_ne!(
            toks(word).first(),
            Some(&Tok::Word(&word[..word.len() - 2])),
            "{word}"
        );
    }
    assert_eq!(toks("Jxe4.")[0], Tok::Word("Jxe4."));
    // A move's rank with the next number glued on is the move's, whole:
    // the replayer parts them where the board says.
    for word in ["Nxd412.", "Nge711.", "Rad13.", "exd45."] {
        assert_eq!(toks(word)[0], Tok::Word(word), "{word}");
    }
}

#[test]
fn a_numbered_move_glued_after_a_stop() {
    let five = Tok::MoveNumber {
        number: 5,
        black: false,
    };
    assert_eq!(
        toks("il Cc3.5.cxd5Nxd56.Nf3"),
        [
            Tok::Word("il"),
            Tok::Word("Cc3."),
            five,
            Tok::Word("cxd5Nxd56.Nf3")
        ]
    );
    // Dates and moves run together are not cut there.
    assert_eq!(
        toks("17.11.2020")[0],
        Tok::MoveNumber {
            number: 17,
            black: false
        }
    );
    assert_eq!(toks("Nf62.c4"), [Tok::Word("Nf62.c4")]);
    assert_eq!(toks("d4Nf62.c4b63.Nc3"), [Tok::Word("d4Nf62.c4b63.Nc3")]);
    assert_eq!(
        toks("all'Alfiere.c610.Bd3"),
        [Tok::Word("all'Alfiere."), Tok::Word("c610.Bd3")]
    );
}

/// An ellipsis standing apart after a number says Black moves, as three
/// dots do (`3 … a6`, a page's typography); it was taken for a dash
/// standing for White's move, which it is not, and the number read as
/// White's.
#[test]
fn an_ellipsis_apart_after_a_number_is_blacks() {
    let black = Tok::MoveNumber {
        number: 3,
        black: true,
    };
    for text in ["3 … a6", "3. … a6", "3. ... a6", "3. — a6"] {
        assert_eq!(toks(text), vec![black, Tok::Word("a6")], "{text}");
    }
}

#[test]
fn a_script_no_move_is_written_in_ends_a_word() {
    assert_eq!(
        toks("ただd4と打つ。 Nf3这是 白ange e4 Кр1"),
        [
            Tok::Word("ただ"),
            Tok::Word("d4"),
            Tok::Word("と打つ。"),
            Tok::Word("Nf3"),
            Tok::Word("这是"),
            Tok::Word("白"),
            Tok::Word("ange"),
            Tok::Word("e4"),
            Tok::Word("Кр1"),
        ]
    );
}

#[test]
fn tags_in_typographic_quotes() {
    assert_eq!(
        toks("[White “Bob”]\n[Site «Oslo»]\n[Event ”(XI)”]\n[Note “a]b”]"),
        [
            Tok::Tag {
                name: "White",
                value: "Bob"
            },
            Tok::Tag {
                name: "Site",
                value: "Oslo"
            },
            Tok::Tag {
                name: "Event",
                value: "(XI)"
            },
            Tok::BrokenTag("[Note “a]b”]"),
        ]
    );
}

#[test]
fn a_position_in_fen_is_one_comment() {
    let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
    assert_eq!(
        toks(&format!("As here: {fen}\n1. e4")),
        vec![
            Tok::Word("As"),
            Tok::Word("here:"),
            Tok::Comment(fen),
            Tok::MoveNumber {
                number: 1,
                black: false
            },
            Tok::Word("e4"),
        ]
    );
}
