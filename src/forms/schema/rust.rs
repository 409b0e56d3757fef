//! Rust source from a [`Schema`](super::Schema): structs and enums that derive `Serialize` and `Deserialize`.

use super::Schema;
use crate::error::{Error, ErrorKind, Result};

/// Rust source for `schema` (being written).
pub fn from_schema(schema: &Schema) -> Result<String> {
    let _ = schema;
    Err(Error::new(ErrorKind::Message("the Rust emitter is being written".into()), None))
}
