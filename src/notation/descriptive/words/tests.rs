//! The words of old books' moves, read one by one: moves, promotions,
//! castling's sides, a piece's square in brackets.

use super::Reading;

/// The abbreviated form of the worded move `text`, its words taken as
/// far as they go on with it.
fn abbreviated(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut reading = Reading::new(words[0])?;
    for (i, word) in words.iter().enumerate().skip(1) {
        if !reading.take(word, words.get(i + 1).copied()) {
            break;
        }
    }
    reading.abbreviated()
}

#[test]
fn unstopped_letters_and_bare_ranks() {
    assert!(super::starts_move_unstopped("B", "takes"));
    assert!(super::starts_move_unstopped("Kt", "to"));
    assert!(!super::starts_move_unstopped("B", "B."));
    assert!(!super::starts_move_unstopped("The", "to"));
    let mut reading = Reading::new("K.").unwrap();
    for word in ["B.", "to", "Q.", "B."] {
        assert!(reading.take(word, None), "{word}");
    }
    assert!(!reading.take_rank_number(9));
    assert!(reading.take_rank_number(4));
    assert_eq!(reading.abbreviated().as_deref(), Some("KB-QB4"));
    assert!(!reading.take_rank_number(4), "the move is whole");
}

#[test]
fn lines_that_open_with_a_worded_move() {
    use super::opens_worded_move;
    assert!(opens_worded_move("P. to K's 4th. 1. P. to K's 4th."));
    assert!(opens_worded_move("Q. B. P. takes P."));
    assert!(opens_worded_move("K's Kt. to B's 3d."));
    assert!(!opens_worded_move("K. Smith and J. Brown"));
    assert!(!opens_worded_move("The game"));
    assert!(!opens_worded_move("P. is a pawn"));
}

#[test]
fn promotions_written_out() {
    use super::promotion_after;
    assert_eq!(
        promotion_after(&["becoming", "a", "Q.", "("]),
        Some(("Q", 3))
    );
    assert_eq!(
        promotion_after(&["(", "becoming", "a", "Kt.", ")"]),
        Some(("Kt", 5))
    );
    assert_eq!(
        promotion_after(&["(", "2d", "Q.", ")", "58."]),
        Some(("Q", 4))
    );
    assert_eq!(promotion_after(&["(", "Queen", ")"]), Some(("Q", 3)));
    assert_eq!(promotion_after(&["(", "ch.", ")"]), None);
    assert_eq!(promotion_after(&["Q.", "to"]), None);
    assert_eq!(abbreviated("P. queens."), Some("P-8=Q".into()));
    assert_eq!(abbreviated("R. P. \"Queens\""), Some("RP-8=Q".into()));
    assert_eq!(abbreviated("K. B. checks."), Some("KB checks".into()));
    assert_eq!(super::en_passant_after(&["in", "passing."]), Some(2));
    assert_eq!(
        super::en_passant_after(&["(", "in", "passing", ")", "."]),
        Some(4)
    );
    assert_eq!(super::en_passant_after(&["en", "passant."]), Some(2));
    assert_eq!(super::en_passant_after(&["in", "the"]), None);
    assert_eq!(abbreviated("Q. Kt. Mates."), Some("QKt mates".into()));
    assert_eq!(abbreviated("K. moves."), Some("K moves".into()));
    assert_eq!(
        abbreviated("Q. B. interposes."),
        Some("QB interposes".into())
    );
    assert_eq!(
        abbreviated("Q. takes doubled P."),
        Some("Qxdoubled P".into())
    );
    assert_eq!(
        promotion_after(&["becomes", "a", "Queen", "("]),
        Some(("Q", 3))
    );
}

#[test]
fn a_piece_told_by_its_square_in_brackets() {
    use super::origin_after;
    assert_eq!(
        origin_after(&["(", "B.", "sq.", ")", "to"]),
        Some(("B1".into(), 4))
    );
    assert_eq!(
        origin_after(&["(", "K.", "Kt's", "3d.", ")"]),
        Some(("KKt3".into(), 5))
    );
    assert_eq!(origin_after(&["(", "ch.", ")"]), None);
    assert_eq!(origin_after(&["(", "B.", ")"]), None);
    let mut reading = Reading::new("R.").unwrap();
    assert!(reading.take_origin("B1"));
    for word in ["to", "B's", "2d."] {
        assert!(reading.take(word, None), "{word}");
    }
    assert_eq!(reading.abbreviated().as_deref(), Some("R(B1)-B2"));
}

#[test]
fn castling_sides() {
    use shakmaty::CastlingSide::{KingSide, QueenSide};
    let cases: [(&[&str], _); 9] = [
        (&["on", "Q's", "side.", "9."], Some((QueenSide, 3))),
        (&["on", "K's", "side."], Some((KingSide, 3))),
        (&["on", "the", "Queen's", "side"], Some((QueenSide, 4))),
        (&["(", "Q.", "R.", ")", "17."], Some((QueenSide, 4))),
        (&["(", "K", ")"], Some((KingSide, 3))),
        (&["with", "Q.", "R."], Some((QueenSide, 3))),
        (&["Q.", "R.", "1."], Some((QueenSide, 2))),
        // The next move's words, no side.
        (&["Q.", "R.", "to", "K's", "sq."], None),
        (&["(", "ch.", ")"], None),
    ];
    for (after, want) in cases {
        assert_eq!(super::castling_side(after, false), want, "{after:?}");
    }
    // After `Castles.`, only a side that says `side`.
    let stopped: [(&[&str], _); 3] = [
        (&["Q.", "side.", "19."], Some((QueenSide, 2))),
        (&["on", "K's", "side."], Some((KingSide, 3))),
        (&["Q.", "R.", "1."], None),
    ];
    for (after, want) in stopped {
        assert_eq!(super::castling_side(after, true), want, "{after:?}");
    }
}

#[test]
fn worded_moves() {
    let cases = [
        ("P. to K's 4th.", Some("P-K4")),
        ("K. Kt. to K. B's 3d.", Some("KKt-KB3")),
        ("Q. takes P.", Some("QxP")),
        ("Q. to her 2d.", Some("Q-Q2")),
        ("K. to his sq.", Some("K-K1")),
        ("K. B. to his sq.", Some("KB-KB1")),
        ("Q. Kt. to his 3d.", Some("QKt-QKt3")),
        ("B. to his 5th.", Some("B-B5")),
        ("P. to Q's 5th.?", Some("P-Q5?")),
        ("B. to K's 3d.!", Some("B-K3!")),
        ("P. takes P.?", Some("PxP?")),
        // A pawn's own file is not in its name: no move.
        ("P. to his 4th.", None),
    ];
    for (text, want) in cases {
        assert_eq!(abbreviated(text).as_deref(), want, "{text}");
    }
}
