//! Where the encoders write: the sealed [`Output`] buffers and [`BufTarget`] for `to_buf_with`.

/// The encoders' lent buffer and `to_buf_with`'s in-place targets, for the format layer.
pub(crate) use sealed::{Lent, Target};

/// Where the encoders write: a byte buffer they append to and patch in place (a container's count is
/// written after its elements). Sealed: implemented for `Vec<u8>` and [`bytes::BytesMut`](https://docs.rs/bytes/1/bytes/struct.BytesMut.html), so the
/// [`Serializer`](crate::ser::Serializer), [`Variant::encode_into`](crate::Variant::encode_into) and
/// [`framing::put_var_into`](crate::framing::put_var_into) write straight into either, with no buffer of
/// their own and no copy.
///
/// ```
/// use godot_bin::{ser::{Output, Serializer}, Config};
/// use serde::Serialize;
/// fn append<O: Output>(out: &mut O) -> Result<(), godot_bin::Error> {
///     (1, "a").serialize(&mut Serializer::new(out, &Config::default()))
/// }
/// let (mut v, mut b) = (Vec::new(), bytes::BytesMut::with_capacity(64));
/// append(&mut v)?;
/// append(&mut b)?;
/// assert_eq!(v, &b[..]);
/// assert_eq!(v, godot_bin::to_vec(&(1, "a"))?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub trait Output: sealed::Sealed {}

impl Output for Vec<u8> {}
impl Output for bytes::BytesMut {}

/// A [`bytes::BufMut`](https://docs.rs/bytes/1/bytes/trait.BufMut.html) that [`to_buf_with`](crate::ser::to_buf_with) can write to. A `Vec<u8>` or a `BytesMut`
/// (also behind `&mut` or a `Box`) is an [`Output`]: the value is written straight into it. Any other buffer
/// (`&mut [u8]`, `Limit`, `Chain`, …) gets the value built in a `Vec` first and copied in with one
/// `put_slice`, after checking that it fits: a `BufMut` can only be appended to, and a container's count
/// goes in after its elements. Implemented for the `bytes` crate's buffers; a `BufMut` of your own takes the
/// copying path with an empty impl (`impl BufTarget for MyBuf {}`).
///
/// ```
/// use bytes::BufMut;
/// use godot_bin::{Config, ErrorKind};
/// let cfg = Config::default();
/// // In place:
/// let mut buf = bytes::BytesMut::with_capacity(64);
/// godot_bin::ser::to_buf_with(&mut buf, &"ab", &cfg)?;
/// // Copied, and bounded: 12 bytes do not fit in 8.
/// let mut small = Vec::new().limit(8);
/// let err = godot_bin::ser::to_buf_with(&mut small, &"ab", &cfg).unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::InvalidLength { value: 12 }));
/// assert!(small.get_ref().is_empty());
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub trait BufTarget: bytes::BufMut {
    /// This buffer as an output to write into in place; `None` (the default): copy into it.
    #[doc(hidden)]
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        None
    }
}

impl BufTarget for Vec<u8> {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        Some(sealed::Target::Vec(self))
    }
}
impl BufTarget for bytes::BytesMut {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        Some(sealed::Target::Bytes(self))
    }
}
impl<T: BufTarget + ?Sized> BufTarget for &mut T {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        (**self).in_place()
    }
}
impl<T: BufTarget + ?Sized> BufTarget for Box<T> {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        (**self).in_place()
    }
}
impl BufTarget for &mut [u8] {}
impl BufTarget for &mut [std::mem::MaybeUninit<u8>] {}
impl<T: bytes::BufMut> BufTarget for bytes::buf::Limit<T> {}
impl<T: bytes::BufMut, U: bytes::BufMut> BufTarget for bytes::buf::Chain<T, U> {}

/// Only this crate implements [`Output`], so it can gain methods without breaking
/// anyone. The methods the encoders write with live here, out of the public API.
mod sealed {
    use crate::error::Result;
    use crate::wire::fields::{len32, pad_len};
    use bytes::BytesMut;

