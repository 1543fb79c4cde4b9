//! Singular ↔ plural of one lowercase English word. Conservative on purpose: when a word could
//! be either (`glass`, `bus`, `Paris`, `species`) or its other form is irregular and unknown,
//! nothing is produced rather than nonsense.

/// Singular → plural forms that the regular rules get wrong.
const IRREGULAR: &[(&str, &str)] = &[
    ("man", "men"),
    ("woman", "women"),
    ("child", "children"),
    ("person", "people"),
    ("mouse", "mice"),
    ("louse", "lice"),
    ("goose", "geese"),
    ("tooth", "teeth"),
    ("foot", "feet"),
    ("ox", "oxen"),
    ("die", "dice"),
    ("cactus", "cacti"),
    ("fungus", "fungi"),
    ("nucleus", "nuclei"),
    ("octopus", "octopuses"),
    ("criterion", "criteria"),
    ("phenomenon", "phenomena"),
    ("bus", "buses"),
    ("gas", "gases"),
    ("lens", "lenses"),
    ("atlas", "atlases"),
    ("virus", "viruses"),
    ("bonus", "bonuses"),
    ("circus", "circuses"),
    ("walrus", "walruses"),
    ("leaf", "leaves"),
    ("wolf", "wolves"),
    ("knife", "knives"),
    ("wife", "wives"),
    ("life", "lives"),
    ("half", "halves"),
    ("shelf", "shelves"),
    ("loaf", "loaves"),
    ("thief", "thieves"),
    ("calf", "calves"),
    ("elf", "elves"),
    ("scarf", "scarves"),
    ("potato", "potatoes"),
    ("tomato", "tomatoes"),
    ("hero", "heroes"),
    ("echo", "echoes"),
    ("veto", "vetoes"),
    ("torpedo", "torpedoes"),
    ("mosquito", "mosquitoes"),
    ("volcano", "volcanoes"),
    ("domino", "dominoes"),
    ("buffalo", "buffaloes"),
    ("niche", "niches"),
    ("cache", "caches"),
    ("headache", "headaches"),
    ("moustache", "moustaches"),
    ("quiche", "quiches"),
    ("avalanche", "avalanches"),
];

/// Words whose plural is the same word, or that have no other number.
const INVARIANT: &[&str] = &[
    "sheep",
    "fish",
    "deer",
    "moose",
    "series",
    "species",
    "aircraft",
    "salmon",
    "trout",
    "news",
    "bison",
    "cattle",
    "police",
    "swine",
    "offspring",
    "means",
    "headquarters",
    "scissors",
    "trousers",
    "jeans",
    "pants",
    "glasses",
    "physics",
    "mathematics",
    "economics",
    "politics",
    "athletics",
    "gymnastics",
    "texas",
    "christmas",
    "kansas",
    "arkansas",
    "honduras",
    "vegas",
    "mars",
    "canvas",
    "alias",
    "chaos",
    "kudos",
];

/// Words ending in `-ie` whose plural ends in `-ies` (most `-ies` plurals come from `-y`).
const IE_WORDS: &[&str] = &[
    "movie", "cookie", "zombie", "brownie", "rookie", "selfie", "hippie", "calorie", "prairie", "pixie",
    "goalie", "smoothie", "hoodie", "freebie", "genie", "collie", "birdie", "budgie", "newbie", "yuppie",
    "auntie", "sortie",
];

/// The other number of `word` (lowercase ASCII letters): `dog` ↔ `dogs`, `city` ↔ `cities`.
pub fn other_number(word: &str) -> Option<String> {
    if word.len() < 3 || INVARIANT.contains(&word) {
        return None;
    }
    if let Some((_, plural)) = IRREGULAR.iter().find(|(singular, _)| *singular == word) {
        return Some(plural.to_string());
    }
    to_singular(word).or_else(|| plural(word))
}

/// The singular of a word that looks plural (`dogs` → `dog`, `mice` → `mouse`), else `None`.
pub fn to_singular(word: &str) -> Option<String> {
    if word.len() < 3 || INVARIANT.contains(&word) {
        return None;
    }
    if let Some((singular, _)) = IRREGULAR.iter().find(|(_, plural)| *plural == word) {
        return Some(singular.to_string());
    }
    if IRREGULAR.iter().any(|(singular, _)| *singular == word) {
        return None;
    }
    singular(word)
}

/// The singular of a word that looks regularly plural; `None` when it does not look plural.
fn singular(word: &str) -> Option<String> {
    let stem = word.strip_suffix('s')?;
    // `glass`, `bus`, `iris`, `famous`: an `s` that is not a plural ending.
    if stem.ends_with(['s', 'u', 'i']) {
        return None;
    }
    if let Some(base) = word.strip_suffix("ies").filter(|b| b.len() >= 2) {
        let ie_word = format!("{base}ie");
        return Some(if IE_WORDS.contains(&ie_word.as_str()) { ie_word } else { format!("{base}y") });
    }
    let es_stem = word.strip_suffix("es");
    if let Some(base) = es_stem.filter(|b| b.ends_with("ss") || b.ends_with(['x', 'z']) || b.ends_with("ch"))
    {
        return Some(base.to_string());
    }
    if let Some(base) = es_stem.filter(|b| b.ends_with("sh")) {
        return Some(base.to_string());
    }
    Some(stem.to_string()).filter(|s| s.len() >= 2)
}

/// The regular plural of a word that does not look plural.
fn plural(word: &str) -> Option<String> {
    if word.ends_with("ss") || word.ends_with('x') || word.ends_with("ch") || word.ends_with("sh") {
        return Some(format!("{word}es"));
    }
    // Other endings in `s` or `z` (`Paris`, `quiz`, `waltz`) are too often not nouns or irregular.
    if word.ends_with(['s', 'z']) {
        return None;
    }
    if let Some(base) = word.strip_suffix('y').filter(|b| !b.ends_with(['a', 'e', 'i', 'o', 'u'])) {
        return Some(format!("{base}ies"));
    }
    Some(format!("{word}s"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn other(word: &str) -> Option<&'static str> {
        other_number(word).map(|s| &*s.leak())
    }

    #[test]
    fn regular_and_irregular() {
        assert_eq!(other("dog"), Some("dogs"));
        assert_eq!(other("dogs"), Some("dog"));
        assert_eq!(other("city"), Some("cities"));
        assert_eq!(other("cities"), Some("city"));
        assert_eq!(other("day"), Some("days"));
        assert_eq!(other("days"), Some("day"));
        assert_eq!(other("movies"), Some("movie"));
        assert_eq!(other("glass"), Some("glasses"));
        assert_eq!(other("boxes"), Some("box"));
        assert_eq!(other("churches"), Some("church"));
        assert_eq!(other("dishes"), Some("dish"));
        assert_eq!(other("horses"), Some("horse"));
        assert_eq!(other("mice"), Some("mouse"));
        assert_eq!(other("children"), Some("child"));
        assert_eq!(other("wolves"), Some("wolf"));
        assert_eq!(other("potato"), Some("potatoes"));
        assert_eq!(other("photo"), Some("photos"));
        assert_eq!(other("bus"), Some("buses"));
        assert_eq!(other("buses"), Some("bus"));
    }

    #[test]
    fn refuses_what_it_cannot_know() {
        for word in ["paris", "famous", "iris", "sheep", "species", "quiz", "us", "is", "physics", "glasses"]
        {
            let got = other_number(word);
            assert!(got.is_none(), "{word} → {got:?}");
        }
    }
}
