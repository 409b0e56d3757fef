//! The script report: every script a resource file would make the engine load, and why one is not the
//! game's own. Loading a resource runs the code of the scripts it attaches (`_init`, `_static_init`,
//! setters): an embedded script is code that came with the file, and a script path outside `res://` loads
//! code from outside the game.

use std::fmt;

use super::binary::OLD_TYPE;
use super::model::{each_value, Reference, ResourceFile};
use crate::value::{Object, Variant};

/// Why a script (or another file the resource loads) is not the game's own.
///
/// ```
/// use godot_bin::resource::{self, Reason, ResourceFile};
/// // Godot 4.6 saved this Resource with a script from the user folder (tests/fixtures/godot-4.6/resources).
/// let file = ResourceFile::read(&std::fs::read("tests/fixtures/godot-4.6/resources/hostile_script_user.tres")?)?;
/// assert!(resource::check(&file).flagged().any(|s| s.reason == Some(Reason::UserPath)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// A script embedded in the file (a `GDScript` sub-resource, Godot's "built-in script"): its code came
    /// with the file and runs when the file loads.
    Embedded,
    /// A path in `user://`: a file written at run time (by the game, or by whoever shared the save).
    UserPath,
    /// An absolute path of the file system (`/…`, `C:\…`, `\\server\…`).
    AbsolutePath,
    /// A path with a `..` part: it can leave the game's folder.
    ParentPath,
    /// A relative path: the engine takes it beside the file, so for a save in `user://` it is in `user://`.
    RelativePath,
    /// A path in no form the game's own files have (another scheme, or empty).
    OtherPath,
}

impl Reason {
    /// Why a path is not one of the game's own files (`res://…` without `..`, or a `uid://…` of the
    /// project), if it is not.
    pub(crate) fn of_path(path: &str) -> Option<Reason> {
        let parent = |p: &str| p.split(['/', '\\']).any(|part| part == "..");
        if let Some(rest) = path.strip_prefix("res://") {
            return parent(rest).then_some(Reason::ParentPath);
        }
        if path.starts_with("uid://") && path.len() > 6 && !parent(path) {
            return None;
        }
        if path.starts_with("user://") {
            return Some(Reason::UserPath);
        }
        let b = path.as_bytes();
        let drive = b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && !path.contains("://");
        if path.starts_with('/') || path.starts_with('\\') || drive {
            return Some(Reason::AbsolutePath);
        }
        if parent(path) {
            return Some(Reason::ParentPath);
        }
        if !path.is_empty() && !path.contains(':') {
            return Some(Reason::RelativePath);
        }
        Some(Reason::OtherPath)
    }

    fn describe(self) -> &'static str {
        match self {
            Reason::Embedded => "an embedded script (its code came with the file)",
            Reason::UserPath => "a path in user:// (outside the game)",
            Reason::AbsolutePath => "an absolute path (outside the game)",
            Reason::ParentPath => "a path with '..' (it can leave the game's folder)",
            Reason::RelativePath => "a relative path (beside the file: in user:// for a save there)",
            Reason::OtherPath => "a path outside res://",
        }
    }
}

/// One script the file would make the engine load (or another file it loads from outside the game).
///
/// ```
/// use godot_bin::resource::{check, ResourceFile};
/// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res): its scripts are the game's own.
/// let file = ResourceFile::read(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
/// let report = check(&file);
/// assert!(report.scripts.iter().any(|s| s.path.as_deref() == Some("res://item.gd") && s.reason.is_none()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// How the file names it: `ExtResource(id)` for an external file, `SubResource(id)` for an embedded
    /// script, `Resource(path)` for an old inline reference by path.
    pub reference: Reference,
    /// Its class as the file says (`Script`, `GDScript`, …).
    pub class: String,
    /// Its path (external scripts).
    pub path: Option<String>,
    /// Why it is not the game's own; `None` for a `res://` script of the game.
    pub reason: Option<Reason>,
    /// Text files: how the tag that names it is written, where the engines' savers never write so (the
    /// forms published ways around other checkers used: an attribute written twice, a tag across lines,
    /// a comment inside the tag, a path as a StringName or NodePath). The engine reads them all.
    pub forms: Vec<&'static str>,
}

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match (&self.reference, &self.path) {
            (Reference::Sub(id), _) => format!("sub-resource \"{id}\" ({})", self.class),
            (Reference::Ext(id), Some(path)) => format!("\"{path}\" (external resource \"{id}\", {})", self.class),
            (_, Some(path)) => format!("\"{path}\" ({})", self.class),
            (Reference::Ext(id) | Reference::Path(id), None) => format!("\"{id}\" ({})", self.class),
        };
        match self.reason {
            Some(r) => write!(f, "{}: {what}", r.describe())?,
            None => write!(f, "the game's own script: {what}")?,
        }
        if !self.forms.is_empty() {
            write!(f, "; written with {}", self.forms.join(", "))?;
        }
        Ok(())
    }
}

