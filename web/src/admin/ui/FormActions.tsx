import { Spinner } from '../../components/ui/Spinner';

/**
 * A form's Save (a spinner and its busy label while the write runs) and, when given, Cancel; both
 * off meanwhile. The delivery and refund forms of the order detail.
 */
export function FormActions(props: {
  busy: boolean;
  saveLabel: string;
  busyLabel: string;
  /** A write that cannot be undone (a refund) is red. */
  danger?: boolean;
  saveTestId: string;
  cancelLabel?: string;
  onCancel?: () => void;
}) {
  const { busy, onCancel } = props;
  return (
    <div className="admin-update-status-row">
      <button
        type="submit"
        className={`btn ${props.danger ? 'btn-danger' : 'btn-primary'}`}
        disabled={busy}
        data-testid={props.saveTestId}
      >
        {busy && <Spinner size="sm" />}
        {busy ? props.busyLabel : props.saveLabel}
      </button>
      {onCancel && (
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          {props.cancelLabel}
        </button>
      )}
    </div>
  );
}
