// The partner guides (docs/guide/*.md) as the docs page shows them. Each file is one guide: its `# `
// line is the title, the rest its text; the file names' numbers give the order. A link to another
// guide file becomes a link to that guide's section of the page, so the same Markdown reads right on
// the page and in the repository; any other relative link would be dead on the page and is refused.
// The root CHANGELOG.md (D-44) follows the guides as "Release notes", under that title whatever its own
// first line says; the guides link it as `../../CHANGELOG.md`, which reads right in the repository.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const GUIDE_DIR = 'docs/guide';
export const RELEASE_NOTES_FILE = 'CHANGELOG.md';
export const RELEASE_NOTES_TITLE = 'Release notes';
/** How a guide links the release notes in the repository (docs/guide/ -> the root). */
const RELEASE_NOTES_LINK = `../../${RELEASE_NOTES_FILE}`;

export interface Guide {
  file: string;
  title: string;
  /** The page's anchor of the guide: `#/<slug>`. */
  slug: string;
  /** Markdown without the title line and the authoring comments, links rewritten for the page. */
  body: string;
}

/** Redoc's anchor for a section title: lower case, every run of other characters one `-`. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface RawGuide {
  file: string;
  title: string;
  text: string;
}

function readRaw(dir: string): RawGuide[] {
  return readdirSync(dir)
    .filter((name) => /^\d\d-[a-z0-9-]+\.md$/.test(name))
    .sort()
    .map((file) => {
      const source = readFileSync(join(dir, file), 'utf8');
      const heading = /^# (.+)\n/.exec(source);
      if (!heading) throw new Error(`${dir}/${file}: a guide starts with its "# Title" line`);
      return { file, title: heading[1]!.trim(), text: source.slice(heading[0].length) };
    });
}

function readReleaseNotes(file: string): RawGuide {
  const source = readFileSync(file, 'utf8');
  const heading = /^# .+\n/.exec(source);
  return { file: RELEASE_NOTES_LINK, title: RELEASE_NOTES_TITLE, text: heading ? source.slice(heading[0].length) : source };
}

/** The guides in order, then the release notes, ready for the page. */
export function readGuides(dir = GUIDE_DIR, releaseNotes = RELEASE_NOTES_FILE): Guide[] {
  const raw = [...readRaw(dir), readReleaseNotes(releaseNotes)];
  const slugs = new Map(raw.map((guide) => [guide.file, slugOf(guide.title)]));
  return raw.map(({ file, title, text }) => ({
    file,
    title,
    slug: slugOf(title),
    body: pageLinks(text.replace(/<!--[\s\S]*?-->\n?/g, ''), slugs, file === RELEASE_NOTES_LINK ? releaseNotes : `${dir}/${file}`).trim(),
  }));
}

/** `[text](02-keys.md)` -> `[text](#/keys-and-environments)`; outside links and page anchors stay. */
function pageLinks(markdown: string, slugs: Map<string, string>, where: string): string {
  return markdown.replace(/\]\(([^)\s]+)\)/g, (whole, target: string) => {
    if (/^(https?:|mailto:|#)/.test(target)) return whole;
    const slug = slugs.get(target);
    if (slug === undefined)
      throw new Error(`${where}: the link to ${target} would be dead on the docs page; link another guide or a full URL`);
    return `](#/${slug})`;
  });
}
