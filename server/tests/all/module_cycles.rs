//! No module of a workspace crate may depend on itself through others: this test reads every
//! `.rs` file under each crate's `src/`, collects which module each one names (`use crate::…`,
//! `super::…`, `self::…`, paths in attributes, and child modules used by name), and fails on any
//! cycle between modules (a strongly connected component of more than one file).
//!
//! It parses paths, not Rust: comments and string literals are skipped, and a path counts for the
//! longest prefix that is a module file. That is all a module graph needs.
//!
//! The same graph checks the server's layers (`server_layers_only_look_down`): `platform/` at the
//! bottom, `domains/` and `state.rs` above it, `web/` and `cli/` on top; a module may name its own
//! layer and the ones below, never one above (see server/README.md).
//!
//! And it checks how the domains meet (`domains_meet_only_through_interfaces`): a module of one
//! domain (a folder `domains/<d>/`) names of another domain only that domain's `interface`
//! module, the list of what it made for the others; a module directly in `domains/` (the
//! player-data registry's trait) is shared by every domain and names none of them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library crates whose modules are checked (binaries only call into them).
const CRATES: [&str; 3] = ["game-core", "api", "server"];

type ModPath = Vec<String>;

#[test]
fn no_module_depends_on_itself() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut report = Vec::new();
    for krate in CRATES {
        let src = root.join(krate).join("src");
        if !src.exists() {
            continue;
        }
        let graph = module_graph(&src);
        for cycle in cycles(&graph) {
            let names: Vec<String> = cycle.iter().map(display).collect();
            report.push(format!("{krate}: {}", names.join(" ↔ ")));
            // The edges inside the cycle: where to cut it.
            for from in &cycle {
                for to in graph[from].iter().filter(|to| cycle.contains(to)) {
                    report.push(format!("    {} → {}", display(from), display(to)));
                }
            }
        }
    }
    assert!(report.is_empty(), "module import cycles:\n{}", report.join("\n"));
}

/// Upward imports the server still has, as (from, to) modules, each with why it remains. The
/// test fails on any edge not listed and on any listed edge that is gone, so the list only
/// shrinks. Empty since the layers were drawn: the app state sits in the domains' layer (it holds
/// their caches and the submission writer), and the request log counts server errors in a
/// counter of its own instead of reading the app state.
const ALLOWED_UPWARD: &[(&str, &str)] = &[];

#[test]
fn server_layers_only_look_down() {
    let graph = module_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let found: BTreeSet<(String, String)> = graph
        .iter()
        .flat_map(|(from, targets)| targets.iter().map(move |to| (from, to)))
        .filter(|(from, to)| looks_up(from, to))
        .map(|(from, to)| (display(from), display(to)))
        .collect();
    let allowed: BTreeSet<(String, String)> =
        ALLOWED_UPWARD.iter().map(|(from, to)| (from.to_string(), to.to_string())).collect();
    let edge = |(from, to): &(String, String)| format!("    {from} → {to}");
    let new: Vec<String> = found.difference(&allowed).map(edge).collect();
    let gone: Vec<String> = allowed.difference(&found).map(edge).collect();
    assert!(
        new.is_empty(),
        "modules that name a layer above their own (move the code down, or pass a value in):\n{}",
        new.join("\n")
    );
    assert!(gone.is_empty(), "ALLOWED_UPWARD lists edges that are gone; remove them:\n{}", gone.join("\n"));
}

/// Imports from one domain into another that do not go through the other's interface yet, as
/// (from, to) modules, each with why it remains. As with `ALLOWED_UPWARD`, the test fails on any
/// edge not listed and on any listed edge that is gone, so the list only shrinks.
const ALLOWED_ACROSS: &[(&str, &str, &str)] = &[
    // The channels' delivery loop becomes a job of the job runner; its reads of groups and
    // games move with it.
    ("domains::channels::worker", "domains::games::editions", "the delivery loop becomes a job"),
    ("domains::channels::worker", "domains::games::model", "the delivery loop becomes a job"),
    ("domains::channels::worker", "domains::groups", "the delivery loop becomes a job"),
    ("domains::channels::worker", "domains::groups::board", "the delivery loop becomes a job"),
    ("domains::channels::worker", "domains::groups::queries", "the delivery loop becomes a job"),
];

