//! The commentary after a game's last move (issue 29): a move it names
//! alone in a sentence, legal where the game stopped, is the commentary's
//! (the game reads whole, the mention said in a warning); two moves it
//! names in turn may be the game going on (both its moves, an error, or a
//! warning; never one of them silently). Stated on real and
//! generated games in random notations, a few thousand in `cargo test`;
//! `NOTATE_MENTION_GAMES=N` and `NOTATE_MENTION_SEED=N` for long runs.

use crate::common;
use crate::property::{Rng, noisy_inputs, random_style};

use notate::convert::{Options, convert_str};
use notate::internals::reader::ReaderOptions;
use notate::output::Format;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// Words of the sentence around the mentions: none of them a move in any
/// letter set.
const BEFORE: &str = "The position is quiet now, and White could consider";
const AFTER: &str = "here, with a comfortable game for both sides.";

/// The moves `ucis` from `fen` written in `options`' style, as their words
/// alone (no numbers, no result), and the position after them.
fn written(fen: &str, ucis: &[String], options: &Options) -> (Vec<String>, Chess) {
    let game = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{} *\n", ucis.join(" "));
    let (text, _, summary) = convert_str(&game, options);
    assert_eq!(summary.written, 1, "{game}");
    let words = text
        .split_whitespace()
        .filter(|w| {
            // Not a move number (`12.`, `12...`) nor the result; castling
            // with zeros (`0-0`) is a move.
            let number =
                w.ends_with('.') && w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit());
            !number && !matches!(*w, "*" | "1-0" | "0-1" | "1/2-1/2")
        })
        .map(str::to_string)
        .collect();
    let mut pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    for uci in ucis {
        let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
    }
    (words, pos)
}

/// A legal move in `pos` chosen by `rng`, as UCI.
fn some_move(pos: &Chess, rng: &mut Rng) -> Option<String> {
    let moves = pos.legal_moves();
    let mv = moves.get(rng.below(moves.len().max(1)))?;
    Some(mv.to_uci(CastlingMode::Standard).to_string())
}

/// Reads `text` in `options`' letters: the games' main lines (UCI),
/// whether any failed, and their diagnostics.
fn read(text: &str, options: &Options) -> (String, bool, Vec<String>) {
    let games = notate::read(
        text,
        &ReaderOptions {
            from: vec![options.style.letters],
            ..ReaderOptions::default()
        },
    );
    let moves = games
        .iter()
        .map(|g| common::mainline(g).1)
        .collect::<Vec<_>>()
        .join(" ");
    let failed = games.iter().any(|g| g.failed());
    let messages = games
        .iter()
        .flat_map(|g| g.diagnostics.iter().map(|d| d.message.clone()))
        .collect();
    (moves, failed, messages)
}

#[test]
fn a_move_named_alone_after_the_game_is_commentary_two_in_turn_may_be_the_game() {
    let count: usize = common::env_number("NOTATE_MENTION_GAMES", 2000);
    let seed: u64 = common::env_number("NOTATE_MENTION_SEED", 0x2545_f491_4f6c_dd1d);
    let mut rng = Rng(seed | 1);
    let (mut alone, mut in_turn) = (0, 0);
    for (i, (fen, moves)) in noisy_inputs(&mut rng, count).into_iter().enumerate() {
        if moves.is_empty() {
            continue;
        }
        let options = Options {
            style: random_style(&mut rng),
            format: Format::Text,
            ..Options::default()
        };
        let game = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{} *\n", moves.join(" "));
        let (movetext, _, _) = convert_str(&game, &options);
        let movetext = movetext.trim_end().trim_end_matches('*').trim_end();
        let (_, end) = written(&fen, &moves, &options);
        let Some(first) = some_move(&end, &mut rng) else {
            continue;
        };
        let end_fen = Fen::from_position(&end, EnPassantMode::Legal).to_string();
        // The game's numbers are the FEN's: the mention is written as it
        // would be there.
        let two = rng.below(2) == 0;
        let mut mentioned = vec![first];
        if two {
            let (_, after) = written(&end_fen, &mentioned, &options);
            let Some(second) = some_move(&after, &mut rng) else {
                continue;
            };
            mentioned.push(second);
        }
        let (words, _) = written(&end_fen, &mentioned, &options);
        let text = format!(
            "[FEN \"{fen}\"]\n\n{movetext}\n\n{BEFORE} {} {AFTER}\n",
            words.join(" ")
        );
        let (read, failed, messages) = read(&text, &options);
        let context = format!(
            "game {i}, seed {seed}, {:?}\n{text}\n{messages:?}",
            options.style
        );
        if two {
            // In turn, they may be the game going on (`Morphy played 1.e4
            // e5`): both taken as its moves, or the game failed, or it
            // stops before them with a warning; never one of them alone.
            let both = [moves.as_slice(), mentioned.as_slice()].concat().join(" ");
            assert!(
                failed || read == both || read == moves.join(" ") && !messages.is_empty(),
                "two moves in turn: {read}\n{context}"
            );
            in_turn += 1;
        } else {
            assert!(!failed, "a move named alone failed the game\n{context}");
            assert_eq!(read, moves.join(" "), "{context}");
            assert!(
                messages
                    .iter()
                    .any(|m| m.starts_with("the commentary names moves not read")),
                "{context}"
            );
            alone += 1;
        }
    }
    eprintln!("mentions: {alone} alone, {in_turn} in turn");
    assert!(
        alone > count / 4 && in_turn > count / 4,
        "{alone} alone, {in_turn} in turn"
    );
}
