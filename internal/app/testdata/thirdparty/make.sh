#!/bin/sh
# Remakes the fixtures here from cubing.js, installed from npm into a
# temporary directory and run once with node (see README). Usage:
#   sh make.sh [SCRAMBLES [QTM_POSITIONS]]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
version=0.56.0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
npm init -y >/dev/null
npm install --no-audit --no-fund "cubing@$version" >/dev/null
cp "$here/make.mjs" .
node make.mjs "${1:-300}" "${2:-200}" 2>/dev/null
cp cubingjs-222.tsv qtm-quarter-turns.tsv "$here/"
echo "made with cubing@$version, node $(node --version), $(date -u +%Y-%m-%d)"
