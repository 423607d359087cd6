//! How a page's prose tells where the game goes (issue 22): a move number
//! that goes back is a side line there, with no brackets; the line below
//! goes on at its own number; a look ahead settles a number that fits two
//! lines; a numbered move replaces one read before it with no number; a
//! page with several games numbered from 1; a resignation ends the moves;
//! the number due read mid-sentence; a numbered heading; a move broken
//! over lines; a piece named as taken; an unclosed comment; a result in a
//! heading or ending a quoted game; two files for a capture; a square named
//! in prose. Each with its exact output, the warning that says what was
//! made of the text, and `--strict`.

use crate::common;

use common::assert_linear;
use notate::convert::{Options, Summary, convert_str};
use notate::internals::reader::ReaderOptions;
use notate::output::Format;

/// The text output of `text`, its diagnostics as `LINE:COLUMN: severity:
/// message`, and the counts.
fn read_with(text: &str, strict: bool) -> (String, Vec<String>, Summary) {
    let options = Options {
        format: Format::Text,
        reading: ReaderOptions {
            strict,
            ..ReaderOptions::default()
        },
        ..Options::default()
    };
    let (out, diagnostics, summary) = convert_str(text, &options);
    let messages = diagnostics
        .iter()
        .map(|d| d.to_string().lines().next().unwrap_or_default().to_owned())
        .collect();
    (out, messages, summary)
}

fn read(text: &str) -> (String, Vec<String>, Summary) {
    read_with(text, false)
}

/// An alternative named by its number in the prose is a side line at that
/// move; `4.Ng5` fits both lines, and the look ahead keeps it in the side
/// line (`5.exd5 Nxd5` plays only there); `4.c3` is the game's.
#[test]
fn a_number_that_goes_back_is_a_side_line_there() {
    let text = "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5\n\
        The alternative 3...Nf6 is fine too, even after 4.Ng5, and then 4...d5 5.exd5 Nxd5 6.Nxf7 Kxf7 is sharp.\n\
        4.c3 Nf6 5.d4 exd4 6.cxd4 Bb4+ 7.Bd2\n";
    let (out, messages, summary) = read(text);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 { The alternative } (3... Nf6 { is fine too, even after } \
         4. Ng5 { and then } 4... d5 5. exd5 Nxd5 6. Nxf7 Kxf7 { is sharp. }) 4. c3 Nf6 5. d4 exd4 \
         6. cxd4 Bb4+ 7. Bd2 *\n"
    );
    assert_eq!(
        messages,
        [
            "2:17: warning: `Nf6` goes back to move 3...: read as a side line, an alternative to 3... Bc5"
        ]
    );
    assert_eq!((summary.written, summary.failed), (1, 0));
    // Under --strict the repair is an error.
    let (_, messages, summary) = read_with(text, true);
    assert!(
        messages[0].contains("error: `Nf6` goes back"),
        "{messages:?}"
    );
    assert_eq!(summary.failed, 1);
}

/// A side line to a move before the last is written after that move.
#[test]
fn a_side_line_to_an_earlier_move_is_written_after_it() {
    let (out, messages, _) = read(
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 Instead 2...d6 3.d4 is the Philidor. 4.Ba4 Nf6 5.O-O Be7\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4 { is the Philidor. }) 3. Bb5 a6 { Instead } 4. Ba4 Nf6 \
         5. O-O Be7 *\n"
    );
    assert_eq!(messages.len(), 1, "{messages:?}");
}

/// A side line in a side line, and the game's number due closing both.
#[test]
fn the_number_due_of_a_line_below_closes_the_lines_above() {
    let (out, messages, _) = read(
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 Also 3...Nf6 4.O-O Nxe4 and here 4...Be7 is quieter. 4.Ba4 Nf6\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { Also } (3... Nf6 4. O-O Nxe4 { and here } (4... Be7 { is \
         quieter. })) 4. Ba4 Nf6 *\n"
    );
    assert_eq!(messages.len(), 2, "{messages:?}");
}

