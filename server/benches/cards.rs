//! Link-preview cards (server/src/domains/previews/card.rs): the whole render of one card, SVG layout
//! (prompt measured and wrapped), resvg's drawing and the PNG encoding, with the system's fonts
//! loaded once beforehand as the server does at start. Each card's PNG size is printed first.
//! `cargo bench -p lavalist --bench cards`; figures in docs/performance.md.

use criterion::{criterion_group, criterion_main, Criterion};
use lavalist::domains::previews::card::{load_fonts, Card, Renderer};
use lavalist::domains::previews::ResultRow;
use lavalist::platform::i18n::Locale;
use std::hint::black_box;

fn cards() -> Vec<(&'static str, Card)> {
    let row =
        ResultRow { found: vec![true, true, false, true, false, true, true, false, true, true], score: 650 };
    let day = |prompt: &str, result: Option<ResultRow>| Card::Game {
        locale: Locale::En,
        heading: "Day 870".into(),
        prompt: prompt.into(),
        result,
    };
    vec![
        ("site", Card::Site(Locale::En)),
        ("latin", day("Things you find in a kitchen drawer", None)),
        ("latin_result", day("Things you find in a kitchen drawer", Some(row.clone()))),
        ("cyrillic", day("Столицы стран Европы", None)),
        ("japanese", day("日本の都道府県で一番大きい町", None)),
        ("arabic_result", day("عواصم الدول العربية", Some(row))),
        ("long_latin", day(&"The longest rivers and lakes of every continent ".repeat(4), None)),
    ]
}

fn bench_cards(c: &mut Criterion) {
    let renderer = Renderer::new(load_fonts(None));
    for (name, card) in cards() {
        let png = renderer.png(&card).expect("rendered");
        println!("card {name}: {} bytes", png.len());
        c.bench_function(&format!("card_{name}"), |b| b.iter(|| black_box(renderer.png(black_box(&card)))));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench_cards
}
criterion_main!(benches);
