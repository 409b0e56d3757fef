//! Framing: how the engines put values on a stream or in a file (filled in below).
