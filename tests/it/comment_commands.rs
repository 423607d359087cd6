//! Comment commands (`[%clk 0:04:05]`, `[%eval 0.3]`) are never split by
//! the movetext's line wrapping: a line holds each one whole, as
//! python-chess and lichess write them.

use notate::convert::{Options, convert_str};

use crate::common;

#[test]
fn a_command_is_wrapped_whole() {
    // `[%clk` would end the first line at 78 characters; its time would not.
    let game = format!("1. e4 {{ {}[%clk 0:04:05] }} *", "ab ".repeat(21));
    let (out, _, _) = convert_str(&game, &Options::default());
    let movetext = out.split("\n\n").nth(1).unwrap();
    assert_eq!(
        movetext,
        format!("1. e4 {{ {}ab\n[%clk 0:04:05] }} *", "ab ".repeat(20))
    );
    // Between commands and words, lines break as before.
    let game = "1. e4 { [%eval 0.17] [%clk 0:05:00] } 1... e5 { [%eval 0.19] [%clk 0:05:00] } \
                2. Nf3 { [%eval 0.16] [%clk 0:04:59] } 2... Nc6 { [%eval 0.2] [%clk 0:04:58] } *";
    let (out, _, _) = convert_str(game, &Options::default());
    assert_eq!(
        out.split("\n\n").nth(1).unwrap(),
        "1. e4 { [%eval 0.17] [%clk 0:05:00] } 1... e5 { [%eval 0.19] [%clk 0:05:00] }\n\
         2. Nf3 { [%eval 0.16] [%clk 0:04:59] } 2... Nc6 { [%eval 0.2] [%clk 0:04:58] }\n\
         *"
    );
}

/// Spaces inside a command are made single; words around it are wrapped
/// as before, and text glued to its `]` stays glued.
#[test]
fn spaces_in_a_command_are_single_and_the_words_around_it_stay() {
    let game = "1. e4 { a long   comment [%cal  Ge2e4,Gd2d4]x then [%csl Rd5] words } *";
    let options = Options {
        format: notate::output::Format::Text,
        ..Options::default()
    };
    let (out, _, _) = convert_str(game, &options);
    assert_eq!(
        out,
        "1. e4 { a long comment [%cal Ge2e4,Gd2d4]x then [%csl Rd5] words } *\n"
    );
}

/// The lichess sample: every `[%clk …]` and `[%eval …]` on one line, no
/// line past 79 characters but a tag's, and the same words as before.
#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared, the corpus")]
fn the_lichess_sample_keeps_every_command_on_one_line() {
    let Some(shared) = common::shared() else {
        return;
    };
    let path = shared.join("corpus/shakmaty_pgn-reader_benches/lichess_db_1000k.pgn");
    let text = String::from_utf8(std::fs::read(path).unwrap()).unwrap();
    let (out, _, summary) = convert_str(&text, &Options::default());
    assert_eq!(summary.failed, 0);
    let mut commands = 0;
    for line in out.lines() {
        assert!(line.len() <= 79 || line.starts_with('['), "{line}");
        let (opened, closed) = (line.matches("[%").count(), line.matches(']').count());
        if !line.starts_with('[') {
            assert_eq!(opened, closed, "a command cut: {line}");
        }
        commands += opened;
    }
    let clocks_in = text.matches("[%clk").count();
    assert_eq!(out.matches("[%clk").count(), clocks_in);
    assert!(commands >= clocks_in && clocks_in > 10_000, "{commands}");
}

/// Commands that never close, or close far away, are read once: time
/// linear in the comment's length.
#[test]
fn unclosed_commands_take_linear_time() {
    common::assert_linear("unclosed commands", 100_000, |n| {
        format!("1. e4 {{ {} }} *", "[%clk 0:01 ".repeat(n))
    });
    common::assert_linear("a command closed at the end", 100_000, |n| {
        format!("1. e4 {{ {}] }} *", "[%clk 0:01 ".repeat(n))
    });
    let (out, _, _) = convert_str("1. e4 { [%clk 0:01 [%eval 3 } *", &Options::default());
    assert!(
        out.ends_with("1. e4 { [%clk 0:01 [%eval 3 } *\n\n"),
        "{out}"
    );
}

/// A `}` in a `;` comment is left out of the `{ }` it is written in, in a
/// command too, parting the words on either side; a word of braces alone
/// goes.
#[test]
fn braces_are_left_out_of_words_and_commands() {
    let options = Options {
        format: notate::output::Format::Text,
        ..Options::default()
    };
    let (out, _, _) = convert_str("1. e4 ; a } b }} [%x 1}2 3] c\n*\n", &options);
    assert_eq!(out, "1. e4 { a b [%x 1 2 3] c } *\n");
}
