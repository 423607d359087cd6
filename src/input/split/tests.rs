//! The splitter's unit tests: games cut at results, tags and new move
//! lists, whatever the buffer, and the fast path against the general one.

use super::lines::heading_line;
use super::*;

fn split(text: &str) -> Vec<(u32, String)> {
    let mut s = Splitter::new(text.as_bytes());
    let mut g = RawGame::default();
    let mut out = Vec::new();
    while s.next_game(&mut g).unwrap() {
        out.push((g.first_line, g.text.clone()));
    }
    out
}

#[test]
fn games_end_at_results_and_tags() {
    let games = split(
        "\u{feff}[Event \"a\"]\n\n1. e4 {1-0 in a comment} e5 (1... c5 0-1) 1-0\n\n[Event \"b\"]\n1. d4 *\n1. c4\n[Event \"c\"]\n",
    );
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].0, 1);
    assert!(games[0].1.ends_with("1-0\n\n"), "{:?}", games[0].1);
    assert_eq!(games[1].0, 5);
    assert_eq!(games[2], (7, "1. c4\n".to_string()));
    assert_eq!(games[3], (8, "[Event \"c\"]\n".to_string()));
}

#[test]
fn every_result_ends_a_game_and_long_form_moves_do_not() {
    for result in ["1-0", "0-1", "1/2-1/2", "½-½", "1:0", "0:1", "½:½", "*"] {
        let text = format!("1. e2-e4 e7:d6 2. O-O 0-0-0 {result}\n1. Kg1-f3\n");
        let games = split(&text);
        assert_eq!(games.len(), 2, "{result}: {games:?}");
        assert_eq!(games[1], (2, "1. Kg1-f3\n".to_string()), "{result}");
        // With tags, whatever follows the result is the next game's.
        let text = format!("[Event \"x\"]\n\n1. e2-e4 e7:d6 {result}\n2. Kg1-f3\n");
        assert_eq!(split(&text).len(), 2, "{result}");
    }
    assert_eq!(split("1. e2-e4 e7-e5\n2. Kg1-f3 Kb8-c6\n").len(), 1);
}

/// A page's analysis may end with a result (`…30.Nf3 1/2-1/2.`) and the
/// game go on at its own number: with no tags, a later move number after a
/// result is the same game's; a `1.` begins the next.
#[test]
fn a_page_goes_on_after_an_analysis_result_at_a_later_number() {
    let games = split("1. e4 e5 2. Nf3 Nc6\n2...d6 3.d4 1/2-1/2\n3. Bb5 a6\n1. d4 d5\n");
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[1], (4, "1. d4 d5\n".to_string()));
}

/// PGN escape lines (`%` in the first column) begin no game: before the
/// first game they are left out as blank lines are, after a game's
/// result they stay with it (the reader leaves them out), so a viewer's
/// placeholder line after its PGN is no game of its own.
#[test]
fn escape_lines_begin_no_game() {
    let games = split(
        "% from the club's archive\n[Event \"a\"]\n\n1. e4 e5 *\n\n% paste your PGN above\n[Event \"b\"]\n\n1. d4 d5 *\n% end\n",
    );
    assert_eq!(
        games,
        [
            (
                2,
                "[Event \"a\"]\n\n1. e4 e5 *\n\n% paste your PGN above\n".to_string()
            ),
            (7, "[Event \"b\"]\n\n1. d4 d5 *\n% end\n".to_string()),
        ]
    );
}

