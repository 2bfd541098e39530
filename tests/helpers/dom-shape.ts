// A DOM tree as plain data for comparing two renderings of the same screen (the early screens against the
// pages' components): tags with their namespace, attributes (sorted), form state, and text (adjacent text
// joined, empty text dropped), in order.
export function domShape(node: Node): unknown {
  if (node.nodeType === node.TEXT_NODE) return node.textContent;
  const el = node as Element;
  const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).sort();
  const children: unknown[] = [];
  let text = '';
  for (const child of el.childNodes) {
    if (child.nodeType === child.TEXT_NODE) {
      text += child.textContent ?? '';
      continue;
    }
    if (text) children.push(text);
    text = '';
    children.push(domShape(child));
  }
  if (text) children.push(text);
  const state =
    el instanceof HTMLInputElement
      ? [`value=${el.value}`, `checked=${el.checked}`, `disabled=${el.disabled}`]
      : el instanceof HTMLSelectElement
        ? [`value=${el.value}`, `disabled=${el.disabled}`]
        : el instanceof HTMLButtonElement
          ? [`disabled=${el.disabled}`]
          : [];
  return [`${el.namespaceURI}:${el.tagName.toLowerCase()}`, ...attrs, ...state, children];
}
