//! [`Dialect`] (which engine's wire layout) and [`Config`] (dialect plus the options the engines have).
//!
//! ```
//! use godot_bin::{Config, Dialect, Variant};
//! let cfg = Config::new("godot3.6".parse::<Dialect>()?).with_max_depth(16);
//! assert_eq!(cfg.dialect(), Dialect::Godot3);
//! assert_eq!(cfg.max_depth(), 16);
//! let bytes = Variant::Int(7).encode(&cfg)?;
//! assert_eq!(Variant::decode(&bytes, &cfg)?, Variant::Int(7));
//! # Ok::<(), godot_bin::Error>(())
//! ```

// With error.rs, layer 1 of src/ (see lib.rs and scripts/check-layers.py): uses the dialect layer and
// error.rs only.

use std::str::FromStr;

pub use crate::dialect::Dialect;
pub(crate) use crate::dialect::Family;
use crate::error::{Error, ErrorKind};

impl FromStr for Dialect {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        let d = match s.trim().to_ascii_lowercase().as_str() {
            "godot2" | "godot2.0" | "godot2.1" => Dialect::Godot2,
            "godot3" | "godot3.0" | "godot3.1" | "godot3.2" | "godot3.3" | "godot3.4" | "godot3.5" | "godot3.6" => {
                Dialect::Godot3
            }
            "godot4.0" => Dialect::Godot4_0,
            "godot4.1" => Dialect::Godot4_1,
            "godot4.2" => Dialect::Godot4_2,
            "godot4.3" => Dialect::Godot4_3,
            "godot4.4" => Dialect::Godot4_4,
            "godot4.5" => Dialect::Godot4_5,
            "godot4" | "godot4.6" => Dialect::Godot4_6,
            "pandemonium-3.5" | "pandemonium-3.6" | "pandemonium-3.7" => Dialect::Pandemonium3_5,
            "pandemonium-3.8" | "pandemonium-3.9" | "pandemonium-4.0" | "pandemonium-4.1" | "pandemonium-4.2"
            | "pandemonium-4.3" | "pandemonium-4.4" | "pandemonium-4.5" | "pandemonium-4.6" | "pandemonium-4.7"
            | "pandemonium-4.8" | "pandemonium-4.9" => Dialect::Pandemonium3_8,
            "pandemonium" | "pandemonium-5" | "pandemonium-5.0" | "pandemonium-5.1" | "pandemonium-5.2" => {
                Dialect::Pandemonium5
            }
            _ => {
                return Err(ErrorKind::Message(format!(
                    "unknown dialect {s:?}; expected one of godot2, godot3, godot4.0 … godot4.6, godot4, \
                     pandemonium-3.5, pandemonium-3.8, pandemonium-5, pandemonium"
                ))
                .into())
            }
        };
        Ok(d)
    }
}

/// Everything that decides how values are written and read: the [`Dialect`] and the engine's options.
///
/// Built by value: `Config::new(dialect).with_allow_objects(true)`. The default is the newest Godot 4, single
/// precision, objects refused, depth limit 1024 (the engines' own limit).
///
/// One naming rule for every option: `with_foo(value)` returns the config with the option set, and `foo()`
/// reads it (`with_dialect` / `dialect`, `with_allow_objects` / `allow_objects`, `with_max_depth` /
/// `max_depth`, …).
///
/// ```
/// use godot_bin::{Config, Dialect};
/// let cfg = Config::new("godot3".parse().unwrap()).with_allow_objects(false).with_double_precision(false).with_max_depth(1024);
/// assert_eq!(cfg.dialect(), Dialect::Godot3);
/// assert_eq!((cfg.allow_objects(), cfg.double_precision(), cfg.max_depth()), (false, false, 1024));
/// assert_eq!(Config::default().dialect(), Dialect::Godot4_6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    dialect: Dialect,
    allow_objects: bool,
    double_precision: bool,
    max_depth: usize,
    serde_stack: usize,
    strict_typed_containers: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config::new(Dialect::GODOT4)
    }
}

impl Config {
    /// The engines' recursion limit (`Variant::MAX_RECURSION_DEPTH`).
    ///
    /// ```
    /// use godot_bin::Config;
    /// assert_eq!(Config::default().max_depth(), Config::DEFAULT_MAX_DEPTH);
    /// assert_eq!(Config::DEFAULT_MAX_DEPTH, 1024);
    /// ```
    pub const DEFAULT_MAX_DEPTH: usize = 1024;

