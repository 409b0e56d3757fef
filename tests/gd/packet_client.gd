# Godot 4 game client for `examples/tcp_server.rs --framing packet-stream` (scripts/live-net.sh): a
# PacketPeerStream wrapping a StreamPeerTCP put_var's game-state messages and get_var's the server's replies,
# checking each reply byte for byte against the value built here. The same conversation as net_client.gd,
# except that the three inputs go out in one burst and their three replies are awaited together
# (get_available_packet_count() must reach 3, and be 0 once they are read).
# Run: scripts/engine.sh godot-4.6 tests/gd/packet_client.gd PORT NAME   (prints OK/FAIL lines, then a summary;
# exit code 0 only if every reply matched)
extends SceneTree

var tcp := StreamPeerTCP.new()
var peer := PacketPeerStream.new()
var ok := 0
var fail := 0

func deadline_wait(cond: Callable, ms: int) -> bool:
	var end := Time.get_ticks_msec() + ms
	while Time.get_ticks_msec() < end:
		tcp.poll()
		if cond.call():
			return true
		OS.delay_msec(5)
	return false

func same(a, b) -> bool:
	# Byte-exact: the same type, width and contents on the wire.
	return typeof(a) == typeof(b) and var_to_bytes(a) == var_to_bytes(b)

func send(what: String, msg) -> void:
	var err := peer.put_var(msg)
	if err != OK:
		fail += 1
		print("FAIL %s: put_var error %d" % [what, err])

# Waits until `count` packets are available (the server's replies so far), then reads and checks them in order.
func receive(whats: Array, expected: Array) -> void:
	var count := whats.size()
	if not deadline_wait(func(): return peer.get_available_packet_count() >= count or tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED, 10000) \
			or peer.get_available_packet_count() < count:
		fail += count
		print("FAIL %s: %d of %d replies (status %d)" % [", ".join(whats), peer.get_available_packet_count(), count, tcp.get_status()])
		return
	if peer.get_available_packet_count() != count:
		fail += 1
		print("FAIL %s: %d packets available, expected %d" % [", ".join(whats), peer.get_available_packet_count(), count])
	for i in count:
		var got = peer.get_var()
		var err := peer.get_packet_error()
		if err == OK and same(got, expected[i]):
			ok += 1
			print("OK %s" % whats[i])
		else:
			fail += 1
			print("FAIL %s: got %s (error %d) expected %s" % [whats[i], var_to_str(got), err, var_to_str(expected[i])])
	if peer.get_available_packet_count() != 0:
		fail += 1
		print("FAIL %s: %d packets left over" % [", ".join(whats), peer.get_available_packet_count()])

func _init():
	var args := OS.get_cmdline_user_args()
	var port := int(args[0])
	var name: String = args[1] if args.size() > 1 else "godot"
	tcp.connect_to_host("127.0.0.1", port)
	if not deadline_wait(func(): return tcp.get_status() == StreamPeerTCP.STATUS_CONNECTED, 10000):
		print("FAIL connect: status %d" % tcp.get_status())
		print("packet_client: 0 ok, 1 fail")
		quit(1)
		return
	peer.set_stream_peer(tcp)
	send("hello", {"Hello": {"name": name, "protocol": 1}})
	receive(["hello"], [{"Welcome": {"player_id": 1001, "spawn": Vector2(0.5, -4.0), "color": Color(0.1, 0.2, 0.3, 1.0), "motd": "welcome, %s ✓" % name}}])
	var whats := []
	var expected := []
	for t in range(1, 4):
		var pos := Vector2(t * 1.5, t * -2.25)
		var vel := Vector3(0.1, 2, 3)
		var hp: float = 100.0 - t * 0.01
		send("tick %d" % t, {"Input": {"tick": t, "pos": pos, "vel": vel, "hp": hp,
			"actions": PackedStringArray(["jump", "fire_%d" % t]), "big": 5000000000 + t,
			"xform": Transform2D(Vector2(1, 0), Vector2(0, 1), Vector2(t, 2 * t)), "alive": t != 2}})
		whats.append("tick %d" % t)
		expected.append({"State": {"tick": t,
			"you": {"id": 1001, "name": name, "pos": pos + Vector2(1, 1), "vel": vel * 2},
			"others": [{"id": 2, "name": "bot", "pos": Vector2(t, 0), "vel": Vector3(0, 0, 0)}],
			"rotation": Quaternion(0, 0, 0, 1), "scores": [t, t * 10, 5000000000 + t], "last_hp": hp,
			"note": ("tick %d" % t) if t % 2 == 0 else null}})
	receive(whats, expected)
	send("bye", "Bye")
	receive(["bye"], ["Goodbye"])
	tcp.disconnect_from_host()
	print("packet_client: %d ok, %d fail" % [ok, fail])
	quit(0 if fail == 0 and ok == 5 else 1)
