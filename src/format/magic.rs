//! The serde format's private protocol, in one place: the magic names (`$godot_bin::…`) by which the
//! markers, `Variant` and the packed newtypes recognise our own Serializer and Deserializer, the
//! `std::any::type_name` checks that recognise serde's own private types, and every thread-local of the
//! serde format. [`ClearOnDrop`] is the one guard that empties the Serializer's slots.
//!
//! serde carries values only through its data model: it promises no way to hand a value of our own type
//! through a generic visitor or `Serialize`, no marker for its private buffer, and no state shared by the
//! deserializers that one value's visitor is handed. Each thread-local stands where that is needed:
//! - `ENCODE`, `PACKED`: our Serializer lends its output buffer to the `Variant` or packed array being
//!   serialized (serde hands a `Serialize` only a `Serializer`, which cannot give out our buffer).
//! - `DECODED_VALUE`: our Deserializer hands a decoded `Variant` to `Variant`'s visitor (a visitor is
//!   generic: through the data model a Vector2 would arrive as a map and lose its Godot type).
//! - `SERDE_DEPTH`, `SERDE_STACK_BASE`: the depth and stack budget of serde recursion, shared by the
//!   streaming deserializer and the `&Variant` deserializers it hands to visitors (which have no way back).
//! - `READS`, `DIRTY`, `QUIET`, `BUFFERED`, `BYTE_NOTES`, `REFUSED`: the notes on values handed to serde's
//!   buffer (see "serde's buffering" below), which our types meet only through serde's private types.
//!
//! The `type_name` checks ([`is_buffer_visitor`], [`is_derived_identifier`], [`is_buffer_deserializer`])
//! stand where serde has no public way to tell its private buffer or a derived identifier visitor.

use std::cell::{Cell, RefCell};
use std::mem::ManuallyDrop;

use serde::de::{IntoDeserializer, Visitor};

use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};
use crate::types::TypeKind;
use crate::value::Variant;
use crate::wire::Lent;

/// The prefix of every magic struct name the markers use.
pub(crate) const PREFIX: &str = "$godot_bin::";

/// The magic newtype name `Variant`'s `Serialize` and `Deserialize` use.
pub(crate) const VARIANT: &str = "$godot_bin::Variant";

/// The magic newtype names `TypedArray` and `TypedDictionary` read through: a typed container read under
/// them keeps its type (see [`Config::strict_typed_containers`]).
pub(crate) const TYPED_ARRAY: &str = "$godot_bin::TypedArray";
pub(crate) const TYPED_DICTIONARY: &str = "$godot_bin::TypedDictionary";

/// The enum tag under which our Deserializer announces a handed-over value.
pub(crate) const DECODED: &str = "$godot_bin::Decoded";

/// An encode request from our Serializer to the `Variant` it is serializing.
pub(crate) struct EncodeJob {
    pub(crate) cfg: Config,
    pub(crate) depth: usize,
    /// The Serializer's output buffer, lent (see `wire::Lent`).
    pub(crate) out: Lent,
    pub(crate) result: Option<Result<()>>,
}

/// A packed array being written: offered to the value (see `packed::BulkSlice`) so that it can write all of
/// its elements at once.
pub(crate) struct PackedJob {
    pub(crate) kind: TypeKind,
    pub(crate) wide: bool,
    pub(crate) out: Lent,
    /// Set by the value when it wrote its elements.
    pub(crate) count: Option<usize>,
}

thread_local! {
    // As `PACKED` below: a `Cell` of a `ManuallyDrop` job, so that the slot has no destructor and each
    // access is direct. It is empty between hand-overs ([`ClearOnDrop`] empties it on every exit).
    static ENCODE: Cell<Option<ManuallyDrop<EncodeJob>>> = const { Cell::new(None) };
    // A `Cell`: taken and put back whole, no borrow flag to check (it is used once per packed array). The
    // job is `ManuallyDrop` so that the slot has no destructor: a thread-local without one is reached
    // directly, with no per-access state check or destructor registration. The slot is empty between
    // packed arrays ([`ClearOnDrop`] empties it on every exit), so there is nothing for a destructor to do.
    static PACKED: Cell<Option<ManuallyDrop<PackedJob>>> = const { Cell::new(None) };
    static DECODED_VALUE: RefCell<Option<Variant>> = const { RefCell::new(None) };
}

/// Clears the Serializer's two hand-over slots when dropped (on every exit, unwinding included).
pub(crate) struct ClearOnDrop;

