//! `godot-bin web`: serves the save inspector on 127.0.0.1: the app built into this binary (web/dist, the
//! static app `scripts/web.sh build` assembles, committed with the sources so that building the tool needs no
//! wasm32 toolchain), or a folder given with `--dir`. Plain HTTP/1.1 over std::net, a thread per connection, GET and HEAD of files under one folder.
//! A client gets bounded room and time: a request's head is read within [`HEAD_LIMIT`] bytes and
//! [`HEAD_TIME`], a response is taken within [`WRITE_TIME`] (a file is sent from the disk a piece at a
//! time, never held whole), at most [`MAX_CONNECTIONS`] connections are served at once, and when they are
//! all taken the one that has waited longest (for a request's head, or for the client to take a response)
//! is dropped for the newcomer, so that no client (a slow one, one that never reads its answers, a flood of
//! idle ones, an endless header) holds the memory or the threads of the others.
//! Only requests for this server's own address are answered (`Host` 127.0.0.1 or localhost, with its port):
//! a page of another site that a DNS name points here (DNS rebinding) gets 421. A request with a body is
//! answered and its connection closed: the body is never read as a request of its own.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most bytes of a request's head (its request line and headers) read before it is refused.
const HEAD_LIMIT: usize = 16 << 10;
/// The time a request's head may take to arrive, counted from when the connection waits for it (a
/// keep-alive connection idle that long is closed).
const HEAD_TIME: Duration = Duration::from_secs(20);
/// The time a response may take to be taken by the client, in all.
const WRITE_TIME: Duration = Duration::from_secs(30);
/// The most connections served at once; one more is answered 503 and closed.
const MAX_CONNECTIONS: usize = 256;
/// What the page may do: run its own scripts and the wasm it loads, nothing inline, nothing from
/// elsewhere (a value of a save that ever reached the page as markup would not run).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// `godot-bin web --help`.
pub(crate) const ABOUT: &str = "\
Serve the save inspector on 127.0.0.1: a page that opens any Godot save in the browser (plain, compressed,
encrypted, store_var streams, bare var_to_bytes, ConfigFile text), shows it as a tree, a hex view and Godot's
text form, edits it and saves it back in the same container. Nothing leaves the machine: the page runs
godot_bin compiled to WebAssembly.

The first line of output is the address to open, e.g. http://127.0.0.1:8740/; it serves until interrupted.
The app is built into this tool; --dir DIR serves a folder instead (what `scripts/web.sh build` assembles).
The same app is the folder web/dist of the repository: any static web server can serve it instead.";

/// Why serving failed: exit status and message.
pub(crate) struct Fail(pub(crate) u8, pub(crate) String);

/// The app built into the binary: every file of web/dist, by its path under it.
const APP: &[(&str, &[u8])] = &[
    ("index.html", include_bytes!("../../../web/dist/index.html")),
    ("style.css", include_bytes!("../../../web/dist/style.css")),
    ("app.js", include_bytes!("../../../web/dist/app.js")),
    ("worker.js", include_bytes!("../../../web/dist/worker.js")),
    ("sw.js", include_bytes!("../../../web/dist/sw.js")),
    ("ui/client.js", include_bytes!("../../../web/dist/ui/client.js")),
    ("ui/editor.js", include_bytes!("../../../web/dist/ui/editor.js")),
    ("ui/hex.js", include_bytes!("../../../web/dist/ui/hex.js")),
    ("ui/textpane.js", include_bytes!("../../../web/dist/ui/textpane.js")),
    ("ui/tree.js", include_bytes!("../../../web/dist/ui/tree.js")),
    ("ui/vlist.js", include_bytes!("../../../web/dist/ui/vlist.js")),
    ("godot_bin_web.wasm", include_bytes!("../../../web/dist/godot_bin_web.wasm")),
];

/// Where the files served come from.
#[derive(Clone)]
enum App {
    /// The app built into the binary ([`APP`]).
    Builtin,
    /// A folder (canonical).
    Dir(PathBuf),
}

