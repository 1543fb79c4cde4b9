//! Searching prompts by their words: explore's search box, the archive's and the review queue's.
//!
//! A game is found when its prompt has every word of the search, in any order, the last of them
//! perhaps only begun: "iceland volc" finds "Volcanoes of Iceland". Words are compared in their normalised form
//! (game-core's `normalise`: case, accents and each script's equivalences folded), so "sao"
//! finds "São Paulo" and "ｔｏｋｙｏ" finds "Tokyo". Scripts written without spaces (Chinese,
//! Japanese, Thai…) have no words to begin: there any part of the text is found ("都市" in
//! "日本の都市").
//!
//! Each game keeps its prompt's words in `games.search_words`, written with the prompt. On
//! PostgreSQL a GIN index over them as a `tsvector` answers a search from the index (a lexeme
//! per word, a prefix for the last) and the page is then ordered by the listing's sort: a search costs what its
//! matches cost, not a scan of every prompt (issue 25, point 8). SQLite, for one instance, finds
//! the same games with one `LIKE` per word.

use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Bool, Double, Nullable, Text};

use crate::platform::db::{write_transaction, Backend, DbConn, MultiBackend};
use crate::platform::error::AppError;
use crate::platform::schema::games;

type BoxedGames<'a> = games::BoxedQuery<'a, MultiBackend>;

/// How much of a text without spaces is indexed from each of its characters on: a search for a
/// longer run is matched on its first this many characters.
const RUN_CHARS: usize = 12;
/// A search's words beyond this many are not looked at (the search box allows 200 characters).
const MAX_SEARCH_WORDS: usize = 16;

/// The words of `text` as a search compares them: split at white space, punctuation and symbols,
/// each normalised, empty ones dropped. A word with an apostrophe stands for itself and its parts
/// ("Paulo's" for "paulos", "paulo" and "s"; "d'Ivoire" for "divoire" and "ivoire"). A word in a
/// script written without spaces stands for every run of it (each starting character's next
/// [`RUN_CHARS`] characters).
pub fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |word: String| {
        if !word.is_empty() && !out.contains(&word) {
            out.push(word);
        }
    };
    for (part, word) in normalised_parts(text) {
        if word.chars().any(written_without_spaces) {
            let chars: Vec<char> = word.chars().collect();
            (0..chars.len()).for_each(|i| push(chars[i..].iter().take(RUN_CHARS).collect()));
            continue;
        }
        push(word);
        if part.contains(is_apostrophe) {
            part.split(is_apostrophe).for_each(|piece| push(game_core::normalise(piece)));
        }
    }
    out
}

/// `games.search_words` for a prompt: its [`words`], separated by single spaces.
pub fn search_words(prompt: &str) -> String {
    words(prompt).join(" ")
}

/// Each part of `text` between separators, with its normalised form (empty for a part with no
/// letter or digit): what prompts are indexed by and searches ask for, split the same way.
fn normalised_parts(text: &str) -> impl Iterator<Item = (&str, String)> {
    text.split(separates_words).map(|part| (part, game_core::normalise(part)))
}

