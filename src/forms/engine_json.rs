//! JSON as the engines write and read it for saves: Godot 4's `JSON.stringify` / `JSON.parse_string` and
//! Godot 3's `to_json` / `JSON.print` / `parse_json` (the "Saving games" manual's format), not the crate's
//! lossless type-tagged JSON form (`json`, feature `json`).
//!
//! Reading follows the engines' parser: trailing commas are taken, `\v` is not an escape it reads, keys are
//! strings, a repeated key keeps its first place and its last value. A number written without a fraction or
//! an exponent reads as an `int` (the engines read every number as a `float`; the `int` keeps what the game
//! wrote, and writes back the same), any other through the engines' own float parser.
//!
//! Writing follows the engines' writer byte for byte (checked against files Godot 3.2.3, 3.6 and 4.6 wrote:
//! `tests/fixtures/*/json/`): the indent, sorted or stored key order, `": "` only when indented, an empty
//! Dictionary as `{` and `}` on their own lines when indented (and an empty Array so in Godot 3), Godot 4's
//! floats with 14 significant digits (or the shortest exact form with full precision) and `.0` on whole
//! numbers, Godot 3's with 6 decimals and none on whole numbers, and strings with `\b \t \n \v \f \r \" \\`
//! escaped and everything else as it is.

use crate::config::Config;
use crate::error::{Error, ErrorKind, Form};
use crate::forms::text::engine_parse_float;
use crate::value::{Array, Dictionary, Variant};

/// How a JSON save is written: which engine's writer, its indent and key order, and how its documents are
/// laid out in the file. Opening a JSON save ([`file::read`](crate::file::read)) reads it off the file, and
/// saving writes it back in it.
///
/// ```
/// use godot_bin::file::{self, Content};
/// // What the manual's "Saving games" page writes in Godot 4: one JSON.stringify(node_data) per store_line.
/// let save = file::read(b"{\"hp\":10,\"name\":\"Ada\"}\n{\"hp\":3,\"name\":\"Bat\"}\n", &Default::default())?;
/// let Content::Json(style) = &save.format.content else { unreachable!() };
/// assert!(style.lines && style.sort_keys && style.indent.is_empty() && !style.godot3);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct JsonStyle {
    /// Godot 3's writer (`to_json`, `JSON.print`: floats with at most 6 decimals, `1` for `1.0`); else Godot
    /// 4's `JSON.stringify`.
    pub godot3: bool,
    /// The indent of one level (`"\t"`, `"  "`; empty: everything on one line).
    pub indent: String,
    /// Dictionary keys in sorted order (the default of `JSON.stringify` and of Godot 3's `to_json`); else in
    /// stored order.
    pub sort_keys: bool,
    /// Godot 4's `full_precision`: floats in the shortest form that reads back exactly.
    pub full_precision: bool,
    /// One document per line, each written with `store_line` (the manual's layout, one per saved node); else
    /// one document.
    pub lines: bool,
    /// The one document ends with a line break (written with `store_line`).
    pub final_newline: bool,
}

impl JsonStyle {
    /// Godot 4's `JSON.stringify(data)` written with `store_string`: no indent, keys sorted.
    ///
    /// ```
    /// let s = godot_bin::file::JsonStyle::godot4();
    /// assert!(!s.godot3 && s.sort_keys && s.indent.is_empty());
    /// ```
    pub fn godot4() -> JsonStyle {
        JsonStyle {
            godot3: false,
            indent: String::new(),
            sort_keys: true,
            full_precision: false,
            lines: false,
            final_newline: false,
        }
    }
}

/// A JSON save read: its values (one per document), its style, and each document's text.
pub(crate) struct Read {
    pub(crate) values: Vec<Variant>,
    pub(crate) style: JsonStyle,
    /// The byte range of each document in the text (for writing back unchanged documents as they were).
    pub(crate) spans: Vec<std::ops::Range<usize>>,
}

