//! Digits ↔ English number words, cardinal (`21` ↔ `twenty-one`) and ordinal (`21st` ↔
//! `twenty-first`), from 0 to 100. Larger numbers are left alone: they are mostly years
//! (`1984`) or model numbers, which nobody spells out.

const UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const TENS: [&str; 10] =
    ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const ORDINAL_UNITS: [&str; 20] = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
];
const ORDINAL_TENS: [&str; 10] = [
    "",
    "",
    "twentieth",
    "thirtieth",
    "fortieth",
    "fiftieth",
    "sixtieth",
    "seventieth",
    "eightieth",
    "ninetieth",
];

/// The largest number spelled out or read back.
const MAX: u32 = 100;

/// A number and whether it is an ordinal (`21st`, `twenty-first`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Number {
    pub value: u32,
    pub ordinal: bool,
}

/// `21` → 21, `21st` → 21 ordinal. Leading zeros (`007`) and numbers above 100 are refused:
/// `zero zero seven` or `one thousand nine hundred eighty-four` would help nobody.
pub fn parse_digits(word: &str) -> Option<Number> {
    let digits_end = word.find(|c: char| !c.is_ascii_digit()).unwrap_or(word.len());
    let (digits, suffix) = word.split_at(digits_end);
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) || digits.len() > 3 {
        return None;
    }
    let value: u32 = digits.parse().ok()?;
    if value > MAX {
        return None;
    }
    match suffix.to_ascii_lowercase().as_str() {
        "" => Some(Number { value, ordinal: false }),
        s if s == ordinal_suffix(value) => Some(Number { value, ordinal: true }),
        _ => None,
    }
}

/// `st`, `nd`, `rd` or `th`, as English writes after the digits.
fn ordinal_suffix(value: u32) -> &'static str {
    match (value % 10, value % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// The digits: `21`, `21st`.
pub fn to_digits(number: Number) -> String {
    if number.ordinal {
        format!("{}{}", number.value, ordinal_suffix(number.value))
    } else {
        number.value.to_string()
    }
}

/// The words, lowercase and hyphenated: `twenty-one`, `twenty-first`, `one hundred`.
pub fn to_words(number: Number) -> String {
    let Number { value, ordinal } = number;
    let (units, tens) = if ordinal { (&ORDINAL_UNITS, &ORDINAL_TENS) } else { (&UNITS, &TENS) };
    match value {
        0..=19 => units[value as usize].to_string(),
        100 if ordinal => "one hundredth".to_string(),
        100 => "one hundred".to_string(),
        _ if value % 10 == 0 => tens[value as usize / 10].to_string(),
        _ => format!("{}-{}", TENS[value as usize / 10], units[value as usize % 10]),
    }
}

/// One lowercase word (`seven`, `twenty-one`, `twentieth`) as a number.
pub fn parse_word(word: &str) -> Option<Number> {
    if let Some((tens, unit)) = word.split_once('-') {
        return combine(tens, unit);
    }
    let tens = |table: &[&str]| position(table, word).map(|t| t * 10);
    if let Some(value) = position(&UNITS, word).or_else(|| tens(&TENS)) {
        return Some(Number { value, ordinal: false });
    }
    let value = position(&ORDINAL_UNITS, word).or_else(|| tens(&ORDINAL_TENS))?;
    Some(Number { value, ordinal: true })
}

/// `twenty` + `one` → 21 (also as two separate words: `twenty one`).
pub fn combine(tens: &str, unit: &str) -> Option<Number> {
    let tens = position(&TENS, tens).filter(|&t| t >= 2)?;
    let (unit, ordinal) = match position(&UNITS, unit) {
        Some(u) => (u, false),
        None => (position(&ORDINAL_UNITS, unit)?, true),
    };
    (1..=9).contains(&unit).then_some(Number { value: tens * 10 + unit, ordinal })
}

fn position(table: &[&str], word: &str) -> Option<u32> {
    table.iter().position(|w| !w.is_empty() && *w == word).map(|i| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(value: u32, ordinal: bool) -> Number {
        Number { value, ordinal }
    }

    #[test]
    fn digits_and_words_round_trip() {
        for value in 0..=MAX {
            for ordinal in [false, true] {
                let number = n(value, ordinal);
                assert_eq!(parse_digits(&to_digits(number)), Some(number), "{number:?}");
                let words = to_words(number);
                let parsed = match words.split_once(' ') {
                    Some(_) => None, // `one hundred` is only ever written, never read back
                    None => parse_word(&words),
                };
                if value < 100 {
                    assert_eq!(parsed, Some(number), "{words}");
                }
            }
        }
    }

    #[test]
    fn spells_the_tricky_ones() {
        assert_eq!(to_words(n(21, false)), "twenty-one");
        assert_eq!(to_words(n(40, true)), "fortieth");
        assert_eq!(to_words(n(12, true)), "twelfth");
        assert_eq!(to_digits(n(11, true)), "11th");
        assert_eq!(to_digits(n(22, true)), "22nd");
        assert_eq!(parse_digits("007"), None);
        assert_eq!(parse_digits("1984"), None);
        assert_eq!(parse_digits("1th"), None);
        assert_eq!(parse_digits("3RD"), Some(n(3, true)));
        assert_eq!(combine("twenty", "first"), Some(n(21, true)));
        assert_eq!(combine("twenty", "zero"), None);
        assert_eq!(combine("one", "two"), None);
    }
}
