import type { HelpEvent } from '@conversa/contracts';
import { recordDecider, type CommandOf } from '../commands/record';

/** A help entry: title, description and video, kept by the super user for every company. */
export const help = recordDecider<HelpEvent>()({
  id: 'helpId',
  created: 'HelpCreated',
  changed: 'HelpChanged',
  deleted: 'HelpDeleted',
  create: 'CreateHelp',
  change: 'ChangeHelp',
  delete: 'DeleteHelp',
  notFound: ['ERR_NOT_FOUND', 'Help entry not found'],
  exists: 'Help entry already exists',
});

export type HelpCommand = CommandOf<typeof help>;
