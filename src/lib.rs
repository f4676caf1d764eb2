//! Bourré league server: a pure rules engine (`engine`) under a stateless HTTP service.
//! Layers: `api` -> `app` -> (`store`, `engine`).

pub mod api;
pub mod app;
pub mod cli;
pub mod embedded_pg;
pub mod engine;
pub mod obs;
pub mod store;
