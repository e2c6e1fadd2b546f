//! A fixed-size log-linear histogram: percentiles of any number of samples
//! in constant memory.

/// Sub-buckets per power of two: values are kept to within 1/64 ≈ 1.6%.
const SUB_BUCKETS: u64 = 64;
/// Powers of two covered: values up to 2⁴⁰ (18 minutes in microseconds… or
/// any other unit; larger values share the last bucket).
const POWERS: usize = 40;

/// Counts of values in buckets whose width grows with the value.
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Vec<u64>,
    total: u64,
    sum: u128,
    max: u64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            counts: vec![0; POWERS * SUB_BUCKETS as usize],
            total: 0,
            sum: 0,
            max: 0,
        }
    }
}

impl Histogram {
    /// Adds one value.
    pub fn record(&mut self, value: u64) {
        let bucket = bucket_of(value).min(self.counts.len() - 1);
        self.counts[bucket] += 1;
        self.total += 1;
        self.sum += u128::from(value);
        self.max = self.max.max(value);
    }

    /// How many values were recorded.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// The mean, or 0 when empty.
    pub fn mean(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.sum as f64 / self.total as f64
        }
    }

    /// The largest value recorded.
    pub fn max(&self) -> u64 {
        self.max
    }

    /// The value at quantile `q` (0 to 1), to within the bucket width: the
    /// lower edge of the bucket holding it, never above the maximum.
    pub fn quantile(&self, q: f64) -> u64 {
        if self.total == 0 {
            return 0;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (bucket, &count) in self.counts.iter().enumerate() {
            seen += count;
            if seen >= rank {
                return lower_edge(bucket).min(self.max);
            }
        }
        self.max
    }
}

/// Values below `SUB_BUCKETS` have a bucket each; above, each power of two
/// is split into `SUB_BUCKETS` equal parts.
fn bucket_of(value: u64) -> usize {
    if value < SUB_BUCKETS {
        return value as usize;
    }
    let power = 63 - value.leading_zeros() as u64; // ≥ 6
    let shift = power - SUB_BUCKETS.trailing_zeros() as u64;
    let sub = (value >> shift) - SUB_BUCKETS;
    ((power - 5) * SUB_BUCKETS + sub) as usize
}

fn lower_edge(bucket: usize) -> u64 {
    let bucket = bucket as u64;
    if bucket < SUB_BUCKETS {
        return bucket;
    }
    let power = bucket / SUB_BUCKETS + 5;
    let sub = bucket % SUB_BUCKETS;
    let shift = power - SUB_BUCKETS.trailing_zeros() as u64;
    (SUB_BUCKETS + sub) << shift
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_round_trip_their_lower_edges() {
        for value in [0, 1, 63, 64, 65, 127, 128, 1000, 123_456, 1 << 39] {
            let edge = lower_edge(bucket_of(value));
            assert!(
                edge <= value && value - edge <= value / 64,
                "{value} -> {edge}"
            );
            assert_eq!(bucket_of(edge), bucket_of(value));
        }
    }

    #[test]
    fn quantiles_are_within_the_bucket_width() {
        let mut histogram = Histogram::default();
        for value in 1..=10_000 {
            histogram.record(value);
        }
        assert_eq!(histogram.len(), 10_000);
        assert_eq!(histogram.max(), 10_000);
        assert!((histogram.mean() - 5000.5).abs() < 1e-9);
        for (q, exact) in [(0.5, 5000.0), (0.99, 9900.0), (1.0, 10_000.0)] {
            let found = histogram.quantile(q) as f64;
            assert!(
                (found - exact).abs() <= exact / 64.0,
                "q{q}: {found} vs {exact}"
            );
        }
        assert_eq!(Histogram::default().quantile(0.5), 0);
    }
}
