//! Create and edit forms: splitting spellings and validating a game before it is stored.

use serde::{Deserialize, Serialize};

use crate::categories::Category;
use crate::normalise::normalise;
use crate::rules::ITEMS_PER_GAME;

pub use crate::rules::{MAX_NAME_CHARS, MAX_PROMPT_CHARS, MAX_SPELLINGS_PER_ITEM, MAX_SPELLING_CHARS};

/// Splits a comma-separated list of alternative spellings: trimmed, empties dropped.
pub fn split_spellings(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()
}

/// Keeps, in order, the trimmed spellings that could match a guess nothing before them
/// matches: not empty once normalised, not the name's or an earlier spelling's normalised
/// text, not another item's name, at most `MAX_SPELLING_CHARS` characters; at most
/// `MAX_SPELLINGS_PER_ITEM` of them. The server cleans a language model's answer with it too.
pub fn dedupe_spellings(name: &str, spellings: &[String], other_names: &[String]) -> Vec<String> {
    let others: Vec<String> = other_names.iter().map(|n| normalise(n)).filter(|n| !n.is_empty()).collect();
    let mut taken = vec![normalise(name)];
    let mut kept = Vec::new();
    for spelling in spellings.iter().map(|s| s.trim()) {
        if kept.len() == MAX_SPELLINGS_PER_ITEM {
            break;
        }
        let key = normalise(spelling);
        let useless = key.is_empty() || taken.contains(&key) || others.contains(&key);
        if useless || spelling.chars().count() > MAX_SPELLING_CHARS {
            continue;
        }
        taken.push(key);
        kept.push(spelling.to_string());
    }
    kept
}

/// Autofill's `answer` merged into the create form: the answer's prompt unless it is blank;
/// each item whose name the answer also has (compared by `normalise`, so `Türkiye` meets
/// `turkiye`) keeps its spellings and gains the answer's, de-duplicated like every spelling
/// list. An item whose name normalises to nothing matches nothing. The form's items, their
/// names and their order stay as they are; rows without a name take the answer's items the form
/// does not have, in order (an AI provider answers a prompt alone with whole items).
pub fn merge_autofill(form: &GameForm, answer: &GameForm) -> GameForm {
    let prompt = if answer.prompt.trim().is_empty() { &form.prompt } else { &answer.prompt };
    let mut items: Vec<FormItem> =
        form.items.iter().enumerate().map(|(i, item)| merged_item(form, i, item, answer)).collect();
    fill_empty_rows(&mut items, answer);
    GameForm { prompt: prompt.clone(), items }
}

/// The answer's new items (their names normalise to something no row has) into the rows whose
/// name is blank, in order; a row's own spellings come first.
fn fill_empty_rows(items: &mut [FormItem], answer: &GameForm) {
    let mut taken: Vec<String> =
        items.iter().map(|it| normalise(&it.name)).filter(|k| !k.is_empty()).collect();
    let mut new = answer.items.iter().filter(|a| {
        let key = normalise(&a.name);
        let fresh = !key.is_empty() && !taken.contains(&key);
        if fresh {
            taken.push(key);
        }
        fresh
    });
    for row in items.iter_mut().filter(|it| it.name.trim().is_empty()) {
        let Some(found) = new.next() else { break };
        let candidates: Vec<String> = row.alt_spellings.iter().chain(&found.alt_spellings).cloned().collect();
        *row = FormItem {
            name: found.name.clone(),
            alt_spellings: dedupe_spellings(&found.name, &candidates, &row.rejected_spellings),
            rejected_spellings: std::mem::take(&mut row.rejected_spellings),
        };
    }
}

fn merged_item(form: &GameForm, i: usize, item: &FormItem, answer: &GameForm) -> FormItem {
    let key = normalise(&item.name);
    let found = answer.items.iter().find(|a| !key.is_empty() && normalise(&a.name) == key);
    let Some(found) = found else { return item.clone() };
    let candidates: Vec<String> = item.alt_spellings.iter().chain(&found.alt_spellings).cloned().collect();
    // Another item's name and a spelling this item does not accept are never merged in.
    let others: Vec<String> = form
        .items
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, o)| o.name.clone())
        .chain(item.rejected_spellings.iter().cloned())
        .collect();
    FormItem {
        name: item.name.clone(),
        alt_spellings: dedupe_spellings(&item.name, &candidates, &others),
        rejected_spellings: item.rejected_spellings.clone(),
    }
}