#[test]
fn domains_meet_only_through_interfaces() {
    let graph = module_graph_as_written(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let known: BTreeSet<ModPath> = graph.keys().cloned().collect();
    let mut found = BTreeSet::new();
    let mut shared_naming_a_domain = Vec::new();
    for (from, targets) in &graph {
        for to in targets {
            let (from_domain, to_domain) = (domain_of(from, &known), domain_of(to, &known));
            if is_shared(from, &known) && to_domain.is_some() {
                shared_naming_a_domain.push(format!("    {} → {}", display(from), display(to)));
            }
            let (Some(from_domain), Some(to_domain)) = (from_domain, to_domain) else { continue };
            let interface = vec!["domains".to_string(), to_domain.to_string(), "interface".to_string()];
            if from_domain != to_domain && *to != interface {
                found.insert((display(from), display(to)));
            }
        }
    }
    assert!(
        shared_naming_a_domain.is_empty(),
        "shared modules of domains/ that name a domain (they are every domain's; pass values in):\n{}",
        shared_naming_a_domain.join("\n")
    );
    let allowed: BTreeSet<(String, String)> =
        ALLOWED_ACROSS.iter().map(|(from, to, _)| (from.to_string(), to.to_string())).collect();
    let edge = |(from, to): &(String, String)| format!("    {from} → {to}");
    let new: Vec<String> = found.difference(&allowed).map(edge).collect();
    let gone: Vec<String> = allowed.difference(&found).map(edge).collect();
    assert!(
        new.is_empty(),
        "modules that reach into another domain past its interface (name `domains::<d>::interface`, \
         and add what is missing there):\n{}",
        new.join("\n")
    );
    assert!(gone.is_empty(), "ALLOWED_ACROSS lists edges that are gone; remove them:\n{}", gone.join("\n"));
}

/// The domain a module belongs to: the folder under `domains/` it is in (`domains/<d>/mod.rs`
/// and everything below it). `domains/mod.rs` and the files directly in `domains/` belong to
/// none.
fn domain_of<'a>(module: &'a ModPath, known: &BTreeSet<ModPath>) -> Option<&'a str> {
    match module.as_slice() {
        [top, name, ..] if top == "domains" && !is_shared(&module[..2].to_vec(), known) => Some(name),
        _ => None,
    }
}

/// A file directly in `domains/` (no folder of its own): shared by every domain.
fn is_shared(module: &ModPath, known: &BTreeSet<ModPath>) -> bool {
    module.len() == 2
        && module[0] == "domains"
        && !known.iter().any(|other| other.len() > 2 && other[..2] == module[..])
}

/// A server module's layer, by its top folder: its rank (0 at the bottom) and its name. The
/// crate root (`lib.rs`) has none: it declares the layers and re-exports the entry points.
fn layer(module: &ModPath) -> Option<(u8, &'static str)> {
    let top = module.first()?;
    Some(match top.as_str() {
        "platform" => (0, "platform"),
        // The app state holds the domains' shared parts: it is the top of their layer.
        "domains" | "state" => (1, "domains"),
        "web" => (2, "web"),
        "cli" => (2, "cli"),
        other => panic!("server/src/{other} is in no layer: put it under platform/, domains/, web/ or cli/"),
    })
}

/// Whether `from` naming `to` goes up: to a higher layer, between the two top layers (the web
/// layer and the command line stay apart), or to the crate root, whose re-exports hide which
/// layer is meant.
fn looks_up(from: &ModPath, to: &ModPath) -> bool {
    let Some(from) = layer(from) else { return false };
    match layer(to) {
        None => true,
        Some(to) => to.0 > from.0 || (to.0 == from.0 && from.0 == 2 && to.1 != from.1),
    }
}

