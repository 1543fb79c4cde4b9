//! The result parameter of a shared link (`?r=…`): a stored result's circle row and score,
//! signed by the server, so a link preview can show them and nobody can make one up.
//!
//! Bytes, then unpadded base64url (27 characters for a daily, 22 for a community game):
//!
//! | bytes | what |
//! |---|---|
//! | 1 | kind: 1 daily, 2 community |
//! | 4 | daily only: the date, days from 0001-01-01 (big-endian) |
//! | 1 | number of items `n` (at most 64) |
//! | ⌈n/8⌉ | found flags, item `i` in bit `i % 8` of byte `i / 8`, in list order |
//! | 2 | score (big-endian) |
//! | 10 | the first 80 bits of HMAC-SHA256 over a label, every byte above and, for a community game, its uid |
//!
//! The uid is in the link's path (`/community/{uid}?r=…`), so it is signed but not carried: a
//! parameter copied onto another game's link fails. No item is in it, nor anything that tells
//! one: the row is the circles the share text shows anyway.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Datelike, NaiveDate};
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Domain separation: the key is derived from the server secret with this label, so a result
/// link's MAC can never be mistaken for a login token's signature or the other way round.
const KEY_LABEL: &[u8] = b"lavalist result links v1";
/// Signed before the bytes, so the format's version is part of every MAC.
const MAC_LABEL: &[u8] = b"lavalist result v1\0";
const MAC_BYTES: usize = 10;
const DAILY: u8 = 1;
const COMMUNITY: u8 = 2;
/// More than any game has (10 items); a longer row is refused before any work.
pub const MAX_ITEMS: usize = 64;
/// The longest parameter worth decoding: a daily with `MAX_ITEMS` items.
const MAX_CHARS: usize = 48;

/// Which game a result belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ResultGame {
    Daily(NaiveDate),
    Community(String),
}

/// What a result parameter says: the circles (found or not, in list order) and the score.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResultRow {
    pub found: Vec<bool>,
    pub score: u32,
}

/// Signs and checks result parameters with a key derived from the server secret.
#[derive(Clone)]
pub struct ResultLinks {
    key: [u8; 32],
}

impl std::fmt::Debug for ResultLinks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ResultLinks([redacted])")
    }
}

impl ResultLinks {
    pub fn new(server_secret: &[u8]) -> Self {
        let mut mac = HmacSha256::new_from_slice(server_secret).expect("HMAC takes a key of any length");
        mac.update(KEY_LABEL);
        ResultLinks { key: mac.finalize().into_bytes().into() }
    }

