//! Reading with `Checks::Written` (what a conversion to UCI, ICCF or EPD
//! asks for) finds the check of the moves written with a sign only, and
//! changes nothing else: the same moves, the same diagnostics, the same
//! verdicts, on every bundled fixture and on the national texts.

use crate::common;

use common::{files_with, fixture};
use notate::convert::{Options, convert_str};
use notate::game::{Checks, Event, Game};
use notate::internals::reader::{GameReader, ReaderOptions};
use notate::internals::replay::{Settings, replay_plain};
use notate::internals::split::{RawGame, Splitter};
use notate::notation::style::{Form, Style};
use notate::output::Format;

fn reader(checks: Checks) -> GameReader {
    GameReader::new(&ReaderOptions {
        checks,
        ..ReaderOptions::default()
    })
}

/// The plain lane takes the same games either way (it gives a game up
/// where a sign it reads disagrees with the check it found).
#[test]
fn the_plain_lane_takes_the_same_games_either_way() {
    let paths = files_with(&fixture(""), &["pgn", "txt"]);
    let (mut all, mut written) = (Game::default(), Game::default());
    let mut raw = RawGame::default();
    let mut taken = 0;
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let mut splitter = Splitter::new(&bytes[..]);
        while splitter.next_game(&mut raw).unwrap() {
            let mut settings = Settings::in_letters(&notate::vocab::letters::ENGLISH, false);
            let plain_all = replay_plain(&raw.text, raw.first_line, &settings, &mut all);
            settings.checks = Checks::Written;
            let plain_written = replay_plain(&raw.text, raw.first_line, &settings, &mut written);
            let name = format!("{}:{}", path.display(), raw.first_line);
            assert_eq!(plain_all, plain_written, "{name}");
            if plain_all {
                compare(&name, &all, &written);
                taken += 1;
            }
        }
    }
    assert!(taken > 500, "{taken}");
}

/// How many checks the two readings of a game found: (all, written).
fn compare(name: &str, all: &Game, written: &Game) -> (usize, usize) {
    let messages = |g: &Game| {
        g.diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(messages(all), messages(written), "{name}");
    assert_eq!(all.failed(), written.failed(), "{name}");
    assert_eq!(all.events.len(), written.events.len(), "{name}");
    let mut found = (0, 0);
    for (a, w) in all.events.iter().zip(&written.events) {
        match (a, w) {
            (Event::Move(a), Event::Move(w)) => {
                assert_eq!(
                    (a.mv, a.san, a.color, a.number),
                    (w.mv, w.san, w.color, w.number)
                );
                // Found or not looked for; never another answer.
                assert!(
                    w.check.is_none() || w.check == a.check,
                    "{name}: {a:?} {w:?}"
                );
                found.0 += usize::from(a.check.is_some());
                found.1 += usize::from(w.check.is_some());
            }
            _ => assert_eq!(a, w, "{name}"),
        }
    }
    found
}

#[test]
fn written_checks_change_nothing_but_the_unwritten_checks() {
    let paths = files_with(&fixture(""), &["pgn", "txt"]);
    let (mut all_reader, mut written_reader) = (reader(Checks::All), reader(Checks::Written));
    let (mut all, mut written) = (Game::default(), Game::default());
    let mut raw = RawGame::default();
    let (mut games, mut found) = (0, (0, 0));
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let mut splitter = Splitter::new(&bytes[..]);
        while splitter.next_game(&mut raw).unwrap() {
            all_reader.read(&raw.text, raw.first_line, &mut all);
            written_reader.read(&raw.text, raw.first_line, &mut written);
            let name = format!("{}:{}", path.display(), raw.first_line);
            let (a, w) = compare(&name, &all, &written);
            games += 1;
            found = (found.0 + a, found.1 + w);
        }
    }
    eprintln!(
        "{games} games: {} checks, {} of them written",
        found.0, found.1
    );
    assert!(games > 500, "{games}");
    // Most checks in the fixtures are written with a sign, some are not.
    assert!(found.1 > found.0 / 2, "{found:?}");
    assert!(found.1 < found.0, "{found:?}");
}

#[test]
fn a_written_sign_is_still_checked_against_the_board() {
    let read = |text: &str| {
        let mut game = Game::default();
        reader(Checks::Written).read(text, 1, &mut game);
        let checks: Vec<_> = game.mainline().map(|m| m.check).collect();
        let messages: Vec<_> = game.diagnostics.iter().map(|d| d.to_string()).collect();
        (checks.last().copied().flatten(), messages)
    };
    use notate::game::Check;
    // Found where written, glued or apart, in PGN's and Russian signs.
    assert_eq!(
        read("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0").0,
        Some(Check::Mate)
    );
    assert_eq!(
        read("1. e2-e4 e7-e5 2. Фd1-h5 Кb8-c6 3. Сf1-c4 Кg8-f6 4. Фh5:f7X").0,
        Some(Check::Mate)
    );
    // Not looked for where not written.
    let (check, messages) = read("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0");
    assert_eq!((check, messages), (None, vec![]));
    // A sign apart from its move is checked from the position after it.
    let (_, messages) = read("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 mate 1-0");
    assert!(messages.is_empty(), "{messages:?}");
    let (_, messages) = read("1. e4 e5 2. Qh5 Nc6 3. Bc4 mate Nf6 4. Qxf7 1-0");
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].contains("the move gives no check"),
        "{messages:?}"
    );
    // A wrong sign glued to its move is reported as always.
    let (_, messages) = read("1. e4 e5 2. Qh5+ Nc6 *");
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].contains("the move gives no check"),
        "{messages:?}"
    );
}

/// A conversion reports the same whatever notation it writes, though it
/// finds fewer checks for UCI.
#[test]
fn diagnostics_do_not_depend_on_the_output_notation() {
    let mut paths = files_with(&fixture("broken"), &["pgn", "txt"]);
    paths.extend(files_with(&fixture("samples"), &["pgn", "txt"]));
    assert!(paths.len() > 20);
    let style = |form| Style {
        form,
        ..Style::pgn()
    };
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let convert = |form, format| {
            let options = Options {
                style: style(form),
                format,
                ..Options::default()
            };
            let (_, diagnostics, summary) = convert_str(&text, &options);
            let messages: Vec<_> = diagnostics.iter().map(|d| d.to_string()).collect();
            (messages, summary)
        };
        let san = convert(Form::San, Format::Pgn);
        for (form, format) in [
            (Form::Uci, Format::Text),
            (Form::Iccf, Format::Pgn),
            (Form::San, Format::Epd),
            (Form::San, Format::UciLine),
        ] {
            assert_eq!(
                convert(form, format),
                san,
                "{}: {form:?} {format:?}",
                path.display()
            );
        }
    }
}
