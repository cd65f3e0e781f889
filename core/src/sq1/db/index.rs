//! Position classes of the Silver edition and their slot numbers.
//!
//! A *class* is a Silver state up to turning the top layer, turning the bottom layer and turning
//! the whole puzzle over (`!`): 288 symmetries. Each of the 90 shape classes has one fixed
//! representative position (its smallest `(top mask, bottom mask)`), and a state in that position
//! is numbered by the ranks of its two arrangements:
//!
//! - *small*: the pair type (0..3) of the small piece in each small place, places in reading
//!   order (top slots 0..11, then bottom slots 0..11): one of 2520;
//! - *big*: which corner (0..7, in the order `A C E G J L N P`) is in each big place: one of 40320.
//!
//! slot = ((shape class * 2520 + small) * 40320 + big) * M + middle, with M = 1 for the article's
//! model (middle ignored) and M = 2 with the middle layer (0 = square, 1 = kite).
//!
//! Representatives with symmetries (the cube shape has 32) have several slots per class; the class
//! owns the smallest, and the other slots are never used. Moves are precomputed per shape class
//! as *gather* permutations of places (`new[j] = old[src[j]]`), already composed with every
//! symmetry of the target representative, so expanding a slot never builds a [`State`].

use crate::rank::sq1::{BIG_COUNT, SMALL_COUNT, Sq1Ranks};
use crate::sq1::shape::{self, LayerMask, Shape};
use crate::sq1::state::{CORNERS, Colouring, EDGES, Middle, State, silver_piece};

/// Number of shape classes up to layer rotation and flip.
pub const CLASSES: usize = 90;
/// Slots per shape class and middle state.
pub const PER_SHAPE: u64 = (SMALL_COUNT * BIG_COUNT) as u64;

/// A symmetry: turn the layers by (top, bottom), then flip if `flip`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sym {
    pub top: u8,
    pub bottom: u8,
    pub flip: bool,
}

impl Sym {
    pub fn all() -> impl Iterator<Item = Sym> {
        (0..12u8).flat_map(|t| {
            (0..12u8).flat_map(move |b| {
                [false, true].map(|f| Sym {
                    top: t,
                    bottom: b,
                    flip: f,
                })
            })
        })
    }

    pub fn masks(self, (t, b): (LayerMask, LayerMask)) -> (LayerMask, LayerMask) {
        let (t, b) = (
            shape::rotate_layer(t, self.top as u32),
            shape::rotate_layer(b, self.bottom as u32),
        );
        if self.flip {
            (shape::rotate_layer(b, 6), shape::rotate_layer(t, 6))
        } else {
            (t, b)
        }
    }

    pub fn state(self, s: &State) -> State {
        let t = s.turn(self.top as i32, self.bottom as i32);
        if self.flip { t.flip() } else { t }
    }
}

/// A gather permutation of the 8 small and 8 big places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlacePerm {
    pub small: [u8; 8],
    pub big: [u8; 8],
}

impl PlacePerm {
    pub(crate) fn then(&self, next: &PlacePerm) -> PlacePerm {
        // (self then next): new2[j] = new[next[j]] = old[self[next[j]]]
        PlacePerm {
            small: std::array::from_fn(|j| self.small[next.small[j] as usize]),
            big: std::array::from_fn(|j| self.big[next.big[j] as usize]),
        }
    }
}

/// A place permutation as a byte shuffle of an arrangement held in 16 bytes (small places 0..7,
/// big places 8..15): `out[j] = in[mask[j]]`, one `pshufb` where the CPU has SSSE3.
pub type Shuffle = [u8; 16];

impl PlacePerm {
    pub fn shuffle(&self) -> Shuffle {
        std::array::from_fn(|j| {
            if j < 8 {
                self.small[j]
            } else {
                self.big[j - 8] + 8
            }
        })
    }
}

/// An arrangement in 16 bytes: small pair types in bytes 0..7, big corner numbers in 8..15.
pub type Arrangement = u128;

/// Packs eight 2-bit values held one per byte into 16 bits (byte i to bits 2i..2i+2).
#[inline(always)]
fn pack2(x: u64) -> u16 {
    let x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
    let x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
    ((x | (x >> 24)) & 0xFFFF) as u16
}

