//! A spatial index for "which objects are within range of this point", so that many NPCs can
//! each look around among many objects without testing every object.
//!
//! **Design.** A uniform grid on the ground plane (x and z). NPC worlds are mostly flat, so
//! `y` decides no cell; it still counts in the exact distance test. The index is rebuilt
//! wholesale from the objects' current positions rather than updated: objects move every tick,
//! and an O(n) counting sort into two flat arrays (compressed sparse rows: per-bucket start
//! offsets, and the entries grouped by bucket) touches memory sequentially and allocates
//! nothing once its buffers have grown, where per-cell lists or a tree would chase pointers.
//!
//! The world is unbounded, so cells (pairs of `i32`) are hashed into a power-of-two table of
//! buckets, at least twice as many as entries. The hash keeps a **row** together: the cells
//! `(x, z), (x, z + 1), …` land in consecutive buckets (a Fibonacci-hashed offset for `x`, plus
//! `z`). A query then reads each row of its rectangle of cells as one contiguous run of entries
//! (two where the run wraps around the table) for one hash, instead of one hash and one lookup
//! per cell. The golden-ratio offsets put neighbouring rows far apart in the table, so the rows
//! of a bounded world rarely share buckets; where they do, entries carry their row (x cell),
//! and those of another row are skipped before the distance test, which is also why no entry
//! is ever tested (or reported) twice. Runs make small cells cheap: with a quarter of the
//! range, a query tests little more than the entries of its circle's bounding square.
//!
//! **Exactness.** Results are exactly those of testing every object with
//! [`distance_between`] and `distance <= range`: the grid only decides which entries are
//! tested. The rectangle of cells reaches a little beyond `range`, because
//! `distance_between` subtracts coordinates in `f32` and the rounding can make an object
//! slightly farther than `range` along one axis count as within it (see `RANGE_SLACK`;
//! the tests find the objects that an unwidened rectangle misses). Queries whose rectangle has
//! more cells than the table has buckets (an infinite or very large range, a tiny cell size)
//! test every entry instead: that is cheaper than walking the cells, and never loops over
//! billions of them. So does a query from a non-finite centre, whose distances are all
//! infinite or NaN.

use crate::core::model::condition::{distance_between, squared_distance};
use crate::core::model::error::{Error, Result};
use crate::core::model::vec3::Vec3;
use crate::core::world::within_range::WithinRange;

/// How much farther than the range, relative to it, the rectangle of cells reaches: an object
/// within range by [`distance_between`] can be farther along one axis by the `f32` rounding of
/// the coordinate difference, at most 2^-24 of it; 2^-20 also covers the `f64` rounding of the
/// reach itself. The edges `centre ∓ reach` need no slack of their own: their exact values lie
/// beyond every such object's coordinate, which is an `f64` too, and rounding to nearest is
/// monotone, so it cannot move an edge past one.
const RANGE_SLACK: f64 = 8.0 * f32::EPSILON as f64;

/// 2^64 divided by the golden ratio: consecutive row numbers multiplied by it spread evenly
/// over the table (Fibonacci hashing).
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// Largest table, in bits. Row runs rely on consecutive `z` (as `u32`, wrapping) being
/// consecutive buckets, which holds while the table size divides 2^32.
const MAX_TABLE_BITS: u32 = 31;

/// One indexed object: the caller's id, its position and the x of the cell it lies in (all a
/// query needs to tell a bucket's rows apart).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    position: Vec3,
    id: u32,
    cell_x: i32,
}

/// An entry before it is bucketed, with the z of its cell.
#[derive(Clone, Copy, Debug)]
struct Staged {
    entry: Entry,
    cell_z: i32,
}

/// Entries staged for a rebuild, with their cells, in the caller's order: an index's own, or
/// its buffer lent out to stage while other work runs ([`SpatialIndex::lend_staging`]: the
/// advance pass stages the NPCs' positions as it goes).
#[derive(Clone, Debug, Default)]
pub(crate) struct Staging {
    /// The index's 1 / cell size.
    inverse_cell_size: f64,
    staged: Vec<Staged>,
}