    fn mac(&self, payload: &[u8], game: &ResultGame) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(MAC_LABEL);
        mac.update(payload);
        if let ResultGame::Community(uid) = game {
            mac.update(b"\0");
            mac.update(uid.as_bytes());
        }
        mac
    }

    /// The parameter of this result; `None` for a row longer than any game has, or a score
    /// that does not fit (neither happens with the game's rules).
    pub fn sign(&self, game: &ResultGame, row: &ResultRow) -> Option<String> {
        if row.found.len() > MAX_ITEMS {
            return None;
        }
        let score = u16::try_from(row.score).ok()?;
        let mut payload = Vec::with_capacity(24);
        match game {
            ResultGame::Daily(date) => {
                payload.push(DAILY);
                payload.extend_from_slice(&u32::try_from(date.num_days_from_ce()).ok()?.to_be_bytes());
            }
            ResultGame::Community(_) => payload.push(COMMUNITY),
        }
        payload.push(row.found.len() as u8);
        let mut flags = vec![0u8; row.found.len().div_ceil(8)];
        for (i, _) in row.found.iter().enumerate().filter(|(_, found)| **found) {
            flags[i / 8] |= 1 << (i % 8);
        }
        payload.extend_from_slice(&flags);
        payload.extend_from_slice(&score.to_be_bytes());
        let tag = self.mac(&payload, game).finalize().into_bytes();
        payload.extend_from_slice(&tag[..MAC_BYTES]);
        Some(URL_SAFE_NO_PAD.encode(payload))
    }

    /// The result a parameter carries, if the server signed it for a game of this page:
    /// `community` is the uid in the link's path (`None` on a daily's page), `date` the date in
    /// the path (`None` on `/`, which takes the parameter's own date). Anything else, a single
    /// changed bit included, is `None`.
    pub fn verify(
        &self,
        param: &str,
        community: Option<&str>,
        date: Option<NaiveDate>,
    ) -> Option<(ResultGame, ResultRow)> {
        if param.len() > MAX_CHARS {
            return None;
        }
        let bytes = URL_SAFE_NO_PAD.decode(param).ok()?;
        let (&kind, rest) = bytes.split_first()?;
        let (game, rest) = match (kind, community) {
            (DAILY, None) => {
                let (days, rest) = rest.split_at_checked(4)?;
                let days = i32::try_from(u32::from_be_bytes(days.try_into().ok()?)).ok()?;
                let day = NaiveDate::from_num_days_from_ce_opt(days)?;
                if date.is_some_and(|date| date != day) {
                    return None;
                }
                (ResultGame::Daily(day), rest)
            }
            (COMMUNITY, Some(uid)) => (ResultGame::Community(uid.to_string()), rest),
            _ => return None,
        };
        let (&count, rest) = rest.split_first()?;
        let count = usize::from(count);
        if count > MAX_ITEMS || rest.len() != count.div_ceil(8) + 2 + MAC_BYTES {
            return None;
        }
        let signed = bytes.len() - MAC_BYTES;
        self.mac(&bytes[..signed], &game).verify_truncated_left(&bytes[signed..]).ok()?;
        let (flags, rest) = rest.split_at(count.div_ceil(8));
        // Bits past the row must be clear: one result has one parameter.
        if count % 8 != 0 && flags.last().is_some_and(|last| last >> (count % 8) != 0) {
            return None;
        }
        let found = (0..count).map(|i| flags[i / 8] & (1 << (i % 8)) != 0).collect();
        let score = u32::from(u16::from_be_bytes([rest[0], rest[1]]));
        Some((game, ResultRow { found, score }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(found: &[bool], score: u32) -> ResultRow {
        ResultRow { found: found.to_vec(), score }
    }

    fn links() -> ResultLinks {
        ResultLinks::new(b"a server secret of at least thirty-two bytes")
    }

    #[test]
    fn a_signed_daily_result_reads_back_on_its_pages_only() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let game = ResultGame::Daily(date);
        let result = row(&[true, false, true, true, false, false, true, true, true, false], 560);
        let param = links().sign(&game, &result).unwrap();
        assert_eq!(param.len(), 27, "{param}");
        assert_eq!(links().verify(&param, None, None), Some((game.clone(), result.clone())));
        assert_eq!(links().verify(&param, None, Some(date)), Some((game, result)));
        assert_eq!(links().verify(&param, None, date.succ_opt()), None, "another day's page");
        assert_eq!(links().verify(&param, Some("abc"), None), None, "a community page");
        assert_eq!(ResultLinks::new(b"another secret").verify(&param, None, None), None);
    }

    #[test]
    fn a_community_result_is_bound_to_its_uid() {
        let game = ResultGame::Community("g1".into());
        let result = row(&[false; 10], 0);
        let param = links().sign(&game, &result).unwrap();
        assert_eq!(param.len(), 22, "{param}");
        assert_eq!(links().verify(&param, Some("g1"), None), Some((game, result)));
        assert_eq!(links().verify(&param, Some("g2"), None), None);
        assert_eq!(links().verify(&param, None, None), None);
    }

    #[test]
    fn every_changed_bit_or_length_is_refused() {
        let game = ResultGame::Daily(NaiveDate::from_ymd_opt(2026, 1, 2).unwrap());
        let param = links().sign(&game, &row(&[true; 10], 1000)).unwrap();
        let bytes = URL_SAFE_NO_PAD.decode(&param).unwrap();
        for i in 0..bytes.len() * 8 {
            let mut tampered = bytes.clone();
            tampered[i / 8] ^= 1 << (i % 8);
            assert_eq!(links().verify(&URL_SAFE_NO_PAD.encode(&tampered), None, None), None, "bit {i}");
        }
        for cut in 0..bytes.len() {
            assert_eq!(links().verify(&URL_SAFE_NO_PAD.encode(&bytes[..cut]), None, None), None);
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(links().verify(&URL_SAFE_NO_PAD.encode(&longer), None, None), None);
        for junk in ["", "!!!!", "a", &"A".repeat(400), "%00", "AAAAAAAAAAAAAAAAAAAAAAAAAAA"] {
            assert_eq!(links().verify(junk, None, None), None, "{junk}");
        }
    }

    #[test]
    fn rows_longer_than_any_game_or_scores_past_u16_are_not_signed() {
        let game = ResultGame::Community("g".into());
        assert!(links().sign(&game, &row(&[true; 65], 1)).is_none());
        assert!(links().sign(&game, &row(&[true; 3], 70_000)).is_none());
        let param = links().sign(&game, &row(&[true; 64], 1)).unwrap();
        assert_eq!(links().verify(&param, Some("g"), None).unwrap().1.found.len(), 64);
    }
}
