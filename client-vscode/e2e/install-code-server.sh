#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, the last to run on Node 20) for the end-to-end test,
# offline but for the package registries: Debian's ripgrep stands in for the one its post-install
# would download, and the native build gets what it needs. Prints the path of the code-server binary.
set -euo pipefail
version=4.100.3
prefix="${CODE_SERVER_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/profile-memory-e2e/code-server-$version}"
bin="$prefix/node_modules/.bin/code-server"
if [ -x "$bin" ]; then echo "$bin"; exit 0; fi
if ! command -v rg >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ripgrep libkrb5-dev build-essential) >&2
fi
export TMPDIR="${TMPDIR:-/tmp}"
cache="$TMPDIR/vscode-ripgrep-cache-1.15.11"
mkdir -p "$cache" "$prefix"
staging="$(mktemp -d)"
cp "$(command -v rg)" "$staging/rg"
tar -czf "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$staging" rg
rm -rf "$staging"
(cd "$prefix" && npm_config_yes=true npm_config_unsafe_perm=true npm install --no-audit --no-fund --loglevel=error \
  "code-server@$version") >&2
echo "$bin"