/// A word goes on while its letters, digits, combining marks (accents, vowel signs) and
/// apostrophes do.
fn separates_words(c: char) -> bool {
    !(c.is_alphanumeric() || unicode_normalization::char::is_combining_mark(c) || is_apostrophe(c))
}

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{2018}' | '\u{02BC}' | '`')
}

/// Han, kana, Thai, Lao, Khmer and Myanmar: scripts whose words are not separated by spaces.
fn written_without_spaces(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF | 0x3040..=0x30FF | 0x31F0..=0x31FF
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF66..=0xFF9F | 0x20000..=0x3FFFF)
}

/// One word of a search: a whole word of the prompt, or the beginning of one.
#[derive(Debug, PartialEq)]
struct Term {
    word: String,
    whole: bool,
}

/// The words a search asks for. Every word but the last is a whole word; the last may be the
/// beginning of one (the player may still be typing it), and so may a run of a script written
/// without spaces, cut to [`RUN_CHARS`] (it is looked for anywhere in the text). Whole words are
/// also what keeps a search cheap: the beginning of a common word ("of…") stands for many words.
fn search_terms(search: &str) -> Vec<Term> {
    let mut words: Vec<String> = Vec::new();
    for (_, word) in normalised_parts(search) {
        if !word.is_empty() && !words.contains(&word) {
            words.push(word);
        }
    }
    words.truncate(MAX_SEARCH_WORDS);
    let last = words.len().saturating_sub(1);
    words
        .into_iter()
        .enumerate()
        .map(|(i, word)| {
            if word.chars().any(written_without_spaces) {
                Term { word: word.chars().take(RUN_CHARS).collect(), whole: false }
            } else {
                Term { word, whole: i < last }
            }
        })
        .collect()
}

/// How PostgreSQL is to find a search's games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Words {
    /// From the words' index: every match, then ordered (a search matching few games).
    Indexed,
    /// Row by row, along the listing's sort index, until the page is full: a search matching
    /// thousands of games has its page among the first few hundred rows of the sort, where the
    /// planner, without statistics for a word's beginning, would expect few matches and read and
    /// sort every one from the words' index (136 ms for the 11,112 games of "number 5…").
    AlongTheSort,
}

/// `query` narrowed to the games whose prompt matches `search` (none when it names no letter or
/// digit); `query` itself when there is no search.
///
/// PostgreSQL plans a search's statements for their words each time: the words' condition is SQL
/// text, which diesel never keeps prepared. (A kept statement soon got a plan for any words,
/// which read 100,000 prompts one by one for "number 3…", 320 ms.)
pub fn matching<'a>(
    query: BoxedGames<'a>,
    search: Option<&str>,
    backend: Backend,
    words: Words,
) -> BoxedGames<'a> {
    let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) else { return query };
    let terms = search_terms(search);
    if terms.is_empty() {
        return query.filter(sql::<Bool>("1 = 0"));
    }
    match backend {
        Backend::Postgres => {
            // The expression of the index `games_search_words` (migrations/postgres), so the
            // planner answers from it; wrapped in `IS TRUE` (the same rows: a condition that is
            // not true leaves a row out either way), no index can answer it, and the planner
            // reads along the sort. The terms are bound, never spliced into the SQL.
            let (open, close) = match words {
                Words::Indexed => ("", ""),
                Words::AlongTheSort => ("(", ") IS TRUE"),
            };
            query.filter(
                sql::<Bool>(&format!(
                    "{open}array_to_tsvector(array_remove(string_to_array(games.search_words, ' '), '')) @@ CAST("
                ))
                .bind::<Text, _>(ts_query(&terms))
                .sql(&format!(" AS tsquery){close}")),
            )
        }
        Backend::Sqlite => terms.iter().fold(query, |query, term| {
            query.filter(
                sql::<Bool>("(' ' || games.search_words || ' ') LIKE ")
                    .bind::<Text, _>(like_pattern(term))
                    .sql(" ESCAPE '\\'"),
            )
        }),
    }
}

/// A PostgreSQL `tsquery` asking for every term: `'iceland' & 'volc':*`. Quoted lexemes are
/// taken as they are (no parser, no stemming); `'` and `\` are escaped.
fn ts_query(terms: &[Term]) -> String {
    terms
        .iter()
        .map(|t| {
            let quoted = format!("'{}'", t.word.replace('\\', "\\\\").replace('\'', "''"));
            if t.whole {
                quoted
            } else {
                quoted + ":*"
            }
        })
        .collect::<Vec<_>>()
        .join(" & ")
}

/// A `LIKE` pattern (escape `\`) for the term in " {search_words} ": " {word} " for a whole
/// word, " {word}" for a beginning.
fn like_pattern(term: &Term) -> String {
    let mut pattern = String::from("% ");
    for c in term.word.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push_str(if term.whole { " %" } else { "%" });
    pattern
}

/// PostgreSQL's estimate of how many rows `query` gives, read from its plan (`None` on SQLite,
/// which gives none). A search matching thousands of games would read every one of them to
/// count them (12 ms for 5,000); its words' frequencies, which `ANALYZE` keeps for the index,
/// give the figure in the time of planning.
pub fn estimated_rows<Q>(conn: &mut DbConn, query: Q) -> Result<Option<i64>, AppError>
where
    Q: QueryFragment<MultiBackend> + QueryId,
{
    if conn.backend() != Backend::Postgres {
        return Ok(None);
    }
    let plan: Vec<String> = Explain(query).load(conn)?;
    Ok(plan.first().and_then(|top| planned_rows(top)))
}