fn display(module: &ModPath) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

/// Every module file of a crate and the modules it names, a name re-exported by an interface
/// counting for the module that defines it ([`through_interface`]).
fn module_graph(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    graph_of(src, true)
}

/// Every module file of a crate and the modules it names as written: a name taken from an
/// interface counts for the interface.
fn module_graph_as_written(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    graph_of(src, false)
}

fn graph_of(src: &Path, through_interfaces: bool) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let files = rust_files(src);
    let modules: BTreeMap<ModPath, PathBuf> =
        files.iter().filter_map(|f| module_path(src, f).map(|m| (m, f.clone()))).collect();
    let known: BTreeSet<ModPath> = modules.keys().cloned().collect();
    let tokens_of = |file: &PathBuf| {
        let text = std::fs::read_to_string(file).expect("readable source");
        tokens(&strip_comments_and_strings(without_unit_tests(&text)))
    };
    let interfaces: Interfaces = modules
        .iter()
        .filter(|(module, _)| is_interface(module))
        .map(|(module, file)| (module.clone(), reexports(&tokens_of(file), module, &known)))
        .collect();
    modules
        .iter()
        .map(|(module, file)| {
            let targets = references(&tokens_of(file), module, &known)
                .into_iter()
                .flat_map(|path| match through_interfaces {
                    true => through_interface(&path, &known, &interfaces),
                    false => vec![longest_module(&path, &known)],
                })
                .filter(|target| target != module)
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

/// A domain's interface module (`domains/<d>/interface.rs`): only re-exports.
fn is_interface(module: &ModPath) -> bool {
    module.len() == 3 && module[0] == "domains" && module[2] == "interface"
}

/// Per interface module, what it re-exports: the name as the interface spells it (an item, or an
/// inline module and an item: `editions::parse`) and the full path it names.
type Interfaces = BTreeMap<ModPath, Vec<(Vec<String>, ModPath)>>;

/// The module a path names. A name re-exported by an interface counts for the module that
/// defines it (as the compiler sees it), so that an interface gates the way in without tying
/// every user to every module behind it; naming the interface (or one of its inline modules)
/// as a whole counts for all it re-exports.
fn through_interface(path: &ModPath, known: &BTreeSet<ModPath>, interfaces: &Interfaces) -> Vec<ModPath> {
    let module = longest_module(path, known);
    let Some(exports) = interfaces.get(&module) else { return vec![module] };
    let rest = &path[module.len()..];
    let named: Vec<ModPath> = exports
        .iter()
        .filter(|(name, _)| name.starts_with(rest) || rest.starts_with(name))
        .map(|(_, full)| longest_module(full, known))
        .collect();
    if rest.is_empty() || named.is_empty() {
        // The interface as a whole, or a name it does not re-export (the compiler would refuse it).
        return vec![module];
    }
    named
}

/// The `pub use` trees of an interface module, at its top and in its inline `pub mod`s.
fn reexports(tokens: &[Token], module: &ModPath, known: &BTreeSet<ModPath>) -> Vec<(Vec<String>, ModPath)> {
    let mut found = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Open)) = (tokens.get(i + 1), tokens.get(i + 2))
                {
                    depth += 1;
                    inline.push((name.clone(), depth));
                    i += 3;
                    continue;
                }
            }
            Token::Ident(word) if word == "use" => {
                let prefix: Vec<String> = inline.iter().map(|(name, _)| name.clone()).collect();
                let mut trees = Vec::new();
                i = use_tree(tokens, i + 1, None, module, known, &mut trees);
                found.extend(trees.into_iter().map(|(name, full)| {
                    let mut local = prefix.clone();
                    local.push(name);
                    (local, full)
                }));
                continue;
            }
            Token::Open => depth += 1,
            Token::Close => {
                if inline.last().is_some_and(|(_, at)| *at == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Reads one use tree from `at` (`a::b::{c, d as e, self}`), pushing (the name it binds, the
/// full path) for each leaf; `base` is the path so far (None before the first segment).
fn use_tree(
    tokens: &[Token],
    mut at: usize,
    mut base: Option<ModPath>,
    module: &ModPath,
    known: &BTreeSet<ModPath>,
    out: &mut Vec<(String, ModPath)>,
) -> usize {
    loop {
        match tokens.get(at) {
            Some(Token::Ident(segment)) => {
                let path = match base.take() {
                    None => base_of(segment, module, known).unwrap_or_else(|| vec![segment.clone()]),
                    Some(mut path) if segment == "self" => {
                        path.shrink_to_fit();
                        path
                    }
                    Some(mut path) if segment == "super" => {
                        path.pop();
                        path
                    }
                    Some(mut path) => {
                        path.push(segment.clone());
                        path
                    }
                };
                at += 1;
                if tokens.get(at) == Some(&Token::PathSep) {
                    base = Some(path);
                    at += 1;
                    continue;
                }
                let mut name = path.last().cloned().unwrap_or_default();
                if let (Some(Token::Ident(word)), Some(Token::Ident(alias))) =
                    (tokens.get(at), tokens.get(at + 1))
                {
                    if word == "as" {
                        name = alias.clone();
                        at += 2;
                    }
                }
                out.push((name, path));
                return at;
            }
            Some(Token::Open) => {
                let group = base.clone().unwrap_or_default();
                at += 1;
                loop {
                    match tokens.get(at) {
                        Some(Token::Close) => return at + 1,
                        Some(Token::Comma) => at += 1,
                        Some(Token::Ident(_)) | Some(Token::Open) => {
                            at = use_tree(tokens, at, Some(group.clone()), module, known, out);
                        }
                        Some(_) => at += 1,
                        None => return at,
                    }
                }
            }
            _ => return at,
        }
    }
}

/// The file up to its unit-test module (`#[cfg(test)] mod tests { use super::*; … }` names its
/// own file, not the parent module, and tests may use anything).
fn without_unit_tests(text: &str) -> &str {
    match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    }
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("readable dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// `lib.rs` is the crate root; `a/mod.rs` and `a.rs` are `a`; `main.rs` and `bin/` are not
/// modules of the library.
fn module_path(src: &Path, file: &Path) -> Option<ModPath> {
    let relative = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    match parts.as_slice() {
        [only] if only == "main" => return None,
        [first, ..] if first == "bin" => return None,
        _ => {}
    }
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    Some(parts)
}

fn strip_comments_and_strings(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for next in chars.by_ref() {
                    if next == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut last = ' ';
                for next in chars.by_ref() {
                    if last == '*' && next == '/' {
                        break;
                    }
                    last = next;
                }
            }
            'r' if chars.peek() == Some(&'#') || chars.peek() == Some(&'"') => {
                skip_raw_string(&mut chars, &mut out);
            }
            '"' => {
                let mut escaped = false;
                for next in chars.by_ref() {
                    if !escaped && next == '"' {
                        break;
                    }
                    escaped = !escaped && next == '\\';
                }
                out.push_str("\"\"");
            }
            '\'' => {
                // A char literal ('x', '\n') or a lifetime ('a): skip a literal, keep a lifetime.
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    for next in chars.by_ref() {
                        if next == '\'' {
                            break;
                        }
                    }
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                }
                out.push(' ');
            }
            other => out.push(other),
        }
    }
    out
}

/// After an `r` that may open a raw string (`r"…"`, `r#"…"#`); an identifier starting with `r`
/// is copied as is.
fn skip_raw_string(chars: &mut std::iter::Peekable<std::str::Chars>, out: &mut String) {
    let mut hashes = 0;
    while chars.peek() == Some(&'#') {
        chars.next();
        hashes += 1;
    }
    if chars.peek() != Some(&'"') {
        out.push('r');
        out.push_str(&"#".repeat(hashes));
        return;
    }
    chars.next();
    let closing: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
    let mut window = String::new();
    for next in chars.by_ref() {
        window.push(next);
        if window.ends_with(&closing) {
            break;
        }
    }
    out.push_str("\"\"");
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Other,
}

fn tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut ident = c.to_string();
            while let Some(&next) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                ident.push(next);
                chars.next();
            }
            tokens.push(Token::Ident(ident));
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push(Token::PathSep);
        } else if c == '{' {
            tokens.push(Token::Open);
        } else if c == '}' {
            tokens.push(Token::Close);
        } else if c == ',' {
            tokens.push(Token::Comma);
        } else if !c.is_whitespace() {
            tokens.push(Token::Other);
        }
    }
    tokens
}

