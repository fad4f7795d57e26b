#!/usr/bin/env bash
# `npm run test:fresh-clone`: proves that the README's two commands work for a user. Clones the
# committed HEAD into a new temp folder (so no ../shared lies beside it), runs `npm ci` (fails if
# package-lock.json is not in step; runs the build through `prepare`) and `npm test`, then prints
# the counts, which test files said why they skipped, and how long each step took. Takes as long
# as the whole suite (about 8 minutes on an idle 2-core machine). Leaves the clone and its log in
# place when something fails; set KEEP=1 to keep them anyway.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/intake-fresh-clone-XXXXXX")"
# mktemp makes the folder 0700, as a user's home may be: left so, since the test PostgreSQL, which
# runs as the `postgres` user when started as root, copies its binaries where that user can reach
# them (test/support/postgres-server.ts).
clone="$work/intake"
log="$work/npm-test.log"

git clone --quiet --no-hardlinks "$repo" "$clone" || exit 1
if [ -e "$work/shared" ]; then echo "fresh-clone: $work/shared exists; the check needs it absent" >&2; exit 1; fi
cd "$clone"
echo "fresh-clone: $(git log --oneline -1) in $clone (no ../shared)"

t0=$(date +%s)
if ! npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1; then
  echo "fresh-clone: npm ci FAILED (see $work/npm-ci.log)"; tail -20 "$work/npm-ci.log"; exit 1
fi
t1=$(date +%s)
# Environment a user's shell would have: nothing of the caller's test run.
env -u NODE_OPTIONS -u VITEST -u VITEST_WORKER_ID -u VITEST_POOL_ID npm test >"$log" 2>&1
status=$?
t2=$(date +%s)

if ! git diff --quiet -- package-lock.json; then echo "fresh-clone: npm ci/npm test changed package-lock.json"; status=1; fi
summary="$(grep -E '^tests: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$log" | tail -1)"
echo "fresh-clone: npm ci $((t1 - t0)) s, npm test $((t2 - t1)) s, exit $status"
echo "fresh-clone: ${summary:-no summary line (npm test stopped before vitest; see $log)}"
echo "fresh-clone: test files that said why they skip:"
grep -E 'skipped[:,]|SKIPPED' "$log" | grep -v '^tests:' | sed 's/\x1b\[[0-9;]*m//g' | sort -u | sed 's/^/  /'
if [ "$status" -ne 0 ]; then
  echo "fresh-clone: FAILED; the clone and log are in $work"
  grep -E 'FAIL|✗|×' "$log" | sed 's/\x1b\[[0-9;]*m//g' | sort -u | head -40
  exit "$status"
fi
if [ -z "${KEEP:-}" ]; then rm -rf "$work"; else echo "fresh-clone: kept $work"; fi
