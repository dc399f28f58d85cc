#!/usr/bin/env bash
# Start time: from spawning `node [ARGS…] server/src/main.ts` (one app process, SQLite, an empty DATA_DIR)
# to its first 200 from /api/health, RUNS times (default 5), then the median.
#   bash bench/start-time.sh                 # as `npm start` runs the server
#   RUNS=9 bash bench/start-time.sh --import tsx   # with a loader, if one is installed
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
times=()
for i in $(seq 1 "$runs"); do
  dir=$(mktemp -d)
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  start=$(date +%s%N)
  WORKERS=1 PORT=$port DATA_DIR=$dir LOG_LEVEL=warn node "$@" server/src/main.ts >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 1500); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.02; done
  took=$(( ($(date +%s%N) - start) / 1000000 ))
  kill "$pid"; wait "$pid" 2>/dev/null || true; rm -rf "$dir"
  times+=("$took"); echo "run $i: $took ms"
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print "median: " a[int((NR+1)/2)] " ms over " NR " runs"}'
