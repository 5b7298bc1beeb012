import type { HelpEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { help } from './help';

const details = { title: 'Como abrir um ticket', description: 'Passo a passo', video: 'dQw4w9WgXcQ' };
const created: HelpEvent = { type: 'HelpCreated', data: { helpId: 3, ...details } };
const deleted: HelpEvent = { type: 'HelpDeleted', data: { helpId: 3 } };

describe('help decider', () => {
  it('creates a help entry', () => {
    spec(help).given([]).when({ type: 'CreateHelp', helpId: 3, details }).then([created]);
  });

  it('refuses to create the same entry twice', () => {
    spec(help).given([created]).when({ type: 'CreateHelp', helpId: 3, details }).thenThrows('ERR_VALIDATION');
  });

  it('records only the fields that change', () => {
    spec(help)
      .given([created])
      .when({ type: 'ChangeHelp', changes: { title: 'Como abrir um ticket', video: 'https://youtu.be/aaaaaaaaaaa' } })
      .then([{ type: 'HelpChanged', data: { helpId: 3, changes: { video: 'https://youtu.be/aaaaaaaaaaa' } } }]);
    spec(help)
      .given([created])
      .when({ type: 'ChangeHelp', changes: { description: 'Passo a passo' } })
      .then([]);
  });

  it('folds changes into the entry', () => {
    spec(help)
      .given([created, { type: 'HelpChanged', data: { helpId: 3, changes: { title: 'Novo título' } } }])
      .when({ type: 'ChangeHelp', changes: { title: 'Novo título' } })
      .then([]);
  });

  it('deletes an entry, which then can be neither changed nor deleted again', () => {
    spec(help).given([created]).when({ type: 'DeleteHelp' }).then([deleted]);
    spec(help)
      .given([created, deleted])
      .when({ type: 'ChangeHelp', changes: { title: 'Outro' } })
      .thenThrows('ERR_NOT_FOUND');
    spec(help).given([created, deleted]).when({ type: 'DeleteHelp' }).thenThrows('ERR_NOT_FOUND');
    spec(help).given([created, deleted]).when({ type: 'CreateHelp', helpId: 3, details }).thenThrows('ERR_VALIDATION');
  });

  it('knows no entry that was never created', () => {
    spec(help)
      .given([])
      .when({ type: 'ChangeHelp', changes: { title: 'X' } })
      .thenThrows('ERR_NOT_FOUND');
    spec(help).given([]).when({ type: 'DeleteHelp' }).thenThrows('ERR_NOT_FOUND');
  });
});
