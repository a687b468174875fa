#!/usr/bin/env bash
# Builds the release tarballs described in docs/RELEASES.md:
#   dist/resultbundle-<version>-linux-<arch>.tar.gz and, beside it, its .sha256 (sha256sum format).
# Each holds a static binary (the Swift runtime and Foundation linked in), the man pages made by
# swift-argument-parser's GenerateManual plugin, bash/zsh/fish completions, the README and the LICENSE when the
# repository has one. The host architecture is always built; aarch64 only when a Swift SDK for it is installed.
# Works offline once the package's dependencies are resolved. Reproducible where cheap: sorted names, fixed mtime,
# numeric owner, `gzip -n`.
set -euo pipefail
cd "$(dirname "$0")/.."

dist=dist
host_arch=$(uname -m)
# The date printed in the man pages: the last commit's, so the same commit makes the same pages.
manual_date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)

step() { printf '==> %s\n' "$*"; }
fail() { printf 'dist: error: %s\n' "$*" >&2; exit 1; }

[ "$(uname -s)" = Linux ] || fail "make dist builds Linux tarballs; run it on Linux"
scripts/install-deps.sh build

# 1. Binaries: the host architecture, then aarch64 where the toolchain allows.
build_static() { # arch [swift build options...]
    local arch=$1
    shift
    step "static release build for $arch"
    local started=$SECONDS
    swift build -c release --static-swift-stdlib --product resultbundle "$@" || return 1
    local bin_dir
    bin_dir=$(swift build -c release --static-swift-stdlib --product resultbundle "$@" --show-bin-path) || return 1
    echo "built $arch in $((SECONDS - started)) s"
    binaries[$arch]="$bin_dir/resultbundle"
}

declare -A binaries=()
build_static "$host_arch"

if [ "$host_arch" != aarch64 ]; then
    # A Swift SDK (the Static Linux SDK, or a cross SDK) is the only way this toolchain targets aarch64.
    sdks=$(swift sdk list 2>/dev/null | grep -v '^No Swift SDKs' || true)
    if [ -z "$sdks" ]; then
        echo "note: no Swift SDK is installed ('swift sdk list' is empty), so this toolchain cannot build for" \
            "aarch64; building $host_arch only (see docs/RELEASES.md)"
    elif ! build_static aarch64 --swift-sdk "${RESULTBUNDLE_AARCH64_SDK:-aarch64-swift-linux-musl}"; then
        echo "note: the installed Swift SDKs could not build for aarch64 (the SDK also needs zlib, libdeflate" \
            "and libxml2 for it); building $host_arch only (see docs/RELEASES.md)"
        unset 'binaries[aarch64]'
    fi
fi

# 2. Man pages, as swift-argument-parser's GenerateManual plugin writes them (mdoc, one page per command). The
#    plugin's own run would first build every product of the package again in release mode without
#    --static-swift-stdlib, in the same build folder, so the static build above would start over too. So the
#    plugin only builds its generate-manual tool here (`--help` returns before the package build), and the tool is
#    given the static binary with the arguments the plugin would pass.
step "man pages (swift-argument-parser's GenerateManual plugin, --multi-page)"
swift package plugin generate-manual --help >/dev/null ||
    fail "the GenerateManual plugin failed to build; run 'swift package plugin generate-manual --help' to see why"
generate_manual=$(find .build -path '*/debug/generate-manual-tool' -type f -perm -u+x | head -1)
manual_dir=.build/dist-manual
rm -rf "$manual_dir" && mkdir -p "$manual_dir"
if [ -n "$generate_manual" ]; then
    "$generate_manual" "${binaries[$host_arch]}" --multi-page --date "$manual_date" --output-directory "$manual_dir"
else
    # A SwiftPM that keeps plugin tools elsewhere: run the whole plugin, then relink the static binary.
    swift package plugin generate-manual --multi-page --date "$manual_date" >/dev/null ||
        fail "the GenerateManual plugin failed; run 'swift package plugin generate-manual' to see why"
    cp -R .build/plugins/GenerateManual/outputs/resultbundle "$manual_dir"
    build_static "$host_arch"
fi
[ -s "$manual_dir/resultbundle.1" ] || fail "the GenerateManual plugin wrote no resultbundle.1"

# 3. One tarball per architecture.
version=$("${binaries[$host_arch]}" --version) || fail "the built binary does not run"
[[ "$version" =~ ^[0-9A-Za-z.+-]+$ ]] || fail "unexpected --version output: $version"
mkdir -p "$dist"
for arch in "${!binaries[@]}"; do
    name="resultbundle-$version-linux-$arch"
    stage="$dist/.stage/$name"
    rm -rf "$dist/.stage"
    step "packaging $dist/$name.tar.gz"
    install -d "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
        "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
    # Debug info is most of the binary's size; the symbol table stays, so crash backtraces keep their names.
    strip --strip-debug -o "$stage/bin/resultbundle" "${binaries[$arch]}" 2>/dev/null ||
        cp "${binaries[$arch]}" "$stage/bin/resultbundle" # a strip that does not know the architecture
    cp "$manual_dir"/*.1 "$stage/share/man/man1/"
    # Completions come from the host binary: they depend only on the commands, not the architecture.
    host_binary=${binaries[$host_arch]}
    "$host_binary" --generate-completion-script bash >"$stage/share/bash-completion/completions/resultbundle"
    "$host_binary" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_resultbundle"
    "$host_binary" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/resultbundle.fish"
    cp README.md "$stage/"
    if [ -f LICENSE ]; then cp LICENSE "$stage/"; fi
    find "$stage" -type d -exec chmod 755 {} +
    find "$stage" -type f -exec chmod 644 {} +
    chmod 755 "$stage/bin/resultbundle"

    tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner --format=gnu \
        -C "$dist/.stage" -cf - "$name" | gzip -n -9 >"$dist/$name.tar.gz.partial"
    mv "$dist/$name.tar.gz.partial" "$dist/$name.tar.gz"
    (cd "$dist" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
    rm -rf "$dist/.stage"
    echo "$dist/$name.tar.gz ($(du -h "$dist/$name.tar.gz" | cut -f1)): $(cut -d' ' -f1 "$dist/$name.tar.gz.sha256")"
done
