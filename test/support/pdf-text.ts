// Reads a PDF as a user's viewer would (pdf.js): page count and the text of every page, so a test
// proves a document is a real, parseable PDF that says what it should.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: number;
  text: string;
  info: Record<string, unknown>;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // verbosity 0: pdf.js warns about standard-font data it does not need for text extraction.
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  const metadata = await doc.getMetadata();
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: texts.join('\n'), info: metadata.info as Record<string, unknown> };
}
