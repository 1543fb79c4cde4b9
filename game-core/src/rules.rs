//! Every number a client needs to show or check the rules, in one object, so the front end
//! reads them from the core instead of repeating them.

use serde::{Deserialize, Serialize};

use crate::forms::{MAX_NAME_CHARS, MAX_PROMPT_CHARS, MAX_SPELLINGS_PER_ITEM, MAX_SPELLING_CHARS};
use crate::{calendar, results};
use crate::{HINT_PENALTY, ITEMS_PER_GAME, MAX_HINTS, MAX_WRONG, POINTS_PER_ITEM, WRONG_PENALTY};

/// The game's constants. All `u32` so every field is a plain `number` in TypeScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Rules {
    pub items_per_game: u32,
    pub max_wrong: u32,
    pub max_hints: u32,
    pub max_prompt_chars: u32,
    pub max_name_chars: u32,
    pub max_spelling_chars: u32,
    pub max_spellings_per_item: u32,
    pub score_buckets: u32,
    /// Minutes after midnight (New York) during which yesterday's daily still takes results.
    pub grace_minutes: u32,
    pub hint_penalty: u32,
    pub wrong_penalty: u32,
    pub points_per_item: u32,
}

/// The rules of this build.
pub fn rules() -> Rules {
    // The constants are small; the casts only change their type.
    Rules {
        items_per_game: ITEMS_PER_GAME as u32,
        max_wrong: MAX_WRONG as u32,
        max_hints: MAX_HINTS as u32,
        max_prompt_chars: MAX_PROMPT_CHARS as u32,
        max_name_chars: MAX_NAME_CHARS as u32,
        max_spelling_chars: MAX_SPELLING_CHARS as u32,
        max_spellings_per_item: MAX_SPELLINGS_PER_ITEM as u32,
        score_buckets: results::SCORE_BUCKETS as u32,
        grace_minutes: calendar::GRACE_MINUTES as u32,
        hint_penalty: HINT_PENALTY,
        wrong_penalty: WRONG_PENALTY,
        points_per_item: POINTS_PER_ITEM,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_and_values() {
        let json = serde_json::to_value(rules()).unwrap();
        assert_eq!(json["itemsPerGame"], 10);
        assert_eq!(json["maxWrong"], 8);
        assert_eq!(json["maxHints"], 5);
        assert_eq!(json["graceMinutes"], 15);
        assert_eq!(json["scoreBuckets"], 101);
        assert_eq!(json.as_object().unwrap().len(), 12);
    }
}

#[cfg(all(test, feature = "ts"))]
mod ts_tests {
    use ts_rs::TS;

    #[test]
    fn every_rule_is_a_plain_number() {
        let decl = super::Rules::decl(&ts_rs::Config::new());
        assert!(decl.contains("itemsPerGame: number") && !decl.contains("bigint"), "{decl}");
    }
}
