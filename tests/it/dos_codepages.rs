//! The DOS code pages of old PGN collections, CP437 and CP850: told among
//! the encodings tried per game, read and written by `--encoding` and
//! `--output-encoding`; and no invisible control character ever read
//! into the output from a byte an encoding leaves undefined.

use std::process::Command;

fn notate(args: &[&str], input: &[u8]) -> (i32, Vec<u8>, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_notate"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `Schottl„nder` (0x84) and `Br` + U+0081 (0x81), as Windows-1252 reads
/// CP437's `ä` and `ü`.
const DOS_GAME: &[u8] = b"[White \"Schottl\x84nder\"]\n[Black \"Br\x81ckner\"]\n\n1. e4 e5 *\n";

#[test]
fn a_cp437_game_is_told_and_read() {
    let (status, out, err) = notate(&["--format", "ndjson"], DOS_GAME);
    assert_eq!(status, 0);
    let game: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        game["tags"],
        serde_json::json!({"White": "Schottländer", "Black": "Brückner"})
    );
    assert_eq!(
        err,
        "<stdin>:1:1: warning: this game is not UTF-8 and was read as cp437 (--encoding gives another)\n\
         notate: 1 game read, 1 written, 0 rejected, 1 warning\n"
    );
}

/// Each strong signal of a DOS code page (a byte Windows-1252 leaves
/// undefined) reads as a letter, in a game after a Windows-1252 one.
#[test]
fn the_bytes_windows_1252_leaves_undefined_say_dos() {
    for (name, read) in [
        (&b"Br\x81ckner"[..], "Brückner"),
        (b"Mart\x8D", "Martì"),
        (b"\x8Fngstr\x94m", "Ångström"),
        (b"\x90mile", "Émile"),
        (b"\x9Dstergaard", "Østergaard"),
    ] {
        let mut input = b"[White \"M\xfcller\"]\n\n1. e4 *\n\n[White \"".to_vec();
        input.extend(name);
        input.extend(b"\"]\n\n1. d4 *\n");
        let (status, out, _) = notate(&["--format", "ndjson", "-q"], &input);
        assert_eq!(status, 0);
        let text = String::from_utf8(out).unwrap();
        let whites: Vec<String> = text
            .lines()
            .map(|l| {
                let game: serde_json::Value = serde_json::from_str(l).unwrap();
                game["tags"]["White"].as_str().unwrap().to_string()
            })
            .collect();
        assert_eq!(whites, ["Müller", read], "{read}");
        assert!(!text.chars().any(|c| c.is_control() && c != '\n'));
    }
}

/// Where Windows-1252 reads a game best but for a byte it has no
/// character for, that byte is U+FFFD, said so, and no control character.
#[test]
fn an_undefined_byte_is_never_a_control_character() {
    let input =
        b"[White \"M\xfcller\"]\n[Black \"\xc9mile Br\x81ck Ren\xe9 Andr\xe9\"]\n\n1. e4 *\n";
    let (status, out, err) = notate(&["--format", "ndjson"], input);
    assert_eq!(status, 0);
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("\"Black\":\"Émile Br\u{FFFD}ck René André\""),
        "{text}"
    );
    assert!(!text.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c)));
    assert!(
        err.starts_with(
            "<stdin>:1:1: warning: this game is not UTF-8 and was read as windows-1252, \
         with 1 byte(s) it has no character for read as U+FFFD (--encoding gives another)\n"
        ),
        "{err}"
    );
}

#[test]
fn cp437_and_cp850_are_read_and_written_by_name() {
    // 0x9B is `¢` in CP437, `ø` in CP850.
    let input = b"[White \"Schottl\x84nder\"]\n[Black \"Fr\x9bken\"]\n\n1. e4 *\n";
    let (_, out, _) = notate(&["--encoding", "cp850", "-q", "--format", "ndjson"], input);
    let game: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(game["tags"]["Black"], "Frøken");
    let (_, out, _) = notate(&["--encoding", "ibm437", "-q", "--format", "ndjson"], input);
    let game: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(game["tags"]["Black"], "Fr¢ken");
    // Back to CP437 bytes.
    let (status, out, _) = notate(
        &["--encoding", "cp437", "--output-encoding", "cp437", "-q"],
        DOS_GAME,
    );
    assert_eq!(status, 0);
    assert!(out.windows(12).any(|w| w == b"Schottl\x84nder"));
    assert!(out.windows(8).any(|w| w == b"Br\x81ckner"));
    // A character CP437 has no byte for is refused.
    let (status, _, err) = notate(
        &["--output-encoding", "cp437", "-q"],
        "[White \"Łukasz\"]\n\n1. e4 *\n".as_bytes(),
    );
    assert_eq!(status, 2);
    assert!(
        err.contains("`Ł` (U+0141) at line 1, column 9 cannot be written in cp437"),
        "{err}"
    );
}