impl Drop for ClearOnDrop {
    fn drop(&mut self) {
        let _ = take_packed_job();
        let _ = take_encode();
    }
}

/// Our Serializer offers the output buffer to the `Variant` about to be serialized.
pub(crate) fn offer_encode(job: EncodeJob) {
    // A job left behind (never, see `ClearOnDrop`) is dropped here rather than leaked.
    if let Some(old) = ENCODE.with(|c| c.replace(Some(ManuallyDrop::new(job)))) {
        drop(ManuallyDrop::into_inner(old));
    }
}

/// Our Serializer takes the buffer back (with the result, if a `Variant` took the job).
pub(crate) fn take_encode() -> Option<EncodeJob> {
    ENCODE.with(|c| c.take()).map(ManuallyDrop::into_inner)
}

/// Our Serializer offers a packed array's buffer to the value (see `packed::BulkSlice`).
pub(crate) fn put_packed_job(job: PackedJob) {
    // A job left behind (never, see `ClearOnDrop`) is dropped here rather than leaked.
    if let Some(old) = PACKED.with(|c| c.replace(Some(ManuallyDrop::new(job)))) {
        drop(ManuallyDrop::into_inner(old));
    }
}

/// The packed array's buffer back (with the element count, if the value wrote its elements).
pub(crate) fn take_packed_job() -> Option<PackedJob> {
    PACKED.with(|c| c.take()).map(ManuallyDrop::into_inner)
}

/// Our Deserializer hands a decoded value to the `Variant` visitor.
pub(crate) fn offer_decoded(v: Variant) {
    DECODED_VALUE.with(|c| *c.borrow_mut() = Some(v));
}

/// The `Variant` visitor takes the value our Deserializer handed over.
pub(crate) fn take_decoded() -> Option<Variant> {
    DECODED_VALUE.with(|c| c.borrow_mut().take())
}

/// Hands the decoded `v` to `Variant`'s visitor: offered in [`DECODED_VALUE`] and announced by the
/// [`DECODED`] tag, by which the visitor takes it.
pub(crate) fn hand_over<'de, V: Visitor<'de>>(v: Variant, visitor: V) -> Result<V::Value> {
    offer_decoded(v);
    visitor.visit_enum(DECODED.into_deserializer())
}

// ---------------------------------------------------------------------------------------------------------
// The depth of serde recursion when deserializing.

/// The deepest nesting that serde recursion may reach on one thread when deserializing, whatever
/// [`Config::max_depth`] says: every level costs stack in the visitor and in this deserializer (about 2.5 KB
/// for a `serde_json::Value` map in a debug build, several times that for wide structs), so the levels are
/// also held to [`Config::DEFAULT_SERDE_STACK`] bytes of stack, which stops them first for types with big frames.
/// A [`Variant`] is not limited by it: it is handed over whole from the core decoder, which walks nesting
/// without recursion, so engine values nested up to the engines' 1024 levels read fine as `Variant`.
///
/// ```
/// // 600 nested arrays: fine as a Variant, too deep for serde recursion.
/// let mut v = godot_bin::Variant::Nil;
/// for _ in 0..600 {
///     v = godot_bin::Variant::from(vec![v]);
/// }
/// let bytes = godot_bin::to_vec(&v)?;
/// assert_eq!(godot_bin::from_slice::<godot_bin::Variant>(&bytes)?, v);
/// let err = godot_bin::from_slice::<serde_json::Value>(&bytes).unwrap_err();
/// // Refused by this limit, or earlier by the stack budget (a debug build's frames are bigger).
/// use godot_bin::{ErrorKind::*, de::SERDE_MAX_DEPTH};
/// assert!(matches!(err.kind(), TooDeep { max: SERDE_MAX_DEPTH } | StackBudget { .. }));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub const SERDE_MAX_DEPTH: usize = 512;

