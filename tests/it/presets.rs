//! The four presets of NOTATION.md section 3, checked against expectations
//! written by hand from the rules (never pasted from `notate`'s output).
//!
//! Three inputs, all English SAN in PGN movetext:
//! - seed 000's game (NOTATION.md section 4, English SAN line), with its
//!   result `0-1` added (Black mates). Covers checks, a double check
//!   (16...Nd3+: knight from d3 and queen from g3 both give check) and mate.
//! - seed 002's game (NOTATION.md section 4), with ` *` added. Covers an en
//!   passant capture (6. exd6), disambiguation (9. Nbd2), both castlings.
//! - a short constructed game, checked legal with python-chess, covering
//!   what the seeds lack: en passant by White (3. exd6), a promotion by
//!   capture with check (5. cxd8=Q+), queen-side castling (11. O-O-O), a
//!   double check that is not mate (12. Bg5+: bishop g5 and rook d1, two
//!   checkers), and a mate (13. Rd8#).
//!
//! Text format: movetext on one line, `N. white black`, then the result.

use notate::convert::{Options, convert_str};
use notate::notation::style::Preset;
use notate::output::Format;

fn convert(preset: &str, input: &str) -> String {
    let options = Options {
        style: Preset::by_name(preset)
            .unwrap_or_else(|| panic!("preset {preset} exists"))
            .style(),
        format: Format::Text,
        ..Options::default()
    };
    let (out, diagnostics, _summary) = convert_str(input, &options);
    assert!(
        diagnostics.is_empty(),
        "preset {preset}: unexpected diagnostics: {diagnostics:?}"
    );
    out
}

// ---------------------------------------------------------------- inputs

/// Seed 000 (NOTATION.md section 4, "English SAN"), result `0-1` added.
const SEED_000: &str = "1. e4 e5 2. f4 f5 3. exf5 Qh4+ 4. g3 Qe7 5. Qh5+ Kd8 6. fxe5 Qxe5+ \
7. Be2 Nf6 8. Qf3 d5 9. g4 h5 10. h3 hxg4 11. hxg4 Rxh1 12. Qxh1 Qg3+ 13. Kd1 Nxg4 \
14. Qxd5+ Bd7 15. Nf3 Nf2+ 16. Ke1 Nd3+ 17. Kd1 Qe1+ 18. Nxe1 Nf2# 0-1";

/// Seed 002 (NOTATION.md section 4, first writing in English SAN), ` *` added.
const SEED_002: &str = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 Nxd6 \
7. Bg5 Nc6 8. Qe3+ Be7 9. Nbd2 O-O 10. O-O-O Re8 11. Kb1 *";

/// Constructed: 3. exd6 is en passant, 5. cxd8=Q+ promotes by capture with
/// check, 11. O-O-O, 12. Bg5+ is a double check (not mate), 13. Rd8# mates.
const EXTRA: &str = "1. e4 Nf6 2. e5 d5 3. exd6 Nc6 4. dxc7 e5 5. cxd8=Q+ Kxd8 6. Qf3 Bc5 \
7. d4 Bb6 8. dxe5 Ng4 9. Bd2 Be6 10. Nc3 Nb8 11. O-O-O Bxf2 12. Bg5+ Ke8 13. Rd8# 1-0";

// ---------------------------------------------------------------- fide-en

// fide-en is PGN export SAN (section 3): K Q R B N, x, O-O, =Q, + for check
// and double check, # for mate, no en passant mark. Output = input.
const SEED_000_FIDE_EN: &str = "1. e4 e5 2. f4 f5 3. exf5 Qh4+ 4. g3 Qe7 5. Qh5+ Kd8 6. fxe5 Qxe5+ \
7. Be2 Nf6 8. Qf3 d5 9. g4 h5 10. h3 hxg4 11. hxg4 Rxh1 12. Qxh1 Qg3+ 13. Kd1 Nxg4 \
14. Qxd5+ Bd7 15. Nf3 Nf2+ 16. Ke1 Nd3+ 17. Kd1 Qe1+ 18. Nxe1 Nf2# 0-1\n";

// fide-en (section 3): en passant written plainly, O-O / O-O-O.
const SEED_002_FIDE_EN: &str = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 Nxd6 \
7. Bg5 Nc6 8. Qe3+ Be7 9. Nbd2 O-O 10. O-O-O Re8 11. Kb1 *\n";