#[test]
fn move_lists_split_at_a_new_first_move() {
    let games = split("1. e4 e5 2. Nf3\n\n1. d4 d5\n2. c4\n\n2... e6\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1], (3, "1. d4 d5\n2. c4\n\n2... e6\n".to_string()));
}

#[test]
fn multi_line_comments_hide_tags_and_results() {
    let games = split("1. e4 {a\n[Event \"x\"]\n1-0} e5 *\n");
    assert_eq!(games.len(), 1);
}

/// Every game, its first line, text and bytes, and the Latin-1 count,
/// as `input` splits them read through a buffer of `capacity` bytes.
fn split_through(input: &[u8], capacity: usize) -> (Vec<RawGame>, (u64, u32)) {
    let reader = io::BufReader::with_capacity(capacity, input);
    let mut s = Splitter::new(reader);
    let mut g = RawGame::default();
    let mut out = Vec::new();
    while s.next_game(&mut g).unwrap() {
        out.push(g.clone());
    }
    (out, s.latin1_lines())
}

/// Lines are read a buffer at a time, and found to be UTF-8 together:
/// the games are the same whatever the buffer's size, with lines that
/// span buffers, Latin-1 lines among UTF-8 ones, a byte-order mark,
/// CRLF and no last line break.
#[test]
fn games_do_not_depend_on_the_buffer() {
    let mut inputs: Vec<Vec<u8>> = vec![
        b"\xef\xbb\xbf[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n[White \"M\xfcller\"]\n1. d4 *\n1. c4".to_vec(),
        "[Black \"Кузнецов\"]\n\n1. e2-e4 Кр\u{feff}e8 {½-½}\n½-½\n\n1. Кg1-f3\n".into(),
        b"\xe9\n\xe9\n[A \"\xff\"]\n1. e4 {\xe9\n} *\n\n\xe9\xe9".to_vec(),
        // Lines the fast path takes, next to ones it leaves to the
        // general checks: a vertical tab, spaces, an escape line with
        // a result in it, tags with spaces or none of a value, a `1.`
        // after a blank line, results glued or apart, a `*`.
        b"\x0b\n \t\n[Event \"a\"]\n [Site \"b\"]\n[ Date  \"c\"]\n[Bad]\n\n% 1-0\n1. e4 e5\n\n1. d4 d5 1/2-1/2\n\x0b\n1. c4 *\n1. Nf3 0-1 [Event \"d\"]\n  \n[Round \"e\"]\n1. b3 1:0\n\n\n1. g3 e5 2. O-O-O\n".to_vec(),
        // The same in national letters: lines outside ASCII take the fast
        // path too, one blank by Unicode's spaces alone (no-break, ideographic).
        "[Event \"a\"]\n\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 ½-½\n\u{a0}\n1. d4 Кf6\n\u{3000}\u{a0}\n1. Кf3 0-1\n[Event \"b\"]\n\n1. Фd1 *\n\u{2003}\n1. Крe2\n".into(),
        // A page of games with their headings above them: the heading
        // between two games goes with the second, in UTF-8 and in
        // Latin-1 with CRLF.
        "Партия № 1\nСтейниц — Чигорин, Гавана, 1892\n\n1. e4 e5 Ничья\n\nПартия № 2\nЧигорин — Стейниц, Гавана, 1892\n\n1. d4 d5 *\n".into(),
        b"Game 1\r\nWhite: M\xfcller   Black: Smith\r\n\r\n1. e4 e5 1-0\r\n\r\nGame 2\r\nWhite: Smith   Black: M\xfcller\r\n\r\n1. d4 d5 0-1\r\n".to_vec(),
        b"Game 1\nWhite: Smith   Black: Jones\n\n1. e4 e5 1-0\n\nGame 2\nWhite: Jones   Black: Smith\n\n1. d4 d5 0-1\n".to_vec(),
    ];
    for name in [
        "samples/seed000-ru.txt",
        "broken/marks.pgn",
        "broken/unclosed.pgn",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures")
            .join(name);
        inputs.push(std::fs::read(path).unwrap());
    }
    for input in &inputs {
        let (whole, latin1) = split_through(input, input.len().max(1));
        assert!(!whole.is_empty());
        let raw: Vec<u8> = whole.iter().flat_map(|g| g.raw.clone()).collect();
        assert!(input.ends_with(&raw) || raw.is_empty(), "{raw:?}");
        for capacity in (1..40).chain([64, 100, 1000]) {
            let (games, count) = split_through(input, capacity);
            assert_eq!(count, latin1, "capacity {capacity}");
            assert_eq!(games.len(), whole.len(), "capacity {capacity}");
            for (a, b) in games.iter().zip(&whole) {
                assert_eq!(
                    (a.first_line, &a.text, &a.raw),
                    (b.first_line, &b.text, &b.raw),
                    "capacity {capacity}"
                );
            }
        }
    }
    let (games, _) = split_through(&inputs[7], 5);
    let texts: Vec<&str> = games.iter().map(|g| g.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Game 1\nWhite: Smith   Black: Jones\n\n1. e4 e5 1-0\n\n",
            "Game 2\nWhite: Jones   Black: Smith\n\n1. d4 d5 0-1\n"
        ]
    );
    assert_eq!((games[0].first_line, games[1].first_line), (1, 6));
    assert!(games[1].raw.starts_with(b"Game 2\n"));
    let (games, latin1) = split_through(&inputs[2], 7);
    assert_eq!(latin1, (5, 1));
    let texts: Vec<&str> = games.iter().map(|g| g.text.as_str()).collect();
    assert_eq!(texts, ["é\né\n", "[A \"ÿ\"]\n1. e4 {é\n} *\n\n", "éé\n"]);
    assert_eq!(games[2].raw, b"\xe9\xe9");
}

