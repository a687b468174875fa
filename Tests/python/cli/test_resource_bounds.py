"""Resource bounds: a bundle valid under the format's limits, whose tests have names and messages just
under the 64 MiB a record may hold, compresses to under a megabyte. Every display output reads it with strings cut
at 1 MiB (docs/OUTPUTS.md), so what each command holds and writes is bounded by that cut, not by the bundle."""
import os
import subprocess

import pytest

from conftest import BINARY

FORMAT_TOOL = BINARY.parent / "resultbundle-format-tool"
MEMORY_LIMIT = 150 << 20


@pytest.fixture(scope="module")
def huge_bundle(tmp_path_factory):
    """8 tests, four with 64 MiB names and four with 32 MiB messages and details. One bundle for every test here:
    making it compresses 384 MiB of text, most of this file's time, and every check holds for any number of huge
    tests (the bounds are per output, the cut is per string)."""
    assert FORMAT_TOOL.exists(), f"{FORMAT_TOOL} is not built (swift build builds it beside the binary)"
    bundle = tmp_path_factory.mktemp("huge") / "huge.resultbundle"
    subprocess.run([str(FORMAT_TOOL), "make-huge-text", str(bundle), "8"], check=True, timeout=300)
    assert bundle.stat().st_size < 1 << 20
    return bundle


GNU_TIME = "/usr/bin/time"


def peak_memory(*arguments):
    """Runs resultbundle; returns (exit status, its peak resident memory in bytes).

    Through GNU time when it is there: Linux counts in a child's peak the memory of the process it was forked from
    (the fork's copy, kept across exec), so a child forked straight from this Python process, which may have grown
    large (SciPy, the browser tests), would report this process's size, not its own. GNU time forks the command
    from itself, a small process."""
    command = [str(BINARY), *map(str, arguments)]
    if os.path.exists(GNU_TIME):
        result = subprocess.run([GNU_TIME, "-f", "%M", *command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        kilobytes = int(result.stderr.strip().splitlines()[-1].split()[-1])
        return result.returncode, kilobytes * 1024
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    process.stderr.close()
    return process.returncode, usage.ru_maxrss * 1024


def cpu_seconds_and_memory(*arguments):
    """Runs resultbundle under GNU time; returns (exit status, user + system CPU seconds, peak memory in bytes).
    CPU time, not wall time: it does not grow when other jobs share the machine's cores."""
    command = [GNU_TIME, "-f", "%U %S %M", str(BINARY), *map(str, arguments)]
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
    user, system, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return result.returncode, float(user) + float(system), int(kilobytes) * 1024


@pytest.mark.skipif(not os.path.exists(GNU_TIME), reason="GNU time is not installed")
@pytest.mark.parametrize("command", ["summary", "verify"])
def test_a_summary_of_huge_names_reads_only_what_it_shows(huge_bundle, tmp_path, command):
    """Strings past the 1 MiB cut are measured with memchr, not walked byte by byte: the summary of 8 tests with
    64 MiB names and messages takes a fraction of a second of CPU (it took 5 s), and what it holds stays bounded."""
    arguments = [command, huge_bundle] + (["-o", tmp_path / "summary.md"] if command == "summary" else [])
    status, seconds, memory = cpu_seconds_and_memory(*arguments)
    assert status == 0
    assert memory < MEMORY_LIMIT, f"{command} used {memory >> 20} MiB"
    assert seconds < 1.0, f"{command} used {seconds:.2f} s of CPU"
    if command == "summary":
        assert (tmp_path / "summary.md").stat().st_size < 64 << 10


def size_of(path):
    if path.is_file():
        return path.stat().st_size
    return sum(item.stat().st_size for item in path.rglob("*") if item.is_file())


@pytest.mark.parametrize("command, output, output_limit", [
    ("report", "report", 64 << 20),
    ("junit", "junit.xml", 16 << 20),
    ("summary", "summary.md", 1 << 20),
    ("info", None, None),
    ("verify", None, None),
])
def test_every_command_stays_bounded_on_records_as_long_as_the_format_allows(
        huge_bundle, tmp_path, command, output, output_limit):
    arguments = [command, huge_bundle] + (["-o", tmp_path / output] if output else [])
    status, memory = peak_memory(*arguments)
    assert status == 0
    assert memory < MEMORY_LIMIT, f"{command} used {memory >> 20} MiB"
    if output:
        written = size_of(tmp_path / output)
        assert written < output_limit, f"{command} wrote {written >> 20} MiB"


def test_a_cut_name_says_so_and_gives_the_full_length(huge_bundle, tmp_path):
    assert peak_memory("junit", huge_bundle, "-o", tmp_path / "j.xml")[0] == 0
    text = (tmp_path / "j.xml").read_text()
    assert text.count("… [cut: 67043322 bytes in all]") >= 2  # both huge names, as the name attribute
