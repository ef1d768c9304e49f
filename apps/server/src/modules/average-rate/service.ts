import type { Locale, Localized } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { AverageRate, AverageRates } from '@marco/contract/reviews';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/*
 * Average hourly rates (issue 6, `/average-rate`): from the real rates of approved, active
 * guides. Each guide's rate is turned into US dollars through the rates table (exact
 * numeric arithmetic in SQL), aggregated, and only the results are converted into the
 * asked currency and rounded to a whole minor unit.
 */

type Aggregate = { guides: number; average_usd: string; min_usd: string; max_usd: string };

/** Public guides with a rate, each with its rate in US dollar minor units (numeric, unrounded). */
const PRICED = sql`
  priced as (
    select g.id, g.city_id, g.hourly_rate_minor::numeric / r.units_per_usd as usd
      from guides g
      join currencies c on c.code = g.currency
      join currency_rates r on r.currency_id = c.id
     where g.status = 'approved' and g.is_active and g.hourly_rate_minor is not null
  )`;

const AGGREGATES = sql`count(*)::int as guides, avg(p.usd)::text as average_usd,
  min(p.usd)::text as min_usd, max(p.usd)::text as max_usd`;

export async function getAverageRates(db: Db, currency: CurrencyCode, locale: Locale): Promise<AverageRates> {
  const [target, overall, byCity, byLanguage] = await Promise.all([
    db.execute<{ units_per_usd: string }>(sql`
      select r.units_per_usd::text as units_per_usd
        from currencies c join currency_rates r on r.currency_id = c.id
       where c.code = ${currency}`),
    db.execute<Aggregate>(sql`with ${PRICED} select ${AGGREGATES} from priced p`),
    db.execute<
      Aggregate & {
        city_id: string;
        city_key: string;
        city_names: Localized;
        country_id: string | null;
        country_code: string | null;
        country_names: Localized | null;
      }
    >(sql`
      with ${PRICED}
      select ci.id as city_id, ci.key as city_key, ci.names as city_names,
             co.id as country_id, co.code as country_code, co.names as country_names, ${AGGREGATES}
        from priced p
        join cities ci on ci.id = p.city_id
        left join countries co on co.id = ci.country_id
       group by ci.id, co.id`),
    db.execute<Aggregate & { language_id: string; code: string; names: Localized }>(sql`
      with ${PRICED}
      select l.id as language_id, l.code, l.names, ${AGGREGATES}
        from priced p
        join guide_languages gl on gl.guide_id = p.id
        join languages l on l.id = gl.language_id
       group by l.id`),
  ]);
  const unitsPerUsd = Number(target.rows[0]?.units_per_usd);
  if (!unitsPerUsd) throw new Error(`no exchange rate for ${currency}`);
  const inTarget = (usd: string) => Math.round(Number(usd) * unitsPerUsd);
  const rate = (row: Aggregate): AverageRate => ({
    averageHourlyMinor: inTarget(row.average_usd),
    minHourlyMinor: inTarget(row.min_usd),
    maxHourlyMinor: inTarget(row.max_usd),
    guideCount: row.guides,
  });
  const mostGuidesFirst = <T extends { guideCount: number; name: string }>(items: T[]) =>
    items.sort((a, b) => b.guideCount - a.guideCount || a.name.localeCompare(b.name, locale));
  const total = overall.rows[0];
  return {
    currency,
    overall: total && total.guides > 0 ? rate(total) : null,
    byCity: mostGuidesFirst(
      byCity.rows.map((row) => ({
        name: row.city_names[locale],
        ...rate(row),
        city: { id: row.city_id, code: row.city_key, name: row.city_names[locale] },
        country:
          row.country_id && row.country_code && row.country_names
            ? { id: row.country_id, code: row.country_code, name: row.country_names[locale] }
            : null,
      })),
    ).map(({ name: _name, ...item }) => item),
    byLanguage: mostGuidesFirst(
      byLanguage.rows.map((row) => ({
        name: row.names[locale],
        ...rate(row),
        language: { id: row.language_id, code: row.code, name: row.names[locale] },
      })),
    ).map(({ name: _name, ...item }) => item),
  };
}
