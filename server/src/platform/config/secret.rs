//! Settings that must never reach a log: secrets, and database URLs that may carry a password.

use std::fmt;

/// A setting that must never reach a log: its `Debug` prints `[redacted]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("\"[redacted]\"")
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Self {
        Secret(value.to_string())
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Self {
        Secret(value)
    }
}

/// `DATABASE_URL` as given. A PostgreSQL URL may carry a password (`postgres://u:pw@host/db` or
/// `?password=pw`), so `Debug` hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrlSetting(pub String);

impl DatabaseUrlSetting {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for DatabaseUrlSetting {
    fn from(value: String) -> Self {
        DatabaseUrlSetting(value)
    }
}

impl fmt::Debug for DatabaseUrlSetting {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Debug::fmt(&redact_url(&self.0), f)
    }
}

/// The URL with the password of its user part and any `password=` parameter replaced.
pub(super) fn redact_url(url: &str) -> String {
    let mut out = url.to_string();
    if let Some(scheme_end) = out.find("://").map(|i| i + 3) {
        let authority_end = out[scheme_end..].find(['/', '?']).map_or(out.len(), |i| scheme_end + i);
        if let Some(at) = out[scheme_end..authority_end].rfind('@').map(|i| scheme_end + i) {
            if let Some(colon) = out[scheme_end..at].find(':').map(|i| scheme_end + i) {
                out.replace_range(colon + 1..at, "[redacted]");
            }
        }
    }
    if let Some(query) = out.find('?') {
        let redacted: Vec<String> = out[query + 1..]
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=[redacted]"),
                _ => pair.to_string(),
            })
            .collect();
        out.replace_range(query + 1.., &redacted.join("&"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_without_passwords_are_unchanged() {
        for url in
            ["data/lavalist.db", "postgres://lava@db/x", "postgres://db/x?sslmode=disable", "sqlite://a:b.db"]
        {
            assert_eq!(redact_url(url), url);
        }
        assert_eq!(redact_url("postgresql://u:p@h"), "postgresql://u:[redacted]@h");
    }
}