#[test]
fn latin1_and_crlf() {
    let mut s = Splitter::new(&b"[White \"M\xfcller\"]\r\n1. e4 *\r\n"[..]);
    let mut g = RawGame::default();
    assert!(s.next_game(&mut g).unwrap());
    assert_eq!(g.text, "[White \"Müller\"]\n1. e4 *\n");
    assert_eq!(g.raw, b"[White \"M\xfcller\"]\r\n1. e4 *\r\n");
}

/// A page's prose before its game, a blank line between, is the game's
/// (a `1.` after it begins the moves, not the next game); a table line
/// that begins `1.` with no move (`1. Reddmann X 1 1 6`) begins none.
#[test]
fn a_page_keeps_its_prose_with_its_game() {
    let games = split("A fine game.\n\nIt was played in 1852.\n\n1. e4 e5 2. Nf3 1-0\n");
    assert_eq!(games.len(), 1, "{games:?}");
    let games =
        split("1. d4 d5 2. c4 e6 3. Nc3 1-0\nThe table:\n1. Reddmann X 1 1\n2. Matthies 0 X 1\n");
    assert_eq!(games.len(), 1, "{games:?}");
    // Text after the result of a game with no tags is its commentary; a
    // game with tags ends at its result, and a `1.` begins the next.
    let games = split("1. e4 e5 2. Nf3 1-0\nWell played.\n1. d4 d5 *\n");
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[1], (3, "1. d4 d5 *\n".to_string()));
    let games = split("[Event \"a\"]\n\n1. e4 e5 1-0\nWell played.\n");
    assert_eq!(games.len(), 2, "{games:?}");
    // Games with no tags, each on a line that names its players first, or
    // with no move numbers at all, end at their results.
    let games = split("Smith - Jones, 1. e4 e5 1-0\nBrown - Green, 1. d4 d5 0-1\n");
    assert_eq!(games.len(), 2, "{games:?}");
    let games = split("e4 e5 Nf3 1-0\n1. d4 d5 *\n");
    assert_eq!(games.len(), 2, "{games:?}");
}

/// Found by the `split` fuzz target: a tag line after a comment that held a
/// blank line is cut the same way whatever the buffer (the fast path left
/// the judgement to the general one only for a blank line in the header).
#[test]
fn a_tag_after_a_comment_with_a_blank_line_is_cut_alike_in_any_buffer() {
    let text = "[Event \"Club\"]\n{White \"a&]\n[Black \"b\"]\n[Result \"*\"]\n\n\"Club\"}\n\
                [White \"a&]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    let cut = |capacity: usize| {
        let mut s = Splitter::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()));
        let mut g = RawGame::default();
        let mut out = Vec::new();
        while s.next_game(&mut g).unwrap() {
            out.push((g.first_line, g.text.clone()));
        }
        out
    };
    let whole = cut(text.len());
    assert_eq!(whole.iter().map(|g| g.0).collect::<Vec<_>>(), [1, 7]);
    for capacity in 1..=64 {
        assert_eq!(cut(capacity), whole, "capacity {capacity}");
    }
}

