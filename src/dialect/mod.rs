//! Layer 0, what the engines define: the dialects ([`Dialect`], its family and per-dialect rules) and the
//! type tables ([`TypeKind`] and its facts). Plain data and `const` tables: no I/O, no serde, no errors.
//! Everything else in the crate builds on this layer; it uses nothing of the crate.

use std::fmt;

pub mod types;

use types::TypeKind;

/// Which engine (and version range) the bytes are for. Each dialect has its own type table and rules.
///
/// Names (accepted by [`FromStr`](std::str::FromStr), given back by [`Display`](fmt::Display)):
///
/// | name | engines |
/// |---|---|
/// | `godot2` | Godot 2.0–2.1 |
/// | `godot3` | Godot 3.0–3.6 (behaves as 3.6) |
/// | `godot4.0` … `godot4.6`, `godot4` (= `godot4.6`) | Godot 4.x |
/// | `pandemonium-3.5` (v3.5–3.7), `pandemonium-3.8` (v3.8–4.9), `pandemonium-5` (v5.0+), `pandemonium` (= `pandemonium-5`) | Pandemonium |
///
/// Version numbers inside a layout's range are accepted too (`godot2.1`, `godot3.6`, `pandemonium-4.9`, `pandemonium-5.2`)
/// and display as the layout's name.
///
/// ```
/// use godot_bin::Dialect;
/// let d: Dialect = "godot4.6".parse().unwrap();
/// assert_eq!(d.to_string(), "godot4.6");
/// assert_eq!("godot4".parse::<Dialect>().unwrap(), Dialect::Godot4_6);
/// assert_eq!("pandemonium-4.9".parse::<Dialect>().unwrap(), Dialect::Pandemonium3_8);
/// assert!("godot5".parse::<Dialect>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Dialect {
    /// Godot 2.0–2.1: no header flags, 32-bit int and float, Image and InputEvent, "shared" containers.
    Godot2,
    /// Godot 3.0–3.6.
    Godot3,
    /// Godot 4.0.
    Godot4_0,
    /// Godot 4.1.
    Godot4_1,
    /// Godot 4.2.
    Godot4_2,
    /// Godot 4.3: typed arrays, PackedVector4Array.
    Godot4_3,
    /// Godot 4.4: typed dictionaries.
    Godot4_4,
    /// Godot 4.5.
    Godot4_5,
    /// Godot 4.6.
    Godot4_6,
    /// Pandemonium v3.5–v3.7 (integer vectors, StringName).
    Pandemonium3_5,
    /// Pandemonium v3.8–v4.9 (reordered table, Vector4, Projection).
    Pandemonium3_8,
    /// Pandemonium v5.0+ (TypedArray, PackedTypedArray).
    Pandemonium5,
}

/// A table with an entry for every dialect, at index `Dialect as usize`, built at compile time:
/// `per_dialect!(build)`, where `build` is a `const fn(Dialect) -> T` and `T` is `Copy`. For facts a reader
/// or writer needs per call, looked up with one index instead of worked out from the dialect each time.
macro_rules! per_dialect {
    ($build:path) => {{
        use $crate::dialect::Dialect;
        let mut t = [$build(Dialect::Godot2); Dialect::ALL.len()];
        let mut i = 0;
        while i < Dialect::ALL.len() {
            let d = Dialect::ALL[i];
            t[d as usize] = $build(d);
            i += 1;
        }
        t
    }};
}
pub(crate) use per_dialect;

/// The engine family of a dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    Godot2,
    Godot3,
    Godot4,
    Pandemonium,
}

