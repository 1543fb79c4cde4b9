//! The share text of any played game with any URL and any found rates: the spec's lines, and a
//! rarest find within 1–99 % of an item the player found.
#![no_main]

use game_core::invariants::{check_share, play};
use lavalist_fuzz::{actions, holds, FuzzAction, FuzzGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (FuzzGame, Vec<FuzzAction>, Option<String>, Vec<(u32, f64)>)| {
    let (game, log, url, rates) = input;
    let def = game.def();
    let state = play(&def, &actions(&def, log));
    holds(check_share(&state, url.as_deref(), Some(&rates)));
});
