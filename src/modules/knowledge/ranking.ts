import type { PassageRow } from './search.repo.js';

// The usual RRF constant: it damps the weight of the very top ranks so that one list cannot
// dominate the fused order on its own.
const RRF_K = 60;

/**
 * Reciprocal rank fusion of several rankings of the same passages (full-text and vector).
 * Ranks, not raw scores, are combined, because a text rank and a cosine similarity are not on
 * one scale. The fused score is scaled so that 1 means "first in every list".
 */
export function fuseRankings(rankings: PassageRow[][], limit: number): PassageRow[] {
  const fused = new Map<number, { row: PassageRow; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((row, index) => {
      const entry = fused.get(row.chunk_id) ?? { row, score: 0 };
      entry.score += 1 / (RRF_K + index + 1);
      fused.set(row.chunk_id, entry);
    });
  }
  const best = rankings.length / (RRF_K + 1);
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.row.chunk_id - b.row.chunk_id)
    .slice(0, limit)
    .map(({ row, score }) => ({ ...row, score: Math.round((score / best) * 1e6) / 1e6 }));
}