impl Staging {
    /// Empty, for an index of cells `1 / inverse_cell_size` wide.
    fn restart(&mut self, inverse_cell_size: f64) {
        self.inverse_cell_size = inverse_cell_size;
        self.staged.clear();
    }

    /// Adds object `id` at `position`.
    #[inline]
    pub(crate) fn stage(&mut self, id: u32, position: Vec3) {
        let inverse_cell_size = self.inverse_cell_size;
        self.staged.push(Staged {
            entry: Entry {
                position,
                id,
                cell_x: cell_of(position.x, inverse_cell_size),
            },
            cell_z: cell_of(position.z, inverse_cell_size),
        });
    }
}

/// Objects' positions bucketed by ground-plane cell; see the module documentation.
///
/// Rebuild it from every object's position (each tick, or each think interval), then query it
/// as often as needed. After the first rebuilds have grown its buffers to the largest object
/// count seen, neither [`rebuild`](SpatialIndex::rebuild) nor
/// [`query`](SpatialIndex::query) allocates.
#[derive(Clone, Debug)]
pub struct SpatialIndex {
    /// 1 / cell size, in `f64` so that cell numbers of `f32` positions do not round twice.
    inverse_cell_size: f64,
    /// log2 of the table's bucket count.
    table_bits: u32,
    /// `bucket_starts[b]..bucket_starts[b + 1]` is bucket `b`'s part of `entries`.
    bucket_starts: Vec<u32>,
    /// The entries grouped by bucket, in rebuild order within a bucket.
    entries: Vec<Entry>,
    /// The last rebuild's entries in the caller's order; kept only for its buffer.
    staged: Staging,
}

impl SpatialIndex {
    /// Heap bytes one indexed position takes: its entry and its staged copy.
    pub(crate) const BYTES_PER_ENTRY: usize =
        std::mem::size_of::<Entry>() + std::mem::size_of::<Staged>();

    /// An empty index whose cells are squares of side `cell_size` on the ground plane; an
    /// error unless `cell_size` is finite and > 0.
    ///
    /// Queries are fastest with cells of a quarter to a half of their range (as
    /// `benches/spatial.rs` measures): larger cells mean more entries to test, smaller ones
    /// more rows to walk and, past the table's size, buckets shared between rows.
    pub fn new(cell_size: f32) -> Result<Self> {
        if !(cell_size.is_finite() && cell_size > 0.0) {
            return Err(Error::invalid(format!(
                "a spatial index's cell size must be finite and > 0, got {cell_size}"
            )));
        }
        Ok(SpatialIndex {
            inverse_cell_size: 1.0 / f64::from(cell_size),
            table_bits: 1,
            bucket_starts: Vec::new(),
            entries: Vec::new(),
            staged: Staging::default(),
        })
    }

    /// Replaces the indexed objects with `items`: `(id, position)` pairs, where ids are the
    /// caller's (dense entity slots, say; the index never interprets them). An id given twice
    /// is two entries. O(n).
    ///
    /// Non-finite positions are kept and behave as testing every object would: a NaN
    /// coordinate is never within range, an infinite one only within an infinite range.
    ///
    /// # Panics
    /// If `items` holds more than `u32::MAX` objects.
    pub fn rebuild(&mut self, items: impl IntoIterator<Item = (u32, Vec3)>) {
        self.clear_staged();
        for (id, position) in items {
            self.stage(id, position);
        }
        self.index_staged();
    }

    /// Begins a rebuild whose items come one at a time through [`SpatialIndex::stage`], so
    /// that one pass over a caller's records can feed several indexes; the index answers as
    /// before until [`SpatialIndex::index_staged`].
    pub(crate) fn clear_staged(&mut self) {
        self.staged.restart(self.inverse_cell_size);
    }

    /// Adds object `id` at `position` to the rebuild begun by [`SpatialIndex::clear_staged`].
    #[inline]
    pub(crate) fn stage(&mut self, id: u32, position: Vec3) {
        self.staged.stage(id, position);
    }

