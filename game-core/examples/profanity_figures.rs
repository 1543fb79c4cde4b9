//! The profanity rule's figures on corpus files: `cargo run -p game-core --example
//! profanity_figures -- FILE…`, each a vector (`tests/vectors/profanity-*.json`) or a text file
//! of one text a line (judged alone, or as items under the vector's `prompt`) whose name says `legitimate` or `offensive` (the tune half that
//! `scripts/profanity-corpus.py` writes to `target/profanity-corpus/`). Prints the share refused
//! and, with `--list`, every text on the wrong side.

use game_core::profanity::{is_profane, is_profane_in};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list = args.iter().any(|a| a == "--list");
    for path in args.iter().filter(|a| *a != "--list") {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut prompt = None;
        let (kind, texts): (String, Vec<String>) = if path.ends_with(".json") {
            let v: serde_json::Value = serde_json::from_str(&text).expect("a vector");
            let corpus = &v["profanityCorpus"];
            prompt = corpus["prompt"].as_str().map(str::to_string);
            let texts =
                corpus["texts"].as_array().expect("texts").iter().map(|t| t.as_str().unwrap().to_string());
            (corpus["kind"].as_str().expect("kind").to_string(), texts.collect())
        } else {
            let kind = if path.contains("offensive") { "offensive" } else { "legitimate" };
            (kind.to_string(), text.lines().filter(|l| !l.is_empty()).map(str::to_string).collect())
        };
        let start = std::time::Instant::now();
        let judge = |t: &str| prompt.as_deref().map_or_else(|| is_profane(t), |p| is_profane_in(t, p));
        let refused: Vec<&String> = texts.iter().filter(|t| judge(t)).collect();
        let elapsed = start.elapsed();
        let pct = 100.0 * refused.len() as f64 / texts.len() as f64;
        println!(
            "{path}: {kind}, {} of {} refused ({pct:.2}%), {:.1} µs a text",
            refused.len(),
            texts.len(),
            elapsed.as_secs_f64() * 1e6 / texts.len() as f64
        );
        if list {
            let wrong: Vec<&String> = if kind == "offensive" {
                texts.iter().filter(|t| !refused.contains(t)).collect()
            } else {
                refused
            };
            for t in wrong {
                println!("  {t}");
            }
        }
    }
}
