//! The command line: every subcommand and option, with its help text.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use dance_sudoku::{EngineChoice, Variant};

/// Batch Sudoku solving and exact cover with Dancing Links.
#[derive(Debug, Parser)]
#[command(name = "dance", version, about, max_term_width = 100)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve Sudoku puzzles: every record of every file, in order.
    ///
    /// Prints one answer per record, in input order whatever the number of
    /// threads, each as soon as the answers before it are known: the
    /// solution, or `none`; with --unique `unique SOLUTION`, `multiple` or
    /// `none`; with --count the number of solutions. A record that cannot be
    /// read prints `error`, and `FILE:LINE:COL: message` on stderr; the batch
    /// goes on. Ctrl-C (or SIGTERM) stops the run: every answer found is
    /// printed, a count cut short prints what it found so far with `+`,
    /// another record cut short `interrupted`. Exit status: 0 when every
    /// record was solved (and unique, with --unique), 1 otherwise, 2 on
    /// errors, 130 after Ctrl-C (143 after SIGTERM).
    Solve(SolveArgs),

    /// Race the three engines: the fast path, Dancing Links and the naive DFS.
    ///
    /// Solves every puzzle of each set with each engine of `dance solve
    /// --engine`, one thread each, and prints a table per set, a row per
    /// engine labelled with what it is: `fast` (the fastest engine for the
    /// shape; for plain 9×9 not Algorithm X's tree and no dancing links —
    /// docs/design.md, "The engines"), `dlx` (the generic
    /// Dancing Links engine) and `dfs` (the naive depth-first search). Under
    /// it: the speed-up of `fast` and of `dlx` over the DFS, each on its own
    /// line (`dfs/fast:`, `dfs/dlx:`), and of `fast` over `dlx`. The engines
    /// must agree on every answer. With no file, races the sets shipped in
    /// the binary (Norvig's 11 hardest and top95).
    Bench(BenchArgs),
    /// Solve an exact-cover problem written in Knuth's DLX format.
    ///
    /// The first line that is not a comment (`|` …) names the items: primary
    /// items, then `|` and the secondary items; `a:b|item` lets a primary
    /// item be covered between a and b times (Knuth's DLX3). Every further
    /// line is an option; `item:color` gives a secondary item a color.
    /// Prints the number of solutions (exit status 1 when there is none).
    /// On problems with such bounds (multiplicities) --split gives one job,
    /// the whole problem, and --memo, --zdd, --sample and --best search on
    /// one thread.
    ///
    /// An option may end in costs `|n` (Knuth's DLX5; several add up), which
    /// only --best reads. For the file `a b c` / `a b |5` / `c |1` / `a |1` /
    /// `b c |2` (one line each), `dance cover --best 2 FILE` prints
    /// `cost 3`, `a |1`, `b c |2`, a blank line, then `cost 6`, `a b |5`,
    /// `c |1` and a blank line: the two cheapest solutions, cheapest first.
    ///
    /// `dance cover --preprocess FILE` prints the problem reduced by Knuth's
    /// DLX-PRE rules: for `A B | X` / `A X` / `B X` / `B`, every option with
    /// A has X, so X goes and with it `B X`, leaving `A B` / `A` / `B`.
    /// --reduce searches the reduced problem and prints solutions of the
    /// original (`A X` and `B`).
    Cover(CoverArgs),

    /// Make Sudoku puzzles with exactly one solution.
    ///
    /// Each puzzle is a random complete grid with givens taken away while
    /// the solution stays unique; the result is minimal (no given can go),
    /// or minimal among symmetric removals with --symmetry, unless --clues
    /// stops it earlier. Prints one puzzle per line in the line format (with
    /// its region map for jigsaw), which `dance solve --unique` reads. The
    /// same --seed and options give the same puzzles on every machine,
    /// whatever -j.
    Generate(GenerateArgs),

    /// Rate how hard puzzles are for Algorithm X's search.
    ///
    /// Prints one line per record, in input order: `LEVEL NODES GUESSES`,
    /// the nodes and guesses of a count to two averaged over 8 random
    /// transformations of the puzzle, and the level they fall in (easy,
    /// medium, hard, expert, extreme). This is search difficulty, not the
    /// techniques a person needs. A puzzle that is not unique prints
    /// `multiple` or `none`, a record that cannot be read `error` (and
    /// `FILE:LINE:COL: message` on stderr). Exit status: 0 when every record
    /// was rated, 1 otherwise, 2 on errors.
    Rate(RateArgs),
}

