//! What players say to and about each other: a league's chat, blocks and reports.

pub mod blocks;
pub mod chat;
pub mod reports;
