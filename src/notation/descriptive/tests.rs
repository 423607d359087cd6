//! The descriptive reader and writer, against real positions.

use super::*;
use shakmaty::{CastlingMode, fen::Fen, san::San, uci::UciMove};

fn fen(text: &str) -> Chess {
    let fen: Fen = text.parse().unwrap();
    fen.into_position(CastlingMode::Standard).unwrap()
}

/// The position after `sans` (SAN, space separated) from the start.
pub(super) fn after(sans: &str) -> Chess {
    let mut pos = Chess::default();
    for san in sans.split_whitespace() {
        let mv = San::from_ascii(san.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        pos = pos.play(mv).unwrap();
    }
    pos
}

fn uci(mv: Move) -> String {
    UciMove::from_standard(mv).to_string()
}

fn parse(text: &str, lang: Lang) -> Descriptive {
    Descriptive::parse(text, lang).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The move `text` names in `pos`, as UCI; `Err` lists the candidates.
fn read_in(pos: &Chess, text: &str, lang: Lang) -> Result<String, Vec<String>> {
    match resolve(pos, &parse(text, lang)) {
        Ok(mv) => Ok(uci(mv)),
        Err(DescResolveError::Illegal) => Err(Vec::new()),
        Err(DescResolveError::Ambiguous(moves)) => {
            let mut all: Vec<String> = moves.into_iter().map(uci).collect();
            all.sort();
            Err(all)
        }
    }
}

fn read(pos: &Chess, text: &str) -> Result<String, Vec<String>> {
    read_in(pos, text, Lang::English)
}

fn written(pos: &Chess, uci_text: &str) -> String {
    let mv = uci_text.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    let mut out = String::new();
    write(pos, mv, &mut out);
    out
}

fn amb(moves: &[&str]) -> Result<String, Vec<String>> {
    Err(moves.iter().map(|m| m.to_string()).collect())
}

#[test]
fn plain_moves() {
    let start = Chess::default();
    assert_eq!(read(&start, "P-K4"), Ok("e2e4".into()));
    assert_eq!(read(&start, "P-Q4"), Ok("d2d4".into()));
    assert_eq!(read(&start, "N-KB3"), Ok("g1f3".into()));
    assert_eq!(read(&start, "Kt-QB3"), Ok("b1c3".into()));
    assert_eq!(read(&start, "Kt-B3"), amb(&["b1c3", "g1f3"]));
    assert_eq!(read(&start, "P-R4"), amb(&["a2a4", "h2h4"]));
    assert_eq!(read(&start, "P-QR4"), Ok("a2a4".into()));
    assert_eq!(read(&start, "P-K5"), Err(Vec::new()));
    let open = after("e4 e5");
    assert_eq!(read(&open, "B-B4"), Ok("f1c4".into()));
    assert_eq!(read(&open, "Q-R5"), Ok("d1h5".into()));
    assert_eq!(read(&open, "K-K2"), Ok("e1e2".into()));
    let black = after("e4 e5 Nf3");
    assert_eq!(read(&black, "N-QB3"), Ok("b8c6".into()));
    assert_eq!(read(&black, "P-Q3"), Ok("d7d6".into()));
    assert_eq!(read(&black, "P-KB4"), Ok("f7f5".into()));
    let lopez = after("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6");
    assert_eq!(read(&lopez, "Kt-Kt5"), Ok("f3g5".into()));
    assert_eq!(read(&lopez, "N-N5"), Ok("f3g5".into()));
    assert_eq!(read(&lopez, "R-B1"), Ok("h1f1".into()));
    assert_eq!(read(&lopez, "R1-B1"), Ok("h1f1".into()));
}

#[test]
fn captures() {
    assert_eq!(read(&after("e4 d5"), "PxP"), Ok("e4d5".into()));
    let lopez = after("e4 e5 Nf3 Nc6 Bb5 a6");
    assert_eq!(read(&lopez, "BxN"), Ok("b5c6".into()));
    assert_eq!(read(&lopez, "BxKt"), Ok("b5c6".into()));
    assert_eq!(read(&lopez, "NxP"), Ok("f3e5".into()));
    assert_eq!(read(&lopez, "BxP"), Ok("b5a6".into()));
    assert_eq!(read(&lopez, "BxRP"), Ok("b5a6".into()));
    assert_eq!(read(&lopez, "BxQRP"), Ok("b5a6".into()));
    assert_eq!(read(&lopez, "BxKRP"), Err(Vec::new()));
    let recapture = after("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6");
    assert_eq!(read(&recapture, "PxB"), amb(&["b7c6", "d7c6"]));
    assert_eq!(read(&recapture, "QPxB"), Ok("d7c6".into()));
    assert_eq!(read(&recapture, "KtPxB"), Ok("b7c6".into()));
    assert_eq!(read(&recapture, "NPxB"), Ok("b7c6".into()));
    assert_eq!(read(&recapture, "QNPxB"), Ok("b7c6".into()));

    // The queen takes three pawns; the file decides.
    let scholar = after("e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert_eq!(read(&scholar, "QxP"), amb(&["h5e5", "h5f7", "h5h7"]));
    assert_eq!(read(&scholar, "QxBP"), Ok("h5f7".into()));
    assert_eq!(read(&scholar, "QxKBP"), Ok("h5f7".into()));
    assert_eq!(read(&scholar, "QxKBP mate"), Ok("h5f7".into()));
    assert_eq!(
        parse("QxKBP mate", Lang::English).check,
        Some(DescCheck::Mate)
    );
    assert_eq!(read(&scholar, "QxKPch"), Ok("h5e5".into()));
    assert_eq!(read(&scholar, "QxRP"), Ok("h5h7".into()));
    assert_eq!(read(&scholar, "QxN"), Err(Vec::new()));
    assert_eq!(read(&scholar, "BxP"), Ok("c4f7".into()));
    assert_eq!(read(&scholar, "BxP ch"), Ok("c4f7".into()));

    // The rank of the piece taken, from the mover's side.
    let white = fen("4k3/8/5p2/3N4/5p2/8/8/4K3 w - - 0 1");
    assert_eq!(read(&white, "NxP"), amb(&["d5f4", "d5f6"]));
    assert_eq!(read(&white, "NxBP"), amb(&["d5f4", "d5f6"]));
    assert_eq!(read(&white, "NxP/4"), Ok("d5f4".into()));
    assert_eq!(read(&white, "NxP(4)"), Ok("d5f4".into()));
    assert_eq!(read(&white, "NxP(6)"), Ok("d5f6".into()));
    assert_eq!(read(&white, "NxP/KB6"), Ok("d5f6".into()));
    assert_eq!(read(&white, "NxP/5"), Err(Vec::new()));
    let black = fen("4k3/8/8/5P2/3n4/5P2/8/4K3 b - - 0 1");
    assert_eq!(read(&black, "NxP/4"), Ok("d4f5".into()));
    assert_eq!(read(&black, "NxP(6)"), Ok("d4f3".into()));

    let p = fen("4k3/8/8/3q1p2/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(read(&p, "PxQ"), Ok("e4d5".into()));
    assert_eq!(read(&p, "PxP"), Ok("e4f5".into()));
    assert_eq!(read(&p, "PxQP"), Err(Vec::new()));

    let two = fen("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    assert_eq!(read(&two, "PxP"), amb(&["c4d5", "e4d5"]));
    assert_eq!(read(&two, "BPxP"), Ok("c4d5".into()));
    assert_eq!(read(&two, "QBPxP"), Ok("c4d5".into()));
    assert_eq!(read(&two, "KPxP"), Ok("e4d5".into()));

    let knights = fen("4k3/8/5n2/8/4N3/8/8/4K3 w - - 0 1");
    assert_eq!(read(&knights, "NxKt"), Ok("e4f6".into()));
    assert_eq!(read(&knights, "KtxN ch"), Ok("e4f6".into()));
    let rooks = fen("r3k3/8/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(read(&rooks, "RxR"), Ok("a1a8".into()));
    assert_eq!(read(&rooks, "RxQR"), Ok("a1a8".into()));
    // No rook on the king's side: `KR` is the king's rook gone over to
    // the queen's (old books name a rook by where it started, which the
    // board does not keep), the board deciding.
    assert_eq!(read(&rooks, "RxKR"), Ok("a1a8".into()));
    let queen = fen("3r3k/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(read(&queen, "QxRch"), Ok("d1d8".into()));
    assert_eq!(parse("QxRch", Lang::English).check, Some(DescCheck::Check));
}

#[test]
fn en_passant() {
    let only = after("e4 a6 e5 d5");
    assert_eq!(read(&only, "PxP e.p."), Ok("e5d6".into()));
    assert_eq!(read(&only, "PxP"), Ok("e5d6".into()));
    let both = fen("4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(read(&both, "PxP"), amb(&["e5d6", "e5f6"]));
    assert_eq!(read(&both, "PxP e.p."), Ok("e5d6".into()));
    assert_eq!(read(&both, "PxP ep"), Ok("e5d6".into()));
    assert_eq!(read(&both, "PxQP"), Ok("e5d6".into()));
    assert_eq!(
        read(&both, "PxP/5"),
        Ok("e5d6".into()),
        "the pawn taken is on d5"
    );
    assert_eq!(read(&both, "PxP/6"), Ok("e5f6".into()));
    assert!(parse("PxP e.p. ch", Lang::English).en_passant);
    assert_eq!(written(&both, "e5d6"), "PxP e.p.");
    assert_eq!(written(&both, "e5f6"), "PxBP");
    let none = fen("4k3/8/5p2/4P3/8/8/8/4K3 w - - 0 1");
    assert_eq!(read(&none, "PxP e.p."), Err(Vec::new()));
}

#[test]
fn mover_qualifiers() {
    let corners = fen("4k3/8/8/8/8/8/6K1/R6R w - - 0 1");
    assert_eq!(read(&corners, "R-Q1"), amb(&["a1d1", "h1d1"]));
    assert_eq!(read(&corners, "KR-Q1"), Ok("h1d1".into()));
    assert_eq!(read(&corners, "QR-Q1"), Ok("a1d1".into()));
    assert_eq!(read(&corners, "R(KR1)-Q1"), Ok("h1d1".into()));
    assert_eq!(read(&corners, "R(QR1)-Q1"), Ok("a1d1".into()));
    assert_eq!(read(&corners, "R(R1)-Q1"), amb(&["a1d1", "h1d1"]));
    // No rook on its home file: the side decides.
    let inner = fen("4k3/8/8/8/8/8/6K1/1R3R2 w - - 0 1");
    assert_eq!(read(&inner, "KR-Q1"), Ok("f1d1".into()));
    assert_eq!(read(&inner, "QR-Q1"), Ok("b1d1".into()));
    // The home file wins over the side.
    let home = fen("7k/8/8/8/8/8/6K1/R3R3 w - - 0 1");
    assert_eq!(read(&home, "KR-Q1"), Ok("e1d1".into()));
    assert_eq!(read(&home, "QR-Q1"), Ok("a1d1".into()));

    let file = fen("4k3/8/8/3R4/8/8/8/R3K3 w - - 0 1");
    assert_eq!(read(&file, "R-Q1"), amb(&["a1d1", "d5d1"]));
    for text in ["R(1)-Q1", "R1-Q1", "R/1-Q1", "R(QR1)-Q1", "QR-Q1"] {
        assert_eq!(read(&file, text), Ok("a1d1".into()), "{text}");
    }
    for text in [
        "R(5)-Q1", "R5-Q1", "R/5-Q1", "R(Q5)-Q1", "R/Q5-Q1", "R(Q)-Q1",
    ] {
        assert_eq!(read(&file, text), Ok("d5d1".into()), "{text}");
    }

    let knights = fen("4k3/8/8/1N6/8/5N2/8/4K3 w - - 0 1");
    assert_eq!(read(&knights, "N-Q4"), amb(&["b5d4", "f3d4"]));
    assert_eq!(read(&knights, "N/5-Q4"), Ok("b5d4".into()));
    assert_eq!(read(&knights, "N(3)-Q4"), Ok("f3d4".into()));
    assert_eq!(read(&knights, "QN-Q4"), Ok("b5d4".into()));
    assert_eq!(read(&knights, "KKt-Q4"), Ok("f3d4".into()));
    let q2 = fen("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(read(&q2, "N-KB3"), amb(&["d2f3", "g1f3"]));
    assert_eq!(read(&q2, "N(Q2)-KB3"), Ok("d2f3".into()));
    assert_eq!(read(&q2, "N(Q2)-B3"), Ok("d2f3".into()), "B3 is c3 or f3");
    assert_eq!(read(&q2, "N(Q2)-N3"), Ok("d2b3".into()));
    assert_eq!(read(&q2, "N(KN1)-B3"), Ok("g1f3".into()));

    let start = after("d4 d5");
    assert_eq!(read(&start, "BP-B4"), amb(&["c2c4", "f2f4"]));
    assert_eq!(read(&start, "QBP-B4"), Ok("c2c4".into()));
    assert_eq!(read(&start, "KBP-B4"), Ok("f2f4".into()));
    assert_eq!(read(&start, "KBP-QB4"), Err(Vec::new()));
    let bishops = after("e4 e5 d4 d5");
    assert_eq!(read(&bishops, "B-B4"), amb(&["c1f4", "f1c4"]));
    assert_eq!(read(&bishops, "B-QB4"), Ok("f1c4".into()));
    assert_eq!(read(&bishops, "B-KB4"), Ok("c1f4".into()));
    assert_eq!(read(&bishops, "KB-B4"), Ok("f1c4".into()));
    assert_eq!(read(&bishops, "QB-B4"), Ok("c1f4".into()));
    assert_eq!(read(&bishops, "KB-Kt5 ch"), Ok("f1b5".into()));

    // The king's knight gone over to the queen's side is still `KKt` in
    // old books (Morphy-Boucher, 16. K. Kt. to K's 6th from d4, the queen's
    // knight on c3): with no knight on the king's side able, the board
    // decides; where both are able, it cannot, and says so.
    let over = fen("7k/8/8/8/3N4/2N5/8/4K3 w - - 0 1");
    assert_eq!(read(&over, "KKt-K6"), Ok("d4e6".into()));
    assert_eq!(read(&over, "KKt-K2"), amb(&["c3e2", "d4e2"]));
    // A bishop is its colour: the king's bishop (White's from f1, light;
    // Black's from f8, dark) on the queen's side, the queen's on the king's.
    let white = fen("4k3/8/5n2/3n2B1/2B5/8/8/4K3 w - - 0 1");
    assert_eq!(read(&white, "BxKt"), amb(&["c4d5", "g5f6"]));
    assert_eq!(read(&white, "KBxKt"), Ok("c4d5".into()));
    assert_eq!(read(&white, "QBxKt"), Ok("g5f6".into()));
    let black = fen("4k3/8/8/2b5/3N2b1/5N2/8/4K3 b - - 0 1");
    assert_eq!(read(&black, "KBxKt"), Ok("c5d4".into()));
    assert_eq!(read(&black, "QBxKt"), Ok("g4f3".into()));
}

#[test]
fn check_and_glyph_marks() {
    let checks = [
        ("B-Kt5 ch", Some(DescCheck::Check)),
        ("B-Kt5ch", Some(DescCheck::Check)),
        ("B-Kt5+", Some(DescCheck::Check)),
        ("B-Kt5 ch.", Some(DescCheck::Check)),
        ("B-Kt5 check", Some(DescCheck::Check)),
        ("B-Kt5 dis ch", Some(DescCheck::Discovered)),
        ("B-Kt5 dis. ch.", Some(DescCheck::Discovered)),
        ("B-Kt5 dbl ch", Some(DescCheck::Double)),
        ("B-Kt5 double check", Some(DescCheck::Double)),
        ("B-Kt5 mate", Some(DescCheck::Mate)),
        ("B-Kt5#", Some(DescCheck::Mate)),
        ("B-Kt5", None),
    ];
    for (text, check) in checks {
        assert_eq!(parse(text, Lang::English).check, check, "{text}");
    }
    for (glyph, nag) in [
        ("!", 1),
        ("?", 2),
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
    ] {
        let d = parse(&format!("P-K4{glyph}"), Lang::English);
        assert_eq!((d.nag, d.check), (Some(nag), None), "{glyph}");
        let d = parse(&format!("Kt-Q6 mate{glyph}"), Lang::English);
        assert_eq!((d.nag, d.check), (Some(nag), Some(DescCheck::Mate)));
        let d = parse(&format!("PxB{glyph} ch"), Lang::English);
        assert_eq!((d.nag, d.check), (Some(nag), Some(DescCheck::Check)));
    }
    for bad in ["P-K4 chx", "P-K4 !!!", "P-K4 mat", "P-K4 ±"] {
        assert!(Descriptive::parse(bad, Lang::English).is_err(), "{bad}");
    }
}

#[test]
fn castling() {
    let p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let black = fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    for text in [
        "O-O",
        "0-0",
        "o-o",
        "Castles",
        "castles",
        "Castles KR",
        "Castles K",
    ] {
        assert_eq!(read(&p, text), Ok("e1g1".into()), "{text}");
        assert_eq!(read(&black, text), Ok("e8g8".into()), "{text}");
    }
    for text in [
        "O-O-O",
        "0-0-0",
        "Castles QR",
        "CASTLES Q",
        "castles  qr ch",
    ] {
        assert_eq!(read(&p, text), Ok("e1c1".into()), "{text}");
    }
    assert_eq!(
        parse("Castles QR ch", Lang::English).check,
        Some(DescCheck::Check)
    );
    assert_eq!(parse("O-O!", Lang::English).nag, Some(1));
    assert_eq!(
        read_in(&p, "enroque largo", Lang::Spanish),
        Ok("e1c1".into())
    );
    assert_eq!(read_in(&p, "0-0-0", Lang::Spanish), Ok("e1c1".into()));
    assert_eq!(read_in(&p, "O-O", Lang::Spanish), Ok("e1g1".into()));
    assert_eq!(read_in(&p, "Roque", Lang::French), Ok("e1g1".into()));
    // `Castles` with its side not written is the one the board allows
    // (Blue Book, `12. Castles.` for Black's O-O-O); a side written is
    // that side or nothing.
    let queens = fen("r3k2r/8/8/8/8/8/8/4K3 b q - 0 1");
    assert_eq!(read(&queens, "Castles"), Ok("e8c8".into()));
    assert_eq!(
        read_in(&queens, "enroque", Lang::Spanish),
        Ok("e8c8".into())
    );
    assert_eq!(read(&queens, "Castles KR"), Err(Vec::new()));
    assert_eq!(read(&queens, "O-O"), Err(Vec::new()));
    assert_eq!(read_in(&p, "grand roque", Lang::French), Ok("e1c1".into()));
    assert_eq!(read(&Chess::default(), "O-O"), Err(Vec::new()));
    for bad in ["Castlesx", "Castles KB", "O-", "O-O-O-O"] {
        assert!(Descriptive::parse(bad, Lang::English).is_err(), "{bad}");
    }
    assert_eq!(written(&p, "e1g1"), "O-O");
    assert_eq!(written(&black, "e8c8"), "O-O-O");
}

#[test]
fn promotions() {
    let p = fen("5r1n/4P1P1/8/8/8/8/k7/4K3 w - - 0 1");
    for text in ["P-K8(Q)", "P-K8=Q", "P-K8/Q", "P-K8Q", "P-K8=Q ch"] {
        assert_eq!(read(&p, text), Ok("e7e8q".into()), "{text}");
    }
    assert_eq!(read(&p, "P-Kt8(Kt)"), Ok("g7g8n".into()));
    assert_eq!(read(&p, "P-N8=N"), Ok("g7g8n".into()));
    assert_eq!(read(&p, "P-K8(R)"), Ok("e7e8r".into()));
    assert_eq!(read(&p, "PxR(Q)"), amb(&["e7f8q", "g7f8q"]));
    assert_eq!(read(&p, "KPxR(Q)"), Ok("e7f8q".into()));
    assert_eq!(read(&p, "KtPxR=Q"), Ok("g7f8q".into()));
    assert_eq!(read(&p, "PxN=Q"), Ok("g7h8q".into()));
    assert_eq!(read(&p, "PxKt(B)"), Ok("g7h8b".into()));
    assert_eq!(read(&p, "P-K8"), Err(Vec::new()), "the piece must be named");
    assert!(Descriptive::parse("P-K8=K", Lang::English).is_err());
    assert_eq!(written(&p, "e7e8q"), "P-K8=Q");
    assert_eq!(written(&p, "g7h8n"), "PxN=N");
    assert_eq!(written(&p, "e7f8q"), "KPxR=Q");
    let black = fen("4k3/8/8/8/8/8/1p1p4/R1N3K1 b - - 0 1");
    assert_eq!(read(&black, "P-Q8(Q)"), Ok("d2d1q".into()));
    assert_eq!(read(&black, "PxN(Q)"), amb(&["b2c1q", "d2c1q"]));
    assert_eq!(read(&black, "PxR=Q"), Ok("b2a1q".into()));
}

/// Portuguese, as "Notação de xadrez" (pontoabc.com) writes it: the
/// bishop `B`, files `TD CD BD D R BR CR TR`, rank first.
#[test]
fn portuguese() {
    let pt = Lang::Portuguese;
    let start = Chess::default();
    assert_eq!(read_in(&start, "P4R", pt), Ok("e2e4".into()));
    assert_eq!(read_in(&start, "P3R", pt), Ok("e2e3".into()));
    assert_eq!(read_in(&after("e4"), "C3BR", pt), Ok("g8f6".into()));
    assert_eq!(read_in(&after("e4 e5"), "D5TR", pt), Ok("d1h5".into()));
    assert_eq!(read_in(&after("e4 e5"), "B4BD", pt), Ok("f1c4".into()));
    assert_eq!(
        read_in(&after("d4 d5 c4 e6 Nc3 Nf6"), "B5CR", pt),
        Ok("c1g5".into())
    );
    assert_eq!(read_in(&after("e4 d5"), "PxP", pt), Ok("e4d5".into()));
    // Spanish's bishop is no Portuguese piece.
    assert!(Descriptive::parse("A4AD", pt).is_err());
}

/// A word of prose after a move that a check word only holds (`A`, in
/// `mate`) is no part of the move; the words of a check written apart are.
#[test]
fn only_check_words_join_a_move() {
    assert!(!Lang::Portuguese.joins("C3BR", "A"));
    assert!(!Lang::Spanish.joins("C3AR", "a"));
    assert!(Lang::Spanish.joins("C3AR jaque", "a"));
    assert!(Lang::Spanish.joins("C3AR jaque a", "la"));
    assert!(Lang::English.joins("B-Kt5 dis", "ch"));
    assert!(Lang::English.joins("B-Kt5", "ch."));
    assert!(Lang::Portuguese.joins("D5TR", "xeque"));
}

#[test]
fn spanish() {
    let es = Lang::Spanish;
    let start = Chess::default();
    assert_eq!(read_in(&start, "P4R", es), Ok("e2e4".into()));
    assert_eq!(read_in(&start, "P-4R", es), Ok("e2e4".into()));
    assert_eq!(read_in(&start, "C3AR", es), Ok("g1f3".into()));
    assert_eq!(read_in(&start, "P4AD", es), Ok("c2c4".into()));
    assert_eq!(read_in(&start, "C3A", es), amb(&["b1c3", "g1f3"]));
    let open = after("e4 e5 Nf3");
    assert_eq!(read_in(&open, "C3AD", es), Ok("b8c6".into()));
    assert_eq!(read_in(&after("e4 e5"), "A2R", es), Ok("f1e2".into()));
    assert_eq!(read_in(&after("e4 e5"), "D5TR", es), Ok("d1h5".into()));
    assert_eq!(read_in(&after("e4 d5"), "PxP", es), Ok("e4d5".into()));
    let lopez = after("e4 e5 Nf3 Nc6 Bb5 a6");
    assert_eq!(read_in(&lopez, "AxC", es), Ok("b5c6".into()));
    assert_eq!(read_in(&lopez, "CxP", es), Ok("f3e5".into()));
    assert_eq!(read_in(&lopez, "CRxPR", es), Ok("f3e5".into()));
    let recapture = after("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6");
    assert_eq!(read_in(&recapture, "PDxA", es), Ok("d7c6".into()));
    let scholar = after("e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert_eq!(read_in(&scholar, "DxPAR mate", es), Ok("h5f7".into()));
    assert_eq!(parse("DxPAR mate", es).check, Some(DescCheck::Mate));
    assert_eq!(parse("A5C+", es).check, Some(DescCheck::Check));
    assert_eq!(parse("A5C jaque", es).check, Some(DescCheck::Check));
    let rooks = fen("4k3/8/8/8/8/8/6K1/R6R w - - 0 1");
    assert_eq!(read_in(&rooks, "TR1D", es), Ok("h1d1".into()));
    assert_eq!(read_in(&rooks, "TD-1D", es), Ok("a1d1".into()));
    assert_eq!(read_in(&rooks, "T1D", es), amb(&["a1d1", "h1d1"]));
    let promo = fen("5r1n/4P1P1/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(read_in(&promo, "P8R=D", es), Ok("e7e8q".into()));
    assert_eq!(read_in(&promo, "P8C(C)", es), Ok("g7g8n".into()));
}

#[test]
fn french() {
    let fr = Lang::French;
    let start = Chess::default();
    assert_eq!(read_in(&start, "P.4D", fr), Ok("d2d4".into()));
    assert_eq!(read_in(&start, "P.4R", fr), Ok("e2e4".into()));
    assert_eq!(read_in(&start, "C.3FR", fr), Ok("g1f3".into()));
    assert_eq!(read_in(&start, "C3FD", fr), Ok("b1c3".into()));
    assert_eq!(read_in(&after("e4 e5"), "F.2R", fr), Ok("f1e2".into()));
    assert_eq!(read_in(&after("e4 d5"), "P pr PD", fr), Ok("e4d5".into()));
    assert_eq!(read_in(&after("e4 d5"), "PxP", fr), Ok("e4d5".into()));
    let scotch = after("e4 e5 Nf3 Nc6 d4 exd4");
    assert_eq!(read_in(&scotch, "C pr P", fr), Ok("f3d4".into()));
    assert_eq!(read_in(&scotch, "D pr P", fr), Ok("d1d4".into()));
    let lopez = after("e4 e5 Nf3 Nc6 Bb5 a6");
    assert_eq!(read_in(&lopez, "FxC", fr), Ok("b5c6".into()));
    assert_eq!(read_in(&lopez, "F prend C", fr), Ok("b5c6".into()));
    assert_eq!(parse("F.5C éch.", fr).check, Some(DescCheck::Check));
    assert_eq!(parse("F.5C+", fr).check, Some(DescCheck::Check));
    assert_eq!(parse("D pr PFR mat", fr).check, Some(DescCheck::Mate));
}

/// 1.P-Q4 Kt-KB3 2.P-QB4 P-K4 … 8.PxB? Kt-Q6 mate: the knights by their
/// sides (6.QKt-Q2, 7…KKtxKP), the short files the board decides.
#[test]
fn a_whole_game() {
    let descriptive = [
        "P-Q4",
        "Kt-KB3",
        "P-QB4",
        "P-K4",
        "PxP",
        "Kt-Kt5",
        "Kt-KB3",
        "Kt-QB3",
        "B-B4",
        "B-Kt5 ch",
        "QKt-Q2",
        "Q-K2",
        "P-QR3",
        "KKtxKP",
        "PxB?",
        "Kt-Q6 mate",
    ];
    let san = "d4 Nf6 c4 e5 dxe5 Ng4 Nf3 Nc6 Bf4 Bb4+ Nbd2 Qe7 a3 Ngxe5 axb4 Nd3#";
    let mut pos = Chess::default();
    for (text, san) in descriptive.iter().zip(san.split_whitespace()) {
        let d = parse(text, Lang::English);
        let mv = resolve(&pos, &d).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let expected = San::from_ascii(san.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        assert_eq!(mv, expected, "{text} is {san}");
        let next = pos.clone().play(mv).unwrap();
        assert_eq!(check_kind(&next, &mv), d.check, "{text}");
        pos = next;
    }
    assert!(pos.is_checkmate());
    assert_eq!(parse("PxB?", Lang::English).nag, Some(2));
}

#[test]
fn written_forms() {
    let start = Chess::default();
    assert_eq!(written(&start, "e2e4"), "P-K4");
    assert_eq!(written(&start, "g1f3"), "N-KB3");
    assert_eq!(written(&start, "b1c3"), "N-QB3");
    assert_eq!(written(&start, "a2a4"), "P-QR4");
    assert_eq!(written(&start, "c2c3"), "P-QB3");
    assert_eq!(written(&start, "d2d4"), "P-Q4");
    let open = after("e4 e5");
    assert_eq!(written(&open, "g1f3"), "N-KB3");
    assert_eq!(written(&open, "f1c4"), "B-B4");
    assert_eq!(written(&open, "d1h5"), "Q-R5");
    assert_eq!(written(&open, "e1e2"), "K-K2");
    assert_eq!(written(&after("e4 e5 Nf3"), "b8c6"), "N-QB3");
    assert_eq!(written(&after("e4 e5 Nf3 Nc6 Bb5 a6"), "b5c6"), "BxN");
    assert_eq!(written(&after("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6"), "d7c6"), "QPxB");
    assert_eq!(written(&after("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6"), "b7c6"), "NPxB");
    let scholar = after("e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert_eq!(written(&scholar, "h5f7"), "QxBP");
    assert_eq!(written(&scholar, "h5e5"), "QxKP");
    assert_eq!(written(&scholar, "c4f7"), "BxP");
    let game = after("d4 Nf6 c4 e5 dxe5 Ng4 Nf3 Nc6 Bf4 Bb4+");
    assert_eq!(written(&game, "b1d2"), "QN-Q2");
    let game = after("d4 Nf6 c4 e5 dxe5 Ng4 Nf3 Nc6 Bf4 Bb4+ Nbd2 Qe7 a3");
    assert_eq!(written(&game, "g4e5"), "KNxKP");
    let file = fen("4k3/8/8/3R4/8/8/8/R3K3 w - - 0 1");
    assert_eq!(written(&file, "a1d1"), "QR-Q1");
    assert_eq!(written(&file, "d5d1"), "R(5)-Q1");
    let stacked = fen("4k3/8/8/8/8/8/3R4/3RK3 w - - 0 1");
    assert_eq!(written(&stacked, "d2d4"), "R-Q4");
    assert_eq!(written(&stacked, "d2c2"), "R-QB2");
    assert_eq!(written(&stacked, "d1c1"), "R-B1");
    let knights = fen("4k3/8/8/1N6/8/5N2/8/4K3 w - - 0 1");
    assert_eq!(written(&knights, "b5d4"), "QN-Q4");
    let q2 = fen("4k3/8/8/8/8/8/3N4/4KNN1 w - - 0 1");
    assert_eq!(written(&q2, "d2f3"), "QN-B3");
    let side = fen("4k3/8/8/8/8/8/1N1N4/4K3 w - - 0 1");
    assert_eq!(written(&side, "b2c4"), "QN-B4", "b2 is the QN's home file");
    assert_eq!(written(&side, "d2c4"), "N(Q2)-B4");
    let rank = fen("4k3/8/5p2/3N4/5p2/8/8/4K3 w - - 0 1");
    assert_eq!(written(&rank, "d5f4"), "NxP/4");
}

/// Positions with promotions, en passant, castling and pieces that must be
/// told apart, for the tests that write every legal move.
pub(super) const POSITIONS: [&str; 11] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    "5r1n/4P1P1/8/8/8/8/k7/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/1p1p4/R1N3K1 b - - 0 1",
    "4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "7k/8/8/1Q1Q4/8/1Q6/8/4K3 w - - 0 1",
    "3rr1k1/5ppp/8/8/8/1N3N2/1N6/3RR1K1 w - - 0 1",
    "2r3k1/1P3ppp/8/3Pp3/8/8/5PPP/2R3K1 w - e6 0 1",
];

/// Every legal move of varied positions is written in the form that
/// reads back as that move, and reads the same after a display.
#[test]
fn every_move_round_trips() {
    let mut count = 0;
    for text in POSITIONS {
        let pos = fen(text);
        for mv in pos.legal_moves() {
            let mut out = String::new();
            write(&pos, mv, &mut out);
            let d = parse(&out, Lang::English);
            assert_eq!(d.to_string(), out, "{text}");
            assert_eq!(resolve(&pos, &d), Ok(mv), "{text}: {out}");
            if !mv.is_castle() {
                assert_eq!(looks_descriptive(&out), Some(Lang::English), "{out}");
            }
            count += 1;
        }
    }
    assert!(count > 300, "{count}");
}

/// A real game (Xie Jiaxiang - Yu Zhe, ch-CHN 2025), castling on both
/// sides and a promotion: every ply's SAN to descriptive and back.
const GAME: &str = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6 Bc4 e6 Be3 Be7 Qe2 \
    O-O O-O-O Nxd4 Bxd4 Qa5 Kb1 a6 Qe3 Qc7 Bb3 b5 f4 b4 Na4 Bb7 Nb6 Rad8 Nc4 \
    Bxe4 Nd2 Bg6 Bb6 Qc6 Bxd8 Rxd8 Nf3 Qc8 Nd4 d5 f5 Bh5 Rde1 Ne4 fxe6 Bg5 Qh3 \
    Bg6 exf7+ Bxf7 Qxc8 Rxc8 Nf3 Bf6 g4 Rd8 h4 h6 Rhg1 g5 hxg5 hxg5 Rd1 Kg7 \
    Nd4 Nf2 Rd2 Ne4 Nf5+ Kg6 Rh2 Bg8 Rh6+ Kf7 Rd1 Kf8 Re1 Nd2+ Kc1 Nxb3+ axb3 \
    Kf7 Kd2 a5 Kd3 Rd7 Rf1 Bxb2 Nh4+ Kg7 Rg6+ Kh8 Nf5 Bh7 Rh1 Bg7 Rxh7+ Kxh7 \
    Rxg7+ Rxg7 Nxg7 Kxg7 Kd4 Kf6 Kxd5 Ke7 Ke5 Kd7 Kf5 Kd6 Kxg5 Kc5 Kf4 Kd4 g5 \
    Kc3 g6 Kxc2 g7 Kxb3 g8=Q+ Kb2 Ke3 a4 Qc4 Ka3 Kd2 b3 Kc3 Ka2 Qe2+ Ka3 Qb2#";

#[test]
fn a_real_game_round_trips() {
    let mut pos = Chess::default();
    let mut plies = 0;
    for san in GAME.split_whitespace() {
        let bare = san.trim_end_matches(['+', '#']);
        let mv = San::from_ascii(bare.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        let mut out = String::new();
        write(&pos, mv, &mut out);
        let next = pos.clone().play(mv).unwrap();
        let check = check_kind(&next, &mv);
        assert_eq!(check.is_some(), san != bare, "{san}");
        out.push_str(check.map_or("", DescCheck::suffix));
        let d = parse(&out, Lang::English);
        assert_eq!(resolve(&pos, &d), Ok(mv), "{san}: {out}");
        assert_eq!(d.check, check, "{out}");
        assert_eq!(looks_descriptive(san), None, "{san}");
        pos = next;
        plies += 1;
    }
    assert_eq!(plies, 137);
    assert!(pos.is_checkmate());
}

#[test]
fn looks_descriptive_only_at_descriptive() {
    for (word, lang) in [
        ("P-K4", Lang::English),
        ("N-KB3", Lang::English),
        ("Kt-QB3", Lang::English),
        ("B-B4", Lang::English),
        ("PxP", Lang::English),
        ("BxN", Lang::English),
        ("KxP", Lang::English),
        ("QxKBP", Lang::English),
        ("KKtxKP", Lang::English),
        ("R(1)-Q1", Lang::English),
        ("P-K8=Q", Lang::English),
        ("B-Kt5ch", Lang::English),
        ("PxB?", Lang::English),
        ("P4R", Lang::Spanish),
        ("C3AR", Lang::Spanish),
        ("AxC", Lang::Spanish),
        ("P.4D", Lang::French),
        ("FxC", Lang::French),
        ("C3BR", Lang::Portuguese),
        ("B5CD", Lang::Portuguese),
    ] {
        assert_eq!(looks_descriptive(word), Some(lang), "{word}");
    }
    for word in [
        "e4", "Nf3", "Bxe5", "O-O", "O-O-O", "0-0", "exd5", "Re1", "Kd2", "Qh4+", "1.", "1-0",
        "0-1", "1/2-1/2", "*", "e2-e4", "Ng1-f3", "5254", "Nbd7", "R1e2", "e8=Q", "Kxd2",
        "Castles", "", "x", "P", "Q", "K-", "PxP!?x", "Ка3",
    ] {
        assert_eq!(looks_descriptive(word), None, "{word}");
    }
}

#[test]
fn kinds_of_check() {
    let discovered = fen("4k3/8/8/2p5/4N3/8/8/4RK2 w - - 0 1");
    let mv = resolve(&discovered, &parse("KtxP dis ch", Lang::English)).unwrap();
    assert_eq!(uci(mv), "e4c5");
    let next = discovered.clone().play(mv).unwrap();
    assert_eq!(check_kind(&next, &mv), Some(DescCheck::Discovered));
    let double = fen("4k3/8/3p4/8/4N3/8/8/4RK2 w - - 0 1");
    let mv = resolve(&double, &parse("NxP dbl ch", Lang::English)).unwrap();
    let next = double.clone().play(mv).unwrap();
    assert_eq!(check_kind(&next, &mv), Some(DescCheck::Double));
    // The rook that castled gives the check.
    let castle = fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    let mv = resolve(&castle, &parse("Castles", Lang::English)).unwrap();
    let next = castle.clone().play(mv).unwrap();
    assert_eq!(check_kind(&next, &mv), Some(DescCheck::Check));
    let quiet = Chess::default();
    let mv = resolve(&quiet, &parse("P-K4", Lang::English)).unwrap();
    assert_eq!(check_kind(&quiet.clone().play(mv).unwrap(), &mv), None);

    assert_eq!(DescCheck::Double.sign(), CheckSign::Check);
    assert_eq!(DescCheck::Mate.sign(), CheckSign::Mate);
}

/// No input panics, every cut of a move included.
#[test]
fn any_text_is_safe() {
    let samples = [
        "P-K8(Q) ch!",
        "Castles QR dis. ch.",
        "NxP/QB4 e.p. mate??",
        "R(QR1)-Q1",
        "P pr PD éch.",
        "C3AR jaque",
        "KKtxKP",
        "é(/=ü)-x×",
        "((((",
        "////",
        "P-K9",
        "PxP/9",
        "N(Q)-Q2",
    ];
    let pos = Chess::default();
    for text in samples {
        for (i, _) in text.char_indices().chain([(text.len(), ' ')]) {
            for lang in Lang::ALL {
                for cut in [&text[..i], &text[i..]] {
                    if let Ok(d) = Descriptive::parse(cut, lang) {
                        let _ = candidates(&pos, &d);
                        let _ = d.to_string();
                    }
                    let _ = looks_descriptive(cut);
                }
            }
        }
    }
}

#[test]
fn errors_say_where() {
    let e = Descriptive::parse("P-X4", Lang::English).unwrap_err();
    assert_eq!(e.offset, 2);
    let e = Descriptive::parse("PK4", Lang::English).unwrap_err();
    assert_eq!(e.offset, 1);
    assert!(Descriptive::parse("P-K", Lang::English).is_err());
    assert!(Descriptive::parse("e4", Lang::English).is_err());
    assert!(Descriptive::parse("P4R", Lang::English).is_err());
    assert!(Descriptive::parse("P-K4", Lang::Spanish).is_err());
}
