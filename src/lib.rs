//! Bourré league server: a pure rules engine (`engine`) under a stateless HTTP service.
//! Layers: `api` -> `app` -> (`store`, `engine`); `cli` and `tools` beside them.

pub mod api;
pub mod app;
pub mod cli;
pub mod engine;
pub mod metrics;
pub mod obs;
pub mod store;
pub mod tools;
