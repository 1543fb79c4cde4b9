//! One guess against a 10-item game with 3 spellings each: a hit that needs the fuzzy stages,
//! a miss that scans every stage, and a 10,000-character miss; the same hit and miss in a
//! Japanese game (kanji names, kana readings: every guess takes the path of every script). Each iteration guesses on a fresh
//! clone of the game; the clone is made and dropped outside the timing (`iter_batched_ref`:
//! `iter_batched` moves the clone into the timed closure, which then frees its ~80 strings, about
//! 1.6 µs that is no part of a guess; the figures before 2026-11-28 include it).

use criterion::{criterion_group, criterion_main, Criterion};
use game_core::{GameDef, GameKind, GameState, Item};
use std::hint::black_box;

fn game() -> GameDef {
    let names =
        ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto", "Ceres"];
    let items = names
        .iter()
        .enumerate()
        .map(|(i, name)| Item {
            id: i as u32 + 1,
            name: name.to_string(),
            alt_spellings: vec![
                format!("Planet {name}"),
                format!("{name} the planet"),
                format!("The {name}"),
            ],
            rejected_spellings: vec![],
        })
        .collect();
    GameDef {
        prompt: "Bodies orbiting the Sun".into(),
        kind: GameKind::Daily,
        date: Some("2025-01-01".into()),
        edition: None,
        items,
    }
}

fn bench_guess(c: &mut Criterion) {
    let state = GameState::new(game());
    c.bench_function("guess_hit_fuzzy", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| black_box(s.guess(black_box("Neptun"))),
            criterion::BatchSize::SmallInput,
        )
    });
    c.bench_function("guess_miss", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| black_box(s.guess(black_box("Andromeda"))),
            criterion::BatchSize::SmallInput,
        )
    });
}

/// A hostile guess: 10,000 characters (accented, so normalisation folds every one) against the
/// same game; it misses every stage. Bounded by the guess's length, not its square.
fn bench_long_guess(c: &mut Criterion) {
    let state = GameState::new(game());
    let guess: String = "Névérmöré ".repeat(1_000);
    assert_eq!(guess.chars().count(), 10_000);
    c.bench_function("guess_10000_chars", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| black_box(s.guess(black_box(&guess))),
            criterion::BatchSize::SmallInput,
        )
    });
}

/// Japanese cities: kanji names, a hiragana reading and the romaji name as spellings.
fn japanese_game() -> GameDef {
    let names = [
        ("東京", "とうきょう", "Tokyo"),
        ("横浜", "よこはま", "Yokohama"),
        ("大阪", "おおさか", "Osaka"),
        ("名古屋", "なごや", "Nagoya"),
        ("札幌", "さっぽろ", "Sapporo"),
        ("福岡", "ふくおか", "Fukuoka"),
        ("神戸", "こうべ", "Kobe"),
        ("川崎", "かわさき", "Kawasaki"),
        ("京都", "きょうと", "Kyoto"),
        ("北海道", "ほっかいどう", "Hokkaido"),
    ];
    let items = names
        .iter()
        .enumerate()
        .map(|(i, (name, kana, romaji))| Item {
            id: i as u32 + 1,
            name: name.to_string(),
            alt_spellings: vec![kana.to_string(), romaji.to_string(), format!("{name}市")],
            rejected_spellings: vec![],
        })
        .collect();
    GameDef {
        prompt: "日本の大きな都市".into(),
        kind: GameKind::Daily,
        date: Some("2025-01-01".into()),
        edition: None,
        items,
    }
}

fn bench_japanese(c: &mut Criterion) {
    let state = GameState::new(japanese_game());
    // Katakana folded to the hiragana reading, one kana short: the fuzzy spelling stage.
    c.bench_function("guess_japanese_hit_fuzzy", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| black_box(s.guess(black_box("ホッカイド"))),
            criterion::BatchSize::SmallInput,
        )
    });
    c.bench_function("guess_japanese_miss", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| black_box(s.guess(black_box("東都"))),
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench_guess, bench_long_guess, bench_japanese);
criterion_main!(benches);
