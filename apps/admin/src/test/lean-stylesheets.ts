/**
 * antd injects its styles as thousands of CSS rules, and jsdom computes an element's style by
 * matching every rule's selector against it (with nwsapi): the queries' visibility checks and
 * accessible names call getComputedStyle on each element and its ancestors, and that matching was
 * more than half of the back office's test time. jsdom lays nothing out, so of those rules only
 * the ones that hide or show something can change a test: this keeps, of each style antd injects,
 * the rules that set `display`, `visibility`, `opacity` or `pointer-events`, with those
 * declarations only. antd still reads back the CSS it wrote (it compares before rewriting).
 */
const KEPT_PROPERTIES = ['display', 'visibility', 'opacity', 'pointer-events'];

function keptDeclarations(style: CSSStyleDeclaration): string {
  return KEPT_PROPERTIES.flatMap((property) => {
    const value = style.getPropertyValue(property);
    if (value === '') return [];
    const priority = style.getPropertyPriority(property);
    return [`${property}:${value}${priority ? ` !${priority}` : ''}`];
  }).join(';');
}

function leanRules(rules: CSSRuleList): string {
  let css = '';
  for (const rule of Array.from(rules)) {
    if ('selectorText' in rule) {
      const styleRule = rule as CSSStyleRule;
      const declarations = keptDeclarations(styleRule.style);
      if (declarations) css += `${styleRule.selectorText}{${declarations}}`;
    } else if ('media' in rule && 'cssRules' in rule) {
      // jsdom applies only media rules that name `screen` (style-rules.js); the rest never match.
      const mediaRule = rule as CSSMediaRule;
      const inner = leanRules(mediaRule.cssRules);
      if (inner) css += `@media ${mediaRule.media.mediaText}{${inner}}`;
    }
    // @keyframes, @font-face and the like never decide whether an element shows.
  }
  return css;
}

export function leanCss(css: string): string {
  // Parsed by jsdom itself (a style in a document without a window gets no sheet), then removed.
  const style = document.createElement('style');
  textContent.set!.call(style, css);
  document.head.append(style);
  try {
    return style.sheet ? leanRules(style.sheet.cssRules) : css;
  } finally {
    style.remove();
  }
}

const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
const textContent = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
const written = new WeakMap<HTMLStyleElement, string>();

Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
  configurable: true,
  get(this: HTMLStyleElement) {
    return written.get(this) ?? (innerHtml.get!.call(this) as string);
  },
  set(this: HTMLStyleElement, css: string) {
    written.set(this, css);
    innerHtml.set!.call(this, leanCss(css));
  },
});
