"""`record` copies an attachment the recorder journaled into the bundle by streaming it: an attachment larger than a
reader may hold in memory (256 MiB) arrives intact while `record` stays within the 150 MB every command keeps to."""
import hashlib
import json
import os

from conftest import FIXTURES, run
from test_resource_bounds import MEMORY_LIMIT, peak_memory

LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
ATTACHMENT_BYTES = 300 << 20


def make_attachment(path):
    """A sparse file of `ATTACHMENT_BYTES` (zeros cost no disk) with distinct bytes at its start, middle and end,
    so a copy that lost or moved a chunk hashes differently. Returns its SHA-256."""
    with open(path, "wb") as file:
        file.truncate(ATTACHMENT_BYTES)
        for offset in (0, ATTACHMENT_BYTES // 2 + 12345, ATTACHMENT_BYTES - 4096):
            file.seek(offset)
            file.write(hashlib.sha256(str(offset).encode()).digest() * 128)
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def make_journal(folder, attachment):
    """A journal as the recorder leaves it: a bundle holding `CalcXCTests.testAdd` with `attachment` attached
    (imported from JUnit XML, which stores the file by streaming it)."""
    junit = folder / "journal.xml"
    junit.write_text(
        '<testsuite name="CalcXCTests" tests="1"><testcase classname="CalcXCTests" name="testAdd" time="0.001">'
        f"<system-out>[[ATTACHMENT|{attachment.name}]]</system-out></testcase></testsuite>\n")
    journal = folder / "prepared.resultbundle"
    run("import", junit, "-o", journal, "--quiet")
    return journal


def test_an_attachment_over_256_mib_is_copied_whole_with_bounded_memory(tmp_path):
    attachment = tmp_path / "big.bin"
    expected = make_attachment(attachment)
    journal = make_journal(tmp_path, attachment)
    bundle = tmp_path / "run.resultbundle"
    # The test process writes its journal, then its output names the test, so record copies the attachment.
    script = f"cp '{journal}' \"$RESULTBUNDLE_JOURNAL_DIR/test.resultbundle\"\ncat '{LOG}'\n"
    status, memory = peak_memory("record", "--quiet", "-o", bundle, "--", "sh", "-c", script)
    assert status == 0
    assert memory < MEMORY_LIMIT, f"record used {memory >> 20} MiB for a {ATTACHMENT_BYTES >> 20} MiB attachment"
    exported = json.loads(run("json", bundle, "-o", "-").stdout)
    attached = [item for test in exported["tests"] if test["name"] == "testAdd" for item in test["attachments"]]
    assert [(item["size"], item["sha256"]) for item in attached] == [(ATTACHMENT_BYTES, expected)]
    # verify inflates every blob and checks it against its hash: the stored bytes are the file's.
    assert run("verify", bundle).returncode == 0
    assert os.path.getsize(bundle) < ATTACHMENT_BYTES // 100
