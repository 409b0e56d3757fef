//! A small GDScript writer: lines at the current indentation (tabs), blocks (`if`, `elif`, `else`, `for`,
//! `match` and its arms, `func`, `class`), comments and doc comments, fresh local names, and the
//! escaping of string literals and comments. Every emitter file writes through it; none spells
//! indentation or quoting itself.

use std::fmt::{self, Display, Write as _};

use crate::forms::schema::is_hidden_char as is_hidden;

/// The text of one GDScript file, written line by line.
pub(super) struct Writer {
    out: String,
    /// The indentation of the next line, in tabs.
    depth: usize,
    /// The last number given to a fresh local (`_x1`, `_r2`, …): unique in the file.
    locals: usize,
    /// `##` (Godot 4's doc comments) or `#`.
    doc_mark: &'static str,
}

impl Writer {
    /// An empty file; `g4`: the 4.x flavour (doc comments `##`).
    pub(super) fn new(g4: bool) -> Writer {
        Writer { out: String::new(), depth: 0, locals: 0, doc_mark: if g4 { "##" } else { "#" } }
    }

    /// The file's text.
    pub(super) fn finish(self) -> String {
        self.out
    }

    /// One line at the current indentation.
    pub(super) fn line(&mut self, text: impl Display) {
        for _ in 0..self.depth {
            self.out.push('\t');
        }
        let _ = writeln!(self.out, "{text}");
    }

    /// An empty line (indented like the lines around it, as the files have always been written).
    pub(super) fn blank(&mut self) {
        self.line("");
    }

    /// `head:` and the lines `body` writes, one tab deeper.
    pub(super) fn block<R>(&mut self, head: impl Display, body: impl FnOnce(&mut Self) -> R) -> R {
        self.line(format_args!("{head}:"));
        self.depth += 1;
        let r = body(self);
        self.depth -= 1;
        r
    }

    /// `if cond:` and its body.
    pub(super) fn if_<R>(&mut self, cond: impl Display, body: impl FnOnce(&mut Self) -> R) -> R {
        self.block(format_args!("if {cond}"), body)
    }

    /// `elif cond:` and its body.
    pub(super) fn elif<R>(&mut self, cond: impl Display, body: impl FnOnce(&mut Self) -> R) -> R {
        self.block(format_args!("elif {cond}"), body)
    }

    /// `else:` and its body.
    pub(super) fn else_<R>(&mut self, body: impl FnOnce(&mut Self) -> R) -> R {
        self.block("else", body)
    }

    /// `if cond:` (`elif` when `first` is false) and its body: one arm of a chain.
    pub(super) fn if_or_elif<R>(&mut self, first: bool, cond: impl Display, body: impl FnOnce(&mut Self) -> R) -> R {
        if first {
            self.if_(cond, body)
        } else {
            self.elif(cond, body)
        }
    }

    /// `for var in iter:` and its body.
    pub(super) fn for_<R>(&mut self, var: &str, iter: impl Display, body: impl FnOnce(&mut Self) -> R) -> R {
        self.block(format_args!("for {var} in {iter}"), body)
    }

    /// `match value:` and its arms (each written with [`Writer::arm`]).
    #[allow(dead_code)] // the typed branching on a received message will use it
    pub(super) fn match_<R>(&mut self, value: impl Display, arms: impl FnOnce(&mut Self) -> R) -> R {
        self.block(format_args!("match {value}"), arms)
    }

    /// One arm of a `match`: `pattern:` and its body.
    #[allow(dead_code)] // the typed branching on a received message will use it
    pub(super) fn arm<R>(&mut self, pattern: impl Display, body: impl FnOnce(&mut Self) -> R) -> R {
        self.block(pattern, body)
    }

    /// `func signature:` (`static func` when `is_static`) and its body; `ret`: the return type, if any.
    pub(super) fn func<R>(
        &mut self, is_static: bool, signature: impl Display, ret: Option<&str>, body: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let kw = if is_static { "static func" } else { "func" };
        match ret {
            Some(t) => self.block(format_args!("{kw} {signature} -> {t}"), body),
            None => self.block(format_args!("{kw} {signature}"), body),
        }
    }

    /// `return value`.
    pub(super) fn ret(&mut self, value: impl Display) {
        self.line(format_args!("return {value}"));
    }

    /// `var name = value`.
    pub(super) fn var(&mut self, name: &str, value: impl Display) {
        self.line(format_args!("var {name} = {value}"));
    }

