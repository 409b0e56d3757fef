#!/usr/bin/env python3
"""Make decode probes for one Godot engine from that engine's values.tsv (python3 stdlib only).

    scripts/make_probes.py DIALECT VALUES.tsv OUT.tsv [--seed N]

DIALECT is 3 (Godot 3.x wire format) or 4 (Godot 4.x).  OUT.tsv gets lines

    id<TAB>allow_objects(0/1)<TAB>hex

(lines starting with '#' are comments).  The probe bytes are what the engine decodes as element 0 of a
one-element Array (the driver, tests/gd/probe*.gd, adds the Array header and count), so a truncated or
malformed probe is never "trailing garbage".  Three families:

  trunc_<value>_<n>     prefixes of a real encoded value (several cut points)
  mut_<value>_<k>_<how> deterministic random mutations of a real value (bit flips, byte overwrites,
                        header type/flag bytes, 4-byte fields set to huge/negative/overflowing counts,
                        inserted/deleted words)
  hand_<name>           hand-made non-canonical or hostile inputs for the dialect

Everything is deterministic for a given values.tsv and seed (values.tsv itself can differ between runs
in object ids and garbage padding bytes).
"""
import random
import struct
import sys

# ----------------------------------------------------------------------------------- type ids
T3 = dict(NIL=0, BOOL=1, INT=2, FLOAT=3, STRING=4, VECTOR2=5, RECT2=6, VECTOR3=7, TRANSFORM2D=8, PLANE=9,
          QUAT=10, AABB=11, BASIS=12, TRANSFORM3D=13, COLOR=14, NODE_PATH=15, RID=16, OBJECT=17,
          DICTIONARY=18, ARRAY=19, PBA=20, PI32=21, PF32=22, PSTR=23, PV2=24, PV3=25, PCOL=26, MAX=27)
T4 = dict(NIL=0, BOOL=1, INT=2, FLOAT=3, STRING=4, VECTOR2=5, VECTOR2I=6, RECT2=7, RECT2I=8, VECTOR3=9,
          VECTOR3I=10, TRANSFORM2D=11, VECTOR4=12, VECTOR4I=13, PLANE=14, QUAT=15, AABB=16, BASIS=17,
          TRANSFORM3D=18, PROJECTION=19, COLOR=20, STRING_NAME=21, NODE_PATH=22, RID=23, OBJECT=24,
          CALLABLE=25, SIGNAL=26, DICTIONARY=27, ARRAY=28, PBA=29, PI32=30, PI64=31, PF32=32, PF64=33,
          PSTR=34, PV2=35, PV3=36, PCOL=37, PV4=38, MAX=39)

FLAG64 = 1 << 16


def u32(x):
    return struct.pack('<I', x & 0xFFFFFFFF)


def u64(x):
    return struct.pack('<Q', x & 0xFFFFFFFFFFFFFFFF)


def f32(x):
    return struct.pack('<f', x)


def f64(x):
    return struct.pack('<d', x)


def pad4(b, fill=b'\0'):
    n = (-len(b)) % 4
    return b + (fill * n)[:n]


def gstr(raw, fill=b'\0', length=None):
    """A wire string: u32 length + bytes + padding (length can be forced)."""
    if isinstance(raw, str):
        raw = raw.encode('utf-8')
    return u32(len(raw) if length is None else length) + pad4(raw, fill)