/// A word read as White's move with no number of its own, and then the
/// numbered move in its place: the numbered one is the game's, the other
/// kept as a side line, said so.
#[test]
fn a_numbered_move_replaces_one_read_with_no_number() {
    let (out, messages, summary) = read("1. e4 e5 2. Nf3 Nc6 a3 3. Bb5 a6 4. Ba4 Nf6\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. a3) 3... a6 4. Ba4 Nf6 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:24: warning: `Bb5` is numbered as the move 3. read before it with no number (a3); \
             read in its place, and that one kept as a side line"
        ]
    );
    assert_eq!(summary.failed, 0);
}

/// A page with two games, each numbered from 1, and no tags: two games.
#[test]
fn a_page_with_games_numbered_from_one_each() {
    let (out, _, summary) = read("Game 1.\n1. e4 e5\n2. Nf3 Nc6\nGame 2.\n1. d4 d5\n2. c4 e6\n");
    assert_eq!(summary.written, 2);
    let games: Vec<&str> = out.lines().collect();
    assert!(games[0].contains("1. e4 e5 2. Nf3 Nc6"), "{out}");
    assert!(games[1].starts_with("1. d4 d5 2. c4 e6"), "{out}");
    // Numbers from 1 again in a tagged game, or inside a variation, are not
    // another game.
    let (_, _, summary) = read("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nc6\n1. d4\n");
    assert_eq!(summary.read, 1);
    let (_, _, summary) = read("1. e4 e5\n2. Nf3 (2. d4 exd4\n1. d4) Nc6\n");
    assert_eq!(summary.read, 1);
}

/// A resignation word ends the moves as a result does: what the prose
/// names after it is commentary, with a warning; the side named gives the
/// result.
#[test]
fn a_resignation_ends_the_moves() {
    let (out, messages, summary) = read(
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Aufgabe! Es ist klar: \
         6...Kxf7 7. Qf3+ Ke6 8. Nc3\n",
    );
    assert!(out.starts_with("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 {"));
    assert_eq!(summary.failed, 0);
    assert_eq!(
        messages,
        [
            "1:89: warning: the commentary names moves not read as part of the game: `Kxf7` and 3 more"
        ]
    );
    let (out, _, _) = read("1. e4 e5 2. Qh5 Ke7 Черные сдались.\n");
    assert_eq!(out, "1. e4 e5 2. Qh5 Ke7 { Черные сдались. } 1-0\n");
}

/// The number due in the middle of a sentence resumes the moves where no
/// later occurrence of it reads further: `6. Re1` is named, `6. d4` is
/// the game's.
#[test]
fn the_number_due_mid_sentence() {
    let (out, messages, summary) = read(
        "The Open Spanish arises after 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O when Black \
         plays 5... Nxe4. The simplest way back is 6. Re1, but more often one plays 6. d4 and \
         then 6... b5 7. Bb3 d5 8. dxe5 Be6.\n",
    );
    assert!(
        out.contains("5. O-O { when Black plays } 5... Nxe4 {")
            && out.contains("} 6. d4 { and then } 6... b5 7. Bb3 d5 8. dxe5 Be6 *"),
        "{out}"
    );
    assert_eq!(summary.failed, 0);
    assert_eq!(messages.len(), 1, "{messages:?}");
}

/// A page of alternatives at every move reads in time linear in its length:
/// the look ahead and the way back are bounded.
#[test]
fn side_lines_with_no_brackets_take_linear_time() {
    assert_linear("a page of numbered alternatives", 4_000, |n| {
        let mut text = String::new();
        for i in 0..n {
            let m = 2 * i + 1;
            let next = m + 1;
            text.push_str(&format!(
                "{m}. Nf3 Nf6 better is {m}... Nc6 {next}. Nc3 and now {next}. Ng1 Ng8 "
            ));
        }
        text.push('\n');
        text
    });
}

