//! Base64, written once: a `PackedByteArray` as the text form and the JSON form spell it, and the CLI's
//! `--in base64` / `--out base64`.
//!
//! Written: standard base64 (`+` and `/`), padded with `=`, on one line. Read, with one leniency for every
//! reader: ASCII white space anywhere is skipped, the `=` padding may be left out (only `=` and white space
//! may follow it), and the unused low bits of the last character are ignored. Anything else (another
//! character, padding inside the text, a lone last character) is an error at its byte offset.

use std::borrow::Cow;

use base64::engine::general_purpose::GeneralPurpose;
use base64::engine::{DecodePaddingMode, GeneralPurposeConfig};
use base64::{alphabet, DecodeError, Engine as _};

use crate::error::{Error, ErrorKind, Result};

/// Padded standard base64 out; in, padding optional and the last character's unused bits not checked.
const ENGINE: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_encode_padding(true)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true),
);

/// `bytes` as padded standard base64, on one line.
///
/// ```
/// use godot_bin::json::base64_encode;
/// // Godot 4.6: Marshalls.raw_to_base64(PackedByteArray([1, 2, 3, 4]))
/// assert_eq!(base64_encode(&[1, 2, 3, 4]), "AQIDBA==");
/// assert_eq!(base64_encode(b""), "");
/// ```
pub fn base64_encode(bytes: &[u8]) -> String {
    ENGINE.encode(bytes)
}

/// The bytes of standard base64 `text`, read with the one leniency of every base64 reader of the crate
/// (the text form's `PackedByteArray("…")`, the JSON form, the CLI): ASCII white space anywhere is skipped,
/// the `=` padding may be left out (only `=` and white space may follow it), and the unused low bits of the
/// last character are ignored. Anything else (another character, padding inside the text, a lone last
/// character) is an [`ErrorKind::InvalidData`] error at its byte offset in `text`.
///
/// ```
/// use godot_bin::json::base64_decode;
/// assert_eq!(base64_decode(b"AQIDBA==")?, [1, 2, 3, 4]);
/// assert_eq!(base64_decode(b" AQID\nBA ")?, [1, 2, 3, 4]); // white space skipped, padding left out
/// assert_eq!(base64_decode(b"AQ*D").unwrap_err().offset(), Some(2));
/// assert!(base64_decode(b"AQ==AQ==").is_err()); // padding inside
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn base64_decode(text: &[u8]) -> Result<Vec<u8>> {
    let compact: Cow<'_, [u8]> = if text.iter().any(u8::is_ascii_whitespace) {
        Cow::Owned(text.iter().copied().filter(|c| !c.is_ascii_whitespace()).collect())
    } else {
        Cow::Borrowed(text)
    };
    ENGINE.decode(&*compact).map_err(|e| {
        // Where in `compact` the error is, then where that byte is in `text`.
        let at = match e {
            DecodeError::InvalidByte(i, _) | DecodeError::InvalidLastSymbol(i, _) => i,
            DecodeError::InvalidLength(_) => compact.iter().rposition(|&c| c != b'=').unwrap_or(0),
            DecodeError::InvalidPadding => compact.iter().position(|&c| c == b'=').unwrap_or(0),
        };
        let at =
            text.iter().enumerate().filter(|(_, c)| !c.is_ascii_whitespace()).nth(at).map_or(text.len(), |(i, _)| i);
        Error::at(ErrorKind::InvalidData("invalid base64"), at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length from 0 to 40 reads back, padded or not, and the padded form is what the engines'
    /// `Marshalls.raw_to_base64` writes for the first lengths (checked by hand against RFC 4648's examples).
    #[test]
    #[cfg(feature = "json")]
    fn round_trips_with_and_without_padding() {
        assert_eq!(base64_encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64_encode(b"fooba"), "Zm9vYmE=");
        assert_eq!(base64_encode(b"foob"), "Zm9vYg==");
        for n in 0..40u8 {
            let b: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37)).collect();
            let s = base64_encode(&b);
            assert_eq!(base64_decode(s.as_bytes()).unwrap(), b);
            assert_eq!(base64_decode(s.trim_end_matches('=').as_bytes()).unwrap(), b);
        }
    }

    /// The one leniency, and what stays an error (with the offset of the bad byte in the text as given).
    #[test]
    fn leniency_and_errors() {
        assert_eq!(base64_decode(b"Zm9v\r\n\tYg = = ").unwrap(), b"foob");
        assert_eq!(base64_decode(b"Zm9vYh==").unwrap(), b"foob"); // unused bits of the last character
        let at = |s: &[u8]| base64_decode(s).unwrap_err().offset();
        assert_eq!(at(b"Zm9v Yg*="), Some(7));
        assert_eq!(at(b"Zm9vYg==x"), Some(6)); // padding that does not end the text: its first `=`
        assert_eq!(at(b"Zm9vY"), Some(4)); // a lone last character
        assert_eq!(at(b"Zm==Zm=="), Some(2));
        assert!(matches!(base64_decode(b"-_").unwrap_err().kind(), ErrorKind::InvalidData(_)));
    }
}
