# Godot 3 game client for examples/tcp_server.rs (scripts/live-net.sh): StreamPeerTCP put_var's game-state
# messages and get_var's the server's replies, checking each reply against the value built here. The same
# conversation as net_client.gd, in Godot 3 types (PoolStringArray, Quat).
# Run: scripts/engine.sh godot-3.6 tests/gd/net_client3.gd PORT NAME   (prints OK/FAIL lines, then a summary;
# exit code 0 only if every reply matched)
extends SceneTree

var peer = StreamPeerTCP.new()
var ok = 0
var fail = 0

func wait_bytes(n, ms):
	var end = OS.get_ticks_msec() + ms
	while OS.get_ticks_msec() < end:
		if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			return false
		if peer.get_available_bytes() >= n:
			return true
		OS.delay_msec(5)
	return false

func same(a, b):
	# Byte-exact: the same type, width and contents on the wire.
	return typeof(a) == typeof(b) and var2bytes(a).hex_encode() == var2bytes(b).hex_encode()

func exchange(what, msg, expected):
	peer.put_var(msg)
	if not wait_bytes(4, 10000):
		fail += 1
		print("FAIL %s: no reply (status %d)" % [what, peer.get_status()])
		return
	var got = peer.get_var()
	if same(got, expected):
		ok += 1
		print("OK %s" % what)
	else:
		fail += 1
		print("FAIL %s: got %s expected %s" % [what, var2str(got), var2str(expected)])

func _init():
	# Godot 3 passes the whole command line: the script's arguments follow "--".
	var args = Array(OS.get_cmdline_args())
	var dd = args.find("--")
	var port = int(args[dd + 1]) if dd >= 0 and dd + 1 < args.size() else 0
	var name = args[dd + 2] if dd >= 0 and dd + 2 < args.size() else "godot"
	peer.connect_to_host("127.0.0.1", port)
	var end = OS.get_ticks_msec() + 10000
	while peer.get_status() == StreamPeerTCP.STATUS_CONNECTING and OS.get_ticks_msec() < end:
		OS.delay_msec(5)
	if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		print("FAIL connect: status %d" % peer.get_status())
		print("net_client: 0 ok, 1 fail")
		quit(1)
		return
	exchange("hello", {"Hello": {"name": name, "protocol": 1}},
		{"Welcome": {"player_id": 1001, "spawn": Vector2(0.5, -4.0), "color": Color(0.1, 0.2, 0.3, 1.0), "motd": "welcome, %s ✓" % name}})
	for t in range(1, 4):
		var pos = Vector2(t * 1.5, t * -2.25)
		var vel = Vector3(0.1, 2, 3)
		var hp = 100.0 - t * 0.01
		var input = {"Input": {"tick": t, "pos": pos, "vel": vel, "hp": hp,
			"actions": PoolStringArray(["jump", "fire_%d" % t]), "big": 5000000000 + t,
			"xform": Transform2D(Vector2(1, 0), Vector2(0, 1), Vector2(t, 2 * t)), "alive": t != 2}}
		var expected = {"State": {"tick": t,
			"you": {"id": 1001, "name": name, "pos": pos + Vector2(1, 1), "vel": vel * 2},
			"others": [{"id": 2, "name": "bot", "pos": Vector2(t, 0), "vel": Vector3(0, 0, 0)}],
			"rotation": Quat(0, 0, 0, 1), "scores": [t, t * 10, 5000000000 + t], "last_hp": hp,
			"note": ("tick %d" % t) if t % 2 == 0 else null}}
		exchange("tick %d" % t, input, expected)
	exchange("bye", "Bye", "Goodbye")
	peer.disconnect_from_host()
	print("net_client: %d ok, %d fail" % [ok, fail])
	quit(0 if fail == 0 and ok == 5 else 1)
