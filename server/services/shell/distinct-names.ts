import { type SQL, sql } from 'drizzle-orm';

/**
 * `with recursive names(name) as (…)`: the distinct values of `name` among the rows of `from` where
 * `where` holds, by a loose index scan of a text_pattern_ops index on `name` (`~>~` and `using ~<~`
 * are that index's order, so each next name is one descent). The last row of `names` is null; the
 * caller filters it out. Both advanced searches walk a prefix's names this way (ADR 068, ADR 073): a
 * whole first name is a few dozen distinct names however many rows bear it.
 */
export function distinctNames(from: SQL, where: SQL, name: SQL): SQL {
  const next = (after: SQL) => sql`select ${name} as name from ${from} where ${where}${after} order by ${name} using ~<~ limit 1`;
  return sql`with recursive names(name) as (
      (${next(sql``)})
      union all
      select (${next(sql` and ${name} ~>~ names.name`)}) from names where names.name is not null)`;
}
