import type { LevelComparison as LevelComparisonShape, StatsOverTime as StatsOverTimeShape } from '../../../domain/api/stats-compare';
import { OVER_TIME_GRAINS } from '../../../domain/stats-grains';
import { integer, list, nullable, oneOf, record, replyParser, text } from '../../lib/reply-checks';

/** The over-time and level-comparison replies (domain/api/stats-compare.ts), read without zod like the other statistics replies. */
const range = record({ from: text, to: text });
const collected = { amount: integer, count: integer };
const institutionRef = record({ id: integer, title: text });
const level = record({ id: integer, code: text, nameEn: text, nameSw: text });

export const StatsOverTime = replyParser<StatsOverTimeShape>(
  record({
    grain: oneOf(OVER_TIME_GRAINS),
    currency: text,
    institution: nullable(institutionRef),
    current: range,
    previous: range,
    buckets: list(
      record({ index: integer, current: range, previous: range, currentAmount: integer, currentCount: integer, previousAmount: integer, previousCount: integer }),
    ),
  }),
);

export const LevelComparison = replyParser<LevelComparisonShape>(
  record({
    institution: institutionRef,
    from: text,
    to: text,
    currency: text,
    levels: list(level),
    level: nullable(level),
    institutions: integer,
    rows: list(record({ id: integer, title: text, ...collected })),
    rest: nullable(record({ institutions: integer, ...collected })),
    above: record(collected),
    total: record(collected),
  }),
);