thread_local! {
    static SERDE_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Where the stack was when the outermost level began (an address, compared, never dereferenced), and
    /// the budget the outermost level's config gave.
    static SERDE_STACK_BASE: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

/// Where this call's frame is on the stack: the address of a local (only compared, never dereferenced).
#[inline(always)]
fn stack_mark() -> usize {
    let marker = 0u8;
    std::ptr::addr_of!(marker) as usize
}

/// One level of serde recursion; dropped on the way out (errors and unwinding included), when it puts back
/// the depth it found. Refuses a level beyond [`SERDE_MAX_DEPTH`] or beyond the outermost level's stack
/// budget ([`Config::serde_stack`]; `budget`: the config's, where the caller has one, else
/// [`Config::DEFAULT_SERDE_STACK`]; asked for only by an outermost level).
pub(crate) struct DepthGuard(usize);

impl DepthGuard {
    #[inline(always)]
    pub(crate) fn enter(at: Option<usize>, budget: impl FnOnce() -> Option<usize>) -> Result<DepthGuard> {
        let d = SERDE_DEPTH.with(|c| c.get());
        let here = stack_mark();
        if d == 0 {
            SERDE_STACK_BASE.with(|c| c.set((here, budget().unwrap_or(Config::DEFAULT_SERDE_STACK))));
        } else {
            let (base, budget) = SERDE_STACK_BASE.with(|c| c.get());
            if d >= SERDE_MAX_DEPTH || base.abs_diff(here) > budget {
                return Err(Self::refused(d, budget, at));
            }
        }
        SERDE_DEPTH.with(|c| c.set(d + 1));
        Ok(DepthGuard(d))
    }

    /// The error of a level refused at depth `d` (cold: only for hostile or runaway nesting).
    #[cold]
    #[inline(never)]
    fn refused(d: usize, budget: usize, at: Option<usize>) -> Error {
        if d >= SERDE_MAX_DEPTH {
            Error::new(ErrorKind::TooDeep { max: SERDE_MAX_DEPTH }, at)
        } else {
            Error::new(ErrorKind::StackBudget { depth: d, budget }, at)
        }
    }
}

impl Drop for DepthGuard {
    #[inline]
    fn drop(&mut self) {
        SERDE_DEPTH.with(|c| c.set(self.0));
    }
}

// ---------------------------------------------------------------------------------------------------------
// serde's buffering. `#[serde(flatten)]`, untagged, internally and adjacently tagged enums make serde read
// a value into its private `Content` through `deserialize_any` first, and hand it on later. `Content` holds
// plain data only (a Vector2 is a map `{x, y}`, a StringName a string): our markers rebuild themselves from
// that, but a `Variant` cannot tell a Vector2 from a Dictionary `{x, y}`. So while one of our deserializers
// runs, every value of a Godot-only type handed to serde's buffer is noted with the plain form it takes
// there, and a `Variant` rebuilt from the buffer that equals one of those forms is refused (an error,
// instead of a silent change of type). serde's buffer is recognised by the type names of its visitor and
// deserializers (private to serde, so not guaranteed: if serde renames them, values pass as plain data as
// before, and `tests/serde/serde_buffered.rs` fails).

/// The values noted per read hold at most this many nodes together (elements, entries, components' holders),
/// so that noting costs time and memory in proportion to the input whatever its nesting (a Godot-only value
/// inside another is noted too). Beyond it every `Variant` rebuilt from the buffer that is not a bool, number
/// or nil is refused (it could be any of them). Notes are found by a hash of their top level (`sketch`), so a
/// check costs the same however many there are.
const MAX_BUFFERED: usize = 1 << 18;

/// At most this many different notes share a `sketch` (the same top level, other contents deeper): a value
/// is compared with each of them, so more would make checking cost the product of two input sizes. Beyond
/// it, as beyond `MAX_BUFFERED`, every non-scalar `Variant` from the buffer is refused.
const MAX_SAME_SKETCH: usize = 64;

type Notes = std::collections::HashMap<u64, Vec<Buffered>>;

type ByteNotes = std::collections::HashMap<u64, Vec<(Vec<u8>, Option<usize>)>>;

/// A hash of a byte string's length and first 16 bytes: equal for a PackedByteArray and the Array of ints
/// it becomes in serde's buffer (see [`array_bytes_key`]).
fn bytes_key(len: usize, first: impl Iterator<Item = u8>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    len.hash(&mut h);
    first.take(16).for_each(|b| b.hash(&mut h));
    h.finish()
}

/// The [`bytes_key`] of an untyped Array whose first 16 items are ints from 0 to 255 (the shape a
/// PackedByteArray takes in serde's buffer); `None` for anything else.
fn array_bytes_key(v: &Variant) -> Option<u64> {
    let Variant::Array(a) = v else { return None };
    if !a.element_type.is_untyped() || a.shared {
        return None;
    }
    let mut first = [0u8; 16];
    for (i, x) in a.items.iter().take(16).enumerate() {
        match x {
            Variant::Int(b @ 0..=255) => first[i] = *b as u8,
            _ => return None,
        }
    }
    Some(bytes_key(a.items.len(), first.into_iter().take(a.items.len())))
}

/// A hash of a value's first three levels (kind, text, number, length; a container's first 16 elements or
/// entries at each level): equal values have equal sketches, and the plain forms of math types (a Transform3D
/// is three levels of components) differ when their numbers do.
fn sketch(v: &Variant) -> u64 {
    use std::hash::{Hash, Hasher};
    fn walk(v: &Variant, depth: usize, h: &mut impl Hasher) {
        std::mem::discriminant(v).hash(h);
        match v {
            Variant::Bool(b) => b.hash(h),
            Variant::Int(i) => i.hash(h),
            Variant::Float(f) => (if *f == 0.0 { 0 } else { f.to_bits() }).hash(h),
            Variant::String(s) => s.hash(h),
            Variant::Array(a) => {
                a.items.len().hash(h);
                if depth < 3 {
                    a.items.iter().take(16).for_each(|x| walk(x, depth + 1, h));
                }
            }
            Variant::Dictionary(d) => {
                d.entries.len().hash(h);
                if depth < 3 {
                    d.entries.iter().take(16).for_each(|(k, x)| {
                        walk(k, depth + 1, h);
                        walk(x, depth + 1, h);
                    });
                }
            }
            _ => {}
        }
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    walk(v, 1, &mut h);
    h.finish()
}

/// A Godot-only value handed to serde's buffer: the form it has there, its Godot type, its byte offset.
pub(crate) struct Buffered {
    plain: Variant,
    type_name: &'static str,
    at: Option<usize>,
}

thread_local! {
    /// Our deserializers alive on this thread (notes are kept only while one is, and dropped after the last).
    static READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Whether anything was noted or refused since the notes were last cleared (so that the end of a read
    /// that buffered nothing, nearly every read, costs one flag).
    static DIRTY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Set while a value's plain form is being computed (itself a trip through serde's buffer).
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The notes by `sketch` of their plain form, their nodes, whether more than `MAX_BUFFERED` came.
    static BUFFERED: RefCell<(Notes, usize, bool)> = RefCell::new((Notes::default(), 0, false));
    /// The PackedByteArrays noted, by `bytes_key`: their bytes and byte offset. Their plain form in the buffer
    /// is an Array of ints, kept here as the bytes themselves (one byte per byte, where the plain form would
    /// take a Variant per byte); bounded by the input they came from.
    static BYTE_NOTES: RefCell<ByteNotes> = RefCell::new(ByteNotes::default());
    /// The last refusal, for serde's "did not match any variant of untagged enum", which drops it.
    static REFUSED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Whether `V` is serde's buffering visitor (the one that builds its private `Content`).
#[inline]
pub(crate) fn is_buffer_visitor<V>() -> bool {
    // Constant strings once monomorphized: the comparisons fold away in an optimized build.
    let n = std::any::type_name::<V>().as_bytes();
    n.starts_with(b"serde") && (n.ends_with(b"::ContentVisitor<'_>") || n.ends_with(b"::ContentVisitor"))
}

/// Whether `V` is a field or variant identifier visitor that `serde_derive` generated: it matches names given
/// as bytes exactly as names given as text (its `visit_bytes` has the same arms as its `visit_str`, aliases
/// included), so a name known to be plain ASCII can be handed to it without making a `&str` first.
/// Hand-written identifier visitors often take text only, and a generic derived one (a `field_identifier`
/// enum with type parameters) is not recognised: both get text.
#[inline]
pub(crate) fn is_derived_identifier<V>() -> bool {
    // A constant string once monomorphized: the comparison folds away in an optimized build.
    std::any::type_name::<V>().as_bytes().ends_with(b"::__FieldVisitor")
}

/// Whether `D` hands on values from serde's buffer (`ContentDeserializer`, `ContentRefDeserializer`).
#[inline]
pub(crate) fn is_buffer_deserializer<D>() -> bool {
    let n = std::any::type_name::<D>();
    if !n.starts_with("serde") {
        return false;
    }
    let base = n.split('<').next().unwrap_or(n);
    base.ends_with("::ContentDeserializer") || base.ends_with("::ContentRefDeserializer")
}

/// One of our deserializers is reading on this thread: notes are kept while any is alive.
pub(crate) struct ReadScope;

impl ReadScope {
    pub(crate) fn enter() -> ReadScope {
        READS.with(|c| c.set(c.get() + 1));
        ReadScope
    }

    /// Whether values are being noted now ([`noting`]; true unless a plain form is being computed).
    pub(crate) fn is_noting(&self) -> bool {
        noting()
    }
}

impl Drop for ReadScope {
    fn drop(&mut self) {
        let left = READS.with(|c| {
            c.set(c.get().saturating_sub(1));
            c.get()
        });
        if left == 0 && DIRTY.with(|d| d.replace(false)) {
            BUFFERED.with(|b| {
                let mut b = b.borrow_mut();
                *b = (Notes::default(), 0, false);
            });
            BYTE_NOTES.with(|b| *b.borrow_mut() = ByteNotes::default());
            REFUSED.with(|r| r.borrow_mut().take());
        }
    }
}

/// Whether values handed to serde's buffer are being noted now.
#[inline]
pub(crate) fn noting() -> bool {
    READS.with(|c| c.get()) > 0 && !QUIET.with(|q| q.get())
}

/// Runs `f` (which computes a plain form through serde's buffer) without noting or checking.
pub(crate) fn quietly<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.with(|q| q.set(self.0));
        }
    }
    let _r = Restore(QUIET.with(|q| q.replace(true)));
    f()
}

