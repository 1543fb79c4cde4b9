//! Form validation of any create or edit form: each problem named once, on a field the form has.
#![no_main]

use game_core::invariants::check_form;
use lavalist_fuzz::{holds, FuzzForm};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|form: FuzzForm| {
    holds(check_form(&form.into()));
});
