// Small Markdown helpers shared by the reports: text from a server or a document goes into a pull
// request comment, so nothing in it may open HTML, break a table or close a code block early.

/** Text for a paragraph or a table cell: Markdown and HTML punctuation escaped, one line. */
export function escapeText(text: string): string {
  return text
    .replace(/\r?\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~])/g, '\\$1');
}

/**
 * Inline code that survives any content: the backtick fence is longer than any run inside. In a
 * table cell a pipe ends the cell even inside code, so there it is escaped (GitHub shows it plain).
 */
export function code(text: string, inTable = false): string {
  const single = text.replace(/\r?\n/g, ' ');
  const longest = Math.max(0, ...[...single.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = single.startsWith('`') || single.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${inTable ? single.replace(/\|/g, '\\|') : single}${pad}${fence}`;
}

/** A fenced code block whose fence no line of the content can close. */
export function codeBlock(content: string, language = ''): string[] {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, ...content.split('\n'), fence];
}

/** A table: header cells and rows of already formatted cells. */
export function table(header: string[], rows: string[][], align?: ('left' | 'center')[]): string[] {
  const rule = header.map((_, i) => (align?.[i] === 'center' ? ':-:' : '---'));
  return [`| ${header.join(' | ')} |`, `| ${rule.join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** Shortens text to `max` characters, saying how much was left out. */
export function clip(text: string, max: number, where: string): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n# … ${text.length - max} more characters: ${where}`;
}

/**
 * Text that already uses code spans on purpose (the diff library's messages, the impact sentences)
 * for a table cell: one line, pipes escaped everywhere, HTML escaped outside the code spans (inside
 * them an entity would show as typed).
 */
export function cell(text: string): string {
  return text
    .replace(/\r?\n/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? part
        : part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    )
    .join('')
    .replace(/\|/g, '\\|');
}
