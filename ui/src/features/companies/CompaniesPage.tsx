import { Box } from '@chakra-ui/react';
import { CompaniesManager } from './CompaniesManager';

/** /companies (super only): the companies administration, also a tab of the super user's settings. */
export default function CompaniesPage() {
  return (
    <Box maxW="7xl" mx="auto" data-testid="companies-page">
      <CompaniesManager />
    </Box>
  );
}