impl Dialect {
    /// Every dialect, oldest first.
    ///
    /// ```
    /// use godot_bin::Dialect;
    /// assert_eq!(Dialect::ALL.first(), Some(&Dialect::Godot2));
    /// assert!(Dialect::ALL.windows(2).all(|w| w[0] < w[1])); // oldest first, no repeats
    /// for d in Dialect::ALL {
    ///     assert_eq!(d.name().parse::<Dialect>()?, d);
    /// }
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub const ALL: [Dialect; 12] = [
        Dialect::Godot2,
        Dialect::Godot3,
        Dialect::Godot4_0,
        Dialect::Godot4_1,
        Dialect::Godot4_2,
        Dialect::Godot4_3,
        Dialect::Godot4_4,
        Dialect::Godot4_5,
        Dialect::Godot4_6,
        Dialect::Pandemonium3_5,
        Dialect::Pandemonium3_8,
        Dialect::Pandemonium5,
    ];

    /// The newest Godot 4 dialect (the default).
    ///
    /// ```
    /// use godot_bin::{Config, Dialect};
    /// assert_eq!("godot4".parse::<Dialect>()?, Dialect::GODOT4);
    /// assert_eq!(Config::default().dialect(), Dialect::GODOT4);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub const GODOT4: Dialect = Dialect::Godot4_6;

