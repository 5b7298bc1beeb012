import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDatabase } from '../database';
import { readDatabase } from '../testing';
import { tagsProjector } from '../tags/projector';
import { contactsProjector } from './projector';
import { contactsAfter, listContacts } from './queries';
import type { SearchTuning } from './search';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;

const COMPANY = 2;
const OTHER = 3;
const people: [number, number, string, string, boolean?][] = [
  [1, COMPANY, 'Ana Silva', 'ana@exemplo.com.br'],
  [2, COMPANY, 'Bruno Silveira', 'bruno.s@exemplo.com.br'],
  [3, COMPANY, 'Vera Silva Costa', ''],
  [4, COMPANY, 'Carla Souza', 'carla@outra.com'],
  [5, COMPANY, 'JOÃO DA SILVA', 'joao@exemplo.com.br'],
  [6, COMPANY, 'Mariana Anastácia', 'mari@exemplo.com.br'],
  [7, COMPANY, '5511987654321', ''],
  [8, COMPANY, 'Ana Silva Apagada', '', true],
  [9, COMPANY, 'Fábio Lima', 'fabio.lima@exemplo.com.br'],
  [10, OTHER, 'Ana Silva de Outra Empresa', 'ana@exemplo.com.br'],
  [11, OTHER, 'Silvana Outra', ''],
];

// The default tuning takes the candidates; the small ones force the second read of candidates, the walk,
// the bounded walk's miss and the unbounded walk, so every path of the search answers the same pages.
const tunings: [string, SearchTuning | undefined][] = [
  ['candidates', undefined],
  ['a few thousand candidates', { candidateCap: 0, fewCandidates: Infinity, walkRows: 0, wideCandidateCap: 100 }],
  ['walk', { candidateCap: 0, fewCandidates: 0, walkRows: 100, wideCandidateCap: 0 }],
  ['walk past its bound, then candidates', { candidateCap: 0, fewCandidates: 0, walkRows: 1, wideCandidateCap: 100 }],
  ['walk past its bound, then the whole walk', { candidateCap: 0, fewCandidates: 0, walkRows: 0, wideCandidateCap: 0 }],
];

const names = async (
  searchParam: string,
  tuning?: SearchTuning,
  extra: { searchNumbers?: boolean; pageSize?: number; pageNumber?: number; channel?: 'whatsapp' | 'instagram' } = {},
) => {
  const page = await listContacts(db, COMPANY, { searchParam, searchNumbers: true, ...extra }, tuning);
  return page.contacts.map((contact) => contact.name);
};

beforeAll(async () => {
  ({ db, close } = await readDatabase<ReadDatabase>('contacts_search', [tagsProjector, contactsProjector]));
  await db
    .insertInto('read.contacts')
    .values(
      people.map(([id, companyId, name, email, deleted]) => ({
        id,
        company_id: companyId,
        name,
        number: /^\d+$/.test(name) ? name : `55119${String(id).padStart(8, '0')}`,
        email,
        active: true,
        disable_bot: false,
        accept_audio_message: true,
        channel: 'whatsapp' as const,
        is_group: false,
        created_at: new Date(),
        updated_at: new Date(),
        deleted: deleted ?? false,
      })),
    )
    .execute();
});

afterAll(async () => close());

describe.each(tunings)('contacts search by part of a name or e-mail (%s)', (_path, tuning) => {
  it('finds the middle of a word, in name order, case aside, and never another company or a deleted contact', async () => {
    expect(await names('ilv', tuning)).toEqual(['Ana Silva', 'Bruno Silveira', 'JOÃO DA SILVA', 'Vera Silva Costa']);
    expect(await names('SILVA', tuning)).toEqual(['Ana Silva', 'JOÃO DA SILVA', 'Vera Silva Costa']);
    expect(await names('nastá', tuning)).toEqual(['Mariana Anastácia']);
  });

  it('takes several words as one run of text: "ana sil" is Ana Silva, not Vera Silva', async () => {
    expect(await names('ana sil', tuning)).toEqual(['Ana Silva']);
    expect(await names('da silva', tuning)).toEqual(['JOÃO DA SILVA']);
    expect(await names('silva costa', tuning)).toEqual(['Vera Silva Costa']);
    expect(await names('silva ana', tuning)).toEqual([]);
  });

  it('finds short terms (too short for the trigram index) and part of an e-mail, its domain included', async () => {
    expect(await names('na', tuning)).toEqual(['Ana Silva', 'Mariana Anastácia']);
    expect(await names('a s', tuning)).toEqual(['Ana Silva', 'Carla Souza', 'JOÃO DA SILVA', 'Vera Silva Costa']);
    expect(await names('bruno.s@', tuning)).toEqual(['Bruno Silveira']);
    expect(await names('@outra.com', tuning)).toEqual(['Carla Souza']);
    expect(await names('lima@exemplo', tuning)).toEqual(['Fábio Lima']);
    // A space is in no e-mail; '%' and '_' are plain characters.
    expect(await names('ana@exemplo', tuning)).toEqual(['Ana Silva']);
    expect(await names('%', tuning)).toEqual([]);
    expect(await names('_', tuning)).toEqual([]);
  });

  it('pages through the matches', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((pageNumber) => listContacts(db, COMPANY, { searchParam: 'a', pageSize: 2, pageNumber, searchNumbers: true }, tuning)),
    );
    expect(pages.map((page) => [page.contacts.map((contact) => contact.name), page.hasMore])).toEqual([
      [['Ana Silva', 'Bruno Silveira'], true],
      [['Carla Souza', 'Fábio Lima'], true],
      [['JOÃO DA SILVA', 'Mariana Anastácia'], true],
    ]);
    const last = await listContacts(db, COMPANY, { searchParam: 'a', pageSize: 2, pageNumber: 4, searchNumbers: true }, tuning);
    expect([last.contacts.map((contact) => contact.name), last.hasMore]).toEqual([['Vera Silva Costa'], false]);
    expect((await listContacts(db, COMPANY, { searchParam: 'a', pageSize: 2, pageNumber: 9, searchNumbers: true }, tuning)).contacts).toEqual([]);
  });

  it('keeps to the chosen channel', async () => {
    expect(await names('silva', tuning, { channel: 'whatsapp' })).toEqual(['Ana Silva', 'JOÃO DA SILVA', 'Vera Silva Costa']);
    expect(await names('silva', tuning, { channel: 'instagram' })).toEqual([]);
  });

  it('does not let a viewer shown numbers masked find a contact named by its number', async () => {
    expect(await names('98765', tuning, { searchNumbers: false })).toEqual([]);
    expect(await names('98765', tuning)).toEqual(['5511987654321']);
  });
});

describe('the export reads the same matches by id', () => {
  it('part of a name or of an e-mail, this company only', async () => {
    const found = await contactsAfter(db, COMPANY, 0, 100, { searchParam: 'silva' });
    expect(found.map((contact) => contact.id)).toEqual([1, 3, 5]);
    expect((await contactsAfter(db, COMPANY, 0, 100, { searchParam: '@outra.com' })).map((contact) => contact.id)).toEqual([4]);
  });
});
