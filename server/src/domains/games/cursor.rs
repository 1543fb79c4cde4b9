//! Where a keyset page of a community listing starts, as `next` gives it to the client.

use std::cmp::Ordering;

use lavalist_api::games::CommunitySort;

use super::model::GameRow;

/// Where a keyset page starts: after the row with this sort key and id (in the listing's
/// order, sort key then id, both descending).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cursor {
    Float(f64, i64),
    Int(i64, i64),
}

impl Cursor {
    /// `{sort}:{key}:{id}`, as `next` gives it.
    pub fn encode(self, sort: CommunitySort) -> String {
        match self {
            Cursor::Float(key, id) => format!("{}:{key}:{id}", sort_letter(sort)),
            Cursor::Int(key, id) => format!("{}:{key}:{id}", sort_letter(sort)),
        }
    }

    /// A cursor of this sort, or `None` when the text is not one.
    pub fn decode(text: &str, sort: CommunitySort) -> Option<Cursor> {
        let mut parts = text.split(':');
        let (letter, key, id) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || letter != sort_letter(sort) {
            return None;
        }
        let id: i64 = id.parse().ok()?;
        match sort {
            CommunitySort::Hot | CommunitySort::Top => {
                key.parse::<f64>().ok().filter(|k| k.is_finite()).map(|k| Cursor::Float(k, id))
            }
            CommunitySort::New | CommunitySort::Played => key.parse().ok().map(|k| Cursor::Int(k, id)),
        }
    }

    pub(super) fn id(self) -> i64 {
        match self {
            Cursor::Float(_, id) | Cursor::Int(_, id) => id,
        }
    }

    /// The listing's order of two rows' cursors (key, then id, both descending), as the
    /// database orders them.
    pub(super) fn listing_order(&self, other: &Cursor) -> Ordering {
        match (self, other) {
            (Cursor::Float(a, i), Cursor::Float(b, j)) => b.total_cmp(a).then(j.cmp(i)),
            (Cursor::Int(a, i), Cursor::Int(b, j)) => b.cmp(a).then(j.cmp(i)),
            _ => Ordering::Equal,
        }
    }

    pub(super) fn of(row: &GameRow, sort: CommunitySort) -> Cursor {
        cursor_of((row.id, row.hot, row.top, row.created_at, row.plays), sort)
    }
}

fn sort_letter(sort: CommunitySort) -> &'static str {
    match sort {
        CommunitySort::Hot => "h",
        CommunitySort::New => "n",
        CommunitySort::Top => "t",
        CommunitySort::Played => "p",
    }
}

/// The sort keys of a row, enough to make its cursor.
pub(super) type SortKeys = (i64, f64, f64, i64, i64);

pub(super) fn cursor_of(keys: SortKeys, sort: CommunitySort) -> Cursor {
    let (id, hot, top, created_at, plays) = keys;
    match sort {
        CommunitySort::Hot => Cursor::Float(hot, id),
        CommunitySort::Top => Cursor::Float(top, id),
        CommunitySort::New => Cursor::Int(created_at, id),
        CommunitySort::Played => Cursor::Int(plays, id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listing_order_is_key_then_id_descending() {
        let mut cursors = [Cursor::Float(1.5, 3), Cursor::Float(2.0, 1), Cursor::Float(1.5, 9)];
        cursors.sort_by(Cursor::listing_order);
        assert_eq!(cursors.map(Cursor::id), [1, 9, 3]);
        let mut cursors = [Cursor::Int(5, 1), Cursor::Int(5, 2), Cursor::Int(7, 0)];
        cursors.sort_by(Cursor::listing_order);
        assert_eq!(cursors.map(Cursor::id), [0, 2, 1]);
    }

    #[test]
    fn cursors_round_trip_exactly_and_refuse_other_sorts() {
        let hot = Cursor::Float(20_833.123_456_789_01, 42);
        assert_eq!(Cursor::decode(&hot.encode(CommunitySort::Hot), CommunitySort::Hot), Some(hot));
        let new = Cursor::Int(1_800_000_000_000, 7);
        assert_eq!(Cursor::decode(&new.encode(CommunitySort::New), CommunitySort::New), Some(new));
        assert_eq!(Cursor::decode(&new.encode(CommunitySort::New), CommunitySort::Played), None);
        for bad in ["", "h:1", "h:x:1", "h:1:2:3", "h:NaN:1", "h:inf:1", "n:1.5:2"] {
            assert_eq!(
                Cursor::decode(bad, CommunitySort::Hot).or(Cursor::decode(bad, CommunitySort::New)),
                None,
                "{bad}"
            );
        }
    }
}