    /// Lends the index's staging buffer, emptied, as `part`, to stage entries for this index
    /// apart from it; it comes back with [`SpatialIndex::index_part`] or
    /// [`SpatialIndex::return_part`]. Lent, not a second buffer: no rebuild allocates once
    /// one has grown it.
    pub(crate) fn lend_staging(&mut self, part: &mut Staging) {
        std::mem::swap(&mut self.staged, part);
        self.staged.staged.clear();
        part.restart(self.inverse_cell_size);
    }

    /// Rebuilds the index from `part` (lent by [`SpatialIndex::lend_staging`]), as from the
    /// same entries staged here.
    pub(crate) fn index_part(&mut self, part: &mut Staging) {
        self.return_part(part);
        self.index_staged();
    }

    /// Takes back the staging buffer lent as `part`, leaving the index as it was.
    pub(crate) fn return_part(&mut self, part: &mut Staging) {
        std::mem::swap(&mut self.staged, part);
    }

    /// Ends the rebuild: the index holds exactly the staged objects, as
    /// [`SpatialIndex::rebuild`] of them in staging order would.
    ///
    /// # Panics
    /// If more than `u32::MAX` objects were staged.
    pub(crate) fn index_staged(&mut self) {
        let count = u32::try_from(self.staged.staged.len())
            .expect("a spatial index holds at most u32::MAX objects");

        // At least twice as many buckets as entries keeps runs of unrelated rows short.
        self.table_bits = (2 * count as u64)
            .next_power_of_two()
            .trailing_zeros()
            .clamp(1, MAX_TABLE_BITS);
        let table_size = 1usize << self.table_bits;

        // Counting sort: count per bucket, turn the counts into bucket ends, then place the
        // entries back to front so each bucket keeps the caller's order.
        self.bucket_starts.clear();
        self.bucket_starts.resize(table_size + 1, 0);
        for staged in &self.staged.staged {
            self.bucket_starts[bucket(self.table_bits, staged.entry.cell_x, staged.cell_z)] += 1;
        }
        let mut end = 0;
        for start in &mut self.bucket_starts[..table_size] {
            end += *start;
            *start = end;
        }
        self.bucket_starts[table_size] = count;
        self.entries.clear();
        self.entries
            .resize(self.staged.staged.len(), Entry::default());
        for staged in self.staged.staged.iter().rev() {
            let slot = &mut self.bucket_starts
                [bucket(self.table_bits, staged.entry.cell_x, staged.cell_z)];
            *slot -= 1;
            self.entries[*slot as usize] = staged.entry;
        }
    }

    /// Calls `visit(id, distance)` once for every entry whose [`distance_between`] `center`
    /// and its position is `<= range`, exactly as testing every entry would decide. A NaN or
    /// negative range visits nothing; range 0 visits the entries at `center`; an infinite
    /// range visits every entry whose distance is not NaN (even an infinite one, which `f32`
    /// differences of far-apart coordinates can overflow to).
    ///
    /// The order is deterministic: it depends only on the last rebuild's items in their
    /// order, the cell size, `center` and `range`. It is not sorted by distance or id
    /// (callers that need a canonical order sort): entries come by ascending x cell, then
    /// ascending z cell, then rebuild order, or, when the query tests every entry, in bucket
    /// order and then rebuild order.
    pub fn query(&self, center: Vec3, range: f64, mut visit: impl FnMut(u32, f64)) {
        self.candidates(center, range, |entry| {
            let distance = distance_between(center, entry.position);
            if distance <= range {
                visit(entry.id, distance);
            }
        });
    }

    /// [`SpatialIndex::query`] with squared distances, `visit(id, squared)`: the same entries
    /// in the same order, found without a square root for all but entries within a hair of
    /// `range` ([`WithinRange`]).
    pub fn query_squared(&self, center: Vec3, range: f64, mut visit: impl FnMut(u32, f64)) {
        let within = WithinRange::new(range);
        self.candidates(center, range, |entry| {
            let squared = squared_distance(center, entry.position);
            if within.holds(squared) {
                visit(entry.id, squared);
            }
        });
    }

