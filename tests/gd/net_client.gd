# Godot 4 game client for examples/tcp_server.rs (scripts/live.sh net), checking each of the server's replies
# byte for byte against the value built here. Each conversation opens with a message the server does not
# know ({"Chat": …}), which it must skip without dropping the client, then the hello. Two conversations, the same messages:
#   stream  StreamPeerTCP put_var's each message and get_var's its reply before the next (tcp_server --framing var)
#   packet  a PacketPeerStream wrapping the StreamPeerTCP put_var's / get_var's them; the three inputs go out in
#           one burst and their three replies are awaited together (get_available_packet_count() must reach 3,
#           and be 0 once they are read) (tcp_server --framing packet-stream)
# Run: scripts/engine.sh godot-4.6 tests/gd/net_client.gd MODE PORT NAME   (prints OK/FAIL lines, then the summary
# "net_client (MODE): N ok, M fail"; exit code 0 only if every reply matched)
extends SceneTree

var mode := "stream"
var tcp := StreamPeerTCP.new()
var pkt := PacketPeerStream.new()
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
	if mode == "stream":
		tcp.put_var(msg)
		return
	var err := pkt.put_var(msg)
	if err != OK:
		fail += 1
		print("FAIL %s: put_var error %d" % [what, err])

# Replies ready to read: whole packets (packet), or a reply's 4-byte length at least (stream).
func replies() -> int:
	if mode == "packet":
		return pkt.get_available_packet_count()
	return 1 if tcp.get_available_bytes() >= 4 else 0

# Waits until `whats.size()` replies are ready, then reads and checks them in order against `expected`.
func receive(whats: Array, expected: Array) -> void:
	var count := whats.size()
	var names := ", ".join(whats)
	if not deadline_wait(func(): return replies() >= count or tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED, 10000) \
			or replies() < count:
		fail += count
		print("FAIL %s: %d of %d replies (status %d)" % [names, replies(), count, tcp.get_status()])
		return
	if mode == "packet" and replies() != count:
		fail += 1
		print("FAIL %s: %d packets available, expected %d" % [names, replies(), count])
	for i in count:
		var got = tcp.get_var() if mode == "stream" else pkt.get_var()
		var err := OK if mode == "stream" else pkt.get_packet_error()
		if err == OK and same(got, expected[i]):
			ok += 1
			print("OK %s" % whats[i])
		else:
			fail += 1
			print("FAIL %s: got %s (error %d) expected %s" % [whats[i], var_to_str(got), err, var_to_str(expected[i])])
	if mode == "packet" and replies() != 0:
		fail += 1
		print("FAIL %s: %d packets left over" % [names, replies()])

# One round: stream mode sends each message and awaits its reply before the next; packet mode sends them all,
# then awaits all the replies.
func converse(whats: Array, msgs: Array, expected: Array) -> void:
	if mode == "stream":
		for i in whats.size():
			send(whats[i], msgs[i])
			receive([whats[i]], [expected[i]])
		return
	for i in whats.size():
		send(whats[i], msgs[i])
	receive(whats, expected)

func _init():
	var args := OS.get_cmdline_user_args()
	mode = args[0] if args.size() > 0 else ""
	var port := int(args[1]) if args.size() > 1 else 0
	var name: String = args[2] if args.size() > 2 else "godot"
	if mode != "stream" and mode != "packet":
		print("FAIL mode: '%s' (stream or packet)" % mode)
		print("net_client (%s): 0 ok, 1 fail" % mode)
		quit(1)
		return
	tcp.connect_to_host("127.0.0.1", port)
	if not deadline_wait(func(): return tcp.get_status() == StreamPeerTCP.STATUS_CONNECTED, 10000):
		print("FAIL connect: status %d" % tcp.get_status())
		print("net_client (%s): 0 ok, 1 fail" % mode)
		quit(1)
		return
	if mode == "packet":
		pkt.set_stream_peer(tcp)
	# First a message the server does not know, at once followed by the hello (no reply awaited between them):
	# the server must skip it and still answer the hello (a server that drops the client fails here).
	send("chat", {"Chat": {"text": "hi from %s" % name, "to": ["all"]}})
	converse(["hello"], [{"Hello": {"name": name, "protocol": 1}}],
		[{"Welcome": {"player_id": 1001, "spawn": Vector2(0.5, -4.0), "color": Color(0.1, 0.2, 0.3, 1.0), "motd": "welcome, %s ✓" % name}}])
	var whats := []
	var inputs := []
	var expected := []
	for t in range(1, 4):
		var pos := Vector2(t * 1.5, t * -2.25)
		var vel := Vector3(0.1, 2, 3)
		var hp: float = 100.0 - t * 0.01
		whats.append("tick %d" % t)
		inputs.append({"Input": {"tick": t, "pos": pos, "vel": vel, "hp": hp,
			"actions": PackedStringArray(["jump", "fire_%d" % t]), "big": 5000000000 + t,
			"xform": Transform2D(Vector2(1, 0), Vector2(0, 1), Vector2(t, 2 * t)), "alive": t != 2}})
		expected.append({"State": {"tick": t,
			"you": {"id": 1001, "name": name, "pos": pos + Vector2(1, 1), "vel": vel * 2},
			"others": [{"id": 2, "name": "bot", "pos": Vector2(t, 0), "vel": Vector3(0, 0, 0)}],
			"rotation": Quaternion(0, 0, 0, 1), "scores": [t, t * 10, 5000000000 + t], "last_hp": hp,
			"note": ("tick %d" % t) if t % 2 == 0 else null}})
	converse(whats, inputs, expected)
	converse(["bye"], ["Bye"], ["Goodbye"])
	tcp.disconnect_from_host()
	print("net_client (%s): %d ok, %d fail" % [mode, ok, fail])
	quit(0 if fail == 0 and ok == 5 else 1)
