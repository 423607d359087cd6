//! Misprints in descriptive move tables, from the Blue Book of Chess
//! (Project Gutenberg 16377): a move printed at its number in the main line
//! that names no legal move is read with one name of a piece otherwise (the
//! piece, a name in its square's file, the piece taken) where exactly one
//! such reading lets the game go on, with a warning that quotes both (an
//! error under `--strict`); where several do, or none, the move is an
//! error that lists them.

use notate::convert::{Options, convert_str};
use notate::output::Format;

use crate::faults::strict;
use crate::page_classes::text;

/// Harrwitz–Morphy (the Blue Book's game 82, its first 42 moves): Black's
/// `38. K. to Q. R's 6th.` is no king's move (the king is on g8); the rook
/// on a8 is the one piece that goes there, as the transcriber read it, and
/// the game goes on after it (before: an error, the game stopped at 38).
#[test]
fn a_piece_misprinted_is_read_as_the_one_piece_that_goes_there() {
    let input = G82;
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "1. d4 f5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Bd3 b6 7. Nge2 Bb7 8. O-O Nh5 \
         9. Bxe7 Qxe7 10. Ng3 Nxg3 11. hxg3 d6 12. f4 Nc6 13. g4 Nb4 14. gxf5 exf5 15. Qe2 Rae8 \
         16. Rae1 Qh4 17. Bb1 Re6 18. Qf2 Qh5 19. d5 Rh6 20. Qf3 Qh4 21. a3 Na6 22. b4 Nb8 \
         23. Ne2 Nd7 24. Ng3 g6 25. Kf2 Nf6 26. Rh1 Ng4+ 27. Kg1 Qf6 28. Rxh6 Nxh6 29. Qd1 Ng4 \
         30. Qd2 Qh4 31. Nf1 Re8 32. g3 Qh3 33. b5 Nf6 34. Qg2 Qxg2+ 35. Kxg2 a6 36. a4 axb5 \
         37. axb5 Ra8 38. Nd2 Ra3 39. e4 fxe4 40. Nxe4 Nxe4 41. Bxe4 Rc3 42. Bf3 Kf7 *\n"
    );
    assert_eq!(
        messages,
        [
            "38:24: warning: `K-QR6` at 38... is no legal move as printed; read as Ra3 \
             (`R-R6`), its piece taken for a misprint: the only move it names with one name \
             read otherwise, and the game goes on after it"
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
    assert_eq!(strict(input).failed, 1);
}

/// Evans–Henderson (the Blue Book's game 33, its first 15 moves): Black's
/// `10. Q. to R's 3d.` (no rook's file square the queen on e5 reaches) and
/// `13. B. to Q's sq.` (no bishop goes to d8), three moves apart. Of the
/// six moves the first names with one name otherwise, only `Q. to K's 3d.`
/// lets the game go on, its reading confirmed by the moves after it and
/// by the second misprint, the rook's, read in the trial as the one move
/// it names; the transcriber read both so (before: an error at 10).
#[test]
fn two_misprints_three_moves_apart_are_each_read() {
    let (out, messages, summary) = text(G33);
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. c3 d5 4. Bb5 Bg4 5. Qa4 Qd6 6. Nxe5 Qxe5 7. Bxc6+ bxc6 \
         8. Qxc6+ Ke7 9. f3 Rd8 10. d4 Qe6 11. Qxc7+ Rd7 12. Qc5+ Ke8 13. Qc8+ Rd8 14. Qxe6+ Bxe6 \
         15. e5 f5 *\n"
    );
    assert_eq!(
        messages,
        [
            "8:4: warning: `QxP ch.` at 8. could be Qxc6 or Qxa7; read as Qxc6, the only one \
             that gives the check written",
            "10:24: warning: `Q-R3` at 10... is no legal move as printed; read as Qe6 \
             (`Q-K3`), its square's file taken for a misprint: of Nh6 or a6 or h6 or Qd6 or Qe6 \
             or Qf6, the moves it names with one name read otherwise, the only one after which \
             the game goes on",
            "13:33: warning: `B-Q1` at 13... is no legal move as printed; read as Rd8 \
             (`R-Q1`), its piece taken for a misprint: the only move it names with one name read \
             otherwise, and the game goes on after it",
        ]
    );
    assert_eq!((summary.read, summary.failed), (1, 0));
}

