import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseAst } from 'vite';

/**
 * The project files each source file below `folders` imports: static, type-only, re-exports,
 * dynamic `import()` and `import('…')` types alike. Specifiers are resolved the way tsconfig's
 * paths do (`@/` and `~/` from the root, relative otherwise); packages are left out.
 */
export function importGraph(root: string, folders: string[]): Map<string, string[]> {
  const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const lang = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.ts') ? 'ts' : 'js';
    const program = parseAst(readFileSync(file, 'utf8'), { lang, sourceType: 'module' }, file);
    const targets = new Set<string>();
    for (const specifier of specifiers(program)) {
      const target = resolve(root, file, specifier);
      if (target) targets.add(rel(root, target));
    }
    graph.set(rel(root, file), [...targets].sort());
  }
  return graph;
}

/** The files of every strongly connected group of more than one file, or of a file importing itself. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

type Node = { type?: unknown; [key: string]: unknown };

function specifiers(program: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    const source = sourceOf(node);
    if (source !== undefined) found.push(source);
    for (const key of Object.keys(node)) if (key !== 'parent') walk(node[key]);
  };
  walk(program);
  return found;
}

function sourceOf(node: Node): string | undefined {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
    case 'ImportExpression':
    case 'TSImportType':
      return literal(node.source);
    case 'TSExternalModuleReference':
      return literal(node.expression);
    default:
      return undefined;
  }
}

function literal(value: unknown): string | undefined {
  const node = value as Node | undefined;
  return node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}

const extensions = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js'];

function resolve(root: string, from: string, specifier: string): string | undefined {
  const alias = /^(?:@@?|~~?)\//.exec(specifier);
  let base: string;
  if (alias) base = join(root, specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return undefined;
  base = base.replace(/\.js$/, '');
  for (const extension of extensions) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(?:tsx?|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function rel(root: string, file: string): string {
  return relative(root, file).split('\\').join('/');
}