/// The flags of every command that works through many records or one long
/// search: its threads and its time limit. A command whose limit means
/// something else (`cover`, `solve`) says so in its own help text.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct RunArgs {
    /// Worker threads (0: one per core); the same output at any number.
    ///
    /// Worker threads; 1 works on the main thread only; 0 or none: one per
    /// core; more than 1024 is refused. The output is the same for any
    /// number.
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = crate::limits::threads)]
    pub threads: Option<usize>,

    /// Stop after this many seconds, printing what was done so far.
    ///
    /// Stop after this many seconds: the answers of the records (or the
    /// puzzles) before the first one the time cut short are printed, a line
    /// on stderr says the time ran out, and the exit status is 1 (`1e30` or
    /// `inf`: no limit).
    #[arg(long, value_name = "SECONDS", value_parser = crate::limits::seconds)]
    pub timeout: Option<Duration>,
}

/// Whether a command draws its progress bar.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct ProgressArgs {
    /// No progress bar.
    ///
    /// No progress bar. Without this flag a bar is drawn on stderr from a
    /// fifth of a second into the run when stderr is a terminal (for the
    /// solutions `cover` streams, when stdout is not that terminal);
    /// `DANCE_PROGRESS=always` in the environment draws it on stderr
    /// whatever stderr is.
    #[arg(short, long)]
    pub quiet: bool,
}

/// The rules the puzzles follow: `-x` and `--variant`.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct RulesArgs {
    /// X-Sudoku: both main diagonals hold every digit too; short for
    /// `--variant x`.
    #[arg(short = 'x', long = "x-sudoku")]
    pub x: bool,

    /// Variant rules, comma-separated: x, windoku, disjoint, anti-knight, anti-king, non-consecutive.
    ///
    /// Variant rules, comma-separated and combinable (with -x and with
    /// jigsaw maps too): x, windoku (alias hyper), disjoint, anti-knight,
    /// anti-king, non-consecutive.
    #[arg(long, value_name = "NAME[,NAME...]")]
    pub variant: Option<Variant>,
}

impl RulesArgs {
    /// The variant asked for by `-x` and `--variant` together.
    pub fn variant(self) -> Variant {
        let x = if self.x {
            Variant::X
        } else {
            Variant::Standard
        };
        x | self.variant.unwrap_or_default()
    }
}

/// How puzzle files are read: `--format`, `--alphabet` and `--column`.
#[derive(Clone, Debug, clap::Args)]
pub struct PuzzleInputArgs {
    /// The input format (auto: recognised from the first lines).
    ///
    /// The input format: `line` (one puzzle per line, N² cells, and a region
    /// map for jigsaw), `grid` (N rows of N cells), `numbers` (N rows of N
    /// space-separated numbers, 0 for a blank, as 16×16 and 25×25 puzzles
    /// are often written), `poj` (POJ 2676: a count, then 9 rows per
    /// puzzle), `pencilmark` (N*N*N candidate marks per line), `csv` (a
    /// header line, then records with the puzzle in one column), or `auto`
    /// (csv when the first line has a comma, numbers when it is a row of
    /// 10 numbers or more with one of two digits or 0 blanks, else line
    /// unless it looks like a grid or has N*N*N marks, N from 4 to 25).
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub format: InputFormat,

