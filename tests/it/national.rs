//! What people actually write: the seed games as printed, the example moves
//! of the Russian textbook page, and the real national-notation texts of
//! `fixtures/national/`, all read under `--from auto`.

use crate::common;

use common::fixture;
use notate::convert::{Options, convert_str};
use notate::internals::reader::ReaderOptions;
use notate::output::Format;
use notate::vocab::diag::{Diagnostic, Severity};
use serde_json::Value;

/// Converts `text` under `--from auto` to one line of English SAN movetext
/// per game.
fn to_san(text: &str) -> (String, Vec<Diagnostic>) {
    let options = Options {
        format: Format::Text,
        strip: "nags".parse().unwrap(),
        ..Options::default()
    };
    let (out, diagnostics, _) = convert_str(text, &options);
    (out, diagnostics)
}

fn strict_to_san(text: &str) -> (String, Vec<Diagnostic>) {
    let options = Options {
        format: Format::Text,
        strip: "nags".parse().unwrap(),
        reading: ReaderOptions {
            strict: true,
            ..ReaderOptions::default()
        },
        ..Options::default()
    };
    let (out, diagnostics, _) = convert_str(text, &options);
    (out, diagnostics)
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(fixture(&format!("samples/{name}"))).unwrap()
}

fn warnings(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            assert_eq!(d.severity, Severity::Warning, "{d}");
            d.to_string()
        })
        .collect()
}

// NOTATION.md section 4: the English SAN of the seed games.
const SEED_000: &str = "1. e4 e5 2. f4 f5 3. exf5 Qh4+ 4. g3 Qe7 5. Qh5+ Kd8 6. fxe5 Qxe5+ 7. Be2 Nf6 8. Qf3 d5 \
9. g4 h5 10. h3 hxg4 11. hxg4 Rxh1 12. Qxh1 Qg3+ 13. Kd1 Nxg4 14. Qxd5+ Bd7 15. Nf3 Nf2+ 16. Ke1 Nd3+ \
17. Kd1 Qe1+ 18. Nxe1 Nf2# 0-1\n";
const SEED_002: &str = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 Nxd6 7. Bg5 Nc6 8. Qe3+ Be7 \
9. Nbd2 O-O 10. O-O-O Re8 11. Kb1(=) *\n";

#[test]
fn seed_000_russian_game_as_printed() {
    let (out, diagnostics) = to_san(&sample("seed000-ru.txt"));
    assert_eq!(out, SEED_000);
    assert_eq!(
        warnings(&diagnostics),
        ["1:162: warning: moves run together: `Фxd5+Сd7` read as two moves, `Фxd5+` and `Сd7`"]
    );
}

#[test]
fn seed_002_spanish_game_short_form() {
    let (out, diagnostics) = to_san(&sample("seed002-es-short.txt"));
    assert_eq!(out, SEED_002);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
}

#[test]
fn seed_002_spanish_game_without_capture_signs_and_with_a_doubled_letter() {
    let (out, diagnostics) = to_san(&sample("seed002-es-no-captures.txt"));
    assert_eq!(out, SEED_002);
    assert_eq!(
        warnings(&diagnostics),
        ["4:6: warning: `CCe4`: the piece letter is written twice; read as one"]
    );
    let (_, strict) = strict_to_san(&sample("seed002-es-no-captures.txt"));
    assert!(
        strict
            .iter()
            .any(|d| d.is_error() && d.message.contains("CCe4")),
        "{strict:?}"
    );
}

#[test]
fn seed_002_spanish_game_long_form_read_literally() {
    let (out, diagnostics) = to_san(&sample("seed002-es-long.txt"));
    assert_eq!(out, SEED_002.replace("8. Qe3+", "8. Qd3"));
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
}