/// Reads `text` as a JSON save: one document, or one per line.
pub(crate) fn read(text: &str, cfg: &Config) -> Result<Read, Error> {
    let mut evidence = Evidence::default();
    let whole = Parser { text, pos: 0, max_depth: cfg.max_depth(), evidence: &mut evidence }.document();
    let (values, spans, lines) = match whole {
        Ok(v) => (vec![v], vec![span_of(text, 0, text.len())], false),
        Err(first) => {
            // The manual's layout: one document per line (blank lines are skipped as its loop would fail on them).
            let mut values = Vec::new();
            let mut spans = Vec::new();
            let mut start = 0;
            for line in text.split_inclusive('\n') {
                let end = start + line.len();
                if !line.trim().is_empty() {
                    let mut p =
                        Parser { text: &text[..end], pos: start, max_depth: cfg.max_depth(), evidence: &mut evidence };
                    match p.document() {
                        Ok(v) => values.push(v),
                        Err(_) if values.is_empty() => return Err(first),
                        Err(e) => return Err(e),
                    }
                    spans.push(span_of(text, start, end));
                }
                start = end;
            }
            if values.len() < 2 {
                return Err(first);
            }
            (values, spans, true)
        }
    };
    let style = evidence.style(text, lines, cfg.dialect().family() != crate::dialect::Family::Godot4);
    Ok(Read { values, style, spans })
}

/// The range of the document between `start` and `end`, without the whitespace around it.
fn span_of(text: &str, start: usize, end: usize) -> std::ops::Range<usize> {
    let s = &text[start..end];
    let lead = s.len() - s.trim_start().len();
    start + lead..start + s.trim_end().len()
}

/// What the text shows of its writer, gathered while parsing.
#[derive(Default)]
struct Evidence {
    /// Numbers that only Godot 4 writes (`1.0`, more than 6 decimals, an exponent), and only Godot 3 (`-0`).
    godot4: bool,
    godot3: bool,
    full_precision: bool,
    /// A Dictionary whose keys are not in sorted order; one with two keys or more in sorted order.
    unsorted: bool,
    sorted: bool,
    /// An empty Array written over two lines (Godot 3 with an indent).
    open_empty_array: bool,
}

impl Evidence {
    fn number(&mut self, token: &str) {
        let digits = token.trim_start_matches('-');
        if token.contains(['e', 'E']) {
            self.godot4 = true;
            self.full_precision = true;
        } else if let Some((_, frac)) = digits.split_once('.') {
            if frac.len() > 6 || frac.ends_with('0') {
                self.godot4 = true;
            }
            let all: String = digits.chars().filter(char::is_ascii_digit).collect();
            if all.trim_matches('0').len() > 15 {
                self.full_precision = true;
            }
        } else if token == "-0" {
            self.godot3 = true;
        }
    }

    /// The style the evidence shows; `godot3` where the numbers do not tell which engine wrote them.
    fn style(&self, text: &str, lines: bool, godot3: bool) -> JsonStyle {
        // The indent of one level: the white space that starts the first indented line.
        let indent = text
            .split('\n')
            .nth(1)
            .map(|l| &l[..l.len() - l.trim_start_matches([' ', '\t']).len()])
            .filter(|_| !lines)
            .unwrap_or("")
            .to_owned();
        let godot3 = match (self.godot3 || self.open_empty_array, self.godot4) {
            (true, false) => true,
            (false, true) => false,
            _ => godot3,
        };
        JsonStyle {
            godot3,
            indent,
            sort_keys: !self.unsorted,
            full_precision: self.full_precision && !godot3,
            lines,
            final_newline: text.ends_with('\n'),
        }
    }
}

/// Godot's JSON parser, without recursion: the open containers are on a stack.
struct Parser<'t, 'e> {
    text: &'t str,
    pos: usize,
    max_depth: usize,
    evidence: &'e mut Evidence,
}

enum Open {
    Array(Array, usize),
    /// A Dictionary, the key of the value being read, and whether the keys so far are in sorted order.
    Dict(Dictionary, Option<String>, Option<String>),
}