/// The `rows=` of a plan's top line: `Bitmap Heap Scan on games  (cost=…  rows=4927 width=8)`.
fn planned_rows(line: &str) -> Option<i64> {
    let rows = &line[line.find(" rows=")? + " rows=".len()..];
    rows.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// What PostgreSQL's statistics (`ANALYZE`) say of the prompts' words: the most common words of
/// the words' index, each with the share of games whose prompt has it, and how many games there
/// are. From them a search's matches are expected as the planner expects them, without asking
/// it (planning the search a second time cost each new search 0.5 ms of PostgreSQL's time).
#[derive(Debug, Default)]
pub struct WordStats {
    /// By word, in byte order (as PostgreSQL compares a prefix).
    common: Vec<(String, f64)>,
    /// The least share a listed word has: an unlisted one has less.
    least_common: f64,
    /// The share of games whose prompt has any listed word.
    any_common: f64,
    games: f64,
}

/// The share PostgreSQL gives a word it has no figure for (`DEFAULT_TS_MATCH_SEL`).
const UNKNOWN_WORD_SHARE: f64 = 0.005;

#[derive(QueryableByName)]
struct CommonWord {
    #[diesel(sql_type = Nullable<Text>)]
    word: Option<String>,
    #[diesel(sql_type = Nullable<Double>)]
    share: Option<f64>,
    #[diesel(sql_type = Double)]
    games: f64,
}

impl WordStats {
    /// Reads them (PostgreSQL; empty before the first `ANALYZE`). The shares' array ends with
    /// the least and the greatest share, after one share per word.
    pub fn read(conn: &mut DbConn) -> Result<WordStats, AppError> {
        let rows: Vec<CommonWord> = diesel::sql_query(
            "SELECT e.word, e.share::float8 AS share, greatest(c.reltuples, 0)::float8 AS games \
             FROM pg_class AS c \
             LEFT JOIN pg_stats AS s ON s.schemaname = current_schema() AND s.tablename = 'games_search_words' \
             LEFT JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) \
               WITH ORDINALITY AS e(word, share, n) ON true \
             WHERE c.oid = 'games'::regclass ORDER BY e.n",
        )
        .load(conn)?;
        let games = rows.first().map_or(0.0, |row| row.games);
        let least_common = rows.iter().find(|row| row.word.is_none()).and_then(|row| row.share);
        let mut common: Vec<(String, f64)> =
            rows.into_iter().filter_map(|row| Some((row.word?, row.share?))).collect();
        common.sort_by(|a, b| a.0.cmp(&b.0));
        let any_common = common.iter().fold(0.0, |any, (_, share)| either(any, *share));
        Ok(WordStats { common, least_common: least_common.unwrap_or(0.0), any_common, games })
    }

    /// How many games PostgreSQL's planner expects to match `search`'s words, before any other
    /// condition: the figure of its `tsquery_opr_selec` (src/backend/tsearch/ts_selfuncs.c) for
    /// the words' `tsquery`, every term's share multiplied.
    pub fn expected_matches(&self, search: &str) -> f64 {
        search_terms(search).iter().map(|term| self.share(term)).product::<f64>() * self.games
    }

    /// Whether the statistics list every word of `search` (a beginning: the beginning of a
    /// listed word). Another word's share is PostgreSQL's guess, which can be far off either way:
    /// where prompts have few words besides their numbers ("list number N"), the planner expected
    /// a number no prompt has to match 1,976 of 100,000 games, and the search was read along the
    /// sort, every game's words compared, to find none (252 ms at p99).
    pub fn lists_every_word(&self, search: &str) -> bool {
        search_terms(search).iter().all(|term| self.lists(term))
    }

    fn lists(&self, term: &Term) -> bool {
        let from = self.common.partition_point(|(word, _)| word.as_str() < term.word.as_str());
        match self.common.get(from) {
            Some((word, _)) if term.whole => *word == term.word,
            Some((word, _)) => self.common.len() >= 100 && word.starts_with(term.word.as_str()),
            None => false,
        }
    }

    /// A term's share: a listed word's own; a beginning's, its listed words' together plus an
    /// unlisted share in proportion to them; never less than an unlisted word's.
    fn share(&self, term: &Term) -> f64 {
        // Too few listed words to judge a beginning by.
        if !term.whole && self.common.len() < 100 {
            return 4.0 * UNKNOWN_WORD_SHARE;
        }
        if self.common.is_empty() {
            return UNKNOWN_WORD_SHARE;
        }
        let unlisted = UNKNOWN_WORD_SHARE.min(self.least_common / 2.0);
        let from = self.common.partition_point(|(word, _)| word.as_str() < term.word.as_str());
        if term.whole {
            return self.common.get(from).filter(|(word, _)| *word == term.word).map_or(unlisted, |c| c.1);
        }
        let begun = self.common[from..].iter().take_while(|(word, _)| word.starts_with(term.word.as_str()));
        let (matched, n) = begun.fold((0.0, 0), |(any, n), (_, share)| (either(any, *share), n + 1));
        let share = matched.clamp(0.0, 1.0)
            + (1.0 - self.any_common.clamp(0.0, 1.0)) * n as f64 / self.common.len() as f64;
        share.max(unlisted)
    }
}

/// The share of games with either of two words, taken as independent (as PostgreSQL does).
fn either(a: f64, b: f64) -> f64 {
    a + b - a * b
}

/// How many rows a scan that stopped after finding `found` would have found in the whole table
/// (PostgreSQL), from the block its last row was in (`ctid`: "(block,offset)"): a bitmap or a
/// sequential scan reads the table in block order, so the fraction of blocks read is the fraction
/// of matches found if they are spread evenly. `None` when the rows did not come in block order.
pub fn extrapolated_rows(conn: &mut DbConn, ctids: &[String]) -> Result<Option<i64>, AppError> {
    let blocks: Vec<i64> = ctids.iter().filter_map(|ctid| block_of(ctid)).collect();
    let in_order = blocks.len() == ctids.len() && blocks.windows(2).all(|pair| pair[0] <= pair[1]);
    let Some(last) = blocks.last().filter(|_| in_order) else { return Ok(None) };
    let pages: i64 = diesel::select(sql::<BigInt>(
        "(pg_relation_size('games') / current_setting('block_size')::int)::bigint",
    ))
    .get_result(conn)?;
    let found = ctids.len() as i64;
    Ok(Some((found * pages / (last + 1)).max(found)))
}

fn block_of(ctid: &str) -> Option<i64> {
    ctid.strip_prefix('(')?.split(',').next()?.parse().ok()
}

/// `EXPLAIN` in front of a query: its plan as lines of text.
#[derive(QueryId)]
struct Explain<Q>(Q);

impl<Q: QueryFragment<MultiBackend>> QueryFragment<MultiBackend> for Explain<Q> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, MultiBackend>) -> QueryResult<()> {
        out.push_sql("EXPLAIN ");
        self.0.walk_ast(out.reborrow())
    }
}

