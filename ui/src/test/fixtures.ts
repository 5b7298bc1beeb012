import type { Plan, SessionResponse, SessionUser } from '@conversa/contracts';
import { defaultCompanySettings } from '@conversa/contracts';

export const plan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 1,
  name: 'Plano Ouro',
  users: 10,
  connections: 3,
  queues: 5,
  amount: '199.90',
  isPublic: true,
  useWhatsapp: true,
  useFacebook: false,
  useInstagram: false,
  useCampaigns: false,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
  ...overrides,
});

const { asaas: _secret, ...companieSettings } = defaultCompanySettings;

export const isoDaysFromToday = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

export const user = (overrides: Partial<SessionUser> = {}, company: Partial<SessionUser['company']> = {}): SessionUser => ({
  id: 7,
  companyId: 2,
  name: 'Ana Souza',
  email: 'ana@acme.test',
  profile: 'admin',
  super: false,
  language: 'pt-BR',
  profileImage: null,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultMenu: 'open',
  defaultTheme: 'light',
  whatsappId: null,
  queues: [{ id: 1, name: 'Vendas', color: '#2563eb' }],
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
  online: true,
  company: { id: 2, name: 'Acme', dueDate: isoDaysFromToday(30), plan: plan(), companieSettings, ...company },
  ...overrides,
});

export const session = (userOverrides: Partial<SessionUser> = {}, token = 'access-1'): SessionResponse => ({
  token,
  publicToken: 'public-1',
  user: user(userOverrides),
});
