// Markup for the pages' early screens (lib/popup/first-screen.ts, lib/sidepanel/first-screen.ts), built with
// the DOM alone: their early scripts carry no framework. Text children are text nodes, never parsed as HTML.
export type Child = Node | string | null | false | undefined;

export function el(tag: string, attrs: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  // An empty text shows as nothing: left out.
  for (const child of children) if (child) node.append(child);
  return node;
}

/** An SVG element without children (the sparkline before it has points). */
export function svg(tag: string, attrs: Record<string, string>): SVGElement {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** Inline styles as Preact sets a style object's properties, in the same order. */
export function styled<E extends HTMLElement>(node: E, style: Record<string, string>): E {
  for (const [name, value] of Object.entries(style)) node.style.setProperty(name, value);
  return node;
}
