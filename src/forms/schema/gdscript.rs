//! GDScript from a [`Schema`](super::Schema): one class per type, with typed fields, `from_variant` and
//! `to_variant`.
