//! Real web pages holding games, collected from public repositories
//! (fixtures/documents/real/SOURCE.txt): viewer pages that keep their games
//! as PGN in hidden elements or in paragraphs for their script, and a
//! book's HTML edition with its transcriber's PGN after the book. Each gives
//! the games python-chess reads from the PGN of those elements
//! (expected.jsonl, written by derive.py without notate), in page order:
//! their main lines, results, tags and main-line comments; what else a page
//! gives (the book's own text) is asserted as it reads, known failures.

use std::io::BufReader;

use notate::game::{Event, Game};
use notate::internals::decode;
use notate::internals::reader::{GameReader, ReaderOptions};
use notate::internals::split::{RawGame, Splitter};

use crate::common::{fixture, mainline};

/// One game as the binary reads it from a page.
#[derive(Debug)]
struct Read {
    san: String,
    result: &'static str,
    tags: Vec<(String, String)>,
    /// The comments of the main line, white space run together.
    comments: Vec<String>,
    failed: bool,
}

/// One game as python-chess reads it (expected.jsonl).
#[derive(Debug)]
struct Expected {
    san: String,
    result: String,
    tags: Vec<(String, String)>,
    comments: Vec<String>,
}

/// The comments outside side lines, in order.
fn mainline_comments(game: &Game) -> Vec<String> {
    let mut depth = 0u32;
    let mut comments = Vec::new();
    for event in &game.events {
        match event {
            Event::StartVariation => depth += 1,
            Event::EndVariation => depth = depth.saturating_sub(1),
            Event::Comment(range) if depth == 0 => {
                let text = game.slice(range).split_whitespace().collect::<Vec<_>>();
                comments.push(text.join(" "));
            }
            _ => {}
        }
    }
    comments
}

/// The games the binary reads from a page, each with whether it failed. A
/// text the binary takes for no game (no tags, no moves, no error: "not a
/// game, ignored") is left out, as it leaves it.
fn games_read(page: &str) -> Vec<Read> {
    let path = fixture(&format!("documents/real/{page}"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let input = decode::open(file, None).expect("a document opens");
    let mut splitter = Splitter::new(BufReader::new(input));
    let mut reader = GameReader::new(&ReaderOptions::default());
    let (mut raw, mut game) = (RawGame::default(), Game::default());
    let mut games = Vec::new();
    while splitter.next_game(&mut raw).expect("read") {
        // A game the reader finds inside another's text (`next_game`) is
        // read as one of its own, as the binary reads it.
        let mut text = raw.text.as_str();
        loop {
            reader.read(text, raw.first_line, &mut game);
            if game.tags().next().is_some() || game.mainline().next().is_some() || game.failed() {
                games.push(read_of(&game));
            }
            match game.next_game {
                Some(at) if 0 < at && at < text.len() => text = &text[at..],
                _ => break,
            }
        }
    }
    games
}

/// What the test keeps of a game read.
fn read_of(game: &Game) -> Read {
    Read {
        san: mainline(game).0,
        result: game.result().as_str(),
        tags: game
            .tags()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        comments: mainline_comments(game),
        failed: game.failed(),
    }
}

/// The pages in the order expected.jsonl first names them, each with its
/// games in order.
fn expected_pages() -> Vec<(String, Vec<Expected>)> {
    let expected =
        std::fs::read_to_string(fixture("documents/real/expected.jsonl")).expect("expected");
    let mut pages: Vec<(String, Vec<Expected>)> = Vec::new();
    for line in expected.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).expect("json");
        let text = |v: &serde_json::Value| v.as_str().expect("a string").to_string();
        let game = Expected {
            san: text(&entry["san"]),
            result: text(&entry["result"]),
            tags: (entry["tags"].as_array().expect("tags").iter())
                .map(|pair| (text(&pair[0]), text(&pair[1])))
                .collect(),
            comments: (entry["comments"].as_array().expect("comments").iter())
                .map(text)
                .collect(),
        };
        let page = text(&entry["document"]);
        match pages.iter_mut().find(|(name, _)| *name == page) {
            Some((_, games)) => games.push(game),
            None => pages.push((page, vec![game])),
        }
    }
    pages
}

/// The book of this folder: whole, not a viewer's page.
const BOOK: &str = "gutenberg-16377-blue-book-of-chess.htm";

