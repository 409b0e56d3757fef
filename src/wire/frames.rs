//! The one reader of `store_var` / `put_var` frame lengths: a u32 (little-endian, or big-endian as
//! `FileAccess.big_endian = true` writes it) before each value. Every walk over frames in the crate goes
//! through [`frame_len`] and [`Frames`].

/// A u32 from its 4 bytes, big-endian or little-endian.
#[inline]
pub(crate) fn u32_in(b: [u8; 4], big_endian: bool) -> u32 {
    if big_endian {
        u32::from_be_bytes(b)
    } else {
        u32::from_le_bytes(b)
    }
}

/// A u16 from its 2 bytes, big-endian or little-endian (binary resources' NodePath counts).
#[inline]
pub(crate) fn u16_in(b: [u8; 2], big_endian: bool) -> u16 {
    if big_endian {
        u16::from_be_bytes(b)
    } else {
        u16::from_le_bytes(b)
    }
}

/// A u64 from its 8 bytes, big-endian or little-endian (binary resources' offsets, UIDs and 64-bit numbers).
#[inline]
pub(crate) fn u64_in(b: [u8; 8], big_endian: bool) -> u64 {
    if big_endian {
        u64::from_be_bytes(b)
    } else {
        u64::from_le_bytes(b)
    }
}

/// The little-endian u32 at `at` in `bytes`, if all 4 bytes are there (container headers).
#[inline]
#[cfg(feature = "containers")]
pub(crate) fn le_u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    frame_len(bytes.get(at..)?, false)
}

/// The little-endian u64 at `at` in `bytes`, if all 8 bytes are there (container headers).
#[inline]
#[cfg(feature = "containers")]
pub(crate) fn le_u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(bytes.get(at..at.checked_add(8)?)?.try_into().ok()?))
}

/// The frame length at the start of `bytes`, if it has 4 bytes.
#[inline]
pub(crate) fn frame_len(bytes: &[u8], big_endian: bool) -> Option<u32> {
    Some(u32_in(bytes.get(..4)?.try_into().ok()?, big_endian))
}

/// Where the first frame of `bytes` ends: 4 plus its length (which may lie beyond `bytes`).
#[cfg(feature = "containers")]
pub(crate) fn frame_end(bytes: &[u8], big_endian: bool) -> Option<usize> {
    frame_len(bytes, big_endian).map(|n| 4usize.saturating_add(n as usize))
}

/// A frame that does not fit: fewer than 4 bytes where a length belongs (`declared` is `None`), or a
/// length that declares more bytes than follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    /// Where the frame starts (its length field).
    pub(crate) at: usize,
    /// What its length declares, when there are 4 bytes to hold one.
    pub(crate) declared: Option<usize>,
    /// The bytes there are after the length field (or of the partial length field).
    pub(crate) present: usize,
}

/// The frames of a whole buffer, in order: each value's bytes and where they start, then `Err(Cut)` once
/// if the buffer ends inside a frame.
pub(crate) struct Frames<'a> {
    bytes: &'a [u8],
    pos: usize,
    big_endian: bool,
    done: bool,
}

impl<'a> Frames<'a> {
    pub(crate) fn new(bytes: &'a [u8], big_endian: bool) -> Frames<'a> {
        Frames { bytes, pos: 0, big_endian, done: false }
    }
}

impl<'a> Iterator for Frames<'a> {
    type Item = Result<(usize, &'a [u8]), Cut>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.pos >= self.bytes.len() {
            return None;
        }
        let at = self.pos;
        let rest = &self.bytes[at..];
        let Some(len) = frame_len(rest, self.big_endian) else {
            self.done = true;
            return Some(Err(Cut { at, declared: None, present: rest.len() }));
        };
        let len = len as usize;
        match rest.get(4..).and_then(|r| r.get(..len)) {
            Some(body) => {
                self.pos = at + 4 + len;
                Some(Ok((at + 4, body)))
            }
            None => {
                self.done = true;
                Some(Err(Cut { at, declared: Some(len), present: rest.len() - 4 }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_and_cuts() {
        // A frame of 1 byte, one of 2, then a length cut short.
        let bytes = [1, 0, 0, 0, 9, 2, 0, 0, 0, 7, 7, 3, 0];
        let got: Vec<_> = Frames::new(&bytes, false).collect();
        assert_eq!(got, [Ok((4, &[9][..])), Ok((9, &[7, 7][..])), Err(Cut { at: 11, declared: None, present: 2 })]);
        assert_eq!(frame_len(&[0, 0, 0, 5], true), Some(5));
        #[cfg(feature = "containers")]
        assert_eq!(frame_end(&[5, 0, 0], false), None);
        let cut: Vec<_> = Frames::new(&[1, 0], false).collect();
        assert_eq!(cut, [Err(Cut { at: 0, declared: None, present: 2 })]);
        let over: Vec<_> = Frames::new(&[9, 0, 0, 0, 1], false).collect();
        assert_eq!(over, [Err(Cut { at: 0, declared: Some(9), present: 1 })]);
    }
}
