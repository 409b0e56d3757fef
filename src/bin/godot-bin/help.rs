//! The help texts of `godot-bin` and its commands: the tool's reference.

/// `godot-bin --help`: what the tool is and what every command shares.
pub(crate) const ABOUT: &str = "\
Decode, encode and convert Godot's binary Variant format (var_to_bytes, store_var, put_var) for Godot 2.1,
3.x, 4.0-4.6 and Pandemonium.

Input: FILE, or standard input: any save the library reads (godot_bin::file): store_var/put_var streams
(little- or big-endian lengths), one bare value (var_to_bytes), ConfigFile text and JSON saves, plain,
compressed or encrypted. Without --dialect (--from-dialect for convert) the bytes are read in every dialect
and framing, the reading that fits is taken (exact store_var lengths first, then the most plausible values,
then the most common engine) and stderr says what was taken; when the bytes are ambiguous it says what
else they read as and the flag that settles it (--dialect or --framing). Only readings that decode under
the flags given (--objects, --double) are offered. `info FILE` prints the detection itself.

Encrypted (GDEC: open_encrypted, open_encrypted_with_pass) and compressed (GCPF: open_compressed) files are
found by their magic and opened; the password is --password, --key HEX or the environment variable
GODOT_BIN_PASSWORD (which keeps it out of shell history). A file in a container is a store_var stream unless
--framing says otherwise. What a container may open to is bounded by its file's size: 512 times it, at least
1 MiB, at most 256 MiB (--max-size sets it).

Output: standard output (raw binary is not written to a terminal), or -o FILE, written to a temporary file
beside FILE and renamed over it once whole: FILE may be the input, and a command that fails or is cut short
leaves it as it was (a shell's `> FILE` empties the file before the command even reads it).

Each flag means one thing in every command: --dialect, --from-dialect and --to-dialect name dialects
(godot2, godot3, godot4.0 ... godot4.6, godot4, pandemonium-3.5, pandemonium-3.8, pandemonium-5,
pandemonium); --from and --to name forms (text, json, config); --in-encoding and --out-encoding name byte
encodings (raw, the default, lowercase hex or base64 on one line); -o / --output the file written. The
older spellings --in, --out and convert's --from/--to for dialects still work.";

/// After `godot-bin --help`: exit status and a first session.
pub(crate) const AFTER: &str = "\
Exit status: 0 on success, 1 on bad data (the message has the byte offset, or the line and column for
text and JSON), 2 on bad usage.

Examples:
  godot-bin info save.sav                          # container, framing, the dialects that read it
  godot-bin decode save.sav                        # print the values in Godot's text syntax
  godot-bin decode --to json save.sav | jq -c '.tick += 1' | godot-bin encode --from json --like save.sav -o save.sav
  godot-bin convert --to-dialect godot4 old.sav -o new.sav
  godot-bin config-file settings.cfg -o settings.json
  godot-bin web                                    # the save inspector in the browser (scripts/web.sh build first)

`godot-bin COMMAND --help` describes each command.";

/// `godot-bin decode --help`.
pub(crate) const DECODE_ABOUT: &str = "\
Binary to text or JSON.

