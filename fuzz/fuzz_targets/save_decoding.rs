//! Any bytes decoded as a saved game, a submitted action log or a form: decoding answers, and a
//! decoded log replays and regrades to a result or a refusal.
#![no_main]

use game_core::invariants::check_save;
use lavalist_fuzz::holds;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        holds(check_save(text));
    }
});
