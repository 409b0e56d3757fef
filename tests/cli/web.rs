//! `godot-bin web`: serves a folder on 127.0.0.1, first line of output the URL (feature `cli`).
#![cfg(feature = "cli")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// A server over a temporary folder, stopped (killed by its id) when dropped.
struct Server {
    child: Child,
    addr: String,
    dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A fresh empty folder of this test process (removed by the server that uses it).
fn temp_dir() -> PathBuf {
    // One folder per server: the tests run at once and each removes its own when done.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("godot_bin_web_cli_{}_{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start() -> (Server, String) {
    let dir = temp_dir();
    std::fs::create_dir_all(dir.join("app")).unwrap();
    std::fs::write(dir.join("app/index.html"), "<!doctype html><title>inspector</title>").unwrap();
    std::fs::write(dir.join("app/worker.js"), "self.onmessage = () => {};").unwrap();
    std::fs::write(dir.join("app/godot_bin_web.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(dir.join("secret.txt"), "outside the app").unwrap();
    let app = dir.join("app");
    serve(dir, &["--dir".as_ref(), app.as_os_str()])
}

/// `godot-bin web --port 0 ARGS` run in `dir`.
fn serve(dir: PathBuf, args: &[&std::ffi::OsStr]) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_godot-bin"))
        .args(["web", "--port", "0"])
        .args(args)
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn godot-bin web");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().to_string();
    let addr = url.strip_prefix("http://").and_then(|r| r.strip_suffix('/')).unwrap_or("").to_string();
    (Server { child, addr, dir }, url)
}

/// The raw response to `GET target` (or another method).
fn request(server: &Server, method: &str, target: &str) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(&server.addr).unwrap();
    write!(s, "{method} {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.addr).unwrap();
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let split = resp.windows(4).position(|w| w == b"\r\n\r\n").expect("a header");
    let head = String::from_utf8_lossy(&resp[..split]).to_string();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head, resp[split + 4..].to_vec())
}

#[test]
fn serves_the_app_folder_and_nothing_outside_it() {
    let (server, url) = start();
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'), "first line: {url:?}");
    let (status, head, body) = request(&server, "GET", "/");
    assert_eq!(status, 200);
    assert!(head.contains("Content-Type: text/html"), "{head}");
    assert!(head.contains("Cache-Control: no-cache"), "{head}");
    assert_eq!(body, b"<!doctype html><title>inspector</title>");
    let (status, head, _) = request(&server, "GET", "/godot_bin_web.wasm");
    assert_eq!(status, 200);
    assert!(head.contains("Content-Type: application/wasm"), "{head}");
    let (_, head, _) = request(&server, "GET", "/worker.js?v=1");
    assert!(head.contains("Content-Type: text/javascript"), "{head}");
    let (status, _, body) = request(&server, "HEAD", "/index.html");
    assert_eq!((status, body.len()), (200, 0));
    for escape in ["/../secret.txt", "/%2e%2e/secret.txt", "/a/../../secret.txt"] {
        let (status, _, body) = request(&server, "GET", escape);
        assert_eq!(status, 403, "{escape}");
        assert!(!String::from_utf8_lossy(&body).contains("outside the app"), "{escape}");
    }
    assert_eq!(request(&server, "GET", "/no-such-file.js").0, 404);
    assert_eq!(request(&server, "POST", "/").0, 405);
}

/// Every file of `dir`, as paths under it with `/` between folders.
fn files_under(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = format!("{prefix}{}", entry.file_name().to_str().unwrap());
        match entry.file_type().unwrap().is_dir() {
            true => files_under(&entry.path(), &format!("{name}/"), out),
            false => out.push(name),
        }
    }
}

#[test]
fn from_an_empty_folder_it_serves_the_app_built_into_it() {
    let (server, _) = serve(temp_dir(), &[]);
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("web/dist");
    let mut files = Vec::new();
    files_under(&dist, "", &mut files);
    for must in ["index.html", "app.js", "worker.js", "godot_bin_web.wasm"] {
        assert!(files.iter().any(|f| f == must), "web/dist has no {must}: {files:?}");
    }
    for file in &files {
        let (status, head, body) = request(&server, "GET", &format!("/{file}"));
        assert_eq!(status, 200, "{file}");
        assert!(body == std::fs::read(dist.join(file)).unwrap(), "/{file} is not web/dist/{file}");
        let kind = match file.rsplit('.').next().unwrap() {
            "html" => "text/html",
            "js" => "text/javascript",
            "css" => "text/css",
            "wasm" => "application/wasm",
            other => panic!("a file of a kind the test does not know: {file} ({other})"),
        };
        assert!(head.contains(&format!("Content-Type: {kind}")), "{file}: {head}");
    }
    let wasm = request(&server, "GET", "/godot_bin_web.wasm").2;
    assert_eq!(&wasm[..4], b"\0asm", "the wasm's magic");
    let (status, _, body) = request(&server, "GET", "/");
    assert_eq!((status, body), (200, std::fs::read(dist.join("index.html")).unwrap()));
    assert_eq!(request(&server, "GET", "/no-such-file.js").0, 404);
    assert_eq!(request(&server, "GET", "/../Cargo.toml").0, 403);
    assert_eq!(request(&server, "GET", "/ui/").0, 404);
}

#[test]
fn a_missing_app_says_how_to_build_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_godot-bin"))
        .args(["web", "--port", "0", "--dir", "no/such/folder"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("scripts/web.sh build"));
}

/// The raw answer to `raw` sent as it is (the connection read until the server closes it).
fn send_raw(server: &Server, raw: &[u8]) -> String {
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    // The server may close before taking every byte of an oversized request: what it answered counts.
    let _ = s.write_all(raw);
    let mut resp = Vec::new();
    let _ = s.read_to_end(&mut resp);
    String::from_utf8_lossy(&resp).to_string()
}

