//! The plain lane of the replay builds the same game as the general walk:
//! every game of the bundled fixtures (and of `../shared/corpus` and the
//! whole gnuchess book, when they are there) that the plain lane takes is
//! replayed both ways, under PGN's
//! letters, plainly and strictly, and the two games must be equal, field by
//! field. Plain games that have been spoiled one way or another (a wrong
//! check sign, a capture sign on a quiet move, an illegal move, a comment)
//! must be given up by the plain lane, so that the general walk reports them.
//! Of the gnuchess book, every game is taken but those the general walk has
//! something to report of, and those with no moves.

use crate::common;

use std::path::Path;

use common::{files_with, fixture, shared};
use notate::ReaderOptions;
use notate::convert::{Options, convert_str};
use notate::game::Game;
use notate::internals::reader::GameReader;
use notate::internals::replay::{Settings, replay_general, replay_plain};
use notate::internals::split::{RawGame, Splitter};
use notate::notation::style::{CaptureSign, CastlingSign, Conventions, Form, PRESETS, Style};
use notate::output::{Format, Strip};
use notate::vocab::letters::{ENGLISH, LETTER_SETS, LetterSet};

thread_local! {
    /// Games the plain lane left and the general walk reported something
    /// for, or found no move in (tags and a result alone, which the plain
    /// lane leaves to the walk and which need no report), counted by
    /// `compare_in`.
    static REPORTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn settings(strict: bool) -> Settings<'static> {
    Settings::in_letters(&ENGLISH, strict)
}

/// Replays every game of `text` both ways under PGN's letters; returns
/// (games, taken by the plain lane).
fn compare(name: &str, text: &[u8]) -> (usize, usize) {
    compare_in(&ENGLISH, name, text)
}

/// Replays every game of `text` both ways under `letters`; returns (games,
/// taken by the plain lane).
fn compare_in(letters: &'static LetterSet, name: &str, text: &[u8]) -> (usize, usize) {
    let mut splitter = Splitter::new(text);
    let mut raw = RawGame::default();
    let (mut plain, mut general) = (Game::default(), Game::default());
    let (mut games, mut taken) = (0, 0);
    while splitter.next_game(&mut raw).unwrap() {
        games += 1;
        for strict in [false, true] {
            let settings = Settings::in_letters(letters, strict);
            if !replay_plain(&raw.text, raw.first_line, &settings, &mut plain) {
                if !strict {
                    replay_general(&raw.text, raw.first_line, &settings, &mut general);
                    let left =
                        !general.diagnostics.is_empty() || general.mainline().next().is_none();
                    REPORTED.with(|r| r.set(r.get() + usize::from(left)));
                }
                continue;
            }
            taken += usize::from(!strict);
            let point = replay_general(&raw.text, raw.first_line, &settings, &mut general);
            assert_eq!(point, None, "{name}:{}", raw.first_line);
            assert!(
                plain == general,
                "{name}: the game at line {}, strict {strict}:\n{plain:?}\n{general:?}",
                raw.first_line
            );
            assert!(general.diagnostics.is_empty(), "{name}:{}", raw.first_line);
        }
    }
    (games, taken)
}

/// Replays every game of every text file under `dir` both ways; returns
/// (games, taken by the plain lane).
fn compare_dir(dir: &Path) -> (usize, usize) {
    let paths = files_with(dir, &["pgn", "txt", "bin"]);
    let (mut games, mut taken) = (0, 0);
    for path in &paths {
        let (g, t) = compare(&path.display().to_string(), &std::fs::read(path).unwrap());
        games += g;
        taken += t;
    }
    (games, taken)
}

