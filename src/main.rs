use std::process::ExitCode;

use clap::{Parser, Subcommand};

use bourre::cli::simulate::{self, SimulateArgs};

/// Bourré league server.
#[derive(Debug, Parser)]
#[command(name = "bourre", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Bots play hands at one table; prints hands per second, outcomes and chip conservation.
    Simulate(SimulateArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Simulate(args) => simulate::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bourre: {message}");
            ExitCode::FAILURE
        }
    }
}
