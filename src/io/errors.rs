//! Every other error type of the crate converts into [`Error`], so that `?` crosses modules: a function
//! that returns [`crate::Result`] may read text, JSON, a ConfigFile, a container or a file. The converted
//! error keeps its message and is an [`ErrorKind::Other`]; [`Error::downcast_ref`] gives the original back.
//! These conversions live in the io layer, the lowest that sees all of those types.

use crate::config_file::ConfigFileError;
use crate::convert::ConvertError;
use crate::error::{Error, ErrorKind};
use crate::text::TextError;

fn other(e: impl std::error::Error + Send + Sync + 'static) -> Error {
    Error::new(ErrorKind::Other(Box::new(e)), None)
}

impl From<TextError> for Error {
    fn from(e: TextError) -> Self {
        other(e)
    }
}

impl From<ConvertError> for Error {
    fn from(e: ConvertError) -> Self {
        other(e)
    }
}

impl From<ConfigFileError> for Error {
    fn from(e: ConfigFileError) -> Self {
        other(e)
    }
}

#[cfg(feature = "json")]
impl From<crate::json::JsonError> for Error {
    fn from(e: crate::json::JsonError) -> Self {
        other(e)
    }
}

#[cfg(feature = "containers")]
impl From<crate::container::ContainerError> for Error {
    fn from(e: crate::container::ContainerError) -> Self {
        other(e)
    }
}

/// A decoding or encoding error is given back as it is, a container's as a `ContainerError`; the
/// others (the content is no Godot data, or not one value) as the `FileError`.
#[cfg(feature = "containers")]
impl From<crate::file::FileError> for Error {
    fn from(e: crate::file::FileError) -> Self {
        use crate::file::FileError;
        match e {
            FileError::Data(e) => e,
            FileError::Container(e) => e.into(),
            e => other(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Config, Dialect, Error, ErrorKind, Result, Variant};

    /// `?` turns the error into an `Error` whose message is the original's and which gives it back.
    fn carried<E: std::error::Error + PartialEq + 'static>(original: &E, err: Error) {
        assert!(matches!(err.kind(), ErrorKind::Other(_)), "{err:?}");
        assert_eq!(err.to_string(), original.to_string());
        assert_eq!(err.downcast_ref::<E>(), Some(original));
        assert_eq!(err.offset(), None);
    }

    #[test]
    fn text_error_converts() {
        let original = crate::text::from_text("[1,\n  Vector2(1, x)]", &Config::default()).unwrap_err();
        let through =
            || -> Result<Variant> { Ok(crate::text::from_text("[1,\n  Vector2(1, x)]", &Config::default())?) };
        carried(&original, through().unwrap_err());
        assert_eq!(original.line, 2);
    }

    #[test]
    fn convert_error_converts() {
        let v = Variant::from(vec![Variant::Int(1), Variant::Callable]);
        let opts = crate::convert::Options::default();
        let original = crate::convert::convert(&v, Dialect::Godot4_6, Dialect::Godot3, &opts).unwrap_err();
        let through =
            || -> Result<Variant> { Ok(crate::convert::convert(&v, Dialect::Godot4_6, Dialect::Godot3, &opts)?) };
        carried(&original, through().unwrap_err());
    }

    #[test]
    fn config_file_error_converts() {
        use crate::config_file::ConfigFile;
        let text = "[a]\nx=1\ny=Vector2(1, oops)\n";
        let original = ConfigFile::parse(text, &Config::default()).unwrap_err();
        let through = || -> Result<ConfigFile> { Ok(ConfigFile::parse(text, &Config::default())?) };
        carried(&original, through().unwrap_err());
    }

    #[cfg(feature = "json")]
    #[test]
    fn json_error_converts() {
        let doc = r#"{"a": {"$Vector2": [1]}}"#;
        let original = crate::json::from_json_str(doc, &Config::default()).unwrap_err();
        let through = || -> Result<Variant> { Ok(crate::json::from_json_str(doc, &Config::default())?) };
        carried(&original, through().unwrap_err());
    }

    #[cfg(feature = "containers")]
    #[test]
    fn container_error_converts() {
        use crate::container::{decode, ContainerError, ReadOptions};
        // A GCPF file that claims 4 GiB of content.
        let mut file = b"GCPF\0\0\0\0\0\x10\0\0\xff\xff\xff\xff".to_vec();
        file.extend_from_slice(b"GCPF");
        let through = || -> Result<Vec<u8>> { Ok(decode(&file, &ReadOptions::new())?) };
        let err = through().unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Other(_)), "{err:?}");
        assert!(matches!(err.downcast_ref::<ContainerError>(), Some(ContainerError::TooLarge { offset: 12, .. })));
        assert_eq!(err.to_string(), decode(&file, &ReadOptions::new()).unwrap_err().to_string());
    }

    #[cfg(feature = "containers")]
    #[test]
    fn file_error_converts() {
        use crate::container::ContainerError;
        use crate::file::FileError;
        // A decoding error comes back as itself.
        let data = FileError::Data(Error::new(ErrorKind::InvalidUtf8, Some(12)));
        let err = Error::from(data);
        assert!(matches!(err.kind(), ErrorKind::InvalidUtf8));
        assert_eq!(err.offset(), Some(12));
        // A container's error as the ContainerError.
        let err = Error::from(FileError::Container(ContainerError::KeyNeeded));
        assert!(matches!(err.downcast_ref::<ContainerError>(), Some(ContainerError::KeyNeeded)));
        // The rest as the FileError, with its message.
        let err = Error::from(FileError::NotOneValue(2));
        assert!(matches!(err.downcast_ref::<FileError>(), Some(FileError::NotOneValue(2))));
        assert_eq!(err.to_string(), "one bare value (var_to_bytes) is one value, not 2");
        // And `?` from file::open.
        let through = || -> Result<()> {
            crate::file::open("/no/such/save.sav", None).map(drop)?;
            Ok(())
        };
        let err = through().unwrap_err();
        let io = err.downcast_ref::<ContainerError>();
        assert!(matches!(io, Some(ContainerError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound), "{err:?}");
    }

    #[test]
    fn io_error_is_given_back() {
        let err = Error::from(std::io::Error::new(std::io::ErrorKind::NotFound, "gone"));
        assert_eq!(err.downcast_ref::<std::io::Error>().map(|e| e.kind()), Some(std::io::ErrorKind::NotFound));
        assert!(err.downcast_ref::<crate::text::TextError>().is_none());
    }
}
