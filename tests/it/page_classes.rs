//! Classes of page that unseen texts showed (issue 29), each in a
//! constructed example with its exact reading: what the reader takes for the
//! game and what for commentary, and what it says about each judgement.

use notate::convert::{Options, Summary, convert_str};
use notate::output::Format;

/// Movetext, the diagnostics as `LINE:COLUMN: severity: message`, counts.
fn text(text: &str) -> (String, Vec<String>, Summary) {
    let options = Options {
        format: Format::Text,
        ..Options::default()
    };
    let (out, diagnostics, summary) = convert_str(text, &options);
    let messages = diagnostics.iter().map(|d| d.to_string()).collect();
    (out, messages, summary)
}

/// An annotated game, a paragraph after each move: Black's move number
/// after a blank line goes on with the game (a game from the start never
/// begins with Black's move), and a paragraph that begins with a move the
/// game cannot play (`d3`, White's alternative) is commentary where the
/// text takes the game up at the move due.
#[test]
fn a_paragraph_after_each_move_is_one_game() {
    let input = "1. e4\nI like this opening.\n\n1... e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4\n\
                 d3 can be considered here, but b4 is more fun.\n\n4... Bxb4 5. c3 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 { I like this opening. } 1... e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 \
         { d3 can be considered here, but b4 is more fun. } 4... Bxb4 5. c3 *\n"
    );
    assert_eq!(
        messages,
        ["5:1: warning: the commentary names moves not read as part of the game: `d3` and 1 more"]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// The same paragraph where the text never takes the game up at the move
/// due: the move that cannot be played stops the game, an error.
#[test]
fn a_move_not_taken_up_again_stays_an_error() {
    let input = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4\nd3 can be considered here.\n\n5. c3 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(out, "\n");
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("2:1: error: illegal move `d3` at 4..."),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 1));
}

/// A heading's numbers in brackets (ratings, years) and a bracket of moves
/// in the prose before the game are the prose's: kept as comments, the
/// moves named said; numbers alone are named only in a game in ICCF
/// numeric notation.
#[test]
fn brackets_in_the_prose_before_the_game_are_prose() {
    let input = "Evans gambit: lamacuk (1657) vs. magicking (1862)\n\
                 The gambit (1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4) is old.\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Evans gambit: lamacuk } { 1657 } { vs. magicking } { 1862 } { The gambit } \
         { 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 } { is old. } \
         1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 *\n"
    );
    assert_eq!(
        messages,
        ["2:16: warning: the commentary names moves not read as part of the game: `e4` and 6 more"]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A bracket of moves first in the movetext, with no prose before it, is a
/// side line that is an alternative to nothing: an error, as before.
#[test]
fn a_side_line_first_in_the_movetext_is_an_error() {
    let (out, messages, summary) = text("[Event \"x\"]\n\n(1. d4) 1. e4 e5 *\n");
    assert_eq!(out, "\n");
    assert_eq!(
        messages,
        ["3:1: error: variation `(` before any move it could be an alternative to"]
    );
    assert_eq!(summary.failed, 1);
}

/// A machine-translated page mixes letter sets: a letter the game's set
/// does not have is read as the piece some set names by it, where the
/// board leaves one legal move, with a warning the first time.
#[test]
fn a_letter_of_another_set_is_read_by_the_board() {
    let (out, messages, summary) = text("1. e4 e5 2. Sf3 Sc6 3. Cc4 Lc5 4. Cxf7+ Kxf7 *\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Bxf7+ Kxf7 *\n");
    assert_eq!(
        messages,
        [
            "1:24: warning: `C` read as the bishop: it is no letter of German, and `Cc4` is a bishop move here"
        ]
    );
    assert_eq!(summary.failed, 0);
}

/// A new letter never names a piece the game has played under another
/// letter, and a letter of the game's own set is its piece: a move they
/// cannot make stays an error.
#[test]
fn a_letter_the_board_cannot_settle_stays_an_error() {
    let (_, messages, summary) = text("1. e4 e5 2. Sf3 Sc6 3. Lc4 Cc5 *\n");
    assert_eq!(
        messages,
        [
            "1:28: error: `Cc5` at 3... is not a move: `C` is no piece letter in German (K, D, T, L, S)"
        ]
    );
    assert_eq!(summary.failed, 1);
    let (_, messages, summary) = text("1. e4 e5 2. Nf3 Nc6 3. Nb5 *\n");
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("1:24: error: illegal move `Nb5` at 3."),
        "{messages:?}"
    );
    assert_eq!(summary.failed, 1);
}