#[test]
fn plain_lane_builds_the_games_the_general_walk_builds() {
    let (games, taken) = compare_dir(&fixture(""));
    eprintln!("fixtures: {taken} of {games} games taken by the plain lane");
    assert!(taken > 500, "{taken} of {games}");
    assert!(taken < games, "{taken} of {games}");
    if let Some(shared) = shared() {
        let (games, taken) = compare_dir(&shared.join("corpus"));
        eprintln!("../shared/corpus: {taken} of {games} games taken by the plain lane");
        assert!(taken > 1000, "{taken} of {games}");
        // The gnuchess book, the benchmark's input: every game is plain.
        let file =
            std::fs::File::open(shared.join("corpus/gnuchess-book/book_1.02.pgn.gz")).unwrap();
        let mut book = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(file), &mut book).unwrap();
        REPORTED.with(|r| r.set(0));
        let (games, taken) = compare("gnuchess book", &book);
        let reported = REPORTED.with(|r| r.get());
        eprintln!(
            "gnuchess book: {taken} of {games} games taken by the plain lane, {reported} left to report"
        );
        // Every game is plain but those with something to report (a result
        // the board contradicts, in this book) and those of tags and a
        // result alone.
        assert_eq!(taken + reported, games);
        assert!(reported * 1000 < games, "{reported} of {games}");
    }
}

/// The fixtures' games written in every letter set and in figurines, in
/// short algebraic and in long algebraic with `:` for captures (`Кg1-f3`,
/// `e4:d5`, `Крe8:f7`), are read by the plain lane as by the general walk.
#[test]
fn plain_lane_reads_every_letter_set_as_the_general_walk_does() {
    let mut paths = files_with(&fixture("corpus/chess.js_pgn"), &["pgn", "txt", "bin"]);
    paths.extend(files_with(
        &fixture("corpus/python-chess_data_pgn"),
        &["pgn", "txt", "bin"],
    ));
    let mut text = String::new();
    for path in &paths {
        text.push_str(&String::from_utf8_lossy(&std::fs::read(path).unwrap()));
        text.push_str("\n\n");
    }
    let long = Conventions {
        capture: CaptureSign::Colon,
        ..Conventions::PGN
    };
    for letters in LETTER_SETS {
        for (form, conventions) in [(Form::San, Conventions::PGN), (Form::Lan, long)] {
            let options = Options {
                style: Style {
                    form,
                    letters,
                    conventions,
                },
                format: Format::Pgn,
                strip: Strip {
                    comments: true,
                    variations: true,
                    nags: false,
                },
                ..Options::default()
            };
            let (written, _, _) = convert_str(&text, &options);
            let name = format!("{} {form:?}", letters.name);
            let (games, taken) = compare_in(letters, &name, written.as_bytes());
            eprintln!("{name}: {taken} of {games} games taken by the plain lane");
            // The lane reads letters in ASCII and Cyrillic (others take
            // the general walk): most games in those, the rest having
            // variants, null moves or broken moves.
            if letters
                .piece_list()
                .chars()
                .all(|c| c.is_ascii() || ('\u{400}'..='\u{47f}').contains(&c))
            {
                assert!(taken * 10 > games * 7, "{name}: {taken} of {games}");
            }
        }
    }
}

/// The national texts as their authors wrote them, each under its
/// language's letters: whatever the lane takes of them, it reads as the
/// general walk does.
#[test]
fn plain_lane_reads_national_texts_as_the_general_walk_does() {
    let jsonl = std::fs::read_to_string(fixture("national/national_games.jsonl")).unwrap();
    let (mut games, mut taken) = (0, 0);
    for line in jsonl.lines().filter(|l| !l.trim().is_empty()) {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        let Some(letters) = LetterSet::by_code(entry["iso"].as_str().unwrap()) else {
            continue;
        };
        let text = entry["verbatim"].as_str().unwrap();
        let (g, t) = compare_in(letters, entry["id"].as_str().unwrap(), text.as_bytes());
        games += g;
        taken += t;
    }
    // And the bundled samples, named for their language (`seed000-ru.txt`).
    for path in &files_with(&fixture("samples"), &["pgn", "txt", "bin"]) {
        let name = path.file_stem().unwrap().to_str().unwrap();
        let Some(letters) = name.split('-').nth(1).and_then(LetterSet::by_code) else {
            continue;
        };
        let (g, t) = compare_in(letters, name, &std::fs::read(path).unwrap());
        games += g;
        taken += t;
    }
    eprintln!("national texts: {taken} of {games} games taken by the plain lane");
    assert!(games > 10, "{games}");
}

