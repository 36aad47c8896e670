/** A small self-contained page for a launch that cannot open a game (no script, no outside assets). */
export function refusalPage(title: string, text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5fb;color:#1b1c3a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:24px;max-width:420px;margin:16px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:1.3rem;margin:0 0 12px}a{color:#2f5bff}</style>
</head><body><main><h1>${esc(title)}</h1><p>${esc(text)}</p><p><a href="/">Back to the lobby</a></p></main></body></html>
`;
}
