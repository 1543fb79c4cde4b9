//! `POST /api/autofill-game-info`: the create page's autofill button.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::items::{ItemsOrNames, OrderedItems};

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AutofillBody {
    pub prompt: String,
    /// Item name → alternative spellings so far, in the form's order (names may still be
    /// empty); a plain list of names is accepted too.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::HashMap<String, Vec<String>>))]
    #[ts(type = "Record<string, Array<string>> | Array<string>")]
    pub items: ItemsOrNames,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AutofillResponse {
    /// The prompt, tidied (trimmed, first letter capitalised).
    pub prompt: String,
    /// Every non-empty item name → its alternative spellings (the player's first), in order.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::HashMap<String, Vec<String>>))]
    #[ts(type = "Record<string, Array<string>>")]
    pub items: OrderedItems,
    /// How long this account must wait before the next autofill, in milliseconds: 0 when the
    /// answer added nothing useful, no item and only doubtful spellings or none (such a use does
    /// not start the cooldown).
    pub cooldown_ms: u64,
    /// Items the answer adds to the request's (only an AI provider adds any).
    pub added_items: u32,
    /// Spellings the answer adds to the request's items, new items' included. With
    /// `addedItems`, 0 means autofill found nothing to add.
    pub added_spellings: u32,
    /// Of `addedSpellings`, those only a guessing rule makes (an English singular or plural,
    /// `game_core::autofill::is_doubtful`): worth checking, and no success when they are all
    /// the answer added.
    pub doubtful_spellings: u32,
}
