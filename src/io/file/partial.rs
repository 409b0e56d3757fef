//! Content that nothing reads whole as the options allow: the error that says where it fails, or (for a
//! partial read) the values before the failure.

use super::{read_values, Content, Kind, Options, Report, Values};
use crate::config::Dialect;
use crate::detect::{Detection, Framing, Unreadable};
use crate::error::{Error, ErrorKind, Hint, Result};
use crate::value::Variant;

/// Reads `content`, which no reading that fits `opts` takes whole: as the kind and dialect given, else the
/// likeliest (a stream cut short where detection says so; a stream where its frames read values that are
/// not all null and the bare reading fails inside the first frame; else a bare value).
pub(super) fn unread(content: &[u8], opts: &Options, found: Detection, report: &mut Report) -> Result<Values> {
    let dialect = opts.dialect.unwrap_or(Dialect::GODOT4);
    let cfg = opts.config(dialect);
    let truncated = match found.unreadable {
        Some(Unreadable::Truncated { framing, .. }) => Some(Kind::from(framing)),
        _ => None,
    };
    let kind = match opts.kind.filter(|k| matches!(k, Kind::Stream { .. } | Kind::Bare)) {
        Some(k) => k,
        None => match (truncated, likeliest(content, &cfg)) {
            // Big-endian lengths cut short, where little-endian frames read values: the latter (a huge
            // big-endian length is what a little-endian one reads as).
            (Some(Kind::Stream { big_endian: true }), little @ Kind::Stream { big_endian: false }) => little,
            (Some(k), _) => k,
            (None, k) => k,
        },
    };
    let (values, error) = read_values(content, kind, &cfg);
    if !opts.partial {
        let chose = opts.dialect.is_some() || opts.kind.is_some() || truncated.is_some();
        return Err(match error {
            Some(e) if chose => match found.candidates.first() {
                Some(c) if c.framing != kind_framing(kind) => e.or_hint(Hint::StoreVarStream {
                    big_endian: matches!(c.framing, Framing::Stream { big_endian: true }),
                }),
                Some(c) => e.or_hint(Hint::OtherDialect { dialect: c.dialect() }),
                None => e,
            },
            _ => ErrorKind::NotGodotData(found.to_string()).into(),
        });
    }
    report.guessed = true;
    let before = report.evidence.len();
    report.evidence.extend(found.to_string().lines().map(String::from));
    if error.is_none() {
        // What was asked for reads it all, though detection offers no such reading (it did not fit the
        // options): a warning first.
        let line = format!("read as {} {}: no detected reading, the values may be wrong", dialect.name(), kind);
        report.evidence.insert(before, line);
    }
    Ok((values, Content::new(kind, dialect), dialect, error, Vec::new()))
}

fn kind_framing(kind: Kind) -> Framing {
    match kind {
        Kind::Stream { big_endian } => Framing::Stream { big_endian },
        _ => Framing::Bare,
    }
}

/// A stream if its frames read one value or more before the failure, not all of them null (a 4-byte null
/// frame is what most bytes of anything else read as), and a bare value fails inside the first frame (else
/// the bare value got further: a deep nest); else a bare value.
fn likeliest(content: &[u8], cfg: &crate::Config) -> Kind {
    let stream = Kind::Stream { big_endian: false };
    let framed = !read_values(content, stream, cfg).0.iter().all(Variant::is_nil);
    let first_end = crate::wire::frame_end(content, false).unwrap_or(0);
    let bare_fails_at = read_values(content, Kind::Bare, cfg).1.and_then(|e: Error| e.offset()).unwrap_or(0);
    if framed && bare_fails_at < first_end {
        stream
    } else {
        Kind::Bare
    }
}