// fide-en (section 3): promotion =Q, double check +, mate #.
const EXTRA_FIDE_EN: &str = "1. e4 Nf6 2. e5 d5 3. exd6 Nc6 4. dxc7 e5 5. cxd8=Q+ Kxd8 6. Qf3 Bc5 \
7. d4 Bb6 8. dxe5 Ng4 9. Bd2 Be6 10. Nc3 Nb8 11. O-O-O Bxf2 12. Bg5+ Ke8 13. Rd8# 1-0\n";

// ---------------------------------------------------------------- fide-ru

// fide-ru = seed 000 as written (section 3/4): Кр Ф Л С К, x, + also for the
// double check 16...Кd3+; mate is # (section 3), not the seed's "++.".
const SEED_000_FIDE_RU: &str = "1. e4 e5 2. f4 f5 3. exf5 Фh4+ 4. g3 Фe7 5. Фh5+ Крd8 6. fxe5 Фxe5+ \
7. Сe2 Кf6 8. Фf3 d5 9. g4 h5 10. h3 hxg4 11. hxg4 Лxh1 12. Фxh1 Фg3+ 13. Крd1 Кxg4 \
14. Фxd5+ Сd7 15. Кf3 Кf2+ 16. Крe1 Кd3+ 17. Крd1 Фe1+ 18. Кxe1 Кf2# 0-1\n";

// fide-ru (section 3; seed 000's abbreviations "0-0", "е.р."): castling with
// zeros, en passant suffix " е.р." in Cyrillic after a space.
const SEED_002_FIDE_RU: &str = "1. e4 e5 2. Кf3 Кf6 3. d4 exd4 4. e5 Кe4 5. Фxd4 d5 6. exd6 е.р. Кxd6 \
7. Сg5 Кc6 8. Фe3+ Сe7 9. Кbd2 0-0 10. 0-0-0 Лe8 11. Крb1 *\n";

// fide-ru (section 3; seed 000 C.12 "d8Ф"): bare promotion letter, " е.р.",
// 0-0-0, double check +, mate #.
const EXTRA_FIDE_RU: &str = "1. e4 Кf6 2. e5 d5 3. exd6 е.р. Кc6 4. dxc7 e5 5. cxd8Ф+ Крxd8 6. Фf3 Сc5 \
7. d4 Сb6 8. dxe5 Кg4 9. Сd2 Сe6 10. Кc3 Кb8 11. 0-0-0 Сxf2 12. Сg5+ Крe8 13. Лd8# 1-0\n";

// ---------------------------------------------------------------- fide-es

// fide-es = seed 002 (section 3): R D T A C, x, +, # for mate.
const SEED_000_FIDE_ES: &str = "1. e4 e5 2. f4 f5 3. exf5 Dh4+ 4. g3 De7 5. Dh5+ Rd8 6. fxe5 Dxe5+ \
7. Ae2 Cf6 8. Df3 d5 9. g4 h5 10. h3 hxg4 11. hxg4 Txh1 12. Dxh1 Dg3+ 13. Rd1 Cxg4 \
14. Dxd5+ Ad7 15. Cf3 Cf2+ 16. Re1 Cd3+ 17. Rd1 De1+ 18. Cxe1 Cf2# 0-1\n";

// fide-es = seed 002's first writing (section 4), with "6.exd6 a.p." from its
// first and third writings; 0-0 / 0-0-0 as in the seed.
const SEED_002_FIDE_ES: &str = "1. e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 a.p. Cxd6 \
7. Ag5 Cc6 8. De3+ Ae7 9. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 *\n";

// fide-es (section 3: promotion "d8D", " a.p."): bare promotion letter.
const EXTRA_FIDE_ES: &str = "1. e4 Cf6 2. e5 d5 3. exd6 a.p. Cc6 4. dxc7 e5 5. cxd8D+ Rxd8 6. Df3 Ac5 \
7. d4 Ab6 8. dxe5 Cg4 9. Ad2 Ae6 10. Cc3 Cb8 11. 0-0-0 Axf2 12. Ag5+ Re8 13. Td8# 1-0\n";

// ---------------------------------------------------------------- ru-classic

