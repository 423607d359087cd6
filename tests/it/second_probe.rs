//! The second fault probe's cases of issue 28 (helper-17, stop 42), each
//! with what it gives now; the first probe's are in `faults`.

use crate::faults::{strict, text};

/// Second fault probe, case 9: a game that English letters read with `P`
/// for a pawn and Dutch with `P` for a knight (`1. Pf3 e5 2. e4 Pc6`) is
/// read in Dutch, whose letters name no pawn, and the choice is said; an
/// error under `--strict`.
#[test]
fn a_pawn_letter_read_as_a_piece_is_said() {
    for input in [
        "1. Pf3 e5 2. e4 Pc6 *\n",
        "[Event \"x\"]\n\n1. Pf3 e5 2. e4 Pc6 *\n",
    ] {
        let (out, messages, summary) = text(input);
        assert_eq!(out, "1. Nf3 e5 2. e4 Nc6 *\n");
        assert_eq!(summary.written, 1);
        assert_eq!(
            messages,
            [
                "1:1: warning: the letters read two ways, as Dutch and as English, and both replay legally: at 1. it is Nf3 in Dutch but f3 in English; read as Dutch, whose letters name no pawn (--from says which)"
            ]
        );
        assert_eq!(strict(input).failed, 1);
    }
}

/// Second fault probe, case 6: a `{` inside a comment before any word like
/// a move is the comment's text, as PGN has it (`{ {x }` is valid PGN);
/// after one, it still says a `}` is missing before it.
#[test]
fn a_brace_opened_inside_a_comment_before_any_move_is_text() {
    let (out, messages, summary) = text("1. e4 { {x } e5 2. Nf3 *\n");
    assert_eq!(out, "1. e4 { x } 1... e5 2. Nf3 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.written, 1);
    let (_, messages, summary) = text("1. e4 { good 1... e5 2. Nf3 { fine } 2... Nc6 *\n");
    assert_eq!(summary.failed, 1);
    assert!(
        messages[0].contains("a `}` is missing before it"),
        "{messages:?}"
    );
}

/// Second fault probe, case 8: after a blank line, a line of moves with no
/// numbers that replays from the start as far as it goes on from the game
/// before (here both to its end) begins a game, which is said (a warning,
/// an error under `--strict`); without the blank line it goes on with the
/// game, and a line that reads further as the game's continuation goes on
/// with it after a blank line too.
#[test]
fn a_line_that_replays_from_the_start_after_a_blank_line_is_a_game() {
    let tie = "3:1: warning: the line after the blank line reads both as this game going on and \
               as a game from the start; read as the next game, after the blank line";
    let cases = [
        (
            "c3 b5 Nh3 h6 Rg1 Nc6 c4 g6 g4 Na5 Rh1 Rb8\n\nNc3 c6 e4 f5 a4\n",
            "1. c3 b5 2. Nh3 h6 3. Rg1 Nc6 4. c4 g6 5. g4 Na5 6. Rh1 Rb8 *\n\
             1. Nc3 c6 2. e4 f5 3. a4 *\n",
            vec![tie],
        ),
        (
            "c3 b5 Nh3 h6 Rg1 Nc6 c4 g6 g4 Na5 Rh1 Rb8\nNc3 c6 e4 f5 a4\n",
            "1. c3 b5 2. Nh3 h6 3. Rg1 Nc6 4. c4 g6 5. g4 Na5 6. Rh1 Rb8 7. Nc3 c6 8. e4 f5 9. a4 *\n",
            vec![],
        ),
        (
            "e4 e5 Nf3 Nc6 Bb5 a6\r\n\r\nd4 exd4 Nxd4 Nf6\r\n",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. d4 exd4 5. Nxd4 Nf6 *\n",
            vec![],
        ),
    ];
    for (input, expected, said) in cases {
        let (out, messages, summary) = text(input);
        assert_eq!(out, expected, "{input:?}");
        assert_eq!(messages, said, "{input:?}");
        assert_eq!(summary.failed, 0);
        assert_eq!(strict(input).failed, said.len() as u64, "{input:?}");
    }
}

/// Second fault probe, case 4: results written in headings before their
/// games (`Carlsen - Nakamura 1-0`) are each their own game's, not the
/// game's before; the heading's names are kept as a comment.
#[test]
fn headings_with_results_give_each_game_its_own() {
    let input = "Carlsen - Nakamura 1-0\n\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n\n\
                 So - Caruana 0-1\n\n\
                 1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O\n\n\
                 Ding - Nepo 1/2-1/2\n\n\
                 1. c4 e5 2. g3 Nf6 3. Bg2 d5\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Carlsen - Nakamura } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\
         { So - Caruana } 1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 0-1\n\
         { Ding - Nepo } 1. c4 e5 2. g3 Nf6 3. Bg2 d5 1/2-1/2\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.written), (3, 3));
}

/// Second fault probe, case 10: a result said in words right after the
/// last move (a resignation naming the side, in one word or two, or a
/// draw) is the game's result; a draw word deep in a sentence is not.
#[test]
fn results_in_words_after_the_last_move_are_read() {
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
    let cases = [
        ("Weiß gab auf.", "0-1"),
        ("Schwarz gibt auf", "1-0"),
        ("Zwart geeft op", "1-0"),
        ("Белые сдались", "0-1"),
        ("Remis", "1/2-1/2"),
        ("Ничья.", "1/2-1/2"),
        ("Tablas", "1/2-1/2"),
        ("Partie nulle", "1/2-1/2"),
        ("1\u{2044}2-1\u{2044}2", "1/2-1/2"),
        ("und nach langem Kampf endete es Remis", "*"),
        ("Weiß gab Schach", "*"),
    ];
    for (words, result) in cases {
        let input = format!("{moves} {words}\n");
        let (out, messages, summary) = text(&input);
        assert!(out.starts_with(moves), "{input:?}: {out}");
        assert!(
            out.trim_end().ends_with(&format!(" {result}")),
            "{input:?}: {out}"
        );
        assert!(messages.is_empty(), "{input:?}: {messages:?}");
        assert_eq!(summary.written, 1);
    }
}

/// Second fault probe, case 10: a word that is no move is quoted as it is
/// written, and as it was read where folding changed it (`½` is read as
/// `1⁄2`).
#[test]
fn a_word_that_is_no_move_is_quoted_as_written() {
    let (_, messages, summary) = text("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ½\n");
    assert_eq!(summary.failed, 1);
    assert_eq!(
        messages,
        [
            "1:31: error: `½` (read as `1\u{2044}2`) at 4. is not a move: expected a square (a1-h8) at `\u{2044}2`"
        ]
    );
}

/// Second fault probe, case 1: games a line each with no numbers or
/// results, past `--max-game-size` all together, are each read (the limit
/// bounds a game, not the run of them); before, all were one game, too
/// large, and lost.
#[test]
fn unnumbered_games_past_the_game_size_limit_are_each_read() {
    let games: Vec<&str> = vec![
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6",
        "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7",
        "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5",
    ];
    let input: String = games
        .iter()
        .cycle()
        .take(60)
        .map(|g| format!("{g}\n"))
        .collect();
    let options = notate::convert::Options {
        format: notate::output::Format::UciLine,
        max_game_size: 200,
        ..notate::convert::Options::default()
    };
    let (out, diagnostics, summary) = notate::convert::convert_str(&input, &options);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!((summary.read, summary.written, summary.failed), (60, 60, 0));
    let expected: String = input
        .lines()
        .map(|g| format!("startpos moves {g}\n"))
        .collect();
    assert_eq!(out, expected);
}