/// Packs eight 3-bit values held one per byte into 24 bits.
#[inline(always)]
pub(crate) fn pack3(x: u64) -> u32 {
    let x = (x | (x >> 5)) & 0x003F_003F_003F_003F;
    let x = (x | (x >> 10)) & 0x0000_0FFF_0000_0FFF;
    ((x | (x >> 20)) & 0xFF_FFFF) as u32
}

#[inline(always)]
fn spread2(k: u16) -> u64 {
    let x = k as u64;
    let x = (x | (x << 24)) & 0x0000_00FF_0000_00FF;
    let x = (x | (x << 12)) & 0x000F_000F_000F_000F;
    (x | (x << 6)) & 0x0303_0303_0303_0303
}

#[inline(always)]
pub(crate) fn spread3(k: u32) -> u64 {
    let x = k as u64;
    let x = (x | (x << 20)) & 0x0000_0FFF_0000_0FFF;
    let x = (x | (x << 10)) & 0x003F_003F_003F_003F;
    (x | (x << 5)) & 0x0707_0707_0707_0707
}

/// The arrangement of two packed keys.
#[inline(always)]
pub fn arrangement(small_key: u16, big_key: u32) -> Arrangement {
    spread2(small_key) as u128 | ((spread3(big_key) as u128) << 64)
}

#[inline(always)]
pub(crate) fn shuffle(a: Arrangement, m: &Shuffle) -> Arrangement {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("ssse3") {
        // SAFETY: the CPU has SSSE3 (checked just above).
        return unsafe { shuffle_ssse3(a, m) };
    }
    shuffle_bytes(a, m)
}

#[inline(always)]
fn shuffle_bytes(a: Arrangement, m: &Shuffle) -> Arrangement {
    let b = a.to_le_bytes();
    u128::from_le_bytes(std::array::from_fn(|j| b[m[j] as usize]))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
#[inline]
unsafe fn shuffle_ssse3(a: Arrangement, m: &Shuffle) -> Arrangement {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_shuffle_epi8, _mm_storeu_si128};
    let mut out = 0u128;
    // SAFETY: unaligned 16-byte loads and store of a u128 and a [u8; 16].
    unsafe {
        let r = _mm_shuffle_epi8(
            _mm_loadu_si128(&a as *const u128 as *const __m128i),
            _mm_loadu_si128(m.as_ptr() as *const __m128i),
        );
        _mm_storeu_si128(&mut out as *mut u128 as *mut __m128i, r);
    }
    out
}

/// One move from a shape class: `/` after some layer turns, leading to `target`; `perms` holds
/// the move composed with each symmetry of the target's representative (the class of the result
/// is the smallest slot among them).
#[derive(Clone, Debug)]
pub struct ClassMove {
    pub target: u8,
    pub perms: Vec<Shuffle>,
}

/// The class numbering: representatives, symmetries and moves of the 90 shape classes.
pub struct ClassIndex {
    pub reps: Vec<(LayerMask, LayerMask)>,
    /// Symmetries of each representative, as shuffles (identity first).
    pub stabs: Vec<Vec<Shuffle>>,
    pub moves: Vec<Vec<ClassMove>>,
    class_of_shape: Vec<u8>,
}

/// A state of the representative position whose pieces name their places: corner `CORNERS[k]`
/// in big place k, edge `EDGES[k]` in small place k.
pub(crate) fn probe(masks: (LayerMask, LayerMask)) -> State {
    State::from_masks(masks, &CORNERS, &EDGES, Middle::Square)
}

/// The pieces of a state in place order: (small pieces, big pieces), as piece ids.
pub fn places(s: &State) -> ([u8; 8], [u8; 8]) {
    let (mut small, mut big) = ([0u8; 8], [0u8; 8]);
    let (mut c, mut e) = (0, 0);
    let slots = s.slots();
    for (layer, mask) in [(0usize, s.top_mask()), (12usize, s.bottom_mask())] {
        for i in 0..12 {
            if mask & (1 << i) != 0 {
                let p = slots[layer + i];
                if mask & (1 << ((i + 1) % 12)) == 0 {
                    big[c] = p;
                    c += 1;
                } else {
                    small[e] = p;
                    e += 1;
                }
            }
        }
    }
    (small, big)
}

