# Common tasks. The README's two commands are `make demo` and `make test`.
.PHONY: build demo test lint format bench samples clean

build:
	scripts/install-deps.sh build
	swift build

demo:
	scripts/demo.sh

test:
	scripts/test.sh

lint:
	swift format lint --strict --recursive --parallel Sources Tests Examples/Sources Examples/Tests

format:
	swift format --in-place --recursive --parallel Sources Tests Examples/Sources Examples/Tests

bench:
	scripts/bench.sh

samples:
	scripts/make-sample-bundles.sh

clean:
	rm -rf .build out bench-out