/// `--check` reads on after a move it cannot read, from the legal move
/// closest to it after which the game goes on (`4. Bb4` is `Ba4`: `7. Bb3`
/// then plays), and so lists every problem of the sheet; a conversion
/// stops at the first.
#[test]
fn check_reads_on_from_the_closest_legal_move() {
    let sheet = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bb4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                 8. c3 O-O 9. h3 Nb8 10. d5 Nbd7 11. Nbd2 Bb7\n";
    let errors = |go_on: bool| {
        let options = Options {
            check: go_on,
            reading: ReaderOptions {
                go_on,
                ..ReaderOptions::default()
            },
            ..Options::default()
        };
        let (_, diagnostics, summary) = convert_str(sheet, &options);
        assert_eq!((summary.read, summary.failed), (1, 1));
        diagnostics
            .iter()
            .map(|d| d.to_string().lines().next().unwrap_or_default().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        errors(true),
        [
            "1:34: error: illegal move `Bb4` at 4.; read on from the closest legal move, Ba4, to look for more",
            "1:97: error: illegal move `d5` at 10.; read on from the closest legal move, d4, to look for more",
        ]
    );
    assert_eq!(errors(false), ["1:34: error: illegal move `Bb4` at 4."]);
}

/// A side line the game never comes back from holds what follows: an
/// error, for the moves in it may be the game's own (`3...., Nf6`: a comma
/// after the dots is the page's).
#[test]
fn a_side_line_never_left_is_an_error() {
    let (out, messages, summary) = read("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Ef 3...., Nf6 4. O-O Be7\n");
    // A failed game's line, empty.
    assert_eq!(out, "\n");
    assert_eq!(summary.failed, 1);
    assert_eq!(
        messages,
        [
            "1:34: warning: `Nf6` goes back to move 3...: read as a side line, an alternative to 3... a6",
            "1:34: error: the side line begun here runs to the end of the game: the moves in it may be the game's own",
        ]
    );
}

/// A numbered heading before a page's game (`67. Skozki leikurinn.`) is
/// no move line: the `1.` after it does not begin another game, and the
/// heading is the game's opening comment (as on `Í uppnámi`, 1902).
#[test]
fn a_numbered_heading_is_no_game_of_its_own() {
    let (out, messages, summary) = read(
        "Þetta er tekið\n67. Skozki leikurinn.\nHvítt. Svart.\n1. e2—e4 e7—e5\n2. Rg1—f3 Rb8—c6\n",
    );
    assert_eq!(
        out,
        "{ Þetta er tekið 67. Skozki leikurinn. Hvítt. Svart. } 1. e4 e5 2. Nf3 Nc6 *\n"
    );
    assert_eq!(messages, Vec::<String>::new());
    assert_eq!((summary.read, summary.written), (1, 1));
}

/// A move a narrow column breaks over two lines at a sign (`Bg5 X` / `f6`,
/// `e5—` / `e6`) is read as one, with a warning; a move on a line of its
/// own after a line that ends with no sign is not joined.
#[test]
fn a_move_broken_over_lines_at_a_sign_is_one() {
    let (out, messages, _) = read(
        "1. e2—e4 e7—e5 2. Rg1—f3 Rb8—c6 3. Bf1—c4 Rg8—f6 4. Rf3—g5 d7—d5 5. e4 X\nd5 Rf6 X d5 6. Rg5 X\nf7\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:69: warning: `e4 X d5` read as one move, `e4Xd5`: spaces inside it",
            "2:4: warning: `Rf6 X d5` read as one move, `Rf6Xd5`: spaces inside it",
            "2:16: warning: `Rg5 X f7` read as one move, `Rg5Xf7`: spaces inside it",
        ]
    );
}

/// A move that names the piece it takes (`Fd3xCe4`) plays only where that
/// piece stands there: in prose, a line from a position the game never had
/// (`si … 7… Cf6xCe4 ; 8.Fd3xCe4`) does not bring the moves back, and in
/// the moves a piece named wrong is a repair.
#[test]
fn a_piece_named_as_taken_must_be_there() {
    let (out, messages, _) = read(
        "1.e2-e4 e7-e6 ; 2.d2-d4 d7-d5 ; 3.Cb1-d2 d5xe4 ; 4.Cd2xe4 Ff8-e7 ; 5.Cg1-f3 Cg8-f6 ; \
         6.Ff1-d3 Cb8-d7 ; 7.Ce4xCf6 +. Un échange malin ! 7… Cd7xCf6. Sinon, les noirs jouent \
         7… Cf6xCe4 ; 8.Fd3xCe4 Cd7-f6 ; 9.Fe4-d3.\n",
    );
    assert_eq!(
        out,
        "1. e4 e6 2. d4 d5 3. Nd2 dxe4 4. Nxe4 Be7 5. Nf3 Nf6 6. Bd3 Nbd7 7. Nxf6+ \
         { Un échange malin ! } 7... Nxf6 { Sinon, les noirs jouent 7… Cf6xCe4 ; 8.Fd3xCe4 \
         Cd7-f6 ; 9.Fe4-d3. } *\n"
    );
    assert_eq!(
        messages,
        [
            "1:175: warning: the commentary names moves not read as part of the game: `Cf6xCe4` and 3 more"
        ]
    );
    let (_, messages, _) = read("1.e4 d5 2.exBd5 Qxd5\n");
    assert_eq!(
        messages,
        ["1:11: warning: `exBd5` names a bishop taken, but the piece taken is a pawn"]
    );
}

