use std::process::ExitCode;

use clap::Parser;
use lavalist::cli::commands;
use lavalist::platform::config::{AdminCommand, Cli, Command, GamesCommand, JobsCommand};
use lavalist::platform::logging;

fn main() -> ExitCode {
    let cli = Cli::parse();
    logging::init(cli.config.log_json);
    let config = cli.config;
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => actix_web::rt::System::new().block_on(lavalist::serve(config)),
        Command::Migrate => commands::migrate(&config),
        Command::Seed => commands::seed(&config),
        Command::Backup { path } => commands::backup(&config, &path),
        Command::Games { action: GamesCommand::Export { file } } => commands::export(&config, &file),
        Command::Games { action: GamesCommand::Import { file } } => commands::import(&config, &file),
        Command::Admin { action: AdminCommand::Grant { email } } => {
            commands::set_admin(&config, &email, true)
        }
        Command::Admin { action: AdminCommand::Revoke { email } } => {
            commands::set_admin(&config, &email, false)
        }
        Command::Jobs { action: JobsCommand::List { dead, limit } } => {
            lavalist::cli::jobs::list(&config, dead, limit)
        }
        Command::Jobs { action: JobsCommand::Retry { id } } => lavalist::cli::jobs::retry(&config, id),
        Command::BenchFill { date, count } => commands::bench_fill(&config, &date, count),
        Command::BenchBoards { members, days } => lavalist::cli::bench::boards(&config, members, days),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let detail = match &err {
                lavalist::platform::error::AppError::Internal(detail) => detail.clone(),
                other => other.to_string(),
            };
            eprintln!("lavalist: {detail}");
            ExitCode::FAILURE
        }
    }
}
