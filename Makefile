# Common tasks. The README's two commands are `make demo` and `make test`.
.PHONY: build demo test lint format bench fuzz samples dist dist-test clean screenshots

build:
	scripts/install-deps.sh build
	swift build

demo:
	scripts/demo.sh

test:
	scripts/test.sh

# Tests/Fixtures holds third-party test data (kept byte for byte), so it is not formatted.
SWIFT_SOURCES = Sources $(filter-out Tests/Fixtures Tests/python,$(wildcard Tests/*)) Examples/Sources Examples/Tests

lint:
	swift format lint --strict --recursive --parallel $(SWIFT_SOURCES)

format:
	swift format --in-place --recursive --parallel $(SWIFT_SOURCES)

bench:
	scripts/bench.sh

# Every parser under libFuzzer for FUZZ_SECONDS each (default 300); see docs/FUZZING.md.
fuzz:
	scripts/fuzz.sh $(or $(FUZZ_SECONDS),300)

samples:
	scripts/make-sample-bundles.sh

# Re-records the report's screenshot goldens (Tests/HTMLReportTests/Goldens/screenshots) after a deliberate change
# of the pages; review the PNGs before committing them. See docs/REPORT.md, Visual regression tests.
screenshots:
	scripts/install-deps.sh test
	swift build
	RECORD_GOLDENS=1 RESULTBUNDLE_BINARY=$(CURDIR)/.build/debug/resultbundle \
		python3 -m pytest -q -p no:cacheprovider Tests/python/browser/test_report_screenshots.py

# Release tarballs in dist/ (static binary, man pages, completions, .sha256); see docs/RELEASES.md.
dist:
	scripts/dist.sh

# Builds the tarball, installs it into a temporary prefix and runs it without a toolchain.
dist-test:
	scripts/dist-test.sh

clean:
	rm -rf .build .build-fuzz out bench-out dist
