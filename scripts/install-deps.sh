#!/usr/bin/env bash
# Installs what building and testing ResultBundle needs, skipping whatever is already there.
#   scripts/install-deps.sh build   - C libraries the package links (zlib, libdeflate, libxml2)
#   scripts/install-deps.sh test    - build deps plus the browser, the DejaVu fonts its screenshots are drawn with,
#                                     tmux, xmllint and the Python test tools (Pillow compares the screenshots)
set -euo pipefail

mode=${1:-build}
apt_packages=(pkg-config zlib1g-dev libdeflate-dev libxml2-dev libsqlite3-dev)
pip_packages=()
if [ "$mode" = test ]; then
    apt_packages+=(chromium chromium-driver fonts-dejavu-core tmux libxml2-utils htop time lcov gcc)
    pip_packages+=(pytest pytest-xdist selenium axe-selenium-python junitparser junit2html tap2junit pyte scipy jsonschema check-jsonschema pyyaml pycobertura
        pillow)
fi

missing=()
for package in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ${#pip_packages[@]} -gt 0 ]; then
    python=${PYTHON:-python3}
    need=()
    for package in "${pip_packages[@]}"; do
        "$python" -m pip show -q "$package" >/dev/null 2>&1 || need+=("$package")
    done
    if [ ${#need[@]} -gt 0 ]; then
        echo "Installing Python packages: ${need[*]}"
        "$python" -m pip install -q --disable-pip-version-check "${need[@]}"
    fi
fi
