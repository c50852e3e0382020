import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { StatePanel } from '../ui/StatePanel';
import { AlertIcon, ArrowBackIcon } from '../ui/icons';

/** SPEC §8: the category page without a category id. */
export function InvalidCategory() {
  return (
    <div className="container page-body">
      <StatePanel
        tone="error"
        headingLevel={1}
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
    </div>
  );
}