    /// The CSV column holding the puzzles: a header name or a 1-based index.
    ///
    /// The CSV column holding the puzzles: a name from the header, or a
    /// 1-based index. Default: the first column whose value in the first
    /// record is a puzzle. A column the header lacks is an error of the
    /// input (exit status 2); on input that is not CSV, too.
    #[arg(long, value_name = "NAME|INDEX")]
    pub column: Option<dance_sudoku::format::csv::Column>,

    /// The digits: `standard` (1-9, A-P), `hex` (0-F) or `letters` (A-P, A-Y).
    ///
    /// The digits of the input (and, for `solve`, of the solutions
    /// printed): `standard` (`1`-`9` then `A`-`P`; `0` is a blank up to
    /// 9×9 only), `hex` (16×16 written `0`-`F`, `0` standing for the first
    /// digit; blanks `.`, `_`, `*`; other sizes read as standard) or
    /// `letters` (sizes 10×10 to 25×25 written from `A` for 1: `A`-`P` for
    /// 16×16, `A`-`Y` for 25×25; `0` is a blank too; smaller sizes read as
    /// standard). Numbers (`--format numbers`) are decimal in every
    /// alphabet.
    #[arg(long, value_enum, default_value_t = DigitAlphabet::Standard)]
    pub alphabet: DigitAlphabet,
}

/// Options of `dance cover`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("memo_search").args(["memo", "zdd", "sample"]).multiple(true)))]
#[command(mut_arg("timeout", |arg| arg
    .help("Stop searching after this many seconds; a count then prints `N+`")
    .long_help("Stop searching after this many seconds; the count found so far is printed \
                with a trailing `+` and the exit status is 1. A value beyond what the clock \
                can reach (`1e30`, `inf`) means no limit.")))]
#[command(mut_arg("threads", |arg| arg
    .help("Worker threads (0: one per core); the same output as -j1")
    .long_help("Worker threads. The search tree is cut into subproblems that the threads \
                share; counts, and solutions printed in order, are the same as with -j1. 0 \
                or none: one per core; more than 1024 is refused.")))]
pub struct CoverArgs {
    /// The problem file; standard input when absent or `-`.
    pub file: Option<PathBuf>,

    /// Print every solution: its options one per line, a blank line after each.
    ///
    /// Print every solution: its options one per line, in input order, and
    /// a blank line after each solution. An option prints in the text
    /// format, normalized: its items in the order written, one space apart
    /// (a colored item as `item:color`), then its costs added up as one
    /// `|n` when they are not 0 — `a  b |5 |2` prints as `a b |7`. The
    /// solutions stream in the order of the sequential search at any -j,
    /// each as soon as the ones before it are out, formatted by the threads
    /// that find them and held at most 16 MiB ahead of the output (threads
    /// further ahead wait).
    #[arg(long, conflicts_with = "first")]
    pub all: bool,

    /// Print the first solution only (its options, one per line).
    ///
    /// Print the first solution only, as --all prints solutions.
    #[arg(long, conflicts_with = "limit")]
    pub first: bool,

