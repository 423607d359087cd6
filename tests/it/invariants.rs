//! The reader's promises as properties on generated input (issue 28):
//!
//! - *nothing lost*: a random legal game, written in the spellings people
//!   use (castling `0-0 00 0 - 0 OO ooo`, promotion `e8Q e8(Q) e8/Q`,
//!   captures `x : ×` or none, checks `+ †` or none, en passant marks,
//!   comments in `{ }`, `;` and `[ ]`, NAGs, clock times `(89)` and
//!   evaluations after moves, side lines), reads back with every move, or
//!   the game is reported failed: never fewer moves with no error;
//! - *valid output*: the PGN notate writes for it reads back, under
//!   `--strict`, to the same PGN, its brackets balanced, no side line
//!   empty;
//! - *no panic*: random strings of the characters movetext is made of go
//!   through the library's reading and every output format.
//!
//! A few thousand games in `cargo test`; `NOTATE_SPELLING_GAMES=N` and
//! `NOTATE_SPELLING_SEED=S` (likewise `NOTATE_RANDOM_TEXTS`) for a run at
//! scale.

use crate::common;
use crate::property::{Rng, random_game};

use notate::convert::{Options, convert_str};
use notate::internals::reader::ReaderOptions;
use notate::notation::style::{Form, Style};
use notate::output::Format;
use notate::vocab::letters::ENGLISH;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

const KING_SIDE: &[&str] = &[
    "O-O", "0-0", "00", "OO", "oo", "0 - 0", "O - O", "0 0", "O O", "O–O",
];
const QUEEN_SIDE: &[&str] = &["O-O-O", "0-0-0", "000", "OOO", "ooo", "0 - 0 - 0", "O-O-O"];
const CAPTURE: &[&str] = &["x", ":", "×", ""];
const PROMOTION: &[&str] = &["=", "", "/", "("];
const CHECK: &[&str] = &["+", "†", ""];
/// What stands between a piece's letter and the rest of its move, typed
/// apart (`N f3`, `N. f3`, `♘ – f3`): most often nothing.
const APART: &[&str] = &["", "", "", "", "", "", "", "", " ", ". ", ", ", " – ", "- "];
const MATE: &[&str] = &["#", ""];
/// Words of commentary that name no square and no result.
const WORDS: &[&str] = &[
    "good",
    "a",
    "strong",
    "idea",
    "White",
    "Black",
    "the",
    "best",
    "move",
    "here",
    "wins",
    "time",
    "pressure",
    "Fischer",
    "liked",
    "this",
    "gut",
    "idée",
    "Лучше",
];

/// `san` (SAN with its suffix) spelled as people type it.
fn spell(rng: &mut Rng, pos: &Chess, m: Move) -> String {
    let plus = SanPlus::from_move(pos.clone(), m);
    let suffix = match plus.suffix {
        Some(shakmaty::san::Suffix::Check) => CHECK[rng.below(CHECK.len())],
        Some(shakmaty::san::Suffix::Checkmate) => MATE[rng.below(MATE.len())],
        None => "",
    };
    let body = match plus.san {
        San::Castle(CastlingSide::KingSide) => KING_SIDE[rng.below(KING_SIDE.len())].to_string(),
        San::Castle(CastlingSide::QueenSide) => QUEEN_SIDE[rng.below(QUEEN_SIDE.len())].to_string(),
        san => {
            let mut text = san.to_string();
            if text.contains('x') {
                text = text.replace('x', CAPTURE[rng.below(CAPTURE.len())]);
            }
            if let Some(at) = text.find('=') {
                let piece = &text[at + 1..];
                text = match PROMOTION[rng.below(PROMOTION.len())] {
                    "(" => format!("{}({piece})", &text[..at]),
                    sign => format!("{}{sign}{piece}", &text[..at]),
                };
            }
            // A piece's letter, or its figurine, set apart from its square.
            if text.starts_with(|c: char| c.is_ascii_uppercase()) {
                let apart = APART[rng.below(APART.len())];
                if !apart.is_empty() {
                    let letter = match rng.below(2) {
                        0 => text[..1].to_string(),
                        _ => figurine(&text[..1]).to_string(),
                    };
                    text = format!("{letter}{apart}{}", &text[1..]);
                }
            }
            text
        }
    };
    let ep = if matches!(m, Move::EnPassant { .. }) && rng.below(2) == 0 {
        " e.p."
    } else {
        ""
    };
    format!("{body}{suffix}{ep}")
}

