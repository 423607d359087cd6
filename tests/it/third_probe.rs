//! The third fault probe's cases of issue 28 (helper-19, stop 43), each
//! with what it gives now; the first probe's are in `faults`, the
//! second's in `second_probe`.

use crate::faults::{strict, text};

/// Case 1: moves in a `[ ]` aside are no PGN comment's: kept as the aside
/// was, and named in a warning, never silently; a clock command written
/// without braces keeps its brackets.
#[test]
fn moves_in_square_brackets_are_said() {
    let (out, messages, summary) = text("1. e4 e5 2. Nf3 [Nc6 3. Bb5 a6 4. Ba4 Nf6] 1-0\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 { Nc6 3. Bb5 a6 4. Ba4 Nf6 } 1-0\n");
    assert_eq!(
        messages,
        [
            "1:18: warning: the commentary names moves not read as part of the game: `Nc6` and 4 more"
        ]
    );
    assert_eq!(summary.warnings, 1);
    let (out, messages, _) = text("1. e4 e5 2. Nf3 Nc6 [%clk 0:03:00] 3. Bb5 [Diagram] a6 *\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 { [%clk 0:03:00] } 3. Bb5 { Diagram } 3... a6 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
}

/// Case 2: a tag after a game's result on the same line, or tags run
/// together on one line before a new `1.`, begin the next game, with the
/// tag lines after them; a tag inside a game's moves stays the game's.
#[test]
fn a_tag_after_the_result_on_its_line_begins_the_next_game() {
    let input = "[White \"A\"]\n[Black \"X\"]\n\n1. e4 e5 2. Nf3 1-0 [Event \"Second\"]\n\
                 [White \"B\"]\n[Black \"Y\"]\n\n1. d4 d5 2. c4 0-1\n";
    let options = notate::convert::Options {
        format: notate::output::Format::Ndjson,
        ..notate::convert::Options::default()
    };
    let (out, diagnostics, summary) = notate::convert::convert_str(input, &options);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!((summary.read, summary.written), (2, 2));
    let tags: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["tags"].clone())
        .collect();
    assert_eq!(
        tags,
        [
            serde_json::json!({"White": "A", "Black": "X"}),
            serde_json::json!({"Event": "Second", "White": "B", "Black": "Y"}),
        ]
    );
    let (out, messages, _) = text("[White \"A\"] 1. e4 e5 2. Nf3 1-0 [White \"B\"] 1. d4 d5 0-1\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 1-0\n1. d4 d5 0-1\n");
    assert!(messages.is_empty(), "{messages:?}");
    let (out, messages, _) = text("1. e4 e5 2. Nf3 [Event \"B\"] 1. d4 d5 *\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 *\n1. d4 d5 *\n");
    assert!(messages.is_empty(), "{messages:?}");
}

/// Case 3: `--` is a null move only where a move could follow it; a dash
/// of the prose is prose, and no null move is made up.
#[test]
fn a_dash_of_prose_is_no_null_move() {
    for (input, expected) in [
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 -- the Spanish.\n",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 { -- the Spanish. } *\n",
        ),
        (
            "1. e4 e5 2. Nf3 -- the most natural move -- Nc6 3. Bb5 a6 *\n",
            "1. e4 e5 2. Nf3 { -- the most natural move -- } 2... Nc6 3. Bb5 a6 *\n",
        ),
        (
            "1. e4 e5 2. Nf3 -- 3. d4 exd4 *\n",
            "1. e4 e5 2. Nf3 -- 3. d4 exd4 *\n",
        ),
        (
            "1. e4 e5 (1... -- 2. d4) 2. Nf3 *\n",
            "1. e4 e5 (1... -- 2. d4) 2. Nf3 *\n",
        ),
    ] {
        let (out, messages, summary) = text(input);
        assert_eq!(out, expected, "{input:?}");
        assert!(messages.is_empty(), "{input:?}: {messages:?}");
        assert_eq!(summary.written, 1);
    }
}

/// Case 4: results typed with spaces or in brackets are results, in a
/// heading too; none rejects the game.
#[test]
fn results_with_spaces_or_in_brackets_are_read() {
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
    for (written, result) in [
        ("1 - 0", "1-0"),
        ("1 \u{2013} 0", "1-0"),
        ("1/2 - 1/2", "1/2-1/2"),
        ("\u{bd} - \u{bd}", "1/2-1/2"),
        ("1 : 0", "1-0"),
        ("0 - 1.", "0-1"),
        ("(1-0)", "1-0"),
        ("[1-0]", "1-0"),
        ("(1 - 0)", "1-0"),
        ("[\u{bd}-\u{bd}]", "1/2-1/2"),
    ] {
        let input = format!("{moves} {written}\n");
        let (out, messages, summary) = text(&input);
        assert_eq!(out, format!("{moves} {result}\n"), "{input:?}");
        assert!(messages.is_empty(), "{input:?}: {messages:?}");
        assert_eq!(strict(&input).failed, 0, "{input:?}");
        assert_eq!(summary.written, 1);
    }
    let (out, _, _) = text("Kasparov - Topalov, Wijk aan Zee 1999 (1-0)\n\n1. e4 e5 2. Nf3 Nc6\n");
    assert_eq!(
        out,
        "{ Kasparov - Topalov, Wijk aan Zee 1999 } 1. e4 e5 2. Nf3 Nc6 1-0\n"
    );
}

