import { Card, Heading, HStack, Progress, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { CampaignView, PauseReason } from '@conversa/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { RecordMissing } from '../../shared/RecordMissing';
import { useT, type MessageKey } from '../../i18n';
import { useCampaignQuery } from './api';
import { formatMoment } from './campaignForm';
import { StatusBadge } from './CampaignsPage';
import { useCampaignFrames } from './socket';

/** After a `campaign` frame says FINALIZADA, the report reads the campaign again after this long (spec 3 §4). */
const RELOAD_AFTER_FINISH_MS = 5_000;

function Figure({ label, value, testId }: { label: MessageKey; value: string | number; testId: string }) {
  const t = useT();
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {t(label)}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" data-testid={testId}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function pauseText(t: ReturnType<typeof useT>, pause: PauseReason): string {
  const key = pause.code === 'RATE_LIMITED' || pause.code === 'BLOCKED' ? (`campaignReport.pause.${pause.code}` as const) : 'campaignReport.pause.other';
  const detail = pause.code.startsWith('ERR_') ? t(`errors.${pause.code}` as MessageKey) : pause.detail;
  return t('campaignReport.paused', { reason: t(key, { detail }) });
}

/** /campaign/{id}/report: status with delivered of valid contacts, a live progress bar, the cards and the pause reason. */
export default function CampaignReportPage() {
  const id = Number(useParams().campaignId);
  const { data: campaign, isLoading, error, refetch } = useCampaignQuery(id, { skip: !Number.isInteger(id) });
  useCampaignFrames();
  const finished = campaign?.status === 'FINALIZADA';
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => void refetch(), RELOAD_AFTER_FINISH_MS);
    return () => clearTimeout(timer);
  }, [finished, refetch]);
  if (isLoading) return <Spinner />;
  if (!campaign)
    return (
      <RecordMissing error={error} back={{ to: '/campaigns', label: 'campaignReport.back' }} onRetry={() => void refetch()} testId="campaign-report-missing" />
    );
  return <Report campaign={campaign} />;
}

function Report({ campaign }: { campaign: CampaignView }) {
  const t = useT();
  const { counts } = campaign;
  const percent = counts.valid === 0 ? 0 : Math.round((100 * (counts.delivered + counts.failed)) / counts.valid);
  const none = t('campaigns.none');
  return (
    <Stack gap="5" maxW="6xl" mx="auto" w="full" data-testid="campaign-report">
      <Heading size="xl">{t('campaignReport.title', { name: campaign.name })}</Heading>
      <HStack gap="3">
        <StatusBadge campaign={campaign} />
        <Text data-testid="campaign-report-status" data-status={campaign.status}>
          {t('campaignReport.status', { status: t(`campaigns.status.${campaign.status}`), delivered: counts.delivered, valid: counts.valid })}
        </Text>
      </HStack>
      {campaign.pause && (
        <Text color="red.600" data-testid="campaign-report-pause">
          {pauseText(t, campaign.pause)}
        </Text>
      )}
      <Progress.Root value={percent} max={100} data-testid="campaign-report-progress" data-value={percent}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
        <Progress.ValueText>{`${percent}%`}</Progress.ValueText>
      </Progress.Root>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Figure label="campaignReport.valid" value={counts.valid} testId="campaign-report-valid" />
        <Figure label="campaignReport.confirmationRequested" value={counts.confirmationRequested} testId="campaign-report-requested" />
        <Figure label="campaignReport.confirmed" value={counts.confirmed} testId="campaign-report-confirmed" />
        <Figure label="campaignReport.delivered" value={counts.delivered} testId="campaign-report-delivered" />
        <Figure label="campaignReport.failed" value={counts.failed} testId="campaign-report-failed" />
        <Figure label="campaignReport.skipped" value={counts.skipped} testId="campaign-report-skipped" />
        <Figure label="campaignReport.connection" value={campaign.whatsapps.map((w) => w.name).join(', ') || none} testId="campaign-report-connection" />
        <Figure label="campaignReport.contactList" value={campaign.contactList?.name ?? none} testId="campaign-report-list" />
        <Figure label="campaignReport.schedule" value={campaign.scheduledAt ? formatMoment(campaign.scheduledAt) : none} testId="campaign-report-schedule" />
        <Figure label="campaignReport.completed" value={campaign.completedAt ? formatMoment(campaign.completedAt) : none} testId="campaign-report-completed" />
      </SimpleGrid>
    </Stack>
  );
}
