//! The decode walk: one value and everything nested in it, with an explicit stack of [`Frame`]s.

use crate::config::Family;
use crate::data::dict_keys::{self, Building};
use crate::error::{Error, Result};
use crate::types::TypeKind;
use crate::value::*;
use crate::wire::*;

use super::admit::AdmitRule;
use super::decoder::Decoder;
use super::decoder::{put, TEXT_SLOTS};
use super::dict::DictBuilder;

impl<'a, 'c> Decoder<'a, 'c> {
    /// Decodes one value. Nesting is walked with an explicit stack on the heap, so no input and no depth
    /// limit can exhaust the thread's stack; the stack's size is bounded by the depth limit.
    ///
    /// A value that holds no others is written straight into the slot its container has for it (an array
    /// element, a dictionary key or value, an object property), not returned and moved there: moving a
    /// freshly written `Variant` through the stack stalled on store forwarding.
    pub(crate) fn value(&mut self, base_depth: usize) -> Result<Variant> {
        let mut stack: Vec<Frame> = Vec::new();
        // Dictionary keys' texts met so far (`Decoder::key_string`), from the first plain String key (a value
        // with no dictionary does not fill them in).
        let mut known: Option<[&'a str; TEXT_SLOTS]> = None;
        'slots: loop {
            // Object properties are preceded by their name.
            if let Some(Frame::Object { pending_name, .. }) = stack.last_mut() {
                self.start_slot();
                *pending_name = Some(self.string()?);
            }
            if !stack.is_empty() {
                self.start_slot();
            }
            let at = self.r.pos();
            let (kind, flags) = self.value_header()?;
            let depth = base_depth + stack.len();
            self.check_depth(depth, at)?;
            let (mut done, mut done_hash) = if kind.is_container() {
                match self.open(kind, flags, at)? {
                    Opened::Frame(f) => {
                        push_frame(&mut stack, f);
                        continue;
                    }
                    Opened::Value(v) => (v, None),
                }
            } else {
                match stack.last_mut() {
                    None => {
                        let mut v = Variant::Nil;
                        self.leaf(kind, flags, &mut v)?;
                        return Ok(v);
                    }
                    // The commonest child: a String key of a plain dictionary, read straight into a new entry.
                    Some(Frame::Dictionary {
                        b,
                        phase: phase @ DictPhase::Key,
                        key_type: ContainerType::Untyped,
                        hash: None,
                        left,
                        ..
                    }) if kind == TypeKind::String => {
                        // This entry and, in this tight loop, every next one that is a String key and a value
                        // that holds no others: what the general path would do for them, less its dispatch
                        // (this level's depth is checked; a slot not taken is left unread for the general path).
                        let known = known.get_or_insert([""; TEXT_SLOTS]);
                        loop {
                            let (k, bit) = self.key_string(known)?;
                            let i = b.string_key(k, bit);
                            *phase = DictPhase::Value(i);
                            let Some((kind, flags)) = self.peek_header().filter(|(k, _)| !k.is_container()) else {
                                continue 'slots;
                            };
                            self.start_slot();
                            self.r.skip_lenient(4);
                            self.leaf_inline(kind, flags, b.value_slot(i))?;
                            *phase = DictPhase::Key;
                            *left -= 1;
                            if *left == 0 {
                                break stack.pop().map(Frame::finish).unwrap_or_default();
                            }
                            if self.peek_header().is_none_or(|(k, _)| k != TypeKind::String) {
                                continue 'slots;
                            }
                            self.start_slot();
                            self.r.skip_lenient(4);
                        }
                    }
                    // A dictionary's value that holds no others, read straight into its entry.
                    Some(Frame::Dictionary { b, phase: phase @ DictPhase::Value(_), hash: None, left, .. }) => {
                        let DictPhase::Value(i) = *phase else { continue };
                        self.leaf_inline(kind, flags, b.value_slot(i))?;
                        *phase = DictPhase::Key;
                        *left -= 1;
                        if *left != 0 {
                            continue;
                        }
                        stack.pop().map(Frame::finish).unwrap_or_default()
                    }
                    Some(f) => {
                        self.leaf_inline(kind, flags, f.slot())?;
                        if kind.is_engine_packed() && f.converted_len() > 0 {
                            // It becomes an Array whose items sit one level deeper: held to the limit as the
                            // encoder holds them, so that what decodes under a config encodes under it.
                            self.check_depth(depth + 1, at)?;
                        }
                        if !f.filled(None) {
                            continue;
                        }
                        stack.pop().map(Frame::finish).unwrap_or_default()
                    }
                }
            };
            // Hand the finished container to its parent; close every parent it completes.
            loop {
                match stack.last_mut() {
                    None => return Ok(done),
                    Some(f) => {
                        put(f.slot(), done);
                        if !f.filled(done_hash) {
                            break;
                        }
                        (done, done_hash) = stack.pop().map(Frame::finish).unwrap_or_default();
                    }
                }
            }
        }
    }