    /// Print the K cheapest solutions (Knuth's DLX5), each after `cost C`.
    ///
    /// Print the K cheapest solutions (Knuth's DLX5; fewer if there are
    /// fewer), cheapest first: each after a line `cost C` (the sum of its
    /// options' `|n` costs), as --all prints it. Ties come in the order
    /// --all prints them; -j N gives the same output as -j1 (the threads
    /// share the bound). --timeout and Ctrl-C
    /// print the best found so far and say on stderr that they are not
    /// proven optimal (exit status 1, or the signal's); --stats adds the
    /// branches cut by the bound. Counting, --all and --first ignore costs.
    #[arg(long, value_name = "K",
          value_parser = clap::value_parser!(u64).range(1..=dance_dlx::MAX_BEST),
          conflicts_with_all = ["all", "first", "limit", "split", "estimate", "memo"])]
    pub best: Option<u64>,

    /// Print the problem reduced by Knuth's DLX-PRE rules instead of searching.
    ///
    /// Print the problem reduced by Knuth's DLX-PRE rules instead of
    /// searching: an item that every option of some primary item p contains
    /// (uncolored) goes, with the options that have it but not p; an option
    /// that leaves some primary item with no option goes; until neither
    /// changes anything. The same solutions, as sets of options. --stats
    /// says on stderr how many items and options went. Problems with
    /// multiplicities (bounds `a:b|item`) are refused: the rules assume
    /// every primary item is covered exactly once.
    #[arg(long, conflicts_with_all = ["all", "first", "limit", "best", "split", "estimate", "memo", "job",
                                      "reduce", "seed", "representation"])]
    pub preprocess: bool,

    /// Search the reduced problem, printing solutions of the original.
    ///
    /// Reduce the problem as --preprocess does, then search the reduced
    /// problem (a count, --all, --first, --best, --memo): the count is the
    /// same, and solutions print as the options of the original problem
    /// they are. --stats also says how many items and options went.
    #[arg(long, conflicts_with_all = ["split", "estimate", "job"])]
    pub reduce: bool,

    /// Stop after this many solutions; a count then prints `N+` when there are more.
    ///
    /// Stop after this many solutions (at least 1). A count prints `N+`
    /// only when there are more than N: the search looks for one more to
    /// tell.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print search statistics to stderr.
    ///
    /// Print search statistics to stderr: solutions, nodes, updates, the
    /// representation of the matrix (see --representation), time;
    /// with --memo also the memo's entries, hits, misses, evictions and bytes.
    /// Not with --estimate or --split, which print their own figures.
    #[arg(long, conflicts_with_all = ["estimate", "split"])]
    pub stats: bool,

    /// Shuffle each item's options by this seed (a random first solution).
    ///
    /// Try each item's options in an order shuffled by this seed (the same
    /// seed gives the same order, and so the same first solution, on every
    /// machine): for sampling solutions with --first or --limit. Also seeds
    /// the probes of --estimate and the draws of --sample (uniform, where
    /// --first with a seed is not).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,

    /// Threads and the time limit.
    #[command(flatten)]
    pub run: RunArgs,

    /// Print the subproblems at this depth of the tree as jobs for --job.
    ///
    /// Print the subproblems at this depth of the search tree as jobs, one
    /// per line (option numbers, 1-based, separated by commas), for
    /// --job; their counts add up to the whole count. A problem with
    /// multiplicities (bounds `a:b|item`) is one job, `-`: Algorithm M
    /// branches on how often an item is covered, not on one option.
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["all", "first", "limit", "estimate"])]
    pub split: Option<usize>,

    /// Solve only this subproblem (a line printed by --split).
    ///
    /// Solve only the subproblem that selects these options (a line printed
    /// by --split: option numbers separated by commas, or `-`).
    #[arg(long, value_name = "JOB", allow_hyphen_values = true)]
    pub job: Option<String>,

    /// Estimate the size of the search by random probes instead of searching.
    ///
    /// Estimate the size of the search by random probes (Knuth) instead of
    /// searching: prints the estimated nodes and solutions. On a problem
    /// with multiplicities (bounds `a:b|item`) the probes walk Algorithm M's
    /// tree.
    #[arg(long, conflicts_with_all = ["all", "first", "limit"])]
    pub estimate: bool,

    /// Probes for --estimate (at least 1).
    #[arg(long, value_name = "N", default_value_t = dance_dlx::DEFAULT_PROBES, requires = "estimate",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub probes: u32,

    /// Count with a memo of subproblems (exact counts far beyond 2^64).
    ///
    /// Count with a memo of subproblems: a subproblem met again (the same
    /// items still open, the same colors) adds its stored count instead of
    /// being searched again. Prints the exact count, however large; fast
    /// when subproblems repeat (tilings), a little slower when they do not.
    /// Counts only: not with --all, --first, --limit, --split or --estimate,
    /// nor --seed or --representation, which change nothing it does. With
    /// -j the threads share one memo, so a subproblem counted by one is
    /// found by all; problems with multiplicities (bounds `a:b|item`) are
    /// counted on one thread at any -j.
    #[arg(long, conflicts_with_all = ["all", "first", "limit", "split", "estimate", "seed",
                                      "representation"])]
    pub memo: bool,

    /// The memory budget of --memo, --zdd and --sample, in MiB.
    ///
    /// The memory budget of --memo, in MiB, for the one memo the threads
    /// share; when it is full, new subproblems replace the cheapest stored
    /// ones, and the count stays exact. --zdd and --sample remember the
    /// states they searched within it too (a forgotten state is searched
    /// again and builds no new node); the diagram they build is the answer,
    /// and its own nodes are not bounded by it.
    #[arg(long, value_name = "N", default_value_t = dance_dlx::DEFAULT_MEMORY_MB,
          requires = "memo_search",
          value_parser = clap::value_parser!(u64).range(1..=dance_dlx::MAX_MEMORY_MB))]
    pub memo_mb: u64,

    /// Write every solution to PATH as a ZDD in DLX6's text format (`-`: stdout).
    ///
    /// Write every solution to PATH as a ZDD (`-`: stdout), in the text
    /// format of Knuth's DLX6 and ZDDREAD: a line `ID: (~OPT?LO:HI)` per
    /// node, ids in hexadecimal, options numbered from 1 in input order,
    /// the root `(~0?0:TOP)` last; reduced (no node with HI = 0, no two
    /// nodes alike). Built by the memo's search within --memo-mb (on one
    /// thread at any -j), and prints the exact count as --memo does (on
    /// stderr when PATH is `-`, so that stdout holds the ZDD alone);
    /// --stats adds the ZDD's size in nodes. Problems with multiplicities
    /// (bounds `a:b|item`) too.
    #[arg(long, value_name = "PATH",
          conflicts_with_all = ["all", "first", "limit", "best", "split", "estimate", "memo",
                                "preprocess", "reduce", "sample", "representation"])]
    pub zdd: Option<PathBuf>,

    /// Print N solutions drawn uniformly at random (with replacement; --seed S).
    ///
    /// Print N solutions drawn independently and uniformly at random among
    /// all solutions (with replacement), as --all prints them: the ZDD of
    /// every solution is built as --zdd builds it, then each sample is a
    /// walk down it, exact for counts of any size (at least 1). --seed S seeds the
    /// draws (0 when absent): the same seed gives the same sample on every
    /// machine, at any -j. Problems with multiplicities too.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["all", "first", "limit", "best", "split", "estimate", "memo",
                                "preprocess", "representation"])]
    pub sample: Option<u64>,

    /// The progress bar.
    #[command(flatten)]
    pub progress: ProgressArgs,

    /// The matrix's representation: `links`, `bitsets` or `auto`.
    ///
    /// How the search keeps the matrix: `links` (dancing links) or
    /// `bitsets` (a bit per option of each item and a count per item,
    /// copied back on the way up); `auto` lets the engine pick per problem.
    /// The tree, the counts and the nodes are the same either way; --stats
    /// says which ran. The bitsets serve only problems without
    /// multiplicities and of modest size (else the links run). Not with
    /// --memo, --zdd, --sample (the memo's search, always on the links) or
    /// --preprocess (no search).
    #[arg(long, value_name = "MATRIX", default_value = "auto")]
    pub representation: MatrixChoice,
}

