//! Embeds the seed packs (`seed/daily.json`, `seed/community.json`, and the other daily
//! editions' `seed/daily.{es,de,ru,ja}.json`). A missing pack embeds an
//! empty one with a warning, so the server still builds while the content is being written, and
//! rebuilds the crate when a migration changes.

use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    // `embed_migrations!` reads these at compile time, and cargo does not know: a new migration
    // must rebuild the crate.
    println!("cargo:rerun-if-changed=../migrations");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let packs = [
        ("daily.json", r#"{"games": []}"#),
        ("community.json", r#"{"users": [], "games": []}"#),
        // The daily editions other than English (server/seed/editions.md).
        ("daily.es.json", r#"{"games": []}"#),
        ("daily.de.json", r#"{"games": []}"#),
        ("daily.ru.json", r#"{"games": []}"#),
        ("daily.ja.json", r#"{"games": []}"#),
    ];
    for (name, empty) in packs {
        let source = Path::new("seed").join(name);
        println!("cargo:rerun-if-changed={}", source.display());
        let text = fs::read_to_string(&source).unwrap_or_else(|_| {
            println!("cargo:warning=server/seed/{name} is missing: `lavalist seed` embeds an empty pack");
            empty.to_string()
        });
        // Rewrite only on change, so an unchanged pack does not recompile the crate.
        let target = out.join(name);
        if fs::read_to_string(&target).ok().as_deref() != Some(text.as_str()) {
            fs::write(target, text).expect("OUT_DIR is writable");
        }
    }
}
