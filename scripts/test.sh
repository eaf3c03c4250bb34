#!/usr/bin/env bash
# npm test: everything CI proves on every change, in order of cost.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck (hand-written code and the generated SDK)"
npx tsc --noEmit
echo "== lint"
npx eslint .
npx prettier --check . > /dev/null
echo "== tests (unit, spec: drift gate, document walk, examples, redocly lint; e2e: Prism mock, SDK, docs in Chromium)"
npx vitest run
