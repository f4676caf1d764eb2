//! Tools beside the service, outside its layers: where a command finds its database
//! ([`database`]), the private PostgreSQL cluster of the embedded default ([`embedded_pg`]),
//! and the load generator ([`loadtest`]). Nothing in `engine`, `store`, `app` or `api`
//! imports them.

pub mod database;
pub mod embedded_pg;
pub mod loadtest;
