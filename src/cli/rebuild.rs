//! `bourre rebuild`: recompute every projection from the event log and the ledger.

use super::serve::database;
use crate::app::ops::database as store;
use crate::app::ops::rebuild::rebuild;
use crate::tools::database::DatabaseArgs;

/// Rebuilds (or with `check` only compares) the projections; fails when `check` finds a
/// difference.
pub fn run(args: &DatabaseArgs, check: bool) -> Result<(), String> {
    let db = database(args)?;
    store::migrate(&db.admin_url).map_err(|e| e.to_string())?;
    let pool = store::pool(&db.url, 2).map_err(|e| e.to_string())?;
    let report = actix_web::rt::System::new()
        .block_on(async move { rebuild(&pool, !check).await })
        .map_err(|e| e.to_string())?;
    for line in &report.differences {
        println!("differs: {line}");
    }
    println!(
        "checked {} balances, {} tables, {} seats, {} standings, {} finished hands: {} difference(s){}",
        report.balances_checked,
        report.tables_checked,
        report.seats_checked,
        report.standings_checked,
        report.finished_hands_checked,
        report.differences.len(),
        if report.applied {
            ", rewritten from the log"
        } else {
            ""
        }
    );
    if check && !report.differences.is_empty() {
        return Err("projections differ from the event log and the ledger".into());
    }
    Ok(())
}
