//! A fixed amount of decoding work for an instruction counter: `scripts/instructions.sh` runs this under
//! valgrind's callgrind at two lengths and prints the instructions per operation (the difference of the two
//! runs, so that building the data drops out). Counts do not drift with the machine's load, so two builds
//! compare exactly, change by change; they are not times (a cache miss or an allocator's slow path costs
//! many instructions' time), which `ratios` and `scripts/engine-speed.sh` measure.
//!
//! `instructions CASE N` runs CASE N times and prints how many results were as expected:
//!
//! | CASE | one operation |
//! |---|---|
//! | `int` | decode the 8-byte int 5 into a `u8`, in a tight loop: a read's fixed cost (the deserializer's set-up and end check) and one fast path |
//! | `move`, `move-serde-floor`, `move-postcard` | decode the 72-byte `Msg::Move` (godot_bin, the serde floor, postcard's own bytes), in a tight loop |
//! | `player`, `player-postcard` | decode the 232-byte `PlayerState`, in a tight loop |
//! | `state`, `state-postcard` | decode the 10,000-entity game state into its structs, and free it |
//! | `variant` | decode the same bytes as a `Variant`, and free it |

#[path = "common/mod.rs"]
mod data;
#[path = "common/harness.rs"]
mod harness;
#[path = "common/serde_floor.rs"]
mod serde_floor;

use std::hint::black_box;

use godot_bin::{from_slice_with, Config, Variant};
// `n` runs of a case as a user's loop makes them (the loop of the `ratios` bench's tight-loop cases); how many
// gave a result `ok` accepts. No counting allocator here: it would add its own instructions to every count.
use harness::user_loop as run;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(case), Some(n)) = (args.next(), args.next().and_then(|n| n.parse::<usize>().ok())) else {
        eprintln!("usage: instructions CASE N (CASE: int, move, move-serde-floor, move-postcard, player, player-postcard, state, state-postcard, variant)");
        std::process::exit(2);
    };
    let cfg = Config::default();
    let is_move = |m: &data::Msg| matches!(m, data::Msg::Move { .. });
    let done = match case.as_str() {
        "move" | "move-serde-floor" | "move-postcard" => {
            let m = data::move_msg(42);
            let ours = godot_bin::to_vec_with(&m, &cfg).unwrap();
            let theirs = postcard::to_allocvec(&m).unwrap();
            match case.as_str() {
                "move" => run(n, || from_slice_with::<data::Msg>(black_box(&ours), &cfg).unwrap(), is_move),
                "move-serde-floor" => {
                    run(n, || serde_floor::from_slice::<data::Msg>(black_box(&ours)).unwrap(), is_move)
                }
                _ => run(n, || postcard::from_bytes::<data::Msg>(black_box(&theirs)).unwrap(), is_move),
            }
        }
        "int" => {
            let b = godot_bin::to_vec_with(&5u8, &cfg).unwrap();
            run(n, || from_slice_with::<u8>(black_box(&b), &cfg).unwrap(), |v| *v == 5)
        }
        "player" | "player-postcard" => {
            let p = data::player_state(7);
            let ours = godot_bin::to_vec_with(&p, &cfg).unwrap();
            let theirs = postcard::to_allocvec(&p).unwrap();
            match case.as_str() {
                "player" => {
                    run(n, || from_slice_with::<data::PlayerState>(black_box(&ours), &cfg).unwrap(), |v| *v == p)
                }
                _ => run(n, || postcard::from_bytes::<data::PlayerState>(black_box(&theirs)).unwrap(), |v| *v == p),
            }
        }
        "state" | "state-postcard" | "variant" => {
            let s = data::game_state(10_000);
            let ours = godot_bin::to_vec_with(&s, &cfg).unwrap();
            let theirs = postcard::to_allocvec(&s).unwrap();
            // Each result is freed inside the loop (as the engine comparison's targets count it).
            let entities = |n: usize| n == s.entities.len();
            match case.as_str() {
                "state" => run(
                    n,
                    || from_slice_with::<data::GameState>(black_box(&ours), &cfg).unwrap().entities.len(),
                    |&k| entities(k),
                ),
                "state-postcard" => run(
                    n,
                    || postcard::from_bytes::<data::GameState>(black_box(&theirs)).unwrap().entities.len(),
                    |&k| entities(k),
                ),
                _ => run(
                    n,
                    || {
                        from_slice_with::<Variant>(black_box(&ours), &cfg).unwrap()["entities"]
                            .as_array()
                            .map_or(0, |a| a.len())
                    },
                    |&k| entities(k),
                ),
            }
        }
        other => {
            eprintln!("unknown case {other}");
            std::process::exit(2);
        }
    };
    println!("{done} of {n} as expected");
    if done != n {
        std::process::exit(1);
    }
}