/// Options of `dance solve`.
#[derive(Debug, clap::Args)]
#[command(mut_arg("timeout", |arg| arg
    .help("Give up on a record after this many seconds (`inf`: no limit)")
    .long_help("Give up on a record after this many seconds: it prints `timeout` (with \
                --count, the solutions found so far are in the JSON output). A value beyond \
                what the clock can reach (`1e30`, `inf`) means no limit.")))]
pub struct SolveArgs {
    /// Puzzle files, read in order; standard input when none is given or
    /// the name is `-`.
    pub files: Vec<PathBuf>,

    /// How the puzzles are read.
    #[command(flatten)]
    pub input: PuzzleInputArgs,

    /// The output format (default: the input's own).
    ///
    /// The output format; by default the input's own.
    #[arg(long, value_enum)]
    pub output: Option<OutputFormat>,

    /// The variant rules.
    #[command(flatten)]
    pub rules: RulesArgs,

    /// CSV: compare each solution with this column's answer.
    ///
    /// CSV: compare each solution with this column's answer (a name or a
    /// 1-based index). A record whose answer differs, or is not a solution
    /// of its puzzle, prints `mismatch`, is counted in --stats and makes the
    /// exit status 1. A column the header lacks, or input that is not CSV,
    /// is an error of the input (exit status 2).
    #[arg(long, value_name = "COLUMN")]
    pub check: Option<dance_sudoku::format::csv::Column>,

