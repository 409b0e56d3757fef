//! Edits of the document, each with its inverse (undo and redo apply inverses; nothing copies the
//! whole document but a migration, which replaces it).

use godot_bin::file::Format;
use godot_bin::markers::{Color, Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i};
use godot_bin::value::ContainerType;
use godot_bin::{Dialect, GString, Variant};

/// What the document is: its values and how they are written.
#[derive(Clone)]
pub(crate) struct State {
    /// The values, in file order (a ConfigFile: one Dictionary of sections).
    pub(crate) values: Vec<Variant>,
    /// How they are written: container, kind of content, dialect.
    pub(crate) format: Format,
}

impl State {
    /// The dialect the values are read and written in.
    pub(crate) fn dialect(&self) -> Dialect {
        self.format.dialect
    }
}

/// One edit.
pub(crate) enum Op {
    /// Puts `value` at `path`.
    Set { path: Vec<usize>, value: Variant },
    /// Inserts into the container at `path`, at `index`: `value` (a dictionary entry: with its `key`).
    Insert { path: Vec<usize>, index: usize, key: Option<Variant>, value: Variant },
    /// Removes the node at `path`.
    Remove { path: Vec<usize> },
    /// Replaces the whole document (a migration).
    Replace(Box<State>),
}

/// The undo and redo stacks.
#[derive(Default)]
pub(crate) struct History {
    undo: Vec<Op>,
    redo: Vec<Op>,
}

impl History {
    /// Whether no edit is in effect (the document is as opened).
    pub(crate) fn clean(&self) -> bool {
        self.undo.is_empty()
    }

    /// Applies `op` as a new edit (the redo stack is dropped). Returns the path it changed.
    pub(crate) fn edit(&mut self, st: &mut State, op: Op) -> Result<Vec<usize>, String> {
        let (inverse, path) = apply(st, op)?;
        self.undo.push(inverse);
        self.redo.clear();
        Ok(path)
    }

    /// Undoes the last edit: the path it changed, `None` when there is nothing to undo.
    pub(crate) fn undo(&mut self, st: &mut State) -> Result<Option<Vec<usize>>, String> {
        let Some(op) = self.undo.pop() else { return Ok(None) };
        let (inverse, path) = apply(st, op)?;
        self.redo.push(inverse);
        Ok(Some(path))
    }

    /// Redoes the last undone edit.
    pub(crate) fn redo(&mut self, st: &mut State) -> Result<Option<Vec<usize>>, String> {
        let Some(op) = self.redo.pop() else { return Ok(None) };
        let (inverse, path) = apply(st, op)?;
        self.undo.push(inverse);
        Ok(Some(path))
    }
}

/// Applies `op`; returns its inverse and the path that changed.
fn apply(st: &mut State, op: Op) -> Result<(Op, Vec<usize>), String> {
    match op {
        Op::Set { path, value } => {
            let old = set(&mut st.values, &path, value)?;
            Ok((Op::Set { path: path.clone(), value: old }, path))
        }
        Op::Insert { path, index, key, value } => {
            insert(&mut st.values, &path, index, key, value)?;
            let mut child = path.clone();
            child.push(index);
            Ok((Op::Remove { path: child }, path))
        }
        Op::Remove { path } => {
            let (key, value) = remove(&mut st.values, &path)?;
            let (parent, index) = path.split_at(path.len() - 1);
            Ok((Op::Insert { path: parent.to_vec(), index: index[0], key, value }, parent.to_vec()))
        }
        Op::Replace(other) => {
            let old = std::mem::replace(st, *other);
            Ok((Op::Replace(Box::new(old)), Vec::new()))
        }
    }
}

/// The value held at `path` (not a packed element), to change.
fn held_mut<'a>(values: &'a mut [Variant], path: &[usize]) -> Result<&'a mut Variant, String> {
    let gone = || "no such node".to_string();
    let (first, rest) = path.split_first().ok_or_else(gone)?;
    let mut v = values.get_mut(*first).ok_or_else(gone)?;
    for &i in rest {
        v = match v {
            Variant::Array(a) | Variant::PackedTypedArray(a) => a.items.get_mut(i).ok_or_else(gone)?,
            Variant::Dictionary(d) => d.iter_mut().nth(i).map(|(_, v)| v).ok_or_else(gone)?,
            _ => return Err(gone()),
        };
    }
    Ok(v)
}

/// A packed array's element type: made from the value it reads as (`None`: another type, or out of range).
trait Element: Sized {
    fn from_value(v: Variant) -> Option<Self>;
}

impl Element for u8 {
    fn from_value(v: Variant) -> Option<u8> {
        v.as_int().and_then(|n| u8::try_from(n).ok())
    }
}

impl Element for i32 {
    fn from_value(v: Variant) -> Option<i32> {
        v.as_int().and_then(|n| i32::try_from(n).ok())
    }
}

impl Element for i64 {
    fn from_value(v: Variant) -> Option<i64> {
        v.as_int()
    }
}

impl Element for f32 {
    fn from_value(v: Variant) -> Option<f32> {
        f64::from_value(v).map(|f| f as f32)
    }
}