/// Asserts that `game` is `want`: main line, result, tags (but Result, in
/// name order: python-chess puts the Seven Tag Roster first and gives a
/// game with no tags the Result of its termination marker) and main-line
/// comments, the latter with `heading` first where given.
fn assert_same(page: &str, game: &Read, want: &Expected, heading: Option<&str>) {
    assert_eq!(game.san, want.san, "{page}");
    assert!(!game.failed, "{page}: {game:#?}");
    assert_eq!(game.result, want.result, "{page}: {}", game.san);
    let sorted = |tags: &[(String, String)]| {
        let mut tags: Vec<_> = tags
            .iter()
            .filter(|(n, _)| n != "Result")
            .cloned()
            .collect();
        tags.sort();
        tags
    };
    assert_eq!(
        sorted(&game.tags),
        sorted(&want.tags),
        "{page}: {}",
        game.san
    );
    let comments: Vec<String> = heading
        .map(str::to_string)
        .into_iter()
        .chain(want.comments.iter().cloned())
        .collect();
    assert_eq!(game.comments, comments, "{page}: {}", game.san);
}

/// What the book's own move tables give for each of its 85 games, in the
/// transcription's order: `None` where a game read from them is the
/// transcribed main line exactly, else how many plies of it the closest game
/// read agrees with. Each shortfall's cause:
/// - the book and the transcription differ: 2 (the book omits the 21st
///   moves; a warning says the number is out of sequence), 20 (`20. P. to
///   K. R's 3d.`, h3; transcribed a3; the book's table then reads whole,
///   `23. Q. B. interposes.` too), 24 and 41 (`Q. to her Kt's 3d.`,
///   Qb3; transcribed Qg3), 42 (`14. K. R. to B's sq.`, Rf8; transcribed
///   Bc5), 59 (`6. Kt. to K's 5th. (ch.)`, Ne5+; transcribed Ng5+), 5,
///   17, 37 and 38 (the transcription ends with a null move, `--`, for
///   the mate the book announces in words), 73 (its PGN nests braces,
///   python-chess reads 12 plies; the book gives 68);
/// - a move the board does not allow where the book prints it, the
///   transcriber reading another piece or square (`K.` for `R.`, `B.` for
///   `R.`, `Q. Kt's 2d.` for the king's knight's, `4. K. Kt. to Q. B's
///   3d.` for Nf6): read as a misprint, with a warning, where one name of a
///   piece read otherwise gives the only move after which the game goes
///   on: 33 (two, three moves apart), 82 and 50 and 70 (these two as far
///   as the next cause); 60 (its last move, `24. K. takes B.`: Qxf6, Rxf6
///   or Nxe4) and 76 (`36. B. to K's sq.`, Re1, then `B.` printed for the
///   rook at 40, 42 and 43, too close for the trials to confirm it) stop
///   at an error that lists the readings; 11's and 50's Black moves,
///   numbered as White's, play as White's (`4. K. Kt. to Q. B's 3d.` as
///   Nc3, `24. R. takes K. B. P.` as Rxf3) and are read as side lines to
///   White's move, with a warning, and 11 stops at 7...; 68 is an odds
///   game (`Remove White Queen's Knight.` in the heading above the
///   table, which the reading does not take: its 27. Rc1 is blocked by
///   the knight on b1); 16's last move cut short (`29. Q. R. to Q.`, no
///   rank; transcribed Rad1, then a null move), an error that quotes its
///   words;
/// - a knight named by where it started where its place names the other:
///   18 (`18. K. Kt. to K. B's 5th.`, the knight on the king's knight's
///   file read, Ngf4, with a warning naming Ndf4; transcribed Ndf4, the
///   king's knight on d5); the place decides before the origin, as the
///   book names them by place too (81: `23. K. Kt. to K's 2d.`, Nge2, the
///   queen's knight gone to g3, said with Nde2 all the same);
/// - a footnote's move read as the game's next: 40 (the book's 39 plies
///   read, then `Black surrenders.` and the note `[B] P. to K. R's 3d
///   would have been better play.` read as 20... h6), 70 (its 69 plies,
///   then `35. Resigns.`, and a note's `P. to Q. R's 4th` read as 35...
///   a5);
/// - a move the board leaves ambiguous, the book relying on the reader:
///   80 (`27. B. takes P.`, Bxg4 or Bxd5, the rest of the game not
///   settling which: an error lists them).
const BOOK_TABLES: [Option<usize>; 85] = [
    None,
    Some(40),
    None,
    None,
    Some(55),
    None,
    None,
    None,
    None,
    None,
    Some(18),
    None,
    None,
    None,
    None,
    Some(56),
    Some(56),
    Some(35),
    None,
    Some(38),
    None,
    None,
    None,
    Some(30),
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    Some(43),
    Some(50),
    None,
    Some(39),
    Some(28),
    Some(27),
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    Some(47),
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    Some(10),
    Some(46),
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    Some(52),
    None,
    Some(69),
    None,
    None,
    Some(12),
    None,
    None,
    Some(70),
    None,
    None,
    None,
    Some(52),
    None,
    None,
    None,
    None,
    None,
];

/// How many plies `a` and `b` agree in from the start.
fn plies_agreeing(a: &str, b: &str) -> usize {
    let pairs = a.split_whitespace().zip(b.split_whitespace());
    pairs.take_while(|(x, y)| x == y).count()
}

