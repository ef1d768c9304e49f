import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { refreshSearchAvailability } from '../src/modules/search/availability-index.js';

/**
 * `guides` guides for the search benchmark, in bulk SQL: 95% public, spread over the 12
 * cities, rates in the three currencies, one or two languages, two service types, a weekly
 * plan, some special days and free dates; then the search availability index, filled the
 * way the server keeps it.
 */
export async function seedSearchBench(db: Db, guides: number): Promise<void> {
  const started = Date.now();
  await db.execute(sql`insert into users (user_name, name, surname, gender_id)
    select 'bench-' || n, 'Guide', 'N' || n,
           (select id from genders where key = case when n % 2 = 0 then 'female' else 'male' end)
      from generate_series(1, ${guides}) as n`);
  await db.execute(sql`
    with c as (select id, country_id, timezone, row_number() over (order by key) - 1 as i from cities),
         u as (select id, row_number() over (order by user_name) as n from users where user_name like 'bench-%')
    insert into guides (user_id, status, is_active, stage, city_id, country_id, timezone, hourly_rate_minor, currency,
                        rating, review_count, created_at)
    select u.id, case when u.n % 20 = 0 then 'submitted' else 'draft' end, u.n % 50 <> 0, 8,
           c.id, c.country_id, c.timezone,
           case u.n % 3 when 0 then 2000 + (u.n * 7919) % 10000 when 1 then 2000 + (u.n * 7919) % 9000
                        else 80000 + (u.n * 7919) % 400000 end,
           (array['USD', 'EUR', 'TRY'])[1 + u.n % 3],
           case when u.n % 4 = 0 then null else round(((u.n * 31) % 50) / 10.0, 1) end,
           case when u.n % 4 = 0 then 0 else (u.n * 13) % 300 end,
           now() - (u.n || ' minutes')::interval
      from u join c on c.i = u.n % 12`);
  await db.execute(sql`
    insert into guide_languages (guide_id, language_id, level_id, is_primary)
    select g.id, l.id, (select id from language_levels where key = 'native'), true
      from (select id, row_number() over (order by id) as n from guides) g
      join (select id, row_number() over (order by position) - 1 as i, count(*) over () as total from languages) l
        on l.i = g.n % l.total`);
  await db.execute(sql`
    insert into guide_languages (guide_id, language_id, level_id, is_primary)
    select g.id, (select id from languages where code = 'en'), (select id from language_levels where key = 'fluent'), false
      from guides g
     where not exists (select 1 from guide_languages gl join languages l on l.id = gl.language_id
                        where gl.guide_id = g.id and l.code = 'en')
       and g.id::text < '8'`);
  await db.execute(sql`
    insert into guide_service_kinds (guide_id, service_kind_id)
    select id, (select id from service_kinds where key = 'guidance') from guides`);
  await db.execute(sql`
    insert into guide_service_types (guide_id, service_kind_id, service_type_id)
    select g.id, (select id from service_kinds where key = 'guidance'), t.id
      from (select id, row_number() over (order by id) as n from guides) g
      join (select id, row_number() over (order by position) - 1 as i from service_types where set = 'primary') t
        on t.i in (g.n % 10, (g.n + 3) % 10)`);
  await db.execute(sql`
    insert into guide_work_plans (guide_id, plan_type, start_hour, end_hour, weekdays)
    select id, 'weekly', 9 + (abs(hashtext(id::text)) % 4), 17,
           case abs(hashtext(id::text)) % 3 when 0 then '{1,2,3,4,5}'::smallint[] when 1 then '{5,6,7}'::smallint[]
                                             else '{2,4}'::smallint[] end
      from guides`);
  // Every 7th guide also works one special day a week from now; every 5th has two free dates.
  await db.execute(sql`
    insert into guide_work_plans (guide_id, plan_type, start_hour, end_hour, date)
    select id, 'special', 10, 14, current_date + 7 + abs(hashtext(id::text)) % 30
      from guides where abs(hashtext(id::text)) % 7 = 0`);
  await db.execute(sql`
    insert into guide_free_dates (guide_id, date, start_hour, end_hour)
    select g.id, current_date + d, 18, 21
      from guides g cross join (values (3), (17)) as days(d)
     where abs(hashtext(g.id::text)) % 5 = 0`);
  // Approved last, once every row a guide's search row is built from is in: the read model
  // (search_guides) is then built once instead of once per table.
  await db.execute(sql`update guides set status = 'approved' where status = 'draft'`);
  const seeded = Date.now();
  console.log(`Seeded ${guides} guides in ${((seeded - started) / 1000).toFixed(1)} s`);
  const ids = (
    await db.execute<{ id: string }>(sql`select id from guides where status = 'approved' and is_active`)
  ).rows.map((row) => row.id);
  await refreshSearchAvailability(db, ids, new Date());
  console.log(
    `Availability index of ${ids.length} public guides computed in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  await db.execute(sql`vacuum analyze`);
}
