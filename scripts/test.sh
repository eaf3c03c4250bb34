#!/usr/bin/env bash
# npm test: everything CI proves on every change, cheapest first.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck (hand-written code and the generated SDK)"
npx tsc --noEmit
echo "== lint"
npx eslint .
npx prettier --check . > /dev/null
echo "== unit, spec (drift gate, document walk, examples, Redocly), integration on PGlite, e2e (Prism, SDK, docs in Chromium, npm start)"
# TEST_DATABASE_URL is for the PostgreSQL run only; the first run uses the embedded database.
env -u TEST_DATABASE_URL npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== integration suite again on PostgreSQL ($(echo "$TEST_DATABASE_URL" | sed 's#//[^@]*@#//#'))"
  npx vitest run --project integration
elif [ "${CI:-}" = "true" ]; then
  echo "CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI." >&2
  exit 1
else
  echo "== PostgreSQL run skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run the integration suite on PostgreSQL too."
fi
