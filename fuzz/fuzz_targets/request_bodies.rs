//! Any bytes as the JSON body of every route that takes one, decoded as actix-web's `Json`
//! extractor does (`serde_json` into the contract's types): decoding answers, what decodes
//! serialises back to a body that decodes the same, and a game's items reach the form rules.
#![no_main]

use game_core::invariants::check_form;
use game_core::forms::GameForm;
use lavalist_api::accounts::{
    ForgotPasswordBody, LoginBody, RequestCodeBody, ResetPasswordBody, VerifyCodeBody,
};
use lavalist_api::admin::ReviewDecision;
use lavalist_api::autofill::AutofillBody;
use lavalist_api::disputes::{AcceptDisputeBody, DisputeBody, RejectDisputeBody};
use lavalist_api::games::{EditBody, UploadBody};
use lavalist_api::groups::GroupNameBody;
use lavalist_api::history::ProgressBody;
use lavalist_api::reports::{ReportBody, ReportDecision};
use lavalist_api::submissions::{CommunitySubmission, DailySubmission};
use lavalist_fuzz::holds;
use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Decodes `data` as `T`; when it decodes, its own serialisation must decode to the same JSON.
fn round_trip<T: DeserializeOwned + Serialize>(data: &[u8]) -> Option<T> {
    let body: T = serde_json::from_slice(data).ok()?;
    let json = serde_json::to_value(&body).expect("a decoded body serialises");
    let again: T = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{} does not decode its own JSON {json}: {e}", std::any::type_name::<T>()));
    assert_eq!(serde_json::to_value(&again).unwrap(), json, "{}", std::any::type_name::<T>());
    Some(body)
}

fuzz_target!(|data: &[u8]| {
    if let Some(body) = round_trip::<UploadBody>(data) {
        holds(check_form(&GameForm { prompt: body.prompt, items: body.items.form_items() }));
    }
    if let Some(body) = round_trip::<AutofillBody>(data) {
        let _ = body.items.0.form_items();
    }
    round_trip::<EditBody>(data);
    round_trip::<DailySubmission>(data);
    round_trip::<CommunitySubmission>(data);
    round_trip::<ProgressBody>(data);
    round_trip::<DisputeBody>(data);
    round_trip::<AcceptDisputeBody>(data);
    round_trip::<RejectDisputeBody>(data);
    round_trip::<ReportBody>(data);
    round_trip::<ReportDecision>(data);
    round_trip::<ReviewDecision>(data);
    round_trip::<GroupNameBody>(data);
    round_trip::<RequestCodeBody>(data);
    round_trip::<VerifyCodeBody>(data);
    round_trip::<LoginBody>(data);
    round_trip::<ForgotPasswordBody>(data);
    round_trip::<ResetPasswordBody>(data);
});