    /// The canonical name, as accepted by [`FromStr`](std::str::FromStr).
    ///
    /// ```
    /// use godot_bin::Dialect;
    /// assert_eq!(Dialect::Pandemonium3_8.name(), "pandemonium-3.8");
    /// // A version inside a layout's range parses to that layout and shows its name.
    /// let d: Dialect = "godot3.2".parse()?;
    /// assert_eq!(d.name(), "godot3");
    /// assert_eq!(d.to_string(), d.name());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Godot2 => "godot2",
            Dialect::Godot3 => "godot3",
            Dialect::Godot4_0 => "godot4.0",
            Dialect::Godot4_1 => "godot4.1",
            Dialect::Godot4_2 => "godot4.2",
            Dialect::Godot4_3 => "godot4.3",
            Dialect::Godot4_4 => "godot4.4",
            Dialect::Godot4_5 => "godot4.5",
            Dialect::Godot4_6 => "godot4.6",
            Dialect::Pandemonium3_5 => "pandemonium-3.5",
            Dialect::Pandemonium3_8 => "pandemonium-3.8",
            Dialect::Pandemonium5 => "pandemonium-5",
        }
    }

    pub(crate) const fn family(self) -> Family {
        match self {
            Dialect::Godot2 => Family::Godot2,
            Dialect::Godot3 => Family::Godot3,
            Dialect::Pandemonium3_5 | Dialect::Pandemonium3_8 | Dialect::Pandemonium5 => Family::Pandemonium,
            _ => Family::Godot4,
        }
    }

    /// How the dialect's engine spells its types: its column of the type-name table.
    pub(crate) const fn spelling(self) -> types::Spelling {
        use types::Spelling as S;
        match self {
            Dialect::Godot2 => S::Godot2,
            Dialect::Godot3 => S::Godot3,
            Dialect::Pandemonium3_5 => S::Pandemonium3_5,
            Dialect::Pandemonium3_8 | Dialect::Pandemonium5 => S::Pandemonium,
            _ => S::Godot4,
        }
    }

    /// The dialect's type tables, built at compile time from its type table.
    #[inline]
    const fn tables(self) -> &'static types::Tables {
        match self {
            Dialect::Godot2 => &types::GODOT2_TABLES,
            Dialect::Godot3 => &types::GODOT3_TABLES,
            Dialect::Godot4_0 | Dialect::Godot4_1 | Dialect::Godot4_2 => &types::GODOT4_0_TABLES,
            Dialect::Godot4_3 | Dialect::Godot4_4 | Dialect::Godot4_5 | Dialect::Godot4_6 => &types::GODOT4_TABLES,
            Dialect::Pandemonium3_5 => &types::PANDEMONIUM_3_5_TABLES,
            Dialect::Pandemonium3_8 => &types::PANDEMONIUM_3_8_TABLES,
            Dialect::Pandemonium5 => &types::PANDEMONIUM_5_TABLES,
        }
    }

    /// The dialect's type table, index = type id.
    #[inline]
    pub(crate) const fn table(self) -> &'static [TypeKind] {
        self.tables().kinds
    }

    /// Every kind's header type id (index `kind as usize`; `types::NO_ID`: none), for callers that look
    /// up several.
    #[inline]
    pub(crate) const fn ids(self) -> &'static types::Ids {
        &self.tables().ids
    }

    /// The String, int, float and Dictionary type ids (as [`Dialect::ids`] has them, widened), in one
    /// table: what the serializer caches per message.
    #[inline]
    pub(crate) fn ser_ids(self) -> &'static [u32; 4] {
        &self.tables().ser_ids
    }

    /// The header type id of `kind` in this dialect, or `None` if the dialect has no such type.
    ///
    /// ```
    /// use godot_bin::{Dialect, value::TypeKind};
    /// // var_to_bytes(PackedStringArray(["ab"])) starts 0x22 in Godot 4.6 and 0x17 in Godot 3.6
    /// // (tests/fixtures/godot-4.6/values.tsv and tests/fixtures/godot-3.6/values.tsv, pstr_1).
    /// assert_eq!(Dialect::Godot4_6.type_id(TypeKind::PackedStringArray), Some(0x22));
    /// assert_eq!(Dialect::Godot3.type_id(TypeKind::PackedStringArray), Some(0x17));
    /// assert_eq!(Dialect::Godot3.type_id(TypeKind::Vector2i), None);
    /// ```
    #[inline]
    pub const fn type_id(self, kind: TypeKind) -> Option<u32> {
        match self.ids()[kind as usize] {
            types::NO_ID => None,
            id => Some(id as u32),
        }
    }

    /// The kind of header type id `id` in this dialect.
    ///
    /// ```
    /// use godot_bin::{Dialect, value::TypeKind};
    /// // Color's header is 0x14 in Godot 4.6 and 0x0e in Godot 3.6
    /// // (tests/fixtures/godot-4.6/values.tsv and tests/fixtures/godot-3.6/values.tsv, color_ord).
    /// assert_eq!(Dialect::Godot4_6.type_kind(0x14), Some(TypeKind::Color));
    /// assert_eq!(Dialect::Godot3.type_kind(0x0e), Some(TypeKind::Color));
    /// assert_eq!(Dialect::Godot4_6.type_kind(200), None);
    /// ```
    pub fn type_kind(self, id: u32) -> Option<TypeKind> {
        self.table().get(id as usize).copied()
    }

    /// Whether this dialect has the type at all.
    ///
    /// ```
    /// use godot_bin::{Dialect, value::TypeKind};
    /// assert!(Dialect::Godot4_3.has_type(TypeKind::PackedVector4Array));
    /// assert!(!Dialect::Godot4_2.has_type(TypeKind::PackedVector4Array));
    /// assert!(Dialect::Godot2.has_type(TypeKind::Image) && !Dialect::Godot3.has_type(TypeKind::Image));
    /// ```
    pub fn has_type(self, kind: TypeKind) -> bool {
        self.type_id(kind).is_some()
    }

    /// Header flags exist (everything but Godot 2).
    pub(crate) fn has_flags(self) -> bool {
        self.family() != Family::Godot2
    }

    /// Typed arrays in the ARRAY header (Godot 4.3+).
    pub(crate) fn typed_arrays(self) -> bool {
        matches!(self, Dialect::Godot4_3 | Dialect::Godot4_4 | Dialect::Godot4_5 | Dialect::Godot4_6)
    }

    /// Typed arrays of either encoding: in the ARRAY header (Godot 4.3+) or as Pandemonium 5's TypedArray.
    pub(crate) fn any_typed_arrays(self) -> bool {
        self.typed_arrays() || self == Dialect::Pandemonium5
    }

    /// Typed dictionaries in the DICTIONARY header (Godot 4.4+).
    pub(crate) fn typed_dictionaries(self) -> bool {
        matches!(self, Dialect::Godot4_4 | Dialect::Godot4_5 | Dialect::Godot4_6)
    }

    /// Math types may carry the 64-bit flag (Godot 4 double builds, and any Godot 4 decoder).
    pub(crate) const fn math_flag(self) -> bool {
        matches!(self.family(), Family::Godot4)
    }

    /// Godot 4.0/4.1 double builds write Vector4/Projection as f64 without the flag.
    pub(crate) fn vector4_flag_bug(self) -> bool {
        matches!(self, Dialect::Godot4_0 | Dialect::Godot4_1)
    }

    /// RID carries a u64 id (Godot 4); elsewhere it is a bare header.
    pub(crate) fn rid_payload(self) -> bool {
        self.family() == Family::Godot4
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The type-name table's readers: they take a [`Dialect`], so they live beside it.
impl types::TypeKind {
    /// The name `dialect`'s engine gives the type: what its `type_string` (3.x: `Variant::get_type_name`)
    /// says, the type of a GDScript variable, the constructor of its text form (`var_to_str`). A type the
    /// dialect lacks has the name of the engines that have it (Godot 4's where they differ).
    ///
    /// ```
    /// use godot_bin::{value::TypeKind, Dialect};
    /// // type_string(TYPE_PACKED_INT32_ARRAY) in Godot 4.6, and the 3.x names of the same types
    /// // (tests/fixtures/godot-4.6/types.tsv, tests/fixtures/godot-3.6/types.tsv).
    /// assert_eq!(TypeKind::PackedInt32Array.name_in(Dialect::Godot4_6), "PackedInt32Array");
    /// assert_eq!(TypeKind::PackedInt32Array.name_in(Dialect::Godot3), "PoolIntArray");
    /// assert_eq!(TypeKind::Transform3D.name_in(Dialect::Godot3), "Transform");
    /// // Pandemonium renamed Quat in its 3.8 layout (tests/fixtures/pandemonium-4.9/samples.tsv).
    /// assert_eq!(TypeKind::Quaternion.name_in(Dialect::Pandemonium3_5), "Quat");
    /// assert_eq!(TypeKind::Quaternion.name_in(Dialect::Pandemonium3_8), "Quaternion");
    /// assert_eq!(TypeKind::PackedVector4Array.name_in(Dialect::Pandemonium3_8), "PoolVector4Array");
    /// ```
    pub fn name_in(self, dialect: Dialect) -> &'static str {
        types::NAMES[self as usize].names[dialect.spelling() as usize]
    }

    /// The GDScript constant that `typeof` gives for this type in `dialect`'s engine (`TYPE_FLOAT`;
    /// `TYPE_REAL` in 3.x), or `None` if the dialect has no such type.
    ///
    /// ```
    /// use godot_bin::{value::TypeKind, Dialect};
    /// // TYPE_ constants of Godot 4.6 and 3.6 (tests/fixtures/godot-4.6/types.tsv,
    /// // tests/fixtures/godot-3.6/types.tsv).
    /// assert_eq!(TypeKind::PackedByteArray.type_constant(Dialect::Godot4_6), Some("TYPE_PACKED_BYTE_ARRAY"));
    /// assert_eq!(TypeKind::PackedByteArray.type_constant(Dialect::Godot3), Some("TYPE_RAW_ARRAY"));
    /// assert_eq!(TypeKind::Float.type_constant(Dialect::Godot3), Some("TYPE_REAL"));
    /// assert_eq!(TypeKind::Vector2i.type_constant(Dialect::Godot3), None);
    /// assert_eq!(TypeKind::PackedVector4Array.type_constant(Dialect::Godot4_2), None); // new in 4.3
    /// ```
    pub fn type_constant(self, dialect: Dialect) -> Option<&'static str> {
        dialect.has_type(self).then(|| types::NAMES[self as usize].constants[dialect.spelling() as usize])
    }
}
