//! Bourré league server: a pure rules engine (`engine`, the crate `bourre-engine`) under a
//! stateless HTTP service. Layers, each a crate: `api` (here) -> `app` (`bourre-app`, the
//! use cases) -> `bourre-store` and `engine`; `cli` and `tools` beside `api`. This crate
//! does not depend on the store: it reaches it through the use cases.

pub use bourre_app as app;
pub use bourre_engine as engine;

pub mod api;
pub mod cli;
pub mod tools;
