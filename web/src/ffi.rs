//! The WebAssembly exports worker.js calls (no wasm-bindgen): memory for the page's bytes, one call per op
//! with JSON in and out, and the random bytes new Godot 4 IVs need, from the page's crypto.getRandomValues.
//! The only unsafe code of the model: raw pointers handed over by JavaScript.
#![allow(unsafe_code)]

use std::cell::RefCell;

use crate::Session;

/// The session and the last call's outputs, alive as long as the instance.
#[derive(Default)]
struct Instance {
    session: Session,
    /// The last reply's JSON (result or error object).
    out: Vec<u8>,
    /// The last reply's byte result (save, content, export).
    bin: Vec<u8>,
}

thread_local! {
    static INSTANCE: RefCell<Instance> = RefCell::new(Instance::default());
}

unsafe extern "C" {
    /// Fills `len` bytes at `ptr` with random bytes (crypto.getRandomValues).
    fn gb_random(ptr: *mut u8, len: usize);
}

/// getrandom's custom backend (`--cfg getrandom_backend="custom"`): the page's random bytes.
///
/// # Safety
/// getrandom calls it with `len` writable bytes at `dest`.
#[unsafe(no_mangle)]
unsafe extern "Rust" fn __getrandom_v03_custom(dest: *mut u8, len: usize) -> Result<(), getrandom::Error> {
    // SAFETY: `dest` holds `len` writable bytes (getrandom's contract); the import writes exactly those.
    unsafe { gb_random(dest, len) };
    Ok(())
}

/// Room for `len` bytes the page writes into; freed with `gb_free(ptr, len)`.
#[unsafe(no_mangle)]
pub extern "C" fn gb_alloc(len: usize) -> *mut u8 {
    let mut buf = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len.max(1)));
    buf.as_mut_ptr()
}

/// Frees what `gb_alloc(len)` gave.
///
/// # Safety
/// `ptr` came from `gb_alloc(len)` with this `len` and is not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gb_free(ptr: *mut u8, len: usize) {
    // SAFETY: `ptr` and its capacity `len.max(1)` are those `gb_alloc` made the vector with.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Runs one op: the request JSON `{op, args}` at `req_ptr`, the op's bytes at `data_ptr`. 0: ok (the
/// result is at `gb_out_ptr`), 1: an error (the error object is there). Bytes answered are at `gb_bin_ptr`.
///
/// # Safety
/// `req_ptr`/`data_ptr` hold `req_len`/`data_len` initialized bytes (from `gb_alloc`), not written
/// while the call runs.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gb_call(req_ptr: *const u8, req_len: usize, data_ptr: *const u8, data_len: usize) -> u32 {
    // SAFETY: as the caller promises; a zero length is read as an empty slice, whatever the pointer.
    let (req, data) = unsafe {
        (
            if req_len == 0 { &[][..] } else { std::slice::from_raw_parts(req_ptr, req_len) },
            if data_len == 0 { &[][..] } else { std::slice::from_raw_parts(data_ptr, data_len) },
        )
    };
    INSTANCE.with_borrow_mut(|inst| {
        inst.bin = Vec::new();
        let reply = match serde_json::from_slice::<serde_json::Value>(req) {
            Ok(r) => {
                let op = r.get("op").and_then(|o| o.as_str()).unwrap_or("").to_string();
                let args = r.get("args").cloned().unwrap_or(serde_json::Value::Null);
                inst.session.call(&op, &args, data)
            }
            Err(e) => Err(crate::OpError::new(format!("bad request: {e}"))),
        };
        let (code, out) = match reply {
            Ok(r) => {
                inst.bin = r.data.unwrap_or_default();
                (0, r.result)
            }
            Err(e) => (1, e.to_json()),
        };
        inst.out = serde_json::to_vec(&out).unwrap_or_default();
        code
    })
}

/// The last reply's JSON.
#[unsafe(no_mangle)]
pub extern "C" fn gb_out_ptr() -> *const u8 {
    INSTANCE.with_borrow(|i| i.out.as_ptr())
}

/// The last reply's JSON length.
#[unsafe(no_mangle)]
pub extern "C" fn gb_out_len() -> usize {
    INSTANCE.with_borrow(|i| i.out.len())
}

/// The last reply's bytes.
#[unsafe(no_mangle)]
pub extern "C" fn gb_bin_ptr() -> *const u8 {
    INSTANCE.with_borrow(|i| i.bin.as_ptr())
}

/// The last reply's byte count.
#[unsafe(no_mangle)]
pub extern "C" fn gb_bin_len() -> usize {
    INSTANCE.with_borrow(|i| i.bin.len())
}
