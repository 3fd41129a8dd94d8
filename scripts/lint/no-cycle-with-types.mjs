// import-x's `no-cycle` skips `import type` (gone at run time). This rule is the same walk over the
// same module graph (import-x's own ModuleInfo), with type-only imports counted: a cycle through
// types still ties two modules together, so neither can move or be read alone.
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { createRule, isExternalModule, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils';

export default createRule({
  name: 'no-cycle-with-types',
  meta: {
    type: 'suggestion',
    docs: { category: 'Static analysis', description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Dependency cycle detected (type-only imports count)',
      cycleSource: 'Dependency cycle via "{{source}}" (type-only imports count)',
    },
  },
  defaultOptions: [],
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    const external = (name) => isExternalModule(name, resolve(name, context), context);
    // Modules already walked from this file: each is walked once per file.
    const traversed = new Set();
    return {
      ...moduleVisitor((sourceNode, importer) => {
        if (external(sourceNode.value)) return;
        const imported = ModuleInfo.get(sourceNode.value, context);
        if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
        traversed.add(imported.path);
        const untraversed = [{ mget: () => imported, path: imported.path, route: [] }];
        while (untraversed.length > 0) {
          const { mget, route } = untraversed.shift();
          const module = mget();
          if (module == null) continue;
          for (const [path, { resolve: next, declarations }] of module.getImports()) {
            if (traversed.has(path)) continue;
            const through = [...declarations].filter(({ source }) => !external(source.value));
            if (through.length === 0) continue;
            if (path === filename) {
              // What is still queued may lead to another cycle, found from another import.
              for (const queued of untraversed) traversed.delete(queued.path);
              context.report(
                route.length > 0
                  ? { node: importer, messageId: 'cycleSource', data: { source: route.map((s) => `${s.value}:${s.loc.start.line}`).join('=>') } }
                  : { node: importer, messageId: 'cycle' },
              );
              return;
            }
            traversed.add(path);
            untraversed.push({ mget: next, path, route: [...route, through[0].source] });
          }
        }
      }, { esmodule: true }),
    };
  },
});