    /// Calls `test` on every entry that may be within `range` of `center`: those of the
    /// rectangle of cells around it, each once, or every entry; none for a NaN or negative
    /// range.
    fn candidates(&self, center: Vec3, range: f64, mut test: impl FnMut(&Entry)) {
        // -0.0 is not < 0.0, and rightly so: `0.0 <= -0.0` holds.
        if self.entries.is_empty() || range.is_nan() || range < 0.0 {
            return;
        }
        let Some(cells) = self.cells_within(center, range) else {
            self.entries.iter().for_each(test);
            return;
        };
        let table_size = 1usize << self.table_bits;
        // At most the table size: `cells_within` keeps the rectangle no bigger than the table,
        // so a row's run never laps the table and meets its own buckets twice.
        let row_length = (cells.z.1 as i64 - cells.z.0 as i64 + 1) as usize;
        for cell_x in cells.x.0..=cells.x.1 {
            let first = bucket(self.table_bits, cell_x, cells.z.0);
            let last = first + row_length;
            let wrapped = last.saturating_sub(table_size);
            for buckets in [first..last - wrapped, 0..wrapped] {
                let run = self.bucket_starts[buckets.start] as usize
                    ..self.bucket_starts[buckets.end] as usize;
                // Other rows' entries are here only by collision, and are tested in their own
                // row if at all. This row's entries beyond the z span (from a z that laps the
                // table) need no check: being outside the rectangle, they are out of range.
                for entry in &self.entries[run] {
                    if entry.cell_x == cell_x {
                        test(entry);
                    }
                }
            }
        }
    }

    /// Number of entries (objects of the last rebuild).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the last rebuild had no objects (or there was none).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The rectangle of cells holding every position within `range` of `center`, or `None`
    /// when testing every entry is the better plan (or the only correct one).
    fn cells_within(&self, center: Vec3, range: f64) -> Option<CellRectangle> {
        if !center.is_finite() {
            return None;
        }
        let reach = range * (1.0 + RANGE_SLACK);
        let span = |coordinate: f32| {
            let coordinate = f64::from(coordinate);
            (
                cell_of_f64(coordinate - reach, self.inverse_cell_size),
                cell_of_f64(coordinate + reach, self.inverse_cell_size),
            )
        };
        let cells = CellRectangle {
            x: span(center.x),
            z: span(center.z),
        };
        let width = |(low, high): (i32, i32)| (high as i64 - low as i64 + 1) as u64;
        let area = width(cells.x).saturating_mul(width(cells.z));
        (area <= 1u64 << self.table_bits).then_some(cells)
    }
}

/// Inclusive ranges of cell numbers along x and z.
struct CellRectangle {
    x: (i32, i32),
    z: (i32, i32),
}

/// The cell number of a coordinate. Non-decreasing in the coordinate (the product, the floor
/// and the saturating cast all are), which is what makes a rectangle computed from widened
/// edges contain every cell it must; far coordinates share the edge cells `i32::MIN` and
/// `i32::MAX`, and NaN goes to cell 0.
fn cell_of(coordinate: f32, inverse_cell_size: f64) -> i32 {
    cell_of_f64(f64::from(coordinate), inverse_cell_size)
}

/// [`cell_of`] for an edge of a query's reach, which is not an `f32`.
fn cell_of_f64(coordinate: f64, inverse_cell_size: f64) -> i32 {
    let scaled = coordinate * inverse_cell_size;
    // `scaled.floor() as i32`, without `floor`: on baseline x86-64 (no SSE4.1) that is a libm
    // call, a fifth of a rebuild. The cast truncates toward zero and saturates (NaN to 0);
    // stepping down where that rounded up is the floor, saturation included.
    let truncated = scaled as i32;
    truncated.saturating_sub(i32::from(f64::from(truncated) > scaled))
}

