//! Properties of reading: a random legal game, written with random
//! conventions in a random form and letter set, reads back to the same
//! moves; and with noise put into it (prose, stray brackets, invisible
//! characters, letters a scan puts for digits), it reads back to every
//! move or gives an error, never fewer moves without one (issue 19).
//!
//! The games come from a fixed-seed generator (no dependency), so a failure
//! names its seed and can be replayed.

use crate::common;

use notate::convert::{Options, convert_str};
use notate::game::Game;
use notate::internals::reader::{GameReader, ReaderOptions};
use notate::internals::split::{RawGame, Splitter};
use notate::notation::style::{
    CaptureSign, CastlingSign, Conventions, DoubleCheckSign, EnPassantSuffix, Form, MateSign,
    PromotionSign, Separator, Style,
};
use notate::output::Format;
use notate::vocab::letters::{LETTER_SETS, LetterSet};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// xorshift64*: small, fast, and the same everywhere.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, items: &[(T, &str)]) -> T {
        items[self.below(items.len())].0
    }
}

/// Starts where promotions, en passant, castling and checks come soon.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 20",
    "4k3/PPP5/8/8/8/8/ppp5/4K3 b - - 0 40",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
];

/// A random legal game: its start FEN and its moves in UCI.
pub(crate) fn random_game(rng: &mut Rng) -> (String, Vec<String>) {
    let fen = STARTS[rng.below(STARTS.len())];
    let mut pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let plies = rng.below(120);
    (fen.to_string(), random_moves(rng, &mut pos, plies))
}

pub(crate) fn random_style(rng: &mut Rng) -> Style {
    let letters: Vec<&'static LetterSet> = LETTER_SETS.iter().collect();
    Style {
        form: rng.pick(&[(Form::San, ""), (Form::Lan, ""), (Form::Uci, "")]),
        letters: letters[rng.below(letters.len())],
        conventions: Conventions {
            capture: rng.pick(CaptureSign::ALL),
            castling: rng.pick(CastlingSign::ALL),
            promotion: rng.pick(PromotionSign::ALL),
            mate: rng.pick(MateSign::ALL),
            double_check: rng.pick(DoubleCheckSign::ALL),
            en_passant: rng.pick(EnPassantSuffix::ALL),
            separator: rng.pick(Separator::ALL),
        },
    }
}

fn read_uci(text: &str, letters: &'static LetterSet) -> (Vec<String>, Vec<String>) {
    let mut reader = GameReader::new(&ReaderOptions {
        from: vec![letters],
        ..ReaderOptions::default()
    });
    let mut splitter = Splitter::new(text.as_bytes());
    let (mut raw, mut game) = (RawGame::default(), Game::default());
    assert!(splitter.next_game(&mut raw).unwrap(), "no game in {text}");
    reader.read(&raw.text, raw.first_line, &mut game);
    let moves = game
        .mainline()
        .map(|m| m.uci(game.castling_mode).to_string())
        .collect();
    let messages = game.diagnostics.iter().map(|d| d.to_string()).collect();
    (moves, messages)
}

#[test]
fn random_games_in_random_notations_read_back() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for seed in 0..2000 {
        let (fen, moves) = random_game(&mut rng);
        let style = random_style(&mut rng);
        let uci_game = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{} *\n", moves.join(" "));
        let options = Options {
            style,
            format: Format::Pgn,
            ..Options::default()
        };
        let (written, diagnostics, summary) = convert_str(&uci_game, &options);
        assert_eq!(summary.written, 1, "seed {seed}: {diagnostics:?}");
        let (back, messages) = read_uci(&written, style.letters);
        assert_eq!(
            back, moves,
            "seed {seed}, style {style:?}:\n{written}\n{messages:?}"
        );
        // Marks the writer computed from the board never draw a warning,
        // nor does a game of no moves, written with its result.
        assert_eq!(
            messages,
            [] as [&str; 0],
            "seed {seed}, style {style:?}:\n{written}\n{messages:?}"
        );
    }
}

