//! `bourre audit FILE`: verifies an exported hand record offline, with no database; with
//! the log's verifier key, also its place in the public log.

use crate::app::log::note::VerifierKey;
use crate::app::table::audit::{HandRecord, audit};

/// Audits the record in `path` (the JSON of `GET /v1/tables/{id}/hands/{n}`); prints each
/// verdict, and fails unless every check passes. With `log_key`, the record must carry its
/// proof of inclusion in the public log, and it is checked.
pub fn run(path: &std::path::Path, json: bool, log_key: Option<&str>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let record: HandRecord = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a hand record: {e}", path.display()))?;
    let key = log_key
        .map(VerifierKey::parse)
        .transpose()
        .map_err(|e| format!("--log-key: {e}"))?;
    if key.is_some() && record.proof.is_none() {
        return Err(format!(
            "{}: the record carries no proof of its place in the public log (it is added \
             within seconds of the hand's end: fetch the record again)",
            path.display()
        ));
    }
    let report = audit(&record, None, key.as_ref());
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        println!("table {} hand {}", report.table_id, report.hand_no);
        for v in &report.verdicts {
            let mark = if v.ok { "ok  " } else { "FAIL" };
            match v.first_bad_seq {
                Some(seq) => println!("{mark} {:<11} {} (first bad seq {seq})", v.check, v.detail),
                None => println!("{mark} {:<11} {}", v.check, v.detail),
            }
        }
        println!(
            "verified: {}; fair: {}{}",
            report.verified,
            report.fair,
            if record.fixed_deck {
                " (fixed deck)"
            } else {
                ""
            }
        );
    }
    if key.is_none() && record.proof.is_some() && !json {
        println!("the record's place in the public log was not checked: give --log-key");
    }
    if report.verified {
        Ok(())
    } else {
        Err("the hand does not verify".into())
    }
}