/// The bucket of cell `(cell_x, cell_z)` in a table of `2^table_bits` buckets: the row's
/// offset plus `z`, so a row's consecutive cells are consecutive buckets (modulo the size).
fn bucket(table_bits: u32, cell_x: i32, cell_z: i32) -> usize {
    let row_offset = ((cell_x as u32 as u64).wrapping_mul(GOLDEN) >> (64 - table_bits)) as u32;
    let mask = (1u32 << table_bits) - 1;
    (row_offset.wrapping_add(cell_z as u32) & mask) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64: enough randomness for tests, seeded, no dependency.
    struct SplitMix(u64);

    impl SplitMix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(GOLDEN);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        /// Uniform in [0, 1).
        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }

        /// Uniform in [low, high).
        fn between(&mut self, low: f64, high: f64) -> f64 {
            low + (high - low) * self.unit()
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        fn pick<T: Copy>(&mut self, from: &[T]) -> T {
            from[self.below(from.len())]
        }
    }

    /// What a query visits, sorted, with distances as bits so equality is exact.
    fn visited(index: &SpatialIndex, center: Vec3, range: f64) -> Vec<(u32, u64)> {
        let mut seen = Vec::new();
        index.query(center, range, |id, distance| {
            seen.push((id, distance.to_bits()))
        });
        seen.sort_unstable();
        seen
    }

    /// What testing every item decides, sorted like [`visited`].
    fn brute_force(items: &[(u32, Vec3)], center: Vec3, range: f64) -> Vec<(u32, u64)> {
        let mut seen: Vec<_> = items
            .iter()
            .map(|&(id, position)| (id, distance_between(center, position)))
            .filter(|&(_, distance)| distance <= range)
            .map(|(id, distance)| (id, distance.to_bits()))
            .collect();
        seen.sort_unstable();
        seen
    }

    fn assert_agrees(index: &SpatialIndex, items: &[(u32, Vec3)], center: Vec3, range: f64) {
        // With squared distances: the same entries, in the same order, each distance squared.
        let (mut in_order, mut squared) = (Vec::new(), Vec::new());
        index.query(center, range, |id, distance| {
            in_order.push((id, distance.to_bits()))
        });
        index.query_squared(center, range, |id, s| {
            squared.push((id, s.sqrt().to_bits()))
        });
        assert_eq!(
            squared, in_order,
            "squared: center {center:?}, range {range}"
        );
        let got = visited(index, center, range);
        let ids = got.iter().map(|&(id, _)| id);
        assert!(
            ids.clone().zip(ids.skip(1)).all(|(a, b)| a != b),
            "an id visited twice: center {center:?}, range {range}"
        );
        assert_eq!(
            got,
            brute_force(items, center, range),
            "center {center:?}, range {range}"
        );
    }

    /// A scene: points spread, clustered, on cell boundaries, duplicated, or far out.
    fn scene(rng: &mut SplitMix, count: usize, extent: f64, cell: f64) -> Vec<Vec3> {
        let clusters: Vec<[f64; 3]> = (0..1 + rng.below(4))
            .map(|_| [0; 3].map(|_| rng.between(-extent, extent)))
            .collect();
        let mut points: Vec<Vec3> = Vec::with_capacity(count);
        for _ in 0..count {
            let coordinates: [f64; 3] = match rng.below(10) {
                0..=3 => [0; 3].map(|_| rng.between(-extent, extent)),
                4..=6 => {
                    let c = rng.pick(&clusters);
                    let spread = extent * rng.pick(&[0.0, 1e-6, 0.01, 0.1]);
                    c.map(|c| c + rng.between(-spread, spread))
                }
                // On a cell boundary, or next to one by less than an f32 difference resolves.
                7 => [0; 3].map(|_| {
                    let boundary = (rng.between(-extent, extent) / cell).round() * cell;
                    boundary + cell * rng.pick(&[0.0, 1e-9, -1e-9, -1e-30])
                }),
                8 if !points.is_empty() => {
                    let p = rng.pick(&points);
                    [p.x, p.y, p.z].map(f64::from)
                }
                _ => [0; 3].map(|_| {
                    rng.pick(&[
                        0.0,
                        -0.0,
                        1e-40,
                        -1e20,
                        1e30,
                        3e38,
                        -3e38,
                        f64::from(f32::MAX),
                    ]) * rng.pick(&[1.0, 0.5, 1e-10])
                }),
            };
            points.push(Vec3::new(
                coordinates[0] as f32,
                coordinates[1] as f32,
                coordinates[2] as f32,
            ));
        }
        points
    }

    #[test]
    fn agrees_with_testing_every_object() {
        let mut rng = SplitMix(0x5EED);
        let (mut queries, mut walked) = (0, 0);
        for round in 0..300 {
            let extent = rng.pick(&[1.0, 50.0, 1000.0, 1e6]);
            let cell = extent * rng.pick(&[1e-7, 1e-3, 0.02, 0.05, 0.1, 0.3, 1.0, 1e4]);
            let mut index = SpatialIndex::new(cell as f32).unwrap();
            let count = rng.pick(&[1, 2, 7, 40, 150]);
            let points = scene(&mut rng, count, extent, cell);
            // Sparse, unordered ids: an odd multiplier permutes u32.
            let items: Vec<(u32, Vec3)> = points
                .iter()
                .enumerate()
                .map(|(i, &p)| ((i as u32 + round).wrapping_mul(0x9E37_79B1), p))
                .collect();
            index.rebuild(items.iter().copied());
            assert_eq!(index.len(), items.len());
            for _ in 0..40 {
                let near = rng.pick(&points);
                let shift = |rng: &mut SplitMix| rng.between(-2.0 * cell, 2.0 * cell) as f32;
                let shrink = |rng: &mut SplitMix, coordinate: f32| {
                    coordinate * rng.between(-0.01, 0.01) as f32
                };
                let center = match rng.below(7) {
                    0 => near,
                    // Along one axis only, so that a range of the distance to `near` puts the
                    // edge of the reach on `near`, and f32 rounding can put it on either side:
                    // from nearby, and from near the origin (where the rounding is large
                    // relative to the centre's coordinate).
                    1 => Vec3::new(near.x + shift(&mut rng), near.y, near.z),
                    2 => Vec3::new(near.x, near.y, near.z + shift(&mut rng)),
                    3 => Vec3::new(shrink(&mut rng, near.x), near.y, near.z),
                    4 => Vec3::new(near.x, near.y, shrink(&mut rng, near.z)),
                    _ => {
                        let c = [0; 3].map(|_| rng.between(-1.5 * extent, 1.5 * extent) as f32);
                        Vec3::new(c[0], c[1], c[2])
                    }
                };
                let range = match rng.below(7) {
                    0 | 1 => distance_between(center, near),
                    2 => distance_between(center, rng.pick(&points)),
                    3 => rng.between(0.0, 0.1 * extent),
                    4 => rng.between(0.0, cell * 3.0),
                    5 => rng.pick(&[0.0, -0.0, 1e-9, 1e30, f64::MAX, f64::INFINITY]),
                    _ => rng.between(0.0, 0.3 * extent),
                };
                assert_agrees(&index, &items, center, range);
                queries += 1;
                walked += usize::from(index.cells_within(center, range).is_some());
            }
        }
        // Many queries must walk cells, or this would test little beyond the full scan.
        assert!(walked > queries / 2, "{walked} of {queries} walked cells");
        assert_eq!(queries, 12_000);
    }

    #[test]
    fn finds_what_f32_rounding_puts_within_range() {
        // 0.75 - (-1e-30) rounds to 0.75 in f32, so the object in cell -1 is at distance 0.75
        // from a centre whose unwidened reach, [0, 1.5], starts at cell 0.
        let mut index = SpatialIndex::new(1.0).unwrap();
        let items = [
            (1, Vec3::new(-1e-30, 0.0, 0.0)),
            (2, Vec3::new(0.0, 0.0, -1e-30)),
        ];
        index.rebuild(items);
        for center in [Vec3::new(0.75, 0.0, 0.0), Vec3::new(0.0, 0.0, 0.75)] {
            assert_eq!(visited(&index, center, 0.75).len(), 2, "from {center:?}");
            assert_agrees(&index, &items, center, 0.75);
        }
    }

    #[test]
    fn cell_numbers_are_saturated_floors() {
        let mut rng = SplitMix(7);
        let specials = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            -1.0,
            -1.5,
            f64::from(i32::MAX),
            f64::from(i32::MAX) + 0.5,
            f64::from(i32::MIN),
            f64::from(i32::MIN) - 0.5,
            f64::from(i32::MIN) - 1.0,
            -3e9,
            3e9,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::MIN_POSITIVE,
        ];
        let randoms = (0..10_000).map(|_| rng.between(-1e10, 1e10) * rng.pick(&[1.0, 1e-9]));
        for scaled in specials.into_iter().chain(randoms) {
            assert_eq!(cell_of_f64(scaled, 1.0), scaled.floor() as i32, "{scaled}");
        }
    }

    #[test]
    fn empty_index_visits_nothing() {
        let mut index = SpatialIndex::new(10.0).unwrap();
        assert!(index.is_empty());
        let never = |_: u32, _: f64| panic!("visited an empty index");
        index.query(Vec3::default(), f64::INFINITY, never);
        index.rebuild([]);
        assert!(index.is_empty());
        index.query(Vec3::default(), f64::INFINITY, never);
    }

    #[test]
    fn range_zero_finds_what_is_at_the_center() {
        let mut index = SpatialIndex::new(4.0).unwrap();
        let at = Vec3::new(8.0, 1.0, -4.0); // on a cell corner
        index.rebuild([(5, at), (6, Vec3::new(8.0, 1.0, -4.000001)), (7, at)]);
        for range in [0.0, -0.0] {
            assert_eq!(visited(&index, at, range), [(5, 0), (7, 0)]);
        }
    }

    #[test]
    fn infinite_range_finds_even_infinite_distances() {
        let mut index = SpatialIndex::new(1.0).unwrap();
        let items = [
            (1, Vec3::new(-3e38, 0.0, 3e38)),
            (2, Vec3::new(0.0, 0.0, 0.0)),
            (3, Vec3::new(1e6, -1e6, 1.0)),
        ];
        index.rebuild(items);
        let center = Vec3::new(3e38, 0.0, -3e38);
        let got = visited(&index, center, f64::INFINITY);
        // The first is at an infinite distance (the f32 difference overflows): still <= ∞.
        assert_eq!(got.len(), 3);
        assert_agrees(&index, &items, center, f64::INFINITY);
        assert_agrees(&index, &items, center, f64::MAX);
    }

    #[test]
    fn nan_or_negative_range_visits_nothing() {
        let mut index = SpatialIndex::new(1.0).unwrap();
        index.rebuild([(0, Vec3::default())]);
        for range in [f64::NAN, -1.0, -f64::INFINITY, -f64::MIN_POSITIVE] {
            index.query(Vec3::default(), range, |_, _| panic!("range {range}"));
        }
    }

    #[test]
    fn non_finite_positions_and_centers_behave_as_brute_force() {
        let mut index = SpatialIndex::new(2.0).unwrap();
        let items = [
            (0, Vec3::new(f32::NAN, 0.0, 0.0)),
            (1, Vec3::new(f32::INFINITY, 0.0, 0.0)),
            (2, Vec3::new(0.0, 0.0, f32::NEG_INFINITY)),
            (3, Vec3::new(1.0, 0.0, 1.0)),
        ];
        index.rebuild(items);
        let centers = [
            Vec3::default(),
            Vec3::new(f32::NAN, 0.0, 0.0),
            Vec3::new(f32::INFINITY, 0.0, 0.0),
            Vec3::new(0.0, f32::NEG_INFINITY, 0.0),
        ];
        for center in centers {
            for range in [0.0, 5.0, 1e300, f64::INFINITY] {
                assert_agrees(&index, &items, center, range);
            }
        }
    }

    #[test]
    fn a_smaller_rebuild_leaves_no_stale_entries() {
        let mut index = SpatialIndex::new(3.0).unwrap();
        index.rebuild((0..1000).map(|i| (i, Vec3::new(i as f32, 0.0, -(i as f32)))));
        assert_eq!(index.len(), 1000);
        let items = [
            (4000, Vec3::new(5.0, 0.0, 5.0)),
            (17, Vec3::new(-2.0, 0.0, 9.0)),
        ];
        index.rebuild(items);
        assert_eq!(index.len(), 2);
        for range in [1.0, 10.0, 1e4, f64::INFINITY] {
            assert_agrees(&index, &items, Vec3::new(5.0, 0.0, 5.0), range);
        }
    }

    #[test]
    fn order_is_by_cell_then_rebuild_order() {
        let mut index = SpatialIndex::new(10.0).unwrap();
        let items = [
            (9, Vec3::new(15.0, 0.0, 5.0)),
            (3, Vec3::new(5.0, 0.0, 15.0)),
            (8, Vec3::new(5.0, 0.0, 5.0)),
            (1, Vec3::new(15.0, 0.0, 5.0)),
            (2, Vec3::new(5.0, 0.0, 5.0)),
        ];
        index.rebuild(items);
        let mut order = Vec::new();
        index.query(Vec3::new(10.0, 0.0, 10.0), 8.0, |id, _| order.push(id));
        // Cells (0, 0), (0, 1), (1, 0); within (0, 0) and (1, 0), the order given.
        assert_eq!(order, [8, 2, 3, 9, 1]);
    }

    #[test]
    fn same_inputs_give_the_same_order() {
        let items: Vec<(u32, Vec3)> = (0..200)
            .map(|i| {
                (
                    i,
                    Vec3::new((i * 37 % 101) as f32, 0.0, (i * 53 % 97) as f32),
                )
            })
            .collect();
        let orders = || {
            let mut index = SpatialIndex::new(8.0).unwrap();
            index.rebuild(items.iter().copied());
            let mut order = Vec::new();
            for (center, range) in [(20.0, 15.0), (50.0, 40.0), (0.0, f64::INFINITY)] {
                index.query(Vec3::new(center, 0.0, center), range, |id, _| {
                    order.push(id)
                });
            }
            order
        };
        assert_eq!(orders(), orders());
    }

    #[test]
    fn entries_a_table_apart_in_one_row_are_told_apart() {
        // Three entries make a table of 8 buckets: cells (0, 0) and (0, 8) share a bucket.
        let mut index = SpatialIndex::new(1.0).unwrap();
        let items = [
            (0, Vec3::new(0.5, 0.0, 0.5)),
            (1, Vec3::new(0.5, 0.0, 8.5)),
            (2, Vec3::new(0.5, 0.0, 16.5)),
        ];
        index.rebuild(items);
        for z in [0.5, 8.5, 16.5] {
            let center = Vec3::new(0.5, 0.0, z);
            assert_eq!(visited(&index, center, 0.5).len(), 1);
            assert_agrees(&index, &items, center, 0.5);
        }
    }

    #[test]
    fn rebuilding_reuses_the_buffers() {
        let mut index = SpatialIndex::new(5.0).unwrap();
        let items = |n: u32| (0..n).map(|i| (i * 3, Vec3::new(i as f32, 0.0, (i % 7) as f32)));
        index.rebuild(items(500));
        let buffers = |index: &SpatialIndex| {
            (
                index.entries.as_ptr(),
                index.staged.staged.as_ptr(),
                index.bucket_starts.as_ptr(),
            )
        };
        let before = buffers(&index);
        index.rebuild(items(500));
        index.rebuild(items(300));
        assert_eq!(buffers(&index), before);
    }

    #[test]
    fn cell_size_must_be_finite_and_positive() {
        for bad in [0.0, -0.0, -1.0, f32::NAN, f32::INFINITY] {
            let error = SpatialIndex::new(bad).unwrap_err();
            assert_eq!(error.kind, crate::core::ErrorKind::InvalidArgument);
        }
        assert!(SpatialIndex::new(f32::MIN_POSITIVE / 2.0).is_ok());
        assert!(SpatialIndex::new(f32::MAX).is_ok());
    }
}
