//! The quoting the engines' text savers share.

/// `"text"` with only `\\` and `"` escaped (the saver's `c_escape_multiline`): what text resources,
/// ConfigFile keys and a typed container's script reference write.
pub(crate) fn push_quoted(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}
