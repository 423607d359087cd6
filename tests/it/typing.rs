//! Moves as real pages type them (issue 22): spaces inside moves, numbers
//! with a comma, a slash or nothing after them, `ç` for `c`, the piece
//! taken named (`Ce4xCf6`), evaluations glued on (`0–0–/+`, `Nb6=`),
//! moves run together as pasted replay text has them (`1.d4Nf62.c4`).
//! Each real text of `fixtures/pages/` (and `../shared/national/`) is read
//! verbatim: its main line as derived, or further where its notes give the
//! game by hand past the point a strict reading stopped, with a warning
//! naming each repair; under `--strict` each repair is an error.

use std::path::Path;

use notate::game::Game;
use notate::{ReaderOptions, Severity, read};
use serde_json::Value;

use crate::common::{fixture, mainline, shared};

/// The entry `id` of a `.jsonl` file of page texts.
fn entry(path: &Path, id: &str) -> Value {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["id"] == id)
        .unwrap_or_else(|| panic!("no entry {id}"))
}

fn page(id: &str) -> Value {
    entry(&fixture("pages/pages.jsonl"), id)
}

/// The entry `id` of `../shared/national/`, where it is there.
fn national(name: &str, id: &str) -> Option<Value> {
    let path = shared()?.join("national").join(name);
    path.exists().then(|| entry(&path, id))
}

/// The derived main line of an entry, in English SAN with move numbers.
fn derived(entry: &Value) -> String {
    match &entry["derived"]["strict"]["english_san"] {
        Value::String(s) => s.clone(),
        Value::Array(moves) => moves
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect::<Vec<_>>()
            .join(" "),
        other => panic!("no derived line: {other}"),
    }
}

/// The games of an entry's verbatim text, read as `strict` says.
fn games(entry: &Value, strict: bool) -> Vec<Game> {
    let options = ReaderOptions {
        strict,
        ..ReaderOptions::default()
    };
    read(entry["verbatim"].as_str().unwrap(), &options)
}

/// The longest main line of `games`, in SAN with move numbers.
fn longest(games: &[Game]) -> String {
    let mut best = String::new();
    for g in games {
        let (san, _) = mainline(g);
        let numbered = numbered(&san);
        if numbered.len() > best.len() {
            best = numbered;
        }
    }
    best
}

/// `e4 e5 Nf3` as `1. e4 e5 2. Nf3`.
fn numbered(san: &str) -> String {
    let mut out = Vec::new();
    for (i, m) in san.split_whitespace().enumerate() {
        if i % 2 == 0 {
            out.push(format!("{}. {m}", i / 2 + 1));
        } else {
            out.push(m.to_string());
        }
    }
    out.join(" ")
}

/// Every diagnostic of `games` of `severity`, as its message.
fn messages(games: &[Game], severity: Severity) -> Vec<String> {
    games
        .iter()
        .flat_map(|g| g.diagnostics.iter())
        .filter(|d| d.severity == severity)
        .map(|d| d.message.clone())
        .collect()
}

fn has(messages: &[String], part: &str) {
    assert!(
        messages.iter().any(|m| m.contains(part)),
        "no message holds {part:?}: {messages:#?}"
    );
}

#[test]
fn long_algebraic_with_spaced_captures_and_the_piece_taken() {
    let entry = page("fr_ezerkan_long_algebraic_piece_named");
    let games = games(&entry, false);
    // Past `8) Dd1x Cg4`, where the strict derivation stops, as its notes
    // give the game by hand (17.Qf6 is the prose's, after Black resigned).
    let by_hand = " 8. Qxg4 Nxd4 9. Qd1 e5 10. Nb5 O-O 11. Be2 Qh4 12. Nxd4 exd4 \
                   13. Bxd4 Qxe4 14. Bxg7 Qxg2 15. Qd4 Qxh1+ 16. Kd2 Qxa1 17. Qf6";
    assert_eq!(longest(&games), format!("{}{by_hand}", derived(&entry)));
    let warnings = messages(&games, Severity::Warning);
    has(
        &warnings,
        "`Dd1x Cg4` read as one move, `Dd1xCg4`: spaces inside it",
    );
    has(
        &warnings,
        "`Cc6 x Cd4` read as one move, `Cc6xCd4`: spaces inside it",
    );
    // Under --strict each repair is an error.
    let strict = games_strict(&entry);
    has(
        &messages(&strict, Severity::Error),
        "`Dd1x Cg4` read as one move",
    );
}

fn games_strict(entry: &Value) -> Vec<Game> {
    games(entry, true)
}

