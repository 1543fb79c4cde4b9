//! Normalisation of any text, and any guess against any game.
#![no_main]

use game_core::invariants::{check_matching, check_normalise};
use lavalist_fuzz::{holds, FuzzGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, FuzzGame)| {
    let (guess, game) = input;
    holds(check_normalise(&guess));
    let def = game.def();
    for item in &def.items {
        holds(check_normalise(&item.name));
    }
    holds(check_matching(&def, &guess));
});
