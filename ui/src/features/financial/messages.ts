import type { Translations } from '../../i18n/area';

/** Texts of the financial area, in the four languages: pt-BR (the default, the spec wording) ships with the app, the others load when chosen. */
export const ptBR = {
  'overdue.title': 'Assinatura vencida',
  'overdue.message': 'A assinatura de {company} venceu em {date}.',
  'overdue.active': 'A assinatura de {company} está ativa até {date}.',
  'overdue.contact': 'Para regularizar, entre em contato com o Suporte ou com o administrador da sua empresa.',
  'overdue.home': 'Ir para o início',
} as const;

export const en = {
  'overdue.title': 'Subscription overdue',
  'overdue.message': 'The subscription of {company} expired on {date}.',
  'overdue.active': 'The subscription of {company} is active until {date}.',
  'overdue.contact': 'To settle it, contact Support or your company administrator.',
  'overdue.home': 'Go to home',
} satisfies Translations<typeof ptBR>;

export const es = {
  'overdue.title': 'Suscripción vencida',
  'overdue.message': 'La suscripción de {company} venció el {date}.',
  'overdue.active': 'La suscripción de {company} está activa hasta el {date}.',
  'overdue.contact': 'Para regularizarla, contacte con Soporte o con el administrador de su empresa.',
  'overdue.home': 'Ir al inicio',
} satisfies Translations<typeof ptBR>;

export const tr = {
  'overdue.title': 'Aboneliğin süresi doldu',
  'overdue.message': '{company} aboneliğinin süresi {date} tarihinde doldu.',
  'overdue.active': '{company} aboneliği {date} tarihine kadar aktif.',
  'overdue.contact': 'Düzeltmek için Destek ile veya şirketinizin yöneticisiyle iletişime geçin.',
  'overdue.home': 'Ana sayfaya git',
} satisfies Translations<typeof ptBR>;
