#!/usr/bin/env python3
"""Differential test: random streams of control sequences rendered by our emulator and by tmux, compared.

Builds TerminalEmulation in release mode, links a small renderer against it, then for N random streams runs tmux
(private socket, status off, `stty -onlcr -echo; cat FILE`) and compares `capture-pane -p` with our text.
Failing streams are kept in a temporary folder for turning into fixtures.
Usage: python3 Benchmarks/terminal/fuzz_against_tmux.py [COUNT] [SEED]
"""
import os, random, subprocess, sys, tempfile, time

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
count = int(sys.argv[1]) if len(sys.argv) > 1 else 30
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
work = tempfile.mkdtemp(prefix="terminal-fuzz-")
os.chdir(root)
subprocess.run(["swift", "build", "-c", "release", "--target", "TerminalEmulation"], check=True, stdout=subprocess.DEVNULL)
bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
driver = os.path.join(work, "render")
source = os.path.join(work, "render.swift")
with open(source, "w") as f:
    f.write(open(os.path.join(root, "Benchmarks/terminal/TerminalRender.swift.txt")).read())
objects = [os.path.join(bin_path, d, o) for d in ("TerminalEmulation.build", "ResultModel.build")
           for o in os.listdir(os.path.join(bin_path, d)) if o.endswith(".o")]
subprocess.run(["swiftc", "-O", "-I", os.path.join(bin_path, "Modules"), source, *objects, "-o", driver], check=True)

ESC, CSI = "\x1b", "\x1b["
words = ["hello", "wörld", "中文字", "😀", "e\u0301", "tab\t", "x" * 30, " ", "ab", "ｗｉｄｅ", "\u0308", "👍\u200d🔥",
         "a\u200db", "\x08\x08", "\u00ad", "\u200b", "\ufe0f", "y" * 9]
def piece(rng, cols, rows):
    kind = rng.random()
    n = lambda top: rng.randint(0, top)
    if kind < 0.35: return rng.choice(words)
    if kind < 0.45: return rng.choice(["\r\n", "\n", "\r", "\x08", "\t"])
    if kind < 0.60: return f"{CSI}{n(rows + 2)};{n(cols + 2)}H"
    choices = [
        f"{CSI}{n(5)}{rng.choice('ABCDEFGd`')}", f"{CSI}{n(3)}{rng.choice('JK')}", f"{CSI}{n(4)}{rng.choice('@PXLMST')}",
        f"{CSI}{n(rows)};{n(rows + 1)}r", f"{CSI}r", ESC + rng.choice("78DEM"), f"{CSI}?{rng.choice([7, 6, 1049, 47, 25])}{rng.choice('hl')}",
        f"{CSI}{n(2)}{rng.choice('su')}", f"{CSI}{rng.choice([1, 31, 42, 0, 38])};{n(255)}m", f"{CSI}4{rng.choice('hl')}", f"{CSI}{n(3)}b",
        f"{CSI}{n(3)}{rng.choice('IZ')}", f"{CSI}{rng.choice([0, 3])}g", ESC + "H", f"{CSI}?{rng.choice([1047, 1048, 7])}{rng.choice('hl')}",
        ESC + "#8", f"{CSI}{n(rows)};{n(cols)}f", f"{CSI}{n(4)}X", f"{CSI}{n(3)}{rng.choice('ef')}", f"{CSI}{n(30)}a",
        f"{CSI}{n(9)}\x18A", f"{CSI}{n(9)}\x1aB", ESC + "]0;title\x07", ESC + "]2;t" + ESC + "\\", ESC + "P1$r" + ESC + "\\",
        ESC + "_apc" + ESC + "\\", ESC + "c", "\x07", f"{CSI}3J", f"{CSI}{n(2)};{n(3)}{rng.choice('Hrm')}", f"{CSI}?{n(3)}J",
        f"{CSI}>{n(3)}m", f"{CSI}{n(3)} q", ESC + rng.choice("=>NO"),
    ]
    return rng.choice(choices)

rng = random.Random(seed)
socket = f"rb-fuzz-{os.getpid()}"
env = dict(os.environ, LC_ALL="C.UTF-8")
env.pop("TMUX", None)
conf = os.path.join(work, "tmux.conf")
open(conf, "w").write("set -g status off\nset -g history-limit 100\n")
cases = []
for index in range(count):
    cols, rows = rng.choice([(10, 4), (20, 6), (33, 9), (80, 24)])
    stream = "".join(piece(rng, cols, rows) for _ in range(rng.randint(5, 80)))
    path = os.path.join(work, f"case{index}.{cols}x{rows}.ans")
    open(path, "wb").write(stream.encode())
    cases.append((path, cols, rows))
    command = f"stty -onlcr -echo; cat '{path}'; tmux wait-for -S {socket}-{index}; sleep 60"
    subprocess.run(["tmux", "-L", socket, "-f", conf, "new-session", "-d", "-s", f"s{index}", "-x", str(cols), "-y", str(rows), command], env=env, check=True)
failures = 0
for index, (path, cols, rows) in enumerate(cases):
    subprocess.run(["timeout", "20", "tmux", "-L", socket, "wait-for", f"{socket}-{index}"], env=env)
    time.sleep(0.05)
    theirs = subprocess.run(["tmux", "-L", socket, "capture-pane", "-p", "-t", f"s{index}"], env=env, capture_output=True, text=True).stdout
    ours = subprocess.run([driver, path, str(cols), str(rows)], capture_output=True, text=True).stdout
    norm = lambda text: [line.rstrip(" ") for line in text.rstrip("\n").split("\n")]
    if norm(ours) != norm(theirs):
        failures += 1
        print(f"DIFFERENT: {path}")
        for row, (a, b) in enumerate(zip(norm(ours), norm(theirs))):
            if a != b: print(f"  row {row}\n    ours: {a!r}\n    tmux: {b!r}")
subprocess.run(["tmux", "-L", socket, "kill-server"], env=env, stderr=subprocess.DEVNULL)
print(f"{count - failures}/{count} streams identical to tmux ({work})")
sys.exit(1 if failures else 0)
