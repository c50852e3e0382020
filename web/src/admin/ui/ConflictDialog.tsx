import { useIntl } from 'react-intl';
import { useAdminDates } from './dates';
import { RefreshIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { closeConflict, useConflict } from './conflict';
import { Modal } from './Modal';

/** The shared answer to a stale write (api/versioned.ts): who changed the item, when, and Reload. */
export function ConflictDialog() {
  const conflict = useConflict();
  const t = useAdminText();
  const intl = useIntl();
  const dates = useAdminDates();
  const when = conflict ? dates.dateTime(conflict.changedAt) : '';
  return (
    <Modal
      open={conflict !== null}
      onClose={closeConflict}
      size="sm"
      title={t('admin.conflict.title')}
      testId="conflict-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={closeConflict}>
            {intl.formatMessage({ id: 'common.close' })}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              conflict?.reload();
              closeConflict();
            }}
          >
            <RefreshIcon size={18} />
            {t('admin.conflict.reload')}
          </button>
        </>
      }
    >
      <p>{conflict && t('admin.conflict.body', { who: conflict.changedBy, when })}</p>
    </Modal>
  );
}
