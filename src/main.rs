use std::process::ExitCode;

use clap::{Parser, Subcommand};

use bourre::cli::serve::{self, ServeArgs};
use bourre::cli::simulate::{self, SimulateArgs};
use bourre::tools::database::DatabaseArgs;
use bourre::tools::loadtest::league::{self, LeaguebenchArgs};
use bourre::tools::loadtest::streams::{self, StreambenchArgs};
use bourre::tools::loadtest::{self, LoadtestArgs};

/// Bourré league server.
#[derive(Debug, Parser)]
#[command(name = "bourre", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Which log lines are written on stderr (JSON, one object per line): a filter, as
    /// `info`, `warn`, `bourre=debug,actix=warn` or `off`. By default actix-http's
    /// dispatcher is quiet: it calls each malformed request an error, which the server
    /// answers with a 400 and logs as a warning itself.
    #[arg(long, global = true, env = "BOURRE_LOG",
          default_value = "info,actix_http::h1::dispatcher=off",
          value_parser = bourre::app::kernel::obs::filter)]
    log: String,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the HTTP API (a private PostgreSQL cluster when DATABASE_URL is unset). Every
    /// setting is an option here and an environment variable.
    Serve(Box<ServeArgs>),
    /// Apply pending database migrations.
    Migrate(DatabaseArgs),
    /// Print the OpenAPI document (checked in as openapi/openapi.json).
    Openapi,
    /// Print the page of every error code (checked in as docs/errors.md).
    Errors,
    /// Recompute balances, table summaries and seats from the event log and the ledger.
    Rebuild {
        /// Only compare; fail when a stored row differs.
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Verify an exported hand record (GET /v1/tables/{id}/hands/{n}) offline.
    Audit {
        /// The record's JSON file.
        file: std::path::PathBuf,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// The public log's verifier key: the record's proof is checked against it.
        #[arg(long, env = "BOURRE_LOG_KEY")]
        log_key: Option<String>,
    },
    /// Hand histories in the BHH format: check an export, print the format's schema.
    Hh {
        #[command(subcommand)]
        command: bourre::cli::hh::HhCommand,
    },
    /// The public log of hands: a signing key, and the monitor.
    Log {
        #[command(subcommand)]
        command: bourre::cli::log::LogCommand,
    },
    /// Bots play hands at one table; prints hands per second, outcomes and chip conservation.
    Simulate(SimulateArgs),
    /// Load benchmark: bots play over HTTP against an in-process server; reports actions
    /// per second, latency per endpoint, and the database's own commit ceiling.
    Loadtest(LoadtestArgs),
    /// League benchmark: bots fill one league over HTTP against an in-process server; at
    /// each count of finished hands, times the league's reads (standings, ledger, hands...).
    Leaguebench(LeaguebenchArgs),
    /// Stream benchmark: opens idle SSE streams on one table of a `bourre serve` process of
    /// its own; reports its memory per stream, its CPU while they idle, and how fast a
    /// write reaches every one of them.
    Streambench(StreambenchArgs),
}

/// The server allocates and frees small buffers on every request, from several threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = bourre::app::kernel::obs::init(&cli.log) {
        eprintln!("bourre: {e}");
        return ExitCode::FAILURE;
    }
    let result = match cli.command {
        Command::Serve(args) => serve::serve(&args),
        Command::Migrate(args) => serve::migrate(&args),
        Command::Openapi => bourre::api::openapi()
            .to_pretty_json()
            .map(|text| println!("{text}"))
            .map_err(|e| e.to_string()),
        Command::Errors => {
            print!("{}", bourre::app::errors_page());
            Ok(())
        }
        Command::Simulate(args) => simulate::run(&args),
        Command::Loadtest(args) => loadtest::run(&args),
        Command::Leaguebench(args) => league::run(&args),
        Command::Streambench(args) => streams::run(&args),
        Command::Rebuild { check, database } => bourre::cli::rebuild::run(&database, check),
        Command::Audit {
            file,
            json,
            log_key,
        } => bourre::cli::audit::run(&file, json, log_key.as_deref()),
        Command::Hh { command } => bourre::cli::hh::run(&command),
        Command::Log { command } => bourre::cli::log::run(&command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bourre: {message}");
            ExitCode::FAILURE
        }
    }
}
