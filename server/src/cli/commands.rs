//! The command-line subcommands other than `serve`. They are one-shot tools without an
//! `AppState`: they read the configured clock (the system's, unless `--fake-now`).

use std::path::Path;

use chrono::Duration;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use game_core::calendar::today;

use crate::domains::catalogue::seed::{self, bundled_editions, bundled_packs};
use crate::domains::catalogue::transfer::{self, Catalogue};
use crate::domains::games::model::StoredGame;
use crate::domains::games::{queries, require_date};
use crate::platform::config::Config;
use crate::platform::db::{self, write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{game_item_stats, game_score_counts, game_stats, games, submissions};
use game_core::results::{score_bucket, SCORE_BUCKETS};
use lavalist_api::submissions::Answer;

pub(crate) fn open(config: &Config) -> Result<DbConn, AppError> {
    // A one-shot tool (an import, a seed) runs as long as it needs: no statement timeout.
    let url = db::DatabaseUrl { statement_timeout_ms: 0, ..config.database() };
    if url.backend == db::Backend::Sqlite {
        // Creates the folder of the SQLite file.
        db::connect(&url, 1, config.pool_timeout())?;
    }
    let mut conn = db::Manager::new(url)
        .open()
        .map_err(|e| AppError::internal(format!("cannot open the database: {e}")))?;
    db::migrate(&mut conn)?;
    crate::domains::games::search::fill_missing(&mut conn)?;
    Ok(conn)
}

pub fn migrate(config: &Config) -> Result<(), AppError> {
    open(config)?;
    println!("migrations applied");
    Ok(())
}

/// `lavalist backup PATH`: a consistent copy of a live SQLite database (`VACUUM INTO` reads one
/// snapshot while the server keeps writing), never over an existing file.
pub fn backup(config: &Config, path: &Path) -> Result<(), AppError> {
    let url = config.database();
    if url.backend == db::Backend::Postgres {
        return Err(AppError::bad_request(
            "`lavalist backup` copies SQLite databases; for PostgreSQL use pg_dump \
             (`pg_dump --format=custom --file=lavalist.dump \"$DATABASE_URL\"`, restored with pg_restore)",
        ));
    }
    if !Path::new(&url.target).is_file() {
        return Err(AppError::not_found(format!("no SQLite database at {}", url.target)));
    }
    if path.exists() {
        return Err(AppError::bad_request(format!(
            "{} exists; backup never overwrites a file",
            path.display()
        )));
    }
    let target = path.to_str().ok_or_else(|| AppError::bad_request("the backup path must be UTF-8"))?;
    let mut conn = db::Manager::new(url)
        .open()
        .map_err(|e| AppError::internal(format!("cannot open the database: {e}")))?;
    conn.batch_execute(&format!("VACUUM INTO '{}'", target.replace('\'', "''")))
        .map_err(|e| AppError::internal(format!("backup to {} failed: {e}", path.display())))?;
    // A copy of the accounts: as private as the database itself.
    #[cfg(unix)]
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o600))
        .map_err(|e| AppError::internal(format!("cannot restrict {}: {e}", path.display())))?;
    println!("backed up the database to {}", path.display());
    Ok(())
}

/// `lavalist admin grant|revoke EMAIL`.
pub fn set_admin(config: &Config, email: &str, admin: bool) -> Result<(), AppError> {
    let mut conn = open(config)?;
    let email = crate::domains::accounts::normalize_email(email);
    if !crate::domains::accounts::queries::set_admin(&mut conn, &email, admin)? {
        return Err(AppError::not_found(format!("no account has the e-mail {email}")));
    }
    println!("{email} is {}", if admin { "now an admin" } else { "no longer an admin" });
    Ok(())
}

pub fn seed(config: &Config) -> Result<(), AppError> {
    let mut conn = open(config)?;
    let (daily, community) = bundled_packs()?;
    let now = config.clock()?.now();
    let report = seed::seed(&mut conn, &daily, &community, today(now), now.timestamp_millis())?;
    println!(
        "seeded {} daily games, {} community games, {} users",
        report.daily_added, report.community_added, report.users_added
    );
    if !report.empty_days.is_empty() {
        println!("{} days between 60 days ago and a week ahead still have no game", report.empty_days.len());
    }
    let editions = seed::seed_editions(&mut conn, &bundled_editions()?, today(now), now.timestamp_millis())?;
    for edition in editions {
        let tag = edition.edition.tag();
        println!("seeded {} daily games in the {tag} edition", edition.daily_added);
        if !edition.empty_days.is_empty() {
            println!("{} days of the {tag} edition's window still have no game", edition.empty_days.len());
        }
    }
    Ok(())
}

