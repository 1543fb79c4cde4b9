//! The link-preview image: a 1200×630 PNG drawn from an SVG template by resvg. The template
//! holds the brand, the day (or "Community game"), the prompt and, for a shared result, its
//! circle row and score; never an item. Its words are in the card's language (the game's, or
//! for the site's card the reader's): Fluent messages `card-*` (server/locales) and the app's
//! own "Score: …". Text is shaped by resvg (harfrust, the HarfBuzz port,
//! with BiDi runs from unicode-bidi), so Arabic letters join and right-to-left prompts run right
//! to left; fonts come from one database loaded at start ([`load_fonts`]).
//!
//! SVG has no line wrapping, so the prompt is wrapped here: its words (and each CJK character,
//! as a line may break between any two) are measured by laying them out with the same fonts,
//! then packed into lines greedily; a prompt that needs more lines than the card has ends in "…".

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use resvg::tiny_skia;
use resvg::usvg::{self, fontdb, Node};
use sha2::{Digest, Sha256};

use super::token::ResultRow;
use crate::platform::error::AppError;
use crate::platform::i18n::{self, Locale};

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// Changes whenever the template changes, so every ETag (and card URL) changes with it.
const TEMPLATE_VERSION: &str = "card-4";
const MARGIN: f32 = 64.0;
const TEXT_WIDTH: f32 = WIDTH as f32 - 2.0 * MARGIN;
/// The families asked for, in order: Latin, Greek and Cyrillic; Japanese, Chinese and Korean;
/// Arabic; Hebrew; Devanagari. A character none of them has falls back to any font that has it.
const FAMILIES: &[&str] =
    &["Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari"];
/// What `sans-serif` (and the renderer's last resort, `serif`) mean when the preferred fonts are
/// missing: whichever of these the database has first.
const GENERIC_CANDIDATES: &[&str] = &["Noto Sans", "DejaVu Sans", "Liberation Sans", "FreeSans"];
const ELLIPSIS: &str = "…";
/// The font size the prompt's pieces are measured at (px).
const MEASURE_SIZE: f32 = 100.0;

/// What a card shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Card {
    /// The site's own card: brand and tagline, in this language. Every page whose game cannot
    /// be shown gets it.
    Site(Locale),
    Game {
        /// The language of the card's words: the game's.
        locale: Locale,
        /// `Day 870` or `Community game`, in that language.
        heading: String,
        prompt: String,
        /// A shared result's circles and score.
        result: Option<ResultRow>,
    },
}

impl Card {
    /// The language of the card's words.
    pub fn locale(&self) -> Locale {
        match self {
            Card::Site(locale) | Card::Game { locale, .. } => *locale,
        }
    }

    /// A strong validator from everything the picture depends on: the template's version and
    /// the card's content (the fonts are the deployment's, and a new template version follows
    /// a font change).
    pub fn etag(&self) -> String {
        let mut hash = Sha256::new();
        hash.update(TEMPLATE_VERSION.as_bytes());
        hash.update(self.locale().tag().as_bytes());
        match self {
            Card::Site(_) => hash.update(b"\0site"),
            Card::Game { heading, prompt, result, .. } => {
                for part in [heading.as_str(), prompt.as_str()] {
                    hash.update(b"\0");
                    hash.update(part.as_bytes());
                }
                if let Some(row) = result {
                    hash.update(b"\0");
                    hash.update(row.found.iter().map(|f| if *f { b'1' } else { b'0' }).collect::<Vec<u8>>());
                    hash.update(row.score.to_be_bytes());
                }
            }
        }
        hex::encode(&hash.finalize()[..12])
    }
}

/// The font databases loaded so far, by directory (`None`: the system's). Loaded once per
/// process: every app state of the process (the test suite builds hundreds) shares it.
static FONTS: OnceLock<Mutex<HashMap<Option<PathBuf>, Arc<fontdb::Database>>>> = OnceLock::new();

/// The font database of `dir` (every font file under it), or of the system's font folders.
pub fn load_fonts(dir: Option<&Path>) -> Arc<fontdb::Database> {
    let mut loaded = FONTS.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner);
    loaded
        .entry(dir.map(Path::to_path_buf))
        .or_insert_with(|| {
            let mut db = fontdb::Database::new();
            match dir {
                Some(dir) => db.load_fonts_dir(dir),
                None => db.load_system_fonts(),
            }
            let generic = GENERIC_CANDIDATES.iter().find(|name| has_family(&db, name)).map(|s| s.to_string());
            if let Some(name) = generic {
                db.set_sans_serif_family(name.clone());
                db.set_serif_family(name);
            }
            Arc::new(db)
        })
        .clone()
}

