//! The serde format's private protocol, in one place: the magic names (`$godot_bin::…`) by which the
//! markers, `Variant` and the packed newtypes recognise our own Serializer and Deserializer, and the
//! thread-local hand-over slots through which a value and our Serializer or Deserializer pass a buffer or
//! a decoded value past serde's API. [`ClearOnDrop`] is the one guard that empties the Serializer's slots.

use std::cell::RefCell;

use crate::config::Config;
use crate::error::Result;
use crate::types::TypeKind;
use crate::value::Variant;
use crate::wire::Lent;

/// The prefix of every magic struct name the markers use.
pub(crate) const PREFIX: &str = "$godot_bin::";

/// The magic newtype name `Variant`'s `Serialize` and `Deserialize` use.
pub(crate) const VARIANT: &str = "$godot_bin::Variant";

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
    static ENCODE: RefCell<Option<EncodeJob>> = const { RefCell::new(None) };
    static PACKED: RefCell<Option<PackedJob>> = const { RefCell::new(None) };
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
    ENCODE.with(|c| *c.borrow_mut() = Some(job));
}

/// Our Serializer takes the buffer back (with the result, if a `Variant` took the job).
pub(crate) fn take_encode() -> Option<EncodeJob> {
    ENCODE.with(|c| c.borrow_mut().take())
}

/// Our Serializer offers a packed array's buffer to the value (see `packed::BulkSlice`).
pub(crate) fn put_packed_job(job: PackedJob) {
    PACKED.with(|c| *c.borrow_mut() = Some(job));
}

/// The packed array's buffer back (with the element count, if the value wrote its elements).
pub(crate) fn take_packed_job() -> Option<PackedJob> {
    PACKED.with(|c| c.borrow_mut().take())
}

/// Our Deserializer hands a decoded value to the `Variant` visitor.
pub(crate) fn offer_decoded(v: Variant) {
    DECODED_VALUE.with(|c| *c.borrow_mut() = Some(v));
}

/// The `Variant` visitor takes the value our Deserializer handed over.
pub(crate) fn take_decoded() -> Option<Variant> {
    DECODED_VALUE.with(|c| c.borrow_mut().take())
}