pub fn export(config: &Config, file: &Path) -> Result<(), AppError> {
    let mut conn = open(config)?;
    let catalogue = transfer::export(&mut conn)?;
    let text = serde_json::to_string_pretty(&catalogue).map_err(AppError::internal)?;
    std::fs::write(file, text)
        .map_err(|e| AppError::internal(format!("cannot write {}: {e}", file.display())))?;
    println!(
        "exported {} games and {} users to {}",
        catalogue.games.len(),
        catalogue.users.len(),
        file.display()
    );
    Ok(())
}

pub fn import(config: &Config, file: &Path) -> Result<(), AppError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| AppError::bad_request(format!("cannot read {}: {e}", file.display())))?;
    let catalogue: Catalogue =
        serde_json::from_str(&text).map_err(|e| AppError::bad_request(format!("{}: {e}", file.display())))?;
    let mut conn = open(config)?;
    let report = transfer::import(&mut conn, &catalogue, config.clock()?.now_ms())?;
    println!(
        "imported: {} added, {} updated, {} users added",
        report.added, report.updated, report.users_added
    );
    Ok(())
}

/// Adds `count` synthetic results to a day's game in large transactions, so the stats benchmark
/// can start from a million players quickly. Each chunk's aggregates are added once (updating one
/// row thousands of times in a transaction is quadratic on PostgreSQL).
pub fn bench_fill(config: &Config, date: &str, count: u64) -> Result<(), AppError> {
    let date = require_date(date)?;
    let mut conn = open(config)?;
    let game = queries::find_by_date(&mut conn, crate::domains::games::editions::ENGLISH, date)?
        .ok_or_else(|| AppError::not_found("no game on that date"))?;
    let at = (config.clock()?.now() - Duration::hours(2)).timestamp_millis();
    let mut done = 0;
    while done < count {
        let chunk = (count - done).min(20_000);
        write_transaction(&mut conn, |conn| fill_chunk(conn, &game, done..done + chunk, at))?;
        done += chunk;
    }
    println!("added {count} results to {date}");
    Ok(())
}

fn fill_chunk(
    conn: &mut DbConn,
    game: &StoredGame,
    keys: std::ops::Range<u64>,
    at: i64,
) -> Result<(), AppError> {
    let mut players = 0i64;
    let mut score_sum = 0i64;
    let mut won = 0i64;
    let mut found_sum = 0i64;
    let mut found_counts = vec![0i64; game.items.len()];
    let mut buckets = vec![0i64; SCORE_BUCKETS];
    for n in keys {
        let found = (n % 11) as usize;
        let answers: Vec<Answer> = game
            .items
            .iter()
            .enumerate()
            .map(|(i, it)| Answer { answer_id: it.id, guessed_correctly: i < found })
            .collect();
        let score = (found as u32 * 100).saturating_sub(10 * (n % 6) as u32);
        diesel::insert_into(submissions::table)
            .values((
                submissions::game_id.eq(game.id),
                submissions::user_key.eq(format!("bench-{n}")),
                submissions::score.eq(score as i32),
                submissions::answers.eq(serde_json::to_string(&answers).map_err(AppError::internal)?),
                submissions::ip.eq(format!("bench-{}", n % 65_536)),
                submissions::created_at.eq(at),
            ))
            .execute(conn)?;
        players += 1;
        score_sum += i64::from(score);
        won += i64::from(found == game.items.len());
        found_sum += found as i64;
        found_counts.iter_mut().take(found).for_each(|c| *c += 1);
        buckets[score_bucket(score)] += 1;
    }
    diesel::update(game_stats::table.find(game.id))
        .set((
            game_stats::player_count.eq(game_stats::player_count + players),
            game_stats::score_sum.eq(game_stats::score_sum + score_sum),
            game_stats::won_count.eq(game_stats::won_count + won),
            game_stats::found_sum.eq(game_stats::found_sum + found_sum),
        ))
        .execute(conn)?;
    diesel::update(games::table.find(game.id)).set(games::plays.eq(games::plays + players)).execute(conn)?;
    for (item, found) in game.items.iter().zip(found_counts) {
        diesel::update(game_item_stats::table.find((game.id, i64::from(item.id))))
            .set(game_item_stats::found_count.eq(game_item_stats::found_count + found))
            .execute(conn)?;
    }
    for (bucket, n) in buckets.into_iter().enumerate().filter(|(_, n)| *n > 0) {
        diesel::update(game_score_counts::table.find((game.id, bucket as i32)))
            .set(game_score_counts::players.eq(game_score_counts::players + n))
            .execute(conn)?;
    }
    Ok(())
}
