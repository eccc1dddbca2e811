#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian 12 packages Inference Studio needs to build, test and run; with the argument
# `fuzz`, also clang and its libFuzzer runtime for the fuzz preset (scripts/fuzz.sh).
# Only missing packages are installed, so a second run costs nothing.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-qpa-plugins qt6-translations-l10n libqt6opengl6-dev libgl-dev libxkbcommon-dev libvulkan-dev
    libboost-graph-dev libspdlog-dev libfmt-dev libnlopt-dev
    fonts-noto-cjk xvfb xauth clang-format clang-tidy
    dpkg-dev file lintian librsvg2-bin poppler-utils
)
if [ "${1:-}" = fuzz ]; then
    packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
echo "Installing Debian packages: ${missing[*]}"
"${sudo_cmd[@]}" apt-get update
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