/// A table flattened into the text: its rules (`||||`, `---|---|`) are
/// layout, kept as commentary, and the moves in its cells are the game's.
#[test]
fn a_tables_rules_are_layout() {
    let input =
        "Two Knights | 1. e4 e5 2. Nf3 Nc6 | ||||\n---|---|---|\n3. Bc4 Nf6 4. Ng5 d5 | *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Two Knights } 1. e4 e5 2. Nf3 Nc6 { |||| ---|---|---| } 3. Bc4 Nf6 4. Ng5 d5 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.failed, 0);
}

/// A `(` never closed before the first move (a diagram font's glyph, a
/// page cut off) would hold the rest of the text, the game's moves with
/// it: an error, not a comment that leaves no game.
#[test]
fn a_bracket_never_closed_before_the_game_is_an_error() {
    let input = "Diagram 8-+-mk-+-+( 7tR-+-+-+-'\nThe rook mates: 1. Ra7 Kg8 2. Kg2 *\n";
    let (_, messages, summary) = text(input);
    assert_eq!(
        messages,
        ["1:19: error: variation `(` before any move it could be an alternative to, and no `)`"]
    );
    assert_eq!(summary.failed, 1);
}

/// A blog's post: its date (`14/12/2021`) is the prose's, not a move, and a
/// page's three marks (`???`, `!!!`) are the strongest glyph PGN has.
#[test]
fn a_posts_date_and_triple_marks_are_read() {
    let input = "14/12/2021\n\nLe mat\n\n1.e4 e5 2.Fc4 d6 3.Cf3 Fg4 4.Cc3 g6??? 5.Cxe5!!! Fxd1 6.Fxf7+ Re7 7.Cd5#\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ 14/12/2021 Le mat } 1. e4 e5 2. Bc4 d6 3. Nf3 Bg4 4. Nc3 g6?? 5. Nxe5!! Bxd1 \
         6. Bxf7+ Ke7 7. Nd5# 1-0\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.failed, 0);
}

/// Descriptive notation written out in words, as old English books print
/// it: the words of each move read as one (`P. to K's 4th.` is `P-K4`),
/// with a heading before the game, the queen's file as `her`, and the next
/// move's number glued to a move's last word (`4th.1.P.`).
#[test]
fn descriptive_in_words_is_read() {
    let input = "Game I.\n\n1. P. to K’s 4th. P. to K’s 4th.\n2. K’s Kt. to B’s 3d. Q’s Kt. to B’s 3d.\n\
                 3. B. to Q. B’s 4th. B. to Q. B’s 4th.\n4. P. to Q. Kt.’s 4th. B. takes Q. Kt.’s P.\n\
                 5. P. to Q. B’s 3d. B. to Q. R’s 4th.\n6. Castles. P. to Q’s 3d.\n\
                 7. P. to Q’s 4th. P. takes P.\n8. Q. to Kt’s 3d. Q. to her 2d.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Game I. } 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. O-O d6 7. d4 exd4 \
         8. Qb3 Qd7 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.failed, 0);
    let (out, messages, _) =
        text("1.P. to K’s 4th.1.P. to K’s 4th.\n2.P. to Q’s 4th.2.P. takes P.\n");
    assert_eq!(out, "1. e4 e5 2. d4 exd4 *\n");
    assert!(messages.is_empty(), "{messages:?}");
}

