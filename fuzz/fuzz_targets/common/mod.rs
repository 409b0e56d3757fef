//! Shared by the fuzz targets.
#![allow(dead_code)]

pub mod agree;
pub mod resource;
pub mod shapes;

use godot_bin::{value::ContainerType, Config, Dialect, Object, Variant};

/// The config byte of decode_variant, differential and tests/hostile/fuzz_regressions.rs: bits 0–3 the dialect
/// (index in `Dialect::ALL`, mod 12), bit 4 objects, bit 5 double precision, bit 6 a depth limit of 8.
pub fn config(sel: u8) -> Config {
    let d = Dialect::ALL[(sel & 0x0F) as usize % Dialect::ALL.len()];
    let cfg = Config::new(d).with_allow_objects(sel & 0x10 != 0).with_double_precision(sel & 0x20 != 0);
    if sel & 0x40 != 0 {
        cfg.with_max_depth(8)
    } else {
        cfg
    }
}

/// Values whose encoding is known not to be canonical (reported; see tests/hostile/fuzz_regressions.rs):
/// * text that starts with U+FEFF (the input had two byte order marks; one is dropped on reading) is written
///   with one mark, which the next read drops.
pub fn known_issue(v: &Variant, _cfg: &Config) -> bool {
    let bom = |s: &str| s.starts_with('\u{feff}');
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        let hit = match v {
            Variant::String(s) => bom(s),
            Variant::StringName(s) => bom(&s.0),
            Variant::Signal(s) => bom(&s.name),
            Variant::PackedStringArray(a) => a.iter().any(|s| bom(s)),
            Variant::NodePath(p) => p.names.iter().chain(&p.subnames).chain(&p.property).any(|s| bom(s)),
            Variant::Object(o) => match &**o {
                Object::Null => false,
                Object::Full { class, properties } => {
                    stack.extend(properties.iter().map(|(_, x)| x));
                    bom(class) || properties.iter().any(|(n, _)| bom(n))
                }
                Object::InstanceId(_) => false,
            },
            Variant::Array(a) | Variant::PackedTypedArray(a) => {
                stack.extend(a.items.iter());
                container_bom(&a.element_type)
            }
            Variant::Dictionary(d) => {
                stack.extend(d.entries.iter().flat_map(|(k, x)| [k, x]));
                container_bom(&d.key_type) || container_bom(&d.value_type)
            }
            _ => false,
        };
        if hit {
            return true;
        }
    }
    false
}

fn container_bom(t: &ContainerType) -> bool {
    matches!(t, ContainerType::Class(s) | ContainerType::Script(s) if s.starts_with('\u{feff}'))
}
