import { Box } from '@chakra-ui/react';
import { ResponsivePie } from '@nivo/pie';

/** The rating buckets as a pie (nivo, loaded with this module only). */
export default function RatingPie(props: { good: number; neutral: number; bad: number; labels: { good: string; neutral: string; bad: string } }) {
  const data = [
    { id: props.labels.good, value: props.good, color: '#38a169' },
    { id: props.labels.neutral, value: props.neutral, color: '#d69e2e' },
    { id: props.labels.bad, value: props.bad, color: '#e53e3e' },
  ].filter((slice) => slice.value > 0);
  return (
    <Box h="48" data-testid="dashboard-nps-pie">
      <ResponsivePie
        data={data}
        colors={{ datum: 'data.color' }}
        innerRadius={0.5}
        padAngle={1}
        margin={{ top: 10, right: 10, bottom: 10, left: 10 }}
        enableArcLinkLabels={false}
        animate={false}
      />
    </Box>
  );
}