    /// Print `unique SOLUTION`, `multiple` or `none` for each puzzle.
    ///
    /// Print whether each puzzle has a unique solution: `unique SOLUTION`,
    /// `multiple` or `none`.
    #[arg(long, conflicts_with = "count")]
    pub unique: bool,

    /// Print the number of solutions of each puzzle.
    #[arg(long)]
    pub count: bool,

    /// With --count, stop counting at N (at least 1).
    ///
    /// A count prints `N+` only when the puzzle has more than N solutions: the search looks for one
    /// more to tell; exactly N prints `N`.
    #[arg(long, value_name = "N", requires = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// The search engine: `fast` (own deductions and tree), `dlx` (Algorithm X) or `dfs` (naive).
    ///
    /// The search: `fast`, the fastest engine for the shape (for plain 9×9
    /// deductions and a search tree of its own, not Algorithm X's, no
    /// dancing links), `dlx` (the generic Dancing Links engine: Algorithm X's
    /// tree) or `dfs` (the naive depth-first search). The answers are the
    /// same (a puzzle with several solutions may get a different first one);
    /// `--stats` shows the nodes and guesses and the engine that served. What
    /// each engine serves: docs/design.md, "The engines".
    #[arg(long, value_parser = engine(), default_value_t = EngineChoice::default())]
    pub engine: EngineChoice,

    /// Threads and the time limit.
    #[command(flatten)]
    pub run: RunArgs,

    /// Print a summary to stderr: counts per status, time per puzzle, nodes.
    #[arg(long)]
    pub stats: bool,

    /// The progress bar.
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// The matrices of `dance cover --representation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MatrixChoice {
    /// The engine's choice for the problem.
    Auto,
    /// Dancing links.
    Links,
    /// Bitsets and counts.
    Bitsets,
}

impl MatrixChoice {
    /// The library's representation, or `None` for the engine's choice.
    pub fn representation(self) -> Option<dance_dlx::Representation> {
        match self {
            MatrixChoice::Auto => None,
            MatrixChoice::Links => Some(dance_dlx::Representation::Links),
            MatrixChoice::Bitsets => Some(dance_dlx::Representation::Bitsets),
        }
    }
}

/// Input formats of `dance solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Line unless the first record looks like a grid.
    Auto,
    /// One puzzle per line.
    Line,
    /// N rows of N cells per puzzle, blank line between puzzles.
    Grid,
    /// N rows of N space-separated numbers per puzzle, 0 for a blank.
    Numbers,
    /// POJ 2676: a count, then 9 rows of 9 digits per puzzle.
    Poj,
    /// Pencilmark (Sukaku): N*N*N candidate marks per line, each cell's
    /// digits or `.`/`0` in their places.
    Pencilmark,
    /// A CSV dataset: a header line, then a puzzle per record in one
    /// column (--column).
    Csv,
}

impl InputFormat {
    /// The library's format, or `None` to detect it.
    pub fn format(self) -> Option<dance_sudoku::format::Format> {
        use dance_sudoku::format::Format;
        match self {
            InputFormat::Auto => None,
            InputFormat::Line => Some(Format::Line),
            InputFormat::Grid => Some(Format::Grid),
            InputFormat::Numbers => Some(Format::Numbers),
            InputFormat::Poj => Some(Format::Poj),
            InputFormat::Pencilmark => Some(Format::Pencilmark),
            InputFormat::Csv => Some(Format::Csv),
        }
    }
}

