/**
 * Local ESLint rule: the folders under src/ import one way (bulletproof-react's project
 * structure, docs/architecture.md "The front end"):
 *
 * - a feature (`src/features/X/`) imports itself and shared code, never another feature
 *   (`src/features/Y/`) and never the app shell (`src/app/`);
 * - shared code (every other folder: components/, lib/, stores/, core/, api/, config/, test/…)
 *   imports neither a feature nor the app shell;
 * - the app shell (`src/app/`) and the entry (`src/main.ts`, any file directly in src/) compose
 *   features: they may import anything.
 *
 * Every way of naming a module counts: `import`, `import type`, `export … from`, `import()`, a
 * type's `import('…')`, and a test's `vi.mock`/`vi.importActual`/… (core `no-restricted-imports`
 * misses `import()`, which the lazy screens use). A relative path is resolved from the file, so
 * `../game/stores/x.ts` and `../../features/game/x.ts` are both caught whatever the depth; a bare
 * path that names a folder under src/ (an alias such as `@/features/game/x` or
 * `src/features/game/x`; the project has none today) counts as that folder.
 *
 * Option `src`: the absolute path of the source folder (default: `src` under ESLint's cwd).
 */
import path from 'node:path';

/** An alias or root path naming a folder under src/: `@/features/x`, `~/app/y`, `src/features/x`, `/src/app/y`. */
const ALIAS = /^(?:[@~#][\w-]*\/|\/)?(?:src\/)?((?:features|app)(?:\/.*)?)$/;
const TEST_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports one way: the app composes features; features never import each other or the app; shared code imports neither' },
    schema: [{ type: 'object', properties: { src: { type: 'string' } }, additionalProperties: false }],
    messages: {
      otherFeature:
        'features/{{from}} imports features/{{to}}: a feature never imports another. Move the shared piece into shared code (components/, lib/, stores/, api/…), or let src/app/ compose the two (pass it in as a prop).',
      featureToApp: 'A feature must not import the app shell (src/app/): the shell imports features.',
      sharedToFeature: 'Shared code must not import a feature: move the piece into shared code, or pass it in.',
      sharedToApp: 'Shared code must not import the app shell (src/app/).',
    },
  },
  create(context) {
    const src = path.resolve(context.options[0]?.src ?? path.join(context.cwd, 'src'));
    /** The folder a path under src/ is in: a feature (its name), the app, other shared code, or top (a file directly in src/, or outside src/). @param {string} rel */
    const zoneOf = (rel) => {
      const parts = rel.split(/[\\/]/);
      if (rel.startsWith('..') || path.isAbsolute(rel) || parts.length < 2) return { kind: 'top' };
      if (parts[0] === 'features') return parts.length > 2 ? { kind: 'feature', name: parts[1] ?? '' } : { kind: 'top' };
      if (parts[0] === 'app') return { kind: 'app' };
      return { kind: 'shared' };
    };
    const from = zoneOf(path.relative(src, context.filename));
    if (from.kind === 'top' || from.kind === 'app') return {};

    /** @param {import('estree').Node} node @param {string} spec */
    const check = (node, spec) => {
      let rel;
      if (spec.startsWith('.')) rel = path.relative(src, path.resolve(path.dirname(context.filename), spec));
      else {
        const alias = ALIAS.exec(spec);
        if (!alias) return; // a package
        rel = alias[1] ?? '';
      }
      // A folder itself (`../app`, `@/features/game`): its index, in that folder.
      const to = zoneOf(/^(app|features[\\/][^\\/]+)$/.test(rel) ? `${rel}/index` : rel);
      if (to.kind === 'app') context.report({ node, messageId: from.kind === 'feature' ? 'featureToApp' : 'sharedToApp' });
      if (to.kind !== 'feature') return;
      if (from.kind === 'shared') context.report({ node, messageId: 'sharedToFeature' });
      else if (from.kind === 'feature' && from.name !== to.name) context.report({ node, messageId: 'otherFeature', data: { from: from.name ?? '', to: to.name ?? '' } });
    };
    /** A string literal, or a template literal without expressions. @param {any} node @returns {string | undefined} */
    const text = (node) => {
      if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
      return undefined;
    };
    /** @param {any} node @param {any} source */
    const checkSource = (node, source) => {
      const spec = text(source);
      if (spec !== undefined) check(node, spec);
    };
    return {
      /** @param {any} node */
      ImportDeclaration: (node) => { checkSource(node, node.source); },
      /** @param {any} node */
      ExportNamedDeclaration: (node) => { if (node.source) checkSource(node, node.source); },
      /** @param {any} node */
      ExportAllDeclaration: (node) => { checkSource(node, node.source); },
      /** @param {any} node */
      ImportExpression: (node) => { checkSource(node, node.source); },
      /** `typeof import('…')`, `import('…').T`. @param {any} node */
      TSImportType: (node) => { checkSource(node, node.source ?? node.argument?.literal); },
      /** `vi.mock('…')` and the like: a test that mocks another feature's module depends on it. @param {any} node */
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'vi' && callee.property.type === 'Identifier' && TEST_CALLS.has(callee.property.name)) {
          checkSource(node, node.arguments[0]);
        }
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
