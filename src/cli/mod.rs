//! Command-line front ends: the server, migrations, simulation.

pub mod audit;
pub mod hh;
pub mod log;
pub mod rebuild;
pub mod serve;
pub mod simulate;
