#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Unpacks the .deb into a scratch root and runs the installed executable from there: --version,
# estimate on a scenario, and a --screenshot of the studio. Checks the desktop files are there.
set -euo pipefail
deb="$1"
scenario="$2"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
[ -f "$deb" ] || { echo "no package at $deb: run scripts/package.sh"; exit 1; }
dpkg -x "$deb" "$root"
exe="$root/usr/bin/inference-studio"
for f in usr/bin/inference-studio usr/share/applications/inference-studio.desktop \
         usr/share/metainfo/org.inferencestudio.InferenceStudio.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/inference-studio.svg \
         usr/share/icons/hicolor/48x48/apps/inference-studio.png \
         usr/share/man/man1/inference-studio.1.gz usr/share/doc/inference-studio/copyright \
         usr/share/inference-studio/catalog/hardware/devices.json \
         usr/share/inference-studio/translations/inference-studio_zh_CN.qm; do
    [ -e "$root/$f" ] || { echo "missing from the package: /$f"; exit 1; }
done
export HOME="$root/home" XDG_CONFIG_HOME="$root/home/.config" XDG_DATA_HOME="$root/home/.local/share"
mkdir -p "$HOME"
"$exe" --version | grep -q '^inference-studio '
"$exe" estimate "$scenario" --json > "$root/estimate.json"
grep -q '"tok_s_user"' "$root/estimate.json"
"$exe" --scenario "$scenario" --screenshot "$root/shot.png"
[ -s "$root/shot.png" ] || { echo "no screenshot"; exit 1; }
echo "package runs from $root: --version, estimate and --screenshot"
