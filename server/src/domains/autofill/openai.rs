//! The optional provider: an OpenAI-compatible `POST {base}/chat/completions` asked for a JSON
//! object, whose answer is checked and cleaned like a player's input before it is used.

use std::time::Duration;

use futures_util::future::LocalBoxFuture;
use game_core::autofill::{dedupe_spellings, generated_spellings, tidy_prompt};
use game_core::forms::{FormItem, GameForm, MAX_NAME_CHARS, MAX_PROMPT_CHARS, MAX_SPELLINGS_PER_ITEM};
use game_core::{normalise, ITEMS_PER_GAME};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::provider::{Provider, ProviderError};
use crate::platform::config::AutofillConfig;

/// A chat completion for ten short lists is a few kilobytes; anything far larger is refused.
const MAX_ANSWER_BYTES: usize = 256 * 1024;

const INSTRUCTIONS: &str = "You help people write a list-guessing game. Players read the prompt \
and try to guess the items on the list; a guess counts when it matches an item's name or one of \
its alternative spellings (case, punctuation, accents and small typos are already forgiven). \
For every item, suggest alternative spellings a player might type for that same item: other \
names, abbreviations and acronyms, nicknames, forms with or without a leading article, numbers \
as digits or words, singular or plural. Never suggest another item's name, and nothing that \
could mean a different item. When `itemsToAdd` is more than 0, also add that many new items \
that correctly answer the prompt and are not on the list yet, each with its spellings, under \
new keys. Also return the prompt, tidied (capitalisation, spacing, obvious typos) without \
changing its meaning. Answer with one JSON object and nothing else, exactly of this shape: \
{\"prompt\": \"...\", \"items\": {\"<item name exactly as given, or a new item>\": \
[\"spelling\", ...]}}, with at most 10 spellings per item, each under 100 characters.";

/// The API's settings; a fresh client per request, since actix's client cannot be shared
/// between worker threads (and autofill is rare: once per cooldown per player).
pub struct OpenAiCompatible {
    endpoint: String,
    model: String,
    api_key: Option<String>,
    timeout: Duration,
}

impl OpenAiCompatible {
    /// `Some` when both the base URL and the model are set.
    pub fn from_config(config: &AutofillConfig) -> Option<Self> {
        let base = config.autofill_api_url.as_deref().map(str::trim).filter(|u| !u.is_empty())?;
        let model = config.autofill_model.as_deref().map(str::trim).filter(|m| !m.is_empty())?;
        Some(OpenAiCompatible {
            endpoint: format!("{}/chat/completions", base.trim_end_matches('/')),
            model: model.to_string(),
            api_key: config
                .autofill_api_key
                .as_ref()
                .map(|k| k.expose().to_string())
                .filter(|k| !k.is_empty()),
            timeout: Duration::from_millis(config.autofill_timeout_ms),
        })
    }

    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }

    /// The whole exchange (connect, send, read the body) within the timeout.
    async fn ask(&self, form: &GameForm) -> Result<GameForm, ProviderError> {
        let exchange = self.exchange(request_body(&self.model, form));
        let content = actix_web::rt::time::timeout(self.timeout, exchange)
            .await
            .map_err(|_| ProviderError::Timeout(self.timeout.as_millis()))??;
        let answer = parse_content(&content)?;
        cleaned(form, &answer)
    }

    async fn exchange(&self, body: Value) -> Result<String, ProviderError> {
        let client = awc::Client::builder().timeout(self.timeout).finish();
        let mut request = client.post(&self.endpoint);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        let mut response =
            request.send_json(&body).await.map_err(|e| ProviderError::Request(e.to_string()))?;
        if !response.status().is_success() {
            return Err(ProviderError::Status(response.status().as_u16()));
        }
        let bytes = response
            .body()
            .limit(MAX_ANSWER_BYTES)
            .await
            .map_err(|e| ProviderError::Request(e.to_string()))?;
        first_choice_content(&bytes)
    }
}

impl Provider for OpenAiCompatible {
    fn name(&self) -> &'static str {
        "openai-compatible"
    }

    fn autofill<'a>(&'a self, form: &'a GameForm) -> LocalBoxFuture<'a, Result<GameForm, ProviderError>> {
        Box::pin(self.ask(form))
    }
}

/// How many items the list lacks: a game has `ITEMS_PER_GAME`, the form may name fewer.
fn items_to_add(form: &GameForm) -> usize {
    ITEMS_PER_GAME.saturating_sub(form.items.iter().filter(|it| !it.name.is_empty()).count())
}

