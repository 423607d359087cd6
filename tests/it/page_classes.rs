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
