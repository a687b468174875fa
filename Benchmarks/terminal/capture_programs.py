#!/usr/bin/env python3
"""Captures real programs' output through a pseudo-terminal at a fixed size, into Tests/Fixtures/terminal-streams.

Each capture is the exact byte stream the program wrote (the terminal driver's usual newline translation applies).
Full-screen programs run for about a second and are then killed, so the stream ends on their screen.
Captures are committed once; rerunning changes them (clocks, process lists).
Usage: python3 Benchmarks/terminal/capture_programs.py Tests/Fixtures/terminal-streams [repository-dir]
"""
import fcntl, os, pty, select, signal, struct, sys, termios, time

out = sys.argv[1]
repo = sys.argv[2] if len(sys.argv) > 2 else "."
COLS, ROWS = 80, 24

def capture(name, argv, seconds=5.0, keys=b"", kill_after=None, limit=190_000, key_delay=0.8):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LC_ALL="C.UTF-8", COLUMNS=str(COLS), LINES=str(ROWS))
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    data = b""
    start = time.time()
    sent = False
    while time.time() - start < seconds:
        if kill_after is not None and time.time() - start > kill_after:
            os.kill(pid, signal.SIGKILL)
            break
        if keys and not sent and time.time() - start > key_delay:
            for key in keys.split(b"\0"):  # NUL separates keystroke groups sent 0.2 s apart
                os.write(fd, key)
                time.sleep(0.2)
            sent = True
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    data = data[:limit]
    path = os.path.join(out, f"{name}.{COLS}x{ROWS}.ans")
    with open(path, "wb") as f:
        f.write(data)
    print(f"{path}: {len(data)} bytes")

sh = lambda command: ["sh", "-c", command]
capture("ls-color", sh("ls --color=always -la /usr/bin | head -50"))
capture("git-log-graph", sh(f"git --no-pager --git-dir={repo} log --graph --color=always --oneline --decorate -80 3.3a"))
capture("top-batch", sh("top -b -n 1 -w 80 | head -40"))
capture("htop", ["htop"], kill_after=1.5)
capture("vim", ["vim", "-u", "NONE", "-N", "+syntax on", "+set number", "/usr/share/common-licenses/GPL-3"], kill_after=1.5)
capture("less", ["less", "/usr/share/common-licenses/GPL-3"], keys=b"  ", kill_after=1.5)
capture("watch", ["watch", "-n", "0.5", "ls", "-la", "/usr/share/common-licenses"], kill_after=1.5)
capture("man-page", ["man", "ls"], kill_after=2.0)
capture("bash-readline", ["bash", "--norc", "--noprofile", "-i"], key_delay=0.5, seconds=4.0,
        keys=b"echo hello world\0\x1b[D\x1b[D\x1b[DX\0\x01# \0\r\0for i in 1 2 3; do echo line $i; done\r\0"
             b"printf '\\033[1;33mcolors\\033[0m %s\\n' ok\r\0echo $COLUMNS x $LINES\r\0exit\r")
capture("python-rich-like", ["python3", "-c", r"""
import sys
w = sys.stdout.write
for i in range(256):
    w(f"\x1b[48;5;{i}m{i:4d}\x1b[0m" + ("\n" if i % 16 == 15 else ""))
for r in range(0, 256, 32):
    w("".join(f"\x1b[38;2;{r};{g};128m#" for g in range(0, 256, 4)) + "\x1b[0m\n")
w("progress: ")
for p in range(0, 101, 5):
    w(f"\r\x1b[Kprogress: [{'=' * (p // 5):20s}] {p:3d}%")
w("\n\x1b[1;32m✔ done\x1b[0m 完成 \x1b[4munderlined\x1b[24m\n")
"""])