fn has_family(db: &fontdb::Database, name: &str) -> bool {
    db.faces().any(|face| face.families.iter().any(|(family, _)| family == name))
}

/// Renders cards with one font database.
pub struct Renderer {
    options: usvg::Options<'static>,
    /// The faces tried for a character the first font lacks, in [`FAMILIES`] order.
    missing: Vec<&'static str>,
    faces: usize,
}

impl Renderer {
    pub fn new(fonts: Arc<fontdb::Database>) -> Self {
        let missing = FAMILIES.iter().copied().filter(|name| !has_family(&fonts, name)).collect();
        let faces = fonts.len();
        let mut options = usvg::Options { fontdb: fonts, ..usvg::Options::default() };
        options.font_resolver.select_fallback = preferred_fallback();
        Renderer { options, missing, faces }
    }

    /// The preferred families the database lacks (their scripts then fall back to any font
    /// that has the characters, or are not drawn): logged at start.
    pub fn missing_families(&self) -> &[&'static str] {
        &self.missing
    }

    pub fn face_count(&self) -> usize {
        self.faces
    }

    /// The card's SVG, its text laid out.
    pub fn svg(&self, card: &Card) -> Result<String, AppError> {
        match card {
            Card::Site(locale) => self.site_svg(*locale),
            Card::Game { locale, heading, prompt, result } => {
                self.game_svg(*locale, heading, prompt, result.as_ref())
            }
        }
    }

    /// The card as a PNG.
    pub fn png(&self, card: &Card) -> Result<Vec<u8>, AppError> {
        let svg = self.svg(card)?;
        let tree = usvg::Tree::from_str(&svg, &self.options).map_err(AppError::internal)?;
        let mut pixmap =
            tiny_skia::Pixmap::new(WIDTH, HEIGHT).ok_or_else(|| AppError::internal("no card pixmap"))?;
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
        pixmap.encode_png().map_err(AppError::internal)
    }

    /// Every glyph the card's text is drawn with, in the order laid out: what tests read to
    /// see that no character fell to a font's `.notdef` box (tofu) and that right-to-left text
    /// runs right to left.
    pub fn glyphs(&self, card: &Card) -> Result<Vec<PlacedGlyph>, AppError> {
        let tree = usvg::Tree::from_str(&self.svg(card)?, &self.options).map_err(AppError::internal)?;
        let mut glyphs = Vec::new();
        collect_glyphs(tree.root(), &mut glyphs);
        Ok(glyphs)
    }