    /// A [`BufTarget`](super::BufTarget) that is an [`Output`](super::Output).
    pub enum Target<'a> {
        Vec(&'a mut Vec<u8>),
        Bytes(&'a mut BytesMut),
    }

    /// An output buffer lent through the serde format's hand-over slots (which cannot be generic).
    pub enum Lent {
        Vec(Vec<u8>),
        Bytes(BytesMut),
    }

    pub trait Sealed {
        /// Bytes in the buffer (where the next byte goes).
        fn pos(&self) -> usize;
        /// Appends `b`.
        fn put(&mut self, b: &[u8]);
        /// Appends `n` zero bytes.
        fn zeros(&mut self, n: usize);
        /// Overwrites bytes already written, from `at`.
        fn patch(&mut self, at: usize, b: &[u8]);
        /// The written byte at `at`..`at + 4` as a little-endian u32.
        fn word(&self, at: usize) -> u32;
        /// Cuts the buffer back to `len` bytes.
        fn cut(&mut self, len: usize);
        /// Room for `n` more bytes.
        fn room(&mut self, n: usize);
        /// Appends a String value of at most 24 bytes: header `id`, length, text, padding. 32 zero bytes
        /// are appended, header, length and text written over them in place (the text with fixed-size
        /// moves, see [`copy_short`]), and the buffer cut back to the field's size. (Copying the text into
        /// a stack array first and appending that stalls on store forwarding: the array is read back in
        /// 16-byte loads right after a variable-length `memcpy` wrote it.)
        fn short_string(&mut self, id: u32, k: &[u8]);
        /// [`Sealed::short_string`] always inlined: for a struct field's name, whose length the compiler
        /// knows, so the text is copied with fixed moves and no call is made.
        fn short_key(&mut self, id: u32, k: &[u8]);
        /// A String of a name known where it is written (a struct field's, an enum variant's), at most 24
        /// bytes: up to 8 bytes of text as the header word and the text word appended in one go of their
        /// size (12 or 16 bytes; the text word a constant where the name is one), longer ones as
        /// [`Sealed::short_key`]. Not for text known only at run time: its word would be assembled on the
        /// stack from smaller moves and read back right away.
        fn const_key(&mut self, id: u32, k: &[u8]);
        /// The head of a struct variant `{name: {...}}` whose name is known where it is written: the outer
        /// Dictionary's header (type id `dict`) with its count 1, the name as [`Sealed::const_key`] (String
        /// id `str_id`) and the inner Dictionary's header with a zero placeholder count. A name of up to 8
        /// bytes in one append of their size (28 or 32 bytes), longer ones in three.
        fn variant_head(&mut self, dict: u32, str_id: u32, k: &[u8]);
        /// Appends the first `len` bytes of `b` (`len <= N`) with one fixed-size write cut back to size.
        fn put_cut<const N: usize>(&mut self, b: &[u8; N], len: usize);
        /// Appends the first `len` bytes (`len <= 20`) of five little-endian words (a math value's header and
        /// reals) in one append of that size: inlined where `len` is a constant, the words are stored
        /// straight into the buffer (no stack array read back, no zeros written first and cut back).
        fn put_words(&mut self, w: [u32; 5], len: usize);
        /// Moves the buffer out (leaving an empty one) to lend it through a hand-over slot.
        fn lend(&mut self) -> Lent;
        /// Takes a lent buffer back.
        fn restore(&mut self, l: Lent);

        /// A little-endian u32.
        fn w32(&mut self, v: u32);
        /// A little-endian u64.
        fn w64(&mut self, v: u64);
        /// An f32, bit for bit.
        fn wf32(&mut self, v: f32);
        /// An f64, bit for bit.
        fn wf64(&mut self, v: f64);
        /// A string field: u32 byte length, bytes, zero padding. A string longer than the engines' length
        /// field holds (2³¹ − 1 bytes) is an `InvalidLength` error, with nothing written.
        fn wstr(&mut self, s: &str) -> Result<()>;
        /// A PackedStringArray element: u32 (length + 1), bytes, NUL, zero padding; too long for the
        /// length field: an `InvalidLength` error, with nothing written.
        fn wstr_nul(&mut self, s: &str) -> Result<()>;
    }

    // Every method is written out for each concrete buffer (no provided methods calling `put`): the
    // encoders are generic, and std's `Vec::extend_from_slice` is only inlined into them (as into the
    // non-generic encoders before) when the concrete method that calls it is already specialised. With
    // provided methods, `Variant::encode` made 67 out-of-line `extend_from_slice` calls in `leaf` and took
    // 9.2 to 10.4 ms on the ratios bench's game state instead of 7.5.
    macro_rules! sealed_buf {
        ($t:ty, $variant:ident) => {
            impl Sealed for $t {
                #[inline]
                fn pos(&self) -> usize {
                    self.len()
                }
                #[inline]
                fn put(&mut self, b: &[u8]) {
                    self.extend_from_slice(b);
                }
                #[inline]
                fn w32(&mut self, v: u32) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn w64(&mut self, v: u64) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn wf32(&mut self, v: f32) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn wf64(&mut self, v: f64) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn wstr(&mut self, s: &str) -> Result<()> {
                    self.w32(len32(s.len())?);
                    self.extend_from_slice(s.as_bytes());
                    self.zeros(pad_len(s.len()));
                    Ok(())
                }
                #[inline]
                fn wstr_nul(&mut self, s: &str) -> Result<()> {
                    let k = s.as_bytes();
                    if k.len() <= 24 {
                        // As `short_string`: 32 zero bytes, length and text written over them, cut to size.
                        let at = self.len();
                        self.extend_from_slice(&[0u8; 32]);
                        if let Some(w) = self[at..].first_chunk_mut::<32>() {
                            w[..4].copy_from_slice(&(k.len() as u32 + 1).to_le_bytes());
                            copy_short(&mut w[4..], k);
                        }
                        self.truncate(at + 4 + k.len() + 1 + pad_len(k.len() + 1));
                        return Ok(());
                    }
                    let n = s.len() + 1;
                    self.w32(len32(n)?);
                    self.extend_from_slice(s.as_bytes());
                    self.resize(self.len() + 1 + pad_len(n), 0);
                    Ok(())
                }
                #[inline]
                fn zeros(&mut self, n: usize) {
                    if n <= 4 && self.capacity() - self.len() >= 4 {
                        // Padding and placeholders: one fixed-size write cut back (a `BytesMut`'s `resize` is
                        // an out-of-line call and a `memset`), where it needs no more room than `n` bytes
                        // (a buffer sized to the value is not grown).
                        let at = self.len();
                        self.extend_from_slice(&[0u8; 4]);
                        self.truncate(at + n);
                    } else {
                        self.resize(self.len() + n, 0);
                    }
                }
                #[inline]
                fn patch(&mut self, at: usize, b: &[u8]) {
                    self[at..at + b.len()].copy_from_slice(b);
                }
                #[inline]
                fn word(&self, at: usize) -> u32 {
                    u32::from_le_bytes(self[at..at + 4].try_into().expect("4 bytes"))
                }
                #[inline]
                fn cut(&mut self, len: usize) {
                    self.truncate(len);
                }
                #[inline]
                fn room(&mut self, n: usize) {
                    self.reserve(n);
                }
                #[inline]
                fn short_string(&mut self, id: u32, k: &[u8]) {
                    // The same write; only the inlining differs.
                    self.short_key(id, k);
                }
                #[inline(always)]
                fn short_key(&mut self, id: u32, k: &[u8]) {
                    let at = self.len();
                    self.extend_from_slice(&[0u8; 32]);
                    if let Some(w) = self[at..].first_chunk_mut::<32>() {
                        w[..8].copy_from_slice(&(id as u64 | (k.len() as u64) << 32).to_le_bytes());
                        copy_short(&mut w[8..], k);
                    }
                    self.truncate(at + 8 + k.len() + pad_len(k.len()));
                }
                #[inline(always)]
                fn const_key(&mut self, id: u32, k: &[u8]) {
                    let n = k.len();
                    if n > 8 {
                        return self.short_key(id, k);
                    }
                    // The text as a word (folds to a constant for a constant name), and one fixed-size
                    // append of 12 or 16 bytes: no slice of a stack array cut to a length.
                    let mut t = 0u64;
                    for (i, &c) in k.iter().enumerate() {
                        t |= (c as u64) << (8 * i);
                    }
                    let h = id as u64 | (n as u64) << 32;
                    if n == 0 {
                        self.extend_from_slice(&h.to_le_bytes());
                    } else if n <= 4 {
                        let mut b = [0u8; 12];
                        b[..8].copy_from_slice(&h.to_le_bytes());
                        b[8..].copy_from_slice(&(t as u32).to_le_bytes());
                        self.extend_from_slice(&b);
                    } else {
                        self.extend_from_slice(&(h as u128 | (t as u128) << 64).to_le_bytes());
                    }
                }
                #[inline(always)]
                fn variant_head(&mut self, dict: u32, str_id: u32, k: &[u8]) {
                    let n = k.len();
                    if n > 8 {
                        self.extend_from_slice(&(dict as u64 | 1 << 32).to_le_bytes());
                        self.short_key(str_id, k);
                        self.extend_from_slice(&(dict as u64).to_le_bytes());
                        return;
                    }
                    let mut b = [0u8; 32];
                    b[..8].copy_from_slice(&(dict as u64 | 1 << 32).to_le_bytes());
                    b[8..16].copy_from_slice(&(str_id as u64 | (n as u64) << 32).to_le_bytes());
                    copy_short(&mut b[16..], k);
                    let end = 16 + n + pad_len(n);
                    b[end..end + 8].copy_from_slice(&(dict as u64).to_le_bytes());
                    self.extend_from_slice(&b[..end + 8]);
                }
                #[inline(always)]
                fn put_cut<const N: usize>(&mut self, b: &[u8; N], len: usize) {
                    let at = self.len();
                    self.extend_from_slice(b);
                    self.truncate(at + len.min(N));
                }
                #[inline(always)]
                fn put_words(&mut self, w: [u32; 5], len: usize) {
                    // `len` is a constant where this is inlined (a math marker's `serialize`): the append
                    // is then of that fixed size, its words stored straight into the buffer.
                    let mut b = [0u8; 20];
                    for (i, x) in w.iter().enumerate() {
                        b[4 * i..4 * i + 4].copy_from_slice(&x.to_le_bytes());
                    }
                    self.extend_from_slice(&b[..len.min(20)]);
                }
                #[inline]
                fn lend(&mut self) -> Lent {
                    Lent::$variant(std::mem::take(self))
                }
                #[inline]
                #[allow(unreachable_patterns)]
                fn restore(&mut self, l: Lent) {
                    match l {
                        Lent::$variant(b) => *self = b,
                        // Not lent by this buffer: never happens, but keep the bytes.
                        Lent::Vec(b) => self.extend_from_slice(&b),
                        Lent::Bytes(b) => self.extend_from_slice(&b),
                    }
                }
            }
        };
    }
    sealed_buf!(Vec<u8>, Vec);
    sealed_buf!(BytesMut, Bytes);

    /// `dst[..src.len()].copy_from_slice(src)` for at most 24 bytes, as at most two fixed-size moves each
    /// (the first and the last bytes of `src`, overlapping where they meet; no `memcpy` call).
    #[inline]
    fn copy_short(dst: &mut [u8], src: &[u8]) {
        let n = src.len();
        let Some(dst) = dst.get_mut(..n) else { return };
        if n >= 16 {
            dst[..16].copy_from_slice(&src[..16]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        } else if n >= 8 {
            dst[..8].copy_from_slice(&src[..8]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        } else if n >= 4 {
            dst[..4].copy_from_slice(&src[..4]);
            dst[n - 4..].copy_from_slice(&src[n - 4..]);
        } else if n > 0 {
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sealed::Sealed as _;
    use crate::wire::fields::pad_len;

    #[test]
    fn short_string_is_header_and_padded_string() {
        let text = "abcdefghijklmnopqrstuvwx";
        for n in 0..=24 {
            let (mut short, mut long) = (vec![0xee; n % 5], vec![0xee; n % 5]);
            short.short_string(4, &text.as_bytes()[..n]);
            long.w32(4);
            long.wstr(&text[..n]).unwrap();
            assert_eq!(short, long, "{n} bytes");
            // A PackedStringArray element: length + 1, text, NUL, padding (the short path up to 24 bytes).
            let mut nul = vec![0xee; n % 5];
            nul.wstr_nul(&text[..n]).unwrap();
            let mut want = vec![0xee; n % 5];
            want.extend_from_slice(&(n as u32 + 1).to_le_bytes());
            want.extend_from_slice(&text.as_bytes()[..n]);
            want.resize(want.len() + 1 + pad_len(n + 1), 0);
            assert_eq!(nul, want, "{n} bytes, NUL-terminated");
            let mut b = bytes::BytesMut::new();
            b.short_string(4, &text.as_bytes()[..n]);
            assert_eq!(b[..], long[n % 5..], "{n} bytes, BytesMut");
            // A name's String: the same bytes.
            let mut key = vec![0xee; n % 5];
            key.const_key(4, &text.as_bytes()[..n]);
            assert_eq!(key, long, "{n} bytes, const_key");
        }
    }
}