/// Elements that read as the value of the same name.
macro_rules! same_element {
    ($($t:ident => $variant:ident),*) => {$(
        impl Element for $t {
            fn from_value(v: Variant) -> Option<$t> {
                match v {
                    Variant::$variant(x) => Some(x),
                    _ => None,
                }
            }
        }
    )*};
}

same_element!(f64 => Float, GString => String, Vector2 => Vector2, Vector3 => Vector3, Color => Color,
    Vector4 => Vector4, Vector2i => Vector2i, Vector3i => Vector3i, Vector4i => Vector4i);

/// Puts `value` at `i` of `xs`.
fn set_element<T: Element>(xs: &mut [T], i: usize, value: Variant) -> Result<(), String> {
    let x = T::from_value(value).ok_or(WRONG_ELEMENT)?;
    *xs.get_mut(i).ok_or("no such node")? = x;
    Ok(())
}

/// Inserts `value` at `i` of `xs`.
fn insert_element<T: Element>(xs: &mut Vec<T>, i: usize, value: Variant) -> Result<(), String> {
    if i > xs.len() {
        return Err("index out of range".into());
    }
    xs.insert(i, T::from_value(value).ok_or(WRONG_ELEMENT)?);
    Ok(())
}

/// Removes element `i` of `xs`.
fn remove_element<T>(xs: &mut Vec<T>, i: usize) -> Result<(), String> {
    if i >= xs.len() {
        return Err("no such node".into());
    }
    xs.remove(i);
    Ok(())
}

const NOT_CONTAINER: &str = "not a container";

const WRONG_ELEMENT: &str = "this packed array does not hold that value (wrong type or out of range)";

/// Puts `value` at `path`; returns the value it replaced.
fn set(values: &mut [Variant], path: &[usize], value: Variant) -> Result<Variant, String> {
    let Some((&i, parent)) = path.split_last() else { return Err("no such node".into()) };
    if parent.is_empty() {
        let slot = values.get_mut(i).ok_or("no such node")?;
        return Ok(std::mem::replace(slot, value));
    }
    let p = held_mut(values, parent)?;
    if let Variant::Array(_) | Variant::PackedTypedArray(_) | Variant::Dictionary(_) = p {
        let slot = held_mut(values, path)?;
        return Ok(std::mem::replace(slot, value));
    }
    let old = crate::tree::child(p, i).ok_or("no such node")?.value().clone();
    match_packed!(p, |xs, _make| set_element(xs, i, value), Err(NOT_CONTAINER.to_string()))?;
    Ok(old)
}

/// Inserts `value` (with `key` into a dictionary) at `index` of the container at `path`.
fn insert(
    values: &mut [Variant], path: &[usize], index: usize, key: Option<Variant>, value: Variant,
) -> Result<(), String> {
    let c = held_mut(values, path)?;
    match c {
        Variant::Array(a) | Variant::PackedTypedArray(a) => {
            if index > a.items.len() {
                return Err("index out of range".into());
            }
            a.items.insert(index, value);
            Ok(())
        }
        Variant::Dictionary(d) => {
            let key = key.ok_or("a dictionary entry needs a key")?;
            if d.get(&key).is_some() {
                return Err("the dictionary already has that key".into());
            }
            if index > d.len() {
                return Err("index out of range".into());
            }
            let mut list = Vec::from(std::mem::take(&mut d.entries));
            list.insert(index, (key, value));
            d.entries = list.into();
            Ok(())
        }
        _ => match_packed!(c, |xs, _make| insert_element(xs, index, value), Err(NOT_CONTAINER.to_string())),
    }
}

/// Removes the node at `path`; returns its key (a dictionary entry) and value.
fn remove(values: &mut [Variant], path: &[usize]) -> Result<(Option<Variant>, Variant), String> {
    let Some((&i, parent)) = path.split_last() else { return Err("no such node".into()) };
    if parent.is_empty() {
        return Err("a top value cannot be removed".into());
    }
    let c = held_mut(values, parent)?;
    let old = crate::tree::child(c, i).ok_or("no such node")?.value().clone();
    match c {
        Variant::Array(a) | Variant::PackedTypedArray(a) => Ok((None, a.items.remove(i))),
        Variant::Dictionary(d) => {
            let mut list = Vec::from(std::mem::take(&mut d.entries));
            let (k, v) = list.remove(i);
            d.entries = list.into();
            Ok((Some(k), v))
        }
        _ => {
            match_packed!(c, |xs, _make| remove_element(xs, i), Err(NOT_CONTAINER.to_string()))?;
            Ok((None, old))
        }
    }
}

/// Whether `v` may go where `t` is declared (an untyped slot takes anything).
pub(crate) fn fits(v: &Variant, t: &ContainerType) -> bool {
    match t {
        ContainerType::Untyped => true,
        ContainerType::Builtin(k) => v.kind() == *k,
        ContainerType::Class(_) | ContainerType::Script(_) => matches!(v, Variant::Object(_) | Variant::Nil),
    }
}
