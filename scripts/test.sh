#!/usr/bin/env bash
# npm test: everything CI proves on every change, cheapest first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/lint.sh code
echo "== breaking-change gate: spec/openapi.json against its base (D-44)"
# A branch is compared with where it left origin/main. On main itself that merge base is HEAD (CI
# runs on a fresh clone of main), so the base is the previous commit; a clone with a single commit
# compares HEAD with itself and passes.
if head=$(git rev-parse -q --verify HEAD 2>/dev/null); then
  base=$(git merge-base HEAD origin/main 2>/dev/null || true)
  if [ -z "$base" ] || [ "$base" = "$head" ]; then base=$(git rev-parse -q --verify HEAD~1 2>/dev/null || echo "$head"); fi
  npx tsx scripts/spec-diff/cli.ts --base "$base"
else
  echo "not a git checkout with a commit: no base to compare with, gate skipped"
fi
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  postgres_pass="and again on PostgreSQL ($(echo "$TEST_DATABASE_URL" | sed 's#//[^@]*@#//#'), project integration-postgres)"
elif [ "${CI:-}" = "true" ]; then
  echo "CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI." >&2
  exit 1
else
  postgres_pass="(PostgreSQL pass skipped: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres, to run the integration suite on PostgreSQL too)"
fi
echo "== unit, spec (drift gate, document walk, examples, Redocly), integration on PGlite $postgres_pass, hostile-input gates on PGlite, e2e (Prism, SDK, docs in Chromium, npm start, packed svc-contract), contract (runner, reports, workflow)"
# One Vitest run holds both integration passes: the PGlite one (project integration) and, when
# TEST_DATABASE_URL names a PostgreSQL, the same files on it (project integration-postgres, which
# vitest.config.ts builds from SVC_POSTGRES_PASS_URL), so the two cores stay busy while e2e files
# wait on their processes. The PGlite pass's HTTP traffic is recorded on the way
# (test/support/traffic-recorder.ts) for the Prism proxy replay below.
traffic="$PWD/.tmp/integration-traffic.jsonl"
mkdir -p .tmp && rm -f "$traffic"
env -u TEST_DATABASE_URL -u SVC_REPLAY_TRAFFIC SVC_POSTGRES_PASS_URL="${TEST_DATABASE_URL:-}" SVC_RECORD_TRAFFIC="$traffic" npx vitest run
echo "== Prism validation proxy replay of the integration suite's traffic"
SVC_REPLAY_TRAFFIC="$traffic" npx vitest run --project replay
