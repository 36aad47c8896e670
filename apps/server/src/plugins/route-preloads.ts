/**
 * A page's lazy route files, preloaded from its HTML (decision 586). The app's routes are lazy
 * chunks: the browser learned of a route's files only when the main bundle had arrived and run,
 * one round trip after it on a phone's network. For `/`, which the server answers itself, it lists
 * the route's chunk, its static imports and their stylesheets in the HTML: they download beside the
 * main bundle, and the bundle's preload helper finds each already linked and adds nothing. Nothing
 * runs sooner or differently. (The lottery pages preload nothing: decision 585.)
 */

/** Vite's build manifest (`dist/.vite/manifest.json`), the fields read here and by the lottery shell. */
export type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** Files to preload, as URLs. */
export interface RoutePreloads {
  scripts: string[];
  stylesheets: string[];
}

/** The chunks of `modules` (manifest keys), their static imports (transitively, once) and their stylesheets, less what index.html already links. */
export function routePreloads(manifest: ViteManifest, indexHtml: string, modules: readonly string[]): RoutePreloads {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) stylesheets.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  const unlinked = (href: string) => !indexHtml.includes(`href="${href}"`) && !indexHtml.includes(`src="${href}"`);
  return { scripts: [...scripts].filter(unlinked), stylesheets: [...stylesheets].filter(unlinked) };
}

/**
 * The links: scripts as `modulepreload` and stylesheets as `preload` (the first paint does not
 * wait for them), `crossorigin` as Vite requests both, so the preloaded response is the one used.
 */
export function preloadLinks(preloads: RoutePreloads): string {
  return [
    ...preloads.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...preloads.stylesheets.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
}

/** index.html with `links` at the end of its head. */
export function withHeadLinks(indexHtml: string, links: string): string {
  return links === '' ? indexHtml : indexHtml.replace('</head>', () => `${links}</head>`);
}
