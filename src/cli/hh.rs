//! `bourre hh`: hand histories in the BHH format (docs/guide/hand-histories.md). `check`
//! reads an export (one hand, or many a line each), validates every hand against the
//! format's JSON Schema and replays it through the rules engine from the export alone;
//! `schema` prints the schema (checked in as docs/formats/bhh.schema.json).

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::app::table::export::format::{BhhFile, json_schema};
use crate::app::table::export::replay::replay;

#[derive(Debug, clap::Subcommand)]
pub enum HhCommand {
    /// Validate and replay every hand of an export (a BHH object, or NDJSON: one a line);
    /// fails naming each hand's first difference.
    Check {
        /// The export's file; `-` reads standard input.
        file: PathBuf,
    },
    /// Print the format's JSON Schema (2020-12).
    Schema,
}

pub fn run(command: &HhCommand) -> Result<(), String> {
    match command {
        HhCommand::Check { file } => check(file),
        HhCommand::Schema => {
            let text = serde_json::to_string_pretty(&json_schema()).map_err(|e| e.to_string())?;
            println!("{text}");
            Ok(())
        }
    }
}

/// A hand's name in messages: its place in the file, and its table and number when known.
fn name(n: usize, value: &Value) -> String {
    let hand = &value["bhh"];
    match (hand["table"]["id"].as_str(), hand["game_number"].as_u64()) {
        (Some(table), Some(number)) => format!("hand {n} (table {table}, hand {number})"),
        _ => format!("hand {n}"),
    }
}

/// What is wrong with one hand, if anything: the schema's first complaints, else the
/// replay's first difference.
fn fault(validator: &jsonschema::Validator, value: Value) -> Option<String> {
    let complaints: Vec<String> = validator
        .iter_errors(&value)
        .take(3)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    if !complaints.is_empty() {
        return Some(format!("not valid BHH: {}", complaints.join("; ")));
    }
    let file: BhhFile = match serde_json::from_value(value) {
        Ok(file) => file,
        Err(e) => return Some(format!("unreadable: {e}")),
    };
    replay(&file.bhh)
        .err()
        .map(|difference| format!("differs from the engine at {difference}"))
}

fn check(path: &Path) -> Result<(), String> {
    let input: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?)
    };
    let validator = jsonschema::draft202012::options()
        .build(&json_schema())
        .map_err(|e| format!("the format's schema does not compile: {e}"))?;
    let hands =
        serde_json::Deserializer::from_reader(std::io::BufReader::new(input)).into_iter::<Value>();
    let (mut count, mut faulty) = (0usize, 0usize);
    for value in hands {
        count += 1;
        let value =
            value.map_err(|e| format!("{}: hand {count} is not JSON: {e}", path.display()))?;
        let hand = name(count, &value);
        if let Some(fault) = fault(&validator, value) {
            faulty += 1;
            println!("FAIL {hand}: {fault}");
        }
    }
    if count == 0 {
        return Err(format!("{}: no hands", path.display()));
    }
    if faulty > 0 {
        return Err(format!("{faulty} of {count} hands do not check"));
    }
    println!(
        "{count} hand{} valid BHH and replayed by the engine to the same draws, tricks, winners and chips",
        if count == 1 { "" } else { "s" }
    );
    Ok(())
}
