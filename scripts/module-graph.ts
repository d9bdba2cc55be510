/** One import of a module by another: `file` (of module `from`) imports `spec` (of module `to`). */
export interface ModuleImport {
  from: string;
  to: string;
  file: string;
  spec: string;
}

export interface ModuleLoop {
  /** The modules of the loop, in order. */
  modules: string[];
  /** One import for each step of the loop (the last step leads back to the first module). */
  steps: ModuleImport[];
}

/**
 * The loops of the modules' dependency graph: each strongly connected set of two or more modules
 * (Tarjan's algorithm), with one cycle through it as the example. Pure.
 */
export function moduleLoops(imports: readonly ModuleImport[]): ModuleLoop[] {
  const edges = new Map<string, Map<string, ModuleImport>>();
  for (const i of imports) {
    const out = edges.get(i.from) ?? new Map<string, ModuleImport>();
    if (!out.has(i.to)) out.set(i.to, i);
    edges.set(i.from, out);
    if (!edges.has(i.to)) edges.set(i.to, new Map());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!.keys()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((members) => exampleCycle(members, edges));
}

/** A cycle through the first of `members`, walking only inside them (breadth-first: the shortest). */
function exampleCycle(members: string[], edges: Map<string, Map<string, ModuleImport>>): ModuleLoop {
  const inside = new Set(members);
  const start = members[0]!;
  const cameFrom = new Map<string, ModuleImport>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const [w, step] of edges.get(v)!) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const steps = [step];
        for (let at = v; at !== start; at = cameFrom.get(at)!.from) steps.unshift(cameFrom.get(at)!);
        return { modules: steps.map((s) => s.from), steps };
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, step);
        queue.push(w);
      }
    }
  }
  return { modules: members, steps: [] };
}