/// Digit alphabets of `dance solve` and `dance rate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DigitAlphabet {
    /// `1`-`9`, then `A`-`P`.
    Standard,
    /// 16×16 written `0`-`F`.
    Hex,
    /// 10×10 to 25×25 written from `A` for 1: `A`-`P` for 16×16.
    Letters,
}

impl DigitAlphabet {
    /// The library's alphabet.
    pub fn alphabet(self) -> dance_sudoku::format::Alphabet {
        match self {
            DigitAlphabet::Standard => dance_sudoku::format::Alphabet::Standard,
            DigitAlphabet::Hex => dance_sudoku::format::Alphabet::Hex,
            DigitAlphabet::Letters => dance_sudoku::format::Alphabet::Letters,
        }
    }
}

/// Output formats of `dance solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One line per record.
    Line,
    /// A grid of rows per record.
    Grid,
    /// N rows of N numbers per record, 0 for a blank.
    Numbers,
    /// JSON Lines: an object per record, then a summary object.
    Json,
    /// CSV: one header, then a row per record: the input's columns (for
    /// input that is not CSV, `puzzle`: the puzzle in the line format),
    /// `solution`, and `status` with --unique, --count or --check. A new
    /// column whose name the input already has is renamed with the first
    /// free suffix (`solution_2`, `solution_3`, …); every row is as wide as
    /// the header; every input must have the first one's columns.
    Csv,
}

/// Options of `dance bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Puzzle files (any format `dance solve` reads); the shipped sets when
    /// none is given.
    pub files: Vec<PathBuf>,

    /// What each solver finds: the first solution or the uniqueness verdict.
    ///
    /// What each solver finds: the first solution, or the uniqueness verdict
    /// (a count up to two).
    #[arg(long, value_enum, default_value_t = BenchMode::First)]
    pub mode: BenchMode,

    /// The variant rules.
    #[command(flatten)]
    pub rules: RulesArgs,

    /// Seconds the naive DFS may spend on one puzzle.
    ///
    /// Seconds the naive DFS may spend on one puzzle before it is stopped
    /// and counted as timed out (above 0; `inf` means no limit).
    #[arg(long, value_name = "SECONDS", default_value = "5",
          value_parser = crate::limits::seconds)]
    pub dfs_timeout: Duration,

    /// The engines to race, comma-separated.
    ///
    /// The engines to race, comma-separated, in any order (the table lists
    /// them as `fast`, `dlx`, `dfs`): e.g. `fast,dlx` leaves out the slow
    /// DFS. Ratios are printed for the pairs that race.
    #[arg(
        long,
        value_parser = engine(),
        value_name = "ENGINE[,ENGINE...]",
        value_delimiter = ',',
        default_value = "fast,dlx,dfs"
    )]
    pub engines: Vec<EngineChoice>,

    /// The progress bar.
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// The parser of `--engine` and `--engines`: the library's engines, by
/// their names and with their descriptions.
fn engine() -> impl clap::builder::TypedValueParser<Value = EngineChoice> {
    let names = EngineChoice::ALL
        .map(|engine| clap::builder::PossibleValue::new(engine.name()).help(engine.describe()));
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(names).try_map(|name| name.parse::<EngineChoice>())
}

/// What `dance bench` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchMode {
    /// Time to the first solution.
    First,
    /// Time to the uniqueness verdict (count up to two).
    Unique,
}

/// Options of `dance generate`.
#[derive(Clone, Debug, clap::Args)]
#[command(mut_arg("quiet", |arg| arg
    .help("No progress bar, and no seed on stderr")
    .long_help("No progress bar, and no seed on stderr. Without this flag a bar is drawn on \
                stderr from a fifth of a second into the run when stderr is a terminal \
                (`DANCE_PROGRESS=always` in the environment: whatever stderr is), and the \
                seed of a run without --seed is printed there.")))]
