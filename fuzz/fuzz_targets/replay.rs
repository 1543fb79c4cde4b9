//! Any game played by any log: counters within the rules, the log replays to the same view, the
//! share text is the spec's lines.
#![no_main]

use game_core::invariants::check_play;
use lavalist_fuzz::{actions, holds, FuzzAction, FuzzGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (FuzzGame, Vec<FuzzAction>, Option<String>)| {
    let (game, log, url) = input;
    let def = game.def();
    let log = actions(&def, log);
    holds(check_play(&def, &log, url.as_deref()));
});
