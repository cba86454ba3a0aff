/**
 * Cutting a document's page texts into chunks for search and chat: about 800 characters each,
 * cut at paragraph and then sentence boundaries (a sentence longer than a chunk is cut at a
 * word), each chunk within one page so that it keeps its page number, and each starting with
 * the end of the chunk before it on the same page (up to ~150 characters of whole sentences)
 * so a passage cut in two is still found whole in one of them.
 */

/** Characters a chunk aims at. */
export const CHUNK_TARGET = 800;
/** Characters of the previous chunk's end repeated at the start of the next. */
export const CHUNK_OVERLAP = 150;

export interface PageChunk {
  pageNumber: number;
  chunkIndex: number;
  content: string;
}

/** A page with fewer letters or digits than this has no text layer worth the name (a scan, a drawing). */
const MIN_TEXT_CHARACTERS = 3;

/** Whether a page's extracted text is empty for practical purposes (a scanned page). */
export function pageHasText(text: string): boolean {
  return (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_TEXT_CHARACTERS;
}

/** A page's paragraphs: blank lines separate them; a paragraph's lines are joined with spaces (hyphenated line ends rejoined). */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p.length > 0);
}

/** A paragraph's sentences (ending at . ! ? followed by a space and an upper-case letter, a digit or an opening mark), each at most CHUNK_TARGET long. */
function sentences(paragraph: string): string[] {
  const parts = paragraph.split(/(?<=[.!?]["')\]]?)\s+(?=[\p{Lu}\p{N}"'(\[])/u);
  const out: string[] = [];
  for (const part of parts) {
    if (part.length <= CHUNK_TARGET) {
      out.push(part);
      continue;
    }
    // A run-on "sentence" (a table, a list without stops): cut at words.
    let rest = part;
    while (rest.length > CHUNK_TARGET) {
      let cut = rest.lastIndexOf(' ', CHUNK_TARGET);
      if (cut < CHUNK_TARGET / 2) cut = CHUNK_TARGET;
      out.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** The trailing whole sentences of a chunk, up to CHUNK_OVERLAP characters (none when its last sentence alone is longer). */
function overlapOf(units: string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (let i = units.length - 1; i >= 0; i--) {
    if (length + units[i].length > CHUNK_OVERLAP) break;
    kept.unshift(units[i]);
    length += units[i].length + 1;
  }
  return kept;
}

/**
 * The chunks of a document's pages (`pages[0]` is page 1), numbered from 0 in reading order.
 * Pages without text give none.
 */
export function chunkPages(pages: string[]): PageChunk[] {
  const chunks: PageChunk[] = [];
  pages.forEach((text, i) => {
    if (!pageHasText(text)) return;
    const pageNumber = i + 1;
    // Sentences of the page, a paragraph's end marked so a chunk prefers to end there.
    const units: { text: string; endsParagraph: boolean }[] = [];
    for (const paragraph of paragraphs(text)) {
      const parts = sentences(paragraph);
      parts.forEach((s, j) => units.push({ text: s, endsParagraph: j === parts.length - 1 }));
    }
    let current: string[] = [];
    let fresh = 0; // sentences in `current` not carried over from the previous chunk
    let length = 0;
    const flush = () => {
      if (fresh === 0) return;
      chunks.push({ pageNumber, chunkIndex: chunks.length, content: current.join(' ') });
      current = overlapOf(current);
      length = current.reduce((n, s) => n + s.length + 1, 0);
      fresh = 0;
    };
    for (const unit of units) {
      if (fresh > 0 && length + unit.text.length > CHUNK_TARGET) flush();
      current.push(unit.text);
      length += unit.text.length + 1;
      fresh += 1;
      // A paragraph's end well into a chunk is a good place to stop.
      if (unit.endsParagraph && length >= CHUNK_TARGET * 0.6) flush();
    }
    flush();
  });
  return chunks;
}

/** The distinct words of some text, lower case, 3 to 40 letters or digits: a document's vocabulary for matching misspelt query words. */
export function vocabulary(texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]{3,40}/gu)) words.add(match[0]);
  }
  return [...words];
}
