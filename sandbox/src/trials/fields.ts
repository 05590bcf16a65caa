/**
 * The `fields` parameter: a comma- or pipe-separated list of field paths (`protocolSection.identificationModule.nctId`),
 * piece names (`NCTId`, `Condition`, `IdentificationModule`) or top-level section names, resolved against the v2 field
 * tree (GET /studies/metadata). The answer keeps only those paths; an unknown name is a 400, as on the real API.
 */

interface FieldNode {
  name: string;
  piece?: string;
  children?: FieldNode[];
}

export type FieldsResult = { ok: true; paths: string[][] } | { ok: false; message: string };

export class FieldResolver {
  private readonly byName = new Map<string, string[]>();

  constructor(tree: readonly unknown[]) {
    const walk = (nodes: readonly FieldNode[], path: string[]) => {
      for (const node of nodes) {
        const full = [...path, node.name];
        this.byName.set(full.join('.').toLowerCase(), full);
        if (node.piece && !this.byName.has(`piece:${node.piece.toLowerCase()}`)) this.byName.set(`piece:${node.piece.toLowerCase()}`, full);
        if (node.children) walk(node.children, full);
      }
    };
    walk(tree as FieldNode[], []);
  }

  resolve(raw: string): FieldsResult {
    const names = raw
      .split(/[,|]/)
      .map((name) => name.trim())
      .filter(Boolean);
    if (!names.length) return { ok: false, message: 'fields: the list is empty' };
    const paths: string[][] = [];
    for (const name of names) {
      const path = this.byName.get(name.toLowerCase()) ?? this.byName.get(`piece:${name.toLowerCase()}`);
      if (!path) return { ok: false, message: `fields: unknown field "${name}"` };
      paths.push(path);
    }
    return { ok: true, paths };
  }
}

/** The study with only the given paths (arrays of objects keep, in each element, the rest of the path). */
export function project(value: unknown, paths: readonly (readonly string[])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) copyPath(value, out, path);
  return out;
}

function copyPath(from: unknown, to: Record<string, unknown>, path: readonly string[]): void {
  if (!from || typeof from !== 'object' || Array.isArray(from)) return;
  const [head, ...rest] = path as [string, ...string[]];
  const value = (from as Record<string, unknown>)[head];
  if (value === undefined) return;
  if (!rest.length) {
    to[head] = value;
    return;
  }
  if (Array.isArray(value)) {
    const existing = (Array.isArray(to[head]) ? to[head] : value.map(() => ({}))) as Record<string, unknown>[];
    value.forEach((item, i) => copyPath(item, existing[i]!, rest));
    to[head] = existing;
    return;
  }
  const target = (to[head] && typeof to[head] === 'object' ? to[head] : {}) as Record<string, unknown>;
  copyPath(value, target, rest);
  if (Object.keys(target).length) to[head] = target;
}
