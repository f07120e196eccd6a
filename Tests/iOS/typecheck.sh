#!/usr/bin/env bash
# Type-checks and compiles, for arm64-apple-ios, every module an iOS app links from this package
# (PresentationStateMachine, PresentationRecordingUIKit) and the SwiftUI quick start of the recording guide,
# against a real iPhoneOS SDK, in the Swift 6 language mode with ExistentialAny as Package.swift builds them.
# Any error or warning fails the run.
#
#   Tests/iOS/typecheck.sh SDK [DEPLOYMENT_TARGET]     e.g. Tests/iOS/typecheck.sh ~/sdks/iPhoneOS18.6.sdk 13.0
#
# On macOS the SDK defaults to Xcode's (`xcrun --sdk iphoneos --show-sdk-path`). On Linux it compiles with the
# toolchain here but cannot link (no iOS linker): objects are the proof. The SDK is Apple's: never commit it,
# nor anything built from it; the objects go to a temporary folder that is removed at exit.
set -euo pipefail

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in -h | --help) usage; exit 0 ;; esac

sdk="${1:-}"
target_version="${2:-13.0}"
if [[ -z "$sdk" ]]; then
  if command -v xcrun > /dev/null; then
    sdk="$(xcrun --sdk iphoneos --show-sdk-path)"
  else
    echo "typecheck.sh: name an iPhoneOS SDK folder (see --help)" >&2
    exit 64
  fi
fi
if [[ ! -d "$sdk/usr/lib/swift" || ! -d "$sdk/System/Library/Frameworks/UIKit.framework" ]]; then
  echo "typecheck.sh: $sdk is not an iPhoneOS SDK (no usr/lib/swift or UIKit.framework)" >&2
  exit 64
fi

repo="$(cd "$(dirname "$0")/../.." && pwd)"
swiftc="${SWIFTC:-$(command -v swiftc)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

flags=(
  -target "arm64-apple-ios$target_version" -sdk "$sdk"
  -swift-version 6 -enable-upcoming-feature ExistentialAny
  -parse-as-library -wmo -continue-building-after-errors -I "$work"
)
if [[ "$(uname)" != Darwin ]]; then
  # The Linux toolchain's resource folder also maps dispatch, os, Block and CoreFoundation, which clash with
  # the SDK's modules of the same names: compile with a resource folder holding only clang's headers and the
  # standard library's shims, declared at its top.
  toolchain_lib="$(cd "$(dirname "$(readlink -f "$swiftc")")/../lib/swift" && pwd)"
  mkdir -p "$work/resource"
  ln -s "$toolchain_lib/clang" "$work/resource/clang"
  ln -s "$toolchain_lib/shims" "$work/resource/shims"
  for module in SwiftShims _SwiftConcurrencyShims SwiftOverlayShims _SynchronizationShims; do
    echo "extern module $module \"shims/module.modulemap\""
  done > "$work/resource/module.modulemap"
  flags+=(-resource-dir "$work/resource")
fi

diagnostics=0
# compile MODULE [FLAG...] FILE... : one module's object and interface into $work, its diagnostics counted.
compile() {
  local module="$1"
  shift
  local log="$work/$module.log"
  local status=0
  "$swiftc" "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$work/$module.swiftmodule" \
    -c "$@" -o "$work/$module.o" > "$log" 2>&1 || status=$?
  local count
  count="$(grep -cE '^[^ ].*: (error|warning): ' "$log" || true)"
  if [[ "$status" -ne 0 || "$count" -ne 0 ]]; then
    grep -E '^[^ ].*: (error|warning): ' "$log" || tail -20 "$log"
    echo "$module: $count diagnostics (exit $status)"
    diagnostics=$((diagnostics + count + (status != 0)))
  else
    echo "$module: ${flags[1]} object, no diagnostic"
  fi
}

sources() { find "$repo/$1" -name '*.swift' -print0 | sort -z | xargs -0; }

echo "SDK: $sdk"
# The package's two modules share a package name, as SwiftPM builds them, so the glue sees the library's
# `package` declarations; the SwiftUI quick start is an app's code, given none, so it sees the public API.
# shellcheck disable=SC2046
compile PresentationStateMachine -package-name PresentationReplay $(sources Sources/StateMachine)
# shellcheck disable=SC2046
compile PresentationRecordingUIKit -package-name PresentationReplay $(sources Sources/PresentationRecordingUIKit)
# A SwiftUI `App` needs iOS 14: the quick start is compiled for the later of 14.0 and the target asked for.
if [[ "$(printf '%s\n' 14.0 "$target_version" | sort -V | head -1)" == "$target_version" && "$target_version" != 14.0 ]]; then
  flags=("${flags[@]/arm64-apple-ios$target_version/arm64-apple-ios14.0}")
fi
# shellcheck disable=SC2046
compile SwiftUIQuickStart $(sources Tests/iOS/SwiftUIQuickStart)

if [[ "$diagnostics" -ne 0 ]]; then
  echo "typecheck.sh: $diagnostics diagnostics against $(basename "$sdk") for iOS $target_version"
  exit 1
fi
echo "typecheck.sh: no diagnostic against $(basename "$sdk") for iOS $target_version"
