//! Layer 8, other crates' types: `From` conversions for glam (`glam_conv`) and mint (`mint_conv`), and
//! `Arbitrary` values for fuzzing (`arbitrary`), each behind its cargo feature. May use every layer below.

#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub mod arbitrary;
#[cfg(feature = "glam")]
#[cfg_attr(docsrs, doc(cfg(feature = "glam")))]
pub mod glam_conv;
#[cfg(feature = "mint")]
#[cfg_attr(docsrs, doc(cfg(feature = "mint")))]
pub mod mint_conv;