enum Tok<'t> {
    Punct(u8),
    Str(String),
    Num(&'t str),
    Ident(&'t str),
    Eof,
}

impl<'t> Parser<'t, '_> {
    fn err(&self, at: usize, message: impl Into<String>) -> Error {
        Error::syntax(Form::Json, self.text, at, message)
    }

    /// The next token and where it starts.
    fn token(&mut self) -> Result<(Tok<'t>, usize), Error> {
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos] <= b' ' && b[self.pos] != 0 {
            self.pos += 1;
        }
        let at = self.pos;
        let Some(&c) = b.get(at) else { return Ok((Tok::Eof, at)) };
        match c {
            // (The engine's parser stops at a NUL, as at the end of a C string; text with one is no JSON save.)
            b'{' | b'}' | b'[' | b']' | b':' | b',' => {
                self.pos += 1;
                Ok((Tok::Punct(c), at))
            }
            b'"' => Ok((Tok::Str(self.string()?), at)),
            b'-' | b'0'..=b'9' => {
                let mut end = at + 1;
                while end < b.len() && b[end].is_ascii_digit() {
                    end += 1;
                }
                if b.get(end) == Some(&b'.') {
                    end += 1;
                    while end < b.len() && b[end].is_ascii_digit() {
                        end += 1;
                    }
                }
                if matches!(b.get(end), Some(b'e' | b'E')) {
                    let mut e = end + 1;
                    if matches!(b.get(e), Some(b'+' | b'-')) {
                        e += 1;
                    }
                    if b.get(e).is_some_and(u8::is_ascii_digit) {
                        while e < b.len() && b[e].is_ascii_digit() {
                            e += 1;
                        }
                        end = e;
                    }
                }
                self.pos = end;
                Ok((Tok::Num(&self.text[at..end]), at))
            }
            c if c.is_ascii_alphabetic() => {
                let mut end = at;
                while end < b.len() && b[end].is_ascii_alphabetic() {
                    end += 1;
                }
                self.pos = end;
                Ok((Tok::Ident(&self.text[at..end]), at))
            }
            _ => Err(self.err(at, "Unexpected character")),
        }
    }

    /// A string literal at `self.pos` (its opening quote), with the engine's escapes.
    fn string(&mut self) -> Result<String, Error> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let rest = &self.text[self.pos..];
            let Some(i) = rest.find(['"', '\\']) else {
                return Err(self.err(start, "Unterminated string"));
            };
            out.push_str(&rest[..i]);
            self.pos += i;
            if rest.as_bytes()[i] == b'"' {
                self.pos += 1;
                return Ok(out);
            }
            let at = self.pos;
            self.pos += 1;
            let Some(next) = self.text[self.pos..].chars().next() else {
                return Err(self.err(start, "Unterminated string"));
            };
            self.pos += next.len_utf8();
            let c = match next {
                'b' => '\u{8}',
                't' => '\t',
                'n' => '\n',
                'f' => '\u{c}',
                'r' => '\r',
                '"' | '\\' | '/' => next,
                'u' => {
                    let lead = self.hex4(start)?;
                    let unit = if (lead & 0xfc00) == 0xd800 {
                        if !self.text[self.pos..].starts_with("\\u") {
                            return Err(self.err(at, "Invalid UTF-16 sequence in string, unpaired lead surrogate"));
                        }
                        self.pos += 2;
                        let trail = self.hex4(start)?;
                        if (trail & 0xfc00) != 0xdc00 {
                            return Err(self.err(at, "Invalid UTF-16 sequence in string, unpaired lead surrogate"));
                        }
                        0x10000 + ((lead - 0xd800) << 10) + (trail - 0xdc00)
                    } else if (lead & 0xfc00) == 0xdc00 {
                        return Err(self.err(at, "Invalid UTF-16 sequence in string, unpaired trail surrogate"));
                    } else {
                        lead
                    };
                    // A String cannot hold NUL: the engine's string ends there; refused here instead.
                    match char::from_u32(unit).filter(|&c| c != '\0') {
                        Some(c) => c,
                        None => return Err(self.err(at, "\\u0000 is not a character a String can hold")),
                    }
                }
                _ => return Err(self.err(at, "Invalid escape sequence")),
            };
            out.push(c);
        }
    }

    fn hex4(&mut self, start: usize) -> Result<u32, Error> {
        let digits = self.text.get(self.pos..self.pos + 4).ok_or_else(|| self.err(start, "Unterminated string"))?;
        let v = u32::from_str_radix(digits, 16)
            .ok()
            .filter(|_| digits.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.err(self.pos, "Malformed hex constant in string"))?;
        self.pos += 4;
        Ok(v)
    }

    fn number(&mut self, token: &str) -> Variant {
        self.evidence.number(token);
        // `-0` is a float: Godot 3 writes -0.0 so.
        if !token.contains(['.', 'e', 'E']) && token != "-0" {
            if let Ok(i) = token.parse::<i64>() {
                return Variant::Int(i);
            }
        }
        Variant::Float(engine_parse_float(token))
    }

    /// One document, and nothing but white space after it.
    fn document(&mut self) -> Result<Variant, Error> {
        let mut stack: Vec<Open> = Vec::new();
        let (mut tok, mut at) = self.token()?;
        loop {
            // A value starts at `tok`.
            let mut value = match tok {
                Tok::Punct(b'[') | Tok::Punct(b'{') => {
                    if stack.len() >= self.max_depth {
                        return Err(self.err(at, format!("nested deeper than {} levels", self.max_depth)));
                    }
                    let open = if matches!(tok, Tok::Punct(b'[')) {
                        Open::Array(Array::default(), at)
                    } else {
                        Open::Dict(Dictionary::default(), None, None)
                    };
                    stack.push(open);
                    None
                }
                Tok::Ident("true") => Some(Variant::Bool(true)),
                Tok::Ident("false") => Some(Variant::Bool(false)),
                Tok::Ident("null") => Some(Variant::Nil),
                Tok::Ident(id) => return Err(self.err(at, format!("Expected 'true', 'false', or 'null', got '{id}'"))),
                Tok::Num(n) => Some(self.number(n)),
                Tok::Str(s) => Some(Variant::String(s.into())),
                Tok::Punct(c) => return Err(self.err(at, format!("Expected value, got '{}'", c as char))),
                Tok::Eof => return Err(self.err(at, "Expected value, got 'EOF'")),
            };
            // Close containers while the value completes them; then find where the next value starts.
            loop {
                let Some(top) = stack.last_mut() else {
                    let v = value.expect("a complete value at the top");
                    return match self.token()? {
                        (Tok::Eof, _) => Ok(v),
                        (_, at) => Err(self.err(at, "Expected 'EOF'")),
                    };
                };
                match top {
                    Open::Array(items, opened) => {
                        let opened = *opened;
                        let need_comma = match value.take() {
                            Some(v) => {
                                items.items.push(v);
                                true
                            }
                            None => false,
                        };
                        let (t, a) = self.token()?;
                        match t {
                            Tok::Punct(b']') => {
                                if items.items.is_empty() && self.text[opened..a].contains('\n') {
                                    self.evidence.open_empty_array = true;
                                }
                                value = Some(close(&mut stack));
                                continue;
                            }
                            Tok::Punct(b',') if need_comma => {
                                let (t, a) = self.token()?;
                                if matches!(t, Tok::Punct(b']')) {
                                    // A trailing comma: the engine takes it.
                                    value = Some(close(&mut stack));
                                    continue;
                                }
                                (tok, at) = (t, a);
                            }
                            _ if need_comma => return Err(self.err(a, "Expected ','")),
                            t => (tok, at) = (t, a),
                        }
                        break;
                    }
                    Open::Dict(d, key, last) => {
                        if let Some(v) = value.take() {
                            let k = key.take().expect("a value in a Dictionary follows its key");
                            match last {
                                Some(prev) if *prev > k => self.evidence.unsorted = true,
                                Some(_) => self.evidence.sorted = true,
                                None => {}
                            }
                            *last = Some(k.clone());
                            d.insert(Variant::String(k.into()), v);
                            let (t, a) = self.token()?;
                            match t {
                                Tok::Punct(b'}') => {
                                    value = Some(close(&mut stack));
                                    continue;
                                }
                                Tok::Punct(b',') => {}
                                _ => return Err(self.err(a, "Expected '}' or ','")),
                            }
                        }
                        let (t, a) = self.token()?;
                        match t {
                            Tok::Punct(b'}') => {
                                value = Some(close(&mut stack));
                                continue;
                            }
                            Tok::Str(k) => {
                                *key = Some(k);
                                match self.token()? {
                                    (Tok::Punct(b':'), _) => {}
                                    (_, a) => return Err(self.err(a, "Expected ':'")),
                                }
                                (tok, at) = self.token()?;
                            }
                            _ => return Err(self.err(a, "Expected key")),
                        }
                        break;
                    }
                }
            }
        }
    }
}

