//! `{name: [altSpellings]}` as the create form sends it (upload, autofill) and as autofill
//! answers it: kept in the order the player typed the items. A plain map would sort the names
//! and silently merge repeated ones.

use std::fmt;

use game_core::forms::FormItem;
use serde::de::{self, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct OrderedItems(pub Vec<(String, Vec<String>)>);

impl OrderedItems {
    /// The items as game-core's form items (names and spellings as sent).
    pub fn form_items(&self) -> Vec<FormItem> {
        self.0
            .iter()
            .map(|(name, spellings)| FormItem {
                name: name.clone(),
                alt_spellings: spellings.clone(),
                ..FormItem::default()
            })
            .collect()
    }

    /// The named items of a form, in order (an item without a name has nothing to key by).
    pub fn from_form_items(items: Vec<FormItem>) -> Self {
        OrderedItems(
            items
                .into_iter()
                .filter(|it| !it.name.is_empty())
                .map(|it| (it.name, it.alt_spellings))
                .collect(),
        )
    }
}

/// Autofill's items: the ordered map, or a plain list of names (`["Mercury", "Venus"]`) for a
/// client that has no spellings yet.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize)]
pub struct ItemsOrNames(pub OrderedItems);

impl<'de> Deserialize<'de> for ItemsOrNames {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ItemsVisitor { names: true }).map(ItemsOrNames)
    }
}

impl<'de> Deserialize<'de> for OrderedItems {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ItemsVisitor { names: false })
    }
}

impl Serialize for OrderedItems {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, spellings) in &self.0 {
            map.serialize_entry(name, spellings)?;
        }
        map.end()
    }
}

/// `names`: whether a list of names is accepted besides the map.
struct ItemsVisitor {
    names: bool,
}

impl<'de> Visitor<'de> for ItemsVisitor {
    type Value = OrderedItems;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of item name to a list of alternative spellings")?;
        if self.names {
            f.write_str(", or a list of names")?;
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OrderedItems, A::Error> {
        let mut items = Vec::new();
        while let Some(entry) = map.next_entry::<String, Vec<String>>()? {
            items.push(entry);
        }
        Ok(OrderedItems(items))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<OrderedItems, A::Error> {
        if !self.names {
            return Err(de::Error::invalid_type(Unexpected::Seq, &self));
        }
        let mut items = Vec::new();
        while let Some(name) = seq.next_element::<String>()? {
            items.push((name, Vec::new()));
        }
        Ok(OrderedItems(items))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autofill::{AutofillBody, AutofillResponse};

    fn parse(json: &str) -> Result<AutofillBody, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn items_as_a_map_or_a_list_keep_their_order() {
        let body = parse(r#"{"prompt": "p", "items": {"b": ["x"], "a": [], "b": []}}"#).unwrap();
        let names: Vec<&str> = body.items.0 .0.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["b", "a", "b"]);
        let body = parse(r#"{"prompt": "p", "items": ["Venus", "Mars"]}"#).unwrap();
        assert_eq!(body.items.0 .0, [("Venus".to_string(), vec![]), ("Mars".to_string(), vec![])]);
        assert!(parse(r#"{"prompt": "p", "items": "Venus"}"#).is_err());
        assert!(parse(r#"{"prompt": "p", "items": [1]}"#).is_err());
        assert!(parse(r#"{"prompt": "p", "items": {"a": "x"}}"#).is_err());
    }

    #[test]
    fn the_response_keeps_the_form_order_and_skips_empty_names() {
        let items = vec![
            FormItem { name: "b".into(), alt_spellings: vec!["B1".into()], ..FormItem::default() },
            FormItem { name: "".into(), alt_spellings: vec!["lost".into()], ..FormItem::default() },
            FormItem { name: "a".into(), ..FormItem::default() },
        ];
        let response = AutofillResponse {
            prompt: "P".into(),
            items: OrderedItems::from_form_items(items),
            cooldown_ms: 0,
            added_items: 0,
            added_spellings: 1,
            doubtful_spellings: 0,
        };
        let json = serde_json::to_string(&response).unwrap();
        assert_eq!(
            json,
            r#"{"prompt":"P","items":{"b":["B1"],"a":[]},"cooldownMs":0,"addedItems":0,"addedSpellings":1,"doubtfulSpellings":0}"#
        );
    }
}