#[test]
fn only_requests_for_this_server_are_answered_and_a_body_is_never_a_request() {
    let (server, _) = start();
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    // Another site's name (a DNS-rebinding page), another port, no Host, two Hosts: refused.
    for host in ["attacker.example", "attacker.example:80", "127.0.0.1:1", "localhost.attacker.example"] {
        let resp = send_raw(&server, format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes());
        assert!(resp.starts_with("HTTP/1.1 421 "), "{host}: {resp}");
        assert!(!resp.contains("<html"), "{host}");
    }
    assert!(send_raw(&server, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n").starts_with("HTTP/1.1 400 "));
    let two = format!("GET / HTTP/1.1\r\nHost: {0}\r\nHost: {0}\r\n\r\n", server.addr);
    assert!(send_raw(&server, two.as_bytes()).starts_with("HTTP/1.1 400 "));
    // This server's names, with its port or none.
    for host in [server.addr.clone(), format!("localhost:{port}"), "LOCALHOST".into(), "127.0.0.1".into()] {
        let resp = send_raw(&server, format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes());
        assert!(resp.starts_with("HTTP/1.1 200 "), "{host}: {resp}");
    }
    // A POST whose body is a request for a file: one answer (405), then the connection closes.
    let smuggled = format!("GET /secret.txt HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    let post =
        format!("POST / HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{smuggled}", server.addr, smuggled.len());
    let resp = send_raw(&server, post.as_bytes());
    assert!(resp.starts_with("HTTP/1.1 405 "), "{resp}");
    assert_eq!(resp.matches("HTTP/1.1 ").count(), 1, "{resp}");
}

#[test]
fn hostile_requests_are_refused_and_the_server_goes_on() {
    let (server, _) = start();
    #[cfg(unix)]
    std::os::unix::fs::symlink(server.dir.join("secret.txt"), server.dir.join("app/link.txt")).unwrap();
    for escape in
        ["/link.txt", "//secret.txt", "/%2fsecret.txt", "/..%2fsecret.txt", "/..%5csecret.txt", "/..\\secret.txt"]
    {
        let (status, _, body) = request(&server, "GET", escape);
        assert!(status == 403 || status == 404, "{escape}: {status}");
        assert!(!String::from_utf8_lossy(&body).contains("outside the app"), "{escape}");
    }
    // A request line or a header with no end: refused after a bounded read, not kept in memory.
    let long_line = [&b"GET /"[..], &vec![b'a'; 1 << 20]].concat();
    assert!(send_raw(&server, &long_line).starts_with("HTTP/1.1 431 "));
    let long_header = [&b"GET / HTTP/1.1\r\nX-A: "[..], &vec![b'b'; 1 << 20]].concat();
    assert!(send_raw(&server, &long_header).starts_with("HTTP/1.1 431 "));
    // A request line that is not text.
    let not_text = format!(" / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.addr);
    let not_text = [&b"\xff\xfe"[..], not_text.as_bytes()].concat();
    assert!(send_raw(&server, &not_text).starts_with("HTTP/1.1 400 "));
    // The page may run its own scripts and wasm only.
    let (_, head, _) = request(&server, "GET", "/");
    assert!(
        head.contains("Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"),
        "{head}"
    );
    // Many idle connections and half-sent heads, more than the server has slots: the ones that waited
    // longest give way, and a normal client is served while they are all still open.
    let mut idle: Vec<TcpStream> = (0..300).map(|_| TcpStream::connect(&server.addr).unwrap()).collect();
    for c in idle.iter_mut().step_by(2) {
        let _ = write!(c, "GET / HTTP/1.1\r\nHost: {}\r\nX-Slow: ", server.addr);
    }
    a_normal_client_is_served(&server);
    drop(idle);
    let served = (0..50).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(100));
        request(&server, "GET", "/").0 == 200
    });
    assert!(served, "the server answers again once the idle connections are gone");
}

/// Clients that ask for the app's largest file again and again without reading the answers, more of them
/// than the server has slots: each of their threads waits on a write. The ones that waited longest give
/// way, and a normal client is served while they are all still open.
#[test]
fn clients_that_never_read_their_answers_do_not_starve_the_others() {
    let (server, _) = serve(temp_dir(), &[]);
    let ask = format!("GET /godot_bin_web.wasm HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).repeat(16);
    let stalled: Vec<TcpStream> = (0..300)
        .map(|_| {
            let mut c = TcpStream::connect(&server.addr).unwrap();
            c.write_all(ask.as_bytes()).unwrap();
            c
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(500));
    a_normal_client_is_served(&server);
    drop(stalled);
}

/// A normal client asks for the page (on a connection of its own) and gets it within 10 s.
fn a_normal_client_is_served(server: &Server) {
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    let _ = write!(s, "GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.addr);
    let mut resp = Vec::new();
    let _ = s.read_to_end(&mut resp);
    let resp = String::from_utf8_lossy(&resp);
    assert!(resp.starts_with("HTTP/1.1 200 "), "{}", &resp[..resp.len().min(80)]);
}

/// A FIFO in the folder served is not a file to send: it is answered 404 at once (opening it would wait for
/// a writer, and hold the connection's slot for ever).
#[cfg(unix)]
#[test]
fn a_fifo_in_the_folder_is_not_served() {
    let (server, _) = start();
    let made = Command::new("mkfifo").arg(server.dir.join("app/pipe")).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIPPED: no mkfifo");
        return;
    }
    let resp = send_raw(
        &server,
        format!("GET /pipe HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.addr).as_bytes(),
    );
    assert!(resp.starts_with("HTTP/1.1 404 "), "{resp:?}");
}
