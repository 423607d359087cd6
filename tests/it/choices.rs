//! Choices the reader settles by what follows them (a move two pieces
//! could make, a side line with a move that fails): a move is settled
//! where it stands, by trial replays of the text near it, with no replay
//! of the game from its start; where the near text leaves more than one
//! reading, or for a side line, the reader's trials read further, and a
//! choice none or several readings survive to the end is reported. The
//! reader's counter shows its replays and how much text its trials could
//! read.

use notate::game::Game;
use notate::internals::reader::GameReader;
use notate::internals::replay::TRIAL_WINDOW;
use notate::vocab::letters::ENGLISH;

/// Both rooks (a1, f1) can go to d1 at move 11; `Rd1` names neither.
const OPENING: &str = "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O 5. d3 d6 6. b3 b6 \
    7. Bb2 Bb7 8. Nbd2 Nbd7 9. e4 e5 10. Qe2 Qe7 11. Rd1 c5 ";

/// The opening, `before` pairs of king moves, `Rab1 Rab8` (where `rab1`:
/// only the rook left on a1 can play it), `after` pairs more, `*`.
fn game(before: usize, rab1: bool, after: usize) -> String {
    let mut text = String::from(OPENING);
    let mut number = 12;
    for _ in 0..before {
        text.push_str(&format!("{number}. Kh1 Kh8 {}. Kg1 Kg8 ", number + 1));
        number += 2;
    }
    if rab1 {
        text.push_str(&format!("{number}. Rab1 Rab8 "));
        number += 1;
    }
    for _ in 0..after {
        text.push_str(&format!("{number}. Kh1 Kh8 {}. Kg1 Kg8 ", number + 1));
        number += 2;
    }
    text.push_str("*\n");
    text
}

fn read(text: &str) -> (Game, notate::internals::reader::Replays) {
    let mut reader = GameReader::for_letters(&ENGLISH);
    let mut game = Game::default();
    reader.read(text, 1, &mut game);
    (game, reader.replays())
}

fn eleventh(game: &Game) -> String {
    let record = game.mainline().nth(20).expect("move 11 read");
    record.san.to_string()
}

#[test]
fn a_choice_is_settled_by_the_text_near_it() {
    // `Rab1` three moves on tells which rook went to d1; twelve thousand
    // moves follow it, which no trial reads.
    let text = game(3, true, 3_000);
    let (game, replays) = read(&text);
    assert!(!game.failed(), "{:?}", game.diagnostics);
    assert_eq!(eleventh(&game), "Rfd1");
    let warning = &game.diagnostics[0].message;
    assert!(warning.contains("read as Rfd1"), "{warning}");
    // Settled in place: the game replayed once, no trial of the reader's.
    assert_eq!(replays.general, 1, "{replays:?}");
    assert_eq!(replays.trials, 0, "{replays:?}");
}

#[test]
fn a_choice_the_near_text_leaves_open_is_read_further() {
    // `Rab1` comes after more than a window of king moves: both rooks go
    // on through the first window, only one through the next.
    let before = TRIAL_WINDOW / 20;
    let text = game(before, true, 10);
    assert!(text.find("Rab1").unwrap() > OPENING.len() + TRIAL_WINDOW);
    let (game, replays) = read(&text);
    assert!(!game.failed(), "{:?}", game.diagnostics);
    assert_eq!(eleventh(&game), "Rfd1");
    // Both rooks go on through the window read in place, and through the
    // reader's first; only one through its next.
    assert_eq!(replays.trials, 4, "{replays:?}");
    let offset = OPENING.find("Rd1").unwrap() as u64;
    let window = TRIAL_WINDOW as u64;
    assert_eq!(
        replays.trial_bytes,
        2 * (offset + window) + 2 * text.len() as u64,
        "{replays:?}"
    );
}

#[test]
fn a_choice_nothing_settles_is_reported() {
    // With no `Rab1`, either rook may have gone: the move is ambiguous,
    // an error naming both, and the game is not written.
    let text = game(300, false, 0);
    let (game, replays) = read(&text);
    assert!(game.failed());
    let error = game
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an error");
    assert!(
        error.message.contains("ambiguous move `Rd1`") && error.message.contains("Rad1 or Rfd1"),
        "{}",
        error.message
    );
    // Read to the end before it is said: both readings in the first
    // window, and in the next, which holds the rest of the game.
    assert!(text.len() < 16 * TRIAL_WINDOW);
    assert_eq!(replays.trials, 4, "{replays:?}");
    assert_eq!(
        replays.trial_bytes,
        2 * (OPENING.find("Rd1").unwrap() + TRIAL_WINDOW + text.len()) as u64
    );
}

#[test]
fn a_game_with_a_choice_every_move_is_read_whole() {
    // `Rd1` each time either rook could go, and only Rfd1 lets `Rf1`
    // follow: four hundred choices, each settled where it stands.
    let mut text = OPENING.replace("11. Rd1 c5 ", "");
    for i in 0..400 {
        let m = 11 + 2 * i;
        text.push_str(&format!("{m}. Rd1 Kh8 {}. Rf1 Kg8 ", m + 1));
    }
    text.push_str("*\n");
    let (game, replays) = read(&text);
    assert!(!game.failed(), "{:?}", game.diagnostics.first());
    assert_eq!(game.mainline().count(), 20 + 4 * 400);
    let rooks: Vec<String> = game
        .mainline()
        .map(|m| m.san.to_string())
        .filter(|san| san.ends_with("d1"))
        .collect();
    assert_eq!(rooks.len(), 400);
    assert!(rooks.iter().all(|san| san == "Rfd1"), "{rooks:?}");
    assert_eq!((replays.general, replays.trials), (1, 0), "{replays:?}");
}

#[test]
fn a_side_line_with_a_move_that_fails_is_settled_where_it_stands() {
    // `(Nc6` after White's move: no side line (Nc6 is Black's move, the
    // game's own); the `(` is stray, read so where it stands.
    let (game, replays) = read("1. e4 e5 2. Nf3 (Nc6 3. Bb5) a6 *\n");
    let moves: Vec<String> = game.mainline().map(|m| m.san.to_string()).collect();
    assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    let messages: Vec<&str> = game
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "`(` opens no side line: the moves after it go on with the game; ignored",
            "`)` closes no variation; ignored"
        ]
    );
    assert_eq!((replays.general, replays.trials), (1, 0), "{replays:?}");
    // Eighty side lines that cannot be played, each kept as a comment
    // where it stands, in the one replay.
    let lines = "(2... Qh4 3. Qh5) ".repeat(80);
    let (game, replays) = read(&format!("1. e4 e5 2. Nf3 Nc6 {lines}3. Bb5 a6 *\n"));
    assert!(!game.failed());
    assert_eq!(game.mainline().count(), 6);
    assert_eq!(game.diagnostics.len(), 80);
    assert_eq!((replays.general, replays.trials), (1, 0), "{replays:?}");
}