/// The app to serve: the folder `dir`, else the one built in.
fn app(dir: Option<PathBuf>) -> Result<App, Fail> {
    let Some(d) = dir else { return Ok(App::Builtin) };
    match d.join("index.html").is_file() {
        true => d.canonicalize().map(App::Dir).map_err(|e| Fail(2, format!("{}: {e}", d.display()))),
        false => Err(Fail(
            2,
            format!("no app to serve in {}: build it with scripts/web.sh build (or leave out --dir)", d.display()),
        )),
    }
}

/// Serves the app on 127.0.0.1:`port` until interrupted.
pub(crate) fn serve(port: u16, dir: Option<PathBuf>) -> Result<(), Fail> {
    let root = app(dir)?;
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| Fail(1, format!("127.0.0.1:{port}: {e}")))?;
    let addr = listener.local_addr().map_err(|e| Fail(1, e.to_string()))?;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "http://{addr}/");
    let _ = out.flush();
    match &root {
        App::Builtin => eprintln!("godot-bin: serving the inspector built into this tool (Ctrl+C stops)"),
        App::Dir(d) => eprintln!("godot-bin: serving {} (Ctrl+C stops)", d.display()),
    }
    let open = Arc::new(AtomicUsize::new(0));
    let waiting = Arc::new(Waiting::default());
    let port = addr.port();
    for conn in listener.incoming() {
        let Ok(mut conn) = conn else { continue };
        if open.load(Ordering::SeqCst) >= MAX_CONNECTIONS && !waiting.drop_oldest() {
            let body = Body::Bytes(Cow::Borrowed(b"503 too many connections\n"));
            let _ = respond(&mut conn, 503, "text/plain; charset=utf-8", body, false, true);
            continue;
        }
        open.fetch_add(1, Ordering::SeqCst);
        let (root, count, waiting) = (root.clone(), Arc::clone(&open), Arc::clone(&waiting));
        // A thread the system does not give drops the connection (the closure and its stream with it).
        let spawned = std::thread::Builder::new().spawn(move || {
            let _ = handle(conn, &root, port, &waiting);
            count.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::SeqCst);
        }
    }
    Ok(())
}

/// The connections waiting on their client (for a request's head, or for it to take a response), oldest
/// first, so that a newcomer can take the place of the one that has waited longest when every slot is taken.
#[derive(Default)]
struct Waiting(Mutex<(u64, VecDeque<(u64, TcpStream)>)>);

impl Waiting {
    /// Notes that `conn` waits on its client; the number to [`Waiting::done`] it with.
    fn start(&self, conn: &TcpStream) -> Option<u64> {
        let copy = conn.try_clone().ok()?;
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        w.0 += 1;
        let id = w.0;
        w.1.push_back((id, copy));
        Some(id)
    }

    /// The connection `id` has its head, or its response was taken (or it is gone).
    fn done(&self, id: Option<u64>) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        w.1.retain(|(i, _)| Some(*i) != id);
    }

    /// Closes the connection that has waited longest on its client; false if none waits.
    fn drop_oldest(&self) -> bool {
        let oldest = self.0.lock().unwrap_or_else(|e| e.into_inner()).1.pop_front();
        if let Some((_, conn)) = &oldest {
            // Its thread's read or write fails at once, and the thread ends, freeing the slot.
            let _ = conn.shutdown(std::net::Shutdown::Both);
        }
        oldest.is_some()
    }
}

/// Whether a `Host` header names this server: 127.0.0.1 or localhost, on its port (or with none).
fn host_is_ours(host: &str, port: u16) -> bool {
    let host = host.trim().to_ascii_lowercase();
    let name = match host.rsplit_once(':') {
        Some((name, p)) if p == port.to_string() => name,
        Some(_) => return false,
        None => &host,
    };
    name == "127.0.0.1" || name == "localhost"
}

