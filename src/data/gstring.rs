//! [`GString`]: the text of a `String` or `StringName` value and of a Dictionary's text keys.

use std::borrow::{Borrow, Cow};
use std::fmt;
use std::ops::{Deref, DerefMut};

use compact_str::CompactString;

/// The text of a [`Variant::String`](crate::Variant::String), a [`StringName`](crate::markers::StringName)
/// and so of a Dictionary's text keys: texts of up to 24 bytes (names, keys, tags) are kept inline, without
/// an allocation of their own; a longer one keeps the buffer of the `String` it was made from.
///
/// It reads as a `str` (`Deref<Target = str>`: `len`, `starts_with`, `&s[..]`, …), compares with `str`,
/// `&str` and `String` either way round, hashes and orders as its text does, and is made with `From` or
/// `into()` from `&str`, `String`, `Box<str>` or `Cow<str>`; `String::from(g)` gives the text back.
///
/// ```
/// use godot_bin::{GString, Variant};
/// let name = GString::from("entity_7");
/// assert_eq!(name, "entity_7");
/// assert!(name.starts_with("entity"));
/// let v = Variant::String("hp".into());
/// match &v {
///     Variant::String(s) if s == "hp" => {}
///     _ => unreachable!(),
/// }
/// let mut s = GString::from(String::from("sword"));
/// s.push_str("_1");
/// assert_eq!(String::from(s), "sword_1");
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GString(CompactString);

impl GString {
    /// The text.
    ///
    /// ```
    /// assert_eq!(godot_bin::GString::from("a").as_str(), "a");
    /// ```
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// Appends `s` (inline while the whole fits, then on the heap).
    ///
    /// ```
    /// let mut s = godot_bin::GString::default();
    /// s.push_str("ab");
    /// s.push_str("c");
    /// assert_eq!(s, "abc");
    /// ```
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s)
    }
}

impl Deref for GString {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl DerefMut for GString {
    #[inline]
    fn deref_mut(&mut self) -> &mut str {
        self.0.as_mut_str()
    }
}

impl AsRef<str> for GString {
    fn as_ref(&self) -> &str {
        self
    }
}

impl AsRef<[u8]> for GString {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Borrow<str> for GString {
    fn borrow(&self) -> &str {
        self
    }
}

impl From<&str> for GString {
    #[inline]
    fn from(s: &str) -> Self {
        GString(CompactString::from(s))
    }
}

impl From<&String> for GString {
    fn from(s: &String) -> Self {
        GString::from(s.as_str())
    }
}

impl From<&mut str> for GString {
    fn from(s: &mut str) -> Self {
        GString::from(&*s)
    }
}

impl From<String> for GString {
    /// Inline when it fits, else the `String`'s own buffer (no copy).
    #[inline]
    fn from(s: String) -> Self {
        GString(CompactString::from(s))
    }
}

impl From<Box<str>> for GString {
    fn from(s: Box<str>) -> Self {
        GString(CompactString::from(s))
    }
}

impl From<Cow<'_, str>> for GString {
    fn from(s: Cow<'_, str>) -> Self {
        match s {
            Cow::Borrowed(s) => GString::from(s),
            Cow::Owned(s) => GString::from(s),
        }
    }
}

impl From<GString> for String {
    fn from(s: GString) -> Self {
        s.0.into_string()
    }
}

impl<'a> From<&'a GString> for Cow<'a, str> {
    fn from(s: &'a GString) -> Self {
        Cow::Borrowed(s.as_str())
    }
}

impl FromIterator<char> for GString {
    fn from_iter<I: IntoIterator<Item = char>>(it: I) -> Self {
        GString(it.into_iter().collect())
    }
}

impl<'a> FromIterator<&'a str> for GString {
    fn from_iter<I: IntoIterator<Item = &'a str>>(it: I) -> Self {
        GString(it.into_iter().collect())
    }
}

impl std::str::FromStr for GString {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(GString::from(s))
    }
}

impl fmt::Write for GString {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.push_str(s);
        Ok(())
    }
}

impl fmt::Debug for GString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for GString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

macro_rules! eq_text {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for GString {
            fn eq(&self, o: &$t) -> bool {
                self.as_str() == &o[..]
            }
        }
        impl PartialEq<GString> for $t {
            fn eq(&self, o: &GString) -> bool {
                &self[..] == o.as_str()
            }
        }
    )*};
}
eq_text!(str, &str, String, Cow<'_, str>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_inline_and_long_ones_keep_their_buffer() {
        assert!(!GString::from("a text of 24 bytes long!").0.is_heap_allocated());
        let long = String::from("a text longer than twenty-four bytes");
        let ptr = long.as_ptr();
        let g = GString::from(long);
        assert!(g.0.is_heap_allocated());
        assert_eq!(g.as_ptr(), ptr, "the String's buffer is kept, not copied");
        assert_eq!(std::mem::size_of::<GString>(), std::mem::size_of::<String>());
        assert_eq!(std::mem::size_of::<Option<GString>>(), std::mem::size_of::<String>());
    }
}