/// Anderssen–Kipping (the Blue Book's game 60): the last move, `24. K.
/// takes B.`, is no king's move; with one name otherwise it is Qxf6, Rxf6
/// (the transcriber's) or Nxe4, and no move after it tells them apart: an
/// error that lists them, the game not written.
#[test]
fn a_misprint_that_nothing_after_it_settles_is_an_error_naming_the_readings() {
    let options = Options {
        format: Format::Text,
        ..Options::default()
    };
    let (out, diagnostics, summary) = convert_str(G60, &options);
    assert_eq!(out, "\n");
    assert_eq!((summary.read, summary.failed), (1, 1));
    let [error] = &diagnostics[..] else {
        panic!("{diagnostics:#?}");
    };
    assert_eq!(error.to_string(), "24:5: error: illegal move `KxB` at 24.");
    assert_eq!(
        error.notes,
        [
            "read as a misprint, with one name of a piece otherwise, it could be Qxf6 or Rxf6 \
             or Nxe4; none or several of them let the rest of the game replay",
            "closest legal moves: K-R2",
        ]
    );
}

/// A game's first move that does not play says rather that the game
/// starts from a position set up (the Blue Book's endings, `1. K. to his
/// 3d.` with no diagram's position given): no misprint is read there.
#[test]
fn a_first_move_that_does_not_play_is_no_misprint() {
    let (out, messages, summary) = text("1. K. to his 3d. 1. K. to his 4th.\n2. K. to Q's 4th.\n");
    assert_eq!(out, "\n");
    assert_eq!(messages, ["1:4: error: illegal move `K-K3` at 1."]);
    assert_eq!((summary.read, summary.failed), (1, 1));
}

/// The Blue Book's game 82, its first 42 moves.
const G82: &str = "\
         1. P. to Q's 4th. 1. P. to K. B's 4th.\n\
         2. P. to Q. B's 4th. 2. P. to K's 3d.\n\
         3. Q. Kt. to Q. B's 3d. 3. K. Kt. to K. B's 3d.\n\
         4. Q. B. to K. Kt's 5th. 4. K. B. to K's 2d.\n\
         5. P. to K's 3d. 5. Castles.\n\
         6. K. B. to Q's 3d. 6. P. to Q. Kt's 3d.\n\
         7. K. Kt. to K's 2d. 7. Q. B. to Q. Kt's 2d.\n\
         8. Castles. 8. K. Kt. to K. R's 4th.\n\
         9. B. takes B. 9. Q. takes B.\n\
         10. K. Kt. to Kt's 3d. 10. Kt. takes Kt.\n\
         11. K. R. P. takes Kt. 11. P. to Q's 3d.\n\
         12. P. to K. B's 4th. 12. Kt. to Q. B's 3d.\n\
         13. P. to K. Kt's 4th. 13. Kt. to Q. Kt's 5th.\n\
         14. P. takes P. 14. P. takes P.\n\
         15. Q. to K's 2d. 15. Q. R. to K's sq.\n\
         16. Q. R. to K's sq. 16. Q. to K. R's 5th.\n\
         17. B. to Q. Kt's sq. 17. Q. R. to K's 3d.\n\
         18. Q. to K. B's 2d. 18. Q. to K. R's 4th.\n\
         19. P. to Q's 5th. 19. Q. R. to K. R's 3d.\n\
         20. Q. to K. B's 3d. 20. Q. to K. R's 5th.\n\
         21. P. to Q. R's 3d. 21. Kt. to Q. R's 3d.\n\
         22. P. to Q. Kt's 4th. 22. Kt. to Q. Kt's sq.\n\
         23. Kt. to K's 2d. 23. Kt. to Q's 2d.\n\
         24. Kt. to K. Kt's 3d. 24. P. to K. Kt's 3d.\n\
         25. K. to B's 2d. 25. Kt. to K. B's 3d.\n\
         26. K. R. to K. R's sq. 26. Kt. to K. Kt's 5th. (ch.)\n\
         27. K. to Kt's sq. 27. Q. to K. B's 3d.\n\
         28. R. takes R. 28. Kt. takes R.\n\
         29. Q. to her sq. 29. Kt. to K. Kt's 5th.\n\
         30. Q. to her 2d. 30. Q. to K. R's 5th.\n\
         31. Kt. to K. B's sq. 31. R. to K's sq.\n\
         32. P. to K. Kt's 3d. 32. Q. to K. R's 6th.\n\
         33. P. to Q. Kt's 5th. 33. Kt. to K. B's 3d.\n\
         34. Q. to K. Kt's 2d. 34. Q. takes Q. (ch.)\n\
         35. K. takes Q. 35. P. to Q. R's 3d.\n\
         36. P. to Q. R's 4th. 36. P. takes P.\n\
         37. Q. R. P. takes P. 37. R. to Q. R's sq.\n\
         38. Kt. to Q's 2d. 38. K. to Q. R's 6th.\n\
         39. P. to K's 4th. 39. P. takes P.\n\
         40. Kt. takes P. 40. Kt. takes Kt.\n\
         41. B. takes Kt. 41. R. to Q. B's 6th.\n\
         42. B. to K. B's 3d. 42. K. to K. B's 2d.\n";

