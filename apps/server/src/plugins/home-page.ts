/**
 * `/`'s first load (decision 586). Home is a lazy route: the browser learned of its chunk only
 * after the main bundle had arrived and run, one round trip after it on a phone's network, and
 * the page's largest paint (the home notice) waited for that chain. The server, which answers `/`
 * with index.html, adds preload links for the home route's chunk, its static imports and their
 * stylesheets, so they download beside the main bundle. Nothing runs sooner or differently: the
 * router imports the chunk as before and finds it fetched (Vite's preload helper skips a file
 * already linked).
 */

/** The build's manifest entry of the home route (web: app/router.tsx). */
const HOME_MODULE = 'src/app/routes/home.tsx';

type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The home route's chunk, its static imports (transitively) and their stylesheets, less what index.html already links. */
export function homePreloads(manifest: ViteManifest, indexHtml: string): { scripts: string[]; stylesheets: string[] } {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) stylesheets.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(HOME_MODULE);
  const unlinked = (href: string) => !indexHtml.includes(`href="${href}"`) && !indexHtml.includes(`src="${href}"`);
  return { scripts: [...scripts].filter(unlinked), stylesheets: [...stylesheets].filter(unlinked) };
}

/** index.html with the home route's files preloaded (`crossorigin` as Vite requests them), or index.html as it is. */
export function homePageHtml(indexHtml: string, preloads: { scripts: readonly string[]; stylesheets: readonly string[] }): string {
  const links = [
    ...preloads.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...preloads.stylesheets.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
  return links === '' ? indexHtml : indexHtml.replace('</head>', () => `${links}</head>`);
}
