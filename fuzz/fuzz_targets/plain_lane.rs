//! Arbitrary bytes, cut into games and replayed by the plain lane and by
//! the general walk, under PGN's letters, under Russian ones and under one
//! more letter set picked by the input's length: wherever the plain lane
//! takes a game, the two games must be equal (plainly and strictly). Seed
//! it with the reader's corpus, which is mostly PGN:
//! `cargo fuzz run plain_lane corpus/plain_lane corpus/reader`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use notate::game::Game;
use notate::vocab::letters::{ENGLISH, LETTER_SETS, LetterSet};
use notate::internals::replay::{Settings, replay_general, replay_plain};
use notate::internals::split::{RawGame, Splitter};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let russian = LetterSet::by_code("ru").expect("Russian letters");
    let other = &LETTER_SETS[data.len() % LETTER_SETS.len()];
    let mut splitter = Splitter::new(text.as_bytes()).keep_raw(false);
    let mut raw = RawGame::default();
    let (mut plain, mut general) = (Game::default(), Game::default());
    while splitter.next_game(&mut raw).expect("reading from memory") {
        for letters in [&ENGLISH, russian, other] {
            for strict in [false, true] {
                let settings = Settings::in_letters(letters, strict);
                if replay_plain(&raw.text, raw.first_line, &settings, &mut plain) {
                    let point = replay_general(&raw.text, raw.first_line, &settings, &mut general);
                    assert_eq!(point, None);
                    assert!(plain == general, "{}: {plain:?}\n{general:?}", letters.name);
                }
            }
        }
    }
});