/// What [`check`] found: every script the file would attach or load, each with the reason it is not the
/// game's own (if it is not).
///
/// ```
/// use godot_bin::resource::{check, ResourceFile};
/// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
/// let file = ResourceFile::read(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
/// assert!(check(&file).passes());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The scripts, in file order (external ones first, then embedded ones), then any other file outside
    /// the game that the file loads.
    pub scripts: Vec<Script>,
}

/// The report as `godot-bin check` and `godot-bin info` print it: one line per script or file from
/// outside the game, with its reason; or, when there is none, one line saying how many scripts the file
/// names, all the game's own.
///
/// ```
/// use godot_bin::resource::{check, ResourceFile};
/// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
/// let file = ResourceFile::read(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
/// assert_eq!(check(&file).to_string(), "ok: 3 script(s), all the game's own (res://)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.passes() {
            return write!(f, "ok: {} script(s), all the game's own (res://)", self.scripts.len());
        }
        for (i, s) in self.flagged().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl Report {
    /// Whether the only scripts are the game's own (`res://` paths), so loading the file runs no code from
    /// elsewhere.
    ///
    /// ```
    /// use godot_bin::resource::Report;
    /// assert!(Report::default().passes());
    /// ```
    pub fn passes(&self) -> bool {
        self.flagged().next().is_none()
    }

    /// The scripts (and other files) that are not the game's own.
    ///
    /// ```
    /// use godot_bin::resource::{check, ResourceFile};
    /// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
    /// let file = ResourceFile::read(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
    /// assert_eq!(check(&file).flagged().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn flagged(&self) -> impl Iterator<Item = &Script> {
        self.scripts.iter().filter(|s| s.reason.is_some())
    }
}

/// The script report of a resource file: every script it would make the engine load — external scripts
/// (by their path), embedded scripts (sub-resources of a script class: the engine compiles them as it
/// loads the file, whether or not anything uses them) — and every other external file outside `res://`
/// (the engine loads it too, with whatever scripts it holds). Nothing is loaded or run to find them.
///
/// ```
/// use godot_bin::resource::{check, Reason, ResourceFile};
/// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
/// let file = ResourceFile::read(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
/// let report = check(&file);
/// assert!(report.passes());
/// assert_eq!(report.scripts.len(), 3); // save_game.gd, item.gd, stats.gd
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check(file: &ResourceFile) -> Report {
    let mut used_as_script = std::collections::HashSet::new();
    let mut paths = Vec::new();
    for r in file.sub_resources.iter().chain(std::iter::once(&file.main)) {
        if let Some(Reference::Ext(id)) = r.get("script").and_then(Reference::of) {
            used_as_script.insert(id);
        }
        for (_, v) in &r.properties {
            inline_paths(v, &mut paths);
        }
    }
    let mut scripts = Vec::new();
    for e in &file.ext_resources {
        let reason = Reason::of_path(&e.path);
        if is_script_class(&e.class) || used_as_script.contains(&e.id) || reason.is_some() {
            scripts.push(Script {
                reference: Reference::Ext(e.id.clone()),
                class: e.class.clone(),
                path: Some(e.path.clone()),
                reason,
                forms: forms_of(file, &Reference::Ext(e.id.clone())),
            });
        }
    }
    for r in file.sub_resources.iter().filter(|r| is_script_class(&r.class)) {
        scripts.push(Script {
            reference: Reference::Sub(r.id.clone()),
            class: r.class.clone(),
            path: None,
            reason: Some(Reason::Embedded),
            forms: forms_of(file, &Reference::Sub(r.id.clone())),
        });
    }
    if is_script_class(&file.main.class) {
        scripts.push(Script {
            reference: Reference::Sub(file.main.id.clone()),
            class: file.main.class.clone(),
            path: None,
            reason: Some(Reason::Embedded),
            forms: Vec::new(),
        });
    }
    for (class, path) in paths {
        let reason = Reason::of_path(&path);
        if is_script_class(&class) || reason.is_some() {
            scripts.push(Script {
                reference: Reference::Path(path.clone()),
                class,
                path: Some(path),
                reason,
                forms: Vec::new(),
            });
        }
    }
    Report { scripts }
}

