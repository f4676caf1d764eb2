//! Bourré league server: a pure rules engine (`engine`) under a stateless HTTP service.

pub mod cli;
pub mod embedded_pg;
pub mod engine;
