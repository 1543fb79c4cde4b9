//! One game being played: guesses, hints, give-up, score, meter and the replay log.

use serde::{Deserialize, Serialize};

use crate::matching::{find_match, MatchKind, PreparedItem};
use crate::normalise::{normalise, normalised_len, word_lengths};
use crate::results::is_won;
pub use crate::results::score;
use crate::rules::{MAX_ACTIONS, MAX_GUESS_CHARS, MAX_HINTS, MAX_WRONG};
// Kept here for callers that found it in this module first.
pub use crate::results::score_is_possible;

/// One hidden item of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Item {
    pub id: u32,
    pub name: String,
    #[serde(default)]
    pub alt_spellings: Vec<String>,
    /// Spellings the creator does not accept: a guess reading as one of them is never
    /// auto-corrected into this item. Left out of the JSON when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub rejected_spellings: Vec<String>,
}

impl Item {
    /// The normalised forms the matcher compares a guess with.
    pub fn prepared(&self) -> PreparedItem {
        PreparedItem::with_rejected(&self.name, &self.alt_spellings, &self.rejected_spellings)
    }
}

/// Daily games (today's or an archive day) and community games differ in share text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum GameKind {
    #[default]
    Daily,
    Community,
}

impl GameKind {
    /// The kind as the server stores it (and as serde writes it).
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Daily => "daily",
            GameKind::Community => "community",
        }
    }

    /// The inverse of `as_str`; anything else is not a kind.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "daily" => Some(GameKind::Daily),
            "community" => Some(GameKind::Community),
            _ => None,
        }
    }
}

/// What a client needs to know about a game to play it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GameDef {
    pub prompt: String,
    #[serde(rename = "type", default)]
    pub kind: GameKind,
    /// The game's day (`YYYY-MM-DD`) for daily and archive games.
    #[serde(default)]
    pub date: Option<String>,
    /// Daily and archive games of a daily edition other than English: the edition, i.e. the
    /// language the game is written in (a BCP 47 tag), which the share text names. Absent for
    /// English and community games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub edition: Option<String>,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum HintKind {
    FirstLetter,
    Length,
}

