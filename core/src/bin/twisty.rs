//! The `twisty` command line: a thin shell over the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use twisty::sq1::{Colouring, MoveSeq, Notation, Shape, ShapeCount, State, Tables};

/// Built-in Square-1 scramble used by `twisty demo`.
const DEMO_SCRAMBLE: &str = "(4,-1)/ (6,0)/ (6,6)/ (-3,-3)/ (-3,-3)/ (6,0)/ (2,6)/ (0,-3)/ (6,-3)/ (-5,6)/ (0,3)/ (0,3)/";
const DEMO_SEED: u64 = 2026;

#[derive(Parser)]
#[command(name = "twisty", version, about = "Twisty-puzzle engine: Square-1 state, notation and shapes")]
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
    Sq1(Sq1Command),
}

#[derive(Clone, Copy, ValueEnum)]
enum NotationArg {
    Wca,
    Article,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Wca => Notation::Wca,
            NotationArg::Article => Notation::Article,
        }
    }
}

#[derive(Subcommand)]
enum Sq1Command {
    /// Apply moves to a state (the solved puzzle by default) and describe the result.
    Apply {
        moves: String,
        /// Start from this state (canonical text) instead of the solved puzzle.
        #[arg(long)]
        state: Option<String>,
        #[arg(long, value_enum, default_value = "wca")]
        notation: NotationArg,
        /// Start from the solved Silver edition.
        #[arg(long)]
        silver: bool,
    },
    /// Print the inverse of a move sequence.
    Inverse {
        moves: String,
        #[arg(long, value_enum, default_value = "wca")]
        notation: NotationArg,
    },
    /// Rewrite a move sequence in another notation.
    Convert {
        moves: String,
        #[arg(long, value_enum)]
        from: NotationArg,
        #[arg(long, value_enum)]
        to: NotationArg,
    },
    /// Describe a state given in canonical text.
    Info { state: String },
    /// Print a uniformly random twistable state.
    Random {
        #[arg(long, default_value_t = DEMO_SEED)]
        seed: u64,
        #[arg(long)]
        silver: bool,
    },
    /// Print the shape counts, and with --list every shape name.
    Shapes {
        #[arg(long)]
        list: bool,
    },
}

fn describe(state: &State, tables: &Tables) {
    let shape = state.shape();
    println!("state:      {state}");
    println!("shape:      {} (#{} of 170)", shape.name(), shape.index());
    println!("twistable:  {}", state.is_twistable());
    println!("solved:     {} (ignoring middle: {})", state.is_solved(), state.is_solved_ignoring_middle());
    println!("to cube:    {} twists", tables.twists_to_cube_shape(state));
}

fn colouring(silver: bool) -> Colouring {
    if silver { Colouring::Silver } else { Colouring::SixColour }
}

fn run(cli: Cli) -> twisty::Result<()> {
    let tables = Tables::new();
    match cli.command.unwrap_or(Command::Demo) {
        Command::Demo => {
            println!("scramble:   {DEMO_SCRAMBLE}");
            let s = State::solved(Colouring::SixColour).apply(&MoveSeq::parse(DEMO_SCRAMBLE, Notation::Wca)?)?;
            describe(&s, &tables);
            let r = tables.random_state(DEMO_SEED, Colouring::SixColour);
            println!("random state (seed {DEMO_SEED}):");
            describe(&r, &tables);
        }
        Command::Sq1(cmd) => match cmd {
            Sq1Command::Apply { moves, state, notation, silver } => {
                let start = match state {
                    Some(text) => State::parse(&text)?,
                    None => State::solved(colouring(silver)),
                };
                let s = start.apply(&MoveSeq::parse(&moves, notation.into())?)?;
                describe(&s, &tables);
            }
            Sq1Command::Inverse { moves, notation } => {
                let n = notation.into();
                println!("{}", MoveSeq::parse(&moves, n)?.inverse().format(n)?);
            }
            Sq1Command::Convert { moves, from, to } => {
                println!("{}", MoveSeq::parse(&moves, from.into())?.format(to.into())?);
            }
            Sq1Command::Info { state } => describe(&State::parse(&state)?, &tables),
            Sq1Command::Random { seed, silver } => println!("{}", tables.random_state(seed, colouring(silver))),
            Sq1Command::Shapes { list } => {
                println!("layer shapes:                         {}", tables.count(ShapeCount::LayerShapes));
                println!("twistable positions (rotations apart): {}", tables.count(ShapeCount::TwistablePositions));
                println!("cube shapes up to layer rotation:     {}", tables.count(ShapeCount::UpToLayerRotation));
                println!("  ... and up to flip:                 {}", tables.count(ShapeCount::UpToRotationAndFlip));
                if list {
                    for s in Shape::all() {
                        println!("{:3} {:<24} flip class {:2}", s.index(), s.name(), s.flip_class());
                    }
                }
            }
        },
    }
    Ok(())
}

fn main() -> ExitCode {
    env_logger::init();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error ({}, code {}): {e}", e.kind().name(), e.code());
            ExitCode::from(2)
        }
    }
}