/// Prose before a game, however long, does not hide its notation: the
/// notation is told by the first words that could be moves.
#[test]
fn prose_before_a_game_leaves_its_notation_to_its_moves() {
    let (out, messages, _) = text(
        "Some text here about the old masters.\n\
         1. P. to K's 4th. P. to K's 4th. 2. P. to K. B's 4th. P. takes P.\n",
    );
    assert_eq!(
        out,
        "{ Some text here about the old masters. } 1. e4 e5 2. f4 exf4 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
}

/// Where the notation the first move-like words suggest reads less of
/// the text than the other, the board weighs both: an algebraic game
/// after prose that quotes a descriptive move, and a tagged game, where
/// the switch is said.
#[test]
fn the_notation_that_reads_more_of_the_text_is_kept() {
    let (out, messages, summary) = text(
        "The second player does well to avoid it by adopting one of the irregular defenses to 1. P-K4.\n\
         RUY LOPEZ\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n",
    );
    assert_eq!(
        out,
        "{ The second player does well to avoid it by adopting one of the irregular defenses to \
         1. P-K4. RUY LOPEZ } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (1, 0));
    let (out, messages, _) =
        text("[Event \"x\"]\n\n{Not P-K4 but} 1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n");
    assert_eq!(out, "{ Not P-K4 but } 1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    // (A move ambiguous in descriptive is not passed over for a reading
    // of no moves: descriptive::an_ambiguous_move_lists_its_readings.)
}

/// A page that begins inside another game (its last moves, numbered from
/// the middle) and goes on with a game from the start: the fragment is a
/// game of its own, reported, and the game after it is read, wherever its
/// `1.` stands, in either notation.
#[test]
fn a_fragment_before_a_game_is_a_game_of_its_own() {
    let input = "19. Kd1 Kd8 20. Qd5+ Kc7\nAnd he cannot save the game.\n\
                 GAME THE THIRD. WHITE. BLACK. 1. e4 e5 2. f4 exf4 3. Nf3 g5 Black has the advantage.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "\n1. e4 e5 2. f4 exf4 3. Nf3 g5 { Black has the advantage. } *\n"
    );
    assert_eq!(
        messages,
        [
            "1:5: error: illegal move `Kd1` at 1.: no game from the start reads here; \
          the text up to the game that begins at 3:31 is read as a game of its own"
        ]
    );
    assert_eq!((summary.read, summary.failed), (2, 1));
    let worded = "19. K. to Q’s sq. 20. Q. to her 5th. (ch.) 20. K. to Q. B’s 2d.\n\
                  And he cannot possibly save the game.\nGAME THE THIRD.\n\
                  WHITE. BLACK. 1. P. to K’s 4th. 1. P. to K’s 4th. 2. P. to K. B’s 4th. 2. P. takes P. \
                  3. K. Kt. to B’s 3d. Black has the advantage.\n";
    let (out, messages, summary) = text(worded);
    assert_eq!(
        out,
        "\n1. e4 e5 2. f4 exf4 3. Nf3 { Black has the advantage. } *\n"
    );
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with(
            "1:5: error: illegal move `K-Q1` at 1.: no game from the start reads here"
        ),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (2, 1));
}

/// Of the moves an ambiguous descriptive move names, the one that gives
/// the check written with it, in brackets too (`(ch.)`), as old books
/// print it: said as a repair.
#[test]
fn the_check_written_settles_an_ambiguous_move() {
    let game = "1. P-K4 P-K4 2. P-KB4 PxP 3. N-KB3 P-KN4 4. B-B4 P-KN5 5. Castles PxN 6. QxP Q-B3 \
                7. P-K5 QxKP 8. P-QN3 QxR 9. N-B3 B-B4ch 10. K-R1 N-K2 11. P-Q4 BxQP";
    let want = "1. e4 e5 2. f4 exf4 3. Nf3 g5 4. Bc4 g4 5. O-O gxf3 6. Qxf3 Qf6 7. e5 Qxe5 8. b3 Qxa1 \
                9. Nc3 Bc5+ 10. Kh1 Ne7 11. d4 Bxd4 12. Bxf7+ Kd8 *\n";
    for written in [
        "12. BxKBP ch K-Q1 *",
        "12. BxKBP (ch) K-Q1 *",
        "12. B. takes K. B. P. (ch.) K. to Q's sq. *",
    ] {
        let (out, messages, summary) = text(&format!("{game} {written}\n"));
        assert_eq!(out, want, "{written}");
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(
            messages[0].contains(
                "could be Bxf4 or Bxf7; read as Bxf7, the only one that gives the check written"
            ),
            "{messages:?}"
        );
        assert_eq!(summary.failed, 0);
    }
    // No check written: the two stay ambiguous, an error.
    let (_, messages, summary) = text(&format!("{game} 12. BxKBP K-Q1 *\n"));
    assert_eq!(summary.failed, 1);
    assert!(
        messages[0].contains("ambiguous move `BxKBP` at 12."),
        "{messages:?}"
    );
}

/// A second game in words after the first, its `1.` mid-line: the probes
/// read a move's words together as the walk does, so its moves are not
/// lost in the first game's prose (before, a comment, exit 0); it is at
/// least reported.
#[test]
fn a_worded_game_after_another_is_never_lost_in_its_prose() {
    let input = "1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d. Black has the advantage.\n\
                 GAME TWO.\nWHITE. BLACK. 1. P. to Q's 4th. 1. P. to Q's 4th. 2. P. to Q. B's 4th. 2. P. to K's 3d. You must win.\n";
    let (_, messages, summary) = text(input);
    assert_eq!(summary.failed, 1, "{messages:?}");
    assert!(
        messages
            .iter()
            .any(|m| m
                .starts_with("3:15: error: the side line begun here runs to the end of the game")),
        "{messages:?}"
    );
}
