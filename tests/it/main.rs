//! The integration tests, one binary: a module per area of the tool, the
//! helpers they share in `common`. Each module's opening comment says what
//! it holds; `cargo test --release --test it MODULE::` runs one area.

mod adversarial;
mod batch;
mod check_detection;
mod choices;
mod cli;
mod comment_commands;
mod common;
mod corpus;
mod descriptive;
mod detectors;
mod diagnostics;
mod documents;
mod dos_codepages;
mod encodings;
mod epd_and_uci_line;
mod error_json;
mod faults;
mod files;
mod heap;
mod invariants;
mod line_formats;
mod more_letters;
mod national;
mod nothing_lost;
mod output_encoding;
mod page_classes;
mod page_lines;
mod pages;
mod parallel;
mod per_game;
mod plain_lane;
mod presets;
mod probes;
mod property;
mod readme;
mod recipes;
mod regressions;
mod resources;
mod round_trip;
mod schema;
mod second_probe;
mod tags_and_results;
mod trees;
mod typing;
