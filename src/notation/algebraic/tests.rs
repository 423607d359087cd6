//! The move grammar's unit tests: every form, every letter set, and the
//! fast paths against the whole grammar.

use super::grammar::*;
use super::plain::*;
use super::*;
use crate::vocab::letters::{ENGLISH, LETTER_SETS, LetterSet};

/// Every piece name of every letter set (and of several sets at once),
/// written before every body shape, and words of no name: wherever the
/// fast path reads a word, the whole grammar reads it that way only.
#[test]
fn the_plain_reading_is_the_grammars_only_reading() {
    let bodies = [
        "e4", "e2-e4", "e2e4", "e4:d5", "exd5", "e5:", "g1-f3", "g1:f3", "g1xf3", "gf3", "1f3",
        "xf3", ":f3", "f3", "f3+", "f3#", "g1-f3+", "e8", "e8=Q", "e8Q", "h9", "-f3", "d", "",
        "-O", "-O-O", "-0", "-0-0",
    ];
    let mut alphabets: Vec<Alphabet> = LETTER_SETS.iter().map(|s| Alphabet::new(&[s])).collect();
    let ru = LetterSet::by_code("ru").unwrap();
    let de = LetterSet::by_code("de").unwrap();
    let bn = LetterSet::by_code("bn").unwrap();
    alphabets.push(Alphabet::new(&[&ENGLISH, ru, de, bn]));
    // Names in lower case, some of them file letters (`de4`: the queen,
    // or the pawn on the d-file).
    let lower = crate::vocab::letters::set("lower", "Lower", ["k", "d", "t", "l", "s", "b"]);
    alphabets.push(Alphabet::new(&[&lower]));
    let mut names: Vec<String> = ["", "X", "п", "к", "кр", "Z0", "O", "o", "0", "--", "5"]
        .map(String::from)
        .to_vec();
    for set in LETTER_SETS {
        for (name, _) in set.readings() {
            names.push(name.clone());
            names.push(name.to_lowercase());
            names.push(format!("{name}{name}"));
        }
    }
    let (mut fast, mut words) = (0, 0);
    let (mut readings, mut grammar) = (Readings::new(), Readings::new());
    for alphabet in &alphabets {
        for name in &names {
            for body in bodies {
                let word = format!("{name}{body}");
                words += 1;
                let Some((reading, letter)) = alphabet.plain_reading_named(&word) else {
                    continue;
                };
                // The letter is the one the word's letters tell.
                let told = crate::vocab::words::piece_prefix(&word);
                match letter {
                    Letter::None => assert_eq!(told, None, "{word}"),
                    Letter::Name { len, .. } => assert_eq!(told, Some(&word[..len]), "{word}"),
                    Letter::Word => {}
                }
                fast += 1;
                grammar.clear();
                let read = ParsedMove::grammar_readings_into(&word, alphabet, &mut grammar);
                assert!(read.is_ok(), "{word}: {read:?}");
                assert_eq!(
                    grammar.as_slice(),
                    [reading],
                    "{word} in {:?}",
                    alphabet.names
                );
                ParsedMove::readings_into(&word, alphabet, &mut readings).unwrap();
                assert_eq!(readings.as_slice(), [reading], "{word}");
            }
        }
    }
    assert!(
        fast * 10 > words,
        "{fast} of {words} words read by the fast path"
    );
}

fn en(text: &str) -> Result<ParsedMove, TokenError> {
    ParsedMove::parse(text, &Alphabet::new(&[&ENGLISH]))
}

fn normal(
    role: Option<Role>,
    from: (Option<char>, Option<char>),
    capture: bool,
    to: &str,
    promotion: Option<Role>,
) -> MoveToken {
    MoveToken::Normal {
        role,
        from_file: from.0.map(|c| File::new(u32::from(c) - u32::from('a'))),
        from_rank: from.1.map(|c| Rank::new(u32::from(c) - u32::from('1'))),
        capture,
        to: Target::Square(to.parse().unwrap()),
        promotion,
    }
}

