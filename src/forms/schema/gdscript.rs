//! GDScript from a [`Schema`](super::Schema): one class per type, with typed fields, `from_variant` and
//! `to_variant`.

use serde::de::DeserializeOwned;

use super::Schema;
use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};

/// How the GDScript is written (being written).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {}

/// One GDScript file whose script is `T`'s class, the types it uses as inner classes (being written).
pub fn for_type<T: DeserializeOwned + serde::Serialize>(cfg: &Config) -> Result<String> {
    let schema = Schema::new(cfg.dialect()).add::<T>()?;
    from_schema(&schema, &Options::default())
}

/// One GDScript file for `schema`: its root type's class, the others as inner classes (being written).
pub fn from_schema(schema: &Schema, options: &Options) -> Result<String> {
    let _ = (schema, options);
    Err(Error::new(ErrorKind::Message("the GDScript emitter is being written".into()), None))
}
