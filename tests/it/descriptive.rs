//! Descriptive notation read through the whole pipeline, under `--from
//! auto`: every form of issue 7 in a position where it is legal, Spanish
//! and French records, the published descriptive game of
//! `fixtures/national/`, what an ambiguous move is told, and writing it.

use crate::common;

use common::fixture;
use notate::convert::{Options, convert_str};
use notate::notation::style::{Form, Style};
use notate::output::Format;
use notate::vocab::diag::{Diagnostic, Severity};

/// The game in `movetext` (from `fen`, if given) read under auto, in
/// English SAN, and what was reported.
fn read(fen: Option<&str>, movetext: &str) -> (String, Vec<Diagnostic>) {
    let text = match fen {
        Some(fen) => format!("[FEN \"{fen}\"]\n\n{movetext} *\n"),
        None => format!("{movetext} *\n"),
    };
    let options = Options {
        format: Format::Text,
        strip: "nags".parse().unwrap(),
        ..Options::default()
    };
    let (out, diagnostics, _) = convert_str(&text, &options);
    // The result, settled by the board where the game ends in mate, is
    // left out.
    let out = out.trim_end();
    let out = ["*", "1-0", "0-1", "1/2-1/2"]
        .iter()
        .find_map(|r| out.strip_suffix(r))
        .map_or(out, str::trim_end);
    (out.to_string(), diagnostics)
}

/// Reads `movetext` and checks it gives `san` with nothing to report.
fn reads_as(fen: Option<&str>, movetext: &str, san: &str) {
    let (out, diagnostics) = read(fen, movetext);
    assert_eq!(out, san, "{movetext}: {diagnostics:?}");
    assert!(diagnostics.is_empty(), "{movetext}: {diagnostics:?}");
}

#[test]
fn moves_with_kt_or_n_short_files_and_check_written_apart() {
    reads_as(
        None,
        "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-B3 Kt-B3 5. P-Q4 PxP 6. PxP B-Kt5 ch \
         7. B-Q2 BxB ch 8. QKtxB P-Q4",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ 8. Nbxd2 d5",
    );
    reads_as(
        None,
        "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 N-B3 4. Castles NxP",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4",
    );
    reads_as(None, "1. P-K4 P-K4 2. Q-R5", "1. e4 e5 2. Qh5");
}

#[test]
fn discovered_double_check_and_mate_words() {
    reads_as(
        None,
        "1. P-K4 P-K4 2. N-KB3 N-KB3 3. NxP NxP 4. Q-K2 N-KB3 5. N-B6 dis ch",
        "1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Nf6 5. Nc6+",
    );
    reads_as(
        None,
        "1. P-K4 P-K4 2. N-KB3 N-KB3 3. NxP NxP 4. Q-K2 N-KB3 5. N-B6 dis. ch.",
        "1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Nf6 5. Nc6+",
    );
    reads_as(
        Some("4k3/8/8/8/4B3/8/8/K3R3 w - - 0 1"),
        "1. B-B6 dbl ch",
        "1. Bc6+",
    );
    reads_as(
        None,
        "1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate",
        "1. f3 e5 2. g4 Qh4#",
    );
}

#[test]
fn castling_in_every_spelling() {
    let fen = Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    reads_as(fen, "1. Castles QR Castles", "1. O-O-O O-O");
    reads_as(fen, "1. Castles KR Castles QR", "1. O-O O-O-O");
    reads_as(fen, "1. O-O-O O-O", "1. O-O-O O-O");
    reads_as(fen, "1. 0-0 0-0-0", "1. O-O O-O-O");
}

#[test]
fn promotions_counted_from_the_movers_side() {
    let fen = Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    reads_as(fen, "1. P-K8(Q)", "1. e8=Q");
    reads_as(fen, "1. P-K8=Q", "1. e8=Q");
    reads_as(fen, "1. P-K8(Kt)", "1. e8=N");
    // Black's eighth rank is the first.
    reads_as(
        Some("4k3/8/8/8/8/8/3p4/6K1 b - - 0 1"),
        "1... P-Q8=Q ch",
        "1... d1=Q+",
    );
    reads_as(
        Some("r5k1/1P6/8/8/8/8/8/4K3 w - - 0 1"),
        "1. PxR(Q) ch",
        "1. bxa8=Q+",
    );
}

