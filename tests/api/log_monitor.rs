//! `bourre log monitor` against a live server.
