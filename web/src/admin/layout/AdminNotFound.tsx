import { Link } from '@tanstack/react-router';
import { InboxIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/StatePanel';
import { useAdminText } from '../i18n';
import { useAdminTitle } from './useAdminTitle';

/** An /admin path that names no screen, shown inside the chrome. */
export function AdminNotFound() {
  const t = useAdminText();
  useAdminTitle(t('admin.notFound.title'));
  return (
    <div className="admin-page">
      <StatePanel
        icon={<InboxIcon size={28} />}
        title={t('admin.notFound.title')}
        text={t('admin.notFound.body')}
        headingLevel={1}
        testId="admin-not-found"
        actions={
          <Link to="/admin" className="btn btn-primary">
            {t('admin.notFound.back')}
          </Link>
        }
      />
    </div>
  );
}
