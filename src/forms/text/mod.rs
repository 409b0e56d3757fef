//! The engines' text form of a value: what `var_to_str`/`str_to_var` (`var2str`/`str2var` in 3.x) write
//! and read, for Godot 3 and Godot 4 (Godot 2 and Pandemonium spellings are printed and read on a best-effort
//! basis, without an engine to check them against).
//!
//! * [`to_text`] prints a [`Variant`] in the dialect's syntax: `Vector2(1, 2.5)`, `Array[int]([1])`,
//!   `&"name"` in Godot 4; `Vector2( 1, 2.5 )`, `PoolIntArray( 1, 2 )`, `Quat( … )` in Godot 3. Dictionary
//!   entries are printed in their stored order (the engine's own `var_to_str` sorts them), and every float is
//!   printed so that **the engine's own parser** gives back the exact same bits. That parser is not correctly
//!   rounded (it scales an 18-digit integer by products of powers of ten), so the shortest round-trip decimal
//!   is not always enough: the printer searches for a decimal the engine reads back exactly.
//! * [`to_text_exact`] does the same but fails, naming the path inside the value, when the engine could not
//!   rebuild the value from text (an object by instance id, a non-empty `Signal`, a NaN with a payload, a
//!   float too small for the engine's parser, a `RID` in Godot 3, …).
//! * [`from_text`] parses text as the engine's `str_to_var` does, floats included: its float parser is
//!   the engine's arithmetic, so the engine's own (sometimes lossy) text gives the bytes the engine gets.
//!
//! The parser never panics and never recurses: nesting is limited by [`Config::max_depth`], and errors carry
//! the line, column and byte offset.
//!
//! ```
//! use godot_bin::{text, Config, Dialect, Variant, markers::Vector2};
//! let g4 = Config::new(Dialect::Godot4_6);
//! let v = Variant::from(vec![Variant::Int(1), Variant::Vector2(Vector2::new(0.5, 2.0)), Variant::from("a\"b")]);
//! assert_eq!(text::to_text(&v, &g4), r#"[1, Vector2(0.5, 2), "a\"b"]"#);
//! assert_eq!(text::from_text(&text::to_text(&v, &g4), &g4)?, v);
//! let g3 = Config::new(Dialect::Godot3);
//! assert_eq!(text::to_text(&v, &g3), r#"[ 1, Vector2( 0.5, 2 ), "a\"b" ]"#);
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::fmt;

use crate::config::Config;
use crate::value::Variant;

mod float;
mod names;
mod parse;
mod print;
mod quote;

// JSON saves (the save engine's, feature `containers`) read numbers as the engine does, with the same parser.
#[cfg(feature = "containers")]
pub(crate) use float::engine_parse_float;
pub use parse::{from_text, from_text_many};
pub(crate) use parse::{resource_key_at, resource_tag_at, resource_value_at, ResourceTag};
pub(crate) use parse::{EXT_RESOURCE, REF_ID, REF_PATH, REF_UID, SUB_RESOURCE};
pub(crate) use print::{render_path, to_resource_text, ResourceStyle, Seg};
pub use print::{to_text, to_text_exact};
pub(crate) use quote::push_quoted;

impl fmt::Display for Variant {
    /// The value in Godot 4's own text syntax (`var_to_str`, [`to_text`] with the default config); `{:#}`
    /// is the same. For another dialect's syntax, use [`to_text`] with its config.
    ///
    /// ```
    /// use godot_bin::{Variant, markers::Vector2};
    /// assert_eq!(Variant::Vector2(Vector2::new(1.5, -2.25)).to_string(), "Vector2(1.5, -2.25)");
    /// let v: Variant = [("hp", 10)].into_iter().collect();
    /// assert_eq!(v.to_string(), "{\n\"hp\": 10\n}");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_text(self, &Config::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::float::{engine_parse_float, format_real};
    use super::*;
    use crate::config::Dialect;
    use crate::markers::*;
    use crate::value::Dictionary;

    fn g4() -> Config {
        Config::new(Dialect::Godot4_6)
    }

    #[test]
    fn round_trips_through_our_parser() {
        let mut d = Dictionary::default();
        d.insert(Variant::from("z"), Variant::Float(-0.0));
        d.insert(Variant::Int(3), Variant::PackedFloat32Array(vec![0.1, f32::INFINITY]));
        let v = Variant::from(vec![
            Variant::from(d),
            Variant::Float(1e300),
            Variant::Float(7.761117632285041e178),
            Variant::from("tab\t\"q\" \\ é 😀 \u{1}"),
            Variant::Basis(Box::new(Basis::from_rows(
                Vector3::new(1.0, 2.0, 3.0),
                Vector3::new(4.0, 5.0, 6.0),
                Vector3::new(7.0, 8.0, 0.1f32 as f64),
            ))),
        ]);
        for cfg in [g4(), Config::new(Dialect::Godot3)] {
            let t = to_text_exact(&v, &cfg).unwrap();
            assert_eq!(from_text(&t, &cfg).unwrap(), v, "{t}");
        }
    }

    #[test]
    fn hostile_text_is_an_error_not_a_panic() {
        for s in [
            "",
            "[",
            "{",
            "{1",
            "{1:",
            "Array[",
            "Object(",
            "Object(A,\"x\"",
            "\"\\u12",
            "\"\\ud800\\u",
            "-",
            "1e",
            "é",
            "[1,,]",
            "Vector2(1)",
            "PackedVector2Array(1)",
            "&",
            "Dictionary[int",
            "\"\\u0000\"",
        ] {
            let _ = from_text(s, &g4());
            let _ = from_text(s, &Config::new(Dialect::Godot3));
        }
        let deep = "[".repeat(100_000);
        assert!(from_text(&deep, &g4()).is_err());
    }

    #[test]
    fn engine_float_search_finds_exact_tokens() {
        let mut x = 1.234e-290f64;
        for _ in 0..2000 {
            if let Some(s) = format_real(x, false) {
                assert_eq!(engine_parse_float(&s).to_bits(), x.to_bits(), "{s}");
            }
            x *= 1.7e3;
            if !x.is_finite() {
                break;
            }
        }
    }
}
