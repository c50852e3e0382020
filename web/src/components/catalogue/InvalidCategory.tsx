import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageState } from '../ui/StatePanel';
import { AlertIcon, ArrowBackIcon } from '../ui/icons';

/** 'Invalid category ID': the category page without a category id. */
export function InvalidCategory() {
  usePageTitle(useIntl().formatMessage({ id: 'category.invalid' }));
  return (
    <PageState
      tone="error"
      testId="category-invalid"
      icon={<AlertIcon size={28} />}
      title={<FormattedMessage id="category.invalid" />}
      text={<FormattedMessage id="category.invalidHint" />}
      actions={
        <Link to="/store" className="btn btn-primary">
          <ArrowBackIcon size={18} />
          <FormattedMessage id="category.backToStore" />
        </Link>
      }
    />
  );
}
