#!/usr/bin/env bash
# A production install from a clean clone, as an operator does it, timed step by step:
#
#   git clone → npm ci → npm run build → npm ci --omit=dev → npm start (twice)
#
# and asserts that the production install holds no TypeScript transpiler or build tool, that the
# first start answers /health, a search and the dashboard, and that the second start builds nothing.
#
#   scripts/clean-clone-test.sh [REPOSITORY]      (default: this checkout's committed HEAD)
#
# PORT (default 4631) is where the server listens; DEMO_ENTRIES (default 2000) the size of the demo
# archive the first start generates; START_TIMEOUT_S (default 300) how long a start may take;
# KEEP_CLONE=1 keeps the clone's folder. Exit status 0 when every assertion held.
set -euo pipefail

REPO=${1:-$(cd "$(dirname "$0")/.." && pwd)}
PORT=${PORT:-4631}
DEMO_ENTRIES=${DEMO_ENTRIES:-2000}
START_TIMEOUT_S=${START_TIMEOUT_S:-300}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pdb-stats-clean-clone-XXXXXX")
SERVER_PID=

cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -- "-$SERVER_PID" 2>/dev/null || true; fi
  if [ "${KEEP_CLONE:-}" = 1 ]; then echo "clone kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  for log in "$WORK"/*.log; do
    [ -e "$log" ] && { echo "--- last lines of $log" >&2; tail -n 20 "$log" >&2; }
  done
  exit 1
}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# One timed step, its output in $WORK/<name>.log.
step() {
  local name=$1
  shift
  local started
  started=$(now)
  "$@" >"$WORK/$name.log" 2>&1 || fail "$name: '$*' exited with $?"
  echo "$name: $(since "$started") s"
}

curl -sf "http://127.0.0.1:$PORT/health" >/dev/null 2>&1 && fail "something already answers on port $PORT"

step clone git clone -q "$REPO" "$WORK/repo"
cd "$WORK/repo"
step npm-ci npm ci --no-audit --no-fund
step build npm run build
step npm-ci-omit-dev npm ci --omit=dev --no-audit --no-fund

for tool in tsx esbuild vite typescript; do
  [ -e "node_modules/$tool" ] && fail "the production install holds $tool"
done
echo "production install: no tsx, esbuild, vite or typescript"

# Starts the server (in its own process group), waits for /health; sets SERVER_PID.
start() {
  local log=$1 started
  started=$(now)
  DEMO_ENTRIES=$DEMO_ENTRIES DEMO_DIR="$WORK/demo" PORT=$PORT HOST=127.0.0.1 \
    setsid npm start >"$WORK/$log.log" 2>&1 &
  SERVER_PID=$!
  local deadline=$((SECONDS + START_TIMEOUT_S))
  until curl -sf "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; do
    kill -0 "$SERVER_PID" 2>/dev/null || fail "$log: npm start exited before answering"
    [ $SECONDS -lt $deadline ] || fail "$log: no answer on /health within $START_TIMEOUT_S s"
    sleep 0.1
  done
  echo "$log: /health answered after $(since "$started") s"
}

stop() {
  kill -- "-$SERVER_PID" 2>/dev/null || true
  while kill -0 "$SERVER_PID" 2>/dev/null; do sleep 0.1; done
  SERVER_PID=
}

start first-start
search='{"query":{"type":"terminal","service":"text","parameters":{"attribute":"exptl.method","operator":"exact_match","value":"X-RAY DIFFRACTION"}},"return_type":"entry","request_options":{"return_counts":true}}'
answer=$(curl -sf -X POST -H 'content-type: application/json' -d "$search" \
  "http://127.0.0.1:$PORT/rcsbsearch/v2/query") || fail "the search was not answered"
count=$(node -e 'console.log(JSON.parse(process.argv[1]).total_count)' "$answer")
[ "$count" -gt 0 ] 2>/dev/null || fail "the search answered $answer"
echo "search: $count X-ray entries of $DEMO_ENTRIES"
page=$(curl -sf "http://127.0.0.1:$PORT/") || fail "the home page was not answered"
grep -q 'id="statsroot"' <<<"$page" || fail "the home page is not the dashboard"
echo "home page: the dashboard"
stop

start warm-start
grep -q 'dashboard build in .* is current' "$WORK/warm-start.log" || fail "the second start rebuilt the dashboard"
grep -q 'server build in .* is current' "$WORK/warm-start.log" || fail "the second start rebuilt the server"
# npm start gives V8 a heap limit of 512 MiB (HEAP_LIMIT_MB; V8 adds its young generation to it).
grep -Eq 'V8 heap limit 5[1-9][0-9] MiB' "$WORK/warm-start.log" || fail "npm start did not limit V8's heap"
stop
echo "PASS"
