//! The error of the text form: where in the text, or where in the value.

use std::fmt;

/// A text syntax error (or a value the text cannot carry), with where it was found.
///
/// `line` and `column` are 1-based (the column counts characters); `offset` is the byte offset in the text.
/// For [`to_text_exact`](crate::text::to_text_exact) the position is 0 and [`TextError::path`] names the value inside the input.
///
/// ```
/// use godot_bin::{text, Config};
/// let err = text::from_text("[1,\n  Vector2(1, x)]", &Config::default()).unwrap_err();
/// assert_eq!((err.line, err.column), (2, 14));
/// assert!(err.to_string().starts_with("line 2, column 14"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// 1-based line (0 when not about a position in text).
    pub line: usize,
    /// 1-based column, in characters (0 when not about a position in text).
    pub column: usize,
    /// Byte offset in the text.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
    path: Option<String>,
}

impl TextError {
    pub(super) fn at(text: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(text.len());
        let mut line = 1;
        let mut column = 1;
        for (i, c) in text.char_indices() {
            if i >= offset {
                break;
            }
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        TextError { line, column, offset, message: message.into(), path: None }
    }

    /// An error about the value at `path` inside a value being printed (no position in text).
    pub(super) fn at_path(path: String, message: impl Into<String>) -> Self {
        TextError { line: 0, column: 0, offset: 0, message: message.into(), path: Some(path) }
    }

    /// For errors about a value that cannot be written exactly: the path inside the value (`entities[3].pos`,
    /// empty for the value itself). `None` for errors in parsing text.
    ///
    /// ```
    /// use godot_bin::{text, Config, Dictionary, Object, Variant};
    /// let mut d = Dictionary::default();
    /// d.insert("owner".into(), Object::InstanceId(9).into());
    /// let err = text::to_text_exact(&vec![Variant::Nil, d.into()].into(), &Config::default()).unwrap_err();
    /// assert_eq!(err.path(), Some("[1].owner"));
    /// assert_eq!(text::from_text("[1,", &Config::default()).unwrap_err().path(), None);
    /// ```
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) if p.is_empty() => write!(f, "at the top-level value: {}", self.message),
            Some(p) => write!(f, "at {p}: {}", self.message),
            None => write!(f, "line {}, column {}: {}", self.line, self.column, self.message),
        }
    }
}

impl std::error::Error for TextError {}
