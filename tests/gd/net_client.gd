# Godot 4 game client for examples/tcp_server.rs (scripts/live-net.sh): StreamPeerTCP put_var's game-state
# messages and get_var's the server's replies, checking each reply against the value built here.
# Run: scripts/engine.sh godot-4.6 tests/gd/net_client.gd PORT NAME   (prints OK/FAIL lines, then a summary;
# exit code 0 only if every reply matched)
extends SceneTree

var peer := StreamPeerTCP.new()
var ok := 0
var fail := 0

func deadline_wait(cond: Callable, ms: int) -> bool:
	var end := Time.get_ticks_msec() + ms
	while Time.get_ticks_msec() < end:
		peer.poll()
		if cond.call():
			return true
		OS.delay_msec(5)
	return false

func same(a, b) -> bool:
	# Byte-exact: the same type, width and contents on the wire.
	return typeof(a) == typeof(b) and var_to_bytes(a) == var_to_bytes(b)

func exchange(what: String, msg, expected) -> void:
	peer.put_var(msg)
	if not deadline_wait(func(): return peer.get_available_bytes() >= 4 or peer.get_status() != StreamPeerTCP.STATUS_CONNECTED, 10000) or peer.get_available_bytes() < 4:
		fail += 1
		print("FAIL %s: no reply (status %d)" % [what, peer.get_status()])
		return
	var got = peer.get_var()
	if same(got, expected):
		ok += 1
		print("OK %s" % what)
	else:
		fail += 1
		print("FAIL %s: got %s expected %s" % [what, var_to_str(got), var_to_str(expected)])

func _init():
	var args := OS.get_cmdline_user_args()
	var port := int(args[0])
	var name: String = args[1] if args.size() > 1 else "godot"
	peer.connect_to_host("127.0.0.1", port)
	if not deadline_wait(func(): return peer.get_status() == StreamPeerTCP.STATUS_CONNECTED, 10000):
		print("FAIL connect: status %d" % peer.get_status())
		print("net_client: 0 ok, 1 fail")
		quit(1)
		return
	exchange("hello", {"Hello": {"name": name, "protocol": 1}},
		{"Welcome": {"player_id": 1001, "spawn": Vector2(0.5, -4.0), "color": Color(0.1, 0.2, 0.3, 1.0), "motd": "welcome, %s ✓" % name}})
	for t in range(1, 4):
		var pos := Vector2(t * 1.5, t * -2.25)
		var vel := Vector3(0.1, 2, 3)
		var hp: float = 100.0 - t * 0.01
		var input := {"Input": {"tick": t, "pos": pos, "vel": vel, "hp": hp,
			"actions": PackedStringArray(["jump", "fire_%d" % t]), "big": 5000000000 + t,
			"xform": Transform2D(Vector2(1, 0), Vector2(0, 1), Vector2(t, 2 * t)), "alive": t != 2}}
		var expected := {"State": {"tick": t,
			"you": {"id": 1001, "name": name, "pos": pos + Vector2(1, 1), "vel": vel * 2},
			"others": [{"id": 2, "name": "bot", "pos": Vector2(t, 0), "vel": Vector3(0, 0, 0)}],
			"rotation": Quaternion(0, 0, 0, 1), "scores": [t, t * 10, 5000000000 + t], "last_hp": hp,
			"note": ("tick %d" % t) if t % 2 == 0 else null}}
		exchange("tick %d" % t, input, expected)
	exchange("bye", "Bye", "Goodbye")
	peer.disconnect_from_host()
	print("net_client: %d ok, %d fail" % [ok, fail])
	quit(0 if fail == 0 and ok == 5 else 1)
