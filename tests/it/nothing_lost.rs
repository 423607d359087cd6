//! Nothing dropped while reading (issue 19): every way the reader once
//! lost moves, or games, without a word, with what it gives now: every
//! move, or a diagnostic, and the exit status that goes with it.

use crate::common;

use common::{fixture, shared};
use notate::convert::{Options, Summary, convert_str};
use notate::internals::reader::ReaderOptions;
use notate::output::Format;

/// The text output of `text`, its diagnostics as `LINE:COLUMN: severity:
/// message`, and the counts.
fn read(text: &str) -> (String, Vec<String>, Summary) {
    read_with(text, &Options::default())
}

fn read_with(text: &str, options: &Options) -> (String, Vec<String>, Summary) {
    let options = Options {
        format: Format::Text,
        ..options.clone()
    };
    let (out, diagnostics, summary) = convert_str(text, &options);
    let messages = diagnostics.iter().map(|d| d.to_string()).collect();
    (out, messages, summary)
}

fn strict() -> Options {
    Options {
        reading: ReaderOptions {
            strict: true,
            ..ReaderOptions::default()
        },
        ..Options::default()
    }
}

/// Case 1: a letter for the digit 1 is read as the digit, with a warning;
/// where the move it makes is no legal one, an error, never prose.
#[test]
fn a_letter_for_a_digit_is_a_move_to_repair_or_an_error() {
    let (out, messages, _) =
        read("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Rel b5 7. Bb3 d6");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *\n"
    );
    assert_eq!(
        messages,
        ["1:56: warning: `Rel` read as `Re1`: a letter for the digit 1"]
    );
    for (fen, word, san) in [
        ("4k3/8/8/8/8/4N3/8/4K3 w - - 0 1", "Nfl", "1. Nf1"),
        ("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", "Bal", "1. Ba1"),
        ("3qk3/8/8/8/8/8/7K/8 b - - 0 1", "Qdl", "1... Qd1"),
        ("7k/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rael", "1. Rae1"),
    ] {
        let (out, messages, _) = read(&format!("[FEN \"{fen}\"]\n\n{word} *\n"));
        assert_eq!(out, format!("{san} *\n"), "{word}: {messages:?}");
        assert_eq!(messages.len(), 1, "{word}: {messages:?}");
        assert!(
            messages[0].contains("a letter for the digit 1"),
            "{messages:?}"
        );
    }
    // Nf1 is no move here: an error, not a comment.
    let (out, messages, summary) = read("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Nfl");
    assert_eq!((out.as_str(), summary.failed), ("\n", 1));
    assert_eq!(
        messages,
        [
            "1:35: error: `Nfl` at 4. is not a move; read as `Nf1` (a letter for the digit 1), it is no legal move"
        ]
    );
    // A word that is no move where a move was due, with the moves going on
    // over the lines after it: an error, not a game cut short.
    let (out, messages, summary) =
        read("1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Bzz Nf6\n5. O-O Be7\n6. Re1 b5\n");
    assert_eq!((out.as_str(), summary.failed), ("\n", 1));
    assert_eq!(
        messages,
        [
            "4:4: error: `Bzz` is not a move, and what follows it does not continue the game (the game stops at 3... a6; the text after it holds moves, `Nf6` and on)",
            "4:8: warning: the commentary names moves not read as part of the game: `Nf6` and 4 more",
        ]
    );
}