/// The fast path reads what it takes exactly as the general grammar
/// does: every SAN shape over a spread of squares, with and without
/// check signs, and near misses.
#[test]
fn fast_san_agrees_with_the_grammar() {
    let fast = Alphabet::new(&[&ENGLISH]);
    let mut slow = fast.clone();
    slow.english = false;
    let mut words = vec!["O-O".to_string(), "O-O-O".to_string()];
    for to in ["a1", "e4", "h8", "d8", "c1", "b7"] {
        for piece in ["", "N", "B", "R", "Q", "K", "P", "k", "X"] {
            for origin in ["", "a", "h", "1", "8", "a1", "e2", "x", "9", "i"] {
                for capture in ["", "x", ":"] {
                    for promotion in ["", "=Q", "=N", "=K", "=P", "Q"] {
                        words.push(format!("{piece}{origin}{capture}{to}{promotion}"));
                    }
                }
            }
        }
    }
    let mut taken = 0;
    for word in &words {
        for suffix in ["", "+", "#", "++", "!"] {
            let text = format!("{word}{suffix}");
            if fast_san(&text).is_some() {
                taken += 1;
                assert_eq!(
                    ParsedMove::readings(&text, &fast),
                    ParsedMove::readings(&text, &slow),
                    "{text}"
                );
            }
        }
    }
    assert!(taken > 1000, "{taken}");
}

/// Castling, with `O` or with zeros, reads by the fast path in every
/// letter set as the whole grammar reads it, one way, and the word has no
/// piece letter to note; near misses are left to the grammar.
#[test]
fn fast_castling_agrees_with_the_grammar() {
    for set in LETTER_SETS {
        let alphabet = Alphabet::new(&[set]);
        for body in ["O-O", "O-O-O", "0-0", "0-0-0"] {
            for suffix in ["", "+", "#"] {
                let word = format!("{body}{suffix}");
                let fast = fast_castling(&word).expect(&word);
                let mut readings = Readings::new();
                ParsedMove::grammar_readings_into(&word, &alphabet, &mut readings).unwrap();
                assert_eq!(readings.as_slice(), [fast], "{word} in {}", set.name);
                assert_eq!(crate::vocab::words::piece_prefix(&word), None, "{word}");
                assert_eq!(crate::vocab::words::letter_either(&word), None, "{word}");
            }
        }
    }
    for word in [
        "O-0", "0-O", "00", "0-0-0-0", "0-0++", "0-0!", "o-o", "0-0-",
    ] {
        assert_eq!(fast_castling(word), None, "{word}");
    }
}

#[test]
fn iccf_numeric() {
    let alphabet = Alphabet::new(&[&ENGLISH]);
    let read = |t: &str| ParsedMove::parse(t, &alphabet).map(|p| p.token);
    assert_eq!(
        read("5254"),
        Ok(normal(None, (Some('e'), Some('2')), false, "e4", None))
    );
    assert_eq!(
        read("7163"),
        Ok(normal(None, (Some('g'), Some('1')), false, "f3", None))
    );
    assert_eq!(
        read("17184"),
        Ok(normal(
            None,
            (Some('a'), Some('7')),
            false,
            "a8",
            Some(Role::Knight)
        ))
    );
    for not in ["5294", "52545", "525", "0254", "52541x"] {
        assert!(!is_iccf(not), "{not}");
    }
}

