//! Greek (its own file letters), Turkish and the ChessBase figurine font:
//! a real game written in each and read back, the real Greek and Turkish
//! page texts read to their main lines, and the page's prose language as
//! the prior between letter sets that read a game equally well.

use notate::convert::{Options, convert_str};
use notate::notation::style::{Conventions, Form, Style};
use notate::output::Format;
use notate::vocab::letters::{ENGLISH, LetterSet};
use notate::{ReaderOptions, Severity, read};
use serde_json::Value;

use crate::common::{fixture, read_games, read_games_with, shared};

fn written(text: &str, form: Form, code: &str) -> String {
    let options = Options {
        style: Style {
            form,
            letters: LetterSet::by_code(code).unwrap(),
            conventions: Conventions::PGN,
        },
        format: Format::Pgn,
        ..Options::default()
    };
    let (out, diagnostics, summary) = convert_str(text, &options);
    assert_eq!(summary.failed, 0, "{diagnostics:?}");
    out
}

/// The first games of a corpus file, written in Greek, Turkish and the
/// ChessBase font, short and long, read back (under the set and under
/// auto) to the same moves; Greek is written with Greek files.
#[test]
fn corpus_games_written_in_greek_turkish_and_chessbase_read_back() {
    let text =
        std::fs::read_to_string(fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn")).unwrap();
    let original = read_games(text.as_bytes(), &ENGLISH);
    assert!(original.len() > 50);
    for code in ["el", "tr", "chessbase"] {
        for form in [Form::San, Form::Lan] {
            let out = written(&text, form, code);
            if code == "el" {
                assert!(
                    out.contains("1. ε4") || out.contains("1. δ4"),
                    "{}",
                    &out[..400]
                );
                assert!(!out.contains(" Nf3"), "{}", &out[..400]);
            }
            let set = LetterSet::by_code(code).unwrap();
            for back in [
                read_games(out.as_bytes(), set),
                read_games_with(out.as_bytes(), &ReaderOptions::default()),
            ] {
                assert_eq!(back.len(), original.len(), "{code} {form:?}");
                for (a, b) in original.iter().zip(&back) {
                    assert_eq!(a.san, b.san, "{code} {form:?}: {:?}", b.messages);
                }
            }
        }
    }
}

/// The page texts of `path` whose id starts with `prefix`.
fn entries(path: &std::path::Path, prefix: &str) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["id"].as_str().unwrap().starts_with(prefix))
        .collect()
}

fn pages(prefix: &str) -> Vec<Value> {
    let mut all = entries(&fixture("pages/pages.jsonl"), prefix);
    if let Some(shared) = shared() {
        all.extend(entries(
            &shared.join("national/national_games_2.jsonl"),
            prefix,
        ));
    }
    all
}

/// The longest main line a text reads to, in UCI, and the errors said.
fn main_line(text: &str) -> (Vec<String>, Vec<String>) {
    let games = read(text, &ReaderOptions::default());
    let best = games
        .iter()
        .max_by_key(|g| g.mainline().count())
        .expect("a game");
    let moves = best
        .mainline()
        .map(|m| m.uci(best.castling_mode).to_string())
        .collect();
    let errors = best
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    (moves, errors)
}

fn derived(entry: &Value) -> Vec<String> {
    entry["derived"]["strict"]["uci"]
        .as_array()
        .map(|a| a.iter().map(|m| m.as_str().unwrap().to_owned()).collect())
        .unwrap_or_else(|| {
            entry["derived"]["strict"]["uci"]
                .as_str()
                .unwrap()
                .split_whitespace()
                .map(str::to_owned)
                .collect()
        })
}

/// The Greek and Turkish pages read to exactly their derived main lines;
/// where the page has a defect its notes describe (a typo, a glyph lost
/// in extraction), the line stops there with an error at that move.
#[test]
fn greek_and_turkish_pages_read_to_their_main_lines() {
    let mut seen = 0;
    for prefix in ["el_", "tr_"] {
        for entry in pages(prefix) {
            let id = entry["id"].as_str().unwrap();
            let (moves, errors) = main_line(entry["verbatim"].as_str().unwrap());
            assert_eq!(moves, derived(&entry), "{id}");
            let defect = entry["notes"].as_str().unwrap().contains("DEFECT");
            if defect {
                assert!(
                    errors.iter().any(|e| e.contains("illegal move")),
                    "{id}: {errors:?}"
                );
            }
            seen += 1;
        }
    }
    assert!(seen >= 2, "{seen}");
}

/// The set a text is read in, by its code.
fn letters_of(text: &str) -> Vec<&'static str> {
    read(text, &ReaderOptions::default())
        .iter()
        .filter_map(|g| g.letters.map(|l| l.code))
        .collect()
}

/// Pages whose letters Spanish, Italian and Catalan (or German and
/// Swedish) read alike are named for the language of their prose.
#[test]
fn a_page_is_named_for_its_prose_where_its_letters_fit_several_sets() {
    for (id, code) in [
        ("it_linuxinterflorence_dubois_rook_odds_1862", "it"),
        ("ca_xtec_martin_sempere_1999", "ca"),
        ("es_ajedrezalaciega_marshall_capablanca_1909", "es"),
        ("sv_larsgrahn_skage_macieja_2007", "sv"),
    ] {
        let entry = &entries(&fixture("pages/pages.jsonl"), id)[0];
        let letters = letters_of(entry["verbatim"].as_str().unwrap());
        assert!(letters.contains(&code), "{id}: {letters:?}");
    }
}

/// A position where `K` moves as a king (Hungarian) and as a rook
/// (Turkish) alike, `F` a bishop in both: the prose around the moves,
/// sentences of the Turkish and Hungarian pages, decides; English PGN
/// letters, where they read it, keep English whatever the prose.
#[test]
fn the_prose_language_decides_a_tie_between_letter_sets() {
    let turkish = "Siyah 3 hamlede nasıl mat etti? Lasker beyazdır, ve bu çok iyi bir oyun.";
    let hungarian =
        "A világos a játszma után azt mondta, hogy ez volt a legjobb lépés, és nem is az első.";
    let game = |prose: &str| {
        format!("[FEN \"r3k3/8/8/8/8/8/8/R3KB2 w - - 0 1\"]\n\n{{{prose}}} 1. Fc4 Kd8 2. Kd1 *\n")
    };
    let reading = |text: &str| {
        let games = read(text, &ReaderOptions::default());
        let g = &games[0];
        let (_, uci): (String, String) = crate::common::mainline(g);
        let warned = g
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Warning && d.message.contains("read two ways"));
        (g.letters.map(|l| l.code), uci, warned)
    };
    let (code, uci, warned) = reading(&game(turkish));
    assert_eq!(code, Some("tr"));
    assert_eq!(uci, "f1c4 a8d8 a1d1");
    assert!(warned);
    let (code, uci, _) = reading(&game(hungarian));
    assert_eq!(code, Some("hu"));
    assert_eq!(uci, "f1c4 e8d8 e1d1");
    // No prose: the more widely used of the two.
    assert_eq!(reading(&game("")).0, Some("hu"));
    // English letters read it: PGN's letters, whatever the prose says.
    let english =
        format!("[FEN \"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n{{{turkish}}} 1. Kd1 Kd8 *\n");
    let (code, uci, _) = reading(&english);
    assert_eq!(code, Some("en"));
    assert_eq!(uci, "e1d1 e8d8");
}