/// Each example move of the Russian textbook page (seed 003), read in a
/// position where it is legal, in a game of Russian letters.
#[test]
fn seed_003_example_moves() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2-e4",
            "e4",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e4",
            "e4",
        ),
        ("6k1/8/3p4/8/8/8/8/3R2K1 w - - 0 1", "Лd1:d6", "Rxd6"),
        ("6k1/8/3p4/8/8/8/8/3R2K1 w - - 0 1", "Л:d6", "Rxd6"),
        ("1n6/P7/7k/8/8/8/8/6K1 w - - 0 1", "a7:b8Ф", "axb8=Q"),
        ("1n6/P7/7k/8/8/8/8/6K1 w - - 0 1", "b8Ф", "axb8=Q"),
        ("3r4/4P3/2k5/8/8/8/8/6K1 w - - 0 1", "e7:d8K+", "exd8=N+"),
        ("3r4/4P3/2k5/8/8/8/8/6K1 w - - 0 1", "d8K+", "exd8=N+"),
        ("4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", "Ce2-h5++", "Bh5+"),
        ("4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", "Ch5+", "Bh5+"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e:d", "exd5"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed", "exd5"),
        ("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Лad1", "Rad1"),
        ("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Лfd1", "Rfd1"),
        ("4k3/8/8/8/N7/8/N7/6K1 w - - 0 1", "K4c3", "N4c3"),
        ("4k3/8/8/8/N7/8/N7/6K1 w - - 0 1", "К2с3", "N2c3"),
    ];
    for (fen, written, san) in cases {
        // Two Russian moves first, so that the game is read in Russian
        // letters whatever the example's own letters are.
        let number = if fen.contains(" b ") { "1..." } else { "1." };
        let text = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{number} {written} *\n");
        let options = Options {
            format: Format::Text,
            reading: ReaderOptions {
                from: vec![notate::vocab::letters::LetterSet::by_code("ru").unwrap()],
                ..ReaderOptions::default()
            },
            ..Options::default()
        };
        let (out, diagnostics, _) = convert_str(&text, &options);
        let number = if fen.contains(" b ") { "1... " } else { "1. " };
        assert_eq!(
            out,
            format!("{number}{san} *\n"),
            "{written}: {diagnostics:?}"
        );
        // `++` is double check in the textbook: no warning where it is one.
        assert!(diagnostics.is_empty(), "{written}: {diagnostics:?}");
    }
}