pub struct GenerateArgs {
    /// How many puzzles to make (at least 1).
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,

    /// The size N (4 to 25 with boxes; 1 to 25 with --jigsaw).
    ///
    /// The size N: a size with boxes (4, 6, 8, 9, 10, 12, 14, 15, 16, 18,
    /// 20, 21, 22, 24, 25), or any size from 1 to 25 with --jigsaw.
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,

    /// Jigsaw: a new random map of N connected regions of N cells for
    /// every puzzle.
    #[arg(long, conflicts_with = "regions")]
    pub jigsaw: bool,

    /// Jigsaw on this map (N*N region labels) for every puzzle.
    ///
    /// Jigsaw on this map for every puzzle: N*N region labels, as in the
    /// line format (`aaabbb...`).
    #[arg(long, value_name = "MAP", conflicts_with = "size")]
    pub regions: Option<String>,

    /// The variant rules.
    #[command(flatten)]
    pub rules: RulesArgs,

    /// Which cells are taken away together: rotational, diagonal or none.
    ///
    /// Which cells are taken away together: `rotational` pairs a cell with
    /// its image under a half turn, `diagonal` with its mirror image in the
    /// main diagonal (top left to bottom right).
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,

    /// Exactly K givens.
    ///
    /// Above the minimum the puzzle is unique but not minimal; below what a grid allows, new grids
    /// are tried (--attempts).
    #[arg(long, value_name = "K")]
    pub clues: Option<usize>,

    /// Grids (and jigsaw maps) to try per puzzle before giving up.
    #[arg(long, value_name = "N", default_value_t = dance_sudoku::generate::DEFAULT_ATTEMPTS,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: u32,

    /// The seed of the run; puzzle i gets a seed derived from it and i.
    ///
    /// Without one, a seed is taken from the clock and printed on stderr.
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,

    /// How to print each puzzle: `line` or `pencilmark`.
    ///
    /// How to print each puzzle: `line` (givens, and the region map for
    /// jigsaw) or `pencilmark` (every cell's candidates: its given alone,
    /// or every digit), which `dance solve` and `dance rate` read back.
    #[arg(long, value_enum, default_value_t = GenerateOutput::Line)]
    pub output: GenerateOutput,

    /// Rate each puzzle, on a `# LEVEL NODES GUESSES` line before it.
    ///
    /// Rate each puzzle as `dance rate` does, on a `# LEVEL NODES GUESSES`
    /// comment line before it.
    #[arg(long)]
    pub rate: bool,

    /// Threads and the time limit.
    #[command(flatten)]
    pub run: RunArgs,

    /// The progress bar (and, for `generate`, the seed on stderr).
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// Output formats of `dance generate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenerateOutput {
    /// The line format.
    Line,
    /// The pencilmark format.
    Pencilmark,
}

/// Symmetries of `dance generate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Symmetry {
    /// Every cell on its own.
    None,
    /// 180° rotation: (r, c) with (N-1-r, N-1-c).
    Rotational,
    /// Reflection in the main diagonal: (r, c) with (c, r).
    Diagonal,
}

/// Options of `dance rate`.
#[derive(Clone, Debug, clap::Args)]
pub struct RateArgs {
    /// Puzzle files, read in order; standard input when none is given or
    /// the name is `-`.
    pub files: Vec<PathBuf>,

    /// How the puzzles are read.
    #[command(flatten)]
    pub input: PuzzleInputArgs,

    /// The variant rules.
    #[command(flatten)]
    pub rules: RulesArgs,

    /// Threads and the time limit.
    #[command(flatten)]
    pub run: RunArgs,

    /// The progress bar.
    #[command(flatten)]
    pub progress: ProgressArgs,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// clap's own checks of the command line: names that `mut_arg`, groups
    /// and conflicts refer to exist, no two flags share a name.
    #[test]
    fn the_command_line_is_consistent() {
        super::Args::command().debug_assert();
    }
}
