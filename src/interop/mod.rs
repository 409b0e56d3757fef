//! Other crates' types: `From` conversions between the math markers and glam (`glam_conv`) or mint
//! (`mint_conv`), and `Arbitrary` values for fuzzing (`arbitrary`), each behind its cargo feature.
//!
//! ```
//! # #[cfg(feature = "glam")] {
//! use godot_bin::markers::Vector2;
//! let v: Vector2 = glam::DVec2::new(1.0, 2.5).into();
//! assert_eq!(v, Vector2::new(1.0, 2.5));
//! assert_eq!(glam::DVec2::from(v), glam::DVec2::new(1.0, 2.5));
//! # }
//! ```

// Layer 8 of src/ (see lib.rs and scripts/check-layers.py): may use every layer below.

#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub mod arbitrary;
#[cfg(feature = "glam")]
#[cfg_attr(docsrs, doc(cfg(feature = "glam")))]
pub mod glam_conv;
#[cfg(feature = "mint")]
#[cfg_attr(docsrs, doc(cfg(feature = "mint")))]
pub mod mint_conv;
