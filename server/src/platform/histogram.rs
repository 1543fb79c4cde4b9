//! A lock-free Prometheus histogram: fixed upper bounds, one atomic counter per bucket. Kept
//! apart from `metrics` so that the submission writer can own one without depending on the
//! metrics endpoint (which reads the app state, which holds the writer).

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

pub struct Histogram {
    /// Upper bounds, ascending, in the unit Prometheus shows (seconds, items).
    bounds: &'static [f64],
    /// Observations per bucket (not cumulative); the last one is `+Inf`.
    counts: Vec<AtomicU64>,
    /// The sum of observations in `1 / scale` units, so it stays an integer.
    sum: AtomicU64,
    scale: f64,
}

impl Histogram {
    /// Observations are whole numbers of `1 / scale` of the unit: `scale` 1e6 with bounds in
    /// seconds takes microseconds.
    pub fn new(bounds: &'static [f64], scale: f64) -> Self {
        Histogram {
            bounds,
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum: AtomicU64::new(0),
            scale,
        }
    }

    pub fn observe(&self, value: u64) {
        let shown = value as f64 / self.scale;
        let bucket = self.bounds.iter().position(|b| shown <= *b).unwrap_or(self.bounds.len());
        self.counts[bucket].fetch_add(1, Ordering::Relaxed);
        self.sum.fetch_add(value, Ordering::Relaxed);
    }

    pub fn count(&self) -> u64 {
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    /// Appends `{name}_bucket`, `{name}_sum` and `{name}_count` lines; `labels` is empty or
    /// `key="value",…` without braces.
    pub fn render(&self, name: &str, labels: &str, out: &mut String) {
        let sep = if labels.is_empty() { "" } else { "," };
        let mut cumulative = 0;
        for (i, count) in self.counts.iter().enumerate() {
            cumulative += count.load(Ordering::Relaxed);
            let le = self.bounds.get(i).map_or("+Inf".to_string(), |b| b.to_string());
            let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{le}\"}} {cumulative}");
        }
        let sum = self.sum.load(Ordering::Relaxed) as f64 / self.scale;
        let braces = if labels.is_empty() { String::new() } else { format!("{{{labels}}}") };
        let _ = writeln!(out, "{name}_sum{braces} {sum}");
        let _ = writeln!(out, "{name}_count{braces} {cumulative}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_cumulative_and_inclusive() {
        let h = Histogram::new(&[0.001, 0.01], 1e6);
        for us in [500, 1_000, 5_000, 20_000] {
            h.observe(us);
        }
        let mut out = String::new();
        h.render("t", "a=\"b\"", &mut out);
        assert_eq!(
            out,
            "t_bucket{a=\"b\",le=\"0.001\"} 2\nt_bucket{a=\"b\",le=\"0.01\"} 3\n\
             t_bucket{a=\"b\",le=\"+Inf\"} 4\nt_sum{a=\"b\"} 0.0265\nt_count{a=\"b\"} 4\n"
        );
        let mut bare = String::new();
        Histogram::new(&[1.0], 1.0).render("n", "", &mut bare);
        assert_eq!(bare, "n_bucket{le=\"1\"} 0\nn_bucket{le=\"+Inf\"} 0\nn_sum 0\nn_count 0\n");
    }
}
