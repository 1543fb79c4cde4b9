//! The game's numbers, defined once (every other module reads them from here), and `rules()`:
//! all of them in one object, so the front end reads them from the core instead of repeating them.

use serde::{Deserialize, Serialize};

/// Number of items in every game.
pub const ITEMS_PER_GAME: usize = 10;
/// Wrong guesses that end a game.
pub const MAX_WRONG: usize = 8;
/// Hints of both kinds together.
pub const MAX_HINTS: usize = 5;
/// Points for each item found.
pub const POINTS_PER_ITEM: u32 = 100;
/// Points taken for each hint.
pub const HINT_PENALTY: u32 = 10;
/// Points taken for each wrong guess.
pub const WRONG_PENALTY: u32 = 10;
/// The prompt the server sends when no daily game is scheduled for today.
pub const PLACEHOLDER_PROMPT: &str = "10 items in a detective's office";
/// Longest prompt, item name and alternative spelling, in characters.
pub const MAX_PROMPT_CHARS: usize = 200;
pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_SPELLING_CHARS: usize = 100;
/// Longest guess, in characters: the longest name or spelling (100) plus slack for a player's
/// extra words or spaces. Longer guesses cannot match anything and are refused, so a stored log
/// stays small.
pub const MAX_GUESS_CHARS: usize = 120;
/// Most actions a replayed log may hold. A game has at most 10 finds, 8 new wrong guesses,
/// 5 hints and a give-up (24 actions that change the score); the rest of the room (176) is for
/// repeated guesses (`correctAgain`/`wrongAgain`), far more than any real game makes.
pub const MAX_ACTIONS: usize = 200;
/// Alternative spellings one item may have.
pub const MAX_SPELLINGS_PER_ITEM: usize = 20;
/// Score buckets of a game's histogram: 0–9, 10–19, …, 990–999, and 1000.
pub const SCORE_BUCKETS: usize = 101;
/// Minutes after midnight (New York) during which yesterday's daily game still takes results,
/// for players who finished just before it.
pub const GRACE_MINUTES: i64 = 15;

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
    pub max_guess_chars: u32,
    /// Most actions a replayed log may hold.
    pub max_actions: u32,
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
        max_guess_chars: MAX_GUESS_CHARS as u32,
        max_actions: MAX_ACTIONS as u32,
        score_buckets: SCORE_BUCKETS as u32,
        grace_minutes: GRACE_MINUTES as u32,
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
        assert_eq!(json["maxGuessChars"], 120);
        assert_eq!(json["maxActions"], 200);
        assert_eq!(json.as_object().unwrap().len(), 14);
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
