"""The coverage pages of a real Swift package's llvm coverage against `llvm-cov show -format=html` of the same run:
swift-argument-parser (its sources from this package's own `.build/checkouts`) built and tested in a scratch folder
with `--enable-code-coverage`; ours reads the JSON SwiftPM exported, llvm-cov the profile and the test binary it was
exported from. Skipped with a message when the toolchain's llvm-cov or the package's checkout is absent."""
import os
import pathlib
import shutil
import subprocess
import sys

PACKAGE = "swift-argument-parser"


def llvm_coverage_row(binary, work, row, run_once, root, runs):
    checkout = root / ".build" / "checkouts" / PACKAGE
    swift = shutil.which("swift")
    # The toolchain's own llvm-cov: a system one of another LLVM version cannot read the toolchain's profiles.
    llvm_cov = pathlib.Path(os.path.realpath(swift)).parent / "llvm-cov" if swift else None
    if not checkout.is_dir() or not llvm_cov or not llvm_cov.exists():
        print(f"skipped the llvm-cov row: needs the toolchain's llvm-cov and {checkout} (swift build fetches it)",
              file=sys.stderr)
        return
    package = work / PACKAGE
    shutil.copytree(checkout, package, ignore=shutil.ignore_patterns(".build", ".git"))
    quiet = {"cwd": package, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    built = subprocess.run(["swift", "build", "--build-tests", "--enable-code-coverage"], **quiet)
    tested = built.returncode == 0 and subprocess.run(["swift", "test", "--skip-build", "--enable-code-coverage"],
                                                      **quiet).returncode == 0
    if not tested:
        print(f"skipped the llvm-cov row: {PACKAGE}'s tests did not build or pass with coverage", file=sys.stderr)
        return
    asked = {"cwd": package, "capture_output": True, "text": True, "check": True}
    exported = pathlib.Path(subprocess.run(["swift", "test", "--show-codecov-path"], **asked).stdout.strip())
    bin_path = pathlib.Path(subprocess.run(["swift", "build", "--show-bin-path"], **asked).stdout.strip())
    profile, tests = exported.parent / "default.profdata", bin_path / f"{PACKAGE}PackageTests.xctest"
    sample = root / "SampleBundles" / "v1.0-examples.resultbundle"
    stored = work / "llvm-coverage.resultbundle"
    subprocess.run([binary, "import", exported, "-o", stored, "--quiet", "--source-root", package], check=True)
    folders = work / "llvm-runs"
    folders.mkdir()
    count = 0

    def fresh():
        nonlocal count
        count += 1
        return folders / str(count)

    commands = {
        "from the exported JSON (--coverage-file)": lambda: [
            binary, "report", sample, "-o", fresh(), "--quiet", "--coverage-file", exported, "--source-root",
            package],
        "from the bundle's coverage section": lambda: [
            binary, "report", stored, "-o", fresh(), "--quiet", "--source-root", package],
    }

    def peer():
        return [llvm_cov, "show", "-format=html", "-output-dir", fresh(), "-instr-profile", profile, tests]

    files = len(list(exported.parent.glob("*.profraw")))
    for what, ours in commands.items():
        best, peak, peer_best, peer_peak = float("inf"), 0.0, float("inf"), 0.0
        for _ in range(runs):
            seconds, memory = run_once(ours())
            best, peak = min(best, seconds), max(peak, memory)
            seconds, memory = run_once(peer())
            peer_best, peer_peak = min(peer_best, seconds), max(peer_peak, memory)
        pages = len(list((folders / str(count)).rglob("*.html")))
        row(f"coverage pages of {PACKAGE}'s own tests ({files} profiles, {pages} pages by llvm-cov), {what}: "
            f"{peak:.0f} MB peak; llvm-cov {peer_peak:.0f} MB", best, "llvm-cov show -format=html", peer_best,
            "same run, for the record", faster=True)
    shutil.rmtree(folders, ignore_errors=True)
    shutil.rmtree(package, ignore_errors=True)
