// ESLint rule `layers/imports-point-down`: a file under server/ may import only from its own layer or
// a layer below it (architecture.md). Each folder is its own layer in one total order, so an import
// back up is reported where it is written, and a cycle between folders (which needs at least one
// import back up) cannot exist. `server/deps.ts` is the wiring contract every layer reads: it holds
// only `import type` declarations and may name types of any layer below app.ts.
//
// ESLint rule `layers/stays-in-server`: nothing under server/ imports the repository's tools, tests,
// benchmarks, console or a workspace package's files by relative path. The server runs from its own
// bundle in production; a workspace package (the contract runner) is imported by its name, through the
// API its package.json exports.
import path from 'node:path';

/** Top to bottom. A path matches the longest entry that is a prefix of it. */
export const LAYERS = [
  ['server/main.ts', 'server/cluster.ts', 'server/app.ts', 'server/wiring.ts', 'server/job-registry.ts', 'server/demo.ts'],
  ['server/routes'],
  ['server/http'],
  ['server/domain'],
  ['server/delivery'],
  ['server/mail'],
  ['server/jobs'],
  ['server/registers'],
  ['server/store'],
  [
    'server/config.ts',
    'server/clock.ts',
    'server/logger.ts',
    'server/ids.ts',
    'server/sealing.ts',
    'server/redaction.ts',
    'server/process-link.ts',
    'server/sql-state.ts',
  ],
];

const WIRING = 'server/deps.ts';

/** Top-level folders the server may never reach into by path. */
export const OUTSIDE_SERVER = ['scripts', 'test', 'bench', 'console', 'packages'];

function layerOf(relative) {
  let best = { index: -1, length: -1 };
  LAYERS.forEach((entries, index) => {
    for (const entry of entries) {
      const matches = relative === entry || relative.startsWith(`${entry}/`);
      if (matches && entry.length > best.length) best = { index, length: entry.length };
    }
  });
  return best.index;
}

function describe(index) {
  return LAYERS[index].join(', ');
}

/** Calls `check(node, source, typeOnly)` for every import, re-export and dynamic import of a file. */
function importVisitor(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
  };
}

/** The repository-relative path (with `/`, `.ts` for `.js`) a relative import points at, or undefined. */
function importTarget(context, source) {
  if (typeof source !== 'string' || !source.startsWith('.')) return undefined;
  return path
    .relative(context.cwd, path.resolve(path.dirname(context.filename), source))
    .split(path.sep)
    .join('/')
    .replace(/\.js$/, '.ts');
}

function fileOf(context) {
  return path.relative(context.cwd, context.filename).split(path.sep).join('/');
}

export const layersPlugin = {
  rules: {
    'imports-point-down': {
      meta: {
        type: 'problem',
        docs: { description: 'Imports under server/ only point down a layer (architecture.md).' },
        messages: {
          up: '{{from}} (layer {{fromLayer}}) imports {{to}} (layer {{toLayer}}), a layer above it. Move the shared piece down or pass it in through AppDeps.',
          unplaced: '{{file}} is under server/ but in no layer of scripts/lint/layers.js: place it.',
          wiringValue: 'server/deps.ts may only hold `import type` declarations: it is read by every layer.',
        },
        schema: [],
      },
      create(context) {
        const file = fileOf(context);
        if (!file.startsWith('server/')) return {};
        return importVisitor((node, source, typeOnly) => {
          const target = importTarget(context, source);
          if (!target?.startsWith('server/')) return;
          if (file === WIRING) {
            if (!typeOnly) context.report({ node, messageId: 'wiringValue' });
            return;
          }
          if (target === WIRING) return;
          const fromLayer = layerOf(file);
          const toLayer = layerOf(target);
          if (fromLayer < 0) return context.report({ node, messageId: 'unplaced', data: { file } });
          if (toLayer >= 0 && toLayer < fromLayer)
            context.report({
              node,
              messageId: 'up',
              data: { from: file, to: target, fromLayer: describe(fromLayer), toLayer: describe(toLayer) },
            });
        });
      },
    },
    'stays-in-server': {
      meta: {
        type: 'problem',
        docs: { description: 'Nothing under server/ imports scripts/, test/, bench/, console/ or packages/ by path.' },
        messages: {
          outside:
            '{{from}} imports {{to}}, outside server/. The server depends on no repository tool, test, benchmark or console file; import a workspace package by its name (svc-contract), never by path.',
        },
        schema: [],
      },
      create(context) {
        const file = fileOf(context);
        if (!file.startsWith('server/')) return {};
        return importVisitor((node, source) => {
          const target = importTarget(context, source);
          if (target && OUTSIDE_SERVER.some((top) => target === top || target.startsWith(`${top}/`)))
            context.report({ node, messageId: 'outside', data: { from: file, to: target } });
        });
      },
    },
  },
};