    fn game_svg(
        &self,
        locale: Locale,
        heading: &str,
        prompt: &str,
        result: Option<&ResultRow>,
    ) -> Result<String, AppError> {
        let prompt = crate::platform::text::capitalise(crate::platform::text::strip_controls(prompt).trim());
        let rtl = unicode_bidi::get_base_direction(prompt.as_str()) == unicode_bidi::Direction::Rtl;
        // (font size, lines): the largest size at which the prompt fits, else the last, cut.
        let attempts: &[(f32, usize)] =
            if result.is_some() { &[(64.0, 2), (50.0, 3)] } else { &[(72.0, 3), (56.0, 4)] };
        let measured = self.measure_prompt(&prompt)?;
        let mut layout = None;
        for &(size, max_lines) in attempts {
            let lines = self.wrap(&measured, size, max_lines)?;
            let fits = !lines.cut;
            layout = Some((size, lines.lines));
            if fits {
                break;
            }
        }
        let (size, lines) = layout.unwrap_or((56.0, Vec::new()));
        let mut svg = frame();
        svg.push_str(&brand(64.0, 72.0));
        svg.push_str(&format!(
            r##"<text x="{}" y="104" text-anchor="end" font-size="40" font-weight="700" fill="#ffb703">{}</text>"##,
            WIDTH as f32 - MARGIN,
            escape(&directed(heading, locale.is_rtl()))
        ));
        let line_height = size * 1.22;
        let block = line_height * lines.len() as f32;
        // The prompt's block is centred in the band between the header and the footer.
        let (band_top, band_bottom) = if result.is_some() { (150.0, 440.0) } else { (150.0, 520.0) };
        let first_baseline = band_top + (band_bottom - band_top - block) / 2.0 + size;
        for (i, text) in lines.iter().enumerate() {
            let y = first_baseline + line_height * i as f32;
            svg.push_str(&line(rtl, y, size, r##"font-weight="700" fill="#ffffff""##, text));
        }
        match result {
            Some(row) => svg.push_str(&result_row(row, locale)),
            None => {
                let footer = game_footer(locale);
                let size = self.fitted(&[(footer.as_str(), 32.0)])?[0];
                svg.push_str(&line(locale.is_rtl(), 572.0, size, r##"fill="#d9c2b8""##, &footer));
            }
        }
        svg.push_str("</svg>");
        Ok(svg)
    }

    /// The site's card: the brand, what the game is, and what there is to play.
    fn site_svg(&self, locale: Locale) -> Result<String, AppError> {
        let words = [
            (
                i18n::text(locale, "card-site-title", &[]),
                84.0,
                300.0,
                r##"font-weight="700" fill="#ffffff""##,
            ),
            (i18n::text(locale, "card-site-tagline", &[]), 52.0, 400.0, r##"fill="#ffb703""##),
            (i18n::text(locale, "card-site-footer", &[]), 32.0, 560.0, r##"fill="#d9c2b8""##),
        ];
        let sizes = self.fitted(&words.each_ref().map(|(text, size, ..)| (text.as_str(), *size)))?;
        let mut svg = frame();
        svg.push_str(&brand(64.0, 72.0));
        for ((text, _, y, style), size) in words.iter().zip(sizes) {
            svg.push_str(&line(locale.is_rtl(), *y, size, style, text));
        }
        svg.push_str("</svg>");
        Ok(svg)
    }

    /// The font size of each (text, size wanted) at which it fits in [`TEXT_WIDTH`]: the size
    /// wanted, or less for a text too long at it (a language's words are longer than English's).
    fn fitted(&self, texts: &[(&str, f32)]) -> Result<Vec<f32>, AppError> {
        let widths = self.measure(texts.iter().map(|(text, _)| *text), MEASURE_SIZE)?;
        Ok(texts
            .iter()
            .zip(widths)
            .map(|((_, size), width)| size.min(TEXT_WIDTH * MEASURE_SIZE / width.max(1.0)))
            .collect())
    }

    /// The prompt's pieces with their widths at [`MEASURE_SIZE`]: measured once, then scaled
    /// to each size tried (outlines are not hinted, so widths scale with the size).
    fn measure_prompt(&self, prompt: &str) -> Result<Measured, AppError> {
        let tokens = tokens(prompt);
        let widths = self
            .measure(tokens.iter().map(|t| t.text.as_str()).chain([ELLIPSIS, "x x", "xx"]), MEASURE_SIZE)?;
        let n = tokens.len();
        Ok(Measured {
            ellipsis: widths[n],
            space: (widths[n + 1] - widths[n + 2]).max(0.0),
            widths: widths[..n].to_vec(),
            tokens,
        })
    }

    /// The prompt in lines of at most [`TEXT_WIDTH`] at `size`, at most `max_lines` of them.
    fn wrap(&self, measured: &Measured, size: f32, max_lines: usize) -> Result<Wrapped, AppError> {
        let scale = size / MEASURE_SIZE;
        let (ellipsis, space) = (measured.ellipsis * scale, measured.space * scale);
        let mut widths: Vec<f32> = measured.widths.iter().map(|w| w * scale).collect();
        let mut tokens: Vec<Token> = measured.tokens.clone();
        // A word wider than a line (a long name, a run of letters) breaks between characters.
        if widths.iter().any(|w| *w > TEXT_WIDTH) {
            let mut split = Vec::new();
            for (token, width) in tokens.into_iter().zip(&widths) {
                if *width > TEXT_WIDTH {
                    split.extend(token.text.chars().enumerate().map(|(i, c)| Token {
                        text: c.to_string(),
                        space_before: token.space_before && i == 0,
                    }));
                } else {
                    split.push(token);
                }
            }
            tokens = split;
            widths = self.measure(tokens.iter().map(|t| t.text.as_str()), size)?;
        }
        // Each line: the indices of its tokens, and its width.
        let mut lines: Vec<(Vec<usize>, f32)> = Vec::new();
        for (i, (token, width)) in tokens.iter().zip(&widths).enumerate() {
            let gap = if token.space_before { space } else { 0.0 };
            match lines.last_mut() {
                Some((line, line_width)) if *line_width + gap + width <= TEXT_WIDTH => {
                    line.push(i);
                    *line_width += gap + width;
                }
                _ => lines.push((vec![i], *width)),
            }
        }
        let cut = lines.len() > max_lines;
        lines.truncate(max_lines);
        let last = lines.len().saturating_sub(1);
        let text = lines
            .iter()
            .enumerate()
            .map(|(n, (line, _))| {
                let pieces: Vec<(&Token, f32)> = line.iter().map(|&i| (&tokens[i], widths[i])).collect();
                // The last line of a cut prompt loses pieces from its end until "…" fits.
                let limit = if cut && n == last { TEXT_WIDTH - ellipsis } else { f32::INFINITY };
                let mut out = String::new();
                let mut width = 0.0;
                for (k, (token, w)) in pieces.iter().enumerate() {
                    let gap = if token.space_before && k > 0 { space } else { 0.0 };
                    if width + gap + w > limit && k > 0 {
                        break;
                    }
                    if gap > 0.0 {
                        out.push(' ');
                    }
                    out.push_str(&token.text);
                    width += gap + w;
                }
                if cut && n == last {
                    out.push_str(ELLIPSIS);
                }
                out
            })
            .collect();
        Ok(Wrapped { lines: text, cut })
    }

    /// The advance width of each text at `size` in the prompt's font, laid out by usvg.
    fn measure<'a>(&self, texts: impl Iterator<Item = &'a str>, size: f32) -> Result<Vec<f32>, AppError> {
        let mut svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="{}">"#,
            font_families()
        );
        let mut count = 0;
        for (i, text) in texts.enumerate() {
            svg.push_str(&format!(
                r#"<text id="m{i}" x="0" y="100" font-size="{size}" font-weight="700" xml:space="preserve">{}</text>"#,
                escape(text)
            ));
            count += 1;
        }
        svg.push_str("</svg>");
        let tree = usvg::Tree::from_str(&svg, &self.options).map_err(AppError::internal)?;
        Ok((0..count)
            .map(|i| match tree.node_by_id(&format!("m{i}")) {
                Some(Node::Text(text)) => text.bounding_box().width(),
                // A text with nothing drawable (no font has it) takes no room.
                _ => 0.0,
            })
            .collect())
    }
}

/// One glyph of a card's text.
#[derive(Debug, Clone)]
pub struct PlacedGlyph {
    /// The text it draws (a cluster: a letter, a ligature's letters).
    pub text: String,
    /// Its left edge on the card, in px.
    pub x: f32,
    /// Its baseline, in px: one per line of text.
    pub y: f32,
    /// The glyph's id in its font: a letter's joined forms are other glyphs.
    pub glyph: u32,
    /// Drawn as the font's missing-glyph box.
    pub notdef: bool,
}

fn collect_glyphs(group: &usvg::Group, out: &mut Vec<PlacedGlyph>) {
    for node in group.children() {
        match node {
            Node::Group(group) => collect_glyphs(group, out),
            Node::Text(text) => {
                for span in text.layouted() {
                    for glyph in &span.positioned_glyphs {
                        let at = glyph.outline_transform();
                        out.push(PlacedGlyph {
                            text: glyph.text.clone(),
                            x: at.tx,
                            y: at.ty,
                            glyph: glyph.id.0,
                            notdef: glyph.id.0 == 0,
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

/// The prompt's pieces and widths at [`MEASURE_SIZE`].
struct Measured {
    tokens: Vec<Token>,
    widths: Vec<f32>,
    ellipsis: f32,
    space: f32,
}

struct Wrapped {
    lines: Vec<String>,
    /// More lines were needed than allowed: the last one ends in "…".
    cut: bool,
}

/// A piece of the prompt no line breaks inside: a word, or one CJK character.
#[derive(Clone)]
struct Token {
    text: String,
    space_before: bool,
}

/// Words split at spaces; Chinese, Japanese (kana) characters each their own token, as a line
/// may break between any two of them. Korean keeps its spaces between words.
fn tokens(prompt: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    for word in prompt.split_whitespace() {
        let mut current = String::new();
        let mut space_before = true;
        for c in word.chars() {
            if breaks_anywhere(c) {
                if !current.is_empty() {
                    tokens.push(Token { text: std::mem::take(&mut current), space_before });
                    space_before = false;
                }
                tokens.push(Token { text: c.to_string(), space_before });
                space_before = false;
            } else {
                current.push(c);
            }
        }
        if !current.is_empty() {
            tokens.push(Token { text: current, space_before });
        }
    }
    if let Some(first) = tokens.first_mut() {
        first.space_before = false;
    }
    tokens
}

/// Han ideographs, kana and CJK punctuation: a line may break before or after any of them.
fn breaks_anywhere(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}'
        | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FFEF}' | '\u{20000}'..='\u{3134F}')
}

/// First the preferred families in order, then any face that has the character.
fn preferred_fallback() -> usvg::FallbackSelectionFn<'static> {
    let any = usvg::FontResolver::default_fallback_selector();
    Box::new(move |c, exclude, db| {
        let weight = exclude.first().and_then(|id| db.face(*id)).map_or(fontdb::Weight::NORMAL, |f| f.weight);
        for family in FAMILIES {
            let query =
                fontdb::Query { families: &[fontdb::Family::Name(family)], weight, ..Default::default() };
            if let Some(id) = db.query(&query) {
                if !exclude.contains(&id) && has_char(db, id, c) {
                    return Some(id);
                }
            }
        }
        any(c, exclude, db)
    })
}

/// Whether the face's character map has `c` (as usvg's own fallback asks).
fn has_char(db: &fontdb::Database, id: fontdb::ID, c: char) -> bool {
    db.with_face_data(id, |data, index| {
        skrifa::FontRef::from_index(data, index)
            .ok()
            .and_then(|font| skrifa::charmap::Charmap::new(&font).map(c))
            .is_some()
    })
    .unwrap_or(false)
}

fn font_families() -> String {
    let mut list: Vec<String> = FAMILIES.iter().map(|f| format!("'{f}'")).collect();
    list.push("sans-serif".into());
    list.join(", ")
}

/// The SVG's opening, its background and its footer band.
fn frame() -> String {
    format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{f}">"##,
            r##"<defs><linearGradient id="lava" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ff7b00"/><stop offset="1" stop-color="#9d0208"/></linearGradient></defs>"##,
            r##"<rect width="{w}" height="{h}" fill="#14090b"/>"##,
            r##"<rect y="{band}" width="{w}" height="14" fill="url(#lava)"/>"##,
        ),
        w = WIDTH,
        h = HEIGHT,
        f = font_families(),
        band = HEIGHT - 14,
    )
}

/// The app's icon (public/icons/icon.svg) at `size` px at (x, y) and the name beside it.
fn brand(x: f32, size: f32) -> String {
    let scale = size / 512.0;
    format!(
        concat!(
            r##"<g transform="translate({x} 48) scale({s})">"##,
            r##"<path d="M96 400 L208 176 h96 L416 400 Z" fill="#6a040f"/>"##,
            r##"<path d="M208 176 h96 l-20 60 q-12 30 -28 8 q-16 28 -28 -8 Z" fill="#ff7b00"/>"##,
            r##"<rect x="96" y="380" width="320" height="36" rx="18" fill="#e85d04"/>"##,
            r##"<circle cx="222" cy="120" r="20" fill="#ffb703"/><circle cx="286" cy="96" r="14" fill="#ff7b00"/>"##,
            r##"<circle cx="256" cy="138" r="10" fill="#e63946"/></g>"##,
            r##"<text x="{tx}" y="104" font-size="44" font-weight="700" fill="#ffffff">Lavalist</text>"##,
        ),
        x = x - 8.0,
        s = scale,
        tx = x + size + 8.0,
    )
}

/// A line of text at baseline `y`: from the left margin, or in a right-to-left text from the
/// right one with its base direction set by an embedding (the renderer's paragraphs are left to
/// right, so without it a line ending in a number or Latin word would put those on the wrong
/// side). `style`: its other attributes.
fn line(rtl: bool, y: f32, size: f32, style: &str, text: &str) -> String {
    let (x, anchor) = if rtl { (WIDTH as f32 - MARGIN, "end") } else { (MARGIN, "start") };
    format!(
        r##"<text x="{x}" y="{y:.1}" text-anchor="{anchor}" font-size="{size:.1}" {style}>{}</text>"##,
        escape(&directed(text, rtl))
    )
}

/// `text` with a right-to-left base direction when `rtl` (see [`line`]).
fn directed(text: &str, rtl: bool) -> String {
    if rtl {
        format!("\u{202B}{text}\u{202C}")
    } else {
        text.to_string()
    }
}

/// What a game's card says under its prompt when no result is shown.
fn game_footer(locale: Locale) -> String {
    let items = game_core::rules::ITEMS_PER_GAME as i64;
    i18n::text(locale, "card-game-footer", &[("items", items.into())])
}

/// "Score: 650" as the app's end screen writes it (`a.end.score`, the score in place of `<0/>`).
fn score_text(locale: Locale, score: u32) -> String {
    i18n::frontend::message(locale, "a.end.score", &[]).replace("<0/>", &score.to_string())
}

/// The share text's circles (yellow found, red not) and the score.
fn result_row(row: &ResultRow, locale: Locale) -> String {
    let count = row.found.len().max(1) as f32;
    // Ten circles of 52 px in 620 px; more items get smaller ones.
    let step = (620.0 / count).min(62.0);
    let radius = step * 0.42;
    let mut svg = String::new();
    for (i, found) in row.found.iter().enumerate() {
        let fill = if *found { "#ffb703" } else { "#e63946" };
        svg.push_str(&format!(
            r##"<circle cx="{:.1}" cy="520" r="{radius:.1}" fill="{fill}"/>"##,
            MARGIN + radius + step * i as f32
        ));
    }
    svg.push_str(&format!(
        r##"<text x="{}" y="538" text-anchor="end" font-size="48" font-weight="700" fill="#ffffff">{}</text>"##,
        WIDTH as f32 - MARGIN,
        escape(&directed(&score_text(locale, row.score), locale.is_rtl()))
    ));
    svg
}

/// Text as XML character data or an attribute value.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A renderer without fonts: what a card says (its SVG) needs none.
    fn renderer() -> Renderer {
        Renderer::new(Arc::new(fontdb::Database::new()))
    }

    fn game(locale: Locale, heading: &str, prompt: &str, result: Option<ResultRow>) -> Card {
        Card::Game { locale, heading: heading.into(), prompt: prompt.into(), result }
    }

    #[test]
    fn a_card_speaks_its_language() {
        let svg = renderer().svg(&game(Locale::Ja, "870日目", "日本の川", None)).unwrap();
        for words in ["870日目", "日本の川", "溶岩が上がる前に10個すべて答えましょう。"]
        {
            assert!(svg.contains(words), "{words}: {svg}");
        }
        assert!(!svg.contains("lava rises"), "{svg}");
        let row = ResultRow { found: vec![true; 10], score: 650 };
        let svg = renderer().svg(&game(Locale::Ru, "День 870", "Реки России", Some(row))).unwrap();
        assert!(svg.contains("Очки: 650") && !svg.contains("Score"), "{svg}");
        let site = renderer().svg(&Card::Site(Locale::De)).unwrap();
        assert!(
            site.contains(">Jeden Tag eine neue Liste.<") && site.contains(">Tagesspiel · Archiv"),
            "{site}"
        );
    }

    #[test]
    fn english_says_what_it_always_said() {
        let site = renderer().svg(&Card::Site(Locale::En)).unwrap();
        for words in [
            ">A new list every day.<",
            ">Name all ten before the lava rises.<",
            ">Daily game · archive · community games · groups<",
        ] {
            assert!(site.contains(words), "{words}: {site}");
        }
        let svg = renderer().svg(&game(Locale::En, "Day 870", "Planets", None)).unwrap();
        assert!(svg.contains(">Name all 10 before the lava rises.<"), "{svg}");
    }

    #[test]
    fn right_to_left_words_start_at_the_right_margin() {
        let site = renderer().svg(&Card::Site(Locale::Ar)).unwrap();
        let title = i18n::text(Locale::Ar, "card-site-title", &[]);
        assert!(
            site.contains(&format!(
                r##"x="1136" y="300.0" text-anchor="end" font-size="84.0" font-weight="700" fill="#ffffff">{}"##,
                directed(&title, true)
            )),
            "{site}"
        );
        let row = ResultRow { found: vec![false; 10], score: 0 };
        let svg = renderer().svg(&game(Locale::He, "יום 870", "Planets", Some(row))).unwrap();
        assert!(svg.contains("\u{202B}ניקוד: 0\u{202C}"), "{svg}");
    }

    #[test]
    fn the_language_is_part_of_the_etag() {
        assert_ne!(Card::Site(Locale::En).etag(), Card::Site(Locale::Ja).etag());
        let card = |locale| game(locale, "Day 1", "Planets", None);
        assert_ne!(card(Locale::En).etag(), card(Locale::Fr).etag());
        assert_eq!(card(Locale::Fr).etag(), card(Locale::Fr).etag());
    }
}