/// One player action, as kept in the replay log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Action {
    Guess(String),
    Hint(HintKind),
    /// Always `true` on the wire: `{"giveUp": true}`; `false` is refused when parsing a log.
    // `with` rather than `deserialize_with`: ts-rs reads the former (and is told the wire type)
    // but warns on the latter.
    GiveUp(
        #[serde(with = "only_true")]
        #[cfg_attr(feature = "ts", ts(type = "boolean"))]
        bool,
    ),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum GuessOutcome {
    Correct,
    Wrong,
    CorrectAgain,
    WrongAgain,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GuessResult {
    pub outcome: GuessOutcome,
    pub item_id: Option<u32>,
    /// How a non-exact match was read (`null` for the item's own name or a miss). Each
    /// interface language words it; English in the spec's words ([`Correction`]).
    pub correction: Option<Correction>,
}

/// How a guess that is not the item's name was read: its kind and what the player is told, as
/// arguments, so that every interface language can word it. The spec's English wording is the
/// front end's English catalogue (`game.correction.*`): 'Alternative wording for {name}',
/// 'Auto-corrected to {name}', 'Auto-corrected to {name}'s alternative spelling: {spelling}'.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Correction {
    /// One of the item's alternative spellings, exactly (after normalising).
    Alternative { name: String },
    /// A typo of the item's name.
    FuzzyName { name: String },
    /// A typo of one of the item's alternative spellings (`spelling`, as the creator wrote it).
    FuzzyAlternative { name: String, spelling: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum HintValue {
    Letter(String),
    Length(usize),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HintResult {
    pub item_id: u32,
    pub kind: HintKind,
    pub value: HintValue,
    /// A length hint's word lengths (see `GivenHint::words`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub words: Option<Vec<usize>>,
}

/// Why an action was refused. A refused action changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum GameError {
    EmptyGuess,
    GameOver,
    NoHintsLeft,
    NoMoreHintsOfType,
    /// A guess longer than `MAX_GUESS_CHARS` characters.
    GuessTooLong,
    /// A replayed log longer than `MAX_ACTIONS` actions.
    LogTooLong,
}

impl GameError {
    /// The code used on the wire and in test vectors (`emptyGuess`, …).
    pub fn code(self) -> &'static str {
        match self {
            GameError::EmptyGuess => "emptyGuess",
            GameError::GameOver => "gameOver",
            GameError::NoHintsLeft => "noHintsLeft",
            GameError::NoMoreHintsOfType => "noMoreHintsOfType",
            GameError::GuessTooLong => "guessTooLong",
            GameError::LogTooLong => "logTooLong",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            GameError::EmptyGuess => "Please enter a guess.",
            GameError::GameOver => "The game is over.",
            GameError::NoHintsLeft => "No hints left.",
            GameError::NoMoreHintsOfType => "No more hints available for this type.",
            GameError::GuessTooLong => "That guess is too long.",
            GameError::LogTooLong => "The game has too many actions.",
        }
    }
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for GameError {}

/// A replayed log contained an action the rules refuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReplayError {
    /// Position of the refused action in the log.
    pub index: usize,
    pub error: GameError,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "action {} was refused: {}", self.index, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// A hint given to an item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GivenHint {
    pub item_id: u32,
    pub value: HintValue,
    /// A length hint's value word by word ("Soviet Union": `[6, 5]`, adding up to `value`), so a
    /// screen can show the breaks; absent on a first-letter hint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub words: Option<Vec<usize>>,
}

/// Everything a screen or a stored result needs, derived from the state.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    pub correct: usize,
    pub wrong: usize,
    pub wrong_guesses: Vec<String>,
    pub hints_used: usize,
    pub score: u32,
    pub game_over: bool,
    pub won: bool,
    /// Item ids: found items newest first, then the rest in list order.
    pub display: Vec<u32>,
    /// Found item ids, in the order they were found.
    pub found: Vec<u32>,
    pub first_letter_hints: Vec<GivenHint>,
    pub length_hints: Vec<GivenHint>,
    pub hint_enabled: bool,
    pub first_letter_available: bool,
    pub length_available: bool,
    pub actions: Vec<Action>,
}

/// The state of one game in play.
#[derive(Debug, Clone)]
pub struct GameState {
    def: GameDef,
    prepared: Vec<PreparedItem>,
    /// Item positions in the order they were found.
    found_order: Vec<usize>,
    found: Vec<bool>,
    wrong_guesses: Vec<String>,
    wrong_normalised: Vec<String>,
    first_letter_hints: Vec<usize>,
    length_hints: Vec<usize>,
    given_up: bool,
    actions: Vec<Action>,
}

impl GameState {
    pub fn new(def: GameDef) -> Self {
        let prepared = def.items.iter().map(Item::prepared).collect();
        let found = vec![false; def.items.len()];
        GameState {
            def,
            prepared,
            found_order: Vec::new(),
            found,
            wrong_guesses: Vec::new(),
            wrong_normalised: Vec::new(),
            first_letter_hints: Vec::new(),
            length_hints: Vec::new(),
            given_up: false,
            actions: Vec::new(),
        }
    }

    /// Rebuilds a game from its action log. Any refused action makes the log invalid, and so does
    /// a log longer than `MAX_ACTIONS` (refused at index `MAX_ACTIONS`, before anything is replayed).
    pub fn replay(def: GameDef, actions: &[Action]) -> Result<Self, ReplayError> {
        if actions.len() > MAX_ACTIONS {
            return Err(ReplayError { index: MAX_ACTIONS, error: GameError::LogTooLong });
        }
        let mut state = GameState::new(def);
        for (index, action) in actions.iter().enumerate() {
            state.apply(action).map_err(|error| ReplayError { index, error })?;
        }
        Ok(state)
    }

