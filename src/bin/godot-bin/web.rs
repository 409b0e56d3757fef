//! `godot-bin web`: serves the save inspector (the static app `scripts/web.sh build` assembles) on
//! 127.0.0.1. Plain HTTP/1.1 over std::net, a thread per connection, GET and HEAD of files under one folder.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};

/// `godot-bin web --help`.
pub const ABOUT: &str = "\
Serve the save inspector on 127.0.0.1: a page that opens any Godot save in the browser (plain, compressed,
encrypted, store_var streams, bare var_to_bytes, ConfigFile text), shows it as a tree, a hex view and Godot's
text form, edits it and saves it back in the same container. Nothing leaves the machine: the page runs
godot_bin compiled to WebAssembly.

The first line of output is the address to open, e.g. http://127.0.0.1:8740/; it serves until interrupted.
The app is the folder `scripts/web.sh build` assembles (web/dist): --dir DIR, else web/dist in the current
directory, else web/dist of the repository the tool was built in. Any static web server can serve that folder
instead.";

/// Why serving failed: exit status and message.
pub struct Fail(pub u8, pub String);

/// The folder to serve: `dir`, else `web/dist` here, else beside the executable's repository.
fn app_dir(dir: Option<PathBuf>) -> Result<PathBuf, Fail> {
    let candidates: Vec<PathBuf> = match dir {
        Some(d) => vec![d],
        None => {
            let mut c = vec![PathBuf::from("web/dist")];
            if let Some(exe_dir) = std::env::current_exe().ok().and_then(|e| e.parent().map(Path::to_path_buf)) {
                c.push(exe_dir.join("../../web/dist"));
            }
            c
        }
    };
    candidates.iter().find(|d| d.join("index.html").is_file()).and_then(|d| d.canonicalize().ok()).ok_or_else(|| {
        let tried: Vec<String> = candidates.iter().map(|d| d.display().to_string()).collect();
        Fail(2, format!("no app to serve in {}: build it with scripts/web.sh build", tried.join(" or ")))
    })
}

/// Serves the app on 127.0.0.1:`port` until interrupted.
pub fn serve(port: u16, dir: Option<PathBuf>) -> Result<(), Fail> {
    let root = app_dir(dir)?;
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| Fail(1, format!("127.0.0.1:{port}: {e}")))?;
    let addr = listener.local_addr().map_err(|e| Fail(1, e.to_string()))?;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "http://{addr}/");
    let _ = out.flush();
    eprintln!("godot-bin: serving {} (Ctrl+C stops)", root.display());
    for conn in listener.incoming() {
        let Ok(conn) = conn else { continue };
        let root = root.clone();
        std::thread::spawn(move || {
            let _ = handle(conn, &root);
        });
    }
    Ok(())
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

/// The file under `root` a request path names; `Err(status)` when it names none.
fn resolve(root: &Path, target: &str) -> Result<PathBuf, u16> {
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
    let mut file = root.join(rel);
    if rel.is_empty() || rel.ends_with('/') {
        file = file.join("index.html");
    }
    let real = file.canonicalize().map_err(|_| 404u16)?;
    if !real.starts_with(root) {
        return Err(403);
    }
    if real.is_dir() {
        let index = real.join("index.html");
        return if index.is_file() { Ok(index) } else { Err(404) };
    }
    Ok(real)
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "Internal Server Error",
    }
}

/// Answers the requests of one connection (keep-alive until the client closes).
fn handle(conn: TcpStream, root: &Path) -> std::io::Result<()> {
    conn.set_read_timeout(Some(std::time::Duration::from_secs(30)))?;
    let mut reader = BufReader::new(conn.try_clone()?);
    let mut conn = conn;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        // The headers are read and dropped (no request here has a body worth reading).
        let mut close = false;
        loop {
            let mut h = String::new();
            if reader.read_line(&mut h)? == 0 || h.trim().is_empty() {
                break;
            }
            let lower = h.to_ascii_lowercase();
            if lower.starts_with("connection:") && lower.contains("close") {
                close = true;
            }
        }
        let mut parts = line.split_whitespace();
        let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let head = method == "HEAD";
        let (status, kind, body) = if method != "GET" && !head {
            (405, "text/plain; charset=utf-8", b"only GET and HEAD\n".to_vec())
        } else {
            match resolve(root, target).and_then(|f| std::fs::read(&f).map(|b| (f, b)).map_err(|_| 404)) {
                Ok((f, body)) => (200, content_type(&f), body),
                Err(s) => (s, "text/plain; charset=utf-8", format!("{} {}\n", s, reason(s)).into_bytes()),
            }
        };
        let mut resp = format!(
            "HTTP/1.1 {status} {}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\n\
             X-Content-Type-Options: nosniff\r\n{}{}\r\n",
            reason(status),
            body.len(),
            if status == 405 { "Allow: GET, HEAD\r\n" } else { "" },
            if close { "Connection: close\r\n" } else { "" },
        )
        .into_bytes();
        if !head {
            resp.extend_from_slice(&body);
        }
        conn.write_all(&resp)?;
        conn.flush()?;
        if close {
            return Ok(());
        }
    }
}
