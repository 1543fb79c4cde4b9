//! A finished log regraded against the game after an accepted dispute added spellings: the
//! regrade accepts it, ends the game, and regrading its own result changes nothing.
#![no_main]

use game_core::invariants::check_regrade_updated;
use lavalist_fuzz::{actions, holds, FuzzAction, FuzzGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (FuzzGame, Vec<FuzzAction>, Vec<(u8, String)>)| {
    let (game, log, added) = input;
    let def = game.def();
    let log = actions(&def, log);
    holds(check_regrade_updated(&def, &log, &added));
});
