//! The checked-in TypeScript must be what the Rust types generate: a wire type changed without
//! regenerating fails here. `LAVALIST_UPDATE_TS=1` (what `./dev gen-ts` sets) rewrites the file.

use std::path::Path;

#[test]
fn generated_typescript_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/src/api/generated/index.ts");
    let generated = lavalist_api::typescript();
    if std::env::var_os("LAVALIST_UPDATE_TS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{} is out of date: run `./dev gen-ts` and commit the result",
        path.display()
    );
}