    /// A fresh local `_{prefix}N` (unique in the file), declared as `var _{prefix}N = value`.
    pub(super) fn local(&mut self, prefix: &str, value: impl Display) -> String {
        let name = self.fresh(prefix);
        self.var(&name, value);
        name
    }

    /// A fresh local's name, `_{prefix}N`, not yet declared.
    pub(super) fn fresh(&mut self, prefix: &str) -> String {
        self.locals += 1;
        format!("_{prefix}{}", self.locals)
    }

    /// A doc comment of the generated code's own (`## text` in 4.x, `# text` in 3.x).
    pub(super) fn note(&mut self, text: impl Display) {
        let mark = self.doc_mark;
        self.line(format_args!("{mark} {text}"));
    }

    /// A doc comment from the schema: one comment line per line of `doc`, each escaped ([`comment`]).
    pub(super) fn doc(&mut self, doc: Option<&str>) {
        let mark = self.doc_mark;
        for l in doc.into_iter().flat_map(str::lines) {
            let l = l.trim_end();
            if l.is_empty() {
                self.line(mark);
            } else {
                self.line(format_args!("{mark} {}", comment(l.trim_start())));
            }
        }
    }

    /// A plain comment line, `# text` (the text as it is: escape what comes from the schema with
    /// [`comment`]).
    pub(super) fn comment(&mut self, text: impl Display) {
        self.line(format_args!("# {text}"));
    }
}

/// A GDScript string literal holding `s`: quotes and backslashes escaped, and every control character, line
/// or paragraph separator and invisible format control ([`is_hidden`]), so that the literal stays on its
/// line and Godot 4 does not refuse it.
pub(super) fn lit(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    push_escaped(&mut out, s);
    out.push('"');
    out
}

fn push_escaped(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            // `\uXXXX` is the escape both GDScript 3 and 4 read; a hidden character past it (a tag
            // character, say: they make emoji flags) stays as it is, which both engines accept.
            c if is_hidden(c) && u32::from(c) <= 0xffff => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
}

/// A comment's text: on one line, control characters and invisible format controls escaped (quotes and
/// backslashes as they are).
pub(super) fn comment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if is_hidden(c) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// One part of a GDScript string concatenation ([`concat`]).
pub(super) enum Part<'a> {
    /// Text, written as a string literal.
    Text(&'a str),
    /// A GDScript expression, written as it is.
    Code(&'a str),
}

/// The GDScript expression joining `parts` with `+`.
pub(super) fn concat(parts: &[Part<'_>]) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(" + ");
        }
        match p {
            Part::Text(t) => out.push_str(&lit(t)),
            Part::Code(c) => out.push_str(c),
        }
    }
    out
}

impl Display for Part<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Text(t) => f.write_str(&lit(t)),
            Part::Code(c) => f.write_str(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_indent_with_tabs_and_blank_lines_keep_the_indentation() {
        let mut w = Writer::new(true);
        w.func(true, "f(x)", Some("int"), |w| {
            w.if_("x > 0", |w| w.ret("x"));
            w.blank();
            w.for_("i", "range(3)", |w| w.line("pass"));
            w.ret(0);
        });
        assert_eq!(
            w.finish(),
            "static func f(x) -> int:\n\tif x > 0:\n\t\treturn x\n\t\n\tfor i in range(3):\n\t\tpass\n\treturn 0\n"
        );
    }

    #[test]
    fn literals_and_comments_stay_on_their_line() {
        assert_eq!(lit("a\"b\\c\nd\u{2028}\u{1}"), "\"a\\\"b\\\\c\\nd\\u2028\\u0001\"");
        assert_eq!(comment("a \"b\"\r\nc"), "a \"b\"\\u000d\\u000ac");
        assert_eq!(lit("a\u{202e}b\u{2066}\u{feff}"), "\"a\\u202eb\\u2066\\ufeff\"");
        assert_eq!(comment("x\u{202e}y\u{e0001}"), "x\\u202ey\\ue0001");
        assert_eq!(
            concat(&[Part::Code("_at"), Part::Text(": got "), Part::Code("str(x)")]),
            "_at + \": got \" + str(x)"
        );
    }

    #[test]
    fn docs_and_fresh_locals() {
        let mut w = Writer::new(false);
        w.doc(Some("one\n\n  two  "));
        let a = w.local("x", 1);
        let b = w.fresh("r");
        w.note("done");
        w.comment("c");
        assert_eq!((a.as_str(), b.as_str()), ("_x1", "_r2"));
        assert_eq!(w.finish(), "# one\n#\n# two\nvar _x1 = 1\n# done\n# c\n");
    }
}