/// A `{` never closed: where the comment holds no move that goes on with
/// the game (a page cut short in its prose, a square it names), it is kept
/// to the end with a warning; where it holds the number of the move due
/// or a move, they were read as comment, an error.
#[test]
fn an_unclosed_comment_is_an_error_only_where_it_may_hold_moves() {
    let (out, messages, summary) = read(
        "1. e4 e5 2. Nf3 Nc6 {The knight on c6 guards the square d4 and the pawn on e5, and then",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 { The knight on c6 guards the square d4 and the pawn on e5, and then } *\n"
    );
    assert_eq!(
        messages,
        [
            "1:21: warning: comment has no closing `}`: it runs to the end of the text, and holds no move that goes on with the game"
        ]
    );
    assert_eq!(summary.written, 1);
    for swallowing in [
        "1. e4 e5 2. Nf3 Nc6 {a good move 3. Bb5 a6",
        "1. e4 e5 2. Nf3 Nc6 {a good move, now Bb5 and",
        "1. e4 e5 2. Nf3 Nc6 { d4",
        "1. e4 e5 2. Nf3 Nc6 {a good move d4 exd4",
    ] {
        let (_, messages, summary) = read(swallowing);
        assert_eq!(
            messages,
            ["1:21: error: comment has no closing `}`: the rest of the game was read as comment"],
            "{swallowing}"
        );
        assert_eq!(summary.failed, 1, "{swallowing}");
    }
}

/// A page's heading before the moves may hold the result (`Result: 0-1`):
/// the game's, and its moves still to come. Its players' line, its
/// `Result:` and its `Site:` are the game's heading, taken out of the
/// commentary.
#[test]
fn a_result_before_the_first_move_is_the_headings() {
    let (out, messages, _) = read("Seibold - Keres\nResult: 0-1\nSite: corr.\n1.e4 e6 2.d4 d5\n");
    assert_eq!(out, "1. e4 e6 2. d4 d5 0-1\n");
    assert_eq!(
        messages,
        [
            "1:1: warning: `Seibold - Keres` read as the game's heading: White \"Seibold\", Black \"Keres\"",
            "2:1: warning: `Result: 0-1` read as the game's heading: Result \"0-1\"",
            "3:1: warning: `Site: corr.` read as the game's heading: Site \"corr.\""
        ]
    );
}

/// The game's first move with no number in prose is read only where the
/// moves go on from it: not a square of a position the prose lists.
#[test]
fn a_first_move_in_prose_goes_on() {
    let (out, messages, _) =
        read("Würden Sie Kh1, Ta5, Lf4. Bh3, f3, c4 noch gewinnen?\n1.d4 Sf6 2.c4 e5\n");
    assert_eq!(
        out,
        "{ Würden Sie Kh1, Ta5, Lf4. Bh3, f3, c4 noch gewinnen? } 1. d4 Nf6 2. c4 e5 *\n"
    );
    assert_eq!(
        messages,
        [
            "1:12: warning: the commentary names moves not read as part of the game: `Kh1,` and 5 more"
        ]
    );
}