    /// Reads the head of an object or container: a finished value (a null object, an object by id, an
    /// empty container), or the frame of a container with children to come.
    fn open(&mut self, kind: TypeKind, flags: u32, at: usize) -> Result<Opened> {
        use TypeKind as K;
        let frame = match kind {
            K::Object => match self.object_head(flags, at)? {
                // A null object (id 0, or no class name) is what every 3.x/4.x engine writes back as a
                // bare NIL, so it decodes as Nil: decoding is then a fixed point. Godot 2 keeps its header.
                Ok(Object::Null) if self.d.family() != Family::Godot2 => return Ok(Opened::Value(Variant::Nil)),
                Ok(o) => return Ok(Opened::Value(Variant::Object(Box::new(o)))),
                Err((class, n)) => {
                    // (The count is the 4 bytes before where the properties start.)
                    let properties = Self::room(n, self.r.pos().saturating_sub(4))?;
                    Frame::Object { class, properties, left: n, pending_name: None, hash: None }
                }
            },
            K::Dictionary => {
                let (k, v) = dict_type_bits(flags);
                // No type bits (a plain dictionary): untyped, with no call.
                let (key_type, value_type) = if (k, v) != (0, 0) && self.d.typed_dictionaries() {
                    (self.container_type(k)?, self.container_type(v)?)
                } else {
                    (ContainerType::Untyped, ContainerType::Untyped)
                };
                let count_at = self.r.pos();
                let (n, shared) = self.container_count(2)?;
                Frame::Dictionary {
                    b: DictBuilder::with_room(Self::room(n, count_at)?, self.d),
                    rule: self.admit_rule(),
                    key_type,
                    value_type,
                    shared,
                    left: n,
                    phase: DictPhase::Key,
                    discarded: Variant::Nil,
                    hash: None,
                }
            }
            K::Array => {
                let element_type = if array_type_bits(flags) != 0 && self.d.typed_arrays() {
                    self.container_type(array_type_bits(flags))?
                } else {
                    ContainerType::Untyped
                };
                let count_at = self.r.pos();
                let (n, shared) = self.container_count(1)?;
                let a = Array { items: Self::room(n, count_at)?, element_type, shared };
                Frame::Array { a, packed: false, left: n, rule: self.admit_rule(), hash: None }
            }
            K::TypedArray | K::PackedTypedArray => {
                let element_type = self.pandemonium_element_type(flags, at)?;
                let count_at = self.r.pos();
                let (n, _) = self.container_count(1)?;
                let a = Array { items: Self::room(n, count_at)?, element_type, shared: false };
                Frame::Array {
                    a,
                    packed: kind == K::PackedTypedArray,
                    left: n,
                    rule: AdmitRule::Pandemonium,
                    hash: None,
                }
            }
            _ => return Err(Error::invalid("a leaf decoded as a container", Some(at))),
        };
        Ok(if frame.is_complete() { Opened::Value(frame.finish().0) } else { Opened::Frame(frame) })
    }
}

/// A container on a decode walk's stack: the binary decoder's frames (here and in `borrowed`), and any other
/// parser that builds dictionaries bottom-up (the text form's parser can implement it for its frames). A
/// container opened inside a dictionary key builds its structural hash (`dict_keys::Building`) as its
/// children arrive, so that the key index of the dictionary it is a key of never walks it again; this trait
/// holds the one rule that decides when, [`KeyFrame::child_in_key`], and [`push_frame`] applies it.
pub(crate) trait KeyFrame {
    /// Whether this container builds its structural hash (it sits inside a dictionary key).
    fn builds_hash(&self) -> bool;
    /// Whether this container's next child is a dictionary key (it is a dictionary waiting for a key).
    fn next_is_key(&self) -> bool;
    /// Makes this container build its structural hash.
    fn start_hash(&mut self);
    /// Whether a container opened as this frame's next child sits inside a dictionary key: this frame is
    /// itself inside one, or the child is a key.
    #[inline(always)]
    fn child_in_key(&self) -> bool {
        self.builds_hash() || self.next_is_key()
    }
}

