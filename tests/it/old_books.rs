//! Old books' move tables, in descriptive notation written out in words
//! (`P. to K's 4th.`), read through the whole pipeline: tables numbered
//! from 1 each are games apart, the number repeated for Black's move before
//! a move the board leaves ambiguous, a pawn's promotion in words, a move
//! that names no square (`K. B. checks.`, `Kt. mates.`), a rook or knight
//! named by the wing it started on.

use crate::page_classes::text;

/// `movetext` from the position `fen`, as a text with its FEN tag.
fn from(fen: &str, movetext: &str) -> String {
    format!("[FEN \"{fen}\"]\n\n{movetext} *\n")
}

/// Two tables after a heading each, the second numbered from 1 again:
/// the splitter tells a line that begins with a number and a move in
/// words as it tells `2. Nf3`, so the second `1.` begins the next game
/// (before, it was read as a side line of the first game's first move).
/// The second game's heading stays in the first game's last comment.
#[test]
fn tables_numbered_from_one_each_are_games_apart() {
    let input = "Game IV.—Between Mr. A. and Mr. B.\n\nWHITE. BLACK.\n\
                 1. P. to K's 4th. 1. P. to K's 4th.\n2. K. Kt. to B's 3d. 2. P. to Q's 3d.\n\
                 3. P. to Q's 4th. 3. P. to K. B's 4th.\nAnd White resigns.\n\n\
                 Game V.—(By Philidor.)\n\nWHITE. BLACK.\n\
                 1. P. to Q's 4th. 1. P. to Q's 4th.\n2. P. to Q. B's 4th. 2. P. to K's 3d.\n\
                 3. Kt. to Q. B's 3d. 3. Kt. to K. B's 3d.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Game IV.—Between Mr. A. and Mr. B. WHITE. BLACK. } 1. e4 e5 2. Nf3 d6 3. d4 f5 \
         { And White resigns. Game V.— } { By Philidor. } { WHITE. BLACK. } 0-1\n\
         1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (2, 0));
}

/// A table numbers Black's move as White's (`4. … 4. B. takes P.`), and
/// the move fits two captures here (Bxb4, Bxf2+): the number is Black's,
/// not a side line going back to White's 4th (`B. takes P.` as Bxf7+),
/// since the probes read a move's words whole and weigh every move the
/// word may name; the board then settles the capture.
#[test]
fn a_number_repeated_for_black_before_an_ambiguous_move_is_blacks() {
    let input = "1. P. to K's 4th. 1. P. to K's 4th.\n2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d.\n\
                 3. K. B. to Q. B's 4th. 3. K. B. to Q. B's 4th.\n\
                 4. P. to Q. Kt's 4th. 4. B. takes P.\n5. P. to Q. B's 3d. 5. B. to Q. R's 4th.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 *\n"
    );
    assert_eq!(
        messages,
        [
            "4:26: warning: `BxP` at 4... could be Bxf2 or Bxb4; read as Bxb4, the only one \
          after which the game goes on"
        ]
    );
    assert_eq!(summary.failed, 0);
}

/// A move that fits two, where the game fails further on whatever is
/// picked (a misprint fifteen moves later): the one after which the game
/// goes on over a nearer window is the move, and the failure is reported
/// where it is (before, an ambiguous move at 4...).
#[test]
fn a_move_is_settled_where_only_one_reading_goes_on_for_a_while() {
    let input = "1. P. to K's 4th. 1. P. to K's 4th.\n2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d.\n\
                 3. K. B. to Q. B's 4th. 3. K. B. to Q. B's 4th.\n\
                 4. P. to Q. Kt's 4th. 4. B. takes P.\n5. P. to Q. B's 3d. 5. B. to Q. R's 4th.\n\
                 6. P. to Q's 4th. 6. K. P. takes Q. P.\n7. Castles. 7. K. Kt. to B's 3d.\n\
                 8. P. to K's 5th. 8. P. to Q's 4th.\n9. K. B. to Q. Kt's 5th. 9. K. Kt. to K's 5th.\n\
                 10. P. takes P. 10. Castles.\n11. B. takes Kt. 11. P. takes B.\n\
                 12. Q. to Q. R's 4th. 12. B. to Q. Kt's 3d.\n\
                 13. Q. takes Q. B. P. 13. Q. B. to K. Kt's 5th.\n\
                 14. Q. B. to Q. Kt's 2d. 14. B. takes Kt.\n15. P. takes B. 15. K. Kt. to his 4th.\n\
                 16. Q. Kt. to Q's 2d. 16. K. R. to K's sq.\n\
                 17. K. to R's sq. 17. K. Kt. to K. R's 6th.\n\
                 18. P. to K. B's 4th. 18. Q. to K. R's 5th.\n\
                 19. Q. takes Q. P. 19. Kt. takes P. (ch.)\n20. K. to K's 8th. 20. Kt. to Q's 6th.\n";
    let (_, messages, summary) = text(input);
    assert_eq!(
        messages,
        [
            "4:26: warning: `BxP` at 4... could be Bxf2 or Bxb4; read as Bxb4, the only one \
             after which the game goes on",
            "19:24: warning: `KtxP ch.` at 19... could be Nxf2 or Nxf4; read as Nxf2, the only \
             one that gives the check written",
            "20:5: error: illegal move `K-K8` at 20.",
        ]
    );
    assert_eq!(summary.failed, 1);
}

