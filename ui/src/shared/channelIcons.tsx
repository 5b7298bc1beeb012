import type { Channel } from '@conversa/contracts';
import type { IconType } from 'react-icons';
import { FaFacebook, FaInstagram, FaWhatsapp } from 'react-icons/fa';
import { LuFlaskConical } from 'react-icons/lu';

/** Each channel's icon, wherever a ticket says where it runs (ticket rows, the tickets report). */
export const CHANNEL_ICONS: Record<Channel, IconType> = {
  whatsapp: FaWhatsapp,
  whatsapp_cloud: FaWhatsapp,
  facebook: FaFacebook,
  instagram: FaInstagram,
  sandbox: LuFlaskConical,
};

/** Each channel's colour token. */
export const CHANNEL_COLORS: Record<Channel, string> = {
  whatsapp: 'green.500',
  whatsapp_cloud: 'green.500',
  facebook: 'blue.500',
  instagram: 'pink.500',
  sandbox: 'purple.500',
};
