//! Bourré league server: a pure rules engine (`engine`, the crate `bourre-engine`) under a
//! stateless HTTP service. Layers: `api` -> `app` -> (`store`, `engine`); `cli` and `tools`
//! beside them.

pub use bourre_app as app;
pub use bourre_engine as engine;

pub mod api;
pub mod cli;
pub mod tools;
