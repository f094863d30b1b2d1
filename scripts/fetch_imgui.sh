#!/usr/bin/env bash
# fetch_imgui.sh — Dear ImGui 1.92 sources from Debian's unstable suite (source package imgui 1.92.2b+ds),
# unpacked into .cache/src/imgui-1.92, idempotently (nothing happens once imgui.cpp is there).
# Debian 12 ships 1.86, which has no input queue and only fixed-size font atlases; only its source is taken
# from sid (it is compiled into the window and the page like the rest). The sid deb-src entry lives in a list of this script's own (a temporary directory, the
# archive's URI taken from the system's entry), so the system's apt lists and sources are never changed and
# no binary from another suite is installed. Used by scripts/setup.sh and the native CI workflow.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${1:-$ROOT/.cache/src/imgui-1.92}"
VERSION="1.92.2b+ds"
[ -f "$DEST/imgui.cpp" ] && [ -f "$DEST/backends/imgui_impl_sdl2.cpp" ] && exit 0

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"   # apt's _apt user downloads into it (else apt warns and downloads as root)
uri="$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
[ -n "$uri" ] || uri="http://deb.debian.org/debian"
printf 'Types: deb-src\nURIs: %s\nSuites: sid\nComponents: main\nSigned-By: %s\n' \
       "$uri" /usr/share/keyrings/debian-archive-keyring.gpg >"$tmp/sid.sources"
mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/get"
# Lists and caches of its own too: apt's package caches would otherwise be rebuilt from the sid list.
o=(-o "Dir::Etc::SourceList=$tmp/sid.sources" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$tmp/lists"
   -o "Dir::Cache=$tmp/cache")
echo "fetch_imgui: Dear ImGui $VERSION sources from Debian unstable"
apt-get "${o[@]}" update -q >/dev/null
# The version the interface is written and tested against; once sid has moved on (it keeps one version),
# whatever it has now, said aloud: 1.92's API is what the code needs, a later 1.9x usually keeps it.
if ! (cd "$tmp/get" && apt-get "${o[@]}" source --download-only -q "imgui=${VERSION}-1" >/dev/null 2>&1); then
  echo "fetch_imgui: warning: sid no longer has imgui $VERSION; taking its current version" >&2
  (cd "$tmp/get" && apt-get "${o[@]}" source --download-only -q imgui >/dev/null)
fi
tarball="$(ls "$tmp"/get/imgui_*.orig.tar.* | head -1)"
mkdir -p "$tmp/unpack"
tar -xf "$tarball" -C "$tmp/unpack"
src="$(ls -d "$tmp"/unpack/*/ | head -1)"
[ -f "$src/imgui.cpp" ] && [ -f "$src/backends/imgui_impl_sdl2.cpp" ] || { echo "fetch_imgui: unexpected tarball layout" >&2; exit 1; }
mkdir -p "$(dirname "$DEST")"
rm -rf "$DEST.partial"
cp -a "$src" "$DEST.partial"
mv "$DEST.partial" "$DEST"   # whole or not at all: an interrupted run leaves no half tree behind
echo "fetch_imgui: $(grep -m1 'define IMGUI_VERSION ' "$DEST/imgui.h") in $DEST"