/// Prose a page puts between moves, in a few languages, with no word that
/// names a square: the noise has no moves in it. Nor does it end the game:
/// no result, and no word of a resignation (`сдались`), which ends the
/// game's moves as a result does (see `vocab::resign`).
const PROSE: &[&str] = &[
    "the",
    "best",
    "move",
    "here",
    "White",
    "wins",
    "a",
    "pawn",
    "Black",
    "has",
    "nothing",
    "better",
    "Ein",
    "guter",
    "Zug",
    "aber",
    "Weiß",
    "gewinnt",
    "une",
    "bonne",
    "idée",
    "mais",
    "les",
    "Noirs",
    "Una",
    "jugada",
    "fuerte",
    "de",
    "la",
    "partida",
    "Лучше",
    "было",
    "играть",
    "Черные",
    "хотели",
    "ход",
    "Be",
    "Ne",
    "Da",
    "ed",
    "And",
    "now",
    "§",
    "—",
    "!",
    "?!",
    "Diagram",
    "Fischer",
    "Kasparov's",
    "idea",
];

const INVISIBLE: &[&str] = &[
    "\u{200b}", "\u{202e}", "\u{0}", "\u{1b}", "\u{7f}", "\u{feff}", "\u{ad}",
];

/// `movetext` with noise put in by `rng`: words and sentences of prose,
/// a stray `{` or `(`, invisible characters, and `l` for `1`, `O` for
/// `0` as a scan has them.
fn noisy(movetext: &str, rng: &mut Rng) -> String {
    let mut words: Vec<String> = movetext.split_whitespace().map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(words.len() + 1);
        let noise = match rng.below(7) {
            0 | 1 => (0..1 + rng.below(4))
                .map(|_| PROSE[rng.below(PROSE.len())])
                .collect::<Vec<_>>()
                .join(" "),
            2 => {
                let sentence: Vec<&str> = (0..2 + rng.below(6))
                    .map(|_| PROSE[rng.below(PROSE.len())])
                    .collect();
                format!("{}.", sentence.join(" "))
            }
            3 => "{".to_string(),
            4 => "(".to_string(),
            _ => INVISIBLE[rng.below(INVISIBLE.len())].to_string(),
        };
        words.insert(at, noise);
    }
    let mut text = words.join(if rng.below(3) == 0 { "\n" } else { " " });
    if rng.below(2) == 0 {
        let chars: Vec<char> = text.chars().collect();
        let mut swapped = String::with_capacity(text.len());
        for c in chars {
            swapped.push(match c {
                '1' if rng.below(3) == 0 => 'l',
                '0' if rng.below(3) == 0 => 'O',
                c => c,
            });
        }
        text = swapped;
    }
    text
}

/// The games the noisy property runs on: TWIC's (or, without
/// `../shared`, chess.js's benchmark file) and generated ones, as (start
/// FEN, UCI moves).
pub(crate) fn noisy_inputs(rng: &mut Rng, count: usize) -> Vec<(String, Vec<String>)> {
    let real = match common::shared() {
        Some(shared) => shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn"),
        None => common::fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn"),
    };
    let text = String::from_utf8_lossy(&std::fs::read(real).unwrap()).into_owned();
    let mut games: Vec<(String, Vec<String>)> = notate::read(&text, &ReaderOptions::default())
        .iter()
        .filter(|g| !g.failed() && g.mainline().next().is_some())
        .map(|g| {
            (
                g.start_fen(),
                common::mainline(g)
                    .1
                    .split(' ')
                    .map(str::to_string)
                    .collect(),
            )
        })
        .collect();
    games.truncate(count / 2);
    while games.len() < count {
        games.push(random_game(rng));
    }
    games
}

/// Whether the games read hold every move of `written` in order, and
/// besides them only pawns' captures: two files of the noise (`ed`, `de`,
/// words of several languages' prose) read as the capture they are in
/// Russian books, where they play in turn and the numbering agrees
/// (`15. ed ed h3h4`). No reader can tell those from moves; nothing of the
/// text's own moves is lost.
fn only_captures_added(games: &[Game], written: &[String]) -> bool {
    let mut due = written.iter().peekable();
    for game in games {
        for record in game.mainline() {
            let uci = record
                .mv
                .as_ref()
                .map(|mv| mv.to_uci(game.castling_mode).to_string());
            if uci.as_ref() == due.peek().copied() {
                due.next();
            } else if !record
                .mv
                .as_ref()
                .is_some_and(|mv| mv.role() == shakmaty::Role::Pawn && mv.is_capture())
            {
                return false;
            }
        }
    }
    due.next().is_none()
}

