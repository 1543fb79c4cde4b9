//! Link-preview cards in every script of the app's languages, drawn with the system's fonts
//! (`ensure_fonts` in scripts/tools.sh installs Debian's Noto packages): each is a 1200×630 PNG
//! of at most 100 KB, no character is drawn as a missing-glyph box, right-to-left prompts run
//! right to left, and long prompts stay on the card. Each card is saved to `artifacts/cards/`
//! to be looked at.

use std::path::PathBuf;
use std::time::Instant;

use lavalist::domains::previews::card::{load_fonts, Card, PlacedGlyph, Renderer};
use lavalist::domains::previews::ResultRow;
use lavalist::platform::i18n::Locale;

fn renderer() -> Renderer {
    Renderer::new(load_fonts(None))
}

fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../artifacts/cards");
    std::fs::create_dir_all(&dir).expect("artifacts/cards");
    dir
}

fn day(prompt: &str, result: Option<ResultRow>) -> Card {
    Card::Game { locale: Locale::En, heading: "Day 870".into(), prompt: prompt.into(), result }
}

fn row() -> ResultRow {
    ResultRow { found: vec![true, true, false, true, false, true, true, false, true, true], score: 650 }
}

/// Renders, checks the PNG and saves it as `artifacts/cards/{name}.png`.
fn render(renderer: &Renderer, name: &str, card: &Card) -> Vec<PlacedGlyph> {
    let started = Instant::now();
    let png_bytes = renderer.png(card).expect("rendered");
    let took = started.elapsed();
    let decoder = png::Decoder::new(std::io::Cursor::new(&png_bytes));
    let reader = decoder.read_info().expect("a PNG");
    assert_eq!((reader.info().width, reader.info().height), (1200, 630), "{name}");
    assert!(png_bytes.len() <= 100 * 1024, "{name}: {} bytes", png_bytes.len());
    std::fs::write(artifacts().join(format!("{name}.png")), &png_bytes).expect("saved");
    eprintln!("{name}: {} bytes in {took:?} (debug build)", png_bytes.len());
    let glyphs = renderer.glyphs(card).expect("laid out");
    let tofu: Vec<&str> = glyphs.iter().filter(|g| g.notdef).map(|g| g.text.as_str()).collect();
    assert!(tofu.is_empty(), "{name}: drawn as missing glyphs: {tofu:?}");
    glyphs
}

/// The glyphs of the prompt's lines (the header's baseline is 104, the score's 538).
fn prompt_glyphs(glyphs: &[PlacedGlyph]) -> Vec<&PlacedGlyph> {
    glyphs.iter().filter(|g| g.y > 150.0 && g.y < 500.0).collect()
}

#[test]
fn every_script_of_the_app_renders_without_missing_glyphs() {
    let renderer = renderer();
    assert!(
        renderer.missing_families().is_empty(),
        "fonts missing: {:?} (run ensure_fonts)",
        renderer.missing_families()
    );
    let cards = [
        ("latin", "Things you find in a kitchen drawer"),
        ("latin-accents", "Château, Zürich, São Paulo, Łódź: cities with diacritics"),
        ("cyrillic", "Столицы стран Европы"),
        ("greek", "Θεοί του Ολύμπου"),
        ("japanese", "日本の都道府県で一番大きい町"),
        ("chinese", "中国的著名河流和湖泊"),
        ("korean", "한국의 전통 음식 이름"),
        ("arabic", "عواصم الدول العربية"),
        ("hebrew", "ערים בישראל לפי גודל"),
        ("devanagari", "भारत के प्रसिद्ध त्योहार"),
    ];
    for (name, prompt) in cards {
        let glyphs = render(&renderer, name, &day(prompt, None));
        let drawn: String = prompt_glyphs(&glyphs).iter().map(|g| g.text.as_str()).collect();
        let letters = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
        // Every letter of the prompt is in some glyph (a cluster may hold several).
        assert!(letters(&drawn) >= letters(prompt) - 1, "{name}: drew {drawn:?} of {prompt:?}");
    }
    // The site's card in each language, its lines fitted to the card's width.
    for locale in Locale::ALL {
        let glyphs = render(&renderer, &format!("site-{}", locale.tag()), &Card::Site(locale));
        assert!(
            glyphs.iter().all(|g| g.x >= 60.0 && g.x <= 1140.0),
            "{}: a glyph off the card",
            locale.tag()
        );
    }
    render(&renderer, "latin-result", &day("Things you find in a kitchen drawer", Some(row())));
    render(&renderer, "japanese-result", &day("日本の都道府県で一番大きい町", Some(row())));
    render(&renderer, "arabic-result", &day("عواصم الدول العربية", Some(row())));
    render(&renderer, "cyrillic-result", &day("Столицы стран Европы", Some(row())));
}