/// The content type of a file, by its extension.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "webmanifest" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `%XX` escapes decoded; `None` for a bad escape or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// What a response carries.
enum Body {
    Bytes(Cow<'static, [u8]>),
    /// A file of the folder served, with its length: sent a piece at a time.
    File(std::fs::File, u64),
}

impl Body {
    fn len(&self) -> u64 {
        match self {
            Body::Bytes(b) => b.len() as u64,
            Body::File(_, n) => *n,
        }
    }
}

/// The file a request path names, as its body and content type; `Err(status)` when it names none.
fn resolve(root: &App, target: &str) -> Result<(Body, &'static str), u16> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let path = percent_decode(path).ok_or(400u16)?;
    if !path.starts_with('/') {
        return Err(400);
    }
    // No step outside the folder: `..`, backslashes and NUL are refused outright.
    if path.split('/').any(|seg| seg == "..") || path.contains(['\\', '\0']) {
        return Err(403);
    }
    let rel = path.trim_start_matches('/');
    let root = match root {
        App::Dir(root) => root,
        App::Builtin => {
            let mut name = rel.to_string();
            if name.is_empty() || name.ends_with('/') {
                name.push_str("index.html");
            }
            let (_, bytes) = APP.iter().find(|(n, _)| *n == name).ok_or(404u16)?;
            return Ok((Body::Bytes(Cow::Borrowed(*bytes)), content_type(Path::new(&name))));
        }
    };
    let mut file = root.join(rel);
    if rel.is_empty() || rel.ends_with('/') {
        file = file.join("index.html");
    }
    let real = file.canonicalize().map_err(|_| 404u16)?;
    if !real.starts_with(root) {
        return Err(403);
    }
    let real = match real.is_dir() {
        true => Some(real.join("index.html")).filter(|i| i.is_file()).ok_or(404u16)?,
        false => real,
    };
    // Only a regular file: opening a FIFO (or a device) would wait for a writer, holding the slot for ever.
    if !std::fs::metadata(&real).is_ok_and(|m| m.is_file()) {
        return Err(404);
    }
    let file = std::fs::File::open(&real).map_err(|_| 404u16)?;
    let len = file.metadata().map_err(|_| 404u16)?.len();
    Ok((Body::File(file, len), content_type(&real)))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Internal Server Error",
    }
}

/// How reading a request's head ended.
enum Head {
    /// The client closed the connection before a request.
    Closed,
    /// The request line, and whether the client asked to close after the answer.
    Request(String, bool),
    /// A request refused with this status (the connection closes after the answer).
    Refused(u16),
}

/// One line of at most `room` bytes (without its line break), before `deadline`. `Ok(None)`: the client
/// closed before sending a byte of it.
fn read_line(reader: &mut BufReader<TcpStream>, room: &mut usize, deadline: Instant) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        reader.get_ref().set_read_timeout(Some(left))?;
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return if line.is_empty() { Ok(None) } else { Err(io::ErrorKind::UnexpectedEof.into()) };
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if take > *room {
            return Err(io::ErrorKind::OutOfMemory.into());
        }
        *room -= take;
        line.extend_from_slice(&buf[..take]);
        reader.consume(take);
        if done {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(line));
        }
    }
}

/// Reads a request's head: its request line, and of its headers whether it asks to close, whether it
/// names this server (`Host`, see [`host_is_ours`]) and whether a body follows.
fn read_head(reader: &mut BufReader<TcpStream>, port: u16) -> io::Result<Head> {
    let deadline = Instant::now() + HEAD_TIME;
    let mut room = HEAD_LIMIT;
    let refused = |e: io::Error| match e.kind() {
        io::ErrorKind::OutOfMemory => Ok(Head::Refused(431)),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => Ok(Head::Refused(408)),
        _ => Err(e),
    };
    let line = match read_line(reader, &mut room, deadline) {
        Ok(Some(l)) => l,
        Ok(None) => return Ok(Head::Closed),
        Err(e) => return refused(e),
    };
    let (mut close, mut hosts, mut ours) = (false, 0, false);
    loop {
        match read_line(reader, &mut room, deadline) {
            Ok(Some(h)) if h.is_empty() => break,
            Ok(Some(h)) => {
                let lower = String::from_utf8_lossy(&h).to_ascii_lowercase();
                let (name, value) = lower.split_once(':').unwrap_or((&lower, ""));
                match name.trim() {
                    "connection" if value.contains("close") => close = true,
                    "host" => (hosts, ours) = (hosts + 1, host_is_ours(value, port)),
                    // A body: answered without reading it, then the connection closes.
                    "content-length" if value.trim() != "0" => close = true,
                    "transfer-encoding" => close = true,
                    _ => {}
                }
            }
            Ok(None) => break,
            Err(e) => return refused(e),
        }
    }
    match String::from_utf8(line) {
        Ok(_) if hosts != 1 => Ok(Head::Refused(400)),
        Ok(_) if !ours => Ok(Head::Refused(421)),
        Ok(line) => Ok(Head::Request(line, close)),
        Err(_) => Ok(Head::Refused(400)),
    }
}