fn entries() -> Vec<Value> {
    std::fs::read_to_string(fixture("national/national_games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The movetext of an entry's English SAN, as notate writes it: with the
/// result of a game that ends in mate (python-chess's SAN marks it `#`).
fn expected_san(entry: &Value) -> (String, bool) {
    let derived = &entry["derived"];
    let (san, repaired) = match derived.get("lenient_origin_square_ignored") {
        Some(lenient) => (lenient["english_san"].as_str().unwrap(), true),
        None => (derived["strict"]["english_san"].as_str().unwrap(), false),
    };
    (format!("{san} {}\n", mate_result(san)), repaired)
}

/// The result a game in SAN (`1. e4 …`) ends with: `1-0` or `0-1` after
/// mate, `*` otherwise.
fn mate_result(san: &str) -> &'static str {
    if !san.ends_with('#') {
        return "*";
    }
    let moves = san.split_whitespace().filter(|w| !w.ends_with('.')).count();
    if moves % 2 == 1 { "1-0" } else { "0-1" }
}

#[test]
fn every_national_text_converts_under_auto() {
    let entries = entries();
    assert!(entries.len() >= 11);
    for entry in &entries {
        let id = entry["id"].as_str().unwrap();
        let (want, repaired) = expected_san(entry);
        let (out, diagnostics) = to_san(entry["mainline_input"].as_str().unwrap());
        assert_eq!(out, want, "{id}: {diagnostics:?}");
        let warnings = warnings(&diagnostics);
        if repaired {
            assert_eq!(warnings.len(), 1, "{id}: {warnings:?}");
        } else {
            assert!(warnings.is_empty(), "{id}: {warnings:?}");
        }
    }
}

#[test]
fn the_wrong_origin_square_is_repaired_with_a_warning_and_refused_under_strict() {
    let entry = entries()
        .into_iter()
        .find(|e| e["id"] == "ru_litfond_game28")
        .unwrap();
    let text = entry["mainline_input"].as_str().unwrap();
    let (_, diagnostics) = to_san(text);
    assert_eq!(
        warnings(&diagnostics),
        [
            "1:134: warning: `Cc4-b3` at 9.: no bishop on c4 can go to b3; read as the only bishop that can, from a4 (Bb3)"
        ]
    );
    let (out, strict) = strict_to_san(text);
    assert_eq!(
        out, "\n",
        "a game with an error is left out (its line empty)"
    );
    assert!(strict[0].is_error(), "{strict:?}");
}

/// The textbook page as printed: a heading, prose between the moves (with
/// moves in it), Latin `K` and `C` among Cyrillic letters.
#[test]
fn a_russian_textbook_page_with_prose() {
    let entry = entries()
        .into_iter()
        .find(|e| e["id"] == "ru_litfond_game28")
        .unwrap();
    let (want, _) = expected_san(&entry);
    let options = Options {
        format: Format::Text,
        strip: "comments,nags".parse().unwrap(),
        ..Options::default()
    };
    let (out, diagnostics, _) = convert_str(entry["verbatim"].as_str().unwrap(), &options);
    // The page ends `Белые сдались` (White resigned): the result is Black's.
    let want = want.replace(" *\n", " 0-1\n");
    assert_eq!(out, want);
    // The wrong origin square, and the moves the prose names that are not
    // the game's (alternatives, analysis), each stretch reported once.
    let warnings = warnings(&diagnostics);
    assert_eq!(
        warnings,
        [
            "5:78: warning: the commentary names moves not read as part of the game: `e5` and 5 more",
            "8:55: warning: the commentary names moves not read as part of the game: `d2-d3` and 4 more",
            "12:4: warning: `Cc4-b3` at 9.: no bishop on c4 can go to b3; read as the only bishop that can, from a4 (Bb3)",
            "13:67: warning: the commentary names moves not read as part of the game: `c5-c4` and 1 more",
        ]
    );
    // The prose is kept, as comments.
    let (pgn, _, _) = convert_str(entry["verbatim"].as_str().unwrap(), &Options::default());
    let pgn = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        pgn.contains("{ Одна из лучших защит в испанской партии."),
        "{pgn}"
    );
    assert!(pgn.contains("{ № 28. }"), "{pgn}");
}

#[test]
fn texts_that_read_legally_two_ways_are_read_by_the_priors_and_reported() {
    // `L` is a German bishop and an Estonian queen; both can go to e2 and
    // e7. German, the more widely used, is taken, with a warning that names
    // the other reading.
    let (out, diagnostics) = to_san("1. e4 e5 2. Le2 Le7 *");
    assert_eq!(out, "1. e4 e5 2. Be2 Be7 *\n");
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].severity, Severity::Warning);
    assert_eq!(
        diagnostics[0].message,
        "the letters read two ways, as German and as Estonian, and both replay legally: \
         at 2. it is Be2 in German but Qe2 in Estonian; read as German, the more widely used \
         language of the two (--from says which)"
    );
    // Under --strict the choice is an error.
    let (out, strict) = strict_to_san("1. e4 e5 2. Le2 Le7 *");
    assert_eq!(
        out, "\n",
        "an ambiguous game is not written under --strict (its line empty)"
    );
    assert!(
        strict[0].is_error() && strict[0].message.contains("--strict"),
        "{strict:?}"
    );
    // Naming the letters settles it.
    let options = Options {
        format: Format::Text,
        reading: ReaderOptions {
            from: vec![notate::vocab::letters::LetterSet::by_code("et").unwrap()],
            ..ReaderOptions::default()
        },
        ..Options::default()
    };
    assert_eq!(
        convert_str("1. e4 e5 2. Le2 Le7 *", &options).0,
        "1. e4 e5 2. Qe2 Qe7 *\n"
    );
    // A game before it in Estonian letters (`O` is its bishop) makes it
    // Estonian.
    let (out, diagnostics) = to_san("1. e4 e5 2. Oc4 Oc5 *\n\n1. e4 e5 2. Le2 Le7 *");
    assert_eq!(out, "1. e4 e5 2. Bc4 Bc5 *\n1. e4 e5 2. Qe2 Qe7 *\n");
    assert!(
        diagnostics[0].message.ends_with(
            "read as Estonian, the letters of the input's earlier games (--from says which)"
        ),
        "{diagnostics:?}"
    );
}

#[test]
fn look_alikes_and_pawn_letters_break_ties() {
    // `C` is a Spanish knight and a Russian bishop (look-alike `С`); with a
    // Cyrillic `Ф` in the game it is Russian.
    let (out, diagnostics) = to_san("1. e4 e5 2. Cc4 Фh4 *");
    assert_eq!(out, "1. e4 e5 2. Bc4 Qh4 *\n", "{diagnostics:?}");
    // Finnish writes pawns `S`, German knights, and both readings of these
    // moves are legal; pawns are written without a letter (FIDE Laws C.4),
    // so the German reading wins.
    let (out, _) = to_san("1. Sf3 Sf6 2. Sc3 Sc6 *");
    assert_eq!(out, "1. Nf3 Nf6 2. Nc3 Nc6 *\n");
}
