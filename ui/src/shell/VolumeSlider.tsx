import { HStack, Slider } from '@chakra-ui/react';
import { useT } from '../i18n';
import { VOLUME_STEP, writeVolume } from '../app/volume';

/** The notification volume slider of the top bar's volume popover. */
export default function VolumeSlider({ volume, onChange }: { volume: number; onChange: (volume: number) => void }) {
  const t = useT();
  return (
    <Slider.Root
      min={0}
      max={1}
      step={VOLUME_STEP}
      value={[volume]}
      onValueChange={(details) => {
        const next = details.value[0] ?? 0;
        onChange(next);
        writeVolume(next);
      }}
      data-testid="volume-slider"
    >
      <HStack justify="space-between">
        <Slider.Label>{t('shell.volume')}</Slider.Label>
        <Slider.ValueText />
      </HStack>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
    </Slider.Root>
  );
}
