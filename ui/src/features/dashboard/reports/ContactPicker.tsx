import { Box, Button, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchContactsQuery } from '../../contacts/api';
import { useT } from '../../../i18n';
import type { ReportFilterValues } from './reportFilters';
import { offersFreeText } from './reportFilters';

/** Contact search debounce (spec 3 §9: 500 ms). */
const DEBOUNCE_MS = 500;

/** The contact autocomplete: the company's contacts matching the typed text, and the text itself as a search. */
export function ContactPicker(props: { value: ReportFilterValues['contact']; onChange(value: ReportFilterValues['contact']): void }) {
  const t = useT();
  const [text, setText] = useState(props.value ? ('name' in props.value ? props.value.name : props.value.text) : '');
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = useSearchContactsQuery({ searchParam: searched }, { skip: !open || searched.length === 0 });
  const loading = isFetching || searched !== text.trim();
  const choose = (value: ReportFilterValues['contact'], label: string) => {
    props.onChange(value);
    setText(label);
    setOpen(false);
  };
  return (
    <Stack gap="1" position="relative" minW="56">
      <Text textStyle="sm">{t('reports.contact')}</Text>
      <Input
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (event.target.value === '') props.onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        data-testid="report-contact"
      />
      {open && text.trim() !== '' && (
        <Box
          position="absolute"
          top="100%"
          left="0"
          right="0"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          maxH="60"
          overflowY="auto"
        >
          {offersFreeText(text, loading) && (
            <Button
              variant="ghost"
              size="sm"
              w="full"
              justifyContent="start"
              onMouseDown={() => choose({ text: text.trim() }, text.trim())}
              data-testid="report-contact-text"
            >
              {t('reports.contactSearch', { text: text.trim() })}
            </Button>
          )}
          {(data?.contacts ?? []).slice(0, 20).map((contact) => (
            <Button
              key={contact.id}
              variant="ghost"
              size="sm"
              w="full"
              justifyContent="start"
              onMouseDown={() => choose({ id: contact.id, name: contact.name }, contact.name)}
              data-testid={`report-contact-option-${contact.id}`}
            >
              {contact.name}
            </Button>
          ))}
        </Box>
      )}
    </Stack>
  );
}
