//! Every flag of `notate`, documented in one place.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Converts chess game records between notations.
///
/// Reads PGN, scoresheets and move lists in short or long algebraic, UCI or
/// figurines, replays every move on a board, and writes the games in the
/// notation asked for.
#[derive(Debug, Parser)]
#[command(
    name = "notate",
    version,
    about,
    long_about,
    after_help = EXAMPLES,
    args_override_self = true,
    args_conflicts_with_subcommands = true
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Input files (folders too, with -r); none or `-` reads standard
    /// input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Convert TEXT, moves or whole games, given on the command line
    /// (before any FILE; may be repeated).
    #[arg(short = 'e', long = "text", value_name = "TEXT")]
    pub texts: Vec<String>,

    /// Write to FILE instead of standard output: a temporary file beside
    /// it, renamed over it once every input is converted.
    #[arg(short, long, value_name = "FILE", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,

    /// Convert each input file to a file of the same name in DIR (created
    /// if missing), with the output format's extension (.pgn, .txt,
    /// .ndjson, .epd). Each is written to a temporary file and renamed into
    /// place when complete.
    #[arg(long = "out-dir", value_name = "DIR", conflicts_with = "check")]
    pub out_dir: Option<PathBuf>,

    /// Read the files in folders given as inputs, and theirs (hidden ones
    /// left out); with --out-dir, keep their paths below the folder.
    #[arg(short, long)]
    pub recursive: bool,

    /// Overwrite files already in --out-dir (else they are left alone, and
    /// their inputs skipped).
    #[arg(long)]
    pub force: bool,

    /// With -r, follow symbolic links found in folders (else they are
    /// skipped, and counted).
    #[arg(short = 'L', long)]
    pub follow: bool,

    /// The largest game read, in bytes (suffixes K, M, G: KiB, MiB, GiB); a
    /// larger one is reported and skipped, and the rest of the input read.
    #[arg(long = "max-game-size", value_name = "SIZE", default_value = "64M")]
    pub max_game_size: String,

    /// Move form: san (Nf3), lan (Ng1-f3), uci (g1f3), iccf (ICCF
    /// numeric: 7163) or descriptive (English descriptive: N-KB3, PxP,
    /// QR-Q1, as short as the position allows).
    #[arg(short = 't', long = "to", value_name = "FORM")]
    pub form: Option<String>,

    /// Output piece letters: a language code (en, ru, es, de, ...),
    /// figurine or figurine-color. See --list-languages.
    #[arg(short = 'l', long = "lang", value_name = "CODE")]
    pub lang: Option<String>,

    /// The letters the input is written in: auto (detect per game), a
    /// language code, or several codes, comma-separated, to choose among
    /// (in order of preference). ICCF numeric moves (5254) and games in
    /// descriptive notation (English P-K4, Spanish P4R, French P.4R) are
    /// told by their shape and read under any of them; iccf and
    /// descriptive are also accepted, for them.
    #[arg(
        short = 'f',
        long = "from",
        value_name = "CODE[,CODE...]",
        default_value = "auto"
    )]
    pub from: String,

    /// Make every repair of the input an error: wrong check or capture
    /// marks, a wrong origin square, a doubled letter, an ambiguous move
    /// settled by the rest of the game.
    #[arg(long)]
    pub strict: bool,

    /// Say on standard error which letter set each game was read in.
    #[arg(short, long)]
    pub verbose: bool,

    /// A bundle of form, letters and conventions: fide-en, fide-ru, fide-es,
    /// ru-classic. Explicit flags override its parts.
    #[arg(short = 'p', long, value_name = "NAME")]
    pub preset: Option<String>,

    /// Capture sign: x, : or none.
    #[arg(long, value_name = "SIGN")]
    pub capture: Option<String>,

    /// Castling written with O (O-O) or 0 (0-0).
    #[arg(long, value_name = "O|0")]
    pub castling: Option<String>,

    /// Promotion written as =Q, Q, (Q) or /Q.
    #[arg(long, value_name = "STYLE")]
    pub promotion: Option<String>,

    /// Mate sign: #, ++ or X.
    #[arg(long, value_name = "SIGN")]
    pub mate: Option<String>,

    /// Double check sign: + or ++.
    #[arg(long = "double-check", value_name = "SIGN")]
    pub double_check: Option<String>,

    /// En passant suffix: none, e.p., е.р. (Cyrillic) or a.p.
    #[arg(long = "en-passant", value_name = "SUFFIX")]
    pub en_passant: Option<String>,

    /// Separator between the squares of a long-form move: - or none.
    #[arg(long, value_name = "SEP")]
    pub separator: Option<String>,

    /// Output format: pgn, text (movetext, one game per line), ndjson (one
    /// JSON object per game), epd (one line per position, as pgn-extract
    /// -Wepd) or uci-line (`startpos moves e2e4 ...`, one line per game).
    #[arg(long, value_name = "FORMAT", default_value = "pgn")]
    pub format: String,

    /// ndjson: give the position after each move as FEN (field `fen`).
    #[arg(long)]
    pub fen: bool,

    /// Leave out comments, variations and/or nags (comma-separated).
    #[arg(long, value_name = "WHAT")]
    pub strip: Option<String>,

    /// The input's text encoding, where detection should not decide:
    /// utf-8, utf-16le, utf-16be, windows-1252 (latin-1), windows-1251,
    /// koi8-r, cp866.
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<String>,

    /// Write the output in this encoding instead of UTF-8 (same names as
    /// --encoding); a character it has no byte for is an error.
    #[arg(long = "output-encoding", value_name = "NAME")]
    pub output_encoding: Option<String>,

    /// Convert on N threads (default: every core). The output is the same
    /// for any N.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Validate only: write no output, report every problem, the same
    /// diagnostics a conversion reports; the exit status says whether
    /// every game is sound.
    #[arg(long)]
    pub check: bool,

    /// Write the original text of every game that fails to FILE (`-`:
    /// standard output, with --check or -o).
    #[arg(long, value_name = "FILE")]
    pub rejects: Option<PathBuf>,

    /// Stop at the first game that fails.
    #[arg(long = "fail-fast", overrides_with = "keep_going")]
    pub fail_fast: bool,

    /// Go on past games that fail (the default).
    #[arg(long = "keep-going", overrides_with = "fail_fast")]
    pub keep_going: bool,

    /// How diagnostics are written: human (with the source line and a caret)
    /// or json (one JSON object per line).
    #[arg(long = "error-format", value_name = "FORMAT", default_value = "human")]
    pub error_format: String,

    /// Colour diagnostics: auto (on a terminal, unless NO_COLOR is set),
    /// always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: String,

    /// No summary at the end, no notes, no progress bar: only warnings and
    /// errors.
    #[arg(short, long)]
    pub quiet: bool,

    /// Print the letter sets and exit.
    #[arg(long = "list-languages")]
    pub list_languages: bool,
}

/// The subcommands, for the shell and the manual.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a completion script for SHELL (bash, zsh, fish, powershell,
    /// elvish).
    Completions {
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), for `man -l -` or a man directory.
    Man,
}

const EXAMPLES: &str = "\
Examples:
  notate game.pgn                      PGN in, PGN export format out
  notate -e '1.e4 e5 2.Кf3 Кc6'        moves given inline
  notate --lang ru scoresheet.txt      Russian letters: Кр Ф Л С К
  notate -p ru-classic game.pgn        e2-e4, Лd1:d6, X for mate
  notate --to uci --format text g.pgn  one line of UCI moves per game
  notate -e '1. P-K4 P-K4 2. Kt-KB3'   descriptive in, SAN out
  notate --to descriptive game.pgn     N-KB3, PxP, QR-Q1 as books wrote them
  notate -r scans/ --out-dir pgn/      a folder of scoresheets to PGN files
  notate --check --rejects bad.pgn db.pgn   validate; set broken games aside
  cat games.pgn | notate --format ndjson | jq .moves[0].san
  notate completions bash > /etc/bash_completion.d/notate
  notate man | man -l -

Exit status: 0 all games converted, 1 some game failed, 2 usage or I/O error.";