/// Pushes `f`, a container just opened as the next child of the frame on top of `stack`, making it build
/// its structural hash when it sits inside a dictionary key ([`KeyFrame::child_in_key`]).
#[inline(always)]
pub(crate) fn push_frame<F: KeyFrame>(stack: &mut Vec<F>, mut f: F) {
    if stack.last().is_some_and(F::child_in_key) {
        f.start_hash();
    }
    stack.push(f);
}

impl KeyFrame for Frame {
    fn builds_hash(&self) -> bool {
        match self {
            Frame::Array { hash, .. } | Frame::Dictionary { hash, .. } | Frame::Object { hash, .. } => hash.is_some(),
        }
    }

    fn next_is_key(&self) -> bool {
        matches!(self, Frame::Dictionary { phase: DictPhase::Key, .. })
    }

    fn start_hash(&mut self) {
        match self {
            Frame::Array { a, packed, hash, .. } => {
                let tag = if *packed { dict_keys::tag::PACKED_TYPED_ARRAY } else { dict_keys::tag::ARRAY };
                *hash = Some(Box::new(Building::array(tag, a)));
            }
            Frame::Dictionary { hash, .. } => *hash = Some(Box::new(Building::dictionary())),
            Frame::Object { class, hash, .. } => *hash = Some(Box::new(Building::object(class))),
        }
    }
}

/// What [`Decoder::open`] read.
enum Opened {
    /// A container with children to come.
    Frame(Frame),
    /// A finished value.
    Value(Variant),
}

/// Which place of a dictionary the next child fills.
#[derive(Clone, Copy)]
enum DictPhase {
    /// The key of a new entry.
    Key,
    /// The value of entry `i`.
    Value(usize),
    /// The value of a pair whose key the dictionary's key type refused: read, then dropped.
    Discard,
}

/// A container being decoded: what is built so far and how many children are left.
enum Frame {
    Array {
        a: Array,
        packed: bool,
        left: usize,
        rule: AdmitRule,
        /// Inside a dictionary key: the structural hash being built.
        hash: Option<Box<Building>>,
    },
    Dictionary {
        b: DictBuilder,
        rule: AdmitRule,
        key_type: ContainerType,
        value_type: ContainerType,
        shared: bool,
        left: usize,
        phase: DictPhase,
        /// The place of a value that is dropped ([`DictPhase::Discard`]).
        discarded: Variant,
        /// Inside a dictionary key: the structural hash being built.
        hash: Option<Box<Building>>,
    },
    Object {
        class: String,
        properties: Vec<(String, Variant)>,
        left: usize,
        pending_name: Option<String>,
        /// Inside a dictionary key: the structural hash being built.
        hash: Option<Box<Building>>,
    },
}

impl Frame {
    fn is_complete(&self) -> bool {
        match self {
            Frame::Array { left, .. } | Frame::Dictionary { left, .. } | Frame::Object { left, .. } => *left == 0,
        }
    }

    /// The place of the next child; [`Frame::filled`] must follow once it is written.
    #[inline(always)]
    fn slot(&mut self) -> &mut Variant {
        match self {
            Frame::Array { a, .. } => {
                a.items.push(Variant::Nil);
                let last = a.items.len() - 1;
                &mut a.items[last]
            }
            Frame::Dictionary { b, phase, discarded, .. } => match *phase {
                DictPhase::Key => b.key_slot(),
                DictPhase::Value(i) => b.value_slot(i),
                DictPhase::Discard => discarded,
            },
            Frame::Object { properties, pending_name, .. } => {
                properties.push((pending_name.take().unwrap_or_default(), Variant::Nil));
                let last = properties.len() - 1;
                &mut properties[last].1
            }
        }
    }

