//! The profanity rule's figures on corpus files: `cargo run -p game-core --example
//! profanity_figures -- FILE…`, each a vector (`tests/vectors/profanity-*.json`) or a text file
//! of one text a line (judged alone, or as items under the vector's `prompt`) whose name says `legitimate` or `offensive` (the tune half that
//! `scripts/profanity-corpus.py` writes to `target/profanity-corpus/`). Prints the share flagged
//! (stopped at all: flagged or abuse) and the share refused outright (abuse) and, with `--list`,
//! every text on the wrong side (legitimate texts flagged, with their tier; offensive texts
//! that pass).

use game_core::profanity::{tier, tier_in, Tier};

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
        let tiers: Vec<Tier> =
            texts.iter().map(|t| prompt.as_deref().map_or_else(|| tier(t), |p| tier_in(t, p))).collect();
        let elapsed = start.elapsed();
        let flagged = tiers.iter().filter(|t| **t != Tier::Clean).count();
        let refused = tiers.iter().filter(|t| **t == Tier::Abuse).count();
        let pct = |n: usize| 100.0 * n as f64 / texts.len() as f64;
        println!(
            "{path}: {kind}, {flagged} of {} flagged ({:.2}%), {refused} refused ({:.2}%), {:.1} µs a text",
            texts.len(),
            pct(flagged),
            pct(refused),
            elapsed.as_secs_f64() * 1e6 / texts.len() as f64
        );
        if list {
            for (t, tier) in texts.iter().zip(&tiers) {
                let wrong = if kind == "offensive" { *tier == Tier::Clean } else { *tier != Tier::Clean };
                if wrong {
                    println!("  {t} ({tier:?})");
                }
            }
        }
    }
}
