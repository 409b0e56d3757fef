//! Binary resources (`RSRC`, the engines' `ResourceFormatLoaderBinary` / `ResourceFormatSaverBinary`): read
//! into the model, written back by the savers' rules.
//!
//! Layout: `RSRC`; the endianness word (1 = big-endian, every later number in that order); the "64-bit" word;
//! the engine's major and minor version; the format version; the main resource's class; the import
//! metadata offset (u64). Format version 4 and later then hold the flags (u32), the UID (u64) and, with flag 8,
//! the script class; then 11 reserved words (14 before version 4). Then the string table, the external
//! resources (class, path and, with UIDs, the UID), the internal resources (path `local://ID` and the offset
//! of its data), each internal resource's data (class, property count, then name index and value for each),
//! and `RSRC` again. Strings are a u32 length that counts a closing NUL, then the UTF-8 bytes and the NUL.
//!
//! Values carry the resource format's own type ids (not the Variant ids). Engine quirks kept: in a
//! big-endian file the savers write the elements of packed numeric arrays big-endian, but the loaders take
//! them as they lie (little-endian on every platform the engines run on), so those elements are read and
//! written little-endian here, as the engine loads them; a `Color` is four f32 in Godot 4 whatever `real_t`
//! is.

mod ids;
mod read;
mod write;

pub(super) use ids::{MAGIC, OLD_TYPE};
pub(super) use read::read;
pub(super) use write::write;