/// Each game is plain but for one thing the general walk reports: the plain
/// lane gives it up, and the general walk says what is wrong.
#[test]
fn plain_lane_gives_up_what_needs_a_report() {
    let head = "[Event \"x\"]\n[Result \"*\"]\n\n";
    let cases = [
        "1. e4 e5 2. Nf3+ Nc6 *",
        "1. e4 e5 2. Nxf3 *",
        "1. e4 e5 2. Nxe5 *",
        "1. e4 e5 2. Ngf3 Nc6 *",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4# *",
        "1. e4 e5 2. Ke3 *",
        "1. e4 {a comment with no end *",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 Nf6 6. O-O-O *",
        "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Nd5 Nd4 5. Nb4 Nb3 6. N4d5 *",
        // Moves after a result (found by fuzz/plain_lane): the walk keeps
        // them as commentary and says they hold moves.
        "1. e4 e5 2. 0-1 Nf3 Nc6 *",
    ];
    for movetext in cases {
        let text = format!("{head}{movetext}\n");
        let settings = settings(false);
        let mut game = Game::default();
        assert!(
            !replay_plain(&text, 1, &settings, &mut game),
            "the plain lane took `{movetext}`"
        );
        replay_general(&text, 1, &settings, &mut game);
        assert!(!game.diagnostics.is_empty(), "no report for `{movetext}`");
    }
    // And the same game, written as it should be, takes the plain lane.
    let text = format!("{head}1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n");
    let mut game = Game::default();
    assert!(replay_plain(&text, 1, &settings(false), &mut game));
    assert_eq!(game.mainline().count(), 8);
}

/// A move with a long run of `!` after it (found by fuzz/plain_lane): one
/// mark, `$3`, both ways; the walk, reading a long word a window at a time,
/// cut the run and kept its rest as a comment, with a warning.
#[test]
fn a_long_run_of_marks_after_a_move_reads_alike_both_ways() {
    for run in [3, 64, 160, 1000] {
        let text = format!("1. e4{} e5 *\n", "!".repeat(run));
        let (games, taken) = compare(&format!("{run} marks"), text.as_bytes());
        assert_eq!((games, taken), (1, 1), "{run} marks");
        let mut game = Game::default();
        replay_general(&text, 1, &settings(false), &mut game);
        assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    }
}

/// The fixtures' games that the plain lane takes under PGN's letters, as
/// one text: games with nothing to report, whatever they are written in.
fn plain_fixture_games() -> String {
    let mut paths = files_with(&fixture("corpus/chess.js_pgn"), &["pgn", "txt", "bin"]);
    paths.extend(files_with(
        &fixture("corpus/python-chess_data_pgn"),
        &["pgn", "txt", "bin"],
    ));
    let mut text = String::new();
    let mut game = Game::default();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let mut splitter = Splitter::new(&bytes[..]);
        let mut raw = RawGame::default();
        while splitter.next_game(&mut raw).unwrap() {
            if replay_plain(&raw.text, raw.first_line, &settings(false), &mut game) {
                text.push_str(&raw.text);
                text.push_str("\n\n");
            }
        }
    }
    text
}

/// Reads every game of `text` with `reader`: (games, games with a
/// diagnostic).
fn read_back(reader: &mut GameReader, text: &str) -> (usize, usize) {
    let mut splitter = Splitter::new(text.as_bytes());
    let mut raw = RawGame::default();
    let mut game = Game::default();
    let (mut games, mut reported) = (0, 0);
    while splitter.next_game(&mut raw).unwrap() {
        reader.read(&raw.text, raw.first_line, &mut game);
        games += 1;
        reported += usize::from(!game.diagnostics.is_empty());
    }
    (games, reported)
}

