#!/usr/bin/env bash
# Tests the release tarball as a user gets it: builds it (`scripts/dist.sh`), checks its checksum and contents,
# installs it with scripts/install.sh into a temporary prefix, then runs the installed binary in a clean
# environment (no Swift toolchain on PATH, no LD_LIBRARY_PATH): record, report and junit on a small XCTest log,
# the bash completion, the man pages. Fails with a message naming what is wrong.
set -euo pipefail
cd "$(dirname "$0")/.."

failures=0
check() { # description command...
    local description=$1
    shift
    if "$@"; then
        printf 'ok    %s\n' "$description"
    else
        printf 'FAIL  %s\n' "$description" >&2
        failures=$((failures + 1))
    fi
}
die() { printf 'dist-test: error: %s\n' "$*" >&2; exit 1; }

if [ -z "${DIST_TEST_SKIP_BUILD:-}" ]; then scripts/dist.sh; fi

# The tarball of the version just built (dist/ may hold older ones).
built=$(swift build -c release --static-swift-stdlib --product resultbundle --show-bin-path)/resultbundle
built_version=$("$built" --version) || die "no release binary at $built; run scripts/dist.sh"
name="resultbundle-$built_version-linux-$(uname -m)"
tarball="dist/$name.tar.gz"
[ -f "$tarball" ] || die "scripts/dist.sh made no $tarball"
echo "testing $tarball"

check "the .sha256 beside the tarball matches it" \
    bash -c "cd dist && sha256sum --check --quiet '$name.tar.gz.sha256'"

listing=$(tar -tzf "$tarball")
for entry in bin/resultbundle share/man/man1/resultbundle.1 share/man/man1/resultbundle.record.1 \
    share/bash-completion/completions/resultbundle share/zsh/site-functions/_resultbundle \
    share/fish/vendor_completions.d/resultbundle.fish README.md; do
    check "the tarball holds $name/$entry" grep -qx "$name/$entry" <<<"$listing"
done
check "every entry of the tarball is in $name/ and owned by 0:0 with mtime 1970-01-01" \
    bash -c "tar -tvzf '$tarball' --numeric-owner | awk '\$2 != \"0/0\" || \$4 != \"1970-01-01\" || \$6 !~ /^$name(\\/|\$)/ { bad = 1 } END { exit bad }'"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
prefix="$scratch/prefix"
check "install.sh installs the tarball" scripts/install.sh "$tarball" --prefix "$prefix"
check "install.sh installs it again (idempotent)" scripts/install.sh "$tarball" --prefix "$prefix"
binary="$prefix/bin/resultbundle"
[ -x "$binary" ] || die "install.sh left no $binary"

# A clean environment: no toolchain on PATH, no library path, a home of its own.
home="$scratch/home"
mkdir -p "$home"
clean() { env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 "$@"; }

libraries=$(ldd "$binary" 2>&1) || die "ldd $binary failed: $libraries"
check "the binary links no Swift shared library (ldd shows no libswift*.so)" \
    bash -c '! grep -q "libswift\|libFoundation\|lib_FoundationICU\|libdispatch" <<<"$1"' - "$libraries"
