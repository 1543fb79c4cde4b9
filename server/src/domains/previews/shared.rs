//! What every card request shares, built once at start (it lives in the app state): the
//! renderer with its fonts, the result-link key and the cards drawn lately.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use super::card::{self, Renderer};
use super::token::ResultLinks;
use crate::platform::config::Config;

/// Cards kept rendered in memory, by ETag: a link pasted into a busy chat is drawn once.
const RENDERED_CARDS: usize = 64;

/// The renderer, the result-link key and the rendered cards: built once at start.
pub struct Previews {
    pub renderer: Renderer,
    pub links: ResultLinks,
    rendered: Mutex<VecDeque<(String, Arc<Vec<u8>>)>>,
}

impl Previews {
    /// Loads the fonts (`--fonts-dir`, else the system's) and derives the link key from the
    /// server secret.
    pub fn from_config(config: &Config, server_secret: &[u8]) -> Self {
        let renderer = Renderer::new(card::load_fonts(config.fonts_dir.as_deref()));
        if renderer.face_count() == 0 {
            tracing::warn!(dir = ?config.fonts_dir, "no fonts found: link preview cards will have no text");
        } else if !renderer.missing_families().is_empty() {
            tracing::warn!(missing = %renderer.missing_families().join(", "), "link preview cards lack preferred fonts; those scripts fall back to other fonts");
        }
        Previews { renderer, links: ResultLinks::new(server_secret), rendered: Mutex::new(VecDeque::new()) }
    }

    pub(super) fn cached(&self, etag: &str) -> Option<Arc<Vec<u8>>> {
        let rendered = self.rendered.lock().unwrap_or_else(PoisonError::into_inner);
        rendered.iter().find(|(tag, _)| tag == etag).map(|(_, png)| png.clone())
    }

    pub(super) fn keep(&self, etag: String, png: Arc<Vec<u8>>) {
        let mut rendered = self.rendered.lock().unwrap_or_else(PoisonError::into_inner);
        if rendered.iter().any(|(tag, _)| *tag == etag) {
            return;
        }
        if rendered.len() >= RENDERED_CARDS {
            rendered.pop_front();
        }
        rendered.push_back((etag, png));
    }
}
