//! `bourre simulate`: bots play hands at one table; prints a summary.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use serde::Serialize;

use crate::engine::rules::TableRules;
use crate::engine::sim::{SimConfig, SimTable};

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Hands to play.
    #[arg(long, default_value_t = 10_000)]
    pub hands: u64,
    /// Players at the table (2..=8).
    #[arg(long, default_value_t = 7)]
    pub players: u8,
    /// Seed of every deck.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Table rules as JSON, e.g. '{"ante": 1, "split_pot": "share"}'.
    #[arg(long)]
    pub rules: Option<String>,
    /// Chips each player starts with (and is topped up to when broke).
    #[arg(long, default_value_t = 1_000)]
    pub starting_balance: i64,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct Summary {
    hands: u64,
    players: u8,
    seed: u64,
    seconds: f64,
    hands_per_sec: f64,
    won_outright_share: f64,
    split_share: f64,
    uncontested_share: f64,
    all_passed_share: f64,
    bourres_per_hand: f64,
    average_pot: f64,
    actions: u64,
    rebuys: i64,
    chips_conserved: bool,
    bots_legal: bool,
}

pub fn run(args: &SimulateArgs) -> Result<(), String> {
    let rules = match &args.rules {
        Some(text) => {
            serde_json::from_str::<TableRules>(text).map_err(|e| format!("--rules: {e}"))?
        }
        None => TableRules::with_ante(1),
    };
    rules.validate().map_err(|e| format!("--rules: {e}"))?;
    if !(2..=rules.max_players).contains(&args.players) {
        return Err(format!(
            "--players must be from 2 to max_players ({})",
            rules.max_players
        ));
    }
    if args.starting_balance < rules.ante {
        return Err("--starting-balance must cover the ante".into());
    }
    let mut table = SimTable::new(SimConfig {
        hands: args.hands,
        players: args.players,
        seed: args.seed,
        rules,
        starting_balance: args.starting_balance,
    });
    let progress = std::io::stderr().is_terminal();
    let step = (args.hands / 100).max(1);
    let started = Instant::now();
    for done in 0..args.hands {
        table.play_one()?;
        if progress && done % step == 0 {
            draw_progress(done, args.hands);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    if progress {
        draw_progress(args.hands, args.hands);
        eprintln!();
    }
    let t = &table.totals;
    let per_hand = |x: u64| {
        if t.hands == 0 {
            0.0
        } else {
            x as f64 / t.hands as f64
        }
    };
    let summary = Summary {
        hands: t.hands,
        players: args.players,
        seed: args.seed,
        seconds,
        hands_per_sec: if seconds > 0.0 {
            t.hands as f64 / seconds
        } else {
            0.0
        },
        won_outright_share: per_hand(t.won_outright),
        split_share: per_hand(t.split),
        uncontested_share: per_hand(t.uncontested),
        all_passed_share: per_hand(t.all_passed),
        bourres_per_hand: per_hand(t.bourres),
        average_pot: if t.hands == 0 {
            0.0
        } else {
            t.pot_total as f64 / t.hands as f64
        },
        actions: t.actions,
        rebuys: t.rebuys,
        chips_conserved: t.chips_conserved,
        bots_legal: t.bots_legal,
    };
    if args.json {
        let text = serde_json::to_string(&summary).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
        print_summary(&summary);
    }
    if summary.chips_conserved {
        Ok(())
    } else {
        Err("chips were not conserved".into())
    }
}

fn draw_progress(done: u64, total: u64) {
    let width = 40;
    let filled = (done * width / total.max(1)) as usize;
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total} hands",
        "#".repeat(filled),
        "-".repeat(width as usize - filled)
    );
    let _ = err.flush();
}

fn print_summary(s: &Summary) {
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    println!("hands              {}", s.hands);
    println!("players            {}", s.players);
    println!("seconds            {:.3}", s.seconds);
    println!("hands per second   {:.0}", s.hands_per_sec);
    println!("won outright       {}", pct(s.won_outright_share));
    println!("split              {}", pct(s.split_share));
    println!("uncontested        {}", pct(s.uncontested_share));
    println!("all passed         {}", pct(s.all_passed_share));
    println!("bourrés per hand   {:.3}", s.bourres_per_hand);
    println!("average pot        {:.2}", s.average_pot);
    println!("rebuys (chips)     {}", s.rebuys);
    println!("chips conserved    {}", s.chips_conserved);
    println!("bots always legal  {}", s.bots_legal);
}