/// notate's own output reads back on the plain lane, every game of it: in
/// each preset, and in every letter set whose letters the lane reads
/// (ASCII, Cyrillic, figurines), short and long, castling written with
/// `O` and with `0`. Under the output's letters the general walk replays
/// none of it; under `--from auto`, after the first game (which is first
/// tried in PGN's letters, and may need its letters settled), hardly any,
/// even where other sets read the same letters (German `S` is a Finnish
/// pawn): the counters of the reader's replays say so (a transliterated
/// set, read under `--from auto` only where no other set reads, aside).
#[test]
fn notates_own_output_reads_back_on_the_plain_lane() {
    let text = plain_fixture_games();
    let mut styles: Vec<(String, Style)> = PRESETS
        .iter()
        .map(|p| (p.name.to_string(), p.style()))
        .collect();
    for letters in LETTER_SETS {
        let lane_reads = letters.piece_list().chars().all(|c| {
            c.is_ascii() || ('\u{400}'..='\u{47f}').contains(&c) || ('♔'..='♟').contains(&c)
        });
        if !lane_reads {
            continue;
        }
        for form in [Form::San, Form::Lan] {
            for castling in [CastlingSign::Letter, CastlingSign::Zero] {
                let conventions = Conventions {
                    castling,
                    ..Conventions::PGN
                };
                let style = Style {
                    form,
                    letters,
                    conventions,
                };
                styles.push((format!("{} {form:?} {castling:?}", letters.name), style));
            }
        }
    }
    for (name, style) in styles {
        let options = Options {
            style,
            format: Format::Pgn,
            strip: Strip {
                comments: true,
                variations: true,
                nags: true,
            },
            ..Options::default()
        };
        let (written, _, _) = convert_str(&text, &options);
        let mut reader = GameReader::for_letters(style.letters);
        let (games, reported) = read_back(&mut reader, &written);
        assert!(games > 100, "{name}: {games}");
        assert_eq!(reported, 0, "{name}");
        let replays = reader.replays();
        assert_eq!(replays.general, 0, "{name}: {replays:?} for {games} games");
        assert_eq!(replays.plain, games as u64, "{name}");
        // A transliteration is read under `--from auto` only where no set
        // reads the letters as written (`Kf3 Sb5` is German's first): its
        // own output reads back under its name, above.
        if style.letters.is_transliterated() {
            continue;
        }
        // Under `--from auto`: the first game settles the letters.
        let mut auto = GameReader::new(&ReaderOptions::default());
        let first_end = written[1..]
            .find("\n[Event ")
            .map_or(written.len(), |i| i + 2);
        read_back(&mut auto, &written[..first_end]);
        let after_first = auto.replays();
        let (rest, reported) = read_back(&mut auto, &written[first_end..]);
        assert!(rest > 100, "{name}: {rest}");
        assert_eq!(reported, 0, "{name}, auto");
        let replays = auto.replays();
        let general = replays.general - after_first.general;
        eprintln!("{name}, auto: {general} general replays for {rest} games after the first");
        // A game whose letters two sets read alike but for one (Bulgarian
        // and Russian) may still take the general walk under the other.
        assert!(
            general * 25 <= rest as u64,
            "{name}, auto: {replays:?} for {rest} games after the first"
        );
    }
}

/// A long run of marks and a mate sign after a move (a fuzz find, kept in
/// `fixtures/regressions/`) is one glyph and mate in both lanes, not moves
/// run together in the walk.
#[test]
fn a_long_run_of_marks_before_mate_is_one_glyph() {
    let text = format!(
        "[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7{}# 1-0\n",
        "?".repeat(200)
    );
    let (out, warnings, summary) = crate::faults::text(&text);
    assert_eq!(out, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#?? 1-0\n");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(summary.written, 1);
    let (games, taken) = compare("marks", text.as_bytes());
    assert_eq!((games, taken), (1, 1));
}
