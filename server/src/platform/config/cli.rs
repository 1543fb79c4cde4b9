//! The sub-commands of the command line; each reads the one `Config`.

use std::path::PathBuf;

use clap::Subcommand;

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Run migrations, then serve the API and the front end (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Load the bundled daily and community games (idempotent: only fills what is missing).
    Seed,
    /// Export or import the whole game catalogue as JSON.
    Games {
        #[command(subcommand)]
        action: GamesCommand,
    },
    /// Copy the live SQLite database to PATH (a new file), consistently, while it serves.
    /// PostgreSQL: use pg_dump.
    Backup { path: PathBuf },
    /// Give or take the admin role.
    Admin {
        #[command(subcommand)]
        action: AdminCommand,
    },
    /// The background jobs: list them (the dead ones with `--dead`) or put a dead one back in the
    /// queue.
    Jobs {
        #[command(subcommand)]
        action: JobsCommand,
    },
    /// Benchmark helpers (used by `just bench-server`).
    #[command(hide = true)]
    BenchFill {
        /// The daily date whose game receives the synthetic submissions.
        #[arg(long)]
        date: String,
        #[arg(long)]
        count: u64,
    },
    /// Benchmark helper (`server/bench/boards.sh`): a group of MEMBERS players with DAYS days
    /// of daily play ending today, each with a long action log; prints the group id and two
    /// members' tokens (one played today, one did not).
    #[command(hide = true)]
    BenchBoards {
        #[arg(long, default_value_t = 200)]
        members: u32,
        #[arg(long, default_value_t = 365)]
        days: u32,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum GamesCommand {
    /// Write every game (with its users) to FILE.
    Export { file: PathBuf },
    /// Add or update the games in FILE, all or nothing.
    Import { file: PathBuf },
}

#[derive(Debug, Clone, Subcommand)]
pub enum AdminCommand {
    /// Make the account with this e-mail an admin.
    Grant { email: String },
    /// Make the account with this e-mail a regular user again.
    Revoke { email: String },
}

#[derive(Debug, Clone, Subcommand)]
pub enum JobsCommand {
    /// The newest jobs (id, kind, state, attempts, next run, last error), one a line.
    List {
        /// Only the dead ones (failed every attempt; kept until retried).
        #[arg(long)]
        dead: bool,
        /// How many at most.
        #[arg(long, default_value_t = 100)]
        limit: i64,
    },
    /// Queue the dead job ID again, with a fresh count of attempts.
    Retry { id: i64 },
}