/// Takes the nodes of `v` from the read's budget (`MAX_BUFFERED`) before its plain form is made and noted:
/// false (and from then on every non-scalar `Variant` from the buffer is refused) if they do not fit.
pub(crate) fn reserve(v: &Variant) -> bool {
    DIRTY.with(|d| d.set(true));
    BUFFERED.with(|b| {
        let mut b = b.borrow_mut();
        if b.2 {
            return false;
        }
        // Counted without recursion, and no further than what is left.
        let left = MAX_BUFFERED - b.1;
        let mut n = 0usize;
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            n += 1;
            if n > left {
                b.2 = true;
                return false;
            }
            match x {
                Variant::Array(a) | Variant::PackedTypedArray(a) => stack.extend(a.items.iter()),
                Variant::Dictionary(d) => stack.extend(d.entries.iter().flat_map(|(k, v)| [k, v])),
                Variant::Object(o) => {
                    if let crate::value::Object::Full { properties, .. } = &**o {
                        stack.extend(properties.iter().map(|(_, v)| v));
                    }
                }
                Variant::PackedByteArray(p) => n += p.len(),
                Variant::PackedInt32Array(p) => n += p.len(),
                Variant::PackedInt64Array(p) => n += p.len(),
                Variant::PackedFloat32Array(p) => n += p.len(),
                Variant::PackedFloat64Array(p) => n += p.len(),
                Variant::PackedStringArray(p) => n += p.len(),
                Variant::PackedVector2Array(p) => n += p.len(),
                Variant::PackedVector3Array(p) => n += p.len(),
                Variant::PackedColorArray(p) => n += p.len(),
                Variant::PackedVector4Array(p) => n += p.len(),
                Variant::PackedVector2iArray(p) => n += p.len(),
                Variant::PackedVector3iArray(p) => n += p.len(),
                Variant::PackedVector4iArray(p) => n += p.len(),
                _ => {}
            }
        }
        if n > left {
            b.2 = true;
            return false;
        }
        b.1 += n;
        true
    })
}

