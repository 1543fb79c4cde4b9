//! The rule that lets two releases run on one database during a rolling deploy
//! (docs/operations.md, Upgrades): a release's migrations only add (new tables, new
//! columns that are nullable or have a default, new indexes); what the previous release still
//! reads or writes is removed or changed only by a later release, once no instance of the
//! previous one runs. So every `up.sql` is checked here: no DROP (but of a plain index a
//! migration created: it changes only speed), no RENAME, no column type
//! change, no NOT NULL imposed on an existing column, and a new NOT NULL column has a DEFAULT.
//! `./dev upgrade-check` runs the previous release's binary against the new schema.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Migrations that predate the rule, and what they do that it forbids. Never add to this list:
/// write the removal as a later release's migration instead.
const BEFORE_THE_RULE: &[(&str, &str)] =
    &[("2026-11-22-000004_rate_events", "drops pending_signups.sends and .window_started_at")];

fn migration_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    let mut dirs = Vec::new();
    for backend in ["postgres", "sqlite"] {
        for entry in std::fs::read_dir(root.join(backend)).expect("the migrations folder") {
            let path = entry.unwrap().path();
            if path.join("up.sql").is_file() {
                dirs.push(path);
            }
        }
    }
    dirs.sort();
    dirs
}

/// The statements of a script, upper-cased, without comments, whitespace collapsed.
fn statements(sql: &str) -> Vec<String> {
    let code: String = sql.lines().map(|l| l.split("--").next().unwrap_or("")).collect::<Vec<_>>().join(" ");
    code.split(';')
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" ").to_uppercase())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Why a statement breaks the rule, if it does.
fn breaks_the_rule(statement: &str, plain_indexes: &BTreeSet<String>) -> Option<&'static str> {
    let words: Vec<&str> = statement.split(' ').collect();
    let has = |w: &str| words.contains(&w);
    if let Some(index) = statement.strip_prefix("DROP INDEX ") {
        // A plain index only changes how fast a statement runs; a unique one is what the
        // previous release's ON CONFLICT and its guarantees rest on.
        let index = index.trim_start_matches("IF EXISTS ").trim();
        if !plain_indexes.contains(index) {
            return Some("drops an index that is unique or that no migration created as a plain index");
        }
    } else if has("DROP") {
        return Some("drops something the previous release may use");
    }
    if has("RENAME") {
        return Some("renames something the previous release uses by its old name");
    }
    if statement.starts_with("ALTER TABLE") {
        if statement.contains(" TYPE ") {
            return Some("changes a column's type");
        }
        if statement.contains("SET NOT NULL") {
            return Some("makes an existing column NOT NULL: the previous release may insert without it");
        }
        if statement.contains("ADD COLUMN") && statement.contains("NOT NULL") && !has("DEFAULT") {
            return Some("adds a NOT NULL column without a DEFAULT: the previous release's inserts fail");
        }
    }
    None
}

/// The indexes the migrations create with a plain (not unique) `CREATE INDEX`, upper-cased.
fn plain_indexes(dirs: &[PathBuf]) -> BTreeSet<String> {
    dirs.iter()
        .flat_map(|dir| statements(&std::fs::read_to_string(dir.join("up.sql")).unwrap()))
        .filter_map(|s| Some(s.strip_prefix("CREATE INDEX ")?.split(' ').next()?.to_string()))
        .filter(|name| name != "IF")
        .collect()
}

fn violations(dir: &Path, plain_indexes: &BTreeSet<String>) -> Vec<String> {
    let sql = std::fs::read_to_string(dir.join("up.sql")).unwrap();
    statements(&sql)
        .iter()
        .filter_map(|s| breaks_the_rule(s, plain_indexes).map(|why| format!("{}: {why}: {s}", dir.display())))
        .collect()
}

#[test]
fn every_migration_only_adds() {
    let dirs = migration_dirs();
    assert!(dirs.len() >= 20, "both backends' migrations found: {dirs:?}");
    let plain = plain_indexes(&dirs);
    let mut broken = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy();
        let allowed = BEFORE_THE_RULE.iter().any(|(n, _)| *n == name);
        let found = violations(dir, &plain);
        match (allowed, found.is_empty()) {
            (false, false) => broken.extend(found),
            (true, true) => {
                broken.push(format!("{name} is allowed but breaks no rule: take it off the list"))
            }
            _ => {}
        }
    }
    assert!(
        broken.is_empty(),
        "migrations that are not additive (see docs/operations.md, Upgrades):\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_check_catches_what_it_should() {
    let refused = [
        "ALTER TABLE users DROP COLUMN email",
        "DROP TABLE streaks",
        "DROP INDEX submissions_by_ip",
        "DROP INDEX submissions_game_id_user_key_key",
        "ALTER TABLE users RENAME COLUMN username TO name",
        "ALTER TABLE users RENAME TO accounts",
        "ALTER TABLE games ALTER COLUMN prompt TYPE VARCHAR(80)",
        "ALTER TABLE games ALTER COLUMN submitter SET NOT NULL",
        "ALTER TABLE users ADD COLUMN locale TEXT NOT NULL",
    ];
    let plain = BTreeSet::from(["SUBMISSIONS_DAILY_PLAY".to_string()]);
    for sql in refused {
        assert!(breaks_the_rule(&statements(sql)[0], &plain).is_some(), "{sql}");
    }
    let allowed = [
        "CREATE TABLE results_summary (id BIGINT PRIMARY KEY, score INTEGER NOT NULL)",
        "ALTER TABLE users ADD COLUMN locale TEXT NOT NULL DEFAULT 'en'",
        "ALTER TABLE users ADD COLUMN nickname TEXT",
        "CREATE INDEX submissions_by_day ON submissions (created_at)",
        "-- we used to DROP this; now we keep it\nCREATE TABLE kept (id INTEGER)",
        "DROP INDEX submissions_daily_play",
        "DROP INDEX IF EXISTS submissions_daily_play",
    ];
    for sql in allowed {
        assert!(breaks_the_rule(&statements(sql)[0], &plain).is_none(), "{sql}");
    }
}
