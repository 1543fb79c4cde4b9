//! Turning what a player typed into the comparable form every rule uses.

/// Trims, lowercases, folds accented Latin letters to ASCII and drops every character outside
/// `a–z` and `0–9`. Idempotent.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        for lower in c.to_lowercase() {
            push_folded(lower, &mut out);
        }
    }
    out
}

/// Length of the normalised form, without allocating it twice.
pub fn normalised_len(text: &str) -> usize {
    normalise(text).len()
}

fn push_folded(c: char, out: &mut String) {
    if c.is_ascii_lowercase() || c.is_ascii_digit() {
        out.push(c);
        return;
    }
    if let Some(folded) = fold_latin(c) {
        out.push_str(folded);
    }
}

/// ASCII spelling of a lowercase accented Latin letter (Latin-1 Supplement, Latin Extended-A and
/// a few common extras). Anything else is dropped by the caller.
fn fold_latin(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' | 'ǎ' | 'ạ' | 'ả' | 'ấ' | 'ầ' | 'ẩ' | 'ẫ'
        | 'ậ' | 'ắ' | 'ằ' | 'ẳ' | 'ẵ' | 'ặ' => "a",
        'æ' | 'ǽ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' | 'ẹ' | 'ẻ' | 'ẽ' | 'ế' | 'ề' | 'ể' | 'ễ'
        | 'ệ' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' | 'ǐ' | 'ỉ' | 'ị' => "i",
        'ĳ' => "ij",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' | 'ŉ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' | 'ǒ' | 'ơ' | 'ọ' | 'ỏ' | 'ố' | 'ồ' | 'ổ'
        | 'ỗ' | 'ộ' | 'ớ' | 'ờ' | 'ở' | 'ỡ' | 'ợ' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' | 'ǔ' | 'ư' | 'ụ' | 'ủ' | 'ứ' | 'ừ'
        | 'ử' | 'ữ' | 'ự' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' | 'ỳ' | 'ỵ' | 'ỷ' | 'ỹ' => "y",
        'ź' | 'ż' | 'ž' => "z",
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
    }
}