/// Notes a Godot-only value handed to serde's buffer, with the plain form it has there (after [`reserve`]).
pub(crate) fn note_buffered(plain: Variant, type_name: &'static str, at: Option<usize>) {
    DIRTY.with(|d| d.set(true));
    BUFFERED.with(|b| {
        let mut b = b.borrow_mut();
        let same = b.0.entry(sketch(&plain)).or_default();
        if same.iter().any(|n| n.plain == plain && n.type_name == type_name) {
            // Already noted (the same value again): the first offset is enough.
        } else if same.len() < MAX_SAME_SKETCH {
            same.push(Buffered { plain, type_name, at });
        } else {
            // Every check would compare against all of them: refuse instead (see MAX_SAME_SKETCH).
            b.2 = true;
        }
    });
}

/// Notes a PackedByteArray handed to serde's buffer (where it is an Array of ints), by its bytes: it costs no
/// nodes of the read's budget (`MAX_BUFFERED`), one byte per byte instead.
pub(crate) fn note_bytes(bytes: &[u8], at: Option<usize>) {
    DIRTY.with(|d| d.set(true));
    let key = bytes_key(bytes.len(), bytes.iter().copied());
    let full = BYTE_NOTES.with(|b| {
        let mut b = b.borrow_mut();
        let same = b.entry(key).or_default();
        if same.iter().any(|(n, _)| n == bytes) {
            false
        } else if same.len() < MAX_SAME_SKETCH {
            same.push((bytes.to_vec(), at));
            false
        } else {
            true
        }
    });
    if full {
        // As in `note_buffered`: every check would compare against all of them, refuse instead.
        BUFFERED.with(|b| b.borrow_mut().2 = true);
    }
}

