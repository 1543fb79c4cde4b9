//! Turning what a player typed into the comparable form every rule uses.

/// Trims, lowercases, folds accented Latin letters to ASCII and drops every character outside
/// `a–z` and `0–9`. Idempotent.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // The fold tables cover upper and lower case alike, so no Unicode case tables are needed
    // (they would cost the WASM module several kilobytes).
    for c in text.trim().chars() {
        push_folded(c.to_ascii_lowercase(), &mut out);
    }
    out
}

/// Length of the normalised form, without allocating it twice.
pub fn normalised_len(text: &str) -> usize {
    normalise(text).len()
}

/// Whether a character separates the words a length hint counts apart: white space, hyphens and
/// dashes, and the slash ("AC/DC"). Apostrophes and dots do not ("Côte d'Ivoire" has two words).
fn separates_words(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | '\u{2010}' | '\u{2011}' | '\u{2013}' | '\u{2014}' | '/')
}

/// The normalised length of each word: "Soviet Union" is `[6, 5]`, "Île-de-France" `[3, 2, 6]`.
/// A part with nothing left once normalised (a lone "&") is no word. Separators normalise to
/// nothing, so the words add up to `normalised_len(text)`.
pub fn word_lengths(text: &str) -> Vec<usize> {
    let mut folded = String::with_capacity(text.len());
    let mut words = Vec::new();
    let mut start = 0;
    for c in text.chars().chain([' ']) {
        if separates_words(c) {
            if folded.len() > start {
                words.push(folded.len() - start);
            }
            start = folded.len();
        } else {
            push_folded(c.to_ascii_lowercase(), &mut folded);
        }
    }
    words
}

fn push_folded(c: char, out: &mut String) {
    if c.is_ascii_lowercase() || c.is_ascii_digit() {
        out.push(c);
    } else if let Some(pair) = fold_to_two_letters(c) {
        out.push_str(pair);
    } else if let Some(letter) = fold_to_letter(c) {
        out.push(letter);
    }
}

/// ASCII base letter of every code point in Latin-1 Supplement, Latin Extended-A and -B
/// (U+00C0–U+024F), `.` where there is none. Generated from Unicode's compatibility
/// decompositions plus the letters that do not decompose (ø→o, ł→l, đ→d, ħ→h, ı→i, …).
const LATIN_BASE: &[u8; 0x250 - 0xC0] = b"aaaaaa.ceeeeiiiidnooooo.ouuuuy..aaaaaa.ceeeeiiiidnooooo.ouuuuy.yaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii..jjkkkllllllllllnnnnnnnnnoooooo..rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzsbbbb..occ.ddd.eeeffgg.iikkl..nnooo..pp...s.ttttuuuvyyzzz.......w.............aaiioouuuuuuuuuueaaaa..ggggkkoooozzj...gg.wnnaa..ooaaaaeeeeiiiioooorrrruuuussttyyhhnd..zzaaeeooooooooyylntj...ccl.sz..bu.eejj..rryy";

/// The same for Latin Extended Additional (U+1E00–U+1EFF): dot-below transliterations
/// (ṛ, ṣ, ḥ), Vietnamese, Welsh ŵ/ẃ and so on.
const LATIN_EXTENDED_ADDITIONAL: &[u8; 0x100] = b"aabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwyasss.daaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy..vvyy";

fn fold_to_letter(c: char) -> Option<char> {
    let cp = c as usize;
    let base = match cp {
        0xC0..=0x24F => LATIN_BASE[cp - 0xC0],
        0x1E00..=0x1EFF => LATIN_EXTENDED_ADDITIONAL[cp - 0x1E00],
        _ => return None,
    };
    (base != b'.').then_some(base as char)
}

/// Ligatures and letters whose ASCII spelling takes two letters.
fn fold_to_two_letters(c: char) -> Option<&'static str> {
    Some(match c {
        'Æ' | 'æ' | 'Ǣ' | 'ǣ' | 'Ǽ' | 'ǽ' => "ae",
        'Þ' | 'þ' => "th",
        'ß' | 'ẞ' => "ss",
        'Ĳ' | 'ĳ' => "ij",
        'Œ' | 'œ' => "oe",
        'ƕ' | 'Ƕ' => "hv",
        'Ƣ' | 'ƣ' => "oi",
        'Ǆ' | 'ǅ' | 'ǆ' | 'Ǳ' | 'ǲ' | 'ǳ' => "dz",
        'Ǉ' | 'ǈ' | 'ǉ' => "lj",
        'Ǌ' | 'ǋ' | 'ǌ' => "nj",
        'Ȣ' | 'ȣ' => "ou",
        'ȸ' => "db",
        'ȹ' => "qp",
        'Ỻ' | 'ỻ' => "ll",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_accents_and_drops_punctuation() {
        assert_eq!(normalise("  Crème Brûlée! "), "cremebrulee");
        assert_eq!(normalise("Straße"), "strasse");
        assert_eq!(normalise("Æsir, Øresund, Œuvre, Łódź"), "aesiroresundoeuvrelodz");
        assert_eq!(normalise("São Paulo"), "saopaulo");
        assert_eq!(normalise("ÉCOLE"), "ecole");
        assert_eq!(normalise("R2-D2"), "r2d2");
        assert_eq!(normalise("日本"), "");
        assert_eq!(normalise("Kṛṣṇa"), "krsna");
        assert_eq!(normalise("Lǜdǎo"), "ludao");
        assert_eq!(normalise("×÷"), "");
    }

    #[test]
    fn words_split_at_spaces_dashes_and_slashes() {
        assert_eq!(word_lengths("Soviet Union"), [6, 5]);
        assert_eq!(word_lengths("Île-de-France"), [3, 2, 6]);
        assert_eq!(word_lengths("Guinea–Bissau"), [6, 6]);
        assert_eq!(word_lengths("AC/DC"), [2, 2]);
        assert_eq!(word_lengths("Côte d'Ivoire"), [4, 7]);
        assert_eq!(word_lengths("St. Louis"), [2, 5]);
        assert_eq!(word_lengths("  Trinidad & Tobago "), [8, 6]);
        assert_eq!(word_lengths("Maximilianstraße"), [17]);
        assert_eq!(word_lengths("日本"), Vec::<usize>::new());
        for text in ["Soviet Union", "Saint Kitts & Nevis", " - ", "Ku'damm", "Auvergne-Rhône-Alpes"] {
            assert_eq!(word_lengths(text).iter().sum::<usize>(), normalised_len(text), "{text}");
        }
    }
}