/// White's figurine for an English piece letter.
fn figurine(letter: &str) -> &'static str {
    match letter {
        "K" => "♔",
        "Q" => "♕",
        "R" => "♖",
        "B" => "♗",
        _ => "♘",
    }
}

fn words(rng: &mut Rng) -> String {
    (0..1 + rng.below(4))
        .map(|_| WORDS[rng.below(WORDS.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

/// What may stand after a move: nothing mostly, else a comment in one of
/// its forms, a NAG, a clock time or an evaluation. `true` where it
/// interrupts the moves (the next Black move takes its number again).
fn after_move(rng: &mut Rng, out: &mut String) -> bool {
    let aside = match rng.below(14) {
        0 => format!("{{ {} }}", words(rng)),
        1 => format!("; {}\n", words(rng)),
        2 => format!("[{}]", words(rng)),
        3 => format!(
            "{{[%clk 0:0{}:{}{}]}}",
            rng.below(10),
            rng.below(6),
            rng.below(10)
        ),
        4 => format!("({})", 60 + rng.below(40)),
        5 => format!("[%eval {}.{}]", rng.below(3), rng.below(100)),
        6 => ["$1", "!?", "?!", "!!", "$14"][rng.below(5)].to_string(),
        _ => return false,
    };
    out.push(' ');
    out.push_str(&aside);
    true
}

/// The move number to write before the move of `pos`'s side to move.
fn number(pos: &Chess, interrupted: bool) -> Option<String> {
    let n = pos.fullmoves();
    match pos.turn() {
        shakmaty::Color::White => Some(format!("{n}.")),
        shakmaty::Color::Black if interrupted => Some(format!("{n}...")),
        shakmaty::Color::Black => None,
    }
}

/// A game's movetext in random spellings, with asides and side lines.
fn spelled_game(rng: &mut Rng, start: &Chess, moves: &[Move]) -> String {
    let mut out = String::new();
    let mut pos = start.clone();
    let mut interrupted = true;
    for &m in moves {
        if let Some(n) = number(&pos, interrupted) {
            out.push(' ');
            out.push_str(&n);
        }
        out.push(' ');
        out.push_str(&spell(rng, &pos, m));
        let before = pos.clone();
        pos.play_unchecked(m);
        interrupted = after_move(rng, &mut out);
        // A side line: another move from the position before this one.
        let others: Vec<Move> = before
            .legal_moves()
            .into_iter()
            .filter(|&o| o != m)
            .collect();
        if !others.is_empty() && rng.below(10) == 0 {
            let alt = others[rng.below(others.len())];
            let n = number(&before, true).unwrap_or_default();
            out.push_str(&format!(" ({n} {})", spell(rng, &before, alt)));
            interrupted = true;
        }
    }
    out
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn moves_of(start: &Chess, uci: &[String]) -> Vec<Move> {
    let mut pos = start.clone();
    uci.iter()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect()
}

fn pgn_options(strict: bool) -> Options {
    Options {
        reading: ReaderOptions {
            from: vec![&ENGLISH],
            strict,
            ..ReaderOptions::default()
        },
        style: Style::pgn(),
        format: Format::Pgn,
        ..Options::default()
    }
}

/// Whether PGN movetext has balanced brackets and no empty side line.
pub(crate) fn well_formed(pgn: &str) -> Result<(), String> {
    let mut depth = 0i64;
    let mut in_comment = false;
    let mut last_open = false;
    for c in pgn.chars() {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            _ if in_comment => continue,
            '(' => {
                depth += 1;
                last_open = true;
                continue;
            }
            ')' => {
                if last_open {
                    return Err("an empty side line".into());
                }
                depth -= 1;
                if depth < 0 {
                    return Err("a `)` that closes nothing".into());
                }
            }
            c if c.is_whitespace() => continue,
            _ => {}
        }
        last_open = false;
    }
    if depth != 0 || in_comment {
        return Err("unbalanced brackets".into());
    }
    Ok(())
}

/// Nothing lost and valid output, on games in the spellings people use.
#[test]
fn spelled_games_read_whole_or_fail_and_their_output_reads_back() {
    let count = env_or("NOTATE_SPELLING_GAMES", 1500) as usize;
    let mut rng = Rng(env_or("NOTATE_SPELLING_SEED", 0x2805_1965) | 1);
    let (mut whole, mut failed) = (0usize, 0usize);
    for case in 0..count {
        let (fen, uci) = random_game(&mut rng);
        let start = position(&fen);
        let moves = moves_of(&start, &uci);
        let movetext = spelled_game(&mut rng, &start, &moves);
        let text = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{movetext} *\n");
        let games = notate::read(
            &text,
            &ReaderOptions {
                from: vec![&ENGLISH],
                ..ReaderOptions::default()
            },
        );
        assert_eq!(games.len(), 1, "case {case}: one game expected\n{text}");
        let game = &games[0];
        let read = common::mainline(game).1;
        if game.failed() {
            failed += 1;
            continue;
        }
        assert_eq!(
            read,
            uci.join(" "),
            "case {case}: moves lost without an error\n{text}\n{:?}",
            game.diagnostics
        );
        whole += 1;
        // The PGN written reads back, strictly, to itself.
        let (pgn, diagnostics, summary) = convert_str(&text, &pgn_options(false));
        assert_eq!(summary.written, 1, "case {case}: {diagnostics:?}");
        if let Err(why) = well_formed(&pgn) {
            panic!("case {case}: {why} in the PGN written\n{text}\n{pgn}");
        }
        let (again, diagnostics, summary) = convert_str(&pgn, &pgn_options(true));
        assert_eq!(
            (summary.written, summary.failed),
            (1, 0),
            "case {case}: the PGN written does not read back strictly\n{pgn}\n{diagnostics:?}"
        );
        assert_eq!(
            again, pgn,
            "case {case}: the PGN written reads back otherwise\n{text}"
        );
    }
    eprintln!("spelled games: {whole} read whole, {failed} reported failed");
    assert!(
        whole >= count * 95 / 100,
        "only {whole} of {count} spelled games read whole ({failed} failed)"
    );
}

/// The characters and pieces of words movetext is made of, and some it
/// should never meet: what the random texts are drawn from.
const PIECES: &[&str] = &[
    "1.",
    "2...",
    "12.",
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "O-O",
    "0-0-0",
    "00",
    "exd5",
    "e8=Q",
    "Кf3",
    "Сb5",
    "Фd8",
    "Лd1:d6",
    "P-K4",
    "Kt-KB3",
    "♘f3",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    "$1",
    "!?",
    "+",
    "#",
    "x",
    ":",
    "-",
    "—",
    "…",
    ".",
    ",",
    "\n",
    "\n\n",
    " ",
    " ",
    " ",
    "[Event \"x\"]\n",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n",
    "\0",
    "\u{1b}",
    "\u{feff}",
    "\u{200b}",
    "%",
    "\\",
    "\"",
    "e",
    "7",
    "h",
    "Z",
    "z9",
    "ab",
    "Partie",
    "Weiß",
    "gibt",
    "auf",
    "mate",
    "e.p.",
    "(89)",
    "#",
    "++",
    "1)",
    "l.",
    "O",
];

/// No panic, whatever the text: reading it, and writing what was read in
/// every format and notation.
#[test]
fn random_texts_never_panic() {
    let count = env_or("NOTATE_RANDOM_TEXTS", 1500);
    let mut rng = Rng(env_or("NOTATE_RANDOM_SEED", 0x0028_0028) | 1);
    let formats = [
        Format::Pgn,
        Format::Text,
        Format::Ndjson,
        Format::Epd,
        Format::UciLine,
    ];
    let styles: Vec<Style> = Form::ALL
        .iter()
        .map(|&(form, _)| Style {
            form,
            ..Style::pgn()
        })
        .collect();
    for case in 0..count {
        let len = 1 + rng.below(120);
        let text: String = (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect();
        let format = formats[rng.below(formats.len())];
        let style = styles[rng.below(styles.len())];
        let options = Options {
            format,
            style,
            ..Options::default()
        };
        let outcome = std::panic::catch_unwind(|| {
            let games = notate::read(&text, &ReaderOptions::default());
            convert_str(&text, &options);
            games
        });
        let Ok(games) = outcome else {
            panic!("case {case}: a panic on {text:?} ({format:?}, {style:?})");
        };
        assert_eq!(
            common::reader_fault(&games),
            None,
            "case {case}: a tree the reader could not write from {text:?}"
        );
    }
}

/// The time to convert `text`: the fastest of three runs.
fn convert_time(text: &str) -> std::time::Duration {
    (0..3)
        .map(|_| {
            let start = std::time::Instant::now();
            convert_str(text, &Options::default());
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// Whether `make(4n)` converts in under 6 times the time of `make(n)` (a
/// quadratic construct takes 16 times): measured twice before it counts
/// as failed, so that a busy moment of the machine does not fail it.
fn assert_doubling(what: &str, n: usize, make: impl Fn(usize) -> String) {
    assert_doubling_of(what, n, make, convert_time);
}

/// [`assert_doubling`], with the time `time` takes over a text.
fn assert_doubling_of(
    what: &str,
    n: usize,
    make: impl Fn(usize) -> String,
    time: fn(&str) -> std::time::Duration,
) {
    // Runs of a few milliseconds are at the mercy of a busy machine: n
    // grows until the run at n takes 10 ms at least (up to 16 times; far
    // past that, inputs outgrow the caches and the ratio with them).
    let (first, mut n) = (n, n);
    let mut small = make(n);
    while time(&small).as_secs_f64() < 0.01 && n < 16 * first {
        n *= 2;
        small = make(n);
    }
    let large = make(4 * n);
    let mut ratios = Vec::new();
    // Three tries: a busy machine (the suite's other tests) can slow one
    // run of a few milliseconds several times over.
    for _ in 0..3 {
        let t_small = time(&small).as_secs_f64() + 0.002;
        let t_large = time(&large).as_secs_f64();
        let ratio = t_large / t_small;
        eprintln!("{what}: n={n} {t_small:.4}s, 4n {t_large:.4}s, ratio {ratio:.2}");
        if ratio < 6.0 {
            return;
        }
        ratios.push(ratio);
    }
    panic!("{what}: time at 4n is {ratios:?} times the time at n (linear: 4)");
}

/// A run of the game's legal moves, a knight out and back, `n` times.
fn shuffle(n: usize) -> String {
    let mut s = String::from("1. e4 e5 ");
    for i in 0..n {
        let m = 2 + 2 * i;
        s.push_str(&format!("{m}. Nf3 Nf6 {}. Ng1 Ng8 ", m + 1));
    }
    s
}

/// Linear time, construct by construct of the grammar: a game `n` times
/// longer in one of them takes about `n` times as long.
#[test]
fn every_construct_scales_linearly() {
    type Make = fn(usize) -> String;
    let constructs: &[(&str, usize, Make)] = &[
        ("side lines", 2_000, |n| {
            format!("1. e4 e5 {}*", "(1... c5 2. Nf3) (1... e6) ".repeat(n))
        }),
        ("unplayable side lines", 2_000, |n| {
            format!(
                "1. e4 e5 2. Nf3 Nc6 {}3. Bb5 *",
                "(2... Qh4 3. Qh5) ".repeat(n)
            )
        }),
        ("side lines left open", 2_000, |n| {
            format!("1. e4 e5 {}*", "(1... c5 2. Nf3 ".repeat(n))
        }),
        ("brace comments", 2_000, |n| {
            format!("{}*", shuffle(n).replace("Ng8 ", "Ng8 { a quiet move } "))
        }),
        ("line comments", 2_000, |n| {
            format!("{}*", shuffle(n).replace("Ng8 ", "Ng8 ; a quiet move\n"))
        }),
        ("bracket asides", 2_000, |n| {
            format!("{}*", shuffle(n).replace("Ng8 ", "Ng8 [%clk 0:01:02] "))
        }),
        ("clock times", 2_000, |n| {
            format!("{}*", shuffle(n).replace("Ng8 ", "Ng8 (89) "))
        }),
        ("moves run together", 2_000, |n| {
            format!("1.e4e5{} *", "Nf3Nf6Ng1Ng8".repeat(n))
        }),
        ("prose", 2_000, |n| {
            format!(
                "{}*",
                shuffle(n).replace("Ng8 ", "Ng8 White has a good idea here. ")
            )
        }),
        ("move numbers", 2_000, |n| format!("{}*", shuffle(n))),
        ("moves two pieces fit", 1_000, |n| {
            // `Rd1`: either rook (a1, f1), and only Rfd1 lets `Rf1`
            // follow: a choice each time, settled by the next move.
            let mut text = String::from(
                "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O 5. d3 d6 6. b3 b6 \
                 7. Bb2 Bb7 8. Nbd2 Nbd7 9. e4 e5 10. Qe2 Qe7 ",
            );
            for i in 0..n {
                let m = 11 + 2 * i;
                text.push_str(&format!("{m}. Rd1 Kh8 {}. Rf1 Kg8 ", m + 1));
            }
            text + "*"
        }),
        // Tags read fast: from 4,000 the run grew to 256,000 tags at 4n,
        // past the caches, where a busy machine took 8 times as long.
        ("tags", 1_000, |n| {
            let tags: String = (0..n).map(|i| format!("[Tag{i} \"v{i}\"]\n")).collect();
            format!("{tags}\n1. e4 e5 *\n")
        }),
        ("headings of games", 1_000, |n| {
            (0..n)
                .map(|i| format!("Game {i}\nAnderssen - Kieseritzky, London 1851\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"))
                .collect()
        }),
        ("open brackets", 4_000, |n| {
            format!("1. e4 {}*", "[ ".repeat(n))
        }),
        // Found by fuzz/streams: each `(` never closed asked how far it
        // runs and whether it holds a move, reading to the end each time.
        ("side lines never closed", 4_000, |n| {
            format!("1. e4 {}e5 2. Nf3 *", "( ".repeat(n))
        }),
        ("brackets run together after a word", 4_000, |n| {
            format!("1. e4 e5 2. Nf3{} Nc6 *", "(".repeat(n))
        }),
        // Found by a fault probe: one run of a sign, or a word run
        // together with brackets, read from each of its characters to its
        // end, before the game goes on.
        ("a run of full stops", 8_000, |n| {
            format!("1. e4 {} e5 *", ".".repeat(n))
        }),
        ("a run of stars", 8_000, |n| {
            format!("1. e4 {} e5 *", "*".repeat(n))
        }),
        ("a run of `[`", 8_000, |n| {
            format!("1. e4 {} e5 *", "[".repeat(n))
        }),
        ("a run of `[` spaced", 4_000, |n| {
            format!("1. e4 {} e5 *", "[ ".repeat(n))
        }),
        ("a run of `;`", 8_000, |n| {
            format!("1. e4 {} e5 *", ";".repeat(n))
        }),
        ("words and `;` on one line", 2_000, |n| {
            format!("1. e4 {} e5 *", "ab ; ".repeat(n))
        }),
        // Prose in Cyrillic run against moves parts from them: a word cut
        // many times is looked at only as far as each cut.
        ("Cyrillic prose run against moves", 2_000, |n| {
            format!("1. e4 {} e5 *", "e5вполне".repeat(n))
        }),
        ("numbers run together", 4_000, |n| {
            format!("1. e4 {} e5 *", "1.".repeat(n))
        }),
        ("a word run together with `[`", 4_000, |n| {
            format!("1. e4 {} e5 *", "x[".repeat(n))
        }),
        ("a word run together with `(`", 4_000, |n| {
            format!("1. e4 {} e5 *", "x(".repeat(n))
        }),
        // Games a line each with no numbers or results, told apart by the
        // board: each read to its end, not to the text's (issue 28). The
        // first move of each line but the first is legal where the line
        // before ends, the third is not.
        ("UCI position lines", 1_000, |n| {
            "startpos moves e2e4 e7e5 g1f3\nfen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 moves e1c1\n"
                .repeat(n)
        }),
        ("games a line each in UCI", 1_000, |n| {
            "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5\nd2d4 d7d5 c2c4 e7e6 b1c3 g8f6\n".repeat(n)
        }),
    ];
    for (what, n, make) in constructs {
        assert_doubling(what, *n, make);
    }
}

/// The time to turn the web page `page` into text: the fastest of three
/// runs.
fn html_time(page: &str) -> std::time::Duration {
    (0..3)
        .map(|_| {
            let start = std::time::Instant::now();
            let text = notate::internals::document::html_to_text(page.as_bytes(), None);
            assert!(text.is_ok());
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// A page that sets `.fig` in a chess font and `n` more selectors
/// (`selector(i)`) in a plain one, then holds `element` `n` times.
fn ruled_page(n: usize, selector: fn(usize) -> String, element: &str) -> String {
    let rules: String = (0..n)
        .map(|i| format!("{} {{ font-family: serif }}\n", selector(i)))
        .collect();
    let elements = element.repeat(n);
    format!("<style>.fig {{ font-family: ChessSansUsual }}\n{rules}</style><p>{elements}</p>")
}

/// Linear time in web pages set in chess fonts, construct by construct of
/// their stylesheets and elements: the font-family rules an element is
/// matched against, the elements left open, nested `@media` blocks,
/// `@font-face` aliases, and the piece letters of a word.
#[test]
fn chess_font_pages_scale_linearly() {
    type Make = fn(usize) -> String;
    let constructs: &[(&str, usize, Make)] = &[
        // n rules that set a font-family, and n elements looked up in them.
        ("font-family rules and elements", 8_000, |n| {
            ruled_page(
                n,
                |i| format!(".c{i}"),
                "<span class=\"x fig\">Nf3</span>\n",
            )
        }),
        // n rules of one class with another that the elements lack.
        ("rules of a class the elements share", 8_000, |n| {
            ruled_page(n, |i| format!(".fig.c{i}"), "<span class=fig>Nf3</span>\n")
        }),
        // n elements in a chess font never closed, then n end tags of an
        // element not open.
        ("elements in a chess font left open", 4_000, |n| {
            let fig = "<style>.fig { font-family: 'pgn4web ChessSansUsual' }</style>";
            format!(
                "{fig}<p>{}{}</p>",
                "<span class=fig>N ".repeat(n),
                "</b>".repeat(n)
            )
        }),
        ("@font-face aliases and rules", 2_000, |n| {
            let faces: String = (0..n)
                .map(|i| {
                    format!("@font-face {{ font-family: F{i}; src: url(DiagramTTFritz.ttf) }}\n")
                })
                .collect();
            let rules: String = (0..n)
                .map(|i| format!(".c{i} {{ font-family: G{i} }}\n"))
                .collect();
            format!("<style>{faces}{rules}</style><p>1. e4 e5</p>")
        }),
        ("piece letters and dashes in one word", 4_000, |n| {
            format!(
                "<style>.m {{ font-family: 'Chess Merida' }}</style><p class=m>{}</p>",
                "b-".repeat(n)
            )
        }),
        ("nested @media blocks", 4_000, |n| {
            format!(
                "<style>{}.fig {{ font-family: ChessSansUsual }}{}</style><p class=fig>Nf3</p>",
                "@media screen { ".repeat(n),
                "} ".repeat(n)
            )
        }),
    ];
    for (what, n, make) in constructs {
        assert_doubling_of(what, *n, make, html_time);
    }
}

/// An e-book of `n` chapters and one stylesheet of `n` font-family rules.
fn book_of(n: usize) -> String {
    let rules: String = (0..n)
        .map(|i| format!(".c{i} {{ font-family: serif }}\n"))
        .collect();
    let items: String = (0..n)
        .map(|i| {
            format!("<item id=\"c{i}\" href=\"c{i}.xhtml\" media-type=\"application/xhtml+xml\"/>")
        })
        .collect();
    let spine: String = (0..n)
        .map(|i| format!("<itemref idref=\"c{i}\"/>"))
        .collect();
    let mut entries = vec![
        (
            "META-INF/container.xml".to_string(),
            "<container><rootfiles><rootfile full-path=\"book.opf\"/></rootfiles></container>"
                .to_string(),
        ),
        (
            "book.opf".to_string(),
            format!(
                "<package><manifest><item id=\"s\" href=\"s.css\" media-type=\"text/css\"/>{items}</manifest><spine>{spine}</spine></package>"
            ),
        ),
        (
            "s.css".to_string(),
            format!(".fig {{ font-family: ChessSansUsual }}\n{rules}"),
        ),
    ];
    for i in 0..n {
        entries.push((
            format!("c{i}.xhtml"),
            format!("<html><body><p class=\"c{i}\">Chapter {i}: 1. e4 <span class=fig>N</span>f6</p></body></html>"),
        ));
    }
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, data) in &entries {
        zip.start_file(name.as_str(), stored).expect("zip");
        std::io::Write::write_all(&mut zip, data.as_bytes()).expect("zip");
    }
    let bytes = zip.finish().expect("zip").into_inner();
    // Carried as text (Latin-1, a character a byte) for assert_doubling_of.
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// The time to read the e-book `book` (its bytes as [`book_of`] carries
/// them): the fastest of three runs.
fn epub_time(book: &str) -> std::time::Duration {
    let bytes: Vec<u8> = book.chars().map(|c| c as u8).collect();
    (0..3)
        .map(|_| {
            let start = std::time::Instant::now();
            let text = notate::internals::document::read(
                notate::internals::document::Kind::Epub,
                &mut bytes.as_slice(),
                None,
            );
            assert!(text.is_ok_and(|t| t.text.contains("Chapter 1: 1. e4 ♘f6")));
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// Linear time in e-books: the stylesheets are read once for the book,
/// not once for each chapter.
#[test]
fn e_book_stylesheets_scale_linearly() {
    assert_doubling_of("chapters and font-family rules", 1_000, book_of, epub_time);
}

/// The heap a conversion of `text` peaks at, above what was held before.
fn peak_heap(text: &str) -> isize {
    crate::heap::peak_since_reset();
    convert_str(text, &Options::default());
    crate::heap::peak_since_reset()
}

/// Bounded memory: an open side line costs a bounded number of bytes past
/// the nesting kept (256), and a comment a small multiple of its text:
/// 4 MB of `(1. d4 ` or of one comment peaks within a small multiple of
/// the input, not a kilobyte per bracket.
#[test]
fn open_side_lines_and_comments_take_bounded_memory() {
    let opens = format!("1. e4 {}*\n", "(1. d4 ".repeat(500_000));
    let comment = format!("1. e4 {{ {} }} e5 *\n", "a long comment ".repeat(270_000));
    let unclosed = format!("1. e4 e5 {}*\n", "[ note ".repeat(500_000));
    for (what, text) in [
        ("open side lines", &opens),
        ("a comment", &comment),
        ("open brackets", &unclosed),
    ] {
        let peak = peak_heap(text);
        let per_byte = peak as f64 / text.len() as f64;
        eprintln!(
            "{what}: {} bytes in, {peak} bytes of heap at the peak ({per_byte:.1} a byte)",
            text.len()
        );
        assert!(
            per_byte < 12.0,
            "{what}: {peak} bytes of heap for {} bytes of input",
            text.len()
        );
    }
}
