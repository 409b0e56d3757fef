//! A tokio game server for Godot clients: `StreamPeerTCP.put_var` / `get_var` framing through
//! [`godot_bin::tokio_codec::VarCodec`], or with `--framing packet-stream` `PacketPeerStream` packets through
//! [`godot_bin::tokio_codec::PacketStreamCodec`] (each packet one value: [`godot_bin::framing::decode_packet`]
//! / [`godot_bin::framing::encode_packet`]); game-state messages as plain serde types.
//!
//! ```text
//! cargo run --features tokio --example tcp_server -- PORT [--dialect godot4.6|godot3] [--framing var|packet-stream]
//!                                                         [--clients N] [--max-messages M] [--timeout SECS]
//! ```
//! Binds 127.0.0.1 only (PORT 0 picks a free port); prints `listening on 127.0.0.1:PORT` first. It is bounded:
//! it exits after N clients (default 1) have finished, after M messages from one client (default 64), or
//! after SECS seconds in all (default 60), whichever comes first.
//!
//! The protocol, one client: it sends a message the server does not know (`{"Chat": {"text": …}}`), at once
//! followed by `Hello`, then `Input` for ticks 1, 2, 3, then `Bye`; the server skips the unknown message (it
//! does not drop the client: [`VarCodec::tolerant`] returns it as an `Err` item and the stream goes on) and
//! answers `Welcome`, a `State` per input, and `Goodbye`. Godot sees the serde mapping of these types: a struct
//! variant is `{"Input": {"tick": 1, "pos": Vector2(1.5, -2.25), …}}`, a unit variant the String `"Bye"`.
//! The server checks each message against the one the reference client (`tests/gd/net_client.gd`,
//! `net_client3.gd`, in `stream` mode; in `packet` mode with `--framing packet-stream`) is expected to
//! send, prints `MISMATCH …` for any difference, and exits non-zero on any mismatch, error or missing
//! client; its last line is a summary. `scripts/live.sh net` runs it against real Godot 4.6, 3.6 and
//! 3.2.3 clients in both framings.

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use godot_bin::tokio_codec::{PacketStreamCodec, TolerantVarCodec, VarCodec};
use godot_bin::{
    markers::{Color, Quaternion, Transform2D, Vector2, Vector3},
    packed::PackedStringArray,
    Config, Dialect,
};
use serde::{Deserialize, Serialize};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::Framed;

/// What a client sends.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
enum ClientMsg {
    Hello {
        name: String,
        protocol: i64,
    },
    Input {
        tick: i64,
        pos: Vector2,
        vel: Vector3,
        hp: f64,
        actions: PackedStringArray,
        big: i64,
        xform: Transform2D,
        alive: bool,
    },
    Bye,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Player {
    id: i64,
    name: String,
    pos: Vector2,
    vel: Vector3,
}

/// What the server sends.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
enum ServerMsg {
    Welcome {
        player_id: i64,
        spawn: Vector2,
        color: Color,
        motd: String,
    },
    State {
        tick: i64,
        you: Player,
        others: Vec<Player>,
        rotation: Quaternion,
        scores: Vec<i64>,
        last_hp: f64,
        note: Option<String>,
    },
    Goodbye,
}

const PROTOCOL: i64 = 1;
const TICKS: i64 = 3;

/// The input the reference client sends for `tick` (the same expressions as the GDScript; Vector components
/// are the engine's f32, so `0.1` arrives as `0.1f32`).
fn expected_input(tick: i64) -> ClientMsg {
    let t = tick as f64;
    ClientMsg::Input {
        tick,
        pos: Vector2::new(t * 1.5, t * -2.25),
        vel: Vector3::new(0.1f32 as f64, 2.0, 3.0),
        hp: 100.0 - t * 0.01,
        actions: vec!["jump".to_string(), format!("fire_{tick}")].into(),
        big: 5_000_000_000 + tick,
        xform: Transform2D::new(Vector2::new(1.0, 0.0), Vector2::new(0.0, 1.0), Vector2::new(t, 2.0 * t)),
        alive: tick != 2,
    }
}

fn welcome(name: &str) -> ServerMsg {
    ServerMsg::Welcome {
        player_id: 1000 + PROTOCOL,
        spawn: Vector2::new(0.5, -4.0),
        color: Color::new(0.1, 0.2, 0.3, 1.0),
        motd: format!("welcome, {name} ✓"),
    }
}

/// The state sent back for an input (the client computes the same).
fn state(name: &str, tick: i64, pos: Vector2, vel: Vector3, hp: f64) -> ServerMsg {
    let t = tick as f64;
    ServerMsg::State {
        tick,
        you: Player {
            id: 1000 + PROTOCOL,
            name: name.to_string(),
            pos: Vector2::new(pos.x + 1.0, pos.y + 1.0),
            vel: Vector3::new(vel.x * 2.0, vel.y * 2.0, vel.z * 2.0),
        },
        others: vec![Player { id: 2, name: "bot".into(), pos: Vector2::new(t, 0.0), vel: Vector3::new(0.0, 0.0, 0.0) }],
        rotation: Quaternion::new(0.0, 0.0, 0.0, 1.0),
        scores: vec![tick, tick * 10, 5_000_000_000 + tick],
        last_hp: hp,
        note: (tick % 2 == 0).then(|| format!("tick {tick}")),
    }
}

/// How many messages the reference client sends that the server does not know.
const UNKNOWN: usize = 1;

#[derive(Default)]
struct Outcome {
    name: String,
    messages: usize,
    skipped: usize,
    mismatches: Vec<String>,
    finished: bool,
}

/// How messages are framed on the connection.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Framing {
    /// `StreamPeerTCP.put_var` / `get_var`.
    Var,
    /// `PacketPeerStream` (wrapping a `StreamPeerTCP`) `put_var` / `get_var`: one value per packet.
    PacketStream,
}

