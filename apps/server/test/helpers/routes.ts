/** Reading the registered routes of a built app (shared by the route tests). */

/**
 * Fastify's route tree as "METHOD path" lines. `printRoutes` prints one node per line, indented
 * four characters per level; a node's full path is its ancestors' segments joined.
 */
export function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    for (const method of m[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}