// ru-classic = seed 003 (section 3): long form "e2-e4", "Лd1:d6", ":" for
// captures (pawns too: "e:d" → "e5:d6"), "++" double check (16...Кf2-d3++),
// "X" mate, 0-0, Russian letters.
const SEED_000_RU_CLASSIC: &str = "1. e2-e4 e7-e5 2. f2-f4 f7-f5 3. e4:f5 Фd8-h4+ 4. g2-g3 Фh4-e7 \
5. Фd1-h5+ Крe8-d8 6. f4:e5 Фe7:e5+ 7. Сf1-e2 Кg8-f6 8. Фh5-f3 d7-d5 9. g3-g4 h7-h5 \
10. h2-h3 h5:g4 11. h3:g4 Лh8:h1 12. Фf3:h1 Фe5-g3+ 13. Крe1-d1 Кf6:g4 14. Фh1:d5+ Сc8-d7 \
15. Кg1-f3 Кg4-f2+ 16. Крd1-e1 Кf2-d3++ 17. Крe1-d1 Фg3-e1+ 18. Кf3:e1 Кd3-f2X 0-1\n";

// ru-classic (section 3, seed 003): en passant is the pawn's move from e5 to
// d6 with ":" and no suffix (the preset has none; seed 003 shows none);
// "Кb1-d2" needs no extra disambiguation in long form; 0-0 / 0-0-0.
const SEED_002_RU_CLASSIC: &str = "1. e2-e4 e7-e5 2. Кg1-f3 Кg8-f6 3. d2-d4 e5:d4 4. e4-e5 Кf6-e4 \
5. Фd1:d4 d7-d5 6. e5:d6 Кe4:d6 7. Сc1-g5 Кb8-c6 8. Фd4-e3+ Сf8-e7 9. Кb1-d2 0-0 \
10. 0-0-0 Лf8-e8 11. Крc1-b1 *\n";

// ru-classic (seed 003: "a7:b8Ф", "e7:d8K+", "Ce2-h5++", "X"): capture
// promotion "c7:d8Ф+", double check "Сd2-g5++", mate "Лd1-d8X".
const EXTRA_RU_CLASSIC: &str = "1. e2-e4 Кg8-f6 2. e4-e5 d7-d5 3. e5:d6 Кb8-c6 4. d6:c7 e7-e5 \
5. c7:d8Ф+ Крe8:d8 6. Фd1-f3 Сf8-c5 7. d2-d4 Сc5-b6 8. d4:e5 Кf6-g4 9. Сc1-d2 Сc8-e6 \
10. Кb1-c3 Кc6-b8 11. 0-0-0 Сb6:f2 12. Сd2-g5++ Крd8-e8 13. Лd1-d8X 1-0\n";

// ---------------------------------------------------------------- tests

#[test]
fn seed_000_fide_en() {
    assert_eq!(convert("fide-en", SEED_000), SEED_000_FIDE_EN);
}

#[test]
fn seed_002_fide_en() {
    assert_eq!(convert("fide-en", SEED_002), SEED_002_FIDE_EN);
}

#[test]
fn extra_fide_en() {
    assert_eq!(convert("fide-en", EXTRA), EXTRA_FIDE_EN);
}

#[test]
fn seed_000_fide_ru() {
    assert_eq!(convert("fide-ru", SEED_000), SEED_000_FIDE_RU);
}

#[test]
fn seed_002_fide_ru() {
    assert_eq!(convert("fide-ru", SEED_002), SEED_002_FIDE_RU);
}

#[test]
fn extra_fide_ru() {
    assert_eq!(convert("fide-ru", EXTRA), EXTRA_FIDE_RU);
}

#[test]
fn seed_000_fide_es() {
    assert_eq!(convert("fide-es", SEED_000), SEED_000_FIDE_ES);
}

#[test]
fn seed_002_fide_es() {
    assert_eq!(convert("fide-es", SEED_002), SEED_002_FIDE_ES);
}

#[test]
fn extra_fide_es() {
    assert_eq!(convert("fide-es", EXTRA), EXTRA_FIDE_ES);
}

#[test]
fn seed_000_ru_classic() {
    assert_eq!(convert("ru-classic", SEED_000), SEED_000_RU_CLASSIC);
}

#[test]
fn seed_002_ru_classic() {
    assert_eq!(convert("ru-classic", SEED_002), SEED_002_RU_CLASSIC);
}

#[test]
fn extra_ru_classic() {
    assert_eq!(convert("ru-classic", EXTRA), EXTRA_RU_CLASSIC);
}