#[test]
fn the_mover_told_by_wing_rank_or_square() {
    let rooks = Some("4k3/8/8/8/8/8/6K1/R6R w - - 0 1");
    reads_as(rooks, "1. KR-Q1", "1. Rhd1");
    reads_as(rooks, "1. QR-Q1", "1. Rad1");
    let file = Some("4k3/R7/8/8/8/8/6K1/R7 w - - 0 1");
    reads_as(file, "1. R(1)-QR4", "1. R1a4");
    reads_as(file, "1. R1-QR4", "1. R1a4");
    reads_as(file, "1. R(7)-R4", "1. R7a4");
    reads_as(
        Some("4k3/8/8/1N6/8/5N2/3N4/4K3 w - - 0 1"),
        "1. N/5-Q4",
        "1. Nbd4",
    );
    reads_as(
        Some("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1"),
        "1. N(Q2)-B3",
        "1. Ndf3",
    );
}

#[test]
fn captures_named_by_the_piece_taken() {
    let knight = Some("4k3/8/8/3p4/4p3/2N5/8/4K3 w - - 0 1");
    reads_as(knight, "1. NxP/4", "1. Nxe4");
    reads_as(knight, "1. NxP(5)", "1. Nxd5");
    reads_as(knight, "1. NxQP", "1. Nxd5");
    reads_as(knight, "1. NxKP", "1. Nxe4");
    let queen = Some("4k3/5ppp/8/7Q/8/8/8/4K3 w - - 0 1");
    reads_as(queen, "1. QxKBP ch", "1. Qxf7+");
    reads_as(queen, "1. QxRP", "1. Qxh7");
    let pawns = Some("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    reads_as(pawns, "1. BPxP", "1. cxd5");
    reads_as(pawns, "1. KPxP", "1. exd5");
    reads_as(
        None,
        "1. P-K4 P-QR3 2. P-K5 P-Q4 3. PxP e.p.",
        "1. e4 a6 2. e5 d5 3. exd6",
    );
}

#[test]
fn the_forms_of_the_issue_as_written() {
    // `BxN`, and a pawn that takes named by its file.
    reads_as(
        None,
        "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. BxN QPxB",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6",
    );
    // `QxBch`, the check glued on.
    reads_as(
        None,
        "1. P-K4 P-K4 2. Q-R5 B-K2 3. QxKP N-KB3 4. QxBch",
        "1. e4 e5 2. Qh5 Be7 3. Qxe5 Nf6 4. Qxe7+",
    );
    // `PxQ`.
    reads_as(
        None,
        "1. P-K4 P-Q4 2. PxP QxP 3. N-QB3 Q-K4 ch 4. B-K2 N-KB3 5. P-Q4 B-N5 6. PxQ",
        "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Nf6 5. d4 Bg4 6. dxe5",
    );
    // `RxR`, `QxRch`.
    reads_as(
        Some("3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
        "1. RxR mate",
        "1. Rxd8#",
    );
    reads_as(
        Some("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        "1. QxRch",
        "1. Qxd8+",
    );
    // `QN-Q2`, `R(1)-Q1`, `R1-Q1`.
    reads_as(
        None,
        "1. P-Q4 N-KB3 2. N-KB3 P-Q4 3. QN-Q2",
        "1. d4 Nf6 2. Nf3 d5 3. Nbd2",
    );
    let rooks = Some("4k3/8/8/3R4/8/8/7K/1R6 w - - 0 1");
    reads_as(rooks, "1. R(1)-Q1", "1. Rbd1");
    reads_as(rooks, "1. R1-Q1", "1. Rbd1");
    reads_as(rooks, "1. R(5)-Q1", "1. Rdd1");
}

#[test]
fn spanish_and_french_records() {
    reads_as(
        None,
        "1. P4R P4R 2. C3AR C3AD 3. A5C P3TD 4. AxC PDxA 5. O-O",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O",
    );
    reads_as(
        None,
        "1. P.4R P.4R 2. C.3FR C.3FD 3. F.4FD F.4FD 4. P.4D P pr PD",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d4 exd4",
    ); // Words of several words: castling, and a discovered check.
    reads_as(
        None,
        "1. P4R P4R 2. C3AR C3AD 3. A5C C3A 4. enroque corto A2R",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Be7",
    );
    reads_as(
        None,
        "1. P.4R P.4R 2. C.3FR C.3FR 3. CxP CxP 4. D.2R C.3FR 5. C.6FD échec à la découverte",
        "1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Nf6 5. Nc6+",
    );
}

/// A game whose first moves read in several languages (`PxP DxP`) is
/// told by the first that reads in one alone.
#[test]
fn a_game_opening_with_words_of_every_language_is_told_by_the_next() {
    let scandinavian = Some("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let san = "2. exd5 Qxd5 3. Nc3";
    reads_as(scandinavian, "2. PxP DxP 3. C3AD", san);
    reads_as(scandinavian, "2. PxP DxP 3. C.3FD", san);
    reads_as(scandinavian, "2. PxP QxP 3. N-QB3", san);
}

#[test]
fn the_published_descriptive_game_converts_to_its_english_san() {
    let entry: serde_json::Value =
        std::fs::read_to_string(fixture("national/national_games.jsonl"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|e| e["id"] == "en_descriptive_eudesign_budapest")
            .unwrap();
    let published = entry["descriptive_as_published"].as_str().unwrap();
    let san = entry["derived"]["strict"]["english_san"].as_str().unwrap();
    reads_as(None, published, san);
}

#[test]
fn an_ambiguous_move_lists_its_readings() {
    let pawns = Some("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    // Only one reading lets the game go on: taken, and said.
    let (out, diagnostics) = read(pawns, "1. PxP K-Q2 2. P-K5");
    assert_eq!(out, "1. cxd5 Kd7 2. e5");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].severity, Severity::Warning);
    let message = diagnostics[0].to_string();
    assert!(
        message.contains("`PxP` at 1. could be")
            && message.contains("cxd5")
            && message.contains("exd5")
            && message.contains("read as cxd5, the only one after which the game goes on"),
        "{message}"
    );
    // Both do: refused, with both listed.
    let (_, diagnostics) = read(pawns, "1. PxP K-Q2");
    let error = diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    let message = error.to_string();
    assert!(
        message.contains("ambiguous move `PxP` at 1.: could be")
            && message.contains("cxd5")
            && message.contains("exd5"),
        "{message}"
    );
}

#[test]
fn an_illegal_descriptive_move_is_reported_at_its_place() {
    let (_, diagnostics) = read(None, "1. P-K4 P-K4 2. B-KB5");
    let error = diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    let message = error.to_string();
    assert!(message.contains("illegal move `B-KB5` at 2."), "{message}");
    // The closest legal moves, in the game's own notation.
    assert_eq!(
        error.notes,
        ["closest legal moves: B-N5, B-K2, B-Q3, B-B4, B-R6"],
        "{message}"
    );
}

/// Writes `movetext` (SAN) in English descriptive.
fn write(fen: Option<&str>, movetext: &str) -> String {
    write_in(fen, movetext, "en")
}

/// Writes `movetext` (SAN) in descriptive notation, in the language of
/// the letter set `code`.
fn write_in(fen: Option<&str>, movetext: &str, code: &str) -> String {
    let text = match fen {
        Some(fen) => format!("[FEN \"{fen}\"]\n\n{movetext} *\n"),
        None => format!("{movetext} *\n"),
    };
    let options = Options {
        format: Format::Text,
        style: descriptive_in(code),
        ..Options::default()
    };
    let (out, diagnostics, _) = convert_str(&text, &options);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    out.trim_end().trim_end_matches(" *").to_string()
}

fn descriptive_in(code: &str) -> Style {
    Style {
        form: Form::Descriptive,
        letters: notate::vocab::letters::LetterSet::by_code(code).unwrap(),
        ..Style::pgn()
    }
}

#[test]
fn written_as_books_did_shortest_first() {
    assert_eq!(
        write(
            None,
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ 8. Nbxd2 d5"
        ),
        "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-B4 B-B4 4. P-B3 N-B3 5. P-Q4 PxP 6. PxP B-N5 ch \
         7. B-Q2 BxB ch 8. QNxB P-Q4"
    );
    assert_eq!(
        write(None, "1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Nf6 5. Nc6+"),
        "1. P-K4 P-K4 2. N-KB3 N-KB3 3. NxP NxP 4. Q-K2 N-KB3 5. N-B6 dis ch"
    );
    assert_eq!(
        write(Some("4k3/8/8/8/4B3/8/8/K3R3 w - - 0 1"), "1. Bc6+"),
        "1. B-B6 dbl ch"
    );
    assert_eq!(
        write(None, "1. f3 e5 2. g4 Qh4#"),
        "1. P-KB3 P-K4 2. P-KN4 Q-R5 mate 0-1"
    );
    assert_eq!(
        write(Some("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1"), "1. cxd5"),
        "1. BPxP"
    );
    assert_eq!(
        write(Some("4k3/8/8/8/8/8/3p4/6K1 b - - 0 1"), "1... d1=Q+"),
        "1... P-Q8=Q ch"
    );
}

#[test]
fn the_notation_read_is_reported_in_ndjson() {
    let options = Options {
        format: Format::Ndjson,
        ..Options::default()
    };
    for (text, notation, letters) in [
        ("1. P-K4 P-K4 2. Kt-KB3 *", "descriptive", "en"),
        ("1. P4R P4R 2. C3AR *", "descriptive", "es"),
        ("1. P.4R P.4R 2. C.3FR *", "descriptive", "fr"),
        ("1. 5254 5755 2. 7163 *", "iccf", "en"),
        // One numeric move among algebraic ones is no ICCF record.
        ("1. e4 e5 2. 7163 *", "algebraic", "en"),
        ("1. e4 e5 2. Кf3 *", "algebraic", "ru"),
    ] {
        let (out, diagnostics, _) = convert_str(text, &options);
        assert!(diagnostics.is_empty(), "{text}: {diagnostics:?}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["notation"], notation, "{text}");
        assert_eq!(json["letters"], letters, "{text}");
    }
}

/// A descriptive move joined from words with more than a space between
/// them (invisible characters), then prose: read without a panic, the
/// prose kept at its place (found by fuzz/reader: an offset fell inside
/// a character).
#[test]
fn a_move_joined_across_invisible_characters_keeps_its_place() {
    let (out, diagnostics) = read(None, "1. P.4R P.4R 2. C.3FR\u{7f}\u{7f} C.3FD une idée");
    assert!(
        out.starts_with("1. e4 e5 2. Nf3 Nc6"),
        "{out}: {diagnostics:?}"
    );
    assert!(out.contains("une idée"), "{out}: {diagnostics:?}");
    let (out, diagnostics) = read(None, "1. P.4R P.4R 2.xP\u{7f} dé \u{c4}xP 4. De");
    assert!(out.starts_with("1. e4 e5"), "{out}: {diagnostics:?}");
}

/// Spanish and French spellings checked by hand against the sources named
/// in `src/descriptive/write.rs`: the Spanish examples of "Sistemas de
/// Anotación: El Sistema Descriptivo" (ajedrezargentinoahora.blogspot.com,
/// 2018) and the French of Wikipedia's "Notation descriptive", in
/// positions where each is the shortest spelling.
#[test]
fn spanish_and_french_spelled_as_their_sources() {
    let knights = "4k3/8/8/3p4/5N2/2N5/8/4K3 w - - 0 1";
    let wing = "4k3/8/8/5p1p/4P1P1/8/8/4K3 w - - 0 1";
    let rooks = "4k3/8/8/8/8/R6R/8/4K3 w - - 0 1";
    let told_apart = "4k3/8/8/8/3R4/8/6K1/1R6 w - - 0 1";
    let home = "4k3/8/8/8/8/8/6K1/R6R w - - 0 1";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // The language, the position, the move and its spelling.
    let cases = [
        // Spanish: 1. P4R.
        ("es", start, "1. e4", "1. P4R"),
        // P8C=D+: a pawn to the knight's eighth, made a queen, with check.
        (
            "es",
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "1. b8=Q+",
            "1. P8C=D+",
        ),
        // D7T: the queen to a rook's seventh; AxT.
        ("es", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "1. Qa7", "1. D7T"),
        (
            "es",
            "r3k3/8/8/8/8/8/6B1/4K3 w - - 0 1",
            "1. Bxa8",
            "1. AxT",
        ),
        // CRxP and CDxP: the king's side knight, the queen's.
        ("es", knights, "1. Nfxd5", "1. CRxP"),
        ("es", knights, "1. Ncxd5", "1. CDxP"),
        // PRxP: the king's pawn takes, of two that can.
        (
            "es",
            "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",
            "1. exd5",
            "1. PRxP",
        ),
        // PCxPA and PxPT: the knight's pawn takes the bishop's, the rook's.
        ("es", wing, "1. gxf5", "1. PCxPA"),
        ("es", wing, "1. gxh5", "1. PxPT"),
        // French: T5FR, TD3FR (with the dot this notation writes), PxC,
        // P8D=D.
        ("fr", "4k3/8/8/R7/8/8/8/6K1 w - - 0 1", "1. Rf5", "1. T.5FR"),
        ("fr", rooks, "1. Raf3", "1. TD.3FR"),
        (
            "fr",
            "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1",
            "1. exd5",
            "1. PxC",
        ),
        (
            "fr",
            "8/3P4/8/8/8/k7/8/4K3 w - - 0 1",
            "1. d8=Q",
            "1. P.8D=D",
        ),
        // The qualifiers as the reader takes them: side, rank, the taken
        // piece's rank.
        ("es", told_apart, "1. Rbd1", "1. T(1)1D"),
        ("fr", told_apart, "1. Rbd1", "1. T(1).1D"),
        ("es", home, "1. Rhd1", "1. TR1D"),
        ("fr", home, "1. Rad1", "1. TD.1D"),
        (
            "es",
            "4k3/8/8/3p4/5N2/3p4/8/4K3 w - - 0 1",
            "1. Nxd5",
            "1. CxP/5",
        ),
        // Mate and en passant in their words.
        (
            "es",
            start,
            "1. f3 e5 2. g4 Qh4#",
            "1. P3AR P4R 2. P4CR D5T mate 0-1",
        ),
        (
            "fr",
            start,
            "1. f3 e5 2. g4 Qh4#",
            "1. P.3FR P.4R 2. P.4CR D.5T# 0-1",
        ),
        (
            "es",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "1. exd6",
            "1. PxP a.p.",
        ),
    ];
    for (code, fen, san, spelled) in cases {
        assert_eq!(write_in(Some(fen), san, code), spelled, "{code}: {san}");
    }
}

/// Every game of the bundled fixtures (the seeds, the samples, the small
/// corpus files), written in Spanish and in French descriptive, reads
/// back under `--from auto` to the same English SAN, variations and all.
#[test]
fn the_fixtures_in_spanish_and_french_read_back_to_their_san() {
    let mut files = common::files_with(&fixture("seeds"), &["txt"]);
    files.extend(common::files_with(&fixture("samples"), &["txt"]));
    files.extend(common::files_with(&fixture("corpus"), &["pgn"]));
    let pgn = Options::default();
    let (mut games, mut failures) = (0, Vec::new());
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let (san, _, summary) = convert_str(&text, &pgn);
        for code in ["es", "fr"] {
            let options = Options {
                style: descriptive_in(code),
                ..Options::default()
            };
            let (written, _, _) = convert_str(&text, &options);
            let (back, diagnostics, again) = convert_str(&written, &pgn);
            if back != san || again.failed > 0 {
                let errors: Vec<String> = diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .take(3)
                    .map(|d| d.to_string())
                    .collect();
                failures.push(format!("{} in {code}: {errors:?}", path.display()));
            }
        }
        games += summary.written;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        files.len() > 40 && games > 1000,
        "{} files, {games} games",
        files.len()
    );
}

/// A descriptive word that reads as no move, with descriptive moves after
/// it, stops the game with an error: the moves after it are named, never
/// kept silently as commentary.
#[test]
fn an_unreadable_descriptive_word_before_more_moves_is_an_error() {
    for (bad, word, named) in [
        ("R-KK", "R-KK", "P-QN4"),
        ("R-Kl", "R-Kl", "P-QN4"),
        ("Then R-K1", "Then", "R-K1"),
    ] {
        let text = format!(
            "1. P-K4 P-K4\n2. N-KB3 N-QB3\n3. B-N5 P-QR3\n4. B-R4 N-B3\n5. O-O B-K2\n\
             6. {bad} P-QN4\n7. B-N3 P-Q3"
        );
        let (_, diagnostics) = read(None, &text);
        let errors: Vec<String> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            errors,
            [format!(
                "6:4: error: `{word}` is not a move, and what follows it does not continue the game \
                 (the game stops at 5... Be7; the text after it holds moves, `{named}` and on)"
            )],
            "{bad}: {diagnostics:?}"
        );
    }
}