    /// The largest accepted [`with_max_depth`](Self::with_max_depth): deeper limits are clamped to it. Decoding uses
    /// no stack per level at all; encoding and dropping a value this deep fit in a 2 MiB thread stack even
    /// in debug builds. (Cloning or comparing one needs about 1 KiB of stack per level in debug builds:
    /// values up to the default 1024 levels fit a 2 MiB stack.)
    ///
    /// ```
    /// use godot_bin::Config;
    /// let cfg = Config::default().with_max_depth(usize::MAX);
    /// assert_eq!(cfg.max_depth(), Config::MAX_DEPTH_LIMIT); // clamped
    /// ```
    pub const MAX_DEPTH_LIMIT: usize = 4096;

    /// The default [`with_serde_stack`](Self::with_serde_stack) budget: 1 MiB.
    ///
    /// ```
    /// use godot_bin::Config;
    /// assert_eq!(Config::default().serde_stack(), Config::DEFAULT_SERDE_STACK);
    /// assert_eq!(Config::DEFAULT_SERDE_STACK, 1 << 20);
    /// ```
    pub const DEFAULT_SERDE_STACK: usize = 1 << 20;

    /// A config for `dialect` with the defaults.
    ///
    /// ```
    /// use godot_bin::{Config, Dialect};
    /// let cfg = Config::new(Dialect::Godot2);
    /// assert_eq!(cfg.dialect(), Dialect::Godot2);
    /// assert!(!cfg.allow_objects() && !cfg.double_precision());
    /// assert_eq!(cfg, Config::default().with_dialect(Dialect::Godot2));
    /// ```
    pub fn new(dialect: Dialect) -> Self {
        Config {
            dialect,
            allow_objects: false,
            double_precision: false,
            max_depth: Self::DEFAULT_MAX_DEPTH,
            serde_stack: Self::DEFAULT_SERDE_STACK,
            strict_typed_containers: false,
        }
    }

