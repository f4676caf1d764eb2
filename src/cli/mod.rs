//! Command-line front ends: the server, migrations, simulation.

pub mod serve;
pub mod simulate;