Text (--to text, the default) is the dialect's var_to_str syntax (var2str in 3.x): Vector2(1, 2.5),
Array[int]([1]), &\"name\" in Godot 4; Vector2( 1, 2.5 ), PoolIntArray( 1 ) in Godot 3. It differs from
the engine's own output in two ways, both so that the engine's str_to_var of this text gives back the exact
bytes: dictionary keys stay in stored order (the engine's printer sorts them), and every float is printed
with digits the engine's own, not correctly rounded, parser reads back exactly. --exact fails instead of
printing a value the engine cannot rebuild from text (an object by instance id, a NaN payload, a non-empty
Signal, a RID in 3.x, a float below about 1e-292).

JSON (--to json) is plain JSON where that is unambiguous (int, float with a '.', String, untyped Array,
Dictionary with String keys) and {\"$Type\": ...} where it is not ({\"$Vector2\": [1.5, -2.25]},
{\"$StringName\": \"a\"}, {\"$PackedByteArray\": \"base64\"}, {\"$float\": \"nan\"}, typed containers,
non-String keys). Lossless: decode --to json, then encode --from json, gives the same bytes.

With --framing stream each value of a store_var/put_var stream is one line of text or JSON.

An empty input says `empty input`; a save cut short says `truncated: the first value declares N byte(s), M
present`; the bytes of another format say what they look like (a PNG image, ConfigFile text, JSON, a Godot
resource pack, ...); flags that do not fit the bytes are answered with the flags that do.";

/// After `godot-bin decode --help`.
pub(crate) const DECODE_AFTER: &str = "\
Examples:
  godot-bin decode save.sav                                     # dialect and framing detected
  godot-bin decode --dialect godot3 --framing stream save.sav -o save.txt
  godot-bin decode --to json save.sav | jq '.entities[1].pos'
  GODOT_BIN_PASSWORD=hunter2 godot-bin decode save.dat          # an encrypted save";

/// `godot-bin info --help`.
pub(crate) const INFO_ABOUT: &str = "\
What a file is: its container, framing and the dialects that read it (with --password/--key, what is
inside an encrypted one).

This is the detection decode and convert do when no dialect is given, printed with every candidate.";

/// `godot-bin check --help`.
pub(crate) const CHECK_ABOUT: &str = "\
The scripts a Resource save (.tres, or .res plain or compressed) would make the engine load, found without
loading or running anything. Loading a Resource runs the code of its scripts, so a shared save can carry code.

Exit status 0 when the only scripts are the game's own (res:// paths); 1 when there is another, with one
line on standard output for each: an embedded script (a GDScript sub-resource, with its id), a script
path in user://, an absolute path, a path with '..', a relative path, or any other external file outside
res://, with the forms a .tres hides it in (an attribute written twice, a tag across lines, a comment
inside the tag, a path written as a StringName or NodePath). A file
that cannot be read is exit status 1 too, with the reason on standard error (it was not checked).

--strip -o OUT writes the save without them: embedded scripts and external files outside res:// removed, a
`script` property naming one removed (the resource loads as its saved class), other references to one made
null, the data kept, in the save's own form (.tres, .res, compressed .res). Exit status 0 when the file
written passes the check.";

/// `godot-bin encode --help`.
pub(crate) const ENCODE_ABOUT: &str = "\
Text or JSON to binary.

The input is the text or JSON that decode prints (one value, or one per line with --framing stream).
Either --dialect or --like ORIGINAL says what to write: --like takes ORIGINAL's dialect, framing and
container (the compression mode; for an encrypted file the same key and layout), and with --from json the
types JSON tools lose come back from it (jq prints 1.0 as 1 and -0.0 as -0).

Containers: --compress fastlz|deflate|zstd|gzip writes open_compressed's file (FastLZ byte for byte as the
engines write it); --password, --key or --encrypt writes an encrypted file (open_encrypted_with_pass,
open_encrypted) in the dialect's layout;
--plain writes none.";

/// After `godot-bin encode --help`.
pub(crate) const ENCODE_AFTER: &str = "\
Examples:
  godot-bin encode --dialect godot3 --framing stream save.txt -o save.sav
  godot-bin encode --dialect godot4.6 --from json --compress zstd save.json -o save.dat
  godot-bin encode --dialect godot3 --from json --password hunter2 save.json -o save.dat
  godot-bin decode --to json save.sav | jq -c '.tick += 1' | godot-bin encode --from json --like save.sav -o save.sav";

/// `godot-bin convert --help`.
pub(crate) const CONVERT_ABOUT: &str = "\
Binary of one dialect to binary of another (e.g. --from-dialect godot3 --to-dialect godot4).

