// The few shapes of Markdown the project's own documents use (headings, paragraphs, "- " lists), as
// blocks a page renders with text nodes only: no HTML from the file ever reaches the page.
export type Block = { kind: 'h1' | 'h2' | 'p'; text: string } | { kind: 'ul'; items: string[] };

export function plainMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'ul', items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (line.startsWith('## ') || line.startsWith('# ')) {
      flush();
      const h2 = line.startsWith('## ');
      blocks.push({ kind: h2 ? 'h2' : 'h1', text: line.slice(h2 ? 3 : 2).trim() });
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      list ??= [];
      list.push(line.slice(2).trim());
    } else if (list) {
      list[list.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