    /// Whether full objects may be decoded and encoded, like `bytes_to_var_with_objects` /
    /// `var_to_bytes_with_objects` (`allow_objects`/`full_objects` in 3.x). Off by default, as in Godot: a
    /// full object names a class to instantiate and properties to set, which is unsafe for untrusted input.
    /// Objects by instance id and null objects are always allowed.
    ///
    /// ```
    /// use godot_bin::{Config, ErrorKind, Variant};
    /// // Godot 4.6 var_to_bytes_with_objects(Object.new()), tests/fixtures/godot-4.6/values.tsv (obj_object_obj)
    /// let bytes = [
    ///     0x18, 0, 0, 0, 6, 0, 0, 0, b'O', b'b', b'j', b'e', b'c', b't', 0, 0, //
    ///     1, 0, 0, 0, 6, 0, 0, 0, b's', b'c', b'r', b'i', b'p', b't', 0, 0, 0, 0, 0, 0,
    /// ];
    /// let err = Variant::decode(&bytes, &Config::default()).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::ObjectsNotAllowed));
    /// let cfg = Config::default().with_allow_objects(true);
    /// assert_eq!(Variant::decode(&bytes, &cfg)?.encode(&cfg)?, bytes);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn with_allow_objects(mut self, allow: bool) -> Self {
        self.allow_objects = allow;
        self
    }

    /// Whether the engine is a double-precision build (`real_t` = f64, `precision=double`). In Godot 4 this
    /// writes math types with the 64-bit flag and f64 components. Godot 2, 3 and Pandemonium double builds do
    /// not interoperate (their encoders write truncated or garbage floats for several types); for them this
    /// setting keeps the math values at f64 in memory but writes them as f32, which is what every build reads.
    ///
    /// ```
    /// use godot_bin::{Config, Variant, markers::Vector2};
    /// let v = Variant::Vector2(Vector2::new(0.5, 0.1));
    /// let single = v.encode(&Config::default())?;
    /// let double = v.encode(&Config::default().with_double_precision(true))?;
    /// assert_eq!((single.len(), double.len()), (4 + 2 * 4, 4 + 2 * 8));
    /// assert_eq!(single[2], 0); // header flag bit 16 (64-bit components) clear
    /// assert_eq!(double[2], 1); // and set
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn with_double_precision(mut self, double: bool) -> Self {
        self.double_precision = double;
        self
    }

    /// The deepest nesting of containers (Array, Dictionary, Object properties) accepted when decoding and
    /// encoding. Default 1024, as in the engines; clamped to [`Config::MAX_DEPTH_LIMIT`].
    ///
    /// ```
    /// use godot_bin::{Config, ErrorKind, Variant};
    /// let nested = Variant::from(vec![Variant::from(vec![Variant::Int(1)])]); // [[1]]
    /// let bytes = nested.encode(&Config::default())?;
    /// let err = Variant::decode(&bytes, &Config::default().with_max_depth(1)).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::TooDeep { max: 1 }));
    /// assert!(Variant::decode(&bytes, &Config::default().with_max_depth(2)).is_ok());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn with_max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth.min(Self::MAX_DEPTH_LIMIT);
        self
    }

    /// The stack, in bytes, that serde recursion may use when deserializing into your types (counted from
    /// the outermost value; a level that starts beyond it is an [`ErrorKind::StackBudget`] error). The
    /// default, [`Config::DEFAULT_SERDE_STACK`] (1 MiB), leaves half of a 2 MiB thread (tokio's worker default)
    /// for the code above and below; on a smaller thread, give about half its size. A [`Variant`] is read
    /// without recursion and is not held to it.
    ///
    /// ```
    /// use serde::Deserialize;
    /// use godot_bin::{Config, ErrorKind, Variant, Dictionary};
    /// #[derive(Deserialize)]
    /// struct Node { child: Option<Box<Node>> }
    /// // 20 levels of {"child": {"child": …}}: read on a 256 KiB thread with a 128 KiB budget.
    /// let mut v = Variant::Nil;
    /// for _ in 0..20 {
    ///     let mut d = Dictionary::default();
    ///     d.insert("child".into(), v);
    ///     v = Variant::Dictionary(Box::new(d));
    /// }
    /// let bytes = godot_bin::to_vec(&v)?;
    /// let cfg = Config::default().with_serde_stack(128 << 10);
    /// let small = move |cfg: Config, bytes: Vec<u8>| {
    ///     std::thread::Builder::new().stack_size(256 << 10)
    ///         .spawn(move || godot_bin::from_slice_with::<Node>(&bytes, &cfg).map(|_| ()))
    ///         .unwrap().join().unwrap()
    /// };
    /// assert!(small(cfg.clone(), bytes.clone()).is_ok());
    /// // A budget of a few hundred bytes stops it early, with an error, not an overflow.
    /// let err = small(cfg.with_serde_stack(512), bytes).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::StackBudget { budget: 512, .. }));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    ///
    /// [`ErrorKind::StackBudget`]: crate::ErrorKind::StackBudget
    /// [`Variant`]: crate::Variant
    pub fn with_serde_stack(mut self, bytes: usize) -> Self {
        self.serde_stack = bytes;
        self
    }

    /// Whether reading a typed container (a Godot 4 `Array[T]` or `Dictionary[K, V]`) into a Rust type that
    /// would write it back untyped (a `Vec`, a map, a tuple, another format's value) is an error. Off by
    /// default: such a read succeeds and the type is dropped, and a GDScript variable declared with the typed
    /// type then refuses what is written back (`Trying to assign an array of type "Array" to a variable of
    /// type "Array[Dictionary]"`). On, the read fails at the container's byte offset, naming its Godot type
    /// and the Rust type that keeps it ([`TypedArray`], [`TypedDictionary`], or a [`Variant`]).
    ///
    /// ```
    /// use godot_bin::{from_slice_with, typed::TypedArray, Config};
    /// // Godot 4.6 var_to_bytes(Array[int]([1, 2, 3])) (tests/fixtures/godot-4.6/values.tsv "tarr_int"):
    /// let bytes = [
    ///     0x1c, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
    /// ];
    /// assert!(from_slice_with::<Vec<i64>>(&bytes, &Config::default()).is_ok()); // the type is dropped
    /// let strict = Config::default().with_strict_typed_containers(true);
    /// let err = from_slice_with::<Vec<i64>>(&bytes, &strict).unwrap_err();
    /// assert!(err.to_string().contains("Array[int]") && err.to_string().contains("TypedArray"));
    /// assert_eq!(from_slice_with::<TypedArray<i64>>(&bytes, &strict)?.0, [1, 2, 3]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    ///
    /// [`TypedArray`]: crate::typed::TypedArray
    /// [`TypedDictionary`]: crate::typed::TypedDictionary
    /// [`Variant`]: crate::Variant
    pub fn with_strict_typed_containers(mut self, strict: bool) -> Self {
        self.strict_typed_containers = strict;
        self
    }

    /// Whether [`with_strict_typed_containers`](Self::with_strict_typed_containers) is on.
    ///
    /// ```
    /// use godot_bin::Config;
    /// assert!(!Config::default().strict_typed_containers());
    /// assert!(Config::default().with_strict_typed_containers(true).strict_typed_containers());
    /// ```
    pub fn strict_typed_containers(&self) -> bool {
        self.strict_typed_containers
    }

    /// Replaces the dialect.
    ///
    /// ```
    /// use godot_bin::{Config, Dialect};
    /// let cfg = Config::default().with_allow_objects(true).with_dialect(Dialect::Godot3);
    /// assert_eq!(cfg.dialect(), Dialect::Godot3);
    /// assert!(cfg.allow_objects()); // the options are kept
    /// ```
    pub fn with_dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self
    }

    /// The dialect.
    ///
    /// ```
    /// use godot_bin::{Config, Dialect};
    /// assert_eq!(Config::new(Dialect::Pandemonium5).dialect(), Dialect::Pandemonium5);
    /// assert_eq!(Config::default().dialect(), Dialect::GODOT4);
    /// ```
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether full objects are allowed (see [`with_allow_objects`](Self::with_allow_objects)).
    ///
    /// ```
    /// use godot_bin::Config;
    /// assert!(!Config::default().allow_objects());
    /// assert!(Config::default().with_allow_objects(true).allow_objects());
    /// ```
    pub fn allow_objects(&self) -> bool {
        self.allow_objects
    }

    /// Whether this is a double-precision build (see [`with_double_precision`](Self::with_double_precision)).
    ///
    /// ```
    /// use godot_bin::Config;
    /// assert!(!Config::default().double_precision());
    /// assert!(Config::default().with_double_precision(true).double_precision());
    /// ```
    pub fn double_precision(&self) -> bool {
        self.double_precision
    }

    /// The depth limit (see [`with_max_depth`](Self::with_max_depth)).
    ///
    /// ```
    /// use godot_bin::Config;
    /// assert_eq!(Config::default().max_depth(), 1024);
    /// assert_eq!(Config::default().with_max_depth(8).max_depth(), 8);
    /// ```
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// The stack budget of serde recursion, in bytes (see [`with_serde_stack`](Self::with_serde_stack)).
    ///
    /// ```
    /// use godot_bin::Config;
    /// assert_eq!(Config::default().with_serde_stack(64 << 10).serde_stack(), 64 << 10);
    /// ```
    pub fn serde_stack(&self) -> usize {
        self.serde_stack
    }
}

