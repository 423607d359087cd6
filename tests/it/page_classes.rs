//! Classes of page that unseen texts showed (issue 29), each in a
//! constructed example with its exact reading: what the reader takes for the
//! game and what for commentary, and what it says about each judgement.

use notate::convert::{Options, Summary, convert_str};
use notate::output::Format;

/// Movetext, the diagnostics as `LINE:COLUMN: severity: message`, counts.
pub(crate) fn text(text: &str) -> (String, Vec<String>, Summary) {
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
/// letter, a letter of the game's own set is its piece, and a letter no
/// set has, written for one move only, is a slip: a move they cannot make
/// stays an error.
#[test]
fn a_letter_the_board_cannot_settle_stays_an_error() {
    let (_, messages, summary) = text("1. e4 e5 2. Sf3 Sc6 3. Lc4 Zc5 4. d3 Zf6 *\n");
    assert_eq!(
        messages,
        [
            "1:28: error: `Zc5` at 3... is not a move: `Z` is no piece letter in German (K, D, T, L, S)"
        ]
    );
    assert_eq!(summary.failed, 1);
    let (_, messages, summary) = text("1. e4 e5 2. Nf3 Nc6 3. Zb5 a6 *\n");
    assert_eq!(
        messages,
        [
            "1:24: error: `Zb5` at 3. is not a move: `Z` is no piece letter in English (K, Q, R, B, N)"
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

/// The move due written in the commentary after the move before it, with
/// the next move's number after the commentary (`8.dxe5`): of the words
/// there that play, the one from which the game reads on through that
/// number is the move, a word at a paragraph's start before one inside a
/// sentence; the other is the commentary's, said.
#[test]
fn the_move_a_later_number_needs_is_found_in_the_commentary() {
    let input = "1.e4 d6 2. d4 Nf6 3. Nc3 g6 4. g3 Bg7 5. Bg2 O-O 6. Nge2 Nbd7 7. f4 \
                 Valkea rakentaa keskustan, ja musta pyrkii rikkomaan sitä e5 tai c5.\n\n\
                 e5 Musta pelaa murtoyrityksen.\n\n8.dxe5 dxe5 9. O-O *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. g3 Bg7 5. Bg2 O-O 6. Nge2 Nbd7 7. f4 \
         { Valkea rakentaa keskustan, ja musta pyrkii rikkomaan sitä e5 tai c5. } 7... e5 \
         { Musta pelaa murtoyrityksen. } 8. dxe5 dxe5 9. O-O *\n"
    );
    assert_eq!(
        messages,
        [
            "1:127: warning: the commentary names moves not read as part of the game: `e5` and 1 more",
            "3:1: warning: `e5` in the commentary is read as the move due at 7...: of the moves \
             the commentary names there, the game reads on from this one"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// The same where only one word plays, inside a sentence: it is read as the
/// move due, said; where two different moves read on as far, neither is
/// taken and the game stops, an error.
#[test]
fn the_move_due_in_a_sentence_is_taken_only_where_one_reads_on() {
    let one = "1. e4 c5 2. Nf3 d6 3. d4 Here Black replied with cxd4 at once. 4. Nxd4 Nf6 *\n";
    let (out, messages, summary) = text(one);
    assert_eq!(
        out,
        "1. e4 c5 2. Nf3 d6 3. d4 { Here Black replied with } 3... cxd4 { at once. } 4. Nxd4 Nf6 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:50: warning: `cxd4` in the commentary is read as the move due at 3...: the move \
             number after it needs a move there"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    let two = "1. e4 e5 2. Nf3 Black may play Nc6 or d6 here. 3. Bc4 Be7 4. d4 exd4 *\n";
    let (out, messages, summary) = text(two);
    assert_eq!(out, "\n");
    assert_eq!(
        messages,
        [
            "1:32: error: the game stops at 2. Nf3: the text after it holds moves (`Nc6` and on) \
             that could not be read as its continuation"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 1));
}

/// Japanese and Chinese prose written right against the moves, with no
/// space: the moves are words of their own.
#[test]
fn moves_against_prose_in_scripts_without_spaces_are_read() {
    let input = "1. e4 対戦相手がフレンチを好む。\ne6\n2. d4 ただd4と攻める。\nd5\n3. Nc3 这是最好的走法Bb4\n4. e5 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 { 対戦相手がフレンチを好む。 } 1... e6 2. d4 { ただd4と攻める。 } 2... d5 \
         3. Nc3 { 这是最好的走法 } 3... Bb4 4. e5 *\n"
    );
    assert_eq!(
        messages,
        ["3:9: warning: the commentary names moves not read as part of the game: `d4`"]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// Tag pairs whose quotes a web page or a word processor set as typographic
/// ones are the game's tags.
#[test]
fn tags_in_typographic_quotes_are_tags() {
    let input = "[Event “Club ch”]\n[White ”Hamalainen, Jussi”]\n[Black «Kinnunen»]\n\
                 [Result ”1-0”]\n\n1.e4 e5 2.Nf3 1-0\n\n[Event „Open”]\n[Result ″0-1″]\n\n1.d4 d5 0-1\n";
    let options = Options::default();
    let (out, messages, summary) = convert_str(input, &options);
    assert_eq!(
        out,
        "[Event \"Club ch\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"Hamalainen, Jussi\"]\n[Black \"Kinnunen\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
         [Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (2, 0));
}

/// A side line in prose that names, inside a sentence, the game's next
/// move with its number, before a line that begins with it: the line is
/// the game's, the mention the commentary's.
#[test]
fn a_number_inside_a_sentence_yields_to_the_line_that_begins_with_it() {
    let input = "1. e4 e5 2. Nc3 Nf6 3. f4 Nc6 4. Nf3 d6 5. d4 exd4 6. Nxd4 Bg4\n\
                 Instead 6... Nxe4 7. Nxe4 Qe7 is better, but Black had not foreseen 7. Nxc6.\n\
                 7. Nxc6 bxc6 8. Be2 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nc3 Nf6 3. f4 Nc6 4. Nf3 d6 5. d4 exd4 6. Nxd4 Bg4 { Instead } \
         (6... Nxe4 7. Nxe4 Qe7 { is better, but Black had not foreseen 7. Nxc6. }) \
         7. Nxc6 bxc6 8. Be2 *\n"
    );
    assert_eq!(
        messages,
        [
            "2:9: warning: `Nxe4` goes back to move 6...: read as a side line, an alternative \
             to 6... Bg4",
            "2:72: warning: the commentary names moves not read as part of the game: `Nxc6.`"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A machine-translated page whose letters no one set reads (`Kp` and `K`
/// and `C` from Russian, `Q` and `R` from English, in Swedish prose): the
/// sets that read the most of them are each replayed, and the board picks
/// the one that reads the game, saying each letter it lent.
#[test]
fn letters_no_one_set_reads_are_read_by_the_board() {
    let input = "Spelet spelades i London. Andersen - Kieseritzky\n1. e2-e4 e7-e5\n\
                 2. f2-f4 e5:f4\nDraget som avgör gambiten.\n3. Cf1-c4 Qd8-h4+\n\
                 4. Kpe1-f1 b7-b5\n5. Cc4:b5 Kg8-f6\n6. Kg1-f3 Qh4-h6\n7. d2-d3 Kf6-h5\n\
                 8. Kf3-h4 Qh6-g5\n9. Kh4-f5 c7-c6\n10. g2-g4 Kh5-f6\n11. Rh1-g1 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Spelet spelades i London. Andersen - Kieseritzky } 1. e4 e5 2. f4 exf4 \
         { Draget som avgör gambiten. } 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 \
         8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 *\n"
    );
    assert_eq!(
        messages,
        [
            "5:11: warning: `Q` read as the queen: it is no letter of Russian, and `Qd8-h4+` is \
             a queen move here",
            "13:5: warning: `R` read as the rook: it is no letter of Russian, and `Rh1-g1` is a \
             rook move here"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A game whose `1.` stands inside a line, after a heading, once the game
/// before is over (a mate quoted in the prose): the next game begins
/// there, where six moves in a row read from the start (a commentary's
/// quoted opening stops sooner).
#[test]
fn a_game_after_a_heading_on_its_line_begins_after_a_game_that_is_over() {
    let input = "Short games. The record would be 1.f4 e6 2.g4 Qh4 mate, the shortest of all.\n\n\
                 Foulds-Lang (New Zealand ch) 1.e4 e6 2.d4 d5 3.e5 c5 4.c3 Nc6 5.Nf3 Qb6 6.Bd3 cxd4 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Short games. The record would be } 1. f4 e6 2. g4 Qh4# { mate, the shortest of all. \
         Foulds-Lang } { New Zealand ch } 0-1\n\
         1. e4 e6 2. d4 d5 3. e5 c5 4. c3 Nc6 5. Nf3 Qb6 6. Bd3 cxd4 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (2, 0));
    // A quoted opening of fewer moves stays the commentary's.
    let quoted = "1.f4 e6 2.g4 Qh4 mate. As in 1.e4 e5 2.Nf3 Nc6, the Ruy.\n";
    let (out, messages, _) = text(quoted);
    assert_eq!(
        out,
        "1. f4 e6 2. g4 Qh4# { mate. As in 1.e4 e5 2.Nf3 Nc6, the Ruy. } 0-1\n"
    );
    assert_eq!(messages.len(), 1, "{messages:?}");
}

/// Vietnamese letters (`V H X T M`, as Vietnamese Wikipedia gives them) in a
/// bulleted list of moves.
#[test]
fn vietnamese_letters_are_read() {
    let input = "Ván cờ bất tử\n- 1. e4 e5\n- 2. f4 exf4\n- 3. Tc4 Hh4+\n- 4. Vf1 b5\n\
                 - 5. Txb5 Mf6\n- 6. Mf3 Hh6\n- 7. d3 Mh5\n- 8. Mh4 Hg5\n- 9. Mf5 c6\n\
                 - 10. g4 Mf6\n- 11. Xg1 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Ván cờ bất tử - } 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 \
         7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A page in a language no set lists (Esperanto: `Ĉ` the knight, `K` the
/// bishop): the sets that read the most of its letters, or one fewer, are
/// tried in turn (Spanish here, for `T`, `D` and `R`); a capital letter the
/// set does not read as a legal move is read as each piece in turn, and
/// where two pieces could make the first move it names (`Ĉf3`: a knight or
/// the queen), the one the rest of the text goes on with is taken, each
/// letter said once.
#[test]
fn a_letter_no_set_has_is_the_piece_the_board_names() {
    let input = "La ludo de hieraŭ:\n1. e4 e5 2. Ĉf3 Ĉc6 3. Kb5 a6 4. Ka4 Ĉf6 5. 0-0 Ke7 \
                 6. Te1 b5 7. Kb3 d6 8. c3 0-0 9. h3 Ĉb8 10. d4 Ĉbd7 11. Rh1 De8 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ La ludo de hieraŭ: } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
         6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Kh1 Qe8 *\n"
    );
    assert_eq!(
        messages,
        [
            "2:13: warning: `Ĉ` read as the knight: it is no letter of Spanish, and `Ĉf3` is a \
             knight move here",
            "2:24: warning: `K` read as the bishop: it is no letter of Spanish, and `Kb5` is a \
             bishop move here"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A page game's heading above its moves: labelled fields (`Weiß:`,
/// `Schwarz:`) and the players' line (`A — B, Place, Year`) are its tags,
/// each said in a warning and taken out of the commentary; a line with a
/// bracket (a rating) stays prose.
#[test]
fn a_heading_above_the_moves_is_the_games_tags() {
    let options = Options::default();
    let input = "Partie 2\nWeiß: Müller, Hans   Schwarz: Schmidt, Peter\n\n\
                 1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 Remis\n";
    let (out, diagnostics, summary) = convert_str(input, &options);
    assert_eq!(
        out,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"Müller, Hans\"]\n[Black \"Schmidt, Peter\"]\n[Result \"1/2-1/2\"]\n\n\
         { Partie 2 } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { Remis } 1/2-1/2\n\n"
    );
    let messages: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        messages,
        [
            "2:1: warning: `Weiß: Müller, Hans   Schwarz: Schmidt, Peter` read as the game's \
             heading: White \"Müller, Hans\", Black \"Schmidt, Peter\""
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));

    let input = "Стейниц — Чигорин, Гавана, 1892\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 Ничья\n";
    let (out, diagnostics, _) = convert_str(input, &options);
    assert!(
        out.starts_with(
            "[Event \"?\"]\n[Site \"Гавана\"]\n[Date \"1892.??.??\"]\n[Round \"?\"]\n\
             [White \"Стейниц\"]\n[Black \"Чигорин\"]\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { Ничья } 1/2-1/2\n"),
        "{out}"
    );
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");

    let input = "Mackenzie (2113 FIDE) - Smith, London 1858\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let (out, diagnostics, _) = convert_str(input, &options);
    assert!(out.contains("[White \"?\"]"), "{out}");
    // Its dash too, which no move's place holds before the first move.
    assert!(out.contains("{ - Smith, London 1858 } 1. e4"), "{out}");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
}

/// A page of several games, each with its heading above it: the heading
/// between two games is the second's, not the first's commentary, and
/// each diagnostic keeps its line in the page.
#[test]
fn each_heading_of_a_page_of_games_is_its_own_games() {
    let input = "Партия № 1\nСтейниц — Чигорин, Гавана, 1892\n\n\
                 1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 Ничья\n\n\
                 Партия № 2\nЧигорин — Стейниц, Гавана, 1892\n\n\
                 1. d4 d5 2. c4 e6 3. Кc3 Кf6 Белые сдались\n";
    let (out, diagnostics, summary) = convert_str(input, &Options::default());
    let games: Vec<&str> = out.split("[Event").skip(1).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(
        games[0].contains("[White \"Стейниц\"]\n[Black \"Чигорин\"]"),
        "{out}"
    );
    assert!(
        games[0].ends_with("{ Партия № 1 } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { Ничья } 1/2-1/2\n\n"),
        "{out}"
    );
    assert!(
        games[1].contains("[White \"Чигорин\"]\n[Black \"Стейниц\"]"),
        "{out}"
    );
    assert!(
        games[1].ends_with("{ Партия № 2 } 1. d4 d5 2. c4 e6 3. Nc3 Nf6 { Белые сдались } 0-1\n\n"),
        "{out}"
    );
    let places: Vec<(u32, u32)> = diagnostics.iter().map(|d| (d.line, d.column)).collect();
    assert_eq!(places, [(2, 1), (7, 1)]);
    assert_eq!((summary.read, summary.failed), (2, 0));
}

/// A score in a sentence before the game (`had won their last game 1-0 in
/// Oslo`) is the prose's: it neither ends a game of its own nor is the
/// game's result, and it stays in the commentary.
#[test]
fn a_score_in_a_sentence_before_the_game_is_prose() {
    let input = "Carlsen had won their last game 1-0 in Oslo, so he tried again.\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Carlsen had won their last game 1-0 in Oslo, so he tried again. } \
         1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// The players' line on the first move's own line, before its number, is
/// the game's heading too.
#[test]
fn a_heading_before_the_first_move_on_its_line_is_the_games_tags() {
    let input = "Some prose here.\n\
                 Anderssen – Kieseritzky, London 1851 1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 1-0\n";
    let (out, diagnostics, summary) = convert_str(input, &Options::default());
    assert!(
        out.starts_with(
            "[Event \"?\"]\n[Site \"London\"]\n[Date \"1851.??.??\"]\n[Round \"?\"]\n\
             [White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n[Result \"1-0\"]\n\n\
             { Some prose here. } 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 1-0\n"
        ),
        "{out}"
    );
    let places: Vec<(u32, u32)> = diagnostics.iter().map(|d| (d.line, d.column)).collect();
    assert_eq!(places, [(2, 1)]);
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A resignation in words names the side that resigned in any of the
/// pages' languages (`Le noir abandonne`, `Чорні здалися`, `Hvítur gafst
/// upp`), and the game is the other side's.
#[test]
fn a_resignation_in_words_names_its_side() {
    for (words, result) in [
        ("Le noir abandonne", "1-0"),
        ("Чорні здалися", "1-0"),
        ("Hvítur gafst upp", "0-1"),
        ("Svartur gafst upp", "1-0"),
        ("Białe poddały się", "0-1"),
    ] {
        let (out, messages, summary) = text(&format!("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {words}\n"));
        assert_eq!(
            out,
            format!("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{ {words} }} {result}\n"),
            "{words}"
        );
        assert!(messages.is_empty(), "{words}: {messages:?}");
        assert_eq!(summary.failed, 0);
    }
}

/// White's and Black's moves of one number run together with no space
/// (`1.e4e5`, `3.Bb5a6`): each word is read as the two moves, with a
/// warning, even where the word whole reads as one long-algebraic move
/// (`e4` to `e5`) or a repair could make one (`Bb5a6`, a bishop from f1);
/// a long-algebraic slip (`Ng1f3` with no knight on g1) stays an error.
#[test]
fn a_move_pair_run_together_is_two_moves() {
    let (out, messages, summary) = text("1.e4e5 2.Nf3Nc6 3.Bb5a6 4.Ba4Nf6 5.O-OBe7 *\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n"
    );
    assert_eq!(messages.len(), 5, "{messages:?}");
    assert!(
        messages[2].starts_with("1:22: warning: moves run together: `Bb5a6` read as two moves"),
        "{messages:?}"
    );
    assert_eq!(summary.failed, 0);
    let (_, messages, summary) = text("1. e4 e5 2. Nf3 Nc6 3. Ng1f3 *\n");
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("1:24: error: illegal move `Ng1f3` at 3."),
        "{messages:?}"
    );
    assert_eq!(summary.failed, 1);
}

/// A move number misprinted after prose that named no move (`2.` for `3.`,
/// as a Serbian weekly printed it) is the move due, said out of sequence,
/// where the moves after it go on from the game's position through the
/// numbers that follow; the same number before an alternative that reads
/// on from the move it names stays the commentary's.
#[test]
fn a_misprinted_number_after_prose_is_the_move_due() {
    let input = "1. d4 d5 2. c4 c6.\nThe Slav is solid.\n\
                 2. Nf3 Nf6 4. Nc3 e6 5. g3 dxc4 6. Bg2 Nbd7 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. d4 d5 2. c4 c6 { The Slav is solid. } 3. Nf3 Nf6 4. Nc3 e6 5. g3 dxc4 \
         6. Bg2 Nbd7 *\n"
    );
    assert_eq!(
        messages,
        ["3:1: warning: move number 2. out of sequence: the move after it is 3."]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));

    let input = "1. d4 d5 2. c4 c6.\nAnother way is this.\n\
                 2. Nf3 Nf6 3. c4 e6 4. Nc3 Be7 5. Bg5 O-O *\n";
    let (out, messages, _) = text(input);
    assert_eq!(
        out,
        "1. d4 d5 2. c4 c6 { Another way is this. 2. Nf3 Nf6 3. c4 e6 4. Nc3 Be7 5. Bg5 \
         O-O } *\n"
    );
    assert_eq!(
        messages,
        ["3:4: warning: the commentary names moves not read as part of the game: `Nf3` and 7 more"]
    );
}

/// The game's moves stated again from its start after the prose quoted
/// them (`The main line goes: 1. e4 e5 …`), going on past where the game
/// stands: the statement is commentary, said, and the game goes on after
/// it; without the moves after it, the statement is only prose.
#[test]
fn the_game_stated_again_goes_on_after_the_statement() {
    let opening = "After the opening moves 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6, White chooses \
                   between 4. Ng5 and 4. d3.\n";
    let input = format!(
        "{opening}The main line goes: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 \
         6. Bb5+ c6 7. dxc6 bxc6 8. Qf3 *\n"
    );
    let (out, messages, summary) = text(&input);
    assert_eq!(
        out,
        "{ After the opening moves } 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 { White chooses between \
         4. Ng5 and 4. d3. The main line goes: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 } 4. Ng5 d5 \
         5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 8. Qf3 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:79: warning: the commentary names moves not read as part of the game: `Ng5` and 1 more",
            "2:21: warning: the game's moves stated again (`1. e4 e5 2. Nf3 Nc6 3.`) are taken as \
             commentary: the game goes on after them",
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));

    // Stated again, and nothing after: the prose's, the moves it names said.
    let input = "After the opening moves 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6, White chooses.\n\
                 The main line goes: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 *\n";
    let (out, messages, _) = text(input);
    assert_eq!(
        out,
        "{ After the opening moves } 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 { White chooses. \
         The main line goes: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 } *\n"
    );
    assert_eq!(
        messages,
        ["2:24: warning: the commentary names moves not read as part of the game: `e4` and 5 more"]
    );
}

/// Letters the board named in the game (Esperanto's `Ĉ` knight and `K`
/// bishop) are read the same way in its commentary: the game stated again
/// in them is the game's.
#[test]
fn letters_the_board_named_are_read_in_the_commentary_too() {
    let input = "After the opening moves 1.e4 e5 2.Ĉf3 Ĉc6 3.Kc4 Ĉf6, White chooses between \
                 4. Ĉg5 and 4. d3.\nThe main line goes: 1. e4 e5 2. Ĉf3 Ĉc6 3. Kc4 Ĉf6 4. Ĉg5 \
                 d5 5. exd5 Ĉa5 6. Kb5+ c6 7. dxc6 bxc6 8. Df3 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ After the opening moves } 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 { White chooses between \
         4. Ĉg5 and 4. d3. The main line goes: 1. e4 e5 2. Ĉf3 Ĉc6 3. Kc4 Ĉf6 } 4. Ng5 d5 \
         5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 8. Qf3 *\n"
    );
    assert_eq!(messages.len(), 4, "{messages:?}");
    assert!(
        messages[3].starts_with("2:21: warning: the game's moves stated again"),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// Portuguese descriptive notation (`P4R`, `C3BR`, the bishop `B`) in a
/// book's two columns, with a placeholder where a comment stands and
/// prose that begins with a word a check word holds (`A chamada`: no part
/// of the move before it).
#[test]
fn portuguese_descriptive_in_columns() {
    let input = " 1. P4R\t   C3BR\n\n\tA chamada Defesa Alekhine.\n\n 2. P5R\t   ...\n\n\
                 \tAceitando o desafio.\n\n 2. ...\t   C4D\n 3. P4BD   C3C\n 4. P4D\t   P3D\n \
                 5. P4BR   B4B *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 Nf6 { A chamada Defesa Alekhine. } 2. e5 { Aceitando o desafio. } 2... Nd5 \
         3. c4 Nb6 4. d4 d6 5. f4 Bf5 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// Prose after the game's last move that names a move alone in a sentence
/// (`Weiß kann mit h3 …`, a move that plays there) is the commentary's,
/// said in a warning; where a move it names is followed by another that
/// plays on from it (`After Ba4 Nf6`), the text may be the game's own
/// moves, cut short: an error.
#[test]
fn a_move_named_alone_after_the_game_is_commentary() {
    let input = "Das Figurenopfer nach 1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7.\n\n\
                 Die Stellung ist ausgeglichen. Weiß kann mit Te1 den Turm bringen, und c3 ist \
                 eine gute Idee für später.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Das Figurenopfer nach } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
         { Die Stellung ist ausgeglichen. Weiß kann mit Te1 den Turm bringen, und c3 ist eine \
         gute Idee für später. } *\n"
    );
    assert_eq!(
        messages,
        [
            "3:46: warning: the commentary names moves not read as part of the game: `Te1` and 1 more"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    let input = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n\n\
                 White may now play Ba4, and after Ba4 Nf6 White castles.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(out, "\n");
    assert!(
        messages[0].starts_with(
            "3:20: error: the game stops at 3... a6: the text after it holds moves (`Ba4,` and on)"
        ),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 1));
}

/// An alternative from an earlier move number in the prose after the last
/// move, which the text never leaves (an excerpt that stops in it), is the
/// text's alternative where the game cannot go on in it: said in a warning.
/// Where it reaches past the game's last move, which line is the game the
/// text does not settle: an error.
#[test]
fn an_alternative_the_text_never_leaves_after_the_last_move() {
    let input = "1. e4 e5 2. Bc4 Bc5 3. c3 Nf6 4. d4 exd4 5. cxd4 Bb6\n\n\
                 Ce fou, au lieu de se retirer, peut donner échec; 5... Bb4+ dans ce cas vous devez couvrir.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Bc4 Bc5 3. c3 Nf6 4. d4 exd4 5. cxd4 Bb6 { Ce fou, au lieu de se retirer, \
         peut donner échec } (5... Bb4+ { dans ce cas vous devez couvrir. }) *\n"
    );
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[1].starts_with(
            "3:51: warning: the side line begun here runs to the end of the game: its first move \
             cannot follow the game's last"
        ),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    let input = "1. e4 e5 2. Bc4 Bc5 3. c3 Nf6 4. d4 exd4 5. cxd4 Bb6\n\n\
                 Ce fou peut donner échec; 5... Bb4+ 6. Bd2 Bxd2+ 7. Nxd2 d5 dans ce cas.\n";
    let (_, messages, summary) = text(input);
    assert!(
        messages.iter().any(|m| m.contains(
            "error: the side line begun here runs to the end of the game: the moves in it may be the game's own"
        )),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 1));
}

/// Brackets a page nests wrongly: a `]` or `}` that closes nothing is
/// punctuation, said in a warning, as a stray `)` is; a `[` left open on a
/// line of prose, before a line that goes on with the game, is an aside to
/// the end of its line. A `[` whose own line holds moves (analysis running
/// over lines) still runs to its `]`.
#[test]
fn brackets_a_page_nests_wrongly() {
    let input = "Il bianco domina [ This game shows how the pair of bishops rules once a flank is opened, and why the other side must keep the long diagonal.\n\n\
                 1. d4 e6 2. c4 c5 3. Nf3 Qc7 {meglio 3. ... Cf6 [better 3. ... Nf6}] 4. e3 b6\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Il bianco domina } { This game shows how the pair of bishops rules once a flank is \
         opened, and why the other side must keep the long diagonal. } 1. d4 e6 2. c4 c5 \
         3. Nf3 Qc7 { meglio 3. ... Cf6 [better 3. ... Nf6 } 4. e3 b6 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:18: warning: `[` has no `]` on its line, and the line after it goes on with the game: it is taken to end with its line",
            "3:68: warning: `]` closes no bracket; ignored",
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    let input = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5\n\
                 [ 5... Nxd5\n6. Nxf7 Kxf7 7. Qf3+ Ke6]\n6. Bb5+ c6\n";
    let (out, _, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 \
         { 5... Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 } 6. Bb5+ c6 *\n"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// After the last move, a threat named with its number, one move past the
/// one due (`15.Bxf4` where Black's 14th is due), alone in the sentence, is
/// the commentary's: kept and said in a warning. Moves that go on from it
/// under their numbers are the game cut short: an error.
#[test]
fn a_threat_numbered_past_the_move_due_is_commentary() {
    let game = "1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 5.Bxb5 Nf6 6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5 \
                9.Nf5 c6 10.g4 Nf6 11.Rg1 cxb5 12.h4 Qg6 13.h5 Qg5 14.Qf3\n\n";
    let input = format!("{game}Now White threatens to win the queen with 15.Bxf4. Black must\n");
    let (out, messages, summary) = text(&input);
    assert!(
        out.ends_with(
            "13. h5 Qg5 14. Qf3 { Now White threatens to win the queen with 15.Bxf4. Black must } *\n"
        ),
        "{out}"
    );
    assert_eq!(
        messages,
        ["3:46: warning: the commentary names moves not read as part of the game: `Bxf4.`"]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    let input = format!("{game}Now White threatens 15.Bxf4 Qf6 16.Nc3 and wins.\n");
    let (_, messages, summary) = text(&input);
    assert!(
        messages[0].starts_with("3:24: error: the game stops at 14. Qf3"),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 1));
}

/// A side line the text goes back to and never leaves, past the game's
/// last move, an alternative to a move of the game: the text goes on with
/// it, so it is the game, and the moves it replaces are the alternative,
/// said in a warning. One that ends before the game's last move stays the
/// alternative.
#[test]
fn a_line_the_text_goes_on_with_past_the_game_is_the_game() {
    let input = "1.e4 c5 2.f4 d5 3.Nf3 dxe4 4.Ng5 Nf6 5.Bc4 e6 6.Nc3 Nc6 7.Ngxe4 and the position is normal.\n\n\
                 But Pruess chose the tempting 5...Bg4 6.Qxg4! Nxg4 7.Bxf7+ Kd7 8.Be6+ and White won.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 c5 2. f4 d5 3. Nf3 dxe4 4. Ng5 Nf6 5. Bc4 Bg4 (5... e6 6. Nc3 Nc6 7. Ngxe4 \
         { and the position is normal. But Pruess chose the tempting }) 6. Qxg4! Nxg4 7. Bxf7+ \
         Kd7 8. Be6+ { and White won. } *\n"
    );
    assert_eq!(
        messages,
        [
            "3:31: warning: `Bg4` goes back to move 5...: read as a side line, an alternative to 5... e6",
            "3:31: warning: the side line begun here goes past the game's last move and the text \
             never leaves it: it is read as the game, and the moves it replaces as the alternative",
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    let input = "1.e4 c5 2.f4 d5 3.Nf3 dxe4 4.Ng5 Nf6 5.Bc4 e6 6.Nc3 Nc6 7.Ngxe4 and the position is normal.\n\n\
                 But Pruess chose the tempting 5...Bg4 6.Qxg4! and White won.\n";
    let (out, _, summary) = text(input);
    assert!(
        out.starts_with("1. e4 c5 2. f4 d5 3. Nf3 dxe4 4. Ng5 Nf6 5. Bc4 e6 (5... Bg4"),
        "{out}"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A text that reads as no game but names moves, none of which plays from
/// the start (an excerpt from a game's middle, letters no set has), is not
/// a text with no game: an error. A move named once is a mention: the text
/// is no game, said in a warning.
#[test]
fn a_text_naming_moves_none_of_which_plays_is_reported() {
    let (out, messages, summary) = text("After Nxe5 Qxe5 the attack is over, and Rd8 wins.\n");
    assert_eq!(out, "\n");
    assert_eq!(
        messages,
        [
            "1:7: error: no move of the game could be read: the text after it holds moves \
             (`Nxe5` and on) that could not be read as its continuation"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 1));
    let (out, messages, summary) = text("The famous Nxe5 is a trap.\n");
    assert_eq!(out, "");
    assert_eq!(
        messages,
        ["1:1: warning: text with no tags and no moves: not a game, ignored"]
    );
    assert_eq!((summary.read, summary.failed), (0, 0));
}

/// Of two letter sets that read a page's game as far, the one that has
/// every letter read beats one that borrows a letter from another set to
/// replay: English SAN whose prose names `Tal` (a German rook's move, as
/// OCR spells `Ta1`) stays English, and `3.Bc4` stays a bishop's move, not
/// a German pawn's.
#[test]
fn a_set_that_borrows_a_letter_loses_to_one_that_has_them_all() {
    let input = "1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6\n\n\
                 It is sharper than the Giuoco Piano that follows 3...Bc5. Tal and Spassky played it.\n";
    let (out, _, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 { It is sharper than the Giuoco Piano that follows } \
         (3... Bc5 { Tal and Spassky played it. }) *\n"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A move typed with spaces (`e2 - e4`) after a heading: its number takes
/// the moves up from the prose as a move written whole would, the pieces
/// joined with a warning.
#[test]
fn a_move_typed_with_spaces_takes_the_moves_up_after_prose() {
    let input = "ШОТЛАНДСКАЯ ПАРТИЯ\n\n 1. e2 - e4 e7 - e5\n 2. Кg1 - f3 Кb8 - c6\n 3. d2 - d4\n";
    let (out, messages, summary) = text(input);
    assert_eq!(out, "{ ШОТЛАНДСКАЯ ПАРТИЯ } 1. e4 e5 2. Nf3 Nc6 3. d4 *\n");
    assert_eq!(messages.len(), 5, "{messages:?}");
    assert!(
        messages[0].starts_with("3:5: warning: `e2 - e4` read as one move, `e2-e4`"),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A diagram flattened to the names of its squares, a rank a line: the
/// board's picture, kept as a comment, not moves (`a6 b6 c6` would play).
#[test]
fn a_diagrams_square_names_are_no_moves() {
    let grid: String = (1..=8)
        .rev()
        .map(|rank| {
            let row: Vec<String> = ('a'..='h').map(|f| format!("{f}{rank}")).collect();
            row.join(" ") + "\n"
        })
        .collect();
    let input = format!("Chess zver 26.png\n{grid}\n1. e4\n\nChess zver 26.png\n{grid}\n1... e5\n");
    let (out, messages, summary) = text(&input);
    assert!(out.contains("{ a8 b8 c8 d8 e8 f8 g8 h8 }"), "{out}");
    assert!(out.contains(" 1. e4 "), "{out}");
    assert!(out.contains(" 1... e5 *"), "{out}");
    assert!(
        messages.iter().all(|m| !m.contains("error")),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A table of moves with its cells' borders (`| 1. | e4 | 1. | e5 |`), after
/// the end of another game's table: a row numbered from 1 begins a game,
/// as a line `1. e4` does, so the fragment before it fails alone and the
/// game from the start reads whole (before, one game, failed at the
/// fragment's first move).
#[test]
fn a_table_row_numbered_from_one_begins_a_game() {
    let input = "| 7. | Bd2 | 7. | Bxd2+ |\n| 8. | Nbxd2 | 8. | d5 |\n\
                 | We much prefer White's game. |\nGame IV.\n\
                 | 1. | e4 | 1. | e5 |\n| 2. | Nf3 | 2. | Nc6 |\n| 3. | Bc4 | 3. | Bc5 |\n";
    let (out, messages, summary) = text(input);
    assert_eq!(out, "\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *\n");
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("1:8: error: illegal move `Bd2` at 1."),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (2, 1));
}

/// An opening's lines listed a row each, every row after the first going
/// back to where it branches (`5..Be7 6 d4 …`, past the first row's last
/// move): the first row is the game and the others its alternatives, said
/// (the game a side line replaces is the one the text tells in prose
/// between them: see the test before).
#[test]
fn lines_listed_a_row_each_are_the_first_and_its_alternatives() {
    let input = "1 e4 e5 2 Nf3 Nc6 3 Bc4 Bc5 4 b4\n4..Bxb4 5 c3 5..Ba5 6 d4 exd4\n\
                 5..Be7 6 d4 Na5 7 Nxe5 Nxc4 8 Nxc4 d5\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 (5... Be7 6. d4 Na5 \
         7. Nxe5 Nxc4 8. Nxc4 d5) 6. d4 exd4 *\n"
    );
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].starts_with("3:1: warning: `Be7` goes back to move 5...: read as a side line"),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with(
            "3:1: warning: the side line begun here runs to the end of the game, a line of its own"
        ),
        "{messages:?}"
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// The next move's number glued to a move with no space (`Nge711. Ba3`,
/// `Nxd412. Bxd4`, `O-O6. Nf3`): the move, then its number, with a warning
/// (before, `Nxd` and `412.`, or the game stopped at the move before).
#[test]
fn a_move_with_the_next_number_glued_on_is_read() {
    let input = "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Nxd4 Nge75. Nc3 g6 6. Be2 Bg7 7. Be3 O-O8. O-O d6\n\
                 9. f4 a6 10. Qd2 b5 11. Rad1 Nxd412. Bxd4 Nc6 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Nxd4 Nge7 5. Nc3 g6 6. Be2 Bg7 7. Be3 O-O \
         8. O-O d6 9. f4 a6 10. Qd2 b5 11. Rad1 Nxd4 12. Bxd4 Nc6 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:44: warning: moves run together: `Nge75.` read as a move and the next one's number, `Nge7` and `5.`",
            "1:75: warning: moves run together: `O-O8.` read as a move and the next one's number, `O-O` and `8.`",
            "2:34: warning: moves run together: `Nxd412.` read as a move and the next one's number, `Nxd4` and `12.`",
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A page in Serbian Cyrillic writes its files in Cyrillic too (`2. Сф3
/// Сц6 3. Лц4`, as Serbian Wikipedia's script converter gives every move):
/// read in Serbian letters, `С` a knight and `Л` a bishop, where the board
/// rules out Russian's bishop `С` and rook `Л`.
#[test]
fn a_page_in_serbian_cyrillic_reads_its_files_in_cyrillic() {
    let input = "Одбрана два скакача је шаховско отварање које почиње потезима:\n\n\
                 1. е4 е5 2. Сф3 Сц6 3. Лц4 Сф6 4. д3 Лц5 5. Сц3 д6 6. Лг5 х6 7. Лх4 г5\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Одбрана два скакача је шаховско отварање које почиње потезима: } \
         1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. d3 Bc5 5. Nc3 d6 6. Bg5 h6 7. Bh4 g5 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// Prose after the game that lists the options for the move due, each
/// numbered, none played on (`most often the sharp 4. Ng5 and the quieter
/// 4. d4`): the commentary's, said in a warning; the game ends where its
/// moves did (before, an error: the prose held the move due). An option
/// that plays on is the game going on, the other named in a warning.
#[test]
fn options_listed_for_the_move_due_are_commentary() {
    let input = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6\n\nWhite meets most often the sharp \
                 4. Ng5 and the quieter 4. d4 in practice.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 { White meets most often the sharp 4. Ng5 \
         and the quieter 4. d4 in practice. } *\n"
    );
    assert_eq!(
        messages,
        [
            "3:37: warning: the commentary names moves not read as part of the game: `Ng5` and 1 more"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    let input = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6\n\nWhite meets most often the sharp \
                 4. Ng5 and the quieter 4. d4 exd4 in practice.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 { White meets most often the sharp 4. Ng5 \
         and the quieter } 4. d4 exd4 { in practice. } *\n"
    );
    assert_eq!(
        messages,
        ["3:37: warning: the commentary names moves not read as part of the game: `Ng5`"]
    );
    assert_eq!(summary.failed, 0);
}

/// An opening's infobox after its moves, as Wikipedia's pages flatten it:
/// the ECO code, with its label glued on (`ECOC60`, Serbian `ЕХОC55—C59`)
/// or as a range (`C60-C99`), is prose, not a move the game stops at.
#[test]
fn an_openings_eco_code_is_no_move() {
    let input = "Partita spagnola\n1. e4 e5 2. Nf3 Nc6 3. Bb5\nECOC60\nC60-C99\nЕХОC55—C59\n\
                 Origine XVI secolo\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Partita spagnola } 1. e4 e5 2. Nf3 Nc6 3. Bb5 \
         { ECOC60 C60-C99 ЕХОC55—C59 Origine XVI secolo } *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A page of several games, each under a heading of its own that names the
/// players after a label (`BORD 1: Driessen – de Mas`), the next game's
/// moves begun in its first sentence (`Na 1. d4 d5 …`): the heading begins
/// the next game, which it heads (before, the second game was read as a
/// side line of the first from its first move, an error).
#[test]
fn a_heading_before_a_sentence_with_a_first_move_begins_the_next_game() {
    let input = "BORD 5: Robert Hempelman – Marc Smits\nIk speelde wit.\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6. Daarna verloor ik.\n\n\
                 BORD 1: Leon Driessen – Luigi de Mas\n\
                 Na 1. d4 d5 2. c4 e6 dacht mijn tegenstander lang na.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ BORD 5: Robert Hempelman – Marc Smits Ik speelde wit. } 1. e4 e5 2. Nf3 Nc6 \
         3. Bb5 a6 { Daarna verloor ik. } *\n\
         { BORD 1: Leon Driessen – Luigi de Mas Na } 1. d4 d5 2. c4 e6 \
         { dacht mijn tegenstander lang na. } *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (2, 0));
}

/// Russian's letters transliterated into Latin (`Kr` the king, `F` the
/// queen, `L` the rook, `S` the bishop, `K` the knight), as pages typed
/// without Cyrillic give them: a letter set of their own, which the board
/// confirms (before, `Kf3` was no move in any set).
#[test]
fn russian_letters_transliterated_are_read() {
    let input = "1.e4 e5 2.Kf3 Kc6 3.Sb5 a6 4.Sa4 Kf6 5.O-O Se7 6.Le1 b5 7.Sb3 d6 \
                 8.c3 O-O 9.h3 Ka5 10.Sc2 c5 11.d4 Fc7 12.Kbd2 Krh8 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
         8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7 12. Nbd2 Kh8 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// A scan that loses the case of a piece's letter that is also a file's
/// (`bb5`, `ba4`): where the word read as a pawn's move is no legal one,
/// the piece's move, with a warning for each (before, an illegal move).
#[test]
fn a_piece_letter_in_lower_case_that_is_a_files_is_the_piece() {
    let input = "1.e4 e5 2.Nf3 Nc6 3.bb5 a6 4.ba4 Nf6 5.O-O be7 *\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:21: warning: `bb5` read as `Bb5`: `b` for the piece letter `B`",
            "1:30: warning: `ba4` read as `Ba4`: `b` for the piece letter `B`",
            "1:44: warning: `be7` read as `Be7`: `b` for the piece letter `B`",
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// White's moves in a row of their own over Black's (a row of their
/// numbers above, a label before each row, a word after), as old books
/// set them: read in turn where the text as written is no game, with a
/// warning at the rows (before, `Jg1f3` an illegal move of Black's).
#[test]
fn whites_and_blacks_rows_are_read_in_turn() {
    let input = "Partie:\n\n1. 2. 3. 4.\nBílý e2e4 Jg1f3 Sf1b5 Sb5a4 atd.\n\
                 Černý e7e5 Jb8c6 a7a6 Jg8f6\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Partie: Bílý Černý } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 { atd. } *\n"
    );
    assert_eq!(
        messages,
        [
            "3:1: warning: White's moves and Black's in rows of their own (this line and the next), read in turn"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    // Labelled rows with no numbers, English letters.
    let (out, messages, _) = text("White: e4 Nf3 Bb5 Ba4\nBlack: e5 Nc6 a6 Nf6\n");
    assert_eq!(
        out,
        "{ White: Black: } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n"
    );
    assert_eq!(messages.len(), 1, "{messages:?}");
}