/// Case 7: in movetext with glyphs, one glyph is glued to its move; the
/// next is written apart, so that the text reads back to the same NAGs
/// (`e4!?` is another NAG than `e4!` and `?`).
#[test]
fn glyphs_after_a_move_read_back_as_written() {
    let (out, _, _) = text("1. e4 $1 $2 e5 $14 $1 2. Nf3 $2 $1 *\n");
    assert_eq!(out, "1. e4! ? e5 \u{2a72} ! 2. Nf3? ! *\n");
    let options = notate::convert::Options::default();
    let (pgn, _, _) = notate::convert::convert_str(&out, &options);
    assert!(
        pgn.ends_with("1. e4 $1 $2 e5 $14 $1 2. Nf3 $2 $1 *\n\n"),
        "{pgn}"
    );
}

/// Case 6: a game's result followed on its line by a White `1.` whose move
/// plays from the start: the next game begins there (a database written on
/// one line); prose between them keeps the moves it names as commentary.
#[test]
fn a_new_first_move_right_after_a_result_begins_the_next_game() {
    let (out, messages, summary) = text("1. e4 e5 2. Nf3 1-0 1. d4 d5 2. c4 0-1\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 1-0\n1. d4 d5 2. c4 0-1\n");
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.written), (2, 2));
    let (out, messages, _) = text("1. e4 e5 2. Nf3 1-0 In the next game 1. d4 d5 was played.\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 { In the next game 1. d4 d5 was played. } 1-0\n"
    );
    assert_eq!(
        messages,
        ["1:41: warning: the commentary names moves not read as part of the game: `d4` and 1 more"]
    );
}

/// Case 5: a UTF-16 file with a UTF-8 one after it (`cat`), the UTF-8 part
/// beginning with blank lines: each part read in its own encoding, as the
/// other order was, not the second game lost.
#[test]
fn utf8_with_blank_lines_after_utf16_is_read() {
    let mut bytes = vec![0xff, 0xfe];
    bytes.extend(
        "[White \"A\"]\n\n1. e4 e5 *\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    bytes.extend(b"\n\n[White \"B\"]\n\n1. d4 d5 *\n");
    let dir = crate::common::scratch("third_probe", "joined");
    let path = dir.join("joined.pgn");
    std::fs::write(&path, &bytes).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_notate"))
        .args(["--format", "text"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1. e4 e5 *\n1. d4 d5 *\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("joins texts in different encodings"), "{err}");
    assert!(err.contains("2 games read, 2 written"), "{err}");
}

/// Results said in words after the last move: a win named with its side
/// (`White wins.`, `Schwarz gewinnt`, ending its clause), an agreed draw in
/// two words, and a negation that takes the word back (`Kein Remis`, `did
/// not resign`); a win that does not end its clause is commentary.
#[test]
fn results_in_words_wins_agreed_draws_and_negations() {
    let moves = "1. e4 e5 2. Nf3 Nc6";
    for (prose, result) in [
        ("White wins.", "1-0"),
        ("Schwarz gewinnt", "0-1"),
        ("Draw agreed.", "1/2-1/2"),
        ("Black resigned.", "1-0"),
        ("Kein Remis, der Kampf geht weiter.", "*"),
        ("Black did not resign.", "*"),
        ("Белые не сдались.", "*"),
        ("White wins the exchange later.", "*"),
    ] {
        let (out, warnings, summary) = text(&format!("{moves} {prose}\n"));
        assert_eq!(out, format!("{moves} {{ {prose} }} {result}\n"), "{prose}");
        assert!(warnings.is_empty(), "{prose}: {warnings:?}");
        assert_eq!(summary.written, 1);
    }
}

/// Found by the noisy property (seed 7171): an unclosed `{` before a long
/// move scanned with `l` for both ranks (`Крeldl`: six letters in a row)
/// holds the move due; the game is rejected, not cut short in silence.
#[test]
fn an_unclosed_comment_before_a_scanned_long_move_is_an_error() {
    let game = "[FEN \"r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq - 0 20\"]\n\n\
                20. Лhlfl b2:a1=С 21. { Крeldl jugada les guter White *\n";
    let (out, warnings, summary) = text(game);
    // A rejected game keeps its line in text output, empty.
    assert_eq!(out, "\n");
    assert_eq!(summary.failed, 1, "{warnings:?}");
}
