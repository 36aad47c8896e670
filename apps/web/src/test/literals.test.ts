import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The literal finder (decision 220): every user-visible string goes through `t()`. It parses each
 * source file and reports JSX text with a letter in it, and string literals in the attributes a
 * person sees or hears (aria-label, title, placeholder, alt, ...), outside the dictionaries.
 */

const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label']);

/** Props of our own components that end up on screen (ConfirmDialog's message, confirmLabel...). */
const VISIBLE_PROP = /^(?:[a-z]+(?:Label|Text|Title|Message)|message|text|heading)$/;

/** Words that are not language: the brand, currency codes, symbols. */
const ALLOWED = new Set(['Colorplay', 'USDT', 'UPI', 'TRC20', 'ERC20', 'INR', 'TOTP', 'OK', 'PAN', 'UTR', 'ID', 'x']);

function isLanguage(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  return !trimmed.split(/[\s·:/|()+-]+/).every((word) => word === '' || ALLOWED.has(word) || !/\p{L}/u.test(word));
}

export function findLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isLanguage(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    // document.title = 'Colorplay console' is read out and shown in the tab.
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.left.getText(file) === 'document.title' &&
      (ts.isStringLiteral(node.right) || ts.isNoSubstitutionTemplateLiteral(node.right)) &&
      isLanguage(node.right.text)
    )
      found.push(`${where(node)} document.title="${node.right.text}"`);
    if (ts.isJsxAttribute(node) && (VISIBLE_ATTRIBUTES.has(node.name.getText(file)) || VISIBLE_PROP.test(node.name.getText(file))) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
          ? init.expression
          : undefined;
      if (literal && isLanguage(literal.text)) found.push(`${where(node)} ${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('user-visible literals', () => {
  it('finds JSX text and visible attributes written in place', () => {
    const sample = `export const A = () => <div title="Close">Hello <b aria-label={'Menu'}>{t('x')}</b><img alt="" /> · 5 ₹ USDT</div>;`;
    expect(findLiterals('sample.tsx', sample)).toEqual(['sample.tsx:1 title="Close"', 'sample.tsx:1 text "Hello"', 'sample.tsx:1 aria-label="Menu"']);
    const props = `document.title = 'Colorplay console';\nexport const B = () => <ConfirmDialog message="Sure?" confirmLabel={'Yes'} className="x" />;`;
    expect(findLiterals('props.tsx', props)).toEqual(['props.tsx:1 document.title="Colorplay console"', 'props.tsx:2 message="Sure?"', 'props.tsx:2 confirmLabel="Yes"']);
  });

  it('finds none in the app: every text goes through the dictionaries', () => {
    const found = Object.entries(sources).flatMap(([path, source]) => findLiterals(path.replace(/^\.\.\//, 'src/'), source));
    expect(found).toEqual([]);
  });
});