check "every shared library the binary needs is found" bash -c '! grep -q "not found" <<<"$1"' - "$libraries"
version=${name#resultbundle-}
version=${version%-linux-*}
check "the installed binary says its version ($version)" bash -c '[ "$("$@")" = "$0" ]' "$version" \
    env -i PATH=/usr/bin:/bin HOME="$home" "$binary" --version

# A small XCTest console log (the Linux format): two passes and a failure with its file and line.
log="$scratch/console.log"
cat >"$log" <<'EOF'
Test Suite 'All tests' started at 2026-01-01 10:00:00.000
Test Suite 'CalcTests' started at 2026-01-01 10:00:00.001
Test Case 'CalcTests.testAdds' started at 2026-01-01 10:00:00.002
Test Case 'CalcTests.testAdds' passed (0.001 seconds)
Test Case 'CalcTests.testDivides' started at 2026-01-01 10:00:00.003
/src/Tests/CalcTests/CalcTests.swift:17: error: CalcTests.testDivides : XCTAssertEqual failed: ("2") is not equal to ("3") - division
Test Case 'CalcTests.testDivides' failed (0.002 seconds)
Test Case 'CalcTests.testSubtracts' started at 2026-01-01 10:00:00.005
Test Case 'CalcTests.testSubtracts' passed (0.001 seconds)
Test Suite 'CalcTests' failed at 2026-01-01 10:00:00.006
	 Executed 3 tests, with 1 failure (0 unexpected) in 0.004 (0.004) seconds
Test Suite 'All tests' failed at 2026-01-01 10:00:00.006
	 Executed 3 tests, with 1 failure (0 unexpected) in 0.004 (0.004) seconds
EOF
bundle="$scratch/run.resultbundle"
check "record -- cat LOG writes a bundle (its output in record.out)" \
    bash -c '"$@" >"$0"' "$scratch/record.out" env -i PATH=/usr/bin:/bin HOME="$home" \
    "$binary" record --quiet -o "$bundle" -- cat "$log"
check "the bundle is there" test -s "$bundle"
check "verify reads the bundle" clean "$binary" verify "$bundle"
check "report writes a site with an index.html" \
    bash -c '"$@" && test -s "$0/index.html"' "$scratch/site" env -i PATH=/usr/bin:/bin HOME="$home" \
    "$binary" report "$bundle" -o "$scratch/site"
check "junit writes junit.xml" clean "$binary" junit "$bundle" -o "$scratch/junit.xml"
if command -v xmllint >/dev/null; then
    check "junit.xml is well-formed (xmllint)" xmllint --noout "$scratch/junit.xml"
fi
check "junit.xml has the 3 tests and the failure at CalcTests.swift" python3 - "$scratch/junit.xml" <<'EOF'
import sys
import xml.etree.ElementTree as ElementTree

root = ElementTree.parse(sys.argv[1]).getroot()
cases = list(root.iter("testcase"))
failures = [case for case in cases if case.find("failure") is not None]
problems = []
if len(cases) != 3:
    problems.append(f"{len(cases)} test cases, expected 3")
if [case.get("name") for case in failures] != ["testDivides"]:
    problems.append(f"failed cases {[case.get('name') for case in failures]}, expected ['testDivides']")
elif "CalcTests.swift" not in ElementTree.tostring(failures[0], encoding="unicode"):
    problems.append("the failure does not name CalcTests.swift")
for problem in problems:
    print("junit.xml:", problem, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF

completion="$prefix/share/bash-completion/completions/resultbundle"
check "the bash completion loads and registers 'complete ... resultbundle'" \
    bash -c 'out=$(env -i PATH=/usr/bin:/bin HOME="$1" bash --norc --noprofile -c "source \"\$0\" && complete -p resultbundle" "$0") && [[ "$out" == *resultbundle ]]' \
    "$completion" "$home"
if command -v zsh >/dev/null; then
    check "the zsh completion parses" zsh -n "$prefix/share/zsh/site-functions/_resultbundle"
else
    check "the zsh completion defines _resultbundle" grep -q '^#compdef resultbundle' \
        "$prefix/share/zsh/site-functions/_resultbundle"
fi
if command -v fish >/dev/null; then
    check "the fish completion parses" fish --no-execute "$prefix/share/fish/vendor_completions.d/resultbundle.fish"
else
    check "the fish completion completes resultbundle" grep -Eq "^complete -c '?resultbundle'? " \
        "$prefix/share/fish/vendor_completions.d/resultbundle.fish"
fi

# The plugin writes mdoc(7) pages: .Dd/.Dt/.Os header, .Sh sections.
for page in "$prefix"/share/man/man1/*.1; do
    check "$(basename "$page") is a non-empty man page (mdoc header .Dt, a NAME section)" \
        bash -c 'grep -q "^\.Dt " "$0" && grep -q "^\.Sh NAME" "$0"' "$page"
done
pages=("$prefix"/share/man/man1/*.1)
check "one man page per command (${#pages[@]} pages, at least 15)" test ${#pages[@]} -ge 15
if command -v man >/dev/null && command -v groff >/dev/null; then
    check "man -l renders resultbundle.1 with its name" bash -c \
        'MANPAGER=cat MANWIDTH=100 man -l "$0" 2>/dev/null | grep -q "resultbundle"' \
        "$prefix/share/man/man1/resultbundle.1"
fi

if [ $failures -gt 0 ]; then
    die "$failures release check(s) failed (see FAIL lines above)"
fi
echo "dist-test: every release check passed ($tarball)"

# The README's build command, as written: scripts/dist.sh has just built the same product with the same flags, so
# this takes seconds (Tests/python/cli/test_readme_commands.py says why it runs here and not in make test).
RESULTBUNDLE_README_BUILD=1 python3 -m pytest -q -p no:cacheprovider Tests/python/cli/test_readme_commands.py