/// The paths a file names (each counts for the longest prefix that is a module). A path starts at `crate`, `super`, `self` or one of the file's
/// child modules, and may branch into `{a, b::c}` groups.
fn references(tokens: &[Token], module: &ModPath, known: &BTreeSet<ModPath>) -> BTreeSet<ModPath> {
    let mut found = BTreeSet::new();
    let mut i = 0;
    while i < tokens.len() {
        let preceded_by_sep = i > 0 && tokens[i - 1] == Token::PathSep;
        if let (Token::Ident(first), Some(Token::PathSep)) = (&tokens[i], tokens.get(i + 1)) {
            if !preceded_by_sep {
                if let Some(base) = base_of(first, module, known) {
                    let mut paths = Vec::new();
                    i = parse_path(tokens, i + 2, base, &mut paths);
                    found.extend(paths);
                    continue;
                }
            }
        }
        i += 1;
    }
    found
}

fn base_of(first: &str, module: &ModPath, known: &BTreeSet<ModPath>) -> Option<ModPath> {
    match first {
        "crate" => Some(Vec::new()),
        "self" => Some(module.clone()),
        "super" => Some(module[..module.len().saturating_sub(1)].to_vec()),
        child => {
            let mut path = module.clone();
            path.push(child.to_string());
            known.contains(&path).then_some(path)
        }
    }
}