/// One item as a form holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FormItem {
    pub name: String,
    #[serde(default)]
    pub alt_spellings: Vec<String>,
    /// Spellings never auto-corrected into this item (see `matching`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub rejected_spellings: Vec<String>,
}

/// A game as the create and edit forms send it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GameForm {
    pub prompt: String,
    pub items: Vec<FormItem>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum FormErrorCode {
    /// Empty after trimming.
    Required,
    TooLong,
    /// Not exactly ten items.
    ItemCount,
    /// Normalises to nothing, so no guess could ever match it.
    Unguessable,
    /// Normalises to the same text as another item's name.
    Duplicate,
    TooManySpellings,
    Profanity,
    /// Not one to three distinct categories.
    Categories,
}

/// A problem with one field: `prompt`, `items`, `items.{i}.name`, `items.{i}.altSpellings` or
/// `items.{i}.rejectedSpellings`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FieldError {
    pub field: String,
    pub code: FormErrorCode,
    pub message: String,
}

impl FieldError {
    fn new(field: impl Into<String>, code: FormErrorCode, message: impl Into<String>) -> Self {
        FieldError { field: field.into(), code, message: message.into() }
    }
}

/// The most categories a game may have.
pub const MAX_CATEGORIES: usize = 3;

/// A category name that is not one of the fixed list: the `categories` error the other category
/// problems give, so a client places it on the picker.
pub fn unknown_category() -> FieldError {
    FieldError::new("categories", FormErrorCode::Categories, "Pick categories from the list.")
}

/// A game's categories: one to [`MAX_CATEGORIES`], none twice. The error is on `categories`.
pub fn validate_categories(categories: &[Category]) -> Option<FieldError> {
    let mut distinct = categories.to_vec();
    distinct.sort();
    distinct.dedup();
    let message = if categories.is_empty() {
        "Pick at least one category.".to_string()
    } else if distinct.len() != categories.len() {
        "Pick each category once.".to_string()
    } else if categories.len() > MAX_CATEGORIES {
        format!("Pick at most {MAX_CATEGORIES} categories.")
    } else {
        return None;
    };
    Some(FieldError::new("categories", FormErrorCode::Categories, message))
}

/// Checks a create or edit form: prompt and all ten names filled after trimming, names distinct
/// after normalisation, nothing over the length limits. Returns every problem, not just the first.
pub fn validate_game(form: &GameForm) -> Vec<FieldError> {
    let mut errors = Vec::new();
    check_text(&form.prompt, "prompt", MAX_PROMPT_CHARS, &mut errors);
    if form.items.len() != ITEMS_PER_GAME {
        errors.push(FieldError::new(
            "items",
            FormErrorCode::ItemCount,
            format!("A game needs exactly {ITEMS_PER_GAME} items."),
        ));
    }
    let names: Vec<String> = form.items.iter().map(|it| normalise(&it.name)).collect();
    for (i, item) in form.items.iter().enumerate() {
        check_item(i, item, &names, &mut errors);
    }
    errors
}

fn check_text(text: &str, field: &str, max: usize, errors: &mut Vec<FieldError>) -> bool {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        errors.push(FieldError::new(field, FormErrorCode::Required, "This field is required."));
        return false;
    }
    if trimmed.chars().count() > max {
        errors.push(FieldError::new(field, FormErrorCode::TooLong, format!("At most {max} characters.")));
        return false;
    }
    true
}

fn check_item(i: usize, item: &FormItem, names: &[String], errors: &mut Vec<FieldError>) {
    let field = format!("items.{i}.name");
    if check_text(&item.name, &field, MAX_NAME_CHARS, errors) {
        if names[i].is_empty() {
            errors.push(FieldError::new(
                &field,
                FormErrorCode::Unguessable,
                "Use at least one letter or digit.",
            ));
        } else if names[..i].contains(&names[i]) {
            errors.push(FieldError::new(
                &field,
                FormErrorCode::Duplicate,
                "This item is already on the list.",
            ));
        }
    }
    check_spellings(i, item, names, false, errors);
    check_spellings(i, item, names, true, errors);
}