/// A pawn's promotion written out: `P. queens.`, `P. one, becoming a
/// Queen.` (its step), `becoming a Q.` or `becomes a Queen` after a capture, a second queen in brackets (`(2d Q.)`), another piece
/// (`(becoming a Kt.)`), Black's rook's pawn in quotes. A pawn to the last
/// rank that names no piece is still no move.
#[test]
fn a_promotion_in_words_is_read() {
    let cases = [
        (
            "4k3/7P/8/8/8/8/8/4K3 w - - 0 1",
            "1. P. queens. K. to Q's 2d.",
            "1. h8=Q+ Kd7 *\n",
        ),
        (
            "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1",
            "1. P. takes R., becoming a Q. (ch.) K. takes Q.",
            "1. cxd8=Q+ Kxd8 *\n",
        ),
        (
            "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1",
            "1. P. takes R., becomes a Queen (ch.) K. takes Q.",
            "1. cxd8=Q+ Kxd8 *\n",
        ),
        (
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "1. P. to R's 8th. (2d Q.) K. to his 2d.",
            "1. a8=Q+ Ke7 *\n",
        ),
        (
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "1. P. to Kt's 8th. (becoming a Kt.) K. to his 2d.",
            "1. b8=N Ke7 *\n",
        ),
        (
            "4k3/8/8/8/8/8/p7/4K3 b - - 0 1",
            "1... R. P. \"Queens\" (ch.) 2. K. to his 2d.",
            "1... a1=Q+ 2. Ke2 *\n",
        ),
        // A pawn's step said as `one` (before, no move).
        (
            "4k3/8/8/8/8/8/p7/4K3 b - - 0 1",
            "1... P. one, becoming a Queen. 2. K. to his 2d.",
            "1... a1=Q+ 2. Ke2 *\n",
        ),
    ];
    for (fen, movetext, want) in cases {
        let (out, messages, summary) = text(&from(fen, movetext));
        assert_eq!(out, want, "{movetext}");
        assert!(messages.is_empty(), "{movetext}: {messages:?}");
        assert_eq!(summary.failed, 0);
    }
    let unnamed = from(
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "1. P. to Kt's 8th. K. to his 2d.",
    );
    let (_, messages, summary) = text(&unnamed);
    assert_eq!(summary.failed, 1);
    assert!(
        messages[0].starts_with("3:4: error: illegal move `P-Kt8` at 1."),
        "{messages:?}"
    );
}