/// Whether the games read every move of `moves` but the last, the last game
/// warning that its commentary names moves not read, the first of them the
/// last move as `written` (before the noise): noise on both
/// sides of the last move makes it a move named alone in a sentence after
/// the game, as commentary has them (see `Unread::cuts_game`).
fn tail_mentioned(games: &[Game], moves: &[String], written: &str) -> bool {
    let read: Vec<String> = games
        .iter()
        .flat_map(|g| {
            common::mainline(g)
                .1
                .split(' ')
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|m| !m.is_empty())
        .collect();
    let Some(last) = games.last() else {
        return false;
    };
    read.len() + 1 == moves.len()
        && moves.starts_with(&read)
        && last.diagnostics.iter().any(|d| {
            d.message
                .strip_prefix("the commentary names moves not read as part of the game: `")
                .and_then(|rest| rest.split('`').next())
                .is_some_and(|word| {
                    // As a scan reads digits (the noise's `l` for `1`).
                    let scanned = |w: &str| w.replace('1', "l").replace('0', "O");
                    let word = scanned(word.trim_end_matches(['.', ',']));
                    let last_move = written
                        .split_whitespace()
                        .rev()
                        .find(|w| !matches!(*w, "*" | "1-0" | "0-1" | "1/2-1/2"));
                    !word.is_empty() && last_move.is_some_and(|w| scanned(w).ends_with(&word))
                })
        })
}

/// Under noise, every move comes back, or the game is reported failed, or
/// (its last move buried in a sentence after it) named in a warning:
/// never a game that lost moves and passed silently (where the letters are
/// detected, a game may read two legal ways, and the one the priors choose
/// is taken with a warning that says so; two files of the prose that play
/// in turn may be read as the captures they can be). A few thousand games in `cargo
/// test`; `NOTATE_NOISY_GAMES=100000` for a long run, and
/// `NOTATE_NOISY_SEED=N` for other noise.
#[test]
fn noisy_games_give_every_move_or_an_error() {
    let count: usize = common::env_number("NOTATE_NOISY_GAMES", 3000);
    let seed: u64 = common::env_number("NOTATE_NOISY_SEED", 0x5851_f42d_4c95_7f2d);
    let mut rng = Rng(seed | 1);
    let (mut whole, mut failed, mut said_at_end) = (0usize, 0usize, 0usize);
    for (seed, (fen, moves)) in noisy_inputs(&mut rng, count).into_iter().enumerate() {
        let style = random_style(&mut rng);
        let uci_game = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{} *\n", moves.join(" "));
        let options = Options {
            style,
            format: Format::Text,
            ..Options::default()
        };
        let (written, _, summary) = convert_str(&uci_game, &options);
        assert_eq!(summary.written, 1, "seed {seed}");
        let movetext = noisy(written.trim_end(), &mut rng);
        let text = format!("[FEN \"{fen}\"]\n\n{movetext}\n");
        // Read in the letters written, or (one game in four) detected; a
        // transliteration is detected only by letters no other set reads
        // (see `detect::candidates`), so it is read under its name.
        let detected = rng.below(4) == 0 && !style.letters.is_transliterated();
        let from = if detected {
            vec![]
        } else {
            vec![style.letters]
        };
        let games = notate::read(
            &text,
            &ReaderOptions {
                from,
                // A choice by a prior is said, as a note for English.
                verbose: true,
                ..ReaderOptions::default()
            },
        );
        // Noise after the result is a text of its own: no game, unless it
        // holds moves.
        let games: Vec<_> = games
            .into_iter()
            .filter(|g| g.failed() || g.tags().next().is_some() || g.mainline().next().is_some())
            .collect();
        assert_eq!(common::reader_fault(&games), None, "seed {seed}: {text}");
        let read = games
            .iter()
            .map(|g| common::mainline(g).1)
            .collect::<Vec<_>>()
            .join(" ");
        // Detected letters may read two legal ways: the priors choose one,
        // and say so, with every move read.
        let chosen = games.iter().any(|g| {
            g.diagnostics
                .iter()
                .any(|d| d.message.starts_with("the letters read two ways"))
        }) && read.split(' ').count() == moves.len();
        // The game's last move, buried in a sentence of noise after it,
        // read as the commentary's mention of a move, with a warning that
        // names it (`… e7e6 now nothing d2c4`).
        let mentioned = tail_mentioned(&games, &moves, &written);
        said_at_end += usize::from(mentioned && games.iter().all(|g| !g.failed()));
        let lost = games.iter().all(|g| !g.failed())
            && read != moves.join(" ")
            && !chosen
            && !mentioned
            && !only_captures_added(&games, &moves);
        assert!(
            !lost,
            "seed {seed}, style {style:?}: moves lost without an error\n{text}\nwritten: {}\nread: {:?}",
            moves.join(" "),
            games
                .iter()
                .map(|g| (common::mainline(g).1, &g.diagnostics))
                .collect::<Vec<_>>()
        );
        if games.iter().any(|g| g.failed()) {
            failed += 1;
        } else {
            whole += 1;
        }
    }
    eprintln!(
        "noisy games: {whole} read whole ({said_at_end} but their last move, named in a warning), \
         {failed} reported failed"
    );
    assert!(whole > failed, "{whole} whole, {failed} failed");
}

/// A random Chess960 start (bishops on squares of both colours, the king
/// between the rooks), as a FEN with every castling right.
fn chess960_start(rng: &mut Rng) -> String {
    let mut rank: [Option<char>; 8] = [None; 8];
    rank[2 * rng.below(4)] = Some('b');
    rank[2 * rng.below(4) + 1] = Some('b');
    for piece in ['q', 'n', 'n'] {
        let free: Vec<usize> = (0..8).filter(|&i| rank[i].is_none()).collect();
        rank[free[rng.below(free.len())]] = Some(piece);
    }
    // The three squares left take a rook, the king and a rook, in order.
    for piece in ['r', 'k', 'r'] {
        let first = rank.iter().position(Option::is_none).unwrap();
        rank[first] = Some(piece);
    }
    let black: String = rank.iter().map(|p| p.unwrap()).collect();
    let white = black.to_uppercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

/// A random Chess960 game from a random start, with a null move now and
/// then (not in check): its start and its moves in UCI as Chess960 writes
/// them (castling as the king onto its rook; `0000` for a null move).
fn random_chess960_game(rng: &mut Rng) -> (String, Vec<String>) {
    let fen = chess960_start(rng);
    let mut pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    let mut moves = Vec::new();
    for _ in 0..rng.below(80) {
        if rng.below(40) == 0
            && !pos.is_check()
            && let Ok(passed) = pos.clone().swap_turn()
        {
            moves.push("0000".to_string());
            pos = passed;
            continue;
        }
        // Castling is drawn often: it is what the forms differ on.
        let legal = pos.legal_moves();
        let castles: Vec<_> = legal.iter().filter(|m| m.is_castle()).collect();
        let m = match castles.is_empty() || rng.below(3) > 0 {
            true if legal.is_empty() => break,
            true => legal[rng.below(legal.len())],
            false => *castles[rng.below(castles.len())],
        };
        moves.push(UciMove::from_move(m, CastlingMode::Chess960).to_string());
        pos.play_unchecked(m);
    }
    (fen, moves)
}

/// Notate's output of a Chess960 game, with null moves in it, in every
/// form it writes (ICCF numeric and UCI among them), reads back to the
/// same moves: castling, where a king's square alone might be a king's
/// move, is written so that it reads back as castling.
#[test]
fn chess960_games_in_every_form_read_back() {
    let mut rng = Rng(0x0960_0960_0960_0961);
    for seed in 0..400 {
        let (fen, moves) = random_chess960_game(&mut rng);
        let uci_game = format!(
            "[Variant \"chess960\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{} *\n",
            moves.join(" ")
        );
        for &(form, _) in Form::ALL {
            let options = Options {
                style: Style {
                    form,
                    ..Style::default()
                },
                format: Format::Pgn,
                ..Options::default()
            };
            let (written, diagnostics, summary) = convert_str(&uci_game, &options);
            assert_eq!(
                summary.written, 1,
                "seed {seed}: {diagnostics:?}\n{uci_game}"
            );
            let (back, messages) = read_uci(&written, &notate::vocab::letters::ENGLISH);
            assert_eq!(
                back, moves,
                "seed {seed}, {form:?}:\n{written}\n{messages:?}"
            );
        }
    }
}

/// `plies` random legal moves from `pos` (fewer where the game ends
/// first), in UCI.
pub(crate) fn random_moves(rng: &mut Rng, pos: &mut Chess, plies: usize) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        moves.push(UciMove::from_standard(m).to_string());
        pos.play_unchecked(m);
    }
    moves
}