/// The one depth check of every writer and reader: `check_depth!(cfg, depth, |kind| error)` returns
/// `Err(error)` from the calling function when a value at `depth` (the top value is at 0) is nested beyond
/// `cfg.max_depth()`; the caller turns the `TooDeep` kind into its error (with its offset). A macro, like
/// serde_json's `check_recursion!`, so that the hot path stays one comparison.
macro_rules! check_depth {
    ($cfg:expr, $depth:expr, $err:expr) => {
        if $depth > $cfg.max_depth() {
            #[allow(clippy::redundant_closure_call)]
            return Err(($err)($crate::error::ErrorKind::TooDeep { max: $cfg.max_depth() }));
        }
    };
}
pub(crate) use check_depth;

#[cfg(test)]
mod tests {
    use super::*;

    /// Tables indexed by `dialect as usize` (the deserializer's header words) rely on this.
    #[test]
    fn all_is_in_declaration_order() {
        for (i, d) in Dialect::ALL.iter().enumerate() {
            assert_eq!(*d as usize, i, "{d:?}");
        }
    }

    #[test]
    fn names_round_trip() {
        for d in Dialect::ALL {
            assert_eq!(d.name().parse::<Dialect>().unwrap(), d);
        }
        assert_eq!("pandemonium".parse::<Dialect>().unwrap(), Dialect::Pandemonium5);
        assert_eq!("godot2.1".parse::<Dialect>().unwrap(), Dialect::Godot2);
        assert!("godot4.7".parse::<Dialect>().is_err());
    }
}