/// Writes one response (`body` left out for HEAD), all of it within [`WRITE_TIME`].
fn respond(conn: &mut TcpStream, status: u16, kind: &str, body: Body, head: bool, close: bool) -> io::Result<()> {
    let deadline = Instant::now() + WRITE_TIME;
    let resp = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\n\
         X-Content-Type-Options: nosniff\r\nContent-Security-Policy: {CONTENT_SECURITY_POLICY}\r\n{}{}\r\n",
        reason(status),
        body.len(),
        if status == 405 { "Allow: GET, HEAD\r\n" } else { "" },
        if close { "Connection: close\r\n" } else { "" },
    );
    write_by(conn, resp.as_bytes(), deadline)?;
    match body {
        _ if head => {}
        Body::Bytes(b) => write_by(conn, &b, deadline)?,
        Body::File(file, len) => {
            let mut buf = vec![0; 64 << 10];
            let mut file = file.take(len);
            let mut sent = 0;
            while sent < len {
                let n = file.read(&mut buf)?;
                if n == 0 {
                    // The file got shorter than its length said: the connection closes, the answer cut.
                    return Err(io::ErrorKind::UnexpectedEof.into());
                }
                write_by(conn, &buf[..n], deadline)?;
                sent += n as u64;
            }
        }
    }
    conn.flush()
}

/// Writes all of `bytes` before `deadline` (each write may wait only for the time left).
fn write_by(conn: &mut TcpStream, mut bytes: &[u8], deadline: Instant) -> io::Result<()> {
    while !bytes.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        conn.set_write_timeout(Some(left))?;
        match conn.write(bytes) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Answers the requests of one connection (keep-alive until the client closes, sends a request it may
/// not, keeps the next one waiting longer than [`HEAD_TIME`] or takes a response slower than
/// [`WRITE_TIME`]). While it waits on its client it may be dropped for a newcomer ([`Waiting`]).
fn handle(conn: TcpStream, root: &App, port: u16, waiting: &Waiting) -> io::Result<()> {
    let mut reader = BufReader::new(conn.try_clone()?);
    let mut conn = conn;
    loop {
        let id = waiting.start(&conn);
        let head = read_head(&mut reader, port);
        waiting.done(id);
        let (line, close) = match head? {
            Head::Closed => return Ok(()),
            Head::Request(line, close) => (line, close),
            Head::Refused(s) => {
                let body = Body::Bytes(Cow::Owned(format!("{s} {}\n", reason(s)).into_bytes()));
                let id = waiting.start(&conn);
                let sent = respond(&mut conn, s, "text/plain; charset=utf-8", body, false, true);
                waiting.done(id);
                return sent;
            }
        };
        let mut parts = line.split_whitespace();
        let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let head = method == "HEAD";
        let (status, kind, body) = if method != "GET" && !head {
            (405, "text/plain; charset=utf-8", Body::Bytes(Cow::Borrowed(&b"only GET and HEAD\n"[..])))
        } else {
            match resolve(root, target) {
                Ok((body, kind)) => (200, kind, body),
                Err(s) => (
                    s,
                    "text/plain; charset=utf-8",
                    Body::Bytes(Cow::Owned(format!("{} {}\n", s, reason(s)).into_bytes())),
                ),
            }
        };
        // A client that does not take its answers (or asks for more without reading) waits on itself.
        let id = waiting.start(&conn);
        let sent = respond(&mut conn, status, kind, body, head, close);
        waiting.done(id);
        sent?;
        if close {
            return Ok(());
        }
    }
}
