import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { ContactsTable } from './tables';
import { escapeLike } from '../reads';

/**
 * The contacts list searched by part of a name or of an e-mail, a page in name order, at a million
 * contacts. The trigram index finds few candidates for a selective term, the name-ordered covering
 * index finds the first matches soon for a common one; neither is good at both, and the planner
 * cannot tell them apart (pg_trgm gives every `like` the same estimate). So the candidates are
 * counted up to a cap first; past it their number is estimated, a few thousand are read and sorted,
 * and a term many names hold walks the name order instead. docs/contacts.md.
 */

/** A name that is only a phone number (a contact the channel gave no name): it tells the number. */
export const NUMBER_LIKE_NAME = '^[0-9 ()+.*-]+$';

export interface SearchTuning {
  /** Candidates from the trigram indexes up to which they are read and sorted; past it the term is common. */
  candidateCap: number;
  /** Candidates (estimated) up to which a common term has them all read and sorted rather than walking the name order. */
  fewCandidates: number;
  /** Contacts in name order a common term's walk reads at most before it counts the candidates again. */
  walkRows: number;
  /** Candidates up to which a term common but late in the name order has them read and sorted; past it, the walk goes on. */
  wideCandidateCap: number;
}

export const SEARCH_TUNING: SearchTuning = { candidateCap: 1000, fewCandidates: 5000, walkRows: 50_000, wideCandidateCap: 20_000 };

export interface TextSearch {
  /** Lower case, trimmed, not empty. */
  term: string;
  /** Also part of the e-mail (false for a term written like a number or holding a space: no e-mail has it). */
  emails: boolean;
  /** Leave out contacts named by their number (a viewer shown numbers masked must not probe digits through names). */
  skipNumberNames: boolean;
}

type Filters = { channel?: string; isGroup?: boolean };
type Row = Selectable<ContactsTable>;
type Eb = ExpressionBuilder<ReadDatabase, 'read.contacts'>;

/**
 * The term's words pg_trgm can look up (3 characters or more), for the trigram indexes. The whole term
 * as one `like` would also bring the trigrams of its word edges (' 10', 'a  '), which nearly every name
 * holds: reading their posting lists made a search of 'silva 105000' read 826 index pages, its words 141.
 */
const indexedWords = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => [...word].length >= 3);

/**
 * Every contact containing the term holds each of its words, so they only narrow the candidates; the
 * exact test is `strpos` (a substring, no pattern), which the trigram index does not take over.
 */
function contains(eb: Eb, search: TextSearch, indexed: boolean, nameKey = sql`lower(name)`) {
  const { term } = search;
  const nameWords = indexed ? indexedWords(term) : [];
  const byName = eb.and([
    ...nameWords.map((word) => eb(nameKey, 'like', `%${escapeLike(word)}%`)),
    eb(sql`strpos(${nameKey}, ${term})`, '>', 0),
    ...(search.skipNumberNames ? [eb('name', '!~', NUMBER_LIKE_NAME)] : []),
  ]);
  if (!search.emails) return byName;
  // An e-mail's domain is shared by many contacts (gmail.com, a client's own): its local part tells them apart.
  const local = term.includes('@') ? indexedWords(term.slice(0, term.indexOf('@'))) : [];
  const emailWords = indexed ? (local.length > 0 ? local : indexedWords(term)) : [];
  const byEmail = eb.and([...emailWords.map((word) => eb('email', 'like', `%${escapeLike(word)}%`)), eb(sql`strpos(email, ${term})`, '>', 0)]);
  return eb.or([byName, byEmail]);
}

/** The condition for the export and other id-ordered reads: the same match, through the trigram indexes. */
export const containsText = (eb: Eb, search: TextSearch) => contains(eb, search, true);

/** True when the trigram indexes can narrow the term (some word of 3 characters or more). */
const narrowable = (search: TextSearch) => indexedWords(search.term).length > 0;