/// The Blue Book's game 33, its first 15 moves.
const G33: &str = "\
         1. P. to K's 4th. 1. P. to K's 4th.\n\
         2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d.\n\
         3. P. to Q. B's 3d. 3. P. to Q's 4th.\n\
         4. K. B. to Q. Kt's 5th. 4. Q. B. to K. Kt's 5th.\n\
         5. Q. to her R's 4th. 5. Q. to her 3d.\n\
         6. Kt. takes K. P. 6. Q. takes Kt.\n\
         7. B. takes Q. Kt. (ch.) 7. P. takes B.\n\
         8. Q. takes P. (ch.) 8. K. to his 2d.\n\
         9. P. to K. B's 3d. 9. R. to Q's sq.\n\
         10. P. to Q's 4th. 10. Q. to R's 3d.\n\
         11. Q. takes Q. B. P. (ch.) 11. R. to Q's 2d.\n\
         12. Q. to Q. B's 5th. (ch.) 12. K. to his sq.\n\
         13. Q. to Q. B's 8th. (ch.) 13. B. to Q's sq.\n\
         14. Q. takes Q. (ch.) 14. B. takes Q.\n\
         15. P. to K's 5th. 15. P. to K. B's 4th.\n";

/// The Blue Book's game 60, whole.
const G60: &str = "\
         1. P. to K's 4th. 1. P. to K's 4th.\n\
         2. P. to K. B's 4th. 2. P. takes P.\n\
         3. Kt. to K. B's 3d. 3. P. to K. Kt's 4th.\n\
         4. P. to K. R's 4th. 4. P. to K. Kt's 5th.\n\
         5. Kt. to K's 5th. 5. P. to K. R's 4th.\n\
         6. B. to Q. B's 4th. 6. R. to K. R's 2d.\n\
         7. B. takes P. (ch.) 7. R. takes B.\n\
         8. Kt. takes R. 8. K. takes Kt.\n\
         9. P. to Q's 4th. 9. P. to Q's 3d.\n\
         10. B. takes P. 10. K. B. to K's 2d.\n\
         11. Castles. 11. K. to Kt's 2d.\n\
         12. P. to K. Kt's 3d. 12. Q. B. to K's 3d.\n\
         13. Q. to Q's 3d. 13. Q. Kt. to Q's 2d.\n\
         14. Kt. to Q. B's 3d. 14. P. to Q. B's 4th.\n\
         15. Kt. to K's 2d. 15. Q. B. to K. B's 2d.\n\
         16. K. R. to K. B's 2d. 16. Q. B. to K. Kt's 3d.\n\
         17. Q. R. to K. B's sq. 17. Q. Kt. to K. B's 3d.\n\
         18. P. takes Q. B. P. 18. B. takes K. P.\n\
         19. Q. to K's 3d. 19. P. takes Q. B. P.\n\
         20. B. to K's 5th. 20. Q. to Q's 4th.\n\
         21. Q. to K. Kt's 5th. (ch.) 21. K. to K. R's 2d.\n\
         22. Kt. to Q. B's 3d. 22. Q. to Q. B's 3d.\n\
         23. B. takes Kt. 23. B. takes B.\n\
         24. K. takes B.\n\
         And Black resigns.\n";
