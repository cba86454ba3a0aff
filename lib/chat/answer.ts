/**
 * Writing the assistant's answer from the passages found: extractive without a chat model (the
 * best sentences, quoted, each with its [document name, p. N]), or the model's words with the
 * same citations. Pure functions but the model call.
 */
import { completeChat } from '../ai/openai.ts';
import type { AiSettings, ChatTurn } from '../ai/openai.ts';
import type { ChunkHit } from '../search/search.ts';
import { queryWords } from '../search/search.ts';

export interface Passage extends ChunkHit {
  documentName: string;
}

/** A hit below this similarity does not answer the question (it shares a common word at most). */
export const RELEVANT_SIMILARITY = 0.2;

/** Words a question is made of whatever it asks: never the reason a sentence is quoted. */
const QUESTION_WORDS = new Set(
  'a an and are as at be by can could did do does for from has have how i in is it its me of on or page pages please say should tell than that the their there these this those to used uses was we were what when where which who why will with would you your'.split(
    ' ',
  ),
);

/** How a citation reads everywhere: [document name, p. N]. */
export function cite(documentName: string, pageNumber: number): string {
  return `[${documentName}, p. ${pageNumber}]`;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The question's meaningful words as stems of at most 5 characters (so "deflect" meets "deflection"), misspellings left to the search. */
function stems(question: string): string[] {
  return queryWords(question)
    .filter((w) => w.length >= 3 && !QUESTION_WORDS.has(w))
    .map((w) => w.slice(0, 5));
}

/**
 * The extractive answer: up to three sentences of the best passages that share the most
 * meaningful words with the question, quoted with their citations; null when no passage is
 * relevant.
 */
export function extractiveAnswer(question: string, passages: Passage[]): string | null {
  const relevant = passages.filter((p) => p.similarity >= RELEVANT_SIMILARITY).slice(0, 3);
  if (relevant.length === 0) return null;
  const wanted = stems(question);
  const scored: { sentence: string; citation: string; score: number; order: number }[] = [];
  relevant.forEach((passage, rank) => {
    for (const sentence of sentencesOf(passage.content)) {
      const words = new Set(queryWords(sentence).map((w) => w.slice(0, 5)));
      const shared = wanted.filter((w) => words.has(w)).length;
      if (shared === 0) continue;
      scored.push({ sentence, citation: cite(passage.documentName, passage.pageNumber), score: shared + passage.similarity - rank * 0.01, order: scored.length });
    }
  });
  // The best passage's best sentence is quoted even when the match was on a misspelt word.
  if (scored.length === 0) {
    const [first] = sentencesOf(relevant[0].content);
    scored.push({ sentence: first ?? relevant[0].content, citation: cite(relevant[0].documentName, relevant[0].pageNumber), score: 1, order: 0 });
  }
  const seen = new Set<string>();
  const chosen = scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((s) => (seen.has(s.sentence) ? false : (seen.add(s.sentence), true)))
    .slice(0, 3);
  return ['These passages of the documents match your question best (quoted as written; no AI model wrote this answer):', ...chosen.map((s) => `> "${s.sentence}" ${s.citation}`)].join('\n');
}

/**
 * The model's answer: the passages, each labelled with its citation, and the recent turns of
 * the conversation; told to answer only from the passages and cite them as [document name, p. N].
 * An answer that cites nothing gets the passages' citations appended, so every answer cites its pages.
 */
export async function modelAnswer(settings: AiSettings & { chatModel: string }, question: string, passages: Passage[], recent: ChatTurn[], notes: string[]): Promise<string> {
  const context = passages.map((p) => `${cite(p.documentName, p.pageNumber)}\n${p.content}`).join('\n\n');
  const system = [
    'You answer questions about engineering documents using only the passages given below.',
    'After each statement, cite the passage it comes from exactly as written in its label, like [Calculation package, p. 7].',
    'If the passages do not answer the question, say so plainly; do not guess.',
    ...notes,
    '',
    'Passages:',
    context || '(none were found)',
  ].join('\n');
  const answer = await completeChat(settings, [{ role: 'system', content: system }, ...recent, { role: 'user', content: question }]);
  if (passages.length > 0 && !/\[[^\]]+, p\. \d+\]/.test(answer)) {
    return `${answer}\n\nSources: ${[...new Set(passages.slice(0, 3).map((p) => cite(p.documentName, p.pageNumber)))].join(' ')}`;
  }
  return answer;
}