#[test]
fn a_cedilla_for_c_and_captures_typed_apart() {
    let entry = page("fr_correspondances_cedilla_spaced_captures");
    let games = games(&entry, false);
    // As the notes read it by hand, to 17.Rxe5; `17 ... Td8` could be
    // either rook, which the page does not say.
    let by_hand = " 8... dxe4 9. Nxe4 Nxe4 10. Qxe4 Bf6 11. c3 O-O 12. O-O h6 13. Rfe1 Qb6 \
                   14. Ne5 Bxe5 15. Bxe5 Nd7 16. Qg4 Nxe5 17. Rxe5";
    let want = format!("{}{by_hand}", derived(&entry)).replace(" 8. e4 8...", " 8. e4");
    assert_eq!(longest(&games), want);
    let warnings = messages(&games, Severity::Warning);
    has(&warnings, "`Cç3` read as `Cc3`: `ç` for the file c");
    has(&warnings, "`ç6` read as `c6`: `ç` for the file c");
    has(
        &warnings,
        "`D x d3` read as one move, `Dxd3`: spaces inside it",
    );
    has(
        &warnings,
        "`dx e4` read as one move, `dxe4`: spaces inside it",
    );
    has(&messages(&games, Severity::Error), "ambiguous move `Td8`");
}

#[test]
fn the_piece_taken_named_in_short_form() {
    let entry = page("it_quinews_alekhine_captured_piece_named");
    let games = games(&entry, false);
    // `CxAf7`, `CxCf7`, `DxCf7`, `gxAf3` name what they take, `7) Axf7 +,`
    // has its sign apart; the game goes on to `14) exCd4`, the author's
    // slip (the c-pawn takes on d4), past the side line `(se cxCd4, DxAc1
    // +, Re2, DxTh1…ecc.)`, kept as a comment.
    let by_hand = " 7... Nxf7 8. Nxf7 Qxf7 9. Qxb7 Kd7 10. Qxa8 Qc4 11. f3 Bxf3 \
                   12. gxf3 Nd4 13. d3 Qxd3";
    let want = format!("{}{by_hand}", derived(&entry)).replace("+ 7...", "+");
    assert_eq!(longest(&games), want);
    has(
        &messages(&games, Severity::Error),
        "illegal move `exCd4` at 14.",
    );
}

#[test]
fn commas_between_moves_and_glued_to_them() {
    let entry = page("sr_nin_jelen_beljavski_2002_commas");
    let games = games(&entry, false);
    // Read exactly: `Ld3,f5.`, `ef,Lb4+.`, `c5,bc.`; the page's defect
    // (`a11.Sf3`, `a` for the spaces) stops it where the derivation does.
    assert_eq!(longest(&games), derived(&entry));
    has(
        &messages(&games, Severity::Warning),
        "moves run together: `Ld3,f5.` read as two moves, `Ld3` and `,f5.`",
    );
}

#[test]
fn slashes_after_numbers_and_dashes_between_moves() {
    let entry = page("fr_apprendreechecs_anglaise_slash_dash");
    let games = games(&entry, false);
    // `1/ c4 - ... ;`, `1/ ... - c5 ;`, `3/ e4- d6`: read through 5...exf5;
    // the prose after 4...e6 names `f5.` at a line's start, which the
    // reading of prose takes for White's 5th move (not this module's).
    let got = longest(&games);
    assert!(got.starts_with("1. c4 c5 2. Nc3 f5 3. e4 d6 4. Bd3 e6 5. exf5"));
    assert!(derived(&entry).starts_with(&got), "{got}");
    has(
        &messages(&games, Severity::Warning),
        "`e4-` read as `e4`: a dash after the move",
    );
}

#[test]
fn replay_text_pasted_with_no_spaces() {
    let entry = page("it_riminiscacchi_cbreplay_glued");
    let games = games(&entry, false);
    // `1.d4Nf62.c4b63.Nc3Bb74.Qc2d5Questa`, then prose with `Cc3.5.cxd5`
    // glued on: read to 9.Bb5+, where the prose goes on with moves named
    // in it before (`c6` in `la mossa c6`) — the reading of prose's part.
    let got = longest(&games);
    assert!(derived(&entry).starts_with(&got), "{got}");
    assert!(got.ends_with("9. Bb5+"), "{got}");
    has(
        &messages(&games, Severity::Warning),
        "moves run together: `Nf62.c4b63.Nc3Bb…` read as two moves, `Nf6` and `2.c4b63.Nc3Bb74.…`",
    );
}

#[test]
fn evaluations_glued_on_and_castling_with_a_dash() {
    let Some(entry) = national(
        "national_games_2.jsonl",
        "en_b2b4_sokolsky_captures_omitted_nested",
    ) else {
        return;
    };
    // `7...0–0–/+`, `10...Bh3–+`, `19.Nb6=`, `27.Rb1+–`: all 107 plies.
    assert_eq!(longest(&games(&entry, false)), derived(&entry));
}