/// The noted PackedByteArray `v` (an Array of ints rebuilt from serde's buffer) is the plain form of: its offset.
fn noted_bytes(v: &Variant) -> Option<Option<usize>> {
    let key = array_bytes_key(v)?;
    let Variant::Array(a) = v else { return None };
    find_bytes(key, a.items.len(), |n| {
        n.iter().zip(&a.items).all(|(x, y)| matches!(y, Variant::Int(i) if *i == *x as i64))
    })
}

/// The offset of the noted PackedByteArray with `key` and `len` bytes that `same` accepts.
fn find_bytes(key: u64, len: usize, same: impl Fn(&[u8]) -> bool) -> Option<Option<usize>> {
    BYTE_NOTES.with(|b| {
        let b = b.borrow();
        b.get(&key)?.iter().find(|(n, _)| n.len() == len && same(n)).map(|(_, at)| *at)
    })
}

/// If `bytes`, the items of an Array of ints 0 to 255 being rebuilt from serde's buffer, are a noted
/// PackedByteArray: the message that refuses it (before the Array is built: see `variant::buffered_seq`).
pub(crate) fn buffered_bytes_loss(bytes: &[u8]) -> Option<String> {
    if !noting() || !DIRTY.with(|d| d.get()) {
        return None;
    }
    let at = find_bytes(bytes_key(bytes.len(), bytes.iter().copied()), bytes.len(), |n| n == bytes)?;
    Some(refusal("PackedByteArray", at, "Array"))
}

/// The refusal of a Godot-only value of type `what` (at byte `at`) that would become a `became`.
fn refusal(what: &str, at: Option<usize>, became: &str) -> String {
    let at = at.map(|a| format!(" (byte {a})")).unwrap_or_default();
    let msg = format!(
        "a {what}{at} went through serde's buffering (#[serde(flatten)], or an untagged, internally or \
         adjacently tagged enum), which keeps plain data only: as a Variant it would silently become a {became}. \
         Read that part as a Variant without flatten/tags and take the fields you model with \
         godot_bin::from_variant (see godot_bin::coming_from_gdscript)"
    );
    REFUSED.with(|r| *r.borrow_mut() = Some(msg.clone()));
    msg
}

/// If `v`, a `Variant` rebuilt from serde's buffer, is the plain form of a Godot-only value noted there:
/// the message that refuses it.
pub(crate) fn buffered_loss(v: &Variant) -> Option<String> {
    if !noting() || !DIRTY.with(|d| d.get()) {
        return None;
    }
    BUFFERED.with(|b| {
        let b = b.borrow();
        let found = b.0.get(&sketch(v)).and_then(|ns| ns.iter().find(|n| n.plain == *v));
        let bytes_at = if found.is_none() { noted_bytes(v) } else { None };
        let (what, at) = match (found, bytes_at) {
            (Some(n), _) => (n.type_name, n.at),
            (None, Some(at)) => ("PackedByteArray", at),
            (None, None)
                if b.2 && !matches!(v, Variant::Nil | Variant::Bool(_) | Variant::Int(_) | Variant::Float(_)) =>
            {
                ("Godot-typed value (too many went through the buffer to tell which)", None)
            }
            (None, None) => return None,
        };
        Some(refusal(what, at, v.kind().name()))
    })
}

/// serde's untagged enums replace every variant's error with "data did not match any variant of untagged
/// enum …": the refusal above is added back to that message.
pub(crate) fn with_refusal(msg: String) -> String {
    if !msg.starts_with("data did not match any variant of untagged enum") {
        return msg;
    }
    match REFUSED.with(|r| r.borrow_mut().take()) {
        Some(r) => format!("{msg}: {r}"),
        None => msg,
    }
}
