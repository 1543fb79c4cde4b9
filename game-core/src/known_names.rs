//! The built-in list of common names (countries and territories, capitals, US states, planets,
//! chemical elements, continents, oceans, major cities) that stops a typo correction from
//! turning one real answer into another: "Poland" is not a typo of the Netherlands' "Holland",
//! nor "Austria" of "Australia".
//!
//! The list is written by hand in `known_names/{language}.txt`, one thing per line. Only a name
//! within typo tolerance of a name of another thing can ever change a guess, so what is compiled
//! in is `known_names/confusable.txt`: those names alone, normalised, one line per thing (its
//! confusable names separated by spaces). It is generated from the language files, and
//! `tests/known_names.rs` fails when regenerating would change it
//! (`UPDATE_KNOWN_NAMES=1 cargo test -p game-core --test known_names` rewrites it). Keeping
//! only those names keeps the play module within its size budget, and the rule decides exactly
//! as it would with the whole list: a guess and a candidate that are both names of the list and
//! within tolerance of each other are both in the compact file.

/// The compiled list: one thing per line, its confusable normalised names separated by spaces.
pub const CONFUSABLE: &str = include_str!("known_names/confusable.txt");

/// The lines of the list that hold `key`. Plain byte loops: `str::lines` and `str::split` cost
/// the play module more than the rule itself.
#[cfg(any(target_arch = "wasm32", test))]
fn lines_naming(key: &[u8]) -> impl Iterator<Item = &'static [u8]> + '_ {
    CONFUSABLE.as_bytes().split(|&b| b == b'\n').filter(move |line| holds(line, key))
}

#[cfg(any(target_arch = "wasm32", test))]
fn holds(line: &[u8], name: &[u8]) -> bool {
    line.split(|&b| b == b' ').any(|n| n == name)
}

/// Whether a normalised text is a name of the list that some other thing's name is close to.
pub fn is_known(key: &str) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return !lines_of(key).is_empty();
    #[cfg(target_arch = "wasm32")]
    return !key.is_empty() && lines_naming(key.as_bytes()).next().is_some();
}

/// Whether two normalised names name the same thing (stand on one line of the list).
pub fn same_thing(a: &str, b: &str) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return a == b || lines_of(a).iter().any(|(_, line)| lines_of(b).iter().any(|(_, l)| l == line));
    #[cfg(target_arch = "wasm32")]
    return a == b || lines_naming(a.as_bytes()).any(|line| holds(line, b.as_bytes()));
}

// Natively, the names are sorted once with their line: a lookup is a binary search, where the
// scan of the whole list cost 2.7 µs of every guess (criterion, `guess_miss`: 6.0 µs against
// 3.5 µs without the rule). The browser keeps the scan: the index would cost the play module's
// bytes, and a guess there is one at a time. `tests::the_index_answers_as_the_scan_does` holds
// them to the same answers.
#[cfg(not(target_arch = "wasm32"))]
fn sorted_names() -> &'static [(&'static str, usize)] {
    // Every (name, line number) of the list, sorted.
    static NAMES: std::sync::OnceLock<Vec<(&'static str, usize)>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<(&str, usize)> = CONFUSABLE
            .split('\n')
            .enumerate()
            .flat_map(|(line, names)| names.split(' ').filter(|n| !n.is_empty()).map(move |n| (n, line)))
            .collect();
        names.sort_unstable();
        names
    })
}

/// The entries of `key` among the sorted names: one per line that names it.
#[cfg(not(target_arch = "wasm32"))]
fn lines_of(key: &str) -> &'static [(&'static str, usize)] {
    let names = sorted_names();
    let start = names.partition_point(|(n, _)| *n < key);
    let end = start + names[start..].partition_point(|(n, _)| *n == key);
    &names[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_of_the_issue() {
        assert!(is_known("poland") && is_known("holland") && is_known("austria"));
        assert!(!is_known("itly") && !is_known(""));
        assert!(same_thing("holland", "netherlands") || !is_known("netherlands"));
        assert!(!same_thing("poland", "holland") && !same_thing("austria", "australia"));
        assert!(same_thing("swaziland", "eswatini") || !is_known("eswatini"));
        assert!(!is_known("hollandd"), "a typo is no name");
    }

    #[test]
    fn the_index_answers_as_the_scan_does() {
        let names: Vec<&str> = CONFUSABLE.split(['\n', ' ']).filter(|n| !n.is_empty()).collect();
        let mut probes: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        probes.extend(names.iter().map(|n| format!("{n}x")));
        probes.extend(names.iter().map(|n| n.chars().take(n.chars().count() / 2).collect::<String>()));
        probes.push(String::new());
        for a in &probes {
            let scanned = !a.is_empty() && lines_naming(a.as_bytes()).next().is_some();
            assert_eq!(is_known(a), scanned, "{a}");
        }
        for a in names.iter().step_by(7) {
            for b in &names {
                let scanned = a == b || lines_naming(a.as_bytes()).any(|line| holds(line, b.as_bytes()));
                assert_eq!(same_thing(a, b), scanned, "{a} / {b}");
            }
        }
    }
}
