#!/usr/bin/env python3
"""Writes the generated edge-case byte streams of Tests/Fixtures/terminal-streams (NAME.COLSxROWS.ans).

Each stream is fed as-is (no newline translation, like `stty -onlcr`) to our emulator and to tmux by the tests.
Usage: python3 Benchmarks/terminal/generate_edge_cases.py Tests/Fixtures/terminal-streams
"""
import os, sys

ESC = "\x1b"
CSI = ESC + "["
out = sys.argv[1]
cases = {}

def case(name, cols, rows, text):
    cases[f"edge-{name}.{cols}x{rows}.ans"] = text

lines = "".join(f"line {i:03d} " + "abcdefghij" * (i % 9) + "\r\n" for i in range(60))
case("scrolling", 80, 24, lines)
case("wrap-last-column", 80, 24,
     "a" * 80 + "b" + "\r\n" + "c" * 80 + "\r\n" + "d" * 160 + "e\r\n" + "f" * 80 + "\n" + "g\r\n" + "h" * 200)
case("wide-last-column", 20, 8,
     "x" * 19 + "中文" + "\r\n" + "y" * 18 + "😀😀\r\n" + "日本語のテキスト、全角文字です。" + "\r\n"
     + CSI + "?7l" + "z" * 19 + "中" + "\r\n" + "w" * 25 + CSI + "?7h\r\n" + "ab中cd" + CSI + "3D" + "X" + "\r\n"
     + "ab中cd" + CSI + "4D" + "Y")
case("pending-wrap", 20, 10,
     "a" * 20 + "\rB\r\n" + "b" * 20 + "\x08C\r\n" + "c" * 20 + CSI + "D" + "D\r\n" + "d" * 20 + CSI + "K" + "E\r\n"
     + "e" * 20 + CSI + "1K\r\n" + "f" * 20 + CSI + "C" + "F\r\n" + "g" * 20 + CSI + "A" + "G")
case("scroll-region", 40, 12,
     "".join(f"row {i}\r\n" for i in range(11)) + "last" + CSI + "4;8r" + CSI + "8;1H"
     + "".join(f"scrolled {i}\n\r" for i in range(3)) + CSI + "4;1H" + ESC + "M" + ESC + "M" + "reverse"
     + CSI + "5;1H" + CSI + "2L" + "inserted" + CSI + "6;1H" + CSI + "M" + CSI + "2S" + CSI + "T"
     + CSI + "r" + CSI + "12;1H" + "bottom\n\rafter")
case("insert-delete-chars", 40, 6,
     "0123456789abcdefghij" + CSI + "5G" + CSI + "3@" + "XYZ" + "\r\n" + "0123456789abcdefghij" + CSI + "5G" + CSI + "3P"
     + "\r\n" + "0123456789abcdefghij" + CSI + "5G" + CSI + "4X" + "\r\n" + "abc" + CSI + "4h" + CSI + "1G" + "INS" + CSI + "4l"
     + "\r\n" + "x" * 40 + CSI + "5G" + CSI + "99P" + "\r\n" + CSI + "99999999C" + "R" + CSI + "99999999D" + "L")
case("alternate-screen", 40, 10,
     "normal screen line 1\r\nnormal 2\r\n" + CSI + "?1049h" + CSI + "H" + "ALTERNATE" + CSI + "5;5H" + "more"
     + CSI + "?1049l" + "back\r\n" + CSI + "?47h" + "alt47" + CSI + "?47l" + "x\r\n" + CSI + "?1047h" + "alt1047"
     + CSI + "?1047l" + "y\r\n" + CSI + "?1049h" + "left in alternate" + CSI + "3;3H" + "still")
case("sgr-forms", 60, 12,
     CSI + "1mbold" + CSI + "22m " + CSI + "2mdim" + CSI + "22m " + CSI + "3mitalic" + CSI + "23m " + CSI + "4munder" + CSI + "24m "
     + CSI + "5mblink" + CSI + "25m " + CSI + "7minv" + CSI + "27m " + CSI + "8mhidden" + CSI + "28m " + CSI + "9mstrike" + CSI + "29m\r\n"
     + "".join(f"{CSI}{30+i}m{i}{CSI}{40+i}m{i}{CSI}{90+i}m{i}{CSI}{100+i}m{i}" for i in range(8)) + CSI + "39;49m\r\n"
     + CSI + "38;5;196mred256" + CSI + "48;5;21mbg" + CSI + "0m " + CSI + "38;2;10;20;30mrgb" + CSI + "0m "
     + CSI + "38:5:82mcolon256" + CSI + "0m " + CSI + "38:2::255:128:0mcolonrgb" + CSI + "0m " + CSI + "38:2:1:2:3mnoid" + CSI + "m\r\n"
     + CSI + "4:3mcurly" + CSI + "4:0m " + CSI + "1;38;5;208;48;2;0;0;0mcombo" + CSI + "m " + CSI + "38;5mbad" + CSI + "m")
case("cursor-save", 30, 8,
     "start" + ESC + "7" + CSI + "5;10H" + CSI + "31msaved?" + ESC + "8" + "R" + CSI + "3;3H" + CSI + "s" + CSI + "6;20H" + "x"
     + CSI + "u" + "U" + CSI + "8;1H" + "z" * 30 + ESC + "7" + CSI + "H" + ESC + "8" + "W")
