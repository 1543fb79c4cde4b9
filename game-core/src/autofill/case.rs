//! Upper and lower case for the Latin letters a list's names are written in (ASCII, Latin-1
//! Supplement and Latin Extended-A). Rust's Unicode case tables would work for every script but
//! add several kilobytes to the create page's WASM module; other scripts are left as they are
//! (and normalise to nothing in a guess anyway).

/// The capital of a Latin letter; any other character unchanged. (`ß` has no one-letter
/// capital in common use and stays.)
pub fn to_upper(c: char) -> char {
    let cp = c as u32;
    let upper = match cp {
        0x61..=0x7A => cp - 0x20,
        0xE0..=0xFE if cp != 0xF7 => cp - 0x20,
        0xFF => 0x178,
        0x131 => 0x49, // dotless ı → I
        // Latin Extended-A pairs capital and small letters: capital first, except in the
        // two runs where it comes second.
        0x100..=0x137 | 0x14A..=0x177 if cp % 2 == 1 => cp - 1,
        0x139..=0x148 | 0x179..=0x17E if cp.is_multiple_of(2) => cp - 1,
        _ => cp,
    };
    char::from_u32(upper).unwrap_or(c)
}

pub fn is_upper(c: char) -> bool {
    let cp = c as u32;
    match cp {
        0x41..=0x5A | 0x178 => true,
        0xC0..=0xDE => cp != 0xD7,
        0x100..=0x137 | 0x14A..=0x177 => cp.is_multiple_of(2),
        0x139..=0x148 | 0x179..=0x17E => cp % 2 == 1,
        _ => false,
    }
}

pub fn is_lower(c: char) -> bool {
    to_upper(c) != c || matches!(c, 'ß' | 'ĸ' | 'ŉ' | 'ſ' | 'ª' | 'º' | 'µ')
}

/// A letter these tables know, or an ASCII digit.
pub fn is_latin_alphanumeric(c: char) -> bool {
    c.is_ascii_digit() || is_upper(c) || is_lower(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_unicode_on_latin_letters() {
        for c in ('\u{0}'..='\u{17F}').filter(|c| c.is_alphabetic()) {
            let unicode: Vec<char> = c.to_uppercase().collect();
            if unicode.len() == 1 && !matches!(c, 'ß' | 'µ' | 'ſ') {
                assert_eq!(to_upper(c), unicode[0], "{c}");
            }
            assert_eq!(is_upper(c), c.is_uppercase(), "{c}");
            assert_eq!(is_lower(c), c.is_lowercase(), "{c}");
        }
        assert_eq!(to_upper('×'), '×');
        assert_eq!(to_upper('日'), '日');
        assert!(!is_latin_alphanumeric('¿') && !is_latin_alphanumeric('🌋'));
    }
}
