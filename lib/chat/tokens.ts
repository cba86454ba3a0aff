/** Token counts of chat messages with a real tokenizer: OpenAI's cl100k_base (js-tiktoken, ranks loaded once). */
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';

let encoder: Tiktoken | undefined;

/** The number of cl100k_base tokens of `text`. */
export function countTokens(text: string): number {
  encoder ??= new Tiktoken(cl100kBase);
  return encoder.encode(text).length;
}