/// A move that names its piece and the check or mate it gives, not its
/// square (`K. B. checks.`, `P. checks.`, `Q. mates.`): the one move of
/// that piece that gives check (or mate); where several do, an error lists
/// them.
#[test]
fn a_move_named_by_the_check_it_gives_is_read() {
    let (out, messages, _) =
        text("1. P. to K's 4th. 1. P. to Q's 3d. 2. K. B. checks. 2. P. to Q. B's 3d. *\n");
    assert_eq!(out, "1. e4 d6 2. Bb5+ c6 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    let (out, messages, _) =
        text("1. P. to K. B's 3d. 1. P. to K's 4th. 2. P. to K. Kt's 4th. 2. Q. mates. *\n");
    assert_eq!(out, "1. f3 e5 2. g4 Qh4# 0-1\n");
    assert!(messages.is_empty(), "{messages:?}");
    let pawn = from(
        "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1",
        "1. P. checks. K. to his B's 2d.",
    );
    let (out, messages, _) = text(&pawn);
    assert_eq!(out, "1. d7+ Kf7 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    let queen = from(
        "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
        "1. Q. checks. K. to his B's 2d.",
    );
    let (_, messages, summary) = text(&queen);
    assert_eq!(summary.failed, 1);
    assert!(
        messages[0].starts_with(
            "3:4: error: ambiguous move `Q checks` at 1.: could be Qa4 or Qe5 or Qa8 or Qh8"
        ),
        "{messages:?}"
    );
}

/// Old books name a rook or knight by the wing it started on (`QR`, `K.
/// Kt.`) wherever it has gone: where the pieces' places leave the move
/// ambiguous (both rooks on the king's side, neither on its home file),
/// the piece that started on the wing named is the one meant (before, an
/// ambiguous move).
#[test]
fn a_rook_named_by_the_wing_it_started_on_is_that_rook() {
    let (out, messages, summary) = text(
        "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-B4 B-B4 4. O-O N-B3 5. P-Q3 P-Q3 6. N-B3 O-O \
         7. B-K3 B-K3 8. Q-Q2 Q-Q2 9. K-R1 K-R1 10. R-KN1 R-KN1 11. QR-K1 QR-K1 \
         12. QR-KB1 KR-KB1 *\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 d6 6. Nc3 O-O 7. Be3 Be6 8. Qd2 Qd7 \
         9. Kh1 Kh8 10. Rg1 Rg8 11. Rae1 Rae8 12. Ref1 Rgf8 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.failed, 0);
}

/// A text that begins inside another game, after a game before it in the
/// same input: the note names the line of the game from the start as the
/// input numbers it (before, as the text numbered it from its own start).
#[test]
fn the_game_after_a_fragment_is_named_at_its_line_in_the_input() {
    let input = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n19. Kd1 Kd8 20. Qd5+ Kc7\n\
                 And he cannot save the game.\n\
                 GAME THE THIRD. WHITE. BLACK. 1. e4 e5 2. f4 exf4 3. Nf3 g5\n";
    let (_, messages, summary) = text(input);
    assert_eq!(
        messages,
        [
            "5:5: error: illegal move `Kd1` at 1.: no game from the start reads here; \
             the text up to the game that begins at 7:31 is read as a game of its own"
        ]
    );
    assert_eq!((summary.read, summary.failed), (3, 1));
}

/// A pawn's capture in passing said in words after it (`in passing`,
/// `(in passing)`, `en passant` glued to the move's last word as a page
/// prints it, `P.en passant`), where `P. takes P.` fits two captures: the
/// capture in passing (before, an ambiguous move, or, glued, the move
/// read as commentary and the reply as White's).
#[test]
fn a_capture_in_passing_said_in_words_is_read() {
    for said in [
        "P. takes P. in passing.",
        "P. takes P. (in passing).",
        "P. takes P.en passant.",
    ] {
        let (out, messages, summary) = text(&format!(
            "1. P. to K's 4th. 1. P. to Q. B's 4th. 2. P. to Q. Kt's 4th. 2. P. to Q. R's 3d. \
             3. P. to K's 5th. 3. P. to Q's 4th. 4. {said} 4. K. P. takes P. *\n"
        ));
        assert_eq!(out, "1. e4 c5 2. b4 a6 3. e5 d5 4. exd6 exd6 *\n", "{said}");
        assert!(messages.is_empty(), "{said}: {messages:?}");
        assert_eq!(summary.failed, 0);
    }
}

/// A move in words whose words stop short of a whole move where a move is
/// due (`2. Q. to Q.`, its rank not printed; `3. Q. takes`) is an error
/// that quotes its words (before, the words were kept as a comment with no
/// word said: a move lost). A number with a full stop after such words is
/// the next move's, not the square's rank (before, `Q. to Q. 2.` was read
/// as Qd2 and Black's move as White's); a bare number is still the rank.
/// Such words in prose, where no move is due, stay the prose's.
#[test]
fn a_move_in_words_cut_short_is_an_error_not_commentary() {
    let cases = [
        (
            "1. P. to Q's 4th. 1. P. to Q's 4th. 2. Q. to Q. 2. P. to K's 4th.\n",
            "1:40: error: `Q. to Q.` at 2. is not a move in descriptive notation: its words \
             name no rank",
        ),
        (
            "1. P. to K's 4th. 1. P. to K's 4th. 2. Q. to K. R's 5th. 2. K. to K's 2d. \
             3. Q. takes\n",
            "1:78: error: `Q. takes` at 3. is not a move in descriptive notation: its words \
             name no piece taken",
        ),
        (
            "1. P. to K's 4th. 1. P. to K's 4th. 2. K. to\nAnd White resigns.\n",
            "1:40: error: `K. to` at 2. is not a move in descriptive notation: its words \
             name no square",
        ),
    ];
    for (input, want) in cases {
        let (_, messages, summary) = text(input);
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].starts_with(want), "{messages:?}");
        assert_eq!(summary.failed, 1);
    }
    let (out, messages, _) =
        text("1. P. to Q's 4th. 1. P. to Q's 4th. 2. Q. to Q. 3 (best) 2. P. to K's 4th.\n");
    assert_eq!(out, "1. d4 d5 2. Qd3 { best } 2... e5 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    let (out, messages, _) = text(
        "1. P. to K's 4th. P. to K's 4th. If the Q. takes, White wins. \
         2. K. Kt. to B's 3d. Q. Kt. to B's 3d.\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 { If the Q. takes, White wins. } 2. Nf3 Nc6 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
}

/// The opening both castling tests below share: each side's pieces off
/// the back rank but the queen, both castlings open to both sides after
/// `7. Q. to Q's 2d.`.
const BOTH_CASTLINGS: &str = "1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. \
     2. K. Kt. to B's 3d. 3. K. B. to Q. B's 4th. 3. K. B. to Q. B's 4th. \
     4. P. to Q's 3d. 4. P. to Q's 3d. 5. Q. B. to K's 3d. 5. Q. B. to K's 3d. \
     6. Q. Kt. to B's 3d. 6. Q. Kt. to B's 3d.";

/// `Castles.` with its side written after the full stop (`Castles. Q.
/// side.`): the side that says `side` is the castling's (before, the
/// king's side, the board allowing both, and `Q. side.` kept as a
/// comment with no word said).
#[test]
fn a_castling_side_after_the_full_stop_is_the_castlings() {
    let (out, messages, _) = text(&format!(
        "{BOTH_CASTLINGS} 7. Q. to Q's 2d. 7. Q. to Q's 2d. 8. Castles. Q. side. \
         8. Castles. K. side.\n"
    ));
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. d3 d6 5. Be3 Be6 6. Nc3 Nc6 7. Qd2 Qd7 \
         8. O-O-O O-O *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
}

/// A castling in words the board does not allow (`Castles on Q's side.`
/// with the queen at home) is an illegal move, where the number repeated
/// for Black's move is followed by a move White can play (before, the
/// castling's words were taken for commentary, cut short at the length of
/// `Castles QR`, and Black's `8. Castles.` read as White's O-O, with no
/// word said).
#[test]
fn a_castling_in_words_the_board_forbids_is_an_illegal_move() {
    let (_, messages, summary) = text(&format!(
        "{BOTH_CASTLINGS} 7. P. to K. R's 3d. 7. Q. to Q's 2d. 8. Castles on Q's side. \
         8. Castles.\n"
    ));
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("1:283: error: illegal move `Castles QR` at 8."),
        "{messages:?}"
    );
    assert_eq!(summary.failed, 1);
}

