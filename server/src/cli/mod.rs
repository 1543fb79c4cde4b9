//! The command-line tools besides `serve` (which is the web layer's): one-shot commands run by
//! `main.rs`, the benchmarks' data sets, and the settings table of the docs. They sit on top,
//! beside the web layer: nothing else names them.

pub mod bench;
pub mod commands;
pub mod jobs;
pub mod settings_docs;