/// Reads the gather permutation off a probe state moved into a representative position.
pub(crate) fn read_perm(moved: &State) -> PlacePerm {
    let (small, big) = places(moved);
    PlacePerm {
        small: small.map(|p| EDGES.iter().position(|&e| e == p).unwrap() as u8),
        big: big.map(|p| CORNERS.iter().position(|&c| c == p).unwrap() as u8),
    }
}

/// Pair type (0..3) of a small piece in the Silver edition.
pub fn small_type(piece: u8) -> u8 {
    match silver_piece(piece) {
        1 => 0,
        5 => 1,
        8 => 2,
        12 => 3,
        p => panic!("piece {p} is not a small piece"),
    }
}

/// The Silver piece shown for a pair type.
pub const TYPE_PIECE: [u8; 4] = [1, 5, 8, 12];

impl ClassIndex {
    pub fn new() -> ClassIndex {
        let mut class_of_shape = vec![u8::MAX; shape::SHAPE_COUNT];
        let mut reps = Vec::new();
        for s in Shape::all() {
            let c = s.flip_class();
            if class_of_shape[s.index()] == u8::MAX {
                class_of_shape[s.index()] = c as u8;
                class_of_shape[s.flipped().index()] = c as u8;
            }
            if reps.len() <= c {
                reps.resize(c + 1, (u16::MAX, u16::MAX));
            }
        }
        // Representative: the smallest position (top mask, bottom mask) of the class.
        let layers: Vec<LayerMask> = (0..=0xFFFu16)
            .filter(|&m| shape::is_valid_layer(m) && (2..=6).contains(&shape::corner_count(m)))
            .collect();
        for &t in &layers {
            for &b in &layers {
                if shape::corner_count(t) + shape::corner_count(b) == 8 {
                    let c = class_of_shape[Shape::of_masks(t, b).index()] as usize;
                    if (t, b) < reps[c] {
                        reps[c] = (t, b);
                    }
                }
            }
        }
        let stabs: Vec<Vec<PlacePerm>> = reps
            .iter()
            .map(|&r| {
                let p = probe(r);
                let mut v: Vec<PlacePerm> = Sym::all()
                    .filter(|g| g.masks(r) == r)
                    .map(|g| read_perm(&g.state(&p)))
                    .collect();
                v.sort();
                v.dedup();
                let id = read_perm(&p);
                v.retain(|x| *x != id);
                v.insert(0, id);
                v
            })
            .collect();
        let moves = (0..CLASSES)
            .map(|c| moves_from(&reps, &stabs, &class_of_shape, c))
            .collect();
        ClassIndex {
            reps,
            stabs: stabs
                .iter()
                .map(|v| v.iter().map(PlacePerm::shuffle).collect())
                .collect(),
            moves,
            class_of_shape,
        }
    }

    /// The shape class of a position.
    pub fn class_of(&self, masks: (LayerMask, LayerMask)) -> usize {
        self.class_of_shape[Shape::of_masks(masks.0, masks.1).index()] as usize
    }

    /// A symmetry taking `masks` to its class representative.
    pub fn to_rep(&self, masks: (LayerMask, LayerMask)) -> (usize, Sym) {
        to_rep(&self.reps, &self.class_of_shape, masks)
    }