class Dialect:
    def __init__(self, n):
        self.n = n
        self.T = T4 if n == 4 else T3

    def h(self, name, flags=0):
        return u32(self.T[name] | flags)

    def v_int(self, x):
        if -2**31 <= x < 2**31:
            return self.h('INT') + u32(x)
        return self.h('INT', FLAG64) + u64(x)

    def v_str(self, s, **kw):
        return self.h('STRING') + gstr(s, **kw)

    def v_arr(self, *elems, count=None, flags=0):
        return self.h('ARRAY', flags) + u32(len(elems) if count is None else count) + b''.join(elems)

    def v_dict(self, *kv, count=None, flags=0):
        return self.h('DICTIONARY', flags) + u32(len(kv) // 2 if count is None else count) + b''.join(kv)

    def v_np(self, names, subnames, absolute=False, flags=None, fill=b'\0'):
        fl = (1 if absolute else 0) if flags is None else flags
        body = u32(len(names) | 0x80000000) + u32(len(subnames)) + u32(fl)
        for s in list(names) + list(subnames):
            body += gstr(s, fill=fill)
        return self.h('NODE_PATH') + body

    def v_pstr(self, items, nul=True, fill=b'\0'):
        body = u32(len(items))
        for s in items:
            raw = s.encode('utf-8') if isinstance(s, str) else s
            if nul:
                raw += b'\0'
            body += u32(len(raw)) + pad4(raw, fill)
        return self.h('PSTR') + body


# ----------------------------------------------------------------------------------- values.tsv
def read_values(path):
    vals = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            parts = line.split('\t')
            vid, flags, hx = parts[0], parts[1], parts[2]
            vals.append((vid, 1 if flags == 'objects' else 0, bytes.fromhex(hx)))
    return vals


MAX_MUTATE_BYTES = 2048   # values larger than this are only truncated, not mutated
INTERESTING_U32 = [0, 1, 2, 3, 4, 0x7F, 0xFF, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE,
                   0x40000000, 0x40000001, 0x20000001, 0x15555556, 0x10000000, 0x00FFFFFF]


def truncations(rng, vid, allow, b):
    n = len(b)
    cuts = set()
    if n <= 4:
        cuts.update(range(0, n))
    else:
        cuts.update([n - 1, 4, n // 2])
        if n > 8:
            cuts.update([n - 4, 2])
        if n > 16:
            cuts.add(rng.randrange(5, n - 1))
    out = []
    for c in sorted(cuts):
        out.append(('trunc_%s_%d' % (vid, c), allow, b[:c]))
    return out


def mutations(rng, d, vid, allow, b, count):
    out = []
    n = len(b)
    if n == 0 or n > MAX_MUTATE_BYTES:
        return out
    kinds = ['bitflip', 'byte', 'type', 'flags', 'word', 'word', 'insert', 'delete', 'hdrbyte1']
    for k in range(count):
        how = rng.choice(kinds)
        m = bytearray(b)
        if how == 'bitflip':
            i = rng.randrange(n)
            m[i] ^= 1 << rng.randrange(8)
        elif how == 'byte':
            i = rng.randrange(n)
            m[i] = rng.choice([0, 0xFF, 0x80, 0x7F, rng.randrange(256)])
        elif how == 'type':
            m[0] = rng.choice(list(range(d.T['MAX'] + 2)) + [0x7F, 0xFF])
        elif how == 'flags':
            m[2] = rng.choice([1, 2, 3, 4, 8, 0x0C, 0xFF, rng.randrange(256)])
        elif how == 'hdrbyte1':
            m[1] = rng.choice([1, 0x80, 0xFF, rng.randrange(256)])
        elif how == 'word':
            if n >= 8:
                i = 4 * rng.randrange(1, n // 4)
                m[i:i + 4] = u32(rng.choice(INTERESTING_U32 + [n, n + 4, n // 4]))
            else:
                m[0:4] = u32(rng.choice(INTERESTING_U32))
        elif how == 'insert':
            i = 4 * rng.randrange(0, n // 4 + 1)
            m[i:i] = rng.choice([b'\0\0\0\0', b'\xff\xff\xff\xff', u32(1)])
        elif how == 'delete':
            if n >= 8:
                i = 4 * rng.randrange(0, n // 4)
                del m[i:i + 4]
            else:
                m = m[:-1]
        out.append(('mut_%s_%d_%s' % (vid, k, how), allow, bytes(m)))
    return out


# ----------------------------------------------------------------------------------- hand-made
BAD_UTF8 = [
    ('lead_ff', b'a\xffb'), ('lead_fe', b'\xfe'), ('stray_cont', b'a\x80b'), ('stray_cont_bf', b'\xbf'),
    ('overlong_nul', b'\xc0\x80'), ('overlong_c1', b'\xc1\xbf'), ('overlong_3', b'\xe0\x80\xaf'),
    ('overlong_3b', b'\xe0\x9f\xbf'), ('overlong_4', b'\xf0\x80\x80\xaf'), ('overlong_4b', b'\xf0\x8f\xbf\xbf'),
    ('surrogate_d800', b'\xed\xa0\x80'), ('surrogate_dfff', b'\xed\xbf\xbf'),
    ('surrogate_pair_cesu', b'\xed\xa0\xbd\xed\xb8\x80'), ('above_10ffff', b'\xf4\x90\x80\x80'),
    ('f5', b'\xf5\x80\x80\x80'), ('f7_max4', b'\xf7\xbf\xbf\xbf'), ('five_byte', b'\xf8\x88\x80\x80\x80'),
    ('six_byte', b'\xfc\x84\x80\x80\x80\x80'), ('trunc_2', b'a\xc3'), ('trunc_3', b'\xe2\x82'),
    ('trunc_4', b'\xf0\x9f\x98'), ('trunc_then_ascii', b'\xc3A'), ('trunc_3_then_ascii', b'\xe2\x82A'),
    ('latin1_e9', b'caf\xe9'), ('nonchar_fffe', b'\xef\xbf\xbe'), ('nonchar_ffff', b'\xef\xbf\xbf'),
    ('valid_emoji', b'\xf0\x9f\x98\x80'), ('valid_10ffff', b'\xf4\x8f\xbf\xbf'),
    ('bom_lead', b'\xef\xbb\xbfab'), ('bom_only', b'\xef\xbb\xbf'), ('bom_twice', b'\xef\xbb\xbf\xef\xbb\xbfx'),
    ('bom_middle', b'a\xef\xbb\xbfb'), ('nul_embedded', b'a\0bcd'), ('nul_first', b'\0abc'), ('nul_only', b'\0'),
    ('nul_all', b'\0\0\0\0'), ('nul_after_bad', b'a\0\xff'), ('bad_after_nul_ok', b'ab\0\xff\xfe'),
    ('ctrl_chars', b'\x01\x1b[0m\x7f'),
]


def hand_probes(d):
    T = d.T
    P = []   # (name, allow, bytes)

    def add(name, b, allow=0):
        P.append(('hand_' + name, allow, b))

    def add_both(name, b):
        add(name + '_a0', b, 0)
        add(name + '_a1', b, 1)

    four = d.n == 4
    # --- basic / empty
    add('empty', b'')
    add('short1', b'\x02')
    add('short3', b'\x02\x00\x00')
    add('nil', d.h('NIL'))
    add('nil_trailing', d.h('NIL') + u32(0xDEADBEEF))
    add('int_trailing', d.v_int(7) + b'junk')
    add('int_trailing_partial', d.v_int(7) + b'\x01')
    # --- bool
    for v in (0, 1, 2, 0x100, 0x80000000, 0xFFFFFFFF):
        add('bool_%x' % v, d.h('BOOL') + u32(v))
    add('bool_flag64', d.h('BOOL', FLAG64) + u32(1))
    add('bool_flag64_u64', d.h('BOOL', FLAG64) + u64(1))
    add('bool_trunc', d.h('BOOL'))
    # --- int widths
    for v in (0, 5, -1, 2**31 - 1, -2**31):
        add('int64flag_small_%d' % v, d.h('INT', FLAG64) + u64(v))
    add('int64flag_big', d.h('INT', FLAG64) + u64(2**40))
    add('int64flag_trunc4', d.h('INT', FLAG64) + u32(5))
    add('int_trunc', d.h('INT') + b'\x01\x00')
    add('int_flag_bit17', d.h('INT', 1 << 17) + u32(5))
    add('int_flag_bit17_64', d.h('INT', 3 << 16) + u64(5))
    add('int_flag_bit31', d.h('INT', 1 << 31) + u32(5))
    # --- float widths
    for name, v in (('1_5', 1.5), ('0', 0.0), ('m0', -0.0), ('inf', float('inf')), ('0_1f', struct.unpack('<f', f32(0.1))[0]),
                    ('f32max', struct.unpack('<f', b'\xff\xff\x7f\x7f')[0]), ('f32sub', struct.unpack('<f', u32(1))[0])):
        add('float64flag_%s' % name, d.h('FLOAT', FLAG64) + f64(v))
    add('float32_nan_quiet', d.h('FLOAT') + u32(0x7FC00000))
    add('float32_nan_signaling', d.h('FLOAT') + u32(0x7F800001))
    add('float32_nan_neg', d.h('FLOAT') + u32(0xFFC00000))
    add('float32_sub', d.h('FLOAT') + u32(1))
    add('float64_nan_payload', d.h('FLOAT', FLAG64) + u64(0x7FF0000000000001))
    add('float64_sub', d.h('FLOAT', FLAG64) + u64(1))
    add('float64flag_trunc4', d.h('FLOAT', FLAG64) + f32(1.5))
    add('float_flag_bit17', d.h('FLOAT', 1 << 17) + f32(1.5))
    # --- header bits 8..15 and high bits
    for t in ('NIL', 'INT', 'STRING', 'ARRAY', 'DICTIONARY'):
        payload = {'NIL': b'', 'INT': u32(9), 'STRING': gstr('hi'), 'ARRAY': u32(0), 'DICTIONARY': u32(0)}[t]
        add('hdr_byte1_01_%s' % t.lower(), u32(T[t] | 0x100) + payload)
        add('hdr_byte1_ff_%s' % t.lower(), u32(T[t] | 0xFF00) + payload)
        add('hdr_bit31_%s' % t.lower(), u32(T[t] | 0x80000000) + payload)
        add('hdr_bits24_%s' % t.lower(), u32(T[t] | 0x7F000000) + payload)
    # --- unknown type ids
    for t in (T['MAX'], T['MAX'] + 1, 0x3F, 0x7F, 0xFF):
        add('type_%d' % t, u32(t) + u32(0) + u32(0))
    if four:
        add('type_38_pv4_empty', u32(38) + u32(0))   # valid from 4.3
    # --- flag bits on types that don't use them
    add('string_flag64', d.h('STRING', FLAG64) + gstr('abc'))
    add('nil_flag64', d.h('NIL', FLAG64))
    add('color_flag64_f32', d.h('COLOR', FLAG64) + f32(1) * 4)
    add('color_flag64_f64', d.h('COLOR', FLAG64) + f64(1) * 4)
    add('pba_flag64', d.h('PBA', FLAG64) + u32(1) + b'\x07\0\0\0')
    add('pstr_flag64', d.h('PSTR', FLAG64) + u32(1) + u32(2) + b'a\0\0\0')
    add('pcol_flag64', d.h('PCOL', FLAG64) + u32(1) + f32(0.5) * 4)
    add('pf32_flag64', d.h('PF32', FLAG64) + u32(1) + f32(0.5) + f32(0.25))
    add('pi32_flag64', d.h('PI32', FLAG64) + u32(1) + u32(5) + u32(0))
    add('np_flag64', u32(T['NODE_PATH'] | FLAG64) + u32(0x80000001) + u32(0) + u32(0) + gstr('a'))
    # math types with the 64 flag (4.x: doubles; 3.x: flag ignored, f32 read)
    mt = [('VECTOR2', 2), ('RECT2', 4), ('VECTOR3', 3), ('TRANSFORM2D', 6), ('PLANE', 4), ('QUAT', 4),
          ('AABB', 6), ('BASIS', 9), ('TRANSFORM3D', 12)]
    if four:
        mt += [('VECTOR4', 4), ('PROJECTION', 16)]
    for name, k in mt:
        vals64 = b''.join(f64(0.5 + i) for i in range(k))
        vals32 = b''.join(f32(0.5 + i) for i in range(k))
        add('%s_flag64_f64' % name.lower(), d.h(name, FLAG64) + vals64)
        add('%s_flag64_f32only' % name.lower(), d.h(name, FLAG64) + vals32)
        add('%s_f32' % name.lower(), d.h(name) + vals32)
        add('%s_trunc' % name.lower(), d.h(name) + vals32[:-4])
    pv = [('PV2', 2), ('PV3', 3)] + ([('PV4', 4)] if four else [])
    for name, k in pv:
        add('%s_flag64_f64' % name.lower(), d.h(name, FLAG64) + u32(2) + b''.join(f64(i + 0.25) for i in range(2 * k)))
        add('%s_flag64_f32only' % name.lower(), d.h(name, FLAG64) + u32(1) + b''.join(f32(i + 0.25) for i in range(k)))
    if four:
        for name, k in (('VECTOR2I', 2), ('RECT2I', 4), ('VECTOR3I', 3), ('VECTOR4I', 4)):
            add('%s_flag64' % name.lower(), d.h(name, FLAG64) + b''.join(u32(i + 1) for i in range(k)) + u32(0) * k)
            add('%s_trunc' % name.lower(), d.h(name) + b''.join(u32(i + 1) for i in range(k - 1)))
    # --- shared bit on counts
    add('array_shared_1', d.v_arr(d.v_int(1), count=0x80000001))
    add('array_shared_0', d.v_arr(count=0x80000000))
    add('dict_shared_1', d.v_dict(d.v_str('k'), d.v_int(1), count=0x80000001))
    add('dict_shared_0', d.v_dict(count=0x80000000))
    add('pba_count_highbit', d.h('PBA') + u32(0x80000001) + b'\x07\0\0\0')
    add('pstr_count_highbit', d.h('PSTR') + u32(0x80000001) + u32(2) + b'a\0\0\0')
    add('array_bit30', d.v_arr(d.v_int(1), count=0x40000001))
    # --- non-zero padding
    add('string_pad_ff', d.v_str('a', fill=b'\xff'))
    add('string_pad_41', d.v_str('abc', fill=b'A'))
    add('string_pad_nul_in_len', d.h('STRING') + u32(4) + b'ab\0\0')
    add('np_pad_garbage', d.v_np(['a', 'bc'], ['xyz'], fill=b'\x55'))
    add('pba_pad_garbage', d.h('PBA') + u32(3) + b'\x01\x02\x03\xee')
    add('pstr_pad_garbage', d.v_pstr(['ab', 'c'], fill=b'\x99'))
    # --- string lengths
    for name, ln in (('huge', 0x7FFFFFFF), ('neg1', 0xFFFFFFFF), ('min', 0x80000000), ('past_end_1', 4),
                     ('past_end_big', 0x1000), ('fffffffc', 0xFFFFFFFC)):
        add('string_len_%s' % name, d.h('STRING') + u32(ln) + b'abc\0')
    add('string_len1_nodata', d.h('STRING') + u32(1))
    add('string_nopad_end_1', d.h('STRING') + u32(1) + b'a')
    add('string_nopad_end_5', d.h('STRING') + u32(5) + b'abcde')
    add('string_nopad_end_2', d.h('STRING') + u32(2) + b'ab')
    add('string_nopad_inner', d.v_arr(d.h('STRING') + u32(1) + b'a', d.v_int(7)))
    add('string_len0_pad4', d.h('STRING') + u32(0) + b'\0\0\0\0')
    # --- invalid / odd UTF-8 in every string-carrying place
    for name, raw in BAD_UTF8:
        add('utf8_str_%s' % name, d.h('STRING') + gstr(raw))
        add('utf8_pstr_%s' % name, d.h('PSTR') + u32(1) + u32(len(raw) + 1) + pad4(raw + b'\0'))
        add('utf8_np_%s' % name, d.h('NODE_PATH') + u32(0x80000001) + u32(0) + u32(0) + gstr(raw))
        add('utf8_dictkey_%s' % name, d.v_dict(d.h('STRING') + gstr(raw), d.v_int(1)))
        if four:
            add('utf8_sname_%s' % name, d.h('STRING_NAME') + gstr(raw))
    # object class name with bad UTF-8 / property name with bad UTF-8
    add_both('utf8_obj_class_ff', d.h('OBJECT') + gstr(b'Ref\xffCounted') + u32(0))
    add_both('utf8_obj_prop_ff', d.h('OBJECT') + gstr('RefCounted' if four else 'Reference') + u32(1) + gstr(b'scr\xffipt') + d.h('NIL'))
    # --- PackedStringArray specifics
    add('pstr_no_nul', d.v_pstr(['ab'], nul=False))
    add('pstr_no_nul_4', d.v_pstr(['abcd'], nul=False))
    add('pstr_len0_elem', d.h('PSTR') + u32(1) + u32(0))
    add('pstr_two_no_nul', d.v_pstr(['a', 'xyz'], nul=False))
    add('pstr_nul_inside', d.h('PSTR') + u32(1) + u32(4) + b'a\0b\0')
    add('pstr_count_neg1', d.h('PSTR') + u32(0xFFFFFFFF))
    add('pstr_count_neg1_data', d.h('PSTR') + u32(0xFFFFFFFF) + u32(2) + b'a\0\0\0')
    add('pstr_count_huge', d.h('PSTR') + u32(0x7FFFFFFF) + u32(2) + b'a\0\0\0')
    add('pstr_count_2_have_1', d.h('PSTR') + u32(2) + u32(2) + b'a\0\0\0')
    add('pstr_elem_len_huge', d.h('PSTR') + u32(1) + u32(0x7FFFFFFF) + b'a\0\0\0')
    add('pstr_elem_len_neg', d.h('PSTR') + u32(1) + u32(0xFFFFFFFF) + b'a\0\0\0')
    add('pstr_nopad_end', d.h('PSTR') + u32(1) + u32(2) + b'a\0')
    # --- packed array counts
    sizes = {'PBA': 1, 'PI32': 4, 'PF32': 4, 'PV2': 8, 'PV3': 12, 'PCOL': 16}
    if four:
        sizes.update({'PI64': 8, 'PF64': 8, 'PV4': 16})
    for name, sz in sizes.items():
        for cname, c in (('huge', 0x7FFFFFFF), ('neg1', 0xFFFFFFFF), ('min', 0x80000000), ('2p30', 0x40000000),
                         ('2p30p1', 0x40000001), ('2p29p1', 0x20000001), ('wrap12', 0x15555556),
                         ('2p28', 0x10000000), ('two_have_one', 2)):
            add('packed_%s_count_%s' % (name.lower(), cname), d.h(name) + u32(c) + b'\x01' * max(sz, 4))
        add('packed_%s_one_trunc' % name.lower(), d.h(name) + u32(1) + b'\x01' * (sz - 1))
    # byte array padding
    add('pba_nopad_end_3', d.h('PBA') + u32(3) + b'\x01\x02\x03')
    add('pba_nopad_end_1', d.h('PBA') + u32(1) + b'\x09')
    add('pba_nopad_end_5', d.h('PBA') + u32(5) + b'\x01\x02\x03\x04\x05')
    add('pba_nopad_inner', d.v_arr(d.h('PBA') + u32(3) + b'\x01\x02\x03', d.v_int(7)))
    add('pba_nopad_inner_dict', d.v_dict(d.v_str('k'), d.h('PBA') + u32(1) + b'\x01', d.v_str('z'), d.v_int(2)))
    # --- NodePath forms
    add('np_old_format', d.h('NODE_PATH') + gstr('a/b'))
    add('np_old_format_empty', d.h('NODE_PATH') + u32(0))
    add('np_flag_bit1', d.v_np(['a'], [], flags=2) + gstr('prop'))
    add('np_flag_bit1_abs', d.v_np(['root', 'a'], ['x'], flags=3) + gstr('prop'))
    add('np_flag_bit1_missing', d.v_np(['a'], [], flags=2))
    add('np_flags_4', d.v_np(['a'], [], flags=4))
    add('np_flags_ff', d.v_np(['a'], ['b'], flags=0xFF))
    add('np_abs_no_names', d.v_np([], [], absolute=True))
    add('np_abs_only_sub', d.v_np([], ['x'], absolute=True))
    add('np_empty_name', d.v_np([''], []))
    add('np_empty_names_sub', d.v_np(['', ''], ['']))
    add('np_dot_names', d.v_np(['.', '..', 'a'], []))
    add('np_slash_in_name', d.v_np(['a/b'], ['c:d']))
    add('np_nul_in_name', d.h('NODE_PATH') + u32(0x80000001) + u32(0) + u32(0) + gstr(b'a\0b'))
    add('np_names_huge', d.h('NODE_PATH') + u32(0xFFFFFFFF) + u32(0) + u32(0) + gstr('a'))
    add('np_subnames_huge', d.h('NODE_PATH') + u32(0x80000000) + u32(0x7FFFFFFF) + u32(0) + gstr('a'))
    add('np_subnames_neg', d.h('NODE_PATH') + u32(0x80000000) + u32(0xFFFFFFFF) + u32(0))
    add('np_trunc_flags', d.h('NODE_PATH') + u32(0x80000001) + u32(0))
    # --- nesting depth (the driver's wrapper Array adds one more level)
    # 5000: far past the 3.6/4.6 limit; 50000 (400 KB) overflows Godot 3.2.3's stack (no depth limit there)
    for n in (10, 1022, 1023, 1024, 1025, 1026, 1100, 5000, 50000):
        add('nest_arr_%d' % n, (d.h('ARRAY') + u32(1)) * n + d.v_int(1))
    for n in (1023, 1024, 1025):
        add('nest_dict_%d' % n, (d.h('DICTIONARY') + u32(1) + d.v_str('k')) * n + d.v_int(1))
        add('nest_dictkey_%d' % n, (d.h('DICTIONARY') + u32(1)) * n + d.h('NIL') + d.v_int(1) * n)
    # --- Array / Dictionary structure
    add('array_count2_have1', d.v_arr(d.v_int(1), count=2))
    add('array_count_huge', d.v_arr(d.v_int(1), count=0x7FFFFFFF))
    add('array_count_neg1', d.v_arr(d.v_int(1), count=0xFFFFFFFF))
    add('dict_odd', d.h('DICTIONARY') + u32(1) + d.v_str('k'))
    add('dict_count_huge', d.v_dict(d.v_str('k'), d.v_int(1), count=0x7FFFFFFF))
    add('dict_dup_keys', d.v_dict(d.v_str('a'), d.v_int(1), d.v_str('a'), d.v_int(2)))
    add('dict_dup_int_float_keys', d.v_dict(d.v_int(1), d.v_str('int'), d.h('FLOAT') + f32(1.0), d.v_str('float')))
    add('dict_nan_keys', d.v_dict(d.h('FLOAT', FLAG64) + f64(float('nan')), d.v_int(1), d.h('FLOAT', FLAG64) + f64(float('nan')), d.v_int(2)))
    add('dict_zero_negzero_keys', d.v_dict(d.h('FLOAT') + f32(0.0), d.v_int(1), d.h('FLOAT') + f32(-0.0), d.v_int(2)))
    add('dict_nil_key', d.v_dict(d.h('NIL'), d.v_int(1)))
    add('dict_int32_int64_same', d.v_dict(d.v_int(5), d.v_str('a'), d.h('INT', FLAG64) + u64(5), d.v_str('b')))
    add('dict_str_vs_array_key', d.v_dict(d.v_arr(d.v_int(1)), d.v_int(1), d.v_arr(d.v_int(1)), d.v_int(2)))
    if four:
        add('dict_str_sname_same', d.v_dict(d.v_str('a'), d.v_int(1), d.h('STRING_NAME') + gstr('a'), d.v_int(2)))
    # --- typed containers (4.x)
    if four:
        A = T['ARRAY']

        def tarr_b(tid, *elems, count=None):
            return u32(A | (1 << 16)) + u32(tid) + u32(len(elems) if count is None else count) + b''.join(elems)

        def tarr_c(cls, *elems, kind=2, count=None):
            return u32(A | (kind << 16)) + gstr(cls) + u32(len(elems) if count is None else count) + b''.join(elems)

        add('tarr_int_ok', tarr_b(T['INT'], d.v_int(1), d.v_int(2)))
        add('tarr_int_holds_string', tarr_b(T['INT'], d.v_str('x')))
        add('tarr_int_holds_string_mid', tarr_b(T['INT'], d.v_int(1), d.v_str('x'), d.v_int(3)))
        add('tarr_int_holds_float', tarr_b(T['INT'], d.h('FLOAT') + f32(1.0)))
        add('tarr_int_holds_nil', tarr_b(T['INT'], d.h('NIL')))
        add('tarr_int_holds_int64flag', tarr_b(T['INT'], d.h('INT', FLAG64) + u64(5)))
        add('tarr_float_holds_int', tarr_b(T['FLOAT'], d.v_int(1)))
        add('tarr_float_holds_float64', tarr_b(T['FLOAT'], d.h('FLOAT', FLAG64) + f64(0.1)))
        add('tarr_string_holds_sname', tarr_b(T['STRING'], d.h('STRING_NAME') + gstr('a')))
        add('tarr_sname_holds_string', tarr_b(T['STRING_NAME'], d.v_str('a')))
        add('tarr_vector2_holds_vector2i', tarr_b(T['VECTOR2'], d.h('VECTOR2I') + u32(1) + u32(2)))
        add('tarr_array_holds_tarr', tarr_b(T['ARRAY'], tarr_b(T['INT'], d.v_int(1))))
        # which element conversions the typed-array decoder performs
        V = {'bool_t': d.h('BOOL') + u32(1), 'bool_f': d.h('BOOL') + u32(0), 'int_0': d.v_int(0), 'int_2': d.v_int(2),
             'int_big': d.h('INT', FLAG64) + u64(2**40), 'float_2_5': d.h('FLOAT') + f32(2.5),
             'float_nan': d.h('FLOAT', FLAG64) + f64(float('nan')), 'float_1e300': d.h('FLOAT', FLAG64) + f64(1e300),
             'str_5': d.v_str('5'), 'v2_1_5': d.h('VECTOR2') + f32(1.5) + f32(-2.5),
             'v2i_1_2': d.h('VECTOR2I') + u32(1) + u32(2), 'v3_1': d.h('VECTOR3') + f32(1) * 3,
             'v4_1': d.h('VECTOR4') + f32(1) * 4, 'color_1': d.h('COLOR') + f32(1) * 4,
             'arr_1': d.v_arr(d.v_int(1)), 'pba_1': d.h('PBA') + u32(1) + b'\x01\0\0\0',
             'pi32_1': d.h('PI32') + u32(1) + u32(1), 'np_a': d.v_np(['a'], []),
             'sname_a': d.h('STRING_NAME') + gstr('a'), 'rid_5': d.h('RID') + u64(5), 'nil': d.h('NIL')}
        conv = [('INT', 'bool_t'), ('INT', 'float_2_5'), ('INT', 'float_nan'), ('INT', 'float_1e300'), ('INT', 'str_5'),
                ('BOOL', 'int_2'), ('BOOL', 'int_0'), ('BOOL', 'float_2_5'), ('BOOL', 'str_5'),
                ('FLOAT', 'bool_t'), ('FLOAT', 'int_big'), ('FLOAT', 'str_5'), ('STRING', 'int_2'), ('STRING', 'np_a'),
                ('STRING_NAME', 'np_a'), ('NODE_PATH', 'str_5'), ('VECTOR2I', 'v2_1_5'), ('VECTOR2', 'v3_1'),
                ('VECTOR3', 'v2_1_5'), ('VECTOR4', 'color_1'), ('COLOR', 'v4_1'), ('COLOR', 'str_5'),
                ('ARRAY', 'pi32_1'), ('PBA', 'arr_1'), ('PI32', 'pba_1'), ('RID', 'int_2'), ('INT', 'rid_5'),
                ('DICTIONARY', 'arr_1'), ('STRING', 'sname_a'), ('VECTOR2', 'v2i_1_2'), ('VECTOR2I', 'nil')]
        for tname, vname in conv:
            add('tarr_conv_%s_holds_%s' % (tname.lower(), vname), tarr_b(T[tname], V[vname]))
        add('tarr_nil_type', tarr_b(T['NIL'], d.v_int(1)))
        add('tarr_nil_type_empty', tarr_b(T['NIL']))
        add('tarr_object_builtin_kind', tarr_b(T['OBJECT']))
        add('tarr_object_builtin_kind_nil', tarr_b(T['OBJECT'], d.h('NIL')))
        for tid in (T['MAX'], T['MAX'] + 1, 0xFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x80000002):
            add('tarr_type_%x' % tid, tarr_b(tid))
        add('tarr_type_trunc', u32(A | (1 << 16)) + b'\x02\x00')
        add('tarr_count_huge', tarr_b(T['INT'], d.v_int(1), count=0x7FFFFFFF))
        add('tarr_count_shared', tarr_b(T['INT'], d.v_int(1), count=0x80000001))
        add('tarr_kind3_flags', u32(A | (3 << 16)) + gstr('res://nope.gd') + u32(0))
        add_both('tarr_kind3_nope', u32(A | (3 << 16)) + gstr('res://nope.gd') + u32(0))
        add_both('tarr_kind3_user', u32(A | (3 << 16)) + gstr('user://x.gd') + u32(0))
        add_both('tarr_kind3_empty', u32(A | (3 << 16)) + gstr('') + u32(0))
        add_both('tarr_class_node_empty', tarr_c('Node'))
        add_both('tarr_class_node_holds_int', tarr_c('Node', d.v_int(5)))
        add_both('tarr_class_node_holds_nil', tarr_c('Node', d.h('NIL')))
        add_both('tarr_class_unknown', tarr_c('NoSuchClass'))
        add_both('tarr_class_empty', tarr_c(''))
        add_both('tarr_class_eoaid', tarr_c('EncodedObjectAsID'))
        add_both('tarr_class_eoaid_id', tarr_c('EncodedObjectAsID', d.h('OBJECT', FLAG64) + u64(12345)))
        add_both('tarr_class_refcounted_id', tarr_c('RefCounted', d.h('OBJECT', FLAG64) + u64(12345)))
        add_both('tarr_class_refcounted_full', tarr_c('RefCounted', d.h('OBJECT') + gstr('RefCounted') + u32(0)))
        add_both('tarr_class_node_holds_refcounted', tarr_c('Node', d.h('OBJECT') + gstr('RefCounted') + u32(0)))
        add_both('tarr_class_bad_utf8', tarr_c(b'No\xffde'))
        add('tarr_kind_with_class_but_builtin_bytes', u32(A | (2 << 16)) + u32(2) + u32(0))
        D = T['DICTIONARY']

        def tdict(kk, kdata, vk, vdata, *kv, count=None):
            return (u32(D | (kk << 16) | (vk << 18)) + kdata + vdata + u32(len(kv) // 2 if count is None else count)
                    + b''.join(kv))

        S, I = u32(T['STRING']), u32(T['INT'])
        add('tdict_ok', tdict(1, S, 1, I, d.v_str('a'), d.v_int(1)))
        add('tdict_key_int_for_string', tdict(1, S, 1, I, d.v_int(1), d.v_int(1)))
        add('tdict_value_string_for_int', tdict(1, S, 1, I, d.v_str('a'), d.v_str('b')))
        add('tdict_value_float_for_int', tdict(1, S, 1, I, d.v_str('a'), d.h('FLOAT') + f32(2.0)))
        add('tdict_both_wrong', tdict(1, S, 1, I, d.v_int(1), d.v_str('b')))
        add('tdict_sname_key_for_string', tdict(1, S, 1, I, d.h('STRING_NAME') + gstr('a'), d.v_int(1)))
        for kt, kname, vt, vname in (('INT', 'float_2_5', 'NIL', 'int_2'), ('INT', 'bool_t', 'NIL', 'int_2'),
                                     ('FLOAT', 'int_2', 'NIL', 'int_2'), ('STRING', 'np_a', 'NIL', 'int_2'),
                                     ('STRING_NAME', 'str_5', 'NIL', 'int_2'), ('VECTOR2I', 'v2_1_5', 'NIL', 'int_2'),
                                     ('INT', 'int_2', 'FLOAT', 'int_2'), ('INT', 'int_2', 'INT', 'float_2_5'),
                                     ('INT', 'int_2', 'STRING', 'sname_a'), ('INT', 'int_2', 'VECTOR2', 'v2i_1_2')):
            kk, kd = (0, b'') if kt == 'NIL' else (1, u32(T[kt]))
            vk, vd = (0, b'') if vt == 'NIL' else (1, u32(T[vt]))
            add('tdict_conv_%s_%s__%s_%s' % (kt.lower(), kname, vt.lower(), vname), tdict(kk, kd, vk, vd, V[kname], V[vname]))
        add('tdict_key_only', tdict(1, S, 0, b'', d.v_str('a'), d.v_str('x')))
        add('tdict_value_only', tdict(0, b'', 1, I, d.v_int(9), d.v_int(1)))
        add('tdict_value_only_wrong', tdict(0, b'', 1, I, d.v_int(9), d.v_str('x')))
        add('tdict_key_type_max', tdict(1, u32(T['MAX']), 1, I))
        add('tdict_value_type_ff', tdict(1, S, 1, u32(0xFF)))
        add('tdict_key_type_neg', tdict(1, u32(0xFFFFFFFF), 0, b''))
        add('tdict_key_kind3', tdict(3, gstr('res://nope.gd'), 0, b''))
        add('tdict_kind_bits20', u32(D | (1 << 16) | (1 << 20)) + S + u32(0))
        add('tdict_kinds_3_3', tdict(3, gstr('res://a.gd'), 3, gstr('res://b.gd')))
        add_both('tdict_value_class_node_empty', tdict(1, S, 2, gstr('Node')))
        add_both('tdict_value_class_unknown', tdict(1, S, 2, gstr('NoSuchClass')))
        add_both('tdict_value_class_refcounted_int', tdict(1, S, 2, gstr('RefCounted'), d.v_str('a'), d.v_int(1)))
        add_both('tdict_key_class_refcounted_id', tdict(2, gstr('RefCounted'), 1, I, d.h('OBJECT', FLAG64) + u64(777), d.v_int(1)))
        add('tdict_in_3x_layout', u32(D) + u32(1) + d.v_str('a') + d.v_int(1))
        add('tdict_dup_keys', tdict(1, S, 1, I, d.v_str('a'), d.v_int(1), d.v_str('a'), d.v_int(2)))
        add('tdict_count_huge', tdict(1, S, 1, I, d.v_str('a'), d.v_int(1), count=0x7FFFFFFF))
        add('tdict_trunc_types', u32(D | (1 << 16) | (1 << 18)) + S)
    # --- objects
    ref = 'RefCounted' if four else 'Reference'
    OB = T['OBJECT']
    add_both('obj_full_empty_class', u32(OB) + gstr(''))
    add_both('obj_full_empty_class_count', u32(OB) + gstr('') + u32(0))
    add_both('obj_full_unknown', u32(OB) + gstr('NoSuchClass') + u32(0))
    add_both('obj_full_ref_noprops', u32(OB) + gstr(ref) + u32(0))
    add_both('obj_full_ref_script_nil', u32(OB) + gstr(ref) + u32(1) + gstr('script') + d.h('NIL'))
    add_both('obj_full_ref_unknown_prop', u32(OB) + gstr(ref) + u32(1) + gstr('foo') + d.v_int(1))
    add_both('obj_full_ref_props_huge', u32(OB) + gstr(ref) + u32(0x7FFFFFFF) + gstr('foo') + d.v_int(1))
    add_both('obj_full_ref_props_trunc', u32(OB) + gstr(ref) + u32(2) + gstr('foo') + d.v_int(1))
    add_both('obj_full_ref_prop_name_int', u32(OB) + gstr(ref) + u32(1) + d.v_int(1) + d.v_int(1))
    add_both('obj_full_ref_script_int', u32(OB) + gstr(ref) + u32(1) + gstr('script') + d.v_int(5))
    add_both('obj_full_ref_script_res', u32(OB) + gstr(ref) + u32(1) + gstr('script') + d.v_str('res://nope.gd'))
    add_both('obj_full_ref_script_user', u32(OB) + gstr(ref) + u32(1) + gstr('script') + d.v_str('user://nope.gd'))
    add_both('obj_full_ref_no_count', u32(OB) + gstr(ref))
    add_both('obj_full_object', u32(OB) + gstr('Object') + u32(0))
    add_both('obj_full_resource_named', u32(OB) + gstr('Resource') + u32(1) + gstr('resource_name') + d.v_str('hi'))
    add_both('obj_full_resource_name_int', u32(OB) + gstr('Resource') + u32(1) + gstr('resource_name') + d.v_int(5))
    add_both('obj_full_resource_dup_prop', u32(OB) + gstr('Resource') + u32(2) + gstr('resource_name') + d.v_str('a')
             + gstr('resource_name') + d.v_str('b'))
    add_both('obj_full_node', u32(OB) + gstr('Node') + u32(1) + gstr('name') + d.v_str('N'))
    add_both('obj_full_canvasitem_abstract', u32(OB) + gstr('CanvasItem') + u32(0))
    add_both('obj_full_class_lowercase', u32(OB) + gstr(ref.lower()) + u32(0))
    add_both('obj_full_class_nul', u32(OB) + gstr(ref.encode() + b'\0x') + u32(0))
    add_both('obj_full_flag_bit17', u32(OB | (1 << 17)) + gstr(ref) + u32(0))
    add_both('obj_full_eoaid', u32(OB) + gstr('EncodedObjectAsID') + u32(1) + gstr('object_id') + d.v_int(55))
    if four:
        add_both('obj_full_script_gdscript_nested', u32(OB) + gstr(ref) + u32(1) + gstr('script')
                 + u32(OB) + gstr('GDScript') + u32(1) + gstr('script/source') + d.v_str('extends RefCounted\n'))
    for name, i in (('0', 0), ('1', 1), ('max', 0xFFFFFFFFFFFFFFFF), ('bit63', 1 << 63), ('small', 1234)):
        add_both('obj_id_%s' % name, u32(OB | FLAG64) + u64(i))
    add_both('obj_id_trunc', u32(OB | FLAG64) + u32(5))
    add_both('obj_id_in_array', d.v_arr(u32(OB | FLAG64) + u64(0), u32(OB | FLAG64) + u64(99)))
    # --- RID / Callable / Signal / misc
    if four:
        add('rid_id', d.h('RID') + u64(5))
        add('rid_max', d.h('RID') + u64(0xFFFFFFFFFFFFFFFF))
        add('rid_trunc', d.h('RID') + u32(5))
        add('rid_header_only', d.h('RID'))
        add('callable_trailing', d.h('CALLABLE') + u32(1))
        add('callable_flag', d.h('CALLABLE', FLAG64))
        add('signal_ok', d.h('SIGNAL') + gstr('hit') + u64(7))
        add('signal_empty_name_id', d.h('SIGNAL') + gstr('') + u64(7))
        add('signal_trunc_id', d.h('SIGNAL') + gstr('hit') + u32(7))
        add('signal_name_huge', d.h('SIGNAL') + u32(0x7FFFFFFF) + u64(7))
        add('signal_bad_utf8', d.h('SIGNAL') + gstr(b'h\xffit') + u64(7))
        add('sname_pad_garbage', d.h('STRING_NAME') + gstr('a', fill=b'\x77'))
        add('sname_len_huge', d.h('STRING_NAME') + u32(0x7FFFFFFF) + b'abcd')
        add('sname_flag64', d.h('STRING_NAME', FLAG64) + gstr('abc'))
    else:
        add('rid_header_only', d.h('RID'))
        add('rid_with_payload', d.h('RID') + u64(5))
        add('rid_flag64', d.h('RID', FLAG64) + u64(5))
    return P


def main(argv):
    args = [a for a in argv[1:]]
    seed = 4242
    if '--seed' in args:
        i = args.index('--seed')
        seed = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3 or args[0] not in ('3', '4'):
        sys.stderr.write(__doc__)
        return 2
    d = Dialect(int(args[0]))
    vals = read_values(args[1])
    rng = random.Random(seed)
    probes = []
    for vid, allow, b in vals:
        probes += truncations(rng, vid, allow, b)
    for vid, allow, b in vals:
        probes += mutations(rng, d, vid, allow, b, 4)
    probes += hand_probes(d)
    # Plain re-decodes of the real values (a control group: every one should be accepted).
    for vid, allow, b in vals:
        if len(b) <= MAX_MUTATE_BYTES:
            probes.append(('orig_%s' % vid, allow, b))
    seen = set()
    with open(args[2], 'w', encoding='utf-8') as f:
        f.write('# godot_bin decode probes (dialect %s, seed %d, from %s): id, allow_objects, hex\n'
                % (args[0], seed, args[1].split('/')[-1]))
        for pid, allow, b in probes:
            if pid in seen:
                raise SystemExit('duplicate probe id ' + pid)
            seen.add(pid)
            f.write('%s\t%d\t%s\n' % (pid, allow, b.hex()))
    sys.stderr.write('make_probes: %d probes -> %s\n' % (len(probes), args[2]))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