/// The plain-body path reads what it takes exactly as the general
/// grammar does, with and without a piece letter before the body.
#[test]
fn plain_body_agrees_with_the_grammar() {
    let alphabet = Alphabet::new(&[LetterSet::by_code("ru").unwrap()]);
    let mut taken = 0;
    for origin in ["", "a", "h", "1", "8", "a1", "e2", "9", "i", "a1a"] {
        for sign in ["", "x", ":", "-", "—", "X"] {
            for to in ["a1", "e4", "h8", "d", "4", "i9"] {
                for suffix in ["", "+", "#", "++", "!", "=Q", "Ф", ":"] {
                    let body = format!("{origin}{sign}{to}{suffix}");
                    for role in [None, Some(Role::Knight), Some(Role::King)] {
                        if let Some(fast) = plain_body(body.as_bytes(), role) {
                            taken += 1;
                            assert_eq!(
                                Ok(fast),
                                parse_body_general(&body, 0, role, &alphabet),
                                "{body} {role:?}"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(taken > 100, "{taken}");
}

#[test]
fn short_algebraic() {
    assert_eq!(
        en("e4").unwrap().token,
        normal(None, (None, None), false, "e4", None)
    );
    assert_eq!(
        en("Nbd2").unwrap().token,
        normal(Some(Role::Knight), (Some('b'), None), false, "d2", None)
    );
    assert_eq!(
        en("R1xa3+").unwrap(),
        ParsedMove {
            token: normal(Some(Role::Rook), (None, Some('1')), true, "a3", None),
            check: Some(CheckSign::Check),
            en_passant: false,
            nag: None,
            doubled_letter: false,
            taken: None,
        }
    );
    assert_eq!(
        en("exd8=Q#").unwrap().token,
        normal(None, (Some('e'), None), true, "d8", Some(Role::Queen))
    );
    assert_eq!(
        en("e8Q").unwrap().token,
        normal(None, (None, None), false, "e8", Some(Role::Queen))
    );
    assert_eq!(
        en("Pe4").unwrap().token,
        normal(None, (None, None), false, "e4", None)
    );
    assert_eq!(en("Nf3!?").unwrap().nag, Some(5));
}

#[test]
fn long_algebraic_and_uci() {
    assert_eq!(
        en("e2-e4").unwrap().token,
        normal(None, (Some('e'), Some('2')), false, "e4", None)
    );
    assert_eq!(
        en("Ng1f3").unwrap().token,
        normal(
            Some(Role::Knight),
            (Some('g'), Some('1')),
            false,
            "f3",
            None
        )
    );
    assert_eq!(
        en("e7e8q").unwrap().token,
        normal(None, (Some('e'), Some('7')), false, "e8", Some(Role::Queen))
    );
    assert_eq!(
        en("e4xd5").unwrap().token,
        normal(None, (Some('e'), Some('4')), true, "d5", None)
    );
}

#[test]
fn castling_spellings() {
    for (text, side) in [
        ("O-O", CastlingSide::KingSide),
        ("0-0-0", CastlingSide::QueenSide),
        ("o-o", CastlingSide::KingSide),
        ("0–0", CastlingSide::KingSide),
        ("O‑O‑O+", CastlingSide::QueenSide),
    ] {
        assert_eq!(en(text).unwrap().token, MoveToken::Castle(side), "{text}");
    }
    assert!(en("O-").is_err());
}

#[test]
fn russian_letters() {
    let ru = Alphabet::new(&[LetterSet::by_code("ru").unwrap()]);
    let p = |t: &str| ParsedMove::parse(t, &ru).unwrap().token;
    assert_eq!(
        p("Крd8"),
        normal(Some(Role::King), (None, None), false, "d8", None)
    );
    assert_eq!(
        p("Лd1:d6"),
        normal(Some(Role::Rook), (Some('d'), Some('1')), true, "d6", None)
    );
    assert_eq!(
        p("a7:b8Ф"),
        normal(None, (Some('a'), Some('7')), true, "b8", Some(Role::Queen))
    );
    assert_eq!(
        p("♘f3"),
        normal(Some(Role::Knight), (None, None), false, "f3", None)
    );
    // Cyrillic `х` before a square is the capture, not Serbian's h file.
    assert_eq!(
        p("Крхе5"),
        normal(Some(Role::King), (None, None), true, "e5", None)
    );
    assert_eq!(p("dхе5"), normal(None, (Some('d'), None), true, "e5", None));
}

/// Serbian in Cyrillic writes its files in Cyrillic too (`а б ц д е ф г
/// х`): `х` before a rank is the h file.
#[test]
fn serbian_cyrillic_letters() {
    let sr = Alphabet::new(&[LetterSet::by_code("sr").unwrap()]);
    let p = |t: &str| ParsedMove::parse(t, &sr).unwrap().token;
    assert_eq!(
        p("Сф3"),
        normal(Some(Role::Knight), (None, None), false, "f3", None)
    );
    assert_eq!(
        p("Лц4"),
        normal(Some(Role::Bishop), (None, None), false, "c4", None)
    );
    assert_eq!(
        p("Дх5"),
        normal(Some(Role::Queen), (None, None), false, "h5", None)
    );
    assert_eq!(p("г3"), normal(None, (None, None), false, "g3", None));
    assert_eq!(
        p("Тб1"),
        normal(Some(Role::Rook), (None, None), false, "b1", None)
    );
}

/// Where a letter set's rook is `X` (Vietnamese), a final `X` is the mate
/// sign where no promotion can be, and the rook where one can.
#[test]
fn a_promotion_letter_that_is_also_the_mate_sign() {
    let vi = Alphabet::new(&[LetterSet::by_code("vi").unwrap()]);
    let p = |t: &str| ParsedMove::parse(t, &vi).unwrap();
    let mate = p("e3xf2X");
    assert_eq!(
        mate.token,
        normal(None, (Some('e'), Some('3')), true, "f2", None)
    );
    assert_eq!(mate.check, Some(CheckSign::Mate));
    assert_eq!(
        p("Xa1-a8X").token,
        normal(Some(Role::Rook), (Some('a'), Some('1')), false, "a8", None)
    );
    let promotion = p("e7-e8X");
    assert_eq!(
        promotion.token,
        normal(None, (Some('e'), Some('7')), false, "e8", Some(Role::Rook))
    );
    assert_eq!(promotion.check, None);
}

#[test]
fn trailing_capture_sign() {
    let hu = Alphabet::new(&[LetterSet::by_code("hu").unwrap()]);
    let p = |t: &str| ParsedMove::parse(t, &hu).unwrap().token;
    assert_eq!(
        p("He5:"),
        normal(Some(Role::Knight), (None, None), true, "e5", None)
    );
    assert_eq!(
        p("Fd5:"),
        normal(Some(Role::Bishop), (None, None), true, "d5", None)
    );
    assert_eq!(
        p("Hc6:d4"),
        normal(Some(Role::Knight), (Some('c'), Some('6')), true, "d4", None)
    );
    assert!(matches!(
        p("de:"),
        MoveToken::Normal {
            to: Target::File(File::E),
            capture: true,
            ..
        }
    ));
}

#[test]
fn pawn_capture_by_files() {
    assert_eq!(
        en("ed").unwrap().token,
        MoveToken::Normal {
            role: None,
            from_file: Some(File::E),
            from_rank: None,
            capture: true,
            to: Target::File(File::D),
            promotion: None
        }
    );
}

#[test]
fn rejects_what_is_not_a_move() {
    for text in [
        "", "Nz3", "e9", "Nf", "hello", "e4e", "e8=", "e8=K", "N1-f3", "Ng-f3",
    ] {
        assert!(en(text).is_err(), "{text} parsed");
    }
}

#[test]
fn as_pages_type_moves() {
    let fr = Alphabet::new(&[LetterSet::by_code("fr").unwrap()]);
    let it = Alphabet::new(&[LetterSet::by_code("it").unwrap()]);
    let fr = |t: &str| ParsedMove::parse(t, &fr).unwrap();
    let it = |t: &str| ParsedMove::parse(t, &it).unwrap();
    // The piece taken named after the capture sign.
    let knight_takes = normal(Some(Role::Knight), (Some('e'), Some('4')), true, "f6", None);
    assert_eq!(fr("Ce4xCf6").token, knight_takes);
    assert_eq!(fr("Ce4xCf6+").check, Some(CheckSign::Check));
    assert_eq!(fr("Ce4xCf6").taken, Some(Role::Knight));
    assert_eq!(fr("Ce4:Fd5+").taken, Some(Role::Bishop));
    assert_eq!(fr("Ce4xf6").taken, None);
    assert_eq!(
        it("CxAf7").token,
        normal(Some(Role::Knight), (None, None), true, "f7", None)
    );
    assert_eq!(
        it("exCd4").token,
        normal(None, (Some('e'), None), true, "d4", None)
    );
    assert_eq!(
        fr("Dd1xd8").token,
        normal(Some(Role::Queen), (Some('d'), Some('1')), true, "d8", None)
    );
    // A capital X for the capture between squares; at the end, mate.
    assert_eq!(
        en("Bb4Xc3").unwrap().token,
        normal(Some(Role::Bishop), (Some('b'), Some('4')), true, "c3", None)
    );
    assert_eq!(en("Qh7X").unwrap().check, Some(CheckSign::Mate));
    // Evaluations glued on, with typed dashes, and `=` after a piece.
    for (text, nag) in [
        ("Bh3–+", 19),
        ("d5–/+", 17),
        ("Rb1+=", 14),
        ("Rb1+–", 18),
        ("d5=+", 15),
        ("Nb6=", 10),
        ("0–0=", 10),
        ("0–0–/+", 17),
    ] {
        assert_eq!(en(text).unwrap().nag, Some(nag), "{text}");
    }
    assert_eq!(
        en("0–0–/+").unwrap().token,
        MoveToken::Castle(CastlingSide::KingSide)
    );
    assert_eq!(en("Rb1+=").unwrap().check, None);
    // Cyrillic look-alikes in a pawn's square.
    for (text, to) in [("е4", "e4"), ("а6", "a6"), ("с5", "c5")] {
        assert_eq!(
            en(text).unwrap().token,
            normal(None, (None, None), false, to, None)
        );
    }
    // What does not change: pawns, a bishop, a word, a broken promotion.
    assert_eq!(
        en("bxc3").unwrap().token,
        normal(None, (Some('b'), None), true, "c3", None)
    );
    assert_eq!(
        en("b4").unwrap().token,
        normal(None, (None, None), false, "b4", None)
    );
    assert_eq!(
        en("f4").unwrap().token,
        normal(None, (None, None), false, "f4", None)
    );
    assert_eq!(
        en("Bf1").unwrap().token,
        normal(Some(Role::Bishop), (None, None), false, "f1", None)
    );
    assert!(en("est").is_err());
    assert!(en("e8=").is_err());
    // `NxB` names no square: no capture of a named piece to read.
    assert!(en("NxBc").is_err());
}

/// The byte-level answer agrees with NFKC on every character it takes as
/// it is: each two-byte character it passes is its own NFKC, and the six
/// Latin letters NFKC folds are folded.
#[test]
fn words_taken_as_they_are_are_their_own_nfkc() {
    use unicode_normalization::UnicodeNormalization;
    for c in ('\u{80}'..='\u{7ff}').filter(|c| folds_to_itself(c.to_string().as_bytes())) {
        assert_eq!(
            c.to_string().nfkc().collect::<String>(),
            c.to_string(),
            "{c:?}"
        );
    }
    assert!(matches!(
        fold_compatible("Łódź"),
        std::borrow::Cow::Borrowed(_)
    ));
    assert_eq!(fold_compatible("ĳ"), "ij");
    assert_eq!(fold_compatible("Ｎf3"), "Nf3");
}