    /// The slot of a class given an arrangement and the shuffles that take it to the class's
    /// representative (one per symmetry of the representative): the smallest of their slots.
    #[inline]
    pub fn canonical(
        &self,
        ranks: &Sq1Ranks,
        class: usize,
        perms: &[Shuffle],
        arr: Arrangement,
    ) -> u64 {
        // One feature check per call rather than per symmetry: a `target_feature` function is
        // only inlined into one with the same feature, so the loop itself must be inside one.
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the CPU has SSSE3 (checked just above).
            return unsafe { canonical_ssse3(ranks, class, perms, arr) };
        }
        smallest_slot(ranks, class, perms, arr, shuffle_bytes)
    }

    /// Whether the slot of ranks `(small, big)` in a class, `arr` its arrangement, is the one
    /// the class owns under its symmetries `stab` (identity first): `canonical` of it equal to
    /// it, but stopping at the first smaller image (after about two for most slots it does not
    /// own).
    #[inline]
    pub fn is_smallest(
        &self,
        ranks: &Sq1Ranks,
        stab: &[Shuffle],
        arr: Arrangement,
        (small, big): (u16, u16),
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the CPU has SSSE3 (checked just above).
            return unsafe { no_image_below_ssse3(ranks, &stab[1..], arr, (small, big)) };
        }
        no_image_below(ranks, &stab[1..], arr, (small, big), shuffle_bytes)
    }

    /// The slot (without the middle factor) and middle of a state's class.
    pub fn slot_of(&self, ranks: &Sq1Ranks, s: &State) -> (u64, Middle) {
        let (c, g) = self.to_rep((s.top_mask(), s.bottom_mask()));
        let r = g.state(s);
        let (small, big) = places(&r);
        let small_key = small
            .iter()
            .enumerate()
            .fold(0u16, |k, (i, &p)| k | ((small_type(p) as u16) << (2 * i)));
        let big_key = big.iter().enumerate().fold(0u32, |k, (i, &p)| {
            k | ((CORNERS.iter().position(|&x| x == p).unwrap() as u32) << (3 * i))
        });
        (
            self.canonical(ranks, c, &self.stabs[c], arrangement(small_key, big_key)),
            s.middle(),
        )
    }

    /// The Silver state in a class's representative position for a slot (without middle factor).
    pub fn state_of(&self, ranks: &Sq1Ranks, slot: u64, middle: Middle) -> State {
        let class = (slot / PER_SHAPE) as usize;
        let within = slot % PER_SHAPE;
        let small = ranks.unrank_small((within / BIG_COUNT as u64) as u16);
        let big = ranks.unrank_big((within % BIG_COUNT as u64) as u16);
        let p = probe(self.reps[class]);
        let mut slots = *p.slots();
        for v in slots.iter_mut() {
            if let Some(k) = CORNERS.iter().position(|&c| c == *v) {
                *v = CORNERS[big[k] as usize];
            } else {
                let k = EDGES.iter().position(|&e| e == *v).unwrap();
                *v = TYPE_PIECE[small[k] as usize];
            }
        }
        let s = State::from_slots(slots, middle).expect("a valid arrangement");
        debug_assert_eq!(s.colouring(), Colouring::Silver);
        s
    }
}

/// The moves of one block of slots (one shape class and small-piece rank: its 40320 big-piece
/// ranks) with the small half of every target's slot chosen once for the block. A sweep visits
/// cells in slot order, so it meets each block once, and per cell only the big pieces are ranked,
/// for the symmetries whose small rank is the smallest (usually one).
pub struct BlockMoves {
    block: u64,
    /// Per move: its target's slot without the big-piece rank, and the range of `ties`.
    moves: Vec<(u64, u32, u32)>,
    ties: Vec<Shuffle>,
}

impl Default for BlockMoves {
    fn default() -> Self {
        BlockMoves {
            block: u64::MAX,
            moves: Vec::new(),
            ties: Vec::new(),
        }
    }
}

impl BlockMoves {
    /// Makes these the moves of the block of `slot` (nothing to do when they are).
    #[inline]
    pub fn set(&mut self, ix: &ClassIndex, ranks: &Sq1Ranks, slot: u64) {
        let block = slot / BIG_COUNT as u64;
        if block == self.block {
            return;
        }
        self.block = block;
        self.moves.clear();
        self.ties.clear();
        let class = (block / SMALL_COUNT as u64) as usize;
        let arr = arrangement(ranks.small_key((block % SMALL_COUNT as u64) as u16), 0);
        let small = |m: &Shuffle| ranks.rank_small_key_unchecked(pack2(shuffle(arr, m) as u64));
        for mv in &ix.moves[class] {
            let min = mv
                .perms
                .iter()
                .map(small)
                .min()
                .expect("a move has a symmetry");
            let start = self.ties.len() as u32;
            self.ties
                .extend(mv.perms.iter().filter(|m| small(m) == min));
            self.moves.push((
                mv.target as u64 * PER_SHAPE + min as u64 * BIG_COUNT as u64,
                start,
                self.ties.len() as u32,
            ));
        }
    }

