//! The Lavalist HTTP contract, in one place: every request and response body of `/api`, the
//! error body with its machine-readable codes, and the query parameters.
//!
//! The server serialises exactly these types, its OpenAPI document is derived from them (feature
//! `openapi`), and the front end's TypeScript (`frontend/src/api/generated/index.ts`) is
//! generated from them by [`typescript`], so the three cannot drift apart. Game-rule types that
//! travel on the wire (an item, an action of the replay log, a form's field error) are
//! game-core's own, re-exported here.

pub mod accounts;
pub mod admin;
pub mod autofill;
pub mod challenges;
pub mod channels;
pub mod community;
pub mod disputes;
pub mod error;
pub mod games;
pub mod groups;
pub mod history;
pub mod insights;
pub mod items;
pub mod reminders;
pub mod reports;
pub mod stats;
pub mod submissions;
mod typescript;

pub use error::{ErrorBody, ErrorCode};

/// The header that carries a browser's userKey (a bearer secret: it may claim that browser's
/// results) to the routes that read its results; never a query parameter, which proxies log.
pub const USER_KEY_HEADER: &str = "x-user-key";
pub use game_core::forms::{FieldError, FormErrorCode, FormItem, GameForm};
pub use game_core::{Action, Category, GameKind, Item};
pub use typescript::typescript;