/// The number of the move just played, with its side's dots, names an
/// alternative to it, even where the move it names would play as the next
/// move too (`6...Kf8? 6...Bd7, attacking b5`: not 7.Bd7 and then b5); a
/// move's `!` is no sentence's end (`8...O-O! 9.h3 h6`, which plays in
/// both lines, goes on in the side line).
#[test]
fn the_number_of_the_move_just_played_is_an_alternative_to_it() {
    let (out, messages, summary) = read(
        "1.e4 e5 2.Nf3 d6 3.d4 exd4 4.Nxd4 Nf6 5.Nc3 Be7 6.Bb5+ Kf8?\n\
         6...Bd7, attacking b5, is better.\n\
         7.O-O h6\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Nxd4 Nf6 5. Nc3 Be7 6. Bb5+ Kf8? (6... Bd7 \
         { attacking b5, is better. }) 7. O-O h6 *\n"
    );
    assert_eq!(
        messages,
        [
            "2:1: warning: `Bd7,` goes back to move 6...: read as a side line, an alternative to 6... Kf8",
            "2:20: warning: the commentary names moves not read as part of the game: `b5,`",
        ]
    );
    assert_eq!(summary.written, 1);
    let (out, _, _) = read(
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 d6 5.c3 Bd7 6.d4 Nf6 7.O-O Be7 8.Re1 Kf8?\n\
         Better 8...O-O! 9.h3 h6 is normal.\n\
         9.Nbd2 h6\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 d6 5. c3 Bd7 6. d4 Nf6 7. O-O Be7 8. Re1 Kf8? \
         { Better } (8... O-O! 9. h3 h6 { is normal. }) 9. Nbd2 h6 *\n"
    );
}

/// Two files alone are a pawn's capture among moves, Black's after White's
/// too (`8.dc bc 9.Bc4`, as Russian books write them), and prose elsewhere.
#[test]
fn two_files_are_a_capture_among_moves() {
    let (out, messages, _) = read("1. e4 e5 2. Nf3 Nc6 3. d4 Nf6 4. d5 Bc5 5. dc bc 6. Nc3 *\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. d4 Nf6 4. d5 Bc5 5. dxc6 bxc6 6. Nc3 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    let (out, _, _) = read("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 de bonne idée *\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { de bonne idée } *\n");
}

/// A square the prose names is no pawn's capture with its sign left out,
/// even at a line's start where the moves could resume (`le pion` / `f5.`
/// is not 5.exf5).
#[test]
fn a_square_in_prose_is_no_pawns_capture() {
    let (out, messages, summary) = read(
        "1. c4 c5 2. Nc3 f5 3. e4 d6 4. Bd3 e6\nLes blancs menacent le pion\nf5.\nLes noirs.\n5. exf5 exf5\n",
    );
    assert_eq!(
        out,
        "1. c4 c5 2. Nc3 f5 3. e4 d6 4. Bd3 e6 { Les blancs menacent le pion f5. Les noirs. } \
         5. exf5 exf5 *\n"
    );
    assert_eq!(
        messages,
        ["3:1: warning: the commentary names moves not read as part of the game: `f5.`"]
    );
    assert_eq!(summary.written, 1);
}

/// A result in a side line with no brackets ends that line where a move
/// number follows it past a few words of prose (another game quoted:
/// `…hxg3 0-1; Knorre - Chigorin, Petersburg 1874 9...Bg4`).
#[test]
fn a_result_then_prose_then_a_number_ends_the_side_line() {
    let (out, messages, summary) = read(
        "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O d6 5.d3 Nf6 6.Bg5 h6 7.Bh4 g5 8.Bg3 h5 9.h4 \
         9.Nxg5 h4 10.Nxf7 hxg3 0-1; Knorre - Chigorin, Petersburg 1874 9...Bg4 10.hxg5 *\n",
    );
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Nf6 6. Bg5 h6 7. Bh4 g5 8. Bg3 h5 \
         9. h4 (9. Nxg5 h4 10. Nxf7 hxg3 { 0-1 }) { Knorre - Chigorin, Petersburg 1874 } \
         9... Bg4 10. hxg5 *\n"
    );
    // The year in the prose is no move named (digits alone are, only in a
    // game in ICCF numeric notation).
    assert_eq!(
        messages,
        [
            "1:79: warning: `Nxg5` goes back to move 9.: read as a side line, an alternative to 9. h4"
        ]
    );
    assert_eq!(summary.written, 1);
}