    /// The element count of the packed array just written into this frame's slot if the frame converts it
    /// into an Array (an element of a typed `Array[Array]`, a key of a `Dictionary[Array, …]`, under Godot 4's
    /// rule: see `admit::godot4_admit`), else 0.
    #[cold]
    fn converted_len(&self) -> usize {
        let (t, rule, last) = match self {
            Frame::Array { a, rule, .. } => (&a.element_type, rule, a.items.last()),
            Frame::Dictionary { b, key_type, rule, phase: DictPhase::Key, .. } => {
                (key_type, rule, b.entries.last().map(|(k, _)| k))
            }
            _ => return 0,
        };
        if !matches!(rule, AdmitRule::Godot4 { .. }) || *t != ContainerType::Builtin(TypeKind::Array) {
            return 0;
        }
        match last {
            Some(Variant::PackedByteArray(p)) => p.len(),
            Some(Variant::PackedInt32Array(p)) => p.len(),
            Some(Variant::PackedInt64Array(p)) => p.len(),
            Some(Variant::PackedFloat32Array(p)) => p.len(),
            Some(Variant::PackedFloat64Array(p)) => p.len(),
            Some(Variant::PackedStringArray(p)) => p.len(),
            Some(Variant::PackedVector2Array(p)) => p.len(),
            Some(Variant::PackedVector3Array(p)) => p.len(),
            Some(Variant::PackedColorArray(p)) => p.len(),
            Some(Variant::PackedVector4Array(p)) => p.len(),
            _ => 0,
        }
    }

    /// The child [`Frame::slot`] gave the place of is written; returns whether the container is now complete.
    /// `child`: the child's structural hash, if it is a container that built one.
    #[inline(always)]
    fn filled(&mut self, child: Option<u64>) -> bool {
        // The hash of the child as it was stored (a typed container may have converted a leaf).
        let hash_of = |stored: &Variant| child.unwrap_or_else(|| dict_keys::structural_hash(stored));
        match self {
            Frame::Array { a, left, rule, hash, .. } => {
                let before = a.items.len() - 1;
                // A typed array converts or drops elements that fail its type check, as the engine does.
                if !a.element_type.is_untyped() {
                    if let Some(v) = a.items.pop() {
                        if let Some(v) = rule.admit(&a.element_type, v) {
                            a.items.push(v);
                        }
                    }
                }
                if let Some(h) = hash.as_deref_mut() {
                    if let Some(stored) = a.items.get(before) {
                        h.item(hash_of(stored));
                    }
                }
                *left -= 1;
            }
            Frame::Dictionary { b, key_type, left, phase, rule, discarded, hash, .. } => match *phase {
                DictPhase::Key => {
                    // A typed dictionary checks (and converts) keys only; a refused key drops the pair.
                    let kept = key_type.is_untyped() || {
                        match rule.admit(key_type, b.take_key()) {
                            Some(k) => {
                                *b.key_slot() = k;
                                true
                            }
                            None => false,
                        }
                    };
                    *phase = if kept {
                        let n = b.entries.len() - 1;
                        let exact = match hash.as_deref() {
                            Some(_) => Some(hash_of(&b.entries[n].0)),
                            None => child,
                        };
                        let i = b.key_done(exact);
                        if let (Some(h), Some(kh)) = (hash.as_deref_mut(), exact) {
                            h.key(i, kh);
                        }
                        DictPhase::Value(i)
                    } else {
                        DictPhase::Discard
                    };
                }
                DictPhase::Value(i) => {
                    if let Some(h) = hash.as_deref_mut() {
                        if let Some((_, v)) = b.entries.get(i) {
                            h.value(i, hash_of(v));
                        }
                    }
                    *phase = DictPhase::Key;
                    *left -= 1;
                }
                DictPhase::Discard => {
                    *discarded = Variant::Nil;
                    *phase = DictPhase::Key;
                    *left -= 1;
                }
            },
            Frame::Object { left, properties, hash, .. } => {
                if let (Some(h), Some((name, v))) = (hash.as_deref_mut(), properties.last()) {
                    h.property(name, hash_of(v));
                }
                *left -= 1
            }
        }
        self.is_complete()
    }

    /// The finished value, and its structural hash if it sits inside a dictionary key.
    fn finish(self) -> (Variant, Option<u64>) {
        match self {
            Frame::Array { a, packed, hash, .. } => {
                let h = hash.map(|b| b.finish(None));
                let v = if packed { Variant::PackedTypedArray(Box::new(a)) } else { Variant::Array(Box::new(a)) };
                (v, h)
            }
            Frame::Dictionary { b, key_type, value_type, shared, hash, .. } => {
                let d = Dictionary { entries: b.finish(), key_type, value_type, shared };
                let h = hash.map(|b| b.finish(Some(&d)));
                (Variant::Dictionary(Box::new(d)), h)
            }
            Frame::Object { class, properties, hash, .. } => {
                let h = hash.map(|b| b.finish(None));
                (Variant::Object(Box::new(Object::Full { class, properties })), h)
            }
        }
    }
}
