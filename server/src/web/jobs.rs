//! The job runner this server runs: the platform's generic [`Runner`] with every domain's job
//! kinds registered (each kind is one file in its domain). `serve` runs it in every instance;
//! the tests tick it.

use std::time::Duration;

use actix_web::web::Data;

use crate::domains;
use crate::platform::jobs::Runner;
use crate::state::AppState;

/// Every job kind the server knows. A kind deployed once stays registered while rows of it may
/// remain (an instance that does not know a kind leaves its rows for one that does).
/// Two are recurring (one job each, run by one instance at a time): the channels' delivery
/// round every `--channel-poll-ms`, and the reminder scheduler every `--reminder-interval-ms`
/// (not in an instance where it is 0).
pub fn runner(state: &AppState) -> Runner<Data<AppState>> {
    let channels = Duration::from_millis(state.config.channels.channel_poll_ms);
    let runner = Runner::new(state.jobs.clone(), state.pool.clone(), state.clock.clone())
        .register_recurring(&domains::channels::jobs::deliveries::ChannelDeliveries::default(), channels)
        .register::<domains::accounts::jobs::send_mail::SendMail>()
        .register::<domains::channels::jobs::result_message::ResultMessage>()
        .register::<domains::submissions::jobs::summarise_legacy::SummariseLegacyResults>()
        .register::<domains::games::jobs::adopt_legacy_days::AdoptLegacyDays>()
        .register::<domains::games::jobs::fill_search_words::FillSearchWords>();
    match state.config.reminders.reminder_interval_ms {
        0 => {
            tracing::info!("reminder scheduler off in this instance (--reminder-interval-ms 0)");
            runner
        }
        every => runner.register_recurring(
            &domains::reminders::jobs::send_due::SendDueReminders::default(),
            Duration::from_millis(every),
        ),
    }
}
