//! The dynamic `Variant`: conversions, the borrowed `VariantRef`, glam/mint conversions, and sizes.

#[path = "../common/mod.rs"]
mod common;

mod error_size;
mod glam_mint;
mod variant_conv;
mod variant_ref;