export async function searchContacts(
  db: Kysely<ReadDatabase>,
  companyId: number,
  search: TextSearch,
  filters: Filters,
  page: { offset: number; limit: number },
  tuning: SearchTuning = SEARCH_TUNING,
): Promise<Row[]> {
  const scope = (eb: Eb) =>
    eb.and([
      eb('company_id', '=', companyId),
      eb('deleted', '=', false),
      ...(filters.channel !== undefined ? [eb('channel', '=', filters.channel as Row['channel'])] : []),
      ...(filters.isGroup !== undefined ? [eb('is_group', '=', filters.isGroup)] : []),
    ]);
  /**
   * Every candidate through the trigram indexes sorted, if there are at most `cap`. When there are more,
   * how many there are, guessed from how far into the table the first cap + 1 were found (the bitmap scan
   * reads the table in page order, and a company's matches are spread over it as they were written).
   */
  const sortedCandidates = async (cap: number): Promise<{ rows: Row[] } | { estimate: number }> => {
    const candidates = db
      .selectFrom('read.contacts')
      .selectAll()
      .select(sql<string>`ctid`.as('tid'))
      .where((eb) => eb.and([scope(eb), contains(eb, search, true)]))
      .limit(cap + 1);
    const rows = await db
      .selectFrom(candidates.as('c'))
      .selectAll()
      .select([
        sql<string>`count(*) over ()`.as('candidates'),
        sql<string>`(max(tid) over ())::text`.as('last_tid'),
        sql<number>`(select relpages from pg_class where oid = 'read.contacts'::regclass)`.as('table_pages'),
      ])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    // No row: no candidate at all, or (past the first page) an offset past them; the walk tells.
    if (rows.length === 0) return page.offset === 0 ? { rows } : { estimate: Infinity };
    const [first] = rows as [(typeof rows)[number]];
    if (Number(first.candidates) <= cap) return { rows };
    const lastPage = Number(/^\((\d+),/.exec(first.last_tid)?.[1] ?? Number.NaN);
    const estimate = first.table_pages > 0 && lastPage >= 0 ? ((cap + 1) * first.table_pages) / (lastPage + 1) : Infinity;
    return { estimate };
  };
  /**
   * The page from the name order (an index-only scan of contacts_company_name_covering, which holds every
   * column the match reads), reading at most `bound` contacts; undefined when they did not hold the page.
   * The walk hands its sort key up, so the page keeps the index's order without sorting what it read.
   */
  const walk = async (bound?: number) => {
    const ordered = db
      .selectFrom('read.contacts')
      .select(['id', 'name', 'email', sql<string>`lower(name)`.as('name_key')])
      .where(scope)
      .orderBy(sql`lower(name)`)
      .orderBy('id');
    const matches = db
      .selectFrom((bound === undefined ? ordered : ordered.limit(bound)).as('w'))
      .select('w.id')
      .where((eb) => contains(eb as unknown as Eb, search, false, sql`w.name_key`))
      .orderBy('w.name_key')
      .orderBy('w.id')
      .limit(page.limit)
      .offset(page.offset);
    const rows = await db
      .selectFrom(matches.as('m'))
      .innerJoin('read.contacts as c', 'c.id', 'm.id')
      .selectAll('c')
      .orderBy(sql`lower(c.name)`)
      .orderBy('c.id')
      .execute();
    return rows.length === page.limit || bound === undefined ? rows : undefined;
  };
  // A term too short for the trigram indexes walks the whole order: there is nothing else to read.
  if (!narrowable(search)) return (await walk())!;
  // A rare term: its few candidates, sorted (one query).
  const probe = await sortedCandidates(tuning.candidateCap);
  if ('rows' in probe) return probe.rows;
  // Some thousands: read and sort them all. Such a term (a first name and part of a last name) tends to
  // gather at one place in the name order, anywhere in it, so walking the order to it would cost more.
  if (probe.estimate <= tuning.fewCandidates) {
    const all = await sortedCandidates(tuning.wideCandidateCap);
    if ('rows' in all) return all.rows;
  }
  // A common term (a word many names hold): its first matches come soon in name order. One common but late
  // in the order: its candidates if they are not too many, else the rest of the walk.
  const walked = await walk(tuning.walkRows);
  if (walked) return walked;
  const all = await sortedCandidates(tuning.wideCandidateCap);
  return 'rows' in all ? all.rows : (await walk())!;
}