/// Second fault probe, case 4: where a game's result stands in a heading
/// before its moves (`Carlsen - Nakamura 1-0`), the heading goes with the
/// moves after it, and so does each later heading of the input; a result
/// line with no names, or a heading with a move in it, is the game's own.
#[test]
fn headings_with_results_go_with_the_games_after_them() {
    let text = "Carlsen - Nakamura 1-0\n\n1. e4 e5 2. Nf3\n\nSo - Caruana, Round 2 0-1\n\n\
                1. d4 Nf6\n\n1-0\n\nDing - Nepo 1/2-1/2\n1. c4\n";
    let whole = split(text);
    let firsts: Vec<u32> = whole.iter().map(|g| g.0).collect();
    assert_eq!(firsts, [1, 5, 11], "{whole:?}");
    assert_eq!(
        whole[1].1,
        "So - Caruana, Round 2 0-1\n\n1. d4 Nf6\n\n1-0\n\n"
    );
    for capacity in 1..=64 {
        let mut s = Splitter::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()));
        let mut g = RawGame::default();
        let mut cut = Vec::new();
        while s.next_game(&mut g).unwrap() {
            cut.push((g.first_line, g.text.clone()));
        }
        assert_eq!(cut, whole, "capacity {capacity}");
    }
    // No heading first: a line of words and a result after a game's moves
    // stays with it, as before.
    let games = split("1. e4 e5 2. Nf3\n\nWhite won 1-0\n\n1. d4 d5\n");
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0].1, "1. e4 e5 2. Nf3\n\nWhite won 1-0\n\n");
    for heading in [
        "1. e4 1-0",
        "Kasparov - Short, 32...Qh2 0-1",
        "Black resigned 1-0",
    ] {
        assert!(!heading_line(heading), "{heading}");
    }
    for heading in [
        "Carlsen - Nakamura, 2016.05.12 1-0",
        "Стейниц — Чигорин 1:0",
        "Kasparov vs. Short ½-½",
    ] {
        assert!(heading_line(heading), "{heading}");
    }
    // A game's own closing line, in an input of headings, stays with it.
    let games = split(
        "Carlsen - Nakamura 1-0\n\n1. e4 e5 2. Nf3 Nc6\nBlack resigned 1-0\n\n\
         So - Caruana 0-1\n\n1. d4 Nf6\n",
    );
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games[0].1.ends_with("Black resigned 1-0\n\n"), "{games:?}");
    assert_eq!(games[1].1, "So - Caruana 0-1\n\n1. d4 Nf6\n");
}

/// Second fault probe, case 1: lines of moves with no tags, numbers or
/// results are one game to the splitter; past the limit it is cut before
/// a line (the reader tells the games apart), alike through any buffer,
/// and no piece holds more than the limit and a line. A game with tags
/// past the limit is still too large.
#[test]
fn unnumbered_lines_past_the_limit_are_cut_at_a_line() {
    let line = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n";
    let text = line.repeat(40);
    let cut = |capacity: usize| {
        let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        let mut s = Splitter::new(input).max_game_size(100);
        let mut g = RawGame::default();
        let mut out = Vec::new();
        while s.next_game(&mut g).unwrap() {
            assert!(!g.oversized);
            out.push((g.first_line, g.text.clone()));
        }
        out
    };
    let whole = cut(text.len());
    // 100 bytes: three lines of 31 are 93, a fourth passes the limit.
    assert_eq!(whole.len(), 10, "{whole:?}");
    assert!(whole.iter().all(|(_, t)| t == &line.repeat(4)));
    assert_eq!(whole[1].0, 5);
    for capacity in 1..=64 {
        assert_eq!(cut(capacity), whole, "capacity {capacity}");
    }
    let tagged = format!("[Event \"x\"]\n\n{text}");
    let mut s = Splitter::new(tagged.as_bytes()).max_game_size(100);
    let mut g = RawGame::default();
    assert!(s.next_game(&mut g).unwrap());
    assert!(g.oversized);
}

