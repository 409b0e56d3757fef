//! `Error` stays one pointer wide (its kind and offset live behind a `Box`), so `Result<T>` costs little more
//! than `T` on every call of the decoder and encoder.

use godot_bin::Error;

#[test]
fn error_is_one_pointer() {
    assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    assert_eq!(std::mem::size_of::<godot_bin::Result<()>>(), std::mem::size_of::<usize>());
}