/// The chat request: the instructions, then the game as JSON (named items only) and how many
/// items to add.
fn request_body(model: &str, form: &GameForm) -> Value {
    let items: Map<String, Value> = form
        .items
        .iter()
        .filter(|it| !it.name.is_empty())
        .map(|it| (it.name.clone(), json!(it.alt_spellings)))
        .collect();
    json!({
        "model": model,
        "response_format": {"type": "json_object"},
        "temperature": 0.2,
        "messages": [
            {"role": "system", "content": INSTRUCTIONS},
            {"role": "user", "content": json!({"prompt": form.prompt, "items": items, "itemsToAdd": items_to_add(form)}).to_string()},
        ],
    })
}

#[derive(Deserialize)]
struct Completion {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: Message,
}

#[derive(Deserialize)]
struct Message {
    content: Option<String>,
}

fn first_choice_content(bytes: &[u8]) -> Result<String, ProviderError> {
    let completion: Completion = serde_json::from_slice(bytes)
        .map_err(|e| ProviderError::Answer(format!("not a chat completion: {e}")))?;
    let choice = completion.choices.into_iter().next().ok_or(ProviderError::Answer("no choices".into()))?;
    choice.message.content.ok_or(ProviderError::Answer("the first choice has no content".into()))
}

/// The message content as a JSON object, tolerating the Markdown fence some models add even in
/// JSON mode.
fn parse_content(content: &str) -> Result<Map<String, Value>, ProviderError> {
    let text = content.trim();
    let text = text.strip_prefix("```json").or_else(|| text.strip_prefix("```")).unwrap_or(text);
    let text = text.strip_suffix("```").unwrap_or(text);
    match serde_json::from_str(text.trim()) {
        Ok(Value::Object(object)) => Ok(object),
        Ok(_) => Err(ProviderError::Answer("the content is not a JSON object".into())),
        Err(e) => Err(ProviderError::Answer(format!("the content is not JSON: {e}"))),
    }
}

/// The answer made safe to show: the requested names, then as many new ones as the list lacks
/// (into the empty rows first), strings only, the player's own spellings first, then the
/// model's, through the same deduplication and limits as the built-in rules. A name the model
/// skipped gets the built-in spellings; no `items` object at all is a failure (the caller falls
/// back for the whole game).
fn cleaned(form: &GameForm, answer: &Map<String, Value>) -> Result<GameForm, ProviderError> {
    let suggested = answer
        .get("items")
        .and_then(Value::as_object)
        .ok_or(ProviderError::Answer("no items object".into()))?;
    let names = completed_names(form, suggested);
    let items = names.iter().enumerate().map(|(i, name)| {
        let others: Vec<String> =
            names.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, n)| n.clone()).collect();
        let extra = match suggestions_for(suggested, name) {
            Some(list) => list,
            None => generated_spellings(name),
        };
        let own = form.items.get(i).filter(|it| it.name == *name).map_or(&[][..], |it| &it.alt_spellings[..]);
        let candidates: Vec<String> = own.iter().cloned().chain(extra).collect();
        FormItem {
            name: name.clone(),
            alt_spellings: dedupe_spellings(name, &candidates, &others),
            ..FormItem::default()
        }
    });
    Ok(GameForm { prompt: cleaned_prompt(form, answer), items: items.collect() })
}

/// The form's names with the model's new items added: into the empty names first, then after
/// the last, up to `ITEMS_PER_GAME` named items. A new name must be usable (not blank, within
/// the length limit) and normalise unlike every name before it.
fn completed_names(form: &GameForm, suggested: &Map<String, Value>) -> Vec<String> {
    let mut names: Vec<String> = form.items.iter().map(|it| it.name.clone()).collect();
    let mut taken: Vec<String> = names.iter().map(|n| normalise(n)).filter(|k| !k.is_empty()).collect();
    let mut missing = items_to_add(form);
    for key in suggested.keys().map(|k| k.trim()) {
        if missing == 0 {
            break;
        }
        let norm = normalise(key);
        if norm.is_empty() || key.chars().count() > MAX_NAME_CHARS || taken.contains(&norm) {
            continue;
        }
        taken.push(norm);
        missing -= 1;
        match names.iter_mut().find(|n| n.is_empty()) {
            Some(slot) => *slot = key.to_string(),
            None => names.push(key.to_string()),
        }
    }
    names
}

/// The model's spellings for `name`: its exact key, else a key that normalises the same (models
/// tidy names too). Only strings count, and no more than a full list's worth.
fn suggestions_for(suggested: &Map<String, Value>, name: &str) -> Option<Vec<String>> {
    if name.is_empty() {
        return Some(Vec::new());
    }
    let key = normalise(name);
    let value = suggested
        .get(name)
        .or_else(|| suggested.iter().find(|(k, _)| normalise(k) == key).map(|(_, v)| v))?;
    let list = value.as_array()?;
    Some(list.iter().filter_map(Value::as_str).take(MAX_SPELLINGS_PER_ITEM * 2).map(String::from).collect())
}