    /// Applies one logged action.
    pub fn apply(&mut self, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Guess(text) => self.guess(text).map(drop),
            Action::Hint(kind) => self.hint(*kind).map(drop),
            Action::GiveUp(_) => self.give_up(),
        }
    }

    pub fn def(&self) -> &GameDef {
        &self.def
    }

    pub fn guess(&mut self, text: &str) -> Result<GuessResult, GameError> {
        self.ensure_playing()?;
        if text.chars().count() > MAX_GUESS_CHARS {
            return Err(GameError::GuessTooLong);
        }
        let normalised = normalise(text);
        if normalised.is_empty() {
            return Err(GameError::EmptyGuess);
        }
        let result = match find_match(&self.prepared, &normalised, &self.found) {
            Some(m) => self.record_match(m.index, m.kind, m.spelling),
            None => self.record_miss(text.trim(), normalised),
        };
        self.actions.push(Action::Guess(text.to_string()));
        Ok(result)
    }

    fn record_match(&mut self, index: usize, kind: MatchKind, spelling: Option<usize>) -> GuessResult {
        let item = &self.def.items[index];
        let correction = correction(item, kind, spelling);
        let outcome = if self.found[index] {
            GuessOutcome::CorrectAgain
        } else {
            self.found[index] = true;
            self.found_order.push(index);
            GuessOutcome::Correct
        };
        GuessResult { outcome, item_id: Some(item.id), correction }
    }

    fn record_miss(&mut self, typed: &str, normalised: String) -> GuessResult {
        let outcome = if self.wrong_normalised.contains(&normalised) {
            GuessOutcome::WrongAgain
        } else {
            self.wrong_guesses.push(typed.to_string());
            self.wrong_normalised.push(normalised);
            GuessOutcome::Wrong
        };
        GuessResult { outcome, item_id: None, correction: None }
    }

    /// Gives a hint of `kind` to the first item, in list order, that is not found and lacks it.
    pub fn hint(&mut self, kind: HintKind) -> Result<HintResult, GameError> {
        self.ensure_playing()?;
        if self.hints_used() >= MAX_HINTS {
            return Err(GameError::NoHintsLeft);
        }
        let index = self.next_hint_target(kind).ok_or(GameError::NoMoreHintsOfType)?;
        match kind {
            HintKind::FirstLetter => self.first_letter_hints.push(index),
            HintKind::Length => self.length_hints.push(index),
        }
        self.actions.push(Action::Hint(kind));
        let item = &self.def.items[index];
        Ok(HintResult {
            item_id: item.id,
            kind,
            value: hint_value(item, kind),
            words: hint_words(item, kind),
        })
    }

    pub fn give_up(&mut self) -> Result<(), GameError> {
        self.ensure_playing()?;
        self.given_up = true;
        self.actions.push(Action::GiveUp(true));
        Ok(())
    }

    fn ensure_playing(&self) -> Result<(), GameError> {
        if self.is_over() {
            Err(GameError::GameOver)
        } else {
            Ok(())
        }
    }

    fn hinted(&self, kind: HintKind) -> &[usize] {
        match kind {
            HintKind::FirstLetter => &self.first_letter_hints,
            HintKind::Length => &self.length_hints,
        }
    }

    fn next_hint_target(&self, kind: HintKind) -> Option<usize> {
        let hinted = self.hinted(kind);
        (0..self.def.items.len()).find(|i| !self.found[*i] && !hinted.contains(i))
    }

    /// Whether a hint of this kind can be given now.
    pub fn hint_available(&self, kind: HintKind) -> bool {
        !self.is_over() && self.hints_used() < MAX_HINTS && self.next_hint_target(kind).is_some()
    }

    /// The hint button is enabled while some hint of either kind can still be given: not when
    /// five are used, every item is found or every unfound item has both hints, or it is over.
    pub fn hint_enabled(&self) -> bool {
        self.hint_available(HintKind::FirstLetter) || self.hint_available(HintKind::Length)
    }

    pub fn correct(&self) -> usize {
        self.found_order.len()
    }

    pub fn wrong(&self) -> usize {
        self.wrong_guesses.len()
    }

    pub fn hints_used(&self) -> usize {
        self.first_letter_hints.len() + self.length_hints.len()
    }

    pub fn won(&self) -> bool {
        is_won(&self.found)
    }

    pub fn is_over(&self) -> bool {
        self.given_up || self.won() || self.wrong() >= MAX_WRONG
    }

    pub fn is_found(&self, item_id: u32) -> bool {
        self.def.items.iter().zip(&self.found).any(|(it, f)| *f && it.id == item_id)
    }

    /// 100 per found item, minus 10 per hint and per wrong guess, never below 0.
    pub fn score(&self) -> u32 {
        score(self.correct(), self.hints_used(), self.wrong())
    }

    /// The counts a board shows of this game.
    pub fn summary(&self) -> crate::results::Summary {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        crate::results::Summary {
            score: self.score(),
            found: count(self.correct()),
            wrong: count(self.wrong()),
            hints: count(self.hints_used()),
            won: self.won(),
        }
    }

    /// Height of the lava, 0–100.
    pub fn meter(&self, archive: bool) -> f64 {
        if self.is_over() {
            if archive || self.won() {
                0.0
            } else {
                100.0
            }
        } else {
            100.0 * self.wrong() as f64 / MAX_WRONG as f64
        }
    }

    /// Item ids in display order: found items newest first, then the rest in list order.
    pub fn display_order(&self) -> Vec<u32> {
        let items = &self.def.items;
        let newest_first = self.found_order.iter().rev().map(|&i| items[i].id);
        let rest = items.iter().zip(&self.found).filter(|(_, f)| !**f).map(|(it, _)| it.id);
        newest_first.chain(rest).collect()
    }

    pub fn wrong_guesses(&self) -> &[String] {
        &self.wrong_guesses
    }

    /// Positions in `wrong_guesses` of the guesses a player may dispute (`dispute::plausible`).
    pub fn disputable(&self) -> Vec<u32> {
        let plausible = |(_, n): &(usize, &String)| crate::dispute::plausible(n, &self.prepared);
        self.wrong_normalised.iter().enumerate().filter(plausible).map(|(i, _)| i as u32).collect()
    }

    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Whether each item, in list order, was found.
    pub fn found_flags(&self) -> &[bool] {
        &self.found
    }

    fn given_hints(&self, kind: HintKind) -> Vec<GivenHint> {
        self.hinted(kind)
            .iter()
            .map(|&i| GivenHint {
                item_id: self.def.items[i].id,
                value: hint_value(&self.def.items[i], kind),
                words: hint_words(&self.def.items[i], kind),
            })
            .collect()
    }

    pub fn view(&self) -> GameView {
        GameView {
            correct: self.correct(),
            wrong: self.wrong(),
            wrong_guesses: self.wrong_guesses.clone(),
            hints_used: self.hints_used(),
            score: self.score(),
            game_over: self.is_over(),
            won: self.won(),
            display: self.display_order(),
            found: self.found_order.iter().map(|&i| self.def.items[i].id).collect(),
            first_letter_hints: self.given_hints(HintKind::FirstLetter),
            length_hints: self.given_hints(HintKind::Length),
            hint_enabled: self.hint_enabled(),
            first_letter_available: self.hint_available(HintKind::FirstLetter),
            length_available: self.hint_available(HintKind::Length),
            actions: self.actions.clone(),
        }
    }
}