/// The old inline references by path inside a value (binary files' `OBJECT_EXTERNAL_RESOURCE`), with their
/// class, in file order.
fn inline_paths(v: &Variant, out: &mut Vec<(String, String)>) {
    each_value(v, |v| {
        let Variant::Object(o) = v else { return };
        if let (Some(Reference::Path(path)), Object::Full { properties, .. }) = (Reference::of(v), &**o) {
            let class = properties.iter().find(|(k, _)| k == OLD_TYPE).and_then(|(_, v)| v.as_str());
            out.push((class.unwrap_or("Resource").to_owned(), path));
        }
    });
}

/// Whether a class is a script's (`Script`, `GDScript`, `CSharpScript`, …): an embedded one is code.
fn is_script_class(class: &str) -> bool {
    class.ends_with("Script") || class == "GDScriptNativeClass"
}

/// The odd forms of the tag of the resource `r` names (text files).
fn forms_of(file: &ResourceFile, r: &Reference) -> Vec<&'static str> {
    file.text_forms.iter().find(|(x, _)| x == r).map(|(_, f)| f.clone()).unwrap_or_default()
}

impl ResourceFile {
    /// Removes every script and file from outside the game that [`check`] flags, so that loading the file
    /// runs none of their code and it keeps its data: embedded scripts (their sub-resources) and external
    /// resources outside `res://` are dropped, a `script` property naming one is removed (the resource
    /// loads as the class it is saved as), and any other value naming one becomes a null reference. A main
    /// resource that is itself a script is emptied. Returns what was removed (the report of the file
    /// before); afterwards `check` passes. The game's own `res://` scripts stay.
    ///
    /// ```
    /// use godot_bin::resource::{check, ResourceFile};
    /// // Saved by Godot 4.6: a SaveGame whose "mixed" Dictionary holds a Resource with a built-in script.
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-4.6/resources/hostile_builtin_in_dict.res");
    /// let mut file = ResourceFile::read(&std::fs::read(path)?)?;
    /// assert!(!check(&file).passes());
    /// let removed = file.strip();
    /// assert_eq!(removed.scripts.iter().filter(|s| s.reason.is_some()).count(), 1);
    /// assert!(check(&file).passes());
    /// let again = ResourceFile::read(&file.to_bytes()?)?;
    /// assert!(check(&again).passes());
    /// assert_eq!(again.main.get("player_name").and_then(|v| v.as_str()), Some("mallory"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn strip(&mut self) -> Report {
        let report = check(self);
        let flagged: Vec<Reference> = report.flagged().map(|s| s.reference.clone()).collect();
        if flagged.is_empty() {
            return report;
        }
        let is_flagged = |v: &Variant| Reference::of(v).is_some_and(|r| flagged.contains(&r));
        self.ext_resources.retain(|e| !flagged.contains(&Reference::Ext(e.id.clone())));
        self.sub_resources.retain(|r| !flagged.contains(&Reference::Sub(r.id.clone())));
        if is_script_class(&self.main.class) {
            self.main.class = "Resource".into();
            self.main.properties.clear();
        }
        for r in self.sub_resources.iter_mut().chain(std::iter::once(&mut self.main)) {
            r.properties.retain(|(name, v)| !(name == "script" && is_flagged(v)));
            for (_, v) in &mut r.properties {
                null_references(v, &is_flagged, 0);
            }
        }
        self.text_forms.retain(|(r, _)| !flagged.contains(r));
        report
    }
}

/// Turns every reference inside `v` that `flagged` says into a null one (values read are at most
/// `MAX_DEPTH` deep; deeper ones are left alone).
fn null_references(v: &mut Variant, flagged: &impl Fn(&Variant) -> bool, depth: usize) {
    if flagged(v) {
        *v = Variant::from(Object::Null);
        return;
    }
    if depth > super::model::MAX_DEPTH {
        return;
    }
    match v {
        Variant::Array(a) => a.items.iter_mut().for_each(|x| null_references(x, flagged, depth + 1)),
        Variant::Dictionary(d) => d.iter_mut().for_each(|(_, x)| null_references(x, flagged, depth + 1)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::Reason;

    #[test]
    fn script_paths_outside_the_project_are_named() {
        assert_eq!(Reason::of_path("res://../payload.gd"), Some(Reason::ParentPath));
        assert_eq!(Reason::of_path("/proc/self/cwd/x.gd"), Some(Reason::AbsolutePath));
        assert_eq!(Reason::of_path("uid://cb4wfktva4a"), None);
        assert_eq!(Reason::of_path("res://scripts/save.gd"), None);
    }
}
