import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/database.js';
import { closedDayRange } from '../../core/http/day-range.js';
import { csvExportStream } from './csv-export.js';
import { createDownloadLinks } from './download-links.js';
import { addCalls, addMessages, daysOf, emptyTally, usd, volumeOf, type Tally } from './usage-report.js';
import { createUsageRepo } from './usage.repo.js';
import { USAGE_MAX_DAYS, type ExportKind, type ExportQuery, type UsageQuery } from './usage.schemas.js';

export function createUsageService({ db, clock, secrets }: { db: Db; clock: Clock; secrets: SecretBox }) {
  const links = createDownloadLinks(secrets, clock);
  const rangeOf = (query: ExportQuery) => closedDayRange({ from: query.date_from, to: query.date_to, timezone: query.timezone });

  return {
    /** A CSV of the account's rows of a kind created in the range, streamed (see csvExportStream). */
    exportCsv(userId: number, kind: ExportKind, query: ExportQuery, onError: (error: Error) => void) {
      const range = rangeOf(query);
      return {
        stream: csvExportStream(db, kind, { userId, start: range.start, end: range.end }, onError),
        filename: `${kind}-${range.from}-to-${range.to}.csv`,
      };
    },

    /** A link to the same export that works without a token until it expires. */
    exportLink(userId: number, kind: ExportKind, query: ExportQuery) {
      rangeOf(query);
      return links.issue({ userId, kind, from: query.date_from, to: query.date_to, timezone: query.timezone });
    },

    /** The export a link names, for its account. */
    exportByLink(token: string, onError: (error: Error) => void) {
      const claims = links.open(token);
      const query = { date_from: claims.from, date_to: claims.to, timezone: claims.timezone };
      return this.exportCsv(claims.userId, claims.kind, query, onError);
    },

    /** Spend and volume per day and per assistant over whole days in a time zone. */
    async report(userId: number, query: UsageQuery) {
      const range = closedDayRange({ from: query.date_from, to: query.date_to, timezone: query.timezone }, { maxDays: USAGE_MAX_DAYS });
      const repo = createUsageRepo(db);
      const r = { userId, start: range.start, end: range.end, timezone: range.timezone };
      const [callGroups, messageGroups, spend, conversationCosts] = await Promise.all([
        repo.callGroups(r),
        repo.messageGroups(r),
        repo.spendByDay(r),
        repo.conversationCosts(r),
      ]);

      const days = new Map(daysOf(range).map((day) => [day, emptyTally()]));
      const assistants = new Map<number | null, Tally>();
      const assistantTally = (id: number | null) => {
        let tally = assistants.get(id);
        if (!tally) assistants.set(id, (tally = emptyTally()));
        return tally;
      };
      for (const group of callGroups) {
        if (group.day !== null) addCalls(days.get(group.day) ?? emptyTally(), group);
        else {
          const tally = assistantTally(group.assistant_id);
          addCalls(tally, group);
          tally.micros += group.cost_micros;
        }
      }
      for (const group of messageGroups) {
        if (group.day !== null) addMessages(days.get(group.day) ?? emptyTally(), group);
        else addMessages(assistantTally(group.assistant_id), group);
      }
      for (const row of spend) {
        const tally = days.get(row.day);
        if (tally) tally.micros += row.spend_micros;
      }
      for (const row of conversationCosts) assistantTally(row.assistant_id).micros += row.cost_micros;

      const ids = [...assistants.keys()].filter((id): id is number => id !== null);
      const names = new Map((await repo.assistantNames(userId, ids)).map((a) => [a.id, a.name]));
      const totals = emptyTally();
      for (const tally of days.values()) {
        totals.messages += tally.messages;
        totals.replies += tally.replies;
        totals.callSeconds += tally.callSeconds;
        totals.micros += tally.micros;
        totals.calls += tally.calls;
        for (const [status, n] of Object.entries(tally.callsByStatus))
          totals.callsByStatus[status] = (totals.callsByStatus[status] ?? 0) + n;
      }
      return {
        date_from: range.from,
        date_to: range.to,
        timezone: range.timezone,
        totals: { ...volumeOf(totals), spend: usd(totals.micros) },
        days: [...days].map(([date, tally]) => ({ date, ...volumeOf(tally), spend: usd(tally.micros) })),
        assistants: [...assistants]
          .map(([id, tally]) => ({
            assistant_id: id,
            name: id === null ? null : (names.get(id) ?? null),
            ...volumeOf(tally),
            cost: usd(tally.micros),
          }))
          .sort(
            (a, b) => b.cost - a.cost || b.calls + b.messages - (a.calls + a.messages) || (a.assistant_id ?? 0) - (b.assistant_id ?? 0),
          ),
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
