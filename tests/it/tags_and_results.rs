//! Tags from the user (`--tag NAME=VALUE`), the result as written
//! (`--keep-result`), and a game of tags and a result alone (a forfeit, an
//! agreed draw), which is whole PGN and warns of nothing.

use std::process::Command;

use notate::Severity;
use notate::convert::{Options, convert_str};
use notate::internals::reader::ReaderOptions;
use notate::output::Format;

fn notate(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_notate"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn tags_are_set_and_overridden_in_every_game() {
    let (status, out, err) = notate(&[
        "-q",
        "--tag",
        "Event=Club championship",
        "--tag",
        "Round=3",
        "--tag",
        "Annotator=A \"B\"",
        "-e",
        "[Event \"old\"]\n[White \"Smith\"]\n\n1. e4 e5 1-0",
        "-e",
        "1. d4 d5 *",
    ]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "[Event \"Club championship\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"3\"]\n\
         [White \"Smith\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[Annotator \"A \\\"B\\\"\"]\n\n1. e4 e5 1-0\n\n\
         [Event \"Club championship\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"3\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Annotator \"A \\\"B\\\"\"]\n\n1. d4 d5 *\n\n"
    );
}

#[test]
fn tags_go_into_ndjson_too() {
    let options = Options {
        format: Format::Ndjson,
        tags: vec![("Site".into(), "Leeds".into())],
        ..Options::default()
    };
    let (out, _, _) = convert_str("[Site \"x\"]\n\n1. e4 *", &options);
    let game: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(game["tags"], serde_json::json!({"Site": "Leeds"}));
}

#[test]
fn tags_that_come_from_the_game_are_refused() {
    for (arg, why) in [
        (
            "Result=1-0",
            "--tag: the Result is settled from the game; --keep-result keeps the one written",
        ),
        (
            "FEN=8/8/8/8/8/8/8/8 w - - 0 1",
            "--tag: the FEN tag says where the moves start, and is read from the game",
        ),
        // In any case, as the reader takes them (a fault probe's `fen=`
        // wrote PGN notate then rejected).
        (
            "result=0-1",
            "--tag: the Result is settled from the game; --keep-result keeps the one written",
        ),
        (
            "fen=4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--tag: the FEN tag says where the moves start, and is read from the game",
        ),
        (
            "Event",
            "--tag: `Event` is not NAME=VALUE (e.g. Event=Club championship)",
        ),
        (
            "Ev ent=x",
            "--tag: `Ev ent` is no tag name (letters, digits and _ only)",
        ),
    ] {
        let (status, out, err) = notate(&["--tag", arg, "-e", "1. e4 *"]);
        assert_eq!((status, out.as_str()), (2, ""), "{arg}");
        assert_eq!(
            err.lines().next(),
            Some(format!("error: {why}").as_str()),
            "{arg}"
        );
    }
}

/// Fool's mate given as a White win.
const MATED: &str = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4 1-0\n";

#[test]
fn the_board_decides_the_result_unless_it_is_kept() {
    let (out, diagnostics, _) = convert_str(MATED, &Options::default());
    assert!(
        out.contains("[Result \"0-1\"]") && out.ends_with("2. g4 Qh4# 0-1\n\n"),
        "{out}"
    );
    assert_eq!(
        diagnostics[0].message,
        "the game ends in mate, so the result is 0-1, but it is given as 1-0; written 0-1"
    );
    let keep = Options {
        reading: ReaderOptions {
            keep_result: true,
            ..ReaderOptions::default()
        },
        ..Options::default()
    };
    let (out, diagnostics, summary) = convert_str(MATED, &keep);
    assert!(
        out.contains("[Result \"1-0\"]") && out.ends_with("2. g4 Qh4# 1-0\n\n"),
        "{out}"
    );
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].severity, Severity::Warning);
    assert_eq!(
        diagnostics[0].message,
        "the game ends in mate, so the result is 0-1, but it is given as 1-0; kept 1-0 (--keep-result)"
    );
    assert_eq!((summary.written, summary.warnings), (1, 1));
    // `*` is kept too, and says nothing: it does not disagree.
    let (out, diagnostics, _) = convert_str("1. f3 e5 2. g4 Qh4 *", &keep);
    assert!(out.ends_with("2. g4 Qh4# *\n\n"), "{out}");
    assert!(diagnostics.is_empty());
    // The command line's flag.
    let (status, out, err) = notate(&["--keep-result", "--format", "text", "-e", MATED]);
    assert_eq!((status, out.as_str()), (0, "1. f3 e5 2. g4 Qh4# 1-0\n"));
    assert!(err.contains("kept 1-0 (--keep-result)"), "{err}");
}

#[test]
fn a_game_of_tags_and_a_result_alone_warns_of_nothing() {
    for result in ["1/2-1/2", "1-0", "0-1", "*"] {
        let text = format!("[Event \"forfeit\"]\n[Result \"{result}\"]\n\n{result}\n\n1. e4 *\n");
        let (out, diagnostics, summary) = convert_str(&text, &Options::default());
        assert!(diagnostics.is_empty(), "{result}: {diagnostics:?}");
        assert_eq!((summary.read, summary.written, summary.warnings), (2, 2, 0));
        assert!(
            out.contains(&format!("[Result \"{result}\"]\n\n{result}\n\n")),
            "{out}"
        );
    }
    // A tag section followed by nothing at all is still said.
    let (_, diagnostics, _) = convert_str("[Event \"cut\"]\n", &Options::default());
    let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(messages, ["the game has tags but no moves"]);
}

/// The TWIC sample's two games of tags and a result warn no more: the run
/// is quiet.
#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared, the corpus")]
fn the_twic_sample_is_quiet() {
    let Some(shared) = crate::common::shared() else {
        return;
    };
    let path = shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn");
    let (status, _, err) = notate(&["-q", path.to_str().unwrap()]);
    assert_eq!((status, err.as_str()), (0, ""));
}