impl std::str::FromStr for Framing {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "var" => Ok(Framing::Var),
            "packet-stream" => Ok(Framing::PacketStream),
            _ => Err("expected var or packet-stream".into()),
        }
    }
}

impl std::fmt::Display for Framing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if *self == Framing::Var { "var" } else { "packet-stream" })
    }
}

/// A client connection in either framing, sending and receiving messages.
enum Peer {
    Var(Framed<TcpStream, TolerantVarCodec<ClientMsg>>),
    Packets(Framed<TcpStream, PacketStreamCodec>, Config),
}

impl Peer {
    fn new(stream: TcpStream, cfg: Config, framing: Framing) -> Peer {
        match framing {
            Framing::Var => Peer::Var(Framed::new(stream, VarCodec::new(cfg).max_frame(1 << 20).tolerant())),
            Framing::PacketStream => Peer::Packets(Framed::new(stream, PacketStreamCodec::new()), cfg),
        }
    }

    /// The next message; `None` when the client has closed the connection. The outer `Result` is the
    /// connection (broken framing or I/O: it is over), the inner one the message (one that is not a
    /// `ClientMsg`: skip it, the stream goes on).
    async fn next(&mut self) -> Option<godot_bin::Result<godot_bin::Result<ClientMsg>>> {
        match self {
            Peer::Var(p) => Some(p.next().await?.map(|msg| msg.map_err(godot_bin::Error::from))),
            Peer::Packets(p, cfg) => {
                let packet = p.next().await?;
                Some(packet.map(|b| godot_bin::framing::decode_packet(&b, cfg)))
            }
        }
    }

    async fn send(&mut self, msg: &ServerMsg) -> godot_bin::Result<()> {
        match self {
            Peer::Var(p) => p.send(msg).await,
            Peer::Packets(p, cfg) => p.send(godot_bin::framing::encode_packet(msg, cfg)?).await,
        }
    }
}

