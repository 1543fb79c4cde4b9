//! One guess against a 10-item game with 3 spellings each: a hit that needs the fuzzy stages
//! and a miss that scans every stage. Each iteration guesses on a fresh clone of the game; the
//! clone is made and dropped outside the timing (`iter_batched_ref`).

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
        })
        .collect();
    GameDef {
        prompt: "Bodies orbiting the Sun".into(),
        kind: GameKind::Daily,
        date: Some("2025-01-01".into()),
        items,
    }
}

fn bench_guess(c: &mut Criterion) {
    let state = GameState::new(game());
    c.bench_function("guess_hit_fuzzy", |b| {
        b.iter_batched(
            || state.clone(),
            |mut s| black_box(s.guess(black_box("Neptun"))),
            criterion::BatchSize::SmallInput,
        )
    });
    c.bench_function("guess_miss", |b| {
        b.iter_batched(
            || state.clone(),
            |mut s| black_box(s.guess(black_box("Andromeda"))),
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench_guess);
criterion_main!(benches);