/// Reads `a::b::{c, d::e}` from `at` (just after the first `::`), pushing each full path.
fn parse_path(tokens: &[Token], mut at: usize, mut base: ModPath, paths: &mut Vec<ModPath>) -> usize {
    loop {
        match tokens.get(at) {
            Some(Token::Ident(segment)) => {
                if segment == "super" {
                    base.pop();
                } else {
                    base.push(segment.clone());
                }
                at += 1;
                if tokens.get(at) == Some(&Token::PathSep) {
                    at += 1;
                    continue;
                }
                paths.push(base);
                return at;
            }
            Some(Token::Open) => {
                at += 1;
                loop {
                    match tokens.get(at) {
                        Some(Token::Close) => return at + 1,
                        Some(Token::Comma) => at += 1,
                        Some(Token::Ident(_)) | Some(Token::Open) => {
                            at = parse_path(tokens, at, base.clone(), paths);
                        }
                        Some(_) => at += 1,
                        None => return at,
                    }
                }
            }
            _ => {
                paths.push(base);
                return at;
            }
        }
    }
}

fn longest_module(path: &ModPath, known: &BTreeSet<ModPath>) -> ModPath {
    (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| known.contains(p)).unwrap_or_default()
}

/// Strongly connected components with more than one module (Tarjan).
fn cycles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Tarjan<'a> {
        graph: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        out: Vec<Vec<ModPath>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, node: &'a ModPath) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let Some((next, _)) = self.graph.get_key_value(next) else { continue };
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(top.clone());
                    if top == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.out.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for node in graph.keys() {
        if !tarjan.index.contains_key(node) {
            tarjan.visit(node);
        }
    }
    tarjan.out
}
