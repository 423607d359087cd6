//! Every flag of `notate`, documented in one place.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueHint};

use notate::internals::decode::Encoding;
use notate::notation::style::{
    CaptureSign, CastlingSign, DoubleCheckSign, EnPassantSuffix, Form, MateSign, Preset,
    PromotionSign, Separator,
};
use notate::output::{Format, Strip};
use notate::vocab::letters::LetterSet;

use crate::choice::{ColorWhen, ErrorFormat, FromSet, choice, reading, size, tag};

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
    #[arg(value_name = "FILE", value_hint = ValueHint::AnyPath)]
    pub files: Vec<PathBuf>,

    /// Convert TEXT, moves or whole games, given on the command line
    /// (before any FILE; may be repeated).
    #[arg(short = 'e', long = "text", value_name = "TEXT", value_hint = ValueHint::Other)]
    pub texts: Vec<String>,

    /// Write to FILE instead of standard output: a temporary file beside
    /// it, renamed over it once every input is converted (a symbolic link
    /// at FILE is written through: the file it names is replaced).
    #[arg(
        short,
        long,
        value_name = "FILE",
        value_hint = ValueHint::FilePath,
        conflicts_with = "out_dir"
    )]
    pub output: Option<PathBuf>,

    /// Convert each input file to a file of the same name in DIR (created
    /// if missing), with the output format's extension (.pgn, .txt,
    /// .ndjson, .epd). Each is written to a temporary file and renamed into
    /// place when complete.
    #[arg(
        long = "out-dir",
        value_name = "DIR",
        value_hint = ValueHint::DirPath,
        conflicts_with = "check"
    )]
    pub out_dir: Option<PathBuf>,

    /// Read the files in folders given as inputs, and theirs (hidden ones
    /// left out); with --out-dir, keep their paths below the folder.
    #[arg(short, long)]
    pub recursive: bool,

    /// Overwrite files already in --out-dir (else they are left alone, and
    /// their inputs skipped, status 1).
    #[arg(long)]
    pub force: bool,

    /// With --out-dir, pass over inputs whose output is already there, as
    /// done before: a batch run again resumes, status 0 when every input
    /// is converted now or was before.
    #[arg(long = "skip-existing", conflicts_with = "force", requires = "out_dir")]
    pub skip_existing: bool,

    /// With -r, follow symbolic links found in folders (else they are
    /// skipped, and counted); with --out-dir, write through links to
    /// folders found in it (else refused).
    #[arg(short = 'L', long)]
    pub follow: bool,

    /// The largest game read, in bytes (suffixes K, M, G: KiB, MiB, GiB); a
    /// larger one is reported and skipped, and the rest of the input read.
    #[arg(
        long = "max-game-size",
        value_name = "SIZE",
        default_value = "64M",
        value_parser = reading(size),
        value_hint = ValueHint::Other
    )]
    pub max_game_size: usize,

    /// Move form: san (Nf3), lan (Ng1-f3), uci (g1f3), iccf (ICCF
    /// numeric: 7163) or descriptive (N-KB3, PxP, QR-Q1, as short as the
    /// position allows; with --lang es Spanish C3AR, with --lang fr French
    /// C.3FR).
    #[arg(short = 't', long = "to", value_name = "FORM", value_parser = choice::<Form>())]
    pub form: Option<Form>,

    /// Output piece letters: a language's code, or figurines (of White's,
    /// or of each side's colour). See --list-languages.
    #[arg(
        short = 'l',
        long = "lang",
        value_name = "CODE",
        value_parser = choice::<&'static LetterSet>()
    )]
    pub lang: Option<&'static LetterSet>,

    /// The letters the input is written in: auto (detect per game), a
    /// language's code, or several, comma-separated, to choose among (in
    /// order of preference). ICCF numeric moves (5254) and games in
    /// descriptive notation (English P-K4, Spanish P4R, French P.4R) are
    /// told by their shape and read under any of them; iccf and
    /// descriptive are also accepted, for them.
    #[arg(
        short = 'f',
        long = "from",
        value_name = "CODE[,CODE...]",
        default_value = "auto",
        value_delimiter = ',',
        value_parser = choice::<FromSet>()
    )]
    pub from: Vec<FromSet>,

    /// Make every repair of the input an error: wrong check or capture
    /// marks, a wrong origin square, a doubled letter, an ambiguous move
    /// settled by the rest of the game.
    #[arg(long)]
    pub strict: bool,

    /// Keep the result the game is given where the board says otherwise
    /// (a mate or stalemate on the board, another result written): a
    /// warning says so, and the result written stands (`*` too). Without
    /// it, the board's result is written.
    #[arg(long = "keep-result")]
    pub keep_result: bool,

    /// Set the tag NAME to VALUE in every game, over the game's own (may
    /// be repeated: --tag Event=Club --tag Round=3). Not Result (see
    /// --keep-result), FEN, SetUp or Variant, which come from the game.
    #[arg(
        long = "tag",
        value_name = "NAME=VALUE",
        value_parser = reading(tag),
        value_hint = ValueHint::Other
    )]
    pub tags: Vec<(String, String)>,

    /// Say on standard error which letter set each game was read in.
    #[arg(short, long)]
    pub verbose: bool,

    /// A bundle of form, letters and conventions. Explicit flags override
    /// its parts.
    #[arg(short = 'p', long, value_name = "NAME", value_parser = choice::<&'static Preset>())]
    pub preset: Option<&'static Preset>,

    /// Capture sign.
    #[arg(long, value_name = "SIGN", value_parser = choice::<CaptureSign>())]
    pub capture: Option<CaptureSign>,

    /// The character castling is written with (O-O or 0-0).
    #[arg(long, value_name = "O|0", value_parser = choice::<CastlingSign>())]
    pub castling: Option<CastlingSign>,

    /// How a promotion is written (shown for a queen).
    #[arg(long, value_name = "STYLE", value_parser = choice::<PromotionSign>())]
    pub promotion: Option<PromotionSign>,

    /// Mate sign.
    #[arg(long, value_name = "SIGN", value_parser = choice::<MateSign>())]
    pub mate: Option<MateSign>,

    /// Double check sign.
    #[arg(long = "double-check", value_name = "SIGN", value_parser = choice::<DoubleCheckSign>())]
    pub double_check: Option<DoubleCheckSign>,

    /// En passant suffix (е.р. is Cyrillic).
    #[arg(long = "en-passant", value_name = "SUFFIX", value_parser = choice::<EnPassantSuffix>())]
    pub en_passant: Option<EnPassantSuffix>,

    /// Separator between the squares of a long-form move.
    #[arg(long, value_name = "SEP", value_parser = choice::<Separator>())]
    pub separator: Option<Separator>,

    /// Output format.
    #[arg(
        long,
        value_name = "FORMAT",
        default_value = "pgn",
        value_parser = choice::<Format>()
    )]
    pub format: Format,

    /// ndjson: give the position after each move as FEN (field `fen`).
    #[arg(long)]
    pub fen: bool,

    /// What to leave out (comma-separated).
    #[arg(
        long,
        value_name = "WHAT[,WHAT...]",
        value_delimiter = ',',
        value_parser = choice::<Strip>()
    )]
    pub strip: Vec<Strip>,

    /// The input's text encoding, where detection should not decide
    /// (windows-1252 is also latin-1).
    #[arg(long, value_name = "NAME", value_parser = choice::<Encoding>())]
    pub encoding: Option<Encoding>,

    /// Write the output in this encoding instead of UTF-8 (same names as
    /// --encoding); a character it has no byte for is an error.
    #[arg(long = "output-encoding", value_name = "NAME", value_parser = choice::<Encoding>())]
    pub output_encoding: Option<Encoding>,

    /// Convert on N threads (default, and at most: every core; no more
    /// than the input has batches of games to share). The output is the
    /// same for any N.
    #[arg(short, long, value_name = "N", value_hint = ValueHint::Other)]
    pub jobs: Option<usize>,

    /// Validate only: write no output, report every problem, the same
    /// diagnostics a conversion reports; after a move that cannot be read,
    /// read on from the legal move closest to it (the error says which),
    /// so a scoresheet's problems are all listed in one run. The exit
    /// status says whether every game is sound.
    #[arg(long)]
    pub check: bool,

    /// Write the original text of every game that fails to FILE (`-`:
    /// standard output, with --check or -o).
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub rejects: Option<PathBuf>,

    /// Stop at the first game that fails.
    #[arg(long = "fail-fast", overrides_with = "keep_going")]
    pub fail_fast: bool,

    /// Go on past games that fail (the default).
    #[arg(long = "keep-going", overrides_with = "fail_fast")]
    pub keep_going: bool,

    /// How diagnostics are written.
    #[arg(
        long = "error-format",
        value_name = "FORMAT",
        default_value = "human",
        value_parser = choice::<ErrorFormat>()
    )]
    pub error_format: ErrorFormat,

    /// Colour diagnostics.
    #[arg(
        long,
        value_name = "WHEN",
        default_value = "auto",
        value_parser = choice::<ColorWhen>()
    )]
    pub color: ColorWhen,

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
  notate --tag Event=Club --tag Round=3 -r sheets/ --out-dir pgn/
  notate -e '1. P-K4 P-K4 2. Kt-KB3'   descriptive in, SAN out
  notate --to descriptive game.pgn     N-KB3, PxP, QR-Q1 as books wrote them
  notate -r scans/ --out-dir pgn/      a folder of scoresheets to PGN files
  notate --check --rejects bad.pgn db.pgn   validate; set broken games aside
  cat games.pgn | notate --format ndjson | jq .moves[0].san
  notate completions bash > /etc/bash_completion.d/notate
  notate man | man -l -

In the formats of a line per game (text, uci-line), a game that failed
leaves an empty line: line N of the output is game N of the input.

Exit status: 0 all games converted, 1 some game failed, 2 usage or I/O error.";
