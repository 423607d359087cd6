//! The fourth fault probe's cases (helper probe of the release binary),
//! each with what it gives now; the earlier probes' are in `faults`,
//! `second_probe` and `third_probe`.

use crate::common::assert_linear;
use crate::faults::text;

/// Case 1: a result last in a side line in brackets is that line's: kept
/// as its comment, neither taken for the game's result where the game
/// gives none, nor dropped where it does.
#[test]
fn a_result_closing_a_side_line_is_the_lines() {
    let (out, messages, summary) =
        text("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 (4. Bxc6 dxc6 5. O-O 1-0) Nf6\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 (4. Bxc6 dxc6 5. O-O { 1-0 }) 4... Nf6 *\n"
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(summary.written, 1);
    let (out, _, _) =
        text("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 (4. Bxc6 dxc6 5. O-O 0-1) Nf6 1/2-1/2\n");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 (4. Bxc6 dxc6 5. O-O { 0-1 }) 4... Nf6 1/2-1/2\n"
    );
    // A side line never closed still ends the game with its result.
    let (out, _, _) = text("1. e4 e5 2. Nf3 (2. Nc3 Nf6 1-0\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 (2. Nc3 Nf6) 1-0\n");
}

/// Case 2: many brackets nested that close (`1. e4 ( ( ( … e5 ) ) ) e5`),
/// each before any move of its line, each asked where it closes and
/// whether it holds a move: learned once for the text, the walk linear
/// (each answer read afresh, 4x the brackets took 16x the time).
#[test]
fn nested_closed_brackets_scale_linearly() {
    assert_linear("nested closed `(`", 8_000, |n| {
        format!("1. e4 {}e5{} e5\n", "(".repeat(n), ")".repeat(n))
    });
    assert_linear("nested closed `( `", 8_000, |n| {
        format!("1. e4 {}e5 {} e5\n", "( ".repeat(n), ") ".repeat(n))
    });
    assert_linear("nested side line", 8_000, |n| {
        format!("1. e4 {}1. d4{} e5\n", "(".repeat(n), ")".repeat(n))
    });
    // What is read stays as it was.
    let (out, _, summary) = text("1. e4 (((e5))) e5\n");
    assert_eq!(out, "1. e4 { e5 } 1... e5 *\n");
    assert_eq!(summary.written, 1);
}
