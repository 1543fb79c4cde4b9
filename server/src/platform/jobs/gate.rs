//! A gate that opens once: an instance's start-up work done. Requests that need that work wait
//! on it (bounded), `/api/ready` reports it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct Gate {
    open: AtomicBool,
    opened: Notify,
}

impl Gate {
    /// A gate already open (nothing to wait for).
    pub fn opened() -> Self {
        Gate { open: AtomicBool::new(true), opened: Notify::new() }
    }

    pub fn open(&self) {
        self.open.store(true, Ordering::SeqCst);
        self.opened.notify_waiters();
    }

    pub fn is_open(&self) -> bool {
        self.open.load(Ordering::SeqCst)
    }

    /// Waits until the gate is open, at most `wait`: whether it is.
    pub async fn wait(&self, wait: Duration) -> bool {
        if self.is_open() {
            return true;
        }
        let mut opened = std::pin::pin!(self.opened.notified());
        // Registered before the second look, so an `open` in between is not missed.
        opened.as_mut().enable();
        if self.is_open() {
            return true;
        }
        let _ = actix_web::rt::time::timeout(wait, opened).await;
        self.is_open()
    }
}
