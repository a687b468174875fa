"""scripts/install.sh on fake release tarballs (no release build): it installs the layout `make dist` writes, again
and again, and refuses a tarball whose checksum does not match and a foreign `resultbundle` without --force."""
import hashlib
import io
import os
import stat
import subprocess
import tarfile

import pytest

from conftest import ROOT

INSTALL = ROOT / "scripts" / "install.sh"
NAME = "resultbundle-9.9.9-linux-test"

# Stands in for the binary: answers --version and --help as ours does.
FAKE_BINARY = """#!/bin/sh
case "$1" in
--version) echo 9.9.9 ;;
--help) echo 'OVERVIEW: Turn test runs into result bundles, HTML reports and JUnit XML.' ;;
esac
"""
FOREIGN_BINARY = "#!/bin/sh\necho 'resultbundle: some other tool of the same name'\n"
FILES = {
    "bin/resultbundle": FAKE_BINARY,
    "share/man/man1/resultbundle.1": ".Dd January 1, 2026\n.Dt RESULTBUNDLE 1\n.Os\n.Sh NAME\n",
    "share/man/man1/resultbundle.record.1": ".Dd January 1, 2026\n.Dt RESULTBUNDLE.RECORD 1\n.Os\n.Sh NAME\n",
    "share/bash-completion/completions/resultbundle": "complete -F _resultbundle resultbundle\n",
    "share/zsh/site-functions/_resultbundle": "#compdef resultbundle\n",
    "share/fish/vendor_completions.d/resultbundle.fish": "complete -c resultbundle\n",
    "README.md": "# ResultBundle\n",
}


def make_tarball(folder, checksum=True):
    tarball = folder / f"{NAME}.tar.gz"
    with tarfile.open(tarball, "w:gz") as archive:
        for path, text in FILES.items():
            data = text.encode()
            member = tarfile.TarInfo(f"{NAME}/{path}")
            member.size = len(data)
            member.mode = 0o755 if path.startswith("bin/") else 0o644
            archive.addfile(member, io.BytesIO(data))
    if checksum:
        digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
        (folder / f"{tarball.name}.sha256").write_text(f"{digest}  {tarball.name}\n")
    return tarball


def install(*arguments):
    return subprocess.run(["bash", str(INSTALL), *map(str, arguments)], capture_output=True, text=True, timeout=60)


@pytest.fixture
def tarball(tmp_path):
    folder = tmp_path / "download"
    folder.mkdir()
    return make_tarball(folder)


def test_installs_every_file_of_the_layout_twice(tarball, tmp_path):
    prefix = tmp_path / "prefix"
    for _ in range(2):
        result = install(tarball, "--prefix", prefix)
        assert result.returncode == 0, result.stderr
        assert "SHA-256 verified" in result.stdout
    for path, text in FILES.items():
        if path == "README.md":
            continue
        assert (prefix / path).read_text() == text
    assert os.stat(prefix / "bin/resultbundle").st_mode & stat.S_IXUSR
    leftovers = [path for path in prefix.rglob("*") if ".installing." in path.name]
    assert leftovers == []


def test_refuses_a_tarball_whose_checksum_does_not_match(tarball, tmp_path):
    checksum = tarball.parent / f"{tarball.name}.sha256"
    checksum.write_text("0" * 64 + f"  {tarball.name}\n")
    prefix = tmp_path / "prefix"
    result = install(tarball, "--prefix", prefix)
    assert result.returncode == 1
    assert "checksum mismatch" in result.stderr
    assert not prefix.exists()


def test_refuses_a_tarball_changed_after_its_checksum_was_written(tarball, tmp_path):
    with tarball.open("ab") as file:
        file.write(b"\0")
    result = install(tarball, "--prefix", tmp_path / "prefix")
    assert result.returncode == 1
    assert "checksum mismatch" in result.stderr


def test_installs_without_a_checksum_file_and_says_it_was_not_verified(tmp_path):
    tarball = make_tarball(tmp_path, checksum=False)
    result = install(tarball, "--prefix", tmp_path / "prefix")
    assert result.returncode == 0, result.stderr
    assert "not verified" in result.stderr


def test_never_replaces_a_foreign_binary_without_force(tarball, tmp_path):
    prefix = tmp_path / "prefix"
    foreign = prefix / "bin" / "resultbundle"
    foreign.parent.mkdir(parents=True)
    foreign.write_text(FOREIGN_BINARY)
    foreign.chmod(0o755)

    refused = install(tarball, "--prefix", prefix)
    assert refused.returncode == 1
    assert "not resultbundle" in refused.stderr and "--force" in refused.stderr
    assert foreign.read_text() == FOREIGN_BINARY
    assert not (prefix / "share").exists()

    forced = install(tarball, "--prefix", prefix, "--force")
    assert forced.returncode == 0, forced.stderr
    assert foreign.read_text() == FAKE_BINARY


def test_replaces_an_older_resultbundle_of_ours(tarball, tmp_path):
    prefix = tmp_path / "prefix"
    older = prefix / "bin" / "resultbundle"
    older.parent.mkdir(parents=True)
    older.write_text(FAKE_BINARY.replace("9.9.9", "0.0.1"))
    older.chmod(0o755)
    result = install(tarball, "--prefix", prefix)
    assert result.returncode == 0, result.stderr
    assert older.read_text() == FAKE_BINARY


def test_refuses_a_tarball_without_the_binary(tmp_path):
    tarball = tmp_path / f"{NAME}.tar.gz"
    with tarfile.open(tarball, "w:gz") as archive:
        member = tarfile.TarInfo(f"{NAME}/README.md")
        archive.addfile(member, io.BytesIO(b""))
    result = install(tarball, "--prefix", tmp_path / "prefix")
    assert result.returncode == 1
    assert "no bin/resultbundle" in result.stderr


def test_bad_usage_exits_2(tarball):
    assert install(tarball, "--no-such-option").returncode == 2
    assert install(tarball, "--prefix").returncode == 2