impl<Q> Query for Explain<Q> {
    type SqlType = Text;
}

impl<Q> RunQueryDsl<DbConn> for Explain<Q> {}

/// Rows a batch of the backfill fills.
const BATCH: i64 = 500;

/// Writes the search words of every game stored without them (by a release before them, or an
/// older instance during a rolling deploy), in short transactions; how many.
pub fn fill_missing(conn: &mut DbConn) -> Result<u64, AppError> {
    let mut done = 0;
    loop {
        let (n, finished) = fill_missing_step(conn, u32::MAX)?;
        done += n;
        if finished {
            if done > 0 {
                tracing::info!(games = done, "wrote the search words of games an older release stored");
            }
            return Ok(done);
        }
    }
}

/// Up to `batches` batches of [`fill_missing`], each committed on its own: how many games, and
/// whether none is left.
pub fn fill_missing_step(conn: &mut DbConn, batches: u32) -> Result<(u64, bool), AppError> {
    let mut done = 0;
    for _ in 0..batches.max(1) {
        let n = write_transaction(conn, |conn| {
            let rows: Vec<(i64, String)> = games::table
                .filter(games::search_words.is_null())
                .order(games::id.asc())
                .limit(BATCH)
                .select((games::id, games::prompt))
                .load(conn)?;
            for (id, prompt) in &rows {
                diesel::update(games::table.filter(games::id.eq(id)))
                    .set(games::search_words.eq(Some(search_words(prompt))))
                    .execute(conn)?;
            }
            Ok::<_, AppError>(rows.len() as u64)
        })?;
        done += n;
        if n < BATCH as u64 {
            return Ok((done, true));
        }
    }
    Ok((done, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_split_into_normalised_words() {
        assert_eq!(search_words("Volcanoes of Iceland"), "volcanoes of iceland");
        assert_eq!(search_words("São Paulo's 10 biggest (1943)"), "sao paulos paulo s 10 biggest 1943");
        assert_eq!(search_words("Côte d’Ivoire—AC/DC"), "cote divoire d ivoire ac dc");
        assert_eq!(search_words("ＴＯＫＹＯ ｵｵｻｶ"), "tokyo おおさか おさか さか か");
        assert_eq!(search_words("of Of OF"), "of");
        assert_eq!(search_words("Крупнейшие города России"), "крупнейшие города россии");
        assert_eq!(search_words("?!  --"), "");
    }

    #[test]
    fn text_without_spaces_is_found_anywhere_in_it() {
        let words = words("日本の都市");
        assert_eq!(words, ["日本の都市", "本の都市", "の都市", "都市", "市"]);
        assert_eq!(search_terms("都市"), [term("都市", false)]);
    }

    fn term(word: &str, whole: bool) -> Term {
        Term { word: word.into(), whole }
    }

    #[test]
    fn search_terms_are_whole_words_but_the_last_once_and_bounded() {
        assert_eq!(search_terms("Iceland  iceland VOLC"), [term("iceland", true), term("volc", false)]);
        assert_eq!(search_terms("都市 tokyo"), [term("都市", false), term("tokyo", false)]);
        assert!(search_terms("% _ \\").is_empty());
        assert_eq!(search_terms(&"w ".repeat(40)).len(), 1);
        assert_eq!(
            search_terms(&(0..40).map(|i| format!("w{i} ")).collect::<String>()).len(),
            MAX_SEARCH_WORDS
        );
    }

    #[test]
    fn the_estimate_is_the_plan_s_top_line() {
        let top = "Bitmap Heap Scan on games  (cost=52.56..5321.04 rows=4927 width=8)";
        assert_eq!(planned_rows(top), Some(4927));
        assert_eq!(planned_rows("Result  (cost=0.00..0.01 rows=1 width=4)"), Some(1));
        assert_eq!(planned_rows("no estimate"), None);
    }

    #[test]
    fn matches_are_expected_as_the_planner_expects_them() {
        let mut common: Vec<(String, f64)> = (0..100).map(|i| (format!("w{i:03}"), 0.004)).collect();
        common.extend([("number".into(), 1.0), ("rivers".into(), 0.005), ("rivers3".into(), 0.004)]);
        common.sort_by(|a, b| a.0.cmp(&b.0));
        let stats = WordStats { common, least_common: 0.004, any_common: 1.0, games: 100_000.0 };
        let close = |search: &str, expected: f64| {
            let found = stats.expected_matches(search);
            assert!((found - expected).abs() < 0.5, "{search}: {found}, not {expected}");
        };
        // A whole word, then an unlisted beginning: its share is half the least listed one's.
        close("number 5", 200.0);
        close("rivers number", 500.0);
        close("river", 100_000.0 * (0.005 + 0.004 - 0.005 * 0.004));
        close("rivers3", 400.0);
        close("volcanoes", 200.0);
        assert_eq!(WordStats::default().expected_matches("anything"), 0.0, "no games counted yet");
        let unanalysed = WordStats { games: 1_000.0, ..WordStats::default() };
        assert_eq!(unanalysed.expected_matches("rivers of"), 1_000.0 * 0.005 * 0.02);
    }

    #[test]
    fn a_word_the_statistics_do_not_list_is_a_guess() {
        let mut common: Vec<(String, f64)> = (0..100).map(|i| (format!("w{i:03}"), 0.004)).collect();
        common.extend([("list".into(), 1.0), ("number".into(), 1.0), ("rivers".into(), 0.005)]);
        common.sort_by(|a, b| a.0.cmp(&b.0));
        let stats = WordStats { common, least_common: 0.004, any_common: 1.0, games: 100_000.0 };
        assert!(stats.lists_every_word("list number"));
        assert!(stats.lists_every_word("number riv"), "the beginning of a listed word");
        assert!(!stats.lists_every_word("number 99999"), "a beginning of no listed word");
        assert!(!stats.lists_every_word("volcanoes number"), "an unlisted whole word");
        assert!(!stats.lists_every_word("rivers numbers"), "a beginning of no listed word");
        let few = WordStats { common: vec![("list".into(), 1.0), ("number".into(), 1.0)], ..stats };
        assert!(!few.lists_every_word("list number"), "too few listed words to judge a beginning by");
        assert!(!WordStats::default().lists_every_word("list"), "nothing analysed yet");
    }

    #[test]
    fn a_row_s_block_is_the_first_half_of_its_ctid() {
        assert_eq!(block_of("(1234,5)"), Some(1234));
        assert_eq!(block_of("(0,1)"), Some(0));
        assert_eq!(block_of("1234"), None);
    }

    #[test]
    fn queries_quote_and_escape() {
        assert_eq!(ts_query(&[term("o'k", true), term("volc", false)]), "'o''k' & 'volc':*");
        assert_eq!(like_pattern(&term("a_b%", false)), "% a\\_b\\%%");
        assert_eq!(like_pattern(&term("of", true)), "% of %");
    }
}