/// One client's session; every difference from the expected conversation is recorded, not fatal.
async fn session(mut peer: Peer, max_messages: usize, out: &mut Outcome) -> godot_bin::Result<()> {
    let mut tick = 0;
    while let Some(msg) = tokio::time::timeout(Duration::from_secs(20), peer.next())
        .await
        .map_err(|_| godot_bin::ErrorKind::Message("client silent for 20 s".into()))?
    {
        let msg = match msg? {
            Ok(msg) => msg,
            Err(e) => {
                // A message this server does not know: reported, and the client stays.
                println!("skipped a message: {e}");
                out.skipped += 1;
                if out.messages + out.skipped >= max_messages {
                    out.mismatches.push(format!("more than {max_messages} messages: closing"));
                    return Ok(());
                }
                continue;
            }
        };
        out.messages += 1;
        println!("got {msg:?}");
        let reply = match &msg {
            ClientMsg::Hello { name, protocol } => {
                out.name = name.clone();
                if *protocol != PROTOCOL || out.messages != 1 {
                    out.mismatches.push(format!("unexpected hello {msg:?} as message {}", out.messages));
                }
                welcome(name)
            }
            ClientMsg::Input { tick: t, pos, vel, hp, .. } => {
                tick += 1;
                let want = expected_input(tick);
                if msg != want {
                    out.mismatches.push(format!("tick {tick}: got {msg:?}, expected {want:?}"));
                }
                state(&out.name, *t, *pos, *vel, *hp)
            }
            ClientMsg::Bye => {
                if tick != TICKS {
                    out.mismatches.push(format!("bye after {tick} inputs, expected {TICKS}"));
                }
                peer.send(&ServerMsg::Goodbye).await?;
                out.finished = true;
                return Ok(());
            }
        };
        peer.send(&reply).await?;
        if out.messages + out.skipped >= max_messages {
            out.mismatches.push(format!("more than {max_messages} messages: closing"));
            return Ok(());
        }
    }
    Ok(())
}

struct Args {
    port: u16,
    dialect: Dialect,
    framing: Framing,
    clients: usize,
    max_messages: usize,
    timeout: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let usage = "usage: tcp_server PORT [--dialect D] [--framing var|packet-stream] [--clients N] [--max-messages M] \
                 [--timeout SECS]";
    let port = it.next().ok_or(usage)?.parse().map_err(|e| format!("PORT: {e}"))?;
    let mut a =
        Args { port, dialect: Dialect::Godot4_6, framing: Framing::Var, clients: 1, max_messages: 64, timeout: 60 };
    while let Some(flag) = it.next() {
        let val = it.next().ok_or(format!("{flag} needs a value; {usage}"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {val}: {e}");
        match flag.as_str() {
            "--dialect" => a.dialect = val.parse().map_err(|e| bad(&e))?,
            "--framing" => a.framing = val.parse().map_err(|e| bad(&e))?,
            "--clients" => a.clients = val.parse().map_err(|e| bad(&e))?,
            "--max-messages" => a.max_messages = val.parse().map_err(|e| bad(&e))?,
            "--timeout" => a.timeout = val.parse().map_err(|e| bad(&e))?,
            _ => return Err(usage.into()),
        }
    }
    Ok(a)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    };
    let listener = match TcpListener::bind(("127.0.0.1", args.port)).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("tcp_server: cannot bind 127.0.0.1:{}: {e}", args.port);
            return std::process::ExitCode::from(2);
        }
    };
    match listener.local_addr() {
        Ok(addr) => println!("listening on {addr}"),
        Err(e) => {
            eprintln!("tcp_server: {e}");
            return std::process::ExitCode::from(2);
        }
    }
    let cfg = Config::new(args.dialect);
    let mut outcomes = Vec::new();
    let all = async {
        for _ in 0..args.clients {
            let (stream, from) = match listener.accept().await {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("accept: {e}");
                    continue;
                }
            };
            println!("client from {from}");
            let mut out = Outcome::default();
            let peer = Peer::new(stream, cfg.clone(), args.framing);
            if let Err(e) = session(peer, args.max_messages, &mut out).await {
                out.mismatches.push(format!("error: {e}"));
            }
            if out.skipped != UNKNOWN {
                out.mismatches.push(format!("{} unknown message(s) skipped, expected {UNKNOWN}", out.skipped));
            }
            for m in &out.mismatches {
                println!("MISMATCH {}: {m}", out.name);
            }
            outcomes.push(out);
        }
    };
    let timed_out = tokio::time::timeout(Duration::from_secs(args.timeout), all).await.is_err();
    let messages: usize = outcomes.iter().map(|o| o.messages).sum();
    let skipped: usize = outcomes.iter().map(|o| o.skipped).sum();
    let bad: usize = outcomes.iter().map(|o| o.mismatches.len()).sum();
    let finished = outcomes.iter().filter(|o| o.finished).count();
    let ok = !timed_out && bad == 0 && finished == args.clients;
    println!(
        "tcp_server: {} ({}, {}): {finished}/{} clients finished, {messages} messages checked, {skipped} unknown \
         skipped, {bad} mismatches{}",
        if ok { "OK" } else { "FAIL" },
        args.dialect,
        args.framing,
        args.clients,
        if timed_out { ", timed out" } else { "" }
    );
    if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
