import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuCompass } from 'react-icons/lu';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n';

export function NotFoundPage() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <EmptyState.Root size="lg" data-testid="not-found">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuCompass />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{t('notFound.title')}</EmptyState.Title>
          <EmptyState.Description>{t('notFound.message', { path: pathname })}</EmptyState.Description>
        </VStack>
        <Button asChild>
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
