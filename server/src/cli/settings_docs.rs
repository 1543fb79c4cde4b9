//! The settings table of `docs/operations.md`, rendered from `Config` itself (clap's view of
//! [`Cli`]): one row per visible flag with its environment variable, default and doc comment.
//! `server/tests/all/settings_docs.rs` fails while the checked-in table differs; `./dev gen-docs`
//! rewrites it.

use clap::CommandFactory;

use crate::platform::config::Cli;

/// A markdown table (flag, environment variable, default, description) of every setting `lavalist
/// --help` shows, in `Config`'s order. Hidden settings (`--fake-now`) are left out.
pub fn settings_markdown() -> String {
    let mut command = Cli::command();
    command.build();
    let mut out = String::from("| flag | environment | default | description |\n|---|---|---|---|\n");
    for arg in command.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        if arg.is_hide_set() || matches!(long, "help" | "version") {
            continue;
        }
        let env = arg.get_env().map_or_else(|| "—".to_string(), |env| format!("`{}`", env.to_string_lossy()));
        let defaults: Vec<String> =
            arg.get_default_values().iter().map(|value| value.to_string_lossy().into_owned()).collect();
        let default = if !arg.get_action().takes_values() {
            "off".to_string()
        } else if defaults.is_empty() && arg.get_value_delimiter().is_some() {
            "none".to_string() // a list: empty unless given
        } else if defaults.is_empty() {
            "unset".to_string()
        } else {
            format!("`{}`", defaults.join(","))
        };
        let help =
            arg.get_long_help().or_else(|| arg.get_help()).map(|help| help.to_string()).unwrap_or_default();
        out.push_str(&format!("| `--{long}` | {env} | {default} | {} |\n", cell(&help)));
    }
    out
}

/// One line of a table cell: paragraphs and line breaks become spaces, `|` is escaped.
fn cell(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}
