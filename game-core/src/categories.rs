//! The fixed list of community-game categories: a creator picks one to three
//! ([`crate::forms::validate_categories`]); explore filters by one. Stored as a bit set (one bit
//! per category, in this list's order), so a game's categories are one integer column.

use serde::{Deserialize, Serialize};

/// A community game's category. The wire name is the kebab-case slug (`film-tv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    Geography,
    History,
    Science,
    Sport,
    Music,
    FilmTv,
    Books,
    FoodDrink,
    Nature,
    Language,
    Games,
    People,
    Miscellaneous,
}

impl Category {
    /// Every category, in the order the forms and explore show them (and their bits).
    pub const ALL: [Category; 13] = [
        Category::Geography,
        Category::History,
        Category::Science,
        Category::Sport,
        Category::Music,
        Category::FilmTv,
        Category::Books,
        Category::FoodDrink,
        Category::Nature,
        Category::Language,
        Category::Games,
        Category::People,
        Category::Miscellaneous,
    ];

    /// The label players read.
    pub fn label(self) -> &'static str {
        match self {
            Category::Geography => "Geography",
            Category::History => "History",
            Category::Science => "Science",
            Category::Sport => "Sport",
            Category::Music => "Music",
            Category::FilmTv => "Film & TV",
            Category::Books => "Books",
            Category::FoodDrink => "Food & Drink",
            Category::Nature => "Nature",
            Category::Language => "Language",
            Category::Games => "Games",
            Category::People => "People",
            Category::Miscellaneous => "Miscellaneous",
        }
    }

    /// This category's bit in a stored set.
    pub fn bit(self) -> i32 {
        let index = Category::ALL.iter().position(|c| *c == self).unwrap_or(0);
        1 << index
    }

    /// The bit set of `categories` (repeats count once).
    pub fn mask(categories: &[Category]) -> i32 {
        categories.iter().fold(0, |mask, c| mask | c.bit())
    }

    /// The categories of a stored bit set, in list order (unknown bits are ignored).
    pub fn from_mask(mask: i32) -> Vec<Category> {
        Category::ALL.into_iter().filter(|c| mask & c.bit() != 0).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_round_trip_in_list_order() {
        let picked = [Category::Sport, Category::Geography, Category::Sport];
        let mask = Category::mask(&picked);
        assert_eq!(mask, 0b1001);
        assert_eq!(Category::from_mask(mask), vec![Category::Geography, Category::Sport]);
        assert_eq!(Category::from_mask(Category::mask(&Category::ALL)), Category::ALL.to_vec());
    }

    #[test]
    fn wire_names_are_slugs() {
        let names: Vec<String> = Category::ALL
            .iter()
            .map(|c| serde_json::to_string(c).unwrap().trim_matches('"').to_string())
            .collect();
        assert_eq!(names[5], "film-tv");
        assert_eq!(names[7], "food-drink");
        assert_eq!(names[12], "miscellaneous");
    }
}
