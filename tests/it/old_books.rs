//! Old books' move tables, in descriptive notation written out in words
//! (`P. to K's 4th.`), read through the whole pipeline: tables numbered
//! from 1 each are games apart.

use crate::page_classes::text;

/// Two tables after a heading each, the second numbered from 1 again:
/// the splitter tells a line that begins with a number and a move in
/// words as it tells `2. Nf3`, so the second `1.` begins the next game
/// (before, it was read as a side line of the first game's first move).
/// The second game's heading stays in the first game's last comment.
#[test]
fn tables_numbered_from_one_each_are_games_apart() {
    let input = "Game IV.—Between Mr. A. and Mr. B.\n\nWHITE. BLACK.\n\
                 1. P. to K's 4th. 1. P. to K's 4th.\n2. K. Kt. to B's 3d. 2. P. to Q's 3d.\n\
                 3. P. to Q's 4th. 3. P. to K. B's 4th.\nAnd White resigns.\n\n\
                 Game V.—(By Philidor.)\n\nWHITE. BLACK.\n\
                 1. P. to Q's 4th. 1. P. to Q's 4th.\n2. P. to Q. B's 4th. 2. P. to K's 3d.\n\
                 3. Kt. to Q. B's 3d. 3. Kt. to K. B's 3d.\n";
    let (out, messages, summary) = text(input);
    assert_eq!(
        out,
        "{ Game IV.—Between Mr. A. and Mr. B. WHITE. BLACK. } 1. e4 e5 2. Nf3 d6 3. d4 f5 \
         { And White resigns. Game V.— } { By Philidor. } { WHITE. BLACK. } 0-1\n\
         1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!((summary.read, summary.failed), (2, 0));
}
