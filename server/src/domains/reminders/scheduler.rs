//! The reminder scheduler, run by the job runner as the recurring `send_due_reminders` job
//! (`jobs/send_due.rs`: one instance at a time, every `--reminder-interval-ms`; `0` keeps an
//! instance from running it). Each tick claims due reminders from the database in batches
//! ([`queries::claim_due`]: a claim commits the (player, local day) as handled before anything
//! is sent, so no two instances, and no restart, send one twice), then sends them outside any
//! transaction at no more than `--reminder-rate` a second. A reminder whose time passed while
//! every instance was down is still due when one comes back, and is sent if it is still that
//! day in the player's zone. A crash between a claim and its send loses that reminder rather
//! than sending it twice.

use std::time::{Duration, Instant};

use actix_web::rt::time::sleep;

use super::push::{Outcome, Target};
use super::queries::{self, Due};
use super::{message, schedule};
use crate::platform::db;
use crate::platform::error::AppError;
use crate::state::AppState;

/// What one tick did (logged; the tests read it).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tick {
    /// Reminders claimed for sending.
    pub claimed: usize,
    /// Due but not sent: today's game is played, or no streak is at risk.
    pub skipped: usize,
    /// Due on a day already over in the player's zone.
    pub missed: usize,
    pub pushed: usize,
    /// Subscriptions removed after a 404 or 410.
    pub pruned: usize,
    pub push_failed: usize,
    pub emailed: usize,
    pub email_failed: usize,
}

/// Claims and sends every reminder due now, batch after batch.
pub async fn tick(state: &AppState) -> Result<Tick, AppError> {
    Ok(tick_within(state, None).await?.0)
}

/// [`tick`], stopping between two batches once `deadline` has passed: `true` when it stopped
/// with reminders perhaps still due (the job runner runs it again at once).
pub async fn tick_within(state: &AppState, deadline: Option<Instant>) -> Result<(Tick, bool), AppError> {
    let mut done = Tick::default();
    let batch = i64::from(state.config.reminders.reminder_batch);
    let gap = Duration::from_secs(1) / state.config.reminders.reminder_rate.max(1);
    let mut next_send = Instant::now();
    loop {
        let now = state.clock.now();
        let claimed = db::run(&state.pool, move |conn| Ok(queries::claim_due(conn, now, batch)?)).await?;
        done.claimed += claimed.due.len();
        done.skipped += claimed.skipped;
        done.missed += claimed.missed;
        for due in &claimed.due {
            send(state, due, &mut done, gap, &mut next_send).await;
        }
        if (claimed.rows as i64) < batch {
            return Ok((done, false));
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Ok((done, true));
        }
    }
}

/// Waits for the rate limit's next slot.
async fn pace(gap: Duration, next_send: &mut Instant) {
    let now = Instant::now();
    if *next_send > now {
        sleep(*next_send - now).await;
    }
    *next_send = Instant::now().max(*next_send) + gap;
}

async fn send(state: &AppState, due: &Due, done: &mut Tick, gap: Duration, next_send: &mut Instant) {
    let now = state.clock.now();
    let day_number = game_core::calendar::day_number(game_core::calendar::today(now));
    let public_url = &state.config.public_url;
    if due.push {
        let key = due.player_key.clone();
        let targets = match db::run(&state.pool, move |conn| Ok(queries::subscriptions_of(conn, &key)?)).await
        {
            Ok(targets) => targets,
            Err(err) => {
                tracing::error!(error = %err, "reading push subscriptions failed");
                Vec::new()
            }
        };
        let payload = serde_json::to_vec(&message::push(due.locale, public_url, day_number, due.streak))
            .unwrap_or_default();
        let ttl = schedule::parse_zone(&due.time_zone)
            .map_or(3600, |zone| schedule::seconds_left_in_day(now, zone));
        for sub in targets {
            pace(gap, next_send).await;
            let target = Target { endpoint: sub.endpoint.clone(), p256dh: sub.p256dh, auth: sub.auth };
            match state.reminders.pusher.send(&target, &payload, ttl, now).await {
                Outcome::Delivered => done.pushed += 1,
                Outcome::Gone => {
                    done.pruned += 1;
                    let endpoint = sub.endpoint;
                    if let Err(err) =
                        db::run(&state.pool, move |conn| Ok(queries::remove_endpoint(conn, &endpoint)?)).await
                    {
                        tracing::error!(error = %err, "removing a gone push subscription failed");
                    }
                }
                Outcome::Failed(why) => {
                    done.push_failed += 1;
                    tracing::warn!(reason = %why, "a reminder push was not delivered");
                }
            }
        }
    }
    if let Some((user_id, address)) = &due.email {
        pace(gap, next_send).await;
        let unsubscribe = state.reminders.unsubscribe.url(public_url, *user_id);
        let mail = message::email(due.locale, address, public_url, day_number, due.streak, &unsubscribe);
        match state.mailer.send_with_headers(mail, message::unsubscribe_headers(&unsubscribe)).await {
            Ok(()) => done.emailed += 1,
            // The mailer logs the failure with the recipient's domain and hash.
            Err(_) => done.email_failed += 1,
        }
    }
}
