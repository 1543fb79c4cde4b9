//! The dice: a random approved community game the player has not finished, weighted towards
//! well-rated ones; a random archive day when none is left.
//!
//! Never a scan: a random pivot id, then the next [`WINDOW`] candidates by primary key (wrapping
//! round), minus the ones the player finished (one indexed read), picked with weight
//! `top^4` (a 4.5-star game comes up five times as often as a 3-star one). A few pivots are tried
//! before falling back.

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::format_date;
use game_core::GameKind;
use lavalist_api::community::RandomGame;
use rand::Rng;

use crate::domains::games::interface::ReviewStatus;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{games, submissions};

/// Candidates read per pivot.
const WINDOW: i64 = 50;
/// Pivots tried before the archive.
const TRIES: usize = 4;

type Candidate = (i64, String, f64);

fn playable<'a>(today: NaiveDate) -> games::BoxedQuery<'a, crate::platform::db::MultiBackend> {
    games::table
        .into_boxed()
        .filter(games::kind.eq(GameKind::Community.as_str()))
        .filter(games::status.eq(ReviewStatus::Approved.as_str()))
        .filter(games::public.eq(true))
        .filter(games::edition_date.is_null().or(games::edition_date.le(format_date(today))))
}

/// Where the dice leads this player (`player_key`: the key their results are stored under).
pub fn roll(conn: &mut DbConn, player_key: Option<&str>, today: NaiveDate) -> Result<RandomGame, AppError> {
    let bounds: (Option<i64>, Option<i64>) =
        playable(today).select((diesel::dsl::min(games::id), diesel::dsl::max(games::id))).first(conn)?;
    if let (Some(low), Some(high)) = bounds {
        let mut rng = rand::rng();
        for _ in 0..TRIES {
            let pivot = rng.random_range(low..=high);
            let mut candidates: Vec<Candidate> = playable(today)
                .filter(games::id.ge(pivot))
                .order(games::id.asc())
                .limit(WINDOW)
                .select((games::id, games::uid, games::top))
                .load(conn)?;
            let missing = WINDOW - candidates.len() as i64;
            if missing > 0 {
                candidates.extend(
                    playable(today)
                        .filter(games::id.lt(pivot))
                        .order(games::id.asc())
                        .limit(missing)
                        .select((games::id, games::uid, games::top))
                        .load::<Candidate>(conn)?,
                );
            }
            if let Some(key) = player_key {
                let ids: Vec<i64> = candidates.iter().map(|c| c.0).collect();
                let done: Vec<i64> = submissions::table
                    .filter(submissions::user_key.eq(key))
                    .filter(submissions::game_id.eq_any(ids))
                    .select(submissions::game_id)
                    .load(conn)?;
                candidates.retain(|c| !done.contains(&c.0));
            }
            if let Some(uid) = pick(&candidates, rng.random::<f64>()) {
                return Ok(RandomGame { uid: Some(uid), date: None });
            }
        }
    }
    archive_day(conn, today)
}

/// The weighted choice for a uniform `draw` in [0, 1).
fn pick(candidates: &[Candidate], draw: f64) -> Option<String> {
    let weight = |top: f64| top.clamp(1.0, 5.0).powi(4);
    let total: f64 = candidates.iter().map(|c| weight(c.2)).sum();
    let mut left = draw * total;
    for (_, uid, top) in candidates {
        left -= weight(*top);
        if left < 0.0 {
            return Some(uid.clone());
        }
    }
    candidates.last().map(|c| c.1.clone())
}

/// A random day before today that has a game; nothing when there is none.
fn archive_day(conn: &mut DbConn, today: NaiveDate) -> Result<RandomGame, AppError> {
    // An English archive day: `/archive/{date}` opens the English edition unless told otherwise.
    let past = || {
        games::table
            .filter(games::language.eq(crate::domains::games::interface::editions::ENGLISH.tag()))
            .filter(games::edition_date.lt(format_date(today)))
    };
    let days: i64 = past().count().get_result(conn)?;
    if days == 0 {
        return Ok(RandomGame { uid: None, date: None });
    }
    let offset = rand::rng().random_range(0..days);
    let date: Option<String> =
        past().order(games::edition_date.asc()).offset(offset).select(games::edition_date).first(conn)?;
    Ok(RandomGame { uid: None, date })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn well_rated_games_come_up_more_often() {
        let candidates = vec![(1, "meh".to_string(), 3.0), (2, "great".to_string(), 4.5)];
        let great = (0..1000)
            .filter(|i| pick(&candidates, f64::from(*i) / 1000.0).as_deref() == Some("great"))
            .count();
        // 4.5^4 / (3^4 + 4.5^4) = 0.835
        assert!((820..=850).contains(&great), "{great}");
        assert_eq!(pick(&[], 0.5), None);
    }
}