/// The Blue Book of Chess (Project Gutenberg 16377), as its HTML edition
/// is: the book's text, its 85 illustrative games in move tables of the
/// old descriptive notation (`K. Kt. to K. B's 3d.`), then the
/// transcriber's PGN of each game in a paragraph, a line a tag (`<br>`),
/// then Project Gutenberg's licence. The book's tables are read as games,
/// each from its `1.` (a table that fails ends its game, and the next
/// table from the start begins the next), among them the openings'
/// analysis; each of the 85 is asserted as [`BOOK_TABLES`] says. The
/// transcribed games are read exactly as python-chess reads them, in
/// order, but one.
#[test]
fn a_gutenberg_book_gives_its_transcribed_games() {
    let pages = expected_pages();
    let want = &pages
        .iter()
        .find(|(name, _)| name == BOOK)
        .expect("the book")
        .1;
    assert_eq!(want.len(), 85);
    let got = games_read(BOOK);
    // The book's text before the PGN, whose games have tags: its front
    // matter first, no game, then its tables, each numbered from 1 a game
    // of its own (the first, the Fool's Mate among the terms of the game).
    let book_end = got
        .iter()
        .position(|g| !g.tags.is_empty())
        .expect("the PGN");
    let (book, rest) = got.split_at(book_end);
    assert_eq!(book[0].san, "", "{:#?}", book[0]);
    let fools_mate = book.iter().position(|g| !g.san.is_empty());
    assert_eq!(
        fools_mate.map(|i| book[i].san.as_str()),
        Some("g4 e5 f4 Qh4#")
    );
    assert_eq!(book.len(), 321);
    for (i, (want, table)) in want.iter().zip(BOOK_TABLES).enumerate() {
        let exact = book.iter().any(|g| g.san == want.san);
        let agreeing = book.iter().map(|g| plies_agreeing(&g.san, &want.san)).max();
        match table {
            None => assert!(exact, "game {}: {agreeing:?} plies agree", i + 1),
            Some(plies) => {
                assert!(!exact, "game {} now reads exactly", i + 1);
                assert_eq!(agreeing, Some(plies), "game {}", i + 1);
            }
        }
    }
    let exact = BOOK_TABLES.iter().filter(|t| t.is_none()).count();
    assert_eq!(exact, 64);
    let transcribed = &rest[..85];
    for (i, (game, want)) in transcribed.iter().zip(want).enumerate() {
        if i == 72 {
            // Game 73's PGN nests braces in a comment (`{If White take
            // dxc5, the Black {K. B.} is brought into play …}`): notate
            // says so and fails the game; python-chess reads 12 of its 68
            // plies, with no error.
            assert!(game.failed, "{game:#?}");
            assert!(want.san.starts_with(&game.san), "{game:#?}");
            continue;
        }
        // The anchor's text above each game's PGN, `{PGN 02}`, is a PGN
        // comment before its tags: the game's first comment. The first
        // game's, after the book's text, goes with that text; the 74th's
        // with the failed 73rd, whose comment the nested brace left open.
        let heading = format!("PGN {:02}", i + 1);
        let heading = (i != 0 && i != 73).then_some(heading.as_str());
        assert_same(BOOK, game, want, heading);
    }
    // Known failure: the licence's numbered paragraphs (`1.E.1.`) are
    // texts that fail at their numbers, none a game.
    let licence = &rest[85..];
    assert_eq!(licence.len(), 15, "{licence:#?}");
    assert!(
        licence.iter().all(|g| g.failed && g.san.is_empty()),
        "{licence:#?}"
    );
}

#[test]
fn real_pages_give_the_games_python_chess_reads() {
    let pages: Vec<_> = expected_pages()
        .into_iter()
        .filter(|(name, _)| name != BOOK)
        .collect();
    assert_eq!(pages.len(), 4, "{pages:?}");
    let mut games = 0;
    for (page, want) in &pages {
        // jChess's last paragraph, a position alone as FEN, is no game
        // (its en passant square `c6` no move): nothing is read from it.
        let got = games_read(page);
        let sans: Vec<&str> = got.iter().map(|g| g.san.as_str()).collect();
        let wanted: Vec<&str> = want.iter().map(|g| g.san.as_str()).collect();
        assert_eq!(sans, wanted, "{page}");
        for (game, want) in got.iter().zip(want) {
            // jChess's game with no tags begins with the page's heading
            // above it (the reader's prose before the moves); no later
            // heading goes to any game.
            let untagged = want.tags.iter().all(|(name, _)| name == "Result");
            let heading = (untagged && page == "jchess-index.html")
                .then_some("Chess Board Demo 6: Unambiguous Knight Move Back Next Flip");
            assert_same(page, game, want, heading);
        }
        games += got.len();
    }
    assert_eq!(games, 21);
}
