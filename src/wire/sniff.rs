//! What a whole input looks like when it does not decode: a `store_var` stream given to a one-value
//! reader, or another format's file (PNG, ZIP, a Godot text resource, ConfigFile or JSON text, hex,
//! base64…). Decoding entry points add what this finds to their errors on the way out, as a [`Hint`].

use super::base64::base64_decode;
use super::frames::Frames;
use crate::error::{Error, ErrorKind, ForeignFormat, Hint};

impl Error {
    /// Adds what the whole `input` suggests (see [`Hint`]); for the decoding entry points, on their way out.
    /// An empty input's end-of-input error becomes [`ErrorKind::EmptyInput`].
    #[cold]
    pub(crate) fn hinted(self, input: &[u8]) -> Self {
        let e = match self.kind() {
            ErrorKind::UnexpectedEof { .. } if input.is_empty() => self.with_kind(ErrorKind::EmptyInput),
            _ => self,
        };
        if e.hint().is_some() {
            return e;
        }
        let hint = stream_framing(input)
            .map(|big_endian| Hint::StoreVarStream { big_endian })
            .or_else(|| ForeignFormat::of(input).map(|looks_like| Hint::NotGodot { looks_like }));
        match hint {
            Some(hint) => e.or_hint(hint),
            None => e,
        }
    }
}

impl ForeignFormat {
    /// The format `bytes` start with, if they are one of the formats above (`None` for Godot data and for
    /// bytes no entry knows). Looks at no more than the first 4 KiB. A binary Godot value never matches a
    /// text entry: its header's second byte is 0, where text has none.
    ///
    /// ```
    /// use godot_bin::error::ForeignFormat;
    /// assert_eq!(ForeignFormat::of(b"PK\x03\x04\x14\0"), Some(ForeignFormat::Zip));
    /// assert_eq!(ForeignFormat::of(b"0c000000 05000000"), Some(ForeignFormat::Hex));
    /// assert_eq!(ForeignFormat::of(b"\xef\xbb\xbfhello"), Some(ForeignFormat::Text { bom: true }));
    /// assert_eq!(ForeignFormat::of(b""), None);
    /// ```
    pub fn of(bytes: &[u8]) -> Option<ForeignFormat> {
        use ForeignFormat::*;
        const MAGIC: &[(&[u8], ForeignFormat)] = &[
            (b"\x89PNG\r\n\x1a\n", Png),
            (b"\xff\xd8\xff", Jpeg),
            (b"GIF87a", Gif),
            (b"GIF89a", Gif),
            (b"OggS", Ogg),
            (b"PK\x03\x04", Zip),
            (b"PK\x05\x06", Zip),
            (b"\x1f\x8b", Gzip),
            (b"\x28\xb5\x2f\xfd", Zstd),
            (b"\xfd7zXZ\x00", Xz),
            (b"BZh", Bzip2),
            (b"7z\xbc\xaf\x27\x1c", SevenZip),
            (b"%PDF-", Pdf),
            (b"\x7fELF", Elf),
            (b"MZ", WindowsExecutable),
            (b"\xfe\xed\xfa\xce", MachO),
            (b"\xfe\xed\xfa\xcf", MachO),
            (b"\xce\xfa\xed\xfe", MachO),
            (b"\xcf\xfa\xed\xfe", MachO),
            (b"\xca\xfe\xba\xbe", MachO),
            (b"SQLite format 3\x00", Sqlite),
            (b"GDPC", GodotPack),
            (b"RSRC", GodotBinaryResource),
            (b"RSCC", GodotBinaryResource),
            (b"GST2", GodotTexture),
            (b"GDST", GodotTexture),
        ];
        if let Some(&(_, f)) = MAGIC.iter().find(|(m, _)| bytes.starts_with(m)) {
            return Some(f);
        }
        if bytes.len() >= 12 && bytes.starts_with(b"RIFF") {
            match &bytes[8..12] {
                b"WEBP" => return Some(Webp),
                b"WAVE" => return Some(Wav),
                _ => {}
            }
        }
        text_format(&bytes[..bytes.len().min(4096)])
    }
}

/// The text entries of [`ForeignFormat::of`]: `head` (the first bytes of the input) if it is text.
fn text_format(head: &[u8]) -> Option<ForeignFormat> {
    let (bom, body) = match head.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) => (true, rest),
        None => (false, head),
    };
    // Text: UTF-8 (a character cut at the end of the 4 KiB looked at is fine), no control characters but
    // the usual white space.
    let text = match std::str::from_utf8(body) {
        Ok(t) => t,
        Err(e) if e.error_len().is_none() && head.len() == 4096 => {
            std::str::from_utf8(&body[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return None,
    };
    if text.trim().is_empty() || text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c')) {
        return None;
    }
    // The first line that is not blank or a comment (`;`, as ConfigFile writes them, or `#`).
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with(';') && !l.starts_with('#'));
    let first = first.unwrap_or_default();
    let name_char = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '/' | '-' | ' ' | ':');
    if first.starts_with("[gd_resource") || first.starts_with("[gd_scene") {
        return Some(ForeignFormat::GodotTextResource);
    }
    if let Some(name) = first.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
        let starts_name = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_');
        if starts_name && name.chars().all(name_char) {
            return Some(ForeignFormat::ConfigFile);
        }
    }
    let digits: Vec<u8> = body.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect();
    if !bom && digits.len() >= 8 && digits.len().is_multiple_of(2) && digits.iter().all(u8::is_ascii_hexdigit) {
        return Some(ForeignFormat::Hex);
    }
    if !bom && is_padded_base64(&digits) {
        return Some(ForeignFormat::Base64);
    }
    if let Some((key, value)) = first.split_once('=') {
        let key = key.trim_end();
        let key_like = key.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '"');
        if key_like && !key.contains(' ') && !value.trim().is_empty() && !value.starts_with('=') {
            return Some(ForeignFormat::ConfigFile);
        }
    }
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        return Some(ForeignFormat::Json);
    }
    Some(ForeignFormat::Text { bom })
}

/// Whether `digits` (white space taken out) are at least 8 characters of padded standard base64, the
/// form that tells base64 from other text, as [`base64_decode`] reads it.
fn is_padded_base64(digits: &[u8]) -> bool {
    digits.len() >= 8 && digits.len().is_multiple_of(4) && base64_decode(digits).is_ok()
}

/// Whether `input` is a chain of at least one length-prefixed value that ends exactly at its end, and in
/// which byte order (little-endian tried first).
fn stream_framing(input: &[u8]) -> Option<bool> {
    [false, true].into_iter().find(|&big_endian| {
        !input.is_empty() && Frames::new(input, big_endian).all(|frame| frame.is_ok_and(|(_, body)| body.len() >= 4))
    })
}
