//! `{name: [altSpellings]}` as the create form sends it (upload, autofill) and as autofill
//! answers it: kept in the order the player typed the items. A plain map would sort the names
//! and silently merge repeated ones.

use std::fmt;

use serde::de::{self, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct OrderedItems(pub Vec<(String, Vec<String>)>);

impl OrderedItems {
    /// Also accepts a plain list of names (`["Mercury", "Venus"]`), for a client that has no
    /// spellings yet (autofill); use with `#[serde(deserialize_with = …)]`.
    pub fn map_or_names<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ItemsVisitor { names: true })
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
