//! What players say and hide (chat, blocks, reports); it reads tables, never writes them.

pub mod blocks;
pub mod chat;
pub mod reports;

room_cases!();