/// The container on top of `stack`, finished (its closing bracket was read).
fn close(stack: &mut Vec<Open>) -> Variant {
    match stack.pop() {
        Some(Open::Array(items, _)) => Variant::Array(Box::new(items)),
        Some(Open::Dict(d, ..)) => Variant::Dictionary(Box::new(d)),
        None => unreachable!("a closing bracket is only taken with a container open"),
    }
}

/// The text of `values` written in `style`: one document, or one per line.
pub(crate) fn write(values: &[Variant], style: &JsonStyle) -> Result<String, Error> {
    let mut out = String::new();
    match (style.lines, values) {
        (true, _) => {
            for v in values {
                stringify(&mut out, v, style)?;
                out.push('\n');
            }
        }
        (false, [v]) => {
            stringify(&mut out, v, style)?;
            if style.final_newline {
                out.push('\n');
            }
        }
        (false, _) => return Err(ErrorKind::NotOneValue(values.len()).into()),
    }
    Ok(out)
}

/// One step of the writer: a value to write at a level (indented first, as an Array's element is), a
/// Dictionary entry, a separator, or the end of a container.
enum Step<'v> {
    Value(&'v Variant, usize, bool),
    Entry(String, &'v Variant, usize),
    Comma,
    Close(&'static str, usize),
}

/// Writes `v` as the engine's JSON writer does (without recursion).
pub(crate) fn stringify(out: &mut String, v: &Variant, style: &JsonStyle) -> Result<(), Error> {
    let (colon, newline) = if style.indent.is_empty() { (":", "") } else { (": ", "\n") };
    let indent = |out: &mut String, level: usize| {
        for _ in 0..level {
            out.push_str(&style.indent);
        }
    };
    let mut todo = vec![Step::Value(v, 0, false)];
    while let Some(step) = todo.pop() {
        let (v, level) = match step {
            Step::Comma => {
                out.push(',');
                out.push_str(newline);
                continue;
            }
            Step::Close(c, level) => {
                out.push_str(newline);
                indent(out, level);
                out.push_str(c);
                continue;
            }
            Step::Entry(k, v, level) => {
                indent(out, level);
                quote(out, &k);
                out.push_str(colon);
                (v, level)
            }
            Step::Value(v, level, indented) => {
                if indented {
                    indent(out, level);
                }
                (v, level)
            }
        };
        match v {
            Variant::Nil => out.push_str("null"),
            Variant::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Variant::Int(i) => out.push_str(&i.to_string()),
            Variant::Float(x) => out.push_str(&float(*x, style)),
            Variant::String(s) => quote(out, s),
            Variant::StringName(s) => quote(out, &s.0),
            Variant::Array(a) => {
                // Godot 4 writes an empty Array as `[]` whatever the indent; Godot 3 opens and closes it.
                if a.items.is_empty() && (!style.godot3 || newline.is_empty()) {
                    out.push_str("[]");
                    continue;
                }
                out.push('[');
                out.push_str(newline);
                todo.push(Step::Close("]", level));
                for (i, item) in a.iter().enumerate().rev() {
                    todo.push(Step::Value(item, level + 1, true));
                    if i > 0 {
                        todo.push(Step::Comma);
                    }
                }
            }
            Variant::Dictionary(d) => {
                let mut entries: Vec<(String, &Variant)> = Vec::with_capacity(d.len());
                for (k, v) in d.iter() {
                    entries.push((key_text(k)?, v));
                }
                if style.sort_keys {
                    entries.sort_by(|a, b| a.0.cmp(&b.0));
                }
                out.push('{');
                out.push_str(newline);
                todo.push(Step::Close("}", level));
                for (i, (k, v)) in entries.into_iter().enumerate().rev() {
                    todo.push(Step::Entry(k, v, level + 1));
                    if i > 0 {
                        todo.push(Step::Comma);
                    }
                }
            }
            other => {
                return Err(Error::shape(
                    Form::Json,
                    None,
                    format!(
                        "a JSON save holds null, bools, numbers, strings, Arrays and Dictionaries, not {}",
                        other.kind().name()
                    ),
                ))
            }
        }
    }
    Ok(())
}

/// A Dictionary key as the engine writes it: its text (a String or StringName as it is, a number in its
/// JSON form).
fn key_text(k: &Variant) -> Result<String, Error> {
    match k {
        Variant::String(s) => Ok(s.to_string()),
        Variant::StringName(s) => Ok(s.0.to_string()),
        Variant::Int(i) => Ok(i.to_string()),
        other => Err(Error::shape(
            Form::Json,
            None,
            format!("a JSON save's Dictionary keys are strings, not {}", other.kind().name()),
        )),
    }
}

/// A string as the engines write it: quoted, with `\b \t \n \v \f \r \" \\` escaped and every other
/// character as it is.
fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A float as the engine's JSON writer prints it.
fn float(x: f64, style: &JsonStyle) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "nan".into()
        } else if x < 0.0 {
            "-inf".into()
        } else {
            "inf".into()
        };
    }
    if style.godot3 {
        // String::num(x): "%lf" (6 decimals), then the trailing zeros and a bare period dropped.
        // The engine prints into 256 bytes: a longer number is cut (and then has no period to trim at).
        let mut s = format!("{x:.6}");
        s.truncate(255);
        trim_zeros(&mut s, false);
        return s;
    }
    if x == 0.0 {
        return "0.0".into();
    }
    if style.full_precision {
        return shortest(x);
    }
    // String::num(x, max(1, 14 - floor(log10 |x|))), the decimals at most 32, keeping `.0`.
    let decimals = (14 - x.abs().log10().floor() as i64).clamp(1, 32) as usize;
    let mut s = format!("{x:.decimals$}");
    s.truncate(324);
    trim_zeros(&mut s, true);
    s
}

