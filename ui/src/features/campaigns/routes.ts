import { lazy } from '../../i18n/lazy';
import { LuMegaphone, LuSlidersHorizontal } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * Campaigns, their report and settings: the administration section (the role table's campaigns and campaignSettings
 * rows), the plan's useCampaigns, and only while the browser holds the `cshow` flag (spec 1 §2).
 */
export const campaignRoutes: AppRoute[] = [
  {
    id: 'campaigns',
    path: '/campaigns',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./CampaignsPage')),
    guard: { area: 'campaigns', planFlag: 'useCampaigns', storageFlag: 'cshow' },
    menu: { labelKey: 'menu.campaigns', icon: LuMegaphone, group: 'admin', order: 110 },
  },
  {
    id: 'campaignReport',
    path: '/campaign/:campaignId/report',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./CampaignReportPage')),
    guard: { area: 'campaigns', planFlag: 'useCampaigns', storageFlag: 'cshow' },
  },
  {
    id: 'campaignsConfig',
    path: '/campaigns-config',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./CampaignSettingsPage')),
    guard: { area: 'campaignSettings', planFlag: 'useCampaigns', storageFlag: 'cshow' },
    menu: { labelKey: 'menu.campaignsConfig', icon: LuSlidersHorizontal, group: 'admin', order: 114 },
  },
];
