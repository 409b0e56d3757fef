//! The `godot-bin` command-line tool (feature `cli`), run as a user runs it.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod cli_config_file;
mod cli_containers;
mod schema;
mod web;
