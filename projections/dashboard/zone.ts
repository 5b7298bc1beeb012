/** The product's default zone (the routing bot's DEFAULT_TIME_ZONE). */
export const DEFAULT_DASHBOARD_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The zone a dashboard day is read in: COMPANY_TIME_ZONE, the zone the routing bot reads opening
 * hours in (one for the process). Changing it needs `conversa rebuild dashboard`, since the stored
 * days were cut in the old zone.
 */
export function dashboardTimeZone(): string {
  return process.env.COMPANY_TIME_ZONE || DEFAULT_DASHBOARD_TIME_ZONE;
}