/// Alternative spellings (`altSpellings`): none is another item's name. Not-accepted spellings
/// (`rejectedSpellings`): none is the item's name or one of its alternative spellings. Both: at
/// most `MAX_SPELLINGS_PER_ITEM`, each at most `MAX_SPELLING_CHARS` characters with a letter or
/// digit. One problem per field.
fn check_spellings(
    i: usize,
    item: &FormItem,
    names: &[String],
    rejected: bool,
    errors: &mut Vec<FieldError>,
) {
    let (key, spellings) = if rejected {
        ("rejectedSpellings", &item.rejected_spellings)
    } else {
        ("altSpellings", &item.alt_spellings)
    };
    let field = format!("items.{i}.{key}");
    if spellings.len() > MAX_SPELLINGS_PER_ITEM {
        errors.push(FieldError::new(
            &field,
            FormErrorCode::TooManySpellings,
            format!("At most {MAX_SPELLINGS_PER_ITEM} spellings."),
        ));
    }
    let accepted: Vec<String> =
        item.alt_spellings.iter().map(|s| normalise(s)).chain([names[i].clone()]).collect();
    for spelling in spellings {
        let normalised = normalise(spelling);
        let (code, message) = if spelling.trim().chars().count() > MAX_SPELLING_CHARS {
            (FormErrorCode::TooLong, format!("Each spelling is at most {MAX_SPELLING_CHARS} characters."))
        } else if normalised.is_empty() {
            (FormErrorCode::Unguessable, "Each spelling needs at least one letter or digit.".to_string())
        } else if rejected && accepted.contains(&normalised) {
            (FormErrorCode::Duplicate, format!("\"{}\" is accepted for this item.", spelling.trim()))
        } else if !rejected
            && names.iter().enumerate().any(|(j, n)| j != i && !n.is_empty() && *n == normalised)
        {
            (FormErrorCode::Duplicate, format!("\"{}\" is another item's name.", spelling.trim()))
        } else {
            continue;
        };
        errors.push(FieldError::new(&field, code, message));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_three_distinct_categories() {
        use Category::*;
        assert_eq!(validate_categories(&[Geography]), None);
        assert_eq!(validate_categories(&[Geography, History, Music]), None);
        for bad in [vec![], vec![Geography, Geography], vec![Geography, History, Music, Sport]] {
            let error = validate_categories(&bad).expect("refused");
            assert_eq!(
                (error.field.as_str(), error.code),
                ("categories", FormErrorCode::Categories),
                "{bad:?}"
            );
        }
    }

    fn form(names: &[&str]) -> GameForm {
        GameForm {
            prompt: "Things".into(),
            items: names.iter().map(|n| FormItem { name: n.to_string(), ..Default::default() }).collect(),
        }
    }

    fn item(name: &str, spellings: &[&str]) -> FormItem {
        FormItem {
            name: name.into(),
            alt_spellings: spellings.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }
    }

    #[test]
    fn merge_matches_by_normalise_and_keeps_the_form() {
        let form = GameForm {
            prompt: "countries".into(),
            items: vec![item("Türkiye", &["Turkey"]), item("", &[]), item("Ivory Coast", &[])],
        };
        let answer = GameForm {
            prompt: "  ".into(),
            items: vec![
                item("ivory coast", &["Côte d'Ivoire", "Turkiye"]),
                item("turkiye", &["TURKEY", "Türkei"]),
            ],
        };
        let merged = merge_autofill(&form, &answer);
        assert_eq!(merged.prompt, "countries");
        assert_eq!(
            merged.items,
            vec![
                item("Türkiye", &["Turkey", "Türkei"]),
                item("", &[]),
                item("Ivory Coast", &["Côte d'Ivoire"])
            ]
        );
    }

    #[test]
    fn ten_distinct_names_pass() {
        let f = form(&["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]);
        assert!(validate_game(&f).is_empty());
    }

    #[test]
    fn reports_every_problem() {
        let mut f = form(&["Paris", "paris!", " ", "d", "e", "f", "g", "h", "i"]);
        f.prompt = "  ".into();
        let codes: Vec<_> = validate_game(&f).into_iter().map(|e| (e.field, e.code)).collect();
        assert_eq!(
            codes,
            vec![
                ("prompt".to_string(), FormErrorCode::Required),
                ("items".to_string(), FormErrorCode::ItemCount),
                ("items.1.name".to_string(), FormErrorCode::Duplicate),
                ("items.2.name".to_string(), FormErrorCode::Required),
            ]
        );
    }
}