#[test]
fn right_to_left_prompts_run_right_to_left_and_arabic_is_shaped() {
    let renderer = renderer();
    let prompt = "عواصم الدول العربية";
    let glyphs = render(&renderer, "arabic-order", &day(prompt, None));
    let line = prompt_glyphs(&glyphs);
    let x_of = |word: &str| {
        line.iter()
            .filter(|g| word.contains(g.text.as_str()) && !g.text.trim().is_empty())
            .map(|g| g.x)
            .fold(f32::NAN, f32::min)
    };
    // The first word in reading order stands right of the last.
    let (first, last) = (x_of("عواصم"), x_of("العربية"));
    assert!(first > last, "first word at {first}, last at {last}");
    // The line ends at the right margin: anchored there, as right-to-left text is.
    let right = line.iter().map(|g| g.x).fold(0.0, f32::max);
    assert!(right > 900.0, "rightmost glyph at {right}");
    // Shaped: one letter three times in a word takes its initial, medial and final forms,
    // three different glyphs (unshaped, it would be one glyph thrice), drawn right to left.
    let joined = render(&renderer, "arabic-joined", &day("ععع", None));
    let ain: Vec<&PlacedGlyph> = prompt_glyphs(&joined).into_iter().filter(|g| g.text == "ع").collect();
    assert_eq!(ain.len(), 3, "{ain:?}");
    let mut ids: Vec<u32> = ain.iter().map(|g| g.glyph).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 3, "initial, medial and final forms: {ain:?}");
    let hebrew = render(&renderer, "hebrew-order", &day("ערים בישראל", None));
    let hebrew_line = prompt_glyphs(&hebrew);
    let first_hebrew =
        hebrew_line.iter().filter(|g| "ערים".contains(g.text.as_str())).map(|g| g.x).fold(f32::NAN, f32::min);
    let last_hebrew = hebrew_line
        .iter()
        .filter(|g| "בישראל".contains(g.text.as_str()))
        .map(|g| g.x)
        .fold(f32::NAN, f32::min);
    assert!(first_hebrew > last_hebrew, "Hebrew: {first_hebrew} vs {last_hebrew}");
}

#[test]
fn long_prompts_wrap_and_end_in_an_ellipsis_inside_the_card() {
    let renderer = renderer();
    let long = "The longest rivers, lakes, mountains and seas that one could ever name in a single breath without stopping, including every tributary of the Amazon and the Nile and the Mississippi and more";
    for (name, prompt) in [
        ("long-latin", long.to_string()),
        ("long-japanese", "日本の都道府県".repeat(12)),
        ("long-arabic", "عواصم الدول العربية ".repeat(8)),
        ("long-word", "Supercalifragilisticexpialidocious".repeat(4)),
    ] {
        let glyphs = render(&renderer, name, &day(&prompt, Some(row())));
        let line = prompt_glyphs(&glyphs);
        assert!(!line.is_empty(), "{name}");
        for g in &line {
            assert!(g.x >= 60.0 && g.x <= 1140.0, "{name}: a glyph at x = {}", g.x);
        }
        let lines = {
            let mut ys: Vec<i32> = line.iter().map(|g| g.y.round() as i32).collect();
            ys.dedup();
            ys.len()
        };
        assert!((2..=3).contains(&lines), "{name}: {lines} lines");
        assert!(line.iter().any(|g| g.text.contains('…')), "{name}: no ellipsis");
    }
    // A short prompt is one line and has no ellipsis.
    let glyphs = render(&renderer, "short", &day("Colours", None));
    assert!(!glyphs.iter().any(|g| g.text.contains('…')));
}

#[test]
fn the_svg_holds_only_what_the_card_shows() {
    let renderer = renderer();
    let svg = renderer.svg(&day("Planets & <moons>", Some(row()))).unwrap();
    assert!(svg.contains("Planets &amp; &lt;moons&gt;"), "{svg}");
    assert!(svg.contains("Day 870") && svg.contains("Score: 650"));
    assert!(!svg.contains("<image") && !svg.contains("href"), "no external resources: {svg}");
    // ETags follow the content.
    assert_ne!(day("A", None).etag(), day("B", None).etag());
    assert_ne!(day("A", None).etag(), day("A", Some(row())).etag());
    assert_eq!(day("A", Some(row())).etag(), day("A", Some(row())).etag());
}

#[test]
fn the_fonts_folder_setting_is_what_cards_are_drawn_with() {
    // Only fonts-noto-core's folder: the CJK family is missing (and named), Latin still draws.
    let core = Renderer::new(load_fonts(Some(std::path::Path::new("/usr/share/fonts/truetype/noto"))));
    assert_eq!(core.missing_families(), ["Noto Sans CJK JP"]);
    assert!(core.face_count() > 0);
    let latin = core.glyphs(&day("Colours", None)).unwrap();
    assert!(latin.iter().all(|g| !g.notdef), "{latin:?}");
    // An empty folder: no text at all, and still a card of the right size (the server warns).
    let empty = tempfile::TempDir::new().unwrap();
    let none = Renderer::new(load_fonts(Some(empty.path())));
    assert_eq!(none.face_count(), 0);
    assert_eq!(none.missing_families().len(), 5);
    let png_bytes = none.png(&day("Colours", None)).unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(&png_bytes)).read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (1200, 630));
}