Godot 3 to 4 writes Pool*Array as Packed*Array, Quat as Quaternion, Transform as Transform3D, ... (the same
values with the target's type ids); back to 3, StringName becomes String and typed containers untyped.
Also between Godot 4 minors (typed containers before 4.3/4.4, PackedVector4Array before 4.3) and
Pandemonium layouts. A value with no counterpart (Vector2i, Callable, PackedInt64Array, ... in Godot 3) is
an error naming where it is (`at entities[3].pos: Vector2i has no counterpart in godot3`) unless --coerce
applies the lossy mapping (Vector2i to Vector2, PackedInt64Array to PackedInt32Array when it fits, ...).
Full objects pass unchanged (class names are not renamed).

The input's container is kept (an encrypted file gets the target engine's layout) unless --compress,
--password/--key or --plain changes it.";

/// After `godot-bin convert --help`.
pub(crate) const CONVERT_AFTER: &str = "\
Examples:
  godot-bin convert --to-dialect godot4 save.sav -o save.sav        # in place, dialect detected
  godot-bin convert --from-dialect godot3 --to-dialect godot4 --framing stream old.sav -o new.sav
  godot-bin convert --to-dialect godot4 --password hunter2 save.dat -o save.dat   # stays encrypted";

/// `godot-bin config-file --help`.
pub(crate) const CONFIG_FILE_ABOUT: &str = "\
ConfigFile text (ConfigFile.save) to JSON and back: JSON is {section: {key: value}} in the type-tagged JSON
of decode --to json; the keys outside any section are under \"\".

Without --dialect the text is read as Godot 4.x and as 3.x (PackedStringArray(...) or
PoolStringArray( ... ), Transform3D or Transform, Color(1, 2, 3, 4) or Color( 1, 2, 3, 4 )) and the
reading that reads it, or that writes more of its lines back as they are, is taken; when that does not
tell and it matters, the message asks for --dialect. Text is written as ConfigFile.save writes it, byte for byte.

Encrypted files (save_encrypted_pass) are opened with the password; ConfigFile text is written encrypted
when the input or ORIGINAL was, or with --password/--key/--encrypt (--plain: never).";

/// After `godot-bin config-file --help`.
pub(crate) const CONFIG_FILE_AFTER: &str = "\
Examples:
  godot-bin config-file settings.cfg -o settings.json
  godot-bin config-file --from json --to config --like settings.cfg settings.json -o settings.cfg
  GODOT_BIN_PASSWORD=hunter2 godot-bin config-file settings.dat
  godot-bin config-file --to config --password hunter2 settings.cfg -o settings.dat";

/// `godot-bin schema --help`.
pub(crate) const SCHEMA_ABOUT: &str = "\
The shape of the values in saves, as Rust types, GDScript classes or a schema file (JSON).

Each FILE is read as decode reads it (container, dialect and framing detected; --password, --dialect,
--framing as there) and one schema is inferred from the Dictionary values of all of them (a value that is
not a Dictionary is left out, and stderr says so): a struct for Dictionaries with String keys that recur,
with the fields in the files' key order; Option where a key is sometimes null, or sometimes missing (such a
field is left out when None); a map for other Dictionaries; typed arrays and dictionaries, packed arrays and
the math types as they are; an enum for a String that takes a few values in many places (its doc says so);
names from the keys. The top type is --name. Every part is as narrow as writes all the values seen back to
the same bytes, else Variant: the Rust reads each file it came from and writes it back byte for byte.

--schema SCHEMA_FILE reads a schema file (what --to json prints) instead of saves, to turn it into Rust
or GDScript. A FILE is always read as a save, whatever its text: a JSON save is inferred from, never taken
for a schema file. Docs and names from a schema file reach the output only as plain-text comments and
escaped string literals (nothing in a doc becomes a doctest).

--to rust prints types deriving serde's Serialize and Deserialize that need only godot_bin and serde
(feature derive); --to gdscript one GDScript file: the top type's class, the others as inner classes, with
from_variant and to_variant; --to json the schema file.";

/// After `godot-bin schema --help`.
pub(crate) const SCHEMA_AFTER: &str = "\
Examples:
  godot-bin schema --to rust save.sav > src/save.rs                 # struct Save and what it uses
  godot-bin schema --to rust --name GameState slot1.sav slot2.sav    # one schema from several saves
  godot-bin schema --to json save.sav -o save.schema.json
  godot-bin schema --to gdscript --schema save.schema.json -o save_data.gd";
