#!/usr/bin/env bash
# Installs resultbundle from a release tarball made by `make dist` (docs/RELEASES.md). Never uses the network.
#
#   scripts/install.sh [TARBALL] [--prefix DIR] [--force]
#
# TARBALL  resultbundle-<version>-linux-<arch>.tar.gz; when left out, the one for this machine's architecture in
#          the current folder, else in the repository's dist/ folder.
# --prefix where to install (default /usr/local as root, ~/.local otherwise): PREFIX/bin/resultbundle, the man
#          pages in PREFIX/share/man/man1, completions for bash, zsh and fish in PREFIX/share/...
# --force  replace a PREFIX/bin/resultbundle that is not ours.
#
# When TARBALL.sha256 sits beside the tarball, the tarball must match it. Running it again installs the same files
# again. Exit codes: 0 installed, 1 refused or failed, 2 bad usage.
set -euo pipefail

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }
fail() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }
usage_error() { printf 'install.sh: %s\n(see scripts/install.sh --help)\n' "$*" >&2; exit 2; }

# What `resultbundle --help` says first; a binary that does not say it is someone else's.
MARKER="Turn test runs into result bundles, HTML reports and JUnit XML."

tarball=""
prefix=""
force=0
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix) [ $# -ge 2 ] || usage_error "--prefix needs a folder"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --force) force=1; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) usage_error "unknown option $1" ;;
    *) [ -z "$tarball" ] || usage_error "one tarball at a time (got $tarball and $1)"; tarball=$1; shift ;;
    esac
done

if [ -z "$prefix" ]; then
    if [ "$(id -u)" -eq 0 ]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
fi
[ -n "$prefix" ] || usage_error "--prefix needs a folder"

if [ -z "$tarball" ]; then
    pattern="resultbundle-*-linux-$(uname -m).tar.gz"
    repository_dist="$(cd "$(dirname "$0")/.." && pwd)/dist"
    for folder in . "$repository_dist"; do
        shopt -s nullglob
        candidates=("$folder"/$pattern)
        shopt -u nullglob
        if [ ${#candidates[@]} -gt 1 ]; then
            usage_error "several tarballs in $folder (${candidates[*]}); name the one to install"
        elif [ ${#candidates[@]} -eq 1 ]; then
            tarball=${candidates[0]}
            break
        fi
    done
    [ -n "$tarball" ] || usage_error "no $pattern here or in $repository_dist; name a tarball or run 'make dist'"
fi
[ -f "$tarball" ] || fail "no such tarball: $tarball"

# The checksum, when it was shipped beside the tarball.
if [ -f "$tarball.sha256" ]; then
    expected=$(awk 'NR == 1 { print $1 }' "$tarball.sha256")
    actual=$(sha256sum "$tarball" | cut -d' ' -f1)
    [[ "$expected" =~ ^[0-9a-f]{64}$ ]] || fail "$tarball.sha256 does not hold a SHA-256 checksum"
    if [ "$expected" != "$actual" ]; then
        fail "checksum mismatch: $tarball has SHA-256 $actual but $tarball.sha256 says $expected;" \
            "the download is damaged or not the release it claims to be. Nothing was installed."
    fi
    echo "SHA-256 verified: $actual"
else
    echo "note: no $tarball.sha256 beside the tarball, so its checksum was not verified" >&2
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar -xzf "$tarball" -C "$scratch" --no-same-owner || fail "$tarball is not a readable .tar.gz"
shopt -s nullglob
tops=("$scratch"/resultbundle-*)
shopt -u nullglob
[ ${#tops[@]} -eq 1 ] && [ -d "${tops[0]}" ] || fail "$tarball does not hold one resultbundle-<version>-... folder"
source_root=${tops[0]}
new_binary="$source_root/bin/resultbundle"
[ -f "$new_binary" ] || fail "$tarball has no bin/resultbundle"
new_version=$("$new_binary" --version 2>/dev/null) ||
    fail "the tarball's binary does not run on this machine ($(uname -m)); is it built for another architecture?"

is_ours() { # binary
    local help
    help=$(timeout 10 "$1" --help 2>/dev/null) || return 1
    [[ "$help" == *"$MARKER"* ]]
}

target="$prefix/bin/resultbundle"
if [ -e "$target" ] || [ -L "$target" ]; then
    if ! cmp -s "$target" "$new_binary" && ! is_ours "$target"; then
        if [ $force -eq 0 ]; then
            fail "$target exists and is not resultbundle (its --help does not describe this tool);" \
                "refusing to replace it. Pass --force to replace it anyway, or choose another --prefix."
        fi
        echo "replacing $target, which is not ours (--force)" >&2
    fi
fi

# Each file is copied under a temporary name beside its destination, then renamed into place.
put() { # source destination mode
    local destination_dir
    destination_dir=$(dirname "$2")
    mkdir -p "$destination_dir" || fail "cannot create $destination_dir"
    install -m "$3" "$1" "$2.installing.$$" || fail "cannot write in $destination_dir"
    mv -f "$2.installing.$$" "$2"
    echo "  $2"
}

echo "installing resultbundle $new_version into $prefix"
put "$new_binary" "$target" 755
for page in "$source_root"/share/man/man1/*.1; do
    put "$page" "$prefix/share/man/man1/$(basename "$page")" 644
done
for completion in bash-completion/completions/resultbundle zsh/site-functions/_resultbundle \
    fish/vendor_completions.d/resultbundle.fish; do
    [ -f "$source_root/share/$completion" ] || fail "$tarball has no share/$completion"
    put "$source_root/share/$completion" "$prefix/share/$completion" 644
done

case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "note: $prefix/bin is not on PATH; add it to use 'resultbundle' by name" ;;
esac
echo "installed resultbundle $new_version"