/// Case 2: prose ends where the moves resume, not at the end of its line.
#[test]
fn prose_on_a_line_ends_where_the_moves_resume() {
    let (out, messages, _) = read("1.e4 e5 2.Nf3 A good developing move. 2...Nc6 3.Bb5");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 { A good developing move. } 2... Nc6 3. Bb5 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    let (out, messages, summary) = read(
        "Morphy played 1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7 \
         8.Nc3 c6 9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 \
         15.Bxd7+ Nxd7 16.Qb8+ Nxb8 17.Rd8# and won.",
    );
    assert_eq!(
        out,
        "{ Morphy played } 1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 \
         7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
         14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# { and won. } 1-0\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.written), (1, 1));
}

/// Case 3: parentheses that hold prose.
#[test]
fn parentheses_holding_prose() {
    let (out, messages, _) = read("1. e4 e5 (1... c5 is the Sicilian) 2. Nf3 Nc6");
    assert_eq!(out, "1. e4 e5 (1... c5 { is the Sicilian }) 2. Nf3 Nc6 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    let (out, messages, _) = read("1. e4 e5 (a common reply) 2. Nf3");
    assert_eq!(out, "1. e4 e5 { a common reply } 2. Nf3 *\n");
    assert!(messages.is_empty(), "{messages:?}");
}

/// A `{` inserted into the first game of a file.
fn stray_brace_in(text: &str) -> (String, usize) {
    let at = text.find("1.").unwrap();
    let broken = format!("{}{{ {}", &text[..at], &text[at..]);
    let games = text.matches("\n[Event ").count() + usize::from(text.starts_with("[Event "));
    (broken, games)
}

/// Case 4: a stray `{` ends where a tag line follows a blank line; its game
/// is an error and every game after it is read.
#[test]
fn a_stray_brace_costs_its_game_only() {
    let mut inputs = vec![
        std::fs::read_to_string(fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn")).unwrap(),
    ];
    if let Some(shared) = shared() {
        let twic = shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn");
        inputs.push(String::from_utf8_lossy(&std::fs::read(twic).unwrap()).into_owned());
    }
    for text in inputs {
        let (broken, games) = stray_brace_in(&text);
        assert!(games >= 100, "{games}");
        let (_, messages, summary) = read(&broken);
        assert_eq!(summary.read as usize, games);
        assert_eq!(summary.failed, 1);
        assert_eq!(summary.written as usize, games - 1);
        assert!(
            messages[0].contains("error: comment has no closing `}`"),
            "{messages:?}"
        );
        // And under --check --strict, the same.
        let options = Options {
            check: true,
            ..strict()
        };
        let (_, _, summary) = read_with(&broken, &options);
        assert_eq!((summary.read as usize, summary.failed), (games, 1));
    }
    // A `{` before a brace comment: the moves between were read as comment.
    let (out, messages, summary) = read("1. e4 { e5 2. Nf3 {good} Nc6 3. Bb5 *");
    assert_eq!((out.as_str(), summary.failed), ("\n", 1));
    assert_eq!(
        messages,
        [
            "1:7: error: comment holds a `{`: a `}` is missing before it, so what follows was read as comment",
            "1:19: error: the `{` inside the comment",
        ]
    );
}

/// Case 5: invisible and control characters are read as spaces, with one
/// warning a game; a sign between moves is prose.
#[test]
fn invisible_and_control_characters_between_moves() {
    let text = "1. e4\u{200b} e5 2. Nf3 \u{202e} Nc6 3. Bb5\u{0} a6 4. Ba4 \u{1b} Nf6 5. O-O\u{7f} Be7 1-0";
    let (out, messages, _) = read(text);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
    );
    assert_eq!(
        messages,
        ["1:6: warning: 5 invisible or control character(s), the first U+200B, read as spaces"]
    );
    let (out, messages, _) = read("1. e4 e5 2. Nf3 § Nc6 3. Bb5 a6 *");
    assert_eq!(out, "1. e4 e5 2. Nf3 { § } 2... Nc6 3. Bb5 a6 *\n");
    assert!(messages.is_empty(), "{messages:?}");
}

/// Case 6: PGN is English: a game from a FEN whose moves also read in
/// another set is English (a note under -v, nothing otherwise).
#[test]
fn english_pgn_from_a_fen_reads_as_english() {
    let text = "[FEN \"rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2\"]\n\nNg1 *\n";
    let (out, messages, summary) = read(text);
    assert_eq!(out, "2. Ng1 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.failed, 0);
    let verbose = Options {
        reading: ReaderOptions {
            verbose: true,
            ..ReaderOptions::default()
        },
        ..Options::default()
    };
    let (_, messages, _) = read_with(text, &verbose);
    assert_eq!(
        messages,
        [
            "1:1: note: the letters read two ways, as English and as Bengali, and both replay legally: \
          at 2. it is Ng1 in English but Rg1 in Bengali; read as English, PGN's letters (--from says which)"
        ]
    );
}

/// Case 7: the result is the board's where the game ends in mate, and the
/// tag and the movetext agree.
#[test]
fn results_agree_and_the_board_decides() {
    let text = "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 0-1\n";
    let (written, diagnostics, _) = convert_str(text, &Options::default());
    assert!(written.contains("[Result \"1-0\"]"), "{written}");
    assert!(written.contains("4. Qxf7# 1-0"), "{written}");
    assert_eq!(
        diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>(),
        [
            "3:44: warning: the game ends in mate, so the result is 1-0, but it is given as 0-1; written 1-0"
        ]
    );
    let (out, messages, _) = read("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#");
    assert_eq!(out, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
    assert!(messages.is_empty(), "{messages:?}");
    // Stalemate is a draw.
    let (out, messages, _) = read("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 1-0\n");
    assert_eq!(out, "1. Qf7 1/2-1/2\n");
    assert_eq!(
        messages,
        [
            "3:11: warning: the game ends in stalemate, so the result is 1/2-1/2, but it is given as 1-0; written 1/2-1/2"
        ]
    );
}

/// Case 8: a side line with a move that cannot be played is kept as a
/// comment and the main line goes on, whatever is stripped; a stray `(`
/// is ignored where the game then replays.
#[test]
fn a_bad_side_line_costs_nothing_of_the_main_line() {
    let text = "1. e4 e5 (1... Kf9 2. Nf3) 2. Nf3 Nc6 *";
    for strip in ["", "variations", "variations,comments"] {
        let options = Options {
            strip: strip.parse().unwrap(),
            ..Options::default()
        };
        let (out, messages, summary) = read_with(text, &options);
        let comment = if strip.contains("comments") {
            ""
        } else {
            "{ 1... Kf9 2. Nf3 } "
        };
        assert_eq!(out, format!("1. e4 e5 {comment}2. Nf3 Nc6 *\n"), "{strip}");
        assert_eq!(
            messages,
            [
                "1:10: warning: side line with a move that cannot be played (`Kf9`); kept as a comment"
            ]
        );
        assert_eq!(summary.failed, 0);
    }
    let (_, messages, summary) = read_with(text, &strict());
    assert_eq!(summary.failed, 1);
    assert!(messages[0].contains("error: side line"), "{messages:?}");
    let (out, messages, _) = read("1. e4 e5 2. Nf3 ( Nc6 3. Bb5 a6 *");
    assert_eq!(out, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n");
    assert_eq!(
        messages,
        ["1:17: warning: `(` opens no side line: the moves after it go on with the game; ignored"]
    );
}

/// Case 9: every tag section is a game; a tag given twice and a tag line
/// without quotes are warnings, and the game stays whole.
#[test]
fn every_tag_section_is_a_game() {
    let text = std::fs::read_to_string(fixture("corpus/scalachess_fixtures/FWWRC.pgn")).unwrap();
    let (_, messages, summary) = read(&text);
    assert_eq!((summary.read, summary.written), (605, 605));
    assert_eq!(messages.len(), 605);
    assert!(
        messages
            .iter()
            .all(|m| m.ends_with("warning: the game has tags but no moves")),
        "{messages:?}"
    );
    let (out, messages, summary) =
        read("[Event \"a\"]\n[White \"x\"]\n[White \"y\"]\n[NoQuote abc]\n\n1. e4 e5 *\n");
    assert_eq!((out.as_str(), summary.read), ("1. e4 e5 *\n", 1));
    assert_eq!(
        messages,
        [
            "3:1: warning: tag `White` is given twice; the later value is kept",
            "4:1: warning: `[NoQuote abc]` is not a whole tag (it needs a name, a value in quotes and a closing `]`); ignored",
        ]
    );
    // A blank line inside one header is no new game.
    let (_, _, summary) = read("[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 *\n");
    assert_eq!(summary.read, 1);
}

/// Case 10: a move no move number or code can stand for is reported.
#[test]
fn moves_are_not_dropped_or_absorbed() {
    let (out, messages, summary) = read("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. 17185 *\n");
    assert_eq!((out.as_str(), summary.failed), ("\n", 1));
    assert_eq!(
        messages,
        [
            "3:4: error: `17185` at 1. is not a move in ICCF numeric notation: expected the files and ranks 1-8 of two squares, and 1-4 for a promotion"
        ]
    );
    let (out, messages, _) = read("1. e4 d5 2. exd5 3. Qxd5 Nc3");
    assert_eq!(out, "1. e4 d5 2. exd5 Qxd5 3. Nc3 *\n");
    assert_eq!(
        messages,
        ["1:18: warning: move number 3. out of sequence: the move after it is 2..."]
    );
}

/// Case 11: FEN tags in any case, and positions with more material than a
/// game can reach, are read with a warning.
#[test]
fn fen_leniency() {
    let (out, messages, _) =
        read("[fEn \"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 *\n");
    assert_eq!(out, "1. e4 e5 *\n");
    assert_eq!(
        messages,
        [
            "1:1: warning: tag `fEn` read as `FEN`",
            "1:1: warning: FEN tag `rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1` holds more material than a game can reach; read as it is",
        ]
    );
}

/// Short English lines from a FEN read as English: every puzzle of the
/// bundled lichess studies cut to its first one to four plies.
#[test]
fn short_english_lines_from_a_fen_read_as_english() {
    let mut checked = 0;
    for path in common::files_with(&fixture("corpus/pychess_learn"), &["pgn"]) {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let games = common::read_games_with(text.as_bytes(), &ReaderOptions::default());
        let whole = common::read_games(text.as_bytes(), &notate::vocab::letters::ENGLISH);
        for (i, (auto, english)) in games.iter().zip(&whole).enumerate() {
            assert_eq!(auto, english, "{}: game {i}", path.display());
        }
        for (fen, san) in fen_games(&text) {
            let moves: Vec<&str> = san.split_whitespace().collect();
            for plies in 1..=4.min(moves.len()) {
                let cut = moves[..plies].join(" ");
                let game = format!("[FEN \"{fen}\"]\n\n{cut} *\n");
                let (out, messages, summary) = read(&game);
                assert_eq!(summary.failed, 0, "{game}: {messages:?}");
                assert!(messages.is_empty(), "{game}: {messages:?}");
                let read: Vec<&str> = out
                    .split_whitespace()
                    .filter(|w| !w.ends_with('.') && !["*", "1-0", "0-1", "1/2-1/2"].contains(w))
                    .collect();
                assert_eq!(read.join(" "), cut, "{game}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The FEN and main-line SAN of every game of `text` that has a FEN, as
/// notate reads them in English letters.
fn fen_games(text: &str) -> Vec<(String, String)> {
    let games = notate::read(
        text,
        &ReaderOptions {
            from: vec![&notate::vocab::letters::ENGLISH],
            ..ReaderOptions::default()
        },
    );
    games
        .iter()
        .filter(|g| g.from_fen && !g.failed())
        .map(|g| (g.start_fen(), common::mainline(g).0))
        .collect()
}

/// Lines of one to six plies from positions of real games, moving only
/// knights, bishops and rooks (the letters English shares with other sets),
/// written in SAN, read as English with nothing to report.
#[test]
fn generated_piece_lines_read_as_english() {
    use shakmaty::{Chess, Position, Role, san::SanPlus};
    let text =
        std::fs::read_to_string(fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn")).unwrap();
    let starts: Vec<Chess> = notate::read(&text, &ReaderOptions::default())
        .iter()
        .flat_map(|g| {
            g.mainline_positions()
                .map(|(_, p)| p)
                .step_by(7)
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(starts.len() > 500, "{}", starts.len());
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let mut checked = 0;
    for start in &starts {
        let mut pos = start.clone();
        let mut line = Vec::new();
        for _ in 0..1 + next(6) {
            let moves: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| matches!(m.role(), Role::Knight | Role::Bishop | Role::Rook))
                .collect();
            if moves.is_empty() {
                break;
            }
            let mv = moves[next(moves.len())];
            line.push(SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string());
        }
        if line.is_empty() {
            continue;
        }
        let fen = shakmaty::fen::Fen::from_position(start, shakmaty::EnPassantMode::Legal);
        let game = format!("[FEN \"{fen}\"]\n\n{} *\n", line.join(" "));
        let (out, messages, summary) = read(&game);
        assert_eq!(summary.failed, 0, "{game}: {messages:?}");
        assert!(messages.is_empty(), "{game}: {messages:?}");
        let read: Vec<&str> = out
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !["*", "1-0", "0-1", "1/2-1/2"].contains(w))
            .collect();
        assert_eq!(read, line, "{game}");
        checked += 1;
    }
    assert!(checked > 500, "{checked}");
}

/// A move number before a stretch of prose is the prose's, kept in its
/// comment (it was dropped: `4. what a move` came out as `what a move`),
/// and so after the result (`with 3. Bb5`).
#[test]
fn a_move_number_before_prose_is_kept() {
    let (out, messages, _) = read("1. e4 e5 2. Nf3 Nc6 4. what a move 3. Bb5 a6 *\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 Nc6 { 4. what a move } 3. Bb5 a6 *\n");
    assert!(messages.is_empty(), "{messages:?}");
    let (out, _, summary) =
        read("1. e4 e5 2. Nf3 Nc6 1-0\nGame 2. Smith - Jones, with 3. Bb5 a6 later.\n1. d4 d5 *\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 { Game 2. Smith - Jones, with } { 3. Bb5 a6 later. } 1-0\n1. d4 d5 *\n"
    );
    assert_eq!((summary.read, summary.written), (2, 2));
}
