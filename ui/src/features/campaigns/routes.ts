import { lazy } from '../../i18n/lazy';
import { LuMegaphone, LuSlidersHorizontal } from 'react-icons/lu';
import { screen, type AppRoute, type RouteGuard } from '../../app/access';

const CampaignsPage = lazy(() => import('./CampaignsPage'));
const CampaignReportPage = lazy(() => import('./CampaignReportPage'));
const CampaignSettingsPage = lazy(() => import('./CampaignSettingsPage'));

// Every campaign screen's condition; each adds its row of the role table.
const shown: RouteGuard = { planFlag: 'useCampaigns', storageFlag: 'cshow' };

/**
 * Campaigns, their report and settings: the administration section (the role table's campaigns and campaignSettings
 * rows), the plan's useCampaigns, and only while the browser holds the `cshow` flag (spec 1 §2).
 */
export const campaignRoutes: AppRoute[] = [
  screen('campaigns', '/campaigns', CampaignsPage, { ...shown, area: 'campaigns' }, { icon: LuMegaphone, group: 'admin', order: 110 }),
  screen('campaignReport', '/campaign/:campaignId/report', CampaignReportPage, { ...shown, area: 'campaigns' }),
  screen(
    'campaignsConfig',
    '/campaigns-config',
    CampaignSettingsPage,
    { ...shown, area: 'campaignSettings' },
    { icon: LuSlidersHorizontal, group: 'admin', order: 114 },
  ),
];