#[test]
fn a_words_ending_glued_to_a_move() {
    let Some(entry) = national(
        "national_games_2.jsonl",
        "hu_cyberpress_fuchs_honfi_1963_commas_suffixes",
    ) else {
        return;
    };
    let games = games(&entry, false);
    // `Honfi 13.-, e5! Majd 14. Hde2-re, Ff6!!-tal feladásra késztette`:
    // past the strict reading's stop, the game as its notes give it by hand
    // (13...e5 14.Nde2 Bf6), each ending named in a warning.
    assert_eq!(longest(&games), format!("{} 14. Nde2 Bf6", derived(&entry)));
    let warnings = messages(&games, Severity::Warning);
    has(
        &warnings,
        "`Hde2-re,` read as `Hde2`: the ending `-re` glued on",
    );
    has(
        &warnings,
        "`Ff6!!-tal` read as `Ff6!!`: the ending `-tal` glued on",
    );
    assert!(
        !messages(&games_strict(&entry), Severity::Error).is_empty(),
        "under --strict an ending glued on is an error"
    );
}

#[test]
fn a_dash_between_whites_move_and_blacks_is_no_move_of_its_own() {
    let Some(entry) = national(
        "national_games_2.jsonl",
        "cs_krizanecke_shirov_lapinski_1990_dash_separated",
    ) else {
        return;
    };
    let games = games(&entry, false);
    // `1) e4 - e5` is 1.e4 e5 (not e4-e5 joined), `5) 0-0 - gxf3` is
    // 5.O-O gxf3 (not O-O-O): read to 8...Kxf7, where prose goes on
    // (`Další oběť figury a pěšce 9) d4!`) — the reading of prose's part.
    let lines: Vec<String> = games.iter().map(|g| numbered(&mainline(g).0)).collect();
    let shirov = lines
        .iter()
        .find(|l| l.starts_with("1. e4 e5 2. f4 exf4 3. Nf3 g5 4. Bc4 g4 5. O-O gxf3 6. Qxf3 Qf6"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(derived(&entry).starts_with(shirov.as_str()), "{shirov}");
    // The page's first game, Greco - Tenner, whole: `9) De5 mat.`
    let greco = "1. e4 e5 2. f4 exf4 3. Nf3 g5 4. Bc4 f6 5. Nxg5 fxg5 6. Qh5+ Ke7 \
                 7. Qxg5+ Ke8 8. Qh5+ Ke7 9. Qe5#";
    assert!(lines.iter().any(|l| l == greco), "{lines:#?}");
    assert!(
        !messages(&games, Severity::Warning)
            .iter()
            .any(|m| m.contains("spaces inside it")),
        "a separator was joined into a move"
    );
}

#[test]
fn a_scan_with_moves_split_and_a_capital_x_for_the_capture() {
    let entry = page("is_timarit_capablanca_mikenas_1940_ocr");
    let games = games(&entry, false);
    // `Bb4Xc3`, `Bd3 X c4`, `f 4—f 5!`, `Hfl Xf6`: as the notes read the
    // game by hand, to `22. e6xm` (e6xf7, the scan's damage).
    let by_hand = " 14. b4 dxc4 15. Bxc4 Na7 16. Ne5 Be8 17. f4 b6 18. Qd3 Rd8 \
                   19. f5 b5 20. fxe6 bxc4 21. Rxf6 cxd3";
    assert_eq!(longest(&games), format!("{}{by_hand}", derived(&entry)));
    let warnings = messages(&games, Severity::Warning);
    has(
        &warnings,
        "`Bd3 X c4` read as one move, `Bd3Xc4`: spaces inside it",
    );
    has(
        &warnings,
        "`f 4—f 5!` read as one move, `f4—f5!`: spaces inside it",
    );
    has(
        &warnings,
        "`HflXf6` read as `Hf1Xf6`: a letter for the digit 1",
    );
    has(&messages(&games, Severity::Error), "`e6xm`");
}

/// Reads `text` under the defaults: its one game's main line, numbered,
/// and its warnings.
fn read_one(text: &str, strict: bool) -> (String, Vec<String>, Vec<String>) {
    let options = ReaderOptions {
        strict,
        ..ReaderOptions::default()
    };
    let games = read(text, &options);
    (
        longest(&games),
        messages(&games, Severity::Warning),
        messages(&games, Severity::Error),
    )
}

#[test]
fn descriptive_typed_apart_and_with_punctuation_glued() {
    let (line, warnings, errors) = read_one("1. P.4R P.4R 2. C. 3FR C.3FD, 3. F.4FD F.4FD", false);
    assert_eq!(line, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5");
    assert_eq!(
        warnings,
        ["`C. 3FR` read as one move, `C.3FR`: spaces inside it"]
    );
    assert!(errors.is_empty(), "{errors:?}");
    let (_, _, errors) = read_one("1. P.4R P.4R 2. C. 3FR C.3FD", true);
    has(&errors, "`C. 3FR` read as one move");
    let (line, _, errors) = read_one("1. P4R P4R 2. C3AR C3AD 3. A5C P3TD… 4. A4T", false);
    assert_eq!(line, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4");
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn numbers_and_results_as_pages_type_them() {
    let (line, warnings, errors) = read_one(
        "1 d4 d5 2) c4 e6 3,Nc3 Nf6 4Bg5 Be7 5/ e3 O-O ６．Ｎｆ３ h6 0.5-0.5",
        false,
    );
    assert_eq!(
        line,
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6"
    );
    assert!(
        warnings.is_empty() && errors.is_empty(),
        "{warnings:?} {errors:?}"
    );
    let games = read("1. e4 e5 2. Nf3 Nc6 1/2", &ReaderOptions::default());
    assert_eq!(games[0].result, Some(notate::game::GameResult::Draw));
}

#[test]
fn slips_of_typing_read_back_with_a_warning_and_an_error_under_strict() {
    let text = "1. e4 e5 2. nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3f Ke6 \
                8. Nc3 Nb4 9. Qe4 c6 10. a3 Na6 11. d4 Nc7 12. Bf4 Kf7 13. Bxe5 Be6 14. 0-0- ";
    let (line, warnings, _) = read_one(text, false);
    assert!(line.ends_with("13. Bxe5 Be6 14. O-O"), "{line}");
    assert_eq!(
        warnings,
        [
            "`nf3` read as `Nf3`: `n` for the piece letter `N`",
            "`Qf3f` read as `Qf3†`: `f` for the check sign `†`",
            "`0-0-` read as `0-0`: a dash after the move",
        ]
    );
    let (_, _, errors) = read_one(text, true);
    has(&errors, "`nf3` read as `Nf3`");
    // A pawn's file stays a file: `bxc3` and `b4` are no bishop's.
    let (line, warnings, errors) =
        read_one("1. b4 e5 2. a3 Bxb4 3. axb4 d5 4. Nc3 Bg4 5. bxc3", false);
    assert_eq!(line, "1. b4 e5 2. a3 Bxb4 3. axb4 d5 4. Nc3 Bg4");
    assert!(warnings.is_empty(), "{warnings:?}");
    has(&errors, "`bxc3`");
}

#[test]
fn spaces_inside_moves_joined_only_where_the_pieces_make_one() {
    let (line, warnings, errors) = read_one(
        "1. e2 - e4 e7 - e5 2. К f3 Кb8 - c6 3. Сf1 - c4 Сf8 - c5 4. 0-0 Кg8 - f6 \
         5. d2 - d4 e5 : d4 6. e4 - e5 d7 - d5 7. Лf1 - e1 Кр: f8",
        false,
    );
    assert_eq!(
        line,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d4 exd4 6. e5 d5 7. Re1 Kf8"
    );
    assert!(errors.is_empty(), "{errors:?}");
    // Thirteen joins, and the capture sign of `Кр:` that takes nothing.
    assert_eq!(warnings.len(), 14, "{warnings:#?}");
    has(
        &warnings,
        "`Кр:f8` has a capture sign, but the move takes nothing",
    );
    has(
        &warnings,
        "`К f3` read as one move, `Кf3`: spaces inside it",
    );
    has(
        &warnings,
        "`e5 : d4` read as one move, `e5:d4`: spaces inside it",
    );
    has(
        &warnings,
        "`Кр: f8` read as one move, `Кр:f8`: spaces inside it",
    );
    // A move that plays alone stays alone: the dash is the separator.
    let (line, warnings, _) = read_one("1) e4 - e5 2) Nf3 - Nc6 3) Bb5 - a6", false);
    assert_eq!(line, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// A piece's letter at a line's end with its square on the next line, as
/// narrow columns and `<br>` break a move, is one move, never a pawn move
/// with the letter left as commentary.
#[test]
fn a_letter_at_a_line_end_and_its_square_on_the_next_line_are_one_move() {
    for (text, letter) in [
        ("1. e4 e5 2. S\nf3 Sc6 3. Lb5 a6", "S"),
        ("1. e4 e5 2. N\nf3 Nc6 3. Bb5 a6", "N"),
        ("1. e4 e5 2. ♘\nf3 ♞c6 3. ♗b5 a6", "♘"),
    ] {
        let (line, warnings, errors) = read_one(text, false);
        assert_eq!(line, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "{text}");
        assert_eq!(
            warnings,
            [format!(
                "`{letter} f3` read as one move, `{letter}f3`: spaces inside it"
            )],
            "{text}"
        );
        assert!(errors.is_empty(), "{errors:?}");
        let (_, _, errors) = read_one(text, true);
        has(&errors, "read as one move");
    }
}
