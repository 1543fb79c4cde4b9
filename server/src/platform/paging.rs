//! Paging and searching listings: the page window a query asks for, and the prompt search.

use crate::platform::error::AppError;

pub const DEFAULT_LIMIT: u64 = 12;
/// Day listings and the review queue are explore pages.
pub const MAX_DAY_LIMIT: u64 = 100;
/// The profile page asks for a user's games 500 at a time.
pub const MAX_COMMUNITY_LIMIT: u64 = 500;
const MAX_SEARCH_CHARS: usize = 200;

/// One page of a listing: `offset` is `None` when the page lies beyond any possible row.
#[derive(Debug, Clone, Copy)]
pub struct PageWindow {
    pub offset: Option<i64>,
    pub limit: i64,
}

impl PageWindow {
    /// Every row at once (the calendar's full listings).
    pub const ALL: PageWindow = PageWindow { offset: Some(0), limit: i64::MAX };
}

/// Checks page and limit; a page past any possible row yields an empty page.
pub fn window(page: Option<u64>, limit: Option<u64>, max_limit: u64) -> Result<PageWindow, AppError> {
    let page = page.unwrap_or(1);
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    if page == 0 {
        return Err(AppError::bad_request("page starts at 1."));
    }
    if limit == 0 {
        return Err(AppError::bad_request("limit must be at least 1."));
    }
    let limit = limit.min(max_limit);
    let offset = (page - 1).checked_mul(limit).and_then(|o| i64::try_from(o).ok());
    Ok(PageWindow { offset, limit: limit as i64 })
}

/// The search text, refused when over its length limit.
pub fn search(text: Option<String>) -> Result<Option<String>, AppError> {
    match text {
        Some(s) if s.chars().count() > MAX_SEARCH_CHARS => {
            Err(AppError::bad_request(format!("search is at most {MAX_SEARCH_CHARS} characters.")))
        }
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        let w = window(Some(3), Some(12), MAX_DAY_LIMIT).unwrap();
        assert_eq!((w.offset, w.limit), (Some(24), 12));
        assert_eq!(window(None, Some(1_000), MAX_DAY_LIMIT).unwrap().limit, 100);
        assert!(window(Some(0), None, MAX_DAY_LIMIT).is_err());
        assert!(window(None, Some(0), MAX_DAY_LIMIT).is_err());
        assert_eq!(window(Some(u64::MAX), Some(100), MAX_DAY_LIMIT).unwrap().offset, None);
    }
}
