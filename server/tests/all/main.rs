//! The server's integration tests that go through the app, one binary with one module per
//! feature (each case on a fresh SQLite file and a fresh PostgreSQL database, see `common`), and
//! the static checks of the tree (module layers, schema, settings table, migrations).
#[macro_use]
mod common;
mod recount;

mod account_settings_api;
mod accounts_api;
mod admin_api;
mod autofill_api;
mod boards_api;
mod catalogue;
mod challenges_api;
mod channels_api;
mod clock_api;
mod community_api;
mod community_lists_api;
mod community_ratings_api;
mod creator_stats_api;
mod daily_play_api;
mod disputes_api;
mod editions_api;
mod errors_api;
mod future_dailies_api;
mod games_api;
mod groups_api;
mod history_api;
mod hostile_requests;
mod jobs;
mod limits_api;
mod locale_api;
mod locales;
mod migrations_additive;
mod moderation_api;
mod module_cycles;
mod operations;
mod preview_cards;
mod previews_api;
mod real_names_api;
mod rejected_spellings_api;
mod reminders_api;
mod reports_api;
mod schema;
mod scripts_api;
mod security_api;
mod sessions_api;
mod settings_docs;
mod smtp;
mod stats_api;
mod submission_batches;
mod submissions_api;