/// `giveUp` is written as a plain boolean but only `true` is read back.
mod only_true {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &bool, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(*value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
        match bool::deserialize(deserializer)? {
            true => Ok(true),
            false => Err(serde::de::Error::custom("giveUp must be true")),
        }
    }
}

fn hint_value(item: &Item, kind: HintKind) -> HintValue {
    match kind {
        HintKind::FirstLetter => {
            HintValue::Letter(item.name.trim().chars().next().map(String::from).unwrap_or_default())
        }
        HintKind::Length => HintValue::Length(normalised_len(&item.name)),
    }
}

fn hint_words(item: &Item, kind: HintKind) -> Option<Vec<usize>> {
    (kind == HintKind::Length).then(|| word_lengths(&item.name))
}

fn correction(item: &Item, kind: MatchKind, spelling: Option<usize>) -> Option<Correction> {
    let name = item.name.clone();
    match kind {
        MatchKind::Exact => None,
        MatchKind::Alternative => Some(Correction::Alternative { name }),
        MatchKind::FuzzyName => Some(Correction::FuzzyName { name }),
        MatchKind::FuzzyAlternative => {
            let spelling = spelling.and_then(|s| item.alt_spellings.get(s)).map(|s| s.trim()).unwrap_or("");
            Some(Correction::FuzzyAlternative { name, spelling: spelling.to_string() })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_strings_match_serde() {
        for kind in [GameKind::Daily, GameKind::Community] {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
            assert_eq!(GameKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(GameKind::parse("Daily"), None);
        assert_eq!(GameKind::parse(""), None);
    }

    #[test]
    fn action_log_wire_format() {
        let log: Vec<Action> = serde_json::from_str(
            r#"[{"guess": "x"}, {"hint": "firstLetter"}, {"hint": "length"}, {"giveUp": true}]"#,
        )
        .unwrap();
        assert_eq!(
            log,
            vec![
                Action::Guess("x".into()),
                Action::Hint(HintKind::FirstLetter),
                Action::Hint(HintKind::Length),
                Action::GiveUp(true)
            ]
        );
        assert!(serde_json::from_str::<Action>(r#"{"giveUp": false}"#).is_err());
        assert!(serde_json::from_str::<Action>(r#"{"hint": "vowels"}"#).is_err());
        assert!(serde_json::from_str::<Action>(r#"{"dance": 1}"#).is_err());
    }
}

/// The TypeScript the server's generator gets must describe what serde writes.
#[cfg(all(test, feature = "ts"))]
mod ts_tests {
    use super::*;
    use ts_rs::{Config, TS};

    #[test]
    fn decls_follow_serde() {
        let cfg = Config::new();
        assert_eq!(
            Action::decl(&cfg),
            r#"type Action = { "guess": string } | { "hint": HintKind } | { "giveUp": boolean };"#
        );
        assert_eq!(HintValue::decl(&cfg), "type HintValue = string | number;");
        assert_eq!(
            GameError::decl(&cfg),
            r#"type GameError = "emptyGuess" | "gameOver" | "noHintsLeft" | "noMoreHintsOfType" | "guessTooLong" | "logTooLong";"#
        );
        let view = GameView::decl(&cfg);
        println!("{view}");
        for field in ["wrongGuesses: Array<string>", "hintsUsed: number", "actions: Array<Action>"] {
            assert!(view.contains(field), "{field} missing from {view}");
        }
        let def = GameDef::decl(&cfg);
        assert!(def.contains("type: GameKind") && def.contains("date: string | null"), "{def}");
    }
}

/// The OpenAPI schemas must name the wire fields too.
#[cfg(all(test, feature = "openapi"))]
mod openapi_tests {
    use super::*;
    use utoipa::PartialSchema;

    #[test]
    fn schemas_follow_serde() {
        let def = serde_json::to_string(&GameDef::schema()).unwrap();
        assert!(def.contains(r#""type":{"#) && !def.contains(r#""kind""#), "{def}");
        let view = serde_json::to_string(&GameView::schema()).unwrap();
        assert!(view.contains("wrongGuesses") && view.contains("firstLetterAvailable"), "{view}");
        let action = serde_json::to_string(&Action::schema()).unwrap();
        println!("{action}");
        assert!(action.contains("giveUp") && action.contains("guess"), "{action}");
    }
}