case("tabs-and-erase", 40, 10,
     "a\tb\tc\td\te\tf\r\n" + CSI + "3g" + CSI + "11G" + ESC + "H" + CSI + "1G" + "\tT\r\n" + CSI + "20G" + CSI + "Z" + "Z\r\n"
     + "x" * 40 + CSI + "4;10H" + CSI + "K" + "\r\n" + "y" * 40 + CSI + "5;10H" + CSI + "1K" + "\r\n" + "z" * 40 + CSI + "6;10H" + CSI + "2K"
     + "\r\n" + "q" * 40 + CSI + "8;5H" + "w" * 40 + CSI + "8;10H" + CSI + "J" + CSI + "2;5H" + CSI + "1J")
case("combining", 20, 6,
     "e\u0301 a\u0308o\u0323\u0302 x\r\n" + "\u0301start\r\n" + "中\u0301 wide\r\n" + "👍\u200d🔥 zwj\r\n"
     + "a" * 20 + "\u0301" + "b")
case("origin-and-moves", 30, 12,
     CSI + "3;8r" + CSI + "?6h" + CSI + "1;1Horigin" + CSI + "20;5Hclamped" + CSI + "?6l" + CSI + "r" + CSI + "10;1H" + "abs"
     + CSI + "2E" + "cnl" + CSI + "F" + "cpl" + CSI + "15G" + "cha" + CSI + "2d" + "vpa" + CSI + "11;3f" + "hvp" + CSI + "B" + "down"
     + CSI + "99A" + "up")
case("line-drawing-differs-from-tmux", 20, 5,
     ESC + "(0" + "lqqqqk\r\nx    x\r\nmqqqqj" + ESC + "(B" + " ascii\r\n" + ESC + ")0" + "\x0e" + "lqk" + "\x0f" + "lqk")
case("repeat-and-controls", 30, 5, "ab" + CSI + "5b" + "\r\n" + "bell\x07\x00end" + "\r\n" + "bs\x08\x08XY" + "\r\n" + "\x1b#8")
case("repeat-rules", 30, 6,
     "ab" + CSI + "3b" + CSI + "2b" + "\r\n" + "e\u0301" + CSI + "2b" + "\r\n" + "x" + CSI + "2J" + CSI + "b" + "\r\n"
     + "y" + ESC + "]0;t\x07" + CSI + "b" + "\r\n" + "z" * 28 + CSI + "9b" + "\r\n" + "q\x07" + CSI + "b")
case("combining-on-blank", 20, 4, CSI + "5G" + "\u0301" + "b" + CSI + "2;1H" + "\u0301" + "c" + CSI + "3;3H" + "中" + CSI + "D" + "\u0308")
# Found by fuzz_against_tmux.py: tmux's rules for joiners, orphaned wide-character halves and missing sequences.
case("zero-width-joiner-pending", 30, 5,
     "a\u200db" + "ö" + "\r\n" + "x\u200d" + CSI + "?7l" + "y" + CSI + "?7h" + "\r\n" + "👍\u200d🔥 ok\r\n" + "c\u200d" + CSI + "4h" + "q" + CSI + "4l")
case("orphaned-wide-halves", 12, 6,
     "中文字" + CSI + "1G" + CSI + "3X" + "wör" + "\r\n" + "😀\x08\ufe0f " + "\r\n" + "ab中" + CSI + "3G" + "x" + "\r\n"
     + "中中" + CSI + "2G" + "é" + "\r\n" + "中中" + CSI + "3G" + "Z")
case("sequences-tmux-lacks", 20, 5,
     "a" + CSI + "5a" + "b" + CSI + "2e" + "c" + "\r\n" + CSI + "2I" + "d" + CSI + "?1048h" + CSI + "5;5H" + CSI + "?1048l" + "e"
     + ESC + "(A" + "f" + CSI + "?3h" + "g")
case("insert-characters-like-tmux", 10, 6,
     "abcdefghij" + CSI + "7G" + CSI + "3@" + "\r\n" + "abcdefghij" + CSI + "7G" + CSI + "4@" + "\r\n"
     + "abcdefghij" + CSI + "10G" + CSI + "5@" + "\r\n" + "abcdefghij" + CSI + "9G" + CSI + "4h" + "中" + CSI + "4l" + "\r\n"
     + "abcdefghij" + CSI + "2G" + CSI + "2@" + "XY")
case("reset-and-wrap-flags", 12, 8,
     "normal" + CSI + "?1049h" + "alt" + CSI + "4h" + CSI + "?7l" + ESC + "c" + CSI + "?1047h" + "after reset" + "ok"
     + CSI + "3;1H" + "z" * 14 + CSI + "K" + "\r\x08\x08W" + CSI + "6;1H" + "y" * 14 + CSI + "2K" + "\r\x08\x08V"
     + CSI + "8;1H" + "q" * 13 + "\r\x08\x08U")
case("unknown-sequences", 40, 6,
     "a" + CSI + "?2004h" + CSI + ">4;2m" + CSI + "=5u" + "b" + ESC + "]0;title\x07" + "c" + ESC + "]8;;http://x\x1b\\link" + ESC + "]8;;\x1b\\"
     + "d" + ESC + "P1$r0m" + ESC + "\\" + "e" + ESC + "_apc" + ESC + "\\" + "f" + CSI + "1 q" + CSI + "?1;2$p" + "g" + ESC + "=" + ESC + ">" + "h")

os.makedirs(out, exist_ok=True)
for name, text in cases.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(text.encode("utf-8"))
print(f"wrote {len(cases)} cases")
