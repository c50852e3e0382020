import { createFileRoute } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { InvalidCategory } from '../../components/catalogue/InvalidCategory';
import { usePageTitle } from '../../lib/usePageTitle';

// /category without a slug (SPEC §2: 'Invalid category ID').
export const Route = createFileRoute('/category/')({
  component: InvalidCategoryPage,
});

function InvalidCategoryPage() {
  usePageTitle(useIntl().formatMessage({ id: 'category.invalid' }));
  return <InvalidCategory />;
}
