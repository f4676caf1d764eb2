//! The commands at a table, one file each: [`create`], [`seats`] (sit, stand), [`deal`],
//! [`act`] (moves, and the sweeper's timeouts), [`client_seed`], [`close`], [`assigned`]
//! (tables whose seats a tournament gives); and [`turns`],
//! the tables where the caller is to act. Each is a pure decision on a table's state (see
//! [`crate::table`]) handed to the door ([`crate::table::pipeline::App::decide`]).

pub mod act;
pub mod assigned;
pub mod client_seed;
pub mod close;
pub mod create;
pub mod deal;
pub mod seats;
pub mod turns;