/// Issue 30: a page's games each on one line after their tags (`[Event
/// "a"] [Result "1-0"] 1. e4 e5 1-0`, as a web page's text has them) end
/// at their result, so the heading after it begins the next text, not the
/// game before; the text after a result of a game with no tags, before a
/// tag section, is a text of its own too. Alike through any buffer, the
/// raw bytes cut with the text, each text on its own first line.
#[test]
fn a_heading_after_a_game_on_its_tag_line_is_not_that_game_s() {
    let text = "[Event \"a\"] [Result \"1-0\"] 1. e4 {a [b] c} e5 1-0\n\nDemo 2: More\n\nBack Next\n\n\
                [Event \"b\"] 1. d4 d5 *\n\nDemo 3\n\n1. c4 c5 *\n\nDemo 4: Middle\n\n\
                [Event \"c\"]\n\n1. Nf3 0-1\n";
    let cut = |capacity: usize| {
        let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        let mut s = Splitter::new(input);
        let mut g = RawGame::default();
        let mut out = Vec::new();
        while s.next_game(&mut g).unwrap() {
            assert_eq!(g.raw, g.text.as_bytes());
            out.push((g.first_line, g.text.clone()));
        }
        out
    };
    let whole = cut(text.len());
    let expected = [
        (
            1,
            "[Event \"a\"] [Result \"1-0\"] 1. e4 {a [b] c} e5 1-0\n\n",
        ),
        (3, "Demo 2: More\n\nBack Next\n\n"),
        (7, "[Event \"b\"] 1. d4 d5 *\n\n"),
        (9, "Demo 3\n\n1. c4 c5 *\n\n"),
        (13, "Demo 4: Middle\n\n"),
        (15, "[Event \"c\"]\n\n1. Nf3 0-1\n"),
    ];
    let expected: Vec<(u32, String)> = expected.iter().map(|(l, t)| (*l, t.to_string())).collect();
    assert_eq!(whole, expected);
    for capacity in 1..=64 {
        assert_eq!(cut(capacity), whole, "capacity {capacity}");
    }
    // The game with no tags goes on after its result at a later number
    // (the result ended its analysis): that text is its own.
    let games = split("1. e4 e5 1-0\n\nAnd then\n2. Nf3 Nc6\n\n[Event \"x\"]\n1. d4 *\n");
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0].1, "1. e4 e5 1-0\n\nAnd then\n2. Nf3 Nc6\n\n");
    // What follows the tags on their line is scanned as movetext is: a
    // comment left open there runs on, and the tag pairs alone end nothing.
    assert_eq!(
        after_tags_of("[A \"x\"] [B \"y \\\"z\\\" ]\"]  1. e4"),
        "1. e4"
    );
    assert_eq!(after_tags_of("[A \"x\"]"), "");
    assert_eq!(after_tags_of("[A \"x\"] [Bad] 1. e4"), "[Bad] 1. e4");
    assert_eq!(after_tags_of("[A \"x\\"), "");
    // A comment above a game's tags (`{PGN 02}`, as a book's transcriber
    // wrote them) begins that game, a game with tags: the comment above
    // the next one is the next one's too.
    let games = split(
        "{PGN 01}\n\n[Event \"a\"]\n\n1. e4 1-0\n\n{PGN 02}\n\n[Event \"b\"]\n\n1. d4 0-1\n\n\
         {PGN 03}\n\n[Event \"c\"]\n\n1. c4 *\n",
    );
    let firsts: Vec<(u32, &str)> = games.iter().map(|(l, t)| (*l, &t[..8])).collect();
    assert_eq!(firsts, [(1, "{PGN 01}"), (7, "{PGN 02}"), (13, "{PGN 03}")]);
    // A tag line that ends with `]` is tags whatever it holds.
    let games = split("[A \"x\"] 1. e4 1-0 [B \"y\"]\n[C \"z\"]\n1. d4 *\n");
    assert_eq!(games.len(), 1, "{games:?}");
}

fn after_tags_of(line: &str) -> &str {
    super::lines::after_tags(line)
}
