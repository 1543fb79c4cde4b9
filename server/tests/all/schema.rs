//! `server/src/platform/schema.rs` is Diesel CLI's `print-schema` for the migrations (see diesel.toml), on
//! both backends: a migration without its schema change, or a hand edit of schema.rs, fails here.
//! `./dev gen-schema` rewrites the file.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::TestApp;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// `diesel print-schema` of a database the app migrated (its embedded migrations, as deployed).
fn print_schema(database_url: &str) -> String {
    let output = Command::new("diesel")
        .arg("print-schema")
        .arg("--config-file")
        .arg(root().join("diesel.toml"))
        .args(["--database-url", database_url])
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run the diesel CLI ({e}); `./dev test` and `./dev gen-schema` install it")
        });
    assert!(output.status.success(), "diesel print-schema: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8 schema")
}

/// SQLite's view in PostgreSQL's words: the same SQL types under their other names, and primary
/// key columns not nullable (SQLite lets a non-integer primary key hold NULL unless told not to;
/// the app never stores one, and PostgreSQL refuses it).
fn as_postgres(sqlite_schema: &str) -> String {
    let mut keys: Vec<String> = Vec::new();
    let mut out = String::new();
    for line in sqlite_schema.lines() {
        let trimmed = line.trim_start();
        if let Some((_, rest)) = trimmed.split_once(" (").filter(|_| trimmed.ends_with(") {")) {
            keys = rest.trim_end_matches(") {").split(", ").map(str::to_string).collect();
        }
        let line = match trimmed.split_once(" -> ") {
            Some((column, ty)) if ty.ends_with(',') => {
                let indent = &line[..line.len() - trimmed.len()];
                let mut ty = ty.trim_end_matches(',').to_string();
                for (sqlite, postgres) in
                    [("BigInt", "Int8"), ("Integer", "Int4"), ("SmallInt", "Int2"), ("Double", "Float8")]
                {
                    ty = ty.replace(sqlite, postgres);
                }
                if keys.iter().any(|k| k == column) {
                    ty = ty
                        .strip_prefix("Nullable<")
                        .and_then(|t| t.strip_suffix('>'))
                        .unwrap_or(&ty)
                        .to_string();
                }
                format!("{indent}{column} -> {ty},")
            }
            _ => line.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn checked_in() -> String {
    std::fs::read_to_string(root().join("server/src/platform/schema.rs"))
        .expect("server/src/platform/schema.rs")
}

fn assert_same(backend: &str, printed: &str) {
    let file = checked_in();
    if printed.trim_end() != file.trim_end() {
        let diff: Vec<String> = file
            .lines()
            .zip(printed.lines())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .take(5)
            .map(|(i, (a, b))| format!("line {}: schema.rs has {a:?}, {backend} prints {b:?}", i + 1))
            .collect();
        panic!(
            "server/src/platform/schema.rs differs from {backend}'s migrations ({} lines against {}):\n{}\nRun `./dev gen-schema`.",
            file.lines().count(),
            printed.lines().count(),
            diff.join("\n")
        );
    }
}

#[actix_rt::test]
async fn schema_rs_is_print_schema_of_the_postgres_migrations() {
    let app = TestApp::postgres();
    assert_same("PostgreSQL", &print_schema(&app.database_url));
}

#[actix_rt::test]
async fn schema_rs_is_print_schema_of_the_sqlite_migrations() {
    let app = TestApp::sqlite();
    assert_same("SQLite", &as_postgres(&print_schema(&app.database_url)));
}

#[test]
fn sqlite_names_are_read_as_postgres_names() {
    let sqlite = "diesel::table! {\n    t (id, code) {\n        id -> Nullable<BigInt>,\n        code -> Nullable<Text>,\n        n -> Nullable<Integer>,\n        b -> Bool,\n    }\n}\n";
    let expected = "diesel::table! {\n    t (id, code) {\n        id -> Int8,\n        code -> Text,\n        n -> Nullable<Int4>,\n        b -> Bool,\n    }\n}\n";
    assert_eq!(as_postgres(sqlite), expected);
}
