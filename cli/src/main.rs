//! The `twisty` command line: a thin shell over the library.
//!
//! One module per command group ([`demo`], [`sq1`], [`db`], [`cube3`], [`serve`]), each with its
//! arguments and its bench; what they share (argument parsers, the Ctrl-C token, progress
//! display, output files) is in [`args`].

mod args;
mod cube3;
mod db;
mod demo;
mod serve;
mod sq1;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use args::printable;

#[derive(Parser)]
#[command(
    name = "twisty",
    version,
    about = "Twisty-puzzle engine: Square-1 and 3x3x3 states, notation, solvers"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Apply a built-in scramble, print the state, its shape and a random state (the default).
    Demo,
    /// Square-1 commands.
    #[command(subcommand)]
    Sq1(sq1::Sq1Command),
    /// The Silver-edition database of all shortest solutions.
    #[command(subcommand)]
    Db(db::DbCommand),
    /// 3x3x3 commands (cubes in nissy's B32 format).
    #[command(subcommand)]
    Cube3(cube3::Cube3Command),
    /// Serve the local web page (Square-1 and 3x3x3) and its JSON API; prints the address.
    Serve(serve::ServeArgs),
}

fn run(cli: Cli) -> twisty::Result<()> {
    match cli.command.unwrap_or(Command::Demo) {
        Command::Demo => demo::run(),
        Command::Sq1(cmd) => sq1::run(cmd),
        Command::Db(cmd) => db::run(cmd),
        Command::Cube3(cmd) => cube3::run(cmd),
        Command::Serve(args) => serve::run(args),
    }
}

/// A reader that stops reading (`twisty ... | head`) ends the program quietly, as it does other
/// command-line tools: Rust ignores SIGPIPE, which would make the next print panic. Called
/// before any thread starts.
fn quiet_on_closed_output() {
    #[cfg(unix)]
    // SAFETY: restores a signal's default action; no other thread runs yet.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    // Warnings show by default (a damaged table being rebuilt, for one); RUST_LOG says more.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp(None)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to stdout as they are; argument errors echo the input, escaped.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            eprint!("{}", printable(&e.render().to_string(), &['\n']));
            std::process::exit(e.exit_code());
        }
    };
    // The server writes to sockets, where a closed peer must be an error, never the end.
    if !matches!(cli.command, Some(Command::Serve(_))) {
        quiet_on_closed_output();
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "error ({}, code {}): {}",
                e.kind().name(),
                e.code(),
                printable(e.message(), &[])
            );
            ExitCode::from(2)
        }
    }
}
