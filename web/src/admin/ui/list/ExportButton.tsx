import { useState } from 'react';
import { DownloadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast';
import { failureMessage } from '../../api/client';
import { useAdminText } from '../../i18n';
import { downloadAdminFile } from './download';

/** Downloads the CSV of what the list shows (its filters in `path`); busy while it streams. */
export function ExportButton({ path, fileName, testId }: { path: string; fileName: string; testId?: string }) {
  const t = useAdminText();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadAdminFile(path, fileName);
    } catch (error) {
      toast.error(failureMessage(error, t('admin.list.exportFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run()} data-testid={testId}>
      {busy ? <Spinner size="sm" /> : <DownloadIcon size={18} />}
      {t(busy ? 'admin.list.exporting' : 'admin.list.export')}
    </button>
  );
}
