#!/usr/bin/env bash
# setup.sh — installs everything TrainPlan needs on a fresh Debian 12 machine, idempotently.
# Packages come from Debian's archive and npm only; third-party sources land in .cache/ (git-ignored).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache"
mkdir -p "$CACHE"
export DEBIAN_FRONTEND=noninteractive
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"

PKGS=(emscripten libsdl2-dev catch2 chromium chromium-headless-shell cmake ninja-build g++ clang libclang-rt-14-dev
      libgl-dev zlib1g-dev xvfb xauth libgl1-mesa-dri imagemagick fonts-roboto-unhinted fonts-dejavu-core fonts-wqy-microhei
      fonttools clang-format dpkg-dev debian-archive-keyring nodejs npm python3 git python3-dev pybind11-dev
      python3-pip python3-setuptools libyaml-cpp-dev libtomlplusplus-dev)
missing=()
for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
# node/npm may come from outside Debian on this machine kind; do not reinstall them if present.
if command -v node >/dev/null && command -v npm >/dev/null; then
  tmp=(); for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || tmp+=("$p"); done; missing=("${tmp[@]}")
fi
need_src=0
[ -d "$CACHE/src/sdl2" ] && [ -d "$CACHE/src/yaml-cpp" ] || need_src=1
if [ ${#missing[@]} -gt 0 ] || [ $need_src -eq 1 ]; then
  if [ -f /etc/apt/sources.list.d/debian.sources ] && ! grep -q 'deb-src' /etc/apt/sources.list.d/debian.sources; then
    $SUDO sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources
  fi
  $SUDO apt-get update -q
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# SDL2 2.26.5 sources from Debian 12's source package; Dear ImGui 1.92.2b's from Debian unstable's, fetched
# without touching the system's apt lists (scripts/fetch_imgui.sh; nothing once .cache/src/imgui-1.92 is there).
mkdir -p "$CACHE/src"
"$ROOT/scripts/fetch_imgui.sh" "$CACHE/src/imgui-1.92"
if [ ! -d "$CACHE/src/sdl2" ]; then
  (cd "$CACHE/src" && apt-get source -q libsdl2 >/dev/null && mv "$(ls -d libsdl2-*/ | head -1)" sdl2)
fi

# yaml-cpp 0.7 from Debian's source package, for the page's launch-config import (core/launch; natively it is
# Debian's libyaml-cpp-dev).
if [ ! -d "$CACHE/src/yaml-cpp" ]; then
  (cd "$CACHE/src" && apt-get source -q yaml-cpp >/dev/null && mv "$(ls -d yaml-cpp-*/ | head -1)" yaml-cpp)
fi

# SDL2 for WebAssembly, built once and cached. Its configure's ~160 checks are each an emcc compile and link
# (about 3 minutes on 2 cores); for the versions Debian 12 ships their answers are recorded in
# cmake/sdl2-wasm-checks.cmake (the same SDL_config.h comes out), and the library compiles in about 30 s.
export NODE_PATH=/usr/share/nodejs
# emcc is a Python program started once per file: Debian's interpreter, not whatever python3 comes first on PATH
# (a pyenv shim there costs about 0.6 s of CPU per start, more than many a file's compile).
[ -x /usr/bin/python3 ] && export EMSDK_PYTHON="${EMSDK_PYTHON:-/usr/bin/python3}"
if [ ! -f "$CACHE/sdl2-wasm/lib/libSDL2.a" ]; then
  checks=()
  if [[ "$(emcc --version 2>/dev/null)" == *") 3.1.6 ("* ]] &&
     grep -q 'release-2\.26\.5-' "$CACHE/src/sdl2/VERSION.txt" 2>/dev/null; then
    checks=(-C "$ROOT/cmake/sdl2-wasm-checks.cmake")
    echo "setup: building SDL2 for WebAssembly (about 30 s; configure checks from cmake/sdl2-wasm-checks.cmake)"
  else
    echo "setup: building SDL2 for WebAssembly (about 3.5 minutes: other versions than the recorded checks')"
  fi
  rm -rf "$CACHE/sdl2-wasm-build"
  emcmake cmake "${checks[@]}" -S "$CACHE/src/sdl2" -B "$CACHE/sdl2-wasm-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL_CCACHE=OFF -DCMAKE_INSTALL_PREFIX="$CACHE/sdl2-wasm" >/dev/null
  cmake --build "$CACHE/sdl2-wasm-build" -j2 >/dev/null
  cmake --install "$CACHE/sdl2-wasm-build" >/dev/null
fi

# yaml-cpp for WebAssembly, built once and cached, for size (-Os: the page's download is bounded, issue #19). With
# exceptions: yaml-cpp reports a bad file by throwing, and core/launch catches it (its link flag brings the
# runtime support). As one unity source (its 40 files compile as one: 8 s of CPU instead of 59, the same library
# code). toml++ is header-only: Debian's headers are
# copied where the page's build looks for them (the page's compiler must not see /usr/include).
if [ ! -f "$CACHE/yaml-cpp-wasm/lib/libyaml-cpp.a" ]; then
  echo "setup: building yaml-cpp for WebAssembly (about 10 s)"
  rm -rf "$CACHE/yaml-cpp-wasm-build"
  emcmake cmake -S "$CACHE/src/yaml-cpp" -B "$CACHE/yaml-cpp-wasm-build" -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel \
      -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0 \
      -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF \
      -DCMAKE_CXX_FLAGS="-fexceptions" -DCMAKE_INSTALL_PREFIX="$CACHE/yaml-cpp-wasm" >/dev/null
  cmake --build "$CACHE/yaml-cpp-wasm-build" -j2 >/dev/null
  cmake --install "$CACHE/yaml-cpp-wasm-build" >/dev/null
fi
if [ ! -f "$CACHE/tomlplusplus/include/toml++/toml.h" ]; then
  mkdir -p "$CACHE/tomlplusplus/include"
  cp -r /usr/include/toml++ "$CACHE/tomlplusplus/include/"
fi

# Browser tests: playwright-core drives Debian's Chromium (never downloads a browser).
if [ ! -d "$ROOT/tests/browser/node_modules/playwright-core" ]; then
  (cd "$ROOT/tests/browser" && npm install --no-audit --no-fund --silent)
fi
echo "setup: ready"
