//! The formats of a line per game (`--format text`, `uci-line`): line N of
//! the output is game N of the input, a failed game's line empty; and
//! `--to uci --format text`, the main line's moves alone.

use std::process::Command;

use notate::convert::{Options, convert_str};
use notate::notation::style::{Form, Style};
use notate::output::Format;

/// Three games, the second failing (`Ke3` is illegal).
const THREE: &str = "1. e4 e5 2. Nf3 *\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n";

fn convert(format: Format, form: Form, text: &str) -> (String, u64, u64) {
    let options = Options {
        format,
        style: Style {
            form,
            ..Style::default()
        },
        ..Options::default()
    };
    let (out, _, summary) = convert_str(text, &options);
    (out, summary.read, summary.failed)
}

#[test]
fn a_failed_game_keeps_its_empty_line_in_text() {
    let (out, read, failed) = convert(Format::Text, Form::San, THREE);
    assert_eq!(out, "1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n");
    assert_eq!((read, failed), (3, 1));
    assert_eq!(out.lines().count() as u64, read);
}

#[test]
fn a_failed_game_keeps_its_empty_line_in_uci_line() {
    let (out, read, _) = convert(Format::UciLine, Form::San, THREE);
    assert_eq!(
        out,
        "startpos moves e2e4 e7e5 g1f3\n\nstartpos moves d2d4 d7d5\n"
    );
    assert_eq!(out.lines().count() as u64, read);
}

#[test]
fn uci_text_is_bare_moves() {
    let (out, _, _) = convert(Format::Text, Form::Uci, THREE);
    assert_eq!(out, "e2e4 e7e5 g1f3\n\nd2d4 d7d5\n");
    // No numbers, comments, variations or result; castling and promotion
    // as UCI writes them.
    let game = "1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O $1 1-0";
    let (out, _, _) = convert(Format::Text, Form::Uci, game);
    assert_eq!(out, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\n");
    let (out, _, _) = convert(
        Format::Text,
        Form::Uci,
        "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=Q *",
    );
    assert_eq!(out, "a7a8q\n");
}

/// An oversized game is a failed game too: its line stays.
#[test]
fn an_oversized_game_keeps_its_line() {
    let big = format!("1. e4 {{{}}} e5 *", "x".repeat(4000));
    let text = format!("1. d4 *\n\n{big}\n\n1. c4 *\n");
    let options = Options {
        format: Format::Text,
        max_game_size: 1000,
        ..Options::default()
    };
    let (out, _, summary) = convert_str(&text, &options);
    assert_eq!(out, "1. d4 *\n\n1. c4 *\n");
    assert_eq!((summary.read, summary.failed), (3, 1));
}

/// The command line, on many threads: the same lines.
#[test]
fn the_command_line_keeps_a_line_per_game() {
    let games: String = (0..300)
        .map(|i| match i % 7 {
            3 => "1. e4 e5 2. Ke3 *\n\n".to_string(),
            _ => format!("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 {{game {i}}} *\n\n"),
        })
        .collect();
    let dir = crate::common::scratch("line_formats", "many");
    let path = dir.join("many.pgn");
    std::fs::write(&path, &games).unwrap();
    for format in ["text", "uci-line"] {
        let out = Command::new(env!("CARGO_BIN_EXE_notate"))
            .args(["-q", "-j", "3", "--format", format])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 300, "{format}");
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line.is_empty(), i % 7 == 3, "{format}, game {}", i + 1);
        }
    }
}
