#!/usr/bin/env bash
# npm test: everything CI proves on every change: the linters and the breaking-change gate beside one
# Vitest run of every project.
set -euo pipefail
cd "$(dirname "$0")/.."
# The linters and the breaking-change gate run beside the tests (the tests wait on processes and
# PostgreSQL often enough that the cores have room); their output is printed whole when they end, and
# the run fails if they failed.
gates=$(mktemp -d)
trap 'rm -rf "$gates"' EXIT
(
  set +e
  bash scripts/lint.sh code > "$gates/lint.log" 2>&1
  echo $? > "$gates/lint.rc"
) &
lint_pid=$!
(
  set +e
  echo "== breaking-change gate: spec/openapi.json against its base (D-44)"
  # A branch is compared with where it left origin/main. On main itself that merge base is HEAD (CI
  # runs on a fresh clone of main), so the base is the previous commit; a clone with a single commit
  # compares HEAD with itself and passes.
  if head=$(git rev-parse -q --verify HEAD 2>/dev/null); then
    base=$(git merge-base HEAD origin/main 2>/dev/null || true)
    if [ -z "$base" ] || [ "$base" = "$head" ]; then base=$(git rev-parse -q --verify HEAD~1 2>/dev/null || echo "$head"); fi
    node --import tsx scripts/spec-diff/cli.ts --base "$base"
  else
    echo "not a git checkout with a commit: no base to compare with, gate skipped"
  fi
) > "$gates/gate.log" 2>&1 &
gate_pid=$!

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  postgres_pass="again on PostgreSQL ($(echo "$TEST_DATABASE_URL" | sed 's#//[^@]*@#//#'), project integration-postgres)"
elif [ "${CI:-}" = "true" ]; then
  echo "CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI." >&2
  exit 1
else
  postgres_pass="(PostgreSQL pass skipped: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres, to run the integration suite on PostgreSQL too)"
fi
echo "== unit, spec (drift gate, document walk, examples, Redocly), integration and the hostile-input gates on PGlite, the integration files $postgres_pass, e2e (Prism, SDK, docs in Chromium, npm start, the packed packages installed outside the repository), contract (runner, reports, workflow), then the Prism validation proxy replay of the PGlite pass's traffic"
# One Vitest run holds everything: the PGlite integration pass with the hostile-input gates (project
# integration) first, its HTTP traffic recorded on the way (test/support/traffic-recorder.ts); then,
# side by side, the integration files on PostgreSQL when TEST_DATABASE_URL names one (project
# integration-postgres, which vitest.config.ts builds from SVC_POSTGRES_PASS_URL), every other
# project, and the Prism proxy replay of that recording (an e2e file, group 1 of vitest.config.ts), so
# the two cores stay busy throughout.
traffic="$PWD/.tmp/integration-traffic.jsonl"
mkdir -p .tmp && rm -f "$traffic"
tests_rc=0
env -u TEST_DATABASE_URL SVC_POSTGRES_PASS_URL="${TEST_DATABASE_URL:-}" SVC_RECORD_TRAFFIC="$traffic" SVC_REPLAY_TRAFFIC="$traffic" \
  node_modules/.bin/vitest run || tests_rc=$?

lint_rc=0
wait "$lint_pid" || true
lint_rc=$(cat "$gates/lint.rc")
gate_rc=0
wait "$gate_pid" || gate_rc=$?
cat "$gates/lint.log" "$gates/gate.log"
if [ "$lint_rc" != 0 ]; then echo "== linters FAILED (above)" >&2; fi
if [ "$gate_rc" != 0 ]; then echo "== breaking-change gate FAILED (above)" >&2; fi
if [ "$tests_rc" != 0 ]; then echo "== tests FAILED (Vitest exit $tests_rc)" >&2; fi
[ "$lint_rc" = 0 ] && [ "$gate_rc" = 0 ] && [ "$tests_rc" = 0 ]
