//! Every setting the server reads, in one place (flags and environment).

use std::path::PathBuf;

use clap::Parser;

#[derive(Debug, Clone, Parser)]
#[command(name = "lavalist", about = "Lavalist: the daily list-guessing game server")]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "LAVALIST_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// The built front end (Vite's `dist`).
    #[arg(long, env = "LAVALIST_STATIC_DIR", default_value = "frontend/dist")]
    pub static_dir: PathBuf,
}
