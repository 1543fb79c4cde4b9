//! The fuzzer's bytes as game-core inputs: games, action logs and forms built with `arbitrary`,
//! so libFuzzer mutates structure (an item's name, one action of a log) rather than JSON syntax.
//! The properties themselves are `game_core::invariants`, shared with `game-core/tests/fuzz.rs`.

use arbitrary::Arbitrary;
use game_core::forms::{FormItem, GameForm};
use game_core::{Action, GameDef, GameKind, HintKind, Item};

/// Fails the run with the broken property (libFuzzer keeps the input as a crash).
pub fn holds(result: Result<(), game_core::invariants::Broken>) {
    if let Err(broken) = result {
        panic!("{broken}");
    }
}

#[derive(Debug, Arbitrary)]
pub struct FuzzItem {
    pub id: u32,
    pub name: String,
    pub alt_spellings: Vec<String>,
    pub rejected_spellings: Vec<String>,
}

#[derive(Debug, Arbitrary)]
pub struct FuzzGame {
    pub prompt: String,
    pub community: bool,
    pub date: Option<String>,
    pub items: Vec<FuzzItem>,
}

impl FuzzGame {
    /// Any game, not only a valid one, at most 12 items (as an upload's limit allows one over).
    pub fn def(self) -> GameDef {
        GameDef {
            prompt: self.prompt,
            kind: if self.community { GameKind::Community } else { GameKind::Daily },
            date: self.date,
            edition: None,
            items: self
                .items
                .into_iter()
                .take(12)
                .map(|it| Item {
                    id: it.id,
                    name: it.name,
                    alt_spellings: it.alt_spellings,
                    rejected_spellings: it.rejected_spellings,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Arbitrary)]
pub enum FuzzAction {
    Guess(String),
    /// A guess of item `n`'s name (or spelling), so logs find items and win games.
    GuessItem { item: u8, spelling: u8, shout: bool },
    FirstLetter,
    Length,
    GiveUp,
}

/// An action log for `def`: the fuzzer's own text or the game's own words.
pub fn actions(def: &GameDef, log: Vec<FuzzAction>) -> Vec<Action> {
    log.into_iter()
        .take(80)
        .map(|a| match a {
            FuzzAction::Guess(text) => Action::Guess(text),
            FuzzAction::GuessItem { item, spelling, shout } => Action::Guess(word_of(def, item, spelling, shout)),
            FuzzAction::FirstLetter => Action::Hint(HintKind::FirstLetter),
            FuzzAction::Length => Action::Hint(HintKind::Length),
            FuzzAction::GiveUp => Action::GiveUp(true),
        })
        .collect()
}

fn word_of(def: &GameDef, item: u8, spelling: u8, shout: bool) -> String {
    let Some(it) = def.items.get(usize::from(item) % def.items.len().max(1)) else {
        return String::new();
    };
    let word = match usize::from(spelling) {
        0 => &it.name,
        n => it.alt_spellings.get(n - 1).unwrap_or(&it.name),
    };
    if shout {
        format!("  {}!", word.to_uppercase())
    } else {
        word.clone()
    }
}

#[derive(Debug, Arbitrary)]
pub struct FuzzForm {
    pub prompt: String,
    pub items: Vec<(String, Vec<String>, Vec<String>)>,
}

impl From<FuzzForm> for GameForm {
    fn from(form: FuzzForm) -> Self {
        GameForm {
            prompt: form.prompt,
            items: form
                .items
                .into_iter()
                .take(14)
                .map(|(name, alt_spellings, rejected_spellings)| FormItem { name, alt_spellings, rejected_spellings })
                .collect(),
        }
    }
}