/// Games written one after another as movetext (`--format text`: no tags),
/// in a random form and letter set, read back as the same games, one by
/// one: where each begins is told by its numbers, or, where it is written
/// without them (UCI, a game a line, no result), by the board: a line that
/// replays from the start where the game before is over or cannot go on
/// with it (issue 28: such a text read as one game, losing the rest). A
/// game of fewer moves than the board tells from the one before is read
/// with it and reported (in UCI, which marks no game's end, it may read as
/// the game before going on: its moves kept in order), never lost; every
/// game of ten moves or more reads back exactly.
/// The fewest moves a line with no numbers reads from the start to begin
/// a game (the reader's `NEW_GAME_MOVES`).
const NEW_GAME_MOVES: usize = 4;

#[test]
fn games_written_one_after_another_read_back_one_by_one() {
    let mut rng = Rng(0x51ed_2701_9c3b_44a1);
    let (mut exact, mut reported, mut joined) = (0, 0, 0);
    for seed in 0..3000 {
        let count = 1 + rng.below(6);
        let short = rng.below(4) == 0;
        let games: Vec<Vec<String>> = (0..count)
            .map(|_| {
                let plies = if short {
                    rng.below(10)
                } else {
                    10 + rng.below(110)
                };
                random_moves(&mut rng, &mut Chess::default(), plies)
            })
            .collect();
        let style = random_style(&mut rng);
        let pgn: String = games
            .iter()
            .map(|g| format!("[Event \"?\"]\n\n{} *\n\n", g.join(" ")))
            .collect();
        let write = Options {
            style,
            format: Format::Text,
            ..Options::default()
        };
        let (text, diagnostics, summary) = convert_str(&pgn, &write);
        assert_eq!(
            summary.written, count as u64,
            "seed {seed}: {diagnostics:?}"
        );
        // Half the texts have a blank line between games: there a line
        // that replays from the start as far as it goes on from the game
        // before is a game (second fault probe, case 8).
        let blank = rng.below(2) == 0;
        let text = match blank {
            true => text.replace('\n', "\n\n"),
            false => text,
        };
        let read = Options {
            reading: ReaderOptions {
                from: vec![style.letters],
                ..ReaderOptions::default()
            },
            style: Style {
                form: Form::Uci,
                ..Style::default()
            },
            format: Format::Text,
            ..Options::default()
        };
        let (back, diagnostics, summary) = convert_str(&text, &read);
        let back: Vec<Vec<String>> = back
            .lines()
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .collect();
        if back == games && summary.failed == 0 {
            exact += 1;
        } else if summary.failed > 0 || !diagnostics.is_empty() {
            assert!(
                short,
                "seed {seed}, style {style:?}: {count} games\n{text}\n{diagnostics:?}"
            );
            reported += 1;
        } else {
            // UCI's text marks no game's end: a short line may be the
            // game before going on, and is read so; its moves in order.
            // After a blank line, only one too short to begin a game is.
            let too_short = games.iter().any(|g| g.len() < NEW_GAME_MOVES);
            assert!(
                short
                    && style.form == Form::Uci
                    && back.concat() == games.concat()
                    && (!blank || too_short),
                "seed {seed}, style {style:?}: {count} games\n{text}\nread back as\n{back:?}"
            );
            joined += 1;
        }
    }
    eprintln!(
        "{exact} texts read back exactly, {reported} of short games reported, \
         {joined} of short games in UCI read as fewer games"
    );
    assert!(exact > 2400, "{exact} texts read back exactly");
}

/// Games written as UCI position lines (`--format uci-line`: `startpos
/// moves …`, `fen <FEN> moves …`, a game a line) read back as the same
/// lines: each line is a game, from its start (found by a fault probe:
/// the lines read as one game and were rejected).
#[test]
fn uci_position_lines_read_back_as_the_same_games() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let uci_line = Options {
        format: Format::UciLine,
        ..Options::default()
    };
    for seed in 0..500 {
        let count = 1 + rng.below(6);
        let pgn: String = (0..count)
            .map(|_| {
                let (fen, moves) = random_game(&mut rng);
                format!(
                    "[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{} *\n\n",
                    moves.join(" ")
                )
            })
            .collect();
        let (lines, diagnostics, first) = convert_str(&pgn, &uci_line);
        assert_eq!(first.written, count as u64, "seed {seed}: {diagnostics:?}");
        // (A game of no moves is said to be so, each time.)
        let (again, diagnostics, summary) = convert_str(&lines, &uci_line);
        assert_eq!(
            (again.as_str(), summary.written, summary.warnings),
            (lines.as_str(), count as u64, first.warnings),
            "seed {seed}: {diagnostics:?}"
        );
    }
}
