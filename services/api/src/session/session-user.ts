import { DomainError, type SessionUser, type UserView } from '@conversa/contracts';
import { companySettingsOf, findCompany } from '@conversa/projections/companies/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { queuesOfUser } from '@conversa/projections/queues/queries';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';

/** The user as the browser keeps it after login. */
export async function sessionUserOf(db: Kysely<ReadDatabase>, user: UserView): Promise<SessionUser> {
  const company = await findCompany(db, user.companyId);
  const plan = company && (await findPlan(db, company.planId));
  if (!company || !plan) throw new DomainError('ERR_SESSION_EXPIRED');
  const { asaas: _secret, ...companieSettings } = await companySettingsOf(db, company.id);
  const queues = await queuesOfUser(db, user.companyId, user.queueIds);
  return {
    id: user.id,
    companyId: user.companyId,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    language: user.language,
    profileImage: user.profileImage,
    startWork: user.startWork,
    endWork: user.endWork,
    farewellMessage: user.farewellMessage,
    phone: user.phone,
    allTicket: user.allTicket,
    allowGroup: user.allowGroup,
    defaultMenu: user.defaultMenu,
    defaultTheme: user.defaultTheme,
    whatsappId: user.whatsappId,
    // The live queues the user attends (a deleted queue drops out), as the ticket screen filters by them.
    queues: queues.map(({ id, name, color }) => ({ id, name, color })),
    showDashboard: user.showDashboard,
    allowRealTime: user.allowRealTime,
    allowConnections: user.allowConnections,
    // As the users screen shows it: a browser of theirs pinging (a fresh login is online from its socket's first ping).
    online: user.online,
    company: { id: company.id, name: company.name, dueDate: company.dueDate, plan, companieSettings },
  };
}
