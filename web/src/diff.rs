//! The changes between two documents' values: per path, what changed, was added or removed.

use godot_bin::{text, Config, Variant};
use serde_json::{json, Value};

use crate::tree;

/// The most changes listed (all are counted).
pub(crate) const MAX_LISTED: usize = 1000;

/// The changes found so far.
pub(crate) struct Changes<'a> {
    cfg: &'a Config,
    /// How many changes there are.
    pub(crate) total: usize,
    /// The first [`MAX_LISTED`] of them.
    pub(crate) listed: Vec<Value>,
}

impl<'a> Changes<'a> {
    /// No changes yet; values printed with `cfg`.
    pub(crate) fn new(cfg: &'a Config) -> Changes<'a> {
        Changes { cfg, total: 0, listed: Vec::new() }
    }

    fn push(
        &mut self, path: &[usize], display: &[String], kind: &str, before: Option<&Variant>, after: Option<&Variant>,
    ) {
        self.total += 1;
        if self.listed.len() >= MAX_LISTED {
            return;
        }
        let mut c = json!({"path": path, "display": display.join(" › "), "kind": kind});
        if let Some(b) = before {
            c["before"] = json!(crate::session::cut(&text::to_text(b, self.cfg)));
        }
        if let Some(a) = after {
            c["after"] = json!(crate::session::cut(&text::to_text(a, self.cfg)));
        }
        self.listed.push(c);
    }

    /// The changes from the values `a` to the values `b` (top values by index).
    pub(crate) fn values(&mut self, a: &[Variant], b: &[Variant]) {
        for i in 0..a.len().max(b.len()) {
            let (path, display) = (vec![i], vec![i.to_string()]);
            match (a.get(i), b.get(i)) {
                (Some(x), Some(y)) => self.node(x, y, &path, &display),
                (Some(x), None) => self.push(&path, &display, "removed", Some(x), None),
                (None, Some(y)) => self.push(&path, &display, "added", None, Some(y)),
                (None, None) => {}
            }
        }
    }

    /// The changes from `a` to `b`, at `path` (in `a`; an added node: its index in `b`'s container).
    fn node(&mut self, a: &Variant, b: &Variant, path: &[usize], display: &[String]) {
        if a == b {
            return;
        }
        let same_shape =
            std::mem::discriminant(a) == std::mem::discriminant(b) && tree::child_count(a) + tree::child_count(b) > 0;
        if !same_shape || a.kind() != b.kind() {
            return self.push(path, display, "changed", Some(a), Some(b));
        }
        let step = |i: usize, label: String| {
            let mut p = path.to_vec();
            p.push(i);
            let mut d = display.to_vec();
            d.push(label);
            (p, d)
        };
        if let (Variant::Dictionary(da), Variant::Dictionary(db)) = (a, b) {
            for (i, (k, va)) in da.iter().enumerate() {
                let (p, d) = step(i, crate::session::cut(&text::to_text(k, self.cfg)));
                match db.get(k) {
                    Some(vb) => self.node(va, vb, &p, &d),
                    None => self.push(&p, &d, "removed", Some(va), None),
                }
            }
            for (i, (k, vb)) in db.iter().enumerate() {
                if da.get(k).is_none() {
                    let (p, d) = step(i, crate::session::cut(&text::to_text(k, self.cfg)));
                    self.push(&p, &d, "added", None, Some(vb));
                }
            }
            return;
        }
        for i in 0..tree::child_count(a).max(tree::child_count(b)) {
            let (p, d) = step(i, i.to_string());
            match (tree::child(a, i), tree::child(b, i)) {
                (Some(x), Some(y)) => self.node(x.value(), y.value(), &p, &d),
                (Some(x), None) => self.push(&p, &d, "removed", Some(x.value()), None),
                (None, Some(y)) => self.push(&p, &d, "added", None, Some(y.value())),
                (None, None) => {}
            }
        }
    }
}
