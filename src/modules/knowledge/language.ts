import { franc } from 'franc-min';

/**
 * The PostgreSQL text search configurations we index with, by ISO 639-3 code. Each one stems
 * and drops stop words for its language (and both PGlite and PostgreSQL ship all of them), so
 * "refunds" finds "refund" in English and "Häuser" finds "Haus" in German.
 */
const TEXT_SEARCH_CONFIGS: Record<string, string> = {
  eng: 'english',
  deu: 'german',
  fra: 'french',
  spa: 'spanish',
  ita: 'italian',
  por: 'portuguese',
  nld: 'dutch',
  swe: 'swedish',
  dan: 'danish',
  nob: 'norwegian',
  fin: 'finnish',
  hun: 'hungarian',
  ron: 'romanian',
  rus: 'russian',
  tur: 'turkish',
  ell: 'greek',
  lit: 'lithuanian',
  ind: 'indonesian',
  cat: 'catalan',
  srp: 'serbian',
  arb: 'arabic',
  hin: 'hindi',
};

/** For text in no language we know: lower-cased words, no stemming, no stop words. */
export const FALLBACK_TEXT_SEARCH_CONFIG = 'simple';

const SAMPLE_CHARS = 20_000;
// Below this much text a trigram guess is too unreliable to stem with.
const MIN_DETECTABLE_CHARS = 40;

/** The text search configuration for a document, from a sample of its text. */
export function detectTextSearchConfig(text: string): string {
  const sample = text.slice(0, SAMPLE_CHARS);
  const code = franc(sample, { only: Object.keys(TEXT_SEARCH_CONFIGS), minLength: MIN_DETECTABLE_CHARS });
  return TEXT_SEARCH_CONFIGS[code] ?? FALLBACK_TEXT_SEARCH_CONFIG;
}