/// The model's tidied prompt when it is a usable one, else the built-in tidy of the player's.
fn cleaned_prompt(form: &GameForm, answer: &Map<String, Value>) -> String {
    answer
        .get("prompt")
        .and_then(Value::as_str)
        .map(tidy_prompt)
        .filter(|p| !p.is_empty() && p.chars().count() <= MAX_PROMPT_CHARS)
        .unwrap_or_else(|| tidy_prompt(&form.prompt))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> GameForm {
        GameForm {
            prompt: "planets".into(),
            items: vec![
                FormItem {
                    name: "Mars".into(),
                    alt_spellings: vec!["Red Planet".into()],
                    ..FormItem::default()
                },
                FormItem { name: "Venus".into(), alt_spellings: vec![], ..FormItem::default() },
                FormItem { name: "The Moon".into(), alt_spellings: vec![], ..FormItem::default() },
                FormItem { name: "".into(), alt_spellings: vec![], ..FormItem::default() },
            ],
        }
    }

    #[test]
    fn new_items_fill_the_empty_rows_then_follow() {
        let answer = parse_content(
            r#"{"prompt": "Planets", "items": {"mars": ["Red Planet"], "Jupiter": ["Jove"], "Saturn": [], "MARS!": []}}"#,
        )
        .unwrap();
        let form = GameForm {
            prompt: "planets".into(),
            items: vec![
                FormItem { name: "".into(), alt_spellings: vec![], ..FormItem::default() },
                FormItem { name: "Mars".into(), alt_spellings: vec![], ..FormItem::default() },
            ],
        };
        let names: Vec<String> =
            cleaned(&form, &answer).unwrap().items.into_iter().map(|it| it.name).collect();
        assert_eq!(names, ["Jupiter", "Mars", "Saturn"]);
        let full = GameForm {
            prompt: "p".into(),
            items: (0..ITEMS_PER_GAME)
                .map(|i| FormItem { name: format!("n{i}"), ..FormItem::default() })
                .collect(),
        };
        assert_eq!(
            cleaned(&full, &answer).unwrap().items.len(),
            ITEMS_PER_GAME,
            "a full list gets nothing new"
        );
    }

    #[test]
    fn cleans_the_answer() {
        let answer = parse_content(
            r#"```json
            {"prompt": "  Planets of the solar system ", "items": {
              "mars": ["red planet", "Mars!", "Ares", 7, null, "Venus", ""],
              "Venus": "Morning Star",
              "Pluto": ["dwarf"]}}
            ```"#,
        )
        .unwrap();
        let cleaned = cleaned(&form(), &answer).unwrap();
        assert_eq!(cleaned.prompt, "Planets of the solar system");
        let spellings: Vec<&[String]> = cleaned.items.iter().map(|it| it.alt_spellings.as_slice()).collect();
        // Mars: the player's spelling first, then the model's new ones; Venus: not a list, so
        // the built-in rules instead (none apply); The Moon: skipped, so the built-in rules too;
        // the empty row: the model's new item.
        assert_eq!(
            spellings,
            [
                &["Red Planet".to_string(), "Ares".to_string()][..],
                &[],
                &["Moon".to_string()],
                &["dwarf".to_string()]
            ]
        );
        assert_eq!(cleaned.items[3].name, "Pluto");
    }

    #[test]
    fn refuses_answers_without_items() {
        assert!(parse_content("not json").is_err());
        assert!(parse_content("[1, 2]").is_err());
        let answer = parse_content(r#"{"prompt": "x"}"#).unwrap();
        assert!(cleaned(&form(), &answer).is_err());
        assert!(first_choice_content(br#"{"choices": []}"#).is_err());
        assert!(first_choice_content(br#"{"choices": [{"message": {"content": null}}]}"#).is_err());
    }

    #[test]
    fn the_request_names_the_model_and_only_named_items() {
        let body = request_body("tiny-model", &form());
        assert_eq!(body["model"], "tiny-model");
        assert_eq!(body["response_format"]["type"], "json_object");
        let user: Value = serde_json::from_str(body["messages"][1]["content"].as_str().unwrap()).unwrap();
        assert_eq!(user["items"].as_object().unwrap().len(), 3);
        assert_eq!(user["prompt"], "planets");
        assert_eq!(user["itemsToAdd"], ITEMS_PER_GAME - 3);
    }
}
