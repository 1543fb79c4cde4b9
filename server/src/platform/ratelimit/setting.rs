//! `--rate-limit NAME=LIMIT/WINDOW`: one row of the bucket table overridden.

use std::fmt;
use std::str::FromStr;

use super::buckets::{all_buckets, Bucket, Rule, HOUR, MINUTE};

/// One `--rate-limit` setting: `login-ip=30/5m` (units `s`, `m`, `h`, `d`; a bare number is
/// seconds; `0/…` or `off` turns the bucket off).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSetting {
    pub bucket: Bucket,
    pub rule: Rule,
}

impl FromStr for RuleSetting {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (name, value) =
            s.trim().split_once('=').ok_or_else(|| format!("`{s}`: expected NAME=LIMIT/WINDOW"))?;
        let bucket = all_buckets()
            .find(|b| b.name() == name.trim())
            .ok_or_else(|| format!("unknown rate limit `{name}` (known: {})", bucket_names()))?;
        let rule =
            parse_rule(value.trim()).ok_or_else(|| format!("`{s}`: expected LIMIT/WINDOW, e.g. 30/5m"))?;
        Ok(RuleSetting { bucket, rule })
    }
}

impl fmt::Display for RuleSetting {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}={}/{}s", self.bucket.name(), self.rule.limit, self.rule.window_secs)
    }
}

fn parse_rule(value: &str) -> Option<Rule> {
    if value == "off" {
        return Some(Rule { limit: 0, window_secs: 1 });
    }
    let (limit, window) = value.split_once('/')?;
    let (number, unit) = window.split_at(window.find(|c: char| !c.is_ascii_digit()).unwrap_or(window.len()));
    let scale = match unit {
        "" | "s" => 1,
        "m" => MINUTE,
        "h" => HOUR,
        "d" => 24 * HOUR,
        _ => return None,
    };
    let window_secs = number.parse::<u64>().ok()?.checked_mul(scale).filter(|w| *w > 0)?;
    Some(Rule { limit: limit.parse().ok()?, window_secs })
}

fn bucket_names() -> String {
    all_buckets().map(Bucket::name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::ratelimit::Endpoint;

    #[test]
    fn settings_parse() {
        let s: RuleSetting = "login-ip=30/5m".parse().unwrap();
        assert_eq!(s.bucket, Bucket::ip(Endpoint::Login));
        assert_eq!(s.rule, Rule { limit: 30, window_secs: 300 });
        let s: RuleSetting = "forgot-password-account=3/1h".parse().unwrap();
        assert_eq!(s.rule.window_secs, 3600);
        assert_eq!("upload-ip=2/90".parse::<RuleSetting>().unwrap().rule.window_secs, 90);
        assert_eq!("upload-ip=off".parse::<RuleSetting>().unwrap().rule.limit, 0);
        for bad in ["login=3/5m", "login-ip=3", "login-ip=x/5m", "login-ip=3/5w", "login-ip=3/0s", "nothing"]
        {
            assert!(bad.parse::<RuleSetting>().is_err(), "{bad}");
        }
    }

    #[test]
    fn settings_come_from_flags_and_the_environment() {
        use clap::Parser;
        let cli = crate::platform::config::Cli::try_parse_from([
            "lavalist",
            "--rate-limit",
            "login-ip=5/1m,upload-ip=off",
        ])
        .expect("valid settings");
        assert_eq!(cli.config.rate_limits.len(), 2);
        let err = crate::platform::config::Cli::try_parse_from(["lavalist", "--rate-limit", "login=5/1m"])
            .unwrap_err();
        assert!(err.to_string().contains("unknown rate limit `login`"), "{err}");
    }
}