    /// Number of moves of the block.
    #[inline]
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The target slot of move `k` from the cell of this block whose big-piece key is
    /// `big_key`: [`ClassIndex::canonical`] of the move.
    #[inline]
    pub fn target(&self, ranks: &Sq1Ranks, k: usize, big_key: u32) -> u64 {
        let arr = arrangement(0, big_key);
        let (base, a, b) = self.moves[k];
        let big = self.ties[a as usize..b as usize]
            .iter()
            .map(|m| ranks.rank_big_key(pack3((shuffle(arr, m) >> 64) as u64)))
            .min()
            .unwrap_or(0);
        base + big as u64
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn canonical_ssse3(
    ranks: &Sq1Ranks,
    class: usize,
    perms: &[Shuffle],
    arr: Arrangement,
) -> u64 {
    // SAFETY: this function only runs where the CPU has SSSE3.
    smallest_slot(ranks, class, perms, arr, |a, m| unsafe {
        shuffle_ssse3(a, m)
    })
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn no_image_below_ssse3(
    ranks: &Sq1Ranks,
    perms: &[Shuffle],
    arr: Arrangement,
    ranked: (u16, u16),
) -> bool {
    // SAFETY: this function only runs where the CPU has SSSE3.
    no_image_below(ranks, perms, arr, ranked, |a, m| unsafe {
        shuffle_ssse3(a, m)
    })
}

/// Whether no image of `arr` under `perms` ranks below `(small, big)`.
#[inline(always)]
fn no_image_below(
    ranks: &Sq1Ranks,
    perms: &[Shuffle],
    arr: Arrangement,
    (small, big): (u16, u16),
    apply: impl Fn(Arrangement, &Shuffle) -> Arrangement,
) -> bool {
    perms.iter().all(|m| {
        let x = apply(arr, m);
        let s = ranks.rank_small_key_unchecked(pack2(x as u64));
        s > small || (s == small && ranks.rank_big_key(pack3((x >> 64) as u64)) >= big)
    })
}

/// [`ClassIndex::canonical`] with the shuffle given. The slot orders by the small rank first, so
/// the big rank is computed only for a symmetry whose small rank is not above the best so far
/// (usually one or two of up to 32).
#[inline(always)]
fn smallest_slot(
    ranks: &Sq1Ranks,
    class: usize,
    perms: &[Shuffle],
    arr: Arrangement,
    apply: impl Fn(Arrangement, &Shuffle) -> Arrangement,
) -> u64 {
    let (mut best_small, mut best_big) = (u16::MAX, u16::MAX);
    for m in perms {
        let x = apply(arr, m);
        let small = ranks.rank_small_key_unchecked(pack2(x as u64));
        if small <= best_small {
            let big = ranks.rank_big_key(pack3((x >> 64) as u64));
            if small < best_small || big < best_big {
                (best_small, best_big) = (small, big);
            }
        }
    }
    class as u64 * PER_SHAPE + best_small as u64 * BIG_COUNT as u64 + best_big as u64
}

fn to_rep(
    reps: &[(LayerMask, LayerMask)],
    class_of_shape: &[u8],
    masks: (LayerMask, LayerMask),
) -> (usize, Sym) {
    let c = class_of_shape[Shape::of_masks(masks.0, masks.1).index()] as usize;
    let g = Sym::all()
        .find(|g| g.masks(masks) == reps[c])
        .expect("every position reaches its representative");
    (c, g)
}

/// The distinct moves from a class's representative, each composed with every symmetry of its
/// target's representative (moves that differ only by such a symmetry are one move).
fn moves_from(
    reps: &[(LayerMask, LayerMask)],
    stabs: &[Vec<PlacePerm>],
    class_of_shape: &[u8],
    c: usize,
) -> Vec<ClassMove> {
    let p = probe(reps[c]);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for x in 0..12 {
        for y in 0..12 {
            let Ok(after) = p.turn(x, y).twist() else {
                continue;
            };
            let (c2, g) = to_rep(
                reps,
                class_of_shape,
                (after.top_mask(), after.bottom_mask()),
            );
            let m = read_perm(&g.state(&after));
            let perms: Vec<PlacePerm> = stabs[c2].iter().map(|s| m.then(s)).collect();
            let key = (c2, *perms.iter().min().unwrap());
            if seen.insert(key) {
                out.push(ClassMove {
                    target: c2 as u8,
                    perms: perms.iter().map(PlacePerm::shuffle).collect(),
                });
            }
        }
    }
    out
}

impl Default for ClassIndex {
    fn default() -> Self {
        ClassIndex::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn representatives_and_symmetries_reproduce_the_class_total() {
        let ix = ClassIndex::new();
        assert_eq!(ix.reps.len(), CLASSES);
        // Sum over shape classes of 1/|stabiliser| is 2145/32 (the article's total / 2520*40320).
        // 2145/32 = sum of 1/|stab|: compare sum of L/|stab| with 2145*L/32 for L = 96 * 32.
        let l = 96 * 32;
        assert!(
            ix.stabs.iter().all(|s| l % s.len() == 0),
            "{:?}",
            ix.stabs.iter().map(|s| s.len()).collect::<Vec<_>>()
        );
        let sum: usize = ix.stabs.iter().map(|s| l / s.len()).sum();
        assert_eq!(sum * 32, 2145 * l);
        let cube = ix.class_of((
            State::solved(Colouring::Silver).top_mask(),
            State::solved(Colouring::Silver).bottom_mask(),
        ));
        assert_eq!(ix.stabs[cube].len(), 32);
    }

    #[test]
    fn slots_round_trip_through_states() {
        let ix = ClassIndex::new();
        let ranks = Sq1Ranks::get();
        let t = crate::sq1::Tables::new();
        for seed in 0..200 {
            let s = t.random_state(seed, Colouring::Silver);
            let (slot, middle) = ix.slot_of(ranks, &s);
            let back = ix.state_of(ranks, slot, middle);
            assert!(
                Sym::all().any(|g| g.state(&back) == s),
                "{s} and {back} are not in one class"
            );
            assert_eq!(ix.slot_of(ranks, &back), (slot, middle));
            // Any symmetric image has the same slot.
            let g = Sym {
                top: (seed % 12) as u8,
                bottom: (seed % 7) as u8,
                flip: seed % 2 == 0,
            };
            assert_eq!(ix.slot_of(ranks, &g.state(&s)).0, slot);
        }
    }

    #[test]
    fn canonical_is_the_smallest_slot_over_every_symmetry() {
        // The plain definition: rank every image in full and take the smallest.
        let ix = ClassIndex::new();
        let ranks = Sq1Ranks::get();
        let mut rng = crate::rng::Rng::new(40);
        for (c, moves) in ix.moves.iter().enumerate() {
            for _ in 0..20 {
                let small = (rng.next_u64() % SMALL_COUNT as u64) as u16;
                let big = (rng.next_u64() % BIG_COUNT as u64) as u16;
                let arr = arrangement(ranks.small_key(small), ranks.big_key(big));
                for perms in moves.iter().map(|m| &m.perms).chain([&ix.stabs[c]]) {
                    let plain = perms
                        .iter()
                        .map(|m| {
                            let x = shuffle_bytes(arr, m);
                            ranks.rank_small_key_unchecked(pack2(x as u64)) as u64
                                * BIG_COUNT as u64
                                + ranks.rank_big_key(pack3((x >> 64) as u64)) as u64
                        })
                        .min()
                        .unwrap();
                    let want = c as u64 * PER_SHAPE + plain;
                    assert_eq!(ix.canonical(ranks, c, perms, arr), want);
                    assert_eq!(smallest_slot(ranks, c, perms, arr, shuffle_bytes), want);
                }
                // Ownership: the slot is its class's smallest exactly when canonical says so;
                // the smallest slot itself (from a random one, most are not) is owned.
                let owner = ix.canonical(ranks, c, &ix.stabs[c], arr) % PER_SHAPE;
                let own_ranks = (
                    (owner / BIG_COUNT as u64) as u16,
                    (owner % BIG_COUNT as u64) as u16,
                );
                let own_arr = arrangement(ranks.small_key(own_ranks.0), ranks.big_key(own_ranks.1));
                let own = owner == small as u64 * BIG_COUNT as u64 + big as u64;
                for (a, r, want) in [(arr, (small, big), own), (own_arr, own_ranks, true)] {
                    assert_eq!(ix.is_smallest(ranks, &ix.stabs[c], a, r), want);
                    assert_eq!(
                        no_image_below(ranks, &ix.stabs[c], a, r, shuffle_bytes),
                        want
                    );
                }
            }
        }
    }

    #[test]
    fn block_moves_give_the_canonical_targets() {
        let ix = ClassIndex::new();
        let ranks = Sq1Ranks::get();
        let mut rng = crate::rng::Rng::new(41);
        let mut block = BlockMoves::default();
        for c in 0..CLASSES {
            for _ in 0..10 {
                let small = rng.next_u64() % SMALL_COUNT as u64;
                let first = c as u64 * PER_SHAPE + small * BIG_COUNT as u64;
                // Two cells of one block (the second reuses the block's moves) and one big rank
                // at each end of it.
                for big in [
                    rng.next_u64() % BIG_COUNT as u64,
                    rng.next_u64() % 40320,
                    0,
                    40319,
                ] {
                    let slot = first + big;
                    block.set(&ix, ranks, slot);
                    let sk = ranks.small_key(small as u16);
                    let bk = ranks.big_key(big as u16);
                    let want: Vec<u64> = ix.moves[c]
                        .iter()
                        .map(|m| {
                            ix.canonical(ranks, m.target as usize, &m.perms, arrangement(sk, bk))
                        })
                        .collect();
                    let got: Vec<u64> = (0..block.move_count())
                        .map(|k| block.target(ranks, k, bk))
                        .collect();
                    assert_eq!(got, want, "class {c}, slot {slot}");
                }
            }
        }
    }

    #[test]
    fn precomputed_moves_agree_with_state_moves() {
        let ix = ClassIndex::new();
        let ranks = Sq1Ranks::get();
        let t = crate::sq1::Tables::new();
        for seed in 0..40 {
            let s = t.random_state(seed, Colouring::Silver);
            let (slot, _) = ix.slot_of(ranks, &s);
            let rep = ix.state_of(ranks, slot, Middle::Square);
            // Neighbour slots by the tables.
            let c = (slot / PER_SHAPE) as usize;
            let within = slot % PER_SHAPE;
            let sk = ranks.small_key((within / BIG_COUNT as u64) as u16);
            let bk = ranks.big_key((within % BIG_COUNT as u64) as u16);
            let mut by_table: Vec<u64> = ix.moves[c]
                .iter()
                .map(|m| ix.canonical(ranks, m.target as usize, &m.perms, arrangement(sk, bk)))
                .collect();
            // Neighbour slots by turning and twisting the state itself.
            let mut by_state: Vec<u64> = (0..12)
                .flat_map(|x| (0..12).map(move |y| (x, y)))
                .filter_map(|(x, y)| rep.turn(x, y).twist().ok())
                .map(|n| ix.slot_of(ranks, &n).0)
                .collect();
            by_table.sort();
            by_table.dedup();
            by_state.sort();
            by_state.dedup();
            assert_eq!(by_table, by_state);
        }
    }
}

#[cfg(test)]
mod level_check {
    use super::*;

    /// A plain breadth-first search over slots in a hash set, for the first levels.
    pub fn levels(ix: &ClassIndex, with_middle: bool, max_level: usize) -> Vec<u64> {
        let ranks = Sq1Ranks::get();
        let (start, _) = ix.slot_of(ranks, &State::solved(Colouring::Silver));
        let enc = |slot: u64, m: u64| if with_middle { slot * 2 + m } else { slot };
        let mut seen = std::collections::HashSet::from([enc(start, 0)]);
        let mut frontier = vec![enc(start, 0)];
        let mut counts = vec![1u64];
        while counts.len() < max_level {
            let mut next = Vec::new();
            for &x in &frontier {
                let (slot, m) = if with_middle { (x / 2, x % 2) } else { (x, 0) };
                let c = (slot / PER_SHAPE) as usize;
                let within = slot % PER_SHAPE;
                let sk = ranks.small_key((within / BIG_COUNT as u64) as u16);
                let bk = ranks.big_key((within % BIG_COUNT as u64) as u16);
                for mv in &ix.moves[c] {
                    let y = enc(
                        ix.canonical(ranks, mv.target as usize, &mv.perms, arrangement(sk, bk)),
                        1 - m,
                    );
                    if seen.insert(y) {
                        next.push(y);
                    }
                }
            }
            counts.push(next.len() as u64);
            frontier = next;
        }
        counts
    }

    #[test]
    fn first_levels_match_the_article() {
        let ix = ClassIndex::new();
        assert_eq!(levels(&ix, false, 5), vec![1, 32, 536, 7652, 102204]);
    }

    #[test]
    fn with_the_middle_layer_levels_grow_from_the_third() {
        // Independent confirmation lives in core/tests/db.rs (a search over unreduced states).
        let ix = ClassIndex::new();
        assert_eq!(levels(&ix, true, 4), vec![1, 32, 568, 8189]);
    }
}
