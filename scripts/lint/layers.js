// ESLint rule `layers/imports-point-down`: a file under server/ may import only from its own layer or
// a layer below it (architecture.md). Each folder is its own layer in one total order, so an import
// back up is reported where it is written, and a cycle between folders (which needs at least one
// import back up) cannot exist. `server/deps.ts` is the wiring contract every layer reads: it holds
// only `import type` declarations and may name types of any layer below app.ts.
import path from 'node:path';

/** Top to bottom. A path matches the longest entry that is a prefix of it. */
export const LAYERS = [
  ['server/main.ts', 'server/app.ts', 'server/wiring.ts', 'server/job-registry.ts', 'server/demo.ts'],
  ['server/routes'],
  ['server/http'],
  ['server/domain'],
  ['server/delivery'],
  ['server/mail'],
  ['server/jobs'],
  ['server/registers'],
  ['server/store'],
  ['server/config.ts', 'server/clock.ts', 'server/logger.ts', 'server/ids.ts', 'server/sealing.ts'],
];

const WIRING = 'server/deps.ts';

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
        const root = context.cwd;
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        if (!file.startsWith('server/')) return {};
        const check = (node, source, typeOnly) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path
            .relative(root, path.resolve(path.dirname(context.filename), source))
            .split(path.sep)
            .join('/')
            .replace(/\.js$/, '.ts');
          if (!target.startsWith('server/')) return;
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
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
          ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
        };
      },
    },
  },
};