/// A piece told by the square it stands on, in brackets after it (`R. (B.
/// sq.) to B's 2d.`, where the other rook can go to the king's bishop's
/// second too), and a possessive printed in capitals (`Q'S`): before, the
/// bracket ended the move's words and the whole table was kept as
/// comments, and `Q'S` made no square.
#[test]
fn a_piece_told_by_its_square_in_brackets_is_that_piece() {
    let (out, messages, summary) = text(&from(
        "5rk1/r7/8/8/8/8/8/4K3 b - - 0 1",
        "1... R. (B. sq.) to B's 2d. 2. K. to Q'S 2d.",
    ));
    assert_eq!(out, "1... Rff7 2. Kd2 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.failed, 0);
}

/// Moves that name their piece and what the move does, not its square:
/// `K. moves.` (the piece's move to an empty square), `B. interposes.`
/// (its move that stops the check; none where there is no check), a
/// capture of a pawn named as doubled (`Q. takes doubled P.`, the pawn
/// with another of its side's on its file), and a pawn's step (`P.
/// one.`). Before, the words were no move: `Q. checks.` with two checks,
/// the king's one move after them unread, was an ambiguous move; `Q.
/// takes doubled P.` an error.
#[test]
fn a_move_named_by_what_it_does_is_read() {
    let (out, messages, _) = text(&from(
        "r4rk1/2p3pp/7q/3p4/3Qp1n1/2P3P1/P4P2/RN1R2K1 b - - 2 22",
        "22... Q. checks. 23. K. moves. 23... R. takes P. (ch.)",
    ));
    assert_eq!(out, "22... Qh2+ 23. Kf1 Rxf2+ *\n");
    assert_eq!(
        messages,
        [
            "3:7: warning: `Q checks` at 22... could be Qh1 or Qh2; read as Qh2, the only one \
             after which the game goes on",
            "3:38: warning: `RxP ch.` at 23... could be Rxa2 or Rxf2; read as Rxf2, the only \
             one that gives the check written",
        ]
    );
    let check = from(
        "4k3/8/8/8/8/8/3B4/r3K3 w - - 0 1",
        "1. B. interposes. K. to his 2d.",
    );
    let (out, messages, _) = text(&check);
    assert_eq!(out, "1. Bc1 Ke7 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    let no_check = from(
        "4k3/8/8/8/8/8/3B4/4K3 w - - 0 1",
        "1. B. interposes. K. to his 2d.",
    );
    let (_, messages, summary) = text(&no_check);
    assert!(
        messages[0].starts_with("3:4: error: illegal move `B interposes` at 1."),
        "{messages:?}"
    );
    assert_eq!(summary.failed, 1);
    let doubled = from(
        "4k3/8/8/3q4/8/1P3P2/5P2/K7 b - - 0 1",
        "1... Q. takes doubled P. 2. K. to Kt's sq.",
    );
    let (out, messages, _) = text(&doubled);
    assert_eq!(out, "1... Qxf3 2. Kb1 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    // A pawn's step of one square, `P. one.`: e3, not e4.
    let step = from(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "1. P. one. K. to his 2d.",
    );
    let (out, messages, _) = text(&step);
    assert_eq!(out, "1. e3 Ke7 *\n");
    assert!(messages.is_empty(), "{messages:?}");
}

/// Old books say a side resigned with `surrenders` (`And Black
/// surrenders.`): the game's result (before, none).
#[test]
fn a_side_that_surrenders_resigns() {
    let (out, messages, _) = text(
        "1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d.\n\
         And Black surrenders.\n",
    );
    assert_eq!(out, "1. e4 e5 2. Nf3 Nc6 { And Black surrenders. } 1-0\n");
    assert!(messages.is_empty(), "{messages:?}");
}

/// A knight named by its wing (`KN-KB5`) where the board's places name
/// one (the queen's knight, gone to g3, on the king's knight's file) and
/// the game's start the other (the king's knight, gone to d4): books name
/// pieces either way, so the one read by place is said with both (before,
/// read with no word: the Blue Book's game 18 means the other).
#[test]
fn a_knight_named_by_its_wing_where_place_and_start_differ_is_said() {
    let (out, messages, _) = text(
        "1. P-K4 P-QR3 2. N-KB3 P-QN3 3. N-Q4 P-KR3 4. N-QB3 P-KN3 5. N(QB3)-K2 P-QR4 \
         6. N-KN3 B-QN2 7. KN-KB5 *\n",
    );
    assert_eq!(
        out,
        "1. e4 a6 2. Nf3 b6 3. Nd4 h6 4. Nc3 g6 5. Nce2 a5 6. Ng3 Bb7 7. Ngf5 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:96: warning: `KN-KB5` at 7. could be Ngf5 or Ndf5; read as Ngf5, by the pieces' \
             places, not Ndf5, by where they started"
        ]
    );
}