/// Drops the trailing zeros after a period; the period too unless `keep_one` (then `1.` becomes `1.0`).
fn trim_zeros(s: &mut String, keep_one: bool) {
    if !s.contains('.') {
        return;
    }
    let kept = s.trim_end_matches('0').len();
    s.truncate(kept);
    if s.ends_with('.') {
        if keep_one {
            s.push('0');
        } else {
            s.pop();
        }
    }
}

/// Godot 4's full precision: the shortest digits that read back to `x` exactly, in fixed notation from 1e-4
/// up to 1e15 (with `.0` on a whole number), else as `d.ddde±XX`. The engine's digit generator (Grisu2) is
/// not always the shortest: for about one value in 450 it writes a longer form of the same float
/// (`9.820019999999999e+20` where this writes `9.82002e+20`); both read back to the same bits.
fn shortest(x: f64) -> String {
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` has a decimal exponent");
    if !(-4..15).contains(&exp) {
        return sci_text(mantissa, exp);
    }
    let mut s = x.to_string();
    if !s.contains('.') {
        s.push_str(".0");
    }
    s
}

/// `d.ddde±XX`, the exponent with at least two digits.
fn sci_text(mantissa: &str, exp: i32) -> String {
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dialect;

    fn fixture(engine: &str, name: &str) -> String {
        let path = format!("{}/tests/fixtures/{engine}/json/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn unhex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    const ENGINES: [&str; 3] = ["godot-3.2.3", "godot-3.6", "godot-4.6"];

    /// Every float the engines wrote, written the same.
    #[test]
    fn floats_as_the_engines_write_them() {
        for engine in ENGINES {
            let godot3 = engine.starts_with("godot-3");
            let mut style = JsonStyle { godot3, ..JsonStyle::godot4() };
            let (mut n, mut longer) = (0, 0);
            for line in fixture(engine, "floats.tsv").lines() {
                let cols: Vec<&str> = line.split('\t').collect();
                let x = f64::from_bits(u64::from_str_radix(cols[0], 16).unwrap());
                style.full_precision = false;
                assert_eq!(float(x, &style), cols[1], "{engine}: {x:e} ({})", cols[0]);
                if let Some(full) = cols.get(2) {
                    style.full_precision = true;
                    let ours = float(x, &style);
                    if ours != *full {
                        // The engine's Grisu2 digits, longer than the shortest: the same float.
                        assert!(full.len() > ours.len(), "{engine}: {x:e} full precision: {ours} for {full}");
                        assert_eq!(full.parse::<f64>().map(f64::to_bits), Ok(x.to_bits()), "{engine}: {full}");
                        longer += 1;
                    }
                }
                n += 1;
            }
            assert!(n > 400, "{engine}: {n} floats");
            assert!(longer <= 1, "{engine}: {longer} floats written longer than the shortest form");
        }
    }

    /// Every string the engines wrote, quoted the same.
    #[test]
    fn strings_as_the_engines_write_them() {
        for engine in ENGINES {
            for line in fixture(engine, "strings.tsv").lines() {
                let (text, json) = line.split_once('\t').unwrap();
                let text = String::from_utf8(unhex(text)).unwrap();
                let mut out = String::new();
                quote(&mut out, &text);
                assert_eq!(out.as_bytes(), unhex(json), "{engine}: {text:?}");
            }
        }
    }

    /// Every save the engines wrote: its style found, its values as the engine parsed them (ints as the
    /// engine's floats), and written back to the same text.
    #[test]
    fn saves_read_and_written_back() {
        for engine in ENGINES {
            let dialect = if engine.starts_with("godot-3") { Dialect::Godot3 } else { Dialect::Godot4_6 };
            let cfg = Config::new(dialect);
            let parsed = fixture(engine, "parsed.tsv");
            let mut files: Vec<&str> = parsed.lines().map(|l| l.split('\t').next().unwrap()).collect();
            files.dedup();
            for name in files {
                let text = fixture(engine, name);
                let read = read(&text, &cfg).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
                assert_eq!(read.style.godot3, dialect == Dialect::Godot3, "{engine} {name}: {:?}", read.style);
                let engine_values: Vec<Variant> = parsed
                    .lines()
                    .filter(|l| l.starts_with(&format!("{name}\t")))
                    .map(|l| Variant::decode(&unhex(l.rsplit('\t').next().unwrap()), &cfg).unwrap())
                    .collect();
                assert_eq!(read.values.len(), engine_values.len(), "{engine} {name}");
                for (ours, theirs) in read.values.iter().zip(&engine_values) {
                    assert_eq!(&as_engine_reads(ours), theirs, "{engine} {name}");
                }
                assert_eq!(write(&read.values, &read.style).unwrap(), text, "{engine} {name}: {:?}", read.style);
            }
        }
    }

    /// `v` as the engines' parser has it: every number a float.
    fn as_engine_reads(v: &Variant) -> Variant {
        match v {
            Variant::Int(i) => Variant::Float(*i as f64),
            Variant::Array(a) => Variant::from(a.iter().map(as_engine_reads).collect::<Vec<_>>()),
            Variant::Dictionary(d) => {
                Variant::from(d.iter().map(|(k, v)| (k.clone(), as_engine_reads(v))).collect::<Dictionary>())
            }
            v => v.clone(),
        }
    }

    #[test]
    fn the_parsers_rules() {
        let cfg = Config::default();
        let one = |t: &str| read(t, &cfg).map(|r| r.values.into_iter().next().unwrap());
        assert_eq!(one("[1, 2,]").unwrap(), Variant::from(vec![Variant::Int(1), Variant::Int(2)]));
        assert!(one("\"a\\vb\"").unwrap_err().to_string().contains("Invalid escape sequence"));
        assert_eq!(one("\"\\ud83d\\ude00\"").unwrap(), Variant::from("😀"));
        assert!(one("[1 2]").unwrap_err().to_string().contains("Expected ','"));
        assert!(one("nul").unwrap_err().to_string().contains("got 'nul'"));
        let d = one("{\"a\": 1, \"b\": 2, \"a\": 3}").unwrap();
        assert_eq!(d.get("a"), Some(&Variant::Int(3)));
        assert_eq!(d.as_dictionary().map(|d| d.len()), Some(2));
        let deep = "[".repeat(2000) + &"]".repeat(2000);
        assert!(one(&deep).unwrap_err().to_string().contains("nested deeper"));
        assert!(matches!(one("{\"a\":").unwrap_err().kind(), ErrorKind::Syntax { form: Form::Json, .. }));
    }
}
