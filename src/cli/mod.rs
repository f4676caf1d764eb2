//! Command-line front ends that are not the server.

pub mod simulate;
