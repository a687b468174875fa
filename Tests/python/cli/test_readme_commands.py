"""The README's commands, as written. Every ```sh block of README.md is preceded by a comment that says how it is
checked, `<!-- readme-check: KIND (why) -->`:

- `build`: run here, as written, from the repository root (the `cp` into /usr/local/bin is checked, not run: its
  source must be the binary just built). A release build from nothing takes about ten minutes on two cores, so it
  runs when RESULTBUNDLE_README_BUILD=1: `make dist-test` sets it at its end, after scripts/dist.sh has
  just built the same product with the same flags, so the README's command is then an incremental build that
  finishes in seconds, and still fails if it needs a target the release build cannot compile (as a build without
  `--product resultbundle` does: ResultRecorder imports Testing).
- `usage`: every command line names real commands and options (`resultbundle help COMMAND` lists each option).
- `ci`, `dist-test`: run by `.ci/run` itself (`make test`, `make dist-test`)."""
import os
import re
import shlex
import subprocess

import pytest

from conftest import BINARY, ROOT

README = ROOT / "README.md"
KINDS = {"build", "usage", "ci", "dist-test"}


def blocks():
    """Each ```sh block of the README: (its check kind or None, its lines, its line number)."""
    lines = README.read_text().splitlines()
    found = []
    for number, line in enumerate(lines):
        if line.strip() != "```sh":
            continue
        previous = lines[number - 1] if number > 0 else ""
        marker = re.match(r"<!-- readme-check: ([a-z-]+)\b.*-->$", previous.strip())
        end = lines.index("```", number + 1)
        found.append((marker.group(1) if marker else None, lines[number + 1:end], number + 1))
    return found


def commands(block_lines):
    """The block's command lines without their trailing comments."""
    result = []
    for line in block_lines:
        words = shlex.split(line, comments=True)
        if words:
            result.append(words)
    return result


def test_every_shell_block_says_how_it_is_checked():
    found = blocks()
    assert len(found) >= 4
    for kind, _, number in found:
        assert kind in KINDS, f"README.md:{number}: a ```sh block needs <!-- readme-check: KIND --> before it"
    assert [kind for kind, _, _ in found].count("build") == 1


def help_text(words):
    result = subprocess.run([str(BINARY), "help", *words], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"resultbundle help {' '.join(words)}: {result.stderr}"
    return result.stdout


def subcommand_path(arguments):
    """The words of `arguments` that name a command (`shard run`), read from the help of each level."""
    path = []
    for word in arguments:
        if word.startswith("-"):
            break
        listed = re.search(r"^SUBCOMMANDS:\n((?:  .*\n?)*)", help_text(path), re.MULTILINE)
        names = {line.split()[0] for line in listed.group(1).splitlines()} if listed else set()
        if word not in names:
            break
        path.append(word)
    return path


def test_the_usage_block_names_real_commands_and_options():
    usage = [lines for kind, lines, _ in blocks() if kind == "usage"]
    assert usage, "the README has a usage block"
    checked = 0
    for words in commands(usage[0]):
        assert words[0] == "resultbundle", words
        arguments = words[1:]
        if arguments[:1] == ["help"]:
            continue
        own = arguments[:arguments.index("--")] if "--" in arguments else arguments
        path = subcommand_path(own)
        assert path, f"no command in: {' '.join(words)}"
        text = help_text(path)
        for option in (word.split("=")[0] for word in own if word.startswith("-")):
            spelled = re.escape(option)
            assert re.search(rf"(^|[\s,]){spelled}[\s,<]", text, re.MULTILINE), \
                f"resultbundle {' '.join(path)} has no option {option}"
        checked += 1
    assert checked >= 15


@pytest.mark.skipif(os.environ.get("RESULTBUNDLE_README_BUILD") != "1",
                    reason="the release build runs with RESULTBUNDLE_README_BUILD=1 (at the end of make dist-test)")
def test_the_build_block_builds_as_written():
    build = [lines for kind, lines, _ in blocks() if kind == "build"][0]
    for line in build:
        words = shlex.split(line, comments=True)
        if words[:1] == ["cp"]:
            source = ROOT / words[1]
            assert os.access(source, os.X_OK), f"{words[1]} was not built"
            version = subprocess.run([str(source), "--version"], capture_output=True, text=True, timeout=60)
            assert version.returncode == 0 and version.stdout.strip(), version.stderr
            continue
        result = subprocess.run(["bash", "-c", line], cwd=ROOT, capture_output=True, text=True, timeout=3600)
        assert result.returncode == 0, f"{line}\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
