//! The text forms: `var_to_str` text (against the engines' own) and ConfigFile.

#[path = "../common/mod.rs"]
mod common;

mod config_file;
mod schema_trace;
mod text_engine;
mod text_samples;
