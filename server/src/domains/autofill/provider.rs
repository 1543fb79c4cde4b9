//! What completes a form: the `Provider` trait, and the built-in rules of `game_core::autofill`
//! that never fail (the dispatcher in `autofill/mod.rs` falls back to them).

use futures_util::future::LocalBoxFuture;
use game_core::autofill::autofill_game;
use game_core::forms::GameForm;

/// Why a provider gave no usable answer (logged, never sent to the player: they get the
/// built-in answer instead).
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("request failed: {0}")]
    Request(String),
    #[error("answered HTTP {0}")]
    Status(u16),
    #[error("no complete answer within {0} ms")]
    Timeout(u128),
    #[error("unusable answer: {0}")]
    Answer(String),
}

/// Completes a create form: the prompt tidied, every named item's spellings filled in, the
/// player's own spellings first.
pub trait Provider {
    /// For logs.
    fn name(&self) -> &'static str;
    /// `LocalBoxFuture`: actix's HTTP client is tied to its worker thread.
    fn autofill<'a>(&'a self, form: &'a GameForm) -> LocalBoxFuture<'a, Result<GameForm, ProviderError>>;
}

/// The rules in `game_core::autofill`: no network, never fails.
pub struct BuiltIn;

impl BuiltIn {
    pub fn complete(&self, form: &GameForm) -> GameForm {
        autofill_game(form)
    }
}

impl Provider for BuiltIn {
    fn name(&self) -> &'static str {
        "built-in"
    }

    fn autofill<'a>(&'a self, form: &'a GameForm) -> LocalBoxFuture<'a, Result<GameForm, ProviderError>> {
        Box::pin(async move { Ok(self.complete(form)) })
    }
}
