import { AlertIcon } from '../../../components/ui/icons';
import { StatePanel } from '../../../components/ui/StatePanel';
import { useAdminText } from '../../i18n';

/** A list that could not load: the screen's own text and Try Again. */
export function ListError({ text, onRetry, testId }: { text: string; onRetry: () => void; testId?: string }) {
  const t = useAdminText();
  return (
    <StatePanel
      icon={<AlertIcon size={28} />}
      tone="error"
      title={t('admin.error.title')}
      text={text}
      actions={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('admin.list.tryAgain')}
        </button>
      }
      testId={testId}
    />
  );
}
