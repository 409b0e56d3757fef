//! The resource format's own type ids, object kinds and magic, shared by the reader and the writer.

// The resource format's value type ids (numbered apart from the Variant ids).
pub(super) const NIL: u32 = 1;
pub(super) const BOOL: u32 = 2;
pub(super) const INT: u32 = 3;
pub(super) const FLOAT: u32 = 4;
pub(super) const STRING: u32 = 5;
pub(super) const VECTOR2: u32 = 10;
pub(super) const RECT2: u32 = 11;
pub(super) const VECTOR3: u32 = 12;
pub(super) const PLANE: u32 = 13;
pub(super) const QUATERNION: u32 = 14;
pub(super) const AABB: u32 = 15;
pub(super) const BASIS: u32 = 16;
pub(super) const TRANSFORM3D: u32 = 17;
pub(super) const TRANSFORM2D: u32 = 18;
pub(super) const COLOR: u32 = 20;
pub(super) const IMAGE: u32 = 21;
pub(super) const NODE_PATH: u32 = 22;
pub(super) const RID: u32 = 23;
pub(super) const OBJECT: u32 = 24;
pub(super) const INPUT_EVENT: u32 = 25;
pub(super) const DICTIONARY: u32 = 26;
pub(super) const ARRAY: u32 = 30;
pub(super) const PACKED_BYTE: u32 = 31;
pub(super) const PACKED_INT32: u32 = 32;
pub(super) const PACKED_FLOAT32: u32 = 33;
pub(super) const PACKED_STRING: u32 = 34;
pub(super) const PACKED_VECTOR3: u32 = 35;
pub(super) const PACKED_COLOR: u32 = 36;
pub(super) const PACKED_VECTOR2: u32 = 37;
pub(super) const INT64: u32 = 40;
pub(super) const DOUBLE: u32 = 41;
// Godot 4 (format version 4 and later).
pub(super) const CALLABLE: u32 = 42;
pub(super) const SIGNAL: u32 = 43;
pub(super) const STRING_NAME: u32 = 44;
pub(super) const VECTOR2I: u32 = 45;
pub(super) const RECT2I: u32 = 46;
pub(super) const VECTOR3I: u32 = 47;
pub(super) const PACKED_INT64: u32 = 48;
pub(super) const PACKED_FLOAT64: u32 = 49;
pub(super) const VECTOR4: u32 = 50;
pub(super) const VECTOR4I: u32 = 51;
pub(super) const PROJECTION: u32 = 52;
pub(super) const PACKED_VECTOR4: u32 = 53;
// Pandemonium (format version 3, ids past Godot 3's).
pub(super) const P_VECTOR2I: u32 = 42;
pub(super) const P_RECT2I: u32 = 43;
pub(super) const P_VECTOR3I: u32 = 44;
pub(super) const P_PACKED_VECTOR3I: u32 = 45;
pub(super) const P_PACKED_VECTOR2I: u32 = 46;
pub(super) const P_STRING_NAME: u32 = 47;
pub(super) const P_VECTOR4: u32 = 48;
pub(super) const P_VECTOR4I: u32 = 49;
pub(super) const P_PROJECTION: u32 = 50;
pub(super) const P_PACKED_VECTOR4: u32 = 51;
pub(super) const P_PACKED_VECTOR4I: u32 = 52;

pub(super) const OBJECT_EMPTY: u32 = 0;
pub(super) const OBJECT_EXTERNAL_RESOURCE: u32 = 1;
pub(super) const OBJECT_INTERNAL_RESOURCE: u32 = 2;
pub(super) const OBJECT_EXTERNAL_RESOURCE_INDEX: u32 = 3;

/// The newest format version read (Godot 4.3+ writes 6).
pub(super) const NEWEST: u32 = 6;

pub(crate) const MAGIC: &[u8; 4] = b"RSRC";

/// The property naming the class of an old-style inline external reference (`OBJECT_EXTERNAL_RESOURCE`).
pub(crate) const OLD_TYPE: &str = "type";
