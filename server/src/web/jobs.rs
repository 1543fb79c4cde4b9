//! The job runner this server runs: the platform's generic [`Runner`] with every domain's job
//! kinds registered (each kind is one file in its domain). `serve` runs it in every instance;
//! the tests tick it.

use actix_web::web::Data;

use crate::domains;
use crate::platform::jobs::Runner;
use crate::state::AppState;

/// Every job kind the server knows. A kind deployed once stays registered while rows of it may
/// remain (an instance that does not know a kind leaves its rows for one that does).
pub fn runner(state: &AppState) -> Runner<Data<AppState>> {
    Runner::new(state.jobs.clone(), state.pool.clone(), state.clock.clone())
        .register::<domains::accounts::jobs::send_mail::SendMail>()
        .register::<domains::channels::jobs::result_message::ResultMessage>()
        .register::<domains::submissions::jobs::summarise_legacy::SummariseLegacyResults>()
        .register::<domains::games::jobs::adopt_legacy_days::AdoptLegacyDays>()
        .register::<domains::games::jobs::fill_search_words::FillSearchWords>()
}
